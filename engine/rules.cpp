#include "rules.h"

#include "movegen.h"

namespace gobblet {

namespace {

std::string off_board(Square sq, int size) {
    return square_name(sq) + " is off the 3x3 board (rows A-" + char('A' + size - 1) + ", columns 1-" +
           char('0' + size) + ")";
}

// Whether a piece of `size` may land on `to`, or why not.
Expected<void> may_land(const Position& pos, Square to, int size) {
    const int top = pos.top_size(to);
    if (top > size) return Failure{square_name(to) + " holds a larger piece"};
    if (top == size) return Failure{square_name(to) + " holds a piece of the same size"};
    return {};
}

}  // namespace

Expected<Move> check_move(const Position& pos, const MoveSpec& spec) {
    const Color us = pos.side_to_move();
    const Bitboard board = pos.board();
    if (!(board & bit(spec.to))) return Failure{off_board(spec.to, pos.size())};

    if (spec.kind == MoveSpec::From::Board) {
        const Square from = spec.from;
        if (!(board & bit(from))) return Failure{off_board(from, pos.size())};
        const int size = pos.top_size(from);
        if (size == 0) return Failure{square_name(from) + " is empty"};
        if (pos.top_color(from) != us)
            return Failure{"the piece on " + square_name(from) + " is " + color_name(~us) + "'s"};
        if (from == spec.to) return Failure{"a piece must move to another square"};
        if (auto landing = may_land(pos, spec.to, size); !landing) return Failure{landing.why()};
        return Move::shift(from, spec.to, size);
    }

    const Color owner = spec.kind == MoveSpec::From::Stack ? spec.owner : us;
    if (owner != us)
        return Failure{std::string("it is ") + color_name(us) + "'s turn (" + stack_name(owner, spec.stack) +
                       " is " + color_name(owner) + "'s stack)"};
    const int size = pos.stack_top(us, spec.stack);
    if (size == 0) return Failure{"stack " + stack_name(us, spec.stack) + " is empty"};
    if (auto landing = may_land(pos, spec.to, size); !landing) return Failure{landing.why()};
    const Move m = Move::enter(spec.stack, spec.to, size);
    if (pos.top_size(spec.to) != 0 && !(MoveTargets(pos).entry_allowed & bit(spec.to))) {
        // Only the official 4x4 rule refuses an entering piece a square it is large enough for.
        if (pos.top_color(spec.to) == us)
            return Failure{"official rules: a new piece may not gobble your own piece"};
        return Failure{"official rules: a new piece may gobble only a piece in a row of three"};
    }
    return m;
}

}  // namespace gobblet
