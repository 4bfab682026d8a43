// The curses game: set-up, and its turn of the loop.
#include "app_impl.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>

#include "engine/movegen.h"
#include "exercise.h"
#include "puzzle_session.h"
#include "saves/tutorial.h"
#include "shell.h"
#include "terminal.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// Set-up

std::string App::prepare() {
    apply_settings_file();
    table_.set_level(options_.player.level);
    table_.set_think(options_.player.think_seconds);
    for (int i = 0; i < 3; ++i)
        if (options_.speed == speeds[i].name) table_.set_speed(i);
    MatchSettings settings = options_.match;
    settings.variant = variant_of(options_.choice);
    if (options_.match_given && !options_.choice.size && options_.match.variant.size == 4)
        settings.variant.size = 4;
    if (options_.match_given) settings.variant.size = options_.match.variant.size;
    table_.set_match(Match(settings));
    std::array<SeatSpec, 2> seats = options_.seats;

    std::optional<saves::Record> loaded;
    std::string loaded_from;
    if (!options_.load_path.empty()) {
        std::string text;
        if (std::string err = saves::read_file(options_.load_path, text); !err.empty())
            return "gobblet: " + err;
        saves::LoadedRecord r = saves::read_record(text, options_.choice);
        if (r.error) return "gobblet: " + printable(options_.load_path) + ": " + r.message("--rules");
        loaded = std::move(r.record);
        loaded_from = options_.load_path;
    } else if (options_.resume) {
        const auto path = saves::autosave_path();
        std::string text;
        if (path.empty() || !saves::read_file(path, text).empty()) {
            say("no game to resume: a new game");
        } else {
            saves::LoadedRecord r = saves::read_record(text, options_.choice);
            if (r.error) {
                say("the autosaved game could not be read (" + r.message("--rules") + "): a new game", true);
            } else {
                loaded = std::move(r.record);
                loaded_from = "resume";
            }
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
            teach_new_match(true);  // an opened game is reviewed
        }
    }
    next_variant_ = match().variant();
    table_.install_seats(seats);
    return start_network();
}

void App::seats_cancelled() {
    hint_worker_.stop();
    coach_worker_.stop();  // the computer's reply it held is dropped too
    ui_.activity.clear();
}

void App::round_over() {
    ui_.picked.reset();
    ui_.prompt.clear();
    ui_.mode = Mode::typing;
}

// ---------------------------------------------------------------------------------------------------
// The screen

void App::enter(Millis) {
    screen_open_ = true;
    set_ascii(ascii_);
    if (!settings_problem_.empty())
        say((ui_.message.empty() ? "" : ui_.message + ". ") + settings_problem_, true);
    if (ui_.message.empty())
        say("Type a move (like W3B2) and press Enter, or press an arrow key for the cursor; ? shows every "
            "key.");
    if (!options_.join_to && !options_.host_at) table_.start_clock();  // a host's session starts its own
    if (options_.join_to && !table_.networked()) ask_code();
    // A match saved while a finished round's question was open (quitting with q there) asks it again.
    if (!table_.networked() && match().game().over() && match().phase() != MatchPhase::Over) {
        table_.round_end_handled();
        if (table_.ask_round_question()) say(ui_.message + ". " + ui_.question->text + ".");
    }
    open_at_start();
    table_.pace_from_now();
}

void App::service(Millis t) {
    if (leave_at_ >= 0 && t >= leave_at_) return nav_.quit();
    teach_service();  // first: the coach may hold the computer's reply
    table_.take_answers(t);
    // Only now: an answer may start a round, and the rounds' vector then moves the game (sanitizer).
    const Game& g = match().game();
    if (hint_worker_.collect()) {
        std::lock_guard lock(hint_mutex_);
        if (!hint_choice_.move.is_none() && !g.over())
            say("hint: " + move_name(hint_choice_.move, g.side_to_move()) + " (" + hint_choice_.why + ")");
    }
    ui_.thinking = table_.thinking();
    ui_.hinting = false;
    if (ui_.thinking) ui_.info = table_.progress();
    if (hint_worker_.busy()) {
        std::lock_guard lock(hint_mutex_);
        ui_.thinking = ui_.hinting = true;
        ui_.info = hint_info_;
    }
    table_.ask_seats(t, seats_held());
}

