#include "lobby_terms.h"

#include <algorithm>
#include <vector>

#include "engine/names.h"
#include "engine/text.h"
#include "fields.h"

namespace gobblet::net::lobby {

namespace {

using namespace fields;  // the readers' tools (net/fields.h)

bool is_digit(char c) { return c >= '0' && c <= '9'; }

Variant variant_fields(std::string_view rules, std::string_view size, const char* what) {
    const Expected<Variant> v = parse_variant(rules, size);
    if (!v) bad(std::string(what) + ": " + v.why());
    return *v;
}

// The clock part of terms, from its words, by the engine's reader of the terms' form.
ClockSettings clock_words(const std::vector<std::string_view>& w) {
    std::string text;
    for (std::string_view word : w) text += (text.empty() ? "" : " ") + std::string(word);
    const auto c = read_clock(text, ClockForm::Terms);
    if (!c) bad("terms: " + c.why());
    return *c;
}

// The words of terms. Terms also come from outside any line (a --seek flag): the text is checked as a
// line is, so that an error never quotes bytes that are not printable UTF-8.
std::vector<std::string_view> split(std::string_view text) {
    std::vector<std::string_view> out;
    if (text.empty()) return out;
    if (text.size() > 200) bad("terms: longer than 200 bytes");
    if (!valid_utf8(text)) bad("terms: not UTF-8 text");
    for (char c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) bad("terms: a control character");
    Words w(text);
    while (!w.done()) {
        if (out.size() == 16) bad("terms: too many words");
        const std::string_view word = w.next();
        if (word.empty()) bad("terms: one space between words");
        out.push_back(word);
    }
    return out;
}

Expected<void> clock_allowed(const ClockSettings& c) {
    constexpr Millis s = 1000, m = 60 * s, h = 60 * m;
    switch (c.kind) {
        case ClockKind::None: return {};
        case ClockKind::Dm:
            if (c.turn < 5 * s || c.turn > h) return Failure{"a DM turn is 5s to 1h"};
            if (c.reserve < 0 || c.reserve > 2 * h) return Failure{"a DM reserve is 0s to 2h"};
            if (c.reserve == 0 && c.chunk != 0) return Failure{"without a DM reserve the chunk is 0s"};
            if (c.reserve > 0 && (c.chunk < s || c.chunk > 10 * m)) return Failure{"a DM chunk is 1s to 10m"};
            return {};
        case ClockKind::Fischer:
            if (c.game < 10 * s || c.game > 2 * h) return Failure{"a Fischer game time is 10s to 2h"};
            if (c.increment < 0 || c.increment > m) return Failure{"a Fischer increment is 0s to 1m"};
            return {};
    }
    return Failure{"an unknown clock"};
}

Terms terms_words(std::string_view text) {
    const std::vector<std::string_view> w = split(text);
    std::size_t first_to = 2;
    while (first_to < w.size() && w[first_to] != "first-to") ++first_to;
    if (w.size() < 6 || first_to == w.size() || first_to + 3 != w.size())
        bad("terms are RULES SIZE CLOCK first-to N rated|casual, as in 'official 4 dm first-to 2 rated'");
    Terms t;
    t.settings.variant = variant_fields(w[0], w[1], "terms");
    t.settings.clock =
        clock_words(std::vector<std::string_view>(w.begin() + 2, w.begin() + std::ptrdiff_t(first_to)));
    t.settings.first_to = small(w[first_to + 1], 1, lobby_max_first_to, "terms: first-to");
    const std::string_view mode = w[first_to + 2];
    if (mode != "rated" && mode != "casual") bad("terms: expected rated or casual, not " + shown(mode));
    t.rated = mode == "rated";
    if (auto ok = terms_allowed(t); !ok) bad("terms: " + ok.why());
    return t;
}

// "1400-1800": a rating range's word, or nullopt when the word is not one.
std::optional<RatingRange> range_word(std::string_view w) {
    const auto dash = w.find('-');
    if (dash == std::string_view::npos || dash == 0 || dash + 1 == w.size()) return std::nullopt;
    for (const char c : w)
        if (c != '-' && !is_digit(c)) return std::nullopt;
    RatingRange r;
    r.low = small(w.substr(0, dash), 0, 9999, "terms: the rating range");
    r.high = small(w.substr(dash + 1), 0, 9999, "terms: the rating range");
    if (r.low > r.high) bad("terms: a rating range goes from the lower rating to the higher, as 1400-1800");
    return r;
}

// The reason a terms reader gives, without the "terms: " its fields put first.
std::string terms_reason(const Bad& b) { return b.why.starts_with("terms: ") ? b.why.substr(7) : b.why; }

}  // namespace

Expected<Variant> parse_variant(std::string_view rules, std::string_view size) {
    Variant v;
    const auto r = parse_rules(rules);
    if (!r) return Failure{"rules are official or rogers, not " + shown(rules)};
    v.rules = *r;
    if (size != "3" && size != "4") return Failure{"the board size is 3 or 4, not " + shown(size)};
    v.size = size[0] - '0';
    return v;
}

Expected<void> terms_allowed(const Terms& t) {
    const Variant v = t.settings.variant;
    if (v.size != 3 && v.size != 4) return Failure{"the board size is 3 or 4"};
    if (v.rules != Rules::Official && v.rules != Rules::Rogers)
        return Failure{"the rules are official or rogers"};
    if (t.settings.first_to < 1 || t.settings.first_to > lobby_max_first_to)
        return Failure{"first-to is 1 to " + std::to_string(lobby_max_first_to)};
    if (auto ok = clock_allowed(t.settings.clock); !ok) return ok;
    if (t.rated && !t.settings.clock.enabled()) return Failure{"a rated match needs a clock"};
    return {};
}

Expected<Terms> parse_terms(std::string_view text) {
    try {
        return terms_words(text);
    } catch (const Bad& b) {
        return Failure{terms_reason(b)};
    }
}

std::string terms_text(const Terms& t) {
    return std::string(rules_name(t.settings.variant.rules)) + " " + std::to_string(t.settings.variant.size) +
           " " + terms_clock_text(t.settings.clock) + " first-to " + std::to_string(t.settings.first_to) +
           (t.rated ? " rated" : " casual");
}

Expected<ClockSettings> parse_terms_clock(std::string_view text) {
    try {
        const ClockSettings c = clock_words(split(text));
        if (auto ok = clock_allowed(c); !ok) bad(ok.why());
        return c;
    } catch (const Bad& b) {
        return Failure{terms_reason(b)};
    }
}

std::string terms_clock_text(const ClockSettings& c) { return write_clock(c, ClockForm::Terms); }

Expected<SeekTerms> parse_seek_terms(std::string_view text) {
    try {
        std::vector<std::string_view> w = split(text);
        SeekTerms out;
        bool ranged = false;
        // Who it is for comes after the terms, which end in rated or casual (without either, the terms'
        // own reader says what is wrong with them).
        const auto mode = std::find_if(w.rbegin(), w.rend(),
                                       [](std::string_view x) { return x == "rated" || x == "casual"; });
        while (mode != w.rend() && w.back() != "rated" && w.back() != "casual") {
            const std::string_view last = w.back();
            if (last == "bots" && !out.audience.bots) {
                out.audience.bots = true;
            } else if (const auto r = !ranged ? range_word(last) : std::nullopt) {
                out.audience.range = r;
                ranged = true;
            } else {
                bad("terms: after rated or casual come only bots (computers welcome) and a rating range "
                    "such as 1400-1800, not " +
                    shown(last));
            }
            w.pop_back();
        }
        std::string rest;
        for (const std::string_view word : w) rest += (rest.empty() ? "" : " ") + std::string(word);
        Expected<Terms> terms = parse_terms(rest);
        if (!terms) return Failure{terms.why()};
        out.terms = *terms;
        return out;
    } catch (const Bad& b) {
        return Failure{terms_reason(b)};
    }
}

Speed speed_of(const ClockSettings& c) {
    // lichess's estimate, in seconds: the time a side may spend on 40 moves.
    Millis estimate = 0;
    switch (c.kind) {
        case ClockKind::None: return Speed::Unlimited;
        case ClockKind::Fischer: estimate = c.game + 40 * c.increment; break;
        case ClockKind::Dm: estimate = 40 * c.turn + c.reserve; break;
    }
    const Millis s = estimate / 1000;
    if (s < 30) return Speed::UltraBullet;
    if (s < 180) return Speed::Bullet;
    if (s < 480) return Speed::Blitz;
    if (s < 1500) return Speed::Rapid;
    return Speed::Classical;
}

const char* speed_word(Speed s) { return speed_words[std::size_t(s)]; }

std::optional<Speed> parse_speed(std::string_view word) {
    for (std::size_t i = 0; i < std::size(speed_words); ++i)
        if (word == speed_words[i]) return Speed(i);
    return std::nullopt;
}

namespace {

// A Fischer clock as a player types it: GAME+INCREMENT, a bare GAME in minutes and a bare INCREMENT in
// seconds (lichess's 3+2), or either with units (5m+2s); nullopt when the word is not one.
std::optional<ClockSettings> fischer_word(std::string_view w) {
    const std::size_t plus = w.find('+');
    if (plus == std::string_view::npos || plus == 0 || plus + 1 == w.size()) return std::nullopt;
    const auto bare = [](std::string_view x) {
        return std::all_of(x.begin(), x.end(), [](char c) { return is_digit(c) || c == '.'; });
    };
    const std::string_view game = w.substr(0, plus), increment = w.substr(plus + 1);
    const auto g = parse_duration(bare(game) ? std::string(game) + "m" : std::string(game));
    const auto i = parse_duration(increment);
    if (!g || !i) return std::nullopt;
    return ClockSettings::fischer(*g, *i);
}

// A duration with its unit (or a clock face's M:SS): what may follow `dm` in a player's words, which a
// bare number (a board size) never is.
bool unit_duration(std::string_view w) {
    if (w.empty() || (is_digit(w.back()) && w.find(':') == std::string_view::npos)) return false;
    return parse_duration(w).has_value();
}

}  // namespace

Expected<SeekTerms> parse_seek_words(std::string_view text, const Terms& defaults) {
    try {
        const std::string lowered = lower(text);
        std::vector<std::string_view> w = split(lowered);
        SeekTerms out{defaults, {}};
        Terms& t = out.terms;
        // What was said, so that nothing is said twice.
        bool rules = false, size = false, clock = false, first_to = false, mode = false, range = false;
        const auto once = [](bool& said, const char* what) {
            if (said) bad(std::string("terms: ") + what + " said twice: say it once");
            said = true;
        };
        for (std::size_t i = 0; i < w.size(); ++i) {
            const std::string_view word = w[i];
            if (const auto r = parse_rules(word)) {
                once(rules, "the rules");
                t.settings.variant.rules = *r;
            } else if (word == "4" || word == "3" || word == "4x4" || word == "3x3") {
                once(size, "the board");
                t.settings.variant.size = word[0] - '0';
            } else if (word == "rated" || word == "casual") {
                once(mode, "rated or casual");
                t.rated = word == "rated";
            } else if (word == "first-to") {
                once(first_to, "first-to");
                if (i + 1 == w.size()) bad("terms: first-to needs its number of round wins, as first-to 2");
                t.settings.first_to = small(w[++i], 1, lobby_max_first_to, "terms: first-to");
            } else if (word == "bots") {
                if (out.audience.bots) bad("terms: bots said twice: say it once");
                out.audience.bots = true;
            } else if (const auto rr =
                           word.find('-') != std::string_view::npos ? range_word(word) : std::nullopt) {
                once(range, "the rating range");
                out.audience.range = rr;
            } else if (word == "none" || word == "dm") {
                once(clock, "the clock");
                std::vector<std::string_view> clock_words_of{word};
                // `dm TURN RESERVE CHUNK` when three durations with units follow.
                if (word == "dm" && i + 3 < w.size() && unit_duration(w[i + 1]) && unit_duration(w[i + 2]) &&
                    unit_duration(w[i + 3])) {
                    clock_words_of.assign(w.begin() + std::ptrdiff_t(i), w.begin() + std::ptrdiff_t(i + 4));
                    i += 3;
                }
                t.settings.clock = clock_words(clock_words_of);
            } else if (const auto f = fischer_word(word)) {
                once(clock, "the clock");
                t.settings.clock = *f;
            } else if (parse_speed(word)) {
                bad("terms: " + shown(word) + " is a speed, not a clock: say the clock, as 3+2");
            } else {
                bad("terms: " + shown(word) +
                    " is none of: a clock (3+2, 5m+2s, dm, none), official or rogers, 4 or 3, first-to N, "
                    "rated or casual, bots, a rating range (1400-1800)");
            }
        }
        if (auto ok = terms_allowed(t); !ok) bad("terms: " + ok.why());
        return out;
    } catch (const Bad& b) {
        return Failure{terms_reason(b)};
    }
}

std::string audience_text(const Audience& a) {
    std::string out = a.bots ? " bots" : "";
    if (a.range) out += " " + std::to_string(a.range->low) + "-" + std::to_string(a.range->high);
    return out;
}

std::string seek_terms_text(const Terms& t, const Audience& a) { return terms_text(t) + audience_text(a); }

std::optional<int> range_rating(Role role, const std::optional<Rating>& rating) {
    if (role == Role::Guest) return std::nullopt;
    return rating ? rating->rating : 1500;
}

Expected<void> admits(const Audience& a, Role role, const std::optional<Rating>& rating) {
    if (role == Role::Bot && !a.bots)
        return Failure{
            "that seek is for people: a computer takes only seeks that welcome computers (bots), "
            "and challenges"};
    if (!a.range) return {};
    const std::string range = std::to_string(a.range->low) + "-" + std::to_string(a.range->high);
    const std::optional<int> r = range_rating(role, rating);
    if (!r) return Failure{"that seek is for ratings " + range + ": a guest has no rating"};
    if (*r < a.range->low || *r > a.range->high)
        return Failure{"that seek is for ratings " + range + ", and yours is " + std::to_string(*r)};
    return {};
}

Expected<void> may_play(const Terms& t, Role role, std::optional<Role> opponent) {
    if (!t.rated) return {};
    if (opponent && (role == Role::Guest || *opponent == Role::Guest))
        return Failure{"a rated match needs two registered players"};
    if (role == Role::Guest) return Failure{"a guest plays casual games only"};
    return {};
}

Expected<void> may_challenge(std::string_view me, std::string_view them) {
    if (names::name_key(me) == names::name_key(them)) return Failure{"you cannot challenge yourself"};
    return {};
}

}  // namespace gobblet::net::lobby
