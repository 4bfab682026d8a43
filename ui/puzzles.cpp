// The puzzles screen (P in the game, --puzzles): a PuzzleSession (puzzle_session.h) on the board, and
// its progress kept in saves::progress_path().
#include <cstdlib>
#include <optional>

#include "engine/expected.h"
#include "exercise.h"
#include "puzzle_session.h"

namespace gobblet::ui {

namespace {

// The progress kept at `path` (none yet when there is no file), or why it cannot be read.
Expected<saves::PuzzleProgress> read_progress(const std::filesystem::path& path) {
    if (path.empty()) return Failure{"neither XDG_DATA_HOME nor HOME is set"};
    return saves::load_progress(path);
}

class PuzzlesScreen : public ExerciseScreen {
  public:
    PuzzlesScreen(Navigator& nav, const PuzzleSet& set, bool color)
        : ExerciseScreen(nav, color),
          path_(saves::progress_path()),
          read_(read_progress(path_)),
          session_(set, read_ ? *read_ : saves::PuzzleProgress{}) {
        sync();
        say(opening());
        if (!read_)
            say("puzzle progress could not be read (" + read_.why() +
                    "): this session's progress is not saved, and the file is left as it is. " + opening(),
                true);
    }

    std::string farewell() const override {
        return "back to the game (puzzles " + session_.set().name + ": " + session_.progress_text() + ")";
    }

  private:
    std::string opening() const {
        return "Puzzle " + std::to_string(session_.puzzle().id) + ": " + session_.task() +
               ". Type a move or pick one with the cursor; s shows the solution, n skips, q leaves.";
    }

    void sync() {
        show(session_.game(), session_.solver(), "computer");
        ui_.list_scroll = -1;
    }

    // Saves the progress after each change; a failure is said once, first (at 80 columns a long path
    // would push it out of the message area), and nothing is lost: the session keeps it, and the next
    // change tries again. What to say first, if anything: only a failure, and one unlike the last.
    std::optional<std::string> save() {
        if (!session_.take_progress_change() || !read_) return std::nullopt;
        const std::string err = saves::save_progress(path_, session_.progress()).why();
        const bool new_error = !err.empty() && err != save_error_;
        save_error_ = err;
        if (!new_error) return std::nullopt;
        return "Progress not saved (" + err + "; kept until you leave). ";
    }

    bool move(const MoveSpec& spec) override {
        const PuzzleSession::Attempt a = session_.play(spec);
        sync();
        const bool failed = session_.state() == PuzzleSession::State::Failed;
        const std::optional<std::string> unsaved = save();
        say(unsaved.value_or("") + a.text, !a.legal || failed || unsaved);
        return a.legal;
    }

    Expected<void> move_allowed() const override {
        switch (session_.state()) {
            case PuzzleSession::State::Solving: return {};
            case PuzzleSession::State::Solved:
                return Failure{"solved: n goes to the next puzzle, r plays this one again"};
            case PuzzleSession::State::Failed:
            case PuzzleSession::State::Shown:
                return Failure{"this try is over: r tries the puzzle again, n goes on"};
        }
        return {};
    }

    const KeyRows<ExerciseScreen>& keys() const override {
        using S = ExerciseScreen;
        static const KeyRows<S> rows(screen_puzzles,
                                     with_board_rows({
                                         {Action::Next, nullptr, [](S& s) { self(s).next(); }},
                                         {Action::Retry, nullptr, [](S& s) { self(s).retry(); }},
                                         {Action::Solution, nullptr, [](S& s) { self(s).solution(); }},
                                         {Action::GotoPuzzle, nullptr, [](S& s) { self(s).ask_number(); }},
                                         {Action::Leave, nullptr, [](S& s) { self(s).leave(); }},
                                     }));
        return rows;
    }
    static PuzzlesScreen& self(ExerciseScreen& s) { return static_cast<PuzzlesScreen&>(s); }

    void next() {
        session_.open(session_.next_index());
        sync();
        say(opening());
    }

    void retry() {
        session_.retry();
        sync();
        say("Puzzle " + std::to_string(session_.puzzle().id) + " again from its start (not counted " +
            "again): " + session_.task() + ".");
    }

    void solution() {
        const std::string text = session_.show_solution();
        sync();
        const std::optional<std::string> unsaved = save();
        say(unsaved.value_or("") + text, unsaved.has_value());
    }

    void ask_number() {
        const int count = int(session_.set().puzzles.size());
        ask_line({"Go to puzzle (1-" + std::to_string(count) + ")",
                  "",
                  4,
                  [this, count](const std::string& s) {
                      char* end = nullptr;
                      const long n = std::strtol(s.c_str(), &end, 10);
                      if (s.empty() || *end || n < 1 || n > count)
                          return say("'" + printable(s) + "' is not a puzzle number: give 1 to " +
                                         std::to_string(count),
                                     true);
                      session_.open(std::size_t(n - 1));
                      sync();
                      say(opening());
                  },
                  {}});
    }

    std::string status() const override { return session_.task() + "   " + session_.progress_text(); }

    std::string title_note() const override {
        return "puzzle " + std::to_string(session_.puzzle().id) + " of " +
               std::to_string(session_.set().puzzles.size()) + ", " + session_.set().name;
    }

    std::string help_intro() const override {
        return "Puzzles (" + session_.set().name + ", " + std::to_string(session_.set().puzzles.size()) +
               " puzzles, easiest first): the side to move forces a win in 1, 2 or 3 of its own moves, "
               "whatever the defence. Any move that keeps a forced win in time is accepted, and the computer "
               "answers with its longest defence; a move that lets the win go is played and refuted. Each "
               "visit "
               "of a puzzle counts once, solved or failed (a wrong move, or the solution); a retry is "
               "practice. The touched-piece rule does not apply here. Progress is kept in " +
               (path_.empty() ? std::string("no file (no XDG_DATA_HOME or HOME)")
                              : printable(path_.string())) +
               ".";
    }

    std::filesystem::path path_;
    // The progress file as it was read, or why it could not be: then this session's progress is not
    // saved, and the file is left as it is.
    Expected<saves::PuzzleProgress> read_;
    std::string save_error_;
    PuzzleSession session_;
};

}  // namespace

std::unique_ptr<Screen> make_puzzles_screen(Navigator& nav, const PuzzleSet& set, bool color,
                                            std::string note) {
    auto screen = std::make_unique<PuzzlesScreen>(nav, set, color);
    screen->set_note(std::move(note));
    return screen;
}

}  // namespace gobblet::ui
