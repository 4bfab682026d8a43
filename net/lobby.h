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
//
// The protocol's other concerns have rooms of their own, which this header brings in for its messages:
// its vocabulary, the enumerations and small values and their words (net/lobby_words.h); a match's terms
// and the rules of who may play what (net/lobby_terms.h); names and what proves them (engine/names.h,
// below both net/ and saves/). Its values in words for a player are net/lobby_text.h's.
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
#include "engine/names.h"
#include "lobby_terms.h"
#include "lobby_words.h"
#include "wire.h"

namespace gobblet::net::lobby {

// Version 2: tournaments with names, knockouts, who starts, live standings with their tie-breaks, the
// tournament of a game in progress; and the SSH front door (`ssh`, `login NAME ROLE key`, `key`).
// Version 3: the machines that prove a name, listed and forgotten one by one (`machines`, `machine`,
// `forget`), and a password set with the choice of forgetting every other machine (`password
// keep|forget TEXT`); who a seek is for (computers welcome, a rating range), what each player is doing
// (playing whom, watching what), both ratings at a match's start and their changes at its end and in the
// history, rematches, aborts, profiles (`finger`), the leaderboard (`best`) and spectators' talk
// (`kibitz`). Version 4: private messages between two players (`tell`, `told`), watching a game by a
// player's name (`observe`), the rating over time in a profile (`trend`), and players still
// provisional on the leaderboard (a `leader`'s deviation above settled_deviation). A server also speaks
// the older versions to an older client, in their shapes (docs/lobby.md, "Versions"). parse_message and
// format_message take the version spoken.
constexpr int protocol_version = 4;
constexpr int oldest_version = 1;

// Limits (docs/lobby.md, "Limits"). Lines, chat and reasons as in the game protocol.
constexpr std::size_t max_text = net::max_text;  // chat, reasons, notices: characters
constexpr std::size_t max_record_text = 400;     // one line of a game record: characters
constexpr std::size_t game_id_digits = 16;       // as the game protocol's match ids
constexpr int page_size = 50;                    // items in a page of history or ratings
constexpr int max_page = 1'000'000;
constexpr std::int64_t max_id = 1'000'000'000;  // seek, challenge and tournament ids: 1 to this
constexpr int max_tournament_players = 64;
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
constexpr int max_trend_points = 60;     // `trend`: the ratings after the last rated games of a variant

// Names and what proves them, as the lines carry them: engine/names.h's, which the files that keep this
// machine's secrets read too (registered names, guests' and tournaments' names, name keys, machine
// secrets, SSH keys, addresses, passwords, and their limits).
using names::max_address;
using names::max_guest_name;
using names::max_name;
using names::max_password;
using names::max_tournament_name;
using names::min_name;
using names::min_password;
using names::name_key;
using names::password_allowed;
using names::secret_digits;
using names::valid_address;
using names::valid_guest_name;
using names::valid_name;
using names::valid_secret;
using names::valid_ssh_key;
using names::valid_tournament_name;
// A game id: game_id_digits lowercase hex digits.
bool valid_game_id(std::string_view s);

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
// `noplay on|off NAME` (version 3, FICS's noplay): the server refuses NAME's challenges and rematches to
// you (`on`), or takes them again (`off`); answered `ok noplay`.
struct NoPlay {
    bool on = true;
    std::string name;
    friend bool operator==(const NoPlay&, const NoPlay&) = default;
};
// `tell NAME TEXT` (version 4, FICS's tell): a private line to a player in the lobby (or at a game with
// the lobby under it), who hears `told` with the bell; the sender hears the same `told`. Bounded as chat
// is, and refused by a player who refuses the sender's challenges (noplay).
struct Tell {
    std::string name;
    std::string text;
    friend bool operator==(const Tell&, const Tell&) = default;
};
// `observe NAME` (version 4, FICS's observe): a watch code for the game NAME plays, answered as `watch`
// is (`watching GAME CODE`), under the same rules of who may watch what.
struct Observe {
    std::string name;
    friend bool operator==(const Observe&, const Observe&) = default;
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
// variant's leaderboard: the settled ratings first (DEVIATION at most settled_deviation); from version
// 4, when fewer than leaders_per_variant are settled, the best provisional ones after them (a DEVIATION
// above it marks them).
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
// `told FROM TO TEXT` (version 4): FROM told TO this, privately; sent to both of them, and to nobody
// else.
struct Told {
    std::string from;
    std::string to;
    std::string text;
    friend bool operator==(const Told&, const Told&) = default;
};
// `trend RULES SIZE FIRST LAST R...` (version 4, in a profile after its `stats`): the player's rating in
// one variant after each of their last rated games there (at most max_trend_points, oldest first),
// rounded; FIRST and LAST the dates of the first and the last of those games.
struct TrendItem {
    Variant variant{};
    std::string first, last;  // dates as `played` writes them
    std::vector<int> ratings;
    friend bool operator==(const TrendItem&, const TrendItem&) = default;
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
                 Kibitz, NoPlay, Tell, Observe, Server, Welcome, Refused, Ok, PlayerItem, Left, SeekItem,
                 Unseek, MatchStart, GameItem, Over, Watching, Chat, Notice, HistoryItem, RecordLine,
                 RatingItem, TournamentItem, Closed, StandingItem, MachineItem, ProfileItem, StatsItem,
                 LeaderItem, Kibitzed, Told, TrendItem, End, Ping, Pong, Bye, Error>;

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
// What answers a client's request, besides `refused VERB` when it is not done: nothing of its own (the
// lobby's lists change, a match starts, the welcome comes), `ok VERB` (a request nothing else would
// confirm), or lines of its own that the client waits for in the order it asked (a query: its items
// and their `end`, or `watching`; its refusal is then its answer). A server's message: none.
enum class Answer : std::uint8_t { None, Ok, Query };
// The protocol's one table: a row per message, in the order of Message's alternatives: its verb, who
// sends it, when, whether its line ends in free text (which may hold runs of spaces; a password login's
// does too), the version that brought it, and what answers it. The reader finds a line's message here
// (and the requests `ok` and `refused` name), the writer its verb, the server the verb of a request it
// refuses, the client its queries and its messages' senders and steps, and a test the documents' and
// the fuzz dictionary's words (tests/test_lobby.cpp).
struct MessageRow {
    const char* verb;
    Sender sender;
    Step step;
    bool free_text;
    int since;
    Answer answer = Answer::None;
};
inline constexpr MessageRow message_table[] = {
    {"lobby", Sender::Client, Step::Hello, false, 1},
    {"login", Sender::Client, Step::Login, false, 1},
    {"password", Sender::Client, Step::Lobby, true, 1, Answer::Ok},
    {"secret", Sender::Client, Step::Lobby, false, 1, Answer::Ok},
    {"ssh", Sender::Client, Step::Login, false, 2, Answer::Ok},
    {"key", Sender::Client, Step::Lobby, false, 2, Answer::Ok},
    {"post", Sender::Client, Step::Lobby, false, 1},
    {"challenge", Sender::Client, Step::Lobby, false, 1},
    {"accept", Sender::Client, Step::Lobby, false, 1},
    {"decline", Sender::Client, Step::Lobby, false, 1},
    {"withdraw", Sender::Client, Step::Lobby, false, 1},
    {"watch", Sender::Client, Step::Lobby, false, 1, Answer::Query},
    {"say", Sender::Client, Step::Lobby, true, 1},
    {"history", Sender::Client, Step::Lobby, false, 1, Answer::Query},
    {"record", Sender::Client, Step::Lobby, false, 1, Answer::Query},
    {"ratings", Sender::Client, Step::Lobby, false, 1, Answer::Query},
    {"create", Sender::Client, Step::Lobby, false, 1},
    {"join", Sender::Client, Step::Lobby, false, 1},
    {"leave", Sender::Client, Step::Lobby, false, 1},
    {"start", Sender::Client, Step::Lobby, false, 1},
    {"standings", Sender::Client, Step::Lobby, false, 1, Answer::Query},
    {"starter", Sender::Client, Step::Lobby, false, 2, Answer::Ok},
    {"machines", Sender::Client, Step::Lobby, false, 3, Answer::Query},
    {"forget", Sender::Client, Step::Lobby, false, 3, Answer::Ok},
    {"rematch", Sender::Client, Step::Lobby, false, 3},
    {"abort", Sender::Client, Step::Lobby, false, 3},
    {"finger", Sender::Client, Step::Lobby, false, 3, Answer::Query},
    {"best", Sender::Client, Step::Lobby, false, 3, Answer::Query},
    {"kibitz", Sender::Client, Step::Lobby, true, 3},
    {"noplay", Sender::Client, Step::Lobby, false, 3, Answer::Ok},
    {"tell", Sender::Client, Step::Lobby, true, 4},
    {"observe", Sender::Client, Step::Lobby, false, 4, Answer::Query},
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
    {"told", Sender::Server, Step::Lobby, true, 4},
    {"trend", Sender::Server, Step::Lobby, false, 4},
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
// The verb of a message of type T, at compile time: what a request's refusal or `ok` names.
template <class T>
inline constexpr const char* verb_of = message_table[AlternativeIndex<T, Message>::value].verb;
// The verb of a message and who may send it, from the table.
const char* verb(const Message& m);
Sender sender(const Message& m);
// Whether `word` is a verb clients send (what `refused` names); one answered by `ok` in `version`; one
// whose answer the client waits for (a query: Answer::Query).
bool client_verb(std::string_view word);
bool ok_verb(std::string_view word, int version);
bool query_verb(std::string_view word);

// Reads one line, without its '\n', as `version` of the protocol has it: the message, or why the line is
// not one (a reason to show; it never quotes the line's bytes unsanitised). The reader and the writer
// below walk each message's one description, its fields and the versions that have each (net/lobby.cpp),
// so that what one writes the other reads, at every version.
Expected<Message> parse_message(std::string_view line, int version = protocol_version);
// The message as one line, with its '\n', in `version`'s shape. Free text is cleaned and cut to fit.
std::string format_message(const Message& m, int version = protocol_version);

}  // namespace gobblet::net::lobby
