// The curses game: the event loop, what each key does, the computer's worker thread and autosave.
#include "app.h"

#include <curses.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "engine/movegen.h"
#include "terminal.h"
#include "view.h"

namespace gobblet::ui {

namespace {

constexpr int key_paste_begin = KEY_MAX + 1;
constexpr int key_paste_end = KEY_MAX + 2;
constexpr double computer_pace = 0.3;  // least seconds between moves when the computer plays both sides

using Clock = std::chrono::steady_clock;

class App {
  public:
    explicit App(const Options& o) : options_(o), player_(o.player) {}

    // Sets up the game from the options; "" or an error for stderr (before the terminal opens).
    std::string prepare();
    int run();

  private:
    // Input.
    void on_key(int code, bool is_key);
    void on_char(wchar_t ch);
    void submit_prompt();
    void on_spot(const Spot& spot);
    void move_cursor(int drow, int dcol);
    void handle_paste(const std::string& text);
    void read_bracketed_paste();

    // Actions.
    bool play(const MoveSpec& spec);
    void undo();
    void redo();
    void save_named();
    void copy();
    void new_game();
    void toggle_computer(Color c);
    void hint();
    void say(std::string text, bool error = false) {
        ui_.message = std::move(text);
        ui_.message_is_error = error;
    }
    bool humans_turn(bool tell);
    void after_change();
    void autosave();

    // The computer, on a worker thread so the screen stays live.
    void maybe_start_computer();
    void start_worker(bool hint);
    void stop_worker();
    void poll_worker();

    Options options_;
    Game game_;
    UiState ui_;
    Player player_;
    std::optional<Game> pending_;  // a pasted whole game waiting for "replace?" to be answered
    std::string autosave_error_;
    bool quit_ = false;

