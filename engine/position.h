// A Gobblet position: the board, both sides' reserve stacks and the side to move.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "expected.h"
#include "hash.h"
#include "types.h"

namespace gobblet {

// The full rows, columns and main diagonals of a board (10 on 4x4, 8 on 3x3).
struct Lines {
    std::array<Bitboard, 10> masks{};
    int count = 0;
    const Bitboard* begin() const { return masks.data(); }
    const Bitboard* end() const { return masks.data() + count; }
};
constexpr Lines make_lines(int n) {
    Lines l;
    for (int r = 0; r < n; ++r) {
        Bitboard row = 0, col = 0;
        for (int i = 0; i < n; ++i) {
            row |= bit(make_square(r, i));
            col |= bit(make_square(i, r));
        }
        l.masks[l.count++] = row;  // rows and columns interleave: line 2r is row r, 2r+1 column r
        l.masks[l.count++] = col;
    }
    Bitboard diag = 0, anti = 0;
    for (int i = 0; i < n; ++i) {
        diag |= bit(make_square(i, i));
        anti |= bit(make_square(i, n - 1 - i));
    }
    l.masks[l.count++] = diag;
    l.masks[l.count++] = anti;
    return l;
}
inline constexpr Lines lines4 = make_lines(4);
inline constexpr Lines lines3 = make_lines(3);
constexpr const Lines& lines_of(int size) { return size == 4 ? lines4 : lines3; }
// "row B", "column 3", "diagonal A1-D4": how a player names a line.
std::string line_name(Bitboard line, int size);

namespace zobrist {
// Fixed pseudo-random keys, computed at compile time from a fixed seed: the same on every build, so the
// bench signature and saved hashes are stable.
struct Tables {
    std::uint64_t piece[2][4][16]{};
    std::uint64_t black_to_move = 0;
};
constexpr Tables make_tables() {
    Tables t;
    std::uint64_t state = 0x60BB1E7ull;
    for (auto& colour : t.piece)
        for (auto& size : colour)
            for (auto& sq : size) sq = splitmix64(state);
    t.black_to_move = splitmix64(state);
    return t;
}
inline constexpr Tables tables = make_tables();
inline constexpr const auto& piece = tables.piece;
inline constexpr std::uint64_t black_to_move = tables.black_to_move;
}  // namespace zobrist

// The board is one 16-bit mask per colour and size. A square holds at most one piece of each size and
// its pieces nest strictly by size, so these eight masks describe every stack completely: the visible
// piece of a square is its largest one.
//
// Reserve stacks are individual. In 4x4 a stack holding k pieces holds sizes k..1 (top first), so its
// count is also its top size; in 3x3 stack i holds only pieces of size 3 - i. The multiset of stack
// heights follows from the board, so the Zobrist key covers board and side to move only, which is
// exactly what the repetition rule compares.
class Position {
  public:
    explicit Position(Variant v = {});

    Variant variant() const { return variant_; }
    int size() const { return variant_.size; }
    Bitboard board() const { return board_mask(variant_.size); }
    Color side_to_move() const { return side_; }
    std::uint64_t key() const { return key_; }

    Bitboard pieces(Color c, int size) const { return pieces_[index(c)][size - 1]; }
    // Squares holding a piece (of either colour) of the given size.
    Bitboard pieces_of_size(int size) const { return Bitboard(pieces_[0][size - 1] | pieces_[1][size - 1]); }
    // Squares holding some piece of at least this size: where a piece of this size cannot land.
    Bitboard at_least(int size) const {
        Bitboard b = 0;
        for (int s = size; s <= 4; ++s) b |= pieces_of_size(s);
        return b;
    }
    Bitboard occupied() const { return at_least(1); }
    Bitboard empty() const { return Bitboard(board() & ~occupied()); }
    // Squares whose visible (top) piece is of colour c.
    Bitboard visible(Color c) const {
        Bitboard above = 0, vis = 0;
        for (int s = 4; s >= 1; --s) {
            vis |= Bitboard(pieces(c, s) & ~above);
            above |= pieces_of_size(s);
        }
        return vis;
    }
    // Visible pieces of colour c that have size s.
    Bitboard visible(Color c, int s) const { return Bitboard(pieces(c, s) & ~at_least(s + 1)); }

