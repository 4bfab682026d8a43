#include "store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "engine/clock.h"
#include "engine/text.h"
#include "net/lobby.h"
#include "saves/savefile.h"
#include "server/db.h"
#include "server/secrets.h"

namespace gobblet::server {

namespace fs = std::filesystem;

namespace {

// 'GbSv' in the file's header (PRAGMA application_id): a gobblet server database, whatever its name.
constexpr std::uint32_t application_id = 0x47625376;
constexpr const char* product = "gobblet";

// The schema, one step a version, in order. A step is never changed once released: a new version is a
// new step. (docs/server.md describes the tables.)
constexpr db::Migration migrations[] = {
    {1, R"sql(
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    created INTEGER NOT NULL,
    password TEXT
);
CREATE TABLE account_secrets (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    digest BLOB NOT NULL CHECK (length(digest) = 32),
    created INTEGER NOT NULL,
    last_used INTEGER NOT NULL
);
CREATE INDEX account_secrets_by_account ON account_secrets(account_id);
CREATE TABLE ratings (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    rules TEXT NOT NULL CHECK (rules IN ('official', 'rogers')),
    size INTEGER NOT NULL CHECK (size IN (3, 4)),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    last_rated INTEGER NOT NULL,
    PRIMARY KEY (account_id, rules, size)
) WITHOUT ROWID;
CREATE INDEX ratings_by_variant ON ratings(rules, size, rating DESC);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL CHECK (rules IN ('official', 'rogers')),
    size INTEGER NOT NULL CHECK (size IN (3, 4)),
    clock TEXT NOT NULL,
    first_to INTEGER NOT NULL CHECK (first_to BETWEEN 1 AND 99),
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    account0 INTEGER REFERENCES accounts(id),
    guest0 TEXT,
    account1 INTEGER REFERENCES accounts(id),
    guest1 TEXT,
    token0 BLOB NOT NULL CHECK (length(token0) = 32),
    token1 BLOB NOT NULL CHECK (length(token1) = 32),
    status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'over')),
    outcome TEXT CHECK (outcome IN ('player0', 'player1', 'draw', 'aborted')),
    result TEXT,
    created INTEGER NOT NULL,
    ended INTEGER,
    rating0_before REAL,
    rating0_after REAL,
    rating1_before REAL,
    rating1_after REAL,
    CHECK ((account0 IS NULL) <> (guest0 IS NULL)),
    CHECK ((account1 IS NULL) <> (guest1 IS NULL)),
    CHECK (NOT rated OR (account0 IS NOT NULL AND account1 IS NOT NULL AND account0 <> account1)),
    CHECK ((status = 'over') = (outcome IS NOT NULL AND ended IS NOT NULL))
);
CREATE INDEX games_playing ON games(id) WHERE status = 'playing';
CREATE INDEX games_by_account0 ON games(account0, id) WHERE account0 IS NOT NULL;
CREATE INDEX games_by_account1 ON games(account1, id) WHERE account1 IS NOT NULL;
CREATE TABLE game_facts (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    fact TEXT NOT NULL,
    clock TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
)sql"},
    {2, R"sql(
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    terms TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'running', 'over')),
    created_by INTEGER NOT NULL REFERENCES accounts(id),
    created INTEGER NOT NULL
);
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    joined INTEGER NOT NULL,
    withdrawn INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (tournament_id, account_id)
) WITHOUT ROWID;
CREATE TABLE tournament_pairings (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    player_a INTEGER NOT NULL,
    player_b INTEGER,
    game_id INTEGER REFERENCES games(id),
    outcome TEXT CHECK (outcome IN ('a', 'b', 'draw')),
    FOREIGN KEY (tournament_id, player_a) REFERENCES tournament_players(tournament_id, account_id),
    FOREIGN KEY (tournament_id, player_b) REFERENCES tournament_players(tournament_id, account_id),
    CHECK (player_b IS NULL OR player_b <> player_a)
);
CREATE INDEX tournament_pairings_by_round ON tournament_pairings(tournament_id, round, id);
CREATE INDEX tournament_pairings_by_game ON tournament_pairings(game_id) WHERE game_id IS NOT NULL;
-- A column with a REFERENCES clause may be added when its default is NULL.
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments(id);
CREATE INDEX games_by_tournament ON games(tournament_id) WHERE tournament_id IS NOT NULL;
)sql"},
    {3, R"sql(
-- The lobby's form of a name (look-alikes read as one: net/lobby.h), unique among the names the lobby
-- registered; NULL for an account made otherwise.
ALTER TABLE accounts ADD COLUMN lobby_key TEXT;
CREATE UNIQUE INDEX accounts_by_lobby_key ON accounts(lobby_key) WHERE lobby_key IS NOT NULL;
-- A finished match's score: each player's round wins.
ALTER TABLE games ADD COLUMN score0 INTEGER CHECK (score0 >= 0);
ALTER TABLE games ADD COLUMN score1 INTEGER CHECK (score1 >= 0);
)sql"},
    {4, R"sql(
-- Tournaments by name (--new-tournament NAME, the lobby's version 2): unique by the lobby's key of the
-- name; the tournaments made before get a name of their number.
ALTER TABLE tournaments ADD COLUMN name_key TEXT;
UPDATE tournaments SET name = 'tournament-' || id, name_key = 'tournament-' || id;
CREATE UNIQUE INDEX tournaments_by_name_key ON tournaments(name_key) WHERE name_key IS NOT NULL;
-- Made by the server's operator (created_by is then the reserved account '(operator)').
ALTER TABLE tournaments ADD COLUMN by_operator INTEGER NOT NULL DEFAULT 0 CHECK (by_operator IN (0, 1));
-- What the server's draws of who starts are made from, so that they can be made again.
ALTER TABLE tournaments ADD COLUMN seed INTEGER NOT NULL DEFAULT 0;
-- A knockout's seeding (1 the best), fixed at its start.
ALTER TABLE tournament_players ADD COLUMN seed INTEGER CHECK (seed >= 1);
)sql"},
    {5, R"sql(
-- The SSH keys that prove an account (the front door: docs/server.md), by their fingerprints as OpenSSH
-- shows them. A fingerprint names a public key: it is no secret, so it is kept as it is.
CREATE TABLE account_keys (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL CHECK (fingerprint LIKE 'SHA256:%' AND length(fingerprint) = 50),
    created INTEGER NOT NULL,
    last_used INTEGER NOT NULL,
    UNIQUE (account_id, fingerprint)
);
)sql"},
    {6, R"sql(
-- The organizer's choice of who plays White in round 1 of the match between two players of a
-- tournament (made before it starts: docs/lobby.md, "Tournaments"), one a pair: player_lo < player_hi.
CREATE TABLE tournament_starters (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_lo INTEGER NOT NULL,
    player_hi INTEGER NOT NULL,
    starter INTEGER NOT NULL,
    chosen INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, player_lo, player_hi),
    FOREIGN KEY (tournament_id, player_lo) REFERENCES tournament_players(tournament_id, account_id),
    FOREIGN KEY (tournament_id, player_hi) REFERENCES tournament_players(tournament_id, account_id),
    CHECK (player_lo < player_hi AND starter IN (player_lo, player_hi))
) WITHOUT ROWID;
)sql"},
    {7, R"sql(
-- Where each machine secret and SSH key last logged in from (an IP address, "unix" for a local socket;
-- NULL before this version): what its player's list of machines shows (docs/lobby.md, "Machines").
ALTER TABLE account_secrets ADD COLUMN last_address TEXT;
ALTER TABLE account_keys ADD COLUMN last_address TEXT;
-- A player's profile (the lobby's `finger`): when they were last in the lobby, and whether the name
-- last logged in as a computer player (--bot).
ALTER TABLE accounts ADD COLUMN last_seen INTEGER;
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1));
-- A variant's last rated game of a player (--ratings shows its change).
CREATE INDEX games_rated_by_account0 ON games(account0, rules, size, id) WHERE rated AND status = 'over';
CREATE INDEX games_rated_by_account1 ON games(account1, rules, size, id) WHERE rated AND status = 'over';
-- Who played a game as a computer: a player logged in as a bot (--bot) when it started, or since.
-- Computers play on a server only as bot accounts, marked wherever they appear (the record, the game
-- screen); only a bot's seat may be its computer's.
ALTER TABLE games ADD COLUMN bot0 INTEGER NOT NULL DEFAULT 0 CHECK (bot0 IN (0, 1));
ALTER TABLE games ADD COLUMN bot1 INTEGER NOT NULL DEFAULT 0 CHECK (bot1 IN (0, 1));
)sql"},
    {8, R"sql(
-- The format each fact is kept in (server/fact_format.h), so that a change of the game protocol does not
-- change what a stored fact means. The rows before this version are format 1: the protocol's lines of
-- their time, which the server's own reader of that format reads.
ALTER TABLE game_facts ADD COLUMN format INTEGER NOT NULL DEFAULT 1 CHECK (format >= 1);
)sql"},
};
static_assert(std::size(migrations) == Store::schema_version);

