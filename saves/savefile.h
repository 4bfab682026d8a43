// Save files and where they live. A save file is the canonical transcript (one move a line), optionally
// headed by '%' comment lines that record the rules, the board size, the date and, once the game is
// over, the result:
//
//     % gobblet game
//     % rules: rogers
//     % size: 4
//     % date: 2026-11-22 14:03
//     % result: White wins: four in a row on row A
//     W3B2
//     K1C3
//
// Any transcript without a header loads too: the engine's reader skips comment lines.
//
// Limits: files of at most max_file_bytes (1 MiB) are read; the text is then held to the transcript
// reader's limits (engine/notation.h: lines of 4 KiB, 10,000 moves), and the header ends at a longer line.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "engine/expected.h"
#include "engine/game.h"

namespace gobblet::saves {

// What a header says; absent lines stay empty.
struct Header {
    std::optional<Rules> rules;
    std::optional<int> size;
    std::string date;
};
Header read_header(std::string_view text);

// The save text of a game: header and canonical moves. `date` is written as given.
std::string save_text(const Game& game, std::string_view date);
// The current local time as "YYYY-MM-DD HH:MM".
std::string now_text();

// Settings a caller forces (from flags); unset ones come from the header, then the defaults.
struct VariantChoice {
    std::optional<Rules> rules;
    std::optional<int> size;
};
// The variant a transcript is played under: explicit choice, then header, then official 4x4.
Variant choose_variant(const Header& h, const VariantChoice& forced);

// A game read from text: the game, or the error with the line, move and reason.
Expected<Game, TranscriptError> load_text(std::string_view text, const VariantChoice& forced);

// The largest file read_file reads: a save file is a transcript, so the transcript reader's limit.
constexpr std::uintmax_t max_file_bytes = max_transcript_bytes;

// Whole-file reading and writing. Each fails with a message that names the path and says what went
// wrong.
//
// read_file reads regular files of at most max_file_bytes: a folder, a device, a pipe or a socket is
// refused before anything is read (a pipe without a writer does not make it wait), and so is a larger
// file, so memory stays bounded whatever the path names.
//
// write_file never leaves a half-written file: it writes a temporary file ".NAME.XXXXXX" in the same
// folder, flushes it to disk and renames it over the target; missing parent folders are created. It only
// ever replaces a regular file: a symbolic link, a device, a pipe, a socket or a folder at the path is
// refused and left as it is.
Expected<std::string> read_file(const std::filesystem::path& path);  // the file's text
// The same with another limit, `limit` saying it in the message: "(16 MiB) a word list" gives "it is N
// bytes, more than the 16777216 (16 MiB) a word list may hold".
Expected<std::string> read_file(const std::filesystem::path& path, std::uintmax_t max_bytes,
                                std::string_view limit);
Expected<void> write_file(const std::filesystem::path& path, std::string_view text);

// Removes the temporary files that a write_file stopped by a kill left in `dir`: regular files named
// ".NAME.txt.XXXXXX" or ".settings.XXXXXX" (its pattern, for the files the program writes) last changed
// more than
// `min_age` before `now`, so that a save in progress is never touched. Nothing else is removed, links
// and folders included. Returns how many it removed.
int remove_stale_temporaries(const std::filesystem::path& dir, std::filesystem::file_time_type now,
                             std::chrono::seconds min_age = std::chrono::minutes(1));
// The same for every folder the program writes: state_dir() (and Grabble's autosaves' folder in it),
// saves_dir(), the finished games' folder
// (record.h; write_new_file's temporaries follow the same pattern), the folder those two are in (the
// puzzles' progress) and config_dir(). Called at start-up.
void remove_stale_temporaries();

// Where files go ($XDG_STATE_HOME/gobblet for the autosave, $XDG_DATA_HOME/gobblet/saves for named saves,
// with the XDG defaults ~/.local/state and ~/.local/share). Empty when neither the XDG variable nor HOME
// is set.
std::filesystem::path state_dir();
std::filesystem::path saves_dir();
// $XDG_DATA_HOME/gobblet (default ~/.local/share/gobblet): what the player keeps, such as puzzle progress.
std::filesystem::path data_dir();
// $XDG_CONFIG_HOME/gobblet (default ~/.config/gobblet): the settings (settings.h).
std::filesystem::path config_dir();
// The first autosave, state_dir()/autosave.txt: what a copy of the program alone keeps its game in, and
// --resume continues. Copies playing at once each hold a slot of their own (autosave.h).
std::filesystem::path autosave_path();

}  // namespace gobblet::saves
