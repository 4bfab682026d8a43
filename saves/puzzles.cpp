#include "puzzles.h"

#include <algorithm>

namespace gobblet::saves {

const std::vector<PuzzleSet>& shipped_puzzle_sets() {
    // The files are checked by the tests (they parse and every puzzle is proven), so a set that does not
    // parse here cannot ship; it is left out rather than stop the game.
    static const std::vector<PuzzleSet> sets = [] {
        std::vector<PuzzleSet> out;
        for (const EmbeddedText& file : shipped_puzzle_texts()) {
            ParsedPuzzleSet parsed = parse_puzzle_set(file.text);
            if (parsed.error) continue;
            parsed.set.name = std::string(file.name);
            out.push_back(std::move(parsed.set));
        }
        return out;
    }();
    return sets;
}

const PuzzleSet* shipped_puzzle_set(Variant v) {
    for (const PuzzleSet& s : shipped_puzzle_sets())
        if (s.variant.size == v.size && (v.size == 3 || s.variant.rules == v.rules)) return &s;
    return nullptr;
}

}  // namespace gobblet::saves
