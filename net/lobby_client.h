// The client's side of the lobby connection (docs/lobby.md), lobby::Client, as a state machine driven by
// the caller's one poll() loop, like net::Session: the caller adds its descriptors (pollfds), waits at most
// until_next, hands it what poll saw (on_poll) and takes the events (next_event). Time is passed in.
//
//   Connecting --connected--> Greeting --server--> LoggingIn --welcome--> Lobby
//                            (through sshd: `ssh` first, and the login once it is answered)
//        ^                        |                  |   ^                  |
//        |                        |      refused --> Greeted --login_...()--'
//        |                        v                                         v
//        '----- the backoff <-- Waiting <-- dropped, silent, `bye` <--------'
//   any phase: a protocol error (ours or the server's `error`), or leave() --> Closed
//
// Every line from the server is checked by the lobby reader and then against what the client knows
// (its step in the message table, a welcome only after a login, items only for a query that was asked, no
// table past max_table): a line that breaks the protocol ends the connection for good with the reason. Free
// text reaching the caller is printable and bounded. A connection that drops (the server restarts, the
// network fails, the server says `bye`) is made again after a backoff, and the login repeats by itself with
// the machine's secret; the games themselves run on their own connections (net::Session) and reconnect on
// their own.
#pragma once

#include <poll.h>

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "code.h"
#include "lobby.h"
#include "socket.h"

namespace gobblet::net::lobby {

// The backoff before connecting again: 1 s, 2 s, 4 s... up to 30 s, each stretched by a random factor
// of 0.75 to 1.25 (`random` in [0, 1)) so that the clients of a restarted server do not all come back
// in the same instant. `attempt` counts from 0.
Millis reconnect_delay(int attempt, double random);
constexpr Millis first_retry = 1000;
constexpr Millis max_retry = 30000;
// A connection logged in at least this long starts the backoff afresh when it drops.
constexpr Millis steady_after = 60000;

// What the lobby client reports.
struct Event {
    enum class Kind : std::uint8_t {
        Connected,     // the server greeted us (`text`: its greeting); the login follows by itself, or, with
                       // no secret to log in with, the phase is Greeted: call login_password or login_guest
        LoggedIn,      // `message` holds the Welcome; the tables follow, then their End lines (as Line)
        LoginRefused,  // `message` holds the Refused; the phase is Greeted: log in another way, or leave
        Line,          // a line from the server (`message`), checked; the tables already show it
        Answer,        // a query answered whole: `query` (HistoryQuery, RatingsQuery, StandingsQuery,
                       // RecordQuery, MachinesQuery, FingerQuery, BestQuery) and its `items` in order; a
                       // record's lines also joined in `text`
        Lost,          // the connection dropped: `text` why; the client connects again in `retry_in` ms
        Closed,        // the connection ended for good: `text` why (a protocol error, ours or the
                       // server's, or a server that speaks another version)
    };
    Kind kind = Kind::Line;
    std::string text;
    Millis retry_in = 0;
    std::optional<Message> message;
    std::optional<Message> query;
    std::vector<Message> items;
};

// A game in progress as the lobby last heard of it, and when (to run its clock on).
struct GameRow {
    GameItem item;
    Millis received = 0;
};

// The lobby as the server has told it since the last login: the four tables, and the answers being
// gathered for the queries asked. Plain logic without sockets (the fuzz target drives it directly).
class Tables {
  public:
    // A new login as `me`: everything empties.
    void reset(std::string me);
    // A query was sent (HistoryQuery, RatingsQuery, StandingsQuery, RecordQuery, Watch, Observe...): its
    // answer is expected, in the order asked.
    void asked(const Message& query);
    bool can_ask() const { return open_.size() < max_open_queries; }
    // Forgets the queries asked (their connection dropped).
    void forget_queries();
    // Takes one checked message of the logged-in phase (the events it makes appended to `out`), or says
    // the protocol error it is.
    Expected<void> take(const Message& m, Millis now, std::deque<Event>& out);

    const std::string& me() const { return me_; }
    // Players online, by name_key.
    const std::map<std::string, PlayerItem>& players() const { return players_; }
    const std::map<Id, SeekItem>& seeks() const { return seeks_; }
    // Games in progress, by game id.
    const std::map<std::string, GameRow>& games() const { return games_; }
    const std::map<Id, TournamentItem>& tournaments() const { return tournaments_; }
    // Each tournament's table as the server last sent it (`standing` lines, live), best first; a
    // tournament's goes with its `closed`, and an answer to `standings ID` drops the entries it left out
    // (players who left an open tournament).
    std::vector<StandingItem> standings(Id tournament) const;
    // The table's first whole list (its `end` line) has arrived since the login.
    bool whole(List list) const;
    // A player's time left in a game at `now`, run on from the last reading; nullopt without a clock.
    static std::optional<Millis> time_left(const GameRow& row, int player, Millis now);