std::string App::close(Millis) {
    table_.cancel_seats();
    teach_stop();
    table_.leave();
    if (exit_status_ != 0) return "";  // the shell says why on stderr
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

Millis App::until_next(Millis t) const {
    Millis wait = table_.until_next(t, seats_held());
    const auto consider = [&wait](Millis m) {
        if (m >= 0 && (wait < 0 || m < wait)) wait = m;
    };
    if (ui_.thinking) consider(100);  // the search's progress
    if (coach_holds()) consider(std::max<Millis>(0, coach_deadline() - t));
    if (leave_at_ >= 0) consider(std::max<Millis>(0, leave_at_ - t));
    return wait;
}

void App::draw(Millis t) {
    ui_.reviewing = table_.reviewing();
    ui_.paused = table_.paused();
    for (int p : {0, 1}) ui_.seats[p] = table_.seat_view(p);
    ui_.title_note = table_.net_title();
    if (const std::string r = teach_title(); !r.empty())
        ui_.title_note += (ui_.title_note.empty() ? "" : "  ") + r;
    if (ui_.help) return draw_help(help_now(COLS - 1), ui_.help_scroll);
    ui::draw(match(), ui_, chrome(), t);
}

// ---------------------------------------------------------------------------------------------------
// The puzzles and the tutorial, pushed over the game

void App::open_puzzles() {
    if (table_.networked()) {
        say("not in a network game: the two of you play it out", true);
        return;
    }
    const PuzzleSet* set = options_.puzzle_set.empty() ? saves::shipped_puzzle_set(match().variant())
                                                       : find_puzzle_set(options_.puzzle_set);
    if (!set || set->puzzles.empty()) {
        say("no puzzles for these rules in this build", true);
        return;
    }
    nav_.push(make_puzzles_screen(nav_, *set, ui_.color));
}

void App::open_tutorial() {
    if (table_.networked()) {
        say("not in a network game: the two of you play it out", true);
        return;
    }
    nav_.push(make_tutorial_screen(nav_, match().variant().rules, match().variant().size, ui_.color));
}

// The tutorial opens by itself on a plain first start only: a start whose command line asked for a
// game, a match, a file or a network game opens that, and a note under the message says where the
// tutorial is, until the first key.
void App::open_at_start() {
    const bool first = !saves::tutorial_seen();
    if (options_.host_at || options_.join_to) {  // a network game starts at once; T is not offered there
        if (first)
            ui_.note =
                "new here? ? shows the rules and keys; --tutorial opens the tutorial (not in a network game)";
        return;
    }
    if (options_.tutorial || (first && !options_.puzzles && !options_.game_asked)) {
        puzzles_after_ = options_.puzzles;
        return open_tutorial();
    }
    if (first && options_.game_asked) ui_.note = "new here? T opens the tutorial";
    if (options_.puzzles) open_puzzles();
}

// The game waits under another screen, as it stands: its seats stop, a running clock pauses, and it is
// saved (unless it was never shown: --puzzles).
void App::covered(Millis) {
    covered_ = true;
    ui_.note.clear();  // a key on the screen over the game: the note has been seen
    table_.step_away();
    if (!options_.puzzles && !match().game().moves().empty()) table_.autosave();
}

void App::uncovered(const std::string& farewell, Millis) {
    covered_ = false;
    if (puzzles_after_) {  // --tutorial --puzzles: the puzzles follow
        puzzles_after_ = false;
        return open_puzzles();
    }
    if (options_.puzzles) return nav_.quit();  // --puzzles: leaving them ends the program
    table_.come_back();
    say(farewell);
}

// What a network game does not offer: the two players play it out together.
bool local_only(Action a) {
    switch (a) {
        case Action::Hint:
        case Action::NewGame:
        case Action::Open:
        case Action::Forward:
        case Action::ToEnd:
        case Action::ToStart:
        case Action::GotoMove:
        case Action::Puzzles:
        case Action::Tutorial: return true;
        default: return false;
    }
}

bool App::available(Action a) const {
    const Game& g = match().game();
    if (const net::Session* net = table_.session()) {
        switch (a) {
            case Action::Pause: return table_.can_pause();
            case Action::OfferDraw: return table_.can_offer_draw();
            case Action::Resign: return table_.can_resign();
            case Action::Back:
            case Action::Chat: return net->playing();
            case Action::Claim: return table_.can_claim();
            case Action::Analysis: return analysis_refusal().empty();
            default: return !local_only(a);
        }
    }
    switch (a) {
        case Action::Pause: return table_.can_pause();
        case Action::OfferDraw: return table_.can_offer_draw();
        case Action::Resign: return table_.can_resign();
        case Action::Hint:
            return !g.over() && match().phase() == MatchPhase::Playing && table_.acting_human() >= 0;
        case Action::Analysis: return analysis_refusal().empty();
        case Action::Chat:
        case Action::Claim: return false;
        case Action::Back:
        case Action::ToStart:
        case Action::GotoMove: return g.can_undo() && table_.step_allowed().empty();
        case Action::Forward:
        case Action::ToEnd: return g.can_redo();
        default: return true;
    }
}

Chrome App::chrome() const {
    Chrome c;
    const int width = std::max(20, COLS - 1);
    if (ui_.question) {
        c.prompt_line = question_prompt(*ui_.question);
        c.footer = question_footer(*ui_.question);
        return c;
    }
    if (ui_.entry) {
        c.prompt_line = ui_.entry->label + ": " + ui_.entry->text;
        c.prompt_cursor = int(c.prompt_line.size());
        c.footer = {"Enter confirm   Esc " + ui_.entry->esc_word + (ui_.entry->help ? "   ? help" : "")};
        return c;
    }
    if (ui_.overlay) {
        c.footer = {ui_.overlay->footer};
        return c;
    }
    const Game& g = match().game();
    if (ui_.mode == Mode::cursor) {
        const Spot& s = ui_.cursor;
        std::string where =
            s.stack ? std::string("stack ") + "XYZ"[s.index] : square_name(make_square(s.row, s.col));
        c.prompt_line =
            "CURSOR on " + where + (ui_.picked ? ", a piece picked up" : "") + "  (Esc: back to typing)";
    } else {
        c.prompt_line = "Move: " + ui_.prompt;
        c.prompt_cursor = int(c.prompt_line.size());
    }
    std::string note;
    if (ui_.reviewing) {
        note = "REVIEW move " + std::to_string(g.moves().size()) + " of " +
               std::to_string(g.moves().size() + g.redo_moves().size());
        if (!g.over() && table_.is_computer(table_.seat_of(g.side_to_move())))
            note += ": Enter lets the computer play from here";
        note += " | ";
    }
    c.footer = footer_lines(ui_.mode, width, 2, [this](Action a) { return available(a); });
    if (!note.empty()) c.footer.insert(c.footer.begin(), note);
    return c;
}

namespace {

// A long game for --bench-paste: random legal moves that neither end the game nor repeat a position.
std::vector<Move> long_game(int plies) {
    std::mt19937_64 rng(12345);
    Game g;
    while (int(g.moves().size()) < plies) {
        MoveList moves;
        g.legal_moves(moves);
        std::shuffle(moves.begin(), moves.end(), rng);
        bool played = false;
        for (Move m : moves) {
            g.play(m);
            if (!g.over() && g.occurrences() == 1) {
                played = true;
                break;
            }
            g.undo();
        }
        if (!played) break;
    }
    return g.moves();
}

}  // namespace

int run(const Options& options) {
    Shell shell;
    auto app = std::make_unique<App>(options, shell.context());
    if (std::string err = app->prepare(); !err.empty()) {
        std::cerr << err << "\n";
        return 1;
    }
    const bool color = app->color();
    return shell.run(std::move(app), color);
}

int bench_paste(std::ostream& out) {
    const std::vector<Move> moves = long_game(1000);
    const std::string text = transcript_text(moves);
    FILE* sink = std::fopen("/dev/null", "w");
    FILE* source = std::fopen("/dev/null", "r");
    if (!std::getenv("TERM")) setenv("TERM", "xterm-256color", 1);
    SCREEN* screen = sink && source ? newterm(nullptr, sink, source) : nullptr;
    if (!screen) {
        out << "bench-paste: cannot open an off-screen terminal (set TERM)\n";
        return 1;
    }
    set_term(screen);
    resizeterm(40, 120);
    std::vector<double> ms;
    for (int run = 0; run < 21; ++run) {
        const auto start = std::chrono::steady_clock::now();
        Match match;
        if (const auto err = match.game().play_transcript(text)) {
            endwin();
            out << "bench-paste: " << err->message() << "\n";
            return 1;
        }
        UiState ui;
        draw(match, ui, Chrome{}, 0);
        doupdate();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    endwin();
    delscreen(screen);
    std::fclose(sink);
    std::fclose(source);
    std::sort(ms.begin(), ms.end());
    char line[160];
    std::snprintf(
        line, sizeof line,
        "bench-paste: %zu-move transcript parsed, checked, applied and drawn: median %.2f ms, worst %.2f ms "
        "over %zu runs\n",
        moves.size(), ms[ms.size() / 2], ms.back(), ms.size());
    out << line;
    return 0;
}

}  // namespace gobblet::ui
