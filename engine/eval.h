// Static evaluation and the tactical facts the search needs at every node: immediate wins and the
// opponent's threats. Scores are in centipoints from the side to move's point of view.
#pragma once

#include <array>

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

// The evaluation is linear: a weighted sum of features, each counted for the side to move minus the same
// count for its opponent (so that the weights can be tuned on positions from self-play, Texel-style:
// tests/tools/tune_eval.cpp). On 3x3 sizes and line counts are read on the 4x4 scale (a 3x3 piece of
// size 3 counts as a 4, a line missing one piece as an open line of three).
enum EvalFeature : int {
    OpenLine1,  // lines the opponent does not contest, holding one, two, three of our visible pieces
    OpenLine2,
    OpenLine3,
    PinningLine,   // lines holding two or more of ours and one of theirs (it pins that piece)
    BigInLine,     // our visible largest pieces, counted once per line through them
    SecondInLine,  // the same for the second size
    Visible1,      // our visible pieces by size, 1 to 4
    Visible2,
    Visible3,
    Visible4,
    Buried1,  // our pieces by size under another piece
    Buried2,
    Buried3,
    Buried4,
    Threat,        // squares completing a line of ours that a piece of ours could reach (threats())
    DoubleThreat,  // two or more of them
    Reserve1,      // our reserve stacks by the size on top
    Reserve2,
    Reserve3,
    Reserve4,
    Tempo,  // 1: the side to move
    eval_feature_count
};
using EvalFeatures = std::array<int, eval_feature_count>;
// The features' names, as the weights file and the tuner spell them.
inline constexpr std::array<const char*, eval_feature_count> eval_feature_names = {
    "OpenLine1", "OpenLine2",    "OpenLine3", "PinningLine", "BigInLine", "SecondInLine", "Visible1",
    "Visible2",  "Visible3",     "Visible4",  "Buried1",     "Buried2",   "Buried3",      "Buried4",
    "Threat",    "DoubleThreat", "Reserve1",  "Reserve2",    "Reserve3",  "Reserve4",     "Tempo",
};
// The weights, in centipoints per count: engine/eval_weights.inc, which the tuner writes
// (tests/tools/tune_eval.cpp; docs/strength.md says how they were made).
inline constexpr EvalFeatures eval_weights = {
#include "eval_weights.inc"
};
EvalFeatures eval_features(const Position& pos);

// The positional evaluation of a position that is not over and where the side to move has no win in one.
// `noise` (0 for full strength) adds a deterministic pseudo-random term of up to +-noise, keyed on the
// position and `seed`, so that weaker levels vary their choices among near-equal moves.
int evaluate(const Position& pos, int noise = 0, std::uint64_t seed = 0);

// The plain line-count evaluation of the `abN` yardstick player (what simple public programs use).
int evaluate_simple(const Position& pos);

}  // namespace gobblet
