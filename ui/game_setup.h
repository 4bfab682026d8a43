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
#include "saves/autosave.h"
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

// Where this copy keeps its game (saves/autosave.h: one slot for each copy playing on this home folder),
// chosen at the start: the first slot no other copy holds; with --resume, the slot of the unfinished game
// it continues (with --host or --join, of a network game hosted or joined so), or, when several wait,
// none yet: the player chooses among them.
struct SlotChoice {
    saves::AutosaveSlot slot;  // held, unless `choices` are asked or the folder cannot be written
    // The autosave this start reads (--resume) or would replace: the slot's file; without a slot, the
    // game --resume continues, or the first autosave.
    std::filesystem::path path;
    std::vector<saves::SlotState> choices;  // --resume with several unfinished games: which goes on
    // For the message line: other copies playing here, other unfinished games waiting (o opens them).
    std::string note;
};
SlotChoice choose_slot(const Options& options);
// A game in an autosave in a few words: "Ann against Bob, 2 moves".
std::string slot_game_text(const saves::SlotState& s);

// The match the command line asks for, before any network game: a new one as given, or the one --load
// or --resume (from `autosave`) read; or why the program cannot start (for stderr: a file --load cannot
// read).
struct StartMatch {
    MatchSettings settings;         // the new match's, when nothing was read
    std::array<SeatSpec, 2> seats;  // who plays (a file's seats unless the flags name them)
    std::optional<saves::Record> loaded;
    bool resumed = false;                    // `loaded` is the autosave (--resume), else a file (--load)
    std::optional<saves::Record> autosaved;  // what --resume read, for the network game's match id
    std::string note;                        // for the message line: "no game to resume: a new game"
    bool note_error = false;
};
Expected<StartMatch> read_start(const Options& options, const std::filesystem::path& autosave);
// The autosave at `path`, when it holds an unfinished game (saves::unfinished) of an earlier run, read as
// it was written (no rules forced): what a start that does not continue it would replace.
std::optional<saves::Record> unfinished_autosave(const std::filesystem::path& path);
// Whether two matches are the same game: settings, rounds, starters, moves and endings (a --load of the
// autosave's own game replaces nothing).
bool same_game(const Match& a, const Match& b);
// An autosave at `path` that is there but does not read (damaged, or a newer version's) is copied to the
// saves before anything replaces it: "the autosave could not be read (WHY); it is kept in PATH", or why it
// could not be kept; "" when there is nothing to keep.
std::string keep_unreadable_autosave(const std::filesystem::path& path);
// The last game in a few words, for the question at the start: "Liam against Eamon, a network game you
// hosted, round 2 (Liam 1 - 0 Eamon), 12 moves, saved 2026-11-28 07:20".
std::string last_game_text(const saves::Record& r);
// --host --resume or --join --resume with an unfinished game that is not a network game in the
// autosave: the start would replace it, so it is refused, saying what to run instead.
Expected<void> check_network_resume(const Options& options, const saves::Record* autosaved);
// A network game's autosave continued by --resume alone (or by the start's question): --host or --join
// as the game was played, from its address and code (saves/record.h), with this side's seat; or why the
// autosave's address does not read.
Expected<void> network_from_autosave(Options& options, const saves::Record& autosaved);
// The command that continues a network game in progress, as printed when the program ends (it must run
// as printed): "./main --host 127.0.0.1:7000 --resume" or "./main --join 127.0.0.1:7000 --code ABCD5678
// --resume".
std::string network_resume_command(const std::string& program, const saves::NetworkPlace& place);
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
