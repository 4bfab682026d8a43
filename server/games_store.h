// The store's part for games: each game in play or over, its players and settings, the join codes'
// digests, and every fact of it in order (store.games()). Its tables: games, game_facts. Finishing a
// game is one transaction with its consequences: the ratings it moves (ratings_store.h) and the
// tournament pairing it decides (tournaments_store.h).
//
// On restart, games_in_progress() gives back each unfinished game with its facts, to rebuild it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/match.h"
#include "server/db.h"
#include "server/ratings_store.h"
#include "server/secrets.h"
#include "server/store_part.h"

namespace gobblet::server {

// Who sits in a game's seat: a registered player (account set; name is the account's) or a guest (no
// account, the name the guest gave).
struct GamePlayer {
    std::optional<AccountId> account;
    std::string name;
    bool bot = false;  // logged in as a computer (--bot): marked as one, and its seat may be its computer's
    friend bool operator==(const GamePlayer&, const GamePlayer&) = default;
};

// How a game ended, for its players: player 0 won, player 1 won, a draw, or no result (abandoned before
// it meant anything: never rated).
enum class GameOutcome : std::uint8_t { Player0, Player1, Draw, Aborted };
enum class GameStatus : std::uint8_t { Playing, Over };

// A game's fact as stored: its number, its text in its format (server/fact_format.h reads it), and the
// clock reading it left (GameClock::state_text).
struct Fact {
    std::int64_t seq = 0;
    std::string text;
    std::string clock;
    int format = 1;
    friend bool operator==(const Fact&, const Fact&) = default;
};

struct GameRecord {
    GameId id = 0;
    MatchSettings settings;
    bool rated = false;
    std::array<GamePlayer, 2> players;
    GameStatus status = GameStatus::Playing;
    std::optional<GameOutcome> outcome;  // set when over
    std::string result;                  // the server's words for the ending, "" while playing
    UnixTime created = 0;
    std::optional<UnixTime> ended;
    std::optional<TournamentId> tournament;
    std::optional<std::array<RatingChange, 2>> ratings;  // rated games that ended with a result
    std::optional<std::array<int, 2>> score;             // round wins, when finished with them
    std::vector<Fact> facts;  // in order; filled by game_record and games_in_progress only
};

// A game just created: its id, and each player's join token (64 hex digits), given out once: the
// store keeps only their digests.
struct NewGame {
    GameId id = 0;
    std::array<std::string, 2> tokens;
};

// A player's rating after one of their rated games (GamesStore::rating_history).
struct RatedPoint {
    Variant variant{};
    UnixTime ended = 0;
    double rating = 0;
};

class TournamentsStore;

// One per Store, made by it over its database; reached as store.games(). Finishing a game reaches the
// ratings' and the tournaments' parts.
class GamesStore {
  public:
    GamesStore(db::Database& db, RatingsStore& ratings, TournamentsStore& tournaments);
    ~GamesStore();

    // A new game in play. Guests' names must be clean and not empty; a rated game needs two different
    // accounts (std::invalid_argument otherwise: the lobby decides who may play rated).
    NewGame create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players, bool rated,
                        UnixTime now, std::optional<TournamentId> tournament = std::nullopt);
    // The same with each player's join code chosen by the caller (the lobby's codes, which fit the game
    // protocol's hello): only their digests (code_digest) are kept; NewGame's tokens are the codes.
    NewGame create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players, bool rated,
                        UnixTime now, std::optional<TournamentId> tournament,
                        const std::array<std::string, 2>& codes);
    // Gives player `player` of a game in play a new join code (its digest replaces the old one, which no
    // longer lets anyone in).
    void set_join_code(GameId game, int player, std::string_view code);
    // Player `player` of a game in play logged in as a bot (--bot): marked as a computer from now on.
    void mark_bot(GameId game, int player);
    // The digests of a game's join codes (or tokens), while it is in play: what a restarted server
    // recognizes a returning player's code by.
    std::optional<std::array<Digest, 2>> join_digests(GameId game);
    // Records the game's next fact, committed when it returns: `seq` must be the game's next number (0,
    // 1, 2, ...) and the game in play. `fact` (written in `format`, server/fact_format.h) and `clock` are
    // single lines of at most max_fact_bytes.
    void append_fact(GameId game, std::int64_t seq, int format, std::string_view fact,
                     std::string_view clock);
    // Ends the game, in one transaction with its consequences: a rated game with a result moves both
    // players' ratings (each against the other's rating before the game, Glicko-2 game by game), and a
    // tournament game decides its pairing. Returns the rating changes (player 0's, player 1's) of a
    // rated game. The game must be in play.
    std::optional<std::array<RatingChange, 2>> finish_game(GameId game, GameOutcome outcome,
                                                           std::string_view result, UnixTime now);
    // The same, keeping the match's score (each player's round wins) with the game.
    std::optional<std::array<RatingChange, 2>> finish_game(GameId game, GameOutcome outcome,
                                                           std::string_view result, UnixTime now,
                                                           std::array<int, 2> score);
    // Every game in play, oldest first, with its facts: what a restarted server rebuilds.
    std::vector<GameRecord> games_in_progress();
    // A game with its facts; nullopt when there is no such game.
    std::optional<GameRecord> game_record(GameId game);
    // The account's finished games, newest first, without their facts: at most `limit` (1 to 1000) after
    // the newest `offset` (a page). It reads about limit + offset rows of the games' indexes: callers
    // bound the offset (the lobby: server/lobby_server.h, max_list_page).
    std::vector<GameRecord> finished_games_page(AccountId account, int limit, int offset);
    // The account's rating after each of its newest `window` (1 to 10,000) rated games with a result,
    // oldest first: the ratings history the games keep (rating0_after, rating1_after), which a profile
    // draws. It reads the games' indexes as far as the window goes (and the unrated games among them).
    std::vector<RatedPoint> rating_history(AccountId account, int window);

  private:
    NewGame create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players, bool rated,
                        UnixTime now, std::optional<TournamentId> tournament,
                        const std::array<std::string, 2>& secrets, bool tokens);
    std::optional<std::array<RatingChange, 2>> finish(GameId game, GameOutcome outcome,
                                                      std::string_view result, UnixTime now,
                                                      std::optional<std::array<int, 2>> rounds);
    // A game row of the part's game columns; its facts are read separately.
    GameRecord read_game(const db::Query& q) const;
    void read_facts(GameRecord& g);

    struct Statements;
    db::Database& db_;
    RatingsStore& ratings_;
    TournamentsStore& tournaments_;
    std::unique_ptr<Statements> s_;
};

}  // namespace gobblet::server
