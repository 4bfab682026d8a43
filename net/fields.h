// The pieces both line protocols read and write their fields with: the game's (wire.h) and the lobby's
// (lobby.h). One place, so that both say the same things about the same mistakes ("a line longer than
// 512 bytes", "page: out of range") and cut free text the same way.
//
// The parsers use them inside one try block each: a field that does not read throws Bad with a reason
// fit to show a player, and the parser turns it into its error value. Nothing escapes a parser.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "wire.h"

namespace gobblet::net::fields {

// Reads a line word by word (words are separated by exactly one space); the last field of a message
// may take the rest of the line.
class Words {
  public:
    explicit Words(std::string_view line) : rest_(line) {}
    // The next word; empty at the end of the line (and for an empty word, which no field accepts).
    std::string_view next() {
        const auto space = rest_.find(' ');
        const std::string_view w = rest_.substr(0, space);
        rest_ = space == std::string_view::npos ? std::string_view() : rest_.substr(space + 1);
        at_end_ = space == std::string_view::npos;
        return w;
    }
    std::string_view rest() const { return rest_; }
    // The rest of the line, taken by the last field (free text, terms): no word is left after it.
    std::string_view take_rest() {
        const std::string_view r = rest_;
        rest_ = std::string_view();
        at_end_ = true;
        return r;
    }
    // No word is left (the last one has been read).
    bool done() const { return at_end_; }

  private:
    std::string_view rest_;
    bool at_end_ = false;
};

// Thrown by a field reader inside a parser, caught by the parser: why the line is refused.
struct Bad {
    std::string why;
};
[[noreturn]] void bad(std::string why);

// A word of the peer's as an error quotes it: cleaned, at most 16 characters, in quotes
// ("(nothing)" for an empty one).
std::string shown(std::string_view word);
// A plain decimal without sign or leading zero, at most `max`; `what` names the field in the error.
std::int64_t number(std::string_view w, std::int64_t max, const char* what);
// The same in [lo, hi].
int small(std::string_view w, int lo, int hi, const char* what);
// Refuses anything after the last field.
void end_of_line(const Words& w);
// Words as an error lists them: "secret, password, guest or key".
std::string one_of(const std::vector<const char*>& words);
// The words of `words` that `version` has (`since`: the version that brought each), listed.
template <std::size_t N>
std::string listed(const char* const (&words)[N], const int (&since)[N], int version) {
    std::vector<const char*> have;
    for (std::size_t i = 0; i < N; ++i)
        if (version >= since[i]) have.push_back(words[i]);
    return one_of(have);
}

// Free text for the end of a line that already holds `head` bytes: cleaned (clean_text), at most
// `chars` characters, and cut by whole characters so that the line with its '\n' fits in max_line.
std::string fitted(std::string_view text, std::size_t chars, std::size_t head);

// Whether a line (without its '\n') can be a protocol line at all, or why not: longer than max_line with
// its '\n', not UTF-8, a control character, or empty.
Expected<void> line_allowed(std::string_view line);

// A message type as an argument, to pick its reader among the overloads of `read`.
template <class T>
struct Tag {};

// The messages both protocols share (wire.h's Ping, Pong, Bye and Error: keep-alives with the sender's
// token, leaving with a reason), read and written here once. `verb` is the line's, from the protocol's
// table. The game protocol writes an empty reason with its space ("bye "), the lobby without ("bye"):
// `space` keeps each as it always was; both read either.
constexpr std::int64_t max_token = 1'000'000'000'000'000'000LL;
Ping read(Tag<Ping>, std::string_view verb, Words& w, int version = 0);
Pong read(Tag<Pong>, std::string_view verb, Words& w, int version = 0);
Bye read(Tag<Bye>, std::string_view verb, Words& w, int version = 0);
Error read(Tag<Error>, std::string_view verb, Words& w, int version = 0);
std::string token_line(std::string_view verb, std::int64_t token);
std::string reason_line(std::string_view verb, std::string_view reason, bool space);

}  // namespace gobblet::net::fields
