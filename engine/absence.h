// The rule for a network player who vanished (docs/network.md, "A player who does not come back"), as a
// value with time as an argument, so that a peer-to-peer host and a server of many games apply exactly
// the same rule and tests drive it with numbers.
//
// The side that holds the match (the host) notices the drop at `since` and decides:
//
//   since ──grace──▶ ClockRuns                       a clock that was running: it runs again as at the
//                                                    board, so the absent side loses on time as it would,
//                                                    and the player who stayed may claim the round (or a
//                                                    draw) at once instead of waiting for it (lichess)
//   since ──grace──▶ Waiting ──claim_wait──▶ ClaimAllowed   no clock, or clocks stopped by an agreed
//                                                    pause: the player who stayed may claim the round (or
//                                                    a draw)
//
// During the grace no clock runs (the drop's pause), and the player who stayed may still move on their
// own turn. After it their own clock runs on their turns too, and the absent side's clock runs on its
// turns. The grace is one per player per game in all: each absence starts with what the earlier ones
// left of it (net/referee.h keeps the count), so that leaving and coming back never stops a clock for
// more than one grace. A player who comes back at any time before the round is decided continues the
// match as it then stands (their save may lag behind: they catch up).
#pragma once

#include <cstdint>
#include <string>

#include "clock.h"
#include "expected.h"
#include "match.h"

namespace gobblet {

// The grace the host gives by default (--grace), and how long after it a round without a running clock
// may be claimed.
constexpr Millis default_grace = 30'000;
constexpr Millis claim_wait = 5 * 60'000;

enum class AbsenceStage : std::uint8_t {
    Grace,         // the absent player may still come back as if nothing happened: no clock runs
    ClockRuns,     // the grace is over and a clock runs as at the board: the round may be claimed at once
    Waiting,       // the grace is over, no clock runs: play on; the claim comes at claim_from()
    ClaimAllowed,  // no clock runs and the absent player has been away grace + claim_wait: claim (or wait)
};

// One absence: since when, the grace, and whether a clock was running when the player left (a match
// with a clock, not stopped by an agreed pause).
class Absence {
  public:
    Absence(Millis since, Millis grace, bool clock_runs)
        : since_(since), grace_(grace), clock_runs_(clock_runs) {}

    AbsenceStage stage(Millis now) const;
    // Milliseconds from `now` until the stage changes; -1 when it never will (ClockRuns, ClaimAllowed).
    Millis until_next(Millis now) const;

    Millis since() const { return since_; }
    Millis grace() const { return grace_; }
    bool clock_runs() const { return clock_runs_; }
    Millis grace_end() const { return since_ + grace_; }
    Millis claim_from() const { return since_ + grace_ + claim_wait; }

  private:
    Millis since_, grace_;
    bool clock_runs_;
};

// Whether the player who stayed may claim the round (or a draw: the same rule) from `absent` (a player
// index) at `now`: ok when they may, else why not, in words for that player. The claim needs a round in
// play and the grace over: under a running clock at once (ClockRuns, whoever's turn it is: their clock
// would only decide later what the claim decides now); without one the ClaimAllowed stage, and that the
// player who stayed owes no move (it is the absent player's turn, or the clocks stand paused by
// agreement so that nobody can move): there a claim never skips one's own move.
Expected<void> may_claim(const Match& m, int absent, const Absence& a, Millis now);

// What the player who stayed is told about `absent` at `now`: "Eamon is away: Eamon's clock runs, 2:50
// left; you may claim the round or a draw", "Eamon has been away 1:00: you may claim the round in 4:30",
// "Eamon is away: the clocks stand for 0:25 more (what is left of Eamon's grace), then your time runs
// again; you may move now". `m` is the match as it stands (its clock stopped during the grace, running
// after it).
std::string absence_text(const Match& m, int absent, const Absence& a, Millis now);

}  // namespace gobblet
