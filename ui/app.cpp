// The curses game: the event loop, the seats, what each key does, autosave and the archive.
#include "app.h"

#include <curses.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>

#include "engine/movegen.h"
#include "input.h"
#include "loop.h"
#include "saves/record.h"
#include "seat.h"
#include "terminal.h"
#include "view.h"

namespace gobblet::ui {

namespace {

constexpr std::size_t max_prompt = 120;  // characters a typed move may have
constexpr std::size_t max_batch = 4096;  // keys read in one turn of the loop: the screen stays live
constexpr Millis redraw_ms = 1000;       // the longest the screen goes without a redraw

// How fast the computer plays when it plays both sides, for watching.
struct Speed {
    const char* name;
    Millis pause;
};
constexpr Speed speeds[] = {{"fast", 0}, {"normal", 400}, {"slow", 2000}};

// "1 move", "2 moves".
std::string moves_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " move" : " moves"); }

Variant variant_of(const saves::VariantChoice& c) {
    return {c.size.value_or(4), c.rules.value_or(Rules::Official)};
}

class App {
  public:
    explicit App(const Options& o) : options_(o), hint_worker_(loop_), hint_player_(o.player) {}
    // Sets up the match from the options; "" or an error for stderr (before the terminal opens).
    std::string prepare();
    int run();

  private:
    // Seats.
    void install_seats(const std::array<SeatSpec, 2>& specs);
    void set_seat(int player, SeatKind kind);
    void refresh_names();
    SeatSpec spec_of(int player) const;
    Seat& seat(int player) { return *seats_[player]; }
    int seat_of(Color c) const { return match_.player_of(c); }
    bool is_computer(int player) const { return seats_[player]->kind() == SeatKind::Computer; }
    bool is_human(int player) const { return seats_[player]->kind() == SeatKind::Human; }
    // The human at the keyboard who acts now (offers, resigns, asks for a hint): the side to move when a
    // human plays it, else the only human; -1 when no human plays.
    int acting_human() const;
    void cancel_seats();

    // The loop.
    void read_input(Millis now);
    void on_key(Key k);
    void on_action(Action a);
    void on_mouse();
    void enter_pressed();
    void type_char(int c);
    void submit_prompt();
    void on_paste(const InputEvent& e);
    void service(Millis now);
    void on_answer(int player, const SeatAction& a);
    int timeout_ms(Millis now) const;
    void redraw(Millis now);
    Chrome chrome() const;
    bool available(Action a) const;
    void help_key(Key k);
    void overlay_key(Key k);
    void entry_key(Key k);
    void question_key(Key k);

    // Play.
    bool play_human(const MoveSpec& spec);
    void after_change(bool moved);
    void on_round_over();
    void on_spot(const Spot& spot);
    void move_cursor(int drow, int dcol);
    bool can_step(bool tell);
    // Why stepping through the game is not allowed now, or "".
    std::string step_allowed() const;

    // Actions.
    void step_back(int plies_at_least);
    void step_forward();
    void go_to(std::size_t plies);
    void save_named();
    void copy();
    void new_game();
    void start_new(bool keep_current);
    void toggle_computer(Color c);
    void hint();
    void pause();
    void offer_draw();
    void resign();
    void open_list();
    void open_menu();
    void menu_change(int delta);
    void open_record(const std::filesystem::path& path);

    void say(std::string text, bool error = false) {
        ui_.message = std::move(text);
        ui_.message_is_error = error;
    }
    void ask_question(Question q) { ui_.question = std::move(q); }
    Millis now() const { return monotonic_ms() - clock_origin_; }

    // Saves.
    void autosave();
    // Keeps a finished game or match in the archive (once); returns "; kept in PATH" for the message.
    std::string archive_if_over();
    std::string record_now() const;
    std::string keep_current(const char* why);

    Options options_;
    EventLoop loop_;
    Match match_;
    std::array<std::unique_ptr<Seat>, 2> seats_;
    std::array<std::optional<Ask>, 2> asked_;
    std::optional<int> draw_offer_to_;  // a player considering a draw offer
    UiState ui_;
    InputAssembler input_;
    Worker hint_worker_;
    Player hint_player_;
    std::mutex hint_mutex_;
    Choice hint_choice_;
    ThinkInfo hint_info_;
    bool quit_ = false;
    bool continue_here_ = false;  // the player let the computer play from a reviewed position
    Millis clock_origin_ = 0;     // monotonic time at start-up minus the restored clock's time
    Millis last_move_at_ = 0;
    Millis last_draw_ = 0;
    int speed_ = 1;  // index into speeds
    Variant next_variant_{};
    bool archived_ = false;
    std::string archive_path_;
    std::string autosave_error_;
    std::size_t handled_end_ = 0;  // rounds().size() when the current round's end was handled
    std::vector<std::filesystem::path> overlay_paths_;  // the game list's files (empty: the menu)
};

// ---------------------------------------------------------------------------------------------------
// Set-up

std::string App::prepare() {
    const char* no_color = std::getenv("NO_COLOR");
    ui_.color = !options_.no_color && !(no_color && *no_color);
    clock_origin_ = monotonic_ms();
    for (int i = 0; i < 3; ++i)
        if (options_.speed == speeds[i].name) speed_ = i;
    MatchSettings settings = options_.match;
    settings.variant = variant_of(options_.choice);
    if (options_.match_given && !options_.choice.size && options_.match.variant.size == 4)
        settings.variant.size = 4;
    if (options_.match_given) settings.variant.size = options_.match.variant.size;
    match_ = Match(settings);
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
        match_ = std::move(loaded->match);
        if (!options_.seats_given) seats = loaded->seats;
        if (loaded->clock) match_.clock().set_state(*loaded->clock, now());
        const Game& g = match_.game();
        if (loaded_from == "resume") {
            if (match_.phase() == MatchPhase::Over) {
                say("the last " + std::string(match_.single_game() ? "game" : "match") + " had ended (" +
                    (match_.single_game() ? match_.round_result_text() : match_.match_result_text()) +
                    "); it is shown for review: < and > step through it, n starts a new game");
                archived_ = true;  // it was archived when it ended
            } else {
                say("resumed the last " + std::string(match_.single_game() ? "game" : "match") + " (" +
                    moves_text(g.moves().size()) +
                    (match_.single_game() ? "" : ", round " + std::to_string(match_.round_number())) + ")");
            }
        } else {
            say("loaded " + printable(loaded_from) + " (" + moves_text(g.moves().size()) + ")");
            archived_ = match_.phase() == MatchPhase::Over;
        }
    }
    next_variant_ = match_.variant();
    install_seats(seats);
    return "";
}

SeatSpec App::spec_of(int player) const {
    SeatSpec s;
    s.kind = seats_[player]->kind();
    if (s.kind == SeatKind::Computer) {
        const auto& cs = static_cast<const ComputerSeat&>(*seats_[player]);
        if (cs.settings().level != options_.player.level) s.level = cs.settings().level;
    }
    return s;
}

