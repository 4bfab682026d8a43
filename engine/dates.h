// An instant in words: the one formatter of dates and times, for the lobby's lines, the server's and
// the bot's logs, game records, save files and the names of files. It only writes the instant it is
// given: the caller reads the clock (engine/ never does).
#pragma once

#include <cstdint>
#include <ctime>
#include <string>

namespace gobblet {

enum class DateForm : std::uint8_t {
    Minute,  // 2026-11-28T14:05Z: the lobby's lines (dates in lists, profiles, machines)
    Second,  // 2026-11-28T14:05:09Z: a log line's stamp
    Plain,   // 2026-11-28 14:05: a record's and a save file's date
    Stamp,   // 20261128-140509: a file's name
};
// Where the instant is read: in UTC (the ISO forms end in Z), or in this machine's time zone (TZ).
enum class Zone : std::uint8_t { Utc, Local };

std::string date_text(std::time_t t, DateForm form, Zone zone = Zone::Utc);

}  // namespace gobblet