    std::thread worker_;
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    bool worker_done_ = false;
    Choice worker_choice_;
    ThinkInfo worker_info_;
    bool worker_hint_ = false;
    Clock::time_point last_move_ = Clock::now();
};

Variant variant_of(const saves::VariantChoice& c) {
    return {c.size.value_or(4), c.rules.value_or(Rules::Official)};
}

std::string App::prepare() {
    game_ = Game(variant_of(options_.choice));
    ui_.computer[0] = options_.seats[0].kind == SeatKind::Computer;
    ui_.computer[1] = options_.seats[1].kind == SeatKind::Computer;
    const char* no_color = std::getenv("NO_COLOR");
    ui_.color = !options_.no_color && !(no_color && *no_color);
    if (!options_.load_path.empty()) {
        std::string text;
        if (std::string err = saves::read_file(options_.load_path, text); !err.empty())
            return "gobblet: " + err;
        saves::Loaded loaded = saves::load_text(text, options_.choice);
        if (loaded.error) return "gobblet: " + options_.load_path + ": " + loaded.error->message("--rules");
        game_ = std::move(loaded.game);
        say("loaded " + options_.load_path + " (" + std::to_string(game_.moves().size()) + " moves)");
    } else if (options_.resume) {
        const auto path = saves::autosave_path();
        std::string text;
        if (path.empty() || !saves::read_file(path, text).empty()) {
            say("no game to resume: a new game");
        } else {
            saves::Loaded loaded = saves::load_text(text, options_.choice);
            if (loaded.error) {
                say("the autosaved game could not be read (" + loaded.error->message("--rules") +
                        "): a new game",
                    true);
            } else if (loaded.game.over()) {
                say("the last game had ended (" +
                    outcome_text(loaded.game.result(), loaded.game.side_to_move()) + "): a new game");
                game_ = Game(loaded.game.variant());
            } else {
                game_ = std::move(loaded.game);
                say("resumed the last game (" + std::to_string(game_.moves().size()) + " moves)");
            }
        }
    }
    return "";
}

int App::run() {
    if (std::string err = open_terminal(ui_.color); !err.empty()) {
        std::cerr << err << "\n";
        return 1;
    }
    if (ui_.message.empty()) say("Type a move (e.g. W3B2) and Enter, or use the arrow keys; ? for help.");
    while (!quit_ && !quit_requested) {
        poll_worker();
        maybe_start_computer();
        if (ui_.help)
            draw_help(game_);
        else
            draw(game_, ui_);
        timeout(50);
        wint_t ch;
        const int r = get_wch(&ch);
        if (r == ERR) continue;
        on_key(int(ch), r == KEY_CODE_YES);
    }
    stop_worker();
    autosave();
    close_terminal();
    const auto path = saves::autosave_path();
    if (autosave_error_.empty() && !path.empty() && !game_.moves().empty())
        std::cout << "gobblet: the game is saved in " << path.string() << "; ./main --resume continues it\n";
    return 0;
}

void App::on_key(int code, bool is_key) {
    if (ui_.help) {
        ui_.help = false;
        return;
    }
    if (is_key) {
        switch (code) {
            case KEY_RESIZE: return;
            case key_paste_begin: read_bracketed_paste(); return;
            case KEY_UP: move_cursor(-1, 0); return;
            case KEY_DOWN: move_cursor(1, 0); return;
            case KEY_LEFT: move_cursor(0, -1); return;
            case KEY_RIGHT: move_cursor(0, 1); return;
            case KEY_BACKSPACE:
                if (!ui_.prompt.empty()) ui_.prompt.pop_back();
                return;
            case KEY_ENTER: on_char(L'\n'); return;
            case KEY_MOUSE: {
                MEVENT ev;
                if (getmouse(&ev) != OK) return;
                const Layout layout(game_.variant().size);
                if (const auto spot = hit(layout, game_.position(), ev.y, ev.x)) {
                    ui_.cursor = *spot;
                    on_spot(*spot);
                }
                return;
            }
            default: return;
        }
    }
    on_char(wchar_t(code));
}

void App::on_char(wchar_t ch) {
    if (ui_.confirm != Confirm::None) {
        const Confirm what = ui_.confirm;
        ui_.confirm = Confirm::None;
        if (ch != L'y' && ch != L'Y') {
            say("cancelled");
            pending_.reset();
            return;
        }
        if (what == Confirm::NewGame) {
            stop_worker();
            game_ = Game(game_.variant());
            player_.new_game();
            ui_.picked.reset();
            say("new game");
            after_change();
        } else if (what == Confirm::ReplaceGame && pending_) {
            stop_worker();
            game_ = std::move(*pending_);
            pending_.reset();
            ui_.picked.reset();
            say("replaced the game with the pasted one (" + std::to_string(game_.moves().size()) + " moves)");
            after_change();
        }
        return;
    }
    if (ch == 3) {  // Ctrl-C
        quit_ = true;
        return;
    }
    if (ch == 27) {  // Esc
        ui_.prompt.clear();
        if (ui_.picked && !ui_.picked->stack && game_.touched()) {
            say("official rules: the piece you picked up must be the one you move", true);
        } else {
            ui_.picked.reset();
            say("");
        }
        return;
    }
    if (ch == 127 || ch == 8) {
        if (!ui_.prompt.empty()) ui_.prompt.pop_back();
        return;
    }
    if (ch == L'\n' || ch == L'\r') {
        // Several lines arriving at once are a paste that the terminal did not bracket.
        std::string burst;
        timeout(0);
        wint_t more;
        int r;
        while ((r = get_wch(&more)) != ERR) {
            if (r == KEY_CODE_YES) continue;
            burst += more == L'\r' ? '\n' : char(more);
        }
        if (burst.find_first_not_of(" \t\r\n") != std::string::npos) {
            handle_paste(ui_.prompt + "\n" + burst);
            ui_.prompt.clear();
            return;
        }
        if (!ui_.prompt.empty())
            submit_prompt();
        else
            on_spot(ui_.cursor);
        return;
    }
    if (ui_.prompt.empty()) {
        switch (ch) {
            case L'q': quit_ = true; return;
            case L'<':
            case L'u': undo(); return;
            case L'>':
            case L'r': redo(); return;
            case L's': save_named(); return;
            case L't': copy(); return;
            case L'n': new_game(); return;
            case L'[': toggle_computer(Color::White); return;
            case L']': toggle_computer(Color::Black); return;
            case L'!': hint(); return;
            case L'?': ui_.help = true; return;
            case L'h': move_cursor(0, -1); return;
            case L'j': move_cursor(1, 0); return;
            case L'l': move_cursor(0, 1); return;
            case L' ': on_spot(ui_.cursor); return;
            case L'k': {
                // 'k' is the cursor's "up" but also starts a Black move typed in lower case ("k2b3"):
                // a digit right after it means the latter.
                timeout(150);
                wint_t next;
                const int r = get_wch(&next);
                if (r == OK && next >= L'1' && next <= L'3') {
                    ui_.prompt = std::string("k") + char(next);
                    return;
                }
                move_cursor(-1, 0);
                if (r == OK)
                    on_char(wchar_t(next));
                else if (r == KEY_CODE_YES)
                    on_key(int(next), true);
                return;
            }
            default: break;
        }
    }
    if (ch >= 32 && ch < 127 && ui_.prompt.size() < 200) ui_.prompt += char(ch);
}

void App::submit_prompt() {
    const std::string text = ui_.prompt;
    const ParsedMoves parsed = parse_moves(text);
    if (parsed.error) {
        say(parsed.error->written + ": " + parsed.error->reason, true);
        ui_.prompt.clear();
        return;
    }
    if (parsed.moves.size() > 1) {
        handle_paste(text);
        ui_.prompt.clear();
        return;
    }
    ui_.prompt.clear();
    if (parsed.moves.empty()) return;
    play(parsed.moves[0].spec);
}

bool App::humans_turn(bool tell) {
    if (game_.over()) {
        if (tell) say("the game is over: press n for a new game, or < to take back the last move", true);
        return false;
    }
    if (ui_.computer[index(game_.side_to_move())]) {
        if (tell)
            say(std::string("the computer plays ") + color_name(game_.side_to_move()) + ": press " +
                    (game_.side_to_move() == Color::White ? "[" : "]") + " to take over",
                true);
        return false;
    }
    return true;
}

bool App::play(const MoveSpec& spec) {
    if (!humans_turn(true)) return false;
    const Color mover = game_.side_to_move();
    const std::string written = spec_name(spec);
    const std::string reason = game_.play(spec, true);
    if (!reason.empty()) {
        std::string m = written + ": " + reason;
        if (game_.over())
            m += " (the touched piece could not move)";
        else if (const auto t = game_.touched(); t && reason.find("touched") == std::string::npos)
            m += "; official rules: the piece on " + square_name(*t) +
                 " is touched and must be the piece you move";
        say(m, true);
        if (game_.over()) after_change();
        return false;
    }
    ui_.picked.reset();
    say(std::string(color_name(mover)) + " played " + move_name(game_.moves().back(), mover));
    after_change();
    return true;
}

void App::on_spot(const Spot& spot) {
    if (!humans_turn(true)) return;
    const Position& pos = game_.position();
    const Color us = pos.side_to_move();
    if (!ui_.picked) {
        if (spot.stack) {
            if (!pos.stack_top(us, spot.index)) {
                say(std::string("stack ") + "XYZ"[spot.index] + " is empty", true);
                return;
            }
            ui_.picked = spot;
            say(std::string("picked up ") + stack_name(us, spot.index) + ": choose where to put it");
            return;
        }
        const Square sq = make_square(spot.row, spot.col);
        if (!pos.top_size(sq)) {
            say(square_name(sq) + " is empty", true);
            return;
        }
        if (pos.top_color(sq) != us) {
            say("the piece on " + square_name(sq) + " is " + color_name(~us) + "'s", true);
            return;
        }
        if (game_.variant().touch_rule()) {
            const std::string reason = game_.touch(sq);
            if (!reason.empty()) {
                say(reason, true);
                if (game_.over()) after_change();
                return;
            }
            if (game_.over()) {
                say("official rules: the touched piece on " + square_name(sq) +
                        " cannot move, and that forfeits",
                    true);
                after_change();
                return;
            }
        }
        ui_.picked = spot;
        say("picked up the piece on " + square_name(sq) + ": choose where to put it");
        return;
    }
    const Spot from = *ui_.picked;
    const bool touched = !from.stack && game_.touched().has_value();
    if (spot == from || spot.stack) {
        if (touched) {
            say("official rules: the piece you picked up must be the one you move", true);
            return;
        }
        ui_.picked.reset();
        if (spot == from) {
            say("put back");
            return;
        }
        on_spot(spot);
        return;
    }
    const Square to = make_square(spot.row, spot.col);
    play(from.stack ? MoveSpec::stack_of(us, from.index, to)
                    : MoveSpec::square(make_square(from.row, from.col), to));
}

void App::move_cursor(int drow, int dcol) {
    const int n = game_.variant().size;
    Spot& c = ui_.cursor;
    if (c.stack) {
        if (dcol < 0) {
            c.stack = false;
            c.row = std::min(c.index, n - 1);
            c.col = n - 1;
        } else {
            c.index = std::clamp(c.index + drow, 0, reserve_stacks - 1);
        }
        return;
    }
    if (dcol > 0 && c.col == n - 1) {
        c.stack = true;  // right of the board: the side to move's stacks
        c.index = std::min(c.row, reserve_stacks - 1);
        return;
    }
    c.row = std::clamp(c.row + drow, 0, n - 1);
    c.col = std::clamp(c.col + dcol, 0, n - 1);
}

void App::read_bracketed_paste() {
    std::string text;
    timeout(2000);
    for (;;) {
        wint_t ch;
        const int r = get_wch(&ch);
        if (r == ERR) break;  // the end marker never came: use what arrived
        if (r == KEY_CODE_YES) {
            if (int(ch) == key_paste_end) break;
            if (int(ch) == KEY_ENTER) text += '\n';
            continue;
        }
        if (ch == L'\r') ch = L'\n';
        if (ch < 0x80)
            text += char(ch);
        else {  // keep non-ASCII (such as an arrow between halves) as UTF-8 for the parser
            char buf[8];
            const int n = std::snprintf(buf, sizeof buf, "%lc", wint_t(ch));
            if (n > 0) text.append(buf, std::size_t(n));
        }
    }
    const ParsedMoves parsed = parse_moves(text);
    if (!parsed.error && parsed.moves.size() == 1 && text.find('\n') == std::string::npos) {
        ui_.prompt += text;  // a single move pasted onto the prompt: let the player press Enter
        return;
    }
    handle_paste(text);
}

void App::handle_paste(const std::string& text) {
    const ParsedMoves parsed = parse_moves(text);
    if (parsed.error) {
        say("paste refused, nothing changed: " + parsed.error->message(), true);
        return;
    }
    if (parsed.moves.empty()) {
        say("the paste held no moves", true);
        return;
    }
    stop_worker();
    // A continuation of the current game?
    Game continued = game_;
    const auto err = continued.play_transcript(parsed.moves);
    if (!err) {
        game_ = std::move(continued);
        ui_.picked.reset();
        say("pasted " + std::to_string(parsed.moves.size()) + " moves; " +
            outcome_text(game_.result(), game_.side_to_move()));
        after_change();
        return;
    }
    // A whole game from the start?
    if (!game_.moves().empty()) {
        Game whole(game_.variant());
        if (!whole.play_transcript(parsed.moves)) {
            pending_ = std::move(whole);
            ui_.confirm = Confirm::ReplaceGame;
            say("the paste is a whole game of " + std::to_string(parsed.moves.size()) +
                " moves: replace the current game with it? (y/n)");
            return;
        }
    }
    say("paste refused, nothing changed: " + err->message("--rules"), true);
}

void App::undo() {
    stop_worker();
    if (!game_.can_undo()) {
        say("nothing to undo", true);
        return;
    }
    std::vector<std::string> taken;
    const bool against_computer = ui_.computer[0] != ui_.computer[1];
    do {
        // Undo takes back a forfeit (the touched piece could not move) before any move.
        const bool forfeit = game_.over() && game_.result().ending == Ending::Forfeit;
        taken.push_back(forfeit ? std::string("the forfeit")
                                : move_name(game_.moves().back(), ~game_.side_to_move()));
        game_.undo();
    } while (against_computer && ui_.computer[index(game_.side_to_move())] && game_.can_undo());
    ui_.picked.reset();
    std::string m = "took back " + taken[0];
    for (std::size_t i = 1; i < taken.size(); ++i) m += " and " + taken[i];
    if (taken.size() > 1) m += " (your turn again)";
    say(m);
    after_change();
}

void App::redo() {
    stop_worker();
    if (!game_.can_redo()) {
        say("nothing to redo", true);
        return;
    }
    const Color mover = game_.side_to_move();
    game_.redo();
    ui_.picked.reset();
    say("replayed " + move_name(game_.moves().back(), mover));
    after_change();
}

void App::save_named() {
    const auto path = saves::new_save_path();
    if (path.empty()) {
        say("cannot save: neither XDG_DATA_HOME nor HOME is set", true);
        return;
    }
    const std::string err = saves::write_file(path, saves::save_text(game_, saves::now_text()));
    if (!err.empty())
        say("not saved: " + err + "; the game goes on", true);
    else
        say("saved to " + path.string() + " (./main --load FILE opens it)");
}

void App::copy() {
    copy_to_clipboard(transcript_text(game_.moves()));
    autosave();
    const auto path = saves::autosave_path();
    std::string m = "copied " + std::to_string(game_.moves().size()) + " moves to the clipboard (OSC 52)";
    if (autosave_error_.empty() && !path.empty()) m += "; also saved in " + path.string();
    say(m);
}

void App::new_game() {
    if (!game_.moves().empty()) {
        ui_.confirm = Confirm::NewGame;
        say("start a new game? the current one stays in your clipboard only if you copied it (y/n)");
        return;
    }
    say("this is already a new game");
}

void App::toggle_computer(Color c) {
    bool& on = ui_.computer[index(c)];
    on = !on;
    if (!on && ui_.thinking && !worker_hint_ && game_.side_to_move() == c) stop_worker();
    say(std::string("computer plays ") + color_name(c) + ": " + (on ? "on" : "off") +
        (on ? std::string(" (level ") + level_name(options_.player.level) + ")" : ""));
}

void App::hint() {
    if (game_.over()) {
        say("the game is over", true);
        return;
    }
    if (ui_.thinking) {
        say("the computer is already thinking", true);
        return;
    }
    start_worker(true);
}

void App::after_change() {
    last_move_ = Clock::now();
    autosave();
}

void App::autosave() {
    const auto path = saves::autosave_path();
    if (path.empty()) {
        autosave_error_ = "neither XDG_STATE_HOME nor HOME is set";
        return;
    }
    const std::string err = saves::write_file(path, saves::save_text(game_, saves::now_text()));
    if (!err.empty() && err != autosave_error_) say("autosave failed: " + err + "; the game goes on", true);
    autosave_error_ = err;
}

void App::maybe_start_computer() {
    if (ui_.thinking || game_.over() || ui_.confirm != Confirm::None || ui_.help) return;
    if (!ui_.computer[index(game_.side_to_move())]) return;
    if (ui_.computer[0] && ui_.computer[1] &&
        std::chrono::duration<double>(Clock::now() - last_move_).count() < computer_pace)
        return;
    start_worker(false);
}

void App::start_worker(bool hint) {
    stop_worker();
    stop_ = false;
    worker_done_ = false;
    worker_hint_ = hint;
    ui_.thinking = true;
    ui_.hinting = hint;
    ui_.info = ThinkInfo{};
    worker_info_ = ThinkInfo{};
    worker_ = std::thread([this, snapshot = game_] {
        Choice c = player_.choose(snapshot, &stop_, [this](const ThinkInfo& info) {
            std::lock_guard lock(mutex_);
            worker_info_ = info;
        });
        std::lock_guard lock(mutex_);
        worker_choice_ = std::move(c);
        worker_done_ = true;
    });
}

void App::stop_worker() {
    if (!worker_.joinable()) return;
    stop_ = true;
    worker_.join();
    ui_.thinking = false;
    ui_.hinting = false;
}

void App::poll_worker() {
    if (!worker_.joinable()) return;
    Choice c;
    {
        std::lock_guard lock(mutex_);
        ui_.info = worker_info_;
        if (!worker_done_) return;
        c = worker_choice_;
    }
    worker_.join();
    ui_.thinking = false;
    ui_.hinting = false;
    if (c.move.is_none()) return;
    const Color mover = game_.side_to_move();
    const std::string name = move_name(c.move, mover);
    if (worker_hint_) {
        say("hint: " + name + " (" + c.why + ")");
        return;
    }
    if (!game_.play(c.move).empty()) return;  // cannot happen: the player only returns legal moves
    say(std::string("computer (") + color_name(mover) + ") played " + name + ": " + c.why);
    after_change();
}

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
    App app(options);
    if (std::string err = app.prepare(); !err.empty()) {
        std::cerr << err << "\n";
        return 1;
    }
    return app.run();
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
        const auto start = Clock::now();
        Game game;
        if (const auto err = game.play_transcript(text)) {
            endwin();
            out << "bench-paste: " << err->message() << "\n";
            return 1;
        }
        UiState ui;
        draw(game, ui);
        doupdate();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
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
