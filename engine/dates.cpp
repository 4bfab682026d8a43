#include "dates.h"

#include <cstdio>

namespace gobblet {

std::string date_text(std::time_t t, DateForm form, Zone zone) {
    std::tm tm{};
    if (zone == Zone::Utc)
        gmtime_r(&t, &tm);
    else
        localtime_r(&t, &tm);
    const int y = tm.tm_year + 1900, mo = tm.tm_mon + 1;
    const char* z = zone == Zone::Utc ? "Z" : "";
    char buf[96];
    switch (form) {
        case DateForm::Minute:
            std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d%s", y, mo, tm.tm_mday, tm.tm_hour,
                          tm.tm_min, z);
            break;
        case DateForm::Second:
            std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d%s", y, mo, tm.tm_mday, tm.tm_hour,
                          tm.tm_min, tm.tm_sec, z);
            break;
        case DateForm::Plain:
            std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d", y, mo, tm.tm_mday, tm.tm_hour,
                          tm.tm_min);
            break;
        case DateForm::Stamp:
            std::snprintf(buf, sizeof buf, "%04d%02d%02d-%02d%02d%02d", y, mo, tm.tm_mday, tm.tm_hour,
                          tm.tm_min, tm.tm_sec);
            break;
    }
    return buf;
}

}  // namespace gobblet
