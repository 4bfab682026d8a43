// The curses game: moves, the end of rounds, stepping through the game, and the actions of play.
#include "app_impl.h"

#include <algorithm>

#include "terminal.h"

namespace gobblet::ui {

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
    if (net_ && !net_->can_play()) {
        say(net_->role() == net::Role::Host && !net_welcomed_ &&
                    net_->phase() == net::Session::Phase::Listening
                ? "nobody has joined yet: " + how_to_join()
            : net_->absence() ? absence_text(match_, net_->remote_player(), *net_->absence(), now())
                              : "not connected: the game goes on when the other player is back",
            true);
        return false;
    }
    if (seats_[p]->kind() == SeatKind::Remote) {
        say("it is " + match_.name(p) + "'s turn, across the network", true);
        return false;
    }
    if (!is_human(p)) {
        say("it is " + match_.name(p) + "'s turn: press " + (mover == Color::White ? "[" : "]") +
                " to take over " + color_name(mover),
            true);
        return false;
    }
    const std::string written = spec_name(spec);
    if (net_) {
        // The session checks the move with the engine and sends it; the match takes it from its event.
        const std::string why = net_->move(match_, spec, true, now());
        if (!why.empty())
            say(written + ": " + why, true);
        else if (net_->awaiting_host())
            say(written + " sent to the host");
        ui_.picked.reset();
        return why.empty();
    }
    std::optional<Game> before;  // for the coach, who judges the move in the position it was played in
    if (coach_on_) before = g;
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
    if (before) coach_after_move(*before, g.moves().back());
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
                (net_ ? "" : "; n starts a new one"));
            return;
        }
        case MatchPhase::ChoosingStarter:
            say(text);
            if (ask_round_question()) say(ui_.question->text + ".");
            return;
        case MatchPhase::Replay:
            say(text);
            if (net_ && net_->role() == net::Role::Joiner && (is_human(0) || is_human(1))) {
                say(text + "; the host starts it again");
                return;
            }
            ask_round_question();
            return;
        case MatchPhase::Playing: return;
    }
}

bool App::ask_round_question() {
    switch (match_.phase()) {
        case MatchPhase::ChoosingStarter: {
            const int loser = match_.chooser();
            if (!is_human(loser))
                return false;  // the computer chooses by its rule; a remote player on theirs
            const int other = 1 - loser;
            const int next = match_.round_number() + 1;
            ask_question(Question{
                .text = match_.name(loser) + " lost round " + std::to_string(match_.round_number()) +
                        " and chooses who starts round " + std::to_string(next) +
                        " (the starter plays White)",
                .answers =
                    {{ch('s'), match_.name(loser) + " starts", [this, loser] { choose_starter(loser); },
                      match_.name(loser) + " starts round " + std::to_string(next) + " and plays White"},
                     {ch('o'), match_.name(other) + " starts", [this, other] { choose_starter(other); },
                      match_.name(other) + " starts round " + std::to_string(next) + " and plays White"}},
                .help = "The loser of a round chooses who starts the next (the tournament's rule); White "
                        "always starts. The match goes on until a player has " +
                        std::to_string(match_.settings().first_to) + " round wins. " +
                        (match_.clock().enabled() ? "The clocks wait for the answer. " : "") +
                        "There is no default: the choice is " + match_.name(loser) + "'s."});
            return true;
        }
        case MatchPhase::Replay:
            if (!is_human(0) && !is_human(1)) return false;  // the computers play it again by themselves
            if (net_ && net_->role() == net::Role::Joiner) return false;
            ask_question(Question{
                .text = match_.round_result_text(),
                .answers = {{ch('\n'), "start round " + std::to_string(match_.round_number()) + " again",
                             [this] { replay_round(); },
                             "round " + std::to_string(match_.round_number()) +
                                 " is played again, with the same starter and the score unchanged"}},
                .help = "A drawn round counts for nobody: it is played again with the same starter (the "
                        "tournament's rule)."});
            return true;
        case MatchPhase::Playing:
        case MatchPhase::Over: break;
    }
    return false;
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
        if (g.variant().touch_rule() && net_) {
            if (const std::string why = net_->touch(match_, sq, now()); !why.empty()) {
                say(why, true);
                return;
            }
        } else if (g.variant().touch_rule()) {
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
    if (net_) return "in a network game moves are taken back by agreement: < asks the other player";
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
    if (net_) {
        const std::string why = net_->offer(match_, net::OfferKind::Undo, now());
        say(why.empty() ? "asked " + match_.name(net_->remote_player()) + " to let you take back your move"
                        : why,
            !why.empty());
        return;
    }
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
                         g.result().ending == Ending::Agreement || g.result().ending == Ending::Time ||
                         g.result().ending == Ending::Abandoned);
        taken.push_back(ending ? "the " +
                                     std::string(g.result().ending == Ending::Forfeit ? "forfeit" : "ending")
                               : move_name(g.moves().back(), ~g.side_to_move()));
        g.undo();
    } while (against_computer && is_computer(seat_of(g.side_to_move())) && g.can_undo());
    ui_.picked.reset();
    std::string m = "took back " + taken[0];
    for (std::size_t i = 1; i < taken.size(); ++i) m += " and " + taken[i];
    if (taken.size() > 1) m += " (your turn again)";
    say(m + "; > replays" + step_suffix(g.moves().size()));
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
    say("replayed " + move_name(g.moves().back(), mover) + step_suffix(g.moves().size() - 1));
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
        std::to_string(g.moves().size() + g.redo_moves().size()) +
        (g.moves().empty() ? "" : step_suffix(g.moves().size() - 1)));
    after_change(false);
}

