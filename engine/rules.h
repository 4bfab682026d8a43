// Checking a move as a player wrote it, with the reason a player understands when it is illegal.
#pragma once

#include <string>

#include "expected.h"
#include "position.h"

namespace gobblet {

// A move as written: where it starts and where it lands, not yet checked against a position.
struct MoveSpec {
    enum class From : std::uint8_t {
        Board,       // a piece on a board square: "C2A2"
        Stack,       // a named side's reserve stack: "W3B2", "K1C3"
        MoverStack,  // X, Y, Z: a stack of whichever side is to move
    };
    From kind = From::Board;
    Square from = 0;             // kind == Board
    Color owner = Color::White;  // kind == Stack
    int stack = 0;               // kind == Stack or MoverStack: 0-2
    Square to = 0;

    static MoveSpec square(Square from, Square to) { return {From::Board, from, Color::White, 0, to}; }
    static MoveSpec stack_of(Color owner, int stack, Square to) { return {From::Stack, 0, owner, stack, to}; }
    static MoveSpec mover_stack(int stack, Square to) {
        return {From::MoverStack, 0, Color::White, stack, to};
    }
    // The spec that names exactly this move, played by `mover`.
    static MoveSpec of(Move m, Color mover) {
        return m.is_enter() ? stack_of(mover, m.stack(), m.to()) : square(m.from(), m.to());
    }
};

// Checks a spec against the position's rules (the board, reserves and rule set): the move it names, or
// the reason it is illegal. It does not know whether the game is over or whether a piece was touched:
// Game adds those.
Expected<Move> check_move(const Position& pos, const MoveSpec& spec);

}  // namespace gobblet
