#include "fields.h"

#include "engine/match.h"
#include "wire.h"

namespace gobblet::net::fields {

void bad(std::string why) { throw Bad{std::move(why)}; }

std::string shown(std::string_view word) {
    std::string s = clean_text(word, 16);
    return s.empty() ? "(nothing)" : "'" + s + "'";
}

std::int64_t number(std::string_view w, std::int64_t max, const char* what) {
    if (w.empty() || w.size() > 19 || (w.size() > 1 && w[0] == '0'))
        bad(std::string(what) + ": not a number: " + shown(w));
    std::int64_t v = 0;
    for (char c : w) {
        if (c < '0' || c > '9') bad(std::string(what) + ": not a number: " + shown(w));
        if ((c - '0') > max || v > (max - (c - '0')) / 10) bad(std::string(what) + ": out of range");
        v = v * 10 + (c - '0');
    }
    return v;
}

int small(std::string_view w, int lo, int hi, const char* what) {
    const auto v = number(w, hi, what);
    if (v < lo) bad(std::string(what) + ": out of range");
    return int(v);
}

std::string one_of(const std::vector<const char*>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    return out;
}

void end_of_line(const Words& w) {
    if (!w.done()) bad("more words than the message has");
}

std::string fitted(std::string_view text, std::size_t chars, std::size_t head) {
    std::string s = clean_text(text, chars);
    const std::size_t room = head + 1 < max_line ? max_line - 1 - head : 0;
    while (s.size() > room) {
        std::size_t cut = s.size() - 1;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
        s.resize(cut);
    }
    // A cut may leave a space at the end: free text never ends on one.
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

Expected<void> line_allowed(std::string_view line) {
    if (line.size() + 1 > max_line) return Failure{line_too_long()};
    if (!valid_utf8(line)) return Failure{"a line that is not valid UTF-8"};
    for (char ch : line) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7F) return Failure{"a control character in a line"};
    }
    if (line.empty()) return Failure{"an empty line"};
    return {};
}

namespace {

std::int64_t token_field(Words& w) {
    const std::int64_t t = number(w.next(), max_token, "token");
    end_of_line(w);
    return t;
}

std::string reason_field(Words& w) { return w.done() ? std::string() : clean_text(w.take_rest(), max_text); }

}  // namespace

Ping read(Tag<Ping>, std::string_view, Words& w, int) { return Ping{token_field(w)}; }
Pong read(Tag<Pong>, std::string_view, Words& w, int) { return Pong{token_field(w)}; }
Bye read(Tag<Bye>, std::string_view, Words& w, int) { return Bye{reason_field(w)}; }
Error read(Tag<Error>, std::string_view, Words& w, int) { return Error{reason_field(w)}; }

std::string token_line(std::string_view verb, std::int64_t token) {
    return std::string(verb) + " " + std::to_string(token);
}

std::string reason_line(std::string_view verb, std::string_view reason, bool space) {
    const std::string t = fitted(reason, max_text, verb.size() + 1);
    return t.empty() && !space ? std::string(verb) : std::string(verb) + " " + t;
}

}  // namespace gobblet::net::fields
