// Grabble's commands that print rather than play: `--game grabble --replay FILE` (the game's story, each
// reveal and grab made with the pool after it, then the words and scores at the end) and `--review FILE`
// (the same, and at each reveal the best words nobody took before the next tile: "nobody saw CATSUP").
#pragma once

#include <filesystem>
#include <iosfwd>

#include "saves/grabble_record.h"

namespace gobblet::saves {

// Prints the game of the transcript at `path` (read with the word list it names, from `lists`) on `out`;
// an unreadable file or transcript is said on `err`. Returns the exit status (1 on an error).
int run_grabble_replay(std::ostream& out, std::ostream& err, const std::filesystem::path& path,
                       const WordListSource& lists, bool review);

}  // namespace gobblet::saves
