// The records of a table's match (table_records.h): the autosave, the archive and the saves.
#include "table_records.h"

#include <filesystem>

#include "saves/record.h"
#include "saves/savefile.h"

namespace gobblet::ui {

std::string previous_game_note(const Kept& kept) {
    switch (kept.kind) {
        case Kept::Kind::Nothing: break;
        case Kept::Kind::Kept: return "; the previous game is kept in " + kept.text;
        case Kept::Kind::Failed: return "; the previous game could not be kept: " + kept.text;
    }
    return {};
}

TableRecords::TableRecords(std::string program, bool autosave, std::function<std::string(bool)> text)
    : program_(std::move(program)), autosave_(autosave), text_(std::move(text)) {}

std::optional<Notice> TableRecords::autosave() {
    if (!autosave_ || held_) return std::nullopt;
    std::string err;
    if (!slot_.held()) {
        const auto dir = saves::state_dir();
        if (dir.empty()) {
            autosave_error_ = "neither XDG_STATE_HOME nor HOME is set";
            return std::nullopt;
        }
        Expected<saves::AutosaveSlot> slot = saves::claim_free_slot(dir);
        if (slot)
            slot_ = std::move(slot).take();
        else
            err = slot.why();
    }
    if (slot_.held()) {
        std::string text = text_(true);
        err = saves::write_file(slot_.path(), text).why();
        if (err.empty()) {
            written_ = true;
            last_written_ = std::move(text);
        }
    }
    const bool news = !err.empty() && err != autosave_error_;  // a failure is said once, not every move
    autosave_error_ = err;
    if (!news) return std::nullopt;
    return Notice{"autosave failed: " + err + "; the game goes on", true};
}

bool TableRecords::autosave_intact() const {
    if (!written_ || !slot_.held()) return false;
    const Expected<std::string> text = saves::read_file(slot_.path());
    return text && *text == last_written_;
}

Kept TableRecords::archive_if_over(const Match& match) {
    if (match.phase() != MatchPhase::Over || archived_) return {};
    const auto dir = saves::games_dir();
    if (dir.empty()) return {};
    const Expected<std::filesystem::path> written =
        saves::write_new_file(dir, saves::archive_stem(match), text_(false));
    if (!written) return {Kept::Kind::Failed, written.why()};
    archived_ = true;
    archive_path_ = written->string();
    return {Kept::Kind::Kept, archive_path_};
}

Expected<std::string> TableRecords::write_save() {
    if (saves::saves_dir().empty()) return Failure{"neither XDG_DATA_HOME nor HOME is set"};
    const Expected<std::filesystem::path> path =
        saves::write_new_file(saves::saves_dir(), "game-" + saves::file_stamp(), text_(false));
    if (!path) return Failure{path.why()};
    return path->string();
}

Kept TableRecords::keep_current(const Match& match) {
    if (archived_ || (match.game().moves().empty() && match.rounds().size() == 1)) return {};
    if (saves::saves_dir().empty()) return {};
    const Expected<std::string> written = write_save();
    if (!written) return {Kept::Kind::Failed, written.why()};
    return {Kept::Kind::Kept, *written};
}

Notice TableRecords::save_named() {
    if (saves::saves_dir().empty()) return {"cannot save: neither XDG_DATA_HOME nor HOME is set", true};
    const Expected<std::string> written = write_save();
    if (!written) return {"not saved: " + written.why() + "; the game goes on", true};
    return {"saved to " + *written + " (" + program_ + " --load FILE opens it)", false};
}

}  // namespace gobblet::ui
