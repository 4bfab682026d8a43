#include "record.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include "engine/dates.h"
#include "engine/latin.h"
#include "engine/notation.h"
#include "engine/text.h"

namespace gobblet::saves {

namespace fs = std::filesystem;

namespace {

std::string seat_text(const SeatSpec& seat) {
    switch (seat.kind) {
        case SeatKind::Human: return "human";
        case SeatKind::Computer:
            return seat.level ? std::string("computer ") + level_name(*seat.level) : "computer";
        case SeatKind::Remote: return "remote";
    }
    return "human";
}

std::optional<SeatSpec> parse_seat_text(std::string_view text) {
    const std::string t = lower(trim(text));
    SeatSpec seat;
    if (t == "human") return seat;
    if (t == "remote") {
        seat.kind = SeatKind::Remote;
        return seat;
    }
    if (t == "computer" || t.rfind("computer ", 0) == 0) {
        seat.kind = SeatKind::Computer;
        if (t.size() > 9) {
            seat.level = parse_level(trim(std::string_view(t).substr(9)));
            if (!seat.level) return std::nullopt;
        }
        return seat;
    }
    return std::nullopt;
}

const char* side_word(Color c) { return c == Color::White ? "white" : "black"; }

std::optional<Color> parse_side(std::string_view w) {
    if (w == "white") return Color::White;
    if (w == "black") return Color::Black;
    return std::nullopt;
}

// The ending line of a round whose end the moves do not show.
std::string ending_line(const Game& g) {
    const Result& r = g.result();
    switch (r.ending) {
        case Ending::Resignation: return std::string("resignation ") + side_word(r.loser);
        case Ending::Agreement: return "agreement";
        case Ending::Time: return std::string("time ") + side_word(r.loser);
        case Ending::Abandoned:
            return std::string("abandoned ") + side_word(r.loser) +
                   (r.outcome == Outcome::Draw ? " draw" : "");
        case Ending::Forfeit: return "forfeit " + square_name(r.touched);
        default: return {};
    }
}

std::optional<Square> parse_square(std::string_view w, int size) {
    if (w.size() != 2) return std::nullopt;
    const int row = std::toupper(static_cast<unsigned char>(w[0])) - 'A', col = w[1] - '1';
    if (row < 0 || row >= size || col < 0 || col >= size) return std::nullopt;
    return make_square(row, col);
}

// Applies an ending line to a round's game, or says why it does not fit.
Expected<void> apply_ending(Game& g, std::string_view text) {
    const std::string t = lower(trim(text));
    const std::size_t space = t.find(' ');
    const std::string kind = t.substr(0, space);
    const std::string arg =
        space == std::string::npos ? "" : std::string(trim(std::string_view(t).substr(space)));
    if (g.over()) return Failure{"the moves already end the round"};
    if (kind == "agreement" && arg.empty()) {
        g.agree_draw();
        return {};
    }
    if (kind == "abandoned" && (arg.ends_with(" draw"))) {  // the player who stayed claimed a draw
        const auto side = parse_side(trim(std::string_view(arg).substr(0, arg.size() - 5)));
        if (!side) return Failure{"the ending names no side (white or black)"};
        g.abandon(*side, true);
        return {};
    }
    if (kind == "resignation" || kind == "time" || kind == "abandoned") {
        const auto side = parse_side(arg);
        if (!side) return Failure{"the ending names no side (white or black)"};
        if (kind == "resignation")
            g.resign(*side);
        else if (kind == "time")
            g.lose_on_time(*side);
        else
            g.abandon(*side);
        return {};
    }
    if (kind == "forfeit") {
        const auto sq = parse_square(arg, g.variant().size);
        if (!sq) return Failure{"a forfeit names the touched square"};
        (void)g.touch(*sq);  // a touch refused forfeits nothing either: said below
        if (!g.over() || g.result().ending != Ending::Forfeit) {
            return Failure{"the piece on " + square_name(*sq) + " can move, so touching it forfeits nothing"};
        }
        return {};
    }
    return Failure{"unknown ending (resignation, agreement, time, abandoned or forfeit)"};
}

// One round as read: where it starts, its starter and its lines.
struct RoundText {
    int line = 0;  // the "% round" line, 0 for a single game
    int number = 1;
    int white = 0;
    std::vector<int> move_lines;                // indexes into the file's lines
    std::vector<std::optional<Millis>> clocks;  // each move line's %clk reading
    std::string ending;
    int ending_line = 0;
    std::string touched;
    int touched_line = 0;
};

// A letter of another script, kept in UTF-8 (Linux file systems take any byte but '/' and NUL): Greek,
// Cyrillic and the scripts after them up to U+1FFF, the Japanese kana, CJK ideographs, Hangul.
bool other_script_letter(long c) {
    return (c >= 0x370 && c < 0x2000) || (c >= 0x3040 && c < 0xA000) || (c >= 0xAC00 && c < 0xD7B0);
}

}  // namespace

std::string slug(std::string_view name) {
    std::string out;
    const auto separate = [&out] {
        if (!out.empty() && out.back() != '-') out += '-';
    };
    for (std::size_t at = 0; at < name.size();) {
        const long c = next_code_point(name, at);
        if (c >= 0 && c < 0x80 && std::isalnum(static_cast<int>(c))) {
            out += char(std::tolower(static_cast<int>(c)));
        } else if (const std::string ascii = latin_ascii(c); !ascii.empty()) {
            out += lower(ascii);
        } else if (c >= 0x300 && c < 0x370) {
            continue;  // a combining accent: the letter before it stands for both
        } else if (other_script_letter(c)) {
            append_utf8(out, char32_t(c));
        } else {
            separate();
        }
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

namespace {

// The names a seat has when nobody named its player: a human's colour, the remote seat's.
bool nameless(std::string_view name) { return name == "White" || name == "Black" || name == "remote player"; }

}  // namespace

std::string saved_text(const Record& r) {
    Match m = r.match;  // with its clock as saved, so that the reserves written are the saved ones
    if (r.clock) m.clock().set_state(*r.clock, 0);
    return record_text(m, r.seats, r.clock ? &*r.clock : nullptr, r.date, r.match_id, r.event, nullptr,
                       ServerNotes{r.clocks.empty() ? nullptr : &r.clocks, r.rated});
}

bool unfinished(const Match& m) {
    return m.phase() != MatchPhase::Over && (m.rounds().size() > 1 || m.game().can_undo());
}

std::string clk_text(Millis ms) {
    ms = std::max<Millis>(0, ms);
    const long long s = ms / 1000;
    char buf[48];
    if (s < 10)
        std::snprintf(buf, sizeof buf, "0:00:%02lld.%lld", s, static_cast<long long>(ms % 1000 / 100));
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

std::optional<Millis> parse_clk(std::string_view t) {
    // H:MM:SS, with tenths after a point.
    const auto number = [](std::string_view d, long long max) -> std::optional<long long> {
        if (d.empty() || d.size() > 4) return std::nullopt;
        long long v = 0;
        for (char c : d) {
            if (c < '0' || c > '9') return std::nullopt;
            v = v * 10 + (c - '0');
        }
        if (v > max) return std::nullopt;
        return v;
    };
    const std::size_t a = t.find(':'), b = a == std::string_view::npos ? a : t.find(':', a + 1);
    if (b == std::string_view::npos || b - a != 3) return std::nullopt;
    const std::size_t dot = t.find('.', b);
    const auto h = number(t.substr(0, a), 99), m = number(t.substr(a + 1, 2), 59);
    const auto sec =
        number(t.substr(b + 1, dot == std::string_view::npos ? std::string_view::npos : dot - b - 1), 59);
    const auto tenths =
        dot == std::string_view::npos ? std::optional<long long>(0) : number(t.substr(dot + 1), 9);
    if (!h || !m || !sec || !tenths || (dot != std::string_view::npos && dot + 2 != t.size()) ||
        (dot == std::string_view::npos && b + 3 != t.size()))
        return std::nullopt;
    return Millis(((*h * 60 + *m) * 60 + *sec) * 1000 + *tenths * 100);
}

std::string record_text(const Match& m, const std::array<SeatSpec, 2>& seats, const GameClock::State* clock,
                        std::string_view date, std::string_view match_id, std::string_view event,
                        const NetworkPlace* network, const ServerNotes& notes) {
    const bool is_match = !m.single_game();
    std::string out = is_match ? "% gobblet match\n" : "% gobblet game\n";
    out += std::string("% rules: ") + rules_name(m.variant().rules) + "\n";
    out += "% size: " + std::to_string(m.variant().size) + "\n";
    if (!date.empty()) out += "% date: " + std::string(date) + "\n";
    out += "% white: " + m.name(0) + "\n% black: " + m.name(1) + "\n";
    out += "% seat white: " + seat_text(seats[0]) + "\n% seat black: " + seat_text(seats[1]) + "\n";
    if (!match_id.empty()) out += "% match id: " + std::string(match_id) + "\n";
    if (!event.empty()) out += "% event: " + std::string(event) + "\n";
    if (!notes.rated.empty()) out += "% rated: " + notes.rated + "\n";
    if (network) {
        out += std::string("% network: ") + (network->host ? "host " : "join ") + network->at + "\n";
        out += "% join code: " + network->code + "\n";
        const std::size_t skip =
            network->chat.size() > max_saved_chat ? network->chat.size() - max_saved_chat : 0;
        for (std::size_t i = skip; i < network->chat.size(); ++i)
            out += "% chat: " + clean_text(network->chat[i], max_saved_chat_line) + "\n";
    }
    if (is_match) out += "% first to: " + std::to_string(m.settings().first_to) + "\n";
    if (m.clock().enabled()) out += "% clock: " + clock_settings_text(m.clock().settings()) + "\n";
    if (is_match) out += "% score: " + m.score_text() + "\n";
    if (clock_kind(m.clock().settings().kind).reserve) {
        // The reserves by player (the clock keeps them by colour of the current round).
        const GameClock& c = m.clock();
        out += "% reserve: " + m.name(0) + " " + duration_text(c.reserve_left(m.colour_of(0))) + ", " +
               m.name(1) + " " + duration_text(c.reserve_left(m.colour_of(1))) + "\n";
    }
    for (std::size_t i = 0; i < m.rounds().size(); ++i) {
        const Round& r = m.rounds()[i];
        if (is_match)
            out += "% round " + std::to_string(r.number) + ": " + m.name(r.white) + " (player " +
                   std::to_string(r.white + 1) + ") plays White\n";
        const std::vector<std::optional<Millis>>* readings =
            notes.clocks && i < notes.clocks->size() ? &(*notes.clocks)[i] : nullptr;
        Color mover = Color::White;
        for (std::size_t k = 0; k < r.game.moves().size(); ++k, mover = ~mover) {
            out += move_name(r.game.moves()[k], mover);
            if (readings && k < readings->size() && (*readings)[k])
                out += " %clk " + clk_text(*(*readings)[k]);
            out += '\n';
        }
        if (const std::string e = ending_line(r.game); !e.empty()) out += "% ending: " + e + "\n";
        if (r.game.over()) out += "% result: " + m.round_result_text(i) + "\n";
    }
    const Game& g = m.game();
    if (!g.over() && g.touched()) out += "% touched: " + square_name(*g.touched()) + "\n";
    if (clock && m.clock().enabled() && !g.over())
        out += "% clock state: " + GameClock::state_text(*clock) + "\n";
    if (is_match && m.phase() == MatchPhase::Over) out += "% match result: " + m.match_result_text() + "\n";
    return out;
}

std::optional<Expected<Record, TranscriptError>> read_autosave(const fs::path& path,
                                                               const VariantChoice& forced) {
    if (path.empty()) return std::nullopt;
    const Expected<std::string> text = read_file(path);
    if (!text) return std::nullopt;
    return read_record(*text, forced);
}

Expected<Record, TranscriptError> read_record(std::string_view text, const VariantChoice& forced) {
    const auto fail = [](int line, std::string written, std::string why) {
        return Failure{TranscriptError{TextError{line, std::move(written), std::move(why)}, std::nullopt}};
    };
    const std::vector<std::string_view> lines = split_lines(text);

    Header header;
    std::array<std::string, 2> names = {"White", "Black"};
    std::array<SeatSpec, 2> seats;
    MatchSettings settings;
    bool is_match = false;
    std::string score_line;
    int score_line_no = 0;
    std::vector<RoundText> rounds(1);
    bool explicit_rounds = false;
    std::optional<GameClock::State> clock_state;
    std::string match_id;
    std::string event;
    std::optional<NetworkPlace> network;
    int network_line = 0;
    std::string rated;

    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int no = int(i) + 1;
        const std::string_view t = trim(lines[i]);
        if (t.empty()) continue;
        if (t[0] != '%' && t[0] != '#') {
            rounds.back().move_lines.push_back(int(i));
            std::optional<Millis> clk;
            if (const std::size_t at = t.find("%clk "); at != std::string_view::npos)
                clk = parse_clk(trim(t.substr(at + 5)));
            rounds.back().clocks.push_back(clk);
            continue;
        }
        const std::string_view body = trim(t.substr(1));
        if (lower(body) == "gobblet match") {
            is_match = true;
            continue;
        }
        const std::size_t colon = body.find(':');
        if (colon == std::string_view::npos) continue;  // a comment
        const std::string key = lower(trim(body.substr(0, colon)));
        const std::string_view value = trim(body.substr(colon + 1));
        if (key == "rules") {
            header.rules = parse_rules(lower(value));
            if (!header.rules) return fail(no, std::string(value), "unknown rules: official or rogers");
        } else if (key == "size") {
            if (value == "4" || value == "4x4")
                header.size = 4;
            else if (value == "3" || value == "3x3")
                header.size = 3;
            else
                return fail(no, std::string(value), "the board size is 3 or 4");
        } else if (key == "date") {
            header.date = std::string(value);
        } else if (key == "white" || key == "black") {
            std::string name = clean_name(value);
            if (name.empty())
                return fail(no, std::string(value), "a player's name needs a visible character");
            names[key == "white" ? 0 : 1] = std::move(name);
        } else if (key == "seat white" || key == "seat black") {
            const auto seat = parse_seat_text(value);
            if (!seat)
                return fail(no, std::string(value), "a seat is human, computer, computer LEVEL or remote");
            seats[key == "seat white" ? 0 : 1] = *seat;
        } else if (key == "match id") {
            const bool ok =
                !value.empty() && value.size() <= 64 && std::all_of(value.begin(), value.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
                });
            if (!ok) return fail(no, "match id", "a match id is up to 64 letters, digits and dashes");
            match_id = std::string(value);
        } else if (key == "event") {
            const bool ok =
                !value.empty() && value.size() <= 64 && std::all_of(value.begin(), value.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
                });
            if (!ok) return fail(no, "event", "an event is up to 64 letters, digits, '-', '_' and '.'");
            event = std::string(value);
        } else if (key == "network") {
            // "host ADDRESS" or "join ADDRESS": the address is checked where it is used (net/socket.h).
            const std::string v(value);
            const bool host = v.rfind("host ", 0) == 0, join = v.rfind("join ", 0) == 0;
            const std::string at = host || join ? std::string(trim(std::string_view(v).substr(5))) : "";
            const bool ok = !at.empty() && at.size() <= 300 &&
                            std::all_of(at.begin(), at.end(), [](char c) { return c > ' ' && c < 127; });
            if (!ok) return fail(no, "network", "the network line is 'host ADDRESS' or 'join ADDRESS'");
            if (!network) network = NetworkPlace{};
            network_line = no;
            network->host = host;
            network->at = at;
        } else if (key == "join code") {
            const bool ok = value.size() >= 4 && value.size() <= 32 &&
                            std::all_of(value.begin(), value.end(),
                                        [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
            if (!ok) return fail(no, "join code", "a join code is 4 to 32 letters and digits");
            if (!network) network = NetworkPlace{};
            network_line = no;
            network->code = upper(value);
        } else if (key == "chat") {
            // A line of the chat log, cleaned as any text from outside; the newest max_saved_chat kept.
            if (!network) network = NetworkPlace{};
            network_line = no;
            if (std::string line = clean_text(value, max_saved_chat_line); !line.empty())
                network->chat.push_back(std::move(line));
            if (network->chat.size() > max_saved_chat) network->chat.erase(network->chat.begin());
        } else if (key == "rated") {
            rated = clean_text(value, 120);
        } else if (key == "first to") {
            const std::string v(value);
            char* end = nullptr;
            const long n = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end || n < 1 || n > max_first_to)
                return fail(no, v, "a match is played to 1-" + std::to_string(max_first_to) + " round wins");
            settings.first_to = int(n);
        } else if (key == "clock") {
            const auto c = parse_clock_settings(value);
            if (!c) return fail(no, std::string(value), c.why());
            settings.clock = *c;
        } else if (key == "score") {
            score_line = std::string(value);
            score_line_no = no;
        } else if (key == "round") {
            return fail(no, std::string(value), "a round line is '% round N: NAME (player P) plays White'");
        } else if (key.rfind("round ", 0) == 0) {
            RoundText r;
            r.line = no;
            const std::string num = key.substr(6);
            char* end = nullptr;
            const long n = std::strtol(num.c_str(), &end, 10);
            const std::string v = lower(value);
            const std::size_t p = v.find("(player ");
            if (num.empty() || *end || n < 1 || n > 100000 || p == std::string::npos || p + 10 > v.size() ||
                (v[p + 8] != '1' && v[p + 8] != '2') || v.substr(p + 9) != ") plays white")
                return fail(no, std::string(body),
                            "a round line is '% round N: NAME (player P) plays White'");
            r.number = int(n);
            r.white = v[p + 8] - '1';
            if (!explicit_rounds && rounds.size() == 1 && rounds[0].move_lines.empty())
                rounds[0] = r;  // the first round line opens the first round
            else
                rounds.push_back(r);
            explicit_rounds = true;
            is_match = true;
        } else if (key == "ending") {
            rounds.back().ending = std::string(value);
            rounds.back().ending_line = no;
        } else if (key == "touched") {
            rounds.back().touched = std::string(value);
            rounds.back().touched_line = no;
        } else if (key == "clock state") {
            const auto parsed = GameClock::parse_state(value);
            if (!parsed) return fail(no, "clock state", parsed.why());
            clock_state = *parsed;
        }
        // result, match result, reserve and anything unknown are for readers: the rounds decide.
    }
    settings.variant = choose_variant(header, forced);

    std::vector<Round> built;
    MoveClocks clocks;
    bool any_clock = false;
    for (const RoundText& rt : rounds) {
        // The round's lines with every other line blanked, so errors name the file's line numbers.
        std::string round_text;
        std::size_t next = 0;
        for (int idx : rt.move_lines) {
            while (next < std::size_t(idx)) {
                round_text += '\n';
                ++next;
            }
            round_text += lines[idx];
            round_text += '\n';
            ++next;
        }
        Round r{rt.number, rt.white, Game(settings.variant)};
        if (const auto played = r.game.play_transcript(round_text); !played) {
            // Another rule set is named only for a single game: a match's rounds are read under its own.
            return Failure{TranscriptError{played.why().where,
                                           explicit_rounds ? std::nullopt : played.why().legal_under}};
        }
        if (!rt.ending.empty()) {
            if (const Expected<void> ended = apply_ending(r.game, rt.ending); !ended)
                return fail(rt.ending_line, rt.ending, ended.why());
        }
        if (!rt.touched.empty()) {
            const auto sq = parse_square(lower(rt.touched), settings.variant.size);
            if (!sq || r.game.over())
                return fail(rt.touched_line, rt.touched, "no piece there can be touched now");
            if (const Expected<void> touched = r.game.touch(*sq); !touched || r.game.over())
                return fail(rt.touched_line, rt.touched,
                            touched ? "the touched piece cannot move" : touched.why());
        }
        // A reading a move line carries is that move's (the writer puts one move on a line; a text with
        // several on a line keeps no readings for the round).
        if (rt.clocks.size() == r.game.moves().size()) {
            clocks.push_back(rt.clocks);
            any_clock =
                any_clock || std::any_of(rt.clocks.begin(), rt.clocks.end(),
                                         [](const std::optional<Millis>& c) { return c.has_value(); });
        } else {
            clocks.emplace_back(r.game.moves().size());
        }
        built.push_back(std::move(r));
    }
    Expected<Match> match = Match::from_rounds(settings, names, std::move(built));
    if (!match) return fail(rounds.back().line, "", match.why());
    if (!score_line.empty() && score_line != match->score_text())
        return fail(score_line_no, score_line, "the rounds give the score " + match->score_text());
    if (network && (network->at.empty() || network->code.empty()))
        return fail(network_line, "network", "a network game's autosave names both its address and its code");
    if (!any_clock) clocks.clear();
    return Record{std::move(*match), seats, clock_state, header.date, is_match,
                  match_id,          event, network,     rated,       std::move(clocks)};
}

fs::path games_dir() {
    const fs::path saves = saves_dir();  // .../gobblet/saves
    return saves.empty() ? saves : saves.parent_path() / "games";
}

std::string file_stamp() { return date_text(std::time(nullptr), DateForm::Stamp, Zone::Local); }

std::string archive_stem(const Match& m) {
    std::array<std::string, 2> parts;
    for (int p : {0, 1}) {
        const char* colour = p == 0 ? "white" : "black";
        const std::string name = nameless(m.name(p)) ? "" : slug(m.name(p));
        parts[p] = name.empty() ? colour : name + "-" + colour;
    }
    if (parts[0] == "white" && parts[1] == "black") return "game-" + file_stamp();  // nobody named
    return parts[0] + "--" + parts[1];
}

Expected<fs::path> write_new_file(const fs::path& dir, const std::string& stem, std::string_view text) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Failure{"cannot write in " + dir.string() + ": " + ec.message()};
    // The temporary name follows write_file's pattern (".NAME.txt.XXXXXX"), which remove_stale_temporaries
    // knows: a kill before the link leaves nothing it would not clear.
    std::string tmp = (dir / ("." + stem + ".txt.XXXXXX")).string();
    const int fd = mkstemp(tmp.data());
    if (fd < 0) return Failure{"cannot write in " + dir.string() + ": " + std::strerror(errno)};
    fchmod(fd, 0644);
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += std::size_t(n);
    }
    const bool ok = done == text.size() && ::fsync(fd) == 0;
    const std::string io_error = ok ? "" : std::strerror(errno);
    ::close(fd);
    if (!ok) {
        ::unlink(tmp.c_str());
        return Failure{"cannot write in " + dir.string() + ": " + io_error};
    }
    // link() never replaces an existing file: the first free name is claimed atomically.
    for (int i = 1; i < 10000; ++i) {
        const fs::path target = dir / (stem + (i > 1 ? "-" + std::to_string(i) : "") + ".txt");
        if (::link(tmp.c_str(), target.c_str()) == 0) {
            ::unlink(tmp.c_str());
            return target;
        }
        if (errno != EEXIST) {
            const std::string why = std::strerror(errno);
            ::unlink(tmp.c_str());
            return Failure{"cannot write " + target.string() + ": " + why};
        }
    }
    ::unlink(tmp.c_str());
    return Failure{"cannot write in " + dir.string() + ": every name is taken"};
}

}  // namespace gobblet::saves
