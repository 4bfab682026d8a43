// The server without sockets: connections by number, their lines in, lines out through an Outbox. The
// socket layer (server/server.h) feeds it; tests and the fuzz target feed it lines directly.
//
// A connection is told apart by its first line (docs/lobby.md): `lobby gobblet 1` (or 2) makes it a lobby
// connection (server/lobby_server.h), `hello gobblet 2 ...` a game connection (server/games.h); anything else
// ends it. The hub answers keep-alives, pings connections that went quiet and drops those that stay
// silent, enforces the time a new connection has to greet and a lobby connection to log in, and counts
// the connections per source address, those not yet logged in and all of them: more than a source may
// have are sent away with `bye busy` (come back later), and when too many wait in all, the oldest makes
// way.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "net/keep_alive.h"
#include "net/waiting_room.h"
#include "server/env.h"
#include "server/games.h"
#include "server/lobby_server.h"
#include "server/refusal_log.h"
#include "server/workers.h"

namespace gobblet::server {

class Hub : private GameListener {
  public:
    struct Settings {
        std::string greeting = "gobblet server";
        HostedGame::Limits limits;
        PasswordCost cost = PasswordCost::standard();
        int password_threads = 2;  // 0: checked on the loop (server/workers.h; the fuzz target's)
        // Connections not yet logged in (or not yet past a game's hello), per source address: enough
        // for a tournament round's players all joining at once through one sshd (one unix uid).
        std::size_t waiting_per_source = 64;
        std::size_t waiting = 1024;  // ... and in all
        // Connections of every kind per source address, so that one address cannot fill the server
        // (Server makes it at most a quarter of --max-connections unless --per-address says otherwise).
        // The unix users of ssh_uids are not counted: every player who came through sshd is one of them,
        // and each is counted by their own address once their `ssh` line is believed.
        std::size_t held_per_source = 128;
        // Players logged in per source address, guests included (server/lobby_server.h).
        std::size_t players_per_source = server::players_per_source;
        lobby::Id max_seek_id = lobby::max_id;  // (tests make it small: Lobby::Settings)
        // The users (uids) whose unix-socket connections are believed when they say who came in
        // through sshd (`ssh ADDRESS KEY`: the player's address and SSH key): the account whose
        // ForceCommand runs the lobby client (--ssh-user). Nobody else may claim a key.
        std::vector<unsigned> ssh_uids;
        // Sources many players share (a club behind one address: --shared-address): rated matches
        // between players from one of them count (server/lobby_server.h).
        std::vector<std::string> shared_sources;
        // How many players online and games in progress every lobby connection is shown (lobby.h).
        std::size_t listed_players = server::listed_players;
        std::size_t listed_games = server::listed_games;
        // Questions answered from the database at once, per connection and per address (lobby.h).
        int query_burst = server::query_burst;
        int address_query_burst = server::address_query_burst;
    };
    // Rebuilds the games and tournaments in progress from the store.
    Hub(const Settings& settings, Store& store, Outbox& out, Log& log, std::time_t unix_at_start, Millis now);
    Hub(const Hub&) = delete;
    Hub& operator=(const Hub&) = delete;
    ~Hub() override;

    void open(ConnId conn, const Peer& peer, Millis now);
    // One line of the connection, without its '\n' (the socket layer has checked its length).
    void received(ConnId conn, std::string_view line, Millis now);
    // A line longer than the protocol allows arrived: the connection ends with that reason.
    void too_long(ConnId conn, Millis now);
    // The connection closed by itself (the peer left, the network failed, it stopped reading).
    void closed(ConnId conn, std::string_view why, Millis now);
    void tick(Millis now);
    // ms until tick is due; -1 when nothing is.
    Millis until_next(Millis now) const;
    // The password workers' wake-up: readable when results are back; then on_wake.
    int wake_fd() const { return workers_.wake_fd(); }
    void on_wake(Millis now);
    // Says `bye` (come back later) to every connection and closes it.
    void shutdown(std::string_view why, Millis now);

    std::size_t connections() const { return conns_.size(); }
    const Lobby& lobby() const { return lobby_; }
    const Games& games() const { return games_; }
    int restored_games() const { return restored_; }
    Workers& workers() { return workers_; }

