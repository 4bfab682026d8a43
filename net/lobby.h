// The lobby protocol's messages and their one-line text form (docs/lobby.md has every message with an
// example, the login flow and every limit). A client keeps one lobby connection to a server: it finds
// players, seeks, challenges, games, tournaments, chat and finished games there. Games themselves are
// played over separate game connections that speak the peer protocol (wire.h, docs/network.md): the
// lobby hands each player a game id and a code for it.
//
// The lines follow the game protocol's rules (fields.h): at most max_line bytes with the '\n', UTF-8, no
// control characters, one space between words, a lowercase verb first, free text only last and cleaned
// to printable characters of bounded length as it is read. The reader is strict: anything malformed or
// unknown is an error with a reason fit to show, and the connection ends. Each verb has one shape and one
// sender (client or server), so one parser reads both directions; the receiver refuses a message the
// other side may not send (sender()).
//
// Lists are one line per item. The four tables the lobby shows (players online, seeks, games in
// progress, tournaments) arrive whole after login, each closed by an `end` line, and then change by the
// same item lines (an item is "this entry is now so") and removal lines. Answers to queries (a player's
// history, the ratings, a tournament's standings, a game's record) are items closed by `end`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/expected.h"
#include "engine/match.h"
#include "wire.h"

namespace gobblet::net::lobby {

// Version 2: tournaments with names, knockouts, who starts, live standings with their tie-breaks, the
// tournament of a game in progress; and the SSH front door (`ssh`, `login NAME ROLE key`, `key`).
// Version 3: the machines that prove a name, listed and forgotten one by one (`machines`, `machine`,
// `forget`), and a password set with the choice of forgetting every other machine (`password
// keep|forget TEXT`); who a seek is for (computers welcome, a rating range), what each player is doing
// (playing whom, watching what), both ratings at a match's start and their changes at its end and in the
// history, rematches, aborts, profiles (`finger`), the leaderboard (`best`) and spectators' talk
// (`kibitz`). A server also speaks the older versions to an older client, in their shapes
// (docs/lobby.md, "Versions"). parse_message and format_message take the version spoken.
constexpr int protocol_version = 3;
constexpr int oldest_version = 1;

// Limits (docs/lobby.md, "Limits"). Lines, chat and reasons as in the game protocol.
constexpr std::size_t max_text = net::max_text;     // chat, reasons, notices: characters
constexpr std::size_t max_record_text = 400;        // one line of a game record: characters
constexpr std::size_t min_name = 2, max_name = 20;  // a registered name: characters (all ASCII)
constexpr std::size_t max_guest_name = 24;          // "~" and the name, with the server's suffix
constexpr std::size_t secret_digits = 64;           // a machine secret: 32 random bytes in hex
constexpr std::size_t max_address = 45;             // a numeric IPv6 address, the longest form
constexpr std::size_t min_password = 8;             // characters
constexpr std::size_t max_password = 128;           // bytes
constexpr std::size_t game_id_digits = 16;          // as the game protocol's match ids
constexpr int page_size = 50;                       // items in a page of history or ratings
constexpr int max_page = 1'000'000;
constexpr std::int64_t max_id = 1'000'000'000;  // seek, challenge and tournament ids: 1 to this
constexpr int lobby_max_first_to = 9;           // round wins a lobby match may ask for
constexpr int max_tournament_players = 64;
constexpr int max_swiss_rounds = 20;
constexpr int max_count = 1'000'000'000;   // games, wins, watchers, ranks...
constexpr std::size_t max_table = 10'000;  // entries a client keeps in each table (players, seeks, ...)
constexpr std::size_t max_record_bytes = 1 << 20;  // a game record as fetched (saves' file limit)
constexpr std::size_t max_record_lines = 20'000;
constexpr std::size_t max_open_queries = 8;  // a client's queries waiting for their answers
constexpr std::size_t max_machines = 32;     // machines in an answer (a server keeps 16 secrets and 16 keys)

// Timeouts and rates (milliseconds), the same for both sides (docs/lobby.md, "Timeouts").
constexpr Millis hello_timeout = 5000;      // server: the client's greeting, after connecting
constexpr Millis answer_timeout = 10000;    // client: the server's greeting, and its answer to a login
constexpr Millis login_timeout = 120000;    // server: a login that works, after the greeting
constexpr Millis ping_after = 10000;        // a side that has sent nothing this long pings
constexpr Millis dead_after = 30000;        // received nothing this long: the other side is gone
constexpr Millis challenge_expiry = 60000;  // server: an unanswered challenge goes (`unseek ID expired`)
// A server's match: no clock runs until White's first move; a tournament's starts them this long after
// the match started whatever White does. The client announces a tournament's next match on the last
// one's result, and opens it after round_countdown (or at a key).
constexpr Millis round_start_after = 20000;
constexpr Millis round_countdown = 10000;
constexpr int chat_burst = 5;  // chat lines at once, then one every chat_every
constexpr Millis chat_every = 2000;
// A rating is settled (no "?" after it; on the leaderboard) once its deviation is at most this.
constexpr int settled_deviation = 150;
constexpr int leaders_per_variant = 10;  // `best`: the top players of each variant
constexpr int profile_games = 10;        // `finger`: the last games a profile lists

// Who plays under a name: a person, a computer (--bot; registered and rated like everyone), or a
// guest (a person without registration, unrated, shown as "~Name").
enum class Role : std::uint8_t { Human, Bot, Guest };
// The words of each enumeration, one per enumerator in its order (the last enumerator is named in each
// check: a new one goes last, or the check says where).
inline constexpr const char* role_words[] = {"human", "bot", "guest"};
static_assert(std::size(role_words) == std::size_t(Role::Guest) + 1, "one word for each role");
// How a login proves the name: a machine's secret, a password, nothing (a guest), or the SSH key the
// connection's `ssh` line named (version 2).
enum class Method : std::uint8_t { Secret, Password, Guest, Key };
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
    Machines,  // version 3
    Profile,   // version 3
    Best,      // version 3
};
inline constexpr const char* list_words[] = {"players",  "seeks",   "games",     "tournaments",
                                             "history",  "ratings", "standings", "record",
                                             "machines", "profile", "best"};
