// The lobby protocol's server side (docs/lobby.md), without sockets: logins (by a machine's secret, a
// password checked on a worker thread, or as a guest), who is online, the start of matches (committed,
// then announced), the games in progress, chat, histories, records and ratings. The seeks and
// challenges are its board's (server/seeks.h), the tournaments its director's (server/director.h): each
// reaches the lobby through the narrow LobbyRoom (server/lobby_room.h), and Lobby::request hands each
// its requests. The hub (server/hub.h) hands the lobby the messages of lobby connections, already read
// and checked by net::lobby's reader; everything it says goes out through the Outbox.
//
// Limits that are the lobby's (docs/server.md, "Limits"), most of them per source address so that one
// address never locks another out: failed logins and password checks (net::GuessGuard: a password is
// counted when its check starts, and a right secret, key or guest login is never held back by others'
// failures), registrations and players logged in per address, chat per connection, changes to the seeks
// (and machines) per connection and per address, and the tables' sizes, which never
// pass what a client keeps (net::lobby::max_table). Seeks per player are the board's, tournaments per
// organizer the director's.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "net/code.h"
#include "net/lobby.h"
#include "server/director.h"
#include "server/env.h"
#include "server/games.h"
#include "server/listing.h"
#include "server/lobby_room.h"
#include "server/secrets.h"
#include "server/seeks.h"
#include "server/tournament.h"
#include "server/workers.h"

namespace gobblet::server {

// Players one address may have logged in at once, guests included (more are sent away with `bye busy`):
// enough for a household or a club behind one address, far from what fills a server.
constexpr std::size_t players_per_source = 32;
// Names one address may register: this many at once, then one every registrations_every.
constexpr int registrations_burst = 10;
constexpr Millis registrations_every = 30'000;
// Changes that everyone is told of or that the store keeps (seeks and challenges posted, withdrawn and
// declined; machine secrets and SSH keys added): per connection this many at once, then
// one every changes_every; all the connections of an address together twice as many at once, then one
// every address_changes_every. Refused with `slow-down` and a reason.
constexpr int changes_burst = 10;
constexpr Millis changes_every = 1000;
constexpr int address_changes_burst = 20;
constexpr Millis address_changes_every = 500;
// How many players online and games in progress every lobby connection is shown (docs/lobby.md, "Big
// lobbies"): the first to come, a player always seeing themselves and their own games, a tournament's
// games always listed. Enough for any screen, and what keeps a login from costing every connection a line.
constexpr std::size_t listed_players = 100;
constexpr std::size_t listed_games = 100;
// Places freed in the listings are filled (the longest waiting, told to everyone) at most this often: a
// crowd leaving at once (a network that failed) costs a place's lines every few seconds, not at each leave.
constexpr Millis refill_every = 5000;

// A finished game as a history page (and a profile) lists it.
lobby::HistoryItem history_item(const GameRecord& g);
// A registered player's profile as `finger` answers it: the `profile` line, each variant's `stats`, the
// last games (`played`), without the `end`. `online`: whether they are in the lobby now.
std::vector<lobby::Message> profile_of(Store& store, const Account& a, UnixTime now, bool online);

class Lobby : public GameListener, private LobbyRoom {
  public:
    struct Settings {
        std::string greeting = "gobblet server";
        PasswordCost cost = PasswordCost::standard();
        // Whose `ssh` lines are believed: the unix users (uids) sshd runs the lobby client as (hub.h).
        std::vector<unsigned> ssh_uids;
        // The listings' caps (tests make them small).
        std::size_t listed_players = server::listed_players;
        std::size_t listed_games = server::listed_games;
        std::size_t players_per_source = server::players_per_source;
        // Seek and challenge ids go from 1 to this, then start again at the lowest not in use (tests make
        // it small; a client reads ids up to lobby::max_id).
        lobby::Id max_seek_id = lobby::max_id;
    };
    Lobby(Env& env, Games& games, Workers& workers, Settings settings);
    Lobby(const Lobby&) = delete;
    Lobby& operator=(const Lobby&) = delete;

    // The tournaments still open or running in the store (at start, after the games were restored).
    void restore(Millis now);

