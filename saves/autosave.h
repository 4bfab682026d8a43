// The autosaves: one for each copy of the program playing at once on one home folder.
//
// A copy that keeps an autosave holds a slot of state_dir(): slot 1 is autosave.txt (what a copy alone
// writes, as earlier versions did), slot N is autosave-N.txt, up to max_slots. It holds the slot's lock
// for as long as its AutosaveSlot lives: an flock on autosave.lock (autosave-N.lock) beside the file,
// which the kernel drops when the process ends however it ends (kill -9 too), so a slot is never left
// taken by a copy that is gone, and the unfinished game in it is offered back to the next start. A copy
// writes only the slot it holds; the others' files it reads, to say what they hold.
//
// Locks are advisory: a file system without them (ENOLCK) gets a slot held without one, so that a copy
// alone still keeps its game.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "record.h"

namespace gobblet::saves {

inline constexpr int max_slots = 16;

// Slot n's file in `dir`: autosave.txt for slot 1, autosave-N.txt for the others.
std::filesystem::path slot_path(const std::filesystem::path& dir, int n);
// The slot a path names (autosave.txt: 1, autosave-7.txt: 7), or nullopt for any other name.
std::optional<int> slot_of(const std::filesystem::path& path);

class AutosaveSlot {
  public:
    AutosaveSlot() = default;
    AutosaveSlot(AutosaveSlot&& other) noexcept { *this = std::move(other); }
    AutosaveSlot& operator=(AutosaveSlot&& other) noexcept;
    AutosaveSlot(const AutosaveSlot&) = delete;
    AutosaveSlot& operator=(const AutosaveSlot&) = delete;
    ~AutosaveSlot() { release(); }

    bool held() const { return number_ > 0; }
    int number() const { return number_; }  // 0 when none is held
    // Its file: what this copy writes, and --resume reads. Empty when none is held.
    const std::filesystem::path& path() const { return path_; }
    // Lets the slot go (the lock with it).
    void release();

  private:
    friend Expected<AutosaveSlot> claim_slot(const std::filesystem::path& dir, int n);
    int fd_ = -1;
    int number_ = 0;
    std::filesystem::path path_;
};

// Takes slot n of `dir` (making the folder and the lock file as needed), unless another copy holds it:
// the slot, or why not ("another copy of gobblet holds PATH", or "cannot write PATH: WHY").
Expected<AutosaveSlot> claim_slot(const std::filesystem::path& dir, int n);
// The first slot of `dir` that no copy holds (1, 2, ...), or why there is none.
Expected<AutosaveSlot> claim_free_slot(const std::filesystem::path& dir);

// A slot's file as the folder shows it, without reading it: for any game's autosaves (Gobblet's below,
// Grabble's in their own folder, saves/grabble_record.h).
struct SlotFile {
    int number = 0;
    std::filesystem::path path;
    bool busy = false;    // a copy holds it (this one's own slot too)
    bool exists = false;  // a regular file is there
    std::filesystem::file_time_type written{};
};
// Every slot of `dir` that has a file or that a copy holds, by number. It only looks: no lock is taken and
// nothing is made.
std::vector<SlotFile> slot_files(const std::filesystem::path& dir);

// What a slot holds, as a start and the list of games see it.
struct SlotState {
    int number = 0;
    std::filesystem::path path;
    bool busy = false;  // a copy holds it (this one's own slot too): its game is on that copy's board
    std::optional<Expected<Record, TranscriptError>> record;  // its file as read_record reads it; nullopt
                                                              // when there is no file that reads
    std::filesystem::file_time_type written{};                // when its file was last written
    // It holds an unfinished game (unfinished()).
    bool unfinished() const;
};
// Every slot of `dir` that has a file or that a copy holds, by number. It only reads: no lock is taken
// and nothing is made.
std::vector<SlotState> autosave_slots(const std::filesystem::path& dir);
// The unfinished games that no copy is playing, the most recently written first: what --resume
// continues (or asks about, when there are several) and what the list of games shows.
std::vector<SlotState> waiting_games(const std::vector<SlotState>& slots);

}  // namespace gobblet::saves
