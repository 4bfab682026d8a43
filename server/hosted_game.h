// One game the server hosts: the host's part of the peer protocol (docs/network.md) for two players who
// both join, and for spectators, without sockets. The host's steps are net::HostCore's on net::Referee,
// the same code a peer-to-peer host runs: requests become facts, offers become agreements, the clock
// flags, absent players are decided by engine/absence.h. What the server adds:
//
//  - every fact is committed to the store (append_fact) before anyone hears of it, so that `kill -9`
//    of the server loses nothing that was announced, and a restart rebuilds the game from its facts;
//  - two players on their own connections, each numbering the facts from its own go, and spectators,
//    who hear the facts and never the players' chat;
//  - a player who vanishes is announced to the others (an Away fact) and comes back (Back); a player
//    who has not arrived yet counts as away since the game began, so that a no-show meets the same
//    rule as a player who left (the grace, then the clock runs, or the round may be claimed);
//  - a drawn round of a match is replayed at once; a finished match is recorded with its result (and
//    ratings) and the lobby told;
//  - the loser of a round who does not choose who starts the next within the server's limit
//    (--starter-choice), silent at the board or away, gets the rule's starter (engine/match.h): the match
//    never waits on the choice;
//  - a player away for `abandon_after` loses the match when the other is there (without a clock nothing
//    else ends it), unless the match waits on the one who stayed with their own clock running (that
//    clock decides), and a match both players left that long is aborted;
//  - the clocks start with White's first move, not when the screens open (lichess): until then no side's
//    clock runs (a tournament's match starts them after `round_start_after` whatever White does, and a
//    player who never comes meets the absence rule as before); before each side has moved a player
//    may abort the match (no result, no rating), unless it is a tournament's, and a resignation then
//    is an abort too (a loss nobody played for buys no rating); a match that is no tournament's whose
//    White has not moved within net::first_move_limit is aborted by itself;
//  - gifts of time (`moretime`) go by the referee's rules, never in a tournament's match;
//  - spectators are known by name (each has a code of their own): the lobby says who watches what.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "net/host_core.h"
#include "net/lobby.h"
#include "net/referee.h"
#include "net/wire.h"
#include "saves/record.h"
#include "server/env.h"

namespace gobblet::server {

constexpr std::size_t max_spectators = 1000;
// Connections of a finished match stay this long (the last facts reach them), then are closed.
constexpr Millis linger_after_over = 60'000;
// The lobby hears of the clocks at most this often (the score and the watchers at once).
constexpr Millis item_every = 1000;
constexpr Millis default_abandon_after = 3600'000;
// A tournament's match: its clocks start this long after it was made if White has not moved by then
// (the client announces the round with a countdown of lobby::round_countdown first).
using net::lobby::round_start_after;

// A game's id on the wire (the lobby's GAME, the game connection's match id): the store's id as 16 hex
// digits; and back (nullopt for anything else).
std::string wire_id(GameId id);
std::optional<GameId> game_id_of(std::string_view wire);

// A stored game played through the engine from its facts, as the store holds them: the match as it stood
// after the last one, or why a fact does not apply. `clocks`, when given, gets each move's clock reading
// (the mover's time left after it), by round.
Expected<Match> match_of(const GameRecord& g, saves::MoveClocks* clocks = nullptr);

// Who a game is between, and on what terms: what the lobby decides when a match starts.
struct GameSetup {
    MatchSettings settings;
    bool rated = false;
    std::array<GamePlayer, 2> players;  // player 0 plays White in round 1
    std::optional<TournamentId> tournament;
};

// How a game ended, for the lobby.
struct GameEnd {
    GameOutcome outcome = GameOutcome::Aborted;
    std::array<int, 2> score{};
    std::string text;  // "Liam wins the match 2-1"
    std::optional<std::array<RatingChange, 2>> ratings;
};

class HostedGame;
// What a hosted game tells the lobby.
class GameListener {
  public:
    virtual ~GameListener() = default;
    // The lobby's view of the game changed: the score, the watchers, or the clocks.
    virtual void game_changed(const HostedGame& g, Millis now) = 0;
    // The game is over and recorded (end() says how).
    virtual void game_over(const HostedGame& g, Millis now) = 0;
};

class HostedGame : private net::HostSide {
  public:
    struct Limits {
        Millis grace = default_grace;
        Millis abandon_after = default_abandon_after;
        Millis choice_time = starter_choice_time;  // --starter-choice
    };
    // A game the store holds (created, or in progress at a restart). Both players are away from `now`
    // until they join.
    HostedGame(Env& env, GameListener& listener, GameId id, GameSetup setup, Limits limits, Millis now);
    HostedGame(const HostedGame&) = delete;
    HostedGame& operator=(const HostedGame&) = delete;

    // After a restart: plays the stored facts through the engine (each with the clock reading it left;
    // the time the server was down does not count). Refused, with why, when they do not make this game.
    Expected<void> restore(const std::vector<Fact>& facts, Millis now);

