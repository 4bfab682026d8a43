// The computer player: tactics it must never miss, repetition, interruption and legality.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "engine/analysis.h"
#include "engine/bench.h"
#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/player.h"
#include "engine/search.h"
#include "search_support.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// A player whose every search is bounded by nodes, never by the clock: the think time is the longest
// there is, so only the node limit stops hard and max, and a test's result never depends on the machine.
PlayerSettings bounded(Level level, std::uint64_t nodes, std::uint64_t seed = 7) {
    PlayerSettings s{level, max_think_seconds, seed};
    s.max_nodes = nodes;
    return s;
}
PlayerSettings quick(Level level) { return bounded(level, 20000); }

}  // namespace

TEST_CASE("the computer never misses a win in one, at any level, on either board", "[search]") {
    std::vector<Player> players;
    for (Level l : {Level::Easy, Level::Medium, Level::Hard, Level::Max}) players.emplace_back(quick(l));
    const int n = random_positions(1, 60, [&](const Game& g) {
        if (!has_win_in_one(g.position())) return false;
        for (Player& p : players) {
            const Choice c = p.choose(g);
            INFO(level_name(p.settings().level) << " after " << transcript_text(g.moves()));
            CHECK(wins_now(g.position(), c.move));
            CHECK(c.why.rfind("wins: ", 0) == 0);
        }
        return true;
    });
    CHECK(n == 60);
}

TEST_CASE("from medium up, the computer blocks a loss in one when it can", "[search]") {
    std::vector<Player> players;
    for (Level l : {Level::Medium, Level::Hard, Level::Max}) players.emplace_back(quick(l));
    const int n = random_positions(2, 60, [&](const Game& g) {
        const Position& pos = g.position();
        if (has_win_in_one(pos)) return false;
        MoveList moves;
        generate_moves(pos, moves);
        int safe = 0, unsafe = 0;
        for (Move m : moves) (allows_win_in_one(pos, m) ? unsafe : safe)++;
        if (safe == 0 || unsafe == 0) return false;  // nothing to block, or nothing helps
        for (Player& p : players) {
            const Choice c = p.choose(g);
            INFO(level_name(p.settings().level) << " after " << transcript_text(g.moves()) << " chose "
                                                << move_name(c.move, pos.side_to_move()));
            CHECK_FALSE(allows_win_in_one(pos, c.move));
        }
        return true;
    });
    CHECK(n == 60);
}

TEST_CASE("the computer finds forced wins in three", "[search]") {
    Player max(bounded(Level::Max, 200000, 1));
    Player hard(bounded(Level::Hard, 200000, 1));
    const int n = random_positions(3, 15, [&](const Game& g) {
        const Position& pos = g.position();
        if (pos.size() != 4 || has_win_in_one(pos)) return false;
        // A move after which every reply leaves us a win in one (and none wins for them).
        MoveList moves;
        generate_moves(pos, moves);
        const auto forces = [&](Move m) {
            Position p = pos;
            const Color us = p.side_to_move();
            p.play(m);
            if (p.winner()) return false;
            MoveList replies;
            generate_moves(p, replies);
            for (Move r : replies) {
                p.play(r);
                const auto w = p.winner();
                const bool ok = w ? *w == us : has_win_in_one(p);
                p.undo(r);
                if (!ok) return false;
            }
            return true;
        };
        bool exists = false;
        for (Move m : moves) exists = exists || forces(m);
        if (!exists) return false;
        for (Player* p : {&max, &hard}) {
            const Choice c = p->choose(g);
            INFO("after " << transcript_text(g.moves()) << " chose "
                          << move_name(c.move, pos.side_to_move()));
            CHECK(forces(c.move));
            CHECK(c.score >= mate_bound);
            CHECK(c.why == "forced win in 2 moves");
        }
        return true;
    });
    CHECK(n == 15);
}

TEST_CASE("the computer's reason for a quiet move reads in words from the mover's side", "[search]") {
    Player p(PlayerSettings{Level::Medium, 1, 1});
    for (const char* moves : {"", "W3B2", "W3B2 K1C3 W2C2"}) {
        INFO(moves);
        const Game g = test::game_after(moves);
        const Choice c = p.choose(g);
        REQUIRE(c.score > -mate_bound);
        REQUIRE(c.score < mate_bound);
        CHECK(c.why.find("evaluation") == std::string::npos);
        const bool blocks = c.why.rfind("blocks ", 0) == 0;
        if (!blocks) CHECK(c.why == score_words(c.score, g.side_to_move()));
    }
}

