// The table's records (table.h): the autosave, the archive of finished games and the saves, and the
// matches that replace the one at the table (a new one, one opened, pasted or loaded).
#include "table.h"

namespace gobblet::ui {

std::string Table::record_text() const {
    const GameClock::State st = match_.clock().state(now());
    std::array<SeatSpec, 2> specs = {spec_of(0), spec_of(1)};
    return saves::record_text(match_, specs, &st, saves::now_text(), net_ ? net_->match_id() : "");
}

void Table::autosave() {
    if (!config_.autosave) return;
    const auto path = saves::autosave_path();
    if (path.empty()) {
        autosave_error_ = "neither XDG_STATE_HOME nor HOME is set";
        return;
    }
    const std::string err = saves::write_file(path, record_text());
    if (!err.empty() && err != autosave_error_) say("autosave failed: " + err + "; the game goes on", true);
    autosave_error_ = err;
}

std::string Table::archive_if_over() {
    if (match_.phase() != MatchPhase::Over || archived_) return "";
    if (net_ && net_->watching()) return "";  // a game watched is the players' (the server keeps it)
    const auto dir = saves::games_dir();
    if (dir.empty()) return "";
    std::filesystem::path written;
    const std::string err = saves::write_new_file(dir, saves::archive_stem(match_), record_text(), &written);
    if (!err.empty()) return "; it could not be archived: " + err;
    archived_ = true;
    archive_path_ = written.string();
    return " and kept in " + archive_path_;
}

std::string Table::keep_current() {
    const Match& m = match_;
    if (archived_ || (m.game().moves().empty() && m.rounds().size() == 1)) return "";
    const auto dir = saves::saves_dir();
    if (dir.empty()) return "";
    std::filesystem::path written;
    const std::string err =
        saves::write_new_file(dir, "game-" + saves::file_stamp(), record_text(), &written);
    if (!err.empty()) return "; the previous game could not be kept: " + err;
    return "; the previous game is kept in " + written.string();
}

void Table::save_named() {
    const auto dir = saves::saves_dir();
    if (dir.empty()) {
        say("cannot save: neither XDG_DATA_HOME nor HOME is set", true);
        return;
    }
    std::filesystem::path written;
    const std::string err =
        saves::write_new_file(dir, "game-" + saves::file_stamp(), record_text(), &written);
    if (!err.empty())
        say("not saved: " + err + "; the game goes on", true);
    else
        say("saved to " + written.string() + " (" + config_.program + " --load FILE opens it)");
}

// ---------------------------------------------------------------------------------------------------
// Other matches at the table

std::string Table::new_match(Variant variant, bool keep) {
    const std::string kept = keep ? keep_current() : "";
    cancel_seats();
    MatchSettings settings = match_.settings();
    settings.variant = variant;
    std::array<std::string, 2> names = {match_.name(0), match_.name(1)};
    match_ = Match(settings, names);
    for (int p : {0, 1})
        if (is_computer(p)) static_cast<ComputerSeat&>(seat_to_ask(p)).new_game();
    match_.start_clock(now());
    paused_ = false;
    archived_ = false;
    archive_path_.clear();
    handled_end_ = 0;
    last_move_at_ = now();
    return kept;
}

std::string Table::replace_match(saves::Record record) {
    const std::string kept = keep_current();
    cancel_seats();
    match_ = std::move(record.match);
    if (record.clock) match_.clock().set_state(*record.clock, now());
    match_.start_clock(now());
    refresh_names();
    archived_ = match_.phase() == MatchPhase::Over;
    archive_path_.clear();
    return kept;
}

void Table::load_match(Match match, const std::optional<GameClock::State>& clock, bool archived) {
    match_ = std::move(match);
    if (clock) match_.clock().set_state(*clock, now());
    archived_ = archived;
}

}  // namespace gobblet::ui
