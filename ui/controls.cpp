#include "controls.h"

#include <curses.h>

#include <algorithm>
#include <utility>

#include "engine/text.h"
#include "input.h"
#include "scroll_list.h"

namespace gobblet::ui {

bool is_enter(Key k) {
    return (!k.special && (k.code == '\n' || k.code == '\r')) || (k.special && k.code == KEY_ENTER);
}

bool overlay_select_key(Overlay& o, Key k) {
    const int n = int(o.rows.size());
    int delta = 0;
    if (k.special) {
        switch (k.code) {
            case KEY_UP: delta = -1; break;
            case KEY_DOWN: delta = 1; break;
            case KEY_PPAGE: delta = -10; break;
            case KEY_NPAGE: delta = 10; break;
            case KEY_HOME: delta = -n; break;
            case KEY_END: delta = n; break;
            default: return false;
        }
    } else if (k.code == 'k') {
        delta = -1;
    } else if (k.code == 'j') {
        delta = 1;
    } else {
        return false;
    }
    o.selected = std::max(0, move_selection(o.selected, n, delta));
    return true;
}

bool is_backspace(Key k) {
    return (k.special && (k.code == KEY_BACKSPACE || k.code == KEY_DC)) ||
           (!k.special && (k.code == 127 || k.code == 8));
}

void scroll_moves(int& list_scroll, std::size_t moves, bool up) {
    const int pairs = int(moves + 1) / 2;
    int first = list_scroll < 0 ? std::max(0, pairs - 10) : list_scroll;
    first += up ? -10 : 10;
    list_scroll = first >= pairs - 10 ? -1 : std::max(0, first);
}

void prompt_chrome(const UiState& ui, Chrome& c) {
    if (ui.mode == Mode::cursor) {
        const Spot& s = ui.cursor;
        const std::string where =
            s.stack ? std::string("stack ") + "XYZ"[s.index] : square_name(make_square(s.row, s.col));
        c.prompt_line =
            "CURSOR on " + where + (ui.picked ? ", a piece picked up" : "") + "  (Esc: back to typing)";
        return;
    }
    c.prompt_line = "Move: " + ui.prompt;
    c.prompt_cursor = int(c.prompt_line.size());
}

void entry_chrome(const LineEntry& e, Chrome& c, int width) {
    const EntryView v = entry_view(e.label, e.text, false, width);
    c.prompt_line = v.line;
    c.prompt_cursor = v.cursor;
    c.footer = {"Enter confirm   Esc " + e.esc_word + (e.help ? "   ? help" : "")};
}

Expected<void> add_to_prompt(std::string& prompt, int c) {
    if (c < 32 || c == 127) return {};
    if (prompt.size() >= max_prompt)
        return Failure{"the prompt holds at most " + std::to_string(max_prompt) +
                       " characters: press Enter to play it, or Esc to clear it"};
    append_utf8(prompt, c);
    return {};
}

void step_cursor(Spot& c, int size, int drow, int dcol) {
    if (c.stack) {
        if (dcol < 0) {
            c.stack = false;
            c.row = std::min(c.index, size - 1);
            c.col = size - 1;
        } else {
            c.index = std::clamp(c.index + drow, 0, reserve_stacks - 1);
        }
        return;
    }
    if (dcol > 0 && c.col == size - 1) {
        c.stack = true;  // right of the board: the stacks of the side the cursor picks for
        c.index = std::min(c.row, reserve_stacks - 1);
        return;
    }
    c.row = std::clamp(c.row + drow, 0, size - 1);
    c.col = std::clamp(c.col + dcol, 0, size - 1);
}

EntryOutcome edit_entry(LineEntry& e, Key k) {
    if (is_enter(k)) return EntryOutcome::Submit;
    if (!k.special && (k.code == 27 || k.code == 3)) return EntryOutcome::Cancel;
    if (e.selected) {  // the text offered goes at the first edit, or stays to be edited
        e.selected = false;
        if (k.special &&
            (k.code == KEY_LEFT || k.code == KEY_RIGHT || k.code == KEY_HOME || k.code == KEY_END))
            return EntryOutcome::Edited;
        if (is_backspace(k)) {
            e.text.clear();
            return EntryOutcome::Edited;
        }
        if (!k.special && k.code >= 32) e.text.clear();
    }
    if ((k.special && k.code == KEY_BACKSPACE) || (!k.special && (k.code == 127 || k.code == 8))) {
        if (!e.text.empty()) e.text.pop_back();
    } else if (!k.special && k.code >= 32 && e.text.size() < e.max_length) {
        append_utf8(e.text, k.code);
    }
    return EntryOutcome::Edited;
}

void paste_into_entry(LineEntry& e, std::string_view text) {
    if (std::exchange(e.selected, false)) e.text.clear();  // a paste replaces the text offered
    std::string add;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n' || c == '\r' || c == '\t') {
            if (!add.empty() && add.back() != ' ') add += ' ';
            continue;
        }
        if (c < 32 || c == 127) continue;
        // A whole character (a lead byte and its continuation bytes), or none of it.
        std::size_t n = 1;
        while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
        const std::string_view ch = text.substr(i, n);
        i += n - 1;
        if (e.text.size() + add.size() + ch.size() > e.max_length) break;
        add += ch;
    }
    while (!add.empty() && add.back() == ' ') add.pop_back();
    e.text += add;
}

void key_to_entry(std::optional<LineEntry>& entry, Key k, const std::function<void(std::string)>& say) {
    const EntryOutcome o = edit_entry(*entry, k);
    if (o == EntryOutcome::Edited) return;
    const LineEntry e = std::move(*entry);
    entry.reset();
    if (o == EntryOutcome::Submit) return e.submit(e.text);
    say("cancelled");
    if (e.cancel) e.cancel();
}

}  // namespace gobblet::ui
