// Time allocation under a clock (timeman.h): the budget is a pure function, tested with plain numbers;
// the search and the player honour a budget, tested with depth and fake budgets, never the wall clock.
#include "engine/timeman.h"

#include <random>

#include "engine/match.h"
#include "engine/movegen.h"
#include "engine/search.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

constexpr Millis s = 1000;

TimeSituation dm(Millis left, Millis reserve = 0, Millis chunk = 30 * s, Millis turn = 0) {
    TimeSituation t;
    t.clock = ClockSettings::dm(turn ? turn : left, reserve, chunk);
    t.left = left;
    t.reserve = reserve;
    return t;
}

TimeSituation fischer(Millis left, Millis increment = 0, int moves_played = 0, int moves_to_go = 0) {
    TimeSituation t;
    t.clock = ClockSettings::fischer(left, increment);
    t.left = left;
    t.moves_played = moves_played;
    t.moves_to_go = moves_to_go;
    return t;
}

// Budgets are sums of milliseconds; compare them to the millisecond.
TimeBudget budget(double soft, double hard, double forced_soft, double forced_hard) {
    return {soft, hard, forced_soft, forced_hard};
}
void check_budget(const TimeBudget& got, const TimeBudget& want) {
    INFO("got soft " << got.soft << " hard " << got.hard << " forced " << got.forced_soft << "/"
                     << got.forced_hard);
    CHECK(got.soft == Approx(want.soft).margin(1e-9));
    CHECK(got.hard == Approx(want.hard).margin(1e-9));
    CHECK(got.forced_soft == Approx(want.forced_soft).margin(1e-9));
    CHECK(got.forced_hard == Approx(want.forced_hard).margin(1e-9));
}

constexpr double unlimited = max_think_seconds;

// White to move can force a win in 3 plies; a one-ply search already sees it but has not proven it.
const char* white_wins_in_3 = "W1C2 K1B2 W2B3 K2A3 B3A1 A3A2 W1C3 B2B4 W2B1 A2D4";
// Black to move loses in 2 plies whatever it does; a one-ply search sees it, a two-ply search proves it.
const char* black_lost_in_2 = "W1C2 K1C3 W1B4 K1B2 C2D3 C3D1 W2D4 D1B1 W1C4 B2A3 W3D2";

}  // namespace

TEST_CASE("the safety margin is 100 ms plus 5% of the time left, at most a second", "[timeman]") {
    CHECK(safety_margin(1 * s) == 150);
    CHECK(safety_margin(0) == 100);
    CHECK(safety_margin(-20) == 100);
    CHECK(safety_margin(10 * s) == 600);
    CHECK(safety_margin(2 * 60 * s) == 1000);
}

TEST_CASE("without a clock, a level thinks as long as it always has", "[timeman]") {
    const TimeSituation none;
    check_budget(time_budget(none, Level::Max, 1.0), budget(1, 1, 1, 1));
    check_budget(time_budget(none, Level::Hard, 1.0), budget(0.25, 0.25, 0.25, 0.25));
    check_budget(time_budget(none, Level::Hard, 0.04), budget(0.02, 0.02, 0.02, 0.02));
    // The fixed-depth levels have no time limit at all.
    check_budget(time_budget(none, Level::Medium, 1.0), budget(0, 0, 0, 0));
    check_budget(time_budget(none, Level::Easy, 5.0), budget(0, 0, 0, 0));
    // Not even --think may ask for more than an hour.
    check_budget(time_budget(none, Level::Max, 1e6), budget(3600, 3600, 3600, 3600));
}

