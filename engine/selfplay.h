// `./main --match A:B`: self-play between two computer players, for measuring strength. A player is a
// level name (easy, medium, hard, max) or abN, a plain fixed-depth-N alpha-beta player.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "types.h"

namespace gobblet {

struct MatchOptions {
    std::string first, second;  // the two players; each plays White in half of the games
    int games = 100;
    Variant variant{};
    double think_seconds = 1.0;  // time a move for players that use a clock (max)
    std::uint64_t seed = 1;
};

// Plays the match, writing one line a game and a final score to `out`; returns the exit status
// (2 for a player name it does not know, with the reason on `err`).
int run_match(const MatchOptions& options, std::ostream& out, std::ostream& err);

}  // namespace gobblet
