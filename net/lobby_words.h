// The lobby protocol's vocabulary (docs/lobby.md): its enumerations and small values, and the words
// each is written with on a line. The messages (net/lobby.h) are made of them; the lobby screen, the
// server and the bot use them by name. Each enumeration has its words in one array, one per enumerator
// in its order (the last enumerator is named in each check: a new one goes last, or the check says
// where).
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "engine/expected.h"
#include "engine/types.h"

namespace gobblet::net::lobby {

// Who plays under a name: a person, a computer (--bot; registered and rated like everyone), or a
// guest (a person without registration, unrated, shown as "~Name").
enum class Role : std::uint8_t { Human, Bot, Guest };
inline constexpr const char* role_words[] = {"human", "bot", "guest"};
static_assert(std::size(role_words) == std::size_t(Role::Guest) + 1, "one word for each role");
// How a login proves the name: a machine's secret, a password, nothing (a guest), or the SSH key the
// connection's `ssh` line named (version 2).
enum class Method : std::uint8_t { Secret, Password, Guest, Key };
inline constexpr const char* method_words[] = {"secret", "password", "guest", "key"};
inline constexpr int method_since[] = {1, 1, 1, 2};  // the version that brought each word
static_assert(std::size(method_words) == std::size_t(Method::Key) + 1, "one word for each method");
static_assert(std::size(method_since) == std::size(method_words), "a version for each method");
// How the server let the client in: the name was new (registered now with the secret or SSH key), by
// the machine's secret, by password (the client may then add this machine's secret or its SSH key), as
// a guest, or by the SSH key.
enum class How : std::uint8_t { New, Secret, Password, Guest, Key };
inline constexpr const char* how_words[] = {"new", "secret", "password", "guest", "key"};
static_assert(std::size(how_words) == std::size_t(How::Key) + 1, "one word for each way in");
// Why the server refused a request (the connection stays open: the client may try something else).
enum class Refusal : std::uint8_t {
    BadName,          // not a name a player can have
    NameTaken,        // registered by someone else, who set no password
    WrongSecret,      // neither this secret nor a password proves the name (no password set)
    PasswordNeeded,   // the name is registered with a password: log in with it
    WrongPassword,    // the password does not match
    TooManyAttempts,  // too many failed logins from this address lately: wait
    BadPassword,      // a new password too short or too long
    NotAllowed,       // not for you now (a guest rating, a seek of your own, not the organizer...)
    NotFound,         // no such player, seek, game or tournament (or no longer)
    BadTerms,         // terms the server does not offer (a rated game without a clock, a guest's rated seek)
    Limit,            // too many seeks, challenges, secrets, tournaments, watches of yours
    SlowDown,         // chat faster than the rate limit
    Busy,             // you are playing, or the server cannot now
};
inline constexpr const char* refusal_words[] = {
    "bad-name",     "name-taken",  "wrong-secret", "password-needed", "wrong-password", "too-many-attempts",
    "bad-password", "not-allowed", "not-found",    "bad-terms",       "limit",          "slow-down",
    "busy"};
static_assert(std::size(refusal_words) == std::size_t(Refusal::Busy) + 1, "one word for each refusal");
// Why a seek or challenge left the list.
enum class SeekEnd : std::uint8_t { Withdrawn, Taken, Declined, Expired, Left, Playing };
inline constexpr const char* seek_end_words[] = {"withdrawn", "taken", "declined",
                                                 "expired",   "left",  "playing"};
static_assert(std::size(seek_end_words) == std::size_t(SeekEnd::Playing) + 1, "one word for each end");
// How a game ended: player 0 or 1 won, a draw, or it was abandoned without a result.
enum class Verdict : std::uint8_t { Player0, Player1, Draw, Aborted };
inline constexpr const char* verdict_words[] = {"0", "1", "draw", "aborted"};
static_assert(std::size(verdict_words) == std::size_t(Verdict::Aborted) + 1, "one word for each verdict");
enum class TournamentState : std::uint8_t { Open, Playing, Over };
inline constexpr const char* state_words[] = {"open", "playing", "over"};
static_assert(std::size(state_words) == std::size_t(TournamentState::Over) + 1, "one word for each state");
// The lists that an `end` line closes.
enum class List : std::uint8_t {
    Players,
    Seeks,
    Games,
    Tournaments,
    History,
    Ratings,
    Standings,
    Record,
    Machines,
    Profile,
    Best,
};
inline constexpr const char* list_words[] = {"players",  "seeks",   "games",     "tournaments",
                                             "history",  "ratings", "standings", "record",
                                             "machines", "profile", "best"};
inline constexpr int list_since[] = {1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3};  // the version that brought each list
static_assert(std::size(list_words) == std::size_t(List::Best) + 1, "one word for each list");
static_assert(std::size(list_since) == std::size(list_words), "a version for each list");
// What proves a name from a machine (version 3): the machine's secret, or an SSH key.
enum class MachineKind : std::uint8_t { Secret, Key };
inline constexpr const char* machine_kind_words[] = {"secret", "key"};
static_assert(std::size(machine_kind_words) == std::size_t(MachineKind::Key) + 1, "one word for each kind");
// Who plays White in round 1 of a tournament's match (the loser of each round chooses after that, as
// in every match): the schedule's player (colours balanced; the organizer's table), or a draw by the
// server (reproducible from the tournament's seed). Written "schedule", "draw".
enum class First : std::uint8_t { Schedule, Draw };
inline constexpr const char* first_words[] = {"schedule", "draw"};
static_assert(std::size(first_words) == std::size_t(First::Draw) + 1, "one word for each way to start");

const char* role_word(Role r);
const char* how_word(How h);
const char* refusal_word(Refusal r);
const char* seek_end_word(SeekEnd e);
const char* verdict_word(Verdict o);
const char* tournament_state_word(TournamentState s);
const char* list_word(List l);
const char* machine_kind_word(MachineKind k);
const char* first_word(First f);
std::optional<First> parse_first(std::string_view w);

// A seek or challenge, a tournament: a decimal from 1 to max_id (net/lobby.h).
using Id = std::int64_t;

// A Glicko-2 rating as players see it: the rating and its deviation, rounded. Written "1623/85", or `-`
// for none (rating_text).
struct Rating {
    int rating = 1500;    // 0-9999
    int deviation = 350;  // 0-999
    friend bool operator==(const Rating&, const Rating&) = default;
};
// A player's ratings in the four variants, in the order of variant_index; nullopt: no rated game there.
using Ratings = std::array<std::optional<Rating>, 4>;
// What a rated game did to a player's rating (version 3): before and after, rounded; written
// `1500>1662`, or `-` for a game that changed no rating (change_field_text).
struct RatingChange {
    int before = 1500, after = 1500;
    friend bool operator==(const RatingChange&, const RatingChange&) = default;
};
using Changes = std::array<std::optional<RatingChange>, 2>;
// 0 official 4x4, 1 rogers 4x4, 2 official 3x3, 3 rogers 3x3: the order ratings travel in.
int variant_index(Variant v);
Variant variant_at(int index);

// A tournament's format: a round robin (everyone meets everyone once), a Swiss tournament of `rounds`
// rounds, or a knockout (the loser of a match is out; version 2). Written "round-robin", "swiss-5",
// "knockout" (format_text).
struct Format {
    bool swiss = false;
    int rounds = 0;  // Swiss: 1 to max_swiss_rounds; a round robin or knockout: 0 (the players decide)
    bool knockout = false;
    friend bool operator==(const Format&, const Format&) = default;
};

constexpr int max_swiss_rounds = 20;
// The formats' words, and the version that brought each: "swiss-N" is swiss-1 to swiss-20.
inline constexpr const char* format_words[] = {"round-robin", "swiss-N", "knockout"};
inline constexpr int format_since[] = {1, 1, 2};
std::string format_text(const Format& f);
// The format a word names in `version` of the protocol (the lobby's `create` and --format), or why not
// ("expected round-robin, swiss-N or knockout, not 'ladder'").
Expected<Format> parse_format(std::string_view word, int version);
// "1623/85" or "-".
std::string rating_text(const std::optional<Rating>& r);
// "1500>1662" or "-".
std::string change_field_text(const std::optional<RatingChange>& c);
// Half points as a table shows them: "2", "2.5".
std::string points_text(int half_points);

}  // namespace gobblet::net::lobby
