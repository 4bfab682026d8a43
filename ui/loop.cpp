#include "loop.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace gobblet::ui {

EventLoop::EventLoop() {
    int fds[2];
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) == 0) {
        wake_read_ = fds[0];
        wake_write_ = fds[1];
    }
}

EventLoop::~EventLoop() {
    if (wake_read_ >= 0) close(wake_read_);
    if (wake_write_ >= 0) close(wake_write_);
}

void EventLoop::wake() {
    const char byte = 1;
    // A full pipe already holds a wake-up: nothing is lost when this write fails.
    if (wake_write_ < 0) return;
    const ssize_t n = write(wake_write_, &byte, 1);
    (void)n;
}

EventLoop::Ready EventLoop::wait(std::vector<pollfd>& extra, int timeout_ms) {
    std::vector<pollfd> fds;
    fds.reserve(extra.size() + 2);
    fds.push_back({STDIN_FILENO, POLLIN, 0});
    fds.push_back({wake_read_, POLLIN, 0});
    fds.insert(fds.end(), extra.begin(), extra.end());
    Ready ready;
    if (poll(fds.data(), fds.size(), timeout_ms) < 0) return ready;  // EINTR: a signal to look at
    ready.input = fds[0].revents & (POLLIN | POLLHUP | POLLERR);
    if (fds[1].revents & POLLIN) {
        char buf[64];
        while (read(wake_read_, buf, sizeof buf) > 0) {
        }
        ready.woken = true;
    }
    for (std::size_t i = 0; i < extra.size(); ++i) extra[i].revents = fds[i + 2].revents;
    return ready;
}

}  // namespace gobblet::ui
