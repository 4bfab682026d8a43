#include "signals.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>

namespace gobblet::net {

namespace {

int stop_pipe[2] = {-1, -1};

extern "C" void on_stop_signal(int) {
    const int saved = errno;
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(stop_pipe[1], &byte, 1);
    errno = saved;
}

}  // namespace

bool StopSignals::install() {
    if (stop_pipe[0] < 0 && ::pipe2(stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return false;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    signal(SIGPIPE, SIG_IGN);
    return true;
}

int StopSignals::fd() const { return stop_pipe[0]; }

bool StopSignals::fired() {
    char sink[16];
    while (::read(stop_pipe[0], sink, sizeof sink) > 0) fired_ = true;
    return fired_;
}

}  // namespace gobblet::net
