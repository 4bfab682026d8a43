// Text for the terminal, without curses: its width in columns, cutting and wrapping it to a width,
// making it safe to show, and quoting a command's words for the shell. The game's screens (view.cpp), the key
// table's help (keys.cpp) and the lobby's help (lobby_view.cpp) use these, so that every screen measures and
// breaks text the same way; the unit tests link it (tests/test_tutorial.cpp checks the tutorial's words fit
// the message area with it).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gobblet::ui {

// Display width of UTF-8 text, counted in code points (every character the game shows is one column).
int text_width(std::string_view s);
// The first `width` columns of s, cut on a character boundary.
std::string clip(std::string_view s, int width);
// Lines of text broken at spaces to fit `width` columns (a word longer than the width is cut).
std::vector<std::string> wrap(const std::string& text, int width);
// Text that is safe to put on the terminal: control characters dropped.
std::string printable(std::string_view text);
// Text cut to `width` characters (UTF-8 code points) for a row of a list, control characters and bytes
// that are not UTF-8 dropped.
std::string fit(std::string_view text, int width);
// Text for a terminal whose locale is not UTF-8 (LANG=C): each character past ASCII becomes one '?', so a
// name like Zoë keeps its width and never reaches the terminal as bytes it would show as M-C M-+.
std::string ascii_text(std::string_view text);
// A word of a command the program prints for the player to run, as the shell must read it: as it is when
// the shell leaves it alone (letters, digits and - _ . / : = @ % + ,), else in single quotes
// ('[::1]:7000', a program path with a space).
std::string shell_word(std::string_view word);

}  // namespace gobblet::ui
