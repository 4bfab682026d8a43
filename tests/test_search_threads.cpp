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

namespace {

// A meter whose answers the test writes (cores.h): `answer(ours)` is what it says free_cores(ours) is.
struct ScriptedMeter final : CoreMeter {
    explicit ScriptedMeter(std::function<int(int)> a) : answer(std::move(a)) {}
    int free_cores(int ours) const override {
        ++questions;
        return answer(ours);
    }
    std::function<int(int)> answer;
    mutable int questions = 0;
};

// Holds each helper in the search's hook (as a machine that never schedules it would) until released.
struct HelperGate {
    std::mutex mutex;
    std::condition_variable changed;
    bool open = false;
    int held = 0;  // helpers that reached the gate
    void hold() {
        std::unique_lock lock(mutex);
        ++held;
        changed.notify_all();
        changed.wait(lock, [&] { return open; });
    }
    void release() {
        std::lock_guard lock(mutex);
        open = true;
        changed.notify_all();
    }
    bool reached(int n) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, std::chrono::seconds(60), [&] { return held >= n; });
    }
};

// Runs `body` on a thread of its own and says whether it returned within a minute: a search that waits
// for a helper the gate holds never would (the test then opens the gate, so that the process can end).
bool returns(const std::function<void()>& body, HelperGate& gate) {
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    std::thread t([&] {
        body();
        std::lock_guard lock(mutex);
        done = true;
        cv.notify_all();
    });
    std::unique_lock lock(mutex);
    const bool in_time = cv.wait_for(lock, std::chrono::seconds(60), [&] { return done; });
    lock.unlock();
    gate.release();
    t.join();
    return in_time;
}

}  // namespace

TEST_CASE("a search never waits for a helper that the machine does not run", "[search][threads]") {
    // Under load a helper told to stop may not get a core to notice for a long time: the next search used
    // to wait for it before it started its own clock (a 0.1 s move took 1.41 s). Here the gate holds the
    // helper for good; every search must still return by its deadline, on its own thread alone.
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    Search search(16, 2);
    HelperGate gate;
    search.set_helper_hook([&](int) { gate.hold(); });
    MoveList legal;
    g.legal_moves(legal);
    std::vector<SearchResult> results;
    const bool in_time = returns(
        [&] {
            for (int i = 0; i < 3; ++i) {
                test::FakeClock clock(1);  // a millisecond at every reading
                SearchLimits limits;
                limits.seconds = 0.2;
                limits.time = &clock;
                results.push_back(search.run(g.position(), g.position_keys(), limits));
                if (i == 0) gate.reached(1);  // the helper took the first search's work and is held
            }
        },
        gate);
    REQUIRE(in_time);
    REQUIRE(results.size() == 3);
    CHECK(results[0].threads == 2);  // the helper was started, and never searched
    for (const SearchResult& r : results) {
        CHECK(legal.contains(r.best));
        CHECK(r.stopped);
        CHECK(r.depth >= 2);
        // The deadline is read every 1024 nodes: the search stops at the first reading past it.
        CHECK(r.seconds >= 0.2);
        CHECK(r.seconds <= 0.202);
    }
    // The held helper sat the later searches out.
    CHECK(results[1].threads == 1);
    CHECK(results[2].threads == 1);
    // Once released it stops at once and searches again: the next searches use it (the gate stays open).
    SearchLimits depth6;
    depth6.depth = 6;
    int threads = 1;
    for (int i = 0; i < 5000 && threads == 1; ++i) {
        threads = search.run(g.position(), g.position_keys(), depth6).threads;
        if (threads == 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    CHECK(threads == 2);
}

TEST_CASE("clear and a new search never wait for a helper still stopping", "[search][threads]") {
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4");
    Search search(16, 3);
    HelperGate gate;
    search.set_helper_hook([&](int) { gate.hold(); });
    SearchLimits depth5;
    depth5.depth = 5;
    SearchResult second;
    const bool in_time = returns(
        [&] {
            (void)search.run(g.position(), g.position_keys(), depth5);
            gate.reached(2);
            search.clear();
            second = search.run(g.position(), g.position_keys(), depth5);
        },
        gate);
    CHECK(in_time);
    CHECK(second.depth == 5);
    CHECK(second.threads == 1);
}

TEST_CASE("the search runs only as many helpers as the meter finds cores free", "[search][threads]") {
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    MoveList legal;
    g.legal_moves(legal);
    SearchLimits limits;
    limits.depth = 7;
    for (int free : {1, 2, 3, 4, 9}) {
        Search search(16, 4);
        std::atomic<int> started{0};
        search.set_helper_hook([&](int) { ++started; });
        ScriptedMeter meter([&](int) { return free; });
        limits.cores = &meter;
        const SearchResult r = search.run(g.position(), g.position_keys(), limits);
        INFO(free << " free cores");
        CHECK(meter.questions >= 1);
        CHECK(r.threads == std::min(free, 4));
        CHECK(legal.contains(r.best));
        CHECK(r.depth == 7);
        if (free == 1) CHECK(started == 0);  // no helper ever started: they cost nothing
    }
    // Without a meter (an explicit --threads) every thread searches.
    Search search(16, 3);
    limits.cores = nullptr;
    CHECK(search.run(g.position(), g.position_keys(), limits).threads == 3);
}

TEST_CASE("helpers stop as other programs take the cores and start again as they leave",
          "[search][threads]") {
    // The meter plays a machine whose other programs come and go during one search: first every core is
    // free, then none, then every one again. It hears how many of the runnable threads are the search's
    // own (`ours`), which tells it when the helpers have started and stopped; the search must follow,
    // and ends (by the stop flag) when all its threads are back.
    const Game g = test::game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    Search search(16, 4);
    std::atomic<bool> stop{false};
    int phase = 0;  // 0: all free until the 3 helpers run; 1: none free until they stopped; 2: all again
    std::vector<int> seen;
    ScriptedMeter meter([&](int ours) {
        seen.push_back(ours);
        if (phase == 0 && ours == 4) phase = 1;
        if (phase == 1 && ours == 1) phase = 2;
        if (phase == 2 && ours == 4) stop = true;
        return phase == 1 ? 1 : 4;
    });
    SearchLimits limits;
    limits.cores = &meter;
    limits.stop = &stop;
    limits.nodes = 200'000'000;  // a bound should it never happen
    const SearchResult r = search.run(g.position(), g.position_keys(), limits);
    INFO("the meter was asked " << seen.size() << " times");
    CHECK(phase == 2);
    CHECK(stop);
    CHECK(r.threads == 4);
    CHECK(r.nodes < limits.nodes);
}

TEST_CASE("free cores: the usable cores less the runnable threads that are not the search's",
          "[search][threads]") {
    CHECK(free_cores(2, 1, 1) == 2);  // an idle 2-core machine: only the search runs
    CHECK(free_cores(2, 2, 1) == 1);  // one busy loop beside it
    CHECK(free_cores(2, 3, 2) == 1);  // the search's helper and one other program
    CHECK(free_cores(2, 7, 1) == 1);  // a loaded machine: the calling thread still searches
    CHECK(free_cores(8, 3, 1) == 6);  // two other programs on eight cores
    CHECK(free_cores(8, 4, 4) == 8);  // the search's own four threads are no competition
    CHECK(free_cores(4, 1, 3) == 4);  // a count read while helpers started: never more than the cores
    CHECK(free_cores(1, 1, 1) == 1);
}
