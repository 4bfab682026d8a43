// A thin RAII layer over SQLite3's C API, for the server's store (store.h): a connection, prepared
// statements, transactions and schema migrations. Nothing outside server/ speaks SQL.
//
// Errors: every failure of the database (a file that cannot be opened, a disk that is full, a lock held
// too long, a file that is not a database, a broken constraint) throws db::Error, whose message says what
// was being done, to which file, and what SQLite said ("server.db: cannot open: unable to open database
// file (the folder /srv/x does not exist)"). Code using it is therefore written for the happy path and
// unwinds cleanly: a Transaction rolls back, a Query resets its statement.
//
// Threads: a Database and its statements belong to one thread at a time (the server's event loop); the
// Checkpointer's thread has a connection of its own.
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

namespace gobblet::server::db {

// A failure of the database. code() is SQLite's extended result code (SQLITE_BUSY, SQLITE_NOTADB,
// SQLITE_CONSTRAINT_UNIQUE, ...), or SQLITE_ERROR for refusals of this layer (a schema too new).
class Error : public std::runtime_error {
  public:
    Error(const std::string& what, int code) : std::runtime_error(what), code_(code) {}
    int code() const { return code_; }
    // The primary result code (SQLITE_CONSTRAINT for SQLITE_CONSTRAINT_UNIQUE, ...).
    int primary() const { return code_ & 0xff; }

  private:
    int code_;
};

using Blob = std::span<const unsigned char>;

// One open connection. Opening sets the connection's pragmas: foreign_keys=ON and a busy timeout (a
// writer waits that long for another's lock before SQLITE_BUSY); a writable connection also puts the
// file in WAL mode with synchronous=NORMAL (a commit is durable against a crash of the program, and
// against power loss up to the last checkpoint; thousands of commits a second instead of tens).
class Database {
  public:
    struct Options {
        bool read_only = false;      // never writes; the file must exist
        int busy_timeout_ms = 5000;  // how long a statement waits for another connection's lock
    };

    // Opens (creating when writable) the file. The pragmas are set by prepare_for_writing(), not here,
    // so that a file can be looked at (its version read) before anything in it is changed.
    static Database open(const std::filesystem::path& path, const Options& options);
    // The WAL journal and synchronous=NORMAL (writable connections only).
    void prepare_for_writing();

    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    ~Database();

    // Runs one or more statements without parameters or results (schema text, pragmas).
    void exec(std::string_view sql);
    // The first column of the first row of a query without parameters (a pragma's value), as an
    // integer; nullopt when there is no row.
    std::optional<std::int64_t> query_int(std::string_view sql);

    std::int64_t last_insert_rowid() const;
    // Rows changed by the last INSERT, UPDATE or DELETE.
    int changes() const;
    const std::filesystem::path& path() const { return path_; }
    bool read_only() const { return read_only_; }
    sqlite3* handle() const { return db_; }

    // Throws Error for a result code that is not SQLITE_OK/ROW/DONE: "<path>: <doing>: <SQLite message>".
    void check(int rc, std::string_view doing) const;

    // Group commit (the server's loop): while on, a statement that writes outside a Transaction does not
    // commit by itself but joins one transaction, begun by the first of them and committed by
    // commit_group(): one commit (its locks, its WAL frames) for everything a turn of the loop wrote.
    // The caller commits before anyone can hear of what was written. A Transaction commits the group
    // first (a Transaction inside another is a savepoint of it). Off: each statement commits itself, as
    // SQLite does.
    void group_commits(bool on);
    void commit_group();
    bool group_open() const { return group_open_; }
    // (Statement: before a statement runs; begins the group when it writes and none is open.)
    void before_step(sqlite3_stmt* stmt);

  private:
    Database(sqlite3* db, std::filesystem::path path, bool read_only);
    sqlite3* db_ = nullptr;
    std::filesystem::path path_;
    bool read_only_ = false;
    bool grouping_ = false, group_open_ = false;
};

class Statement;

// One use of a prepared statement, from its binding to its reset: step through the rows with next(),
// read the current row's columns by position (from 0). The statement is reset and its bindings cleared
// when the Query ends, however it ends, so no statement keeps a read transaction open by accident.
class Query {
  public:
    explicit Query(Statement& statement) : s_(&statement) {}
    Query(Query&& other) noexcept : s_(other.s_) { other.s_ = nullptr; }
    Query& operator=(Query&&) = delete;
    ~Query();

    // Steps to the next row: true when there is one, false when the statement is done.
    bool next();
    // Steps to the end, for statements that change rows and return none.
    void run();

    bool is_null(int column) const;
    std::int64_t int64(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::vector<unsigned char> blob(int column) const;
    std::optional<std::int64_t> optional_int64(int column) const;
    std::optional<std::string> optional_text(int column) const;

  private:
    Statement* s_;
};

// A statement prepared once and used many times. query(args...) binds the arguments to the parameters
// ?1..?N in order and returns the Query that steps it; run(args...) is query(args...).run().
// Arguments: integers (bool included), double, text (std::string, std::string_view, const char*), Blob,
// std::nullopt, and std::optional of those (nullopt binds NULL).
class Statement {
  public:
    Statement(Database& db, std::string_view sql);
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&&) = delete;
    ~Statement();

    template <class... Args>
    Query query(const Args&... args) {
        begin_use();
        Query q(*this);  // resets the statement if a bind below throws
        int index = 0;
        (bind(++index, args), ...);
        return q;
    }
    template <class... Args>
    void run(const Args&... args) {
        query(args...).run();
    }