TEST_CASE("a DM turn: the whole turn but the margin, and never more than --think at max", "[timeman]") {
    // 1 s a turn: 150 ms of margin.
    check_budget(time_budget(dm(1 * s), Level::Max, 1.0), budget(0.85, 0.85, 0.85, 0.85));
    check_budget(time_budget(dm(1 * s), Level::Max, 30), budget(0.85, 0.85, 0.85, 0.85));
    // 2 minutes a turn with the default --think 1: the computer still thinks a second.
    check_budget(time_budget(dm(120 * s), Level::Max, 1.0), budget(1, 1, 1, 1));
    // With --think an hour, the turn decides: 2 minutes less the 1 s margin.
    check_budget(time_budget(dm(120 * s), Level::Max, 3600), budget(119, 119, 119, 119));
    // A turn partly spent before the computer started: what is left of it counts.
    check_budget(time_budget(dm(300, 0, 30 * s, 1 * s), Level::Max, 3600),
                 budget(0.185, 0.185, 0.185, 0.185));
}

TEST_CASE("a DM reserve is dipped into only for a forced result, by one chunk at most", "[timeman]") {
    // 2 s a turn, 5 s of reserve in 1 s chunks: the turn alone, unless the search scores a forced
    // result; then one chunk more (3 s, less its 250 ms margin).
    check_budget(time_budget(dm(2 * s, 5 * s, 1 * s), Level::Max, 3600), budget(1.8, 1.8, 2.75, 2.75));
    // Less reserve than a chunk: what is left.
    check_budget(time_budget(dm(2 * s, 400, 1 * s), Level::Max, 3600), budget(1.8, 1.8, 2.18, 2.18));
    // No reserve left: nothing to dip into.
    check_budget(time_budget(dm(2 * s, 0, 1 * s), Level::Max, 3600), budget(1.8, 1.8, 1.8, 1.8));
    // --think still caps the forced limits.
    check_budget(time_budget(dm(2 * s, 5 * s, 1 * s), Level::Max, 2.5), budget(1.8, 1.8, 2.5, 2.5));
    check_budget(time_budget(dm(2 * s, 5 * s, 1 * s), Level::Max, 1), budget(1, 1, 1, 1));
    // The tournament's clock (2 min a turn, 5 min reserve, 30 s chunks) with --think an hour.
    check_budget(time_budget(dm(120 * s, 300 * s, 30 * s), Level::Max, 3600), budget(119, 119, 149, 149));
}

TEST_CASE("Fischer: a share of the game time plus the increment, at most three shares", "[timeman]") {
    // 60 s left, no increment, first move: (60 - 1) s / 25 moves to go.
    check_budget(time_budget(fischer(60 * s), Level::Max, 3600), budget(2.36, 7.08, 7.08, 7.08));
    // Twenty moves in, at least ten moves to go are still assumed.
    check_budget(time_budget(fischer(60 * s, 0, 20), Level::Max, 3600), budget(5.9, 17.7, 17.7, 17.7));
    // The increment is spent as it comes.
    check_budget(time_budget(fischer(60 * s, 2 * s), Level::Max, 3600), budget(4.36, 13.08, 13.08, 13.08));
    // A known number of moves to go (GTP byo-yomi): 10 s for 1 move is the whole 10 s but the margin.
    check_budget(time_budget(fischer(10 * s, 0, 0, 1), Level::Max, 3600), budget(9.4, 9.4, 9.4, 9.4));
    check_budget(time_budget(fischer(10 * s, 0, 0, 5), Level::Max, 3600), budget(1.88, 5.64, 5.64, 5.64));
    // A big increment never lifts the ceiling above the time on the clock: it comes after the move.
    check_budget(time_budget(fischer(200, 5 * s), Level::Max, 3600), budget(0.09, 0.09, 0.09, 0.09));
    // --think caps it.
    check_budget(time_budget(fischer(60 * s), Level::Max, 1), budget(1, 1, 1, 1));
}

TEST_CASE("with almost no time left the computer still answers, at once", "[timeman]") {
    for (Millis left : {Millis(-5), Millis(0), Millis(30), Millis(104)}) {
        INFO(left << " ms left");
        check_budget(time_budget(dm(left, 0, 30 * s, 1 * s), Level::Max, 1),
                     budget(0.001, 0.001, 0.001, 0.001));
        check_budget(time_budget(fischer(left), Level::Max, 1), budget(0.001, 0.001, 0.001, 0.001));
    }
    check_budget(time_budget(dm(200, 0, 30 * s, 1 * s), Level::Max, 1), budget(0.09, 0.09, 0.09, 0.09));
}

