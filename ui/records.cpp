// The curses game: records of the game in progress: the autosave, named saves and the archive.
#include "app_impl.h"

#include "terminal.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// Saves and the archive

std::string App::record_now() const {
    const GameClock::State st = match_.clock().state(now());
    std::array<SeatSpec, 2> specs = {spec_of(0), spec_of(1)};
    return saves::record_text(match_, specs, &st, saves::now_text(), net_ ? net_->match_id() : "");
}

void App::autosave() {
    const auto path = saves::autosave_path();
    if (path.empty()) {
        autosave_error_ = "neither XDG_STATE_HOME nor HOME is set";
        return;
    }
    const std::string err = saves::write_file(path, record_now());
    if (!err.empty() && err != autosave_error_) say("autosave failed: " + err + "; the game goes on", true);
    autosave_error_ = err;
}

std::string App::archive_if_over() {
    if (match_.phase() != MatchPhase::Over || archived_) return "";
    const auto dir = saves::games_dir();
    if (dir.empty()) return "";
    std::filesystem::path written;
    const std::string err = saves::write_new_file(dir, saves::archive_stem(match_), record_now(), &written);
    if (!err.empty()) return "; it could not be archived: " + err;
    archived_ = true;
    archive_path_ = written.string();
    return " and kept in " + archive_path_;
}

std::string App::keep_current(const char*) {
    const Match& m = match_;
    if (archived_ || (m.game().moves().empty() && m.rounds().size() == 1)) return "";
    const auto dir = saves::saves_dir();
    if (dir.empty()) return "";
    std::filesystem::path written;
    const std::string err = saves::write_new_file(dir, "game-" + saves::file_stamp(), record_now(), &written);
    if (!err.empty()) return "; the previous game could not be kept: " + err;
    return "; the previous game is kept in " + written.string();
}

void App::save_named() {
    const auto dir = saves::saves_dir();
    if (dir.empty()) {
        say("cannot save: neither XDG_DATA_HOME nor HOME is set", true);
        return;
    }
    std::filesystem::path written;
    const std::string err = saves::write_new_file(dir, "game-" + saves::file_stamp(), record_now(), &written);
    if (!err.empty())
        say("not saved: " + err + "; the game goes on", true);
    else
        say("saved to " + written.string() + " (" + options_.program + " --load FILE opens it)");
}

void App::copy() {
    const std::string text = match_.single_game() ? transcript_text(match_.game().moves()) : record_now();
    copy_to_clipboard(text);
    autosave();
    const auto path = saves::autosave_path();
    std::string m = "sent " + moves_text(match_.game().moves().size()) +
                    " to the terminal's clipboard (if it supports OSC 52)";
    if (autosave_error_.empty() && !path.empty()) m += "; the game is also saved at " + path.string();
    say(m);
}

void App::open_record(const std::filesystem::path& path) {
    std::string text;
    if (std::string err = saves::read_file(path, text); !err.empty()) {
        say(err, true);
        return;
    }
    saves::LoadedRecord r = saves::read_record(text);
    if (r.error) {
        say(printable(path.string()) + ": " + r.message(), true);
        return;
    }
    const std::string kept = keep_current("kept before opening another");
    cancel_seats();
    match_ = std::move(r.record->match);
    if (r.record->clock) match_.clock().set_state(*r.record->clock, now());
    match_.start_clock(now());
    refresh_names();
    archived_ = match_.phase() == MatchPhase::Over;
    archive_path_.clear();
    handled_end_ = match_.game().over() ? match_.rounds().size() : 0;
    teach_new_match(true);
    ui_.picked.reset();
    say("opened " + path.filename().string() + " (" + moves_text(match_.game().moves().size()) +
        (match_.game().over() ? ", " + match_.round_result_text() : "") + ")" + kept);
    after_change(false);
    if (match_.game().over() && match_.phase() != MatchPhase::Over && ask_round_question())
        say(ui_.message + ". " + ui_.question->text + ".");
}

}  // namespace gobblet::ui