    // A connection gave a code of this game: player 0 or 1, or -1 for a spectator (`spectator`: the name
    // the lobby gave the code to), in its hello's protocol `version`. The welcome goes out (with the terms
    // its version reads). A player's new connection takes the seat from an older one.
    void join(ConnId conn, int player, int version, Millis now, const std::string& spectator = {});
    // A message of a connection of this game (keep-alives, goodbyes and errors are the hub's).
    void message(ConnId conn, const net::Message& m, Millis now);
    // The connection closed (the hub has forgotten it).
    void gone(ConnId conn, Millis now);
    void tick(Millis now);
    // ms until tick is due; -1 when nothing is.
    Millis until_next(Millis now) const;
    // Closes every connection with `last` (the server stops).
    void close_all(std::string_view last);
    // Player `loser` loses the match without playing it out (they left its tournament): `text` says so.
    void forfeit(int loser, const std::string& text, Millis now);
    // Player `by` ends the match without a result, before each side has moved in it (not in a
    // tournament); or why not.
    // `resigned`: their resignation came before each side had moved, which is an abort.
    Expected<void> abort(int by, Millis now, bool resigned = false);
    // Whether a player may still abort: nobody has moved twice yet, and it is no tournament's.
    bool abortable() const;
    // The names of the spectators at the board (each once), in the order they came.
    std::vector<std::string> spectators() const;
    // Player `player` logged in as a bot (--bot): a computer from now on, in the store too.
    void mark_bot(int player);

    GameId id() const { return id_; }
    const std::string& wire() const { return wire_; }
    const GameSetup& setup() const { return setup_; }
    const Match& match() const { return match_; }
    bool over() const { return end_.has_value(); }
    const std::optional<GameEnd>& end() const { return end_; }
    int watchers() const;
    // Over, and nobody connected any more: the registry may forget it.
    bool done() const { return over() && members_.empty(); }
    // The player `p` is (0 or 1), or -1.
    int player_of(const GamePlayer& p) const;
    // The lobby's line for it at `now`.
    net::lobby::GameItem item(Millis now) const;

  private:
    struct Member {
        ConnId conn = 0;
        int player = -1;  // 0 or 1; -1: a spectator
        bool playing = false;
        int base = 0;  // the game's fact number at this connection's state 0
        Millis deadline = 0;
        std::string name;  // a spectator's, as the lobby gave its code
        // Its protocol version: one older than net::gifts_version hears a gift of time as a clock reading
        // (its numbering shifted past the fact) and a claimed draw as a draw.
        int version = net::protocol_version;
    };
    // The fact as `m` hears it (its version's words), and whether it hears it as a fact at all.
    std::optional<net::Act> as_heard(Member& m, const net::Act& fact);
    // Before White's first move no side's clock runs: a fact that would start one leaves it standing.
    void hold_clock(net::Act& fact) const;
    // The clocks start (White's turn) without a move: a tournament's countdown is over.
    void start_clocks(Millis now);
    Member* find(ConnId conn);
    void send(const Member& m, const net::Message& msg);
    // Sends `reason` as an error, closes the connection, and treats it as gone.
    void fail(ConnId conn, const std::string& reason, Millis now);
    void go(Member& m, Millis now);
    Member* seated(int player);
    // The rules are the host core's (net/host_core.h); the game carries its words to the connections, on
    // each connection's numbering (its base), and keeps the facts in the store before anyone hears them.
    const Match& hosted_match() const override { return match_; }
    void carry_out(const net::Referee::Ruling& r, Millis now) override;
    void broken(int player, const std::string& why, Millis now) override;
    void offered(int by, net::OfferKind kind, Millis now) override;
    void declined(int by, net::OfferKind kind, Millis now) override;
    void answered(int by, net::OfferKind kind, bool yes, bool agreed, Millis now) override;
    void clocks_run(Millis at, Millis now) override;
    void chunk(const GameClock::State& reading, Millis now) override;
    void absence_stage(const net::Referee::StageNews& news, Millis now) override;
    // Sends a message numbered the game's way to `m`, on its connection's numbering.
    template <class T>
    void send_numbered(const Member& m, T msg) {
        msg.state -= m.base;
        send(m, msg);
    }
    // When the absence rule ends the match (tick), as things stand; nullopt when it will not.
    std::optional<Millis> abandon_at() const;
    void announce_clock(Millis now);
    void finish(GameOutcome outcome, const std::string& text, Millis now);
    void changed(bool now_please, Millis now);
    void watchers_changed(Millis now);

    Env& env_;
    GameListener& listener_;
    GameId id_;
    std::string wire_;
    GameSetup setup_;
    Limits limits_;
    Match match_;
    net::Referee referee_;
    net::HostCore core_{referee_, *this, net::HostCore::Follow::AtOnce};
    std::array<SeatKind, 2> seats_{SeatKind::Human, SeatKind::Human};
    std::vector<Member> members_;
    std::optional<GameEnd> end_;
    Millis over_at_ = 0;
    Millis last_item_ = -item_every;
    bool item_waiting_ = false;
    bool unstarted_ = true;  // no move yet: the clocks wait for White's first
    Millis start_by_ = -1;   // a tournament's match: the clocks start then at the latest
};

}  // namespace gobblet::server