static_assert(std::size(list_words) == std::size_t(List::Best) + 1, "one word for each list");
// What proves a name from a machine (version 3): the machine's secret, or an SSH key.
enum class MachineKind : std::uint8_t { Secret, Key };
inline constexpr const char* machine_kind_words[] = {"secret", "key"};
static_assert(std::size(machine_kind_words) == std::size_t(MachineKind::Key) + 1, "one word for each kind");

// A seek or challenge, a tournament: a decimal from 1 to max_id.
using Id = std::int64_t;

// A Glicko-2 rating as players see it: the rating and its deviation, rounded.
struct Rating {
    int rating = 1500;    // 0-9999
    int deviation = 350;  // 0-999
    friend bool operator==(const Rating&, const Rating&) = default;
};
// A player's ratings in the four variants, in the order of variant_index; nullopt: no rated game there.
using Ratings = std::array<std::optional<Rating>, 4>;
// What a rated game did to a player's rating (version 3): before and after, rounded; written
// `1500>1662`, or `-` for a game that changed no rating.
struct RatingChange {
    int before = 1500, after = 1500;
    friend bool operator==(const RatingChange&, const RatingChange&) = default;
};
using Changes = std::array<std::optional<RatingChange>, 2>;
// "1662 (+162)", "1338 (-162)", "1500 (+0)".
std::string change_text(const RatingChange& c);
// 0 official 4x4, 1 rogers 4x4, 2 official 3x3, 3 rogers 3x3: the order ratings travel in.
int variant_index(Variant v);
Variant variant_at(int index);

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
// How a player reads terms: "official rules, 4x4, first to 2, 2m a turn, 5m reserve in 30s chunks, rated".
std::string terms_description(const Terms& t);
// The same in a few words, what matters first, for a list's row: "rated 5m+2s official 4x4",
// "casual dm rogers 3x3 first to 2".
std::string terms_short(const Terms& t);

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
std::string seek_terms_text(const Terms& t, const Audience& a);
// " bots 1400-1800", or "" for people of any rating.
std::string audience_text(const Audience& a);
// "for people only", "computers welcome, ratings 1400-1800".
std::string audience_description(const Audience& a);
// The rating a range is checked against: the rating in the variant, the newcomer's 1500 without one;
// nullopt for a guest.
std::optional<int> range_rating(Role role, const std::optional<Rating>& rating);
// Whether a player (their role, their rating in the seek's variant) may take a seek for `a`, or why
// not, in words for them: the server's check of `accept`, the bots' choice of seeks and the lobby
// screen's filter are this one function.
Expected<void> admits(const Audience& a, Role role, const std::optional<Rating>& rating);

// A tournament's format: a round robin (everyone meets everyone once), a Swiss tournament of `rounds`
// rounds, or a knockout (the loser of a match is out; version 2). Written "round-robin", "swiss-5",
// "knockout".
struct Format {
    bool swiss = false;
    int rounds = 0;  // Swiss: 1 to max_swiss_rounds; a round robin or knockout: 0 (the players decide)
    bool knockout = false;
    friend bool operator==(const Format&, const Format&) = default;
};
// Who plays White in round 1 of a tournament's match (the loser of each round chooses after that, as
// in every match): the schedule's player (colours balanced; the organizer's table), or a draw by the
// server (reproducible from the tournament's seed). Written "schedule", "draw".
enum class First : std::uint8_t { Schedule, Draw };
const char* first_word(First f);
std::optional<First> parse_first(std::string_view w);
// A tournament's name (version 2): 2 to 32 ASCII letters, digits, '-', '_' and '.', a letter or digit
// first ("autumn-cup", "DM.2026"). Compared by name_key, as players' names.
constexpr std::size_t max_tournament_name = 32;
bool valid_tournament_name(std::string_view name);

