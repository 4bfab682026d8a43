// After the game: at each reveal, the best words that could have been grabbed and nobody grabbed before
// the next tile ("nobody saw CATSUP"), longest first, the way anagrams.site's word trees teach. The
// review (`--review`) and the replay step through a game's history with it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/grabble/game.h"
#include "engine/grabble/search.h"

namespace gobblet::grabble {

struct Missed {
    std::size_t moment = 0;  // the reveal's index in Game::history()
    Revealed reveal;
    std::vector<std::string> words;  // upper case, the longest first (then the most valuable)
};

// The words that could be grabbed right after each reveal of `game` (as anyone: no word counts as
// one's own) and that no grab made before the next reveal (or the end) used, at most `per_reveal` a
// reveal; reveals where nothing was missed are left out. `options` limits the vocabulary (the easy
// computer's, say).
std::vector<Missed> missed_words(const Game& game, std::size_t per_reveal = 3,
                                 const SearchOptions& options = {});
// The same for the one reveal at `moment` of the history (empty words for a moment that is no reveal,
// or where nothing was missed): what a review shows as it steps, a search at a time.
Missed missed_at(const Game& game, std::size_t moment, std::size_t per_reveal = 3,
                 const SearchOptions& options = {});

}  // namespace gobblet::grabble
