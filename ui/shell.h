// The shell: the one loop of the curses program (as tmux and irssi have one). It opens and closes the
// terminal (through terminal.h, the only place that does), reads keys and pastes (input.h turns them into
// events), keeps the stack of screens (screen.h) and waits in one poll() on the terminal, the wake pipe of
// the worker threads and every screen's descriptors, with the nearest deadline as its timeout. It redraws
// the top screen every turn, and at least once a second (the clocks' faces). A signal that ends the
// program (terminal.h's quit_requested) ends the loop as q does: every screen is closed and saves.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "input.h"
#include "loop.h"
#include "screen.h"

namespace gobblet::ui {

inline constexpr std::size_t max_batch = 4096;  // keys read in one turn of the loop: the screen stays live
inline constexpr Millis redraw_ms = 1000;       // the longest the screen goes without a redraw

class Shell {
  public:
    Shell();
    Shell(const Shell&) = delete;
    Shell& operator=(const Shell&) = delete;

    // What the screens are made with (the shell outlives them all).
    ScreenContext context();
    // The turn's time: monotonic milliseconds since the shell was made, read once at the start of each
    // turn of the loop (and once more to close the screens at the end). Every screen's clock
    // (ScreenContext::clock) answers it, so that everything done in one turn sees one instant; before
    // run, 0.
    Millis now() const { return now_; }

    // Opens the terminal (with colour if `color` and the terminal has it), runs `first` and whatever it
    // opens until the program ends, closes the terminal and prints what the screens left for stdout, or
    // the navigator's error on stderr. Returns the exit status; without a usable terminal it prints why
    // and returns 1.
    int run(std::unique_ptr<Screen> first, bool color);

  private:
    bool done() const { return stack_.empty() || nav_.quitting(); }
    void read_input(Millis now);
    void dispatch(const InputEvent& e, Millis now);
    // Applies the navigator's changes, and those they ask for in turn.
    void apply(Millis now);
    int timeout_ms(Millis now) const;
    // Reads the monotonic clock (net::monotonic_ms): the turn's time from now on. The shell's only
    // reading of the time.
    Millis read_time();

    // A screen in the stack, numbered: the descriptors polled for it go back to it only (a key read in
    // the same turn may have replaced it).
    struct Entry {
        std::unique_ptr<Screen> screen;
        std::uint64_t serial = 0;
    };
    void push(std::unique_ptr<Screen> screen, Millis now);
    Screen& top() { return *stack_.back().screen; }

    EventLoop loop_;
    Navigator nav_;
    InputAssembler input_;
    std::vector<Entry> stack_;  // the top screen last
    std::uint64_t serials_ = 0;
    Millis origin_ = 0;
    Millis now_ = 0;  // the turn's time (now())
    Millis last_draw_ = 0;
    std::string out_;  // what the closed screens left for stdout
};

}  // namespace gobblet::ui
