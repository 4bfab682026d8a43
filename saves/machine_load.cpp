#include "machine_load.h"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <thread>

namespace gobblet::saves {

namespace {

// A number at the front of `text`, which it then drops.
template <class T>
std::optional<T> take_number(std::string_view& text) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data()) return std::nullopt;
    text.remove_prefix(std::size_t(end - text.data()));
    return value;
}

// The first 4 KiB of a small file (those of /proc and /sys are generated on reading); empty if it
// cannot be read.
std::string read_small(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    char buf[4096];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    ::close(fd);
    return n > 0 ? std::string(buf, std::size_t(n)) : std::string();
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
    return s;
}

// The tightest quota of a cgroup and its ancestors, each read by `quota_of` from a folder.
template <class QuotaOf>
std::optional<int> tightest_quota(const std::string& root, std::string path, QuotaOf&& quota_of) {
    std::optional<int> cores;
    if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos) path = "/";
    for (;;) {
        if (const std::optional<int> c = quota_of(root + (path == "/" ? "" : path)))
            cores = cores ? std::min(*cores, *c) : *c;
        if (path == "/") break;
        path.erase(std::max<std::size_t>(path.rfind('/'), 1));
    }
    return cores;
}

}  // namespace

std::optional<int> runnable_in_loadavg(std::string_view text) {
    for (int i = 0; i < 3; ++i) {  // the three load averages
        const std::size_t space = text.find(' ');
        if (space == std::string_view::npos || space == 0) return std::nullopt;
        text.remove_prefix(space + 1);
    }
    const std::optional<int> runnable = take_number<int>(text);
    if (!runnable || *runnable < 0 || text.empty() || text[0] != '/') return std::nullopt;
    text.remove_prefix(1);
    if (!take_number<int>(text)) return std::nullopt;
    return runnable;
}

std::optional<int> cores_of_quota(long long quota_us, long long period_us) {
    if (quota_us <= 0 || period_us <= 0) return std::nullopt;
    const long long cores = (quota_us + period_us - 1) / period_us;
    return int(std::min<long long>(cores, INT_MAX));
}

std::optional<int> cores_of_cpu_max(std::string_view text) {
    text = trimmed(text);
    if (text.substr(0, 4) == "max ") return std::nullopt;
    const std::optional<long long> quota = take_number<long long>(text);
    if (!quota || text.empty() || text[0] != ' ') return std::nullopt;
    text.remove_prefix(1);
    const std::optional<long long> period = take_number<long long>(text);
    if (!period || !text.empty()) return std::nullopt;
    return cores_of_quota(*quota, *period);
}

CgroupPaths cgroup_paths(std::string_view text) {
    CgroupPaths paths;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
        const std::size_t a = line.find(':');
        const std::size_t b = a == std::string_view::npos ? a : line.find(':', a + 1);
        if (b == std::string_view::npos) continue;
        const std::string_view id = line.substr(0, a), controllers = line.substr(a + 1, b - a - 1),
                               path = line.substr(b + 1);
        if (id == "0" && controllers.empty()) {
            paths.unified = path;
            continue;
        }
        for (std::string_view rest = controllers; !rest.empty();) {
            const std::size_t comma = rest.find(',');
            if (rest.substr(0, comma) == "cpu") paths.cpu = path;
            rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        }
    }
    return paths;
}

int usable_cores() {
    int cores = 0;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) cores = CPU_COUNT(&set);
    if (cores <= 0) cores = int(std::thread::hardware_concurrency());
    cores = std::max(cores, 1);

    const CgroupPaths paths = cgroup_paths(read_small("/proc/self/cgroup"));
    std::optional<int> quota;
    if (!paths.unified.empty())
        quota = tightest_quota("/sys/fs/cgroup", paths.unified, [](const std::string& dir) {
            return cores_of_cpu_max(read_small(dir + "/cpu.max"));
        });
    if (!quota && !paths.cpu.empty()) {
        for (const char* root : {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"}) {
            quota = tightest_quota(root, paths.cpu, [](const std::string& dir) -> std::optional<int> {
                std::string_view q = trimmed(read_small(dir + "/cpu.cfs_quota_us")),
                                 p = trimmed(read_small(dir + "/cpu.cfs_period_us"));
                const std::optional<long long> quota_us = take_number<long long>(q),
                                               period_us = take_number<long long>(p);
                return quota_us && period_us ? cores_of_quota(*quota_us, *period_us) : std::nullopt;
            });
            if (quota) break;
        }
    }
    return std::max(1, quota ? std::min(cores, *quota) : cores);
}

const CoreMeter& machine_cores() {
    struct Machine final : CoreMeter {
        // The file stays open for the program's life: a search may ask while the program ends.
        Machine() : cores(usable_cores()), loadavg(::open("/proc/loadavg", O_RDONLY | O_CLOEXEC)) {}
        int free_cores(int ours) const override {
            if (loadavg < 0) return cores;
            char buf[128];
            const ssize_t n = ::pread(loadavg, buf, sizeof buf, 0);  // each read at 0 is a fresh count
            if (n <= 0) return cores;
            const std::optional<int> runnable = runnable_in_loadavg(std::string_view(buf, std::size_t(n)));
            return runnable ? gobblet::free_cores(cores, *runnable, ours) : cores;
        }
        const int cores;
        const int loadavg;
    };
    static const Machine machine;
    return machine;
}

}  // namespace gobblet::saves
