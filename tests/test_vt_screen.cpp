// The screen build/screen-bench reads a program's output into (tests/tools/vt_screen.h): what curses sends
// for TERM=xterm-256color ends as the characters a person would see, however it was drawn.
#include "support.h"
#include "tests/tools/vt_screen.h"

using gobblet::tools::VtScreen;

TEST_CASE("a screen: cursor addressing, erasing and only the changed cells written", "[vt]") {
    VtScreen s(20, 5);
    s.feed("\x1b[?1049h\x1b[H\x1b[2J\x1b[2;3H1. W3B2 K1C3");
    CHECK(s.row(1) == "  1. W3B2 K1C3");
    // curses rewrites only what changed: two cells in the middle of the line.
    s.feed("\x1b[2;7H1A");
    CHECK(s.row(1) == "  1. W1A2 K1C3");
    s.feed("\x1b[2;9H\x1b[K");
    CHECK(s.row(1) == "  1. W1A");
    s.feed("\x1b[1;1Hx\x1b[5;20Hy\x1b[3;1H\x1b[J");
    CHECK(s.row(0) == "x");
    CHECK(s.row(4).empty());
    CHECK(s.contains("W1A"));
    CHECK_FALSE(s.contains("K1C3"));
    // Colours, attributes, the cursor's shape and a window title draw nothing.
    s.feed("\x1b[1;1H\x1b[1;38;5;200mz\x1b(B\x1b[m\x1b[?25l\x1b]0;title\x07\x1b[?12l\x1b[?25h");
    CHECK(s.row(0) == "z");
    // Relative moves, tabs, backspace and column and row addressing.
    s.feed("\x1b[4;1Ha\tb\bc\x1b[2Dd\x1b[3Ce\x1b[5Gf\x1b[1dg");
    CHECK(s.row(3) == "a   f  dc  e");
    CHECK(s.row(0) == "z    g");
}

TEST_CASE("a screen: scrolling regions, inserted and deleted lines and characters", "[vt]") {
    VtScreen s(10, 5);
    s.feed("\x1b[1;1Hrow0\x1b[2;1Hrow1\x1b[3;1Hrow2\x1b[4;1Hrow3\x1b[5;1Hrow4");
    // A line feed at the bottom of a region scrolls the region only.
    s.feed("\x1b[2;4r\x1b[4;1H\nnew");
    CHECK(s.text() == "row0\nrow2\nrow3\nnew\nrow4\n");
    // Reverse index at its top scrolls it down.
    s.feed("\x1b[2;1H\x1bM");
    CHECK(s.text() == "row0\n\nrow2\nrow3\nrow4\n");
    s.feed("\x1b[r\x1b[2;1H\x1b[L");  // whole screen again; a line inserted
    CHECK(s.text() == "row0\n\n\nrow2\nrow3\n");
    s.feed("\x1b[1;1H\x1b[2M");  // two deleted
    CHECK(s.text() == "\nrow2\nrow3\n\n\n");
    s.feed("\x1b[2;2H\x1b[2@ab\x1b[2;1H\x1b[P");  // inserted characters, one deleted
    CHECK(s.row(1) == "abow2");
    s.feed("\x1b[3;2H\x1b[2X");  // erased characters
    CHECK(s.row(2) == "r  3");
    s.feed("\x1b[4;1H\x1b[4hxy\x1b[4l");  // insert mode
    s.feed("\x1b[4;1Hq\x1b[4hp\x1b[4l");
    CHECK(s.row(3) == "qpy");
}

TEST_CASE("a screen: repeats, line drawing, UTF-8 cut between reads, the last column", "[vt]") {
    VtScreen s(6, 3);
    s.feed("a\x1b[3b");
    CHECK(s.row(0) == "aaaa");
    s.feed("\x1b[2;1H\x1b(0lqqk\x1b(B");
    CHECK(s.row(1) == "┌──┐");
    const std::string bar = "│";
    s.feed("\x1b[3;1H" + bar.substr(0, 1));
    s.feed(bar.substr(1) + "ok");
    CHECK(s.row(2) == "│ok");
    // Writing the last column leaves the cursor there; the next character wraps, a CR does not.
    s.feed("\x1b[1;1H123456\r7");
    CHECK(s.row(0) == "723456");
    s.feed("\x1b[2;1H123456X");
    CHECK(s.row(1) == "123456");
    CHECK(s.row(2) == "Xok");
    // At the bottom a wrap scrolls the screen.
    s.feed("\x1b[3;1Hxxxxxxy");
    CHECK(s.text() == "123456\nxxxxxx\ny\n");
}
