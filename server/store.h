// The server's persistent facts: accounts and what proves them, ratings, games with every fact of them
// in order, tournaments. One SQLite file (db.h), used by one server at a time; no SQL outside server/.
// The Store owns the file (opening it, its schema and migrations, its checkpoints); its parts, one per
// concern, each with its own statements, share that one connection: store.accounts()
// (accounts_store.h), store.ratings() (ratings_store.h), store.games() (games_store.h) and
// store.tournaments() (tournaments_store.h).
//
// Durability: every change is its own transaction, committed before the call returns, so the server can
// keep its promise "every fact is committed before it is announced": a fact append_fact returned from
// survives `kill -9` of the server (and, with synchronous=NORMAL in WAL mode, a crash of the program at
// any moment; a power cut may lose the last few commits, never corrupt the file). A change that spans
// parts (finishing a game rates it and decides its tournament pairing) is still one transaction: the
// part that starts it calls the others' private steps, which open none of their own.
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

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

#include "server/accounts_store.h"
#include "server/db.h"
#include "server/games_store.h"
#include "server/ratings_store.h"
#include "server/tournaments_store.h"

namespace gobblet::server {

// The server's database when --db is not given: $XDG_DATA_HOME/gobblet/server.db (default
// ~/.local/share/gobblet/server.db). Empty when neither XDG_DATA_HOME nor HOME is set.
std::filesystem::path default_db_path();

// The schema's steps, in order (store.cpp); tests build older databases with the first few.
std::span<const db::Migration> schema_steps();

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
    static constexpr int schema_version = 10;

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
    // Group commit (db::Database::group_commits): the server's loop writes a turn's facts in one
    // transaction and commits it (commit_group) before it writes anything to a socket.
    void group_commits(bool on);
    void commit_group();

    const std::filesystem::path& path() const;
    // The schema version the file had before open() upgraded it (0: a new file).
    int opened_version() const;

    // A number that changes when another connection (another process: --new-tournament) has committed
    // to the file since the last call (SQLite's PRAGMA data_version): the server's cue to read again.
    std::int64_t data_version();

    // A batch of the store's calls as one transaction (each call's own nests in it as a savepoint):
    // for the fixtures and benchmarks that write thousands of rows at once. The server never holds one
    // across its loop: every change it makes is committed when the call returns.
    db::Transaction transaction();
    // Counts what the store's statements do while it lives (db::StepCounter), for the tests and
    // benchmarks that check what a request costs.
    db::StepCounter count_steps();

    // The parts, one per concern, over this store's connection.
    AccountsStore& accounts();
    RatingsStore& ratings();
    GamesStore& games();
    TournamentsStore& tournaments();

  private:
    struct Impl;
    explicit Store(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace gobblet::server
