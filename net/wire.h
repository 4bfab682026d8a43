// The network protocol's messages and their one-line text form (docs/network.md has every message with
// an example). A line is at most max_line bytes with its '\n', valid UTF-8, without control characters;
// words are separated by one space. The reader is strict: anything longer, malformed or unknown is an
// error with a reason fit to show a player, and the connection ends. Free text from the peer (names,
// chat, reasons) is cleaned to printable characters of bounded length while it is read, so nothing the
// caller receives can disturb a terminal.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "engine/clock.h"
#include "engine/expected.h"
#include "engine/match.h"
#include "engine/rules.h"
#include "engine/text.h"
#include "engine/visit.h"

namespace gobblet::net {

// Version 2 adds what a server of many games needs (docs/network.md, "Version 2"): spectators, players
// who go away and come back while the other stays, claims by the player who stayed, watcher counts.
// Version 3 adds the terms of a peer-to-peer game (`terms help yes|no`: whether the engine may help the
// players, the host's --allow-help), sent in the welcome to a joiner of version 3. Version 4 adds the
// host's limit on the loser's choice of who starts the next round to the terms (`terms help no choice
// 30000`: --starter-choice), which a server's games send too, so that every screen says the limit the
// host keeps. Version 5 adds time given to the other player (`moretime`) and a claimed draw (`claim S
// COLOUR draw`, the round's ending `abandon-draw:COLOUR`). A host reads hellos of every version and
// sends each joiner what its version reads; a joiner says 5, to a peer and to a server alike.
constexpr int protocol_version = 5;
constexpr int oldest_protocol_version = 1;
// The versions a server's games speak: 2 (what a server of many games needs: docs/network.md, "Version
// 2") to this one (the terms with the limit of the choice of starter from 4, gifts of time and claimed
// draws from 5). A server hears no other.
constexpr int oldest_hosted_protocol_version = 2;
// The first version whose joiners hear the terms (3), the limit of the choice of starter in them (4), and
// `moretime` and claimed draws (5).
constexpr int terms_version = 3;
constexpr int choice_terms_version = 4;
constexpr int gifts_version = 5;
// What one `moretime` adds to the other player's clock (lichess's 15 s): a Fischer game time, a DM
// reserve (engine/clock.h's GameClock::give).
constexpr Millis more_time_gift = 15'000;
// Longest line, counting its '\n' (IRC's figure), in both protocols (the lobby's too: lobby.h).
constexpr std::size_t max_line = 512;
// Why a connection ends when a line passes max_line: "a line longer than 512 bytes", on every side of
// both protocols.
std::string line_too_long();
// Longest chat line and reason, in characters (at most 4 bytes each, so they fit in a line).
constexpr std::size_t max_text = 120;
// Moves a `moves` line carries at most when a match is sent whole.
constexpr std::size_t moves_per_line = 64;

// Hello: the joiner's first line. `holds` is the id of the saved match it could continue, or "new".
struct Hello {
    int version = protocol_version;
    std::string code;  // normalized join code (net/code.h)
    std::string holds = "new";
    std::string name;  // cleaned; may be empty
    friend bool operator==(const Hello&, const Hello&) = default;
};
// Welcome: the host accepts, with the match's settings and which player the joiner is. The rest of
// the match follows (Name, Seat, RoundInfo and Moves lines, State) and Ready ends it.
struct Welcome {
    std::string match_id;
    int you = 1;  // the joiner's player index: 0 played White in round 1; -1: a spectator (`watch`)
    MatchSettings settings{};
    friend bool operator==(const Welcome&, const Welcome&) = default;
};
// Version 3: the terms of a game beyond its settings, in the welcome (after `welcome`): whether the
// engine may help the players while it is played (a computer on a player's seat, hints, analysis, the
// review's marks). Without it (an older host, or a joiner of an older version) there is no help. Version
// 4: how long the loser of a round has to choose who starts the next (ms, within engine/match.h's
// bounds); without it, starter_choice_time. A server's terms say no help.
struct WelcomeTerms {
    bool help = false;
    std::optional<Millis> choice = std::nullopt;  // version 4
    friend bool operator==(const WelcomeTerms&, const WelcomeTerms&) = default;
};
struct Name {
    int player = 0;
    std::string name;  // cleaned
    friend bool operator==(const Name&, const Name&) = default;
};
// Who sits at the sender's seat now: a person or the sender's own computer.
struct Seat {
    SeatKind kind = SeatKind::Human;
    friend bool operator==(const Seat&, const Seat&) = default;
};
// How a round ended when the board did not decide it. Abandon: the loser left and did not come back,
// and the other player claimed the round (engine/absence.h); AbandonDraw (version 5): `loser` left, and
// the other player claimed a draw.
enum class RoundEnd : std::uint8_t { None, Resign, Draw, Time, Abandon, AbandonDraw };
// One round of the match being sent: its number, who played White, an ending the moves do not show,
// and a touched piece (pending, or a forfeit). Its moves follow in Moves lines.
struct RoundInfo {
    int number = 1;
    int white = 0;
    RoundEnd end = RoundEnd::None;
    Color loser = Color::White;  // Resign, Time, Abandon, AbandonDraw (who left)
    std::optional<Square> touch;
    friend bool operator==(const RoundInfo&, const RoundInfo&) = default;
};
struct Moves {
    std::vector<std::string> moves;  // canonical ("W3B2"), syntax checked; the engine checks the rest
    friend bool operator==(const Moves&, const Moves&) = default;
};
// The clock as the host holds it (the whole state, not a face).
struct State {
    GameClock::State clock;
    friend bool operator==(const State&, const State&) = default;
};
struct Ready {
    friend bool operator==(const Ready&, const Ready&) = default;
};
// The joiner holds the match the digest names (net/transfer.h) and is ready to play.
struct Sync {
    std::string digest;
    friend bool operator==(const Sync&, const Sync&) = default;
};
// The host starts (or resumes) play: state numbers count from 0 again; the clock as it starts.
struct Go {
    GameClock::State clock;
    friend bool operator==(const Go&, const Go&) = default;
};

// A change to the shared match. From the joiner it is a request; from the host it is a fact that both
// sides apply, and it carries the host's clock reading after the change. `state` is the number of facts
// before it since Go: a fact must carry exactly the joiner's count, a request the count it was made at
// (so the host can tell a request overtaken by its own facts from a forged one).
struct Act {
    // Claim: the round is claimed from `side`, who left and did not come back (engine/absence.h). A
    // peer-to-peer host makes it while the joiner is away, so a joiner of version 1 learns it from the
    // welcome; a server's player who stayed asks for it (version 2) and everyone hears it as a fact.
    // (Version 5: `draw`, the player who stayed claims a draw instead.)
    // Away, Back (version 2, from a host of many games): the player of `side` lost their connection, or
    // is back at the board. They are facts because they stop and start the clocks, so that a request
    // on its way crosses them like any news.
    // MoreTime (version 5): the player of the other side gives `side` more_time_gift more on its clock
    // (lichess's moretime); a request from the giver, a fact with the clock reading it leaves.
    enum class Kind : std::uint8_t {
        Move,
        Touch,
        Resign,
        Draw,
        Undo,
        Pause,
        Resume,
        Flag,
        Starter,
        Replay,
        Claim,
        Away,
        Back,
        MoreTime
    };
    // Its kinds' words, one per Kind in its order: the verbs of the Act lines.
    static constexpr const char* words[] = {"move",  "touch",  "resign", "draw",    "undo",
                                            "pause", "resume", "flag",   "starter", "replay",
                                            "claim", "away",   "back",   "moretime"};
    static_assert(std::size(words) == std::size_t(Kind::MoreTime) + 1,
                  "one word for each kind (MoreTime is the last)");
    Kind kind = Kind::Move;
    int state = 0;
    int number = 0;             // Move: the move's number in the round (1 = the first); Undo: the moves
                                // the round keeps; Starter: the player who starts the next round
    std::string move;           // Move: canonical
    Square square = 0;          // Touch
    Color side = Color::White;  // Resign, Flag, Claim, Away, Back: the side that resigns, ran out of
                                // time, left or came back (its player in the current round); MoreTime:
                                // the side given the time
    bool draw = false;          // Claim: a draw claimed, not the round
    // Away: how long ago the player vanished (ms), the host's grace, and whether a clock decides after
    // it (else the round may be claimed): the engine/absence.h value the other side rebuilds.
    Millis away_for = 0, grace = 0;
    bool clock_decides = false;
    std::optional<GameClock::State> clock;  // in facts
    friend bool operator==(const Act&, const Act&) = default;
};
enum class OfferKind : std::uint8_t { Draw, Undo, Pause, Resume };
// Their words, one per OfferKind in its order.
inline constexpr const char* offer_words[] = {"draw", "undo", "pause", "resume"};
static_assert(std::size(offer_words) == std::size_t(OfferKind::Resume) + 1, "one word for each offer kind");
// Asks the other player to agree; `state` as in Act.
struct Offer {
    int state = 0;
    OfferKind kind = OfferKind::Draw;
    friend bool operator==(const Offer&, const Offer&) = default;
};
struct Answer {
    int state = 0;
    OfferKind kind = OfferKind::Draw;
    bool yes = false;
    friend bool operator==(const Answer&, const Answer&) = default;
};
// A clock reading between facts (a DM chunk taken from a reserve; the clocks running again when an
// absent player's grace is over).
struct Clock {
    GameClock::State clock;
    friend bool operator==(const Clock&, const Clock&) = default;
};
// Version 2: how many spectators watch the game now (sent after go and whenever it changes).
struct Watchers {
    int count = 0;
    friend bool operator==(const Watchers&, const Watchers&) = default;
};
constexpr int max_watchers = 1'000'000;
struct Chat {
    std::string text;  // cleaned, at most max_text characters, never empty
    friend bool operator==(const Chat&, const Chat&) = default;
};
// The messages both protocols share (the lobby's too: lobby.h), defined once. They live in a namespace of
// their own so that a call with one of them finds each protocol's functions (format_message, verb) by
// the caller's namespace alone, never both.
namespace shared {
// Keep-alives: the token is the sender's own, echoed back (it measures the round trip).
struct Ping {
    std::int64_t token = 0;
    friend bool operator==(const Ping&, const Ping&) = default;
};
struct Pong {
    std::int64_t token = 0;
    friend bool operator==(const Pong&, const Pong&) = default;
};
// Leaving on purpose, and leaving because the other side broke the protocol.
struct Bye {
    std::string reason;
    friend bool operator==(const Bye&, const Bye&) = default;
};
struct Error {
    std::string reason;
    friend bool operator==(const Error&, const Error&) = default;
};
}  // namespace shared
using shared::Bye;
using shared::Error;
using shared::Ping;
using shared::Pong;

using Message = std::variant<Hello, Welcome, WelcomeTerms, Name, Seat, RoundInfo, Moves, State, Ready, Sync,
                             Go, Act, Offer, Answer, Clock, Watchers, Chat, Ping, Pong, Bye, Error>;

// Which side of a game sends a message: the joiner (a player or spectator connecting), the host (a
// peer-to-peer host, or a server's game), or either.
enum class Sender : std::uint8_t { Joiner, Host, Both };
// When a message comes, in the order of a connection's life: the joiner's hello, the host's welcome
// (up to its `ready`), the joiner's sync, the host's go, then play; or at any time (keep-alives,
// goodbyes, errors, seats). A session refuses a message out of its stage with the stage's words.
enum class Stage : std::uint8_t { Hello, Welcome, Sync, Go, Play, Any };
inline constexpr const char* stage_words[] = {"hello", "welcome", "sync", "go", "play", "any"};
// The protocol's one table: a row per message, in the order of Message's alternatives: its verb, who
// sends it, when, whether its line ends in free text (which may hold runs of spaces). An Act's verb is
// its kind's word (Act::words); its row names the family. The reader finds a line's message here, the
// writer its verb, the sessions their messages' names and stages, and a test the documents' and the
// fuzz dictionary's words (tests/test_wire.cpp).
struct MessageRow {
    const char* verb;
    Sender sender;
    Stage stage;
    bool free_text;
};
inline constexpr MessageRow message_table[] = {
    {"hello", Sender::Joiner, Stage::Hello, true},  {"welcome", Sender::Host, Stage::Welcome, false},
    {"terms", Sender::Host, Stage::Welcome, false}, {"name", Sender::Host, Stage::Welcome, true},
    {"seat", Sender::Both, Stage::Any, false},      {"round", Sender::Host, Stage::Welcome, false},
    {"moves", Sender::Host, Stage::Welcome, false}, {"state", Sender::Host, Stage::Welcome, false},
    {"ready", Sender::Host, Stage::Welcome, false}, {"sync", Sender::Joiner, Stage::Sync, false},
    {"go", Sender::Host, Stage::Go, false},         {"act", Sender::Both, Stage::Play, false},
    {"offer", Sender::Both, Stage::Play, false},    {"answer", Sender::Both, Stage::Play, false},
    {"clock", Sender::Host, Stage::Play, false},    {"watchers", Sender::Host, Stage::Play, false},
    {"chat", Sender::Both, Stage::Play, true},      {"ping", Sender::Both, Stage::Any, false},
    {"pong", Sender::Both, Stage::Any, false},      {"bye", Sender::Both, Stage::Any, true},
    {"error", Sender::Both, Stage::Any, true},
};
static_assert(std::size(message_table) == std::variant_size_v<Message>, "one row for each message");

// The verb of a message of type T, at compile time (an Act's: its family's, "act").
template <class T>
inline constexpr const char* verb_of = message_table[AlternativeIndex<T, Message>::value].verb;
// Who sends a message of type T, at compile time (for handlers that take a whole family at once).
template <class T>
inline constexpr Sender sender_of = message_table[AlternativeIndex<T, Message>::value].sender;
// When a message of type T comes, at compile time; and a handler for every message of another stage at
// once (a message of the stage a handler is for still needs one of its own):
// [](const NotInStage<Stage::Play> auto&) {...}.
template <class T>
inline constexpr Stage stage_of_type = message_table[AlternativeIndex<T, Message>::value].stage;
template <class T, Stage S>
concept NotInStage = stage_of_type<T>
!= S;
// A message only a host sends (for a handler that takes them all at once).
template <class T>
concept FromHost = sender_of<T>
== Sender::Host;
// A message of play that only `S` sends (for a handler that takes all of those at once: what came from
// the wrong side).
template <class T, Sender S>
concept PlayFrom = (sender_of<T> == S) && (stage_of_type<T> == Stage::Play);

// When a message comes (its row's stage).
inline Stage stage_of(const Message& m) { return message_table[m.index()].stage; }

// A message's verb as its line has it (an Act's: its kind's word), for errors and logs.
const char* verb(const Message& m);

// Reads one line, without its '\n': the message, or why the line is not one (a reason to show a player;
// it never quotes the line's bytes unsanitised).
Expected<Message> parse_message(std::string_view line);
// The message as one line, with its '\n'. Free text is cleaned and cut to fit.
std::string format_message(const Message& m);

// The words the wire uses for its enumerations.
const char* offer_word(OfferKind k);
const char* act_word(Act::Kind k);
const char* colour_word(Color c);  // "white", "black"

// Splits a byte stream into lines. Holds at most one line beyond what the caller has taken: a stream
// with max_line bytes and no '\n' is an error at once, without waiting for the rest of it.
class LineReader {
  public:
    enum class Status : std::uint8_t { Line, NeedMore, TooLong };
    void feed(std::string_view bytes);
    // The next complete line (without '\n') into `line`.
    Status next(std::string& line);
    // Bytes received and not yet returned as lines.
    std::size_t buffered() const { return buf_.size() - pos_; }
    // The room its buffer holds.
    std::size_t room() const { return buf_.capacity(); }
    // A complete line is waiting.
    bool has_line() const;

  private:
    std::string buf_;
    std::size_t pos_ = 0;
};

// True when `s` is well-formed UTF-8 (engine/text.h: the lobby's names and passwords are checked with it
// too).
using gobblet::valid_utf8;

}  // namespace gobblet::net
