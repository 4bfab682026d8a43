// The tutorial's steps: the rules of Gobblet (docs/rules.md) played out on the board, one position and
// one move at a time. Plain logic (no curses, no files): the tutorial screen (ui/tutorial.cpp) draws it
// and the unit tests check every step.
//
// Each step is a 4x4 position with White (the player) to move, a rule in a line or two, a task, and a
// check that accepts exactly the kind of move the task asks for. A move the engine refuses is refused with
// its reason; a legal move of another kind is played on the board, so that the player sees what it does
// (an uncovered line, both lines), and the next move starts again from the step's position.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "engine/game.h"

namespace gobblet::ui {

struct TutorialStep {
    std::string title;    // "gobbling"
    std::string rule;     // the rule, a line or two at 80 columns
    std::string task;     // what to do, with a move that does it
    std::string example;  // that move as typed: "B2B3"
    std::string done;     // said once the step is done
    Position position;    // White to move
    // Whether the move (legal before, played into after) is what the step asks for, or why not.
    std::function<Expected<void>(const Game& before, Move m, const Game& after)> check;
};

// The steps under a rule set: entering, gobbling, entering onto a line of three (under Ed Rogers' rules:
// entering onto any smaller piece), uncovering, both lines.
std::vector<TutorialStep> tutorial_steps(Rules rules);

class Tutorial {
  public:
    enum class State { Trying, Wrong, Done };

    explicit Tutorial(Rules rules);

    std::size_t step_index() const { return index_; }
    std::size_t step_count() const { return steps_.size(); }
    const TutorialStep& step() const { return steps_[index_]; }
    const Game& game() const { return game_; }
    State state() const { return state_; }
    // What the screen says now, and whether it reports a mistake.
    const std::string& message() const { return message_; }
    bool message_is_error() const { return error_; }

    // The player's move: refused with the engine's reason, or played and judged.
    void play(const MoveSpec& spec);
    // After a wrong move: the step's position again (the message stays).
    void reset();
    // Once the step is done: the next one. False after the last step (nothing changes then).
    bool next();

  private:
    void open(std::size_t index);

    std::vector<TutorialStep> steps_;
    std::size_t index_ = 0;
    Game game_;
    State state_ = State::Trying;
    std::string message_;
    bool error_ = false;
};

}  // namespace gobblet::ui
