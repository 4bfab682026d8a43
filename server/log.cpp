#include "engine/dates.h"
#include "engine/match.h"
#include "server/env.h"

namespace gobblet::server {

void Log::line(std::time_t when, std::string_view text) {
    // Whatever a caller passes, the log holds one printable line.
    out_ << date_text(when, DateForm::Second) << ' ' << clean_text(text, 400) << '\n' << std::flush;
}

}  // namespace gobblet::server
