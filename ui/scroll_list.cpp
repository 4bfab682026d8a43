// A scrolling list on the terminal (scroll_list.h).
#include "scroll_list.h"

#include <curses.h>

#include "terminal.h"
#include "text.h"

namespace gobblet::ui {

void put_text(int y, int x, const std::string& text, int width, unsigned long attr) {
    if (y < 0 || y >= LINES || x < 0 || x >= COLS) return;
    if (width < 0 || width > COLS - x) width = COLS - x;
    if (width <= 0) return;
    const auto a = static_cast<attr_t>(attr);
    if (a) attron(a);
    // Past ASCII in a terminal that is not UTF-8: as engine/latin.h writes it ("ß" is "ss"); then a text
    // that does not fit says so at its end (elide: "…", in ASCII "$" as nano and Emacs mark a line cut at
    // the edge).
    const std::string shown = elide(utf8_locale() ? std::string(text) : ascii_text(text), width, cut_mark());
    mvaddstr(y, x, shown.c_str());
    if (a) attroff(a);
}

const char* cut_mark() { return utf8_locale() ? "\u2026" : "$"; }

void ScrollList::draw(int y, int x, int height, int width, int rows,
                      const std::function<std::string(int, int)>& row, bool focused,
                      const std::string& empty) {
    clamp(rows);
    const Window w = window(rows, height);
    int line = y;
    if (w.above > 0) put_text(line++, x, "  (" + std::to_string(w.above) + " more above)", width, A_DIM);
    for (int i = 0; i < w.count; ++i) {
        const bool chosen = w.first + i == selected_ && focused;
        put_text(line++, x, (chosen ? "> " : "  ") + row(w.first + i, width - 2), width,
                 chosen ? A_REVERSE : A_NORMAL);
    }
    if (w.below > 0) put_text(line, x, "  (" + std::to_string(w.below) + " more below)", width, A_DIM);
    if (rows == 0 && height > 0) put_text(y, x, (focused ? "> " : "  ") + empty, width);
}

}  // namespace gobblet::ui
