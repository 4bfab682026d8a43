#include "tests/tools/proc_figures.h"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace gobblet::proc {

long status_kib(int pid, const std::string& field) {
    if (pid <= 0) return -1;
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string key;
    long value = -1;
    while (in >> key) {
        if (key == field) {
            in >> value;
            return value;
        }
        in.ignore(1 << 12, '\n');
    }
    return -1;
}

long rss_kib(int pid) { return status_kib(pid, "VmRSS:"); }

long peak_rss_kib(int pid) { return status_kib(pid, "VmHWM:"); }

double cpu_seconds(int pid) {
    if (pid <= 0) return -1;
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    std::getline(in, text);
    const auto close = text.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream fields(text.substr(close + 2));
    std::string f;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {
        if (i == 14) utime = std::stol(f);
        if (i == 15) stime = std::stol(f);
    }
    return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

}  // namespace gobblet::proc