// ---- Small conversions ----

const char* outcome_word(GameOutcome o) {
    switch (o) {
        case GameOutcome::Player0: return "player0";
        case GameOutcome::Player1: return "player1";
        case GameOutcome::Draw: return "draw";
        case GameOutcome::Aborted: return "aborted";
    }
    return "aborted";
}

std::optional<GameOutcome> parse_outcome(std::string_view s) {
    for (GameOutcome o :
         {GameOutcome::Player0, GameOutcome::Player1, GameOutcome::Draw, GameOutcome::Aborted})
        if (s == outcome_word(o)) return o;
    return std::nullopt;
}

const char* state_word(TournamentState s) {
    switch (s) {
        case TournamentState::Open: return "open";
        case TournamentState::Running: return "running";
        case TournamentState::Over: return "over";
    }
    return "open";
}

TournamentState parse_state(std::string_view s) {
    return s == "running" ? TournamentState::Running
           : s == "over"  ? TournamentState::Over
                          : TournamentState::Open;
}

const char* pairing_word(PairingOutcome o) {
    switch (o) {
        case PairingOutcome::A: return "a";
        case PairingOutcome::B: return "b";
        case PairingOutcome::Draw: return "draw";
    }
    return "draw";
}

std::optional<PairingOutcome> parse_pairing(const std::optional<std::string>& s) {
    if (!s) return std::nullopt;
    if (*s == "a") return PairingOutcome::A;
    if (*s == "b") return PairingOutcome::B;
    return PairingOutcome::Draw;
}

// A line the store keeps for the server: at most max_fact_bytes, no control character.
bool one_line(std::string_view s) {
    if (s.size() > max_fact_bytes) return false;
    return std::none_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 32 || u == 127;
    });
}

[[noreturn]] void bad(const std::string& what) { throw std::invalid_argument(what); }

// The lower case of the capitals name_key folds; every other code point as it is.
char32_t fold(char32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;  // Latin-1: À-Þ but ×
    if (c >= 0x100 && c <= 0x17F) {                            // Latin Extended-A: pairs
        if (c == 0x130 || c == 0x131 || c == 0x138 || c == 0x149 || c == 0x17F) return c;  // no simple pair
        if (c == 0x178) return 0xFF;                                                       // Ÿ
        const bool odd_capitals = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
        const bool capital = odd_capitals ? (c % 2 == 1) : (c % 2 == 0);
        return capital ? c + 1 : c;
    }
    if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 0x20;  // Greek capitals
    if (c == 0x3C2) return 0x3C3;                                 // final sigma is sigma
    if (c >= 0x410 && c <= 0x42F) return c + 0x20;                // Cyrillic А-Я
    if (c >= 0x400 && c <= 0x40F) return c + 0x50;                // Cyrillic Ѐ-Џ
    return c;
}

// An exclusive flock on the database file, held while the Store lives, so that two servers never run
// on one file (both would continue the same games). It is independent of SQLite's own POSIX locks, and
// its descriptor is closed only after SQLite has closed the file (closing any descriptor of a file
// drops the process's POSIX locks on it).
struct ServerLock {
    int fd = -1;
    ServerLock() = default;
    ServerLock(ServerLock&& o) noexcept : fd(o.fd) { o.fd = -1; }
    ServerLock& operator=(ServerLock&&) = delete;
    ~ServerLock() {
        if (fd >= 0) ::close(fd);
    }
    static ServerLock take(const fs::path& path) {
        ServerLock lock;
        lock.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (lock.fd < 0)
            throw db::Error(path.string() + ": cannot open: " + std::strerror(errno), SQLITE_CANTOPEN);
        if (::flock(lock.fd, LOCK_EX | LOCK_NB) != 0) {
            const int e = errno;
            if (e == EWOULDBLOCK)
                throw db::Error(path.string() +
                                    " is in use by another gobblet server: stop it first, or give "
                                    "another --db",
                                SQLITE_BUSY);
            throw db::Error(path.string() + ": cannot lock: " + std::strerror(e), SQLITE_IOERR);
        }
        return lock;
    }
};

// The columns of a game, in the order read_game reads them.
constexpr const char* game_columns = R"sql(
SELECT g.id, g.rules, g.size, g.clock, g.first_to, g.rated,
       g.account0, COALESCE(a0.name, g.guest0), g.account1, COALESCE(a1.name, g.guest1),
       g.status, g.outcome, g.result, g.created, g.ended, g.tournament_id,
       g.rating0_before, g.rating0_after, g.rating1_before, g.rating1_after, g.score0, g.score1,
       g.bot0, g.bot1
FROM games g LEFT JOIN accounts a0 ON a0.id = g.account0 LEFT JOIN accounts a1 ON a1.id = g.account1
)sql";

constexpr const char* account_columns =
    "SELECT id, name, created, password IS NOT NULL, last_seen, bot FROM accounts ";

constexpr const char* rating_columns =
    "rating, deviation, volatility, games, wins, losses, draws, last_rated";

