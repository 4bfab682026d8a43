#include "lobby.h"

#include <algorithm>
#include <iterator>
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

// One of `words`, as its enumeration; `what` names the field in the error.
template <class E, std::size_t N>
E word_of(std::string_view w, const char* const (&words)[N], const char* what) {
    for (std::size_t i = 0; i < N; ++i)
        if (w == words[i]) return E(i);
    std::string expected;
    for (std::size_t i = 0; i < N; ++i)
        expected += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + words[i];
    bad(std::string(what) + ": expected " + expected + ", not " + shown(w));
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(std::string_view s, std::size_t digits) {
    if (s.size() != digits) return false;
    for (char c : s)
        if (!is_digit(c) && !(c >= 'a' && c <= 'f')) return false;
    return true;
}

// Fields.

std::string registered(std::string_view w, const char* what) {
    if (!valid_name(w))
        bad(std::string(what) +
            ": not a name (2 to 20 letters, digits, '-' or '_', a letter first): " + shown(w));
    return std::string(w);
}

std::string any_name(std::string_view w, const char* what) {
    if (!valid_name(w) && !valid_guest_name(w)) bad(std::string(what) + ": not a player's name: " + shown(w));
    return std::string(w);
}

Id id_field(std::string_view w, const char* what) {
    const Id id = number(w, max_id, what);
    if (id < 1) bad(std::string(what) + ": out of range");
    return id;
}

std::string game_field(std::string_view w, const char* what) {
    if (!valid_game_id(w)) bad(std::string(what) + ": a game id is 16 hex digits");
    return std::string(w);
}

std::string code_field(std::string_view w, const char* what) {
    bool ok = w.size() >= 4 && w.size() <= 32;
    for (char c : w) ok &= is_digit(c) || (c >= 'A' && c <= 'Z');
    if (!ok) bad(std::string(what) + ": a code has 4 to 32 capitals and digits");
    return std::string(w);
}

// Two numbers joined by `sep` (a rating RATING/DEVIATION, a change BEFORE>AFTER), or - for none; `form`
// says the shape in the refusal.
template <class T>
std::optional<T> joined_field(std::string_view w, char sep, int max_second, const char* what,
                              const char* form) {
    if (w == "-") return std::nullopt;
    const auto at = w.find(sep);
    if (at == std::string_view::npos) bad(std::string(what) + ": " + form + " or -");
    return T{small(w.substr(0, at), 0, 9999, what), small(w.substr(at + 1), 0, max_second, what)};
}

// N fields of the form above (the ratings of each variant, the changes of both players).
template <class T, std::size_t N>
std::array<std::optional<T>, N> joined_fields(Words& w, char sep, int max_second, const char* what,
                                              const char* form) {
    std::array<std::optional<T>, N> out;
    for (auto& one : out) one = joined_field<T>(w.next(), sep, max_second, what, form);
    return out;
}

constexpr const char* rating_form = "a rating is RATING/DEVIATION";
constexpr const char* change_form = "a rating change is BEFORE>AFTER";

std::optional<Rating> rating_field(std::string_view w, const char* what) {
    return joined_field<Rating>(w, '/', 999, what, rating_form);
}

Ratings ratings_field(Words& w, const char* what) {
    return joined_fields<Rating, std::tuple_size_v<Ratings>>(w, '/', 999, what, rating_form);
}

Color colour_field(std::string_view w) {
    if (w == "white") return Color::White;
    if (w == "black") return Color::Black;
    bad("match: expected white or black, not " + shown(w));
}

// The variant as two words: its rules and its board size.
Variant variant_words(Words& w, const char* what) {
    const std::string_view rules = w.next();
    const Expected<Variant> v = parse_variant(rules, w.next());
    if (!v) bad(std::string(what) + ": " + v.why());
    return *v;
}

Format format_field(std::string_view w, int version) {
    if (w == "round-robin") return Format{};
    if (w == "knockout" && version >= 2) return Format{false, 0, true};
    if (w.starts_with("swiss-")) return Format{true, small(w.substr(6), 1, max_swiss_rounds, "swiss rounds")};
    bad(std::string(version >= 2 ? "expected round-robin, swiss-N or knockout, not "
                                 : "expected round-robin or swiss-N, not ") +
        shown(w));
}

std::string date_field(std::string_view w, const char* what = "played") {
    // 2026-11-23T14:03Z
    static constexpr std::string_view shape = "dddd-dd-ddTdd:ddZ";
    bool ok = w.size() == shape.size();
    for (std::size_t i = 0; ok && i < w.size(); ++i) ok = shape[i] == 'd' ? is_digit(w[i]) : w[i] == shape[i];
    const auto two = [&](std::size_t at) { return (w[at] - '0') * 10 + (w[at + 1] - '0'); };
    if (ok) ok = two(5) >= 1 && two(5) <= 12 && two(8) >= 1 && two(8) <= 31 && two(11) <= 23 && two(14) <= 59;
    if (!ok) bad(std::string(what) + ": a date is written 2026-11-23T14:03Z, not " + shown(w));
    return std::string(w);
}

int points_field(std::string_view w, const char* what = "standing: points") {
    const bool half = w.ends_with(".5");
    const int points = 2 * small(half ? w.substr(0, w.size() - 2) : w, 0, max_points / 2, what);
    if (points + (half ? 1 : 0) > max_points) bad(std::string(what) + ": out of range");
    return points + (half ? 1 : 0);
}

std::optional<Millis> left_field(std::string_view w) {
    if (w == "-") return std::nullopt;
    return number(w, max_left, "game: time left");
}

Changes changes_field(Words& w, const char* what) {
    return joined_fields<RatingChange, std::tuple_size_v<Changes>>(w, '>', 9999, what, change_form);
}

std::optional<Color> seek_colour_field(std::string_view w) {
    if (w == "random") return std::nullopt;
    if (w == "white") return Color::White;
    if (w == "black") return Color::Black;
    bad("seek: expected random, white or black, not " + shown(w));
}

int player_or_none(std::string_view w, const char* what) {
    if (w == "-") return -1;
    return small(w, 0, 1, what);
}

// The terms that end a line.
Terms terms_field(Words& w, const char* what) {
    if (w.done()) bad(std::string(what) + ": no terms");
    auto t = parse_terms(w.rest());
    if (!t) bad(std::string(what) + ": " + t.why());
    return *t;
}

// A seek's terms and audience that end a line (version 3).
SeekTerms seek_terms_field(Words& w, const char* what) {
    if (w.done()) bad(std::string(what) + ": no terms");
    auto t = parse_seek_terms(w.rest());
    if (!t) bad(std::string(what) + ": " + t.why());
    return *t;
}

// Free text that ends a line (may be empty), cleaned.
std::string text_field(Words& w, std::size_t chars) {
    return w.done() ? std::string() : clean_text(w.rest(), chars);
}

std::string nonempty_text(Words& w, std::size_t chars, const char* what) {
    std::string t = text_field(w, chars);
    if (t.empty()) bad(std::string(what) + ": nothing printable");
    return t;
}

std::string password_field(Words& w, const char* what) {
    if (w.done()) bad(std::string(what) + ": no password");
    const std::string_view p = w.rest();
    if (auto ok = password_allowed(p); !ok) bad(std::string(what) + ": " + ok.why());
    return std::string(p);
}

void scores_fit(const std::array<int, 2>& score, const Terms& t, const char* what) {
    if (score[0] > t.settings.first_to || score[1] > t.settings.first_to ||
        (score[0] == t.settings.first_to && score[1] == t.settings.first_to))
        bad(std::string(what) + ": a score the match cannot have");
}

void distinct(const std::string& a, const std::string& b, const char* what) {
    if (name_key(a) == name_key(b)) bad(std::string(what) + ": a player against themselves");
}

std::string tournament_name(std::string_view w, const char* what) {
    if (!valid_tournament_name(w))
        bad(std::string(what) +
            ": not a tournament's name (2 to 32 letters, digits, '-', '_' or '.', a letter or digit "
            "first): " +
            shown(w));
    return std::string(w);
}

First first_field(std::string_view w, const char* what) {
    const auto f = parse_first(w);
    if (!f) bad(std::string(what) + ": expected schedule or draw, not " + shown(w));
    return *f;
}

// The readers, one per message: its fields after the verb, as `version` has them. The shared messages'
// (Ping, Pong, Bye, Error) are fields.h's, found through Tag.

Hello read(Tag<Hello>, std::string_view, Words& w, int) {
    if (w.next() != "gobblet") bad("lobby: not a gobblet client");
    Hello h{small(w.next(), 0, 999, "lobby: version")};
    end_of_line(w);
    return h;
}

Login read(Tag<Login>, std::string_view, Words& w, int version) {
    Login l;
    l.name = registered(w.next(), "login");
    const std::string_view role = w.next();
    if (role != "human" && role != "bot") bad("login: expected human or bot, not " + shown(role));
    l.role = role == "bot" ? Role::Bot : Role::Human;
    const std::string_view method = w.next();
    if (method == "secret") {
        l.method = Method::Secret;
        l.credential = std::string(w.next());
        if (!valid_secret(l.credential)) bad("login: a secret is 64 hex digits");
        end_of_line(w);
    } else if (method == "password") {
        l.method = Method::Password;
        l.credential = password_field(w, "login");
    } else if (method == "guest") {
        l.method = Method::Guest;
        end_of_line(w);
    } else if (method == "key" && version >= 2) {
        l.method = Method::Key;
        end_of_line(w);
    } else {
        bad(std::string(version >= 2 ? "login: expected secret, password, guest or key, not "
                                     : "login: expected secret, password or guest, not ") +
            shown(method));
    }
    return l;
}

FingerQuery read(Tag<FingerQuery>, std::string_view, Words& w, int) {
    FingerQuery f{registered(w.next(), "finger")};
    end_of_line(w);
    return f;
}

// (A braced list reads its fields in order: the line's.)
Kibitz read(Tag<Kibitz>, std::string_view, Words& w, int) {
    return Kibitz{game_field(w.next(), "kibitz"), nonempty_text(w, max_text, "kibitz")};
}

Kibitzed read(Tag<Kibitzed>, std::string_view, Words& w, int) {
    Kibitzed k;
    k.game = game_field(w.next(), "kibitzed");
    k.from = any_name(w.next(), "kibitzed");
    k.text = nonempty_text(w, max_text, "kibitzed");
    return k;
}

ProfileItem read(Tag<ProfileItem>, std::string_view, Words& w, int) {
    ProfileItem p;
    p.name = registered(w.next(), "profile");
    const std::string_view role = w.next();
    if (role != "human" && role != "bot") bad("profile: expected human or bot, not " + shown(role));
    p.role = role == "bot" ? Role::Bot : Role::Human;
    p.registered = date_field(w.next(), "profile");
    const std::string_view seen = w.next();
    p.seen = seen == "online" ? std::string(seen) : date_field(seen, "profile");
    end_of_line(w);
    return p;
}

// The games, wins, losses and draws that end a line (a player's stats, a row of the ratings), which
// must add up.
template <class T>
void tally_to_end(T& t, Words& w, const char* what) {
    const auto count = [&](const char* field) {
        return small(w.next(), 0, max_count, (std::string(what) + ": " + field).c_str());
    };
    t.games = count("games");
    t.wins = count("wins");
    t.losses = count("losses");
    t.draws = count("draws");
    end_of_line(w);
    if (std::int64_t(t.wins) + t.losses + t.draws != t.games)
        bad(std::string(what) + ": wins, losses and draws do not add up to the games");
}

StatsItem read(Tag<StatsItem>, std::string_view, Words& w, int) {
    StatsItem st;
    st.variant = variant_words(w, "stats");
    st.rating = rating_field(w.next(), "stats: rating");
    tally_to_end(st, w, "stats");
    return st;
}

LeaderItem read(Tag<LeaderItem>, std::string_view, Words& w, int) {
    LeaderItem l;
    l.variant = variant_words(w, "leader");
    l.rank = small(w.next(), 1, leaders_per_variant, "leader: rank");
    l.name = registered(w.next(), "leader");
    l.rating.rating = small(w.next(), 0, 9999, "leader: rating");
    l.rating.deviation = small(w.next(), 0, settled_deviation, "leader: deviation");
    l.games = small(w.next(), 1, max_count, "leader: games");
    end_of_line(w);
    return l;
}

Ssh read(Tag<Ssh>, std::string_view, Words& w, int) {
    Ssh s;
    s.address = std::string(w.next());
    if (!valid_address(s.address)) bad("ssh: expected a numeric IP address, not " + shown(s.address));
    const std::string_view key = w.next();
    if (key != "-" && !valid_ssh_key(key))
        bad("ssh: a key is SHA256: and 43 characters of base64, or - for none");
    s.key = key == "-" ? std::string() : std::string(key);
    end_of_line(w);
    return s;
}

SetPassword read(Tag<SetPassword>, std::string_view, Words& w, int version) {
    SetPassword p;
    if (version >= 3) {
        const std::string_view choice = w.next();
        if (choice != "keep" && choice != "forget")
            bad("password: expected keep or forget (the other machines), not " + shown(choice));
        p.forget_others = choice == "forget";
    }
    p.password = password_field(w, "password");
    return p;
}

Forget read(Tag<Forget>, std::string_view, Words& w, int) {
    Forget f;
    f.kind = word_of<MachineKind>(w.next(), machine_kind_words, "forget");
    f.id = id_field(w.next(), "forget");
    end_of_line(w);
    return f;
}

AddSecret read(Tag<AddSecret>, std::string_view, Words& w, int) {
    AddSecret a{std::string(w.next())};
    if (!valid_secret(a.secret)) bad("secret: a secret is 64 hex digits");
    end_of_line(w);
    return a;
}

Post read(Tag<Post>, std::string_view, Words& w, int version) {
    if (version < 3) return Post{terms_field(w, "post"), {}};
    const SeekTerms st = seek_terms_field(w, "post");
    return Post{st.terms, st.audience};
}

Challenge read(Tag<Challenge>, std::string_view, Words& w, int) {
    Challenge c;
    c.name = any_name(w.next(), "challenge");
    c.terms = terms_field(w, "challenge");
    return c;
}

ChooseStarter read(Tag<ChooseStarter>, std::string_view, Words& w, int) {
    ChooseStarter c;
    c.id = id_field(w.next(), "starter");
    c.name = any_name(w.next(), "starter");
    c.opponent = any_name(w.next(), "starter: opponent");
    end_of_line(w);
    return c;
}

Say read(Tag<Say>, std::string_view, Words& w, int) { return Say{nonempty_text(w, max_text, "say")}; }

HistoryQuery read(Tag<HistoryQuery>, std::string_view, Words& w, int) {
    HistoryQuery q;
    q.name = any_name(w.next(), "history");
    q.page = small(w.next(), 1, max_page, "history: page");
    end_of_line(w);
    return q;
}

RatingsQuery read(Tag<RatingsQuery>, std::string_view, Words& w, int) {
    RatingsQuery q;
    q.variant = variant_words(w, "ratings");
    q.page = small(w.next(), 1, max_page, "ratings: page");
    end_of_line(w);
    return q;
}

Create read(Tag<Create>, std::string_view, Words& w, int version) {
    Create c;
    if (version >= 2) c.name = tournament_name(w.next(), "create");
    c.format = format_field(w.next(), version);
    c.max_players = small(w.next(), 2, max_tournament_players, "create: players");
    if (version >= 2) c.first = first_field(w.next(), "create");
    c.terms = terms_field(w, "create");
    return c;
}

Server read(Tag<Server>, std::string_view, Words& w, int) {
    if (w.next() != "gobblet") bad("server: not a gobblet server");
    Server s;
    s.version = small(w.next(), 0, 999, "server: version");
    s.text = text_field(w, max_text);
    return s;
}

Welcome read(Tag<Welcome>, std::string_view, Words& w, int) {
    Welcome m;
    m.name = any_name(w.next(), "welcome");
    m.role = word_of<Role>(w.next(), role_words, "welcome: role");
    m.how = word_of<How>(w.next(), how_words, "welcome: how");
    m.ratings = ratings_field(w, "welcome: rating");
    end_of_line(w);
    if ((m.role == Role::Guest) != valid_guest_name(m.name) ||
        (m.role == Role::Guest) != (m.how == How::Guest))
        bad("welcome: a guest, and only a guest, has a name starting with ~ and comes in as a guest");
    if (m.role == Role::Guest && m.ratings != Ratings{}) bad("welcome: a guest has no rating");
    return m;
}

Refused read(Tag<Refused>, std::string_view, Words& w, int) {
    Refused r;
    r.verb = std::string(w.next());
    if (!client_verb(r.verb)) bad("refused: not a request: " + shown(r.verb));
    r.code = word_of<Refusal>(w.next(), refusal_words, "refused: code");
    r.text = text_field(w, max_text);
    return r;
}

Ok read(Tag<Ok>, std::string_view, Words& w, int version) {
    Ok o;
    const std::string_view what = w.next();
    if (what != "password" && what != "secret" && what != "ssh" && what != "key" && what != "starter" &&
        (what != "forget" || version < 3))
        bad(std::string(version >= 3 ? "ok: expected password, secret, ssh, key, starter or forget, not "
                                     : "ok: expected password, secret, ssh, key or starter, not ") +
            shown(what));
    o.verb = std::string(what);
    o.text = text_field(w, max_text);
    return o;
}

PlayerItem read(Tag<PlayerItem>, std::string_view, Words& w, int version) {
    PlayerItem p;
    p.name = any_name(w.next(), "player");
    p.role = word_of<Role>(w.next(), role_words, "player: role");
    const std::string_view state = w.next();
    if (version >= 3) {
        if (state != "idle" && state != "playing" && state != "watching")
            bad("player: expected idle, playing or watching, not " + shown(state));
        const std::string_view with = w.next();
        if ((state == "idle") != (with == "-")) bad("player: - names nobody, for an idle player only");
        if (state == "playing") p.opponent = any_name(with, "player: opponent");
        if (state == "watching") p.watching = game_field(with, "player: watching");
    } else if (state != "idle" && state != "playing") {
        bad("player: expected idle or playing, not " + shown(state));
    }
    p.playing = state == "playing";
    p.ratings = ratings_field(w, "player: rating");
    end_of_line(w);
    if ((p.role == Role::Guest) != valid_guest_name(p.name))
        bad("player: a guest, and only a guest, has a name starting with ~");
    if (p.role == Role::Guest && p.ratings != Ratings{}) bad("player: a guest has no rating");
    return p;
}

Left read(Tag<Left>, std::string_view, Words& w, int) {
    Left l{any_name(w.next(), "left")};
    end_of_line(w);
    return l;
}

SeekItem read(Tag<SeekItem>, std::string_view, Words& w, int version) {
    SeekItem s;
    s.id = id_field(w.next(), "seek");
    s.from = any_name(w.next(), "seek");
    s.rating = rating_field(w.next(), "seek: rating");
    const std::string_view to = w.next();
    s.to = to == "*" ? std::string() : any_name(to, "seek: to");
    if (version >= 3) {
        s.colour = seek_colour_field(w.next());
        const SeekTerms st = seek_terms_field(w, "seek");
        s.terms = st.terms;
        s.audience = st.audience;
    } else {
        s.terms = terms_field(w, "seek");
    }
    if (!s.to.empty()) distinct(s.from, s.to, "seek");
    if (s.to.empty() && s.colour) bad("seek: an open seek's colours are drawn (random)");
    return s;
}

Unseek read(Tag<Unseek>, std::string_view, Words& w, int) {
    Unseek u;
    u.id = id_field(w.next(), "unseek");
    u.why = word_of<SeekEnd>(w.next(), seek_end_words, "unseek");
    end_of_line(w);
    return u;
}

MatchStart read(Tag<MatchStart>, std::string_view, Words& w, int version) {
    MatchStart m;
    m.game = game_field(w.next(), "match");
    m.colour = colour_field(w.next());
    m.opponent = any_name(w.next(), "match: opponent");
    m.code = code_field(w.next(), "match");
    const std::string_view context = w.next();
    if (context != "-") {
        const auto slash = context.find('/');
        if (slash == std::string_view::npos) bad("match: the context is - or TOURNAMENT/ROUND");
        m.tournament = id_field(context.substr(0, slash), "match: tournament");
        m.round = small(context.substr(slash + 1), 1, max_round, "match: round");
    }
    if (version >= 3) {
        m.mine = rating_field(w.next(), "match: rating");
        m.theirs = rating_field(w.next(), "match: rating");
    }
    m.terms = terms_field(w, "match");
    return m;
}

GameItem read(Tag<GameItem>, std::string_view, Words& w, int version) {
    GameItem g;
    g.game = game_field(w.next(), "game");
    for (auto& n : g.names) n = any_name(w.next(), "game");
    for (auto& s : g.score) s = small(w.next(), 0, max_score, "game: score");
    for (auto& l : g.left) l = left_field(w.next());
    g.running = player_or_none(w.next(), "game: running");
    g.watchers = small(w.next(), 0, max_count, "game: watchers");
    if (version >= 2) {
        const std::string_view event = w.next();
        if (event != "-") g.tournament = id_field(event, "game: tournament");
    }
    g.terms = terms_field(w, "game");
    distinct(g.names[0], g.names[1], "game");
    scores_fit(g.score, g.terms, "game");
    const bool clock = g.terms.settings.clock.enabled();
    if (g.left[0].has_value() != clock || g.left[1].has_value() != clock || (!clock && g.running >= 0))
        bad("game: clock readings for a game without a clock, or none for one with");
    return g;
}

Over read(Tag<Over>, std::string_view, Words& w, int version) {
    Over o;
    o.game = game_field(w.next(), "over");
    o.result = word_of<Verdict>(w.next(), verdict_words, "over: result");
    for (auto& s : o.score) s = small(w.next(), 0, max_score, "over: score");
    if (version >= 3) o.changes = changes_field(w, "over: rating change");
    o.text = text_field(w, max_text);
    return o;
}

Watching read(Tag<Watching>, std::string_view, Words& w, int) {
    Watching m;
    m.game = game_field(w.next(), "watching");
    m.code = code_field(w.next(), "watching");
    end_of_line(w);
    return m;
}

Chat read(Tag<Chat>, std::string_view, Words& w, int) {
    return Chat{any_name(w.next(), "chat"), nonempty_text(w, max_text, "chat")};
}

Notice read(Tag<Notice>, std::string_view, Words& w, int) {
    return Notice{nonempty_text(w, max_text, "notice")};
}

HistoryItem read(Tag<HistoryItem>, std::string_view, Words& w, int version) {
    HistoryItem h;
    h.game = game_field(w.next(), "played");
    h.date = date_field(w.next(), "played");
    for (auto& n : h.names) n = any_name(w.next(), "played");
    for (auto& s : h.score) s = small(w.next(), 0, max_score, "played: score");
    h.result = word_of<Verdict>(w.next(), verdict_words, "played: result");
    if (version >= 3) h.changes = changes_field(w, "played: rating change");
    h.terms = terms_field(w, "played");
    distinct(h.names[0], h.names[1], "played");
    scores_fit(h.score, h.terms, "played");
    return h;
}

RecordLine read(Tag<RecordLine>, std::string_view, Words& w, int) {
    return RecordLine{text_field(w, max_record_text)};
}

RatingItem read(Tag<RatingItem>, std::string_view, Words& w, int) {
    RatingItem r;
    r.rank = small(w.next(), 1, max_count, "rated: rank");
    r.name = registered(w.next(), "rated");
    r.rating.rating = small(w.next(), 0, 9999, "rated: rating");
    r.rating.deviation = small(w.next(), 0, 999, "rated: deviation");
    tally_to_end(r, w, "rated");
    return r;
}

TournamentItem read(Tag<TournamentItem>, std::string_view, Words& w, int version) {
    TournamentItem t;
    t.id = id_field(w.next(), "tournament");
    if (version >= 2) t.name = tournament_name(w.next(), "tournament");
    const std::string_view organizer = w.next();
    if (version < 2 || organizer != "-") t.organizer = any_name(organizer, "tournament: organizer");
    t.format = format_field(w.next(), version);
    t.state = word_of<TournamentState>(w.next(), state_words, "tournament: state");
    t.players = small(w.next(), 0, max_tournament_players, "tournament: players");
    t.max_players = small(w.next(), 2, max_tournament_players, "tournament: most players");
    t.round = small(w.next(), 0, max_round, "tournament: round");
    if (version >= 2) t.first = first_field(w.next(), "tournament");
    t.terms = terms_field(w, "tournament");
    if (t.players > t.max_players) bad("tournament: more players than it takes");
    return t;
}

StandingItem read(Tag<StandingItem>, std::string_view, Words& w, int version) {
    StandingItem s;
    if (version >= 2) s.tournament = id_field(w.next(), "standing: tournament");
    s.rank = small(w.next(), 1, max_tournament_players, "standing: rank");
    s.name = any_name(w.next(), "standing");
    s.half_points = points_field(w.next());
    s.played = small(w.next(), 0, max_count, "standing: played");
    s.won = small(w.next(), 0, max_count, "standing: won");
    s.lost = small(w.next(), 0, max_count, "standing: lost");
    s.drawn = small(w.next(), 0, max_count, "standing: drawn");
    if (version >= 2) {
        s.rounds_won = small(w.next(), 0, max_count, "standing: rounds won");
        s.rounds_lost = small(w.next(), 0, max_count, "standing: rounds lost");
        s.head_to_head = points_field(w.next(), "standing: head to head");
    }
    end_of_line(w);
    if (std::int64_t(s.won) + s.lost + s.drawn != s.played)
        bad("standing: won, lost and drawn do not add up to the matches played");
    return s;
}

MachineItem read(Tag<MachineItem>, std::string_view, Words& w, int) {
    MachineItem m;
    m.kind = word_of<MachineKind>(w.next(), machine_kind_words, "machine");
    m.id = id_field(w.next(), "machine");
    const std::string_view here = w.next();
    if (here != "this" && here != "other") bad("machine: expected this or other, not " + shown(here));
    m.current = here == "this";
    m.last_used = date_field(w.next(), "machine");
    const std::string_view address = w.next();
    if (address != "-" && address != "unix" && !valid_address(address))
        bad("machine: expected an IP address, unix or -, not " + shown(address));
    m.address = address == "-" ? std::string() : std::string(address);
    const std::string_view fingerprint = w.next();
    if (m.kind == MachineKind::Key ? !valid_ssh_key(fingerprint) : fingerprint != "-")
        bad(m.kind == MachineKind::Key ? "machine: a key's fingerprint is SHA256: and 43 characters of base64"
                                       : "machine: a secret shows no fingerprint: -");
    if (m.kind == MachineKind::Key) m.fingerprint = std::string(fingerprint);
    end_of_line(w);
    return m;
}

End read(Tag<End>, std::string_view, Words& w, int version) {
    End e{word_of<List>(w.next(), list_words, "end")};
    end_of_line(w);
    if ((e.list == List::Machines || e.list == List::Profile || e.list == List::Best) && version < 3)
        bad(std::string("end ") + list_word(e.list) + " is version 3's, not version " +
            std::to_string(version) + "'s");
    return e;
}

// A message without fields (`key`, `machines`, `best`).
template <class M>
requires std::is_empty_v<M> M read(Tag<M>, std::string_view, Words& w, int) {
    end_of_line(w);
    return M{};
}

// A message whose one field is a game (`rematch`, `abort`, `watch`, `record`), or a seek, challenge or
// tournament id (`accept`, `decline`, `withdraw`, `join`, `leave`, `start`, `standings`, `closed`).
std::string game_only(std::string_view v, Words& w) {
    const std::string what(v);
    const std::string game = game_field(w.next(), what.c_str());
    end_of_line(w);
    return game;
}

Id id_only(std::string_view v, Words& w) {
    const std::string what(v);
    const Id id = id_field(w.next(), what.c_str());
    end_of_line(w);
    return id;
}

Rematch read(Tag<Rematch>, std::string_view v, Words& w, int) { return Rematch{game_only(v, w)}; }
Abort read(Tag<Abort>, std::string_view v, Words& w, int) { return Abort{game_only(v, w)}; }
Watch read(Tag<Watch>, std::string_view v, Words& w, int) { return Watch{game_only(v, w)}; }
RecordQuery read(Tag<RecordQuery>, std::string_view v, Words& w, int) { return RecordQuery{game_only(v, w)}; }
Accept read(Tag<Accept>, std::string_view v, Words& w, int) { return Accept{id_only(v, w)}; }
Decline read(Tag<Decline>, std::string_view v, Words& w, int) { return Decline{id_only(v, w)}; }
Withdraw read(Tag<Withdraw>, std::string_view v, Words& w, int) { return Withdraw{id_only(v, w)}; }
Join read(Tag<Join>, std::string_view v, Words& w, int) { return Join{id_only(v, w)}; }
Leave read(Tag<Leave>, std::string_view v, Words& w, int) { return Leave{id_only(v, w)}; }
Start read(Tag<Start>, std::string_view v, Words& w, int) { return Start{id_only(v, w)}; }
StandingsQuery read(Tag<StandingsQuery>, std::string_view v, Words& w, int) {
    return StandingsQuery{id_only(v, w)};
}
Closed read(Tag<Closed>, std::string_view v, Words& w, int) { return Closed{id_only(v, w)}; }

// The reader of each message, in the order of Message's alternatives (and of message_table): one that has
// none does not compile.
using Reader = Message (*)(std::string_view verb, Words& w, int version);
template <std::size_t... I>
constexpr std::array<Reader, sizeof...(I)> make_readers(std::index_sequence<I...>) {
    return {[](std::string_view verb, Words& w, int version) -> Message {
        return read(Tag<std::variant_alternative_t<I, Message>>{}, verb, w, version);
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

std::string ratings_text(const Ratings& r) {
    std::string s;
    for (const auto& one : r) s += " " + rating_text(one);
    return s;
}

std::string name_or_star(const std::string& n) { return n.empty() ? std::string("*") : n; }

std::string left_text(const std::optional<Millis>& l) { return l ? std::to_string(*l) : std::string("-"); }

std::string changes_text(const Changes& c) {
    return " " + change_field_text(c[0]) + " " + change_field_text(c[1]);
}

std::string pair_text(const std::array<int, 2>& p) {
    return std::to_string(p[0]) + " " + std::to_string(p[1]);
}

// Free text after `head`: cleaned, cut to fit the line; nothing (not even the space) when empty.
std::string with_text(const std::string& head, std::string_view text, std::size_t chars) {
    const std::string t = fitted(text, chars, head.size() + 1);
    return t.empty() ? head : head + " " + t;
}

// The writers, one per message: its line without the '\n', in `version`'s shape. `v` is its verb, from
// the table.
struct Writer {
    int version = protocol_version;
    std::string v;
    std::string operator()(const Hello& h) const { return v + " gobblet " + std::to_string(h.version); }
    std::string operator()(const Login& l) const {
        std::string s = v + " " + l.name + " " + (l.role == Role::Bot ? "bot" : "human");
        switch (l.method) {
            case Method::Secret: return s + " secret " + l.credential;
            case Method::Password: return s + " password " + l.credential;  // as typed: it must match
            case Method::Guest: return s + " guest";
            case Method::Key: return s + " key";
        }
        return s;
    }
    std::string operator()(const SetPassword& p) const {
        if (version < 3) return v + " " + p.password;
        return v + " " + (p.forget_others ? "forget " : "keep ") + p.password;
    }
    std::string operator()(const AddSecret& a) const { return v + " " + a.secret; }
    std::string operator()(const Ssh& m) const {
        return v + " " + m.address + " " + (m.key.empty() ? std::string("-") : m.key);
    }
    std::string operator()(const AddKey&) const { return v; }
    std::string operator()(const Post& p) const {
        return v + " " + (version < 3 ? terms_text(p.terms) : seek_terms_text(p.terms, p.audience));
    }
    std::string operator()(const Rematch& m) const { return v + " " + m.game; }
    std::string operator()(const Abort& m) const { return v + " " + m.game; }
    std::string operator()(const FingerQuery& m) const { return v + " " + m.name; }
    std::string operator()(const BestQuery&) const { return v; }
    std::string operator()(const Kibitz& m) const { return with_text(v + " " + m.game, m.text, max_text); }
    std::string operator()(const Kibitzed& m) const {
        return with_text(v + " " + m.game + " " + m.from, m.text, max_text);
    }
    std::string operator()(const ProfileItem& p) const {
        return v + " " + p.name + " " + role_word(p.role) + " " + p.registered + " " + p.seen;
    }
    std::string operator()(const StatsItem& st) const {
        return v + " " + rules_name(st.variant.rules) + " " + std::to_string(st.variant.size) + " " +
               rating_text(st.rating) + " " + std::to_string(st.games) + " " + std::to_string(st.wins) + " " +
               std::to_string(st.losses) + " " + std::to_string(st.draws);
    }
    std::string operator()(const LeaderItem& l) const {
        return v + " " + rules_name(l.variant.rules) + " " + std::to_string(l.variant.size) + " " +
               std::to_string(l.rank) + " " + l.name + " " + std::to_string(l.rating.rating) + " " +
               std::to_string(l.rating.deviation) + " " + std::to_string(l.games);
    }
    std::string operator()(const Challenge& c) const { return v + " " + c.name + " " + terms_text(c.terms); }
    std::string operator()(const Accept& a) const { return v + " " + std::to_string(a.id); }
    std::string operator()(const Decline& d) const { return v + " " + std::to_string(d.id); }
    std::string operator()(const Withdraw& d) const { return v + " " + std::to_string(d.id); }
    std::string operator()(const Watch& m) const { return v + " " + m.game; }
    std::string operator()(const Say& m) const { return with_text(v, m.text, max_text); }
    std::string operator()(const HistoryQuery& q) const {
        return v + " " + q.name + " " + std::to_string(q.page);
    }
    std::string operator()(const RecordQuery& q) const { return v + " " + q.game; }
    std::string operator()(const RatingsQuery& q) const {
        return v + " " + rules_name(q.variant.rules) + " " + std::to_string(q.variant.size) + " " +
               std::to_string(q.page);
    }
    std::string operator()(const Create& c) const {
        if (version < 2)
            return v + " " + format_text(c.format) + " " + std::to_string(c.max_players) + " " +
                   terms_text(c.terms);
        return v + " " + c.name + " " + format_text(c.format) + " " + std::to_string(c.max_players) + " " +
               first_word(c.first) + " " + terms_text(c.terms);
    }
    std::string operator()(const Join& m) const { return v + " " + std::to_string(m.id); }
    std::string operator()(const Leave& m) const { return v + " " + std::to_string(m.id); }
    std::string operator()(const Start& m) const { return v + " " + std::to_string(m.id); }
    std::string operator()(const ChooseStarter& m) const {
        return v + " " + std::to_string(m.id) + " " + m.name + " " + m.opponent;
    }
    std::string operator()(const StandingsQuery& m) const { return v + " " + std::to_string(m.id); }
    std::string operator()(const MachinesQuery&) const { return v; }
    std::string operator()(const Forget& f) const {
        return v + " " + machine_kind_word(f.kind) + " " + std::to_string(f.id);
    }
    std::string operator()(const MachineItem& m) const {
        return v + " " + machine_kind_word(m.kind) + " " + std::to_string(m.id) +
               (m.current ? " this " : " other ") + m.last_used + " " +
               (m.address.empty() ? "-" : m.address) + " " + (m.fingerprint.empty() ? "-" : m.fingerprint);
    }
    std::string operator()(const Server& s) const {
        return with_text(v + " gobblet " + std::to_string(s.version), s.text, max_text);
    }
    std::string operator()(const Welcome& m) const {
        return v + " " + m.name + " " + role_word(m.role) + " " + how_word(m.how) + ratings_text(m.ratings);
    }
    std::string operator()(const Refused& r) const {
        return with_text(v + " " + r.verb + " " + refusal_word(r.code), r.text, max_text);
    }
    std::string operator()(const Ok& o) const { return with_text(v + " " + o.verb, o.text, max_text); }
    std::string operator()(const PlayerItem& p) const {
        if (version < 3)
            return v + " " + p.name + " " + role_word(p.role) + (p.playing ? " playing" : " idle") +
                   ratings_text(p.ratings);
        // (a player whose opponent is not said is written as one without a game: the reader needs a name)
        const std::string state = p.playing && !p.opponent.empty()    ? " playing " + p.opponent
                                  : !p.playing && !p.watching.empty() ? " watching " + p.watching
                                                                      : std::string(" idle -");
        return v + " " + p.name + " " + role_word(p.role) + state + ratings_text(p.ratings);
    }
    std::string operator()(const Left& l) const { return v + " " + l.name; }
    std::string operator()(const SeekItem& s) const {
        const std::string head = v + " " + std::to_string(s.id) + " " + s.from + " " + rating_text(s.rating) +
                                 " " + name_or_star(s.to);
        if (version < 3) return head + " " + terms_text(s.terms);
        return head + " " + (s.colour ? colour_word(*s.colour) : "random") + " " +
               seek_terms_text(s.terms, s.audience);
    }
    std::string operator()(const Unseek& u) const {
        return v + " " + std::to_string(u.id) + " " + seek_end_word(u.why);
    }
    std::string operator()(const MatchStart& m) const {
        const std::string context =
            m.tournament ? std::to_string(m.tournament) + "/" + std::to_string(m.round) : std::string("-");
        return v + " " + m.game + " " + colour_word(m.colour) + " " + m.opponent + " " + m.code + " " +
               context + " " +
               (version < 3 ? std::string() : rating_text(m.mine) + " " + rating_text(m.theirs) + " ") +
               terms_text(m.terms);
    }
    std::string operator()(const GameItem& g) const {
        return v + " " + g.game + " " + g.names[0] + " " + g.names[1] + " " + pair_text(g.score) + " " +
               left_text(g.left[0]) + " " + left_text(g.left[1]) + " " +
               (g.running < 0 ? std::string("-") : std::to_string(g.running)) + " " +
               std::to_string(g.watchers) + " " +
               (version < 2 ? "" : (g.tournament ? std::to_string(g.tournament) : std::string("-")) + " ") +
               terms_text(g.terms);
    }
    std::string operator()(const Over& o) const {
        return with_text(v + " " + o.game + " " + verdict_word(o.result) + " " + pair_text(o.score) +
                             (version < 3 ? std::string() : changes_text(o.changes)),
                         o.text, max_text);
    }
    std::string operator()(const Watching& m) const { return v + " " + m.game + " " + m.code; }
    std::string operator()(const Chat& c) const { return with_text(v + " " + c.from, c.text, max_text); }
    std::string operator()(const Notice& n) const { return with_text(v, n.text, max_text); }
    std::string operator()(const HistoryItem& h) const {
        return v + " " + h.game + " " + h.date + " " + h.names[0] + " " + h.names[1] + " " +
               pair_text(h.score) + " " + verdict_word(h.result) +
               (version < 3 ? std::string() : changes_text(h.changes)) + " " + terms_text(h.terms);
    }
    std::string operator()(const RecordLine& l) const { return with_text(v, l.text, max_record_text); }
    std::string operator()(const RatingItem& r) const {
        return v + " " + std::to_string(r.rank) + " " + r.name + " " + std::to_string(r.rating.rating) + " " +
               std::to_string(r.rating.deviation) + " " + std::to_string(r.games) + " " +
               std::to_string(r.wins) + " " + std::to_string(r.losses) + " " + std::to_string(r.draws);
    }
    std::string operator()(const TournamentItem& t) const {
        const std::string organizer = t.organizer.empty() ? std::string("-") : t.organizer;
        if (version < 2)
            return v + " " + std::to_string(t.id) + " " + organizer + " " + format_text(t.format) + " " +
                   tournament_state_word(t.state) + " " + std::to_string(t.players) + " " +
                   std::to_string(t.max_players) + " " + std::to_string(t.round) + " " + terms_text(t.terms);
        return v + " " + std::to_string(t.id) + " " + t.name + " " + organizer + " " + format_text(t.format) +
               " " + tournament_state_word(t.state) + " " + std::to_string(t.players) + " " +
               std::to_string(t.max_players) + " " + std::to_string(t.round) + " " + first_word(t.first) +
               " " + terms_text(t.terms);
    }
    std::string operator()(const Closed& c) const { return v + " " + std::to_string(c.id); }
    std::string operator()(const StandingItem& s) const {
        const std::string table = std::to_string(s.rank) + " " + s.name + " " + points_text(s.half_points) +
                                  " " + std::to_string(s.played) + " " + std::to_string(s.won) + " " +
                                  std::to_string(s.lost) + " " + std::to_string(s.drawn);
        if (version < 2) return v + " " + table;
        return v + " " + std::to_string(s.tournament) + " " + table + " " + std::to_string(s.rounds_won) +
               " " + std::to_string(s.rounds_lost) + " " + points_text(s.head_to_head);
    }
    std::string operator()(const End& e) const { return v + " " + list_word(e.list); }
    // The shared messages: an empty reason goes without its space here ("bye"), as this protocol always
    // wrote it.
    std::string operator()(const Ping& p) const { return fields::token_line(v, p.token); }
    std::string operator()(const Pong& p) const { return fields::token_line(v, p.token); }
    std::string operator()(const Bye& b) const { return fields::reason_line(v, b.reason, false); }
    std::string operator()(const Error& e) const { return fields::reason_line(v, e.reason, false); }
};

}  // namespace

bool valid_game_id(std::string_view s) { return is_hex(s, game_id_digits); }

const char* verb(const Message& m) { return message_table[m.index()].verb; }
Sender sender(const Message& m) { return message_table[m.index()].sender; }

bool client_verb(std::string_view word) {
    for (const MessageRow& v : message_table)
        if (word == v.verb) return v.sender == Sender::Client;
    return false;
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
    return std::visit(Writer{version, verb(m)}, m) + "\n";
}

}  // namespace gobblet::net::lobby
