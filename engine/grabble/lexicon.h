// The word list, indexed once for the questions Grabble asks: "is this word in the list" (a hash of the
// words) and "which words can be made from these tiles" (every word's 26-count vector and signature,
// grouped by length, scanned by engine/grabble/search.h without allocating).
//
// The text comes from outside (saves/word_list.h reads the file; engine/ opens none) and is untrusted:
// one word a line, or the seed's anagram format (the word's letters sorted, a tab, the word: "act\tcat").
// A word of the letters a-z, 1 to max_word_letters long, is kept; a line with capitals (proper nouns),
// apostrophes ("cat's") or any other character is left out and counted, and so are too long words,
// repeats and anagram lines whose letters are not the word's. ListReport::summary says all that in one
// line. Words are held in lower case; players type either case.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/grabble/tiles.h"

namespace gobblet::grabble {

// Words longer than this are left out: no grab in a game of 100 tiles gets near it, and it keeps a
// word's counts and a table's totals small (tiles.h).
constexpr int max_word_letters = 32;
// A list with more words than this is refused (the largest Debian list has 247,033 of a-z): memory stays
// bounded whatever file is named (about 50 bytes a word).
constexpr std::size_t max_lexicon_words = 1'000'000;

// What reading a list kept and left out, line by line (empty lines are not counted).
struct ListReport {
    std::size_t lines = 0;        // lines with something on them
    std::size_t words = 0;        // words kept
    std::size_t capitals = 0;     // left out: a capital letter (a name, an abbreviation)
    std::size_t apostrophes = 0;  // left out: an apostrophe, without capitals ("cat's")
    std::size_t other = 0;        // left out: another character (a digit, a hyphen, an accent, a space)
    std::size_t too_long = 0;     // left out: more than max_word_letters letters
    std::size_t repeated = 0;     // left out: the same word again
    std::size_t mismatched = 0;   // left out: an anagram line whose sorted letters are not the word's

    std::size_t left_out() const { return capitals + apostrophes + other + too_long + repeated + mismatched; }
    // One line: "247033 words; 101421 lines left out: 96718 with capitals, 4703 with apostrophes".
    std::string summary() const;
};

class Lexicon {
  public:
    using Index = std::uint32_t;

    // Indexes a list's text. Fails, saying why, when no word is left or there are too many.
    static Expected<Lexicon> build(std::string_view text);

    std::size_t size() const { return offset_.size(); }
    const ListReport& report() const { return report_; }
    // The index of a word in lower case a-z; nullopt when it is not in the list.
    std::optional<Index> find(std::string_view word) const;

    std::string_view word(Index i) const { return {text_.data() + offset_[i], length_[i]}; }
    int length(Index i) const { return length_[i]; }
    const Counts& counts(Index i) const { return counts_[i]; }
    std::uint64_t signature(Index i) const { return signature_[i]; }
    // Indexes are ordered by length, then as the list had them: the words of n letters are
    // [first_of_length(n), first_of_length(n + 1)), for n from 0 to max_word_letters + 1.
    Index first_of_length(int n) const { return by_length_[std::size_t(n)]; }

    // Common words, for the easy computer (it knows only those): the words of this list that are also in
    // `common` (e.g. the smallest Debian list, american-english-small). Returns how many. Until it is
    // called no word is common.
    std::size_t mark_common(const Lexicon& common);
    bool common(Index i) const { return common_[i] != 0; }
    std::size_t common_count() const { return common_count_; }

  private:
    std::string text_;                   // the words, one after another
    std::vector<std::uint32_t> offset_;  // where each starts in text_
    std::vector<std::uint8_t> length_;
    std::vector<Counts> counts_;
    std::vector<std::uint64_t> signature_;
    std::vector<std::uint8_t> common_;
    std::size_t common_count_ = 0;
    std::vector<Index> by_length_;      // max_word_letters + 2 entries
    std::vector<std::uint32_t> slots_;  // open addressing, index + 1 (0: empty); a power of two long
    ListReport report_;
};

}  // namespace gobblet::grabble
