// A terminal's screen for the tools that read a program's output from a pseudo-terminal
// (build/screen-bench): the control sequences ncurses sends for TERM=xterm-256color, applied to a grid of
// characters (colours and attributes dropped), so that a tool asks what the screen shows now, as a person
// would read it, however curses chose to draw it (curses writes only the cells that changed, moves the
// cursor between them, scrolls regions and repeats characters). Every character is one cell wide.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/text.h"

namespace gobblet::tools {

class VtScreen {
  public:
    VtScreen(int cols, int rows) : cols_(cols), rows_(rows), cells_(std::size_t(cols * rows), U' ') {
        bottom_ = rows - 1;
    }

    int cols() const { return cols_; }
    int rows() const { return rows_; }

    // Applies the bytes a program wrote (in any pieces: a sequence cut between two reads goes on).
    void feed(std::string_view bytes) {
        for (const char ch : bytes) byte(static_cast<unsigned char>(ch));
    }

    // Row r (from 0) as UTF-8, without its trailing blanks.
    std::string row(int r) const {
        std::string out;
        int end = cols_;
        while (end > 0 && at(r, end - 1) == U' ') --end;
        for (int c = 0; c < end; ++c) utf8(out, at(r, c));
        return out;
    }

    // The whole screen, one row a line.
    std::string text() const {
        std::string out;
        for (int r = 0; r < rows_; ++r) out += row(r) + "\n";
        return out;
    }

    bool contains(std::string_view what) const {
        for (int r = 0; r < rows_; ++r)
            if (row(r).find(what) != std::string::npos) return true;
        return false;
    }

  private:
    enum class State { Ground, Esc, EscCharset, EscSkip, Csi, String, StringEsc };

    char32_t& at(int r, int c) { return cells_[std::size_t(r * cols_ + c)]; }
    char32_t at(int r, int c) const { return cells_[std::size_t(r * cols_ + c)]; }

    static void utf8(std::string& out, char32_t c) {
        if (!append_utf8(out, c)) out += "\xEF\xBF\xBD";  // U+FFFD for what is no character
    }

    // The DEC line-drawing set (ESC ( 0), as curses draws boxes where it has no Unicode.
    static char32_t line_drawing(char32_t c) {
        static constexpr std::u32string_view from = U"`afgjklmnopqrstuvwxyz{|}~";
        static constexpr std::u32string_view to = U"◆▒°±┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·";
        const auto i = from.find(c);
        return i == std::u32string_view::npos ? c : to[i];
    }

    void byte(unsigned char b) {
        switch (state_) {
            case State::Ground: ground(b); return;
            case State::Esc: escape(b); return;
            case State::EscCharset:
                if (charset_slot_ == 0) g0_graphics_ = b == '0';
                state_ = State::Ground;
                return;
            case State::EscSkip: state_ = State::Ground; return;
            case State::Csi: csi(b); return;
            case State::String:  // OSC or DCS: to BEL or ESC backslash
                if (b == 0x07) state_ = State::Ground;
                if (b == 0x1B) state_ = State::StringEsc;
                return;
            case State::StringEsc: state_ = b == '\\' ? State::Ground : State::String; return;
        }
    }

    void ground(unsigned char b) {
        if (pending_ > 0) {  // inside a UTF-8 sequence
            if ((b & 0xC0) == 0x80) {
                code_ = (code_ << 6) | (b & 0x3F);
                if (--pending_ == 0) put(code_);
                return;
            }
            pending_ = 0;
            put(U'?');
        }
        if (b >= 0xC0 && b < 0xF8) {
            pending_ = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
            code_ = b & (0x3F >> pending_);
            return;
        }
        if (b >= 0x80) {
            put(U'?');
            return;
        }
        switch (b) {
            case 0x1B: state_ = State::Esc; return;
            case '\r': col_ = 0, wrap_ = false; return;
            case '\n':
            case 0x0B:
            case 0x0C: line_feed(); return;
            case 0x08:
                if (col_ > 0) --col_;
                wrap_ = false;
                return;
            case '\t': col_ = std::min(cols_ - 1, (col_ / 8 + 1) * 8), wrap_ = false; return;
            default:
                if (b >= 0x20 && b < 0x7F) put(g0_graphics_ ? line_drawing(b) : char32_t(b));
                return;  // other controls (BEL, SO, SI, DEL) draw nothing
        }
    }

