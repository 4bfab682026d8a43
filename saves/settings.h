// The settings the menu (m) keeps between runs: $XDG_CONFIG_HOME/gobblet/settings (by default
// ~/.config/gobblet/settings), a plain text file of `key = value` lines that a person can edit too:
//
//     # gobblet settings: the game's menu (m) writes them; flags on the command line win
//     level = hard
//     think = 2.5
//     coach = on
//     speed = slow
//     color = off
//     ascii = on
//     bell = off
//     seek = official 4 3m+2s first-to 1 rated
//
// Blank lines and lines starting with '#' are comments. Keys and values are case-insensitive; on/off,
// yes/no, true/false and 1/0 all read as switches. The last valid line of a key wins. A line with an
// unknown key is kept as it is when the game rewrites the file (a newer version's setting survives an
// older one); a bad value, or a line that is not `key = value`, is reported with its line number and
// ignored. Each choice in the menu rewrites only its own key, atomically (saves::write_file): flags
// given for one run never end up in the file.
//
// Parsing and rewriting are plain functions on text (the unit tests feed them strings); reading and
// writing the file are below them.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/grabble/settings.h"
#include "engine/player.h"

namespace gobblet::saves {

// The speeds of a computer playing itself, as the menu and --speed name them (slowest last).
inline constexpr std::array<std::string_view, 3> speed_names = {"fast", "normal", "slow"};

// What the file says; a key it does not set (or sets badly) stays empty.
struct Settings {
    std::optional<Level> level;
    std::optional<double> think;  // seconds a move at the top level: min_think_seconds..max_think_seconds
    std::optional<bool> coach;
    std::optional<std::string> speed;  // one of speed_names
    std::optional<bool> color;
    std::optional<bool> ascii;  // draw the board with ASCII lines even in a UTF-8 terminal
    std::optional<bool> bell;   // the lobby rings the terminal's bell for a challenge, a seek taken, a round
    // The terms of the lobby's last seek or challenge, which a seek in the player's own words takes what
    // it leaves out from (net/lobby_terms.h, parse_seek_words): the lobby writes it and checks it as it
    // reads it; here it is a line of text, at most max_seek_setting bytes.
    std::optional<std::string> seek;
    // Grabble's next game, as its new-game screen left it: the keys grabble-FIELD for each of
    // grabble::choice_fields (grabble-players = You, computer:easy; grabble-blanks = sticking; ...), their
    // values read as the flags --FIELD read them (names and paths keep their case).
    grabble::Choice grabble;
    friend bool operator==(const Settings&, const Settings&) = default;
};

// A line the reader ignored, and why.
struct SettingsProblem {
    int line = 0;      // from 1
    std::string text;  // the line, made printable and cut short
    std::string why;   // "not a level: use easy, medium, hard or max"
    // "line 3: level = huge: not a level: use easy, medium, hard or max; ignored"
    std::string message() const;
};

struct ParsedSettings {
    Settings settings;
    std::vector<SettingsProblem> problems;
};
ParsedSettings parse_settings(std::string_view text);

// The keys the file knows, in the order a new file lists them (and Grabble's, grabble_key(FIELD)).
inline constexpr std::array<std::string_view, 8> setting_keys = {"level", "think", "coach", "speed",
                                                                 "color", "ascii", "bell",  "seek"};
inline constexpr std::size_t max_seek_setting = 200;

// The settings file's key of a Grabble field: "grabble-" + the field (grabble::choice_fields).
std::string grabble_key(std::string_view field);
// How a value is written: "on"/"off" for switches, seconds without trailing zeros ("2.5", "0.25").
std::string switch_text(bool on);
std::string seconds_text(double seconds);

// `text` (a settings file's, possibly empty) with `key` set to `value`: the first line of that key is
// replaced in place and any later line of it dropped, so that the file says one thing; without one,
// the line is added at the end (after a heading comment when the text was empty). Every other line,
// comments, unknown keys and bad lines of other keys included, is kept as it was.
std::string set_setting(std::string_view text, std::string_view key, std::string_view value);

// $XDG_CONFIG_HOME/gobblet/settings (default ~/.config/gobblet/settings); empty when neither
// XDG_CONFIG_HOME nor HOME is set.
std::filesystem::path settings_path();

// The file read and parsed. A missing file is no settings and no error; a file that cannot be read (a
// folder, no permission, larger than save files may be) fails with a reason naming the path.
Expected<ParsedSettings> read_settings();

// Sets one key in the file: reads it (if any), rewrites that key's line, writes it atomically. Fails with
// what went wrong, naming the path ("cannot write ...: Permission denied"); the file is then left as it
// was.
Expected<void> save_setting(std::string_view key, std::string_view value);

}  // namespace gobblet::saves
