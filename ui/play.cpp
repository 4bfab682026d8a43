// The curses game: moves made with keys and the cursor, stepping through the game, and the actions of
// play that belong to the screen (the table does the rest: table.h).
#include <algorithm>

#include "app_impl.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// Play

void App::play(const MoveSpec& spec) {
    std::optional<Game> before;  // for the coach, who judges the move in the position it was played in
    if (coach_on_) before = match().game();
    switch (table_.play_human(spec)) {
        case Table::MoveResult::Refused: return;
        case Table::MoveResult::Sent: ui_.picked.reset(); return;
        case Table::MoveResult::Played:
            ui_.picked.reset();
            if (before) coach_after_move(*before, match().game().moves().back());
            return;
    }
}

void App::on_spot(const Spot& spot) {
    const Game& g = match().game();
    if (g.over() || table_.paused() || !table_.is_human(table_.seat_of(g.side_to_move()))) {
        play(MoveSpec::square(0, 0));  // says why no move can be made now
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
        if (!table_.touch(sq)) return;
        ui_.picked = spot;
        say("picked up the piece on " + square_name(sq) + ": choose where to put it" +
            (g.variant().touch_rule() ? " (official rules: it is touched and must be moved)" : ""));
        table_.autosave();
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
    play(from.stack ? MoveSpec::stack_of(us, from.index, to)
                    : MoveSpec::square(make_square(from.row, from.col), to));
}

// ---------------------------------------------------------------------------------------------------
// Stepping through the game

bool App::can_step(bool tell) {
    const std::string why = table_.step_allowed();
    if (!why.empty() && tell) say(why, true);
    return why.empty();
}

void App::step_back() {
    if (table_.networked()) return table_.request_takeback();
    if (!can_step(true)) return;
    if (!match().game().can_undo()) {
        say("nothing to take back: this is the start of the game", true);
        return;
    }
    const std::vector<std::string> taken = table_.take_back();
    ui_.picked.reset();
    std::string m = "took back " + taken[0];
    for (std::size_t i = 1; i < taken.size(); ++i) m += " and " + taken[i];
    if (taken.size() > 1) m += " (your turn again)";
    say(m + "; > replays" + step_suffix(match().game().moves().size()));
    table_.after_change(false);
}

void App::step_forward() {
    const Game& g = match().game();
    if (!g.can_redo()) {
        say("nothing to replay: this is the last move played", true);
        return;
    }
    const Color mover = g.side_to_move();
    const Move m = table_.replay_move();
    ui_.picked.reset();
    say("replayed " + move_name(m, mover) + step_suffix(match().game().moves().size() - 1));
    table_.after_change(false);
}

void App::go_to(std::size_t plies) {
    if (!can_step(true)) return;
    table_.go_to(plies);
    ui_.picked.reset();
    const Game& g = match().game();
    say("at move " + std::to_string(g.moves().size()) + " of " +
        std::to_string(g.moves().size() + g.redo_moves().size()) +
        (g.moves().empty() ? "" : step_suffix(g.moves().size() - 1)));
    table_.after_change(false);
}

// ---------------------------------------------------------------------------------------------------
// Other actions

void App::new_game() {
    if (table_.networked()) {
        say("a network game goes on until it is over: start a new one with " + options_.program + " --host",
            true);
        return;
    }
    const bool empty = match().game().moves().empty() && match().rounds().size() == 1;
    if (empty && next_variant_ == match().variant()) {
        say("this is already a new game");
        return;
    }
    if (empty || table_.archived()) {
        ask(Question{
            .text = "start a new game?",
            .answers =
                {{ch('y'), "new game", [this] { start_new(false); },
                  "a new game with the same players, under the rules and on the board the settings (m) "
                  "give for the next game"},
                 {ch('n'), "cancel", [this] { say("cancelled"); }, "nothing changes"}},
            .help = table_.archived() ? "The last game is over and kept in your archive (o lists it)." : "",
            .default_answer = 1});
        say("start a new game? (the last one is kept in your archive)");
        return;
    }
    ask(Question{
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
    const std::string kept = table_.new_match(next_variant_, keep);
    ui_.picked.reset();
    teach_new_match(false);
    say("new " + std::string(match().single_game() ? "game" : "match") + kept);
    table_.after_change(false);
}

void App::hint() {
    const Game& g = match().game();
    if (!available(Action::Hint)) {
        say(g.over() ? "the game is over" : "a hint is for a human player's turn", true);
        return;
    }
    if (hint_worker_.busy()) {
        say("already looking for a hint", true);
        return;
    }
    PlayerSettings s = table_.player_settings();
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

}  // namespace gobblet::ui
