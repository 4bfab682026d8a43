#include "eval.h"

#include "hash.h"
#include "movegen.h"

namespace gobblet {

namespace {

// Largest piece `side` could bring to a square: its biggest reserve top, or its biggest visible board
// piece standing outside `exclude` (lifting a piece of the line itself would break the line).
int largest_available(const Position& pos, Color side, Bitboard exclude) {
    int best = 0;
    for (int i = 0; i < reserve_stacks; ++i) best = std::max(best, pos.stack_top(side, i));
    const Bitboard movable = Bitboard(pos.visible(side) & ~exclude);
    for (int s = pos.size(); s > best; --s)
        if (pos.visible(side, s) & movable) return s;
    return best;
}

}  // namespace

Threats threats(const Position& pos, Color side) {
    const Bitboard mine = pos.visible(side);
    const int n = pos.size();
    Threats t;
    for (Bitboard line : lines_of(n)) {
        const Bitboard have = Bitboard(mine & line);
        if (popcount(have) != n - 1) continue;
        const Square hole = first_square(Bitboard(line & ~have));
        if (pos.top_size(hole) < largest_available(pos, side, line)) {
            t.lines |= line;
            t.squares |= bit(hole);
        }
    }
    return t;
}

Move find_win(Position& pos) {
    const Color us = pos.side_to_move();
    // Every square that completes a line of ours, whatever piece might reach it: exactness matters more
    // than the filter here (a piece lifted from the line itself may leave an own piece showing below).
    const Bitboard mine = pos.visible(us);
    const int n = pos.size();
    Bitboard holes = 0;
    for (Bitboard line : lines_of(n)) {
        const Bitboard have = Bitboard(mine & line);
        if (popcount(have) == n - 1) holes |= Bitboard(line & ~have);
    }
    holes &= Bitboard(~pos.pieces_of_size(n));
    if (!holes) return {};
    const MoveTargets t(pos);
    // Entering moves onto a hole.
    for (int i = 0; i < t.entry_count; ++i) {
        const int s = t.entry_size[i];
        for (Square to : squares(Bitboard(t.entry_targets(s) & holes))) {
            const Move m = Move::enter(t.entry_stack[i], to, s);
            pos.play(m);
            const bool win = pos.winner() == us;
            pos.undo(m);
            if (win) return m;
        }
    }
    // Board moves onto a hole.
    for (int s = pos.size(); s >= 1; --s) {
        const Bitboard targets = Bitboard(t.free_for[s] & holes);
        if (!targets) continue;
        for (Square from : squares(Bitboard(pos.pieces(us, s) & t.free_for[s + 1])))
            for (Square to : squares(targets)) {
                if (to == from) continue;
                const Move m = Move::shift(from, to, s);
                pos.play(m);
                const bool win = pos.winner() == us;
                pos.undo(m);
                if (win) return m;
            }
    }
    return {};
}

namespace {

// Weight of a piece's size for how hard it is to gobble (a 4 never is).
constexpr int size_weight[5] = {0, 1, 2, 4, 7};

// One side's counts of each feature (see EvalFeature), handed to sink(feature, count): the evaluation
// weighs them at once, eval_features counts them. vis[s] holds c's visible pieces of size s.
template <typename Sink>
void side_features(const Position& pos, Color c, Bitboard mine, Bitboard theirs, const Bitboard vis[5],
                   Sink&& f) {
    const int n = pos.size(), shift = 4 - n;  // 3x3 counts as the top of the 4x4 scale
    const Bitboard big = vis[n], second = vis[n - 1];
    for (Bitboard line : lines_of(n)) {
        const int a = popcount(Bitboard(mine & line));
        const int b = popcount(Bitboard(theirs & line));
        if (b == 0) {
            const int k = a + shift;
            if (k >= 1 && k <= 3) f(OpenLine1 + k - 1, 1);
        } else if (a >= 2 && b == 1) {
            f(PinningLine, 1);  // a contested line still pins the opponent's piece
        }
        // Big pieces in a line are hard to remove.
        f(BigInLine, popcount(Bitboard(big & line)));
        f(SecondInLine, popcount(Bitboard(second & line)));
    }
    // Pieces on the board: bigger visible pieces are safer; gobbling buries the opponent's piece.
    Bitboard above = 0;
    for (int s = n; s >= 1; --s) {
        f(Visible1 + s + shift - 1, popcount(vis[s]));
        // c's pieces of size s buried under anything: out of play for now.
        f(Buried1 + s + shift - 1, popcount(Bitboard(pos.pieces(c, s) & above)));
        above |= pos.pieces_of_size(s);
    }
    // Threats: a line of three with the last square reachable.
    const int t = popcount(threat_squares(pos, c));
    f(Threat, t);
    f(DoubleThreat, int(t >= 2));
    // Reserve: a big piece in hand can answer a threat anywhere.
    for (int i = 0; i < reserve_stacks; ++i)
        if (const int top = pos.stack_top(c, i)) f(Reserve1 + top + shift - 1, 1);
}

}  // namespace

namespace {

// Both sides' features, the side to move's counting up and its opponent's down.
template <typename Sink>
void features(const Position& pos, Sink&& sink) {
    const Color us = pos.side_to_move();
    Bitboard vis[2][5] = {};
    Bitboard above = 0;
    for (int s = 4; s >= 1; --s) {
        vis[0][s] = Bitboard(pos.pieces(us, s) & ~above);
        vis[1][s] = Bitboard(pos.pieces(~us, s) & ~above);
        above |= pos.pieces_of_size(s);
    }
    const Bitboard mine = Bitboard(vis[0][1] | vis[0][2] | vis[0][3] | vis[0][4]);
    const Bitboard theirs = Bitboard(vis[1][1] | vis[1][2] | vis[1][3] | vis[1][4]);
    side_features(pos, us, mine, theirs, vis[0], sink);
    side_features(pos, ~us, theirs, mine, vis[1], [&sink](int feature, int count) { sink(feature, -count); });
    sink(Tempo, 1);
}

}  // namespace

EvalFeatures eval_features(const Position& pos) {
    EvalFeatures f{};
    features(pos, [&f](int feature, int count) { f[feature] += count; });
    return f;
}

int evaluate(const Position& pos, int noise, std::uint64_t seed) {
    int score = 0;
    features(pos, [&score](int feature, int count) { score += eval_weights[feature] * count; });
    if (noise > 0) {
        const std::uint64_t h = mix(pos.key() ^ mix(seed + 0x51ED270B27F1ull));
        score += int(h % std::uint64_t(2 * noise + 1)) - noise;
    }
    return score;
}

int evaluate_simple(const Position& pos) {
    const Color us = pos.side_to_move();
    const Bitboard mine = pos.visible(us), theirs = pos.visible(~us);
    int score = 0;
    for (Bitboard line : lines_of(pos.size())) {
        const int a = popcount(Bitboard(mine & line)), b = popcount(Bitboard(theirs & line));
        if (b == 0) score += a * a * 10;
        if (a == 0) score -= b * b * 10;
    }
    return score;
}

}  // namespace gobblet
