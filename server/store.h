// The server's persistent facts: accounts and what proves them, ratings, games with every fact of them
// in order, tournaments. One SQLite file (db.h), used by one server at a time; no SQL outside server/.
//
// Durability: every change is its own transaction, committed before the call returns, so the server can
// keep its promise "every fact is committed before it is announced": a fact append_fact returned from
// survives `kill -9` of the server (and, with synchronous=NORMAL in WAL mode, a crash of the program at
// any moment; a power cut may lose the last few commits, never corrupt the file). On restart,
// games_in_progress() gives back each unfinished game with its facts, to rebuild it.
//
// Errors: the database failing (a full disk, a lock, a broken file) throws db::Error with a clear
// message. A call that breaks this API's preconditions (a fact for a finished game, a sequence number
// out of turn, an unknown game) throws std::invalid_argument: the server's own bug, never a player's. The
// answers a player may cause (a name taken, a wrong secret) are return values.
//
// Time: `now` is always an argument, in seconds since 1970 (these are dates people read, and the rating
// deviation grows with them). Threads: a Store belongs to one thread, the server's event loop; password
// hashing is done elsewhere (secrets.h) and only the hash strings pass through here.
//
// The schema, its versions and the reasons for them are described in docs/server.md; the SQL is in
// store.cpp (`migrations`), one step a version.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/match.h"
#include "server/db.h"
#include "server/glicko2.h"
#include "server/secrets.h"

namespace gobblet::server {

using UnixTime = std::int64_t;  // seconds since 1970
using AccountId = std::int64_t;
using GameId = std::int64_t;
using TournamentId = std::int64_t;
using PairingId = std::int64_t;

// The server's database when --db is not given: $XDG_DATA_HOME/gobblet/server.db (default
// ~/.local/share/gobblet/server.db). Empty when neither XDG_DATA_HOME nor HOME is set.
std::filesystem::path default_db_path();

// The form names are compared in: ASCII letters and the capitals of Latin-1, Latin Extended-A, Greek and
// Cyrillic lowered (a fixed table, so that a key never changes under a name); other characters as they
// are. "Liam", "LIAM" and "liam" are one name; so are "Émile" and "émile".
std::string name_key(std::string_view name);

// The schema's steps, in order (store.cpp); tests build older databases with the first few.
std::span<const db::Migration> schema_steps();

// At most this many machines prove an account at once: a new secret beyond them forgets the one used
// least recently.
constexpr int max_secrets_per_account = 16;
// ... and this many SSH keys.
constexpr int max_keys_per_account = 16;
// A fact and a clock reading are one line each, of at most this many bytes, without control characters.
constexpr std::size_t max_fact_bytes = 1024;

// A machine that proves an account's name: a machine secret (known by its digest: nothing shows it) or
// an SSH key (its fingerprint), with when it was added and last used, and where from.
struct Machine {
    enum class Kind : std::uint8_t { Secret, Key };
    Kind kind = Kind::Secret;
    std::int64_t id = 0;      // within its kind
    std::string fingerprint;  // a key's; "" for a secret
    UnixTime created = 0, last_used = 0;
    std::string address;  // of its last login: an IP address, "unix", or "" (unknown)
    friend bool operator==(const Machine&, const Machine&) = default;
};

struct Account {
    AccountId id = 0;
    std::string name;  // as registered
    UnixTime created = 0;
    bool has_password = false;
    std::optional<UnixTime> last_seen;  // the last time the lobby saw it come or go (seen())
    bool bot = false;                   // it last logged in as a computer player
};

// Who sits in a game's seat: a registered player (account set; name is the account's) or a guest (no
// account, the name the guest gave).
struct GamePlayer {
    std::optional<AccountId> account;
    std::string name;
    bool bot = false;  // logged in as a computer (--bot): marked as one, and its seat may be its computer's
    friend bool operator==(const GamePlayer&, const GamePlayer&) = default;
};

// A player's rating in one variant (rules and board size). The deviation is as of the `now` it was read
// at: it grows while the player does not play (glicko2::after_inactivity).
struct RatingRecord {
    glicko2::Rating rating;
    int games = 0, wins = 0, losses = 0, draws = 0;
    std::optional<UnixTime> last_rated;
};

struct RatingsRow {
    AccountId account = 0;
    std::string name;
    RatingRecord record;
};

// How a game ended, for its players: player 0 won, player 1 won, a draw, or no result (abandoned before
// it meant anything: never rated).
enum class GameOutcome : std::uint8_t { Player0, Player1, Draw, Aborted };
enum class GameStatus : std::uint8_t { Playing, Over };

// A rated game's effect on one player's rating.
struct RatingChange {
    double before = 0, after = 0;
};

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

enum class TournamentState : std::uint8_t { Open, Running, Over };

// The account that stands for the server's operator as the organizer of tournaments made with
// --new-tournament: a name no player can register.
constexpr const char* operator_name = "(operator)";

// A tournament to make: its name and that name's key (unique among tournaments: the lobby's name_key),
// its terms as server/tournament.h writes them, its organizer (none: the operator), and the seed of
// the server's draws.
struct NewTournament {
    std::string name, key, terms;
    std::optional<AccountId> organizer;
    std::uint64_t seed = 0;
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

class Store {
  public:
    // Serve: the server's own use. Creates the file (and its folder) when missing, upgrades the schema,
    // and holds the file for this process alone: a second server on it is refused with a clear message.
    // Read: looks without changing anything (./main --ratings), next to a running server; the file must
    // exist and be of this program's schema version.
    // Share: writes next to a running server, without holding the file (--new-tournament,
    // --start-tournament: the server notices their commits, see data_version); like Read, the file must
    // exist and be of this program's schema version.
    enum class Access : std::uint8_t { Serve, Read, Share };
    // The schema version this program writes and reads.
    static constexpr int schema_version = 8;

