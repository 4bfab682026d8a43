// `./main --bench`: searches a fixed set of positions to a fixed depth and reports nodes, time, speed
// and a node-count signature, so that unintended changes to the search show up (as in chess engines).
#pragma once

#include <iosfwd>

namespace gobblet {

// depth 0 means the standard bench depth. Writes the report to `out`; returns the exit status.
int run_bench(std::ostream& out, int depth = 0);

}  // namespace gobblet
