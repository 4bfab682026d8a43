// The lobby protocol's server side (docs/lobby.md), without sockets: who is online and the lists every
// connection is shown, the start of matches (committed, then announced), the games in progress,
// watching, chat, histories, records, profiles and ratings. Its parts, as lila splits lobby, round and
// tournament: the login desk (server/login_desk.h: logins, registrations, passwords, machines and keys,
// the `ssh` line), the board of seeks and challenges (server/seeks.h) and the tournament director
// (server/director.h). Each reaches the lobby only through the narrow LobbyRoom (server/lobby_room.h),
// and Lobby::request, a std::visit, hands each its requests. The hub (server/hub.h) hands the lobby the
// messages of lobby connections, already read and checked by net::lobby's reader; everything it says goes
// out through the Outbox.
//
// Limits that are the lobby's (docs/server.md, "Limits"), most of them per source address so that one
// address never locks another out: players logged in per address, chat per connection, changes to the
// seeks and machines per connection and per address, and the tables' sizes, which never pass what a
// client keeps (net::lobby::max_table). Failed logins, password checks and registrations are the desk's,
// seeks per player the board's, tournaments per organizer the director's.
#pragma once

#include <array>
#include <deque>
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
#include "server/login_desk.h"
#include "server/secrets.h"
#include "server/seeks.h"
#include "server/tournament.h"
#include "server/workers.h"

namespace gobblet::server {

// Players one address may have logged in at once, guests included (more are sent away with `bye busy`):
// enough for a household or a club behind one address, far from what fills a server.
constexpr std::size_t players_per_source = 32;
// Changes that everyone is told of or that the store keeps (seeks and challenges posted, withdrawn and
// declined; machine secrets and SSH keys added): per connection this many at once, then
// one every changes_every; all the connections of an address together twice as many at once, then one
// every address_changes_every. Refused with `slow-down` and a reason.
constexpr int changes_burst = 10;
constexpr Millis changes_every = 1000;
constexpr int address_changes_burst = 20;
constexpr Millis address_changes_every = 500;
// Lines said to the lobby (say), to a game's spectators (kibitz) and to one player (tell), which everyone
// in the lobby or at the game reads, or which ring a player's bell: per connection lobby::chat_burst at once,
// then one every lobby::chat_every; all the connections of an address together this many at once, then one
// every address_chat_every (not a
// --shared-address). 31 spectators from one address had sent 15 lines a second to each (issue 34).
constexpr int address_chat_burst = 10;
constexpr Millis address_chat_every = 1000;
// A profile's rating over time (`trend`) is read from the player's newest this many rated games (each
// variant's last lobby::max_trend_points among them).
constexpr int trend_window = 2 * lobby::max_trend_points;
// Questions the lobby answers from the database (best, history, finger, record, ratings, standings): each
// is an index lookup of bounded size, but the loop answers it while the games wait, so per connection
// this many at once, then one every query_every; all the connections of an address together
// address_query_burst at once, then one every address_query_every. Refused with `slow-down`.
constexpr int query_burst = 10;
constexpr Millis query_every = 500;
constexpr int address_query_burst = 30;
constexpr Millis address_query_every = 100;
// The deepest page of a history or a ratings list (lobby::page_size a page): a page costs the rows before
// it, so the lists go back 5,000 games or players, and a page past that is refused with `limit`.
constexpr int max_list_page = 100;
// The leaderboard (`best`) is kept between questions: read again after a rated game ends, when one of
// its players' ratings stops being settled, and at least this often (another process's changes).
constexpr Millis leaders_kept_for = 60'000;
// Settled ratings whose time ran out are forgotten (RatingsStore::prune_settled) this many at a time,
// each time the leaderboard is read again.
constexpr int prune_settled_batch = 1000;

// Games whose guests' seats the lobby remembers (for a rematch after the game: the latest this many).
constexpr std::size_t max_guest_games = 20'000;
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
        // Questions answered from the database at once, per connection and per address (a test of what
        // a flood of answers does to the output queue makes them large).
        int query_burst = server::query_burst;
        int address_query_burst = server::address_query_burst;
        // Sources many players share (a club's network behind one address: --shared-address), as the
        // lobby counts them: rated matches between players from one of them count.
        std::vector<std::string> shared_sources;
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
    const Peer* peer(ConnId conn) const override;
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
        // Logged in (In) or not yet (what proves it, and a login being checked, are the desk's).
        enum class Phase : std::uint8_t { Greeted, In } phase = Phase::Greeted;
        std::optional<Player> player;
        net::GuessLimiter chat{lobby::chat_burst, lobby::chat_every};
        net::GuessLimiter changes{changes_burst, changes_every};
        net::GuessLimiter queries{query_burst, query_every};
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
    // `refused VERB CODE TEXT`: the one place a request's refusal is sent.
    void refuse(ConnId to, std::string_view verb, const Denial& why) override;
    // Whether the connection (and its address) may change what everyone is told now (changes_burst...),
    // or its `slow-down` denial. Each call that says yes counts one change.
    Reply may_change(ConnId conn, Change what, Millis now) override;
    Reply may_rate(const std::string& a, const std::string& b) const override;
    bool holds(const Player& p, GameId id, int seat) const override;
    // The player online who sits at `seat` of `g` (by their account, or the very guest login that
    // played it), or nullptr.
    const Player* holder(const HostedGame& g, int seat) const;
    // Whether two logged-in connections are taken for two people's, or why they are one person's
    // ("connect from one address": one source the operator did not name as shared; "log in from one
    // machine": one machine secret or SSH key).
    Expected<void> two_people(ConnId a, ConnId b) const;
    // Whether the player may watch `g`: never a game they play in, under their name or from a
    // connection that is one person's with a player's (two_people).
    Reply may_watch(ConnId conn, const Player& p, const HostedGame& g) const;
    // Whether the connection (and its address) may ask a question of the database now (query_burst...),
    // or its `slow-down` denial. Each call that says yes counts one question.
    Reply may_query(ConnId conn, Millis now);
    // The connection leaves the lobby's books (a logged-in player's count by address with it).
    void forget(std::map<ConnId, Conn>::iterator it);
    // A protocol error of the client's: `error`, and the connection ends.
    void fail(ConnId conn, const std::string& reason, Millis now);

