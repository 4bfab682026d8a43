// Time allocation: how long the computer thinks under a clock. A pure function from the clock situation
// to a budget (Stockfish's timeman): nothing here reads the time; callers pass the time left as numbers,
// so tests drive it with plain numbers.
//
// The rule (also in docs/manual.md, "The computer under a clock"):
//  - Usable time = the time left minus a safety margin for the computer's own overhead: starting and
//    joining its thread, the search noticing its deadline, applying and drawing the move, and being
//    scheduled late on a busy machine. The margin is 100 ms + 5% of the time left, at most 1 s: 150 ms
//    of a 1 s turn, about twice the worst lateness measured on a loaded 2-core machine.
//  - DM: the turn's usable time is both the soft and the hard limit, since a turn's unused time is lost.
//    The reserve is never planned for. The one exception: when the search's last completed iteration
//    scores a forced win or a forced loss that is not yet proven, the limits grow by one chunk (or what
//    is left of the reserve), so that the chunk buys the confirmation of the win or the longest defence.
//  - Fischer (and GTP time): a share of the time left, usable / moves-to-go + the increment, as the soft
//    limit; the hard limit is three shares, never more than the usable time. Moves-to-go is what the
//    time control says (GTP byo-yomi: the stones left) or an estimate, 25 moves a game and at least 10
//    more. A forced result may run to the hard limit.
//  - Never more than the level allows: `max` at most `think_seconds`, `hard` a quarter of it (think_limit
//    in player.h). The curses game passes --think, so --think caps the computer under any clock there;
//    the engine protocol under a GTP clock passes max_think_seconds, so the controller's clock alone
//    decides. `easy` and `medium` search to a fixed depth: they get the same hard ceiling and no soft
//    limit. No level ever gets more than max_think_seconds, the longest --think.
//  - Every limit is at least 1 ms: with no time left the computer still answers, at once.
#pragma once

#include "clock.h"
#include "player.h"

namespace gobblet {

class Match;

// max_think_seconds, the most any move may get whatever a clock or --think says, is in player.h.

// What the computer knows about its clock when its turn starts.
struct TimeSituation {
    ClockSettings clock;   // the time control; ClockKind::None: no clock, the level's think time alone
    Millis left = 0;       // DM: left on this turn (chunks already taken included); Fischer: in the game
    Millis reserve = 0;    // DM: the side's reserve left
    int moves_played = 0;  // the side's own moves in this round so far
    int moves_to_go = 0;   // Fischer: the moves `left` must last when the time control says (GTP); 0: guess
};

// Seconds; 0 means no limit (as in SearchLimits).
struct TimeBudget {
    double soft = 0;         // no new search iteration starts after this much thinking
    double hard = 0;         // the search stops here whatever it is doing: the ceiling
    double forced_soft = 0;  // the same two once the search scores a forced win or loss (see above)
    double forced_hard = 0;
    friend bool operator==(const TimeBudget&, const TimeBudget&) = default;
};

// The overhead allowance for `left` ms: 100 ms + 5% of it, at most 1 s.
Millis safety_margin(Millis left);

// The rule above. `think_seconds` is --think (the protocol, under a GTP clock, passes max_think_seconds).
TimeBudget time_budget(const TimeSituation& s, Level level, double think_seconds);

// The side to move's situation in a match at `now`: its clock as it stands then, the DM chunks due by then
// counted (on a copy: the match is not changed, so whoever only reads a match, as a bot, sees the same).
TimeSituation time_situation(const Match& match, Millis now);

// The engine protocol's view of a GTP clock (GTP v2, section 4.2: Canadian byo-yomi): `main` ms of
// main time, then periods of `byo` ms for `stones` moves each. A value, like GameClock: the protocol
// tells it what happened (time_left, or what its own move took) and it never reads the time.
//  - byo > 0 and stones == 0: no time limit (as GTP defines); main == 0 and byo == 0: no limit either
//    (there is no time to play in otherwise, and it is how a controller switches limits off).
//  - byo == 0: main is absolute time for the game.
class GtpClock {
  public:
    // time_settings: both colours start with the main time (or a first period when there is none).
    void set(Millis main, Millis byo, int stones);
    bool limited() const { return limited_; }
    // time_left COLOUR T S: T ms left, in main time when S == 0, else for S more moves in this period.
    // It also sets a limit where time_settings set none.
    void set_left(Color c, Millis left, int stones);
    // The computer's own move for `c` took `spent` ms (move == false: time spent on something else).
    void spend(Color c, Millis spent, bool move = true);
    Millis left(Color c) const { return side_[index(c)].left; }
    int stones(Color c) const { return side_[index(c)].stones; }
    // The situation time_budget reads: main time as a Fischer clock whose moves may also count on a
    // byo-yomi share (overrunning main time starts byo-yomi), a period as S moves to go.
    TimeSituation situation(Color c, int moves_played) const;

  private:
    struct Side {
        Millis left = 0;
        int stones = 0;  // 0: main (or absolute) time; else moves left in the current period
    };
    bool limited_ = false;
    Millis byo_ = 0;
    int byo_stones_ = 0;
    Side side_[2];
};

}  // namespace gobblet
