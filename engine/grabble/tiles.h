// Grabble's tiles: letters as small numbers, the 26-count letter vectors that every rule and the search
// are arithmetic on, the tile set (how many tiles of each letter, what each is worth) and the bag's order.
//
// A grab is multiset arithmetic: "can CATSUP be made from ACTS and the pool's U and P" is a subtraction
// of count vectors. Counts holds the 26 counts in one 32-byte vector (lanes 26-31 stay 0), so that a
// comparison of two words is two SSE2 instructions, not 26 branches.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"

namespace gobblet::grabble {

// A letter 0-25 (a-z); as a tile's face, blank (26) is the blank tile.
using Letter = std::uint8_t;
constexpr int letter_count = 26;
constexpr Letter blank = 26;
// What a blank stands for while it lies in the pool (it takes a letter when a word uses it).
constexpr Letter unassigned = 27;

// 'A'-'Z' for a letter, '?' for the blank (the face as the bag's text and the tile set's text write it).
constexpr char face_char(Letter l) { return l < letter_count ? char('A' + l) : '?'; }
// The letter of 'a'-'z' or 'A'-'Z'; nullopt for anything else.
constexpr std::optional<Letter> letter_of(char c) {
    if (c >= 'a' && c <= 'z') return Letter(c - 'a');
    if (c >= 'A' && c <= 'Z') return Letter(c - 'A');
    return std::nullopt;
}

// How many of each letter: a word, the pool, the letters of the words on the table. Every vector the game
// and the search make counts tiles of one bag (at most max_tiles) or letters of one word (at most
// max_word_letters), so its total stays below 256, which the fast total() relies on.
struct Counts {
    // 16-byte aligned (SSE2's loads): a 32-byte alignment would change how the type is passed by value,
    // which g++ notes at every such call.
    using Lanes = std::uint8_t __attribute__((vector_size(32), aligned(16)));
    Lanes v{};

    int operator[](int letter) const { return v[letter]; }
    void add(Letter l, int n = 1) { v[l] = std::uint8_t(v[l] + n); }
    // Counts of the letters of `word` (a-z or A-Z; anything else is skipped).
    static Counts of(std::string_view word);

    friend Counts operator+(const Counts& a, const Counts& b) { return {a.v + b.v}; }
    // Only when b is within a (no lane goes below 0).
    friend Counts operator-(const Counts& a, const Counts& b) { return {a.v - b.v}; }
    friend bool operator==(const Counts& a, const Counts& b) { return a.within(b) && b.within(a); }
    // What a has beyond b, lane by lane: max(a - b, 0). beyond(word, pool) is what the pool lacks.
    friend Counts beyond(const Counts& a, const Counts& b) { return {a.v - (a.v < b.v ? a.v : b.v)}; }
    // Lane by lane min(a, b): what of a the other holds.
    friend Counts common(const Counts& a, const Counts& b) { return {a.v < b.v ? a.v : b.v}; }

    bool empty() const {
        std::uint64_t q[4];
        std::memcpy(q, &v, sizeof q);
        return (q[0] | q[1] | q[2] | q[3]) == 0;
    }
    // Whether every count is at most b's: this multiset can be taken out of b.
    bool within(const Counts& b) const { return beyond(*this, b).empty(); }
    // The number of letters. The four quarters are added lane by lane (no lane passes 255 while the
    // total is below 256), then a multiply adds the eight bytes of that sum into the top byte.
    int total() const {
        std::uint64_t q[4];
        std::memcpy(q, &v, sizeof q);
        return int(((q[0] + q[1] + q[2] + q[3]) * 0x0101010101010101ull) >> 56);
    }
    // A 64-bit summary: bit L is set when letter L occurs, bit 32+L when it occurs twice or more. When a
    // is within b, signature(a) has no bit that signature(b) lacks; the search rejects most words with
    // that one test. Each bit a has and b lacks is at least one letter b lacks, so it also bounds what
    // blanks would have to make up: popcount(sa & ~sb) <= beyond(a, b).total().
    std::uint64_t signature() const;
};

// The most tiles of one face a set may have, and the most tiles in all (Counts::total needs a total below
// 256): more than any known set uses.
constexpr int max_letter_tiles = 50;
constexpr int max_tiles = 250;
constexpr int max_tile_value = 100;

// How many tiles of each letter go into the bag, and what each scores; index `blank` is the blanks.
struct TileSet {
    std::array<std::uint8_t, 27> count{};
    std::array<std::uint8_t, 27> value{};

    // The classic crossword tile game's 100 English tiles: 98 letters (E 12, A and I 9, O 8, ...) and
    // 2 blanks, valued 1 (vowels, L N R S T) to 10 (Q Z), blanks 0.
    static TileSet english();
    // The tiles in the bag: every letter, and the blanks when the game has them.
    int tiles(bool with_blanks) const;
    friend bool operator==(const TileSet&, const TileSet&) = default;
};

// Checks the bounds above, and that there are letters at all.
Expected<void> check_tile_set(const TileSet& set);
// The tile set as one line of tokens FACE COUNT:VALUE, every face in order: "A9:1 B2:3 ... Z1:10 ?2:0".
std::string tile_set_text(const TileSet& set);
// The tile set as the changes to the classic set, when that is shorter: "english" for it, "english Q0 ?4"
// for it without the Q and with four blanks (a value only where it differs, "E12:2"); else the whole line.
// What the settings file and the new-game screen show; parse_tile_set reads both.
std::string tile_set_changes(const TileSet& set);
// Reads that line back. "english" alone is the standard set; "english" followed by tokens changes those
// faces only ("english Q0:10 ?4" drops the Q and has four blanks); a token without ":VALUE" keeps the
// face's value (0 for a face the text starts without). Faces are letters (either case) or '?'.
Expected<TileSet> parse_tile_set(std::string_view text);

// The bag: the faces in the order they come out. Tile ids are positions in this order (the first tile
// revealed is tile 0), so the order is all a transcript needs to say which tile is which.
struct Bag {
    std::vector<Letter> faces;
    friend bool operator==(const Bag&, const Bag&) = default;
};

// Every tile of the set (its blanks only `with_blanks`), shuffled by a Fisher-Yates shuffle driven by
// SplitMix64 from `seed` (engine/hash.h): the same seed gives the same order on every build and machine.
Bag shuffled_bag(const TileSet& set, bool with_blanks, std::uint64_t seed);
// The bag as a line of faces, '?' for blanks: "ATCUS?P...".
std::string bag_text(const Bag& bag);
// Reads such a line: it must hold exactly the tiles of the set (its blanks only `with_blanks`), in any
// order, or the reason says which face is off.
Expected<Bag> parse_bag(std::string_view text, const TileSet& set, bool with_blanks);

}  // namespace gobblet::grabble
