// A network game's connection, host or joiner, as a state machine driven by the caller's one poll()
// loop (docs/network.md describes the protocol it speaks). Session is the interface the caller uses and
// what both kinds share; a host's session is net/host_session.h, a joiner's net/join_session.h, and the
// connection to the other side (its keep-alive, its round trip) net/peer_link.h.
//
//   host:   Listening --hello, right code--> Welcoming --sync--> Playing --drop--> Listening (same code)
//   joiner: Connecting --connected--> Greeting --ready--> Syncing --go--> Playing --drop--> Gone
//                                                                               reconnect() --^
//
// The host holds the match's truth and its clock. Every change to the match travels as a fact from
// the host, which both sides apply; the joiner's moves and answers are requests the host checks and
// then announces. Each side checks everything the other sends with the engine; a line that breaks the
// protocol ends the connection with the reason on both screens, and the match stays as it was.
//
// The session owns the network match: it is the one place a change is applied (net::apply, once, as
// the session decides or checks it), and the caller reads it (match()) and never changes it (not even by
// Match::tick: the host's session runs the clock and announces flags). Each change is also reported as
// an event, for what the caller says and does about it. on_poll takes the peer's lines until one has
// changed the match, so a caller that takes the events after each call sees the match as the event left
// it (the rest of the lines wait: until_next is 0).
//
//     std::vector<pollfd> fds = {{STDIN_FILENO, POLLIN, 0}};
//     session->pollfds(fds);
//     poll(fds.data(), fds.size(), clamp(session->until_next(now)));
//     now = monotonic_ms();  // socket.h
//     session->on_poll(fds, now);
//     while (auto e = session->next_event()) show(net::describe(*e, session->match(), me));
#pragma once

#include <poll.h>

#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "code.h"
#include "event.h"
#include "peer_link.h"
#include "referee.h"
#include "socket.h"

namespace gobblet::net {

// Limits and timeouts (milliseconds), documented in docs/network.md (the connection's own are
// net/peer_link.h's: the handshake's steps and the keep-alive).
constexpr Millis hello_timeout = 5000;  // a new connection says hello within this
// Connections that have not said hello yet: one per source address (socket.h's source_key: a newer
// connection replaces an older one from the same source), and at most max_pending in all (the oldest
// makes way for a new one), so that one address cannot keep another out.
constexpr std::size_t max_pending = 64;

enum class SessionRole : std::uint8_t { Host, Joiner };

struct HostConfig {
    Endpoint listen;                  // host "" = every local address; port 0 = the system chooses
    std::string code;                 // as typed (--code); "" = a new random one
    std::string match_id;             // a resumed match's saved id; "" = a new match, a new id
    int remote_player = 1;            // the player the joiner plays (0 plays White in round 1)
    SeatKind seat = SeatKind::Human;  // the host's own seat
    Millis grace = default_grace;     // --grace: how long, over the game, a joiner's absences may stop
                                      // the clocks (engine/absence.h: one grace per player in all)
    // --allow-help: the engine may help the players while the game is played (a computer on a seat,
    // hints, analysis); carried in the terms a joiner of version 3 hears before it plays. Without it a
    // joiner's computer seat is refused.
    bool allow_help = false;
    // --starter-choice: how long the loser of a round has to choose who starts the next (engine/match.h's
    // bounds), carried in the terms a joiner of version 4 hears.
    Millis choice_time = starter_choice_time;
};

struct JoinConfig {
    Endpoint host;
    // A numeric local address to connect from ("" for the system's choice): a load test spreads its
    // players over the loopback's addresses, as real players come from many.
    std::string from;
    std::string code;  // as typed
    std::string name;  // the joiner's name, cleaned before it is sent
    SeatKind seat = SeatKind::Human;
    // A server hosts the game (a lobby's match): the joiner speaks what version 2 added, in which the
    // other player may go away and come back while we stay (Away and Back facts, claims), and hears how
    // many watch.
    bool hosted = false;
    // Watch rather than play (a server's watch code; version 2): the session is a spectator, sees every
    // fact as a joiner does, never the players' chat, and makes no move, offer or chat of its own.
    bool watch = false;
    // A server's rated game (the lobby's terms say so): no takebacks and no pauses. The session's referee
    // refuses to offer them by the rule the server applies (net/referee.h's may_offer).
    bool rated = false;
    // A saved match the joiner could continue, and its id: the host sends its own, and play resumes only
    // when the transcripts agree (this one may lag behind; it may not differ).
    std::string held_id;
    std::optional<Match> held;
};

// The interface a network game's caller uses (ui/table_link.h, the bot, the tests), and what a host's
// session and a joiner's share: the match and its events, the referee's state numbers and offers, the
// connection to the other side (PeerLink), the messages both take, and the player's actions. A host's
// session (net/host_session.h: the door, the host core's adapter) and a joiner's (net/join_session.h:
// the welcome, the sync, its requests and agreements) are the two kinds; host() and join() make them.
class Session {
  public:
    enum class Phase : std::uint8_t {
        Listening,
        Connecting,
        Greeting,
        Welcoming,
        Syncing,
        Playing,
        Gone,
        Closed
    };

