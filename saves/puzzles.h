// The puzzle sets that ship with the game.
//
// The sets are the text files of saves/puzzles (engine/puzzle.h's format), compiled into the program at
// build time (the Makefile turns them into build/gen/puzzle_data.cpp), so an installed binary has them
// without any file beside it.

#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/puzzle.h"

namespace gobblet::saves {

// One shipped file: its name without ".txt" (the set's name) and its text, byte for byte.
struct EmbeddedText {
    std::string_view name;
    std::string_view text;
};
// Every file of saves/puzzles, sorted by name. Defined in the generated build/gen/puzzle_data.cpp.
const std::vector<EmbeddedText>& shipped_puzzle_texts();

// The shipped sets, read once: official-4x4, rogers-4x4 and 3x3 (for both rule sets).
const std::vector<PuzzleSet>& shipped_puzzle_sets();
// The shipped set for a variant (3x3 for either rule set), or nullptr.
const PuzzleSet* shipped_puzzle_set(Variant v);

}  // namespace gobblet::saves