void App::install_seats(const std::array<SeatSpec, 2>& specs) {
    for (int p : {0, 1}) {
        PlayerSettings ps = options_.player;
        if (specs[p].level) ps.level = *specs[p].level;
        ps.seed = options_.player.seed + std::uint64_t(p) * 7919;
        if (specs[p].kind == SeatKind::Computer)
            seats_[p] = std::make_unique<ComputerSeat>(loop_, ps);
        else
            seats_[p] = std::make_unique<HumanSeat>();
        ui_.seats[p].kind = seats_[p]->kind();
        ui_.seats[p].label = specs[p].kind == SeatKind::Computer ? level_name(ps.level) : "";
        asked_[p].reset();
    }
    // Names: a name given on the command line or in the save, else the seat's default name.
    for (int p : {0, 1}) {
        const std::string given = specs[p].name;
        const std::string current = match_.name(p);
        const bool default_now =
            current == "White" || current == "Black" || current.rfind("computer (", 0) == 0;
        if (!given.empty())
            match_.set_name(p, given);
        else if (default_now)
            match_.set_name(p, seat_name(specs[p], p == 0 ? Color::White : Color::Black,
                                         specs[p].level.value_or(options_.player.level)));
    }
}

void App::set_seat(int player, SeatKind kind) {
    seats_[player]->cancel();
    asked_[player].reset();
    PlayerSettings ps = options_.player;
    ps.seed = options_.player.seed + std::uint64_t(player) * 7919;
    if (kind == SeatKind::Computer)
        seats_[player] = std::make_unique<ComputerSeat>(loop_, ps);
    else
        seats_[player] = std::make_unique<HumanSeat>();
    ui_.seats[player].kind = kind;
    ui_.seats[player].label = kind == SeatKind::Computer ? level_name(ps.level) : "";
    refresh_names();
}

// Default names follow the seat: a side handed to the computer is called "computer (max)", and "White"
// again when handed back; a name the players gave stays.
void App::refresh_names() {
    for (int p : {0, 1}) {
        const std::string& current = match_.name(p);
        const bool default_now =
            current == "White" || current == "Black" || current.rfind("computer (", 0) == 0;
        if (!default_now) continue;
        SeatSpec s = spec_of(p);
        match_.set_name(p, seat_name(s, p == 0 ? Color::White : Color::Black, options_.player.level));
    }
}

int App::acting_human() const {
    const Game& g = match_.game();
    const int to_move = match_.player_of(g.side_to_move());
    if (is_human(to_move)) return to_move;
    if (is_human(1 - to_move)) return 1 - to_move;
    return -1;
}

void App::cancel_seats() {
    for (int p : {0, 1}) {
        seats_[p]->cancel();
        asked_[p].reset();
    }
    hint_worker_.stop();
}

// ---------------------------------------------------------------------------------------------------
// The loop

int App::run() {
    if (std::string err = open_terminal(ui_.color); !err.empty()) {
        std::cerr << err << "\n";
        return 1;
    }
    if (ui_.message.empty())
        say("Type a move (like W3B2) and press Enter, or press an arrow key for the cursor; ? shows every "
            "key.");
    match_.start_clock(now());
    last_move_at_ = now();
    std::vector<pollfd> extra;
    while (!quit_ && !quit_requested) {
        const Millis t = now();
        std::vector<InputEvent> events;
        input_.idle(t, events);
        for (const InputEvent& e : events) e.kind == InputEvent::Kind::Paste ? on_paste(e) : on_key(e.key);
        service(t);
        redraw(t);
        const EventLoop::Ready ready = loop_.wait(extra, timeout_ms(t));
        if (ready.input) read_input(now());
    }
    cancel_seats();
    autosave();
    close_terminal();
    const auto path = saves::autosave_path();
    if (autosave_error_.empty() && !path.empty() && !match_.game().moves().empty()) {
        if (match_.phase() == MatchPhase::Over && !archive_path_.empty())
            std::cout << "gobblet: the finished " << (match_.single_game() ? "game" : "match")
                      << " is kept in " << archive_path_ << "\n";
        else
            std::cout << "gobblet: the game is saved in " << path.string() << "; " << options_.program
                      << " --resume continues it\n";
    }
    return 0;
}

// Reads what the terminal has: keys through curses, and the body of a paste straight from the terminal
// in large chunks (curses reads a byte at a time: a 1 MB paste would keep the game busy for seconds).
void App::read_input(Millis t) {
    std::vector<InputEvent> events;
    for (int round = 0; round < 256 && !quit_; ++round) {
        if (input_.collecting()) {
            char buf[1 << 16];
            pollfd pfd{STDIN_FILENO, POLLIN, 0};
            if (poll(&pfd, 1, 0) != 1 || !(pfd.revents & POLLIN)) break;
            const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
            if (n <= 0) break;
            const std::size_t used = input_.feed_bytes(std::string_view(buf, std::size_t(n)), t, events);
            // Keys typed after the paste's end marker go back to curses, which reads them as keys
            // (escape sequences included). Its queue is short; a flood after a paste is dropped.
            const std::size_t rest = std::min<std::size_t>(std::size_t(n) - used, 64);
            for (std::size_t i = rest; i > 0; --i) ungetch(static_cast<unsigned char>(buf[used + i - 1]));
            continue;
        }
        std::vector<Key> batch;
        for (int waits = 0; waits < 4; ++waits) {
            wint_t ch;
            int r;
            bool marker = false;
            while (batch.size() < max_batch && (r = get_wch(&ch)) != ERR) {
                batch.push_back(Key{int(ch), r == KEY_CODE_YES});
                if ((marker = r == KEY_CODE_YES && int(ch) == paste_begin_code())) break;
            }
            // Several characters at once may be the first of a paste that the terminal does not
            // bracket: give the rest a moment to arrive, so that it is seen as one.
            if (marker || batch.size() < 2 || batch.size() >= max_batch) break;
            pollfd pfd{STDIN_FILENO, POLLIN, 0};
            if (poll(&pfd, 1, 5) != 1) break;
        }
        if (batch.empty()) break;
        input_.feed(batch, t, events);
    }
    for (const InputEvent& e : events) {
        if (quit_) break;
        e.kind == InputEvent::Kind::Paste ? on_paste(e) : on_key(e.key);
    }
}

