// Glicko-2 (server/glicko2.h): the paper's worked example, and what rating game by game does.
#include <cmath>
#include <vector>

#include "server/glicko2.h"
#include "support.h"

using namespace gobblet::server::glicko2;

TEST_CASE("the paper's example: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300", "[glicko2]") {
    // Mark Glickman, "Example of the Glicko-2 system", tau = 0.5.
    const Rating player{1500, 200, 0.06};
    const std::vector<Result> period = {
        {{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
    const Rating after = rate(player, period, 1, 0.5);
    CHECK(after.rating == Approx(1464.06).margin(0.01));
    CHECK(after.deviation == Approx(151.52).margin(0.01));
    CHECK(after.volatility == Approx(0.05999).margin(0.00001));
}

TEST_CASE("a period without games only widens the deviation, by the volatility", "[glicko2]") {
    const Rating player{1620, 80, 0.06};
    const Rating after = rate(player, {}, 1);
    CHECK(after.rating == 1620);
    CHECK(after.volatility == 0.06);
    // sqrt(phi^2 + sigma^2) on the Glicko-2 scale, back on the Glicko scale.
    const double phi = 80 / 173.7178;
    CHECK(after.deviation == Approx(173.7178 * std::sqrt(phi * phi + 0.06 * 0.06)));
    CHECK(after_inactivity(player, 1).deviation == Approx(after.deviation));
    CHECK(after_inactivity(player, 0).deviation == Approx(80));
}

TEST_CASE("inactivity never makes a deviation larger than a newcomer's 350", "[glicko2]") {
    const Rating regular{1800, 60, 0.06};
    // A year away is about 78 periods: the deviation grows to about 110 (as glicko2.h says).
    const double year = periods_between(0, 365 * 86400);
    CHECK(year == Approx(78.24).margin(0.01));
    CHECK(after_inactivity(regular, year).deviation == Approx(110.0).margin(0.1));
    // Twenty years away: bounded at 350, and the rating itself is kept.
    const Rating gone = after_inactivity(regular, 20 * year);
    CHECK(gone.deviation == max_deviation);
    CHECK(gone.rating == 1800);
    // A game after a long absence starts from at most 350 too: the same as a newcomer's first game.
    const Rating opponent{1500, 100, 0.06};
    const Rating back = rate_game({1500, 90, 0.06}, opponent, 1, 20 * year);
    const Rating fresh = rate_game(newcomer, opponent, 1, 1);
    CHECK(back.rating == Approx(fresh.rating));
    CHECK(back.deviation == Approx(fresh.deviation));
}

TEST_CASE("newcomers start at 1500/350/0.06, and a first game between two moves them symmetrically",
          "[glicko2]") {
    CHECK(newcomer.rating == 1500);
    CHECK(newcomer.deviation == 350);
    CHECK(newcomer.volatility == 0.06);
    const Rating winner = rate_game(newcomer, newcomer, 1, 1);
    const Rating loser = rate_game(newcomer, newcomer, 0, 1);
    CHECK(winner.rating > 1500);
    CHECK(loser.rating < 1500);
    CHECK(winner.rating - 1500 == Approx(1500 - loser.rating));
    // One game among two unknowns: a big step (about 162 points), and much less doubt than before.
    CHECK(winner.rating == Approx(1662.21).margin(0.05));
    CHECK(winner.deviation == Approx(290.23).margin(0.05));
    const Rating drawn = rate_game(newcomer, newcomer, 0.5, 1);
    CHECK(drawn.rating == Approx(1500));
}

TEST_CASE("beating a much stronger player gains more than beating a weaker one", "[glicko2]") {
    const Rating me{1500, 100, 0.06};
    const Rating up = rate_game(me, {1900, 80, 0.06}, 1, 1);
    const Rating down = rate_game(me, {1100, 80, 0.06}, 1, 1);
    CHECK(up.rating - 1500 > 3 * (down.rating - 1500));
    // An expected win over a much weaker player moves little; an upset loss to them costs a lot.
    const Rating upset = rate_game(me, {1100, 80, 0.06}, 0, 1);
    CHECK(1500 - upset.rating > 5 * (down.rating - 1500));
}

TEST_CASE("a very active player's deviation stops at the floor of 45", "[glicko2]") {
    Rating r{1500, 60, 0.06};
    for (int i = 0; i < 500; ++i) r = rate_game(r, {1500, 50, 0.06}, i % 2, 0.001);
    CHECK(r.deviation == min_deviation);
    CHECK(std::isfinite(r.rating));
}

TEST_CASE("nonsense numbers are brought into range, never spread as nan", "[glicko2]") {
    const Rating broken{NAN, -5, INFINITY};
    const Rating r = rate_game(broken, {1500, 0, 0}, 1, NAN);
    CHECK(std::isfinite(r.rating));
    CHECK(r.deviation >= min_deviation);
    CHECK(r.deviation <= max_deviation);
    CHECK(std::isfinite(r.volatility));
    CHECK(periods_between(100, 50) == 0);
}

TEST_CASE(
    "a rating's settled time: the last second its deviation, growing without games, is within the bound",
    "[glicko2]") {
    constexpr std::int64_t t0 = 1'800'000'000;
    for (const Rating r : {Rating{1800, 60, 0.06}, Rating{1500, 149.9, 0.06}, Rating{1700, 45, 0.09},
                           Rating{1600, 120, 0.0300001}}) {
        INFO(r.deviation << " " << r.volatility);
        const auto until = settled_until(r, t0, 150);
        REQUIRE(until);
        CHECK(*until >= t0);
        // after_inactivity agrees on either side of it (to the float's last bits at the very second).
        CHECK(after_inactivity(r, periods_between(t0, *until)).deviation <= 150 + 1e-9);
        CHECK(after_inactivity(r, periods_between(t0, *until + 1)).deviation > 150);
    }
    // A regular at 60 stays settled (150) for more than two years at a volatility of 0.06: 174 periods.
    const double days = double(*settled_until(Rating{1800, 60, 0.06}, t0, 150) - t0) / 86400;
    CHECK(days == Approx(811.6).margin(0.5));
    // Above the bound already: never settled; a newcomer neither.
    CHECK_FALSE(settled_until(Rating{1800, 150.01, 0.06}, t0, 150));
    CHECK_FALSE(settled_until(newcomer, t0, 150));
    // Nonsense never gives nonsense: a volatility brought into range, a time within bounds.
    CHECK(settled_until(Rating{1500, 100, 0}, t0, 150).value() > t0);
    CHECK_FALSE(settled_until(Rating{1500, NAN, 0.06}, t0, 150));
}