Account read_account(const db::Query& q) {
    return Account{q.int64(0), q.text(1), q.int64(2), q.int64(3) != 0, q.optional_int64(4), q.int64(5) != 0};
}

// A rating row read from column `at` on (rating_columns).
RatingRecord read_rating(const db::Query& q, int at) {
    RatingRecord r;
    r.rating = {q.real(at), q.real(at + 1), q.real(at + 2)};
    r.games = int(q.int64(at + 3));
    r.wins = int(q.int64(at + 4));
    r.losses = int(q.int64(at + 5));
    r.draws = int(q.int64(at + 6));
    r.last_rated = q.int64(at + 7);
    return r;
}

std::string sql(std::string_view a, std::string_view b) { return std::string(a) + std::string(b); }

}  // namespace

std::span<const db::Migration> schema_steps() { return migrations; }

std::filesystem::path default_db_path() {
    const fs::path dir = saves::data_dir();
    return dir.empty() ? dir : dir / "server.db";
}

std::string name_key(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    for (std::size_t i = 0; i < name.size();) {
        const auto c = static_cast<unsigned char>(name[i]);
        const int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        bool ok = len > 0 && i + len <= name.size();
        for (int k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(name[i + k]) >> 6) == 2;
        if (!ok) {  // not UTF-8 (clean names always are): the byte as it is
            out += name[i++];
            continue;
        }
        char32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
        for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(name[i + k]) & 0x3F);
        append_utf8(out, fold(cp));
        i += len;
    }
    return out;
}

// ---- The store's connection and its statements, prepared once ----

struct Store::Impl {
    ServerLock lock;  // first: released after the database is closed
    db::Database db;
    int opened_version = 0;

    db::Statement insert_account{
        db, "INSERT INTO accounts(name, name_key, created, lobby_key) VALUES (?1, ?2, ?3, ?4)"};
    db::Statement account_by_key{db, sql(account_columns, "WHERE name_key = ?1")};
    db::Statement account_by_lobby_key{db, sql(account_columns, "WHERE lobby_key = ?1")};
    db::Statement account_by_id{db, sql(account_columns, "WHERE id = ?1")};

    db::Statement insert_secret{db, R"sql(
INSERT INTO account_secrets(account_id, digest, created, last_used, last_address) VALUES (?1, ?2, ?3, ?3, ?4))sql"};
    db::Statement trim_secrets{db, R"sql(
DELETE FROM account_secrets WHERE account_id = ?1 AND id NOT IN
    (SELECT id FROM account_secrets WHERE account_id = ?1 ORDER BY last_used DESC, id DESC LIMIT ?2))sql"};
    db::Statement secrets_of{db, "SELECT id, digest FROM account_secrets WHERE account_id = ?1"};
    db::Statement touch_secret{
        db,
        "UPDATE account_secrets SET last_used = ?2, last_address = COALESCE(?3, last_address) WHERE id = ?1"};
    db::Statement delete_secret{db, "DELETE FROM account_secrets WHERE account_id = ?1 AND id = ?2"};
    db::Statement delete_key{db, "DELETE FROM account_keys WHERE account_id = ?1 AND id = ?2"};
    db::Statement delete_other_keys{
        db, "DELETE FROM account_keys WHERE account_id = ?1 AND fingerprint IS NOT ?2"};
    db::Statement machines_of{db, R"sql(
SELECT 0, id, '', created, last_used, last_address FROM account_secrets WHERE account_id = ?1
UNION ALL
SELECT 1, id, fingerprint, created, last_used, last_address FROM account_keys WHERE account_id = ?1
ORDER BY 5 DESC, 2 DESC)sql"};
    db::Statement insert_key{db, R"sql(
INSERT INTO account_keys(account_id, fingerprint, created, last_used, last_address) VALUES (?1, ?2, ?3, ?3, ?4)
    ON CONFLICT (account_id, fingerprint) DO UPDATE SET last_used = ?3, last_address = COALESCE(?4, last_address))sql"};
    db::Statement trim_keys{db, R"sql(
DELETE FROM account_keys WHERE account_id = ?1 AND id NOT IN
    (SELECT id FROM account_keys WHERE account_id = ?1 ORDER BY last_used DESC, id DESC LIMIT ?2))sql"};
    db::Statement touch_key{db, R"sql(
UPDATE account_keys SET last_used = ?3, last_address = COALESCE(?4, last_address)
    WHERE account_id = ?1 AND fingerprint = ?2)sql"};
    db::Statement count_keys{db, "SELECT count(*) FROM account_keys WHERE account_id = ?1"};
    db::Statement set_password{db, "UPDATE accounts SET password = ?2 WHERE id = ?1"};
    db::Statement get_password{db, "SELECT password FROM accounts WHERE id = ?1"};
    db::Statement update_seen{db, "UPDATE accounts SET last_seen = ?2, bot = ?3 WHERE id = ?1"};
    // The last rated game of a player in a variant that changed ratings: its before and after.
    db::Statement last_change{db, R"sql(
SELECT * FROM (
    SELECT id, rating0_before, rating0_after FROM games
    WHERE account0 = ?1 AND rules = ?2 AND size = ?3 AND rated AND status = 'over'
          AND rating0_before IS NOT NULL
    UNION ALL
    SELECT id, rating1_before, rating1_after FROM games
    WHERE account1 = ?1 AND rules = ?2 AND size = ?3 AND rated AND status = 'over'
          AND rating1_before IS NOT NULL)
ORDER BY id DESC LIMIT 1)sql"};

