// The curses game: the records it opens and copies (the table keeps the autosave, the archive and saves).
#include "app_impl.h"
#include "terminal.h"

namespace gobblet::ui {

void App::copy() {
    const Match& m = match();
    const std::string text = m.single_game() ? transcript_text(m.game().moves()) : table_.record_text();
    copy_to_clipboard(text);
    table_.autosave();
    const auto path = saves::autosave_path();
    std::string said = "sent " + moves_text(m.game().moves().size()) +
                       " to the terminal's clipboard (if it supports OSC 52)";
    if (table_.autosave_error().empty() && !path.empty())
        said += "; the game is also saved at " + path.string();
    say(said);
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
    const std::string kept = table_.replace_match(std::move(*r.record));
    table_.round_end_handled();
    teach_new_match(true);
    ui_.picked.reset();
    const Match& m = match();
    say("opened " + path.filename().string() + " (" + moves_text(m.game().moves().size()) +
        (m.game().over() ? ", " + m.round_result_text() : "") + ")" + kept);
    table_.after_change(false);
    if (m.game().over() && m.phase() != MatchPhase::Over && table_.ask_round_question())
        say(ui_.message + ". " + ui_.question->text + ".");
}

}  // namespace gobblet::ui