// Names. A registered name has min_name to max_name characters: ASCII letters, digits, '-' and '_',
// starting with a letter, so that every terminal shows it the same and nobody can pass for someone
// else with a look-alike letter from another script. A guest's name is '~' and such a name (up to
// max_guest_name characters in all), so it never collides with a registered one.
bool valid_name(std::string_view name);
bool valid_guest_name(std::string_view name);
// The key a server compares names by: two names with the same key are the same name. Lower case, and
// the look-alikes read as one: 0 as o, 1 and i as l, '_' as '-' ("Liam", "LIAM" and "L1am" are one name).
std::string name_key(std::string_view name);
// A machine secret: secret_digits lowercase hex digits.
bool valid_secret(std::string_view s);
// An SSH key's fingerprint as OpenSSH shows it: "SHA256:" and 43 characters of base64 without padding
// (the SHA-256 of the key's blob).
bool valid_ssh_key(std::string_view s);
// A numeric IPv4 or IPv6 address ("203.0.113.5", "2001:db8::5"), as sshd writes $SSH_CONNECTION's.
bool valid_address(std::string_view s);
// A game id: game_id_digits lowercase hex digits.
bool valid_game_id(std::string_view s);
// Whether a password can be one, or why not: min_password characters at least, max_password bytes at
// most, UTF-8 without control characters. It travels and is compared exactly as typed.
Expected<void> password_allowed(std::string_view password);

// ---------------------------------------------------------------------------------------------------
// Client to server.

