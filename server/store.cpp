#include "store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>

#include "saves/savefile.h"
#include "server/db.h"

namespace gobblet::server {

namespace fs = std::filesystem;

namespace {

// 'GbSv' in the file's header (PRAGMA application_id): a gobblet server database, whatever its name.
constexpr std::uint32_t application_id = 0x47625376;
constexpr const char* product = "gobblet";

// Version 9's settled_until for the ratings written before it: the program's arithmetic (glicko2), not
// SQL's, as every rating written since gets it (RatingsStore::rate).
void fill_settled_until(db::Database& d) {
    struct Row {
        std::int64_t account = 0, size = 0;
        std::string rules;
        RatingRecord record;
    };
    std::vector<Row> rows;
    {
        db::Statement all{d, R"sql(
SELECT account_id, rules, size, rating, deviation, volatility, games, last_rated FROM ratings)sql"};
        auto q = all.query();
        while (q.next()) {
            Row r{q.int64(0), q.int64(2), q.text(1), {}};
            r.record.rating = {q.real(3), q.real(4), q.real(5)};
            r.record.games = int(q.int64(6));
            r.record.last_rated = q.int64(7);
            rows.push_back(std::move(r));
        }
    }
    db::Statement set{
        d, "UPDATE ratings SET settled_until = ?4 WHERE account_id = ?1 AND rules = ?2 AND size = ?3"};
    for (const Row& r : rows) set.run(r.account, r.rules, r.size, RatingsStore::settled_until(r.record));
}

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
    {9, R"sql(
-- The last second each rating is settled (its deviation, growing without games, at most the
-- leaderboard's 150: RatingsStore::settled_until), NULL when it is not: the leaderboard reads the
-- settled ratings of a moment through ratings_settled instead of growing every player's deviation to
-- that moment. A rating is settled only by a game, which writes the row again; a lapsed one is set to
-- NULL a batch at a time (ratings_lapsing). Filled in for the rows before this version by the program.
ALTER TABLE ratings ADD COLUMN settled_until INTEGER;
CREATE INDEX ratings_settled ON ratings(rules, size, rating DESC, account_id, settled_until)
    WHERE settled_until IS NOT NULL;
CREATE INDEX ratings_lapsing ON ratings(settled_until) WHERE settled_until IS NOT NULL;
-- A player's finished games, newest first, from the index alone (a history page steps over the games
-- before it without reading them; `status` in it too, so that SQLite needs no row to check it).
CREATE INDEX games_over_by_account0 ON games(account0, id, status)
    WHERE status = 'over' AND account0 IS NOT NULL;
CREATE INDEX games_over_by_account1 ON games(account1, id, status)
    WHERE status = 'over' AND account1 IS NOT NULL;
)sql",
     fill_settled_until},
    {10, R"sql(
-- The format each tournament's terms are kept in (server/tournament.h, spec_format), so that a change of
-- the lobby's protocol does not change what a stored tournament means. The rows before this version are
-- format 1: the text the server read back then as a `create` line, which its own reader of that format
-- reads now.
ALTER TABLE tournaments ADD COLUMN terms_format INTEGER NOT NULL DEFAULT 1 CHECK (terms_format >= 1);
)sql"},
};
static_assert(std::size(migrations) == Store::schema_version);

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

}  // namespace

std::span<const db::Migration> schema_steps() { return migrations; }

std::filesystem::path default_db_path() {
    const fs::path dir = saves::data_dir();
    return dir.empty() ? dir : dir / "server.db";
}

namespace store_part {

bool one_line(std::string_view s) {
    if (s.size() > max_fact_bytes) return false;
    return std::none_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 32 || u == 127;
    });
}

void bad(const std::string& what) { throw std::invalid_argument(what); }

}  // namespace store_part

// ---- The store's connection and its statements, prepared once ----

struct Store::Impl {
    ServerLock lock;  // first: released after the database is closed
    db::Database db;
    int opened_version = 0;

    // The parts, each with its statements prepared once; after the connection, so gone before it.
    AccountsStore accounts{db};
    RatingsStore ratings{db};
    TournamentsStore tournaments{db, accounts};
    GamesStore games{db, ratings, tournaments};
    db::Statement data_version{db, "PRAGMA data_version"};

    Impl(ServerLock l, db::Database d, int version)
        : lock(std::move(l)), db(std::move(d)), opened_version(version) {}

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
        // Each table and the tables it refers to (its foreign keys).
        std::map<std::string, std::set<std::string>> refers;
        {
            db::Statement names{impl_->db,
                                "SELECT m.name, f.\"table\" FROM sqlite_schema AS m LEFT JOIN "
                                "pragma_foreign_key_list(m.name) "
                                "AS f WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'"};
            auto q = names.query();
            while (q.next()) {
                std::set<std::string>& to = refers[q.text(0)];
                if (!q.is_null(1) && q.text(1) != q.text(0)) to.insert(q.text(1));
            }
        }
        // A table's rows go before those of the tables it refers to, so that the foreign keys hold all
        // along: turning them off and on (a pragma) would expire every statement the store has prepared,
        // and each input would prepare them all again (a third of the target's time).
        std::vector<std::string> order;
        while (!refers.empty()) {
            const auto before = refers.size();
            for (auto it = refers.begin(); it != refers.end();) {
                const bool referred = std::any_of(refers.begin(), refers.end(), [&](const auto& other) {
                    return other.second.contains(it->first);
                });
                if (referred) {
                    ++it;
                } else {
                    order.push_back(it->first);
                    it = refers.erase(it);
                }
            }
            if (refers.size() == before)
                throw std::logic_error("Store::clear: the schema's foreign keys go round in a circle");
        }
        impl_->clearing.emplace_back(impl_->db, "BEGIN");
        for (const std::string& table : order)
            impl_->clearing.emplace_back(impl_->db, "DELETE FROM \"" + table + "\"");
        impl_->clearing.emplace_back(impl_->db, "COMMIT");
    }
    for (db::Statement& s : impl_->clearing) s.run();
}

void Store::checkpoint_in_background() {
    if (!impl_->checkpointer) impl_->checkpointer = std::make_unique<db::Checkpointer>(impl_->db);
}

void Store::group_commits(bool on) { impl_->db.group_commits(on); }
void Store::commit_group() { impl_->db.commit_group(); }

const fs::path& Store::path() const { return impl_->db.path(); }
int Store::opened_version() const { return impl_->opened_version; }

std::int64_t Store::data_version() {
    auto q = impl_->data_version.query();
    return q.next() ? q.int64(0) : 0;
}

db::Transaction Store::transaction() { return db::Transaction(impl_->db); }
db::StepCounter Store::count_steps() { return db::StepCounter(impl_->db); }

AccountsStore& Store::accounts() { return impl_->accounts; }
RatingsStore& Store::ratings() { return impl_->ratings; }
GamesStore& Store::games() { return impl_->games; }
TournamentsStore& Store::tournaments() { return impl_->tournaments; }

}  // namespace gobblet::server
