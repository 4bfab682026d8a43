// The SQLite layer (server/db.h): statements, transactions, schema versions and the messages a broken,
// foreign, newer, missing or locked file gets.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "server/db.h"
#include "support.h"

using namespace gobblet::server;
using namespace gobblet::test;
using db::Database;
using db::Migration;
using db::Query;
using db::Statement;
using db::Transaction;

namespace {

constexpr std::uint32_t app = 0x54657374;  // 'Test'

const Migration two_steps[] = {
    {1, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"},
    {2, "ALTER TABLE t ADD COLUMN score REAL; CREATE TABLE u (t_id INTEGER REFERENCES t(id));"},
};

Database open_rw(const std::string& path, int busy_ms = 5000) {
    Database d = Database::open(path, {false, busy_ms});
    d.prepare_for_writing();
    return d;
}

}  // namespace

TEST_CASE("a new file is migrated from empty to the last version in one go", "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    CHECK(db::check_schema(d, 2, app, "gobblet") == 0);
    CHECK(db::migrate(d, two_steps, app) == 0);
    CHECK(d.query_int("PRAGMA user_version") == 2);
    CHECK(d.query_int("PRAGMA application_id") == app);
    CHECK(d.query_int("SELECT count(*) FROM sqlite_schema WHERE name IN ('t', 'u')") == 2);
    // WAL, synchronous NORMAL (1), foreign keys on.
    CHECK(d.query_int("PRAGMA synchronous") == 1);
    CHECK(d.query_int("PRAGMA foreign_keys") == 1);
    Statement mode(d, "PRAGMA journal_mode");
    Query q = mode.query();
    REQUIRE(q.next());
    CHECK(q.text(0) == "wal");
}

TEST_CASE("a database at version 1 gets only the steps after it, and keeps its rows", "[db]") {
    TempDir dir;
    {
        Database d = open_rw(dir / "a.db");
        db::migrate(d, std::span(two_steps, 1), app);
        d.exec("INSERT INTO t (name) VALUES ('liam')");
    }
    Database d = open_rw(dir / "a.db");
    CHECK(db::check_schema(d, 2, app, "gobblet") == 1);
    CHECK(db::migrate(d, two_steps, app) == 1);
    CHECK(d.query_int("PRAGMA user_version") == 2);
    CHECK(d.query_int("SELECT count(*) FROM t WHERE name = 'liam' AND score IS NULL") == 1);
    // Again: nothing to do.
    CHECK(db::migrate(d, two_steps, app) == 2);
}

TEST_CASE("a failing migration step changes nothing, not even the steps before it", "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    const Migration broken[] = {two_steps[0], {2, "CREATE TABLE v (x); ALTER TABLE nowhere ADD COLUMN y;"}};
    const std::string e = thrown_by<db::Error>([&] { db::migrate(d, broken, app); });
    CHECK_THAT(e, Catch::Contains("upgrading the schema to version 2 failed, nothing was changed"));
    CHECK_THAT(e, Catch::Contains("no such table: nowhere"));
    CHECK(d.query_int("PRAGMA user_version") == 0);
    CHECK(d.query_int("SELECT count(*) FROM sqlite_schema") == 0);
}

TEST_CASE("a newer schema is refused with a clear message, and the file is left as it was", "[db]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    {
        Database d = open_rw(path);
        db::migrate(d, two_steps, app);
        d.exec("PRAGMA user_version = 5");
    }
    const std::string before = file_bytes(path);
    Database d = Database::open(path, {false, 5000});
    const std::string e = thrown_by<db::Error>([&] { db::check_schema(d, 3, app, "gobblet"); });
    CHECK(e == path + " is schema version 5; this gobblet knows up to 3: use a newer gobblet");
    CHECK(file_bytes(path) == before);
}

