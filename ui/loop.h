// The one event loop of the game (as tmux and irssi do it): the terminal, the computer's worker threads
// (through a wake-up pipe) and the network's sockets are file descriptors waited on by one poll(), and
// the next deadline (a clock tick, a keep-alive, the computer's pace when it plays itself) is its
// timeout. Nothing blocks anywhere else, and nothing busy-waits.
#pragma once

#include <poll.h>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/clock.h"
#include "net/socket.h"

namespace gobblet::ui {

// The time source of the match clocks while the game runs (net/socket.h's, the one steady clock).
using net::monotonic_ms;

class EventLoop {
  public:
    EventLoop();
    ~EventLoop();
    EventLoop(const EventLoop&) = delete;
    EventLoop& operator=(const EventLoop&) = delete;

    // Makes the current or next wait() return at once. Safe from any thread (a worker that finished).
    void wake();

    struct Ready {
        bool input = false;  // the terminal has bytes to read
        bool woken = false;  // wake() was called
    };
    // Waits for input on the terminal, a wake-up, one of `extra` (their revents are filled in) or
    // `timeout_ms` (-1: no limit). Interrupted by a signal, it returns with nothing ready.
    Ready wait(std::vector<pollfd>& extra, int timeout_ms);

  private:
    int wake_read_ = -1, wake_write_ = -1;
};

// Runs one job at a time on its own thread: the computer's search for a move, a hint, the analysis.
// The job gets a stop flag it must honour soon; when it returns, the loop is woken so that the owner can
// collect the result (which the job left in storage the owner shares with it).
class Worker {
  public:
    explicit Worker(EventLoop& loop) : loop_(loop) {}
    ~Worker() { stop(); }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // Starts `job`, stopping (and discarding) any job still running.
    void start(std::function<void(const std::atomic<bool>& stop)> job);
    // Asks the running job to stop and waits for it. Its result is not collected.
    void stop();
    // A job was started and its result has not been collected.
    bool busy() const { return thread_.joinable(); }
    // The job has returned: joins it and returns true once, so the owner can read the result.
    bool collect();

  private:
    EventLoop& loop_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> done_{false};
};

}  // namespace gobblet::ui
