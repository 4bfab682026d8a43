// The computer's worker (engine/worker.h): a job runs off the caller's thread and its answer is handed
// back once, through the owner's wake; the caller never waits to start, cancel or look for an answer; a
// cancelled job's answer never arrives, whenever it returns; jobs never overlap; stop() and the
// destructor wait for the job under way. Jobs here block on a gate the test opens, so every step is
// ordered by the test, never by timing.
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "engine/decisions.h"
#include "engine/seat.h"
#include "engine/worker.h"
#include "support.h"

using namespace gobblet;

namespace {

// What the worker wakes, counted; and a gate jobs wait at until the test opens it (or they are stopped).
struct Bench {
    std::mutex mutex;
    std::condition_variable cv;
    int wakes = 0;
    int open = 0;     // how many jobs may pass the gate
    int entered = 0;  // jobs that reached the gate
    int inside = 0, most_inside = 0;

    Wake wake() {
        return [this] {
            std::lock_guard lock(mutex);
            ++wakes;
            cv.notify_all();
        };
    }
    // A job: reaches the gate, waits there until it is opened or the job is stopped, and answers `value`
    // (nullopt when stopped).
    Task<int>::Job job(int value) {
        return [this, value](const std::atomic<bool>& stop) -> std::optional<int> {
            std::unique_lock lock(mutex);
            ++entered;
            most_inside = std::max(most_inside, ++inside);
            cv.notify_all();
            while (open == 0 && !stop) cv.wait_for(lock, std::chrono::milliseconds(1));
            --inside;
            if (stop) return std::nullopt;
            --open;
            return value;
        };
    }
    void let_through() {
        std::lock_guard lock(mutex);
        ++open;
        cv.notify_all();
    }
    // Waits (up to a minute: the margin is for a loaded machine, never for the test's logic) until `done`.
    bool until(const std::function<bool()>& done) {
        std::unique_lock lock(mutex);
        return cv.wait_for(lock, std::chrono::seconds(60), done);
    }
};

}  // namespace

TEST_CASE("a task's answer comes back once, through the owner's wake, and the owner never waits for it",
          "[worker]") {
    Bench b;
    Task<int> task(b.wake());
    CHECK_FALSE(task.busy());
    CHECK_FALSE(task.take());
    task.start(b.job(7));
    CHECK(task.busy());
    REQUIRE(b.until([&] { return b.entered == 1; }));
    CHECK_FALSE(task.take());  // still at the gate: nothing yet, and no wait
    CHECK(task.busy());
    b.let_through();
    REQUIRE(b.until([&] { return b.wakes == 1; }));
    CHECK(task.take() == 7);
    CHECK_FALSE(task.busy());
    CHECK_FALSE(task.take());  // once
}

TEST_CASE("a cancelled job's answer never arrives, even when it returns one; the next job's does",
          "[worker]") {
    Bench b;
    Task<int> task(b.wake());
    task.start(b.job(1));
    REQUIRE(b.until([&] { return b.entered == 1; }));
    task.cancel();  // returns at once: the job is still at the gate
    CHECK_FALSE(task.busy());
    task.start(b.job(2));
    CHECK(task.busy());
    // The first job was told to stop: it returns, then the second runs; only the second answers.
    REQUIRE(b.until([&] { return b.entered == 2; }));
    b.let_through();
    REQUIRE(b.until([&] { return b.wakes == 1; }));
    CHECK(task.take() == 2);
    CHECK(b.most_inside == 1);  // never two jobs at once
}

TEST_CASE("starting a job while one runs stops the one under way; a job still waiting never runs",
          "[worker]") {
    Bench b;
    Task<int> task(b.wake());
    task.start(b.job(1));
    REQUIRE(b.until([&] { return b.entered == 1; }));
    // Three starts in a row while the first holds the thread: the middle one never runs.
    {
        std::lock_guard lock(b.mutex);  // the first job cannot leave the gate before both starts
        task.start(b.job(2));
        task.start(b.job(3));
    }
    REQUIRE(b.until([&] { return b.entered == 2; }));
    b.let_through();
    REQUIRE(b.until([&] { return b.wakes == 1; }));
    CHECK(task.take() == 3);
    CHECK(b.entered == 2);
    CHECK(b.most_inside == 1);
}

TEST_CASE("a job that shares storage with its owner: stop() waits for it, the destructor too", "[worker]") {
    Bench b;
    int shared = 0;
    std::atomic<bool> returned{false};
    // A job that runs until it is stopped, then writes what its owner reads.
    const auto job = [&](const std::atomic<bool>& stop) {
        {
            std::lock_guard lock(b.mutex);
            ++b.entered;
            b.cv.notify_all();
        }
        while (!stop) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        shared = b.entered;
        returned = true;
    };
    {
        Worker w(b.wake());
        w.start(job);
        CHECK(w.busy());
        REQUIRE(b.until([&] { return b.entered == 1; }));
        w.stop();
        CHECK(returned);  // stop() came back after the job did
        CHECK(shared == 1);
        CHECK_FALSE(w.busy());
        CHECK_FALSE(w.collect());  // a stopped job is not collected
        returned = false;
        w.start(job);
        REQUIRE(b.until([&] { return b.entered == 2; }));
    }
    CHECK(returned);  // the destructor stopped the job and waited for it
    CHECK(shared == 2);
    CHECK(b.wakes == 0);
}

TEST_CASE("the computer seat never waits: cancelling a search under way drops its answer at once",
          "[worker][seat]") {
    Bench b;
    // max without a time source or a node limit searches until it is stopped.
    ComputerSeat seat(PlayerSettings{Level::Max, 1, 3, 0, 14}, b.wake());
    const Match match(MatchSettings{Variant{}, 1, {}});
    seat.ask(Ask::Move, match, 0, 0);
    CHECK(seat.working());
    CHECK_FALSE(seat.answer());
    seat.cancel();  // never waits for the search to notice
    CHECK_FALSE(seat.working());
    CHECK_FALSE(seat.answer());
    // New settings take at the next question; its answer is the only one that comes.
    seat.set_settings(PlayerSettings{Level::Easy, 1, 3, 0, 14});
    CHECK(seat.settings()->level == Level::Easy);
    seat.ask(Ask::Move, match, 0, 0);
    REQUIRE(b.until([&] { return b.wakes == 1; }));
    const std::optional<SeatAction> a = seat.answer();
    REQUIRE(a);
    CHECK(a->kind == SeatAction::Kind::Move);
    Game replay = match.game();
    CHECK(replay.play(a->move));
    CHECK_FALSE(seat.answer());
    // The starter after a lost round is the engine's rule, answered at once, with no search.
    seat.ask(Ask::Starter, match, 1, 0);
    CHECK_FALSE(seat.working());
    const std::optional<SeatAction> starter = seat.answer();
    REQUIRE(starter);
    CHECK(starter->kind == SeatAction::Kind::Starter);
    CHECK(starter->starter == starter_after_loss(1));
}
