// Gobblet Jr. solved: the exact player's verdicts and its play.
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <unordered_set>

#include "engine/movegen.h"
#include "engine/solve3.h"

using namespace gobblet;

namespace {

Game game_of(const char* moves, Rules rules = Rules::Official) {
    Game g(Variant{3, rules});
    REQUIRE(g.play_transcript(moves));
    return g;
}

// An independent check: can the side to move force a win (or must it lose) within d plies? Plain
// recursion over every move, no table, no ordering: slow but obviously right for small d.
bool naive_lost(Position& pos, int d);
bool naive_won(Position& pos, int d) {
    if (d <= 0) return false;
    const Color us = pos.side_to_move();
    MoveList moves;
    generate_moves(pos, moves);
    for (Move m : moves) {
        pos.play(m);
        const auto w = pos.winner();
        const bool wins = w ? *w == us : naive_lost(pos, d - 1);
        pos.undo(m);
        if (wins) return true;
    }
    return false;
}
bool naive_lost(Position& pos, int d) {
    if (d < 0) return false;
    const Color us = pos.side_to_move();
    MoveList moves;
    generate_moves(pos, moves);
    for (Move m : moves) {
        pos.play(m);
        const auto w = pos.winner();
        const bool loses = w ? *w != us : naive_won(pos, d - 1);
        pos.undo(m);
        if (!loses) return false;
    }
    return true;  // every move loses (or there is none)
}

}  // namespace

TEST_CASE("Gobblet Jr. is a first-player win in 13 plies, under either rule set", "[solve3]") {
    for (Rules r : {Rules::Official, Rules::Rogers}) {
        const solve3::Verdict v = solve3::solve(Position(Variant{3, r}));
        CHECK(v.value == solve3::Value::Win);
        CHECK(v.plies == 13);
    }
}

TEST_CASE("the solver takes a win in one and sees exactly how long a loss lasts", "[solve3]") {
    // White has A1 and A2 (big pieces); A3 is open: a win in one.
    Game g = game_of("W1A1 K3C3 W1A2 K3C2");
    solve3::Verdict v;
    const auto m = solve3::best_move(g, &v);
    REQUIRE(m);
    CHECK(v.value == solve3::Value::Win);
    CHECK(v.plies == 1);
    REQUIRE(g.play(*m));
    CHECK(g.result().winner() == Color::White);
    // One move earlier, Black is to move with White's 3s on A1 and A2: only a new 3 or 2 on A3 (stacks 1
    // and 2; White's remaining pieces are smaller) stops the row, and even then White wins 9 plies later;
    // every other move loses at once.
    const Game before = game_of("W1A1 K3C3 W1A2");
    const solve3::Verdict v0 = solve3::solve(before.position());
    CHECK(v0.value == solve3::Value::Loss);
    CHECK(v0.plies == 10);
    MoveList moves;
    before.legal_moves(moves);
    for (Move reply : moves) {
        Game after = before;
        REQUIRE(after.play(reply));
        const std::string name = move_name(reply, Color::Black);
        INFO(name);
        const solve3::Verdict w = solve3::solve(after.position());  // White to move
        CHECK(w.value == solve3::Value::Win);
        CHECK(w.plies == (name == "K1A3" || name == "K2A3" ? 9 : 1));
    }
}

TEST_CASE("the solver agrees with plain minimax on random positions near the end", "[solve3]") {
    std::mt19937 rng(2026);
    int checked = 0, decided = 0;
    for (int game = 0; game < 400 && checked < 150; ++game) {
        Game g(Variant{3, game % 2 ? Rules::Rogers : Rules::Official});
        const int plies = 6 + int(rng() % 14);
        for (int i = 0; i < plies && !g.over(); ++i) {
            MoveList moves;
            g.legal_moves(moves);
            REQUIRE(g.play(moves[int(rng() % moves.size())]));
        }
        if (g.over()) continue;
        Position pos = g.position();
        const solve3::Verdict v = solve3::solve(pos);
        ++checked;
        // Within 5 plies the naive search decides exactly; beyond, it must not contradict.
        const int d = 5;
        const bool won = naive_won(pos, d), lost = naive_lost(pos, d - 1);
        INFO("position after " << transcript_text(g.moves()));
        CHECK(won == (v.value == solve3::Value::Win && v.plies <= d));
        CHECK(lost == (v.value == solve3::Value::Loss && v.plies <= d - 1));
        decided += won || lost;
    }
    CHECK(checked >= 100);
    CHECK(decided >= 10);
}