TEST_CASE("a move into a repeated position scores as a draw, and the draw does not stay in the table",
          "[search]") {
    Search search;
    int found = 0;
    random_positions(4, 5, [&](const Game& g) {
        const Position& pos = g.position();
        if (pos.size() != 4) return false;
        SearchLimits limits;
        limits.depth = 3;
        search.clear();
        const SearchResult lost = search.run(pos, {}, limits);
        if (lost.score > -mate_bound) return false;
        // A board move into a position that is not over: make that position a repetition.
        MoveList moves;
        generate_moves(pos, moves);
        Move escape;
        for (Move m : moves) {
            Position p = pos;
            p.play(m);
            if (!m.is_enter() && !p.winner()) escape = m;
        }
        if (!escape) return false;
        Position child = pos;
        child.play(escape);
        const SearchResult drawn = search.run(pos, {child.key(), pos.key()}, limits);
        CHECK(drawn.score == 0);
        CHECK(drawn.best == escape);
        // With contempt the draw is worth -contempt to the side to move, still better than losing.
        SearchLimits scornful = limits;
        scornful.contempt = 30;
        const SearchResult scorned = search.run(pos, {child.key(), pos.key()}, scornful);
        CHECK(scorned.score == -30);
        CHECK(scorned.best == escape);
        // The same position without that history is lost again: nothing path-dependent was stored.
        const SearchResult again = search.run(pos, {}, limits);
        CHECK(again.score == lost.score);
        ++found;
        return true;
    });
    CHECK(found == 5);
}

TEST_CASE("the computer plays on rather than repeat a position when it does not stand worse", "[search]") {
    // From a game of max against itself (T1's weights, 4,000 nodes a move): White repeated the position
    // a third time with C4D1, a draw, where C4B1 keeps an even game going. The draw is not the best
    // there is for a player that expects to outplay its opponent (draw_contempt).
    const Game g = test::game_after(
        "W1D2 K1B4 W2C2 K2A4 W3B2 K3A2 D2A1 K1C4 C2C4 K1D2 W1C1 B4C1 W1B1 K2A3 B2A3 K2D1 A1D1 K3D3 W2D4 D3B1 "
        "D4D2 A2D2 W2D3 K3B2 W1B3 B2B3 W3A2 K1C3 D3C3 K2D4 W3A1 A4A1 A2B3 C1C3 C4D4 K3D3 C1D3 A1C2 D4C4 C2A1 "
        "C4D4 A1C2 D1C4 C2A1");
    const Move repeat = test::move_in(g, "C4D1");
    Game drawn = g;
    REQUIRE(drawn.play(repeat));
    REQUIRE(drawn.over());
    REQUIRE(!drawn.result().winner());  // threefold repetition
    const auto choice = [&](int contempt) {
        Search search;
        SearchLimits limits;
        limits.depth = 7;  // whole iterations: C4B1, best at depth 4, loses at depth 5
        limits.contempt = contempt;
        return search.run(g.position(), g.position_keys(), limits);
    };
    CHECK(choice(0).best == repeat);  // without contempt the search takes the draw
    for (Opponent o : {Opponent::Unknown, Opponent::Computer, Opponent::Human}) {
        const int contempt = draw_contempt(Level::Max, o);
        INFO("contempt " << contempt);
        const SearchResult r = choice(contempt);
        CHECK(r.best != repeat);
        Game after = g;
        REQUIRE(after.play(r.best));
        CHECK(!after.over());
        CHECK(r.score > -contempt);  // it plays on in a line it scores above the draw's worth
    }
    // And through the player, as the table and --gtp ask it.
    PlayerSettings s{Level::Max, max_think_seconds, 1};
    s.max_nodes = 300000;
    s.opponent = Opponent::Human;
    const Move played = Player(s).choose(g).move;
    CHECK(played != repeat);
    Game after = g;
    REQUIRE(after.play(played));
    CHECK(!after.over());
}

