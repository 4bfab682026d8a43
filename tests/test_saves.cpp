// Save files: headers, loading with and without them, atomic writing, and where files go.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "saves/puzzles.h"
#include "saves/savefile.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;
namespace fs = std::filesystem;

namespace {

// A fresh temporary folder, removed at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        std::string t = (fs::temp_directory_path() / "gobblet-test-XXXXXX").string();
        REQUIRE(mkdtemp(t.data()));
        path = t;
    }
    ~TempDir() {
        std::error_code ec;
        fs::permissions(path, fs::perms::owner_all, ec);
        fs::remove_all(path, ec);
    }
};

// Sets an environment variable for the length of a test.
struct EnvVar {
    std::string name;
    std::optional<std::string> old;
    EnvVar(const char* n, const char* value) : name(n) {
        if (const char* o = std::getenv(n)) old = o;
        if (value)
            setenv(n, value, 1);
        else
            unsetenv(n);
    }
    ~EnvVar() {
        if (old)
            setenv(name.c_str(), old->c_str(), 1);
        else
            unsetenv(name.c_str());
    }
};

}  // namespace

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
    saves::Loaded l = saves::load_text(saves::save_text(g, "today"), {});
    REQUIRE_FALSE(l.error);
    CHECK(l.game.variant() == Variant{3, Rules::Rogers});
    CHECK(l.game.position() == g.position());
    CHECK(saves::read_header(saves::save_text(g, "today")).date == "today");
}

TEST_CASE("a plain transcript without a header loads under the chosen or default rules", "[saves]") {
    saves::Loaded l = saves::load_text("W1A1\nK1D4\n", {});
    REQUIRE_FALSE(l.error);
    CHECK(l.game.variant() == Variant{4, Rules::Official});
    saves::Loaded r = saves::load_text(fixture("liam-white--eamon-black.txt"), {Rules::Rogers, std::nullopt});
    REQUIRE_FALSE(r.error);
    CHECK(r.game.moves().size() == 38);
}

TEST_CASE("rules chosen explicitly win over the header", "[saves]") {
    const std::string text = "% rules: rogers\nW1A1\nK1D1\nW1A2\nK2A2\n";
    CHECK_FALSE(saves::load_text(text, {}).error);
    saves::Loaded forced = saves::load_text(text, {Rules::Official, std::nullopt});
    REQUIRE(forced.error);
    CHECK(forced.error->where.line == 5);
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
    CHECK(saves::write_file(file, "W1A1\n") == "");
    CHECK(saves::write_file(file, "W1B2\n") == "");
    std::string text;
    CHECK(saves::read_file(file, text) == "");
    CHECK(text == "W1B2\n");
    int entries = 0;
    for ([[maybe_unused]] auto& e : fs::directory_iterator(dir.path / "sub")) ++entries;
    CHECK(entries == 1);
}

TEST_CASE("an unwritable folder gets a clear message and the old file stays intact", "[saves]") {
    if (geteuid() == 0) {
        // root ignores permissions: use a path under a regular file instead, which nobody can create.
        TempDir dir;
        const fs::path blocker = dir.path / "file";
        REQUIRE(saves::write_file(blocker, "keep\n") == "");
        const std::string why = saves::write_file(blocker / "game.txt", "W1A1\n");
        CHECK(why.rfind("cannot write " + (blocker / "game.txt").string() + ": ", 0) == 0);
        std::string text;
        CHECK(saves::read_file(blocker, text) == "");
        CHECK(text == "keep\n");
        return;
    }
    TempDir dir;
    const fs::path file = dir.path / "game.txt";
    REQUIRE(saves::write_file(file, "keep\n") == "");
    fs::permissions(dir.path, fs::perms::owner_read | fs::perms::owner_exec);
    const std::string why = saves::write_file(file, "W1A1\n");
    CHECK(why == "cannot write " + file.string() + ": Permission denied");
    std::string text;
    CHECK(saves::read_file(file, text) == "");
    CHECK(text == "keep\n");
}

TEST_CASE("reading a missing file or a folder says so", "[saves]") {
    TempDir dir;
    std::string text;
    CHECK(saves::read_file(dir.path / "nope.txt", text) ==
          "cannot read " + (dir.path / "nope.txt").string() + ": No such file or directory");
    CHECK(saves::read_file(dir.path, text) == "cannot read " + dir.path.string() + ": it is a folder");
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

TEST_CASE("a new named save never overwrites an earlier one", "[saves]") {
    TempDir dir;
    EnvVar data("XDG_DATA_HOME", dir.path.c_str());
    const fs::path first = saves::new_save_path();
    REQUIRE(saves::write_file(first, "W1A1\n") == "");
    const fs::path second = saves::new_save_path();
    CHECK(second != first);
    CHECK(second.parent_path() == dir.path / "gobblet" / "saves");
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

    saves::PuzzleProgress loaded;
    loaded.record("x", 1, true);
    CHECK(saves::load_progress(path, loaded) == "");  // no file yet: no progress
    CHECK(loaded.sets.empty());

    saves::PuzzleProgress p;
    p.record("official-4x4", 12, true);
    p.record("official-4x4", 13, false);
    REQUIRE(saves::save_progress(path, p) == "");
    CHECK(saves::load_progress(path, loaded) == "");
    CHECK(loaded == p);
    // Only the file itself is left in the folder: the temporary file was renamed into place.
    int files = 0;
    for (const auto& entry : fs::directory_iterator(path.parent_path())) files += entry.is_regular_file();
    CHECK(files == 1);
}

TEST_CASE("without XDG_DATA_HOME or HOME there is nowhere to keep puzzle progress", "[saves][puzzle]") {
    EnvVar home("HOME", nullptr);
    EnvVar data("XDG_DATA_HOME", nullptr);
    CHECK(saves::progress_path().empty());
    CHECK(saves::save_progress(saves::progress_path(), {}) ==
          "cannot save puzzle progress: neither XDG_DATA_HOME nor HOME is set");
}
