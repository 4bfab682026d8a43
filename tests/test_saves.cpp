// Save files: headers, loading with and without them, atomic writing, and where files go.
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <set>
#include <thread>

#include "saves/puzzles.h"
#include "saves/savefile.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;
namespace fs = std::filesystem;

TEST_CASE("a save file is the canonical transcript headed by rules, size and date", "[saves]") {
    Game g = game_after("w3-b2\nk1 c3", {4, Rules::Rogers});
    CHECK(saves::save_text(g, "2026-11-22 10:00") ==
          "% gobblet game\n% rules: rogers\n% size: 4\n% date: 2026-11-22 10:00\nW3B2\nK1C3\n");
}

TEST_CASE("a finished game's save file records the result", "[saves]") {
    Game g = game_after("W1A1\nK1C1\nW2A2\nK2C2\nW3A3", {3, Rules::Official});
    CHECK(saves::save_text(g, "") ==
          "% gobblet game\n% rules: official\n% size: 3\n% result: White wins: three in a row on row A\n"
          "W1A1\nK1C1\nW2A2\nK2C2\nW3A3\n");
}

TEST_CASE("loading a save file restores its rules and size", "[saves]") {
    Game g = game_after("W3A1\nK1A1\nW2B2", {3, Rules::Rogers});
    const Expected<Game, TranscriptError> l = saves::load_text(saves::save_text(g, "today"), {});
    REQUIRE(l);
    CHECK(l->variant() == Variant{3, Rules::Rogers});
    CHECK(l->position() == g.position());
    CHECK(saves::read_header(saves::save_text(g, "today")).date == "today");
}

TEST_CASE("a plain transcript without a header loads under the chosen or default rules", "[saves]") {
    const Expected<Game, TranscriptError> l = saves::load_text("W1A1\nK1D4\n", {});
    REQUIRE(l);
    CHECK(l->variant() == Variant{4, Rules::Official});
    const Expected<Game, TranscriptError> r =
        saves::load_text(fixture("liam-white--eamon-black.txt"), {Rules::Rogers, std::nullopt});
    REQUIRE(r);
    CHECK(r->moves().size() == 38);
}

TEST_CASE("rules chosen explicitly win over the header", "[saves]") {
    const std::string text = "% rules: rogers\nW1A1\nK1D1\nW1A2\nK2A2\n";
    CHECK(saves::load_text(text, {}));
    const Expected<Game, TranscriptError> forced = saves::load_text(text, {Rules::Official, std::nullopt});
    REQUIRE_FALSE(forced);
    CHECK(forced.why().where.line == 5);
}

TEST_CASE("headers are read generously and unknown lines are comments", "[saves]") {
    saves::Header h = saves::read_header(
        "%  Rules :  ROGERS \r\n% size: 3x3\n% player: Liam\n#date: x\nW1A1\n% rules: official\n");
    CHECK(h.rules == Rules::Rogers);
    CHECK(h.size == 3);
    CHECK(h.date == "x");
}

TEST_CASE("writing a file replaces it whole and leaves no temporary file", "[saves]") {
    TempDir dir;
    const fs::path file = dir.path / "sub" / "game.txt";
    CHECK(saves::write_file(file, "W1A1\n"));
    CHECK(saves::write_file(file, "W1B2\n"));
    CHECK(saves::read_file(file) == "W1B2\n");
    int entries = 0;
    for ([[maybe_unused]] auto& e : fs::directory_iterator(dir.path / "sub")) ++entries;
    CHECK(entries == 1);
}

