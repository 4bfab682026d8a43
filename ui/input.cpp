#include "input.h"

#include <curses.h>

namespace gobblet::ui {

int paste_begin_code() { return KEY_MAX + 1; }
int paste_end_code() { return KEY_MAX + 2; }

bool append_utf8(std::string& out, int c) {
    if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
    return true;
}

void InputAssembler::add(const Key& k) {
    int c = k.code;
    if (k.special) {
        if (c != KEY_ENTER) return;  // function keys inside a paste mean nothing
        c = '\n';
    }
    if (c == '\r') c = '\n';
    // Text is printable characters, tabs and line breaks; anything else means the paste is not text.
    if ((c < 32 && c != '\n' && c != '\t') || c == 127 || (c >= 0x80 && c < 0xA0)) not_text_ = true;
    if (too_big_) return;
    std::string bytes;
    if (!append_utf8(bytes, c)) {
        not_text_ = true;
        return;
    }
    if (text_.size() + bytes.size() > max_paste_bytes) {
        too_big_ = true;
        text_.clear();
        text_.shrink_to_fit();
        return;
    }
    text_ += bytes;
}

void InputAssembler::finish(std::vector<InputEvent>& out) {
    InputEvent e;
    e.kind = InputEvent::Kind::Paste;
    e.bracketed = state_ == State::Bracketed;
    e.too_big = too_big_;
    e.not_text = not_text_;
    if (!too_big_) e.text = std::move(text_);
    out.push_back(std::move(e));
    state_ = State::Normal;
    text_.clear();
    too_big_ = not_text_ = false;
}

void InputAssembler::feed(const std::vector<Key>& batch, Millis now, std::vector<InputEvent>& out) {
    if (batch.empty()) return;
    // A plain paste: more characters at once than anyone types, or a line break followed by more.
    if (state_ == State::Normal) {
        std::size_t chars = 0;
        bool burst = false;
        for (std::size_t i = 0; i < batch.size(); ++i) {
            const Key& k = batch[i];
            if (k.special && k.code == paste_begin_code()) break;
            if (!k.special) ++chars;
            const bool line_break =
                (!k.special && (k.code == '\n' || k.code == '\r')) || (k.special && k.code == KEY_ENTER);
            if ((line_break && i + 1 < batch.size() && !batch[i + 1].special) || chars > burst_threshold) {
                burst = true;
                break;
            }
        }
        if (burst) state_ = State::Burst;
    }
    for (const Key& k : batch) {
        if (k.special && k.code == paste_begin_code()) {
            if (state_ == State::Burst) finish(out);
            state_ = State::Bracketed;
            continue;
        }
        if (k.special && k.code == paste_end_code()) {
            if (state_ == State::Bracketed) finish(out);
            continue;  // a stray end marker means nothing
        }
        if (state_ == State::Normal) {
            InputEvent e;
            e.key = k;
            out.push_back(e);
        } else {
            add(k);
        }
    }
    last_ = now;
}

void InputAssembler::idle(Millis now, std::vector<InputEvent>& out) {
    if (state_ == State::Burst && now - last_ >= paste_quiet_ms) finish(out);
    if (state_ == State::Bracketed && now - last_ >= bracketed_timeout_ms) finish(out);
}

Millis InputAssembler::until_due(Millis now) const {
    if (state_ == State::Normal) return -1;
    const Millis wait = (state_ == State::Burst ? paste_quiet_ms : bracketed_timeout_ms) - (now - last_);
    return wait < 0 ? 0 : wait;
}

}  // namespace gobblet::ui
