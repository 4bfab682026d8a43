// The command-line commands that read or write game and puzzle files and print what they find:
// --replay, --review, --make-puzzles and --verify-puzzles. Each writes its report to `out` and its
// complaints to `err` (prefixed "gobblet: ") and returns the exit status: 0, or 1 when a file cannot be
// read, written or trusted. The two puzzle commands report how long they took on the TimeSource they are
// given (main.cpp passes the program's one monotonic clock, net::monotonic_clock()).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/review.h"
#include "engine/time_source.h"
#include "savefile.h"

namespace gobblet::saves {

// --replay FILE: the final position and state of a transcript or save file as plain text.
int run_replay(std::ostream& out, std::ostream& err, const std::string& path, const VariantChoice& choice);
// --review FILE: every move judged, one line a move, then a summary a side (review.h's format).
int run_review(std::ostream& out, std::ostream& err, const std::string& path, const VariantChoice& choice,
               const JudgeLimits& limits);
// --make-puzzles DIR: generates the shipped sets from self-play (games chosen by `seed`) into
// DIR/<set>.txt, proving each puzzle.
int run_make_puzzles(std::ostream& out, std::ostream& err, const std::string& dir, std::uint64_t seed,
                     const TimeSource& time);
// --verify-puzzles [FILE...]: proves every puzzle of the files, or of the sets built into the program
// when there are none.
int run_verify_puzzles(std::ostream& out, std::ostream& err, const std::vector<std::string>& files,
                       const TimeSource& time);

}  // namespace gobblet::saves
