// The machine's load as the computer's search sees it (saves/machine_load.h): the runnable threads in
// /proc/loadavg, the cores of a cgroup CPU quota, the cgroup paths, and the meter on this machine.
#include <catch2/catch.hpp>

#include <thread>

#include "saves/machine_load.h"

using namespace gobblet;
using namespace gobblet::saves;

TEST_CASE("the runnable threads are read from /proc/loadavg's fourth field", "[machine]") {
    CHECK(runnable_in_loadavg("0.53 0.98 2.06 3/96 2942\n") == 3);
    CHECK(runnable_in_loadavg("12.10 9.00 4.75 17/1203 88123") == 17);
    CHECK(runnable_in_loadavg("0.00 0.00 0.00 0/1 1\n") == 0);
    for (const char* bad : {"", "\n", "0.53 0.98 2.06", "0.53 0.98 2.06 3", "0.53 0.98 2.06 x/96 2942",
                            "0.53 0.98 2.06 3/ 2942", "0.53 0.98 2.06 -3/96 2942", "0.53  0.98 2.06 3/96",
                            "0.53 0.98 2.06 99999999999/96 1"}) {
        INFO("'" << bad << "'");
        CHECK_FALSE(runnable_in_loadavg(bad));
    }
}

TEST_CASE("a cgroup CPU quota gives its cores rounded up, and none when unlimited", "[machine]") {
    CHECK(cores_of_cpu_max("200000 100000\n") == 2);
    CHECK(cores_of_cpu_max("150000 100000") == 2);  // one and a half cores keep two threads busy
    CHECK(cores_of_cpu_max("50000 100000\n") == 1);
    CHECK_FALSE(cores_of_cpu_max("max 100000\n"));
    for (const char* bad : {"", "max", "200000", "200000 ", "200000 x", "-5 100000", "0 100000", "200000 0",
                            "200000 100000 7"}) {
        INFO("'" << bad << "'");
        CHECK_FALSE(cores_of_cpu_max(bad));
    }
    CHECK(cores_of_quota(400000, 100000) == 4);
    CHECK_FALSE(cores_of_quota(-1, 100000));  // cgroup v1's "no limit"
    CHECK_FALSE(cores_of_quota(100000, 0));
}

TEST_CASE("the cgroup paths come from the v2 line and the v1 line with the cpu controller", "[machine]") {
    const CgroupPaths v2 = cgroup_paths("0::/user.slice/user-1000.slice/session-2.scope\n");
    CHECK(v2.unified == "/user.slice/user-1000.slice/session-2.scope");
    CHECK(v2.cpu.empty());
    const CgroupPaths v1 = cgroup_paths(
        "12:pids:/docker/1f3c\n4:cpu,cpuacct:/docker/1f3c\n3:cpuset:/docker/1f3c\n1:name=systemd:/docker/"
        "1f3c\n");
    CHECK(v1.cpu == "/docker/1f3c");
    CHECK(v1.unified.empty());
    const CgroupPaths both = cgroup_paths("2:cpuacct:/a\n1:cpu:/b\n0::/c\n");
    CHECK(both.cpu == "/b");  // cpuacct alone is not cpu
    CHECK(both.unified == "/c");
    const CgroupPaths none = cgroup_paths("garbage\n::\n");
    CHECK(none.unified.empty());
    CHECK(none.cpu.empty());
}

TEST_CASE("this machine's meter counts between one core and the cores the process may use", "[machine]") {
    const int cores = usable_cores();
    CHECK(cores >= 1);
    CHECK(unsigned(cores) <= std::max(1u, std::thread::hardware_concurrency()));
    const CoreMeter& meter = machine_cores();
    for (int ours : {1, 2, 64}) {
        const int free = meter.free_cores(ours);
        CHECK(free >= 1);
        CHECK(free <= cores);
    }
}