  private:
    struct Open {
        Message query;
        std::vector<Message> items;
        std::size_t bytes = 0;          // a record's text so far
        std::vector<std::string> seen;  // a standings query: the entries (name_key) its table has had
    };
    Expected<void> answer_item(const Message& m, std::deque<Event>& out);
    // A line of a tournament's table (an update, or an answer's): kept, within the limits.
    Expected<void> keep_standing(const StandingItem& s);

    std::string me_;
    std::map<std::string, PlayerItem> players_;
    std::map<Id, SeekItem> seeks_;
    std::map<std::string, GameRow> games_;
    std::map<Id, TournamentItem> tournaments_;
    std::map<Id, std::map<std::string, StandingItem>> standings_;  // by tournament, then name_key
    unsigned whole_ = 0;                                           // bit per List
    std::deque<Open> open_;
};

struct Config {
    Endpoint server;          // TCP HOST:PORT or unix:PATH
    std::string name;         // as typed: valid_name
    Role role = Role::Human;  // Human, or Bot (--bot)
    bool guest = false;       // unregistered and unrated; the server names it ~name
    std::string secret;       // this machine's secret for (server, name), saves/identity.h; "" = none
    // A player who came in through sshd (saves/ssh_identity.h): the address they came from and their SSH
    // key's fingerprint ("" when they logged in to sshd without a key). The client says so in an `ssh`
    // line (version 2), and when the server believes it (only from the account sshd runs the
    // client as) logs in by the key. Meant for a unix socket: no secret then (the account is everyone's).
    struct Ssh {
        std::string address;
        std::string key;
    };
    std::optional<Ssh> ssh;
    // A numeric local address to connect from ("" the system's choice): a machine with several
    // addresses (the tests come from 127.0.x.y, each player from its own).
    std::string from;
};

class Client {
  public:
    enum class Phase : std::uint8_t { Connecting, Greeting, Greeted, LoggingIn, Lobby, Waiting, Closed };

    // Starts connecting, or says why not (a bad configuration: a name, a secret, an address).
    static Expected<std::unique_ptr<Client>> start(const Config& config, Millis now);
    Client(const Client&) = delete;
    Client& operator=(const Client&) = delete;

    // The poll loop.
    void pollfds(std::vector<pollfd>& fds) const;  // appends this client's descriptor, if any
    void on_poll(std::span<const pollfd> fds, Millis now);
    // ms until on_poll is due without a descriptor ready (a deadline, a keep-alive, the reconnection,
    // lines already buffered: 0); -1 when nothing is due.
    Millis until_next(Millis now) const;
    std::optional<Event> next_event();

    // Logging in another way, when Greeted (after a refusal, or without a secret). A password login is
    // followed, once welcomed, by this machine's secret (`secret`), so the next login needs no password.
    // Each starts, or says why not. In the lobby logged in another way (a machine's secret, an SSH key),
    // login_password logs in again with the password on a new connection, which takes this one's place:
    // what the server asks before the password is changed or a machine forgotten (`password-needed`).
    Expected<void> login_password(std::string_view password, Millis now);
    Expected<void> login_guest(Millis now);

