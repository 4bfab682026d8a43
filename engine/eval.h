// Static evaluation and the tactical facts the search needs at every node: immediate wins and the
// opponent's threats. Scores are in centipoints from the side to move's point of view.
#pragma once

#include "position.h"

namespace gobblet {

// A move that wins at once for the side to move (makes a line without uncovering one of the
// opponent's), or none. Exact: every candidate is played and judged.
Move find_win(Position& pos);

// Where `side` could complete a line on its next move if it were to move: each line showing all but one
// of its pieces whose missing square some piece of `side` could land on. A cheap over-approximation (it
// ignores lifts that uncover lines and the official entering restriction on the target), used for move
// ordering, extensions and the evaluation; find_win is the exact test.
struct Threats {
    Bitboard lines = 0;    // the threatening lines, as a mask of their squares
    Bitboard squares = 0;  // their missing squares
};
Threats threats(const Position& pos, Color side);
inline Bitboard threat_squares(const Position& pos, Color side) { return threats(pos, side).squares; }

// The positional evaluation of a position that is not over and where the side to move has no win in one.
// `noise` (0 for full strength) adds a deterministic pseudo-random term of up to +-noise, keyed on the
// position and `seed`, so that weaker levels vary their choices among near-equal moves.
int evaluate(const Position& pos, int noise = 0, std::uint64_t seed = 0);

// The plain line-count evaluation of the `abN` yardstick player (what simple public programs use).
int evaluate_simple(const Position& pos);

}  // namespace gobblet
