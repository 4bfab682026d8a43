#include "db.h"

#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <system_error>

namespace gobblet::server::db {

namespace fs = std::filesystem;

namespace {

// Why a file could not be opened, in words: SQLite's own messages ("unable to open database file", "disk
// I/O error") do not say whether the file or its folder is missing, or the path names a folder.
// Empty when none of these is the reason.
std::string cannot_open_reason(const fs::path& path, bool read_only) {
    std::error_code ec;
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    const auto st = fs::status(path, ec);
    if (fs::is_directory(st)) return "it is a folder, not a database file";
    if (!fs::exists(st)) {
        if (read_only) return "no such file";
        const auto fst = fs::status(folder, ec);
        if (!fs::exists(fst)) return "the folder " + folder.string() + " does not exist";
        if (!fs::is_directory(fst)) return folder.string() + " is not a folder";
        if (::access(folder.c_str(), W_OK) != 0) return "the folder " + folder.string() + " is not writable";
    }
    return {};
}

// The start of a statement, on one line, to say in a message what was being run.
std::string sql_excerpt(std::string_view sql) {
    std::string out;
    for (char c : sql) {
        if (out.size() >= 60) break;
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (space && (out.empty() || out.back() == ' ')) continue;
        out += space ? ' ' : c;
    }
    return out;
}

}  // namespace

// ---- Database ----

Database::Database(sqlite3* db, fs::path path, bool read_only)
    : db_(db), path_(std::move(path)), read_only_(read_only) {}

Database Database::open(const fs::path& path, const Options& options) {
    sqlite3* handle = nullptr;
    const int flags =
        (options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
        SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    const int rc = sqlite3_open_v2(path.c_str(), &handle, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = handle ? sqlite3_errmsg(handle) : sqlite3_errstr(rc);
        const int system_errno = handle ? sqlite3_system_errno(handle) : 0;
        sqlite3_close(handle);
        const std::string why = cannot_open_reason(path, options.read_only);
        if (!why.empty()) throw Error(path.string() + ": cannot open: " + why, rc);
        if (system_errno != 0) message += std::string(" (") + std::strerror(system_errno) + ")";
        throw Error(path.string() + ": cannot open: " + message, rc);
    }
    Database db(handle, path, options.read_only);
    db.check(sqlite3_busy_timeout(handle, options.busy_timeout_ms), "setting the busy timeout");
    db.exec("PRAGMA foreign_keys = ON");
    return db;
}

void Database::prepare_for_writing() {
    assert(!read_only_);
    // journal_mode answers with the mode in force: anything but "wal" means the file could not switch
    // (a file system without shared memory, for one).
    sqlite3_stmt* stmt = nullptr;
    check(sqlite3_prepare_v2(db_, "PRAGMA journal_mode = WAL", -1, &stmt, nullptr),
          "setting the WAL journal");
    const int rc = sqlite3_step(stmt);
    std::string mode = rc == SQLITE_ROW ? reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)) : "";
    sqlite3_finalize(stmt);
    check(rc == SQLITE_ROW ? SQLITE_OK : rc, "setting the WAL journal");
    if (mode != "wal")
        throw Error(path_.string() + ": cannot use the WAL journal (SQLite kept journal_mode " + mode + ")",
                    SQLITE_ERROR);
    exec("PRAGMA synchronous = NORMAL");
    // When a checkpoint has copied everything, the next commit writes the WAL from its start again; a
    // burst may have made the file long meanwhile: it is cut back to this then.
    exec("PRAGMA journal_size_limit = 67108864");
}

