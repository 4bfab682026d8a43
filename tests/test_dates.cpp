// The one formatter of instants (engine/dates.h), in each form the program writes: the lobby's lines,
// the logs, records and save files, files' names; in UTC and in a time zone.
#include "engine/dates.h"

#include <stdlib.h>

#include <ctime>
#include <string>

#include "support.h"

using namespace gobblet;

namespace {

// Sets TZ while it lives, and puts back what was there.
struct ZoneFor {
    std::string old;
    bool had = false;
    explicit ZoneFor(const char* tz) {
        if (const char* o = getenv("TZ")) {
            old = o;
            had = true;
        }
        setenv("TZ", tz, 1);
        tzset();
    }
    ~ZoneFor() {
        if (had)
            setenv("TZ", old.c_str(), 1);
        else
            unsetenv("TZ");
        tzset();
    }
};

}  // namespace

TEST_CASE("an instant in each form the program writes it, in UTC and in a time zone", "[dates]") {
    const std::time_t t = 1795874709;  // 2026-11-28 14:05:09 UTC
    CHECK(date_text(t, DateForm::Minute) == "2026-11-28T14:05Z");
    CHECK(date_text(t, DateForm::Second) == "2026-11-28T14:05:09Z");
    CHECK(date_text(t, DateForm::Plain) == "2026-11-28 14:05");
    CHECK(date_text(t, DateForm::Stamp) == "20261128-140509");
    CHECK(date_text(0, DateForm::Second) == "1970-01-01T00:00:00Z");
    // Local time: five and a half hours east of UTC (and, later, past midnight there).
    const ZoneFor india("IST-5:30");
    CHECK(date_text(t, DateForm::Plain, Zone::Local) == "2026-11-28 19:35");
    CHECK(date_text(t, DateForm::Stamp, Zone::Local) == "20261128-193509");
    CHECK(date_text(t, DateForm::Minute, Zone::Local) == "2026-11-28T19:35");  // no Z: not UTC
    CHECK(date_text(t + 5 * 3600, DateForm::Stamp, Zone::Local) == "20261129-003509");
    CHECK(date_text(t, DateForm::Plain) == "2026-11-28 14:05");  // UTC whatever TZ says
}