// The client's first line: `lobby gobblet VERSION`.
struct Hello {
    int version = protocol_version;
    friend bool operator==(const Hello&, const Hello&) = default;
};
// `login NAME human|bot secret HEX`, `login NAME human|bot password TEXT`, `login NAME human guest`,
// and in version 2 `login NAME human|bot key` (the SSH key of the connection's `ssh` line). A secret or
// key login of a name nobody has registers it with that secret or key. The password is the rest of the
// line, exactly as typed (never cleaned: it must match).
struct Login {
    std::string name;
    Role role = Role::Human;  // Human or Bot
    Method method = Method::Secret;
    std::string credential;  // the secret or the password; "" for a guest
    friend bool operator==(const Login&, const Login&) = default;
};
// `password TEXT` (versions 1 and 2), `password keep|forget TEXT` (version 3): sets (or changes) the password
// of the name logged in; `forget`: every machine but this connection's (its secret, its SSH key) must
// prove the name again (the password changed for fear that someone else knew it).
struct SetPassword {
    std::string password;
    bool forget_others = false;
    friend bool operator==(const SetPassword&, const SetPassword&) = default;
};
// `secret HEX`: adds this machine's secret to the name logged in (after a password login).
struct AddSecret {
    std::string secret;
    friend bool operator==(const AddSecret&, const AddSecret&) = default;
};
// `ssh ADDRESS KEY` (version 2, before the login): this connection is a player who came in through sshd
// from ADDRESS (a numeric IP address, from $SSH_CONNECTION) with the SSH key KEY (its fingerprint, from
// $SSH_USER_AUTH; "" written `-`: no key, the player logged in to sshd another way). The server believes
// it only from a unix socket whose peer is a user it trusts (the account whose ForceCommand runs the
// client: `--ssh-user`), answering `ok ssh`; from anyone else it is `refused ssh not-allowed`.
struct Ssh {
    std::string address;
    std::string key;  // valid_ssh_key, or "" for none
    friend bool operator==(const Ssh&, const Ssh&) = default;
};
// `key` (version 2): adds the connection's SSH key to the name logged in (after a password login).
struct AddKey {
    friend bool operator==(const AddKey&, const AddKey&) = default;
};
// `post TERMS [bots] [LOW-HIGH]`: an open seek, which anyone it admits may accept (the audience is
// version 3's; people of any rating before).
struct Post {
    Terms terms;
    Audience audience;
    friend bool operator==(const Post&, const Post&) = default;
};
// `challenge NAME TERMS`: a seek for one player only.
struct Challenge {
    std::string name;
    Terms terms;
    friend bool operator==(const Challenge&, const Challenge&) = default;
};
// `accept ID`, `decline ID` (a challenge to you), `withdraw ID` (your own seek or challenge).
struct Accept {
    Id id = 1;
    friend bool operator==(const Accept&, const Accept&) = default;
};
struct Decline {
    Id id = 1;
    friend bool operator==(const Decline&, const Decline&) = default;
};
struct Withdraw {
    Id id = 1;
    friend bool operator==(const Withdraw&, const Withdraw&) = default;
};
// `watch GAME`: asks for a watch code for a game in progress.
struct Watch {
    std::string game;
    friend bool operator==(const Watch&, const Watch&) = default;
};
// `say TEXT`: a lobby chat line.
struct Say {
    std::string text;
    friend bool operator==(const Say&, const Say&) = default;
};
// `history NAME PAGE`: a player's finished games, newest first, page_size a page (page 1 first).
struct HistoryQuery {
    std::string name;
    int page = 1;
    friend bool operator==(const HistoryQuery&, const HistoryQuery&) = default;
};
// `record GAME`: a finished game's record (saves/record.h's text).
struct RecordQuery {
    std::string game;
    friend bool operator==(const RecordQuery&, const RecordQuery&) = default;
};
// `ratings RULES SIZE PAGE`: the rating list of one variant, best first.
struct RatingsQuery {
    Variant variant{};
    int page = 1;
    friend bool operator==(const RatingsQuery&, const RatingsQuery&) = default;
};
// `create NAME FORMAT MAX FIRST TERMS` (version 1: `create FORMAT MAX TERMS`, named by the server and
// First::Schedule): a new tournament, open for players to join; you organize it.
struct Create {
    std::string name;  // "" from a version 1 client
    Format format{};
    First first = First::Schedule;
    int max_players = 8;  // 2 to max_tournament_players
    Terms terms;
    friend bool operator==(const Create&, const Create&) = default;
};
// `join ID`, `leave ID` (before it starts; after, your remaining games are lost), `start ID` (organizer).
struct Join {
    Id id = 1;
    friend bool operator==(const Join&, const Join&) = default;
};
struct Leave {
    Id id = 1;
    friend bool operator==(const Leave&, const Leave&) = default;
};
struct Start {
    Id id = 1;
    friend bool operator==(const Start&, const Start&) = default;
};
// `rematch GAME` (version 3): offers the opponent of your finished match GAME the same terms with the
// colours of round 1 swapped: a challenge to them (`seek ... COLOUR ...`).
struct Rematch {
    std::string game;
    friend bool operator==(const Rematch&, const Rematch&) = default;
};
// `abort GAME` (version 3): ends your match GAME without a result, before each side has moved in it.
struct Abort {
    std::string game;
    friend bool operator==(const Abort&, const Abort&) = default;
};
// `finger NAME` (version 3): a registered player's profile (`profile`, `stats`, `played`, `end profile`).
struct FingerQuery {
    std::string name;
    friend bool operator==(const FingerQuery&, const FingerQuery&) = default;
};
// `best` (version 3): the leaderboard, the top players with a settled rating of each variant
// (`leader` lines, `end best`).
struct BestQuery {
    friend bool operator==(const BestQuery&, const BestQuery&) = default;
};
// `kibitz GAME TEXT` (version 3): a line to the other spectators of GAME, which you watch; never to its
// players while it goes on.
struct Kibitz {
    std::string game;
    std::string text;
    friend bool operator==(const Kibitz&, const Kibitz&) = default;
};
// `standings ID`: a tournament's table.
struct StandingsQuery {
    Id id = 1;
    friend bool operator==(const StandingsQuery&, const StandingsQuery&) = default;
};
// `starter ID NAME OPPONENT` (version 2; the organizer): in tournament ID, NAME plays White in round 1
// of the match against OPPONENT, when it starts (otherwise the tournament's FIRST decides). Answered
// with `ok starter TEXT`.
struct ChooseStarter {
    Id id = 1;
    std::string name, opponent;
    friend bool operator==(const ChooseStarter&, const ChooseStarter&) = default;
};
// `machines` (version 3): the machines that prove the name logged in, answered by `machine` items and
// `end machines`.
struct MachinesQuery {
    friend bool operator==(const MachinesQuery&, const MachinesQuery&) = default;
};
// `forget secret|key ID` (version 3): one of them no longer proves the name (`ok forget`).
struct Forget {
    MachineKind kind = MachineKind::Secret;
    Id id = 1;
    friend bool operator==(const Forget&, const Forget&) = default;
};

// ---------------------------------------------------------------------------------------------------
// Server to client.