TEST_CASE("a file that is not a database, and another program's database, are refused", "[db]") {
    TempDir dir;
    const std::string text = dir / "notes.txt";
    std::ofstream(text) << std::string(4096, 'x');
    const std::string e = thrown_by<db::Error>([&] {
        Database d = Database::open(text, {false, 5000});
        db::check_schema(d, 2, app, "gobblet");
    });
    CHECK(e == text +
                   " is not an SQLite database, so not a gobblet server database; nothing was changed (give "
                   "another --db)");
    CHECK(file_bytes(text) == std::string(4096, 'x'));

    const std::string other = dir / "other.db";
    {
        Database d = open_rw(other);
        d.exec("CREATE TABLE photos (id INTEGER)");
    }
    Database d = Database::open(other, {false, 5000});
    CHECK(thrown_by<db::Error>([&] { db::check_schema(d, 2, app, "gobblet"); }) ==
          other +
              " is an SQLite database of another program, not a gobblet server database; nothing was changed "
              "(give another --db)");
}

TEST_CASE("a database that cannot be opened says why in words", "[db]") {
    TempDir dir;
    CHECK(thrown_by<db::Error>([&] {
              Database::open(dir / "missing/x.db", {false, 5000});
          }) == dir / "missing/x.db" + ": cannot open: the folder " + (dir / "missing") + " does not exist");
    CHECK(thrown_by<db::Error>([&] {
              Database::open(dir / "none.db", {true, 5000});
          }) == dir / "none.db" + ": cannot open: no such file");
    CHECK(thrown_by<db::Error>([&] {
              Database::open(dir.path.string(), {false, 5000});
          }) == dir.path.string() + ": cannot open: it is a folder, not a database file");
    std::ofstream(dir / "plain") << "x";
    CHECK(thrown_by<db::Error>([&] {
              Database::open(dir / "plain/x.db", {false, 5000});
          }) == dir / "plain/x.db" + ": cannot open: " + (dir / "plain") + " is not a folder");
    if (geteuid() != 0) {  // root writes anywhere
        std::filesystem::create_directory(dir / "locked");
        std::filesystem::permissions(dir / "locked",
                                     std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
        CHECK(thrown_by<db::Error>([&] {
                  Database::open(dir / "locked/x.db", {false, 5000});
              }) ==
              dir / "locked/x.db" + ": cannot open: the folder " + (dir / "locked") + " is not writable");
    }
}

TEST_CASE("a write lock held by another connection fails after the busy timeout, with a message", "[db]") {
    TempDir dir;
    Database a = open_rw(dir / "a.db");
    db::migrate(a, two_steps, app);
    Database b = open_rw(dir / "a.db", 20);
    Transaction holding(a);
    const std::string e = thrown_by<db::Error>([&] { Transaction t(b); });
    CHECK_THAT(e, Catch::Contains("database is locked"));
    CHECK_THAT(e, Catch::Contains("another program holds a lock on the database"));
}

TEST_CASE("statements bind by position and read typed columns; NULL is an empty optional", "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    d.exec("CREATE TABLE v (i INTEGER, r REAL, t TEXT, b BLOB, n INTEGER)");
    Statement insert(d, "INSERT INTO v VALUES (?1, ?2, ?3, ?4, ?5)");
    const std::vector<unsigned char> bytes = {0, 1, 255};
    insert.run(std::int64_t(1) << 40, 2.5, std::string_view("Ém\0ile", 6), db::Blob(bytes), std::nullopt);
    insert.run(7, 0.0, "x", db::Blob(), std::optional<int>(3));
    Statement select(d, "SELECT i, r, t, b, n FROM v ORDER BY i DESC");
    Query q = select.query();
    REQUIRE(q.next());
    CHECK(q.int64(0) == std::int64_t(1) << 40);
    CHECK(q.real(1) == 2.5);
    CHECK(q.text(2) == std::string("Ém\0ile", 6));
    CHECK(q.blob(3) == bytes);
    CHECK(q.optional_int64(4) == std::nullopt);
    REQUIRE(q.next());
    CHECK(q.int64(0) == 7);
    CHECK(q.blob(3).empty());
    CHECK_FALSE(q.is_null(3));  // an empty blob is not NULL
    CHECK(q.optional_int64(4) == 3);
    CHECK_FALSE(q.next());
}

TEST_CASE("a statement is reset when its query ends, so it can be used again at once", "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    d.exec("CREATE TABLE v (i INTEGER); INSERT INTO v VALUES (1), (2), (3)");
    Statement s(d, "SELECT i FROM v WHERE i >= ?1 ORDER BY i");
    {
        Query q = s.query(2);
        REQUIRE(q.next());
        CHECK(q.int64(0) == 2);
    }  // left after one row of two
    Query q = s.query(1);
    REQUIRE(q.next());
    CHECK(q.int64(0) == 1);
}

TEST_CASE("a transaction rolls back when an error unwinds through it, and commits when asked", "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    db::migrate(d, two_steps, app);
    Statement insert(d, "INSERT INTO t (name) VALUES (?1)");
    const std::string e = thrown_by<db::Error>([&] {
        Transaction t(d);
        insert.run("liam");
        insert.run("liam");  // UNIQUE: throws
        t.commit();
    });
    CHECK_THAT(e, Catch::Contains("UNIQUE constraint failed: t.name"));
    CHECK(d.query_int("SELECT count(*) FROM t") == 0);
    {
        Transaction t(d);
        insert.run("eamon");
        t.commit();
    }
    CHECK(d.query_int("SELECT count(*) FROM t") == 1);
    int code = 0, primary = 0;
    try {
        insert.run("eamon");
    } catch (const db::Error& err) {
        code = err.code();
        primary = err.primary();
    }
    CHECK(code == SQLITE_CONSTRAINT_UNIQUE);
    CHECK(primary == SQLITE_CONSTRAINT);
}

TEST_CASE("a transaction inside another is a savepoint: its failure undoes it alone, the outer commits all",
          "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    db::migrate(d, two_steps, app);
    Statement insert(d, "INSERT INTO t (name) VALUES (?1)");
    {
        Transaction batch(d);
        {
            Transaction one(d);
            insert.run("liam");
            one.commit();
        }
        CHECK(thrown_by<db::Error>([&] {
                  Transaction two(d);
                  insert.run("eamon");
                  insert.run("liam");  // UNIQUE: throws, and undoes eamon only
                  two.commit();
              }) != "(no error)");
        {
            Transaction three(d);
            insert.run("aoife");
            three.commit();
        }
        CHECK(d.query_int("SELECT count(*) FROM t") == 2);
        batch.commit();
    }
    Statement names(d, "SELECT group_concat(name, ',') FROM (SELECT name FROM t ORDER BY id)");
    auto q = names.query();
    REQUIRE(q.next());
    CHECK(q.text(0) == "liam,aoife");
    // An outer transaction that ends uncommitted takes its savepoints' work with it.
    {
        Transaction batch(d);
        Transaction inner(d);
        insert.run("cathal");
        inner.commit();
    }
    CHECK(d.query_int("SELECT count(*) FROM t") == 2);
}

TEST_CASE("a step counter sees what a statement costs: an index lookup, a full scan and who made it",
          "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    db::migrate(d, two_steps, app);
    Statement insert(d, "INSERT INTO t (name, score) VALUES (?1, ?2)");
    {
        Transaction t(d);
        for (int i = 0; i < 2000; ++i) insert.run("p" + std::to_string(i), double(i));
        t.commit();
    }
    Statement by_name(d, "SELECT id FROM t WHERE name = ?1");    // the UNIQUE index
    Statement by_score(d, "SELECT id FROM t WHERE score = ?1");  // no index: every row
    (void)by_score.query(1.0).next();                            // counted before the counter: not seen
    db::StepCounter c(d);
    CHECK(by_name.query("p1500").next());
    CHECK(c.full_scan_steps() == 0);
    CHECK(c.vm_steps() < 30);
    CHECK(c.scanners().empty());
    CHECK_FALSE(by_score.query(-1.0).next());  // none: every row looked at
    CHECK(c.full_scan_steps() >= 1999);
    CHECK(c.vm_steps() > 2000);
    REQUIRE(c.scanners().size() == 1);
    CHECK(c.scanners()[0] == "SELECT id FROM t WHERE score = ?1");
    c.reset();
    CHECK(c.vm_steps() == 0);
    CHECK(by_name.query("p3").next());
    CHECK(c.full_scan_steps() == 0);
}

TEST_CASE("foreign keys are enforced", "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    db::migrate(d, two_steps, app);
    CHECK_THAT(thrown_by<db::Error>([&] { d.exec("INSERT INTO u VALUES (42)"); }),
               Catch::Contains("FOREIGN KEY constraint failed"));
}

TEST_CASE(
    "the checkpointer copies the WAL into the database file on its own thread, and the WAL starts "
    "again",
    "[db]") {
    TempDir dir;
    const std::string path = dir / "a.db";
    Database d = open_rw(path);
    db::migrate(d, two_steps, app);
    db::Checkpointer checkpoints(d, 10);  // after each commit that leaves 10 pages or more in the WAL
    Statement insert(d, "INSERT INTO t (name) VALUES (?1)");
    const auto add = [&](const std::string& name) {
        Transaction t(d);
        insert.run(std::string(3000, 'x') + name);  // a page or more each (the row and its index entry)
        t.commit();
    };
    for (int i = 0; i < 40; ++i) add(std::to_string(i));
    // (Real time: the checkpoints run on their thread. Waits at most 10 s for what takes milliseconds.)
    for (int i = 0; i < 2000 && checkpoints.done() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    REQUIRE(checkpoints.done() >= 1);
    CHECK(checkpoints.copied() >= 10);
    CHECK(std::filesystem::file_size(path) >= 10 * 4096);  // the rows are in the database file itself
    // Once a checkpoint has copied everything, the next commit writes the WAL from its start: its pages
    // fall back to a few (without checkpoints they would only grow, past 40 and on).
    bool restarted = false;
    for (int i = 0; i < 500 && !restarted; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        add("more " + std::to_string(i));
        restarted = checkpoints.wal_pages() < 10;
    }
    CHECK(restarted);
    CHECK(d.query_int("SELECT count(*) FROM t") >= 41);
}

TEST_CASE("group commit: a turn's writes are one transaction, committed only when the group is", "[db]") {
    TempDir dir;
    Database d = open_rw(dir / "a.db");
    db::migrate(d, two_steps, app);
    Database other = open_rw(dir / "a.db", 20);  // another connection: it sees only what is committed
    Statement insert(d, "INSERT INTO t (name) VALUES (?1)");
    Statement count(d, "SELECT count(*) FROM t");
    d.group_commits(true);
    {
        Query q = count.query();  // a read begins nothing
        REQUIRE(q.next());
    }
    CHECK_FALSE(d.group_open());
    insert.run("liam");
    insert.run("eamon");
    CHECK(d.group_open());
    CHECK(d.query_int("SELECT count(*) FROM t") == 2);      // the writer sees its own writes
    CHECK(other.query_int("SELECT count(*) FROM t") == 0);  // nobody else yet: not committed
    d.commit_group();
    CHECK_FALSE(d.group_open());
    CHECK(other.query_int("SELECT count(*) FROM t") == 2);
    // A Transaction commits the group first (transactions do not nest), then is its own.
    insert.run("zoe");
    {
        Transaction t(d);
        CHECK(other.query_int("SELECT count(*) FROM t") == 3);
        insert.run("mallory");
        t.commit();
    }
    CHECK_FALSE(d.group_open());
    CHECK(other.query_int("SELECT count(*) FROM t") == 4);
    // Off again: each statement commits itself.
    insert.run("kai");
    d.group_commits(false);
    CHECK(other.query_int("SELECT count(*) FROM t") == 5);
    insert.run("ada");
    CHECK_FALSE(d.group_open());
    CHECK(other.query_int("SELECT count(*) FROM t") == 6);
}
