// Small text helpers shared by the readers of the engine and the saves (protocol lines, save headers,
// notation) and by ui/text.cpp: ASCII case folding, trimming, splitting at a separator, UTF-8 encoding.
// Bytes outside ASCII are left as they are.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

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

}  // namespace gobblet