    void escape(unsigned char b) {
        state_ = State::Ground;
        switch (b) {
            case '[':
                state_ = State::Csi;
                params_.assign(1, -1);
                private_ = 0;
                return;
            case ']':
            case 'P': state_ = State::String; return;
            case '(':
            case ')':
            case '*':
            case '+':
                charset_slot_ = b == '(' ? 0 : 1;
                state_ = State::EscCharset;
                return;
            case '#':
            case '%':
            case ' ': state_ = State::EscSkip; return;
            case '7': saved_row_ = row_, saved_col_ = col_; return;
            case '8': row_ = saved_row_, col_ = saved_col_, wrap_ = false; return;
            case 'D': line_feed(); return;
            case 'E': col_ = 0, line_feed(); return;
            case 'M': reverse_index(); return;
            case 'c': reset(); return;
            default: return;  // ESC = and ESC >, the keypad's modes, and the rest: nothing drawn
        }
    }

    int param(std::size_t i, int otherwise) const {
        return i < params_.size() && params_[i] > 0 ? params_[i] : otherwise;
    }

    void csi(unsigned char b) {
        if (b >= '0' && b <= '9') {
            int& p = params_.back();
            p = std::min(9999, (p < 0 ? 0 : p * 10) + (b - '0'));
            return;
        }
        if (b == ';' || b == ':') {
            params_.push_back(-1);
            return;
        }
        if (b >= 0x3C && b <= 0x3F) {  // < = > ?
            private_ = b;
            return;
        }
        if (b < 0x40) return;  // intermediates (space, !, ", $, ')
        state_ = State::Ground;
        const int n = param(0, 1);
        if (private_ != 0 && b != 'h' && b != 'l') return;
        switch (b) {
            case '@': shift_right(n); break;
            case 'A': row_ = std::max(row_ >= top_ ? top_ : 0, row_ - n); break;
            case 'B': row_ = std::min(row_ <= bottom_ ? bottom_ : rows_ - 1, row_ + n); break;
            case 'C': col_ = std::min(cols_ - 1, col_ + n); break;
            case 'D': col_ = std::max(0, col_ - n); break;
            case 'E': row_ = std::min(rows_ - 1, row_ + n), col_ = 0; break;
            case 'F': row_ = std::max(0, row_ - n), col_ = 0; break;
            case 'G':
            case '`': col_ = std::clamp(n - 1, 0, cols_ - 1); break;
            case 'H':
            case 'f':
                row_ = std::clamp(param(0, 1) - 1, 0, rows_ - 1);
                col_ = std::clamp(param(1, 1) - 1, 0, cols_ - 1);
                break;
            case 'J': erase_display(param(0, 0)); break;
            case 'K': erase_line(param(0, 0)); break;
            case 'L':
                if (row_ >= top_ && row_ <= bottom_) scroll_down(row_, bottom_, n);
                col_ = 0;
                break;
            case 'M':
                if (row_ >= top_ && row_ <= bottom_) scroll_up(row_, bottom_, n);
                col_ = 0;
                break;
            case 'P': shift_left(n); break;
            case 'S': scroll_up(top_, bottom_, n); break;
            case 'T': scroll_down(top_, bottom_, n); break;
            case 'X': blank(row_, col_, std::min(cols_, col_ + n)); break;
            case 'b':
                for (int i = 0; i < n && i < cols_ * rows_; ++i) put(last_);
                break;
            case 'd': row_ = std::clamp(n - 1, 0, rows_ - 1); break;
            case 'h':
            case 'l': mode(b == 'h'); break;
            case 'r':
                top_ = std::clamp(param(0, 1) - 1, 0, rows_ - 1);
                bottom_ = std::clamp(param(1, rows_) - 1, top_, rows_ - 1);
                row_ = 0, col_ = 0;
                break;
            case 's': saved_row_ = row_, saved_col_ = col_; break;
            case 'u': row_ = saved_row_, col_ = saved_col_; break;
            default: break;  // m (colours, attributes), n, t, c ...: nothing drawn
        }
        wrap_ = false;
    }