    // Size of the visible piece on a square, 0 when empty.
    int top_size(Square sq) const {
        for (int s = 4; s >= 1; --s)
            if (pieces_of_size(s) & bit(sq)) return s;
        return 0;
    }
    // Colour of the visible piece; the square must not be empty.
    Color top_color(Square sq) const {
        return (pieces(Color::Black, top_size(sq)) & bit(sq)) ? Color::Black : Color::White;
    }
    // Number of pieces stacked on a square.
    int height(Square sq) const {
        int h = 0;
        for (int s = 1; s <= 4; ++s) h += (pieces_of_size(s) >> sq) & 1;
        return h;
    }

    int stack_count(Color c, int stack) const { return reserve_[index(c)][stack]; }
    // Size of the top piece of a reserve stack, 0 when the stack is empty.
    int stack_top(Color c, int stack) const {
        int n = reserve_[index(c)][stack];
        return variant_.size == 4 ? n : (n ? 3 - stack : 0);
    }

    // True when every square of some line shows a piece of colour c.
    bool has_line(Color c) const { return line_of(c) != 0; }
    // The first full line of colour c, or 0.
    Bitboard line_of(Color c) const {
        Bitboard vis = visible(c);
        for (Bitboard l : lines_of(variant_.size))
            if ((vis & l) == l) return l;
        return 0;
    }
    // The winner judged on this board as it stands after the last move, per docs/rules.md: a line of the
    // side to move (uncovered by its opponent's lift) wins first, then a line of the side that moved.
    std::optional<Color> winner() const {
        if (has_line(side_)) return side_;
        if (has_line(~side_)) return ~side_;
        return std::nullopt;
    }

    // Play a move that is legal here, and take it back. Neither checks legality.
    void play(Move m) {
        const int c = index(side_), s = m.size();
        if (m.is_enter()) {
            --reserve_[c][m.stack()];
        } else {
            pieces_[c][s - 1] ^= bit(m.from());
            key_ ^= zobrist::piece[c][s - 1][m.from()];
        }
        pieces_[c][s - 1] |= bit(m.to());
        key_ ^= zobrist::piece[c][s - 1][m.to()] ^ zobrist::black_to_move;
        side_ = ~side_;
    }
    void undo(Move m) {
        side_ = ~side_;
        const int c = index(side_), s = m.size();
        pieces_[c][s - 1] ^= bit(m.to());
        key_ ^= zobrist::piece[c][s - 1][m.to()] ^ zobrist::black_to_move;
        if (m.is_enter()) {
            ++reserve_[c][m.stack()];
        } else {
            pieces_[c][s - 1] |= bit(m.from());
            key_ ^= zobrist::piece[c][s - 1][m.from()];
        }
    }

    // Hands the move to the opponent without moving (the search's null-move test; never a legal move).
    void pass() {
        side_ = ~side_;
        key_ ^= zobrist::black_to_move;
    }

    // Building arbitrary positions (tests, diagrams): start from an empty board with full reserves, put
    // pieces bottom-up, then finish() takes the pieces out of the reserves and checks that the
    // position can exist: ok, or what is wrong.
    static Position empty_board(Variant v, Color side_to_move);
    bool put(Square sq, Color c, int size);
    Expected<void> finish();
    // Sets a stack's height directly, for set-up positions that finish() would not derive (a puzzle's
    // chosen reserves). Returns false when the height is out of range.
    bool set_reserve(Color c, int stack, int count) {
        if (stack < 0 || stack >= reserve_stacks || count < 0 || count > (variant_.size == 4 ? 4 : 2))
            return false;
        reserve_[index(c)][stack] = std::uint8_t(count);
        return true;
    }

    friend bool operator==(const Position& a, const Position& b) {
        return a.variant_ == b.variant_ && a.side_ == b.side_ && a.pieces_ == b.pieces_ &&
               a.reserve_ == b.reserve_;
    }

  private:
    std::array<std::array<Bitboard, 4>, 2> pieces_{};
    std::array<std::array<std::uint8_t, reserve_stacks>, 2> reserve_{};
    std::uint64_t key_ = 0;
    Color side_ = Color::White;
    Variant variant_{};
};

// Text names used across the engine: "White"/"Black", 'W'/'K' stack letters, "official"/"rogers", and
// the canonical names of squares, stacks and moves (the notation of docs/rules.md).
std::string square_name(Square sq);              // "B2"
std::string stack_name(Color owner, int stack);  // "W3", "K1"
std::string move_name(Move m, Color mover);      // "W3B2", "C2A2"
const char* color_name(Color c);
const char* rules_name(Rules r);
std::optional<Rules> parse_rules(std::string_view s);

}  // namespace gobblet
