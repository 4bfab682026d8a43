// The lobby's board of seeks and challenges (docs/lobby.md, "Seeks and challenges"), as lila keeps its
// seeks apart from the rest of its lobby: open seeks (for whom they say: people, computers, a rating
// range), challenges to one player (ending after lobby::challenge_expiry), rematches (a challenge with
// the colours swapped, or the opponent's own accepted), accepting one (the match starts), declining and
// withdrawing; the seek ids (1 to a bound, then again from the lowest free); and each player's limit.
//
// It reaches the lobby's connections and starts matches only through LobbyRoom (server/lobby_room.h);
// the rate of changes per connection and address is the lobby's (LobbyRoom::may_change), shared with
// the machines a player adds and forgets.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/env.h"
#include "server/games.h"
#include "server/lobby_room.h"

namespace gobblet::server {

// Seeks and challenges a player may have open at once.
constexpr int max_seeks_per_player = 3;
// Challenges (rematches offered too) from one player to another: one waiting at a time, and this many
// declined or unanswered, then one every challenges_every (an accepted one costs nothing: a pair may
// rematch all evening): each rings the other's bell and says so on their screen, and a challenge every 2 s
// froze a lobby (issue 34).
constexpr int challenges_burst = 3;
constexpr Millis challenges_every = 300'000;
// Players whose challenges one player refuses (noplay), at most.
constexpr std::size_t max_noplay = 100;

class Seeks {
  public:
    // Ids go from 1 to `max_id` (at most lobby::max_id), then start again at the lowest not in use.
    Seeks(Env& env, Games& games, LobbyRoom& room, lobby::Id max_id)
        : env_(env), games_(games), room_(room), max_id_(max_id) {}
    Seeks(const Seeks&) = delete;
    Seeks& operator=(const Seeks&) = delete;

    // The requests of a player in the lobby, each done or refused (the lobby sends the refusal). An open
    // seek, told to everyone:
    Reply post(ConnId conn, const LobbyPlayer& p, const lobby::Post& m, Millis now);
    // A challenge to one player online, told to the two of them:
    Reply challenge(ConnId conn, const LobbyPlayer& p, const lobby::Challenge& m, Millis now);
    // Takes a seek (one it admits) or a challenge to the player: the match starts, colours drawn or as a
    // rematch says.
    Reply accept(ConnId conn, const LobbyPlayer& p, const lobby::Accept& m, Millis now);
    // Ends a challenge to the player, or a seek or challenge of theirs:
    Reply decline(ConnId conn, const LobbyPlayer& p, const lobby::Decline& m, Millis now);
    Reply withdraw(ConnId conn, const LobbyPlayer& p, const lobby::Withdraw& m, Millis now);
    // Version 3: a rematch of a finished match with the colours swapped, a challenge (or the opponent's
    // own, accepted: both want it).
    Reply rematch(ConnId conn, const LobbyPlayer& p, const lobby::Rematch& m, Millis now);
    // Version 3 (FICS's noplay): the player refuses another's challenges and rematches (and, version 4,
    // tells), or takes them again; kept while the server runs (a guest's while it is in the lobby).
    Reply noplay(ConnId conn, const LobbyPlayer& p, const lobby::NoPlay& m, Millis now);
    // A guest left the lobby: what it refused goes with it (its name may come to another guest).
    void guest_left(const std::string& key) { noplay_.erase(key); }
    // Whether the player `to` refuses `from` (name keys): their challenges, rematches and tells.
    bool refuses(const std::string& to, const std::string& from) const {
        const auto it = noplay_.find(to);
        return it != noplay_.end() && it->second.contains(from);
    }

    // A newcomer's share of the lobby: the open seeks and the player's own seeks and challenges, in the
    // order they were made, and the list's end.
    void greet(ConnId conn, const std::string& key);
    // Ends every seek and challenge the player (name key) made or was sent: they left, or play a match.
    void drop_of(const std::string& key, lobby::SeekEnd why);

    // Ends the challenges whose time is up.
    void tick(Millis now);
    // Until the next challenge ends (-1: none).
    Millis until_next(Millis now) const;

  private:
    struct Seek {
        lobby::Id id = 0;
        std::string from;  // name_key of the seeker
        std::string to;    // name_key of the challenged player; "" for an open seek
        lobby::Terms terms;
        Millis expires = 0;  // a challenge's end
        lobby::Audience audience{};
        std::optional<Color> colour;  // the seeker's in round 1 (a rematch's); nullopt: drawn
    };

    lobby::SeekItem item(const Seek& s);
    // A player's rating in a variant as their seeks show it (nullopt: a guest, or not online).
    std::optional<lobby::Rating> rating_in(const std::string& key, Variant v);
    void add(const Seek& s);
    // A new seek's id, or why there is none: the player has max_seeks_per_player open, or the table is full.
    Expected<lobby::Id, Denial> take_id(const std::string& key);
    // The next seek or challenge id: after the last one given, from 1 again past max_id_, never one in
    // use; 0 when every id is in use.
    lobby::Id new_id();
    void drop(lobby::Id id, lobby::SeekEnd why);
    // `decline` and `withdraw`: ends seek `id` for `why` when its `whose` side (to, from) is `key`, else
    // refuses with `none`.
    Reply end(ConnId conn, lobby::Id id, std::string Seek::*whose, const std::string& key, Millis now,
              lobby::SeekEnd why, const std::string& none);
    int made_by(const std::string& key) const;
    // Whether `from` may challenge `to` (name keys) now: not refused by them (noplay), no challenge of
    // theirs to them waiting, and within their budget of challenges to them; `name`: to's, for the
    // denial. A challenge declined or lapsed unanswered spends one (unanswered).
    Reply may_ask(const std::string& from, const std::string& to, const std::string& name, Millis now);
    void unanswered(const Seek& s, Millis now);

    Env& env_;
    Games& games_;
    LobbyRoom& room_;
    lobby::Id max_id_;
    std::map<lobby::Id, Seek> seeks_;
    // The seeks and challenges each player (name key) made or was sent, and the challenges by their end:
    // a match's start, a leave, a login and the clock's tick look at a player's few, not at every seek.
    std::unordered_map<std::string, std::vector<lobby::Id>> seeks_of_;
    std::set<std::pair<Millis, lobby::Id>> expiring_;
    // Challenges from one player to another (by "FROM TO" in name keys), and whose challenges each
    // player (name key) refuses.
    net::PerSource asks_{challenges_burst, challenges_every, challenges_burst* challenges_every};
    std::unordered_map<std::string, std::set<std::string>> noplay_;
    lobby::Id next_ = 1;
};

}  // namespace gobblet::server