TEST_CASE("playing White from the start, the solver beats every sequence of Black replies",
          "[solve3][.slow]") {
    Game g(Variant{3, Rules::Official});
    std::unordered_set<std::uint64_t> seen;  // White-to-move positions already shown to be won
    int games = 0;
    bool all_won = true;
    // Depth-first: White plays the solver's move; every Black reply is tried.
    std::function<void()> white_moves = [&] {
        if (!seen.insert(g.position().key()).second) return;
        const auto m = solve3::best_move(g);
        if (!m) {
            all_won = false;
            return;
        }
        REQUIRE(g.play(*m));
        if (g.over()) {
            ++games;
            all_won &= g.result().winner() == Color::White;
        } else {
            MoveList replies;
            g.legal_moves(replies);
            for (Move r : replies) {
                REQUIRE(g.play(r));
                if (g.over()) {
                    ++games;
                    all_won &= g.result().winner() == Color::White;
                } else {
                    white_moves();
                }
                g.undo();
            }
        }
        g.undo();
    };
    white_moves();
    INFO(games << " games ended, " << seen.size() << " White positions");
    CHECK(all_won);
    CHECK(games > 1000);
}

TEST_CASE("from drawn positions the solver never loses against random play", "[solve3]") {
    std::mt19937 rng(11);
    int drawn = 0;
    for (int trial = 0; trial < 300 && drawn < 8; ++trial) {
        Game g(Variant{3, Rules::Official});
        const int plies = 4 + int(rng() % 10);
        for (int i = 0; i < plies && !g.over(); ++i) {
            MoveList moves;
            g.legal_moves(moves);
            REQUIRE(g.play(moves[int(rng() % moves.size())]));
        }
        if (g.over() || solve3::solve(g.position()).value != solve3::Value::Draw) continue;
        ++drawn;
        const Color solver = g.side_to_move();
        while (!g.over() && g.moves().size() < 200) {
            if (g.side_to_move() == solver) {
                REQUIRE(g.play(*solve3::best_move(g)));
            } else {
                MoveList moves;
                g.legal_moves(moves);
                REQUIRE(g.play(moves[int(rng() % moves.size())]));
            }
        }
        INFO("game " << transcript_text(g.moves()));
        CHECK(g.result().winner() != std::optional<Color>(~solver));
    }
    CHECK(drawn >= 3);
}

TEST_CASE("a lost position is defended as long as possible", "[solve3]") {
    // After a White blunder sequence Black to move may be lost; whatever the verdict, the chosen move's
    // verdict matches the position's.
    std::mt19937 rng(5);
    int losses = 0;
    for (int trial = 0; trial < 200 && losses < 5; ++trial) {
        Game g(Variant{3, Rules::Official});
        for (int i = 0; i < 3 + int(rng() % 8) && !g.over(); ++i) {
            MoveList moves;
            g.legal_moves(moves);
            REQUIRE(g.play(moves[int(rng() % moves.size())]));
        }
        if (g.over()) continue;
        const solve3::Verdict v = solve3::solve(g.position());
        if (v.value != solve3::Value::Loss) continue;
        ++losses;
        solve3::Verdict chosen;
        const auto m = solve3::best_move(g, &chosen);
        REQUIRE(m);
        CHECK(chosen.value == solve3::Value::Loss);
        CHECK(chosen.plies == v.plies);
        REQUIRE(g.play(*m));
        if (!g.over()) {
            const solve3::Verdict after = solve3::solve(g.position());
            CHECK(after.value == solve3::Value::Win);
            CHECK(after.plies == v.plies - 1);
        }
    }
    CHECK(losses >= 3);
}
