// The puzzle sets that ship with the game, and the player's progress through them.
//
// The sets are the text files of saves/puzzles (engine/puzzle.h's format), compiled into the program at
// build time (the Makefile turns them into build/gen/puzzle_data.cpp), so an installed binary has them
// without any file beside it.
//
// Progress lives in $XDG_DATA_HOME/gobblet/puzzles.txt (default ~/.local/share/gobblet/puzzles.txt), one
// block a set:
//
//     % gobblet puzzle progress
//     set: official-4x4
//     solved: 1 2 5 17
//     failed: 3
//     streak: 2
//     best streak: 4
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
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

// A player's record on one set.
struct SetProgress {
    std::set<int> solved;  // puzzles solved at least once
    std::set<int> failed;  // puzzles failed and never solved
    int streak = 0;        // puzzles solved in a row, up to the last attempt
    int best_streak = 0;
    friend bool operator==(const SetProgress&, const SetProgress&) = default;
};

struct PuzzleProgress {
    std::map<std::string, SetProgress> sets;  // by set name

    // An attempt at a puzzle: solved adds it to the solved ones (and takes it out of the failed ones)
    // and extends the streak; failed ends the streak and counts it as failed unless it was solved before.
    void record(const std::string& set, int id, bool solved);
    friend bool operator==(const PuzzleProgress&, const PuzzleProgress&) = default;
};

// The file's text, and reading it back. Reading is lenient: lines it does not understand are skipped,
// so a damaged file loses only what it cannot read.
std::string progress_text(const PuzzleProgress& progress);
PuzzleProgress parse_progress(std::string_view text);

// data_dir()/puzzles.txt; empty when neither XDG_DATA_HOME nor HOME is set.
std::filesystem::path progress_path();
// Each fails with what went wrong. A missing file is no progress yet, not an error. Saving is atomic
// (savefile.h's write_file).
Expected<PuzzleProgress> load_progress(const std::filesystem::path& path);
Expected<void> save_progress(const std::filesystem::path& path, const PuzzleProgress& progress);

}  // namespace gobblet::saves
