// The kinds of the lobby lines' fields (net/lobby.cpp's one description of each message walks them):
// how a field reads its words from a line and writes them, and what its errors say. A kind that reads
// one member's value has `Value read(Words&, const Ctx&)` and `void write(std::string& line, const Value&,
// const Ctx&)`; a kind over the whole message reads into it and writes from it. Only net/lobby.cpp
// includes this header.
#pragma once

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

#include "fields.h"
#include "lobby.h"

namespace gobblet::net::lobby::kinds {

using namespace fields;  // the readers' tools (net/fields.h)

inline constexpr int max_score = max_first_to;  // the engine's bound; terms bound a lobby match further
inline constexpr Millis max_left = 100 * max_clock_millis;  // a Fischer clock grows with its increments
inline constexpr int max_round = 1000;
inline constexpr int max_points = 2 * 1000;  // half points

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_hex(std::string_view s, std::size_t digits) {
    if (s.size() != digits) return false;
    for (char c : s)
        if (!is_digit(c) && !(c >= 'a' && c <= 'f')) return false;
    return true;
}

// ---------------------------------------------------------------------------------------------------
// Kinds of fields. A kind reads its words from a line and appends them to one, each word after a space:
// a member's kind reads and writes a value (`Value read(Words&, const Ctx&)`, `void write(std::string&
// line, const Value&, const Ctx&)`); a kind that spans several members (a login's proof, a match's
// context) reads into and writes from the whole message. What a field's errors call it is the verb,
// then the field's name when it has one ("history: page: out of range").

struct Ctx {
    std::string_view verb;
    const char* name;  // "" for the verb alone
    int version;
    std::string what() const { return *name ? std::string(verb) + ": " + name : std::string(verb); }
    // A part of a field that has a name of its own ("match: round").
    std::string what(const char* part) const { return std::string(verb) + ": " + part; }
};

// A decimal in [lo, hi], as fields::number reads it; the error (only then) names the field.
inline std::int64_t in_range(std::string_view w, std::int64_t lo, std::int64_t hi, const std::string& what) {
    const std::int64_t v = number(w, hi, what.c_str());
    if (v < lo) bad(what + ": out of range");
    return v;
}
template <class Label>
inline std::int64_t in_range(std::string_view w, std::int64_t lo, std::int64_t hi, const Label& label) {
    // The usual case without building the field's name: digits, no leading zero, within the range.
    bool plain = !w.empty() && w.size() <= 18 && (w.size() == 1 || w[0] != '0');
    std::int64_t v = 0;
    for (char c : w) {
        plain = plain && is_digit(c);
        if (plain) v = v * 10 + (c - '0');
    }
    if (plain && v >= lo && v <= hi) return v;
    return in_range(w, lo, hi, label());
}

inline void space(std::string& line, std::string_view word) {
    line += ' ';
    line += word;
}

// A decimal in [lo, hi].
struct Int {
    using Value = int;
    int lo, hi;
    int read(Words& w, const Ctx& c) const {
        return int(in_range(w.next(), lo, hi, [&] { return c.what(); }));
    }
    void write(std::string& line, int v, const Ctx&) const { space(line, std::to_string(v)); }
};

// A seek, challenge or tournament id: 1 to max_id.
struct IdWord {
    using Value = Id;
    Id read(Words& w, const Ctx& c) const { return read(w.next(), c); }
    Id read(std::string_view w, const Ctx& c) const {
        return in_range(w, 1, max_id, [&] { return c.what(); });
    }
    void write(std::string& line, Id v, const Ctx&) const { space(line, std::to_string(v)); }
};

// A word of text as it is, once `valid` says it is one; the error says the form.
template <bool (*valid)(std::string_view)>
struct Form {
    using Value = std::string;
    const char* form;  // "a game id is 16 hex digits"
    std::string read(Words& w, const Ctx& c) const { return read(w.next(), c); }
    std::string read(std::string_view w, const Ctx& c) const {
        if (!valid(w)) bad(c.what() + ": " + form);
        return std::string(w);
    }
    void write(std::string& line, const std::string& v, const Ctx&) const { space(line, v); }
};

inline bool valid_code(std::string_view w) {
    bool ok = w.size() >= 4 && w.size() <= 32;
    for (char c : w) ok &= is_digit(c) || (c >= 'A' && c <= 'Z');
    return ok;
}
inline bool any_player(std::string_view w) { return valid_name(w) || valid_guest_name(w); }

inline const Form<valid_game_id> game_word{"a game id is 16 hex digits"};
inline const Form<valid_code> code_word{"a code has 4 to 32 capitals and digits"};
inline const Form<valid_secret> secret_word{"a secret is 64 hex digits"};

// A word of text as it is, which the error quotes after saying what it should be.
template <bool (*valid)(std::string_view)>
struct Quoted {
    using Value = std::string;
    const char* form;  // "not a player's name"
    std::string read(Words& w, const Ctx& c) const { return read(w.next(), c); }
    std::string read(std::string_view w, const Ctx& c) const {
        if (!valid(w)) bad(c.what() + ": " + form + shown(w));
        return std::string(w);
    }
    void write(std::string& line, const std::string& v, const Ctx&) const { space(line, v); }
};

inline bool is_date(std::string_view w) {
    // 2026-11-23T14:03Z
    static constexpr std::string_view shape = "dddd-dd-ddTdd:ddZ";
    bool ok = w.size() == shape.size();
    for (std::size_t i = 0; ok && i < w.size(); ++i) ok = shape[i] == 'd' ? is_digit(w[i]) : w[i] == shape[i];
    const auto two = [&](std::size_t at) { return (w[at] - '0') * 10 + (w[at + 1] - '0'); };
    return ok && two(5) >= 1 && two(5) <= 12 && two(8) >= 1 && two(8) <= 31 && two(11) <= 23 && two(14) <= 59;
}

inline const Quoted<any_player> player_word{"not a player's name: "};
inline const Quoted<valid_name> registered_word{
    "not a name (2 to 20 letters, digits, '-' or '_', a letter first): "};
inline const Quoted<valid_tournament_name> tournament_word{
    "not a tournament's name (2 to 32 letters, digits, '-', '_' or '.', a letter or digit first): "};
inline const Quoted<valid_address> address_word{"expected a numeric IP address, not "};
inline const Quoted<is_date> date_word{"a date is written 2026-11-23T14:03Z, not "};

// One word standing for "none" (`-`, `*`), else the inner kind's; none is the value `none_value`.
template <class K>
struct OrNone {
    using Value = typename K::Value;
    K inner;
    const char* none;
    Value none_value{};
    bool reads_none = true;  // false: the word is written for none but never read (an older version's)
    Value read(Words& w, const Ctx& c) const {
        const std::string_view word = w.next();
        if (reads_none && word == none) return none_value;
        return inner.read(word, c);
    }
    void write(std::string& line, const Value& v, const Ctx& c) const {
        if (v == none_value) return space(line, none);
        inner.write(line, v, c);
    }
};

// One of a list of words, each standing for a value; the error lists them ("expected idle or playing,
// not 'away'"), and `hint` after them.
template <class T, std::size_t N>
struct Choice {
    using Value = T;
    std::array<std::pair<const char*, T>, N> words;
    const char* hint = "";
    T read(Words& w, const Ctx& c) const {
        const std::string_view word = w.next();
        for (const auto& [text, value] : words)
            if (word == text) return value;
        std::vector<const char*> expected;
        for (const auto& [text, value] : words) expected.push_back(text);
        bad(c.what() + ": expected " + one_of(expected) + hint + ", not " + shown(word));
    }
    void write(std::string& line, const T& v, const Ctx&) const {
        for (const auto& [text, value] : words)
            if (v == value) return space(line, text);
    }
};

// The words of one of the vocabulary's enumerations (net/lobby_words.h), all of them or the first
// `readable` (a login's role: human or bot); an enumerator is written with its word.
template <class E, std::size_t N>
struct Enum {
    using Value = E;
    const char* const (&words)[N];
    std::size_t readable = N;
    E read(Words& w, const Ctx& c) const {
        const std::string_view word = w.next();
        for (std::size_t i = 0; i < readable; ++i)
            if (word == words[i]) return E(i);
        bad(c.what() + ": expected " + one_of({std::begin(words), std::begin(words) + readable}) + ", not " +
            shown(word));
    }
    void write(std::string& line, E v, const Ctx&) const { space(line, words[std::size_t(v)]); }
};

// Two numbers joined by `sep` (a rating RATING/DEVIATION, a change BEFORE>AFTER), or - for none; `form`
// says the shape in the error.
template <class T, int T::*first, int T::*second>
struct Joined {
    using Value = std::optional<T>;
    char sep;
    int max_second;
    const char* form;
    Value read(Words& w, const Ctx& c) const {
        const std::string_view word = w.next();
        if (word == "-") return std::nullopt;
        const auto at = word.find(sep);
        if (at == std::string_view::npos) bad(c.what() + ": " + form + " or -");
        const auto what = [&] { return c.what(); };
        T v;
        v.*first = int(in_range(word.substr(0, at), 0, 9999, what));
        v.*second = int(in_range(word.substr(at + 1), 0, max_second, what));
        return v;
    }
    void write(std::string& line, const Value& v, const Ctx&) const {
        space(line, v ? std::to_string((*v).*first) + sep + std::to_string((*v).*second) : std::string("-"));
    }
};
inline const Joined<Rating, &Rating::rating, &Rating::deviation> rating_word{'/', 999,
                                                                             "a rating is RATING/DEVIATION"};
inline const Joined<RatingChange, &RatingChange::before, &RatingChange::after> change_word{
    '>', 9999, "a rating change is BEFORE>AFTER"};

// N fields of one kind in a row (the four ratings, the two players' names or scores).
template <class K, std::size_t N>
struct Each {
    using Value = std::array<typename K::Value, N>;
    K one;
    Value read(Words& w, const Ctx& c) const {
        Value out;
        for (auto& v : out) v = one.read(w, c);
        return out;
    }
    void write(std::string& line, const Value& vs, const Ctx& c) const {
        for (const auto& v : vs) one.write(line, v, c);
    }
};

// A rating as two numbers (the rating list's, the leaderboard's): RATING DEVIATION.
struct RatingWords {
    using Value = Rating;
    int max_deviation;
    Rating read(Words& w, const Ctx& c) const {
        Rating r;
        r.rating = int(in_range(w.next(), 0, 9999, [&] { return c.what("rating"); }));
        r.deviation = int(in_range(w.next(), 0, max_deviation, [&] { return c.what("deviation"); }));
        return r;
    }
    void write(std::string& line, const Rating& r, const Ctx&) const {
        space(line, std::to_string(r.rating));
        space(line, std::to_string(r.deviation));
    }
};

// A variant as two words: its rules and its board size.
struct VariantWords {
    using Value = Variant;
    Variant read(Words& w, const Ctx& c) const {
        const std::string_view rules = w.next();
        const Expected<Variant> v = parse_variant(rules, w.next());
        if (!v) bad(c.what() + ": " + v.why());
        return *v;
    }
    void write(std::string& line, const Variant& v, const Ctx&) const {
        space(line, rules_name(v.rules));
        space(line, std::to_string(v.size));
    }
};

// Half points as a table shows them: "2", "2.5".
struct Points {
    using Value = int;
    int read(Words& w, const Ctx& c) const {
        const std::string_view word = w.next();
        const bool half = word.ends_with(".5");
        const auto what = [&] { return c.what(); };
        const int points =
            2 * int(in_range(half ? word.substr(0, word.size() - 2) : word, 0, max_points / 2, what));
        if (points + (half ? 1 : 0) > max_points) bad(c.what() + ": out of range");
        return points + (half ? 1 : 0);
    }
    void write(std::string& line, int v, const Ctx&) const { space(line, points_text(v)); }
};

// A clock reading in milliseconds, or - for a game without a clock.
struct TimeLeft {
    using Value = std::optional<Millis>;
    Value read(Words& w, const Ctx& c) const {
        const std::string_view word = w.next();
        if (word == "-") return std::nullopt;
        return in_range(word, 0, max_left, [&] { return c.what(); });
    }
    void write(std::string& line, const Value& v, const Ctx&) const {
        space(line, v ? std::to_string(*v) : std::string("-"));
    }
};

// A player of a game (0 or 1), or - for neither.
struct PlayerOrNone {
    using Value = int;
    int read(Words& w, const Ctx& c) const {
        const std::string_view word = w.next();
        if (word == "-") return -1;
        return int(in_range(word, 0, 1, [&] { return c.what(); }));
    }
    void write(std::string& line, int v, const Ctx&) const {
        space(line, v < 0 ? std::string("-") : std::to_string(v));
    }
};

// A tournament's format, as the version has them (parse_format). Its errors name no field.
struct FormatWord {
    using Value = Format;
    Format read(Words& w, const Ctx& c) const {
        const Expected<Format> f = parse_format(w.next(), c.version);
        if (!f) bad(f.why());
        return *f;
    }
    void write(std::string& line, const Format& f, const Ctx&) const { space(line, format_text(f)); }
};

// The kinds that take the rest of the line.

// A match's terms.
struct TermsWords {
    using Value = Terms;
    Terms read(Words& w, const Ctx& c) const {
        if (w.done()) bad(c.what() + ": no terms");
        const auto t = parse_terms(w.take_rest());
        if (!t) bad(c.what() + ": " + t.why());
        return *t;
    }
    void write(std::string& line, const Terms& t, const Ctx&) const { space(line, terms_text(t)); }
};

// Free text (cleaned, at most `chars` characters; cut to fit the line as written), which may be
// empty unless `needed`: nothing at all is written for none, not even the space.
struct Text {
    using Value = std::string;
    std::size_t chars;
    bool needed = false;
    std::string read(Words& w, const Ctx& c) const {
        std::string t = w.done() ? std::string() : clean_text(w.take_rest(), chars);
        if (needed && t.empty()) bad(c.what() + ": nothing printable");
        return t;
    }
    void write(std::string& line, const std::string& text, const Ctx&) const {
        const std::string t = fitted(text, chars, line.size() + 1);
        if (!t.empty()) space(line, t);
    }
};

// Ratings to the end of the line (a trend's): 1 to max_trend_points of them, each 0 to 9999.
struct RatingSeries {
    using Value = std::vector<int>;
    std::vector<int> read(Words& w, const Ctx& c) const {
        std::vector<int> out;
        while (!w.done()) {
            if (out.size() == std::size_t(max_trend_points))
                bad(c.what() + ": more than " + std::to_string(max_trend_points) + " ratings");
            out.push_back(int(in_range(w.next(), 0, 9999, [&] { return c.what(); })));
        }
        if (out.empty()) bad(c.what() + ": no rating");
        return out;
    }
    void write(std::string& line, const std::vector<int>& v, const Ctx&) const {
        for (const int r : v) space(line, std::to_string(r));
    }
};

// A password: the rest of the line exactly as typed (never cleaned: it must match).
struct Password {
    using Value = std::string;
    std::string read(Words& w, const Ctx& c) const {
        if (w.done()) bad(c.what() + ": no password");
        const std::string_view p = w.take_rest();
        if (auto ok = password_allowed(p); !ok) bad(c.what() + ": " + ok.why());
        return std::string(p);
    }
    void write(std::string& line, const std::string& p, const Ctx&) const { space(line, p); }
};

// Kinds that span members.

// The literal word a greeting starts with, and what a line without it is not.
struct Gobblet {
    const char* not_one;  // "not a gobblet client"
    template <class M>
    void read(Words& w, M&, const Ctx& c) const {
        if (w.next() != "gobblet") bad(c.what() + ": " + not_one);
    }
    template <class M>
    void write(std::string& line, const M&, const Ctx&) const {
        space(line, "gobblet");
    }
};

// How a login proves its name: `secret HEX`, `password TEXT`, `guest`, and `key` (version 2).
struct Proof {
    void read(Words& w, Login& l, const Ctx& c) const {
        const std::string_view word = w.next();
        const auto known = std::find(std::begin(method_words), std::end(method_words), word);
        const std::size_t i = std::size_t(known - std::begin(method_words));
        if (known == std::end(method_words) || c.version < method_since[i])
            bad(c.what() + ": expected " + listed(method_words, method_since, c.version) + ", not " +
                shown(word));
        l.method = Method(i);
        switch (l.method) {
            case Method::Secret: l.credential = secret_word.read(w, c); break;
            case Method::Password: l.credential = Password{}.read(w, c); break;  // as typed: it must match
            case Method::Guest:
            case Method::Key: break;
        }
    }
    void write(std::string& line, const Login& l, const Ctx&) const {
        space(line, method_words[std::size_t(l.method)]);
        if (l.method == Method::Secret || l.method == Method::Password) space(line, l.credential);
    }
};

// A seek's terms and who it is for (version 3), to the end of the line.
struct SeekTermsWords {
    template <class M>
    void read(Words& w, M& m, const Ctx& c) const {
        if (w.done()) bad(c.what() + ": no terms");
        const auto st = parse_seek_terms(w.take_rest());
        if (!st) bad(c.what() + ": " + st.why());
        m.terms = st->terms;
        m.audience = st->audience;
    }
    template <class M>
    void write(std::string& line, const M& m, const Ctx&) const {
        space(line, seek_terms_text(m.terms, m.audience));
    }
};

// What a player does (version 3): `idle -`, `playing OPPONENT`, `watching GAME`.
struct Activity {
    void read(Words& w, PlayerItem& p, const Ctx& c) const {
        const std::string_view state = w.next();
        if (state != "idle" && state != "playing" && state != "watching")
            bad(c.what() + ": expected idle, playing or watching, not " + shown(state));
        const std::string_view with = w.next();
        if ((state == "idle") != (with == "-")) bad(c.what() + ": - names nobody, for an idle player only");
        if (state == "playing") p.opponent = player_word.read(with, Ctx{c.verb, "opponent", c.version});
        if (state == "watching") p.watching = game_word.read(with, Ctx{c.verb, "watching", c.version});
        p.playing = state == "playing";
    }
    void write(std::string& line, const PlayerItem& p, const Ctx&) const {
        // (a player whose opponent is not said is written as one without a game: the reader needs a name)
        if (p.playing && !p.opponent.empty())
            line += " playing " + p.opponent;
        else if (!p.playing && !p.watching.empty())
            line += " watching " + p.watching;
        else
            line += " idle -";
    }
};

// A match's context: - or TOURNAMENT/ROUND.
struct Context {
    void read(Words& w, MatchStart& m, const Ctx& c) const {
        const std::string_view context = w.next();
        if (context == "-") return;
        const auto slash = context.find('/');
        if (slash == std::string_view::npos) bad(c.what() + ": the context is - or TOURNAMENT/ROUND");
        m.tournament = IdWord{}.read(context.substr(0, slash), Ctx{c.verb, "tournament", c.version});
        m.round = int(in_range(context.substr(slash + 1), 1, max_round, [&] { return c.what("round"); }));
    }
    void write(std::string& line, const MatchStart& m, const Ctx&) const {
        space(line,
              m.tournament ? std::to_string(m.tournament) + "/" + std::to_string(m.round) : std::string("-"));
    }
};

// A machine's key fingerprint, or - for a secret.
struct Fingerprint {
    void read(Words& w, MachineItem& m, const Ctx& c) const {
        const std::string_view fingerprint = w.next();
        const bool key = m.kind == MachineKind::Key;
        if (key ? !valid_ssh_key(fingerprint) : fingerprint != "-")
            bad(c.what() + (key ? ": a key's fingerprint is SHA256: and 43 characters of base64"
                                : ": a secret shows no fingerprint: -"));
        if (key) m.fingerprint = std::string(fingerprint);
    }
    void write(std::string& line, const MachineItem& m, const Ctx&) const {
        space(line, m.fingerprint.empty() ? "-" : m.fingerprint);
    }
};

// A machine's last address: an IP address, `unix`, or - unknown.
inline bool machine_address(std::string_view w) { return w == "unix" || valid_address(w); }

// The request an answer names.
struct RequestVerb {
    using Value = std::string;
    std::string read(Words& w, const Ctx& c) const {
        std::string v(w.next());
        if (!client_verb(v)) bad(c.what() + ": not a request: " + shown(v));
        return v;
    }
    void write(std::string& line, const std::string& v, const Ctx&) const { space(line, v); }
};

// The request an `ok` answers: one the table says it answers, in the version spoken.
struct OkVerb {
    using Value = std::string;
    std::string read(Words& w, const Ctx& c) const {
        const std::string_view v = w.next();
        if (!ok_verb(v, c.version)) {
            std::vector<const char*> verbs;
            for (const MessageRow& row : message_table)
                if (row.answer == Answer::Ok && c.version >= row.since) verbs.push_back(row.verb);
            bad(c.what() + ": expected " + one_of(verbs) + ", not " + shown(v));
        }
        return std::string(v);
    }
    void write(std::string& line, const std::string& v, const Ctx&) const { space(line, v); }
};

// The messages both protocols share (net/fields.h reads and writes them, for both).
struct Shared {
    template <class M>
    void read(Words& w, M& m, const Ctx& c) const {
        m = fields::read(Tag<M>{}, c.verb, w);
    }
    void write(std::string& line, const Ping& p, const Ctx&) const { line = token_line(line, p.token); }
    void write(std::string& line, const Pong& p, const Ctx&) const { line = token_line(line, p.token); }
    // An empty reason goes without its space here ("bye"), as this protocol always wrote it.
    void write(std::string& line, const Bye& b, const Ctx&) const {
        line = reason_line(line, b.reason, false);
    }
    void write(std::string& line, const Error& e, const Ctx&) const {
        line = reason_line(line, e.reason, false);
    }
};

}  // namespace gobblet::net::lobby::kinds
