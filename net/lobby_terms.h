// What a lobby match is played under and who may play it (docs/lobby.md, "Terms"): a match's terms, the
// bounds the lobby puts on them and their one text form; who a seek is for; and the rules of who may
// play what, each one function that the client (before it sends a request), the server (before it does
// one), the bots and the lobby screen all call, so that a rule is said the same way wherever it holds.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/expected.h"
#include "engine/match.h"
#include "lobby_words.h"

namespace gobblet::net::lobby {

constexpr int lobby_max_first_to = 9;  // round wins a lobby match may ask for

// What a match is played under: the engine's match settings (rules, size, round wins, clock) and
// whether it is rated. One text form for the lobby, the server, and --bot's --seek (the clock part):
//
//     RULES SIZE CLOCK first-to N rated|casual       official 4 dm first-to 2 rated
//     CLOCK: none | dm | dm TURN RESERVE CHUNK | GAME+INCREMENT
//
// `dm` alone is the tournament clock (engine/clock.h's dm_preset: 2m a turn, 5m reserve, 30s chunks); a
// Fischer clock is written as 5m+2s. The clock is the engine's Terms form (read_clock, write_clock);
// durations as engine/clock.h reads them. A rated match needs a clock.
struct Terms {
    MatchSettings settings{};
    bool rated = false;
    friend bool operator==(const Terms&, const Terms&) = default;
};
// Bounds the lobby puts on terms (docs/lobby.md): within them, or why not.
Expected<void> terms_allowed(const Terms& t);
// The terms, or why the text is not terms within those bounds.
Expected<Terms> parse_terms(std::string_view text);
std::string terms_text(const Terms& t);
// The clock part alone (for --seek CLOCK): "none", "dm", "dm 1m 3m 20s", "5m+2s"; or why not. The text
// is the engine's write_clock in the Terms form; the reading adds the lobby's checks and bounds.
Expected<ClockSettings> parse_terms_clock(std::string_view text);
std::string terms_clock_text(const ClockSettings& c);
// A variant as its two words, the rules and the board size ("official" "4"), as terms and the lobby's
// lines write it; or why not ("rules are official or rogers, not 'chess'").
Expected<Variant> parse_variant(std::string_view rules, std::string_view size);

// How fast a clock is, in the words lichess gives its speeds, by lichess's estimate of the time a side
// may spend on a game of 40 moves: a Fischer clock's game time and 40 increments (3+2: 260 s, blitz); a
// DM clock's 40 turns and its reserve (dm: 85 minutes, classical); no clock is unlimited. Under 30 s
// ultrabullet, under 3 minutes bullet, under 8 blitz, under 25 rapid, else classical. A player's words
// for the seek filter (ui/lobby_view.h) and the seeks' details; the protocol never carries them.
enum class Speed : std::uint8_t { UltraBullet, Bullet, Blitz, Rapid, Classical, Unlimited };
inline constexpr const char* speed_words[] = {"ultrabullet", "bullet",    "blitz",
                                              "rapid",       "classical", "unlimited"};
static_assert(std::size(speed_words) == std::size_t(Speed::Unlimited) + 1, "one word for each speed");
Speed speed_of(const ClockSettings& c);
const char* speed_word(Speed s);
std::optional<Speed> parse_speed(std::string_view word);

// Who may take a seek (version 3): people only, unless computers are welcome (`bots`); and, when a range
// is given, only players whose rating in the terms' variant lies in it (`1400-1800`; a registered
// player without a rated game there counts as the newcomer's 1500, a guest as outside every range).
// Written after a seek's terms: `official 4 5m+2s first-to 1 rated bots 1400-1800`. Never part of a
// match's terms: it only decides who may accept.
struct RatingRange {
    int low = 0, high = 9999;
    friend bool operator==(const RatingRange&, const RatingRange&) = default;
};
struct Audience {
    bool bots = false;
    std::optional<RatingRange> range;
    friend bool operator==(const Audience&, const Audience&) = default;
};
// A seek's terms and who it is for, from one text: the terms, then `bots` and a range in any order.
struct SeekTerms {
    Terms terms;
    Audience audience;
    friend bool operator==(const SeekTerms&, const SeekTerms&) = default;
};
Expected<SeekTerms> parse_seek_terms(std::string_view text);
// A seek as a player says it (the lobby screen's seek and challenge lines): the words of terms in any
// order, each said at most once, and what is not said taken from `defaults` (the player's own, which
// the lobby keeps in the settings file: docs/lobby.md, "The lobby screen"):
//
//     3+2           a Fischer clock, lichess's way: 3 minutes and 2 seconds a move (0.5+0: 30 s); with
//                   units as terms write it, 5m+2s, 90s+1s
//     dm, dm 1m 3m 20s, none        the other clocks, as terms write them
//     official, rogers   4, 3, 4x4, 3x3   first-to N   rated, casual   bots   1400-1800
//
// `3+2 rated` is the defaults with that clock, rated; an empty text is the defaults. Who the seek is
// for (bots, a range) is said each time, never taken from the defaults. Full terms read as
// parse_seek_terms reads them. Errors name the word and what was expected.
Expected<SeekTerms> parse_seek_words(std::string_view text, const Terms& defaults);
std::string seek_terms_text(const Terms& t, const Audience& a);
// " bots 1400-1800", or "" for people of any rating.
std::string audience_text(const Audience& a);
// The rating a range is checked against: the rating in the variant, the newcomer's 1500 without one;
// nullopt for a guest.
std::optional<int> range_rating(Role role, const std::optional<Rating>& rating);
// Whether a player (their role, their rating in the seek's variant) may take a seek for `a`, or why
// not, in words for them: the server's check of `accept`, the bots' choice of seeks and the lobby
// screen's filter are this one function.
Expected<void> admits(const Audience& a, Role role, const std::optional<Rating>& rating);
// A rated match is between registered players: whether a player of `role` may play a match on `t`, or
// why not ("a guest plays casual games only"); with the opponent's role too where it is known (the
// server's challenge: "a rated match needs two registered players"). The client's post and challenge and
// the server's post, challenge and accept are this one function.
Expected<void> may_play(const Terms& t, Role role, std::optional<Role> opponent = std::nullopt);
// Whether the player named `me` may challenge the one named `them`, names compared by their key (a
// challenge to yourself is refused): the client's check before it sends one and the server's.
Expected<void> may_challenge(std::string_view me, std::string_view them);

}  // namespace gobblet::net::lobby
