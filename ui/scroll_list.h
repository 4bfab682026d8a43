// A scrolling list, as htop's Panel is: rows of text in a box of the screen, one of them selected, scrolled
// so that the selected row shows. Generic over what the rows are (a function gives a row's text for a
// width) and over the screen that shows it (the lobby's four lists and its pages, Grabble's screen). The
// selection and the scrolling are plain logic, here (tests/test_lobby_view.cpp); draw() puts the list on
// the terminal (scroll_list.cpp, curses).
#pragma once

#include <algorithm>
#include <functional>
#include <string>

namespace gobblet::ui {

// A selected row kept within `rows` rows (-1 when there are none); `delta` moves it.
inline int move_selection(int selected, int rows, int delta) {
    if (rows <= 0) return -1;
    return std::clamp(std::max(selected, 0) + delta, 0, rows - 1);
}

// Puts `text` at (y, x), cut to `width` characters (to the screen's edge when -1, and never past it), a cut
// marked at its end (text.h's elide: "…", "$" in ASCII), with control characters dropped (text.h's fit; in a
// terminal that is not UTF-8, other characters than ASCII shown as '?', text.h's ascii_text), in the curses
// attributes `attr` (A_BOLD, A_REVERSE...): the step of drawing a line that every screen shares (the lists,
// the lobby's frame and pages, the game's view and overlays, Grabble's screen; scroll_list.cpp, curses).
void put_text(int y, int x, const std::string& text, int width, unsigned long attr = 0);
// The mark put_text ends a cut text with in this terminal: "…", or "$" where it is not UTF-8 (for a text
// cut before it is put, that keeps what follows it: a name before the turn's mark).
const char* cut_mark();

class ScrollList {
  public:
    // The row selected (0 when there are none).
    int selected() const { return selected_; }
    void select(int row) { selected_ = std::max(0, row); }
    // Up or Down by `delta` among `rows` rows, kept within them.
    void move(int delta, int rows) { selected_ = std::max(0, move_selection(selected_, rows, delta)); }
    // Rows went away under the selection: it stays on the last.
    void clamp(int rows) { selected_ = std::max(0, std::min(selected_, rows - 1)); }
    // What `height` lines show of `rows` rows: `count` rows from `first`, the selected one among them, and
    // whether a line at the top says that rows are hidden above (`above`: how many), and one at the
    // bottom those below (from 3 lines; a list that fits has neither).
    struct Window {
        int first = 0, count = 0;
        int above = 0, below = 0;
    };
    Window window(int rows, int height) const {
        Window w;
        height = std::max(0, height);
        const int sel = std::clamp(selected_, 0, std::max(0, rows - 1));
        int room = height;
        for (int pass = 0; pass < 3; ++pass) {
            w.first = std::max(0, std::min(sel - (room - 1), rows - room));
            const bool up = height >= 3 && rows > height && w.first > 0;
            const bool down = height >= 3 && rows > height && w.first + room < rows;
            room = height - (up ? 1 : 0) - (down ? 1 : 0);
        }
        w.first = std::max(0, std::min(sel - (room - 1), rows - room));
        w.count = std::max(0, std::min(room, rows - w.first));
        if (height >= 3 && rows > height) {
            w.above = w.first;
            w.below = rows - w.first - w.count;
        }
        return w;
    }
    // The first of `rows` rows shown in `height` lines: the selected one shows.
    int first(int rows, int height) const { return window(rows, height).first; }

    // Draws the list in the box at (y, x), `height` lines of `width` columns: "> " before the row selected
    // when the list has the focus (in reverse), so that one mark on the screen says where the arrows act,
    // "  " before the others, each row's text from `row` (its index, the columns it has); "(3 more above)"
    // and "(5 more below)" where rows are hidden; `empty` when there are none (marked when focused). The
    // selection is kept within the rows first.
    void draw(int y, int x, int height, int width, int rows, const std::function<std::string(int, int)>& row,
              bool focused = true, const std::string& empty = "(none)");

  private:
    int selected_ = 0;
};

}  // namespace gobblet::ui