// ---------------------------------------------------------------------------------------------------
// Other actions

void App::new_game() {
    if (net_) {
        say("a network game goes on until it is over: start a new one with " + options_.program + " --host",
            true);
        return;
    }
    const bool empty = match_.game().moves().empty() && match_.rounds().size() == 1;
    if (empty && next_variant_ == match_.variant()) {
        say("this is already a new game");
        return;
    }
    if (empty || archived_) {
        ask_question(Question{
            .text = "start a new game?",
            .answers =
                {{ch('y'), "new game", [this] { start_new(false); },
                  "a new game with the same players, under the rules and on the board the settings (m) "
                  "give for the next game"},
                 {ch('n'), "cancel", [this] { say("cancelled"); }, "nothing changes"}},
            .help = archived_ ? "The last game is over and kept in your archive (o lists it)." : "",
            .default_answer = 1});
        say("start a new game? (the last one is kept in your archive)");
        return;
    }
    ask_question(Question{
        .text = "new game: keep this one?",
        .answers = {{ch('k'), "keep this one in your saves and start a new one", [this] { start_new(true); },
                     "the game in progress goes to your saves (o opens it again), and a new game starts"},
                    {ch('d'), "drop this one and start a new one", [this] { start_new(false); },
                     "the game in progress is dropped, and a new game starts"},
                    {ch(27), "cancel", [this] { say("cancelled"); }, "nothing changes: the game goes on"}},
        .help = "A new game replaces the one in progress, which is not over yet.",
        .default_answer = 2});
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
    teach_new_match(false);
    last_move_at_ = now();
    say("new " + std::string(match_.single_game() ? "game" : "match") + kept);
    after_change(false);
}

void App::toggle_computer(Color c) {
    const int p = seat_of(c);
    if (net_) {
        if (p != net_->local_player()) {
            say(std::string(color_name(c)) + " is " + match_.name(p) +
                    "'s, across the network: only your own side can go to the computer",
                true);
            return;
        }
        const bool on = !is_computer(p);
        say_if(net_->set_seat(on ? SeatKind::Computer : SeatKind::Human, now()));
        set_seat(p, on ? SeatKind::Computer : SeatKind::Human);
        say(std::string("your computer plays for you: ") + (on ? "on" : "off") + "; " +
            match_.name(net_->remote_player()) + " is told");
        autosave();
        return;
    }
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
    if (net_) {
        const bool paused = match_.clock().paused();
        const std::string why =
            net_->offer(match_, paused ? net::OfferKind::Resume : net::OfferKind::Pause, now());
        say(why.empty()
                ? "asked " + match_.name(net_->remote_player()) + (paused ? " to resume" : " to pause")
                : why,
            !why.empty());
        return;
    }
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
    if (net_) {
        const std::string why = net_->offer(match_, net::OfferKind::Draw, now());
        say(why.empty() ? "offered " + match_.name(to) + " a draw" : why, !why.empty());
        return;
    }
    if (is_human(to)) {
        ask_question(Question{
            .text = match_.name(from) + " offers a draw: " + match_.name(to) + ", do you accept?",
            .answers = {{ch('y'), "accept the draw",
                         [this] {
                             match_.agree_draw(now());
                             say("draw agreed");
                             after_change(false);
                         },
                         match_.single_game()
                             ? "the game ends in a draw"
                             : "the round is drawn: it is played again with the same starter and the score "
                               "unchanged"},
                        {ch('n'), "decline",
                         [this, to] { say(match_.name(to) + " declines the draw: play goes on"); },
                         "play goes on"}},
            .help = "An offer stands for this position only.",
            .default_answer = 1});
        say(ui_.question->text);
        return;
    }
    cancel_seats();
    draw_offer_to_ = to;
    say(match_.name(from) + " offers a draw; " + match_.name(to) + " is considering it...");
}

void App::claim_round() {
    if (!net_ || net_->role() != net::Role::Host) {
        say("a round is claimed by the host of a network game whose opponent left and did not come back",
            true);
        return;
    }
    say_if(net_->claim(match_, now()));
}

void App::resign() {
    if (!available(Action::Resign)) {
        say("resigning ends a round in progress played by a human", true);
        return;
    }
    const int p = acting_human();
    const std::string what =
        match_.single_game() ? "the game" : "round " + std::to_string(match_.round_number());
    ask_question(Question{
        .text = match_.name(p) + ": resign " + what + "?",
        .answers = {{ch('y'), "resign",
                     [this, p] {
                         if (net_) return say_if(net_->resign(match_, now()));
                         match_.resign(match_.colour_of(p), now());
                         after_change(false);
                     },
                     match_.name(p) + " loses " + what + (match_.single_game() ? "" : "; the match goes on")},
                    {ch('n'), "play on", [this] { say("play goes on"); }, "nothing changes: play goes on"}},
        .help = "Resigning gives up " + what + " at once; it cannot be taken back.",
        .default_answer = 1});
    say(ui_.question->text);
}

}  // namespace gobblet::ui