    db::Statement rating_row{db, sql(sql("SELECT ", rating_columns),
                                     " FROM ratings WHERE account_id = ?1 AND rules = ?2 AND size = ?3")};
    db::Statement upsert_rating{db, R"sql(
INSERT INTO ratings(account_id, rules, size, rating, deviation, volatility, games, wins, losses, draws,
                    last_rated)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
ON CONFLICT (account_id, rules, size) DO UPDATE SET
    rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
    games = excluded.games, wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
    last_rated = excluded.last_rated)sql"};
    db::Statement ratings_of_variant{db, sql(sql("SELECT r.account_id, a.name, ", rating_columns), R"sql(
FROM ratings r JOIN accounts a ON a.id = r.account_id
WHERE r.rules = ?1 AND r.size = ?2 AND r.games > 0
ORDER BY r.rating DESC, a.name_key LIMIT ?3 OFFSET ?4)sql")};
    db::Statement variants{
        db, "SELECT DISTINCT size, rules FROM ratings WHERE games > 0 ORDER BY size DESC, rules"};

    db::Statement insert_game{db, R"sql(
INSERT INTO games(rules, size, clock, first_to, rated, account0, guest0, account1, guest1, token0, token1,
                  created, tournament_id, bot0, bot1)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15))sql"};
    db::Statement update_bot0{db, "UPDATE games SET bot0 = 1 WHERE id = ?1 AND status = 'playing'"};
    db::Statement update_bot1{db, "UPDATE games SET bot1 = 1 WHERE id = ?1 AND status = 'playing'"};
    // One statement, so one transaction and one commit a fact; it inserts nothing unless the game is in
    // play and `seq` is its next number.
    db::Statement insert_fact{db, R"sql(
INSERT INTO game_facts(game_id, seq, fact, clock, format)
SELECT ?1, ?2, ?3, ?4, ?5
WHERE (SELECT status FROM games WHERE id = ?1) = 'playing'
  AND ?2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM game_facts WHERE game_id = ?1))sql"};
    db::Statement game_next_fact{db, R"sql(
SELECT status, (SELECT COALESCE(MAX(seq) + 1, 0) FROM game_facts WHERE game_id = ?1)
FROM games WHERE id = ?1)sql"};
    db::Statement game_tokens{db, "SELECT status, token0, token1 FROM games WHERE id = ?1"};
    db::Statement update_token0{db, "UPDATE games SET token0 = ?2 WHERE id = ?1 AND status = 'playing'"};
    db::Statement update_token1{db, "UPDATE games SET token1 = ?2 WHERE id = ?1 AND status = 'playing'"};
    db::Statement update_score{db, "UPDATE games SET score0 = ?2, score1 = ?3 WHERE id = ?1"};
    db::Statement game_for_finish{
        db, "SELECT rated, rules, size, account0, account1, status, tournament_id FROM games WHERE id = ?1"};
    db::Statement update_finish{db, R"sql(
UPDATE games SET status = 'over', outcome = ?2, result = ?3, ended = ?4,
                 rating0_before = ?5, rating0_after = ?6, rating1_before = ?7, rating1_after = ?8
WHERE id = ?1)sql"};
    db::Statement game_by_id{db, sql(game_columns, "WHERE g.id = ?1")};
    db::Statement games_playing{db, sql(game_columns, "WHERE g.status = 'playing' ORDER BY g.id")};
    db::Statement games_finished_page{db, sql(game_columns, R"sql(
WHERE g.status = 'over' AND (g.account0 = ?1 OR g.account1 = ?1)
ORDER BY g.id DESC LIMIT ?2 OFFSET ?3)sql")};
    db::Statement facts_of{db,
                           "SELECT seq, fact, clock, format FROM game_facts WHERE game_id = ?1 ORDER BY seq"};

    db::Statement insert_tournament{db, R"sql(
INSERT INTO tournaments(name, terms, created_by, created, name_key, by_operator, seed)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7))sql"};
    db::Statement tournament_by_key{db, "SELECT id FROM tournaments WHERE name_key = ?1"};
    db::Statement update_player_seed{
        db, "UPDATE tournament_players SET seed = ?3 WHERE tournament_id = ?1 AND account_id = ?2"};
    db::Statement insert_tournament_player{db, R"sql(
INSERT INTO tournament_players(tournament_id, account_id, joined) VALUES (?1, ?2, ?3)
ON CONFLICT DO NOTHING)sql"};
    db::Statement withdraw_player{
        db, "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = ?1 AND account_id = ?2"};
    db::Statement update_tournament_state{db, "UPDATE tournaments SET state = ?2 WHERE id = ?1"};
    db::Statement insert_pairing{
        db,
        "INSERT INTO tournament_pairings(tournament_id, round, player_a, player_b) VALUES (?1, ?2, ?3, ?4)"};
    db::Statement pairing_game_check{db, R"sql(
SELECT p.id FROM tournament_pairings p JOIN games g ON g.tournament_id = p.tournament_id
WHERE p.id = ?1 AND g.id = ?2)sql"};
    db::Statement update_pairing_game{db, "UPDATE tournament_pairings SET game_id = ?2 WHERE id = ?1"};
    db::Statement update_pairing_outcome{db, "UPDATE tournament_pairings SET outcome = ?2 WHERE id = ?1"};
    db::Statement upsert_starter{db, R"sql(
INSERT INTO tournament_starters(tournament_id, player_lo, player_hi, starter, chosen)
VALUES (?1, min(?2, ?3), max(?2, ?3), ?2, ?4)
ON CONFLICT (tournament_id, player_lo, player_hi) DO UPDATE SET starter = excluded.starter, chosen = excluded.chosen
)sql"};
    db::Statement tournament_starters{db,
                                      "SELECT starter, CASE WHEN starter = player_lo THEN player_hi ELSE "
                                      "player_lo END FROM tournament_starters "
                                      "WHERE tournament_id = ?1 ORDER BY chosen, player_lo, player_hi"};
    db::Statement pairings_by_game{db, "SELECT id, player_a FROM tournament_pairings WHERE game_id = ?1"};
    db::Statement tournament_by_id{
        db,
        "SELECT id, name, terms, state, created_by, created, name_key, by_operator, "
        "seed FROM tournaments WHERE id = ?1"};
    db::Statement tournaments_in_state{
        db,
        "SELECT id, name, terms, state, created_by, created, name_key, "
        "by_operator, seed FROM tournaments WHERE state = ?1 ORDER BY id DESC"};
    db::Statement tournament_players{db, R"sql(
SELECT p.account_id, a.name, p.joined, p.withdrawn, p.seed
FROM tournament_players p JOIN accounts a ON a.id = p.account_id
WHERE p.tournament_id = ?1 ORDER BY p.joined, p.account_id)sql"};
    // With each pairing's match score as its players a and b won rounds, once the game is over.
    db::Statement tournament_pairings{db, R"sql(
SELECT p.id, p.round, p.player_a, p.player_b, p.game_id, p.outcome, g.score0, g.score1, g.account0
FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id
WHERE p.tournament_id = ?1 ORDER BY p.round, p.id)sql"};
    db::Statement data_version{db, "PRAGMA data_version"};

    Impl(ServerLock l, db::Database d, int version)
        : lock(std::move(l)), db(std::move(d)), opened_version(version) {}

    // A game row of game_columns; its facts are read separately.
    GameRecord read_game(const db::Query& q) const {
        GameRecord g;
        g.id = q.int64(0);
        const auto rules = parse_rules(q.text(1));
        const auto clock = parse_clock_settings(q.text(3));
        if (!rules || !clock)
            throw db::Error(db.path().string() + ": game " + std::to_string(g.id) +
                                " has settings this gobblet "
                                "cannot read",
                            SQLITE_CORRUPT);
        g.settings.variant = Variant{int(q.int64(2)), *rules};
        g.settings.clock = *clock;
        g.settings.first_to = int(q.int64(4));
        g.rated = q.int64(5) != 0;
        for (int p : {0, 1})
            g.players[p] = GamePlayer{q.optional_int64(6 + 2 * p), q.text(7 + 2 * p), q.int64(22 + p) != 0};
        g.status = q.text(10) == "over" ? GameStatus::Over : GameStatus::Playing;
        if (const auto o = q.optional_text(11)) g.outcome = parse_outcome(*o);
        g.result = q.text(12);
        g.created = q.int64(13);
        g.ended = q.optional_int64(14);
        g.tournament = q.optional_int64(15);
        if (!q.is_null(16) && !q.is_null(18))
            g.ratings = std::array<RatingChange, 2>{RatingChange{q.real(16), q.real(17)},
                                                    RatingChange{q.real(18), q.real(19)}};
        if (!q.is_null(20) && !q.is_null(21))
            g.score = std::array<int, 2>{int(q.int64(20)), int(q.int64(21))};
        return g;
    }

    void read_facts(GameRecord& g) {
        auto q = facts_of.query(g.id);
        while (q.next()) g.facts.push_back(Fact{q.int64(0), q.text(1), q.text(2), int(q.int64(3))});
    }

    // The stored rating, without the growth of its deviation since (nullopt: never rated).
    std::optional<RatingRecord> stored_rating(AccountId account, Variant v) {
        auto q = rating_row.query(account, rules_name(v.rules), v.size);
        if (!q.next()) return std::nullopt;
        return read_rating(q, 0);
    }

    std::optional<Account> account_by_key_name(const std::string& key) {
        auto q = account_by_key.query(key);
        if (!q.next()) return std::nullopt;
        return read_account(q);
    }

    // Store::clear's statements, prepared at its first use (the fuzz target's: never the server's).
    std::vector<db::Statement> clearing;

    // Last: it goes first, before the connection it checkpoints for.
    std::unique_ptr<db::Checkpointer> checkpointer;
};

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const fs::path& path, Access access, int busy_timeout_ms) {
    if (path.empty())
        throw db::Error("no database file given (and no XDG_DATA_HOME or HOME for the default)",
                        SQLITE_CANTOPEN);
    if (access == Access::Read || access == Access::Share) {
        db::Database db = db::Database::open(path, {access == Access::Read, busy_timeout_ms});
        const int version = db::check_schema(db, schema_version, application_id, product);
        if (version == 0)
            throw db::Error(path.string() + " holds no gobblet server data yet (an empty database)",
                            SQLITE_ERROR);
        if (version < schema_version)
            throw db::Error(path.string() + " is schema version " + std::to_string(version) +
                                "; this gobblet reads " + std::to_string(schema_version) +
                                ": start this gobblet's server on it once (--serve --db FILE) to upgrade it",
                            SQLITE_ERROR);
        if (access == Access::Share) db.prepare_for_writing();
        return Store(std::make_unique<Impl>(ServerLock{}, std::move(db), version));
    }
    if (path.has_parent_path()) {
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        if (ec)
            throw db::Error(path.string() + ": cannot create the folder " + path.parent_path().string() +
                                ": " + ec.message(),
                            SQLITE_CANTOPEN);
    }
    db::Database db = db::Database::open(path, {false, busy_timeout_ms});
    ServerLock lock = ServerLock::take(path);
    db::check_schema(db, schema_version, application_id, product);
    db.prepare_for_writing();
    const int version = db::migrate(db, migrations, application_id);
    return Store(std::make_unique<Impl>(std::move(lock), std::move(db), version));
}

