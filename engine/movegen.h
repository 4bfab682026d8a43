// Move generation: every move the side to move may make under the position's rules.
//
// Generation does not look at the result: a caller that cares whether the game is already won checks
// Position::winner() first (perft, search and Game all do). Moves from reserve stacks whose tops are
// equal are generated once, under the lowest stack number (docs/rules.md).
#pragma once

#include "position.h"

namespace gobblet {

// What generation and counting share, computed once per position.
struct MoveTargets {
    // free_for[s]: squares a piece of size s may land on (empty or topped by a smaller piece).
    // free_for[5] is the whole board, so pieces(c, s) & free_for[s + 1] are c's visible size-s pieces.
    Bitboard free_for[6];
    // Squares an entering piece may use before the size test: the whole board, or under the official
    // 4x4 rule the empty squares plus the opponent's pieces in a line where it shows exactly three.
    Bitboard entry_allowed;
    // Distinct reserve tops, largest first, each with the lowest stack holding it.
    int entry_count = 0;
    int entry_size[3];
    int entry_stack[3];

    explicit MoveTargets(const Position& pos) {
        const Bitboard board = pos.board();
        Bitboard taken = 0;
        free_for[5] = board;
        for (int s = 4; s >= 1; --s) {
            taken |= pos.pieces_of_size(s);
            free_for[s] = Bitboard(board & ~taken);
        }
        const Color us = pos.side_to_move();
        entry_allowed = board;
        if (pos.variant().restricted_entry()) {
            const Bitboard theirs = pos.visible(~us);
            Bitboard threes = 0;
            for (Bitboard line : lines_of(4))
                if (popcount(Bitboard(theirs & line)) == 3) threes |= Bitboard(theirs & line);
            entry_allowed = Bitboard(free_for[1] | threes);
        }
        int seen = 0;
        for (int i = 0; i < reserve_stacks; ++i) {
            const int s = pos.stack_top(us, i);
            if (s == 0 || (seen & (1 << s))) continue;
            seen |= 1 << s;
            entry_size[entry_count] = s;
            entry_stack[entry_count++] = i;
        }
    }
    Bitboard entry_targets(int size) const { return Bitboard(free_for[size] & entry_allowed); }
};

// Calls visit(Move) for every move, entering moves first.
template <typename Visit>
inline void for_each_move(const Position& pos, Visit&& visit) {
    const MoveTargets t(pos);
    for (int i = 0; i < t.entry_count; ++i) {
        const int s = t.entry_size[i];
        for (Square to : squares(t.entry_targets(s))) visit(Move::enter(t.entry_stack[i], to, s));
    }
    const Color us = pos.side_to_move();
    for (int s = pos.variant().sizes(); s >= 1; --s) {
        const Bitboard movers = Bitboard(pos.pieces(us, s) & t.free_for[s + 1]);
        for (Square from : squares(movers))
            for (Square to : squares(t.free_for[s])) visit(Move::shift(from, to, s));
    }
}

inline void generate_moves(const Position& pos, MoveList& list) {
    list.clear();
    for_each_move(pos, [&list](Move m) { list.push(m); });
}

// The number of moves generate_moves would produce, by popcounts alone (perft's bulk counting).
inline int count_moves(const Position& pos) {
    const MoveTargets t(pos);
    int n = 0;
    for (int i = 0; i < t.entry_count; ++i) n += popcount(t.entry_targets(t.entry_size[i]));
    const Color us = pos.side_to_move();
    for (int s = pos.variant().sizes(); s >= 1; --s)
        n += popcount(Bitboard(pos.pieces(us, s) & t.free_for[s + 1])) * popcount(t.free_for[s]);
    return n;
}

// Leaf positions `depth` plies ahead. A won position has no moves, so lines end the count there.
// Repetition is not considered, as chess perft ignores it.
std::uint64_t perft(Position& pos, int depth);

}  // namespace gobblet
