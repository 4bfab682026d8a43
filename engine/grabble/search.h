// The grab search: every word of the list that can be grabbed from a table now, each with the best way
// to make it, and the best of them. The computer players, the clues (the seed's cheat), the review and
// the rules themselves (which words a shouted word takes) all ask it.
//
// The table is a TableView: fixed-size, no pointers, built by the game (Game::view) for one player. A
// grab of the word W is a set S of words on the table, each used whole, plus pool tiles, that make W
// exactly (rules in docs/grabble.md):
//   - every word of S is shorter than W (so S of one word adds at least one pool tile: no rearranging;
//     S of two or more may add none; S empty is the pool alone);
//   - the letters of S's words (with sticking blanks as the letters they stand for) are within W, and
//     the pool has the rest, its blanks and S's free blanks (non-sticking) standing for what it lacks.
// The scan goes through the list by length, rejects most words by their 64-bit signature against the
// table's, then by their counts against the table's totals; for the rest it tries the table words whose
// letters are within W, by a depth-first walk over their subsets. No heap allocation in the scan.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/grabble/lexicon.h"
#include "engine/grabble/settings.h"
#include "engine/grabble/tiles.h"

namespace gobblet::grabble {

// The most words a table holds (250 tiles in words of at least 2 letters is 125), and the most words one
// grab can take (a word of max_word_letters letters made of words of at least min_word_length).
constexpr int max_table_words = max_tiles / min_word_length;
constexpr int max_grab_words = max_word_letters / min_word_length;

// A word on the table, as the search sees it.
struct SearchWord {
    Counts fixed;                  // the letters it gives: its letter tiles, and sticking blanks' letters
    std::uint64_t signature = 0;   // fixed's
    std::uint8_t free_blanks = 0;  // blanks that take a new letter (non-sticking)
    std::uint8_t length = 0;
    bool own = false;  // the searching player's
    int score = 0;     // what it scores now
};

struct TableView {
    Counts pool;  // the pool's letter tiles
    int pool_blanks = 0;
    int word_count = 0;
    std::array<SearchWord, max_table_words> words;
    int min_length = 3;
    Scoring scoring = Scoring::Letters;
    Counts values;        // each letter's value (the tile set's), a vector for the scan's arithmetic
    int blank_value = 0;  // and the blank's
    // The tile set's values, into values and blank_value.
    void value_tiles(const TileSet& set);
};

// One way to grab one word: which words, which pool tiles, and what it is worth to the grabber.
struct GrabPlan {
    Lexicon::Index entry = 0;  // the word, in the lexicon
    int word_count = 0;
    std::array<std::uint8_t, max_grab_words> words{};  // indexes into TableView::words, ascending
    Counts pool_letters;                               // the pool's letter tiles it takes
    int pool_blanks = 0;                               // and how many of its blanks
    int score = 0;                                     // the new word's score
    int gain = 0;   // the grabber's score goes up by this: the new word less their own words used
    int taken = 0;  // the opponents' scores go down by this: their words used
    // How good the grab is for the grabber: what they gain plus what the others lose.
    int value() const { return gain + taken; }
    int pool_tiles() const { return pool_letters.total() + pool_blanks; }
};

// Which words a player knows: the easy computer knows the common ones only (Lexicon::mark_common), the
// middle levels the common ones and the others up to a length (engine/grabble/robot.h), and a search
// may stop at a length.
struct SearchOptions {
    bool common_only = false;
    int max_length = max_word_letters;
    // Words the list does not mark common are known up to this length only.
    int uncommon_max_length = max_word_letters;
};

// The best grab on the table: the highest value(), then the longest word, then the list's order;
// nullopt when nothing can be grabbed.
std::optional<GrabPlan> best_grab(const TableView& table, const Lexicon& lexicon,
                                  const SearchOptions& options = {});
// Every word that can be grabbed, each once with its best plan, best first (as best_grab orders them).
std::vector<GrabPlan> all_grabs(const TableView& table, const Lexicon& lexicon,
                                const SearchOptions& options = {});
// The best way to make one word of the list (shorter than the minimum length: nullopt), as the rules
// take a shouted word: the highest value() for the grabber, then the fewest of the pool's blanks, then
// the first words on the table.
std::optional<GrabPlan> plan_for(const TableView& table, const Lexicon& lexicon, Lexicon::Index entry);
// The order best_grab and all_grabs use: whether a is better than b.
bool better(const GrabPlan& a, const GrabPlan& b, const Lexicon& lexicon);

}  // namespace gobblet::grabble
