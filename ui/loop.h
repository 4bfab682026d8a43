// The one event loop of the game (as tmux and irssi do it): the terminal, the computer's workers
// (engine/worker.h, through a wake-up pipe) and the network's sockets are file descriptors waited on by one
// poll(), and the next deadline (a clock tick, a keep-alive, the computer's pace when it plays itself) is its
// timeout. Nothing blocks anywhere else, and nothing busy-waits.
#pragma once

#include <poll.h>

#include <vector>

#include "engine/clock.h"
#include "engine/worker.h"
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
    // wake() as a worker's Wake (engine/worker.h): the screens' workers report through this loop.
    Wake waker() {
        return [this] { wake(); };
    }

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

}  // namespace gobblet::ui
