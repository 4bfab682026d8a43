// The computer's decisions in a match that are not moves: whether it accepts a draw offer, and who
// starts the next round after it lost one. The UI and the engine protocol call these, so the computer
// decides the same way whichever front end asks. The rules are also in docs/manual.md.
#pragma once

#include <atomic>
#include <string>

#include "game.h"
#include "player.h"
#include "timeman.h"

namespace gobblet {

// Draw offers. The computer searches the position as it would for a move and judges the score from its
// own side (hundredths of a point):
//  - it accepts when the score is draw_accept_score or worse: a full point behind (about an open line of
//    three more for the opponent), and so always when it scores the position as lost;
//  - it declines otherwise, and so always when it sees a forced win, and in a level position: a drawn
//    round is played again, so a draw is worth taking only to escape a worse position.
// On 3x3 the solver's value decides: it accepts a lost position and declines a won or a drawn one (the
// perfect player cannot lose a drawn position by playing on).
constexpr int draw_accept_score = -100;
bool accepts_draw(int score);

struct DrawAnswer {
    bool accept = false;
    int score = 0;    // the search's score from the side the offer was made to
    std::string why;  // "declines: it sees a forced win in 3 moves", "accepts: every move loses"
};

// A draw is offered to `receiver` (either side may be to move). Thinks as for a move: with the budget
// when there is a clock, else at the player's level; `stop` as Player::choose.
DrawAnswer answer_draw_offer(Player& player, const Game& game, Color receiver,
                             const TimeBudget* budget = nullptr, const std::atomic<bool>* stop = nullptr);

// Who starts the next round when the computer (player index `computer`) lost the last one and the
// rules give it the choice: always itself. On 3x3 that is decisive: Gobblet Jr. is a first-player win
// (solve3.h). On 4x4 no edge for either side could be measured (between equal `max` players White won
// 50 games and Black 58 of 113 decided, within chance; docs/manual.md, "The computer under a clock"), so
// taking the first move costs nothing there and keeps one rule, predictable for its opponent, on both
// boards. Returns the player to pass to Match::choose_starter.
int starter_after_loss(int computer);

}  // namespace gobblet