    // Opens the listening sockets for `match` (a new one, or resumed), or says why it cannot.
    static Expected<std::unique_ptr<Session>> host(const HostConfig& config, Match match);
    // Starts connecting, or says why not (a bad code, a name that does not resolve). `shown` is the match
    // until the host's arrives (the names and settings the player chose).
    static Expected<std::unique_ptr<Session>> join(const JoinConfig& config, Match shown, Millis now);

    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;
    virtual ~Session();

    // The poll loop.
    void pollfds(std::vector<pollfd>& fds) const;  // appends this session's descriptors
    void on_poll(std::span<const pollfd> fds, Millis now);
    // ms until the session needs on_poll again without any descriptor ready (a deadline, a keep-alive,
    // the clock, lines already buffered: 0); -1 when nothing is due.
    Millis until_next(Millis now) const;
    std::optional<Event> next_event();
    // The network match, every change reported so far applied (the caller takes the events after each
    // call, so it reads the match as the last event left it).
    const Match& match() const { return match_; }

    // What the player does. Each is done (host) or sent (joiner), or says why not, and then nothing was
    // sent. The host's own changes come back as events at once; the joiner's when the host confirms them.
    // A move of the local player's side: a whole move, so a refused one sends nothing and touches
    // nothing (Game::play); under the official rules a piece picked up is touched by touch().
    Expected<void> move(const MoveSpec& spec, Millis now);
    Expected<void> touch(Square square, Millis now);
    Expected<void> resign(Millis now);
    Expected<void> offer(OfferKind kind, Millis now);
    // Whether offer() would send an offer of `kind` now, or why not (the same refusal, nothing sent): a
    // spectator's, the connection's, the other player away, the rules of fair play (net/referee.h's
    // may_offer). The footer offers a key for an offer only when it may be made.
    Expected<void> may_offer(OfferKind kind) const;
    // Answers the peer's pending offer.
    Expected<void> answer(bool yes, Millis now);
    // After a decided round, when the local player lost it: who starts the next.
    Expected<void> choose_starter(int player, Millis now);
    // Host: after a drawn round, play it again.
    virtual Expected<void> replay(Millis now) = 0;
    Expected<void> set_seat(SeatKind kind, Millis now);
    Expected<void> chat(std::string_view text, Millis now);
    // Says goodbye and closes everything (the host stops listening). The session is then Closed.
    void leave(std::string_view reason, Millis now);
    // Joiner, after Gone or Error: connects again, offering the match it holds for resumption.
    virtual Expected<void> reconnect(Millis now) = 0;
    // Joiner, after the host turned out to hold another match than ours (the Error event that carries
    // the host's match): connects again holding nothing, to take the host's match as it is. The caller
    // keeps its own first.
    virtual Expected<void> reconnect_taking_host(Millis now) = 0;
    // Host of a match resumed from its save (--host --resume): its joiner is not back yet, and counts as
    // absent from `now`, as after a drop (engine/absence.h): the clocks stand for the grace, then run as
    // at the board. Reported as a Clock event (the clocks stopped) and an Absence event.
    virtual void await_return(Millis now) = 0;
    // Joiner: the code to use from the next connection on (a server gave a fresh one).
    virtual Expected<void> set_code(std::string_view code) = 0;
    // Claims the round (or `draw`: a draw) from the absent player (engine/absence.h says when it may): a
    // peer-to-peer host while its joiner is away, or a server's player whose opponent is away (a request).
    virtual Expected<void> claim(Millis now, bool draw) = 0;
    // Gives the other player more time (lichess's moretime: more_time_gift on their clock), or why not:
    // the referee's rules (may_give), and the other side's program must know of it (version 5).
    Expected<void> give_time(Millis now);
    Expected<void> may_give_time() const;
    // How often the local player gave time in this match (the referee's count of the facts).
    int gifts_given() const { return referee_.gifts(local_); }

