// The games the server hosts, and the door to them: a game connection's hello carries a code, and the
// code says which game and which seat (player 0 or 1), or that it watches. Codes are 32 characters of
// Crockford's base 32 (160 random bits). The store keeps only their digests, so this registry finds a
// code by its digest; the codes themselves are known only in the run that made them. After a restart a
// player's old code still lets them back in (its digest is stored), and the lobby gives a fresh one
// (renew) at their next login, which replaces the old.
//
// Wrong codes are limited per source address (net::GuessGuard, as a peer-to-peer host's door): one
// address guessing never keeps another out, and a right code from an address that guessed nothing lately
// is never held back by strangers' guesses. Right codes are limited too, since each arrival is news for
// the players (an away and a back fact, a watcher count): a player's returns to their seat
// (rejoins_burst at once, then one every rejoins_every), and the game connections of an address
// (hellos_burst at once, then one every hellos_every).
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/expected.h"
#include "net/code.h"
#include "server/hosted_game.h"

namespace gobblet::server {

constexpr std::size_t server_code_length = 32;
constexpr int rejoins_burst = 5;
constexpr Millis rejoins_every = 10'000;
constexpr int hellos_burst = 20;
constexpr Millis hellos_every = 2000;
// Spectators' codes of one game that one address holds at once (unless the lobby says it is shared), and
// how long a code lives unused (never at the board, or since its spectator left it): one address had
// taken all of a game's codes in under a second with throwaway guest names, and nobody could watch it
// until a restart (issue 34).
constexpr std::size_t watch_codes_per_source = 10;
constexpr Millis watch_code_lapse = 60'000;
// Why a game gives no spectator's code now.
enum class NoWatchCode : std::uint8_t { GameFull, SourceFull };

class Games {
  public:
    Games(Env& env, GameListener& listener, HostedGame::Limits limits);
    Games(const Games&) = delete;
    Games& operator=(const Games&) = delete;

    // At start: every game in progress in the store, rebuilt from its facts; their players are away from
    // `now` until they come back. Returns how many; a game whose facts do not replay is logged and left.
    int restore(Millis now);

    struct Started {
        HostedGame* game = nullptr;
        std::array<std::string, 2> codes;  // each player's join code
    };
    // Records a new game (with its codes) and hosts it.
    Started start(GameSetup setup, Millis now);

    // A game connection's hello (of version 2 or 4: the hub checks): it joined a game, or is refused with the
    // reason to send as its error (the hub then closes it). `per_address`: the source's connections are
    // its address's (not sshd's user, which is every player's).
    Expected<void> hello(ConnId conn, const net::Hello& h, const std::string& source, bool per_address,
                         Millis now);
    void message(ConnId conn, const net::Message& m, Millis now);
    // The connection closed by itself.
    void gone(ConnId conn, Millis now);
    // The connection was closed on a game's request: only the maps forget it.
    void forget(ConnId conn, Millis now);
    // The games that are due (their until_next), and those something happened to since the last tick:
    // a round of the loop costs what happened in it, not the number of games.
    void tick(Millis now);
    Millis until_next(Millis now) const;
    void close_all(std::string_view last);

    HostedGame* find(std::string_view wire);
    // A game to read (not over, or nullptr), without marking it for the next tick.
    const HostedGame* peek(GameId id) const;
    // Games not over, oldest first.
    std::vector<HostedGame*> in_progress();
    // The code that seats player `player` of `g`: the one given out in this run, or else (after a
    // restart, when only its digest is known) a fresh one that replaces it.
    std::string code_for(HostedGame& g, int player);
    // The code spectator `name` (as the lobby knows them) joins `g` with: one each, made when first
    // asked, so that the game knows who watches. Refused when the game holds as many as it takes
    // spectators (max_spectators) and more, or (`per_source`) when `source` holds watch_codes_per_source
    // of them. A code lapses watch_code_lapse after it was asked for or its last spectator left the
    // board, unless someone is at the board with it.
    Expected<std::string, NoWatchCode> watch_code(HostedGame& g, const std::string& name,
                                                  const std::string& source, bool per_source, Millis now);
    std::size_t size() const { return games_.size(); }

  private:
    struct Seat {
        GameId game;
        int player;        // -1: watching
        std::string name;  // a spectator's
    };
    struct Watcher {
        std::string code;
        std::string source;  // whence it was asked for
        Millis since = 0;    // asked for, or left the board last
        int at_board = 0;    // connections at the board with it
    };
    struct Codes {
        std::array<std::string, 2> plain;  // the players' codes, "" when unknown in this run
        std::array<std::string, 2> digest;
        std::map<std::string, Watcher> watchers;  // each spectator's (by name)
    };
    bool lapsed(const Watcher& w, Millis now) const {
        return w.at_board == 0 && now - w.since >= watch_code_lapse;
    }
    // The spectator's code goes (its digest with it).
    void drop_watcher(Codes& c, std::map<std::string, Watcher>::iterator it);
    // A spectator's connection left the board.
    void left_board(ConnId conn, Millis now);
    void index(GameId game, int slot, const std::string& digest);
    HostedGame* game(GameId id);
    // Something may have changed the game's deadlines: the next tick looks at it.
    void touch(GameId id) { touched_.push_back(id); }
    // Ticks one game, forgets it when it is done, else files its next deadline.
    void tick_one(GameId id, Millis now);

    Env& env_;
    GameListener& listener_;
    HostedGame::Limits limits_;
    std::map<GameId, std::unique_ptr<HostedGame>> games_;
    std::map<GameId, Codes> codes_;
    std::unordered_map<std::string, Seat> by_digest_;
    std::unordered_map<ConnId, GameId> conns_;
    std::unordered_map<ConnId, std::string> spectators_;  // the name whose code each spectator came with
    net::GuessGuard guesses_;
    net::PerSource hellos_{hellos_burst, hellos_every, hellos_burst* hellos_every};
    std::map<std::pair<GameId, int>, net::GuessLimiter> rejoins_;  // by game and player
    // When each game next needs a tick (HostedGame::until_next, as a time): a game's deadlines change only
    // through what Games passes to it (and touches) or its own tick, so the others need no look.
    std::set<std::pair<Millis, GameId>> schedule_;
    std::unordered_map<GameId, Millis> due_;
    std::vector<GameId> touched_;
    bool all_touched_ = false;  // games were handed out in bulk (in_progress): the next tick looks at all
};

}  // namespace gobblet::server