    // A connection's first line was `lobby gobblet V`: the greeting goes out, in version V (1 or 2).
    void opened(ConnId conn, const Peer& peer, Millis now, int version = lobby::protocol_version);
    // A message of a lobby connection (keep-alives, goodbyes and errors are the hub's).
    void message(ConnId conn, const lobby::Message& m, Millis now);
    // The connection closed (the hub has forgotten it).
    void closed(ConnId conn, Millis now);
    bool logged_in(ConnId conn) const;
    // The connection's address and source as the lobby counts them: after a believed `ssh` line, the
    // player's own (`ssh:203.0.113.5`); nullptr for a connection it does not know.
    const Peer* peer(ConnId conn) const;
    void tick(Millis now);
    Millis until_next(Millis now) const;
    // Closes every lobby connection with `last` (the server stops).
    void close_all(std::string_view last);
    std::size_t online() const { return online_.size(); }

    void game_changed(const HostedGame& g, Millis now) override;
    void game_over(const HostedGame& g, Millis now) override;

  private:
    using Player = LobbyPlayer;
    struct Conn {
        Peer peer;
        // Where the player is, as their list of machines shows it: an IP address (the `ssh` line's when
        // believed), or "unix" for a local socket.
        std::string origin;
        std::string secret;     // the machine secret that proves this connection (its login's, or `secret`'s)
        bool ssh_said = false;  // an `ssh` line came (believed or not)
        std::string ssh_key;    // the SSH key a believed `ssh` line named ("" none)
        enum class Phase : std::uint8_t { Greeted, LoggingIn, In } phase = Phase::Greeted;
        std::optional<Player> player;
        net::GuessLimiter chat{lobby::chat_burst, lobby::chat_every};
        net::GuessLimiter changes{changes_burst, changes_every};
        int version = lobby::protocol_version;
    };

    // Sending: each connection gets the line in its version's shape.
    void send(ConnId to, const lobby::Message& m) override;
    void to_all(const lobby::Message& m) override;
    void to_all(const std::vector<lobby::Message>& ms);
    lobby::GameItem game_item(const HostedGame& g, Millis now);
    // To the player's connection, if they are online.
    void to_player(const std::string& key, const lobby::Message& m) override;
    // LobbyRoom, for the director.
    void each_online(const std::function<void(ConnId, int version)>& f) const override;
    const Player* online_player(const std::string& key) const override;
    std::vector<GameId> games_of(const std::string& key) const override;
    // News of a player (their `player` line, `left`): to everyone when the player is listed, else to
    // the player alone, who always sees themselves.
    void to_viewers(const std::string& key, const lobby::Message& m);
    // News of a game (`game`, `over`): to everyone when it is listed, else to its two players.
    void to_viewers(const HostedGame& g, const lobby::Message& m);
    // A game in progress comes into the games listing and the players' index (a start, a restore).
    void add_game(const HostedGame& g);
    // Lists the longest waiting players and games in the places that were freed, and tells everyone.
    void refill(Millis now);
    void refuse(ConnId to, const char* verb, lobby::Refusal code, const std::string& text);
    // Whether `guard` lets the connection's address try now; if not, `verb` is refused with `code`,
    // saying there were too many `what` ("failed logins") from the address, or from many.
    bool guarded(ConnId conn, net::GuessGuard& guard, const char* verb, lobby::Refusal code, const char* what,
                 Millis now);
    // Whether the connection (and its address) may change what everyone is told now (changes_burst...);
    // if not, `verb` is refused with `slow-down`. Each call that says yes counts one change.
    bool may_change(ConnId conn, const char* verb, Millis now) override;
    // The connection leaves the lobby's books (a logged-in player's count by address with it).
    void forget(std::map<ConnId, Conn>::iterator it);
    // A protocol error of the client's: `error`, and the connection ends.
    void fail(ConnId conn, const std::string& reason, Millis now);

