// `./main --game grabble --bench`: the two speeds the game depends on. Loading and indexing the largest
// word list (the game starts after it), and the best-grab search at the top level on a late-game table
// (25 tiles in the pool, 12 words on the table, blanks), which a computer at max runs at every reveal.
// The targets are 100 ms and 5 ms (docs/grabble.md has measurements).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

#include "engine/expected.h"
#include "engine/grabble/lexicon.h"
#include "engine/grabble/search.h"
#include "engine/time_source.h"

namespace gobblet::grabble {

// A table late in a game, made from the list so that it is the same for the same list and seed: the
// English tiles shuffled by `seed`, 12 words of 4 to 7 letters of the list made of them, two of those
// with a blank (non-sticking), and 25 of the tiles left in the pool, one of them a blank. The words
// belong to four players in turn; the searching player owns the first.
TableView late_game_table(const Lexicon& lexicon, std::uint64_t seed = 1);

// The list's text, read by the caller (engine/ opens no files: main.cpp passes saves/word_list.h's).
using ReadText = std::function<Expected<std::string>()>;

// Reads the list through `read` and indexes it, then searches the late-game table; times from `time`.
// Writes the report to `out`; returns the exit status (1 when the list cannot be read or indexed).
int run_bench(std::ostream& out, const TimeSource& time, std::string_view list_name, const ReadText& read);

}  // namespace gobblet::grabble