TEST_CASE("an unwritable folder gets a clear message and the old file stays intact", "[saves]") {
    if (geteuid() == 0) {
        // root ignores permissions: use a path under a regular file instead, which nobody can create.
        TempDir dir;
        const fs::path blocker = dir.path / "file";
        REQUIRE(saves::write_file(blocker, "keep\n"));
        const Expected<void> written = saves::write_file(blocker / "game.txt", "W1A1\n");
        CHECK_FALSE(written);
        CHECK(written.why().rfind("cannot write " + (blocker / "game.txt").string() + ": ", 0) == 0);
        CHECK(saves::read_file(blocker) == "keep\n");
        return;
    }
    TempDir dir;
    const fs::path file = dir.path / "game.txt";
    REQUIRE(saves::write_file(file, "keep\n"));
    fs::permissions(dir.path, fs::perms::owner_read | fs::perms::owner_exec);
    const Expected<void> written = saves::write_file(file, "W1A1\n");
    CHECK_FALSE(written);
    CHECK(written.why() == "cannot write " + file.string() + ": Permission denied");
    CHECK(saves::read_file(file) == "keep\n");
}

TEST_CASE("reading a missing file or a folder says so", "[saves]") {
    TempDir dir;
    CHECK(saves::read_file(dir.path / "nope.txt").why() ==
          "cannot read " + (dir.path / "nope.txt").string() + ": No such file or directory");
    CHECK(saves::read_file(dir.path).why() == "cannot read " + dir.path.string() + ": it is a folder");
}

TEST_CASE("save folders follow XDG_STATE_HOME and XDG_DATA_HOME", "[saves]") {
    EnvVar state("XDG_STATE_HOME", "/tmp/state-x");
    EnvVar data("XDG_DATA_HOME", "/tmp/data-x");
    CHECK(saves::autosave_path() == fs::path("/tmp/state-x/gobblet/autosave.txt"));
    CHECK(saves::saves_dir() == fs::path("/tmp/data-x/gobblet/saves"));
}

TEST_CASE("save folders default to ~/.local/state and ~/.local/share", "[saves]") {
    EnvVar home("HOME", "/home/liam");
    EnvVar state("XDG_STATE_HOME", nullptr);
    EnvVar data("XDG_DATA_HOME", "relative/is/ignored");
    CHECK(saves::state_dir() == fs::path("/home/liam/.local/state/gobblet"));
    CHECK(saves::saves_dir() == fs::path("/home/liam/.local/share/gobblet/saves"));
}

TEST_CASE("reading refuses a device, a pipe and a socket at once", "[saves][limits]") {
    TempDir dir;
    CHECK(saves::read_file("/dev/zero").why() == "cannot read /dev/zero: it is a device, not a regular file");
    const fs::path fifo = dir.path / "pipe";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    // Opening a pipe without a writer used to wait forever.
    const Expected<std::string> piped = saves::read_file(fifo);
    CHECK(piped.why() == "cannot read " + fifo.string() + ": it is a pipe, not a regular file");
    CHECK_FALSE(piped.value());  // no text at all
}

TEST_CASE("reading refuses a file over 1 MiB without reading it", "[saves][limits]") {
    TempDir dir;
    const fs::path big = dir.path / "big.txt";
    { std::ofstream out(big); }
    fs::resize_file(big, 100u << 20);  // 100 MB, sparse: nothing is written, nothing would be read fast
    const Expected<std::string> too_big = saves::read_file(big);
    CHECK(too_big.why() == "cannot read " + big.string() +
                               ": it is 104857600 bytes, more than the 1048576 (1 MiB) a save file may hold");
    CHECK_FALSE(too_big.value());  // no text at all
    CHECK(fs::file_size(big) == 100u << 20);
    fs::resize_file(big, saves::max_file_bytes);  // the largest file still reads
    const Expected<std::string> largest = saves::read_file(big);
    REQUIRE(largest);
    CHECK(largest->size() == saves::max_file_bytes);
}

