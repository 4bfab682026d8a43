// How many cores a search may keep busy right now. Lazy SMP (search.h) gains from a helper thread only
// when the helper has a core to itself: on a machine whose cores other programs keep busy, a helper
// takes its time from the search's own calling thread and the search is weaker than on one thread
// (docs/strength.md measured -92 Elo). So the search asks, as it starts and every few thousand nodes,
// how many threads the machine can give it now, and runs only that many.
//
// engine/ reads no files: main.cpp passes the machine's meter (saves/machine_load.h, which counts the
// runnable threads in /proc/loadavg), tests a fake.
#pragma once

#include <algorithm>

namespace gobblet {

class CoreMeter {
  public:
    // Threads the search may run now, at least 1. `ours`: how many of the machine's runnable threads are
    // the search's own (its calling thread and its helpers still searching), which are not competition.
    virtual int free_cores(int ours) const = 0;

  protected:
    ~CoreMeter() = default;
};

// The count itself: of the `cores` the process may run on, those not taken by the runnable threads that
// are not ours. `runnable` counts every runnable thread of the machine, ours included; at least 1 (the
// calling thread always searches).
constexpr int free_cores(int cores, int runnable, int ours) {
    const int others = std::max(0, runnable - ours);
    return std::max(1, cores - others);
}

}  // namespace gobblet
