// The records of a table's match (ui/table.h): the autosave (--resume continues it), the archive of
// finished games and matches, and the saves (s, and a match kept before another replaces it). It writes
// the record its source gives (the match as it stands) into the folders saves/savefile.h names and says
// what happened as values, for the table to tell the players; it never calls curses, so the unit tests
// drive it in a folder of their own (tests/test_table_records.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "engine/expected.h"
#include "engine/match.h"
#include "saves/autosave.h"
#include "umpire.h"  // Notice

namespace gobblet::ui {

// What keeping a match in a file came to: nothing to keep (over already kept, not begun, not over, no
// folder), kept (`text` is the file's path) or not kept (`text` says why). The table puts it in words.
struct Kept {
    enum class Kind : std::uint8_t { Nothing, Kept, Failed };
    Kind kind = Kind::Nothing;
    std::string text;
};

// How a match kept before another replaced it is told, after what replaced it ("new game; the previous
// game is kept in PATH"): "; the previous game is kept in PATH", "; the previous game could not be kept:
// WHY", or nothing.
std::string previous_game_note(const Kept& kept);

class TableRecords {
  public:
    // `program` names the program in messages ("./main --load FILE opens it"); `autosave`: the match is
    // kept in the autosave (a server's match or a game opened from the lobby is not). `text` gives the
    // match's record as it stands (`for_autosave`: the autosave's, which alone says where a network game
    // goes on); it is called only when something is written.
    TableRecords(std::string program, bool autosave, std::function<std::string(bool for_autosave)> text);

    // Writes the autosave, when the match is kept there and it is not held, into the slot this copy holds
    // (saves/autosave.h: given by set_slot, or else the first free one, taken here). Returns what to say,
    // if anything: only a failure, and one unlike the last ("autosave failed: WHY; the game goes on").
    std::optional<Notice> autosave();
    // The autosave slot this copy keeps its game in (chosen at the start: game_setup.h).
    void set_slot(saves::AutosaveSlot slot) { slot_ = std::move(slot); }
    // Its file; empty while no slot is held.
    const std::filesystem::path& autosave_path() const { return slot_.path(); }
    int slot_number() const { return slot_.number(); }
    // The autosave was written, and its file still holds what was written last: what "the game is saved"
    // may be said of.
    bool autosave_intact() const;
    // While held, nothing is written to the autosave: it holds an unfinished game the player has not
    // said what to do with yet (game_screen.h's question at the start).
    void hold_autosave(bool held) { held_ = held; }
    bool autosave_held() const { return held_; }
    // The autosave was written in this run: it holds the table's match, not a game of an earlier run.
    bool autosave_written() const { return written_; }
    // Why the last autosave failed, or "".
    const std::string& autosave_error() const { return autosave_error_; }
    // Keeps `match` in the archive when it is over, once: where, why not, or Nothing (not over, archived
    // already, no folder).
    Kept archive_if_over(const Match& match);
    // Keeps `match`, in progress, in the saves before another replaces it: where, why not, or Nothing
    // (not worth keeping: it is archived, or not begun; no folder).
    Kept keep_current(const Match& match);
    // Keeps the match in the saves (s): where, or why not.
    Notice save_named();
    // Keeps the match in the saves before it is replaced: where, or why not.
    Expected<std::string> save_copy() { return write_save(); }

    bool archived() const { return archived_; }
    const std::string& archive_path() const { return archive_path_; }
    // Whether the match at the table was archived already (a match arrived, or was loaded).
    void set_archived(bool archived) { archived_ = archived; }
    // Another match took the table: `archived` when its end was archived already; no path is known.
    void new_match(bool archived) {
        archived_ = archived;
        archive_path_.clear();
    }

  private:
    // Writes a new file "game-STAMP.txt" in the saves: where, or why not.
    Expected<std::string> write_save();

    std::string program_;
    bool autosave_;
    std::function<std::string(bool)> text_;
    saves::AutosaveSlot slot_;
    std::string last_written_;  // the autosave's text as last written
    bool held_ = false;
    bool written_ = false;
    bool archived_ = false;
    std::string archive_path_;
    std::string autosave_error_;
};

}  // namespace gobblet::ui
