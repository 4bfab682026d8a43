// The game screen's set-up (game_screen.h): the settings file, the match the command line asks for
// (--load, --resume, --host, --join), the join code, a refused join; the screen's start and its end.
#include <algorithm>
#include <cstdlib>

#include "game_screen.h"
#include "saves/settings.h"
#include "terminal.h"

namespace gobblet::ui {

namespace {

Variant variant_of(const saves::VariantChoice& c) {
    return {c.size.value_or(4), c.rules.value_or(Rules::Official)};
}

}  // namespace

GameScreen::GameScreen(const ScreenContext& context, const Options& options)
    : nav_(context.nav),
      clock_(context.clock),
      options_(options),
      table_(Table::Config{options.program, options.player, 1, !options.served}, context.loop, context.clock,
             *this),
      teacher_(table_, *this, ui_, context.loop),
      overlays_(table_, teacher_, ui_),
      kind_(options.served ? screen_served : screen_local) {
    apply_settings_file();
    table_.set_level(options_.player.level);
    table_.set_think(options_.player.think_seconds);
    for (int i = 0; i < 3; ++i)
        if (options_.speed == speeds[i].name) table_.set_speed(i);
    overlays_.set_next_variant(match().variant());
}

// The settings file, where the command line does not say otherwise: flags win for this run.
void GameScreen::apply_settings_file() {
    const saves::SettingsFile file = saves::read_settings();
    const saves::Settings& s = file.parsed.settings;
    if (s.level && !options_.level_given) options_.player.level = *s.level;
    if (s.think && !options_.think_given) options_.player.think_seconds = *s.think;
    if (s.speed && !options_.speed_given) options_.speed = *s.speed;
    teacher_.set_coach(options_.coach || s.coach.value_or(false));
    overlays_.set_ascii_lines(s.ascii.value_or(false));
    // A setting the player chose for this program wins over NO_COLOR (as no-color.org asks); --no-color
    // wins over both.
    const char* no_color = std::getenv("NO_COLOR");
    ui_.color = !options_.no_color && s.color.value_or(!(no_color && *no_color));
    if (!file.error.empty()) {
        settings_problem_ = file.error + "; the settings are the defaults this time";
    } else if (!file.parsed.problems.empty()) {
        settings_problem_ = "settings file " + saves::settings_path().string() + ", " +
                            file.parsed.problems.front().message();
        if (file.parsed.problems.size() > 1)
            settings_problem_ += " (and " + std::to_string(file.parsed.problems.size() - 1) + " more)";
    }
}

std::string GameScreen::prepare() {
    MatchSettings settings = options_.match;
    settings.variant = variant_of(options_.choice);
    if (options_.match_given && !options_.choice.size && options_.match.variant.size == 4)
        settings.variant.size = 4;
    if (options_.match_given) settings.variant.size = options_.match.variant.size;
    table_.set_match(Match(settings));
    std::array<SeatSpec, 2> seats = options_.seats;

    std::optional<saves::Record> loaded;
    std::string loaded_from;
    std::optional<saves::LoadedRecord> autosaved;  // --resume: read once, for the match and the network
    if (!options_.load_path.empty()) {
        std::string text;
        if (std::string err = saves::read_file(options_.load_path, text); !err.empty())
            return "gobblet: " + err;
        saves::LoadedRecord r = saves::read_record(text, options_.choice);
        if (r.error) return "gobblet: " + printable(options_.load_path) + ": " + r.message("--rules");
        loaded = std::move(r.record);
        loaded_from = options_.load_path;
    } else if (options_.resume) {
        autosaved = saves::read_autosave(options_.choice);
        if (!autosaved) {
            say("no game to resume: a new game");
        } else if (autosaved->error) {
            say("the autosaved game could not be read (" + autosaved->message("--rules") + "): a new game",
                true);
        } else {
            loaded = autosaved->record;
            loaded_from = "resume";
        }
    }
    if (loaded) {
        if (!options_.seats_given) seats = loaded->seats;
        // A finished match was archived when it ended (resumed), or is not to be archived again (loaded).
        const bool over = loaded->match.phase() == MatchPhase::Over;
        table_.load_match(std::move(loaded->match), loaded->clock, over);
        const Match& m = match();
        if (loaded_from == "resume") {
            if (over) {
                say("the last " + std::string(m.single_game() ? "game" : "match") + " had ended (" +
                    (m.single_game() ? m.round_result_text() : m.match_result_text()) +
                    "); it is shown for review: < and > step through it, n starts a new game");
            } else {
                say("resumed the last " + std::string(m.single_game() ? "game" : "match") + " (" +
                    moves_text(m.game().moves().size()) +
                    (m.single_game() ? "" : ", round " + std::to_string(m.round_number())) + ")");
            }
        } else {
            say("loaded " + printable(loaded_from) + " (" + moves_text(m.game().moves().size()) + ")");
            teacher_.new_match(true);  // an opened game is reviewed
        }
    }
    overlays_.set_next_variant(match().variant());
    table_.install_seats(seats);
    return start_network(autosaved && autosaved->record ? &*autosaved->record : nullptr);
}

// ---------------------------------------------------------------------------------------------------
// The network game from the command line

std::string GameScreen::start_network(const saves::Record* autosaved) {
    if (options_.host_at) {
        net::HostConfig hc;
        hc.listen = *options_.host_at;
        hc.code = options_.code;
        hc.remote_player = table_.seat(0).kind() == SeatKind::Remote ? 0 : 1;
        hc.seat = table_.seat(1 - hc.remote_player).kind();
        hc.grace = options_.grace;
        if (options_.resume) {
            // Only a network match continues as one: its remote player and id come back with it.
            if (autosaved && !autosaved->match_id.empty() && match().phase() != MatchPhase::Over) {
                hc.match_id = autosaved->match_id;
                for (int p : {0, 1})
                    if (autosaved->seats[p].kind == SeatKind::Remote) hc.remote_player = p;
            }
            if (hc.match_id.empty()) {
                say("the last game was not a network match in progress: a new one", true);
                table_.set_match(Match(match().settings()));
            }
        }
        return table_.host(hc);
    }
    if (options_.join_to) {
        if (autosaved && !autosaved->match_id.empty()) {  // --resume: the match this joiner holds
            net_held_ = autosaved->match;
            net_held_id_ = autosaved->match_id;
        }
        if (!options_.code.empty()) {
            connect(options_.code);
            if (!table_.networked()) return exit_message_;
        }
    }
    return "";
}

void GameScreen::connect(const std::string& code) {
    net::JoinConfig jc;
    jc.host = *options_.join_to;
    jc.code = code;
    jc.name = options_.join_seat.name;
    jc.seat = options_.join_seat.kind == SeatKind::Computer ? SeatKind::Computer : SeatKind::Human;
    jc.held = net_held_;
    jc.held_id = net_held_id_;
    if (const std::string why = table_.join(jc, options_.join_seat); !why.empty()) join_failed(why);
}

void GameScreen::ask_code() {
    ui_.entry = LineEntry{
        "Join code for " + net::endpoint_text(*options_.join_to) + " (Esc quits)",
        "",
        40,
        [this](const std::string& typed) {
            const auto code = net::normalize_code(typed);
            if (!code) {
                say("'" + printable(typed) +
                        "' is not a join code: 4 to 32 letters and digits, as the host shows it",
                    true);
                return ask_code();
            }
            connect(*code);
        },
        [this] { leave(); },
        HelpPage{"The join code",
                 {"The host's screen shows a code like 7QK-M4X while it waits for you: type it here "
                  "(case, dashes and spaces do not matter) and press Enter to join " +
                  net::endpoint_text(*options_.join_to) +
                  ". A wrong code is refused by the host. Codes use the letter Q, so q types "
                  "it here: Esc (or Ctrl-C) is the way out."},
                 {{"Enter", "join with the code typed"},
                  {"Backspace", "edit it"},
                  {"Esc Ctrl-C", "quit the program without joining"},
                  {"?", "this help; any key comes back to the code"}}},
        "quit"};
}

void GameScreen::join_failed(const std::string& why) {
    exit_status_ = 1;
    exit_message_ = why;
    if (!screen_open_) return;         // prepare() returns it: the program ends before the screen opens
    nav_.set_exit(exit_status_, why);  // the reason also goes to the terminal the player started from
    ui_.entry.reset();
    say(why, true);
    ask(Question{
        .text = why,
        .answers = {},
        .help = "The game could not be joined, so the program ends; the reason is printed on the terminal "
                "as well. A wrong code: check the code on the host's screen. Busy: the host has a game in "
                "progress or too many connections; try again shortly.",
        .on_other = [this] { leave(); },
        .other_label = "leave (or wait " + std::to_string(refused_hold_ms / 1000) + " s)"});
    leave_at_ = now() + refused_hold_ms;
}

// ---------------------------------------------------------------------------------------------------
// Opened from the lobby

void GameScreen::review(saves::Record record, const std::string& what) {
    std::array<SeatSpec, 2> seats = record.seats;
    for (SeatSpec& s : seats) s.kind = SeatKind::Human;  // a review: nobody plays for anyone
    table_.load_match(std::move(record.match), record.clock, true);
    table_.install_seats(seats);
    table_.round_end_handled();
    teacher_.new_match(true);  // the engine's marks, move by move
    overlays_.set_next_variant(match().variant());
    say("reviewing " + what + " (" + moves_text(match().game().moves().size()) +
        "): < and > step through it, i shows the analysis, q goes back to the lobby");
}

void GameScreen::ask_leave() {
    const net::Session* s = table_.session();
    if (!s || s->watching() || match().phase() == MatchPhase::Over) return leave();
    ask(Question{
        .text = "leave the match against " + match().name(s->remote_player()) + "?",
        .answers = {{ch('y'), "back to the lobby", [this] { leave(); },
                     "back to the lobby: the server keeps the match; after its grace your clock runs on your "
                     "turn, and Enter on the game in the lobby takes you back"},
                    {ch('x'), "quit the program", [this] { nav_.quit(); },
                     "quit the program: the server keeps the match, and --lobby takes you back to it"},
                    {ch('n'), "play on", [this] { say("play on"); }, "stay in the match"}},
        .help = "The match is the server's: leaving it does not end it. Resign (R) ends it.",
        .default_answer = 2});
    say(ui_.question->text);
}

void GameScreen::serve_link() {
    if (link_) {
        if (link_->leave) {
            link_->leave = false;
            return leave();
        }
        if (!link_->fresh_code.empty()) table_.fresh_code(std::exchange(link_->fresh_code, {}));
    }
    if (end_said_ || !table_.networked()) return;
    const bool over = match().phase() == MatchPhase::Over;
    const std::string lobby_word = link_ ? link_->over : "";
    if (!over && lobby_word.empty()) return;
    end_said_ = true;
    ui_.question.reset();
    const std::string text = over ? match().match_result_text() : lobby_word;
    ask(Question{.text = text + ": press any key to go back to the lobby",
                 .answers = {},
                 .help = "The match is over; the server keeps it, and h in the lobby lists it for review.",
                 .on_other = [this] { leave(); },
                 .other_label = "back to the lobby"});
    say(text);
}

// ---------------------------------------------------------------------------------------------------
// The start and the end

void GameScreen::enter(Millis) {
    screen_open_ = true;
    set_ascii(overlays_.ascii());
    if (!settings_problem_.empty())
        say((ui_.message.empty() ? "" : ui_.message + ". ") + settings_problem_, true);
    if (ui_.message.empty())
        say("Type a move (like W3B2) and press Enter, or press an arrow key for the cursor; ? shows every "
            "key.");
    if (!table_.networked() && !options_.join_to) table_.start_clock();  // a session runs its own
    if (options_.join_to && !table_.networked()) ask_code();
    // A match saved while a finished round's question was open (quitting with q there) asks it again.
    if (!table_.networked() && match().game().over() && match().phase() != MatchPhase::Over) {
        table_.round_end_handled();
        if (table_.ask_round_question()) say(ui_.message + ". " + ui_.question->text + ".");
    }
    open_at_start();
    table_.pace_from_now();
}

std::string GameScreen::close(Millis) {
    table_.cancel_seats();
    teacher_.stop();
    table_.leave();
    if (exit_status_ != 0) return "";  // the shell says why on stderr
    if (options_.served) {  // the lobby under it says what there is to say when the program ends
        if (link_) link_->open = false;
        return "";
    }
    if (options_.puzzles) return "";   // the game was never shown: its autosave is left alone
    table_.autosave();
    const auto path = saves::autosave_path();
    const Match& m = match();
    if (!table_.autosave_error().empty() || path.empty() || m.game().moves().empty()) return "";
    if (m.phase() == MatchPhase::Over && !table_.archive_path().empty())
        return "gobblet: the finished " + std::string(m.single_game() ? "game" : "match") + " is kept in " +
               table_.archive_path() + "\n";
    return "gobblet: the game is saved in " + path.string() + "; " + options_.program +
           " --resume continues it\n";
}

}  // namespace gobblet::ui
