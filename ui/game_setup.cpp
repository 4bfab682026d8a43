#include "game_setup.h"

#include <cstdlib>
#include <filesystem>

#include "saves/settings.h"
#include "table.h"
#include "text.h"

namespace gobblet::ui {

ScreenSettings read_screen_settings(Options& options) {
    const Expected<saves::ParsedSettings> file = saves::read_settings();
    const saves::ParsedSettings parsed = file ? *file : saves::ParsedSettings{};  // the defaults when unread
    const saves::Settings& s = parsed.settings;
    if (s.level && !options.level_given) options.player.level = *s.level;
    if (s.think && !options.think_given) options.player.think_seconds = *s.think;
    if (s.speed && !options.speed_given) options.speed = *s.speed;
    ScreenSettings out;
    out.coach = options.coach || s.coach.value_or(false);
    out.ascii = s.ascii.value_or(false);
    // A setting the player chose for this program wins over NO_COLOR (as no-color.org asks); --no-color
    // wins over both.
    const char* no_color = std::getenv("NO_COLOR");
    out.color = !options.no_color && s.color.value_or(!(no_color && *no_color));
    if (!file) {
        out.problem = file.why() + "; the settings are the defaults this time";
    } else if (!parsed.problems.empty()) {
        out.problem =
            "settings file " + saves::settings_path().string() + ", " + parsed.problems.front().message();
        if (parsed.problems.size() > 1)
            out.problem += " (and " + std::to_string(parsed.problems.size() - 1) + " more)";
    }
    return out;
}

std::string slot_game_text(const saves::SlotState& s) {
    if (!s.record || !*s.record) return "";
    const Match& m = (*s.record)->match;
    return m.name(0) + " against " + m.name(1) + ", " + moves_text(m.game().moves().size());
}

SlotChoice choose_slot(const Options& options) {
    SlotChoice out;
    const std::filesystem::path dir = saves::state_dir();
    if (dir.empty()) return out;  // no home: the autosave says so when it fails
    const std::vector<saves::SlotState> slots = saves::autosave_slots(dir);
    const std::vector<saves::SlotState> waiting = saves::waiting_games(slots);
    std::vector<saves::SlotState> candidates;
    if (options.resume) {
        // --host --resume continues a game it hosted, --join --resume one it joined; else any.
        for (const saves::SlotState& s : waiting) {
            const saves::Record& r = **s.record;
            if ((!options.host_at || (r.network && r.network->host)) &&
                (!options.join_to || (r.network && !r.network->host)))
                candidates.push_back(s);
        }
        if (candidates.empty()) candidates = waiting;
    }
    if (candidates.size() > 1) {
        out.choices = std::move(candidates);
        return out;
    }
    if (candidates.size() == 1) {
        if (Expected<saves::AutosaveSlot> slot = saves::claim_slot(dir, candidates[0].number); slot)
            out.slot = std::move(slot).take();
        out.path = candidates[0].path;  // read even where nothing can be written
    }
    if (!out.slot.held()) {
        if (Expected<saves::AutosaveSlot> slot = saves::claim_free_slot(dir); slot)
            out.slot = std::move(slot).take();
        if (out.slot.held()) out.path = out.slot.path();
    }
    if (out.path.empty()) out.path = saves::slot_path(dir, 1);
    // What the player would wonder about: the other copies playing here, and the games waiting elsewhere.
    std::vector<const saves::SlotState*> busy, others;
    for (const saves::SlotState& s : slots)
        if (s.busy) busy.push_back(&s);
    for (const saves::SlotState& s : waiting)
        if (s.number != out.slot.number() && s.path != out.path) others.push_back(&s);
    if (!busy.empty()) {
        const std::string game =
            busy.size() == 1 && busy[0]->unfinished() ? " (" + slot_game_text(*busy[0]) + ")" : "";
        out.note = busy.size() == 1
                       ? "another copy of gobblet is playing here" + game
                       : std::to_string(busy.size()) + " other copies of gobblet are playing here";
        out.note += out.slot.held() ? ": this game is autosaved in " + out.slot.path().string()
                                    : ": this game has no autosave of its own";
    }
    if (!others.empty()) {
        if (!out.note.empty()) out.note += "; ";
        out.note += others.size() == 1
                        ? "another unfinished game waits (" + slot_game_text(*others[0]) + "): o opens it"
                        : std::to_string(others.size()) + " more unfinished games wait: o opens them";
    }
    return out;
}

Expected<StartMatch> read_start(const Options& options, const std::filesystem::path& autosave) {
    StartMatch out;
    out.settings = options.match;
    out.settings.variant = {options.choice.size.value_or(4), options.choice.rules.value_or(Rules::Official)};
    if (options.match_given && !options.choice.size && options.match.variant.size == 4)
        out.settings.variant.size = 4;
    if (options.match_given) out.settings.variant.size = options.match.variant.size;
    out.seats = options.seats;
    if (!options.load_path.empty()) {
        const Expected<std::string> text = saves::read_file(options.load_path);
        if (!text) return Failure{"gobblet: " + text.why()};
        Expected<saves::Record, TranscriptError> r = saves::read_record(*text, options.choice);
        if (!r)
            return Failure{"gobblet: " + printable(options.load_path) + ": " + r.why().message("--rules")};
        out.loaded = std::move(r).take();
    } else if (options.resume) {
        std::optional<Expected<saves::Record, TranscriptError>> autosaved =
            saves::read_autosave(autosave, options.choice);
        if (!autosaved) {
            out.note = "no game to resume: a new game";
        } else if (!*autosaved) {
            out.note = "the autosaved game could not be read (" + autosaved->why().message("--rules") +
                       "): a new game";
            out.note_error = true;
        } else {
            out.loaded = **autosaved;
            out.resumed = true;
            out.autosaved = std::move(*autosaved).take();
        }
    }
    if (out.loaded && !options.seats_given) out.seats = out.loaded->seats;
    return out;
}

std::optional<saves::Record> unfinished_autosave(const std::filesystem::path& path) {
    std::optional<Expected<saves::Record, TranscriptError>> autosaved = saves::read_autosave(path);
    if (!autosaved || !*autosaved || !saves::unfinished((*autosaved)->match)) return std::nullopt;
    return std::move(*autosaved).take();
}

bool same_game(const Match& a, const Match& b) {
    if (!(a.settings() == b.settings()) || a.rounds().size() != b.rounds().size()) return false;
    for (std::size_t i = 0; i < a.rounds().size(); ++i) {
        const Round &x = a.rounds()[i], &y = b.rounds()[i];
        if (x.white != y.white || x.game.moves() != y.game.moves() || x.game.over() != y.game.over() ||
            x.game.result().ending != y.game.result().ending)
            return false;
    }
    return true;
}

std::string keep_unreadable_autosave(const std::filesystem::path& path) {
    if (path.empty()) return "";
    const Expected<std::string> text = saves::read_file(path);
    std::error_code ec;
    if (!text && !std::filesystem::exists(path, ec)) return "";  // no autosave: nothing to keep
    std::string why;
    if (text) {
        const Expected<saves::Record, TranscriptError> r = saves::read_record(*text);
        if (r) return "";
        why = r.why().message("--rules");
    } else {
        why = text.why();
    }
    if (!text) return "the autosave could not be read (" + why + "); it is left where it is";
    const Expected<std::filesystem::path> kept =
        saves::write_new_file(saves::saves_dir(), "autosave-" + saves::file_stamp(), *text);
    if (!kept) return "the autosave could not be read (" + why + ") nor kept: " + kept.why();
    return "the autosave could not be read (" + why + "); it is kept in " + kept->string();
}

std::string last_game_text(const saves::Record& r) {
    const Match& m = r.match;
    std::string out = m.name(0) + " against " + m.name(1);
    if (r.network) out += r.network->host ? ", a network game you hosted" : ", a network game you joined";
    if (!m.single_game()) out += ", round " + std::to_string(m.round_number()) + " (" + m.score_text() + ")";
    out += ", " + moves_text(m.game().moves().size());
    if (!r.date.empty()) out += ", saved " + printable(r.date);
    return out;
}

Expected<void> check_network_resume(const Options& options, const saves::Record* autosaved) {
    if (!options.resume || (!options.host_at && !options.join_to)) return {};
    if (!autosaved || !saves::unfinished(autosaved->match) || !autosaved->match_id.empty()) return {};
    return Failure{"gobblet: the last game is not a network game (" + last_game_text(*autosaved) +
                   "): " + shell_word(options.program) + " --resume continues it here; " +
                   (options.host_at ? "--host" : "--join") +
                   " without --resume starts a network game, and asks first what becomes of this one"};
}

Expected<void> network_from_autosave(Options& options, const saves::Record& autosaved) {
    if (options.host_at || options.join_to) return {};
    if (!autosaved.network) {
        if (autosaved.match_id.empty()) return {};  // a local game: it goes on here
        // A network match autosaved by an older version, without its place: never continued locally.
        return Failure{"gobblet: the last game is a network match (" + last_game_text(autosaved) +
                       "), saved without its address: " + shell_word(options.program) +
                       " --host PORT --resume continues it if you hosted it, " + shell_word(options.program) +
                       " --join HOST:PORT --code CODE --resume if you joined it"};
    }
    const saves::NetworkPlace& place = *autosaved.network;
    const Expected<net::Endpoint> at = net::parse_endpoint(place.at);
    if (!at)
        return Failure{"gobblet: the autosave's network address " + printable(place.at) + ": " + at.why()};
    if (options.code.empty()) options.code = place.code;
    if (place.host) {
        options.host_at = *at;
        return {};
    }
    options.join_to = *at;
    // The joiner's own seat: the one that is not the remote player's, with its name.
    const int local = autosaved.seats[0].kind == SeatKind::Remote ? 1 : 0;
    options.join_seat = autosaved.seats[std::size_t(local)];
    options.join_seat.name = autosaved.match.name(local);
    return {};
}

std::string network_resume_command(const std::string& program, const saves::NetworkPlace& place) {
    if (place.host) {
        // The host's terms that are not the defaults, so that the game continues under the same terms.
        std::string terms;
        if (place.grace != default_grace) terms += " --grace " + duration_text(place.grace);
        if (place.choice_time != starter_choice_time)
            terms += " --starter-choice " + duration_text(place.choice_time);
        if (place.allow_help) terms += " --allow-help";
        return shell_word(program) + " --host " + shell_word(place.at) + terms + " --resume";
    }
    return shell_word(program) + " --join " + shell_word(place.at) + " --code " + net::code_text(place.code) +
           " --resume";
}

std::string loaded_text(const Match& m, const Options& options, bool resumed) {
    if (!resumed)
        return "loaded " + printable(options.load_path) + " (" + moves_text(m.game().moves().size()) + ")";
    if (m.phase() == MatchPhase::Over)
        return "the last " + std::string(m.single_game() ? "game" : "match") + " had ended (" +
               (m.single_game() ? m.round_result_text() : m.match_result_text()) +
               "); it is shown for review: < and > step through it, n starts a new game";
    return "resumed the last " + std::string(m.single_game() ? "game" : "match") + " (" +
           moves_text(m.game().moves().size()) +
           (m.single_game() ? "" : ", round " + std::to_string(m.round_number())) + ")";
}

net::HostConfig host_config(const Options& options, SeatKind seat0, SeatKind seat1,
                            const saves::Record* autosaved, const Match& match, bool& fresh) {
    net::HostConfig hc;
    hc.listen = *options.host_at;
    hc.code = options.code;
    // --resume without --code: the code belongs to the match, and its joiner comes back with it.
    if (hc.code.empty() && options.resume && autosaved && autosaved->network &&
        match.phase() != MatchPhase::Over)
        hc.code = autosaved->network->code;
    hc.remote_player = seat0 == SeatKind::Remote ? 0 : 1;
    hc.seat = hc.remote_player == 0 ? seat1 : seat0;
    hc.grace = options.grace;
    hc.choice_time = options.choice_time;
    hc.allow_help = options.allow_help;
    fresh = false;
    if (options.resume) {
        // Only a network match continues as one: its remote player and id come back with it.
        if (autosaved && !autosaved->match_id.empty() && match.phase() != MatchPhase::Over) {
            hc.match_id = autosaved->match_id;
            for (int p : {0, 1})
                if (autosaved->seats[p].kind == SeatKind::Remote) hc.remote_player = p;
        }
        fresh = hc.match_id.empty();
    }
    return hc;
}

net::JoinConfig join_config(const Options& options, const std::string& code, const std::optional<Match>& held,
                            const std::string& held_id) {
    net::JoinConfig jc;
    jc.host = *options.join_to;
    jc.code = code;
    jc.name = options.join_seat.name;
    jc.seat = options.join_seat.kind == SeatKind::Computer ? SeatKind::Computer : SeatKind::Human;
    jc.held = held;
    jc.held_id = held_id;
    return jc;
}

LineEntry join_code_entry(const net::Endpoint& host, std::function<void(const std::string&)> join,
                          std::function<void(const std::string&)> refused, std::function<void()> quit) {
    return LineEntry{
        "Join code for " + net::endpoint_text(host) + " (Esc quits)",
        "",
        40,
        [join = std::move(join), refused = std::move(refused)](const std::string& typed) {
            const auto code = net::normalize_code(typed);
            if (!code)
                return refused("'" + printable(typed) +
                               "' is not a join code: 4 to 32 letters and digits, as the host shows it");
            join(*code);
        },
        std::move(quit),
        HelpPage{"The join code",
                 {"The host's screen shows a code like 7QK-M4X while it waits for you: type it here "
                  "(case, dashes and spaces do not matter) and press Enter to join " +
                  net::endpoint_text(host) +
                  ". A wrong code is refused by the host, and this asks for it again. Codes use the letter "
                  "Q, so q types "
                  "it here: Esc (or Ctrl-C) is the way out."},
                 {{"Enter", "join with the code typed"},
                  {"Backspace", "edit it"},
                  {"Esc Ctrl-C", "quit the program without joining"},
                  {"?", "this help; any key comes back to the code"}}},
        "quit"};
}

Question refused_question(const std::string& why, std::function<void()> leave) {
    return Question{
        .text = why,
        .answers = {},
        .help =
            "The game could not be joined, so the program ends; the reason is printed on the terminal "
            "as well. Busy: the host has a game in progress or too many connections; try again "
            "shortly. (A wrong code is asked for again instead.)",
        .on_other = std::move(leave),
        .other_label = "leave (or wait " + std::to_string(refused_hold_ms / 1000) + " s)"};
}

}  // namespace gobblet::ui