// The server's answer to the greeting: `server gobblet VERSION TEXT` (TEXT: its name, a greeting).
struct Server {
    int version = protocol_version;
    std::string text;
    friend bool operator==(const Server&, const Server&) = default;
};
// `welcome NAME ROLE HOW R4 R4 R3 R3`: logged in, as NAME (the registered spelling, or the guest name
// the server gave), with the player's ratings.
struct Welcome {
    std::string name;
    Role role = Role::Human;
    How how = How::Secret;
    Ratings ratings{};
    friend bool operator==(const Welcome&, const Welcome&) = default;
};
// `refused VERB CODE TEXT`: the request VERB (a client verb) was not done.
struct Refused {
    std::string verb;
    Refusal code = Refusal::NotAllowed;
    std::string text;
    friend bool operator==(const Refused&, const Refused&) = default;
};
// `ok VERB TEXT`: a request without another answer (password, secret, ssh, key, starter) was done.
struct Ok {
    std::string verb;
    std::string text;
    friend bool operator==(const Ok&, const Ok&) = default;
};
// `player NAME ROLE STATE WITH R4 R4 R3 R3`: a player online, or what changed about one. STATE: `idle`
// (WITH `-`), `playing` (WITH: the opponent), `watching` (WITH: the game watched). Version 1 and 2:
// `player NAME ROLE idle|playing R4 R4 R3 R3` (someone watching is idle there).
struct PlayerItem {
    std::string name;
    Role role = Role::Human;
    bool playing = false;
    Ratings ratings{};
    std::string opponent;  // playing: whom (version 3; "" when not said)
    std::string watching;  // not playing: the game watched, or ""
    friend bool operator==(const PlayerItem&, const PlayerItem&) = default;
};
// `left NAME`: a player left the lobby.
struct Left {
    std::string name;
    friend bool operator==(const Left&, const Left&) = default;
};
// `seek ID FROM RATING TO COLOUR TERMS [bots] [LOW-HIGH]`: an open seek (TO is `*`) or a challenge to TO
// (sent to the two players only). RATING: FROM's rating in the terms' variant, or `-`. COLOUR: the one
// FROM plays in round 1, `random` (the server draws it), `white` or `black` (a rematch). Version 1 and
// 2: `seek ID FROM RATING TO TERMS`.
struct SeekItem {
    Id id = 1;
    std::string from;
    std::optional<Rating> rating;
    std::string to;  // "" for an open seek
    Terms terms;
    Audience audience;
    std::optional<Color> colour;  // FROM's in round 1; nullopt: drawn at random
    friend bool operator==(const SeekItem&, const SeekItem&) = default;
};
// `unseek ID WHY`: the seek or challenge is gone (withdrawn, taken, declined, expired, left, playing).
struct Unseek {
    Id id = 1;
    SeekEnd why = SeekEnd::Withdrawn;
    friend bool operator==(const Unseek&, const Unseek&) = default;
};
// `match GAME COLOUR OPPONENT CODE CONTEXT MINE THEIRS TERMS`: your match starts: join game GAME with CODE
// on a game connection to this server. COLOUR is yours in round 1; CONTEXT `-`, or `ID/ROUND` for a
// tournament's pairing; MINE and THEIRS (version 3): your rating and the opponent's in the terms'
// variant (a newcomer's 1500/350 before a rated game; `-` for a guest). Sent again after each login while the
// match is in progress. Version 1 and 2: `match GAME COLOUR OPPONENT CODE CONTEXT TERMS`.
struct MatchStart {
    std::string game;
    Color colour = Color::White;
    std::string opponent;
    std::string code;   // normalized (net/code.h): 4 to 32 capitals and digits
    Id tournament = 0;  // 0: not a tournament's
    int round = 0;
    Terms terms;
    std::optional<Rating> mine, theirs;
    friend bool operator==(const MatchStart&, const MatchStart&) = default;
};
// `game GAME NAME0 NAME1 SCORE0 SCORE1 LEFT0 LEFT1 RUNNING WATCHERS EVENT TERMS`: a game in progress,
// or what changed (score, clocks, watchers). Player 0 played White in round 1. LEFT: ms on each
// player's clock when the line was sent, or `-`; RUNNING: the player whose clock runs, or `-`; EVENT:
// the tournament it belongs to, or `-` (version 2; version 1 has no EVENT).
struct GameItem {
    std::string game;
    std::array<std::string, 2> names;
    std::array<int, 2> score{};
    std::array<std::optional<Millis>, 2> left{};
    int running = -1;
    int watchers = 0;
    Id tournament = 0;  // 0: none
    Terms terms;
    friend bool operator==(const GameItem&, const GameItem&) = default;
};
// `over GAME RESULT SCORE0 SCORE1 CHANGE0 CHANGE1 TEXT`: the game ended (RESULT `0`, `1`, `draw`,
// `aborted`) and leaves the list; CHANGE: what it did to each player's rating (`1500>1662`, `-`: none;
// version 3); TEXT says it in words ("Liam wins the match 2-1"). Version 1 and 2: `over GAME RESULT
// SCORE0 SCORE1 TEXT`.
struct Over {
    std::string game;
    Verdict result = Verdict::Aborted;
    std::array<int, 2> score{};
    std::string text;
    Changes changes{};
    friend bool operator==(const Over&, const Over&) = default;
};
// `watching GAME CODE`: the watch code for a game connection (spectator mode).
struct Watching {
    std::string game;
    std::string code;
    friend bool operator==(const Watching&, const Watching&) = default;
};
// `chat NAME TEXT`: a lobby chat line (yours come back too).
struct Chat {
    std::string from;
    std::string text;
    friend bool operator==(const Chat&, const Chat&) = default;
};
// `notice TEXT`: a word from the server to you (a bye in a tournament, a restart coming).
struct Notice {
    std::string text;
    friend bool operator==(const Notice&, const Notice&) = default;
};
// `played GAME DATE NAME0 NAME1 SCORE0 SCORE1 RESULT CHANGE0 CHANGE1 TERMS`: a finished game in a history
// page (or a profile). DATE: when it ended, UTC, "2026-11-23T14:03Z"; CHANGE as in `over` (version 3;
// version 1 and 2 have none).
struct HistoryItem {
    std::string game;
    std::string date;
    std::array<std::string, 2> names;
    std::array<int, 2> score{};
    Verdict result = Verdict::Aborted;
    Terms terms;
    Changes changes{};
    friend bool operator==(const HistoryItem&, const HistoryItem&) = default;
};
// `profile NAME ROLE REGISTERED SEEN` (version 3, the first line of the answer to `finger`): a
// registered player, human or bot, when they registered and when last seen (a date, or `online`).
struct ProfileItem {
    std::string name;
    Role role = Role::Human;
    std::string registered;  // a date as `played` writes it
    std::string seen;        // a date, or "online"
    friend bool operator==(const ProfileItem&, const ProfileItem&) = default;
};
// `stats RULES SIZE RATING GAMES WINS LOSSES DRAWS` (version 3, in a profile): one variant's rating
// (RATING/DEVIATION, `-` before a rated game) and record of rated games.
struct StatsItem {
    Variant variant{};
    std::optional<Rating> rating;
    int games = 0, wins = 0, losses = 0, draws = 0;
    friend bool operator==(const StatsItem&, const StatsItem&) = default;
};
// `leader RULES SIZE RANK NAME RATING DEVIATION GAMES` (version 3, the answer to `best`): a line of one
// variant's leaderboard.
struct LeaderItem {
    Variant variant{};
    int rank = 1;
    std::string name;
    Rating rating{};
    int games = 0;
    friend bool operator==(const LeaderItem&, const LeaderItem&) = default;
};
// `kibitzed GAME NAME TEXT` (version 3): a spectator of GAME said TEXT to the others watching it.
struct Kibitzed {
    std::string game;
    std::string from;
    std::string text;
    friend bool operator==(const Kibitzed&, const Kibitzed&) = default;
};
// `line TEXT`: one line of a game record (may be empty).
struct RecordLine {
    std::string text;
    friend bool operator==(const RecordLine&, const RecordLine&) = default;
};
// `rated RANK NAME RATING DEVIATION GAMES WINS LOSSES DRAWS`: a line of the rating list.
struct RatingItem {
    int rank = 1;
    std::string name;
    Rating rating{};
    int games = 0, wins = 0, losses = 0, draws = 0;
    friend bool operator==(const RatingItem&, const RatingItem&) = default;
};
// `tournament ID NAME ORGANIZER FORMAT open|playing|over PLAYERS MAX ROUND FIRST TERMS`: a tournament,
// or what changed about it. ROUND: the round in play (0 before the start). ORGANIZER `-`: the server's
// operator (--new-tournament). Version 1: `tournament ID ORGANIZER FORMAT STATE PLAYERS MAX ROUND TERMS`
// (a version 1 client never sees a knockout, nor an operator's tournament).
struct TournamentItem {
    Id id = 1;
    std::string name;       // "" only as read from version 1
    std::string organizer;  // "" for the operator
    Format format{};
    TournamentState state = TournamentState::Open;
    int players = 0, max_players = 2, round = 0;
    First first = First::Schedule;
    Terms terms;
    friend bool operator==(const TournamentItem&, const TournamentItem&) = default;
};
// `closed ID`: the tournament leaves the list (cancelled, or over for a while).
struct Closed {
    Id id = 1;
    friend bool operator==(const Closed&, const Closed&) = default;
};
// `standing ID RANK NAME POINTS PLAYED WON LOST DRAWN ROUNDS-WON ROUNDS-LOST HEAD-TO-HEAD`: a line of
// tournament ID's table, "this entry is now so": the answer to `standings ID`, and sent to the lobby
// whenever the table changes. POINTS: a match won is 1, a drawn one 1/2 ("2.5"); ties are broken by
// HEAD-TO-HEAD (the points taken from the players level on points, written as POINTS), then rounds won,
// then rounds lost (fewer first). Version 1: `standing RANK NAME POINTS PLAYED WON LOST DRAWN`, as an
// answer only.
struct StandingItem {
    Id tournament = 0;  // 0 only as read from version 1
    int rank = 1;
    std::string name;
    int half_points = 0;
    int played = 0, won = 0, lost = 0, drawn = 0;
    int rounds_won = 0, rounds_lost = 0;
    int head_to_head = 0;  // half points, as half_points
    friend bool operator==(const StandingItem&, const StandingItem&) = default;
};
// `machine secret|key ID this|other DATE ADDRESS FINGERPRINT` (version 3): a machine that proves your name:
// `this` is the connection's own; DATE its last use (as `played`'s), ADDRESS where from (an IP address,
// `unix` for the server's own machine, `-` unknown), FINGERPRINT a key's (`-` for a secret).
struct MachineItem {
    MachineKind kind = MachineKind::Secret;
    Id id = 1;
    bool current = false;
    std::string last_used;
    std::string address;      // "" unknown
    std::string fingerprint;  // a key's; "" for a secret
    friend bool operator==(const MachineItem&, const MachineItem&) = default;
};
// `end LIST`: the list (players, seeks, games, tournaments, history, ratings, standings, record, machines)
// is whole.
struct End {
    List list = List::Players;
    friend bool operator==(const End&, const End&) = default;
};

