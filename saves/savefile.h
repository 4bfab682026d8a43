// Save files and where they live. A save file is the canonical transcript (one move a line), optionally
// headed by '%' comment lines that record the rules, the board size and the date:
//
//     % gobblet game
//     % rules: rogers
//     % size: 4
//     % date: 2026-11-22 14:03
//     W3B2
//     K1C3
//
// Any transcript without a header loads too: the engine's reader skips comment lines.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

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
struct Loaded {
    Game game;
    std::optional<TranscriptError> error;
};
Loaded load_text(std::string_view text, const VariantChoice& forced);

// Whole-file reading and writing. Both return "" on success, else a message that names the path and
// says what went wrong. write_file never leaves a half-written file: it writes a temporary file in the
// same folder, flushes it to disk and renames it over the target; missing parent folders are created.
std::string read_file(const std::filesystem::path& path, std::string& text);
std::string write_file(const std::filesystem::path& path, std::string_view text);

// Where files go ($XDG_STATE_HOME/gobblet for the autosave, $XDG_DATA_HOME/gobblet/saves for named saves,
// with the XDG defaults ~/.local/state and ~/.local/share). Empty when neither the XDG variable nor HOME
// is set.
std::filesystem::path state_dir();
std::filesystem::path saves_dir();
// $XDG_DATA_HOME/gobblet (default ~/.local/share/gobblet): what the player keeps, such as puzzle progress.
std::filesystem::path data_dir();
// The autosave of the game in progress, which --resume continues.
std::filesystem::path autosave_path();
// A fresh name for a named save: saves_dir()/game-YYYYMMDD-HHMMSS.txt (with -2, -3... if taken).
std::filesystem::path new_save_path();

}  // namespace gobblet::saves
