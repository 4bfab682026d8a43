// Exercises on the game's board: the puzzles (ui/puzzles.cpp) and the tutorial (ui/tutorial.cpp), screens
// (screen.h) pushed over the game. While one is on top the game waits under it, untouched (its computer
// stops thinking and its clock is paused: the game screen's covered()), and comes back as it was when the
// player leaves (the exercise pops itself; the game says its farewell). Ctrl-C quits the program from here
// as from anywhere.
//
// The screen owns its board (a game in a match of its own, drawn by view.h's draw), the prompt and the
// cursor, with the same two input modes as the game; its keys are rows (key_rows.h) on the key table's
// bindings for its ScreenKind: the board's own (the help, the cursor, the move list, Esc) and the
// subclass's, so that the footer shows exactly what works and the help lists them. A subclass says what a
// move does, what its own keys do and when, and what the status line and the help say.
#pragma once

#include <memory>
#include <string>

#include "engine/expected.h"
#include "engine/puzzle.h"
#include "input.h"
#include "key_rows.h"
#include "screen.h"
#include "state.h"
#include "view.h"

namespace gobblet::ui {

class ExerciseScreen : public Screen {
  public:
    // A line under the message until the first key (what the game under it does meanwhile).
    void set_note(std::string note) { ui_.note = std::move(note); }
    void key(Key k, Millis now) override;
    void paste(const InputEvent& e, Millis now) override;
    void draw(Millis now) override;

  protected:
    ExerciseScreen(Navigator& nav, bool color);
    // Shows `game` on the board; `player` is the side the player moves.
    void show(const Game& game, Color player, const std::string& other_name);
    void say(std::string text, bool error = false);
    // The player leaves (q, Esc, the end of the tutorial): back to the game.
    void leave() { nav_.pop(); }
    void ask_line(LineEntry e) { ui_.entry = std::move(e); }
    // A question of one key over the board (skip the tutorial?): its answers, Esc its default answer.
    void ask(Question q);

    // The screen's key rows: its own (Next, Retry, Leave...) with_board_rows(), whose functions reach the
    // subclass by a cast of its own (the rows are only ever handed that subclass).
    virtual const KeyRows<ExerciseScreen>& keys() const = 0;
    static std::vector<KeyRow<ExerciseScreen>> with_board_rows(std::vector<KeyRow<ExerciseScreen>> own);
    // A move the player typed or made with the cursor; true when it was played.
    virtual bool move(const MoveSpec& spec) = 0;
    // Whether a move can be made now, or why not (the try is over: what to press).
    virtual Expected<void> move_allowed() const { return {}; }
    // Enter on an empty prompt (or in cursor mode when no move can be made): why no move, or a hint.
    virtual void enter_on_empty();
    // The player starts a move (types its first character, moves the cursor, clicks).
    virtual void starting_move() {}
    virtual std::string status() const = 0;
    virtual std::string title_note() const = 0;
    virtual std::string help_intro() const = 0;

    Match board_;
    UiState ui_;

  private:
    void type_char(int c);
    void submit();
    void cancel();  // Esc: the prompt cleared, a piece put back, cursor mode left; else the screen's q
    void pick(const Spot& spot);
    void move_cursor(int drow, int dcol);
    void mouse();
    void entry_key(Key k);
    void question_key(Key k);

    Navigator& nav_;
};

// The puzzles of `set`, starting at its first unsolved puzzle; progress is read from and saved to
// saves::progress_path().
// `note`: said under the first message (the game's clocks stand meanwhile).
std::unique_ptr<Screen> make_puzzles_screen(Navigator& nav, const PuzzleSet& set, bool color,
                                            std::string note = "");
// The tutorial under `rules`; `board_size` is the game's (3x3 gets a word on Gobblet Jr. at the end).
// It marks itself seen (saves/tutorial.h) when finished or skipped.
std::unique_ptr<Screen> make_tutorial_screen(Navigator& nav, Rules rules, int board_size, bool color,
                                             std::string note = "");

}  // namespace gobblet::ui
