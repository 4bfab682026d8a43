// The rule for a network player who vanished (engine/absence.h, docs/network.md "A player who does not
// come back"), with time as plain numbers: the grace, the clock that runs again, the claim without a
// clock, and what the player who stayed is told.
#include "engine/absence.h"

#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {
constexpr Millis s = 1000;
constexpr Color W = Color::White, B = Color::Black;

// Liam (player 0, White) stays; Eamon (player 1, Black) is away.
Match liam_and_eamon(ClockSettings clock = {}) {
    return Match(MatchSettings{Variant{}, 1, clock}, {"Liam", "Eamon"});
}

void play(Match& m, const char* move, Millis now) {
    INFO(move);
    REQUIRE(m.play(spec_of(move), now));
}
}  // namespace

TEST_CASE("under a running clock: a grace in which nothing runs, then the clock runs as at the board",
          "[absence]") {
    const Absence a(100 * s, 30 * s, true);
    CHECK(a.stage(100 * s) == AbsenceStage::Grace);
    CHECK(a.until_next(100 * s) == 30 * s);
    CHECK(a.stage(130 * s - 1) == AbsenceStage::Grace);
    CHECK(a.until_next(130 * s - 1) == 1);
    CHECK(a.stage(130 * s) == AbsenceStage::ClockRuns);
    CHECK(a.until_next(130 * s) == -1);  // from here the clock decides
    CHECK(a.stage(100'000 * s) == AbsenceStage::ClockRuns);
    CHECK(a.grace_end() == 130 * s);
}

TEST_CASE("without a running clock: play on after the grace, claim five minutes later", "[absence]") {
    const Absence a(0, 30 * s, false);
    CHECK(a.stage(30 * s - 1) == AbsenceStage::Grace);
    CHECK(a.stage(30 * s) == AbsenceStage::Waiting);
    CHECK(a.until_next(30 * s) == claim_wait);
    CHECK(claim_wait == 5 * 60 * s);
    CHECK(a.stage(330 * s - 1) == AbsenceStage::Waiting);
    CHECK(a.until_next(330 * s - 1) == 1);
    CHECK(a.stage(330 * s) == AbsenceStage::ClaimAllowed);
    CHECK(a.until_next(330 * s) == -1);
    CHECK(a.claim_from() == 330 * s);
}

TEST_CASE("a grace of zero lets play go on at once", "[absence]") {
    CHECK(Absence(5 * s, 0, true).stage(5 * s) == AbsenceStage::ClockRuns);
    CHECK(Absence(5 * s, 0, false).stage(5 * s) == AbsenceStage::Waiting);
    CHECK(Absence(5 * s, 0, false).stage(5 * s + claim_wait) == AbsenceStage::ClaimAllowed);
}

TEST_CASE("the round may be claimed only when the claim time has come and the player who stayed owes no move",
          "[absence]") {
    Match m = liam_and_eamon();
    const Absence a(0, 30 * s, false);
    // White (Liam, who stayed) is to move: he moves first, and may claim on Eamon's turn.
    CHECK(may_claim(m, 1, a, 400 * s).why() ==
          "it is your move: play it, then you may claim on Eamon's turn");
    play(m, "W3B2", 40 * s);
    CHECK(may_claim(m, 1, a, 10 * s).why() == "Eamon may still come back: you may claim the round in 5:20");
    CHECK(may_claim(m, 1, a, 40 * s).why() == "Eamon has been away 0:40: you may claim the round in 4:50");
    CHECK(may_claim(m, 1, a, 330 * s));
    m.abandon(B, 330 * s);
    CHECK(may_claim(m, 1, a, 331 * s).why() == "the round is over");

    // Under a running clock (issue 33, item 23): not in the grace, then at once, whoever's turn it is
    // (lichess: the player who stayed need not wait for the absent clock to fall).
    Match timed = liam_and_eamon(ClockSettings::fischer(60 * s, 0));
    timed.start_clock(0);
    const Absence gone(2 * s, 30 * s, true);
    CHECK(may_claim(timed, 1, gone, 31 * s).why() ==
          "Eamon may still come back: you may claim the round in 0:01");
    CHECK(may_claim(timed, 1, gone, 32 * s));  // Liam's own turn: he need not move first
    play(timed, "W3B2", 33 * s);
    CHECK(may_claim(timed, 1, gone, 34 * s));
    timed.abandon(B, 34 * s, true);  // a draw claimed
    CHECK(timed.game().result().outcome == Outcome::Draw);
    CHECK(timed.round_result_text() == "Draw: Eamon left and did not come back; Liam claimed a draw");
    CHECK(may_claim(timed, 1, gone, 35 * s).why() == "the round is over");

    // Clocks stopped by an agreed pause: nobody can move, so the claim does not wait for a turn.
    Match paused = liam_and_eamon(ClockSettings::fischer(60 * s, 0));
    paused.start_clock(0);
    paused.clock().pause(1 * s);
    CHECK(may_claim(paused, 1, Absence(2 * s, 30 * s, false), 332 * s));
}

TEST_CASE("the player who stayed is told where things stand and how long the absent player has",
          "[absence]") {
    Match m = liam_and_eamon(ClockSettings::dm(60 * s, 120 * s, 30 * s));
    m.start_clock(0);
    play(m, "W3B2", 5 * s);   // Eamon's turn; his clock runs from 5 s
    m.clock().pause(15 * s);  // the drop, noticed at 15 s: 10 s of his turn used
    const Absence a(15 * s, 30 * s, true);
    CHECK(absence_text(m, 1, a, 20 * s) ==
          "Eamon is away: the clocks stand for 0:25 more (what is left of Eamon's grace), then Eamon's time "
          "runs again");
    m.clock().resume(45 * s);  // the grace is over
    CHECK(absence_text(m, 1, a, 45 * s) ==
          "Eamon is away: Eamon's clock runs, 2:50 left; you may claim the round or a draw, or wait");
    CHECK(absence_text(m, 1, a, 105 * s) ==
          "Eamon is away: Eamon's clock runs, 1:50 left; you may claim the round or a draw, or wait");

    Match mine = liam_and_eamon(ClockSettings::dm(60 * s, 120 * s, 30 * s));
    mine.start_clock(0);  // Liam's turn when Eamon left
    CHECK(absence_text(mine, 1, Absence(0, 30 * s, true), 30 * s) ==
          "Eamon is away: your clock runs; when you have moved, Eamon's runs (3:00 left); you may claim the "
          "round or a draw, or wait");
    // During the grace the player who stayed is told they may move.
    CHECK(absence_text(mine, 1, Absence(0, 30 * s, true), 10 * s) ==
          "Eamon is away: the clocks stand for 0:20 more (what is left of Eamon's grace), then your time "
          "runs again; you may move now");

    Match free = liam_and_eamon();
    play(free, "W3B2", 0);
    const Absence f(0, 30 * s, false);
    CHECK(absence_text(free, 1, f, 10 * s) == "Eamon is away: you may claim the round in 5:20");
    Match free_mine = liam_and_eamon();
    CHECK(absence_text(free_mine, 1, f, 10 * s) == "Eamon is away: play on (a claim in 5:20)");
    CHECK(absence_text(free, 1, f, 60 * s) == "Eamon has been away 1:00: you may claim the round in 4:30");
    CHECK(absence_text(free, 1, f, 330 * s) == "Eamon has been away 5:30: you may claim the round");
}

TEST_CASE("the time before a flag falls: DM turn and reserve, Fischer game time", "[absence][clock]") {
    GameClock dm(ClockSettings::dm(60 * s, 120 * s, 30 * s));
    dm.start(W, 0);
    CHECK(dm.until_flag(W, 10 * s) == 50 * s + 120 * s);
    CHECK(dm.until_flag(B, 10 * s) == 60 * s + 120 * s);  // a full turn when its turn comes
    dm.update(70 * s);                                    // a chunk taken: it is no longer in the reserve
    CHECK(dm.until_flag(W, 70 * s) == 20 * s + 90 * s);
    GameClock fischer(ClockSettings::fischer(300 * s, 3 * s));
    fischer.start(B, 0);
    CHECK(fischer.until_flag(B, 100 * s) == 200 * s);
    CHECK(fischer.until_flag(W, 100 * s) == 300 * s);
    CHECK(GameClock().until_flag(W, 0) == -1);
}