// ---------------------------------------------------------------------------------------------------
// Both ways.

// The game protocol's (wire.h), shared: keep-alives (the token is the sender's own, echoed back), and
// leaving. From the server a `bye` means "come back later" (a restart, too many connections): the client
// reconnects. An `error` means "do not": the client stops.
using net::Bye;
using net::Error;
using net::Ping;
using net::Pong;

using Message =
    std::variant<Hello, Login, SetPassword, AddSecret, Ssh, AddKey, Post, Challenge, Accept, Decline,
                 Withdraw, Watch, Say, HistoryQuery, RecordQuery, RatingsQuery, Create, Join, Leave, Start,
                 StandingsQuery, ChooseStarter, MachinesQuery, Forget, Rematch, Abort, FingerQuery, BestQuery,
                 Kibitz, Server, Welcome, Refused, Ok, PlayerItem, Left, SeekItem, Unseek, MatchStart,
                 GameItem, Over, Watching, Chat, Notice, HistoryItem, RecordLine, RatingItem, TournamentItem,
                 Closed, StandingItem, MachineItem, ProfileItem, StatsItem, LeaderItem, Kibitzed, End, Ping,
                 Pong, Bye, Error>;

enum class Sender : std::uint8_t { Client, Server, Both };
// When a message comes, in the order of a connection's life: the client's hello; the server's
// greeting; the login (from the greeting to the welcome: the client's `ssh` and `login`, the server's
// `welcome`); the lobby (once logged in); both of those last two (the server's answers `ok` and
// `refused`, and its `notice`); or at any time (keep-alives, goodbyes, errors). A side refuses a
// message out of its step.
enum class Step : std::uint8_t { Hello, Greeting, Login, Lobby, LoginAndLobby, Any };
inline constexpr const char* step_words[] = {"hello", "greeting", "login", "lobby", "login, lobby", "any"};
static_assert(std::size(step_words) == std::size_t(Step::Any) + 1, "one word for each step");
// Whether a message of step `of` may come at step `at` (hello, greeting, login or lobby).
constexpr bool comes_at(Step of, Step at) {
    return of == at || of == Step::Any ||
           (of == Step::LoginAndLobby && (at == Step::Login || at == Step::Lobby));
}
// The protocol's one table: a row per message, in the order of Message's alternatives: its verb, who
// sends it, when, whether its line ends in free text (which may hold runs of spaces; a password login's
// does too), and the version that brought it. The reader finds a line's message here, the writer its
// verb, the server and client their messages' names, senders and steps, and a test the documents' and
// the fuzz dictionary's words (tests/test_lobby.cpp).
struct MessageRow {
    const char* verb;
    Sender sender;
    Step step;
    bool free_text;
    int since;
};
inline constexpr MessageRow message_table[] = {
    {"lobby", Sender::Client, Step::Hello, false, 1},
    {"login", Sender::Client, Step::Login, false, 1},
    {"password", Sender::Client, Step::Lobby, true, 1},
    {"secret", Sender::Client, Step::Lobby, false, 1},
    {"ssh", Sender::Client, Step::Login, false, 2},
    {"key", Sender::Client, Step::Lobby, false, 2},
    {"post", Sender::Client, Step::Lobby, false, 1},
    {"challenge", Sender::Client, Step::Lobby, false, 1},
    {"accept", Sender::Client, Step::Lobby, false, 1},
    {"decline", Sender::Client, Step::Lobby, false, 1},
    {"withdraw", Sender::Client, Step::Lobby, false, 1},
    {"watch", Sender::Client, Step::Lobby, false, 1},
    {"say", Sender::Client, Step::Lobby, true, 1},
    {"history", Sender::Client, Step::Lobby, false, 1},
    {"record", Sender::Client, Step::Lobby, false, 1},
    {"ratings", Sender::Client, Step::Lobby, false, 1},
    {"create", Sender::Client, Step::Lobby, false, 1},
    {"join", Sender::Client, Step::Lobby, false, 1},
    {"leave", Sender::Client, Step::Lobby, false, 1},
    {"start", Sender::Client, Step::Lobby, false, 1},
    {"standings", Sender::Client, Step::Lobby, false, 1},
    {"starter", Sender::Client, Step::Lobby, false, 2},
    {"machines", Sender::Client, Step::Lobby, false, 3},
    {"forget", Sender::Client, Step::Lobby, false, 3},
    {"rematch", Sender::Client, Step::Lobby, false, 3},
    {"abort", Sender::Client, Step::Lobby, false, 3},
    {"finger", Sender::Client, Step::Lobby, false, 3},
    {"best", Sender::Client, Step::Lobby, false, 3},
    {"kibitz", Sender::Client, Step::Lobby, true, 3},
    {"server", Sender::Server, Step::Greeting, true, 1},
    {"welcome", Sender::Server, Step::Login, false, 1},
    {"refused", Sender::Server, Step::LoginAndLobby, true, 1},
    {"ok", Sender::Server, Step::LoginAndLobby, true, 1},
    {"player", Sender::Server, Step::Lobby, false, 1},
    {"left", Sender::Server, Step::Lobby, false, 1},
    {"seek", Sender::Server, Step::Lobby, false, 1},
    {"unseek", Sender::Server, Step::Lobby, false, 1},
    {"match", Sender::Server, Step::Lobby, false, 1},
    {"game", Sender::Server, Step::Lobby, false, 1},
    {"over", Sender::Server, Step::Lobby, true, 1},
    {"watching", Sender::Server, Step::Lobby, false, 1},
    {"chat", Sender::Server, Step::Lobby, true, 1},
    {"notice", Sender::Server, Step::LoginAndLobby, true, 1},
    {"played", Sender::Server, Step::Lobby, false, 1},
    {"line", Sender::Server, Step::Lobby, true, 1},
    {"rated", Sender::Server, Step::Lobby, false, 1},
    {"tournament", Sender::Server, Step::Lobby, false, 1},
    {"closed", Sender::Server, Step::Lobby, false, 1},
    {"standing", Sender::Server, Step::Lobby, false, 1},
    {"machine", Sender::Server, Step::Lobby, false, 3},
    {"profile", Sender::Server, Step::Lobby, false, 3},
    {"stats", Sender::Server, Step::Lobby, false, 3},
    {"leader", Sender::Server, Step::Lobby, false, 3},
    {"kibitzed", Sender::Server, Step::Lobby, true, 3},
    {"end", Sender::Server, Step::Lobby, false, 1},
    {"ping", Sender::Both, Step::Any, false, 1},
    {"pong", Sender::Both, Step::Any, false, 1},
    {"bye", Sender::Both, Step::Any, true, 1},
    {"error", Sender::Both, Step::Any, true, 1},
};
static_assert(std::size(message_table) == std::variant_size_v<Message>, "one row for each message");
// Who sends a message of type T, at compile time (for handlers that take a whole family at once).
template <class T>
inline constexpr Sender sender_of = message_table[AlternativeIndex<T, Message>::value].sender;
// A message only a server sends, or only a client (for a handler that takes them all at once).
template <class T>
concept FromServer = (sender_of<T> == Sender::Server);
template <class T>
concept FromClient = (sender_of<T> == Sender::Client);
// When a message of type T comes, at compile time; and a handler for every message the server sends
// at other steps than S at once (a server's message of step S still needs one of its own):
// [](const FromServerNotAt<Step::Login> auto&) {...}.
template <class T>
inline constexpr Step step_of_type = message_table[AlternativeIndex<T, Message>::value].step;
template <class T, Step S>
concept FromServerNotAt = FromServer<T> && !comes_at(step_of_type<T>, S);
// ... and every message a client sends at other steps than S (the server's side of the same rule).
template <class T, Step S>
concept FromClientNotAt = FromClient<T> && !comes_at(step_of_type<T>, S);
// The verb of a message and who may send it, from the table.
const char* verb(const Message& m);
Sender sender(const Message& m);
// Whether `word` is a verb clients send (what `refused` and `ok` name).
bool client_verb(std::string_view word);

