#include "input.h"

#include <curses.h>

#include "engine/text.h"

namespace gobblet::ui {

int paste_begin_code() { return KEY_MAX + 1; }
int paste_end_code() { return KEY_MAX + 2; }

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

void InputAssembler::add_bytes(std::string_view bytes) {
    for (const char ch : bytes) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if ((c < 32 && c != '\n' && c != '\r' && c != '\t') || c == 127) not_text_ = true;
    }
    if (too_big_) return;
    if (text_.size() + bytes.size() > max_paste_bytes) {
        too_big_ = true;
        text_.clear();
        text_.shrink_to_fit();
        return;
    }
    for (const char c : bytes) text_ += c == '\r' ? '\n' : c;
}

std::size_t InputAssembler::feed_bytes(std::string_view bytes, Millis now, std::vector<InputEvent>& out) {
    last_ = now;
    if (state_ == State::Burst) {
        add_bytes(bytes);
        return bytes.size();
    }
    if (state_ != State::Bracketed) return 0;
    static constexpr std::string_view marker = "\x1b[201~";
    const std::size_t held_before = held_.size();
    const std::string data = held_ + std::string(bytes);
    held_.clear();
    if (const std::size_t at = data.find(marker); at != std::string::npos) {
        add_bytes(std::string_view(data).substr(0, at));
        finish(out);
        return at + marker.size() - held_before;
    }
    // Keep back a tail that may be the start of the marker, split between two reads.
    std::size_t keep = 0;
    for (std::size_t k = std::min(marker.size() - 1, data.size()); k > 0; --k)
        if (std::string_view(data).substr(data.size() - k) == marker.substr(0, k)) {
            keep = k;
            break;
        }
    add_bytes(std::string_view(data).substr(0, data.size() - keep));
    held_ = data.substr(data.size() - keep);
    return bytes.size();
}

namespace {

// Text is well-formed UTF-8 without C1 control characters.
bool is_text(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || i + len > s.size()) return false;
        int cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
        for (int k = 1; k < len; ++k) {
            const unsigned char d = static_cast<unsigned char>(s[i + k]);
            if ((d >> 6) != 2) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        static const int least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if ((len > 1 && cp < least[len]) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ||
            (cp >= 0x80 && cp < 0xA0))
            return false;
        i += len;
    }
    return true;
}

}  // namespace

void InputAssembler::finish(std::vector<InputEvent>& out) {
    if (!held_.empty()) add_bytes(held_);
    held_.clear();
    if (!too_big_ && !is_text(text_)) not_text_ = true;
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
    // A plain paste: more characters at once than typing can account for (input.h). A line break
    // proves nothing: typed-ahead moves hold them too.
    if (state_ == State::Normal) {
        std::size_t chars = 0;
        for (const Key& k : batch) {
            if (k.special && k.code == paste_begin_code()) break;
            if (!k.special && ++chars > burst_threshold) {
                state_ = State::Burst;
                break;
            }
        }
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
