// SIGTERM and SIGINT for a program that runs one poll loop in the foreground (the server, a bot): the
// handler writes a byte to a pipe (the self-pipe trick), and the loop watches the pipe's descriptor with
// its sockets, so a signal wakes poll() and the loop stops cleanly in its own time. SIGPIPE is ignored:
// writing to a closed socket is an error value, never a death.
#pragma once

namespace gobblet::net {

class StopSignals {
  public:
    // Installs the handlers (once per process). false when the pipe cannot be made.
    bool install();
    // Readable once SIGTERM or SIGINT arrived.
    int fd() const;
    // Whether one arrived (reads the pipe; true from then on).
    bool fired();

  private:
    bool fired_ = false;
};

}  // namespace gobblet::net
