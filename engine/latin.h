// Latin letters in ASCII, in one place for everything that must write a name without UTF-8: the
// archive's file names (saves/record.h's slug: "lukasz-white--zoe-black.txt") and a terminal whose locale
// is not UTF-8 (LANG=C: ui/text.h's callers show "~Lukasz" and "Zoe", never bytes it would garble).
#pragma once

#include <string>
#include <string_view>

namespace gobblet {

// The next code point of UTF-8 text at `at` (moving `at` past it), or -1 for a byte that does not begin a
// well-formed sequence (moving past that byte alone).
long next_code_point(std::string_view s, std::size_t& at);

// The ASCII letters of a Latin letter with a diacritic (U+00C0-U+017F, and the Romanian commas), its case
// kept: "L" for Ł, "o" for ö, "ss" for ß, "AE" for Æ; "" for what is not a letter there (× and ÷) and for
// every other code point.
std::string latin_ascii(long c);

// Text in ASCII: ASCII as it is, Latin letters as latin_ascii writes them, combining accents (a letter
// typed as "e" + U+0301) dropped with the letter before them standing for both, and every other character
// (another script, a symbol, a byte that is not UTF-8) one '?'.
std::string ascii_text(std::string_view text);

}  // namespace gobblet
