// What this machine can give the computer's search (engine/cores.h): how many cores the process may use,
// and how many threads want a core right now. Linux: the process's CPU affinity (taskset, a cpuset), its
// cgroup's CPU quota (a container's --cpus), and the runnable threads the kernel counts in /proc/loadavg.
//
// The count of runnable threads is of this instant, which is what a search of a tenth of a second needs
// (the load averages beside it trail by a minute); the search asks again every few thousand nodes, so a
// program that runs for a moment costs it a helper for a moment only.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/cores.h"

namespace gobblet::saves {

// The machine's runnable threads in /proc/loadavg's text ("0.53 0.98 2.06 3/96 2942" holds 3); nullopt
// for any other text.
std::optional<int> runnable_in_loadavg(std::string_view text);

// The cores a CPU quota of `quota_us` every `period_us` gives, rounded up; nullopt when it sets no limit
// (a negative quota: cgroup v1's -1) or the numbers make no sense.
std::optional<int> cores_of_quota(long long quota_us, long long period_us);
// The same from cgroup v2's cpu.max ("200000 100000": 2 cores; "max 100000": no limit).
std::optional<int> cores_of_cpu_max(std::string_view text);

// The cgroup paths in /proc/self/cgroup's text: `unified` from the cgroup v2 line ("0::/user.slice"),
// `cpu` from the cgroup v1 line whose controllers include cpu ("4:cpu,cpuacct:/docker/1f3c"). Empty
// when absent.
struct CgroupPaths {
    std::string unified, cpu;
};
CgroupPaths cgroup_paths(std::string_view text);

// Cores this process may use: those of its affinity mask, fewer under a cgroup CPU quota (its own
// cgroup's or an ancestor's); at least 1.
int usable_cores();

// The machine's meter: usable_cores() as counted when first asked, and the runnable threads read from
// /proc/loadavg at every question (the file stays open: a microsecond a reading). Where that file cannot
// be read, every usable core counts as free. Safe to use from several threads at once.
const CoreMeter& machine_cores();

}  // namespace gobblet::saves