int App::timeout_ms(Millis t) const {
    Millis wait = redraw_ms - (t - last_draw_);
    const auto consider = [&wait](Millis m) {
        if (m >= 0 && m < wait) wait = m;
    };
    consider(input_.until_due(t));
    const GameClock& c = match_.clock();
    if (c.running() && !c.paused()) {
        consider(c.until_event(t));
        const Millis left = c.time_left(*c.running(), t);
        consider(left <= 10'000 ? left % 100 + 1 : left % 1000 + 1);  // the clock face changes
    }
    if (ui_.thinking) consider(100);  // the search's progress
    const Game& g = match_.game();
    if (!g.over() && is_computer(seat_of(g.side_to_move())) && !asked_[seat_of(g.side_to_move())])
        consider(std::max<Millis>(0, last_move_at_ + speeds[speed_].pause - t));
    return int(std::clamp<Millis>(wait, 0, redraw_ms));
}

void App::redraw(Millis t) {
    last_draw_ = t;
    ui_.reviewing = match_.game().can_redo() && !continue_here_;
    if (ui_.help) {
        erase();
        const auto lines = help_lines(match_, COLS - 1);
        const int room = std::max(1, LINES - 1);
        ui_.help_scroll = std::clamp(ui_.help_scroll, 0, std::max(0, int(lines.size()) - room));
        for (int i = 0; i < room && ui_.help_scroll + i < int(lines.size()); ++i)
            mvaddnstr(i, 0, lines[ui_.help_scroll + i].c_str(), COLS - 1);
        std::string foot = "arrows PgUp PgDn scroll  Esc or q close  (" +
                           std::to_string(std::min<int>(lines.size(), ui_.help_scroll + room)) + " of " +
                           std::to_string(lines.size()) + " lines)";
        attron(A_REVERSE);
        mvaddnstr(LINES - 1, 0, foot.c_str(), COLS - 1);
        attroff(A_REVERSE);
        curs_set(0);
        refresh();
        return;
    }
    draw(match_, ui_, chrome(), t);
}

bool App::available(Action a) const {
    const Game& g = match_.game();
    const bool playing = !g.over() && match_.phase() == MatchPhase::Playing;
    const bool some_human = is_human(0) || is_human(1);
    switch (a) {
        case Action::Pause:
            return playing && (match_.clock().enabled() || (is_computer(0) && is_computer(1)));
        case Action::OfferDraw:
        case Action::Resign: return playing && some_human;
        case Action::Hint: return playing && acting_human() >= 0;
        case Action::Chat:
        case Action::Analysis:
        case Action::Puzzles: return false;
        case Action::Back:
        case Action::ToStart:
        case Action::GotoMove: return g.can_undo() && step_allowed().empty();
        case Action::Forward:
        case Action::ToEnd: return g.can_redo();
        default: return true;
    }
}

Chrome App::chrome() const {
    Chrome c;
    const int width = std::max(20, COLS - 1);
    if (ui_.question) {
        std::string line;
        for (const auto& a : ui_.question->answers) {
            std::string key =
                a.key.special ? (a.key.code == KEY_ENTER ? "Enter" : "?") : std::string(1, char(a.key.code));
            if (!a.key.special && (a.key.code == '\n' || a.key.code == '\r')) key = "Enter";
            line += (line.empty() ? "" : "   ") + key + " " + a.label;
        }
        if (ui_.question->on_cancel) line += "   Esc cancel";
        c.prompt_line = line;
        c.footer = {ui_.question->text.size() < 3 ? std::string() : "answer with one key"};
        return c;
    }
    if (ui_.entry) {
        c.prompt_line = ui_.entry->label + ": " + ui_.entry->text;
        c.prompt_cursor = int(c.prompt_line.size());
        c.footer = {"Enter confirm   Esc cancel"};
        return c;
    }
    if (ui_.overlay) {
        c.footer = {ui_.overlay->footer};
        return c;
    }
    const Game& g = match_.game();
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
        if (!g.over() && is_computer(seat_of(g.side_to_move())))
            note += ": Enter lets the computer play from here";
        note += " | ";
    }
    c.footer = footer_lines(ui_.mode, width, 2, [this](Action a) { return available(a); });
    if (!note.empty()) c.footer.insert(c.footer.begin(), note);
    return c;
}

// ---------------------------------------------------------------------------------------------------
// Keys

void App::on_key(Key k) {
    if (k.special && k.code == KEY_RESIZE) return;
    if (ui_.help) return help_key(k);
    if (ui_.overlay) return overlay_key(k);
    if (ui_.entry) return entry_key(k);
    if (ui_.question) return question_key(k);
    if (k.special && k.code == KEY_MOUSE) return on_mouse();
    const bool enter =
        (!k.special && (k.code == '\n' || k.code == '\r')) || (k.special && k.code == KEY_ENTER);
    const bool backspace = (k.special && (k.code == KEY_BACKSPACE || k.code == KEY_DC)) ||
                           (!k.special && (k.code == 127 || k.code == 8));
    if (ui_.mode == Mode::typing) {
        if (enter) return enter_pressed();
        if (backspace) {
            if (!ui_.prompt.empty()) ui_.prompt.pop_back();
            return;
        }
        if (!ui_.prompt.empty() && !k.special && k.code != 27 && k.code != 3) return type_char(k.code);
    }
    const Action a = action_for(k, ui_.mode);
    if (a != Action::None) return on_action(a);
    // Any other character starts a typed move (a mistyped one is quoted whole when it is refused).
    if (!k.special && k.code > 32 && k.code != 127) {
        ui_.mode = Mode::typing;
        type_char(k.code);
    }
}

void App::type_char(int c) {
    if (c < 32 || c == 127) return;
    if (ui_.prompt.size() >= max_prompt) {
        say("the prompt holds at most " + std::to_string(max_prompt) +
                " characters: press Enter to play it, or Esc to clear it",
            true);
        return;
    }
    append_utf8(ui_.prompt, c);
}

void App::enter_pressed() {
    if (!ui_.prompt.empty()) return submit_prompt();
    const Game& g = match_.game();
    if (ui_.reviewing && !g.over() && is_computer(seat_of(g.side_to_move()))) {
        match_.game().clear_redo();
        say("the computer plays on from here; the later moves are dropped");
        after_change(false);
        return;
    }
    say("Type a move (like W3B2) and press Enter, or press an arrow key to pick pieces with the cursor.");
}

void App::submit_prompt() {
    const std::string text = ui_.prompt;
    ui_.prompt.clear();
    const ParsedMoves parsed = parse_moves(text);
    if (parsed.error) {
        say(printable(parsed.error->written) + ": " + parsed.error->reason, true);
        return;
    }
    if (parsed.moves.empty()) return;
    if (parsed.moves.size() > 1) {
        InputEvent e;
        e.kind = InputEvent::Kind::Paste;
        e.text = text;
        return on_paste(e);
    }
    play_human(parsed.moves[0].spec);
}

void App::on_action(Action a) {
    switch (a) {
        case Action::None: return;
        case Action::Help:
            ui_.help = true;
            ui_.help_scroll = 0;
            return;
        case Action::Quit: quit_ = true; return;
        case Action::Back: return step_back(1);
        case Action::Forward: return step_forward();
        case Action::ToStart: return go_to(0);
        case Action::ToEnd: return go_to(match_.game().moves().size() + match_.game().redo_moves().size());
        case Action::GotoMove: {
            if (!can_step(true)) return;
            const std::size_t total = match_.game().moves().size() + match_.game().redo_moves().size();
            ui_.entry = LineEntry{
                "Go to move (0-" + std::to_string(total) + ", the number of moves played)", "", 6,
                [this](const std::string& s) {
                    char* end = nullptr;
                    const long n = std::strtol(s.c_str(), &end, 10);
                    const std::size_t all = match_.game().moves().size() + match_.game().redo_moves().size();
                    if (s.empty() || *end || n < 0 || std::size_t(n) > all) {
                        say("'" + printable(s) + "' is not a move number: give 0 to " + std::to_string(all),
                            true);
                        return;
                    }
                    go_to(std::size_t(n));
                }};
            return;
        }
        case Action::Save: return save_named();
        case Action::Copy: return copy();
        case Action::NewGame: return new_game();
        case Action::Open: return open_list();
        case Action::Menu: return open_menu();
        case Action::ComputerWhite: return toggle_computer(Color::White);
        case Action::ComputerBlack: return toggle_computer(Color::Black);
        case Action::Hint: return hint();
        case Action::Pause: return pause();
        case Action::OfferDraw: return offer_draw();
        case Action::Resign: return resign();
        case Action::Chat: say("chat works in a network game (--host or --join)", true); return;
        case Action::Analysis:
        case Action::Puzzles: say("not available in this build", true); return;
        case Action::ListUp:
        case Action::ListDown: {
            const int pairs = int(match_.game().moves().size() + 1) / 2;
            int first = ui_.list_scroll < 0 ? std::max(0, pairs - 10) : ui_.list_scroll;
            first += a == Action::ListUp ? -10 : 10;
            ui_.list_scroll = first >= pairs - 10 ? -1 : std::max(0, first);
            return;
        }
        case Action::CursorUp: return move_cursor(-1, 0);
        case Action::CursorDown: return move_cursor(1, 0);
        case Action::CursorLeft: return move_cursor(0, -1);
        case Action::CursorRight: return move_cursor(0, 1);
        case Action::Pick: return on_spot(ui_.cursor);
        case Action::Cancel:
            ui_.prompt.clear();
            if (ui_.picked && !ui_.picked->stack && match_.game().touched()) {
                say("official rules: the piece you picked up is touched and must be the one you move", true);
                return;
            }
            if (ui_.picked) {
                ui_.picked.reset();
                say("put back");
            }
            ui_.mode = Mode::typing;
            return;
    }
}