    // Requests, in the lobby. Each is sent, or says why not (and nothing was sent). The answers come as
    // events; the server answers requests in the order they were sent.
    // `forget_others`: every other machine (secret or SSH key) that proves the name must prove it again
    // (`password forget`); otherwise they are kept.
    Expected<void> set_password(std::string_view password, bool forget_others, Millis now);
    // The machines that prove the name (an Answer of MachineItem), and forgetting one (`ok forget` or
    // `refused forget` comes back).
    Expected<void> machines(Millis now);
    Expected<void> forget_machine(MachineKind kind, Id id, Millis now);
    // An open seek, for people only unless `audience` welcomes computers, and within its rating range.
    Expected<void> post(const Terms& terms, Millis now, const Audience& audience = {});
    Expected<void> challenge(std::string_view name, const Terms& terms, Millis now);
    // Version 3 (FICS's noplay): refuse `name`'s challenges and rematches (`on`), or take them again;
    // `ok noplay` or `refused noplay` comes back.
    Expected<void> noplay(std::string_view name, bool on, Millis now);
    Expected<void> accept(Id id, Millis now);
    Expected<void> decline(Id id, Millis now);
    Expected<void> withdraw(Id id, Millis now);
    Expected<void> watch(std::string_view game, Millis now);
    Expected<void> say(std::string_view text, Millis now);
    Expected<void> history(std::string_view name, int page, Millis now);
    Expected<void> record(std::string_view game, Millis now);
    Expected<void> ratings(Variant variant, int page, Millis now);
    Expected<void> create_tournament(std::string_view name, const Format& format, int max_players,
                                     First first, const Terms& terms, Millis now);
    Expected<void> join_tournament(Id id, Millis now);
    Expected<void> leave_tournament(Id id, Millis now);
    Expected<void> start_tournament(Id id, Millis now);
    // The organizer's choice: `name` plays White in round 1 of the match against `opponent` (`ok starter`
    // or `refused starter` comes back).
    Expected<void> choose_starter(Id id, const std::string& name, const std::string& opponent, Millis now);
    Expected<void> standings(Id id, Millis now);
    // Version 3: a rematch of a finished match of ours (a challenge to its opponent, colours swapped);
    // aborting our match before each side has moved; a player's profile (an Answer to FingerQuery);
    // the leaderboard (an Answer to BestQuery); a line to the other spectators of a game we watch
    // (bounded as chat is).
    Expected<void> rematch(std::string_view game, Millis now);
    Expected<void> abort(std::string_view game, Millis now);
    Expected<void> finger(std::string_view name, Millis now);
    Expected<void> best(Millis now);
    Expected<void> kibitz(std::string_view game, std::string_view text, Millis now);
    // Version 4: a private line to a player online (bounded as chat is; `told` comes back to both, or
    // `refused tell`); a watch code for the game a player plays (answered as watch is: `watching`, or
    // `refused observe`).
    Expected<void> tell(std::string_view name, std::string_view text, Millis now);
    Expected<void> observe(std::string_view name, Millis now);
    // Says goodbye and closes for good (no event: the caller knows). The phase is then Closed.
    void leave(std::string_view reason, Millis now);
    // While Waiting: connect now instead of at the end of the backoff; or why not.
    Expected<void> retry(Millis now);

    Phase phase() const { return phase_; }
    bool in_lobby() const { return phase_ == Phase::Lobby; }
    // In the lobby, logged in with the name's password (not a machine's secret or an SSH key).
    bool by_password() const { return in_lobby() && by_password_; }
    // The name the server welcomed us as ("Liam", "~Liam2"); "" before the first welcome.
    const std::string& name() const { return tables_.me(); }
    const Tables& tables() const { return tables_; }
    const Config& config() const { return config_; }
    // The last keep-alive round trip, ms; -1 before the first.
    Millis round_trip() const { return keep_.round_trip(); }
    // While Waiting: when the next attempt starts.
    Millis retry_at() const { return retry_at_; }

  private:
    explicit Client(const Config& config) : config_(config) {}
    void connect(Millis now);
    void connected(Millis now);
    void io(short revents, Millis now);
    void timers(Millis now);
    void handle(const Message& m, Millis now);
    // The steps of the login: the server's greeting, the answer to our `ssh` line, the welcome.
    void greeting(const Server& s, Millis now);
    void ssh_answered(const Message& answer, Millis now);
    void welcomed(const Welcome& w, Millis now);
    void log_in(Millis now);
    bool send(const Message& m, Millis now);
    void emit(Event e) { events_.push_back(std::move(e)); }
    void lose(const std::string& why, Millis now);     // dropped: try again after the backoff
    void finish(const std::string& why);               // for good
    void fail(const std::string& reason, Millis now);  // the server broke the protocol
    // In the lobby, or why a request cannot go now ("not in the lobby yet: logging in").
    Expected<void> reachable(Millis now) const;
    Expected<void> ask(const Message& query, Millis now);
    Expected<void> request(const Message& m, Millis now);
    // What the server knows us as: a guest, or the configured role.
    Role role() const { return guest_ ? Role::Guest : config_.role; }

    Config config_;
    Phase phase_ = Phase::Connecting;
    Connector connector_;
    LineConn conn_;
    Tables tables_;
    std::deque<Event> events_;
    Millis deadline_ = 0;                     // of the greeting or the login answer
    KeepAlive keep_{ping_after, dead_after};  // (net/keep_alive.h, with the lobby's intervals)
    Millis logged_in_at_ = 0;
    int attempts_ = 0;  // connections tried since the last steady one
    Millis retry_at_ = 0;
    std::string password_;      // a password login's, kept until this machine's secret (or SSH key) is added
    bool by_password_ = false;  // the last welcome was a password login's
    bool guest_ = false;
    bool ssh_pending_ = false;   // our `ssh` line awaits its answer: the login follows it
    bool key_believed_ = false;  // the server answered `ok ssh` to a line with a key, on this connection
    GuessLimiter chat_limit_{chat_burst, chat_every};
};

const char* phase_name(Client::Phase p);

}  // namespace gobblet::net::lobby
