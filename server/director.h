// The tournament director of the lobby (docs/lobby.md, "Tournaments"), as lila keeps tournaments apart
// from its lobby: the tournaments open, running or just over, and the requests about them (create, join,
// leave, start, the organizer's choice of who starts, standings); their start (a round robin's rounds
// made, a knockout seeded), each round's matches started and decided (byes, forfeits, a player who left),
// the end; and what everyone is told of them (the list's items, the tables as they change, `closed`).
// Tournaments another process made or started (--new-tournament, --start-tournament) are read from the
// store when its data_version changes.
//
// It reaches the lobby's connections and starts matches only through LobbyRoom (server/lobby_room.h);
// the pure parts (pairings, standings, who starts) are server/tournament.h's.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/env.h"
#include "server/games.h"
#include "server/lobby_room.h"
#include "server/tournament.h"

namespace gobblet::server {

// Tournaments a player may organize at once.
constexpr int max_tournaments_per_organizer = 1;
// A finished tournament stays in the list this long, then leaves it (`closed`).
constexpr Millis tournament_shown_after_over = 10 * 60'000;
// How often the director looks whether another process (--new-tournament, --start-tournament) committed
// to the database: a PRAGMA data_version, which reads no page.
constexpr Millis store_sync_every = 1000;

class Director {
  public:
    Director(Env& env, Games& games, LobbyRoom& room) : env_(env), games_(games), room_(room) {}
    Director(const Director&) = delete;
    Director& operator=(const Director&) = delete;

    // The tournaments still open or running in the store (at start, after the games were restored): the
    // running ones go on.
    void restore(Millis now);

    // The requests of a player in the lobby, each done or refused (the lobby sends the refusal).
    Reply create(const LobbyPlayer& p, const lobby::Create& m, Millis now);
    Reply join(const LobbyPlayer& p, const lobby::Join& m, Millis now);
    Reply leave(const LobbyPlayer& p, const lobby::Leave& m, Millis now);
    Reply start(const LobbyPlayer& p, const lobby::Start& m, Millis now);
    Reply standings(ConnId conn, const lobby::StandingsQuery& q);
    // The organizer's choice of who starts a match of the tournament (stored; applied when it starts).
    Reply choose_starter(ConnId conn, const LobbyPlayer& p, const lobby::ChooseStarter& m, Millis now);

    // A newcomer's share of the lobby: the tournaments list and its end, then (version 2) the tables of
    // those under way or just over, which then change live.
    void greet(ConnId conn, int version);
    // A game ended: a tournament's decides its pairing (one nobody finished: half a point each), and the
    // tournament goes on.
    void game_over(const HostedGame& g, Millis now);

    // Closes the tournaments over long enough, and reads the store again when another process changed it.
    void tick(Millis now);
    // Until the next tick it needs (-1: none).
    Millis until_next(Millis now) const;

  private:
    struct Tourney {
        lobby::Id id = 0;
        std::string name;
        tournament::Spec spec;
        std::string organizer;  // name; "" for the operator (--new-tournament)
        AccountId organizer_account = 0;
        std::uint64_t seed = 0;  // of the draws of who starts
        lobby::TournamentState state = lobby::TournamentState::Open;
        int round = 0;
        Millis closes = 0;  // over: when it leaves the list
    };

    // A tournament's item, its table or its `closed` line to everyone who can read it (a version 1
    // client never hears of knockouts or the operator's tournaments, nor of tables as they change).
    void announce(const Tourney& t);
    void announce_table(const Tourney& t);
    void announce_closed(const Tourney& t);
    static bool old_clients_see(const Tourney& t) { return !t.spec.format.knockout && !t.organizer.empty(); }
    lobby::TournamentItem item(const Tourney& t);
    // Starts what the tournament's current round still needs, makes the next round when the last is
    // decided, and ends the tournament after its last round.
    void advance(Tourney& t, Millis now);
    // The start: the round robin's rounds made (or a knockout seeded), then the first round played. The
    // tournament is Running in the store already.
    void begin(Tourney& t, Millis now);
    // Reads the tournaments of the store again when another process changed it (data_version): new
    // ones (--new-tournament) join the list, one started there (--start-tournament) begins.
    void sync(Millis now);
    std::optional<Tourney> tourney_of(const TournamentRecord& r, Millis now);
    std::vector<lobby::StandingItem> table_of(lobby::Id id);
    void forfeit_pairings(TournamentRecord& rec, AccountId account, Millis now);

    Env& env_;
    Games& games_;
    LobbyRoom& room_;
    std::map<lobby::Id, Tourney> tourneys_;
    std::int64_t data_version_ = -1;
    Millis next_sync_ = 0;
};

}  // namespace gobblet::server
