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

// A monotonic time in ms from any fixed origin (only differences mean anything). The search reads it
// every 1024 nodes, never per node, so the virtual call costs nothing measurable.
class TimeSource {
  public:
    virtual Millis now_ms() const = 0;

  protected:
    ~TimeSource() = default;
};

// The time a source shows, 0 without one (time standing still).
inline Millis now_of(const TimeSource* time) { return time ? time->now_ms() : 0; }

}  // namespace gobblet