    virtual SessionRole role() const = 0;
    Phase phase() const { return phase_; }
    bool playing() const { return phase_ == Phase::Playing; }
    // Whether the local player may move, resign or choose now as far as the connection goes: play is on,
    // or (host) the joiner is away, and play goes on without them (on the host's own turns: during the
    // grace the clocks stand, after it they run).
    virtual bool can_play() const { return playing(); }
    // Player `player`'s absence as this side knows it: a host's joiner's, from a drop during play until
    // the next go; or (version 2) a server's player's, between its Away and Back facts (a spectator knows
    // both players'). nullopt otherwise, and for a `player` that is neither 0 nor 1 (a spectator's
    // remote_player()).
    const std::optional<Absence>& absence(int player) const { return referee_.absence(player); }
    // The join code (normalized) and as players read it ("7QK-M4X").
    const std::string& code() const { return code_; }
    std::string code_display() const { return code_text(code_); }
    // Host: where a joiner can connect ("192.168.1.5:7000"); the port actually bound.
    virtual std::vector<std::string> addresses() const { return {}; }
    virtual int port() const { return 0; }
    const std::string& match_id() const { return match_id_; }
    // The player this side plays: 0 or 1; -1 for a spectator.
    int local_player() const { return local_; }
    // The other player: -1 for a spectator (who watches both).
    int remote_player() const { return local_ < 0 ? -1 : 1 - local_; }
    virtual bool watching() const { return false; }
    // A server's game (version 2): the server, not a peer, holds the match.
    virtual bool hosted() const { return false; }
    // Who holds the match, in the words a player reads: "the host" of a peer's game, or "the server".
    std::string holder() const { return hosted() ? "the server" : "the host"; }
    // The clocks stand by a pause both players agreed to (an absence stops them too, but is no pause).
    bool paused_by_agreement() const { return referee_.paused_by_agreement(); }
    // When that pause ends by itself (net/referee.h's max_pause), -1 when none stands; and whether that is
    // exact, or the latest it ends (the pause began before this connection saw it).
    Millis pause_ends_at() const { return referee_.pause_ends_at(); }
    bool pause_end_exact() const { return referee_.pause_start_seen(); }
    // How long the loser of a round has to choose who starts the next: the host's limit (--starter-choice),
    // as a joiner heard it in the terms (version 4; starter_choice_time from an older host).
    Millis choice_time() const { return referee_.choice_limit(); }
    // Each player's grace over the game (the host's --grace; a joiner's is the host's as the terms said).
    Millis grace() const { return referee_.grace(); }
    // Version 2: how many spectators watch, as the host last said (-1 before it did).
    virtual int watchers() const { return -1; }
    // The terms say the engine may help the players while the game is played: a peer-to-peer host's
    // --allow-help (a joiner hears it in the welcome, version 3). Never in a server's game.
    bool help_allowed() const { return help_ && !hosted(); }
    SeatKind peer_seat() const { return peer_seat_; }
    // The last keep-alive round trip, ms; -1 before the first.
    Millis round_trip() const { return link_.round_trip(); }
    // A pending offer made by `player`.
    std::optional<OfferKind> pending_offer(int player) const;
    // Joiner: a move, touch, resignation or starter choice sent and not yet confirmed.
    virtual bool awaiting_host() const { return false; }
    // Joiner: the host refused the code it was given (a wrong one): the player may give another.
    virtual bool code_refused() const { return false; }

  protected:
    Session(Match match, Phase phase) : phase_(phase), match_(std::move(match)) {}

    // Applies the event to the match (when it changes it) and queues it for the caller.
    void emit(Event e, Millis now);
    // Queues an event that leaves the match as it is (a connection turned away at the door).
    void tell(Event e) { events_.push_back(std::move(e)); }
    // The event queued last (lose's, to add what the player is to choose from).
    Event& last_event() { return events_.back(); }
    // Sends to the other side; a connection that failed is lost.
    void send(const Message& m, Millis now);
    // The connection ended (`on_purpose`: the peer said goodbye): the event that says so, and the absence.
    void lose(Event::Kind kind, const std::string& text, Millis now, bool on_purpose = false);
    void fail(const std::string& reason, Millis now);  // the peer broke the protocol
    std::string peer_label() const { return peer_name_.empty() ? "the other player" : peer_name_; }
    // Who is at the other end of the connection: the peer, or the server that hosts the game.
    std::string host_label() const { return hosted() ? "the server" : peer_label(); }
    // Why a spectator cannot do `what`.
    static Failure<> spectator_refusal(const char* what);
    // Play is on, or why the player cannot act now ("still connecting", "the network game is over").
    Expected<void> connected() const;
    // Like connected, but also while the host plays on without an absent joiner.
    Expected<void> may_play() const;
    // Reports the offers a fact made lapse, and an absent player's new stage.
    void report_lapses(const std::vector<Referee::Lapse>& lapsed, Millis now);
    void report_stage(const Referee::StageNews& news, Millis now);
    // Play starts (the go, sent or received): the state numbers start again, the keep-alive counts from
    // `now`, and the Started event to report, the clocks as `clock` says.
    Event started(const GameClock::State& clock, Millis now);
    static Event event(Event::Kind k, int player = -1);
    static short revents_of(std::span<const pollfd> fds, int fd);
    // A handshake step is in progress (the welcome, the sync, the go).
    bool in_handshake() const;

