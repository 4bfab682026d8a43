// The tutorial screen (once on the first start, T in the game, --tutorial): the steps of
// tutorial_steps.h played on the board, and the marker (saves/tutorial.h) that keeps it from coming back.
#include "saves/tutorial.h"
#include "exercise.h"
#include "tutorial_steps.h"

namespace gobblet::ui {

namespace {

class TutorialScreen : public ExerciseScreen {
  public:
    TutorialScreen(Navigator& nav, Rules rules, int board_size, bool color)
        : ExerciseScreen(nav, color), tutorial_(rules), board_size_(board_size) {
        sync();
    }

    std::string farewell() const override {
        std::string text = finished_
                               ? "Tutorial finished: the game is yours. ? shows the rules and keys at any "
                                 "time, P opens the puzzles."
                               : "Tutorial skipped: T (also from the ? help) shows it again.";
        if (board_size_ == 3)
            text +=
                " Gobblet Jr. (3x3) plays the same way with three in a row, two pieces of each size 1-3, "
                "and new pieces gobble any smaller piece.";
        if (!marker_error_.empty())
            text += " It could not be marked as seen (" + marker_error_ + "), so it shows again next time.";
        return text;
    }

  private:
    void sync() {
        show(tutorial_.game(), Color::White, "opponent");
        std::string text = tutorial_.message();
        if (tutorial_.state() == Tutorial::State::Done)
            text += last() ? " Enter: finish the tutorial." : " Enter: the next step.";
        say(text, tutorial_.message_is_error());
    }

    bool last() const { return tutorial_.step_index() + 1 == tutorial_.step_count(); }

    bool move(const MoveSpec& spec) override {
        const std::size_t before = tutorial_.game().moves().size();
        tutorial_.play(spec);
        sync();
        return tutorial_.game().moves().size() > before;
    }

    // After a wrong move the board shows what it did; the next move starts from the step's position.
    void starting_move() override {
        if (tutorial_.state() != Tutorial::State::Wrong) return;
        tutorial_.reset();
        show(tutorial_.game(), Color::White, "opponent");
    }

    Expected<void> move_allowed() const override {
        if (tutorial_.state() == Tutorial::State::Done)
            return Failure{last() ? "This step is done: Enter finishes the tutorial."
                                  : "This step is done: Enter goes on."};
        return {};
    }

    void enter_on_empty() override {
        if (tutorial_.state() == Tutorial::State::Done) return next();
        ExerciseScreen::enter_on_empty();
    }

    const KeyRows<ExerciseScreen>& keys() const override {
        using S = ExerciseScreen;
        static const KeyRows<S> rows(
            screen_tutorial,
            with_board_rows({
                {Action::Next, [](const S& s) { return self(s).step_done(); }, [](S& s) { self(s).next(); }},
                {Action::Leave, nullptr, [](S& s) { self(s).ask_skip(); }},
            }));
        return rows;
    }
    static TutorialScreen& self(ExerciseScreen& s) { return static_cast<TutorialScreen&>(s); }
    static const TutorialScreen& self(const ExerciseScreen& s) {
        return static_cast<const TutorialScreen&>(s);
    }

    // n goes on once the step is done.
    Expected<void> step_done() const {
        if (tutorial_.state() == Tutorial::State::Done) return {};
        return Failure{"n goes on once this step is done: make the move it asks for (q skips the tutorial)"};
    }

    void next() {
        if (tutorial_.next()) return sync();
        finish(true);
    }

    // Esc on an empty prompt (often a second Esc, the first having cleared a move) or q: skipping is
    // asked first, Esc going on, so that the tutorial a new player sees once is never lost by a key.
    void ask_skip() {
        ask(Question{.text = "Skip the tutorial (T in the game brings it back)",
                     .answers = {{ch('y'), "skip it", [this] { finish(false); }},
                                 {ch('n'), "go on", [this] { sync(); }}},
                     .default_answer = 1});
    }

    void finish(bool finished) {
        finished_ = finished;
        marker_error_ = saves::mark_tutorial_seen(
                            finished ? "finished"
                                     : "skipped at step " + std::to_string(tutorial_.step_index() + 1) +
                                           " of " + std::to_string(tutorial_.step_count()))
                            .why();
        leave();
    }

    std::string status() const override {
        return "Tutorial, step " + std::to_string(tutorial_.step_index() + 1) + " of " +
               std::to_string(tutorial_.step_count()) + ": " + tutorial_.step().title +
               (tutorial_.state() == Tutorial::State::Done ? " (done)" : "");
    }

    std::string title_note() const override { return "tutorial"; }

    std::string help_intro() const override {
        return "The tutorial: " + std::to_string(tutorial_.step_count()) +
               " steps, each a position where you play White and make the move it asks for. A move of "
               "another "
               "kind is shown on the board and explained, and you try again. Esc (on an empty prompt) or q "
               "asks whether to skip it. It is shown once, on the first start; T in the game or --tutorial "
               "brings it back. "
               "docs/rules.md has the whole rule book.";
    }

    Tutorial tutorial_;
    int board_size_;
    bool finished_ = false;
    std::string marker_error_;
};

}  // namespace

std::unique_ptr<Screen> make_tutorial_screen(Navigator& nav, Rules rules, int board_size, bool color,
                                             std::string note) {
    auto screen = std::make_unique<TutorialScreen>(nav, rules, board_size, color);
    screen->set_note(std::move(note));
    return screen;
}

}  // namespace gobblet::ui
