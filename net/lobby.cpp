#include "lobby.h"

#include <algorithm>
#include <iterator>
#include <tuple>
#include <utility>
#include <vector>

#include "fields.h"

namespace gobblet::net::lobby {

namespace {

using namespace fields;  // the readers' tools (net/fields.h)

constexpr int max_score = max_first_to;              // the engine's bound; terms bound a lobby match further
constexpr Millis max_left = 100 * max_clock_millis;  // a Fischer clock grows with its increments
constexpr int max_round = 1000;
constexpr int max_points = 2 * 1000;  // half points

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(std::string_view s, std::size_t digits) {
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
std::int64_t in_range(std::string_view w, std::int64_t lo, std::int64_t hi, const std::string& what) {
    const std::int64_t v = number(w, hi, what.c_str());
    if (v < lo) bad(what + ": out of range");
    return v;
}
template <class Label>
std::int64_t in_range(std::string_view w, std::int64_t lo, std::int64_t hi, const Label& label) {
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

void space(std::string& line, std::string_view word) {
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

bool valid_code(std::string_view w) {
    bool ok = w.size() >= 4 && w.size() <= 32;
    for (char c : w) ok &= is_digit(c) || (c >= 'A' && c <= 'Z');
    return ok;
}
bool any_player(std::string_view w) { return valid_name(w) || valid_guest_name(w); }

const Form<valid_game_id> game_word{"a game id is 16 hex digits"};
const Form<valid_code> code_word{"a code has 4 to 32 capitals and digits"};
const Form<valid_secret> secret_word{"a secret is 64 hex digits"};

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

bool is_date(std::string_view w) {
    // 2026-11-23T14:03Z
    static constexpr std::string_view shape = "dddd-dd-ddTdd:ddZ";
    bool ok = w.size() == shape.size();
    for (std::size_t i = 0; ok && i < w.size(); ++i) ok = shape[i] == 'd' ? is_digit(w[i]) : w[i] == shape[i];
    const auto two = [&](std::size_t at) { return (w[at] - '0') * 10 + (w[at + 1] - '0'); };
    return ok && two(5) >= 1 && two(5) <= 12 && two(8) >= 1 && two(8) <= 31 && two(11) <= 23 && two(14) <= 59;
}

const Quoted<any_player> player_word{"not a player's name: "};
const Quoted<valid_name> registered_word{
    "not a name (2 to 20 letters, digits, '-' or '_', a letter first): "};
const Quoted<valid_tournament_name> tournament_word{
    "not a tournament's name (2 to 32 letters, digits, '-', '_' or '.', a letter or digit first): "};
const Quoted<valid_address> address_word{"expected a numeric IP address, not "};
const Quoted<is_date> date_word{"a date is written 2026-11-23T14:03Z, not "};

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
const Joined<Rating, &Rating::rating, &Rating::deviation> rating_word{'/', 999,
                                                                      "a rating is RATING/DEVIATION"};
const Joined<RatingChange, &RatingChange::before, &RatingChange::after> change_word{
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
bool machine_address(std::string_view w) { return w == "unix" || valid_address(w); }

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

// ---------------------------------------------------------------------------------------------------
// Fields. A field is a member and its kind (or a kind over the whole message), the name its errors give
// after the verb, and the versions that have it: from `since` (the version that brought it) to `until`
// (the last that had it in that shape).

template <class M, class K, class T = void>
struct Field {
    T M::*member;
    K kind;
    const char* name = "";
    int since = 1, until = protocol_version;
    constexpr Field from(int v) const { return Field{member, kind, name, v, until}; }
    constexpr Field upto(int v) const { return Field{member, kind, name, since, v}; }
};
template <class M, class K>
struct Field<M, K, void> {
    K kind;
    const char* name = "";
    int since = 1, until = protocol_version;
    constexpr Field from(int v) const { return Field{kind, name, v, until}; }
    constexpr Field upto(int v) const { return Field{kind, name, since, v}; }
};

// A member's field, and a field over the whole message.
template <class M, class T, class K>
Field<M, K, T> field(T M::*member, K kind, const char* name = "") {
    return {member, kind, name};
}
template <class M, class K>
Field<M, K> whole(K kind, const char* name = "") {
    return {kind, name};
}

template <class M, class K, class T>
void read_field(const Field<M, K, T>& f, M& m, Words& w, std::string_view verb, int version) {
    if (version < f.since || version > f.until) return;
    const Ctx c{verb, f.name, version};
    if constexpr (std::is_void_v<T>)
        f.kind.read(w, m, c);
    else
        m.*f.member = f.kind.read(w, c);
}

template <class M, class K, class T>
void write_field(const Field<M, K, T>& f, const M& m, std::string& line, std::string_view verb, int version) {
    if (version < f.since || version > f.until) return;
    const Ctx c{verb, f.name, version};
    if constexpr (std::is_void_v<T>)
        f.kind.write(line, m, c);
    else
        f.kind.write(line, m.*f.member, c);
}

// ---------------------------------------------------------------------------------------------------
// The messages, each described once: its fields in the order of its line, with the versions that have
// them (docs/lobby.md shows each line). The reader and the writer below walk the same description, so
// they cannot disagree; a message without one does not compile.

const Int version_word{0, 999};
const Int page{1, max_page};
const Int count{0, max_count};
const Int score_word{0, max_score};
const TermsWords terms_words;
const Text text{max_text};
const Text said{max_text, true};
const Enum<Role, 3> human_or_bot{role_words, 2};

auto fields(Tag<Hello>) {
    return std::tuple{whole<Hello>(Gobblet{"not a gobblet client"}),
                      field(&Hello::version, version_word, "version")};
}
auto fields(Tag<Login>) {
    return std::tuple{field(&Login::name, registered_word), field(&Login::role, human_or_bot),
                      whole<Login>(Proof{})};
}
auto fields(Tag<SetPassword>) {
    return std::tuple{field(&SetPassword::forget_others,
                            Choice<bool, 2>{{{{"keep", false}, {"forget", true}}}, " (the other machines)"})
                          .from(3),
                      field(&SetPassword::password, Password{})};
}
auto fields(Tag<AddSecret>) { return std::tuple{field(&AddSecret::secret, secret_word)}; }
auto fields(Tag<Ssh>) {
    return std::tuple{
        field(&Ssh::address, address_word),
        field(&Ssh::key, OrNone<Form<valid_ssh_key>>{
                             {"a key is SHA256: and 43 characters of base64, or - for none"}, "-"})};
}
auto fields(Tag<AddKey>) { return std::tuple{}; }
auto fields(Tag<Post>) {
    return std::tuple{field(&Post::terms, terms_words).upto(2), whole<Post>(SeekTermsWords{}).from(3)};
}
auto fields(Tag<Challenge>) {
    return std::tuple{field(&Challenge::name, player_word), field(&Challenge::terms, terms_words)};
}
auto fields(Tag<Accept>) { return std::tuple{field(&Accept::id, IdWord{})}; }
auto fields(Tag<Decline>) { return std::tuple{field(&Decline::id, IdWord{})}; }
auto fields(Tag<Withdraw>) { return std::tuple{field(&Withdraw::id, IdWord{})}; }
auto fields(Tag<Watch>) { return std::tuple{field(&Watch::game, game_word)}; }
auto fields(Tag<Say>) { return std::tuple{field(&Say::text, said)}; }
auto fields(Tag<HistoryQuery>) {
    return std::tuple{field(&HistoryQuery::name, player_word), field(&HistoryQuery::page, page, "page")};
}
auto fields(Tag<RecordQuery>) { return std::tuple{field(&RecordQuery::game, game_word)}; }
auto fields(Tag<RatingsQuery>) {
    return std::tuple{field(&RatingsQuery::variant, VariantWords{}),
                      field(&RatingsQuery::page, page, "page")};
}
auto fields(Tag<Create>) {
    return std::tuple{field(&Create::name, tournament_word).from(2), field(&Create::format, FormatWord{}),
                      field(&Create::max_players, Int{2, max_tournament_players}, "players"),
                      field(&Create::first, Enum<First, 2>{first_words}).from(2),
                      field(&Create::terms, terms_words)};
}
auto fields(Tag<Join>) { return std::tuple{field(&Join::id, IdWord{})}; }
auto fields(Tag<Leave>) { return std::tuple{field(&Leave::id, IdWord{})}; }
auto fields(Tag<Start>) { return std::tuple{field(&Start::id, IdWord{})}; }
auto fields(Tag<StandingsQuery>) { return std::tuple{field(&StandingsQuery::id, IdWord{})}; }
auto fields(Tag<ChooseStarter>) {
    return std::tuple{field(&ChooseStarter::id, IdWord{}), field(&ChooseStarter::name, player_word),
                      field(&ChooseStarter::opponent, player_word, "opponent")};
}
auto fields(Tag<MachinesQuery>) { return std::tuple{}; }
auto fields(Tag<Forget>) {
    return std::tuple{field(&Forget::kind, Enum<MachineKind, 2>{machine_kind_words}),
                      field(&Forget::id, IdWord{})};
}
auto fields(Tag<Rematch>) { return std::tuple{field(&Rematch::game, game_word)}; }
auto fields(Tag<Abort>) { return std::tuple{field(&Abort::game, game_word)}; }
auto fields(Tag<FingerQuery>) { return std::tuple{field(&FingerQuery::name, registered_word)}; }
auto fields(Tag<BestQuery>) { return std::tuple{}; }
auto fields(Tag<Kibitz>) { return std::tuple{field(&Kibitz::game, game_word), field(&Kibitz::text, said)}; }
auto fields(Tag<NoPlay>) {
    return std::tuple{field(&NoPlay::on, Choice<bool, 2>{{{{"on", true}, {"off", false}}}, ""}),
                      field(&NoPlay::name, player_word)};
}
auto fields(Tag<Server>) {
    return std::tuple{whole<Server>(Gobblet{"not a gobblet server"}),
                      field(&Server::version, version_word, "version"), field(&Server::text, text)};
}
auto fields(Tag<Welcome>) {
    return std::tuple{field(&Welcome::name, player_word),
                      field(&Welcome::role, Enum<Role, 3>{role_words}, "role"),
                      field(&Welcome::how, Enum<How, 5>{how_words}, "how"),
                      field(&Welcome::ratings, Each<decltype(rating_word), 4>{rating_word}, "rating")};
}
auto fields(Tag<Refused>) {
    return std::tuple{field(&Refused::verb, RequestVerb{}),
                      field(&Refused::code, Enum<Refusal, 13>{refusal_words}, "code"),
                      field(&Refused::text, text)};
}
auto fields(Tag<Ok>) { return std::tuple{field(&Ok::verb, OkVerb{}), field(&Ok::text, text)}; }
auto fields(Tag<PlayerItem>) {
    return std::tuple{
        field(&PlayerItem::name, player_word), field(&PlayerItem::role, Enum<Role, 3>{role_words}, "role"),
        field(&PlayerItem::playing, Choice<bool, 2>{{{{"idle", false}, {"playing", true}}}}).upto(2),
        whole<PlayerItem>(Activity{}).from(3),
        field(&PlayerItem::ratings, Each<decltype(rating_word), 4>{rating_word}, "rating")};
}
auto fields(Tag<Left>) { return std::tuple{field(&Left::name, player_word)}; }
auto fields(Tag<SeekItem>) {
    return std::tuple{
        field(&SeekItem::id, IdWord{}),
        field(&SeekItem::from, player_word),
        field(&SeekItem::rating, rating_word, "rating"),
        field(&SeekItem::to, OrNone<decltype(player_word)>{player_word, "*"}, "to"),
        field(&SeekItem::colour,
              Choice<std::optional<Color>, 3>{
                  {{{"random", std::nullopt}, {"white", Color::White}, {"black", Color::Black}}}})
            .from(3),
        field(&SeekItem::terms, terms_words).upto(2),
        whole<SeekItem>(SeekTermsWords{}).from(3)};
}
auto fields(Tag<Unseek>) {
    return std::tuple{field(&Unseek::id, IdWord{}), field(&Unseek::why, Enum<SeekEnd, 6>{seek_end_words})};
}
auto fields(Tag<MatchStart>) {
    return std::tuple{
        field(&MatchStart::game, game_word),
        field(&MatchStart::colour, Choice<Color, 2>{{{{"white", Color::White}, {"black", Color::Black}}}}),
        field(&MatchStart::opponent, player_word, "opponent"),
        field(&MatchStart::code, code_word),
        whole<MatchStart>(Context{}),
        field(&MatchStart::mine, rating_word, "rating").from(3),
        field(&MatchStart::theirs, rating_word, "rating").from(3),
        field(&MatchStart::terms, terms_words)};
}
auto fields(Tag<GameItem>) {
    return std::tuple{field(&GameItem::game, game_word),
                      field(&GameItem::names, Each<decltype(player_word), 2>{player_word}),
                      field(&GameItem::score, Each<Int, 2>{score_word}, "score"),
                      field(&GameItem::left, Each<TimeLeft, 2>{}, "time left"),
                      field(&GameItem::running, PlayerOrNone{}, "running"),
                      field(&GameItem::watchers, count, "watchers"),
                      field(&GameItem::tournament, OrNone<IdWord>{{}, "-"}, "tournament").from(2),
                      field(&GameItem::terms, terms_words)};
}
auto fields(Tag<Over>) {
    return std::tuple{
        field(&Over::game, game_word), field(&Over::result, Enum<Verdict, 4>{verdict_words}, "result"),
        field(&Over::score, Each<Int, 2>{score_word}, "score"),
        field(&Over::changes, Each<decltype(change_word), 2>{change_word}, "rating change").from(3),
        field(&Over::text, text)};
}
auto fields(Tag<Watching>) {
    return std::tuple{field(&Watching::game, game_word), field(&Watching::code, code_word)};
}
auto fields(Tag<Chat>) { return std::tuple{field(&Chat::from, player_word), field(&Chat::text, said)}; }
auto fields(Tag<Notice>) { return std::tuple{field(&Notice::text, said)}; }
auto fields(Tag<HistoryItem>) {
    return std::tuple{
        field(&HistoryItem::game, game_word),
        field(&HistoryItem::date, date_word),
        field(&HistoryItem::names, Each<decltype(player_word), 2>{player_word}),
        field(&HistoryItem::score, Each<Int, 2>{score_word}, "score"),
        field(&HistoryItem::result, Enum<Verdict, 4>{verdict_words}, "result"),
        field(&HistoryItem::changes, Each<decltype(change_word), 2>{change_word}, "rating change").from(3),
        field(&HistoryItem::terms, terms_words)};
}
auto fields(Tag<RecordLine>) { return std::tuple{field(&RecordLine::text, Text{max_record_text})}; }
auto fields(Tag<RatingItem>) {
    return std::tuple{field(&RatingItem::rank, Int{1, max_count}, "rank"),
                      field(&RatingItem::name, registered_word),
                      field(&RatingItem::rating, RatingWords{999}),
                      field(&RatingItem::games, count, "games"),
                      field(&RatingItem::wins, count, "wins"),
                      field(&RatingItem::losses, count, "losses"),
                      field(&RatingItem::draws, count, "draws")};
}
auto fields(Tag<TournamentItem>) {
    return std::tuple{
        field(&TournamentItem::id, IdWord{}),
        field(&TournamentItem::name, tournament_word).from(2),
        field(&TournamentItem::organizer, OrNone<decltype(player_word)>{player_word, "-", {}, false},
              "organizer")
            .upto(1),
        field(&TournamentItem::organizer, OrNone<decltype(player_word)>{player_word, "-"}, "organizer")
            .from(2),
        field(&TournamentItem::format, FormatWord{}),
        field(&TournamentItem::state, Enum<TournamentState, 3>{state_words}, "state"),
        field(&TournamentItem::players, Int{0, max_tournament_players}, "players"),
        field(&TournamentItem::max_players, Int{2, max_tournament_players}, "most players"),
        field(&TournamentItem::round, Int{0, max_round}, "round"),
        field(&TournamentItem::first, Enum<First, 2>{first_words}).from(2),
        field(&TournamentItem::terms, terms_words)};
}
auto fields(Tag<Closed>) { return std::tuple{field(&Closed::id, IdWord{})}; }
auto fields(Tag<StandingItem>) {
    return std::tuple{field(&StandingItem::tournament, IdWord{}, "tournament").from(2),
                      field(&StandingItem::rank, Int{1, max_tournament_players}, "rank"),
                      field(&StandingItem::name, player_word),
                      field(&StandingItem::half_points, Points{}, "points"),
                      field(&StandingItem::played, count, "played"),
                      field(&StandingItem::won, count, "won"),
                      field(&StandingItem::lost, count, "lost"),
                      field(&StandingItem::drawn, count, "drawn"),
                      field(&StandingItem::rounds_won, count, "rounds won").from(2),
                      field(&StandingItem::rounds_lost, count, "rounds lost").from(2),
                      field(&StandingItem::head_to_head, Points{}, "head to head").from(2)};
}
auto fields(Tag<MachineItem>) {
    return std::tuple{
        field(&MachineItem::kind, Enum<MachineKind, 2>{machine_kind_words}),
        field(&MachineItem::id, IdWord{}),
        field(&MachineItem::current, Choice<bool, 2>{{{{"this", true}, {"other", false}}}}),
        field(&MachineItem::last_used, date_word),
        field(&MachineItem::address,
              OrNone<Quoted<machine_address>>{{"expected an IP address, unix or -, not "}, "-"}),
        whole<MachineItem>(Fingerprint{})};
}
auto fields(Tag<ProfileItem>) {
    return std::tuple{field(&ProfileItem::name, registered_word), field(&ProfileItem::role, human_or_bot),
                      field(&ProfileItem::registered, date_word),
                      field(&ProfileItem::seen, OrNone<decltype(date_word)>{date_word, "online", "online"})};
}
auto fields(Tag<StatsItem>) {
    return std::tuple{
        field(&StatsItem::variant, VariantWords{}), field(&StatsItem::rating, rating_word, "rating"),
        field(&StatsItem::games, count, "games"),   field(&StatsItem::wins, count, "wins"),
        field(&StatsItem::losses, count, "losses"), field(&StatsItem::draws, count, "draws")};
}
auto fields(Tag<LeaderItem>) {
    return std::tuple{field(&LeaderItem::variant, VariantWords{}),
                      field(&LeaderItem::rank, Int{1, leaders_per_variant}, "rank"),
                      field(&LeaderItem::name, registered_word),
                      field(&LeaderItem::rating, RatingWords{settled_deviation}),
                      field(&LeaderItem::games, Int{1, max_count}, "games")};
}
auto fields(Tag<Kibitzed>) {
    return std::tuple{field(&Kibitzed::game, game_word), field(&Kibitzed::from, player_word),
                      field(&Kibitzed::text, said)};
}
auto fields(Tag<End>) { return std::tuple{field(&End::list, Enum<List, 11>{list_words})}; }
auto fields(Tag<Ping>) { return std::tuple{whole<Ping>(Shared{})}; }
auto fields(Tag<Pong>) { return std::tuple{whole<Pong>(Shared{})}; }
auto fields(Tag<Bye>) { return std::tuple{whole<Bye>(Shared{})}; }
auto fields(Tag<Error>) { return std::tuple{whole<Error>(Shared{})}; }

// What a message's fields must say together, checked once the line is read.

void distinct(const std::string& a, const std::string& b, std::string_view verb) {
    if (name_key(a) == name_key(b)) bad(std::string(verb) + ": a player against themselves");
}

void scores_fit(const std::array<int, 2>& score, const Terms& t, std::string_view verb) {
    if (score[0] > t.settings.first_to || score[1] > t.settings.first_to ||
        (score[0] == t.settings.first_to && score[1] == t.settings.first_to))
        bad(std::string(verb) + ": a score the match cannot have");
}

// Games, wins, losses and draws (a player's stats, a row of the ratings) must add up.
template <class T>
void tally(const T& t, std::string_view verb) {
    if (std::int64_t(t.wins) + t.losses + t.draws != t.games)
        bad(std::string(verb) + ": wins, losses and draws do not add up to the games");
}

template <class M>
void check(const M&, std::string_view, int) {}
void check(const Welcome& m, std::string_view, int) {
    if ((m.role == Role::Guest) != valid_guest_name(m.name) ||
        (m.role == Role::Guest) != (m.how == How::Guest))
        bad("welcome: a guest, and only a guest, has a name starting with ~ and comes in as a guest");
    if (m.role == Role::Guest && m.ratings != Ratings{}) bad("welcome: a guest has no rating");
}
void check(const PlayerItem& p, std::string_view, int) {
    if ((p.role == Role::Guest) != valid_guest_name(p.name))
        bad("player: a guest, and only a guest, has a name starting with ~");
    if (p.role == Role::Guest && p.ratings != Ratings{}) bad("player: a guest has no rating");
}
void check(const SeekItem& s, std::string_view verb, int) {
    if (!s.to.empty()) distinct(s.from, s.to, verb);
    if (s.to.empty() && s.colour) bad("seek: an open seek's colours are drawn (random)");
}
void check(const GameItem& g, std::string_view verb, int) {
    distinct(g.names[0], g.names[1], verb);
    scores_fit(g.score, g.terms, verb);
    const bool clock = g.terms.settings.clock.enabled();
    if (g.left[0].has_value() != clock || g.left[1].has_value() != clock || (!clock && g.running >= 0))
        bad("game: clock readings for a game without a clock, or none for one with");
}
void check(const HistoryItem& h, std::string_view verb, int) {
    distinct(h.names[0], h.names[1], verb);
    scores_fit(h.score, h.terms, verb);
}
void check(const RatingItem& r, std::string_view verb, int) { tally(r, verb); }
void check(const StatsItem& s, std::string_view verb, int) { tally(s, verb); }
void check(const TournamentItem& t, std::string_view, int) {
    if (t.players > t.max_players) bad("tournament: more players than it takes");
}
void check(const StandingItem& s, std::string_view, int) {
    if (std::int64_t(s.won) + s.lost + s.drawn != s.played)
        bad("standing: won, lost and drawn do not add up to the matches played");
}
void check(const End& e, std::string_view, int version) {
    if (const int since = list_since[std::size_t(e.list)]; version < since)
        bad(std::string("end ") + list_word(e.list) + " is version " + std::to_string(since) +
            "'s, not version " + std::to_string(version) + "'s");
}

// The reader and the writer of every message: its fields in order, as `version` has them.
template <class M>
M read_message(std::string_view verb, Words& w, int version) {
    M m{};
    std::apply([&](const auto&... f) { (read_field(f, m, w, verb, version), ...); }, fields(Tag<M>{}));
    end_of_line(w);
    check(m, verb, version);
    return m;
}

template <class M>
std::string write_message(const M& m, std::string_view verb, int version) {
    std::string line(verb);
    std::apply([&](const auto&... f) { (write_field(f, m, line, verb, version), ...); }, fields(Tag<M>{}));
    return line;
}

// The reader of each message, in the order of Message's alternatives (and of message_table).
using Reader = Message (*)(std::string_view verb, Words& w, int version);
template <std::size_t... I>
constexpr std::array<Reader, sizeof...(I)> make_readers(std::index_sequence<I...>) {
    return {[](std::string_view verb, Words& w, int version) -> Message {
        return read_message<std::variant_alternative_t<I, Message>>(verb, w, version);
    }...};
}
constexpr auto readers = make_readers(std::make_index_sequence<std::variant_size_v<Message>>{});

// The message a verb begins, as `version` has it: its index among Message's alternatives.
std::size_t message_of(std::string_view v, int version) {
    const auto row = std::find_if(std::begin(message_table), std::end(message_table),
                                  [&](const MessageRow& r) { return v == r.verb; });
    if (row == std::end(message_table)) bad("unknown message " + shown(v));
    if (version < row->since)
        bad(std::string(v) + " is a message of lobby protocol version " + std::to_string(row->since) +
            ", not of version " + std::to_string(version));
    return std::size_t(row - std::begin(message_table));
}

}  // namespace

bool valid_game_id(std::string_view s) { return is_hex(s, game_id_digits); }

const char* verb(const Message& m) { return message_table[m.index()].verb; }
Sender sender(const Message& m) { return message_table[m.index()].sender; }

namespace {

const MessageRow* row_of(std::string_view word) {
    for (const MessageRow& row : message_table)
        if (word == row.verb) return &row;
    return nullptr;
}

}  // namespace

bool client_verb(std::string_view word) {
    const MessageRow* row = row_of(word);
    return row && row->sender == Sender::Client;
}

bool ok_verb(std::string_view word, int version) {
    const MessageRow* row = row_of(word);
    return row && row->answer == Answer::Ok && version >= row->since;
}

bool query_verb(std::string_view word) {
    const MessageRow* row = row_of(word);
    return row && row->answer == Answer::Query;
}

Expected<Message> parse_message(std::string_view line, int version) {
    if (auto ok = fields::line_allowed(line); !ok) return Failure{ok.why()};
    Words w(line);
    const std::string_view v = w.next();
    try {
        const std::size_t index = message_of(v, version);
        Message m = readers[index](v, w, version);
        const Login* login = std::get_if<Login>(&m);
        const bool free_text = message_table[index].free_text || (login && login->method == Method::Password);
        // One space between words: only free text at the end of a line may hold more.
        if (!free_text && (line.find("  ") != std::string_view::npos || line.back() == ' '))
            return Failure{"extra spaces in a " + clean_text(v, 16) + " line"};
        return m;
    } catch (const Bad& b) {
        return Failure{b.why};
    }
}

std::string format_message(const Message& m, int version) {
    return std::visit([&](const auto& x) { return write_message(x, verb(m), version); }, m) + "\n";
}

}  // namespace gobblet::net::lobby