TEST_CASE("writing replaces a regular file only, never a link, a pipe or a folder", "[saves][limits]") {
    TempDir dir;
    const fs::path target = dir.path / "precious.txt";
    REQUIRE(saves::write_file(target, "keep\n"));
    const fs::path link = dir.path / "link.txt";
    fs::create_symlink(target, link);
    CHECK(saves::write_file(link, "W1A1\n").why() ==
          "cannot write " + link.string() + ": it is a symbolic link; only a regular file is replaced");
    CHECK(fs::is_symlink(link));
    const fs::path fifo = dir.path / "pipe";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(saves::write_file(fifo, "W1A1\n").why() ==
          "cannot write " + fifo.string() + ": it is a pipe; only a regular file is replaced");
    CHECK(fs::is_fifo(fifo));
    CHECK(saves::write_file(dir.path, "W1A1\n").why() ==
          "cannot write " + dir.path.string() + ": it is a folder");
    CHECK(saves::read_file(target) == "keep\n");
    int entries = 0;  // and no temporary file was left behind
    for ([[maybe_unused]] auto& e : fs::directory_iterator(dir.path)) ++entries;
    CHECK(entries == 3);
}

TEST_CASE("stale temporary files of interrupted saves are removed, and nothing else", "[saves]") {
    TempDir dir;
    const auto now = fs::file_time_type::clock::now();
    const auto make = [&](const std::string& name, std::chrono::seconds age) {
        const fs::path p = dir.path / name;
        std::ofstream(p) << "W1A1\n";
        fs::last_write_time(p, now - age);
        return p;
    };
    using std::chrono::seconds;
    const fs::path stale = make(".autosave.txt.Ab3xYz", seconds(120));
    const fs::path stale_save = make(".game-20261122-140301.txt.q1W2e3", seconds(3600));
    const fs::path fresh = make(".autosave.txt.Zz9Zz9", seconds(10));  // a save in progress
    const fs::path short_suffix = make(".autosave.txt.Ab3xY", seconds(120));
    const fs::path not_hidden = make("autosave.txt.Ab3xYz", seconds(120));
    const fs::path other = make(".notes.Ab3xYz", seconds(120));
    const fs::path save = make("game-20261122-140301.txt", seconds(3600));
    const fs::path stale_settings = make(".settings.k2J9xQ", seconds(120));
    const fs::path settings = make("settings", seconds(3600));
    fs::create_directory(dir.path / ".folder.txt.Ab3xYz");
    fs::create_symlink(save, dir.path / ".link.txt.Ab3xYz");
    CHECK(saves::remove_stale_temporaries(dir.path, now) == 3);
    CHECK_FALSE(fs::exists(stale));
    CHECK_FALSE(fs::exists(stale_save));
    CHECK_FALSE(fs::exists(stale_settings));
    for (const fs::path& kept : {fresh, short_suffix, not_hidden, other, save, settings}) {
        INFO(kept.string());
        CHECK(fs::exists(kept));
    }
    CHECK(fs::is_directory(dir.path / ".folder.txt.Ab3xYz"));
    CHECK(fs::is_symlink(dir.path / ".link.txt.Ab3xYz"));
    CHECK(saves::remove_stale_temporaries(dir.path / "missing", now) == 0);
}

TEST_CASE("a puzzle save killed half way leaves no temporary file behind for good", "[saves]") {
    // Progress is written beside the saves' folder ($XDG_DATA_HOME/gobblet), which the start-up's
    // clean-up looks at too.
    TempDir dir;
    EnvVar data("XDG_DATA_HOME", (dir / "data").c_str());
    EnvVar state("XDG_STATE_HOME", (dir / "state").c_str());
    const fs::path progress = saves::progress_path();
    REQUIRE(progress.parent_path() == fs::path(dir / "data") / "gobblet");
    REQUIRE(saves::save_progress(progress, saves::PuzzleProgress{}));
    const fs::path left = progress.parent_path() / ".puzzles.txt.Q7xk2P";
    std::ofstream(left) << "solved official-4 1\n";
    fs::last_write_time(left, fs::file_time_type::clock::now() - std::chrono::minutes(5));
    saves::remove_stale_temporaries();
    CHECK_FALSE(fs::exists(left));
    CHECK(fs::exists(progress));
}

// Puzzle progress: solved, failed and streaks per set, kept in $XDG_DATA_HOME/gobblet/puzzles.txt.

