// What /proc says of a process, for the benchmark tools (build/lobby-load, build/screen-bench): its
// memory and its CPU time.
#pragma once

#include <string>

namespace gobblet::proc {

// A field of /proc/PID/status given in kB ("VmRSS:", "RssAnon:", "RssFile:", "VmHWM:"), -1 when unknown.
long status_kib(int pid, const std::string& field);
// The process's resident memory in KiB (VmRSS of /proc/PID/status), -1 when unknown.
long rss_kib(int pid);
// The most it was resident at once so far (VmHWM), in KiB, -1 when unknown.
long peak_rss_kib(int pid);
// The process's CPU time so far (user and system) in seconds, -1 when unknown.
double cpu_seconds(int pid);

}  // namespace gobblet::proc