Checkpointer::Checkpointer(Database& writer, int pages) : writer_(writer), pages_(pages) {
    const int rc = sqlite3_open_v2(writer.path().c_str(), &own_, SQLITE_OPEN_READWRITE, nullptr);
    if (rc != SQLITE_OK) {
        const std::string why = own_ ? sqlite3_errmsg(own_) : sqlite3_errstr(rc);
        sqlite3_close(own_);
        throw Error(writer.path().string() + ": cannot open a connection for checkpoints: " + why, rc);
    }
    sqlite3_busy_timeout(own_, 1000);
    // A connection learns that the file is in WAL mode, and opens the WAL, when it first reads: until
    // then a checkpoint through it does nothing ("not in WAL mode") and the WAL would grow for ever.
    if (const int read = sqlite3_exec(own_, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
        read != SQLITE_OK) {
        const std::string why = sqlite3_errmsg(own_);
        sqlite3_close(own_);
        throw Error(writer.path().string() + ": cannot read with the connection for checkpoints: " + why,
                    read);
    }
    // (the hook replaces the automatic checkpoint, which SQLite runs through the same hook)
    sqlite3_wal_hook(writer_.handle(), &Checkpointer::on_commit, this);
    thread_ = std::thread([this] { run(); });
}

Checkpointer::~Checkpointer() {
    {
        const std::lock_guard<std::mutex> hold(mutex_);
        stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
    sqlite3_close(own_);
    sqlite3_wal_autocheckpoint(writer_.handle(), 1000);  // SQLite's default again
}

int Checkpointer::done() const {
    const std::lock_guard<std::mutex> hold(mutex_);
    return done_;
}

int Checkpointer::copied() const {
    const std::lock_guard<std::mutex> hold(mutex_);
    return copied_;
}

int Checkpointer::wal_pages() const { return wal_pages_.load(std::memory_order_relaxed); }

int Checkpointer::on_commit(void* self, sqlite3*, const char*, int pages) {
    auto* c = static_cast<Checkpointer*>(self);
    c->wal_pages_.store(pages, std::memory_order_relaxed);
    if (pages < c->pages_) return SQLITE_OK;
    {
        const std::lock_guard<std::mutex> hold(c->mutex_);
        if (c->due_) return SQLITE_OK;
        c->due_ = true;
    }
    c->wake_.notify_one();
    return SQLITE_OK;
}

void Checkpointer::run() {
    std::unique_lock<std::mutex> hold(mutex_);
    for (;;) {
        wake_.wait(hold, [this] { return due_ || stop_; });
        if (stop_) return;
        hold.unlock();
        // A failure (busy, a full disk) leaves the WAL as it is: the next commit over the mark asks again,
        // and a real failure of the disk reaches the writer's own commits.
        // The writer goes on committing while a checkpoint copies and syncs, so one pass rarely copies all;
        // the WAL is written from its start again only after one that did, so a few quick passes follow
        // (each copies what came during the last one's sync).
        int copied_now = 0;
        bool ran = false;
        for (int pass = 0; pass < 8; ++pass) {
            int log = -1, copied = -1;
            if (sqlite3_wal_checkpoint_v2(own_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &copied) !=
                    SQLITE_OK ||
                log < 0)
                break;
            ran = true;
            copied_now = copied;
            if (copied >= log) break;
        }
        hold.lock();
        due_ = false;
        if (ran) {
            ++done_;
            copied_ = copied_now;
        }
    }
}

Database::Database(Database&& other) noexcept
    : db_(other.db_),
      path_(std::move(other.path_)),
      read_only_(other.read_only_),
      grouping_(other.grouping_),
      group_open_(other.group_open_) {
    other.db_ = nullptr;
    other.grouping_ = other.group_open_ = false;
}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        sqlite3_close_v2(db_);
        db_ = other.db_;
        path_ = std::move(other.path_);
        read_only_ = other.read_only_;
        grouping_ = other.grouping_;
        group_open_ = other.group_open_;
        other.db_ = nullptr;
        other.grouping_ = other.group_open_ = false;
    }
    return *this;
}

// sqlite3_close_v2: statements still alive (they should not be) keep the connection until they go.
Database::~Database() { sqlite3_close_v2(db_); }

void Database::check(int rc, std::string_view doing) const {
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return;
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    switch (rc & 0xff) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            message += " (another program holds a lock on the database; is another gobblet server using it?)";
            break;
        case SQLITE_READONLY: message += " (the file or its folder is not writable)"; break;
        case SQLITE_FULL: message += " (the disk is full)"; break;
        case SQLITE_CANTOPEN: {
            // The OS's reason decides the advice: a folder without write permission, or no descriptor left.
            const int os_error = db_ ? sqlite3_system_errno(db_) : 0;
            if (os_error == EMFILE || os_error == ENFILE)
                message += " (too many open files: raise the limit, `ulimit -n`)";
            else
                message += " (the database's folder must be writable, for its journal)";
            break;
        }
        default: break;
    }
    throw Error(path_.string() + ": " + std::string(doing) + ": " + message, rc);
}

void Database::exec(std::string_view sql) {
    const std::string text(sql);
    check(sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr), "running " + sql_excerpt(text));
}

