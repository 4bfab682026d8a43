// What a game screen starts from, read without curses (game_screen.h applies it): the settings file
// under the flags, the match the command line asks for (as given, --load or --resume), and the network
// game's set-up from the command line (--host's and --join's configurations, the join code's entry, a
// refused join's question). Each returns values; the screen puts them on its table and its message line.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>

#include "app.h"
#include "engine/expected.h"
#include "net/session.h"
#include "saves/record.h"
#include "state.h"

namespace gobblet::ui {

// How long a refused join stays on the screen when no key is pressed, before the program ends.
inline constexpr Millis refused_hold_ms = 10'000;

// The settings file, where the command line does not say otherwise: the level, the think time and the
// pace go into `options` (flags win for this run); the rest is returned.
struct ScreenSettings {
    bool coach = false;
    bool ascii = false;  // the board in ASCII lines even in a UTF-8 terminal
    bool color = true;
    std::string problem;  // what the file had wrong, said when the screen opens ("" when nothing)
};
ScreenSettings read_screen_settings(Options& options);

// The match the command line asks for, before any network game: a new one as given, or the one --load
// or --resume read; or why the program cannot start (for stderr: a file --load cannot read).
struct StartMatch {
    MatchSettings settings;         // the new match's, when nothing was read
    std::array<SeatSpec, 2> seats;  // who plays (a file's seats unless the flags name them)
    std::optional<saves::Record> loaded;
    bool resumed = false;                    // `loaded` is the autosave (--resume), else a file (--load)
    std::optional<saves::Record> autosaved;  // what --resume read, for the network game's match id
    std::string note;                        // for the message line: "no game to resume: a new game"
    bool note_error = false;
};
Expected<StartMatch> read_start(const Options& options);
// What the message line says of a match read at the start (`resumed`: --resume, else --load).
std::string loaded_text(const Match& m, const Options& options, bool resumed);

// --host's configuration: the seats as installed (who is remote), and with --resume the match id of a
// network match in progress that was autosaved (none: the host starts a new match, `fresh` says so).
net::HostConfig host_config(const Options& options, SeatKind seat0, SeatKind seat1,
                            const saves::Record* autosaved, const Match& match, bool& fresh);
// --join's configuration with the code typed or given, and the match the joiner holds (--resume).
net::JoinConfig join_config(const Options& options, const std::string& code, const std::optional<Match>& held,
                            const std::string& held_id);
// The entry that asks --join for its code (without --code): `join` with a code that reads, `retry` when
// it does not (with why on `say`), `quit` on Esc.
LineEntry join_code_entry(const net::Endpoint& host, std::function<void(const std::string&)> join,
                          std::function<void(const std::string&)> refused, std::function<void()> quit);
// The question a refused join leaves on the screen: `why`, until any key (`leave`) or refused_hold_ms.
Question refused_question(const std::string& why, std::function<void()> leave);

}  // namespace gobblet::ui