    void mode(bool on) {
        for (const int p : params_) {
            if (private_ == 0 && p == 4) insert_ = on;
            if (private_ == '?' && p == 7) autowrap_ = on;
            if (private_ == '?' && (p == 47 || p == 1047 || p == 1049)) {
                // The alternate screen, entered or left: this screen keeps one, blank on each change.
                erase_display(2);
                if (p == 1049 && on) saved_row_ = row_, saved_col_ = col_;
            }
        }
    }

    void put(char32_t c) {
        if (wrap_) {
            wrap_ = false;
            if (autowrap_) {
                col_ = 0;
                line_feed();
            }
        }
        if (insert_) shift_right(1);
        at(row_, col_) = c;
        last_ = c;
        if (col_ == cols_ - 1)
            wrap_ = true;
        else
            ++col_;
    }

    void line_feed() {
        wrap_ = false;
        if (row_ == bottom_)
            scroll_up(top_, bottom_, 1);
        else if (row_ < rows_ - 1)
            ++row_;
    }

    void reverse_index() {
        wrap_ = false;
        if (row_ == top_)
            scroll_down(top_, bottom_, 1);
        else if (row_ > 0)
            --row_;
    }

    // Rows from..to (inclusive) move up n, blank rows coming in at the bottom.
    void scroll_up(int from, int to, int n) {
        n = std::min(n, to - from + 1);
        for (int r = from; r <= to; ++r)
            for (int c = 0; c < cols_; ++c) at(r, c) = r + n <= to ? at(r + n, c) : U' ';
    }

    void scroll_down(int from, int to, int n) {
        n = std::min(n, to - from + 1);
        for (int r = to; r >= from; --r)
            for (int c = 0; c < cols_; ++c) at(r, c) = r - n >= from ? at(r - n, c) : U' ';
    }

    void shift_right(int n) {
        for (int c = cols_ - 1; c >= col_; --c) at(row_, c) = c - n >= col_ ? at(row_, c - n) : U' ';
    }

    void shift_left(int n) {
        for (int c = col_; c < cols_; ++c) at(row_, c) = c + n < cols_ ? at(row_, c + n) : U' ';
    }

    void blank(int r, int from, int to) {
        for (int c = from; c < to; ++c) at(r, c) = U' ';
    }

    void erase_line(int how) {
        if (how == 0) blank(row_, col_, cols_);
        if (how == 1) blank(row_, 0, col_ + 1);
        if (how == 2) blank(row_, 0, cols_);
    }

    void erase_display(int how) {
        if (how == 0) {
            erase_line(0);
            for (int r = row_ + 1; r < rows_; ++r) blank(r, 0, cols_);
        } else if (how == 1) {
            for (int r = 0; r < row_; ++r) blank(r, 0, cols_);
            erase_line(1);
        } else {
            std::fill(cells_.begin(), cells_.end(), U' ');
        }
    }

    void reset() {
        std::fill(cells_.begin(), cells_.end(), U' ');
        row_ = col_ = saved_row_ = saved_col_ = top_ = 0;
        bottom_ = rows_ - 1;
        wrap_ = insert_ = g0_graphics_ = false;
        autowrap_ = true;
    }

    int cols_, rows_;
    std::vector<char32_t> cells_;
    int row_ = 0, col_ = 0, saved_row_ = 0, saved_col_ = 0, top_ = 0, bottom_ = 0;
    bool wrap_ = false;  // the last column was written: the next character goes to the next line
    bool autowrap_ = true, insert_ = false, g0_graphics_ = false;
    char32_t last_ = U' ';  // for CSI b, repeat
    State state_ = State::Ground;
    std::vector<int> params_;
    unsigned char private_ = 0;
    int charset_slot_ = 0;
    int pending_ = 0;  // UTF-8 continuation bytes still to come
    char32_t code_ = 0;
};

}  // namespace gobblet::tools
