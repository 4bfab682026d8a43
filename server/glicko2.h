// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf),
// as pure functions of numbers: no store, no clock.
//
// A rating is three numbers on the Glicko scale: the rating r (1500 for a newcomer), its deviation RD
// (how unsure it is: 350 for a newcomer, falling as games are played, growing again with inactivity)
// and the volatility sigma (how erratic the player's results are). rate() is the paper's procedure for
// one rating period. The server rates after each game, as lichess does (rate_game): the game is a
// period of its own, and the deviation first grows by the time since the player's last rated game,
// counted in (fractional) rating periods.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

namespace gobblet::server::glicko2 {

struct Rating {
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
};

// The rating of a player who has not played: 1500, RD 350, volatility 0.06 (the paper's suggestions).
constexpr Rating newcomer{};
// The deviation stays within these bounds: 350 is a newcomer's (inactivity never makes a player less
// known than one who never played); 45 keeps a very active player's rating able to move (lichess's
// floor).
constexpr double max_deviation = 350;
constexpr double min_deviation = 45;
// The system constant tau: how much the volatility may change (the paper suggests 0.3 to 1.2; 0.5 is
// its example's).
constexpr double default_tau = 0.5;
// A rating period, for the growth of the deviation with time: lichess's 0.21436 periods a day, so
// about 4.67 days. A player idle for a year (78 periods) at RD 60 and volatility 0.06 comes back at RD 110.
constexpr double periods_per_day = 0.21436;

// One game of the period: the opponent's rating before the period, and the score (1 win, 0.5 draw,
// 0 loss).
struct Result {
    Rating opponent;
    double score;
};

// The paper's steps 1-8 for one player over one period: the new rating, deviation and volatility after
// `results` (none: only the deviation grows). `periods` is how many rating periods the deviation grows
// by before the results count (1 in the paper; the time since the last rating when rating game by game).
// The deviation it gives is within [min_deviation, max_deviation]; inputs out of range are brought into
// range (a deviation above max_deviation counts as max_deviation).
Rating rate(const Rating& player, std::span<const Result> results, double periods = 1,
            double tau = default_tau);

// After one game, as lichess applies it: rate() with that game alone, `periods` after the player's last
// rated game. Each player is rated against the other's rating from before the game.
Rating rate_game(const Rating& player, const Rating& opponent, double score, double periods,
                 double tau = default_tau);

// The rating after `periods` without games: only the deviation grows (sqrt(RD^2 + periods * sigma^2) on
// the Glicko-2 scale), up to max_deviation.
Rating after_inactivity(const Rating& player, double periods);

// Rating periods between two times in seconds since 1970 (0 when `to` is not later).
double periods_between(std::int64_t from_seconds, std::int64_t to_seconds);

// Until when (seconds since 1970) a rating last changed at `last_rated` stays within `max_dev` as its
// deviation grows without games (after_inactivity): the last second it is at most max_dev. nullopt
// when it is above max_dev already. A pure function of the stored row, so that a store can keep it
// with the rating and find the settled ratings of a moment by an index instead of growing every
// player's deviation to that moment (a rating becomes settled only by a game, which writes it again).
std::optional<std::int64_t> settled_until(const Rating& player, std::int64_t last_rated, double max_dev);

}  // namespace gobblet::server::glicko2
