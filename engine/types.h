// Basic vocabulary of the engine: sides, rule sets, squares, bitboards and moves.
//
// Naming scheme for the whole project (written down once, here): types are CamelCase, functions,
// variables and constants snake_case, private members end in '_', everything lives in namespace gobblet.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

namespace gobblet {

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color operator~(Color c) { return Color(std::uint8_t(c) ^ 1); }
constexpr int index(Color c) { return int(c); }

enum class Rules : std::uint8_t { Official, Rogers };

// A game's fixed settings: board size (4 = Gobblet, 3 = Gobblet Jr.) and rule set.
struct Variant {
    int size = 4;
    Rules rules = Rules::Official;

    // Number of piece sizes, which equals the board size (1-4 in 4x4, 1-3 in 3x3).
    constexpr int sizes() const { return size; }
    // Pieces of each size per side: 3 in 4x4, 2 in 3x3.
    constexpr int copies() const { return size == 4 ? 3 : 2; }
    // The official 4x4 rule: an entering piece may only gobble an opponent piece in a row of three.
    constexpr bool restricted_entry() const { return size == 4 && rules == Rules::Official; }
    // The touched-piece rule of interactive play applies under the official rules only.
    constexpr bool touch_rule() const { return rules == Rules::Official; }
    friend constexpr bool operator==(Variant, Variant) = default;
};

// Squares are numbered row * 4 + column for both sizes: A1 = 0, A4 = 3, D4 = 15. The 3x3 board uses the
// subset with row and column below 3, so masks, lines and notation share one layout:
//
//        1  2  3  4
//     A  0  1  2  3
//     B  4  5  6  7
//     C  8  9 10 11
//     D 12 13 14 15
using Square = int;
constexpr int square_count = 16;
constexpr Square make_square(int row, int col) { return row * 4 + col; }
constexpr int row_of(Square s) { return s >> 2; }
constexpr int col_of(Square s) { return s & 3; }

// One bit per square in the layout above.
using Bitboard = std::uint16_t;
constexpr Bitboard bit(Square s) { return Bitboard(1u << s); }
// Without a popcount instruction (the x86-64 baseline) std::popcount is a library call; two lookups in a
// table of the 256 byte counts are several times faster there. With the instruction, it wins.
#if defined(__x86_64__) && !defined(__POPCNT__)
inline constexpr std::array<std::uint8_t, 256> byte_popcount = [] {
    std::array<std::uint8_t, 256> t{};
    for (int i = 0; i < 256; ++i) t[i] = std::uint8_t(std::popcount(unsigned(i)));
    return t;
}();
constexpr int popcount(Bitboard b) { return byte_popcount[b & 0xFF] + byte_popcount[b >> 8]; }
#else
constexpr int popcount(Bitboard b) { return std::popcount(b); }
#endif
constexpr Square first_square(Bitboard b) { return std::countr_zero(b); }

// Iterate the squares of a bitboard: for (Square s : squares(b)).
struct SquareIter {
    Bitboard b;
    Square operator*() const { return first_square(b); }
    SquareIter& operator++() {
        b &= Bitboard(b - 1);
        return *this;
    }
    bool operator!=(const SquareIter& o) const { return b != o.b; }
};
struct SquareRange {
    Bitboard b;
    SquareIter begin() const { return {b}; }
    SquareIter end() const { return {0}; }
};
constexpr SquareRange squares(Bitboard b) { return {b}; }

// All squares of a board of the given size.
constexpr Bitboard board_mask(int size) { return size == 4 ? Bitboard(0xFFFF) : Bitboard(0x0777); }

constexpr int reserve_stacks = 3;

// A move packed in 16 bits: origin (bits 0-4: a square 0-15, or 16 + stack index 0-2 of the side to
// move), destination square (bits 5-8) and the size of the moving piece (bits 9-10, size - 1). The size
// is redundant with the position but lets play/undo and move ordering skip a lookup. Origin == destination
// never happens in a legal move, so the all-zero value serves as "no move".
class Move {
  public:
    constexpr Move() = default;
    static constexpr Move enter(int stack, Square to, int size) {
        return Move(std::uint16_t((16 + stack) | (to << 5) | ((size - 1) << 9)));
    }
    static constexpr Move shift(Square from, Square to, int size) {
        return Move(std::uint16_t(from | (to << 5) | ((size - 1) << 9)));
    }
    static constexpr Move from_raw(std::uint16_t raw) { return Move(raw); }

    constexpr bool is_enter() const { return (raw_ & 0x10) != 0; }
    constexpr int stack() const { return (raw_ & 0x1F) - 16; }  // only for entering moves
    constexpr Square from() const { return raw_ & 0x1F; }       // only for board moves
    constexpr Square to() const { return (raw_ >> 5) & 0xF; }
    constexpr int size() const { return ((raw_ >> 9) & 3) + 1; }
    constexpr std::uint16_t raw() const { return raw_; }
    constexpr bool is_none() const { return raw_ == 0; }
    explicit constexpr operator bool() const { return raw_ != 0; }
    friend constexpr bool operator==(Move, Move) = default;

  private:
    explicit constexpr Move(std::uint16_t raw) : raw_(raw) {}
    std::uint16_t raw_ = 0;
};

// A fixed-capacity move list: no heap in move generation. 3 entering sizes x 16 squares plus at most
// 12 board pieces x 15 destinations is 228 moves.
class MoveList {
  public:
    static constexpr int capacity = 232;
    void push(Move m) {
        assert(size_ < capacity);
        moves_[size_++] = m;
    }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    Move operator[](int i) const { return moves_[i]; }
    Move& operator[](int i) { return moves_[i]; }
    Move* begin() { return moves_; }
    Move* end() { return moves_ + size_; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }

  private:
    Move moves_[capacity];
    int size_ = 0;
};

}  // namespace gobblet
