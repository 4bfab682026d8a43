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

EntryView entry_view(const std::string& label, const std::string& text, bool hidden, int width) {
    const std::string shown = hidden ? std::string("(hidden)") : fit(text, 10'000);
    std::string head = label + ": ";
    const int room = std::max(1, width - 1);  // the cursor's column after the text
    const int text_w = int(text_width(shown));
    // The label gives way first: its words before a parenthesis, then its first word.
    if (int(text_width(head)) + text_w > room) {
        const std::size_t paren = label.find(" (");
        if (paren != std::string::npos) head = label.substr(0, paren) + ": ";
    }
    if (int(text_width(head)) + std::min(text_w, 12) > room) head = label.substr(0, label.find(' ')) + ": ";
    if (int(text_width(head)) + text_w > room && int(text_width(head)) > room / 2)
        head = fit(head, std::max(0, room / 2));
    const int left = room - int(text_width(head));
    std::string tail = shown;
    if (text_w > left) {
        // The end of what is typed, after a mark that says more came before.
        std::vector<std::string> chars;
        for (std::size_t i = 0; i < shown.size();) {
            std::size_t n = 1;
            while (i + n < shown.size() && (static_cast<unsigned char>(shown[i + n]) & 0xC0) == 0x80) ++n;
            chars.push_back(shown.substr(i, n));
            i += n;
        }
        tail = "<";
        for (std::size_t i = chars.size() - std::size_t(std::max(0, left - 1)); i < chars.size(); ++i)
            tail += chars[i];
    }
    EntryView v;
    v.line = head + tail;
    v.cursor = int(text_width(v.line));
    v.text_at = int(text_width(head));
    return v;
}

std::vector<std::string> wrap_parts(const std::string& text, const std::string& gap, int width) {
    if (width < 1) width = 1;
    std::vector<std::string> out;
    std::string line;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t end = gap.empty() ? std::string::npos : text.find(gap, at);
        const std::string part = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
        at = end == std::string::npos ? text.size() + 1 : end + gap.size();
        if (part.empty()) continue;
        if (!line.empty() && text_width(line) + text_width(gap) + text_width(part) <= width) {
            line += gap + part;
            continue;
        }
        if (!line.empty()) out.push_back(std::move(line));
        line.clear();
        if (text_width(part) <= width) {
            line = part;
            continue;
        }
        std::vector<std::string> lines = wrap(part, width);
        line = std::move(lines.back());
        lines.pop_back();
        for (std::string& l : lines) out.push_back(std::move(l));
    }
    if (!line.empty() || out.empty()) out.push_back(std::move(line));
    return out;
}

void keep_lines(std::vector<std::string>& lines, int n) {
    n = std::max(1, n);
    if (int(lines.size()) <= n) return;
    for (std::size_t i = std::size_t(n); i < lines.size(); ++i) lines[std::size_t(n) - 1] += " " + lines[i];
    lines.resize(std::size_t(n));
}

std::string first_fit(const std::vector<std::string>& forms, int width) {
    for (const std::string& f : forms)
        if (text_width(f) <= width) return f;
    return forms.empty() ? std::string() : forms.back();
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

std::string elide(std::string_view text, int width, std::string_view mark) {
    if (width <= 0) return {};
    const std::string all = fit(text, 1 << 20);
    if (text_width(all) <= width) return all;
    // Only spaces past the width: nothing is lost.
    const std::string head = clip(all, width);
    if (all.find_first_not_of(' ', head.size()) == std::string::npos) return head;
    const int mark_w = text_width(mark);
    if (width <= mark_w) return clip(mark, width);
    std::string cut = clip(all, width - mark_w);
    // At a space (the whole words before it) when that keeps half the width.
    if (all[cut.size()] != ' ')
        if (const std::size_t space = cut.rfind(' ');
            space != std::string::npos && text_width(cut.substr(0, space)) >= (width - mark_w) / 2)
            cut.resize(space + 1);
    while (!cut.empty() && cut.back() == ' ') cut.pop_back();
    return cut + std::string(mark);
}

}  // namespace gobblet::ui