// Reads one line, without its '\n', as `version` of the protocol has it: the message, or why the line is
// not one (a reason to show; it never quotes the line's bytes unsanitised).
Expected<Message> parse_message(std::string_view line, int version = protocol_version);
// The message as one line, with its '\n', in `version`'s shape. Free text is cleaned and cut to fit.
std::string format_message(const Message& m, int version = protocol_version);

// The words the protocol uses for its enumerations.
const char* role_word(Role r);
const char* how_word(How h);
const char* refusal_word(Refusal r);
const char* seek_end_word(SeekEnd e);
const char* verdict_word(Verdict o);
const char* tournament_state_word(TournamentState s);
const char* list_word(List l);
const char* machine_kind_word(MachineKind k);
std::string format_text(const Format& f);
// "1623/85" or "-".
std::string rating_text(const std::optional<Rating>& r);
// "1500>1662" or "-".
std::string change_field_text(const std::optional<RatingChange>& c);
// Half points as a table shows them: "2", "2.5".
std::string points_text(int half_points);
// A finished game in one line of words, who won first: "Liam won 2-1 against Eamon, rated dm official
// 4x4 first to 2: Liam 1662 (+162), Eamon 1338 (-162)".
std::string history_text(const HistoryItem& h);
// A player's profile in lines of words (the lobby screen's and --profile's): who, since when, last
// seen; each variant's rating with its deviation and record; the last games.
std::vector<std::string> profile_text(const ProfileItem& p, const std::vector<StatsItem>& stats,
                                      const std::vector<HistoryItem>& games);

}  // namespace gobblet::net::lobby