    // Logging in: the login desk's, but for the players each address may have logged in.
    // Whether the login may add a player from its connection's address (players_per_source); a name's
    // own connection from there does not count, since the login takes it over.
    bool room_for(ConnId conn, const lobby::Login& l) const;
    // The connection is sent away with `bye busy`: its address has players_per_source logged in.
    void send_away(ConnId conn, Millis now);
    void vouch(ConnId conn, Peer peer) override;
    void welcome(ConnId conn, Player p, lobby::How how, Millis now) override;
    lobby::Ratings ratings_of(AccountId account, Millis now);
    void leave_lobby(ConnId conn, Millis now);

    // Requests of a player in the lobby: each handler, the lobby's own or its part's, returns its Reply,
    // and request() sends a refusal with the request's verb.
    void request(ConnId conn, Player& p, const lobby::Message& m, Millis now);
    Reply watch(ConnId conn, Player& p, const lobby::Watch& m, Millis now);
    // Version 3: an abort before each side has moved, a profile, the leaderboard, spectators' talk (a
    // rematch is the seeks board's).
    Reply abort(Player& p, const lobby::Abort& m, Millis now);
    Reply finger(ConnId conn, const lobby::FingerQuery& q, Millis now);
    Reply best(ConnId conn, Millis now);
    Reply kibitz(ConnId conn, Player& p, const lobby::Kibitz& m, Millis now);
    // Version 4: a private line to a player online, to both of them (lobby_talk.cpp, with say and kibitz);
    // a watch code for the game a player of that name plays, under watch's rules.
    Reply tell(ConnId conn, Player& p, const lobby::Tell& m, Millis now);
    Reply observe(ConnId conn, Player& p, const lobby::Observe& m, Millis now);
    // Who watches `g` changed (or it ended): the players' lines of those who came or went.
    void sync_watchers(const HostedGame& g, bool over);
    // A player's rating in a variant, online or not (nullopt: a guest, or no rated game there).
    std::optional<lobby::Rating> rating_of_seat(const GamePlayer& p, Variant v, Millis now);
    Reply say(ConnId conn, Player& p, const lobby::Say& m, Millis now);
    // Whether the connection (and its address, unless shared) may say a line now (lobby::chat_burst,
    // address_chat_burst...), or its `slow-down` denial (`what`: " chat lines", " lines"). Each call that
    // says yes counts one line.
    Reply may_talk(ConnId conn, const std::string& what, Millis now);
    // The leaderboard of each variant as of `now` (best): kept, read again when it is due.
    const std::array<std::vector<RatingsRow>, 4>& leaders(Millis now);
    Reply history(ConnId conn, const lobby::HistoryQuery& q);
    Reply record(ConnId conn, const lobby::RecordQuery& q);
    Reply ratings(ConnId conn, const lobby::RatingsQuery& q, Millis now);

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
    // The guest logins (LobbyPlayer::guest) at the seats of the games started in this run (0: a
    // registered player's seat), the latest max_guest_games: a guest's game is its login's, not its
    // name's, for an abort, a rematch and the game's news.
    std::unordered_map<GameId, std::array<std::uint64_t, 2>> guest_seats_;
    std::deque<GameId> guest_seats_order_;
    // Who watches what (by name key), as the games' spectators at their boards say; and each game's.
    std::unordered_map<std::string, GameId> watching_;
    std::unordered_map<GameId, std::vector<std::string>> watchers_of_;
    Millis next_refill_ = 0;
    net::PerSource changes_{address_changes_burst, address_changes_every,
                            address_changes_burst* address_changes_every};
    net::PerSource talks_{address_chat_burst, address_chat_every, address_chat_burst* address_chat_every};
    net::PerSource queries_{settings_.address_query_burst, address_query_every,
                            settings_.address_query_burst* address_query_every};
    // The leaderboard as last read (the settled ratings; and, on a board not full, the best provisional
    // ones), and until when it stands (nullopt: read it again).
    std::array<std::vector<RatingsRow>, 4> leaders_, provisional_;
    std::optional<UnixTime> leaders_until_;
    UnixTime leaders_read_at_ = 0;  // the rows' deviations are as of then (RatingsStore::leaders ages them)
    std::unordered_map<std::string, std::size_t> players_from_;  // players logged in, by source address
    // The login desk, the seeks and challenges, and the tournaments, which reach the lobby through its
    // LobbyRoom.
    LoginDesk desk_{env_, workers_, *this, settings_.cost, settings_.ssh_uids};
    Seeks seeks_{env_, games_, *this, settings_.max_seek_id};
    Director director_{env_, games_, *this};
};

}  // namespace gobblet::server