TEST_CASE("contempt for draws grows with the level and is larger against a person", "[search]") {
    CHECK(draw_contempt(Level::Easy, Opponent::Human) == 0);
    for (Opponent o : {Opponent::Unknown, Opponent::Computer, Opponent::Human}) {
        CHECK(draw_contempt(Level::Medium, o) < draw_contempt(Level::Hard, o));
        CHECK(draw_contempt(Level::Hard, o) < draw_contempt(Level::Max, o));
    }
    CHECK(draw_contempt(Level::Max, Opponent::Human) > draw_contempt(Level::Max, Opponent::Computer));
    CHECK(draw_contempt(Level::Max, Opponent::Unknown) == draw_contempt(Level::Max, Opponent::Computer));
}

TEST_CASE("a search stops at once when asked, with a legal move", "[search]") {
    Game g(Variant{4, Rules::Official});
    REQUIRE(g.play_transcript("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2"));
    // An hour to think, no node limit: only the stop flag can end this search. It is raised as depth 4
    // is reported, which happens inside the search, so no clock decides when.
    Player p(PlayerSettings{Level::Max, max_think_seconds, 1});
    std::atomic<bool> stop{false};
    int depth_seen = 0;
    const Choice c = p.choose(g, &stop, [&](const ThinkInfo& info) {
        depth_seen = info.depth;
        if (info.depth == 4) stop = true;
    });
    MoveList legal;
    g.legal_moves(legal);
    CHECK(legal.contains(c.move));
    CHECK(depth_seen == 4);  // nothing deeper was completed after the stop
    CHECK(c.depth == 4);
}

TEST_CASE("a search given think time T stops once its clock passes T, and not before", "[search][time]") {
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    // The clock stands still (no time limit can end the search) until depth 4 is reported; from then on
    // each reading moves it 1 ms, from 1990. The search reads it once at the end of the iteration (1990)
    // and then every 1024 nodes: 1991 ... 1999 keep it going, the 10th check reads 2000 = T and ends it.
    test::FakeClock clock;
    SearchLimits limits;
    limits.seconds = 2;
    limits.time = &clock;
    std::uint64_t nodes_at_4 = 0;
    int deepest = 0;
    limits.on_info = [&](const ThinkInfo& info) {
        deepest = info.depth;
        CHECK(info.seconds == 0);  // no time has passed yet
        if (info.depth == 4) {
            nodes_at_4 = info.nodes;
            clock.now = 1990;
            clock.tick = 1;
        }
    };
    Search search;
    const SearchResult r = search.run(g.position(), g.position_keys(), limits);
    REQUIRE(nodes_at_4 > 0);
    CHECK(r.stopped);
    CHECK(deepest == 4);
    CHECK(r.depth == 4);  // depth 5 was cut off, not completed
    // The first node count checked after depth 4, then nine more checks that the limit was not passed.
    const std::uint64_t first_check = (nodes_at_4 / 1024 + 1) * 1024;
    const std::uint64_t stop_check = first_check + 9 * 1024;
    CHECK(r.nodes >= stop_check);        // not before the clock passed T
    CHECK(r.nodes < stop_check + 1024);  // and at the check that saw it (plus the unwinding)
    CHECK(r.seconds == Approx(2.001));   // the reading after the limit's
    // The same search with its clock standing still runs to its depth: time alone ends a search.
    test::FakeClock frozen;
    limits.time = &frozen;
    limits.depth = 5;
    limits.on_info = {};
    search.clear();
    const SearchResult full = search.run(g.position(), g.position_keys(), limits);
    CHECK_FALSE(full.stopped);
    CHECK(full.depth == 5);
    CHECK(full.seconds == 0);
    CHECK(full.nodes > r.nodes);
}

TEST_CASE("without a time source a search's time stands still", "[search][time]") {
    // The engine never reads the real clock: with no source, a time limit cannot end the search (depth
    // does) and the result says no time passed.
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    SearchLimits limits;
    limits.seconds = 1e-9;
    limits.depth = 3;
    Search search;
    const SearchResult r = search.run(g.position(), g.position_keys(), limits);
    CHECK_FALSE(r.stopped);
    CHECK(r.depth == 3);
    CHECK(r.seconds == 0);
}