void App::help_key(Key k) {
    const int page = std::max(1, LINES - 2);
    if (k.special) {
        switch (k.code) {
            case KEY_UP: --ui_.help_scroll; return;
            case KEY_DOWN: ++ui_.help_scroll; return;
            case KEY_PPAGE: ui_.help_scroll -= page; return;
            case KEY_NPAGE: ui_.help_scroll += page; return;
            case KEY_HOME: ui_.help_scroll = 0; return;
            case KEY_END: ui_.help_scroll = 1 << 20; return;
            default: return;
        }
    }
    if (k.code == 'j' || k.code == ' ') {
        ui_.help_scroll += k.code == ' ' ? page : 1;
        return;
    }
    if (k.code == 'k') {
        --ui_.help_scroll;
        return;
    }
    if (k.code == 3) quit_ = true;
    ui_.help = false;  // any other key closes the help
}

void App::question_key(Key k) {
    Question& q = *ui_.question;
    for (const auto& a : q.answers) {
        const bool enter_answer = !a.key.special && (a.key.code == '\n');
        const bool is_enter =
            (!k.special && (k.code == '\n' || k.code == '\r')) || (k.special && k.code == KEY_ENTER);
        if ((enter_answer && is_enter) ||
            (!k.special && !a.key.special && std::tolower(k.code) == std::tolower(a.key.code))) {
            const auto act = a.act;
            ui_.question.reset();
            if (act) act();
            return;
        }
    }
    if (!k.special && k.code == 27 && q.on_cancel) {
        const auto cancel = q.on_cancel;
        ui_.question.reset();
        cancel();
        return;
    }
    if (!k.special && k.code == 3) {
        ui_.question.reset();
        quit_ = true;
        return;
    }
    say(q.text, false);  // any other key repeats the question
}

void App::entry_key(Key k) {
    LineEntry& e = *ui_.entry;
    if ((!k.special && (k.code == '\n' || k.code == '\r')) || (k.special && k.code == KEY_ENTER)) {
        const auto submit = e.submit;
        const std::string text = e.text;
        ui_.entry.reset();
        submit(text);
        return;
    }
    if (!k.special && (k.code == 27 || k.code == 3)) {
        ui_.entry.reset();
        say("cancelled");
        return;
    }
    if ((k.special && k.code == KEY_BACKSPACE) || (!k.special && (k.code == 127 || k.code == 8))) {
        if (!e.text.empty()) e.text.pop_back();
        return;
    }
    if (!k.special && k.code >= 32 && e.text.size() < e.max_length) append_utf8(e.text, k.code);
}

void App::on_mouse() {
    MEVENT ev;
    if (getmouse(&ev) != OK) return;
    const Layout l = make_layout(match_.variant().size, COLS, LINES);
    if (!l.fits()) return;
    if (const auto spot = hit(l, match_.game().position(), ev.y, ev.x)) {
        ui_.mode = Mode::cursor;
        ui_.cursor = *spot;
        on_spot(*spot);
        return;
    }
    // The stacks of the side to move, in the panel.
    const Color us = match_.game().side_to_move();
    const int clock_rows = match_.clock().enabled() ? 1 : 0;
    const int block = 1 + clock_rows + reserve_stacks + 1;
    const int first = l.board_y - 1 + (us == Color::White ? 0 : block) + 1 + clock_rows;
    if (ev.x >= l.panel_x && ev.y >= first && ev.y < first + reserve_stacks) {
        const Spot s{true, 0, 0, ev.y - first};
        ui_.mode = Mode::cursor;
        ui_.cursor = s;
        on_spot(s);
    }
}