TEST_CASE("solving a puzzle extends the streak; failing one ends it", "[saves][puzzle]") {
    saves::PuzzleProgress p;
    p.record("official-4x4", 3, true);
    p.record("official-4x4", 7, true);
    p.record("official-4x4", 9, false);
    p.record("official-4x4", 10, true);
    p.record("3x3", 1, false);
    const saves::SetProgress& s = p.sets.at("official-4x4");
    CHECK(s.solved == std::set<int>{3, 7, 10});
    CHECK(s.failed == std::set<int>{9});
    CHECK(s.streak == 1);
    CHECK(s.best_streak == 2);
    CHECK(p.sets.at("3x3").failed == std::set<int>{1});
    CHECK(p.sets.at("3x3").streak == 0);
}

TEST_CASE("a failed puzzle solved later counts as solved; a solved one failed later stays solved",
          "[saves][puzzle]") {
    saves::PuzzleProgress p;
    p.record("rogers-4x4", 5, false);
    p.record("rogers-4x4", 5, true);
    p.record("rogers-4x4", 6, true);
    p.record("rogers-4x4", 6, false);
    const saves::SetProgress& s = p.sets.at("rogers-4x4");
    CHECK(s.solved == std::set<int>{5, 6});
    CHECK(s.failed.empty());
    CHECK(s.streak == 0);
    CHECK(s.best_streak == 2);
}

TEST_CASE("puzzle progress is written as text and reads back the same", "[saves][puzzle]") {
    saves::PuzzleProgress p;
    p.record("official-4x4", 2, true);
    p.record("official-4x4", 1, true);
    p.record("official-4x4", 4, false);
    p.record("3x3", 8, true);
    const std::string text = saves::progress_text(p);
    CHECK(text ==
          "% gobblet puzzle progress\n"
          "\nset: 3x3\nsolved: 8\nfailed:\nstreak: 1\nbest streak: 1\n"
          "\nset: official-4x4\nsolved: 1 2\nfailed: 4\nstreak: 0\nbest streak: 2\n");
    CHECK(saves::parse_progress(text) == p);
}

TEST_CASE("a damaged progress file keeps what it can read", "[saves][puzzle]") {
    const saves::PuzzleProgress p = saves::parse_progress(
        "set: 3x3\nsolved: 1 x 3 -4\nfailed: 3 5\nstreak: lots\nnonsense\nbest streak: 2\n");
    const saves::SetProgress& s = p.sets.at("3x3");
    CHECK(s.solved == std::set<int>{1, 3});
    CHECK(s.failed == std::set<int>{5});  // solved wins over failed
    CHECK(s.streak == 0);
    CHECK(s.best_streak == 2);
}

TEST_CASE("puzzle progress lives in XDG_DATA_HOME/gobblet/puzzles.txt and is saved atomically",
          "[saves][puzzle]") {
    TempDir dir;
    EnvVar data("XDG_DATA_HOME", dir.path.c_str());
    const fs::path path = saves::progress_path();
    CHECK(path == dir.path / "gobblet" / "puzzles.txt");

    const Expected<saves::PuzzleProgress> none = saves::load_progress(path);
    REQUIRE(none);  // no file yet: no progress
    CHECK(none->sets.empty());

    saves::PuzzleProgress p;
    p.record("official-4x4", 12, true);
    p.record("official-4x4", 13, false);
    REQUIRE(saves::save_progress(path, p));
    CHECK(saves::load_progress(path) == p);
    // Only the file itself is left in the folder: the temporary file was renamed into place.
    int files = 0;
    for (const auto& entry : fs::directory_iterator(path.parent_path())) files += entry.is_regular_file();
    CHECK(files == 1);
}

TEST_CASE("without XDG_DATA_HOME or HOME there is nowhere to keep puzzle progress", "[saves][puzzle]") {
    EnvVar home("HOME", nullptr);
    EnvVar data("XDG_DATA_HOME", nullptr);
    CHECK(saves::progress_path().empty());
    CHECK(saves::save_progress(saves::progress_path(), {}).why() ==
          "cannot save puzzle progress: neither XDG_DATA_HOME nor HOME is set");
}
