#include "worker.h"

namespace gobblet {

Worker::~Worker() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
        next_ = nullptr;
        wanted_ = 0;  // the owner is going: nothing to wake it for
        if (running_) stop_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void Worker::start(Job job) {
    {
        std::lock_guard lock(mutex_);
        next_ = std::move(job);  // a job still waiting never runs
        next_number_ = wanted_ = ++started_;
        if (running_) stop_ = true;
        if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
    }
    changed_.notify_all();
}

void Worker::cancel() {
    std::lock_guard lock(mutex_);
    next_ = nullptr;
    wanted_ = 0;
    if (running_) stop_ = true;
}

void Worker::stop() {
    std::unique_lock lock(mutex_);
    next_ = nullptr;
    wanted_ = 0;
    if (running_) stop_ = true;
    changed_.wait(lock, [this] { return running_ == 0; });
}

bool Worker::busy() const {
    std::lock_guard lock(mutex_);
    return wanted_ != 0;
}

bool Worker::collect() {
    std::lock_guard lock(mutex_);
    if (wanted_ == 0 || finished_ != wanted_) return false;
    wanted_ = 0;
    return true;
}

void Worker::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [this] { return quit_ || next_; });
        if (quit_) return;
        const Job job = std::move(next_);
        next_ = nullptr;
        running_ = next_number_;
        stop_ = false;  // under the lock: a cancel from now on reaches this job
        lock.unlock();
        job(stop_);
        lock.lock();
        finished_ = running_;
        running_ = 0;
        const bool wanted = finished_ == wanted_;
        changed_.notify_all();
        if (wanted && wake_) {
            // Outside the lock: the owner's wake may take locks of its own.
            lock.unlock();
            wake_();
            lock.lock();
        }
    }
}

}  // namespace gobblet
