// The store's part for ratings: each player's Glicko-2 rating per variant, the lists and leaderboards
// read from them, and what a player's last rated game did (store.ratings()). Its table: ratings; a
// finished game (games_store.h) moves them, in the game's own transaction.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "engine/match.h"
#include "server/db.h"
#include "server/glicko2.h"
#include "server/store_part.h"

namespace gobblet::server {

// A player's rating in one variant (rules and board size). The deviation is as of the `now` it was read
// at: it grows while the player does not play (glicko2::after_inactivity).
struct RatingRecord {
    glicko2::Rating rating;
    int games = 0, wins = 0, losses = 0, draws = 0;
    std::optional<UnixTime> last_rated;
    // The last second the rating is settled (RatingsStore::settled_until); nullopt when it is not.
    std::optional<UnixTime> settled_until;
};

struct RatingsRow {
    AccountId account = 0;
    std::string name;
    RatingRecord record;
};

// A rated game's effect on one player's rating.
struct RatingChange {
    double before = 0, after = 0;
};

class GamesStore;

// One per Store, made by it over its database; reached as store.ratings().
class RatingsStore {
  public:
    explicit RatingsStore(db::Database& db);
    ~RatingsStore();

    // The account's rating in `variant`: a newcomer's (1500, 350, 0.06, no games) until its first rated
    // game; the deviation as of `now`.
    RatingRecord rating_of(AccountId account, Variant variant, UnixTime now);
    // Every player with a rated game in `variant`, best rating first (ties: the earlier account first,
    // the order of the index, so that a page never sorts a crowd of equal ratings); at most `limit` rows
    // when limit > 0, after the first `offset` (it reads the rows before them: callers bound it).
    std::vector<RatingsRow> ratings_list(Variant variant, UnixTime now, int limit = 0, int offset = 0);
    // The variants that have rated players: 4x4 before 3x3, official before rogers.
    std::vector<Variant> rated_variants();
    // The leaderboard: the best `limit` players of `variant` whose rating is settled at `now`, best first
    // (ties as ratings_list's). An index lookup: the rows read are about `limit` and the settled ratings that
    // lapsed since the last prune_settled, whatever the number of players.
    std::vector<RatingsRow> leaders(Variant variant, UnixTime now, int limit);
    // Forgets that up to `batch` ratings were settled once their time ran out before `now` (each lapses
    // once for each game that settled it), so that leaders() does not step over them again. Returns how
    // many it forgot.
    int prune_settled(UnixTime now, int batch);
    // Until when a rating that changed at record.last_rated stays settled: its deviation, growing without
    // games, at most the leaderboard's (net/lobby.h's settled_deviation; glicko2::settled_until). The
    // store keeps it with every rating (schema version 9); nullopt when it is not settled.
    static std::optional<UnixTime> settled_until(const RatingRecord& record);
    // What the account's last rated game in `variant` did to its rating (nullopt: none yet).
    std::optional<RatingChange> last_change(AccountId account, Variant variant);

  private:
    friend class GamesStore;
    // Rates a game between `players` (two different accounts) in `variant` that player 0 scored `score0`
    // in (1, 0.5 or 0): each against the other's rating before the game, Glicko-2 game by game. Returns
    // player 0's and player 1's change. Inside finish_game's transaction (it opens none of its own).
    std::array<RatingChange, 2> rate(const std::array<AccountId, 2>& players, Variant variant, double score0,
                                     UnixTime now);
    // The stored rating, without the growth of its deviation since (nullopt: never rated).
    std::optional<RatingRecord> stored_rating(AccountId account, Variant v);

    struct Statements;
    std::unique_ptr<Statements> s_;
};

}  // namespace gobblet::server
