#include <cstdio>

#include "engine/match.h"
#include "server/env.h"

namespace gobblet::server {

void Log::line(std::time_t when, std::string_view text) {
    std::tm tm{};
    gmtime_r(&when, &tm);
    char stamp[96];
    std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02dZ ", tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
    // Whatever a caller passes, the log holds one printable line.
    out_ << stamp << clean_text(text, 400) << '\n' << std::flush;
}

}  // namespace gobblet::server