TEST_CASE("the fixed-depth levels get the same ceiling and no soft limit; hard gets a quarter", "[timeman]") {
    check_budget(time_budget(dm(1 * s), Level::Medium, 1), budget(0, 0.85, 0, 0.85));
    check_budget(time_budget(dm(1 * s), Level::Easy, 1), budget(0, 0.85, 0, 0.85));
    check_budget(time_budget(fischer(60 * s), Level::Medium, 1), budget(0, 7.08, 0, 7.08));
    check_budget(time_budget(dm(1 * s), Level::Hard, 1), budget(0.25, 0.25, 0.25, 0.25));
    check_budget(time_budget(dm(200), Level::Hard, 1), budget(0.09, 0.09, 0.09, 0.09));
    // An absurd turn is capped at an hour for every level.
    check_budget(time_budget(dm(20 * 3600 * s), Level::Medium, 1), budget(0, 3600, 0, 3600));
}

TEST_CASE("every budget stays under its clock's ceiling, whatever the numbers", "[timeman]") {
    std::mt19937 rng(9);
    for (int i = 0; i < 20000; ++i) {
        const Millis left = Millis(rng() % 400'000) - 100;
        const Millis reserve = Millis(rng() % 3) ? Millis(rng() % 600'000) : 0;
        const Millis chunk = Millis(rng() % 60'000);
        const int kind = int(rng() % 2);
        TimeSituation t = kind ? fischer(left, Millis(rng() % 10'000), int(rng() % 60), int(rng() % 4))
                               : dm(left, reserve, chunk, 1);
        const Level level = Level(rng() % 4);
        const double think = 0.01 + double(rng() % 100'000) / 10;
        const TimeBudget b = time_budget(t, level, think);
        INFO("kind " << kind << " left " << left << " reserve " << reserve << " chunk " << chunk << " level "
                     << level_name(level) << " think " << think);
        const double ceiling = std::max(0.001, double(left - safety_margin(left)) / 1000);
        CHECK(b.hard > 0);
        CHECK(b.hard <= ceiling + 1e-9);
        CHECK(b.soft <= b.hard);
        CHECK(b.forced_soft <= b.forced_hard);
        CHECK(b.forced_hard >= b.hard);
        if (kind == 1 || reserve == 0) CHECK(b.forced_hard == b.hard);
        const Millis extra = chunk > 0 ? std::min(chunk, reserve) : reserve;
        CHECK(b.forced_hard <=
              std::max(0.001, double(left + extra - safety_margin(left + extra)) / 1000) + 1e-9);
        if (level == Level::Max) CHECK(b.forced_hard <= think + 1e-9);
        CHECK(b.forced_hard <= max_think_seconds);
    }
}

TEST_CASE("a match's clock gives the side to move's situation", "[timeman]") {
    Match m(MatchSettings{Variant{}, 2, ClockSettings::dm(2 * s, 5 * s, 1 * s)}, {"Liam", "Eamon"});
    m.start_clock(0);
    TimeSituation t = time_situation(m, 300);
    CHECK(t.clock == m.settings().clock);
    CHECK(t.left == 1700);
    CHECK(t.reserve == 5 * s);
    CHECK(t.moves_played == 0);
    REQUIRE(m.play(spec_of("W1A1"), 2500));  // took one chunk
    REQUIRE(m.play(spec_of("K1D1"), 3000));
    t = time_situation(m, 3100);
    CHECK(t.left == 1900);
    CHECK(t.reserve == 4 * s);
    CHECK(t.moves_played == 1);
    check_budget(time_budget(t, Level::Max, 3600), budget(1.705, 1.705, 2.655, 2.655));
    // A turn run into the reserve, read before anyone ticked the match (a bot reads the match its session
    // keeps): the chunk due is counted, and the match is left as it was.
    t = time_situation(m, 5500);
    CHECK(t.left == 500);
    CHECK(t.reserve == 3 * s);
    CHECK(m.clock().reserve_left(Color::White) == 4 * s);
}

TEST_CASE("GTP time: main time, then byo-yomi periods of S stones in T seconds", "[timeman]") {
    GtpClock c;
    CHECK_FALSE(c.limited());
    CHECK(c.situation(Color::White, 0).clock.kind == ClockKind::None);

    SECTION("T seconds for every move") {
        c.set(0, 2 * s, 1);
        REQUIRE(c.limited());
        check_budget(time_budget(c.situation(Color::White, 0), Level::Max, unlimited),
                     budget(1.8, 1.8, 1.8, 1.8));
        c.spend(Color::White, 1500);
        CHECK(c.left(Color::White) == 2 * s);  // a new period
        CHECK(c.stones(Color::White) == 1);
        CHECK(c.left(Color::Black) == 2 * s);
    }
    SECTION("no time limit, as GTP defines it, and 0 0 0") {
        c.set(0, 10 * s, 0);
        CHECK_FALSE(c.limited());
        c.set(0, 0, 0);
        CHECK_FALSE(c.limited());
        c.spend(Color::White, 1000);
        CHECK(c.situation(Color::White, 3).clock.kind == ClockKind::None);
    }
    SECTION("absolute time for the game") {
        c.set(300 * s, 0, 0);
        const TimeSituation t = c.situation(Color::Black, 4);
        CHECK(t.clock.kind == ClockKind::Fischer);
        CHECK(t.left == 300 * s);
        CHECK(t.moves_played == 4);
        CHECK(t.moves_to_go == 0);
        c.spend(Color::Black, 10 * s);
        CHECK(c.left(Color::Black) == 290 * s);
        c.spend(Color::Black, 400 * s);
        CHECK(c.left(Color::Black) == 0);
        check_budget(time_budget(c.situation(Color::Black, 5), Level::Max, unlimited),
                     budget(0.001, 0.001, 0.001, 0.001));
    }
    SECTION("main time, then periods; a move may count on one byo-yomi share") {
        c.set(10 * s, 5 * s, 5);
        TimeSituation t = c.situation(Color::White, 0);
        CHECK(t.left == 11 * s);  // 10 s of main time and one 1 s share of a period
        CHECK(t.clock.increment == 1 * s);
        c.spend(Color::White, 9 * s);
        CHECK(c.left(Color::White) == 1 * s);
        CHECK(c.stones(Color::White) == 0);
        // Main time runs out during a move: the period starts with the overrun taken from it, and the move
        // is its first stone.
        c.spend(Color::White, 2 * s);
        CHECK(c.left(Color::White) == 4 * s);
        CHECK(c.stones(Color::White) == 4);
        t = c.situation(Color::White, 2);
        CHECK(t.left == 4 * s);
        CHECK(t.moves_to_go == 4);
        for (int i = 0; i < 3; ++i) c.spend(Color::White, 1 * s);
        CHECK(c.stones(Color::White) == 1);
        CHECK(c.left(Color::White) == 1 * s);
        c.spend(Color::White, 500);
        CHECK(c.left(Color::White) == 5 * s);  // a period played in time: a fresh one
        CHECK(c.stones(Color::White) == 5);
        // Time spent on something else than a move (a draw offer) uses no stone.
        c.spend(Color::White, 500, false);
        CHECK(c.left(Color::White) == 4500);
        CHECK(c.stones(Color::White) == 5);
    }
    SECTION("time_left sets what is left, and sets a limit where there was none") {
        c.set_left(Color::Black, 3 * s, 2);
        REQUIRE(c.limited());
        const TimeSituation t = c.situation(Color::Black, 7);
        CHECK(t.left == 3 * s);
        CHECK(t.moves_to_go == 2);
        c.set(60 * s, 0, 0);
        c.set_left(Color::White, 500, 0);
        CHECK(c.left(Color::White) == 500);
        CHECK(c.left(Color::Black) == 60 * s);
        check_budget(time_budget(c.situation(Color::White, 0), Level::Max, unlimited),
                     budget(0.015, 0.045, 0.045, 0.045));
    }
}

TEST_CASE("a search stops deepening at its soft limit", "[timeman][search]") {
    const Game g = game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    Search search;
    const FakeClock clock(1);  // a millisecond passes at every reading
    SearchLimits limits;
    limits.time = &clock;
    limits.seconds = 600;        // never reached
    limits.soft_seconds = 1e-9;  // passed as soon as one iteration is done
    const SearchResult r = search.run(g.position(), g.position_keys(), limits);
    CHECK(r.depth == 1);
    CHECK(r.stopped);
    // A forced-result allowance changes nothing when nothing is forced.
    limits.forced_soft_seconds = limits.forced_seconds = 600;
    search.clear();
    CHECK(search.run(g.position(), g.position_keys(), limits).depth == 1);
}

TEST_CASE("a forced result unlocks the forced limits, until it is proven", "[timeman][search]") {
    for (const char* transcript : {white_wins_in_3, black_lost_in_2}) {
        const Game g = game_after(transcript);
        INFO(transcript);
        Search search;
        const FakeClock clock(1);
        SearchLimits limits;
        limits.time = &clock;
        limits.seconds = 600;
        limits.soft_seconds = 1e-9;
        const SearchResult plain = search.run(g.position(), g.position_keys(), limits);
        REQUIRE(std::abs(plain.score) >= mate_bound);
        const int distance = mate_score - std::abs(plain.score);
        CHECK(plain.depth == 1);
        CHECK(distance > 1);  // seen, not proven
        // With room to confirm it, the search goes on until the depth proves the result, then stops.
        limits.forced_soft_seconds = limits.forced_seconds = 600;
        search.clear();
        const SearchResult confirmed = search.run(g.position(), g.position_keys(), limits);
        CHECK(confirmed.depth == distance);
        CHECK(confirmed.score == plain.score);
        CHECK_FALSE(confirmed.stopped);
    }
}

TEST_CASE("the player thinks by its budget; without one it plays as before", "[timeman][search]") {
    const Game g = game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    Player max(ticking(PlayerSettings{Level::Max, 3600, 1}));
    const TimeBudget one_iteration{1e-9, 600, 1e-9, 600};
    CHECK(max.choose(g, one_iteration).depth == 1);
    // The fixed-depth levels keep their depth under a ceiling they do not reach.
    Player medium(PlayerSettings{Level::Medium, 1, 1});
    CHECK(medium.choose(g, time_budget(dm(600 * s), Level::Medium, 1)).depth == 4);
    CHECK(medium.choose(g).depth == 4);
    // A win in one never needs time.
    const Game win = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1C4");
    const Choice c = max.choose(win, TimeBudget{0.001, 0.001, 0.001, 0.001});
    CHECK(move_name(c.move, Color::White) == "W1A4");
    // A forced result found at once is confirmed under the forced limits.
    const Game lost = game_after(black_lost_in_2);
    CHECK(max.choose(lost, one_iteration).depth == 1);
    CHECK(max.choose(lost, TimeBudget{1e-9, 600, 600, 600}).depth == 2);
}

TEST_CASE("on 3x3 the solver answers within the budget", "[timeman][search]") {
    Player max(ticking(PlayerSettings{Level::Max, 1, 1}));
    const Game g(Variant{3, Rules::Rogers});
    MoveList legal;
    g.legal_moves(legal);
    // The tiniest budget still gives a legal move (the best found so far).
    CHECK(legal.contains(max.choose(g, TimeBudget{0.001, 0.001, 0.001, 0.001}).move));
    // Room enough: the exact answer, a first-player win.
    const Choice solved = max.choose(g, TimeBudget{600, 600, 600, 600});
    CHECK(legal.contains(solved.move));
    CHECK(solved.score >= mate_bound);
}