    // What each kind of session does at its steps.
    // Its own descriptors and what they brought (the host's door, the joiner's connector), before the
    // peer's lines.
    virtual void own_fds(std::vector<pollfd>& fds) const = 0;
    virtual void own_poll(std::span<const pollfd> fds, Millis now) = 0;
    // What comes due without the connection (the absences' stages, the choice of starter), and during
    // play (the pause's limit, the clock); and when each is next due.
    virtual void standing_timers(Millis now) = 0;
    virtual void play_timers(Millis now) = 0;
    virtual void standing_waits(Soonest& soonest, Millis now) const = 0;
    virtual void play_waits(Soonest& soonest, Millis now) const = 0;
    // The handshake step this side waits for in the phase it is in ("the joiner's sync").
    virtual const char* awaited() const = 0;
    // Where a line of the other side goes first: to the messages both sides take alike (common(): keep-
    // alives, chat, seats, goodbyes, errors), straight to take() (a line of the welcome), or nowhere more
    // (Handled: a spectator's refusals).
    enum class Route : std::uint8_t { Common, Own, Handled };
    virtual Route route(const Message&, Millis) { return Route::Common; }
    // A message of the handshake or of play (the stage fits the phase).
    virtual void take(const Message& msg, Millis now) = 0;
    // The peer's seat goes to `kind`: whether the terms allow it, or the protocol error it is.
    virtual Expected<void> seat_allowed(SeatKind) const { return {}; }
    // Who reports an error line the other side sent ("Liam's side reports").
    virtual std::string reporter() const { return host_label() + "'s side reports"; }
    // The connection is lost (or left): this side's part of it (the absence it starts, what it forgets),
    // and the phase it leaves the session in.
    virtual Phase lost(Event& e, bool was_playing, Millis now) = 0;
    virtual void closing() = 0;
    // A change the local player makes: the host's is a fact at once, the joiner's a request; and whether
    // one may be made now (a joiner's earlier request awaits its fact).
    virtual Expected<void> local_act(Act a, Millis now) = 0;
    virtual Expected<void> may_request() const { return {}; }
    // Whether the other side's program takes `moretime` (a host's joiner of an older version does not).
    virtual Expected<void> peer_takes_gifts() const { return {}; }
    // The local player answers the peer's pending offer `kind`, at the game's `state`.
    virtual Expected<void> answer_offer(OfferKind kind, int state, bool yes, Millis now) = 0;
    // ms until the clock's next event (GameClock::until_event), while a round is played on a clock.
    std::optional<Millis> clock_wait(Millis now) const;

    Phase phase_ = Phase::Closed;
    Match match_;  // the network match: changed only by emit, as each event is decided or checked
    PeerLink link_;
    std::string code_, match_id_;
    int local_ = 0;
    SeatKind local_seat_ = SeatKind::Human, peer_seat_ = SeatKind::Human;
    bool help_ = false;      // the terms: the engine may help the players (HostConfig::allow_help)
    bool resuming_ = false;  // the match continues the one the joiner held
    std::string peer_name_;
    // The state numbers (facts since Go) and the offers, on both sides; the host's authority (requests,
    // facts, the clock's flags, the absent joiner) on the host's.
    Referee referee_;

  private:
    // The peer's lines, until one changed the match: true then, or when the connection ended.
    bool peer_io(short revents, Millis now);
    void timers(Millis now);
    void handle(const Message& m, Millis now);
    bool common(const Message& m, Millis now);  // ping, pong, chat, seat, bye, error: true if handled

    std::deque<Event> events_;
};

}  // namespace gobblet::net
