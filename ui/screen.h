// The screens of the curses program, and how they change places.
//
// The shell (ui/shell.h) runs the one loop and keeps a stack of screens. Only the top one draws and gets
// the keys and pastes; every screen in the stack is served once a turn and has its descriptors polled, so
// that one underneath goes on living (a lobby under a game keeps its connection alive; a game under the
// puzzles keeps its clock). A screen changes the stack through the Navigator; the shell applies each
// change after the call that asked for it returns, so a screen is never destroyed inside its own call.
//
//     stack (top last)           the game's P          q in the puzzles       q in the game
//     [game]                -->  [game, puzzles]  -->  [game]            -->  [] : the program ends
//                                game.covered()        puzzles.close()        game.close()
//                                                      game.uncovered(its farewell)
#pragma once

#include <poll.h>

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/clock.h"
#include "input.h"

namespace gobblet::ui {

class EventLoop;
class Navigator;

// What the shell drives. `now` is the loop's time (monotonic milliseconds since the program started),
// read once a turn: a screen never reads the time itself.
class Screen {
  public:
    virtual ~Screen() = default;

    // Once, when the screen is first on top with the terminal open: what it says or opens at once.
    virtual void enter(Millis /*now*/) {}
    // Draws everything for the current terminal size (render from state). Only the top screen draws.
    virtual void draw(Millis now) = 0;
    // A key or a paste, for the top screen only. (A resize is not a key: the shell just redraws.)
    virtual void key(Key k, Millis now) = 0;
    virtual void paste(const InputEvent& e, Millis now) = 0;
    // Once a turn of the loop, on top or not: collects what workers found, runs clocks, takes the
    // events its connections produced.
    virtual void service(Millis /*now*/) {}
    // Milliseconds until the screen needs a turn of the loop though nothing arrives (a clock's face, a
    // search's progress, a keep-alive, a deadline); -1 when nothing is due.
    virtual Millis until_next(Millis /*now*/) const { return -1; }
    // The descriptors the screen waits on (its connections): it appends them, and on_poll gets the same
    // entries back with their revents filled in. Every screen in the stack is polled.
    virtual void pollfds(std::vector<pollfd>& /*fds*/) const {}
    virtual void on_poll(std::span<const pollfd> /*fds*/, Millis /*now*/) {}

    // Another screen was pushed over this one: it waits until it is uncovered (and stops what should
    // not go on unseen).
    virtual void covered(Millis /*now*/) {}
    // The screen over this one left; `farewell` is what that one asked to be said (its farewell()).
    virtual void uncovered(const std::string& /*farewell*/, Millis /*now*/) {}
    // What the screen under this one says once this one has left (popped), if anything.
    virtual std::string farewell() const { return {}; }
    // The screen leaves the stack (popped, replaced, or the program ends): it stops its work, saves and
    // says goodbye to its peers. What it returns is printed on stdout once the terminal is closed, when the
    // program ends with it (and dropped when another screen comes back on top).
    virtual std::string close(Millis /*now*/) { return {}; }
};

// How a screen changes the stack, and ends the program. The changes wait in order until the shell applies
// them, after the screen's call returns.
class Navigator {
  public:
    enum class Kind { Push, Pop, Replace };
    struct Change {
        Kind kind;
        std::unique_ptr<Screen> screen;  // Push, Replace
    };

    // `screen` goes on top of the one calling (which is covered, not closed).
    void push(std::unique_ptr<Screen> screen) { changes_.push_back({Kind::Push, std::move(screen)}); }
    // The top screen leaves; the one under it comes back (uncovered). With none under it, the program ends.
    void pop() { changes_.push_back({Kind::Pop, nullptr}); }
    // The top screen leaves and `screen` takes its place (the one under it stays covered).
    void replace(std::unique_ptr<Screen> screen) { changes_.push_back({Kind::Replace, std::move(screen)}); }
    // The program ends after this turn of the loop: every screen is closed, top first.
    void quit() { quitting_ = true; }
    // The program's exit status and a line for stderr (the shell prefixes "gobblet: "), for whenever it
    // ends and however (a key, a signal): a refused join sets them as soon as it is refused.
    void set_exit(int status, std::string error) {
        status_ = status;
        error_ = std::move(error);
    }

    // The shell's side.
    std::vector<Change> take_changes() { return std::exchange(changes_, {}); }
    bool quitting() const { return quitting_; }
    int status() const { return status_; }
    const std::string& error() const { return error_; }

  private:
    std::vector<Change> changes_;
    bool quitting_ = false;
    int status_ = 0;
    std::string error_;
};

// What a screen is made with: the shell's navigator, its event loop (for worker threads, which wake it)
// and its clock, which answers the turn's time (Shell::now, read once a turn), never the real clock: for
// the parts that are not handed `now` (the table, its umpire and network link, the teacher) and what
// runs later than the call that set it up (a question's answer, a search's result).
struct ScreenContext {
    Navigator& nav;
    EventLoop& loop;
    std::function<Millis()> clock;
};

}  // namespace gobblet::ui