std::optional<std::int64_t> Database::query_int(std::string_view sql) {
    Statement s(*this, sql);
    Query q = s.query();
    if (!q.next()) return std::nullopt;
    return q.int64(0);
}

std::int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
int Database::changes() const { return sqlite3_changes(db_); }

// ---- Statement and Query ----

Statement::Statement(Database& db, std::string_view sql) : db_(&db) {
    db.check(sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr),
             "preparing " + sql_excerpt(sql));
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(other.stmt_), in_use_(other.in_use_) {
    other.stmt_ = nullptr;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::begin_use() {
    // One Query at a time per statement: a second would rebind under the first's feet.
    assert(!in_use_);
    in_use_ = true;
}

void Statement::end_use() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    in_use_ = false;
}

void Database::group_commits(bool on) {
    if (!on) commit_group();
    grouping_ = on;
}

void Database::commit_group() {
    if (!group_open_) return;
    group_open_ = false;  // (a failed COMMIT throws: the server stops, nothing of the group announced)
    exec("COMMIT");
}

void Database::before_step(sqlite3_stmt* stmt) {
    if (!grouping_ || group_open_ || sqlite3_stmt_readonly(stmt) || !sqlite3_get_autocommit(db_)) return;
    exec("BEGIN IMMEDIATE");
    group_open_ = true;
}

bool Statement::step() {
    if (sqlite3_stmt_busy(stmt_) == 0) db_->before_step(stmt_);  // (its first step)
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    // sqlite3_step's own code for a failed statement is the detailed one (extended codes are on).
    db_->check(rc, "running " + sql_excerpt(sqlite3_sql(stmt_)));
    return false;
}

void Statement::bind_int(int index, std::int64_t value) {
    db_->check(sqlite3_bind_int64(stmt_, index, value), "binding a parameter");
}
void Statement::bind_real(int index, double value) {
    db_->check(sqlite3_bind_double(stmt_, index, value), "binding a parameter");
}
void Statement::bind_text(int index, std::string_view value) {
    db_->check(sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
               "binding a parameter");
}
void Statement::bind_blob(int index, Blob value) {
    // A zero-length blob is still a blob, not NULL: sqlite3_bind_blob64 with a null pointer binds NULL.
    static const unsigned char empty = 0;
    db_->check(sqlite3_bind_blob64(stmt_, index, value.empty() ? &empty : value.data(), value.size(),
                                   SQLITE_TRANSIENT),
               "binding a parameter");
}
void Statement::bind_null(int index) { db_->check(sqlite3_bind_null(stmt_, index), "binding a parameter"); }

Query::~Query() {
    if (s_) s_->end_use();
}

bool Query::next() { return s_->step(); }

void Query::run() {
    while (s_->step()) {
    }
}

bool Query::is_null(int column) const { return sqlite3_column_type(s_->stmt_, column) == SQLITE_NULL; }
std::int64_t Query::int64(int column) const { return sqlite3_column_int64(s_->stmt_, column); }
double Query::real(int column) const { return sqlite3_column_double(s_->stmt_, column); }

std::string Query::text(int column) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s_->stmt_, column));
    const int n = sqlite3_column_bytes(s_->stmt_, column);
    return p ? std::string(p, static_cast<std::size_t>(n)) : std::string();
}

std::vector<unsigned char> Query::blob(int column) const {
    const auto* p = static_cast<const unsigned char*>(sqlite3_column_blob(s_->stmt_, column));
    const int n = sqlite3_column_bytes(s_->stmt_, column);
    return p ? std::vector<unsigned char>(p, p + n) : std::vector<unsigned char>();
}

std::optional<std::int64_t> Query::optional_int64(int column) const {
    if (is_null(column)) return std::nullopt;
    return int64(column);
}

std::optional<std::string> Query::optional_text(int column) const {
    if (is_null(column)) return std::nullopt;
    return text(column);
}

// ---- Transaction ----