    // Opens the database, or throws db::Error saying why not: a missing file (Read), a folder that
    // cannot be created or written, a file that is not a database or is another program's, a newer
    // schema ("server.db is schema version 5; this gobblet knows up to 2: use a newer gobblet"; nothing
    // is touched), a database held by another server, a lock held longer than `busy_timeout_ms`.
    static Store open(const std::filesystem::path& path, Access access = Access::Serve,
                      int busy_timeout_ms = 5000);
    // A store of the current schema in memory, no file behind it, gone with the Store: nothing is synced
    // to a disk. For the server's fuzz target, which runs thousands of servers a second.
    static Store in_memory();
    // Empties every table, the schema kept: as good as a fresh store (ids count from 1 again), for the
    // same fuzz target, which cannot afford a migration and its prepared statements for each input.
    void clear();
    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;
    ~Store();

    // The server's: the WAL is checkpointed on a thread of its own (db::Checkpointer), never inside a
    // commit of the event loop.
    void checkpoint_in_background();

    const std::filesystem::path& path() const;
    // The schema version the file had before open() upgraded it (0: a new file).
    int opened_version() const;

    // ---- Accounts ----

    // Registers `name` (which must be as clean_name leaves it, and not empty), or says why not: the name
    // is not acceptable or is taken ("the name liam is taken (as Liam)"). `lobby_key`: the lobby's form of
    // the name (net/lobby.h's name_key, which also reads look-alikes as one), unique among the names the
    // lobby registered; empty for an account made otherwise.
    Expected<Account> create_account(std::string_view name, UnixTime now, std::string_view lobby_key = {});
    // The account of `name`, whatever its case.
    std::optional<Account> find_account(std::string_view name);
    // The account the lobby registered under `lobby_key`.
    std::optional<Account> find_lobby_account(std::string_view lobby_key);
    std::optional<Account> account(AccountId id);
    // The lobby saw the account come or go at `now`, as a computer player (`bot`) or a person.
    void seen(AccountId account, UnixTime now, bool bot);

    // A new machine secret for the account (64 hex digits, to give to the client once), remembered by
    // its digest.
    std::string add_secret(AccountId account, UnixTime now);
    // Adds a machine's own secret (64 hex digits, made by the client) to the account, as add_secret does;
    // false when it is not such a secret. `address`: where it logs in from ("" unknown).
    bool add_secret(AccountId account, std::string_view secret, UnixTime now, std::string_view address = {});
    // Whether `secret` is one of the account's; a match marks it used at `now`, from `address` when given.
    bool check_secret(AccountId account, std::string_view secret, UnixTime now,
                      std::string_view address = {});

