#include "ui/grabble/view.h"

#include <curses.h>

#include <algorithm>

#include "ui/scroll_list.h"
#include "ui/terminal.h"
#include "ui/text.h"
#include "ui/view.h"

namespace gobblet::ui {

std::vector<std::string> word_lines(const std::vector<std::string>& words, int width, int lines) {
    std::vector<std::string> out(1);
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        const std::size_t left = words.size() - i;
        const std::string more = "+" + std::to_string(left) + " more";
        const bool last_line = int(out.size()) == lines;
        // On the last line a word must leave room for "+N more" unless it is the last word.
        const int need = int(out.back().size() + (out.back().empty() ? 0 : 2) + w.size()) +
                         (last_line && left > 1 ? int(more.size()) + 2 : 0);
        if (need > width) {
            if (last_line) {
                out.back() += (out.back().empty() ? "" : "  ") + more;
                return out;
            }
            out.emplace_back();
        }
        out.back() += (out.back().empty() ? "" : "  ") + w;
    }
    if (out.back().empty() && out.size() > 1) out.pop_back();
    return out;
}

bool grabble_fits() { return COLS >= grabble_min_cols && LINES >= grabble_min_lines; }

void draw_grabble(const GrabbleFrame& f) {
    erase();
    const int cols = COLS, lines = LINES;
    if (!grabble_fits()) {
        int y = 0;
        for (const std::string& line :
             wrap("The terminal is " + std::to_string(cols) + "x" + std::to_string(lines) +
                      "; Grabble needs " + std::to_string(grabble_min_cols) + "x" +
                      std::to_string(grabble_min_lines) +
                      ". Enlarge the window (the game's time stands until then), or press Ctrl-C to quit.",
                  std::max(10, cols - 1)))
            put_text(y++, 0, line, -1);
        curs_set(0);
        refresh();
        return;
    }
    const int w = cols - 1;
    put_text(0, 0, f.title, w, A_BOLD | pair_attr(pair_title));

    // The pool: two letters a tile, two lines (more on a tall screen); what does not fit is counted.
    const int pool_lines = lines >= 40 ? 4 : 2;
    const int per_line = (w - 6) / 2;
    put_text(1, 0, "Pool", 5, A_BOLD);
    const int room = per_line * pool_lines;
    const int shown = std::min<int>(int(f.pool.size()), room);
    for (int i = 0; i < shown; ++i) {
        const bool last = i == shown - 1 && int(f.pool.size()) > room;
        const int y = 1 + i / per_line, x = 6 + 2 * (i % per_line);
        if (last) {
            put_text(y, x, "+" + std::to_string(int(f.pool.size()) - room + 1), -1, A_DIM);
            break;
        }
        const int attr = i == f.pool_new ? A_BOLD | A_REVERSE : A_BOLD;
        put_text(y, x, std::string(1, f.pool[std::size_t(i)]), -1, attr);
    }
    if (f.hidden)
        put_text(1, 6, "(hidden while the game stands)", -1, A_DIM);
    else if (f.pool.empty())
        put_text(1, 6, "(empty)", -1, A_DIM);

    // The bottom: footer (2), prompt, story (3), status, clues.
    const int footer_y = lines - 2, prompt_y = lines - 3, story_y = lines - 6, status_y = lines - 7;
    const int clues_y = f.show_clues ? status_y - 1 : status_y;
    const int top = 1 + pool_lines + 1;
    const int area = clues_y - top;  // lines for the players
    const int n = int(f.players.size());
    int name_w = 19;
    for (const GrabblePlayerRow& r : f.players)
        name_w = std::max(name_w, 3 + int(std::to_string(r.number).size()) + text_width(r.name));
    name_w = std::min(name_w, w / 3);
    const int words_x = name_w + 8;
    // Each player a line, and the lines left shared out, one at a time, to whoever's words lack most.
    std::vector<int> rows(std::size_t(n), 1), need(std::size_t(n), 1);
    for (int p = 0; p < n; ++p)
        need[std::size_t(p)] = int(word_lines(f.players[std::size_t(p)].words, w - words_x, area).size());
    for (int extra = area - n; extra > 0; --extra) {
        int most = -1;
        for (int p = 0; p < n; ++p)
            if (need[std::size_t(p)] > rows[std::size_t(p)] &&
                (most < 0 || need[std::size_t(p)] - rows[std::size_t(p)] >
                                 need[std::size_t(most)] - rows[std::size_t(most)]))
                most = p;
        if (most < 0) break;
        ++rows[std::size_t(most)];
    }
    int y = top;
    for (int p = 0; p < n && y < clues_y; ++p) {
        const GrabblePlayerRow& r = f.players[std::size_t(p)];
        const int attr = r.winner ? A_BOLD | pair_attr(pair_win) : r.to_reveal ? A_BOLD : 0;
        // The name whole in its column (as wide as the longest, from 19 to a third of the screen; past
        // that cut with put_text's mark), the score, the pass, then the words.
        const std::string head = (r.to_reveal ? ">" : " ") + std::to_string(r.number) + " " + r.name;
        put_text(y, 0, head, name_w, attr);
        const std::string score = std::to_string(r.score);
        put_text(y, name_w + 1 + std::max(0, 4 - int(score.size())), score, 4, attr);
        if (r.passed) put_text(y, name_w + 6, "-", 1, A_DIM);
        const int wrows = std::min(rows[std::size_t(p)], clues_y - y);
        const std::vector<std::string> wl = word_lines(r.words, w - words_x, wrows);
        for (int k = 0; k < int(wl.size()); ++k) put_text(y + k, words_x, wl[std::size_t(k)], w - words_x);
        y += std::max(1, wrows);
    }
    if (f.show_clues) {
        std::string line = "Clues: ";
        if (f.clues.empty()) line += "none";
        for (std::size_t i = 0; i < f.clues.size(); ++i) line += (i ? " " : "") + f.clues[i];
        put_text(clues_y, 0, line, w, A_DIM);
    }
    put_text(status_y, 0, f.status, w, f.status_strong ? A_BOLD : 0);
    // The story: the newest lines, wrapped, as many as fill three lines (the newest last; an older line
    // that does not fit whole shows its end).
    std::vector<std::pair<std::string, bool>> told;
    for (std::size_t i = f.story.size(); i-- > 0 && told.size() < 3;) {
        const std::vector<std::string> wrapped = wrap(printable(f.story[i].text), w);
        for (std::size_t k = wrapped.size(); k-- > 0 && told.size() < 3;)
            told.insert(told.begin(), {wrapped[k], f.story[i].error});
    }
    for (std::size_t i = 0; i < told.size(); ++i)
        put_text(story_y + int(i), 0, told[i].first, w, told[i].second ? A_BOLD | pair_attr(pair_error) : 0);
    put_text(prompt_y, 0, f.prompt_line, w, A_BOLD);
    for (int i = 0; i < 2 && i < int(f.footer.size()); ++i)
        put_text(footer_y + i, 0, f.footer[std::size_t(i)], w, A_DIM);
    if (f.overlay) draw_overlay(*f.overlay, cols, status_y);
    if (f.prompt_cursor >= 0 && !f.overlay) {
        curs_set(1);
        move(prompt_y, std::min(f.prompt_cursor, w));
    } else {
        curs_set(0);
    }
    refresh();
}

}  // namespace gobblet::ui
