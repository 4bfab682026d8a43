// The curses game: set-up, the event loop and the seats, once a turn of the loop.
#include "app_impl.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>

#include "engine/movegen.h"
#include "shell.h"
#include "terminal.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// Set-up

std::string App::prepare() {
    apply_settings_file();
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
            teach_new_match(true);  // an opened game is reviewed
        }
    }
    next_variant_ = match_.variant();
    install_seats(seats);
    return start_network();
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

std::unique_ptr<Seat> App::make_seat(SeatKind kind, const PlayerSettings& settings) {
    switch (kind) {
        case SeatKind::Computer: return std::make_unique<ComputerSeat>(loop_, settings);
        case SeatKind::Remote: return std::make_unique<RemoteSeat>();
        case SeatKind::Human: break;
    }
    return std::make_unique<HumanSeat>();
}

void App::install_seats(const std::array<SeatSpec, 2>& specs) {
    for (int p : {0, 1}) {
        PlayerSettings ps = options_.player;
        if (specs[p].level) ps.level = *specs[p].level;
        ps.seed = options_.player.seed + std::uint64_t(p) * 7919;
        seats_[p] = make_seat(specs[p].kind, ps);
        ui_.seats[p].kind = seats_[p]->kind();
        ui_.seats[p].label = specs[p].kind == SeatKind::Computer ? level_name(ps.level) : "";
        asked_[p].reset();
    }
    // Names: a name given on the command line or in the save, else the seat's default name.
    const std::array<std::string, 2> defaults = seat_names(specs, options_.player.level);
    for (int p : {0, 1}) {
        if (!specs[p].name.empty())
            match_.set_name(p, specs[p].name);
        else if (is_default_name(match_.name(p)))
            match_.set_name(p, defaults[p]);
    }
}

void App::set_seat(int player, SeatKind kind) {
    seats_[player]->cancel();
    asked_[player].reset();
    PlayerSettings ps = options_.player;
    ps.seed = options_.player.seed + std::uint64_t(player) * 7919;
    seats_[player] = make_seat(kind, ps);
    ui_.seats[player].kind = kind;
    ui_.seats[player].label = kind == SeatKind::Computer ? level_name(ps.level) : "";
    refresh_names();
}

// Default names follow the seat: a side handed to the computer is called "computer (max)", and "White"
// again when handed back (two computers alike are numbered); a name the players gave stays.
void App::refresh_names() {
    const std::array<std::string, 2> defaults = seat_names({spec_of(0), spec_of(1)}, options_.player.level);
    for (int p : {0, 1})
        if (is_default_name(match_.name(p))) match_.set_name(p, defaults[p]);
}

int App::acting_human() const {
    if (net_) return is_human(net_->local_player()) ? net_->local_player() : -1;
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
    coach_worker_.stop();  // the computer's reply it held is dropped too
    ui_.activity.clear();
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
    if (!options_.join_to && !options_.host_at) match_.start_clock(now());  // a host's session starts its own
    if (options_.join_to && !net_) ask_code();
    // A match saved while a finished round's question was open (quitting with q there) asks it again.
    if (!net_ && match_.game().over() && match_.phase() != MatchPhase::Over) {
        handled_end_ = match_.rounds().size();
        if (ask_round_question()) say(ui_.message + ". " + ui_.question->text + ".");
    }
    open_at_start();
    last_move_at_ = now();
}

void App::service(Millis t) {
    if (leave_at_ >= 0 && t >= leave_at_) return quit();
    teach_service();  // first: the coach may hold the computer's reply
    service_seats(t);
}

std::string App::close(Millis) {
    cancel_seats();
    teach_stop();
    if (net_) net_->leave(match_.name(std::max(0, local_player())) + " left the game", now());
    if (exit_status_ != 0) return "";  // the shell says why on stderr
    if (options_.puzzles) return "";   // the game was never shown: its autosave is left alone
    autosave();
    const auto path = saves::autosave_path();
    if (!autosave_error_.empty() || path.empty() || match_.game().moves().empty()) return "";
    if (match_.phase() == MatchPhase::Over && !archive_path_.empty())
        return "gobblet: the finished " + std::string(match_.single_game() ? "game" : "match") +
               " is kept in " + archive_path_ + "\n";
    return "gobblet: the game is saved in " + path.string() + "; " + options_.program +
           " --resume continues it\n";
}

