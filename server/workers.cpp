#include "workers.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace gobblet::server {

void Workers::open_pipe() {
    if (::pipe2(pipe_, O_CLOEXEC | O_NONBLOCK) != 0)
        throw std::runtime_error(std::string("cannot make the workers' wake pipe: ") + std::strerror(errno));
}

Workers::~Workers() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        queue_.clear();
    }
    ready_.notify_all();
    for (std::thread& t : threads_) t.join();
    ::close(pipe_[0]);
    ::close(pipe_[1]);
}

void Workers::submit(Job job) {
    if (threads_wanted_ == 0) return run(job);
    // (only the loop submits: threads_ is the loop's to change, before any thread reads the queue)
    if (threads_.empty())
        for (int i = 0; i < threads_wanted_; ++i) threads_.emplace_back([this] { work(); });
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(job));
    }
    ready_.notify_one();
}

std::size_t Workers::pending() const {
    std::lock_guard lock(mutex_);
    return queue_.size() + running_ + done_.size();
}

void Workers::work() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (stopping_) return;
            job = std::move(queue_.front());
            queue_.pop_front();
            ++running_;
        }
        run(job);
    }
}

void Workers::run(Job& job) {
    Continuation then;
    try {
        then = job();
    } catch (const std::exception& e) {
        // A job that fails (out of memory while hashing) reports nothing; its continuation is lost,
        // and the connection waiting for it times out as if the server were slow.
        then = nullptr;
    }
    {
        std::lock_guard lock(mutex_);
        if (threads_wanted_ > 0) --running_;
        if (then) done_.push_back(std::move(then));
    }
    const char byte = 1;
    // A full pipe already holds a wake-up: nothing is lost when this write would block.
    [[maybe_unused]] const ssize_t n = ::write(pipe_[1], &byte, 1);
}

void Workers::run_finished() {
    char sink[256];
    while (::read(pipe_[0], sink, sizeof sink) > 0) {
    }
    std::deque<Continuation> ready;
    {
        std::lock_guard lock(mutex_);
        ready.swap(done_);
    }
    for (Continuation& c : ready) c();
}

}  // namespace gobblet::server
