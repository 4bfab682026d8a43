// The store's part for tournaments: each tournament, its players and their seeds, its pairings and
// their outcomes, the organizer's choices of who starts (store.tournaments()). Its tables: tournaments,
// tournament_players, tournament_pairings, tournament_starters. A game played for a pairing decides it
// when it finishes (games_store.h), in the game's own transaction.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "server/db.h"
#include "server/store_part.h"

namespace gobblet::server {

enum class TournamentState : std::uint8_t { Open, Running, Over };

// A tournament to make: its name and that name's key (unique among tournaments: the lobby's name_key),
// its terms as server/tournament.h writes them, its organizer (none: the operator), the seed of the
// server's draws, and the format the terms are written in (server/tournament.h's spec_format).
struct NewTournament {
    std::string name, key, terms;
    std::optional<AccountId> organizer;
    std::uint64_t seed = 0;
    int terms_format = 1;
};
// A pairing's outcome: its player a won, its player b won, a draw.
enum class PairingOutcome : std::uint8_t { A, B, Draw };

struct TournamentPlayer {
    AccountId account = 0;
    std::string name;
    UnixTime joined = 0;
    bool withdrawn = false;
    std::optional<int> seed;  // a knockout's seeding, from 1 (the best), fixed at the start
};

struct Pairing {
    PairingId id = 0;
    int round = 1;
    AccountId a = 0;
    std::optional<AccountId> b;  // none: a bye for a
    std::optional<GameId> game;
    std::optional<PairingOutcome> outcome;
    std::optional<std::array<int, 2>> score;  // rounds won by a and by b, once its game is over
};

// The organizer's choice of who plays White in round 1 of the match between two players of a tournament
// (server/tournament.h: round_one_white); the last choice for the two stands.
struct StarterChoice {
    AccountId starter = 0, other = 0;
    friend bool operator==(const StarterChoice&, const StarterChoice&) = default;
};

struct TournamentRecord {
    TournamentId id = 0;
    std::string name, terms;
    int terms_format = 1;      // the format `terms` is written in (server/tournament.h reads it)
    std::string key;           // the name's key ("" for a tournament made without one)
    bool by_operator = false;  // made by the server's operator: created_by is the reserved account
    std::uint64_t seed = 0;    // the server's draws come from it
    TournamentState state = TournamentState::Open;
    AccountId created_by = 0;
    UnixTime created = 0;
    std::vector<TournamentPlayer> players;  // in the order they joined
    std::vector<Pairing> pairings;          // by round, then in the order they were made
    std::vector<StarterChoice> starters;    // the organizer's choices, oldest first
};

class AccountsStore;
class GamesStore;

// One per Store, made by it over its database; reached as store.tournaments(). It asks the accounts'
// part for the operator's reserved account.
class TournamentsStore {
  public:
    TournamentsStore(db::Database& db, AccountsStore& accounts);
    ~TournamentsStore();

    TournamentId create_tournament(std::string_view name, std::string_view terms, AccountId created_by,
                                   UnixTime now);
    // A named tournament, or why not: its key is taken.
    Expected<TournamentId> create_tournament(const NewTournament& t, UnixTime now);
    // The tournament whose name has this key.
    std::optional<TournamentId> tournament_named(std::string_view key);
    // A knockout's seeding: `order`'s players get seeds 1, 2, 3...
    void set_seeds(TournamentId tournament, const std::vector<AccountId>& order);
    // Adds the player; false when already in.
    bool join_tournament(TournamentId tournament, AccountId account, UnixTime now);
    void withdraw_from_tournament(TournamentId tournament, AccountId account);
    void set_tournament_state(TournamentId tournament, TournamentState state);
    // A pairing of round `round` between two players of the tournament (b none: a bye for a).
    PairingId add_pairing(TournamentId tournament, int round, AccountId a, std::optional<AccountId> b);
    // The game the pairing is played in (a game of the tournament); finish_game decides the pairing.
    void set_pairing_game(PairingId pairing, GameId game);
    // The organizer's choice: `starter` plays White in round 1 of their match against `other` (both players
    // of the tournament; the one choice for the two, replaced by the next).
    void set_starter(TournamentId tournament, AccountId starter, AccountId other, UnixTime now);
    // Decides a pairing without a game (a forfeit, a bye's point).
    void set_pairing_outcome(PairingId pairing, PairingOutcome outcome);
    std::optional<TournamentRecord> tournament(TournamentId tournament);
    // The tournaments in `state`, newest first, without players and pairings.
    std::vector<TournamentRecord> tournaments(TournamentState state);

  private:
    friend class GamesStore;
    // Decides the pairings played in `game`, which ended with a result: `winner` won it (none: a draw).
    // Inside finish_game's transaction (it opens none of its own).
    void decide_pairings(GameId game, std::optional<AccountId> winner);

    struct Statements;
    db::Database& db_;
    AccountsStore& accounts_;
    std::unique_ptr<Statements> s_;
};

}  // namespace gobblet::server
