// `./main --match A:B`: self-play between two computer players, for measuring strength. A player is a
// level name (easy, medium, hard, max) or abN, a plain fixed-depth-N alpha-beta player.
//
// With --first-to above 1 or a clock, each "game" is a whole match played through engine/match under
// the tournament rules: rounds from the start position, the loser of a round choosing the next starter
// by the computer's rule (decisions.h), drawn rounds played again, the clock running in real time and a
// flag losing the round. The levels think by the clock (timeman.h); abN ignores it. Every move's
// timing is reported: its think time against its budget, the time it left on the clock, and a summary.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

#include "clock.h"
#include "types.h"

namespace gobblet {

struct MatchOptions {
    std::string first, second;  // the two players; each plays White in half of the games
    int games = 100;            // games, or matches under match play
    Variant variant{};
    double think_seconds = 1.0;  // time a move for players that use a clock (max)
    std::uint64_t seed = 1;
    int threads = 1;          // each of our levels' search threads (PlayerSettings::threads)
    std::uint64_t nodes = 0;  // nodes a move for our levels (PlayerSettings::max_nodes); 0: no limit
    int first_to = 1;         // round wins that win a match
    ClockSettings clock{};
    // The real time (main.cpp passes net::monotonic_clock()): the players' think time and the match's
    // clocks read it, and nothing else. Not owned; null: time stands still.
    const TimeSource* time = nullptr;

    bool match_play() const { return first_to > 1 || clock.enabled(); }
};

// Most rounds a self-play match plays (drawn rounds count) before it is given up as unfinished.
constexpr int max_selfplay_rounds = 20;

// Plays the match, writing one line a game and a final score to `out`; returns the exit status
// (2 for a player name it does not know, with the reason on `err`).
int run_match(const MatchOptions& options, std::ostream& out, std::ostream& err);

}  // namespace gobblet