  private:
    friend class Query;
    void begin_use();
    void end_use();
    bool step();
    void bind_int(int index, std::int64_t value);
    void bind_real(int index, double value);
    void bind_text(int index, std::string_view value);
    void bind_blob(int index, Blob value);
    void bind_null(int index);

    template <class T>
    void bind(int index, const T& value) {
        if constexpr (std::is_same_v<T, std::nullopt_t>) {
            bind_null(index);
        } else if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T>) {
            bind_int(index, static_cast<std::int64_t>(value));
        } else if constexpr (std::is_floating_point_v<T>) {
            bind_real(index, static_cast<double>(value));
        } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
            bind_text(index, std::string_view(value));
        } else if constexpr (std::is_convertible_v<const T&, Blob>) {
            bind_blob(index, Blob(value));
        } else {
            // std::optional<U>
            if (value)
                bind(index, *value);
            else
                bind_null(index);
        }
    }

    Database* db_;
    sqlite3_stmt* stmt_ = nullptr;
    bool in_use_ = false;
};

// Checkpoints the WAL on a thread of its own, with a connection of its own, so that the writer's commits
// never wait for the copy into the database file and its fsync: SQLite's automatic checkpoint runs inside
// the commit that crosses its threshold, milliseconds to tens of them on a busy disk, and the server's
// one loop would wait with it. Installed on the writer (a writable Database that outlives it): the
// automatic checkpoint off, and a hook that wakes the thread when a commit leaves `pages` pages in the
// WAL. PASSIVE checkpoints: they never block the writer (what they cannot copy now, the next one does).
// Gone, it puts the writer's automatic checkpoint back.
class Checkpointer {
  public:
    explicit Checkpointer(Database& writer, int pages = 1000);
    Checkpointer(const Checkpointer&) = delete;
    Checkpointer& operator=(const Checkpointer&) = delete;
    ~Checkpointer();
    // For tests: the checkpoints done so far, the WAL's frames in the database file after the last one,
    // and the pages in the WAL after the writer's last commit.
    int done() const;
    int copied() const;
    int wal_pages() const;

  private:
    static int on_commit(void* self, sqlite3* db, const char* name, int pages);
    void run();

    Database& writer_;
    int pages_;
    sqlite3* own_ = nullptr;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool due_ = false, stop_ = false;
    int done_ = 0, copied_ = 0;
    std::atomic<int> wal_pages_{0};
    std::thread thread_;
};

// A write transaction: BEGIN IMMEDIATE on construction (the write lock is taken at once, so a busy
// database fails here, before any work), COMMIT on commit(), ROLLBACK when it ends uncommitted (an
// exception unwinding through it). Inside another one it is a savepoint: its commit keeps its changes
// for the outer transaction to commit, its end uncommitted undoes only them (a batch of the store's
// calls as one transaction: store.h, Store::transaction).
class Transaction {
  public:
    explicit Transaction(Database& db);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

  private:
    Database& db_;
    bool nested_;
    bool open_ = true;
};

// What SQLite does for the statements of a connection while it lives, from its profile events
// (sqlite3_trace_v2): the virtual machine's steps, and the rows stepped in full scans of a table (a
// statement whose cost grows with the table). For the tests and benchmarks that check that a request
// costs the same whatever the tables hold; the server never installs one.
class StepCounter {
  public:
    explicit StepCounter(Database& db);
    StepCounter(const StepCounter&) = delete;
    StepCounter& operator=(const StepCounter&) = delete;
    ~StepCounter();

    std::int64_t vm_steps() const { return vm_steps_; }
    std::int64_t full_scan_steps() const { return full_scan_steps_; }
    // Statements prepared again since (their schema or settings changed under them: SQLite does it
    // silently, at the cost of a parse).
    std::int64_t reprepares() const { return reprepares_; }
    // The statements that scanned a whole table, as written (each once).
    const std::vector<std::string>& scanners() const { return scanners_; }
    // Counts from zero again.
    void reset();

  private:
    static int on_trace(unsigned type, void* self, void* p, void* x);
    Database& db_;
    std::int64_t vm_steps_ = 0, full_scan_steps_ = 0, reprepares_ = 0;
    std::vector<std::string> scanners_;
};

// One step of a schema: the version it brings the database to, the SQL that does it, and what the SQL
// cannot (a column filled by the program's own arithmetic), run after it in the same transaction.
struct Migration {
    int version;
    const char* sql;
    void (*fill)(Database&) = nullptr;
};

// Brings the database to the last migration's version (PRAGMA user_version), applying the steps it has
// not had, in order, all in one transaction: either every step applies or none does. The file must
// already have been checked by check_schema (a version this program knows). Returns the version the
// database had before. `migrations` are ordered by version, from 1, without gaps.
int migrate(Database& db, std::span<const Migration> migrations, std::uint32_t application_id);

// Whether the open file is one this program may use, before anything in it is changed. Throws Error
// with a clear message when it is not:
//  - a file that is not an SQLite database;
//  - an SQLite database of another program (another application_id, or tables without ours);
//  - a schema newer than `known` ("server.db is schema version 5; this gobblet knows up to 3: use a
//    newer gobblet"), which this program must not touch.
// Returns the file's schema version (0 for a new, empty file).
int check_schema(Database& db, int known, std::uint32_t application_id, std::string_view product);

}  // namespace gobblet::server::db
