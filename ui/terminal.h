// All terminal set-up and tear-down lives here (as htop's CRT.c does): nothing else calls newterm or
// endwin. Signals that end the program restore the terminal first.
#pragma once

#include <csignal>
#include <string>
#include <string_view>

#include "engine/expected.h"

namespace gobblet::ui {

// Colour pairs; with colour off every pair is plain and the drawing relies on shapes.
enum Pair : short { pair_white = 1, pair_black, pair_target, pair_win, pair_title, pair_error };

// Opens the terminal for the game, or says why it cannot (no terminal, unknown TERM).
Expected<void> open_terminal(bool want_color);
bool has_colors_on();
// Colour on or off while the game runs (the settings menu). Returns whether it is on: never on a
// terminal without colours.
bool set_colors(bool want);
// True when the board may use box-drawing characters: the locale is UTF-8 and ASCII was not asked for;
// else it is plain ASCII.
bool unicode_on();
// The locale is UTF-8 (whatever set_ascii says).
bool utf8_locale();
// Plain ASCII lines even in a UTF-8 locale (the settings menu, the settings file).
void set_ascii(bool ascii);
void close_terminal();
// An off-screen terminal of `height` lines and `width` columns that writes to /dev/null (--bench-paste draws
// on it), or why it cannot be opened. close_terminal closes it too.
Expected<void> open_offscreen_terminal(int height, int width);
// Set by SIGTERM and SIGHUP (and SIGINT, should it arrive as a signal): the main loop saves and leaves.
extern volatile std::sig_atomic_t quit_requested;
// Puts text on the system clipboard through the terminal (OSC 52, passed through tmux and most modern
// terminals).
void copy_to_clipboard(std::string_view text);
// Rings the terminal's bell (curses' beep: the bell, or a flash where the terminal has none).
void ring_bell();

}  // namespace gobblet::ui