void App::move_cursor(int drow, int dcol) {
    if (ui_.mode != Mode::cursor) {
        ui_.mode = Mode::cursor;  // an arrow in typing mode enters cursor mode (and moves)
        ui_.prompt.clear();
    }
    const int n = match_.variant().size;
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

// ---------------------------------------------------------------------------------------------------
// Pastes

void App::on_paste(const InputEvent& e) {
    if (e.too_big) {
        say("paste refused, nothing changed: it is larger than " + std::to_string(max_paste_bytes / 1024) +
                " KiB, far more than any game",
            true);
        return;
    }
    if (e.not_text) {
        say("paste refused, nothing changed: it is not text (it holds control codes or bytes that are not "
            "UTF-8)",
            true);
        return;
    }
    std::string text = e.text;
    if (!e.bracketed) {  // a burst may have begun at the prompt, typed as keys before it was recognised
        text = ui_.prompt + text;
        ui_.prompt.clear();
    }
    const bool one_line = text.find('\n') == std::string::npos;
    const ParsedMoves parsed = parse_moves(text);
    if (parsed.error) {
        say("paste refused, nothing changed: " + parsed.error->message(), true);
        return;
    }
    if (parsed.moves.empty()) {
        say("the paste held no moves", true);
        return;
    }
    if (parsed.moves.size() == 1 && one_line) {
        // A single move pasted onto the prompt: the player checks it and presses Enter.
        ui_.mode = Mode::typing;
        ui_.prompt = text.substr(0, max_prompt);
        return;
    }
    ui_.prompt.clear();
    const bool record =
        text.find("% round ") != std::string::npos || text.find("% gobblet match") != std::string::npos;
    if (!record) {
        // A continuation of the current game?
        Game continued = match_.game();
        const auto err = continued.play_transcript(parsed.moves);
        if (!err && !match_.game().over() && match_.phase() == MatchPhase::Playing) {
            cancel_seats();
            for (std::size_t i = match_.game().moves().size(); i < continued.moves().size(); ++i)
                match_.play(continued.moves()[i], now());
            ui_.picked.reset();
            say("pasted " + moves_text(parsed.moves.size()) + "; " +
                outcome_text(match_.game().result(), match_.game().side_to_move()));
            after_change(true);
            return;
        }
        if (match_.game().moves().empty() && err) {
            say("paste refused, nothing changed: " + err->message("--rules"), true);
            return;
        }
    }
    // A whole game or match from the start.
    saves::LoadedRecord r = saves::read_record(text, {match_.variant().rules, match_.variant().size});
    if (r.error) {
        say("paste refused, nothing changed: " + r.message("--rules"), true);
        return;
    }
    auto pending = std::make_shared<saves::Record>(std::move(*r.record));
    const std::string what = pending->is_match
                                 ? "a match (round " + std::to_string(pending->match.round_number()) + ")"
                                 : "a whole game of " + moves_text(pending->match.game().moves().size());
    ask_question(
        Question{"the paste is " + what + ": replace the current game with it? (the current one is kept)",
                 {{ch('y'), "replace",
                   [this, pending] {
                       const std::string kept = keep_current("replaced by a paste");
                       cancel_seats();
                       match_ = std::move(pending->match);
                       if (pending->clock) match_.clock().set_state(*pending->clock, now());
                       match_.start_clock(now());
                       refresh_names();
                       ui_.picked.reset();
                       archived_ = match_.phase() == MatchPhase::Over;
                       archive_path_.clear();
                       say("replaced the game with the pasted one (" +
                           moves_text(match_.game().moves().size()) + ")" + kept);
                       after_change(false);
                   }},
                  {ch('n'), "keep the current game", [this] { say("cancelled: nothing changed"); }}},
                 [this] { say("cancelled: nothing changed"); }});
    say(ui_.question->text);
}

// ---------------------------------------------------------------------------------------------------
// The seats and the clock, once a turn of the loop

void App::service(Millis t) {
    Game& g = match_.game();
    if (!ui_.paused && match_.clock().enabled() && !g.over()) {
        const std::optional<Color> running = match_.clock().running();
        const Millis reserve_before = running ? match_.clock().reserve_left(*running) : 0;
        const ClockUpdate u = match_.tick(t);
        if (u.chunks > 0 && running) {
            const std::string& name = match_.names_by_colour()[index(*running)];
            say(name + "'s turn time ran out: " +
                duration_text(reserve_before - match_.clock().reserve_left(*running)) +
                " taken from the reserve (" + clock_face(match_.clock().reserve_left(*running)) + " left)");
            autosave();
        }
        if (u.flagged) after_change(false);
    }
    for (int p : {0, 1})
        if (auto a = seat(p).answer()) on_answer(p, *a);
    if (hint_worker_.collect()) {
        std::lock_guard lock(hint_mutex_);
        if (!hint_choice_.move.is_none() && !g.over())
            say("hint: " + move_name(hint_choice_.move, g.side_to_move()) + " (" + hint_choice_.why + ")");
    }
    ui_.thinking = ui_.hinting = false;
    for (int p : {0, 1})
        if (seat(p).working()) {
            ui_.thinking = true;
            ui_.info = seat(p).progress();
        }
    if (hint_worker_.busy()) {
        std::lock_guard lock(hint_mutex_);
        ui_.thinking = ui_.hinting = true;
        ui_.info = hint_info_;
    }

    // What the seats should be working on.
    if (ui_.question || ui_.overlay || ui_.entry || ui_.help || ui_.paused) return;
    const bool watching = is_computer(0) && is_computer(1);
    const bool paced = !watching || t - last_move_at_ >= speeds[speed_].pause;
    if (draw_offer_to_) {
        const int p = *draw_offer_to_;
        if (is_computer(p) && asked_[p] != Ask::Draw) {
            seat(p).ask(Ask::Draw, match_, p, t);
            asked_[p] = Ask::Draw;
        }
        return;
    }
    switch (match_.phase()) {
        case MatchPhase::Playing: {
            const int p = seat_of(g.side_to_move());
            const bool reviewing = g.can_redo() && !continue_here_;
            if (is_computer(p) && !asked_[p] && !reviewing && paced) {
                seat(p).ask(Ask::Move, match_, p, t);
                asked_[p] = Ask::Move;
            }
            break;
        }
        case MatchPhase::ChoosingStarter: {
            const int p = match_.chooser();
            if (is_computer(p) && !asked_[p] && paced) {
                seat(p).ask(Ask::Starter, match_, p, t);
                asked_[p] = Ask::Starter;
            }
            break;
        }
        case MatchPhase::Replay:
            if (!is_human(0) && !is_human(1) && paced) {
                match_.next_round(t);
                say("round " + std::to_string(match_.round_number()) + " is played again");
                after_change(false);
            }
            break;
        case MatchPhase::Over: break;
    }
}

void App::on_answer(int player, const SeatAction& a) {
    const Millis t = now();
    const std::optional<Ask> asked = asked_[player];
    asked_[player].reset();
    switch (a.kind) {
        case SeatAction::Kind::Move: {
            Game& g = match_.game();
            if (asked != Ask::Move || g.over() || seat_of(g.side_to_move()) != player) return;
            const Color mover = g.side_to_move();
            if (!match_.play(a.move, t).empty()) {
                after_change(false);  // a flag fell before the move arrived
                return;
            }
            say(match_.names_by_colour()[index(mover)] + " played " + move_name(a.move, mover) + ": " +
                a.why);
            after_change(true);
            return;
        }
        case SeatAction::Kind::AcceptDraw:
        case SeatAction::Kind::DeclineDraw: {
            if (draw_offer_to_ != player) return;
            draw_offer_to_.reset();
            if (a.kind == SeatAction::Kind::AcceptDraw && !match_.game().over()) {
                match_.agree_draw(t);
                say(match_.name(player) + " accepts the draw");
                after_change(false);
            } else {
                say(match_.name(player) + " declines the draw: play goes on");
            }
            return;
        }
        case SeatAction::Kind::Starter:
            if (match_.phase() != MatchPhase::ChoosingStarter || match_.chooser() != player) return;
            match_.choose_starter(a.starter, t);
            say(match_.name(player) + " chose that " + match_.name(a.starter) + " starts round " +
                std::to_string(match_.round_number()) + " (and plays White)");
            after_change(false);
            return;
    }
}

// ---------------------------------------------------------------------------------------------------
// Play

bool App::play_human(const MoveSpec& spec) {
    Game& g = match_.game();
    if (g.over()) {
        say(match_.phase() == MatchPhase::Over ? "the game is over: n starts a new one" +
                                                     std::string(can_step(false) ? ", < steps back" : "")
                                               : "the round is over: answer the question below to go on",
            true);
        return false;
    }
    if (ui_.paused) {
        say("the game is paused: press p to resume", true);
        return false;
    }
    const Color mover = g.side_to_move();
    const int p = seat_of(mover);
    if (!is_human(p)) {
        say("it is " + match_.name(p) + "'s turn: press " + (mover == Color::White ? "[" : "]") +
                " to take over " + color_name(mover),
            true);
        return false;
    }
    const std::string written = spec_name(spec);
    const std::string reason = match_.play(spec, true, now());
    if (!reason.empty()) {
        std::string m = written + ": " + reason;
        if (g.over() && g.result().ending == Ending::Forfeit)
            m += " (the touched piece could not move)";
        else if (const auto t = g.touched(); t && reason.find("touched") == std::string::npos)
            m += "; official rules: the piece on " + square_name(*t) +
                 " is touched and must be the piece you move";
        say(m, true);
        if (g.over()) after_change(false);
        return false;
    }
    ui_.picked.reset();
    say(match_.names_by_colour()[index(mover)] + " played " + move_name(g.moves().back(), mover));
    after_change(true);
    return true;
}

void App::after_change(bool moved) {
    if (moved) {
        last_move_at_ = now();
        draw_offer_to_.reset();  // an offer stands for one position
        ui_.list_scroll = -1;
    }
    continue_here_ = continue_here_ && match_.game().can_redo();
    const bool over = match_.game().over();
    if (over && handled_end_ != match_.rounds().size()) {
        handled_end_ = match_.rounds().size();
        on_round_over();
    }
    if (!over) handled_end_ = 0;
    autosave();
}

void App::on_round_over() {
    cancel_seats();
    draw_offer_to_.reset();
    ui_.picked.reset();
    ui_.prompt.clear();
    ui_.mode = Mode::typing;
    std::string text = match_.round_result_text();
    switch (match_.phase()) {
        case MatchPhase::Over: {
            const std::string kept = archive_if_over();
            say(std::string(match_.single_game() ? "The game is over" : "The match is over") + kept +
                "; n starts a new one");
            return;
        }
        case MatchPhase::ChoosingStarter: {
            const int loser = match_.chooser();
            say(text);
            if (!is_human(loser)) return;  // the computer chooses by its rule
            const int other = 1 - loser;
            const int next = match_.round_number() + 1;
            ask_question(Question{
                match_.name(loser) + " lost round " + std::to_string(match_.round_number()) +
                    " and chooses who starts round " + std::to_string(next) + " (the starter plays White)",
                {{ch('s'), match_.name(loser) + " starts",
                  [this, loser] {
                      match_.choose_starter(loser, now());
                      say(match_.name(loser) + " starts round " + std::to_string(match_.round_number()));
                      after_change(false);
                  }},
                 {ch('o'), match_.name(other) + " starts",
                  [this, other] {
                      match_.choose_starter(other, now());
                      say(match_.name(other) + " starts round " + std::to_string(match_.round_number()));
                      after_change(false);
                  }}},
                nullptr});
            say(ui_.question->text + ".");
            return;
        }
        case MatchPhase::Replay:
            say(text);
            if (!is_human(0) && !is_human(1)) return;
            ask_question(
                Question{text,
                         {{ch('\n'), "start round " + std::to_string(match_.round_number()) + " again",
                           [this] {
                               match_.next_round(now());
                               say("round " + std::to_string(match_.round_number()) +
                                   " is played again: " + match_.names_by_colour()[0] + " starts");
                               after_change(false);
                           }}},
                         nullptr});
            return;
        case MatchPhase::Playing: return;
    }
}

void App::on_spot(const Spot& spot) {
    Game& g = match_.game();
    if (g.over() || ui_.paused || !is_human(seat_of(g.side_to_move()))) {
        play_human(MoveSpec::square(0, 0));  // says why no move can be made now
        return;
    }
    const Position& pos = g.position();
    const Color us = pos.side_to_move();
    if (!ui_.picked) {
        if (spot.stack) {
            if (!pos.stack_top(us, spot.index)) {
                say(std::string("stack ") + "XYZ"[spot.index] + " is empty", true);
                return;
            }
            if (g.touched()) {
                say("official rules: the piece on " + square_name(*g.touched()) +
                        " is touched and must be the piece you move",
                    true);
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
        if (g.variant().touch_rule()) {
            const std::string reason = g.touch(sq);
            if (!reason.empty()) {
                say(reason, true);
                return;
            }
            if (g.over()) {
                say("official rules: the touched piece on " + square_name(sq) +
                        " cannot move, and that forfeits",
                    true);
                after_change(false);
                return;
            }
        }
        ui_.picked = spot;
        say("picked up the piece on " + square_name(sq) + ": choose where to put it" +
            (g.variant().touch_rule() ? " (official rules: it is touched and must be moved)" : ""));
        autosave();
        return;
    }
    const Spot from = *ui_.picked;
    const bool touched = !from.stack && g.touched().has_value();
    if (spot == from || spot.stack) {
        if (touched) {
            say("official rules: the piece you picked up is touched and must be the one you move", true);
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
    play_human(from.stack ? MoveSpec::stack_of(us, from.index, to)
                          : MoveSpec::square(make_square(from.row, from.col), to));
}

// ---------------------------------------------------------------------------------------------------
// Stepping through the game

std::string App::step_allowed() const {
    if (!match_.single_game() && match_.game().over())
        return "round " + std::to_string(match_.round_number()) + " is over and counts in the match";
    if (match_.clock().enabled() && !match_.game().over()) return "takebacks are off while the clock runs";
    return {};
}

bool App::can_step(bool tell) {
    const std::string why = step_allowed();
    if (!why.empty() && tell) say(why, true);
    return why.empty();
}

void App::step_back(int) {
    if (!can_step(true)) return;
    Game& g = match_.game();
    if (!g.can_undo()) {
        say("nothing to take back: this is the start of the game", true);
        return;
    }
    cancel_seats();
    std::vector<std::string> taken;
    const bool against_computer = is_computer(0) != is_computer(1);
    do {
        const bool ending =
            g.over() && (g.result().ending == Ending::Forfeit || g.result().ending == Ending::Resignation ||
                         g.result().ending == Ending::Agreement || g.result().ending == Ending::Time);
        taken.push_back(ending ? "the " +
                                     std::string(g.result().ending == Ending::Forfeit ? "forfeit" : "ending")
                               : move_name(g.moves().back(), ~g.side_to_move()));
        g.undo();
    } while (against_computer && is_computer(seat_of(g.side_to_move())) && g.can_undo());
    ui_.picked.reset();
    std::string m = "took back " + taken[0];
    for (std::size_t i = 1; i < taken.size(); ++i) m += " and " + taken[i];
    if (taken.size() > 1) m += " (your turn again)";
    say(m + "; > replays");
    continue_here_ = false;
    after_change(false);
}

void App::step_forward() {
    Game& g = match_.game();
    if (!g.can_redo()) {
        say("nothing to replay: this is the last move played", true);
        return;
    }
    cancel_seats();
    const Color mover = g.side_to_move();
    g.redo();
    ui_.picked.reset();
    say("replayed " + move_name(g.moves().back(), mover));
    after_change(false);
}

void App::go_to(std::size_t plies) {
    if (!can_step(true)) return;
    Game& g = match_.game();
    cancel_seats();
    while (g.moves().size() > plies && g.can_undo()) g.undo();
    while (g.moves().size() < plies && g.can_redo()) g.redo();
    ui_.picked.reset();
    say("at move " + std::to_string(g.moves().size()) + " of " +
        std::to_string(g.moves().size() + g.redo_moves().size()));
    after_change(false);
}

// ---------------------------------------------------------------------------------------------------
// Other actions

void App::save_named() {
    const auto dir = saves::saves_dir();
    if (dir.empty()) {
        say("cannot save: neither XDG_DATA_HOME nor HOME is set", true);
        return;
    }
    std::filesystem::path written;
    const std::string err = saves::write_new_file(dir, "game-" + saves::file_stamp(), record_now(), &written);
    if (!err.empty())
        say("not saved: " + err + "; the game goes on", true);
    else
        say("saved to " + written.string() + " (" + options_.program + " --load FILE opens it)");
}

void App::copy() {
    const std::string text = match_.single_game() ? transcript_text(match_.game().moves()) : record_now();
    copy_to_clipboard(text);
    autosave();
    const auto path = saves::autosave_path();
    std::string m = "sent " + moves_text(match_.game().moves().size()) +
                    " to the terminal's clipboard (if it supports OSC 52)";
    if (autosave_error_.empty() && !path.empty()) m += "; the game is also saved at " + path.string();
    say(m);
}

void App::new_game() {
    const bool empty = match_.game().moves().empty() && match_.rounds().size() == 1;
    if (empty && next_variant_ == match_.variant()) {
        say("this is already a new game");
        return;
    }
    if (empty || archived_) {
        ask_question(Question{"start a new game?",
                              {{ch('y'), "new game", [this] { start_new(false); }},
                               {ch('n'), "cancel", [this] { say("cancelled"); }}},
                              [this] { say("cancelled"); }});
        say("start a new game? (the last one is kept in your archive)");
        return;
    }
    ask_question(
        Question{"new game: keep this one?",
                 {{ch('k'), "keep this one in your saves and start a new one", [this] { start_new(true); }},
                  {ch('d'), "drop this one and start a new one", [this] { start_new(false); }}},
                 [this] { say("cancelled"); }});
    say("start a new game: keep the current one in your saves (k) or drop it (d)? Esc cancels");
}

void App::start_new(bool keep) {
    const std::string kept = keep ? keep_current("kept before a new game") : "";
    cancel_seats();
    MatchSettings settings = match_.settings();
    settings.variant = next_variant_;
    std::array<std::string, 2> names = {match_.name(0), match_.name(1)};
    match_ = Match(settings, names);
    for (int p : {0, 1})
        if (is_computer(p)) static_cast<ComputerSeat&>(seat(p)).new_game();
    match_.start_clock(now());
    ui_.picked.reset();
    ui_.paused = false;
    archived_ = false;
    archive_path_.clear();
    handled_end_ = 0;
    last_move_at_ = now();
    say("new " + std::string(match_.single_game() ? "game" : "match") + kept);
    after_change(false);
}

void App::toggle_computer(Color c) {
    const int p = seat_of(c);
    const bool on = !is_computer(p);
    set_seat(p, on ? SeatKind::Computer : SeatKind::Human);
    say(std::string("computer plays ") + color_name(c) + ": " + (on ? "on" : "off") +
        (on ? std::string(" (level ") + level_name(options_.player.level) + ")" : ""));
    autosave();
}

void App::hint() {
    const Game& g = match_.game();
    if (!available(Action::Hint)) {
        say(g.over() ? "the game is over" : "a hint is for a human player's turn", true);
        return;
    }
    if (hint_worker_.busy()) {
        say("already looking for a hint", true);
        return;
    }
    PlayerSettings s = options_.player;
    s.level = Level::Max;
    hint_player_.set_settings(s);
    {
        std::lock_guard lock(hint_mutex_);
        hint_choice_ = {};
        hint_info_ = {};
    }
    hint_worker_.start([this, snapshot = g](const std::atomic<bool>& stop) {
        Choice c = hint_player_.choose(snapshot, &stop, [this](const ThinkInfo& info) {
            std::lock_guard lock(hint_mutex_);
            hint_info_ = info;
        });
        std::lock_guard lock(hint_mutex_);
        hint_choice_ = std::move(c);
    });
}

void App::pause() {
    if (!available(Action::Pause)) {
        say("pause stops the clocks, or a computer playing itself: there is neither now", true);
        return;
    }
    ui_.paused = !ui_.paused;
    const Millis t = now();
    if (ui_.paused) {
        cancel_seats();
        match_.clock().pause(t);
        say("paused: the clocks are stopped; p resumes");
    } else {
        match_.clock().resume(t);
        last_move_at_ = t;
        say("resumed");
    }
    autosave();
}

void App::offer_draw() {
    if (!available(Action::OfferDraw)) {
        say("a draw can be offered while a round is being played by a human", true);
        return;
    }
    const int from = acting_human();
    const int to = 1 - from;
    if (is_human(to)) {
        ask_question(Question{
            match_.name(from) + " offers a draw: " + match_.name(to) + ", do you accept?",
            {{ch('y'), "accept the draw",
              [this] {
                  match_.agree_draw(now());
                  say("draw agreed");
                  after_change(false);
              }},
             {ch('n'), "decline", [this, to] { say(match_.name(to) + " declines the draw: play goes on"); }}},
            nullptr});
        say(ui_.question->text);
        return;
    }
    cancel_seats();
    draw_offer_to_ = to;
    say(match_.name(from) + " offers a draw; " + match_.name(to) + " is considering it...");
}

void App::resign() {
    if (!available(Action::Resign)) {
        say("resigning ends a round in progress played by a human", true);
        return;
    }
    const int p = acting_human();
    const std::string what =
        match_.single_game() ? "the game" : "round " + std::to_string(match_.round_number());
    ask_question(Question{match_.name(p) + ": resign " + what + "?",
                          {{ch('y'), "resign",
                            [this, p] {
                                match_.resign(match_.colour_of(p), now());
                                after_change(false);
                            }},
                           {ch('n'), "play on", [this] { say("play goes on"); }}},
                          [this] { say("play goes on"); }});
    say(ui_.question->text);
}

// ---------------------------------------------------------------------------------------------------
// Overlays: the settings menu and the list of games

void App::open_menu() {
    Overlay o;
    o.title = "Settings";
    const auto onoff = [](bool b) { return std::string(b ? "on" : "off"); };
    o.rows = {
        {"Computer level", level_name(options_.player.level)},
        {"Think time a move (max level)", duration_text(Millis(options_.player.think_seconds * 1000))},
        {"Computer plays White", onoff(is_computer(seat_of(Color::White)))},
        {"Computer plays Black", onoff(is_computer(seat_of(Color::Black)))},
        {"Speed when the computer plays itself", speeds[speed_].name},
        {"Rules of the next game", rules_name(next_variant_.rules)},
        {"Board of the next game", next_variant_.size == 4 ? "4x4 (Gobblet)" : "3x3 (Gobblet Jr.)"},
    };
    o.selected = ui_.overlay && ui_.overlay->title == "Settings" ? ui_.overlay->selected : 0;
    o.footer = "up/down choose   left/right or Enter change   Esc or m close";
    ui_.overlay = o;
    overlay_paths_.clear();
}

void App::menu_change(int delta) {
    const int row = ui_.overlay->selected;
    const auto cycle = [delta](int value, int count) { return ((value + delta) % count + count) % count; };
    switch (row) {
        case 0: {
            options_.player.level = Level(cycle(int(options_.player.level), 4));
            for (int p : {0, 1})
                if (is_computer(p)) {
                    auto& cs = static_cast<ComputerSeat&>(seat(p));
                    PlayerSettings s = cs.settings();
                    s.level = options_.player.level;
                    cs.set_settings(s);
                    asked_[p].reset();
                    ui_.seats[p].label = level_name(s.level);
                }
            refresh_names();
            break;
        }
        case 1: {
            static const double steps[] = {0.25, 0.5, 1, 2, 5, 10, 30};
            int i = 0;
            while (i < 6 && steps[i] < options_.player.think_seconds - 1e-9) ++i;
            options_.player.think_seconds = steps[cycle(i, 7)];
            for (int p : {0, 1})
                if (is_computer(p)) {
                    auto& cs = static_cast<ComputerSeat&>(seat(p));
                    PlayerSettings s = cs.settings();
                    s.think_seconds = options_.player.think_seconds;
                    cs.set_settings(s);
                    asked_[p].reset();
                }
            break;
        }
        case 2: toggle_computer(Color::White); break;
        case 3: toggle_computer(Color::Black); break;
        case 4: speed_ = cycle(speed_, 3); break;
        case 5:
            next_variant_.rules = next_variant_.rules == Rules::Official ? Rules::Rogers : Rules::Official;
            say("the next game is played under the " + std::string(rules_name(next_variant_.rules)) +
                " rules (n starts it)");
            break;
        case 6:
            next_variant_.size = next_variant_.size == 4 ? 3 : 4;
            say("the next game is played on " + std::string(next_variant_.size == 4 ? "4x4" : "3x3") +
                " (n starts it)");
            break;
    }
    open_menu();
    autosave();
}

void App::open_list() {
    struct Entry {
        std::filesystem::file_time_type time;
        std::filesystem::path path;
    };
    std::vector<Entry> entries;
    for (const auto& dir : {saves::saves_dir(), saves::games_dir()}) {
        std::error_code ec;
        if (dir.empty() || !std::filesystem::is_directory(dir, ec)) continue;
        for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
            if (!e.is_regular_file(ec) || e.path().extension() != ".txt" ||
                e.path().filename().string()[0] == '.')
                continue;
            entries.push_back({e.last_write_time(ec), e.path()});
        }
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.time > b.time; });
    if (entries.size() > 200) entries.resize(200);
    Overlay o;
    o.title = "Saved and archived games, most recent first";
    overlay_paths_.clear();
    for (const Entry& e : entries) {
        std::string text;
        if (!saves::read_file(e.path, text).empty()) continue;
        const saves::LoadedRecord r = saves::read_record(text);
        if (!r.record) continue;
        const Match& m = r.record->match;
        std::string result = m.phase() == MatchPhase::Over
                                 ? (m.single_game() ? outcome_text(m.game().result(), m.game().side_to_move())
                                                    : m.match_result_text())
                                 : "in progress, " + moves_text(m.game().moves().size());
        o.rows.push_back({r.record->date + "  " + m.name(0) + " - " + m.name(1) + "  " + result,
                          e.path.parent_path().filename().string() == "games" ? "archive" : "save"});
        overlay_paths_.push_back(e.path);
    }
    if (o.rows.empty()) {
        say("no saved or archived games yet: s saves one, and finished games are archived by themselves");
        return;
    }
    o.footer = "up/down choose   Enter open   Esc close";
    ui_.overlay = o;
}

void App::open_record(const std::filesystem::path& path) {
    std::string text;
    if (std::string err = saves::read_file(path, text); !err.empty()) {
        say(err, true);
        return;
    }
    saves::LoadedRecord r = saves::read_record(text);
    if (r.error) {
        say(printable(path.string()) + ": " + r.message(), true);
        return;
    }
    const std::string kept = keep_current("kept before opening another");
    cancel_seats();
    match_ = std::move(r.record->match);
    if (r.record->clock) match_.clock().set_state(*r.record->clock, now());
    match_.start_clock(now());
    refresh_names();
    archived_ = match_.phase() == MatchPhase::Over;
    archive_path_.clear();
    handled_end_ = match_.game().over() ? match_.rounds().size() : 0;
    ui_.picked.reset();
    say("opened " + path.filename().string() + " (" + moves_text(match_.game().moves().size()) +
        (match_.game().over() ? ", " + match_.round_result_text() : "") + ")" + kept);
    after_change(false);
}

void App::overlay_key(Key k) {
    Overlay& o = *ui_.overlay;
    const bool menu = overlay_paths_.empty();
    const int n = int(o.rows.size());
    if (k.special) {
        switch (k.code) {
            case KEY_UP: o.selected = std::max(0, o.selected - 1); return;
            case KEY_DOWN: o.selected = std::min(n - 1, o.selected + 1); return;
            case KEY_PPAGE: o.selected = std::max(0, o.selected - 10); return;
            case KEY_NPAGE: o.selected = std::min(n - 1, o.selected + 10); return;
            case KEY_HOME: o.selected = 0; return;
            case KEY_END: o.selected = n - 1; return;
            case KEY_LEFT:
                if (menu) menu_change(-1);
                return;
            case KEY_RIGHT:
                if (menu) menu_change(1);
                return;
            case KEY_ENTER: break;
            default: return;
        }
    } else if (k.code == 'j') {
        o.selected = std::min(n - 1, o.selected + 1);
        return;
    } else if (k.code == 'k') {
        o.selected = std::max(0, o.selected - 1);
        return;
    } else if (k.code == 27 || k.code == 'q' || (menu && k.code == 'm') || (!menu && k.code == 'o')) {
        ui_.overlay.reset();
        return;
    } else if (k.code == 3) {
        quit_ = true;
        return;
    } else if (k.code != '\n' && k.code != '\r' && k.code != ' ') {
        return;
    }
    if (menu) return menu_change(1);
    const std::filesystem::path path = overlay_paths_.at(o.selected);
    ui_.overlay.reset();
    open_record(path);
}

// ---------------------------------------------------------------------------------------------------
// Saves and the archive

std::string App::record_now() const {
    const GameClock::State st = match_.clock().state(now());
    std::array<SeatSpec, 2> specs = {spec_of(0), spec_of(1)};
    return saves::record_text(match_, specs, &st, saves::now_text());
}

void App::autosave() {
    const auto path = saves::autosave_path();
    if (path.empty()) {
        autosave_error_ = "neither XDG_STATE_HOME nor HOME is set";
        return;
    }
    const std::string err = saves::write_file(path, record_now());
    if (!err.empty() && err != autosave_error_) say("autosave failed: " + err + "; the game goes on", true);
    autosave_error_ = err;
}

std::string App::archive_if_over() {
    if (match_.phase() != MatchPhase::Over || archived_) return "";
    const auto dir = saves::games_dir();
    if (dir.empty()) return "";
    std::filesystem::path written;
    const std::string err = saves::write_new_file(dir, saves::archive_stem(match_), record_now(), &written);
    if (!err.empty()) return "; it could not be archived: " + err;
    archived_ = true;
    archive_path_ = written.string();
    return " and kept in " + archive_path_;
}

std::string App::keep_current(const char*) {
    const Match& m = match_;
    if (archived_ || (m.game().moves().empty() && m.rounds().size() == 1)) return "";
    const auto dir = saves::saves_dir();
    if (dir.empty()) return "";
    std::filesystem::path written;
    const std::string err = saves::write_new_file(dir, "game-" + saves::file_stamp(), record_now(), &written);
    if (!err.empty()) return "; the previous game could not be kept: " + err;
    return "; the previous game is kept in " + written.string();
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