Store Store::in_memory() {
    db::Database db = db::Database::open(":memory:", {false, 0});
    const int version = db::migrate(db, migrations, application_id);
    return Store(std::make_unique<Impl>(ServerLock{}, std::move(db), version));
}

void Store::clear() {
    if (impl_->clearing.empty()) {
        std::vector<std::string> tables;
        {
            db::Statement names{
                impl_->db,
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"};
            auto q = names.query();
            while (q.next()) tables.push_back(q.text(0));
        }
        // (every row goes: the order does not matter with the foreign keys off)
        impl_->clearing.emplace_back(impl_->db, "PRAGMA foreign_keys = OFF");
        impl_->clearing.emplace_back(impl_->db, "BEGIN");
        for (const std::string& table : tables)
            impl_->clearing.emplace_back(impl_->db, "DELETE FROM \"" + table + "\"");
        impl_->clearing.emplace_back(impl_->db, "COMMIT");
        impl_->clearing.emplace_back(impl_->db, "PRAGMA foreign_keys = ON");
    }
    for (db::Statement& s : impl_->clearing) s.run();
}

void Store::checkpoint_in_background() {
    if (!impl_->checkpointer) impl_->checkpointer = std::make_unique<db::Checkpointer>(impl_->db);
}

const fs::path& Store::path() const { return impl_->db.path(); }
int Store::opened_version() const { return impl_->opened_version; }

// ---- Accounts ----

Expected<Account> Store::create_account(std::string_view name, UnixTime now, std::string_view lobby_key) {
    if (name.empty() || clean_name(name) != name)
        return Failure{
            "a name is 1 to 24 visible characters, one space at most between words, none at either end"};
    const std::string key = name_key(name);
    if (auto existing = impl_->account_by_key_name(key))
        return Failure{"the name " + std::string(name) + " is taken (as " + existing->name + ")"};
    if (!lobby_key.empty())
        if (auto existing = find_lobby_account(lobby_key))
            return Failure{"the name " + std::string(name) + " is taken (as " + existing->name + ")"};
    impl_->insert_account.run(name, key, now,
                              lobby_key.empty() ? std::nullopt : std::optional<std::string_view>(lobby_key));
    return Account{impl_->db.last_insert_rowid(), std::string(name), now, false, std::nullopt, false};
}

std::optional<Account> Store::find_account(std::string_view name) {
    return impl_->account_by_key_name(name_key(name));
}

std::optional<Account> Store::find_lobby_account(std::string_view lobby_key) {
    auto q = impl_->account_by_lobby_key.query(lobby_key);
    if (!q.next()) return std::nullopt;
    return read_account(q);
}

std::optional<Account> Store::account(AccountId id) {
    auto q = impl_->account_by_id.query(id);
    if (!q.next()) return std::nullopt;
    return read_account(q);
}

namespace {

// An address as a column keeps it: NULL when unknown.
std::optional<std::string_view> address_column(std::string_view address) {
    if (address.empty()) return std::nullopt;
    return address;
}

}  // namespace

std::string Store::add_secret(AccountId account, UnixTime now) {
    std::string secret = new_secret();
    const Digest digest = *secret_digest(secret);
    db::Transaction t(impl_->db);
    impl_->insert_secret.run(account, db::Blob(digest), now, std::optional<std::string_view>());
    impl_->trim_secrets.run(account, max_secrets_per_account);
    t.commit();
    return secret;
}

bool Store::add_secret(AccountId account, std::string_view secret, UnixTime now, std::string_view address) {
    const auto digest = secret_digest(secret);
    if (!digest) return false;
    db::Transaction t(impl_->db);
    impl_->insert_secret.run(account, db::Blob(*digest), now, address_column(address));
    impl_->trim_secrets.run(account, max_secrets_per_account);
    t.commit();
    return true;
}

std::optional<std::int64_t> Store::secret_id(AccountId account, std::string_view secret) {
    const auto digest = secret_digest(secret);
    if (!digest) return std::nullopt;
    std::optional<std::int64_t> found;
    auto q = impl_->secrets_of.query(account);
    // Every stored digest is compared, each in constant time, whether or not one matched already.
    while (q.next())
        if (same_digest(*digest, q.blob(1))) found = q.int64(0);
    return found;
}

bool Store::check_secret(AccountId account, std::string_view secret, UnixTime now, std::string_view address) {
    const std::optional<std::int64_t> found = secret_id(account, secret);
    if (!found) return false;
    impl_->touch_secret.run(*found, now, address_column(address));
    return true;
}

bool Store::add_key(AccountId account, std::string_view fingerprint, UnixTime now, std::string_view address) {
    if (!net::lobby::valid_ssh_key(fingerprint)) return false;
    db::Transaction t(impl_->db);
    impl_->insert_key.run(account, fingerprint, now, address_column(address));
    impl_->trim_keys.run(account, max_keys_per_account);
    t.commit();
    return true;
}

bool Store::check_key(AccountId account, std::string_view fingerprint, UnixTime now,
                      std::string_view address) {
    if (!net::lobby::valid_ssh_key(fingerprint)) return false;
    impl_->touch_key.run(account, fingerprint, now, address_column(address));
    return impl_->db.changes() == 1;
}

std::vector<Machine> Store::machines(AccountId account) {
    std::vector<Machine> out;
    auto q = impl_->machines_of.query(account);
    while (q.next())
        out.push_back(Machine{q.int64(0) == 0 ? Machine::Kind::Secret : Machine::Kind::Key, q.int64(1),
                              q.text(2), q.int64(3), q.int64(4), q.optional_text(5).value_or("")});
    return out;
}

bool Store::forget_machine(AccountId account, Machine::Kind kind, std::int64_t id) {
    (kind == Machine::Kind::Secret ? impl_->delete_secret : impl_->delete_key).run(account, id);
    return impl_->db.changes() == 1;
}

int Store::forget_other_machines(AccountId account, std::string_view keep_secret, std::string_view keep_key) {
    db::Transaction t(impl_->db);
    int gone = 0;
    const std::optional<std::int64_t> kept =
        keep_secret.empty() ? std::nullopt : secret_id(account, keep_secret);
    for (const Machine& m : machines(account)) {
        if (m.kind != Machine::Kind::Secret || m.id == kept) continue;
        impl_->delete_secret.run(account, m.id);
        gone += impl_->db.changes();
    }
    impl_->delete_other_keys.run(account, address_column(keep_key));
    gone += impl_->db.changes();
    t.commit();
    return gone;
}

int Store::keys(AccountId account) {
    auto q = impl_->count_keys.query(account);
    return q.next() ? int(q.int64(0)) : 0;
}

void Store::set_password_hash(AccountId account, std::optional<std::string_view> hash) {
    if (hash && (hash->rfind("$argon2", 0) != 0 || !one_line(*hash) || hash->size() >= 128))
        bad("set_password_hash: not a crypto_pwhash_str string");
    impl_->set_password.run(account, hash);
    if (impl_->db.changes() == 0) bad("no account " + std::to_string(account));
}

std::optional<std::string> Store::password_hash(AccountId account) {
    auto q = impl_->get_password.query(account);
    if (!q.next()) return std::nullopt;
    return q.optional_text(0);
}

// ---- Ratings ----

RatingRecord Store::rating_of(AccountId account, Variant variant, UnixTime now) {
    std::optional<RatingRecord> r = impl_->stored_rating(account, variant);
    if (!r) return RatingRecord{};
    r->rating = glicko2::after_inactivity(r->rating, glicko2::periods_between(*r->last_rated, now));
    return *r;
}

std::vector<RatingsRow> Store::ratings_list(Variant variant, UnixTime now, int limit, int offset) {
    std::vector<RatingsRow> rows;
    auto q = impl_->ratings_of_variant.query(rules_name(variant.rules), variant.size, limit > 0 ? limit : -1,
                                             std::max(0, offset));
    while (q.next()) {
        RatingsRow row{q.int64(0), q.text(1), read_rating(q, 2)};
        row.record.rating = glicko2::after_inactivity(row.record.rating,
                                                      glicko2::periods_between(*row.record.last_rated, now));
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<RatingsRow> Store::leaders(Variant variant, UnixTime now, double max_deviation, int limit) {
    // Best first, a page at a time, until `limit` settled ratings are found: the deviation grows while
    // a player does not play, so it is judged as of now, not as stored.
    constexpr int page = 200;
    std::vector<RatingsRow> out;
    for (int offset = 0; int(out.size()) < limit; offset += page) {
        const std::vector<RatingsRow> rows = ratings_list(variant, now, page, offset);
        for (const RatingsRow& r : rows)
            if (r.record.rating.deviation <= max_deviation && int(out.size()) < limit) out.push_back(r);
        if (int(rows.size()) < page) break;
    }
    return out;
}

std::optional<RatingChange> Store::last_change(AccountId account, Variant variant) {
    auto q = impl_->last_change.query(account, rules_name(variant.rules), variant.size);
    if (!q.next()) return std::nullopt;
    return RatingChange{q.real(1), q.real(2)};
}

void Store::seen(AccountId account, UnixTime now, bool bot) {
    impl_->update_seen.run(account, now, bot ? 1 : 0);
}

std::vector<Variant> Store::rated_variants() {
    std::vector<Variant> out;
    auto q = impl_->variants.query();
    while (q.next())
        if (const auto rules = parse_rules(q.text(1))) out.push_back(Variant{int(q.int64(0)), *rules});
    return out;
}

// ---- Games ----

NewGame Store::create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players,
                           bool rated, UnixTime now, std::optional<TournamentId> tournament) {
    std::array<std::string, 2> tokens = {new_secret(), new_secret()};
    return create_game(settings, players, rated, now, tournament, tokens, true);
}

NewGame Store::create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players,
                           bool rated, UnixTime now, std::optional<TournamentId> tournament,
                           const std::array<std::string, 2>& codes) {
    for (const std::string& c : codes)
        if (c.empty() || !one_line(c)) bad("create_game: a join code is a single line");
    return create_game(settings, players, rated, now, tournament, codes, false);
}

NewGame Store::create_game(const MatchSettings& settings, const std::array<GamePlayer, 2>& players,
                           bool rated, UnixTime now, std::optional<TournamentId> tournament,
                           const std::array<std::string, 2>& secrets, bool tokens) {
    const std::string clock = clock_settings_text(settings.clock);
    if ((settings.variant.size != 3 && settings.variant.size != 4) || settings.first_to < 1 ||
        settings.first_to > max_first_to || parse_clock_settings(clock) != settings.clock)
        bad("create_game: settings out of range");
    for (const GamePlayer& p : players)
        if (!p.account && (p.name.empty() || clean_name(p.name) != p.name))
            bad("create_game: a guest's name must be clean and not empty");
    if (rated && (!players[0].account || !players[1].account || players[0].account == players[1].account))
        bad("create_game: a rated game needs two different registered players");
    NewGame game;
    std::array<Digest, 2> digests;
    for (int p : {0, 1}) {
        game.tokens[p] = secrets[p];
        digests[p] = tokens ? *secret_digest(secrets[p]) : code_digest(secrets[p]);
    }
    const auto guest = [](const GamePlayer& p) {
        return p.account ? std::nullopt : std::optional<std::string_view>(p.name);
    };
    impl_->insert_game.run(rules_name(settings.variant.rules), settings.variant.size, clock,
                           settings.first_to, rated, players[0].account, guest(players[0]),
                           players[1].account, guest(players[1]), db::Blob(digests[0]), db::Blob(digests[1]),
                           now, tournament, players[0].bot, players[1].bot);
    game.id = impl_->db.last_insert_rowid();
    return game;
}

void Store::mark_bot(GameId game, int player) {
    if (player != 0 && player != 1) bad("mark_bot: player 0 or 1");
    (player == 0 ? impl_->update_bot0 : impl_->update_bot1).run(game);
}

void Store::append_fact(GameId game, std::int64_t seq, int format, std::string_view fact,
                        std::string_view clock) {
    if (!one_line(fact) || !one_line(clock))
        bad("append_fact: a fact and a clock are single lines of at most " + std::to_string(max_fact_bytes) +
            " bytes");
    if (format < 1) bad("append_fact: a fact's format is 1 or more");
    impl_->insert_fact.run(game, seq, fact, clock, std::int64_t(format));
    if (impl_->db.changes() == 1) return;
    // Nothing was inserted: say why.
    auto q = impl_->game_next_fact.query(game);
    if (!q.next()) bad("append_fact: no game " + std::to_string(game));
    if (q.text(0) != "playing") bad("append_fact: game " + std::to_string(game) + " is over");
    bad("append_fact: game " + std::to_string(game) + " expects fact " + std::to_string(q.int64(1)) +
        ", not " + std::to_string(seq));
}

void Store::set_join_code(GameId game, int player, std::string_view code) {
    if (player != 0 && player != 1) bad("set_join_code: player 0 or 1");
    if (code.empty() || !one_line(code)) bad("set_join_code: a join code is a single line");
    (player == 0 ? impl_->update_token0 : impl_->update_token1).run(game, db::Blob(code_digest(code)));
    if (impl_->db.changes() == 0) bad("set_join_code: no game " + std::to_string(game) + " in play");
}

std::optional<std::array<Digest, 2>> Store::join_digests(GameId game) {
    auto q = impl_->game_tokens.query(game);
    if (!q.next() || q.text(0) != "playing") return std::nullopt;
    std::array<Digest, 2> out{};
    for (int p : {0, 1}) {
        const auto blob = q.blob(1 + p);
        if (blob.size() != out[p].size()) return std::nullopt;
        std::copy(blob.begin(), blob.end(), out[p].begin());
    }
    return out;
}

std::optional<std::array<RatingChange, 2>> Store::finish_game(GameId game, GameOutcome outcome,
                                                              std::string_view result, UnixTime now,
                                                              std::array<int, 2> score) {
    if (score[0] < 0 || score[1] < 0) bad("finish_game: a score counts rounds won");
    return finish(game, outcome, result, now, score);
}

std::optional<std::array<RatingChange, 2>> Store::finish_game(GameId game, GameOutcome outcome,
                                                              std::string_view result, UnixTime now) {
    return finish(game, outcome, result, now, std::nullopt);
}

std::optional<std::array<RatingChange, 2>> Store::finish(GameId game, GameOutcome outcome,
                                                         std::string_view result, UnixTime now,
                                                         std::optional<std::array<int, 2>> rounds) {
    if (!one_line(result)) bad("finish_game: the result is a single line");
    db::Transaction t(impl_->db);
    bool rated;
    Variant variant;
    std::array<std::optional<AccountId>, 2> accounts;
    std::optional<TournamentId> tournament;
    {
        auto q = impl_->game_for_finish.query(game);
        if (!q.next()) bad("finish_game: no game " + std::to_string(game));
        if (q.text(5) != "playing") bad("finish_game: game " + std::to_string(game) + " is already over");
        rated = q.int64(0) != 0;
        variant = Variant{int(q.int64(2)), parse_rules(q.text(1)).value_or(Rules::Official)};
        accounts = {q.optional_int64(3), q.optional_int64(4)};
        tournament = q.optional_int64(6);
    }

    std::optional<std::array<RatingChange, 2>> changes;
    if (rated && outcome != GameOutcome::Aborted) {
        const double score0 = outcome == GameOutcome::Player0 ? 1 : outcome == GameOutcome::Player1 ? 0 : 0.5;
        std::array<RatingRecord, 2> before;
        std::array<double, 2> periods;
        for (int p : {0, 1}) {
            const auto stored = impl_->stored_rating(*accounts[p], variant);
            before[p] = stored.value_or(RatingRecord{});
            // A newcomer's deviation is already the largest: one period, as the paper's single period.
            periods[p] = stored ? glicko2::periods_between(*stored->last_rated, now) : 1.0;
        }
        changes.emplace();
        for (int p : {0, 1}) {
            const double score = p == 0 ? score0 : 1 - score0;
            RatingRecord after = before[p];
            after.rating = glicko2::rate_game(before[p].rating, before[1 - p].rating, score, periods[p]);
            ++after.games;
            after.wins += score == 1;
            after.losses += score == 0;
            after.draws += score == 0.5;
            after.last_rated = now;
            impl_->upsert_rating.run(*accounts[p], rules_name(variant.rules), variant.size,
                                     after.rating.rating, after.rating.deviation, after.rating.volatility,
                                     after.games, after.wins, after.losses, after.draws, now);
            (*changes)[p] = RatingChange{before[p].rating.rating, after.rating.rating};
        }
    }
    const auto change = [&](int p, bool after) -> std::optional<double> {
        if (!changes) return std::nullopt;
        return after ? (*changes)[p].after : (*changes)[p].before;
    };
    impl_->update_finish.run(game, outcome_word(outcome), result, now, change(0, false), change(0, true),
                             change(1, false), change(1, true));
    if (rounds) impl_->update_score.run(game, (*rounds)[0], (*rounds)[1]);

    if (tournament && outcome != GameOutcome::Aborted) {
        std::vector<std::pair<PairingId, AccountId>> pairings;
        {
            auto q = impl_->pairings_by_game.query(game);
            while (q.next()) pairings.emplace_back(q.int64(0), q.int64(1));
        }
        for (const auto& [pairing, a] : pairings) {
            PairingOutcome po = PairingOutcome::Draw;
            if (outcome != GameOutcome::Draw) {
                const auto winner = accounts[outcome == GameOutcome::Player0 ? 0 : 1];
                po = winner == a ? PairingOutcome::A : PairingOutcome::B;
            }
            impl_->update_pairing_outcome.run(pairing, pairing_word(po));
        }
    }
    t.commit();
    return changes;
}

std::vector<GameRecord> Store::games_in_progress() {
    std::vector<GameRecord> games;
    {
        auto q = impl_->games_playing.query();
        while (q.next()) games.push_back(impl_->read_game(q));
    }
    for (GameRecord& g : games) impl_->read_facts(g);
    return games;
}

std::optional<GameRecord> Store::game_record(GameId game) {
    std::optional<GameRecord> g;
    {
        auto q = impl_->game_by_id.query(game);
        if (!q.next()) return std::nullopt;
        g = impl_->read_game(q);
    }
    impl_->read_facts(*g);
    return g;
}

std::vector<GameRecord> Store::finished_games_page(AccountId account, int limit, int offset) {
    std::vector<GameRecord> games;
    auto q = impl_->games_finished_page.query(account, std::clamp(limit, 1, 1000), std::max(0, offset));
    while (q.next()) games.push_back(impl_->read_game(q));
    return games;
}

// ---- Tournaments ----

TournamentId Store::create_tournament(std::string_view name, std::string_view terms, AccountId created_by,
                                      UnixTime now) {
    if (name.empty() || !one_line(name) || !one_line(terms))
        bad("create_tournament: name and terms are single lines");
    impl_->insert_tournament.run(name, terms, created_by, now, std::nullopt, 0, 0);
    return impl_->db.last_insert_rowid();
}

Expected<TournamentId> Store::create_tournament(const NewTournament& t, UnixTime now) {
    if (t.name.empty() || t.key.empty() || !one_line(t.name) || !one_line(t.key) || !one_line(t.terms))
        bad("create_tournament: name, key and terms are single lines");
    db::Transaction tx(impl_->db);
    {
        auto q = impl_->tournament_by_key.query(t.key);
        if (q.next()) return Failure{"a tournament is named " + t.name + " already: choose another name"};
    }
    AccountId by = 0;
    if (t.organizer) {
        by = *t.organizer;
    } else {
        // The operator's reserved account: a name no player can register (the lobby's names are letters,
        // digits, '-' and '_'), made the first time.
        auto existing = impl_->account_by_key_name(operator_name);
        if (!existing) {
            impl_->insert_account.run(operator_name, operator_name, now, std::nullopt);
            by = impl_->db.last_insert_rowid();
        } else {
            by = existing->id;
        }
    }
    impl_->insert_tournament.run(t.name, t.terms, by, now, t.key, t.organizer ? 0 : 1,
                                 static_cast<std::int64_t>(t.seed));
    const TournamentId id = impl_->db.last_insert_rowid();
    tx.commit();
    return id;
}

std::optional<TournamentId> Store::tournament_named(std::string_view key) {
    auto q = impl_->tournament_by_key.query(key);
    if (!q.next()) return std::nullopt;
    return q.int64(0);
}

void Store::set_seeds(TournamentId tournament, const std::vector<AccountId>& order) {
    db::Transaction tx(impl_->db);
    int seed = 0;
    for (AccountId a : order) impl_->update_player_seed.run(tournament, a, ++seed);
    tx.commit();
}

std::int64_t Store::data_version() {
    auto q = impl_->data_version.query();
    return q.next() ? q.int64(0) : 0;
}

bool Store::join_tournament(TournamentId tournament, AccountId account, UnixTime now) {
    impl_->insert_tournament_player.run(tournament, account, now);
    return impl_->db.changes() == 1;
}

void Store::withdraw_from_tournament(TournamentId tournament, AccountId account) {
    impl_->withdraw_player.run(tournament, account);
    if (impl_->db.changes() == 0)
        bad("account " + std::to_string(account) + " is not in tournament " + std::to_string(tournament));
}

void Store::set_tournament_state(TournamentId tournament, TournamentState state) {
    impl_->update_tournament_state.run(tournament, state_word(state));
    if (impl_->db.changes() == 0) bad("no tournament " + std::to_string(tournament));
}

PairingId Store::add_pairing(TournamentId tournament, int round, AccountId a, std::optional<AccountId> b) {
    // The foreign keys refuse players who are not in the tournament.
    impl_->insert_pairing.run(tournament, round, a, b);
    return impl_->db.last_insert_rowid();
}

void Store::set_pairing_game(PairingId pairing, GameId game) {
    {
        auto q = impl_->pairing_game_check.query(pairing, game);
        if (!q.next())
            bad("set_pairing_game: pairing " + std::to_string(pairing) + " and game " + std::to_string(game) +
                " are not of one tournament");
    }
    impl_->update_pairing_game.run(pairing, game);
}

void Store::set_starter(TournamentId tournament, AccountId starter, AccountId other, UnixTime now) {
    // The foreign keys refuse players who are not in the tournament.
    impl_->upsert_starter.run(tournament, starter, other, now);
}

void Store::set_pairing_outcome(PairingId pairing, PairingOutcome outcome) {
    impl_->update_pairing_outcome.run(pairing, pairing_word(outcome));
    if (impl_->db.changes() == 0) bad("no pairing " + std::to_string(pairing));
}

namespace {

TournamentRecord read_tournament(const db::Query& q) {
    TournamentRecord t;
    t.id = q.int64(0);
    t.name = q.text(1);
    t.terms = q.text(2);
    t.state = parse_state(q.text(3));
    t.created_by = q.int64(4);
    t.created = q.int64(5);
    t.key = q.optional_text(6).value_or("");
    t.by_operator = q.int64(7) != 0;
    t.seed = static_cast<std::uint64_t>(q.int64(8));
    return t;
}

}  // namespace

std::optional<TournamentRecord> Store::tournament(TournamentId id) {
    std::optional<TournamentRecord> t;
    {
        auto q = impl_->tournament_by_id.query(id);
        if (!q.next()) return std::nullopt;
        t = read_tournament(q);
    }
    {
        auto q = impl_->tournament_players.query(id);
        while (q.next()) {
            TournamentPlayer p{q.int64(0), q.text(1), q.int64(2), q.int64(3) != 0, std::nullopt};
            if (!q.is_null(4)) p.seed = int(q.int64(4));
            t->players.push_back(std::move(p));
        }
    }
    auto q = impl_->tournament_pairings.query(id);
    while (q.next()) {
        Pairing p{q.int64(0),          int(q.int64(1)),     q.int64(2),
                  q.optional_int64(3), q.optional_int64(4), parse_pairing(q.optional_text(5)),
                  std::nullopt};
        if (!q.is_null(6) && !q.is_null(7)) {
            const std::array<int, 2> s{int(q.int64(6)), int(q.int64(7))};
            p.score =
                q.optional_int64(8) == std::optional<AccountId>(p.a) ? s : std::array<int, 2>{s[1], s[0]};
        }
        t->pairings.push_back(p);
    }
    auto s = impl_->tournament_starters.query(id);
    while (s.next()) t->starters.push_back(StarterChoice{s.int64(0), s.int64(1)});
    return t;
}

std::vector<TournamentRecord> Store::tournaments(TournamentState state) {
    std::vector<TournamentRecord> out;
    auto q = impl_->tournaments_in_state.query(state_word(state));
    while (q.next()) out.push_back(read_tournament(q));
    return out;
}

}  // namespace gobblet::server
