#include "latin.h"

#include <cctype>

#include "text.h"

namespace gobblet {

long next_code_point(std::string_view s, std::size_t& at) {
    const int len = utf8_length(s, at);
    if (len == 0) {
        ++at;
        return -1;
    }
    const long c = len == 1 ? static_cast<unsigned char>(s[at]) : long(utf8_code_point(s.substr(at), len));
    at += std::size_t(len);
    return c;
}

namespace {

// Whether a Latin letter of latin_ascii's ranges is a capital: Latin-1's À-Þ (but ×); Latin Extended-A in
// pairs, capital first, but for the runs Ĺ-Ň and Ź-Ž (capital second) and the letters without a pair.
bool latin_capital(long c) {
    if (c >= 0xC0 && c <= 0xDE) return c != 0xD7;
    if (c >= 0x100 && c < 0x180) {
        if (c == 0x130 || c == 0x178) return true;                               // İ Ÿ
        if (c == 0x131 || c == 0x138 || c == 0x149 || c == 0x17F) return false;  // ı ĸ ŉ ſ
        const bool odd_capitals = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
        return odd_capitals ? c % 2 == 1 : c % 2 == 0;
    }
    return c == 0x218 || c == 0x21A;  // Ș Ț
}

}  // namespace

std::string latin_ascii(long c) {
    // The letters in lower case, one entry per code point; latin_capital says which take upper case.
    static constexpr const char* latin1[64] = {
        "a", "a", "a", "a", "a", "a", "ae", "c",     "e", "e", "e", "e", "i", "i", "i",  "i",  //
        "d", "n", "o", "o", "o", "o", "o",  nullptr, "o", "u", "u", "u", "u", "y", "th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c",     "e", "e", "e", "e", "i", "i", "i",  "i",  //
        "d", "n", "o", "o", "o", "o", "o",  nullptr, "o", "u", "u", "u", "u", "y", "th", "y"};
    static constexpr const char* extended_a[128] = {
        "a", "a", "a",  "a",  "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",   // 0100
        "d", "d", "e",  "e",  "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",   // 0110
        "g", "g", "g",  "g",  "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",   // 0120
        "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",   // 0130
        "l", "l", "l",  "n",  "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",   // 0140
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",   // 0150
        "s", "s", "t",  "t",  "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",   // 0160
        "u", "u", "u",  "u",  "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s"};  // 0170
    const char* letters = nullptr;
    if (c >= 0xC0 && c < 0x100) letters = latin1[c - 0xC0];
    if (c >= 0x100 && c < 0x180) letters = extended_a[c - 0x100];
    if (c >= 0x218 && c < 0x21C) letters = c < 0x21A ? "s" : "t";  // Ș ș Ț ț
    if (!letters) return "";
    std::string out(letters);
    if (latin_capital(c))
        for (char& ch : out) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    return out;
}

std::string ascii_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        const long c = next_code_point(text, at);
        if (c >= 0 && c < 0x80)
            out += char(c);
        else if (const std::string letters = latin_ascii(c); !letters.empty())
            out += letters;
        else if (c < 0x300 || c >= 0x370)  // a combining accent goes with the letter before it
            out += '?';
    }
    return out;
}

}  // namespace gobblet