TEST_CASE("a node limit ends a search the same way on any machine", "[search]") {
    Game g(Variant{4, Rules::Official});
    REQUIRE(g.play_transcript("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2"));
    Search search;
    SearchLimits limits;
    limits.nodes = 50000;
    const SearchResult a = search.run(g.position(), g.position_keys(), limits);
    search.clear();
    const SearchResult b = search.run(g.position(), g.position_keys(), limits);
    CHECK(a.stopped);
    CHECK(a.nodes >= 50000);
    CHECK(a.nodes < 50000 + 1024);  // the limit is checked every 1,024 nodes
    CHECK(a.nodes == b.nodes);
    CHECK(a.best == b.best);
    CHECK(a.depth == b.depth);
}

TEST_CASE("every level plays only legal moves, from many positions of both sizes and rule sets", "[search]") {
    std::vector<Player> players;
    for (Level l : {Level::Easy, Level::Medium, Level::Hard, Level::Max})
        players.emplace_back(bounded(l, 5000, 3));
    const int n = random_positions(5, 100, [&](const Game& g) {
        MoveList legal;
        g.legal_moves(legal);
        for (Player& p : players) CHECK(legal.contains(p.choose(g).move));
        return true;
    });
    CHECK(n == 100);
}

TEST_CASE("the same seed plays the same game; lower levels vary with the seed", "[search]") {
    const auto game_of = [](std::uint64_t seed) {
        Player white(PlayerSettings{Level::Easy, 1, seed}), black(PlayerSettings{Level::Easy, 1, seed + 100});
        Game g;
        while (!g.over() && g.moves().size() < 40)
            REQUIRE(g.play((g.side_to_move() == Color::White ? white : black).choose(g).move));
        return transcript_text(g.moves());
    };
    CHECK(game_of(1) == game_of(1));
    CHECK((game_of(1) != game_of(2) || game_of(1) != game_of(3)));
}

// The bench's node count at a fixed depth is the search's fingerprint (as Stockfish's bench is): any change
// to move generation, ordering, pruning or the evaluation changes it. A change that should keep the
// search's behaviour (a speed-up, a refactoring, a time-management change) must keep this number; a change
// to the search made on purpose updates it here and in tests/cli/bench.sh, from `./main --bench 4` (and
// `--bench 5`), saying why in the commit.
constexpr std::uint64_t bench_depth4_nodes = 149370;

TEST_CASE("the bench searches a fixed number of nodes: the search's fingerprint", "[search][bench]") {
    std::ostringstream a, b;
    const gobblet::test::FakeClock clock;  // the count does not depend on time
    REQUIRE(run_bench(a, clock, 4) == 0);
    REQUIRE(run_bench(b, clock, 4) == 0);
    const auto signature = [](const std::string& s) { return s.substr(s.rfind("signature ")); };
    CHECK(signature(a.str()) == "signature " + std::to_string(bench_depth4_nodes) + "\n");
    CHECK(signature(b.str()) == signature(a.str()));  // and a second run repeats it: nothing carries over
}

TEST_CASE("the computer moves a touched piece: hints and a side handed over respect the touch",
          "[search][touch]") {
    // White can win by entering a piece on A4, or by moving B1 there; with B1 touched only the latter
    // is allowed, at every level and on the solved 3x3 board too.
    for (Level level : {Level::Easy, Level::Medium, Level::Max}) {
        Game g = gobblet::test::game_after("W1A1\nK1D1\nW1A2\nK1D2\nW1A3\nK1D4\nW2B1\nK2C4");
        REQUIRE(g.touch(make_square(1, 0)));
        Player p(gobblet::test::ticking(PlayerSettings{level, 0.2, 1}));
        const Choice c = p.choose(g);
        INFO(level_name(level));
        REQUIRE_FALSE(c.move.is_none());
        CHECK_FALSE(c.move.is_enter());
        CHECK(c.move.from() == make_square(1, 0));
        CHECK(c.move.to() == make_square(0, 3));
    }
    Game j = gobblet::test::game_after("W1A1\nK1C3", Variant{3, Rules::Official});
    REQUIRE(j.touch(make_square(0, 0)));
    const Choice c = Player(gobblet::test::ticking(PlayerSettings{Level::Max, 0.2, 1})).choose(j);
    REQUIRE_FALSE(c.move.is_none());
    CHECK_FALSE(c.move.is_enter());
    CHECK(c.move.from() == make_square(0, 0));
}
