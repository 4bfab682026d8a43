// The search on several threads (Lazy SMP): the same tactics and legality as on one, stopping when asked
// or out of time with the helpers stopping too, and never reading the caller's clock after it returned.
#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <thread>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/player.h"
#include "engine/search.h"
#include "search_support.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

PlayerSettings threaded(int threads, std::uint64_t nodes) {
    PlayerSettings s{Level::Max, max_think_seconds, 7};
    s.max_nodes = nodes;
    s.threads = threads;
    return s;
}

}  // namespace

TEST_CASE("on several threads the computer plays legal moves, takes every win in one and blocks",
          "[search][threads]") {
    for (int threads : {2, 3}) {
        Player p(threaded(threads, 20000));
        int wins = 0, blocks = 0;
        const int n = random_positions(
            std::uint32_t(threads), 80,
            [&](const Game& g) {
                const Position& pos = g.position();
                const Choice c = p.choose(g);
                MoveList legal;
                g.legal_moves(legal);
                INFO(threads << " threads after " << transcript_text(g.moves()));
                REQUIRE(legal.contains(c.move));
                if (has_win_in_one(pos)) {
                    CHECK(wins_now(pos, c.move));
                    ++wins;
                } else {
                    int safe = 0;
                    for (Move m : legal) safe += !allows_win_in_one(pos, m);
                    if (safe > 0 && safe < legal.size()) {
                        CHECK_FALSE(allows_win_in_one(pos, c.move));
                        ++blocks;
                    }
                }
                return true;
            },
            both_rules_4x4);
        CHECK(n == 80);
        CHECK(wins > 5);
        CHECK(blocks > 5);
    }
}

TEST_CASE("a search with helper threads stops when asked, and runs again at once", "[search][threads]") {
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    Search search(16, 3);
    CHECK(search.threads() == 3);
    for (int round = 0; round < 3; ++round) {
        std::atomic<bool> stop{false};
        int deepest = 0;
        SearchLimits limits;
        limits.stop = &stop;
        limits.on_info = [&](const ThinkInfo& info) {
            deepest = info.depth;
            if (info.depth == 4) stop = true;
        };
        const SearchResult r = search.run(g.position(), g.position_keys(), limits);
        MoveList legal;
        g.legal_moves(legal);
        CHECK(legal.contains(r.best));
        CHECK(r.depth == 4);
        CHECK(deepest == 4);
        CHECK(r.stopped);
    }
    search.set_threads(1);
    CHECK(search.threads() == 1);
    search.set_threads(1000);  // clamped
    CHECK(search.threads() == Search::max_threads);
    search.set_threads(2);
    search.clear();
    SearchLimits depth3;
    depth3.depth = 3;
    CHECK(search.run(g.position(), g.position_keys(), depth3).depth == 3);
}

TEST_CASE("the helpers never read the caller's clock or stop flag once the search has returned",
          "[search][threads]") {
    // The clock and the flag live in a scope that ends as soon as the search returns, while the helpers
    // may still be winding down: a helper that read either would be caught by the sanitizer build.
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4");
    Search search(16, 4);
    for (int i = 0; i < 20; ++i) {
        auto clock = std::make_unique<test::FakeClock>(1);
        auto stop = std::make_unique<std::atomic<bool>>(false);
        SearchLimits limits;
        limits.seconds = 0.5;  // 500 readings of the clock
        limits.time = clock.get();
        limits.stop = stop.get();
        const SearchResult r = search.run(g.position(), g.position_keys(), limits);
        CHECK(r.stopped);
        CHECK(r.depth >= 1);
    }
}

TEST_CASE("with more threads a node limit still ends the search, counting every thread's nodes",
          "[search][threads]") {
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    Search search(16, 2);
    SearchLimits limits;
    limits.nodes = 60000;
    const SearchResult r = search.run(g.position(), g.position_keys(), limits);
    CHECK(r.stopped);
    CHECK(r.nodes >= 60000);
    MoveList legal;
    g.legal_moves(legal);
    CHECK(legal.contains(r.best));
}

TEST_CASE("helpers started after earlier runs wait for the next run, so runs never wait for them forever",
          "[search][threads]") {
    // A helper thread made by set_threads once the search had run already took the last run's generation
    // for a new one, searched it at once and counted itself done twice: the next run then waited for a
    // helper that would never finish (a hang of this very test under load). The loop runs in a thread
    // of its own, so that a hang fails here instead of stopping the whole suite.
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4");
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    int rounds = 0;
    std::thread loop([&] {
        Search search(14, 1);
        SearchLimits limits;
        limits.depth = 2;
        for (int i = 0; i < 300; ++i) {
            search.set_threads(2 + i % 3);
            (void)search.run(g.position(), g.position_keys(), limits);
            (void)search.run(g.position(), g.position_keys(), limits);
            search.set_threads(1);
            (void)search.run(g.position(), g.position_keys(), limits);
            std::lock_guard lock(mutex);
            ++rounds;
        }
        std::lock_guard lock(mutex);
        done = true;
        cv.notify_all();
    });
    std::unique_lock lock(mutex);
    const bool finished = cv.wait_for(lock, std::chrono::seconds(120), [&] { return done; });
    lock.unlock();
    if (!finished) {
        loop.detach();  // stuck for good: the process ends with it
        FAIL("the search hung waiting for its helpers after " << rounds << " rounds");
    }
    loop.join();
    CHECK(rounds == 300);
}

TEST_CASE("one thread searches exactly as before, also after the search had helpers", "[search][threads]") {
    // The bench's signature (tests/cli/bench.sh) holds one thread to the search before Lazy SMP; here a
    // search that had helpers and is back to one thread counts the same nodes and finds the same moves
    // as one that never had any.
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    SearchLimits limits;
    limits.depth = 6;
    Search fresh(16, 1), back(16, 3);
    (void)back.run(g.position(), g.position_keys(), limits);
    back.set_threads(1);
    back.clear();
    const SearchResult a = fresh.run(g.position(), g.position_keys(), limits);
    const SearchResult b = back.run(g.position(), g.position_keys(), limits);
    CHECK(a.nodes == b.nodes);
    CHECK(a.best == b.best);
    CHECK(a.score == b.score);
    CHECK(a.depth == b.depth);
}