  private:
    enum class Kind : std::uint8_t { New, Lobby, Game };
    struct Conn {
        Peer peer;
        Kind kind = Kind::New;
        Millis opened = 0;
        net::KeepAlive keep;  // with its protocol's intervals once its first line says which
        int version = 0;      // a lobby connection's protocol version
        Millis due = -1;      // the deadline it is filed under in schedule_ (-1: none)
        bool let_in = false;  // its first line was taken (logged since): else its end is a refusal
    };
    // What the rooms send goes through here: it notes when each connection last heard from us, and a
    // close a room asks for makes the hub forget the connection.
    class Door : public Outbox {
      public:
        Door(Hub& hub, Outbox& out) : hub_(hub), out_(out) {}
        void send(ConnId to, std::string_view line) override;
        void send_bulk(ConnId to, std::string_view line) override;
        void close(ConnId to, std::string_view last) override;

      private:
        Hub& hub_;
        Outbox& out_;
    };

    void game_changed(const HostedGame& g, Millis now) override { lobby_.game_changed(g, now); }
    void game_over(const HostedGame& g, Millis now) override { lobby_.game_over(g, now); }

    void first_line(ConnId conn, Conn& c, std::string_view line, Millis now);
    // An `ssh` line: the lobby decides whether to believe it; if it does, the connection counts from
    // then on under the player's own address.
    void ssh(ConnId conn, const lobby::Message& m, Millis now);
    // Ends a connection from here: `last` goes out, the hub and the room forget it.
    void drop(ConnId conn, std::string_view last, std::string_view why, Millis now);
    // The connection's first line was taken: from now on the log follows it.
    void let_in(ConnId conn, Conn& c, Millis now);
    // The log line of a connection's end, or a refusal counted (refusals_) if it was never let in.
    void note_end(ConnId conn, const Conn& c, std::string_view why, Millis now);
    bool waiting(ConnId conn, const Conn& c) const;
    // Whether a source's connections are counted against held_per_source (not sshd's own user).
    bool held_counts(const std::string& source) const;
    // Whether a connection from `source` is turned away: its address has as many as it may, waiting or
    // in all.
    bool turned_away(const std::string& source) const;
    void hold(ConnId conn, const std::string& source);
    // Brings the connection's place among the waiting up to date (after anything that may have logged it
    // in or told it apart), or takes it out (before it is forgotten or its source changes).
    void count(ConnId conn, Conn& c);
    void uncount(ConnId conn, Conn& c);
    // Forgets a connection the hub knows.
    void forget(std::unordered_map<ConnId, Conn>::iterator it);
    void handle(ConnId conn, Conn& c, std::string_view line, Millis now);
    // The messages both protocols share (net/wire.h), handled alike on a lobby's and a game's connection:
    // a ping answered (`format` writes the pong in the connection's protocol), a pong taken, a goodbye or
    // an error ends it (`who` names the other end in the log). True when `m` was one of them.
    template <class Message, class Format>
    bool shared(ConnId conn, Conn& c, const Message& m, const char* who, Format format, Millis now);
    // Pings the quiet connections, ends the late and the silent ones: those whose deadline has come.
    void scan(Millis now);
    // Files the connection under its next deadline (schedule_).
    void file(ConnId conn, Conn& c);
    // When the connection next needs attention (a ping, a timeout).
    Millis deadline(ConnId id, const Conn& c) const;

    Settings settings_;
    Outbox& raw_;
    Door door_;
    Env env_;
    std::unordered_map<ConnId, Conn> conns_;
    // The connections not yet logged in (or not past a game's hello), oldest first, and every connection
    // (net/waiting_room.h, the per-address door a peer-to-peer host has too), each counted by source: a new
    // connection is checked against both without a walk over every connection.
    net::WaitingRoom waiting_, held_;
    // The connections by the deadline each is filed under (a ping, a timeout, a drop), soonest first:
    // a round looks only at those due, not at every connection. Sends and receipts only move a deadline
    // later, so an entry may be early, never late: scan looks again and files it anew.
    std::set<std::pair<Millis, ConnId>> schedule_;
    Millis now_ = 0;  // of the call in progress (for Door, which has no time argument)
    RefusalLog refusals_{env_};
    Workers workers_;
    Games games_;
    Lobby lobby_;
    int restored_ = 0;
};

}  // namespace gobblet::server
