#include "movegen.h"

namespace gobblet {

std::uint64_t perft(Position& pos, int depth) {
    if (depth == 0) return 1;
    if (pos.winner()) return 0;
    if (depth == 1) return std::uint64_t(count_moves(pos));
    MoveList list;
    generate_moves(pos, list);
    std::uint64_t leaves = 0;
    for (Move m : list) {
        pos.play(m);
        leaves += perft(pos, depth - 1);
        pos.undo(m);
    }
    return leaves;
}

}  // namespace gobblet
