// All terminal set-up and tear-down lives here (as htop's CRT.c does): nothing else calls newterm or
// endwin. Signals that end the program restore the terminal first.
#pragma once

#include <csignal>
#include <string>
#include <string_view>

namespace gobblet::ui {

// Colour pairs; with colour off every pair is plain and the drawing relies on shapes.
enum Pair : short { pair_white = 1, pair_black, pair_target, pair_win, pair_title, pair_error };

// Opens the terminal for the game. Returns "" on success, else why it cannot (no terminal, unknown TERM).
std::string open_terminal(bool want_color);
bool has_colors_on();
// True when the locale is UTF-8, so box-drawing characters can be used; else the board is plain ASCII.
bool unicode_on();
void close_terminal();
// Set by SIGTERM and SIGHUP (and SIGINT, should it arrive as a signal): the main loop saves and leaves.
extern volatile std::sig_atomic_t quit_requested;
// Puts text on the system clipboard through the terminal (OSC 52, passed through tmux and most modern
// terminals).
void copy_to_clipboard(std::string_view text);

}  // namespace gobblet::ui
