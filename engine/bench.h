// `./main --bench`: searches a fixed set of positions to a fixed depth and reports nodes, time, speed
// and a node-count signature, so that unintended changes to the search show up (as in chess engines).
#pragma once

#include <iosfwd>

#include "time_source.h"
#include "types.h"

namespace gobblet {

// depth 0 means the standard bench depth. Times are read from `time` (main.cpp passes the real monotonic
// clock; a benchmark's time is real time). Writes the report to `out`; returns the exit status.
int run_bench(std::ostream& out, const TimeSource& time, int depth = 0);

// `./main --perft N`: the leaf count N plies from the start of `variant`, with the time it took (read
// from `time`, as the bench) and the speed, for spotting move generator regressions. Writes one line to
// `out`; returns the exit status.
int run_perft(std::ostream& out, const TimeSource& time, int depth, Variant variant);

}  // namespace gobblet
