// `./main --bench`: searches a fixed set of positions to a fixed depth and reports nodes, time, speed
// and a node-count signature, so that unintended changes to the search show up (as in chess engines).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <vector>

#include "time_source.h"
#include "types.h"

namespace gobblet {

// depth 0 means the standard bench depth. With more than one thread (Lazy SMP) the node count varies from
// run to run: the signature is one thread's; what several threads show is their speed and time to depth.
// Times are read from `time` (main.cpp passes the real monotonic clock; a benchmark's time is real time).
// Writes the report to `out`; returns the exit status.
int run_bench(std::ostream& out, const TimeSource& time, int depth = 0, int threads = 1);

// `./main --perft N`: the leaf count N plies from the start of `variant`, with the time it took (read
// from `time`, as the bench) and the speed, for spotting move generator regressions. Writes one line to
// `out`; returns the exit status.
int run_perft(std::ostream& out, const TimeSource& time, int depth, Variant variant);

// A long game for the benchmarks (`--bench-paste`, build/screen-bench's moves and long transcript):
// `plies` random legal moves of `variant` from its start that neither end the game nor bring back a
// position (fewer if it reaches a position where every move would), the same moves for the same seed.
std::vector<Move> wandering_game(int plies, std::uint64_t seed, Variant variant = {});

}  // namespace gobblet
