#include "match.h"

#include "text.h"

namespace gobblet {

std::string seat_name(const SeatSpec& seat, Color first_colour, Level level) {
    if (!seat.name.empty()) return seat.name;
    switch (seat.kind) {
        case SeatKind::Human: return color_name(first_colour);
        case SeatKind::Computer:
            return std::string("computer (") + level_name(seat.level.value_or(level)) + ")";
        case SeatKind::Remote: return "remote player";
    }
    return color_name(first_colour);
}

std::array<std::string, 2> seat_names(const std::array<SeatSpec, 2>& seats, Level level) {
    std::array<std::string, 2> names = {seat_name(seats[0], Color::White, level),
                                        seat_name(seats[1], Color::Black, level)};
    if (names[0] == names[1] && seats[0].name.empty() && seats[1].name.empty() &&
        seats[0].kind == SeatKind::Computer && seats[1].kind == SeatKind::Computer)
        for (int p : {0, 1}) names[p] += " #" + std::to_string(p + 1);
    return names;
}

bool is_default_name(std::string_view name) {
    return name == "White" || name == "Black" || name.rfind("computer (", 0) == 0;
}

std::string clean_name(std::string_view raw) { return clean_text(raw, max_name_length); }

Expected<SeatSpec> parse_seat(std::string_view text) {
    SeatSpec seat;
    if (text == "human") return seat;
    if (text == "computer" || text.starts_with("computer:")) {
        seat.kind = SeatKind::Computer;
        if (text.size() > 9) {
            seat.level = parse_level(text.substr(9));
            if (!seat.level)
                return Failure{"unknown level '" + clean_name(text.substr(9)) +
                               "': use easy, medium, hard or max"};
        }
        return seat;
    }
    seat.name = clean_name(text);
    if (seat.name.empty())
        return Failure{"a name needs at least one visible character (or use human or computer)"};
    return seat;
}

std::string clean_text(std::string_view raw, std::size_t max_chars) {
    std::string out;
    std::size_t chars = 0;
    bool space = false;
    for (std::size_t i = 0; i < raw.size() && chars < max_chars;) {
        const unsigned char c = static_cast<unsigned char>(raw[i]);
        const int len = utf8_length(raw, i);
        if (len == 0) {
            ++i;
            continue;
        }
        const std::string_view ch = raw.substr(i, len);
        i += len;
        if (len == 1 && (c == ' ' || c == '\t')) {
            space = !out.empty();
            continue;
        }
        if (len == 1 && (c < 32 || c == 127)) continue;
        // Valid UTF-8 that would still disturb a terminal or hide what a line says (engine/text.h).
        if (len > 1 && hidden_control(utf8_code_point(ch, len))) continue;
        if (space) {
            if (chars + 1 >= max_chars) break;  // a space needs a character after it: never end on one
            out += ' ';
            ++chars;
            space = false;
        }
        out += ch;
        ++chars;
    }
    return out;
}

Match::Match(const MatchSettings& settings, std::array<std::string, 2> names)
    : settings_(settings), names_(std::move(names)), clock_(settings.clock) {
    rounds_.push_back(Round{1, 0, Game(settings.variant)});
}

std::optional<int> Match::round_winner(const Round& r) const {
    const auto w = r.game.result().winner();
    if (!w) return std::nullopt;
    return *w == Color::White ? r.white : 1 - r.white;
}

int Match::score(int player) const {
    int n = 0;
    for (const Round& r : rounds_) n += round_winner(r) == player;
    return n;
}

std::optional<int> Match::winner() const {
    for (int p : {0, 1})
        if (score(p) >= settings_.first_to) return p;
    return std::nullopt;
}

MatchPhase Match::phase() const {
    if (!game().over()) return MatchPhase::Playing;
    if (winner()) return MatchPhase::Over;
    if (!round_winner(round())) return single_game() ? MatchPhase::Over : MatchPhase::Replay;
    return MatchPhase::ChoosingStarter;
}

int Match::chooser() const {
    const auto w = round_winner(round());
    if (phase() == MatchPhase::Over) return winner().value_or(w.value_or(0));
    return w ? 1 - *w : round().white;
}

void Match::choose_starter(int player, Millis now) {
    if (phase() != MatchPhase::ChoosingStarter) return;
    const bool swap = player != round().white;
    rounds_.push_back(Round{round_number() + 1, player, Game(settings_.variant)});
    clock_.new_round();
    if (swap) clock_.swap_sides();  // a reserve belongs to its player, whatever colour they play
    start_clock(now);
}

std::string Match::rule_starter_text(Millis limit) const {
    const std::string& starter = names_[round().white];
    return starter + " did not choose who starts round " + std::to_string(round_number()) + " within " +
           std::to_string(limit / 1000) + " s: " + starter + " starts (the rule)";
}

void Match::next_round(Millis now) {
    if (phase() != MatchPhase::Replay) return;
    rounds_.push_back(Round{round_number(), round().white, Game(settings_.variant)});
    clock_.new_round();
    start_clock(now);
}

void Match::start_clock(Millis now) { sync_clock(now); }

void Match::sync_clock(Millis now) {
    if (!clock_.enabled()) return;
    const auto running = clock_.running();
    if (game().over()) {
        if (running) clock_.stop(now);
        return;
    }
    const Color to_move = game().side_to_move();
    if (running == to_move) return;
    if (running && !clock_.stop(now)) {
        game().lose_on_time(*running);  // its time had run out before the turn changed hands
        return;
    }
    clock_.start(to_move, now);
}

ClockUpdate Match::tick(Millis now) {
    const ClockUpdate u = clock_.update(now);
    if (u.flagged && !game().over()) game().lose_on_time(*u.flagged);
    return u;
}

Expected<void> Match::play(const MoveSpec& spec, Millis now) {
    if (!game().over()) tick(now);
    if (game().over() && game().result().ending == Ending::Time)
        return Failure{"too late: " + round_result_text()};
    Expected<void> played = game().play(spec);
    if (played || game().over()) sync_clock(now);
    return played;
}

void Match::resign(Color side, Millis now) {
    if (game().over()) return;
    tick(now);
    game().resign(side);
    sync_clock(now);
}

void Match::agree_draw(Millis now) {
    if (game().over()) return;
    tick(now);
    game().agree_draw();
    sync_clock(now);
}

void Match::abandon(Color side, Millis now, bool draw) {
    if (game().over()) return;
    tick(now);
    game().abandon(side, draw);
    sync_clock(now);
}

std::string Match::round_result_text(std::size_t round_index) const {
    const Round& round = rounds_.at(round_index);
    const Result& r = round.game.result();
    if (!r.over()) return {};
    const SideNames names = {names_[round.white], names_[1 - round.white]};
    const int size = settings_.variant.size;
    if (r.outcome == Outcome::Draw) {
        std::string text = "Draw: " + ending_text(r, size, names);
        if (!single_game()) text += "; round " + std::to_string(round.number) + " is played again";
        return text;
    }
    const std::string& winner = names[index(~r.loser)];
    const std::string head = winner + (single_game() ? " wins" : " wins the round");
    if (r.ending == Ending::Time) {
        std::string why = names[index(r.loser)] + " ran out of time";
        if (clock_kind(settings_.clock.kind).reserve) why += " with no reserve left";
        return why + ": " + head;
    }
    if (r.ending == Ending::Abandoned) return ending_text(r, size, names) + ": " + head;
    return head + ": " + ending_text(r, size, names);
}

std::string Match::chunk_text(Color side, Millis reserve_before) const {
    const Millis left = clock().reserve_left(side);
    return names_by_colour()[index(side)] + "'s turn time ran out: " + duration_text(reserve_before - left) +
           " taken from the reserve (" + clock_face(left) + " left)";
}

std::string Match::score_text() const {
    return names_[0] + " " + std::to_string(score(0)) + " - " + std::to_string(score(1)) + " " + names_[1];
}

std::string Match::match_result_text() const {
    if (phase() != MatchPhase::Over) return {};
    if (single_game()) return round_result_text();
    const int w = *winner();
    return names_[w] + " wins the match " + std::to_string(score(w)) + "-" + std::to_string(score(1 - w));
}

Expected<Match> Match::from_rounds(const MatchSettings& settings, std::array<std::string, 2> names,
                                   std::vector<Round> rounds) {
    const auto fail = [](std::string what) { return Failure{std::move(what)}; };
    if (settings.first_to < 1 || settings.first_to > max_first_to)
        return fail("a match is played to 1-" + std::to_string(max_first_to) + " round wins");
    if (rounds.empty()) return fail("a match has at least one round");
    Match m(settings, std::move(names));
    m.rounds_.clear();
    for (std::size_t i = 0; i < rounds.size(); ++i) {
        Round& r = rounds[i];
        const std::string which = "round " + std::to_string(r.number);
        if (r.game.variant() != settings.variant)
            return fail(which + " is not played under the match's rules");
        if (r.white != 0 && r.white != 1) return fail(which + ": White must be player 1 or 2");
        if (i == 0) {
            if (r.number != 1 || r.white != 0)
                return fail("the first round is round 1, started by the first player");
        } else {
            const Round& prev = m.rounds_.back();
            switch (m.phase()) {
                case MatchPhase::Playing:
                    return fail("round " + std::to_string(prev.number) + " is not over");
                case MatchPhase::Over: return fail("the match was over before " + which);
                case MatchPhase::Replay:
                    if (r.number != prev.number || r.white != prev.white)
                        return fail("a drawn round is played again with the same number and starter");
                    break;
                case MatchPhase::ChoosingStarter:
                    if (r.number != prev.number + 1)
                        return fail("after round " + std::to_string(prev.number) + " comes round " +
                                    std::to_string(prev.number + 1));
                    break;
            }
        }
        m.rounds_.push_back(std::move(r));
    }
    return m;
}

}  // namespace gobblet
