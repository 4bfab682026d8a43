// Move generation and perft: the reference numbers of docs/rules.md, and agreement with the naive reference
// implementation over many random games of both sizes and both rule sets.
#include <algorithm>
#include <random>

#include "engine/movegen.h"
#include "reference.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

std::uint64_t ref_perft(const RefPosition& p, int depth) {
    if (depth == 0) return 1;
    if (p.winner() >= 0) return 0;
    auto moves = p.moves();
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (auto& m : moves) {
        RefPosition q = p;
        q.play(m);
        n += ref_perft(q, depth - 1);
    }
    return n;
}

std::vector<std::string> engine_moves(const Position& pos) {
    MoveList list;
    generate_moves(pos, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(move_name(m, pos.side_to_move()));
    std::sort(out.begin(), out.end());
    return out;
}

std::uint64_t perft_of(Variant v, int depth) {
    Position p(v);
    return perft(p, depth);
}

}  // namespace

TEST_CASE("perft from the 4x4 start matches the reference numbers of the rules", "[perft]") {
    CHECK(perft_of({4, Rules::Official}, 1) == 16);
    CHECK(perft_of({4, Rules::Official}, 2) == 240);
    CHECK(perft_of({4, Rules::Official}, 3) == 10080);
}

TEST_CASE("perft from the 3x3 start matches the reference numbers of the rules", "[perft]") {
    for (Rules r : {Rules::Official, Rules::Rogers}) {
        CHECK(perft_of({3, r}, 1) == 27);
        CHECK(perft_of({3, r}, 2) == 675);
    }
}

TEST_CASE("deeper perft agrees with the naive reference implementation", "[perft]") {
    // Depth 4 is where the official entering restriction first matters (a three needs three pieces).
    CHECK(perft_of({4, Rules::Official}, 4) == ref_perft(RefPosition(4, true), 4));
    CHECK(perft_of({4, Rules::Rogers}, 4) == ref_perft(RefPosition(4, false), 4));
    CHECK(perft_of({3, Rules::Official}, 4) == ref_perft(RefPosition(3, true), 4));
    CHECK(perft_of({3, Rules::Rogers}, 3) == ref_perft(RefPosition(3, false), 3));
}

TEST_CASE("perft numbers beyond the rules' table stay pinned", "[perft]") {
    // Checked against the reference implementation above at depth 4; depth 5 guards against regressions.
    CHECK(perft_of({4, Rules::Official}, 4) == 406560);
    CHECK(perft_of({4, Rules::Rogers}, 4) == 409920);
    CHECK(perft_of({4, Rules::Official}, 5) == 19024320);
    CHECK(perft_of({4, Rules::Rogers}, 5) == 19420800);
    CHECK(perft_of({3, Rules::Official}, 3) == 20313);
    CHECK(perft_of({3, Rules::Official}, 4) == 572472);
    CHECK(perft_of({3, Rules::Official}, 5) == 16635384);
}

TEST_CASE("random games: every position has the reference's moves and result", "[movegen]") {
    std::mt19937 rng(20261122);
    int positions = 0, gobbles_by_entry = 0, uncovered = 0;
    for (int size : {4, 3})
        for (bool official : {true, false}) {
            const Variant v{size, official ? Rules::Official : Rules::Rogers};
            for (int game = 0; game < 300; ++game) {
                Position pos(v);
                RefPosition ref(size, official);
                for (int ply = 0; ply < 80; ++ply) {
                    ++positions;
                    const int w = ref.winner();
                    const auto winner = pos.winner();
                    REQUIRE(w == (winner ? index(*winner) : -1));
                    if (w >= 0) {
                        if (w == ref.side) ++uncovered;
                        break;
                    }
                    const auto moves = engine_moves(pos);
                    REQUIRE(moves == ref.moves());
                    REQUIRE(count_moves(pos) == int(moves.size()));
                    if (moves.empty()) break;
                    const std::string m = moves[rng() % moves.size()];
                    if ((m[0] == 'W' || m[0] == 'K') && !ref.empty(m[2] - 'A', m[3] - '1'))
                        ++gobbles_by_entry;
                    MoveList list;
                    generate_moves(pos, list);
                    for (Move mv : list)
                        if (move_name(mv, pos.side_to_move()) == m) {
                            pos.play(mv);
                            break;
                        }
                    ref.play(m);
                }
            }
        }
    // The random games must have reached the interesting cases, or the comparison proves little.
    CHECK(positions > 20000);
    CHECK(gobbles_by_entry > 100);
    CHECK(uncovered > 10);
}

TEST_CASE("play then undo restores the position and its key exactly", "[movegen]") {
    std::mt19937 rng(7);
    for (int size : {4, 3}) {
        Position pos(Variant{size, Rules::Rogers});
        for (int ply = 0; ply < 200 && !pos.winner(); ++ply) {
            MoveList list;
            generate_moves(pos, list);
            for (Move m : list) {
                Position before = pos;
                pos.play(m);
                pos.undo(m);
                REQUIRE(pos == before);
                REQUIRE(pos.key() == before.key());
            }
            pos.play(list[rng() % list.size()]);
        }
    }
}

TEST_CASE("the position key depends on board and side only, not on the order of moves", "[movegen]") {
    Game a = game_after("W1A1\nK1D4\nW2B2\nK2C3");
    Game b = game_after("W2B2\nK2C3\nW1A1\nK1D4");
    CHECK(a.position().key() == b.position().key());
    Game c = game_after("W1A1\nK1D4\nW2B2");
    CHECK(c.position().key() != a.position().key());
}

TEST_CASE("equal stack tops are generated once, under the lowest stack number", "[movegen]") {
    // After W3B2 White's stacks hold 4, 4, 3: entering size 4 is listed as W1, size 3 as W3.
    Game g = game_after("W3B2\nK1C3");
    MoveList list;
    g.legal_moves(list);
    int from_w1 = 0, from_w2 = 0, from_w3 = 0;
    for (Move m : list)
        if (m.is_enter()) {
            (m.stack() == 0 ? from_w1 : m.stack() == 1 ? from_w2 : from_w3)++;
            CHECK(m.size() == (m.stack() == 0 ? 4 : 3));
        }
    CHECK(from_w1 == 14);
    CHECK(from_w2 == 0);
    CHECK(from_w3 == 14);
}

TEST_CASE("popcount counts every 16-bit mask right, with or without the popcnt instruction", "[movegen]") {
    int wrong = 0;
    for (unsigned b = 0; b < 65536; ++b) wrong += popcount(Bitboard(b)) != std::popcount(b);
    CHECK(wrong == 0);
}