// A group the loop left open commits first (its writes are not this transaction's to roll back); a
// Transaction begun inside another is a savepoint of it.
Transaction::Transaction(Database& db)
    : db_(db), nested_((db.commit_group(), sqlite3_get_autocommit(db.handle()) == 0)) {
    db_.exec(nested_ ? "SAVEPOINT nested" : "BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
    if (!open_) return;
    // Nothing to report from a destructor: a failed ROLLBACK means SQLite already rolled back.
    sqlite3_exec(db_.handle(), nested_ ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK", nullptr, nullptr,
                 nullptr);
}

void Transaction::commit() {
    assert(open_);
    db_.exec(nested_ ? "RELEASE nested" : "COMMIT");
    open_ = false;
}

// ---- StepCounter ----

StepCounter::StepCounter(Database& db) : db_(db) {
    reset();
    sqlite3_trace_v2(db_.handle(), SQLITE_TRACE_PROFILE, &StepCounter::on_trace, this);
}

StepCounter::~StepCounter() { sqlite3_trace_v2(db_.handle(), 0, nullptr, nullptr); }

void StepCounter::reset() {
    // Statements prepared earlier carry counts from before: they start from zero too.
    for (sqlite3_stmt* st = sqlite3_next_stmt(db_.handle(), nullptr); st;
         st = sqlite3_next_stmt(db_.handle(), st)) {
        sqlite3_stmt_status(st, SQLITE_STMTSTATUS_VM_STEP, 1);
        sqlite3_stmt_status(st, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1);
        sqlite3_stmt_status(st, SQLITE_STMTSTATUS_REPREPARE, 1);
    }
    vm_steps_ = full_scan_steps_ = reprepares_ = 0;
    scanners_.clear();
}

int StepCounter::on_trace(unsigned type, void* self, void* p, void*) {
    if (type != SQLITE_TRACE_PROFILE) return 0;
    auto& c = *static_cast<StepCounter*>(self);
    auto* st = static_cast<sqlite3_stmt*>(p);
    c.vm_steps_ += sqlite3_stmt_status(st, SQLITE_STMTSTATUS_VM_STEP, 1);
    c.reprepares_ += sqlite3_stmt_status(st, SQLITE_STMTSTATUS_REPREPARE, 1);
    if (const int scanned = sqlite3_stmt_status(st, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1); scanned > 0) {
        c.full_scan_steps_ += scanned;
        const char* sql = sqlite3_sql(st);
        const std::string text = sql ? sql : "";
        if (std::find(c.scanners_.begin(), c.scanners_.end(), text) == c.scanners_.end())
            c.scanners_.push_back(text);
    }
    return 0;
}

// ---- Schema versions ----

int check_schema(Database& db, int known, std::uint32_t application_id, std::string_view product) {
    const std::string name = db.path().string();
    int version = 0;
    try {
        // The first read of the file: a file that is not a database fails here.
        version = static_cast<int>(db.query_int("PRAGMA user_version").value_or(0));
    } catch (const Error& e) {
        if (e.primary() != SQLITE_NOTADB) throw;
        throw Error(name + " is not an SQLite database, so not a " + std::string(product) +
                        " server database; nothing was changed (give another --db)",
                    e.code());
    }
    const auto app = static_cast<std::uint32_t>(db.query_int("PRAGMA application_id").value_or(0));
    const auto tables = db.query_int("SELECT count(*) FROM sqlite_schema").value_or(0);
    if (app != application_id && (app != 0 || version != 0 || tables != 0))
        throw Error(name + " is an SQLite database of another program, not a " + std::string(product) +
                        " server database; nothing was changed (give another --db)",
                    SQLITE_ERROR);
    if (version > known)
        throw Error(name + " is schema version " + std::to_string(version) + "; this " +
                        std::string(product) + " knows up to " + std::to_string(known) + ": use a newer " +
                        std::string(product),
                    SQLITE_ERROR);
    return version;
}

int migrate(Database& db, std::span<const Migration> migrations, std::uint32_t application_id) {
    Transaction t(db);
    // Read again inside the write transaction: another connection may have migrated meanwhile.
    const auto before = static_cast<int>(db.query_int("PRAGMA user_version").value_or(0));
    int version = before;
    for (const Migration& m : migrations) {
        assert(m.version == (&m - migrations.data()) + 1);
        if (m.version <= version) continue;
        try {
            db.exec(m.sql);
            if (m.fill) m.fill(db);
        } catch (const Error& e) {
            throw Error(db.path().string() + ": upgrading the schema to version " +
                            std::to_string(m.version) + " failed, nothing was changed: " + e.what(),
                        e.code());
        }
        version = m.version;
    }
    if (version != before) {
        // Pragmas take no parameters: the numbers are ours, formatted here.
        db.exec("PRAGMA application_id = " + std::to_string(static_cast<std::int32_t>(application_id)));
        db.exec("PRAGMA user_version = " + std::to_string(version));
    }
    t.commit();
    return before;
}

}  // namespace gobblet::server::db