    // Logging in.
    void login(ConnId conn, const lobby::Login& l, Millis now);
    // Whether the login may add a player from its connection's address (players_per_source); a name's
    // own connection from there does not count, since the login takes it over.
    bool room_for(ConnId conn, const lobby::Login& l) const;
    // Registers the login's name (a secret or key login of a name nobody has), counted against its
    // address's registrations; or refuses the login (nullopt).
    std::optional<Account> register_name(ConnId conn, const lobby::Login& l, Millis now);
    void welcome(ConnId conn, Player p, lobby::How how, Millis now);
    // A login refused: said, logged, and charged to the address's failed logins (`charge`; a wrong
    // password's check was counted when it started).
    void login_failed(ConnId conn, const lobby::Login& l, lobby::Refusal code, const std::string& text,
                      Millis now, bool charge = true);
    lobby::Ratings ratings_of(AccountId account, Millis now);
    void set_password(ConnId conn, const lobby::SetPassword& p, Millis now);
    void add_secret(ConnId conn, const lobby::AddSecret& s, Millis now);
    // The machines that prove the player's name (`machines`), and forgetting one (`forget`).
    void machines(ConnId conn);
    void forget_machine(ConnId conn, const lobby::Forget& f, Millis now);
    // The SSH front door: an `ssh` line (believed only from a trusted uid), a login by its key, `key`.
    void ssh(ConnId conn, const lobby::Ssh& s, Millis now);
    void login_by_key(ConnId conn, const lobby::Login& l, std::optional<Account> account, Millis now);
    void add_key(ConnId conn, Millis now);
    void leave_lobby(ConnId conn, Millis now);

    // Requests of a player in the lobby.
    void request(ConnId conn, Player& p, const lobby::Message& m, Millis now);
    void watch(ConnId conn, Player& p, const lobby::Watch& m);
    // Version 3: an abort before each side has moved, a profile, the leaderboard, spectators' talk (a
    // rematch is the seeks board's).
    void abort(ConnId conn, Player& p, const lobby::Abort& m, Millis now);
    void finger(ConnId conn, const lobby::FingerQuery& q, Millis now);
    void best(ConnId conn, Millis now);
    void kibitz(ConnId conn, Player& p, const lobby::Kibitz& m, Millis now);
    // Who watches `g` changed (or it ended): the players' lines of those who came or went.
    void sync_watchers(const HostedGame& g, bool over);
    // A player's rating in a variant, online or not (nullopt: a guest, or no rated game there).
    std::optional<lobby::Rating> rating_of_seat(const GamePlayer& p, Variant v, Millis now);
    void say(ConnId conn, Player& p, const lobby::Say& m, Millis now);
    void history(ConnId conn, const lobby::HistoryQuery& q);
    void record(ConnId conn, const lobby::RecordQuery& q);
    void ratings(ConnId conn, const lobby::RatingsQuery& q, Millis now);

    // Matches.
    // Starts a match between two players (each `GamePlayer` with the key the lobby knows them by).
    HostedGame* start_match(const std::array<GamePlayer, 2>& players, const lobby::Terms& terms,
                            std::optional<TournamentId> tournament, int round, Millis now) override;
    lobby::MatchStart match_line(HostedGame& g, int player, int round, Millis now);
    bool playing(const std::string& key) const override;
    lobby::PlayerItem item(const Player& p);

    Env& env_;
    Games& games_;
    Workers& workers_;
    Settings settings_;
    std::map<ConnId, Conn> conns_;
    std::unordered_map<std::string, ConnId> online_;  // by name key
    Listing<std::string> shown_players_;              // the players online, by name key
    Listing<GameId> shown_games_;                     // the games in progress
    // The games in progress of each player (name key): whether they play, and their matches again at login.
    std::unordered_map<std::string, std::vector<GameId>> games_of_;
    // Who watches what (by name key), as the games' spectators at their boards say; and each game's.
    std::unordered_map<std::string, GameId> watching_;
    std::unordered_map<GameId, std::vector<std::string>> watchers_of_;
    Millis next_refill_ = 0;
    // Failed logins by secret, key or a name nobody has (cheap to check: a right one from an address that
    // failed nothing lately is never held back by others), and password checks, counted as they start
    // (each costs a worker tens of milliseconds and 64 MiB, right or wrong: all addresses wait together).
    net::GuessGuard logins_;
    net::GuessGuard passwords_{net::GuessGuard::Shared::Everyone};
    net::PerSource registrations_{registrations_burst, registrations_every,
                                  registrations_burst* registrations_every};
    net::PerSource changes_{address_changes_burst, address_changes_every,
                            address_changes_burst* address_changes_every};
    std::unordered_map<std::string, std::size_t> players_from_;  // players logged in, by source address
    // The seeks and challenges, and the tournaments, which reach the lobby through its LobbyRoom.
    Seeks seeks_{env_, games_, *this, settings_.max_seek_id};
    Director director_{env_, games_, *this};
};

}  // namespace gobblet::server