    // The SSH keys that prove the account, by fingerprint (net::lobby::valid_ssh_key: "SHA256:..."):
    // adds one (false when it is not a fingerprint), at most max_keys_per_account (the least recently
    // used go); whether it is one of the account's (a match marks it used at `now`); how many it has.
    bool add_key(AccountId account, std::string_view fingerprint, UnixTime now,
                 std::string_view address = {});
    bool check_key(AccountId account, std::string_view fingerprint, UnixTime now,
                   std::string_view address = {});
    int keys(AccountId account);
    // The id of the account's machine secret `secret` (as machines() lists it), if it is one.
    std::optional<std::int64_t> secret_id(AccountId account, std::string_view secret);
    // The machines that prove the account, its secrets and keys, the last used first.
    std::vector<Machine> machines(AccountId account);
    // Forgets one (false when the account has no such machine): it must prove the name again.
    bool forget_machine(AccountId account, Machine::Kind kind, std::int64_t id);
    // Forgets every machine of the account but the secret `keep_secret` and the key `keep_key` (either
    // may be ""), in one transaction (a password changed for fear of an intruder); how many went.
    int forget_other_machines(AccountId account, std::string_view keep_secret, std::string_view keep_key);

    // The password: the server hashes it (hash_password, on a worker thread) and stores the string
    // here; to log in it fetches the string and checks it (check_password, on a worker).
    // `hash` must be a crypto_pwhash_str string; an empty optional removes the password.
    void set_password_hash(AccountId account, std::optional<std::string_view> hash);
    std::optional<std::string> password_hash(AccountId account);

    // ---- Ratings ----

    // The account's rating in `variant`: a newcomer's (1500, 350, 0.06, no games) until its first rated
    // game; the deviation as of `now`.
    RatingRecord rating_of(AccountId account, Variant variant, UnixTime now);
    // Every player with a rated game in `variant`, best rating first (ties by name); at most `limit`
    // rows when limit > 0, after the first `offset`.
    std::vector<RatingsRow> ratings_list(Variant variant, UnixTime now, int limit = 0, int offset = 0);
    // The variants that have rated players: 4x4 before 3x3, official before rogers.
    std::vector<Variant> rated_variants();
    // The leaderboard: the best `limit` players of `variant` whose deviation as of `now` is at most
    // `max_deviation` (a settled rating), best first.
    std::vector<RatingsRow> leaders(Variant variant, UnixTime now, double max_deviation, int limit);
    // What the account's last rated game in `variant` did to its rating (nullopt: none yet).
    std::optional<RatingChange> last_change(AccountId account, Variant variant);

    // ---- Games ----

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
    // the newest `offset` (a page).
    std::vector<GameRecord> finished_games_page(AccountId account, int limit, int offset);

    // ---- Tournaments ----

    TournamentId create_tournament(std::string_view name, std::string_view terms, AccountId created_by,
                                   UnixTime now);
    // A named tournament, or why not: its key is taken.
    Expected<TournamentId> create_tournament(const NewTournament& t, UnixTime now);
    // The tournament whose name has this key.
    std::optional<TournamentId> tournament_named(std::string_view key);
    // A knockout's seeding: `order`'s players get seeds 1, 2, 3...
    void set_seeds(TournamentId tournament, const std::vector<AccountId>& order);
    // A number that changes when another connection (another process: --new-tournament) has committed
    // to the file since the last call (SQLite's PRAGMA data_version): the server's cue to read again.
    std::int64_t data_version();
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
    struct Impl;
    explicit Store(std::unique_ptr<Impl> impl);
    NewGame create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players, bool rated,
                        UnixTime now, std::optional<TournamentId> tournament,
                        const std::array<std::string, 2>& secrets, bool tokens);
    std::optional<std::array<RatingChange, 2>> finish(GameId game, GameOutcome outcome,
                                                      std::string_view result, UnixTime now,
                                                      std::optional<std::array<int, 2>> rounds);
    std::unique_ptr<Impl> impl_;
};

}  // namespace gobblet::server
