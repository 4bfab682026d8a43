// Small text helpers shared by the readers of the engine and the saves (protocol lines, save headers,
// notation, names) and by ui/text.cpp: ASCII case folding, trimming, splitting at a separator, UTF-8
// encoding and checking. Bytes outside ASCII are left as they are.
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gobblet {

inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

inline std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// s without the white space (spaces, tabs, line ends) at either end.
inline std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

// The piece of s from `at` up to the next `sep` (or the end), moving `at` past that separator:
// `while (at < s.size()) use(next_piece(s, at, sep));` visits every piece, the empty ones between two
// separators included, and none after a separator at the very end.
inline std::string_view next_piece(std::string_view s, std::size_t& at, char sep) {
    std::size_t end = s.find(sep, at);
    if (end == std::string_view::npos) end = s.size();
    const std::string_view piece = s.substr(at, end - at);
    at = end + 1;
    return piece;
}

// Appends the UTF-8 encoding of a code point; false (and nothing appended) for a value that is not one
// (a surrogate, or above U+10FFFF).
inline bool append_utf8(std::string& out, char32_t c) {
    if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
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

// The lines of a text, the '\r' of CRLF removed, the last one even when empty: every line reader of a
// record (Gobblet's and Grabble's transcripts) counts lines the same way. The caller bounds the text.
inline std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    return lines;
}

// Whether a code point must never reach a player's screen although it is valid UTF-8: the C1 controls
// (U+0080-009F: the one-byte CSI among them), the bidirectional formatting characters (the Arabic letter
// mark U+061C, the marks U+200E/F, the embeddings and overrides U+202A-202E, the isolates U+2066-2069),
// which reorder the rest of a line on a terminal that honours them (a name shown backwards, a chat line
// that seems to say something else), the line and paragraph separators U+2028/9, and the invisible
// characters that can make one name look like another (the zero-width space U+200B, the word joiner and
// invisible operators U+2060-2064, the deprecated format characters U+206A-206F, the byte-order mark
// U+FEFF, the interlinear annotations U+FFF9-FFFB; the soft hyphen U+00AD, the combining grapheme joiner
// U+034F, the Mongolian vowel separator U+180E, the shorthand format controls U+1BCA0-1BCA3; the Hangul
// fillers U+115F, U+1160, U+3164 and U+FFA0, blank letters that make a name look empty; and the tag
// characters U+E0000-E007F, invisible copies of ASCII that hide words in a line for whatever decodes
// them: issue 34). The joiners U+200C/D stay: scripts and emoji need them.
inline bool hidden_control(char32_t c) {
    return (c >= 0x80 && c <= 0x9F) || c == 0xAD || c == 0x034F || c == 0x061C || c == 0x115F ||
           c == 0x1160 || c == 0x180E || c == 0x200B || c == 0x200E || c == 0x200F ||
           (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) || c == 0x3164 || c == 0xFEFF ||
           (c >= 0xFFF9 && c <= 0xFFFB) || c == 0xFFA0 || (c >= 0x1BCA0 && c <= 0x1BCA3) ||
           (c >= 0xE0000 && c <= 0xE007F);
}

// The length of the well-formed UTF-8 sequence that starts at s[at] (1 to 4 bytes), or 0: a stray
// continuation byte, a sequence cut short or broken, an overlong form (C0 91 for U+0011: a control
// character in disguise), a surrogate, or beyond U+10FFFF.
inline int utf8_length(std::string_view s, std::size_t at) {
    const unsigned char c = static_cast<unsigned char>(s[at]);
    const int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || at + std::size_t(len) > s.size()) return 0;
    for (int k = 1; k < len; ++k)
        if ((static_cast<unsigned char>(s[at + std::size_t(k)]) >> 6) != 2) return 0;
    if (len == 1) return 1;
    // The second byte's range where the lead allows less than every continuation (RFC 3629's table).
    const unsigned char d = static_cast<unsigned char>(s[at + 1]);
    if (c < 0xC2 || c > 0xF4) return 0;
    if ((c == 0xE0 && d < 0xA0) || (c == 0xED && d > 0x9F) || (c == 0xF0 && d < 0x90) ||
        (c == 0xF4 && d > 0x8F))
        return 0;
    return len;
}

// The code point of the well-formed UTF-8 sequence of `len` bytes (2 to 4) at the start of `s`.
inline char32_t utf8_code_point(std::string_view s, int len) {
    char32_t c = static_cast<unsigned char>(s[0]) & (0x7F >> len);
    for (int k = 1; k < len; ++k) c = (c << 6) | (static_cast<unsigned char>(s[std::size_t(k)]) & 0x3F);
    return c;
}

// True when `s` is well-formed UTF-8 (no overlong forms, surrogates or values above U+10FFFF).
inline bool valid_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        int len;
        std::uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07;
        } else {
            return false;  // a continuation byte first, an overlong two-byte lead, or beyond U+10FFFF
        }
        if (i + len > s.size()) return false;
        for (int k = 1; k < len; ++k) {
            const unsigned char d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += len;
    }
    return true;
}

}  // namespace gobblet
