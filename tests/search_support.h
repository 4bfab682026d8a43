// What the search tests ask of a position (a win in one, for either side) and the random positions they
// ask it of (tests/test_search.cpp, tests/test_search_threads.cpp).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>

#include "engine/game.h"
#include "engine/movegen.h"

namespace gobblet::test {

// Does the side to move win at once with this move?
inline bool wins_now(Position pos, Move m) {
    const Color us = pos.side_to_move();
    pos.play(m);
    return pos.winner() == us;
}

inline bool has_win_in_one(const Position& pos) {
    MoveList moves;
    generate_moves(pos, moves);
    for (Move m : moves)
        if (wins_now(pos, m)) return true;
    return false;
}

// After our move m, can the opponent win at once (or did m itself lose by uncovering a line)?
inline bool allows_win_in_one(Position pos, Move m) {
    const Color us = pos.side_to_move();
    pos.play(m);
    if (const auto w = pos.winner()) return *w != us;
    return has_win_in_one(pos);
}

// The variant of the random game of trial n: every size and rule set in turn (4x4 twice as often).
inline Variant every_variant(int trial) {
    return Variant{trial % 3 == 2 ? 3 : 4, trial % 2 ? Rules::Rogers : Rules::Official};
}
// 4x4 under both rule sets in turn.
inline Variant both_rules_4x4(int trial) { return Variant{4, trial % 2 ? Rules::Rogers : Rules::Official}; }

// Positions from random games of the variants `variant_of` gives, each handed to `visit` (which returns
// true when it used the position), until `wanted` were used: how many were.
template <typename Visit>
int random_positions(std::uint32_t seed, int wanted, Visit&& visit,
                     Variant (*variant_of)(int) = every_variant) {
    std::mt19937 rng(seed);
    int used = 0;
    for (int trial = 0; trial < 20000 && used < wanted; ++trial) {
        const Variant v = variant_of(trial);
        Game g(v);
        const int plies = 2 + int(rng() % (v.size == 4 ? 30 : 12));
        for (int i = 0; i < plies && !g.over(); ++i) {
            MoveList moves;
            g.legal_moves(moves);
            REQUIRE(g.play(moves[int(rng() % moves.size())]));
        }
        if (!g.over() && visit(g)) ++used;
    }
    return used;
}

}  // namespace gobblet::test
