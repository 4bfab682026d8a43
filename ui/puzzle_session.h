// A puzzle session: one shipped set, the puzzle on the board, the player's moves against the engine's
// defence, and the progress record. Plain logic (no curses, no files): the puzzle screen
// (ui/puzzles.cpp) draws it and saves the progress; the unit tests drive it.
//
// The rules of a session:
//  - A move is accepted when it keeps a forced win within the moves left (move_wins_within), so any
//    winning line counts, not only the stored solution. The defender answers with its longest defence,
//    and the player goes on until the win.
//  - A move that does not keep the win is played all the same and refuted: the defender answers with
//    the reply that holds out best (a win, a draw, or no forced loss in time), and the text says why.
//  - Each visit of a puzzle counts once: solved, or failed (a wrong move, or asking for the solution).
//    A retry of the same puzzle is practice and is not counted again; going to another puzzle and
//    coming back later is a new visit.
//  - The next puzzle is the first one after the current that is not solved yet, in the set's order,
//    wrapping round; the first visit starts at the first unsolved puzzle of the set.
#pragma once

#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/puzzle.h"
#include "saves/puzzles.h"

namespace gobblet::ui {

// The shipped set a --puzzles argument names: "official", "rogers", "3x3" (or "jr"), or a set's own name
// ("official-4x4"), in any case; nullptr when it names none.
const PuzzleSet* find_puzzle_set(std::string_view name);
// What find_puzzle_set accepts, for messages: "official, rogers or 3x3".
inline constexpr const char* puzzle_set_choices = "official, rogers or 3x3";

class PuzzleSession {
  public:
    enum class State { Solving, Solved, Failed, Shown };

    // The set must outlive the session. Opens the first unsolved puzzle.
    PuzzleSession(const PuzzleSet& set, saves::PuzzleProgress progress);

    const PuzzleSet& set() const { return *set_; }
    const Puzzle& puzzle() const { return set_->puzzles[index_]; }
    std::size_t index() const { return index_; }
    const Game& game() const { return game_; }
    State state() const { return state_; }
    Color solver() const { return solver_; }
    // The solver's moves left to the win, the next one included.
    int moves_left() const { return moves_left_; }
    const saves::PuzzleProgress& progress() const { return progress_; }
    const saves::SetProgress& set_progress() const;
    // True once after each change of the progress record (the screen saves it then).
    bool take_progress_change();

    // "White to play and win in 2" (the moves left), "Solved: White wins", ...
    std::string task() const;
    // "solved 3/220  failed 1  streak 2 (best 4)".
    std::string progress_text() const;

    // Puzzle `index` (0-based) from its start: a new visit.
    void open(std::size_t index);
    // The first unsolved puzzle after the current one, wrapping; the one after it when all are solved.
    std::size_t next_index() const;
    // The same puzzle from its start, not counted again.
    void retry();

    // The player's move. Returns what to say: why it is illegal (nothing changes), or what happened.
    struct Attempt {
        bool legal = false;
        std::string text;
    };
    Attempt play(const MoveSpec& spec);
    // Plays the stored main line from the puzzle's start; counts as failed. Returns what to say.
    std::string show_solution();

  private:
    void record(bool solved);

    const PuzzleSet* set_;
    saves::PuzzleProgress progress_;
    bool changed_ = false;
    std::size_t index_ = 0;
    Game game_;
    Color solver_ = Color::White;
    int moves_left_ = 0;
    State state_ = State::Solving;
    bool counted_ = false;  // this visit has been recorded
};

}  // namespace gobblet::ui
