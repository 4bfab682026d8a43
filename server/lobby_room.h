// What the lobby's parts share with the lobby (server/lobby_server.h): a player in the lobby, what a
// request's handler returns (done, or why not), and the narrow interface through which a part (the login
// desk, the seeks, the tournament director) reaches the lobby's connections and starts matches, without
// knowing how the lobby keeps them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/expected.h"
#include "net/lobby.h"
#include "server/games.h"

namespace gobblet::server {

namespace lobby = net::lobby;

// A player logged in to the lobby.
struct LobbyPlayer {
    std::string name;  // as welcomed: "Liam", "~Liam2"
    std::string key;   // lobby::name_key(name)
    lobby::Role role = lobby::Role::Human;
    std::optional<AccountId> account;
    lobby::Ratings ratings{};
    // A guest login's number in this run, its identity (0: a registered player): a guest's name comes to
    // another guest once it has left, and the games of the first are not the second's.
    std::uint64_t guest = 0;
};

// The player's game connection seat: the GamePlayer for the online player `p`.
inline GamePlayer seat_of(const LobbyPlayer& p) {
    return GamePlayer{p.account, p.name, p.role == lobby::Role::Bot};
}
// The name key the lobby knows a game's player by.
inline std::string key_of(const GamePlayer& p) { return lobby::name_key(p.name); }

// Why a request was not done: the code and the sentence `refused` carries. A request's handler returns
// a Reply (done, or the Denial), and the lobby sends a denial once, as `refused VERB CODE TEXT` with the
// request's own verb from the protocol's table (LobbyRoom::refuse): no handler names a verb.
struct Denial {
    lobby::Refusal code = lobby::Refusal::NotAllowed;
    std::string text;
};
using Reply = Expected<void, Denial>;
inline Failure<Denial> deny(lobby::Refusal code, std::string text) {
    return Failure<Denial>{Denial{code, std::move(text)}};
}
// What a change that everyone is told of or that the store keeps is about (LobbyRoom::may_change): the
// seeks and challenges, or the machines that prove a name.
enum class Change : std::uint8_t { Seeks, Machines };

// Takes `id` out of `key`'s list in a per-player index, and the list itself once it is empty.
template <class Id>
void unindex(std::unordered_map<std::string, std::vector<Id>>& index, const std::string& key, Id id) {
    const auto it = index.find(key);
    if (it == index.end()) return;
    std::erase(it->second, id);
    if (it->second.empty()) index.erase(it);
}

// What a part of the lobby asks of the lobby: sending to its connections, who is online and who plays,
// the rate of changes, a login's welcome, and the start of a match.
class LobbyRoom {
  public:
    // The connection's address and source as the lobby counts them (nullptr: not a lobby connection);
    // after a believed `ssh` line, the player's own, which `vouch` sets.
    virtual const Peer* peer(ConnId conn) const = 0;
    virtual void vouch(ConnId conn, Peer peer) = 0;
    // A login accepted: the player comes into the lobby on this connection (a name online elsewhere is
    // taken over), and hears the lobby's lists.
    virtual void welcome(ConnId conn, LobbyPlayer p, lobby::How how, Millis now) = 0;
    // To one connection, in its version's shape.
    virtual void send(ConnId to, const lobby::Message& m) = 0;
    // The request `verb` (the table's, lobby::verb_of) was not done: `refused VERB CODE TEXT`. The lobby
    // sends the Reply of each request's handler through it; a login checked on a worker, when the check
    // comes back.
    virtual void refuse(ConnId to, std::string_view verb, const Denial& why) = 0;
    // To the player's connection, if they are online.
    virtual void to_player(const std::string& key, const lobby::Message& m) = 0;
    // To every connection logged in.
    virtual void to_all(const lobby::Message& m) = 0;
    // Calls `f` with each logged-in player's connection and the lobby protocol version it speaks.
    virtual void each_online(const std::function<void(ConnId, int version)>& f) const = 0;
    // The player online under this name key; nullptr when they are not in the lobby.
    virtual const LobbyPlayer* online_player(const std::string& key) const = 0;
    // The games in progress of a player (by name key), oldest first; whether they have any.
    virtual std::vector<GameId> games_of(const std::string& key) const = 0;
    virtual bool playing(const std::string& key) const = 0;
    // Whether the connection (and its address) may make a change of `what` now, or its `slow-down`
    // denial. Each call that says yes counts one change.
    virtual Reply may_change(ConnId conn, Change what, Millis now) = 0;
    // Whether the online player `p` is the one who sits at `seat` of game `id` (found there by their
    // account, or by their name for a guest): a guest only if it is the very login that played it.
    virtual bool holds(const LobbyPlayer& p, GameId id, int seat) const = 0;
    // Whether a match between these two players online (name keys) may be rated: not when they connect
    // from one address or log in from one machine (a second account of one person, whose losses would
    // buy the first a rating), unless the operator said the address is shared; the denial says why. Two
    // players not both online are not compared.
    virtual Reply may_rate(const std::string& a, const std::string& b) const = 0;
    // Starts a match between two players, committed and then announced to them and the lobby.
    virtual HostedGame* start_match(const std::array<GamePlayer, 2>& players, const lobby::Terms& terms,
                                    std::optional<TournamentId> tournament, int round, Millis now) = 0;

  protected:
    ~LobbyRoom() = default;
};

}  // namespace gobblet::server
