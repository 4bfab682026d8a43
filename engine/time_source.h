// How the engine learns that time passes. engine/ never reads a real clock: a thinking budget in seconds
// is wall time, so whoever runs a search hands it a TimeSource; main.cpp, ui/ and net/ pass the real
// monotonic clock (net::monotonic_clock(), net/socket.h), tests pass a fake they move by hand.
//
// Without one (a null pointer, every limit's default) time stands still: a time limit then never ends a
// search, and the depth, the node limit and the stop flag are what end it; reports say 0 seconds.
#pragma once

#include <cstdint>

namespace gobblet {

// Milliseconds: the unit of every time in the engine (clocks, budgets, `now` arguments).
using Millis = std::int64_t;

// A monotonic time in microseconds from any fixed origin (only differences mean anything): finer than
// Millis, so that a benchmark of a few ms still measures a speed. The search reads it every 1024 nodes,
// never per node, so the virtual call costs nothing measurable.
class TimeSource {
  public:
    virtual std::int64_t now_us() const = 0;

  protected:
    ~TimeSource() = default;
};

// The time a source shows in microseconds, 0 without one (time standing still).
inline std::int64_t micros_of(const TimeSource* time) { return time ? time->now_us() : 0; }
// Seconds between two readings.
inline double seconds_between(std::int64_t from_us, std::int64_t to_us) {
    return double(to_us - from_us) / 1e6;
}

}  // namespace gobblet
