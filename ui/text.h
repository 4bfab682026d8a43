// Text for the terminal, without curses: its width in columns, cutting and wrapping it to a width,
// making it safe to show, and quoting a command's words for the shell. The game's screens (view.cpp), the key
// table's help (keys.cpp) and the lobby's help (lobby_view.cpp) use these, so that every screen measures and
// breaks text the same way; the unit tests link it (tests/test_tutorial.cpp checks the tutorial's words fit
// the message area with it).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/latin.h"

namespace gobblet::ui {

// Display width of UTF-8 text, counted in code points (every character the game shows is one column).
int text_width(std::string_view s);
// The first `width` columns of s, cut on a character boundary.
std::string clip(std::string_view s, int width);
// Lines of text broken at spaces to fit `width` columns (a word longer than the width is cut).
std::vector<std::string> wrap(const std::string& text, int width);
// Lines of text broken first between its parts, where `gap` separates them (a status line's "    ", a
// question's "   " between its answers), then at spaces inside a part too long for a line; the gap is
// dropped where a line breaks.
std::vector<std::string> wrap_parts(const std::string& text, const std::string& gap, int width);
// At most `n` lines (n >= 1): past them, the last line kept takes the rest, for put_text to cut with its
// mark at its end.
void keep_lines(std::vector<std::string>& lines, int n);
// The first of `forms` (the fullest first) that fits `width` columns, else the last: a row or a line
// that has briefer ways to say the same thing.
std::string first_fit(const std::vector<std::string>& forms, int width);
// Text that is safe to put on the terminal: control characters dropped.
std::string printable(std::string_view text);
// Text cut to `width` characters (UTF-8 code points) for a row of a list, control characters and bytes
// that are not UTF-8 dropped.
std::string fit(std::string_view text, int width);
// fit(), and when the text had more to show than `width` columns hold: cut at a space where one leaves
// half the width or more (else in the word), and `mark` at its end (put_text's "…"), so that a text that
// does not fit never looks whole: a word cut short never reads as another word.
std::string elide(std::string_view text, int width, std::string_view mark = "\u2026");
// Text for a terminal whose locale is not UTF-8 (LANG=C) is engine/latin.h's ascii_text: Latin letters
// as the archive's file names write them ("Zoe" for Zoë, "~Lukasz" for ~Łukasz), any other character one
// '?', so that nothing reaches the terminal as bytes it would show as M-C M-+.
// The line being typed as it fits `width`: its label (cut to its words before a parenthesis, then its
// first word, when it leaves no room), then the end of the text after a '<' when it is longer, so that
// what is typed always shows; the cursor's column. Every screen's line entry (the lobby's, the game's).
struct EntryView {
    std::string line;
    int cursor = 0;
    int text_at = 0;  // the column the text (or its end) starts at: a selected text is drawn from there
};
EntryView entry_view(const std::string& label, const std::string& text, bool hidden, int width);
// A word of a command the program prints for the player to run, as the shell must read it: as it is when
// the shell leaves it alone (letters, digits and - _ . / : = @ % + ,), else in single quotes
// ('[::1]:7000', a program path with a space).
std::string shell_word(std::string_view word);

}  // namespace gobblet::ui
