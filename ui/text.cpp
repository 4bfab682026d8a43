#include "text.h"

#include <algorithm>
#include <cctype>

#include "engine/text.h"

namespace gobblet::ui {

int text_width(std::string_view s) {
    int n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

std::string clip(std::string_view s, int width) {
    if (width <= 0) return {};
    int n = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && n++ == width)
            return std::string(s.substr(0, i));
    }
    return std::string(s);
}

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\t') {
            out += ' ';
            continue;
        }
        if (c < 32 || c == 127) continue;
        // C1 controls, bidirectional formatting and invisible characters (engine/text.h), whole.
        const int len = utf8_length(text, i);
        if (len > 1 && hidden_control(utf8_code_point(text.substr(i, std::size_t(len)), len))) {
            i += std::size_t(len) - 1;
            continue;
        }
        out += char(c);
    }
    return out;
}

std::vector<std::string> wrap(const std::string& text, int width) {
    std::vector<std::string> out;
    if (width < 1) width = 1;
    std::string line;
    std::size_t at = 0;
    while (at < text.size()) {
        std::string word(next_piece(text, at, ' '));
        while (text_width(word) > width) {  // a word longer than a line: cut it
            if (!line.empty()) {
                out.push_back(line);
                line.clear();
            }
            const std::string head = clip(word, width);
            out.push_back(head);
            word = word.substr(head.size());
        }
        if (!line.empty() && text_width(line) + 1 + text_width(word) > width) {
            out.push_back(line);
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += word;
    }
    if (!line.empty() || out.empty()) out.push_back(line);
    return out;
}

std::string shell_word(std::string_view word) {
    const auto plain = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string_view("-_./:=@%+,").find(c) != std::string_view::npos;
    };
    if (!word.empty() && std::all_of(word.begin(), word.end(), plain)) return std::string(word);
    std::string out = "'";
    for (char c : printable(word)) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string ascii_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x80)
            out += c;
        else if ((u & 0xC0) != 0x80)  // a character's first byte; its continuation bytes go with it
            out += '?';
    }
    return out;
}

std::string fit(std::string_view text, int width) {
    std::string out;
    int chars = 0;
    for (std::size_t i = 0; i < text.size() && chars < width;) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || i + len > text.size()) {  // not UTF-8: never passed on
            ++i;
            continue;
        }
        const std::string_view one = text.substr(i, len);
        i += len;
        // Control characters, C0 and DEL, and C1 (U+0080-U+009F, as two bytes C2 80-9F).
        if (len == 1 && (c < 32 || c == 127)) continue;
        if (len == 2 && c == 0xC2 && static_cast<unsigned char>(one[1]) < 0xA0) continue;
        out += one;
        ++chars;
    }
    return out;
}

}  // namespace gobblet::ui
