// The table's play (table.h): moves, the ends of rounds and the next starter, offers, resignations,
// pauses and claims, and stepping through a local game.
#include <algorithm>

#include "table.h"

namespace gobblet::ui {

namespace {

bool in_play(const Match& m) { return !m.game().over() && m.phase() == MatchPhase::Playing; }

}  // namespace

Expected<void> Table::may_act(Intent act) const {
    const Game& g = match().game();
    switch (act) {
        case Intent::Move:
        case Intent::Pick: {
            if (g.over())
                return Failure{match().phase() == MatchPhase::Over
                                   ? std::string("the ") + (match().single_game() ? "game" : "match") +
                                         " is over" +
                                         (umpire_->new_match_here() ? ": n starts a new one" : "") +
                                         (!may_step(Step::Back)       ? ""
                                          : umpire_->new_match_here() ? ", < steps back"
                                                                      : ": < steps back through it")
                                   : "the round is over: answer the question below to go on"};
            if (paused_) return Failure{"the game is paused: press p to resume"};
            if (const Expected<void> allowed = umpire_->may(act); !allowed) return allowed;
            const Color mover = g.side_to_move();
            const int p = seat_of(mover);
            if (seats_.seat(p).kind() == SeatKind::Remote)
                return Failure{"it is " + match().name(p) + "'s turn, across the network"};
            if (!is_human(p))
                return Failure{"it is " + match().name(p) + "'s turn: press " +
                               (mover == Color::White ? "[" : "]") + " to take over " + color_name(mover)};
            return {};
        }
        case Intent::Pause:
            // A local pause is always lifted by p, whatever it was for: the status calls it paused.
            if (paused_ && umpire_->runs_clock()) return {};
            // A network game's pause is an offer: its session's reasons first (the connection, the rules of
            // fair play: a rated game has none), as p hears them.
            if (const Expected<void> offer = umpire_->may_offer(pause_offer()); !offer) return offer;
            // A clock this table runs pauses in play; a network game's (its host's) by agreement, between
            // rounds too.
            if (!umpire_->may(act) || !pause_stops_something() ||
                (umpire_->runs_clock() && !in_play(match())))
                return Failure{"pause stops the clocks, or a computer playing itself: there is neither now"};
            return {};
        case Intent::OfferDraw:
            if (!umpire_->may(act) || !in_play(match()) || acting_human() < 0)
                return Failure{"a draw can be offered while a round is being played by a human"};
            return umpire_->may_offer(net::OfferKind::Draw);
        case Intent::Resign:
            if (!umpire_->may(act) || !in_play(match()) || acting_human() < 0)
                return Failure{"resigning ends a round in progress played by a human"};
            return {};
        case Intent::Claim: return umpire_->may(act);
        case Intent::Hint: {
            if (g.over()) return Failure{"the game is over"};
            const std::optional<int> mine = umpire_->player_here();
            if (match().phase() != MatchPhase::Playing || acting_human() < 0 ||
                (mine && seat_of(g.side_to_move()) != *mine))
                return Failure{"a hint is for your turn"};
            return {};
        }
    }
    return {};
}

Table::MoveResult Table::play_human(const MoveSpec& spec) {
    if (review_.open() && !play_from_review()) return MoveResult::Refused;
    if (const Expected<void> allowed = may_act(Intent::Move); !allowed) {
        // On the other side's turn a player here premoves: the move waits for the turn.
        if (const Expected<int> player = premover()) {
            const Color mine = match().colour_of(*player);
            MoveSpec pm = spec;
            // X Y Z name the mover's stacks: the premover's, whoever is to move now.
            if (pm.kind == MoveSpec::From::MoverStack) pm = MoveSpec::stack_of(mine, pm.stack, pm.to);
            if (pm.kind == MoveSpec::From::Stack && pm.owner != mine) {
                say(spec_name(spec) + ": " + allowed.why() + "; a premove moves your own pieces (" +
                        color_name(mine) + "'s), and " + stack_name(pm.owner, pm.stack) + " is " +
                        color_name(pm.owner) + "'s",
                    true);
                return MoveResult::Refused;
            }
            const std::string replaced =
                premove_ ? " (in the place of " + spec_name(premove_->spec) + ")" : std::string();
            premove_ = Premove{pm, *player, match().rounds().size(), match().game().moves().size()};
            say("premove " + spec_name(pm) + replaced + ": played as soon as " + match().name(1 - *player) +
                " has moved, if it is legal then; Esc cancels it");
            return MoveResult::Premoved;
        }
        say(allowed.why(), true);
        return MoveResult::Refused;
    }
    drop_premove("");  // (none can wait on the player's own turn)
    const Reply r = umpire_->move_here(spec);
    follow(r);
    switch (r.kind) {
        case Reply::Kind::Refused: return MoveResult::Refused;
        case Reply::Kind::Sent: return MoveResult::Sent;
        case Reply::Kind::Made: break;
    }
    return MoveResult::Played;
}

Expected<int> Table::premover() const {
    const Game& g = match().game();
    if (g.over() || match().phase() != MatchPhase::Playing) return Failure{"the round is not in play"};
    if (paused_) return Failure{"the game is paused"};
    if (reviewing()) return Failure{"the game is stepped back or reviewed"};
    if (const Expected<void> allowed = umpire_->may(Intent::Pick); !allowed) return Failure{allowed.why()};
    const int to_move = seat_of(g.side_to_move()), other = 1 - to_move;
    if (is_human(to_move)) return Failure{"it is the turn of " + match().name(to_move) + ", here"};
    if (!is_human(other)) return Failure{"nobody here plays " + match().name(other) + "'s side"};
    if (const std::optional<int> here = umpire_->player_here(); here && *here != other)
        return Failure{"you do not play " + match().name(other) + "'s side"};
    return other;
}

bool Table::cancel_premove() {
    if (!premove_) return false;
    say("premove " + spec_name(premove_->spec) + " cancelled");
    premove_.reset();
    return true;
}

void Table::drop_premove(const std::string& why) {
    if (!premove_) return;
    if (!why.empty()) say("premove " + spec_name(premove_->spec) + " dropped: " + why, true);
    premove_.reset();
}

void Table::play_premove() {
    if (!premove_) return;
    const Premove pm = *premove_;
    const Game& g = match().game();
    // The round it was made in is over: the status line says how, and the premove goes unsaid.
    if (match().rounds().size() != pm.round || g.over() || match().phase() != MatchPhase::Playing)
        return drop_premove("");
    const std::size_t n = g.moves().size();
    if (n == pm.plies && seat_of(g.side_to_move()) != pm.player) return;  // the other side's turn goes on
    if (n != pm.plies + 1 || seat_of(g.side_to_move()) != pm.player)
        return drop_premove("the move it answered is not on the board (a move was taken back)");
    // The turn has come; play may not go on yet (paused, the connection lost, another request of ours on
    // its way to the host): it waits until it may.
    if (!may_act(Intent::Move) || !umpire_->ready_for_move()) return;
    // Illegal now: dropped with the engine's reason, and nothing is touched.
    Game trial = g;
    if (const Expected<void> legal = trial.play(pm.spec); !legal) return drop_premove(legal.why());
    premove_.reset();
    const std::string name = move_name(trial.moves().back(), g.side_to_move());  // (before it changes g)
    Reply r = umpire_->move_here(pm.spec);
    for (Notice& said : r.said)
        if (!said.error) said.text += " (premove)";
    if (r.kind == Reply::Kind::Sent) premove_sent_ = name;
    follow(r);
}

bool Table::touch(Square sq) {
    const Game& g = match().game();
    if (!g.variant().touch_rule()) return true;
    const Reply r = umpire_->touch(sq);
    follow(r);
    return r.kind != Reply::Kind::Refused;
}

void Table::follow(const Reply& ruling) {
    for (const Notice& n : ruling.said) say(n.text, n.error);
    if (ruling.changed) after_change(ruling.moved);
}

void Table::after_change(bool moved) {
    if (moved) {
        last_move_at_ = now();
        draw_offer_to_.reset();  // an offer stands for one position
        report_.moved();
    }
    const bool over = match().game().over();
    if (over && handled_end_ != match().rounds().size()) {
        handled_end_ = match().rounds().size();
        on_round_over();
    }
    if (!over) handled_end_ = 0;
    autosave();
}

// The status line shows the round's result (and the match's): the message says what comes next, never
// the result again.
void Table::on_round_over() {
    cancel_seats();
    drop_premove("");  // the status line says why: the round is over
    draw_offer_to_.reset();
    report_.round_over();
    const std::string next = std::to_string(match().round_number() + 1);
    switch (match().phase()) {
        case MatchPhase::Over: {
            const Kept kept = archive_if_over();
            const std::string where = kept.kind == Kept::Kind::Kept ? " and kept in " + kept.text
                                      : kept.kind == Kept::Kind::Failed
                                          ? "; it could not be archived: " + kept.text
                                          : "";
            say(std::string(match().single_game() ? "The game is over" : "The match is over") + where +
                (umpire_->new_match_here() ? "; n starts a new one" : ""));
            return;
        }
        case MatchPhase::ChoosingStarter:
            if (ask_round_question())
                say(asked_text_ + ".");
            else
                say(match().name(match().chooser()) + " chooses who starts round " + next +
                    choice_limit_text());
            return;
        case MatchPhase::Replay:
            if (!umpire_->decides_rounds() && (is_human(0) || is_human(1))) {
                say(umpire_->holder() + " starts round " + std::to_string(match().round_number()) + " again");
                return;
            }
            if (ask_round_question()) say(asked_text_);
            return;
        case MatchPhase::Playing: return;
    }
}

bool Table::ask_round_question() {
    switch (match().phase()) {
        case MatchPhase::ChoosingStarter: {
            const int loser = match().chooser();
            if (!is_human(loser))
                return false;  // the computer chooses by its rule; a remote player on theirs
            const int other = 1 - loser;
            const int next = match().round_number() + 1;
            ask(Question{
                .text = match().name(loser) + " lost round " + std::to_string(match().round_number()) +
                        " and chooses who starts round " + std::to_string(next) +
                        " (the starter plays White)" + choice_limit_text(),
                .answers =
                    {{ch('s'), match().name(loser) + " starts", [this, loser] { choose_starter(loser); },
                      match().name(loser) + " starts round " + std::to_string(next) + " and plays White"},
                     {ch('o'), match().name(other) + " starts", [this, other] { choose_starter(other); },
                      match().name(other) + " starts round " + std::to_string(next) + " and plays White"}},
                .help = "The loser of a round chooses who starts the next (the tournament's rule); White "
                        "always starts. The match goes on until a player has " +
                        std::to_string(match().settings().first_to) + " round wins. " +
                        (match().clock().enabled() ? "The clocks wait for the answer. " : "") +
                        (umpire_->choice_time()
                             ? "Over the network the choice has " +
                                   std::to_string(*umpire_->choice_time() / 1000) +
                                   " s; then the rule decides: " + match().name(loser) +
                                   " starts, and their clock runs."
                             : "There is no default: the choice is " + match().name(loser) + "'s.")});
            return true;
        }
        case MatchPhase::Replay:
            if (!is_human(0) && !is_human(1)) return false;  // the computers play it again by themselves
            if (!umpire_->decides_rounds()) return false;    // the host asks
            ask(Question{
                .text = "Enter starts round " + std::to_string(match().round_number()) + " again",
                .answers = {{ch('\n'), "start round " + std::to_string(match().round_number()) + " again",
                             [this] { replay_round(); },
                             "round " + std::to_string(match().round_number()) +
                                 " is played again, with the same starter and the score unchanged"}},
                .help = "A drawn round counts for nobody: it is played again with the same starter (the "
                        "tournament's rule)."});
            return true;
        case MatchPhase::Playing:
        case MatchPhase::Over: break;
    }
    return false;
}

std::string Table::choice_limit_text() const {
    const std::optional<Millis> limit = umpire_->choice_time();
    if (!limit) return {};
    const std::string& loser = match().name(match().rule_starter());
    return "; in " + std::to_string(*limit / 1000) + " s the rule decides: " + loser + " starts";
}

void Table::choose_starter(int player) { follow(umpire_->choose_starter(player)); }

void Table::replay_round() { follow(umpire_->replay()); }

// ---------------------------------------------------------------------------------------------------
// The actions of play

HelpGame Table::help_game() const {
    HelpGame g;
    g.over = match().phase() == MatchPhase::Over;
    g.timed = match().clock().enabled();
    g.started = match().rounds().size() > 1 || !match().game().moves().empty();
    g.granted = help_granted_;
    return umpire_->help_game(g);
}

void Table::grant_help() {
    const HelpGame g = help_game();
    if (g.kind == HelpGame::Kind::Local && g.timed && !g.started) help_granted_ = true;
}

void Table::toggle_computer(Color c) {
    const int p = seat_of(c);
    if (const Expected<void> allowed = help(Help::ComputerSeat); !allowed && !is_computer(p))
        return say(allowed.why(), true);
    const bool on = !is_computer(p);
    const Reply r = umpire_->hand_over(p, on, seats_.settings().level);
    if (r.kind == Reply::Kind::Refused) return follow(r);
    set_seat(p, on ? SeatKind::Computer : SeatKind::Human);
    // A pause of the computer playing itself stops nothing once a human has a seat again: it ends.
    Reply said = r;
    if (paused_ && umpire_->runs_clock() && !pause_stops_something()) {
        set_local_pause(false);
        if (!said.said.empty()) said.said.back().text += "; the pause ends: nothing plays itself now";
    }
    follow(said);
    autosave();
}

bool Table::pause_stops_something() const {
    return match().clock().enabled() || (is_computer(0) && is_computer(1));
}

void Table::set_local_pause(bool paused) {
    paused_ = paused;
    const Millis t = now();
    if (paused_) {
        cancel_seats();
        own_.clock().pause(t);  // both sides sit here: the match is the table's own
    } else {
        own_.clock().resume(t);
        last_move_at_ = t;
    }
}

bool Table::decline_offer() {
    if (!standing_offer()) return false;
    follow(umpire_->answer_offer(false));
    return true;
}

net::OfferKind Table::pause_offer() const {
    return match().clock().paused() ? net::OfferKind::Resume : net::OfferKind::Pause;
}

void Table::pause() {
    if (const std::optional<Reply> r = umpire_->offer(pause_offer())) return follow(*r);  // to the other side
    if (const Expected<void> allowed = may_act(Intent::Pause); !allowed) return say(allowed.why(), true);
    set_local_pause(!paused_);
    // What a local pause stops: the clocks, or (without them) the computers playing each other.
    say(!paused_                    ? "resumed"
        : match().clock().enabled() ? "paused: the clocks are stopped; p resumes"
                                    : "paused: the computers wait; p resumes");
    autosave();
}

void Table::offer_draw() {
    if (const Expected<void> allowed = may_act(Intent::OfferDraw); !allowed) return say(allowed.why(), true);
    if (const std::optional<Reply> r = umpire_->offer(net::OfferKind::Draw)) return follow(*r);
    // The other side sits here: a human is asked, the computer considers it.
    const int from = acting_human();
    const int to = 1 - from;
    if (is_human(to)) {
        Question q{
            .text = match().name(from) + " offers a draw: " + match().name(to) + ", do you accept?",
            .answers = {{ch('y'), "accept the draw",
                         [this] {
                             own_.agree_draw(now());  // both sides sit here
                             say("draw agreed");
                             after_change(false);
                         },
                         match().single_game() ? "the game ends in a draw"
                                               : "the round is drawn: it is played again with the same "
                                                 "starter and the score unchanged"},
                        {ch('n'), "decline",
                         [this, to] { say(match().name(to) + " declines the draw: play goes on"); },
                         "play goes on"}},
            .help = "An offer stands for this position only.",
            .default_answer = 1};
        ask(std::move(q));
        say(asked_text_);
        return;
    }
    cancel_seats();
    draw_offer_to_ = to;
    say(match().name(from) + " offers a draw; " + match().name(to) + " is considering it...");
}

bool Table::request_takeback() {
    const std::optional<Reply> r = umpire_->offer(net::OfferKind::Undo);
    if (r) follow(*r);
    return r.has_value();
}

void Table::claim_round() {
    if (const Expected<void> allowed = may_act(Intent::Claim); !allowed) return say(allowed.why(), true);
    const std::optional<int> mine = umpire_->player_here();
    const std::string absent = mine ? match().name(1 - *mine) : "the absent player";
    ask(Question{
        .text = absent + " left and did not come back: claim the round, or a draw?",
        .answers = {{ch('w'), "claim the round", [this] { follow(umpire_->claim(false)); },
                     absent + " loses the round, as if they had resigned"},
                    {ch('d'), "claim a draw", [this] { follow(umpire_->claim(true)); },
                     "the round is drawn" + std::string(match().single_game()
                                                            ? ""
                                                            : ": it is played again, the score unchanged")},
                    {ch(27), "wait",
                     [this] { say("nothing claimed: c claims later (a move from row C: type a capital C)"); },
                     "nothing is claimed: play goes on, and their clock (if any) runs on their turn"}},
        .help = "A player who left gets a grace to come back; after it the player who stayed may claim the "
                "round, or a draw (under a clock at once; without one five minutes later, on their turn).",
        .default_answer = 2});
    say(asked_text_);
}

void Table::give_time() {
    if (const Expected<void> allowed = may_give_time(); !allowed) return say(allowed.why(), true);
    follow(umpire_->give_time());
}

void Table::resign() {
    if (const Expected<void> allowed = may_act(Intent::Resign); !allowed) return say(allowed.why(), true);
    const int p = acting_human();
    const std::string what =
        match().single_game() ? "the game" : "round " + std::to_string(match().round_number());
    Question q{
        .text = match().name(p) + ": resign " + what + "?",
        .answers = {{ch('y'), "resign", [this, p] { follow(umpire_->resign(p)); },
                     match().name(p) + " loses " + what +
                         (match().single_game() ? "" : "; the match goes on")},
                    {ch('n'), "play on", [this] { say("play goes on"); }, "nothing changes: play goes on"}},
        .help = "Resigning gives up " + what + " at once; it cannot be taken back.",
        .default_answer = 1};
    ask(std::move(q));
    say(asked_text_);
}

// ---------------------------------------------------------------------------------------------------
// The review (table_review.h)

std::size_t Table::reviewable_rounds() const {
    // A finished match is reviewed whoever's it is (a network game's too: the review never changes it);
    // a match in play only where the players step through it themselves.
    const std::size_t n = match().rounds().size();
    if (match().phase() == MatchPhase::Over) return n;
    return umpire_->may_step() ? n - 1 : 0;
}

Expected<std::string> Table::review_step(Step step) {
    Expected<std::string> went = review_.step(match(), reviewable_rounds(), step);
    if (went) cancel_seats();
    return went;
}

Expected<std::string> Table::review_go_to(std::size_t plies) {
    Expected<std::string> went = review_.go_to(match(), plies);
    if (went) cancel_seats();
    return went;
}

Expected<void> Table::may_step(Step step) const {
    if (review_takes(step)) return review_.can(match(), reviewable_rounds(), step);
    const Game& g = match().game();
    switch (step) {
        case Step::Back:
            if (const Expected<void> allowed = step_allowed(); !allowed) return allowed;
            if (!g.can_undo()) return Failure{"nothing to take back: this is the start of the game"};
            return {};
        case Step::Forward:
            if (!g.can_redo()) return Failure{"nothing to replay: this is the last move played"};
            return {};
        case Step::Start:
        case Step::End: return step_allowed();
    }
    return {};
}

bool Table::play_from_review() {
    // A finished single game without a clock: a move at a position of its review takes the game back to
    // it and plays on from there (a new line), as stepping back in it always did.
    // (Never a network game's: its match changes only by its session.)
    const bool takeback = writable() && match().phase() == MatchPhase::Over && match().single_game() &&
                          !match().clock().enabled();
    if (!takeback) {
        say(match().phase() == MatchPhase::Over
                ? "the " + std::string(match().single_game() ? "game" : "match") +
                      " is over: this is its review (End goes to its end; n starts a new one)"
                : "this is a review of an earlier round: End goes back to round " +
                      std::to_string(match().round_number()) + ", in play",
            true);
        return false;
    }
    const std::size_t back = review_.steps_to_end(match());
    review_.close();
    cancel_seats();
    for (std::size_t i = 0; i < back; ++i) own_.game().undo();
    own_.game().clear_redo();
    return true;
}

// ---------------------------------------------------------------------------------------------------
// Stepping through a local game

Expected<void> Table::step_allowed() const {
    if (const Expected<void> allowed = umpire_->may_step(); !allowed) return allowed;
    if (!match().single_game() && match().game().over())
        return Failure{"round " + std::to_string(match().round_number()) +
                       " is over and counts in the match"};
    if (match().clock().enabled() && !match().game().over())
        return Failure{"takebacks are off while the clock runs"};
    return {};
}

// Stepping is the table's own match's (the umpire's may_step refuses it in a network game).
std::vector<std::string> Table::take_back() {
    cancel_seats();
    drop_premove("");  // it answered a move that is taken back
    Game& g = own_.game();
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
    return taken;
}

Move Table::replay_move() {
    cancel_seats();
    drop_premove("");
    own_.game().redo();
    return own_.game().moves().back();
}

void Table::go_to(std::size_t plies) {
    cancel_seats();
    drop_premove("");
    Game& g = own_.game();
    while (g.moves().size() > plies && g.can_undo()) g.undo();
    while (g.moves().size() < plies && g.can_redo()) g.redo();
}

void Table::drop_redo() { own_.game().clear_redo(); }

void Table::undo_last() {
    drop_premove("");
    Game& g = own_.game();
    g.undo();
    g.clear_redo();  // play goes on from here, not a review
    start_clock();
}

}  // namespace gobblet::ui
