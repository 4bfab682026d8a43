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
    const std::string shown = fit(text, width);
    mvaddstr(y, x, (utf8_locale() ? shown : ascii_text(shown)).c_str());
    if (a) attroff(a);
}

void ScrollList::draw(int y, int x, int height, int width, int rows,
                      const std::function<std::string(int, int)>& row, bool focused,
                      const std::string& empty) {
    clamp(rows);
    const int top = first(rows, height);
    for (int i = 0; i < height && top + i < rows; ++i) {
        const bool chosen = top + i == selected_;
        put_text(y + i, x, (chosen ? "> " : "  ") + row(top + i, width - 2), width,
                 chosen && focused ? A_REVERSE : A_NORMAL);
    }
    if (rows == 0 && height > 0) put_text(y, x, "  " + empty, width);
}

}  // namespace gobblet::ui