Millis App::until_next(Millis t) const {
    Millis wait = -1;
    const auto consider = [&wait](Millis m) {
        if (m >= 0 && (wait < 0 || m < wait)) wait = m;
    };
    const GameClock& c = match_.clock();
    if (c.running() && !c.paused()) {
        consider(c.until_event(t));
        const Millis left = c.time_left(*c.running(), t);
        consider(left <= 10'000 ? left % 100 + 1 : left % 1000 + 1);  // the clock face changes
    }
    if (ui_.thinking) consider(100);  // the search's progress
    if (coach_holds()) consider(std::max<Millis>(0, coach_deadline() - t));
    if (net_) consider(net_->until_next(match_, t));
    if (leave_at_ >= 0) consider(std::max<Millis>(0, leave_at_ - t));
    const Game& g = match_.game();
    // The computer's pace, when it is about to be asked (not while the seats wait: the loop would spin).
    const bool reviewing = g.can_redo() && !continue_here_;
    if (!g.over() && is_computer(seat_of(g.side_to_move())) && !asked_[seat_of(g.side_to_move())] &&
        !seats_held() && !reviewing)
        consider(std::max<Millis>(0, last_move_at_ + speeds[speed_].pause - t));
    return wait;
}

void App::draw(Millis t) {
    ui_.reviewing = match_.game().can_redo() && !continue_here_;
    ui_.title_note = net_title();
    if (const std::string r = teach_title(); !r.empty())
        ui_.title_note += (ui_.title_note.empty() ? "" : "  ") + r;
    if (exercise_) return exercise_->draw(t);
    if (ui_.help) return draw_help(help_now(COLS - 1), ui_.help_scroll);
    ui::draw(match_, ui_, chrome(), t);
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
    const Game& g = match_.game();
    const bool playing = !g.over() && match_.phase() == MatchPhase::Playing;
    const bool some_human = is_human(0) || is_human(1);
    if (net_) {
        const bool live = net_->playing();
        switch (a) {
            case Action::Pause: return live && match_.clock().enabled();
            case Action::OfferDraw: return live && playing && acting_human() >= 0;
            case Action::Resign: return net_->can_play() && playing && acting_human() >= 0;
            case Action::Back:
            case Action::Chat: return live;
            case Action::Claim:
                return net_->absence() &&
                       claim_problem(match_, net_->remote_player(), *net_->absence(), now()).empty();
            case Action::Analysis: return analysis_refusal().empty();
            default: return !local_only(a);
        }
    }
    switch (a) {
        case Action::Pause:
            return playing && (match_.clock().enabled() || (is_computer(0) && is_computer(1)));
        case Action::OfferDraw:
        case Action::Resign: return playing && some_human;
        case Action::Hint: return playing && acting_human() >= 0;
        case Action::Analysis: return analysis_refusal().empty();
        case Action::Chat:
        case Action::Claim: return false;
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
// The seats and the clock, once a turn of the loop

void App::service_seats(Millis t) {
    if (!net_ && !ui_.paused && match_.clock().enabled() && !match_.game().over()) {
        const std::optional<Color> running = match_.clock().running();
        const Millis reserve_before = running ? match_.clock().reserve_left(*running) : 0;
        const ClockUpdate u = match_.tick(t);
        if (u.chunks > 0 && running) {
            const std::string name = match_.names_by_colour()[index(*running)];
            say(name + "'s turn time ran out: " +
                duration_text(reserve_before - match_.clock().reserve_left(*running)) +
                " taken from the reserve (" + clock_face(match_.clock().reserve_left(*running)) + " left)");
            autosave();
        }
        if (u.flagged) after_change(false);
    }
    for (int p : {0, 1})
        if (auto a = seat(p).answer()) on_answer(p, *a);
    // Only now: an answer may start a round, and the rounds' vector then moves the game (sanitizer).
    const Game& g = match_.game();
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
    if (seats_held()) return;
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
            const bool net_ready = !net_ || (net_->can_play() && !net_->awaiting_host());
            if (is_computer(p) && !asked_[p] && !reviewing && paced && net_ready) {
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
            // Nobody here to press Enter: the computers (or a host's computer) play the round again.
            if (!is_human(0) && !is_human(1) && paced && (!net_ || net_->role() == net::Role::Host))
                replay_round();
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
            if (net_) {
                say_if(net_->move(match_, MoveSpec::of(a.move, mover), false, t));
                return;
            }
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
            if (net_) {
                say(match_.name(player) + " " + a.why);
                say_if(net_->answer(match_, a.kind == SeatAction::Kind::AcceptDraw, t));
                return;
            }
            if (a.kind == SeatAction::Kind::AcceptDraw && !match_.game().over()) {
                match_.agree_draw(t);
                say(match_.name(player) + " " + (a.why.empty() ? "accepts the draw" : a.why));
                after_change(false);
            } else {
                say(match_.name(player) + " " + (a.why.empty() ? "declines the draw" : a.why) +
                    "; play goes on");
            }
            return;
        }
        case SeatAction::Kind::Starter:
            if (match_.phase() != MatchPhase::ChoosingStarter || match_.chooser() != player) return;
            choose_starter(a.starter);
            if (!net_)
                say(match_.name(player) + " chose that " + match_.name(a.starter) + " starts round " +
                    std::to_string(match_.round_number()) + " (and plays White)");
            return;
    }
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
