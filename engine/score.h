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

// The most threads a search may use (--threads), and how many it may use by default: the cores the
// process may run on, up to default_threads_cap (beyond that a shared 16 MiB table gains little), of
// which each search runs only those free as it searches (cores.h).
constexpr int max_search_threads = 64;
constexpr int default_threads_cap = 8;
constexpr int default_threads(unsigned cores) {
    return cores == 0 ? 1 : cores > unsigned(default_threads_cap) ? default_threads_cap : int(cores);
}

// Progress while thinking, for the screen ("depth 9, best C2A2").
struct ThinkInfo {
    int depth = 0;
    int score = 0;
    Move best;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

}  // namespace gobblet
