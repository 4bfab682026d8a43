// A small pool of threads for work that would block the server's event loop: hashing and checking
// passwords (Argon2id, tens of milliseconds and 64 MiB each, server/secrets.h). A job runs on a worker
// and returns what to do with its result; that continuation runs back on the loop (run_finished), which
// the pool wakes through a pipe it watches with the other descriptors. The loop never waits on a mutex
// for long: it only takes finished continuations off a queue.
//
// Continuations capture ids (a connection's number), never pointers into the loop's state: the
// connection may have gone by the time the result is back, and the continuation then finds nothing.
// The threads start with the first job: a server that never checks a password never pays for them. With
// no thread at all (Workers(0): the fuzz target's, thousands of servers a second), a job runs at once on
// the loop when it is submitted, and its continuation still waits for run_finished, as a worker's would:
// no thread to start, and none to wait for, for each input.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gobblet::server {

class Workers {
  public:
    using Continuation = std::function<void()>;
    using Job = std::function<Continuation()>;

    // Throws std::runtime_error when the wake pipe cannot be made (no descriptors left): Server::start
    // reports it as why the server cannot start.
    explicit Workers(int threads) : threads_wanted_(threads) { open_pipe(); }
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;
    // Lets running jobs finish, drops the queued ones, and joins the threads.
    ~Workers();

    void submit(Job job);
    // Readable while finished jobs wait for run_finished.
    int wake_fd() const { return pipe_[0]; }
    // On the loop: runs every finished job's continuation, in the order they finished.
    void run_finished();
    // Jobs queued or running.
    std::size_t pending() const;

  private:
    void open_pipe();
    void work();
    // Runs a job (on a worker, or on the loop without workers) and files its continuation.
    void run(Job& job);

    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<Job> queue_;
    std::deque<Continuation> done_;
    std::size_t running_ = 0;
    bool stopping_ = false;
    int pipe_[2] = {-1, -1};
    int threads_wanted_;
    std::vector<std::thread> threads_;  // started by the first submit
};

}  // namespace gobblet::server
