// Scores and search progress: the vocabulary the search reports in, below both the search and the
// player that runs it (so that search.h need not include player.h).
#pragma once

#include <cstdint>

#include "types.h"

namespace gobblet {

// Scores are in hundredths of a "point" from the mover's point of view. Scores beyond +-mate_bound are
// forced results: mate_score - n means the mover wins in n plies.
constexpr int mate_score = 30000;
constexpr int mate_bound = mate_score - 1000;

// Progress while thinking, for the screen ("depth 9, best C2A2").
struct ThinkInfo {
    int depth = 0;
    int score = 0;
    Move best;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

}  // namespace gobblet
