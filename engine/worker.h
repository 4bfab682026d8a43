// The computer's worker: one thread that runs its owner's jobs one at a time, off the owner's thread (the
// screen's loop, a bot's loop), and hands back what they found. Any job: a Gobblet search for a move, a
// draw answer, a hint, the analysis panel, a Grabble robot's look at the table (engine/grabble/robot.h).
//
// The owner never waits for a job: start() queues it and returns; when it has returned, the worker calls
// the owner's Wake (on the worker's thread), which makes the owner's loop turn (ui/loop.h's wake pipe, the
// bot's own), and the owner collects the answer on that turn. cancel() tells the job under way to stop
// (its stop flag) and drops its answer: it never arrives, whenever the job notices. The next job runs as
// soon as the last one has returned, so jobs never overlap and may share what only jobs touch (the
// computer's Player and its search table). No curses, files, sockets or clocks here: a job that needs
// `now` gets it from its owner when it is started.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace gobblet {

// How a worker tells its owner that an answer is ready: called on the worker's thread, so it only wakes
// the owner's loop (writes a byte to a pipe, notifies a condition) and touches nothing else. Empty: the
// owner looks for answers by itself.
using Wake = std::function<void()>;

class Worker {
  public:
    // A job: runs on the worker's thread, and returns soon after *stop becomes true.
    using Job = std::function<void(const std::atomic<bool>& stop)>;

    explicit Worker(Wake wake = {}) : wake_(std::move(wake)) {}
    // Stops the job under way and waits for it: what it uses may go once the worker has gone.
    ~Worker();
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // Queues `job` and returns at once. A job under way is cancelled (it is told to stop and its end is
    // never collected); the new job runs as soon as that one has returned.
    void start(Job job);
    // Tells the job under way to stop and drops a job still waiting; their ends are never collected.
    // Returns at once: the job may still run for a moment, so an owner that shares storage with its jobs
    // (rather than taking their answers through a Task) calls stop() before it touches that storage.
    void cancel();
    // cancel(), then waits until no job runs (as long as the job takes to notice its stop flag: a search
    // looks at it every 1024 nodes).
    void stop();
    // A job was started and neither collected nor cancelled.
    bool busy() const;
    // The last job started has returned: true once, and it is then no longer busy, so the owner can read
    // what it left. Never waits.
    bool collect();
    // Wakes the owner (a job that posts progress as it goes).
    void wake() const {
        if (wake_) wake_();
    }

  private:
    void run();

    const Wake wake_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;  // a job queued or returned, or the worker is going
    std::thread thread_;               // made with the first job
    Job next_;                         // waiting to run
    // Jobs are numbered as they are started (from 1). `wanted_`: the one whose end the owner will collect
    // (0: none, collected or cancelled); `running_` the one on the thread (0: none); `finished_` the last
    // that returned.
    std::uint64_t started_ = 0, next_number_ = 0, wanted_ = 0, running_ = 0, finished_ = 0;
    bool quit_ = false;
    std::atomic<bool> stop_{false};  // the running job's stop flag
};

// A worker whose jobs return their answer: the owner takes it, once, from the last job it started. A job
// returns nullopt when it has nothing to say (it was stopped, the game is over). A cancelled job's answer
// is never taken, so the owner shares nothing with its jobs but what it gave them when it started them.
template <class T>
class Task {
  public:
    using Job = std::function<std::optional<T>(const std::atomic<bool>& stop)>;

    explicit Task(Wake wake = {}) : worker_(std::move(wake)) {}

    // As Worker::start: queues the job, cancelling the one under way, and returns at once.
    void start(Job job) {
        worker_.start([this, job = std::move(job)](const std::atomic<bool>& stop) {
            std::optional<T> answer = job(stop);
            std::lock_guard lock(mutex_);
            answer_ = std::move(answer);
        });
    }
    void cancel() { worker_.cancel(); }
    void stop() { worker_.stop(); }
    bool busy() const { return worker_.busy(); }
    // The last job's answer once it has returned (once; nullopt before, and after it is taken). Never waits.
    std::optional<T> take() {
        if (!worker_.collect()) return std::nullopt;
        std::lock_guard lock(mutex_);
        return std::exchange(answer_, std::nullopt);
    }
    void wake() const { worker_.wake(); }

  private:
    std::mutex mutex_;
    std::optional<T> answer_;  // the last job's to return (jobs run one after another, the last started last)
    Worker worker_;            // last: its thread stops before the answer goes
};

}  // namespace gobblet
