// A table's records (ui/table_records.h) on their own, in a folder of their own: the autosave and how
// its failure is said, the archive of a finished match (once), a match kept before another replaces it,
// and the saves.
#include <fstream>

#include "saves/record.h"
#include "saves/savefile.h"
#include "support.h"
#include "ui/table_records.h"

using namespace gobblet;
using namespace gobblet::test;
using namespace gobblet::ui;

namespace {

// The folders of the records inside a temporary one, and records whose text is a counter's.
struct Folders {
    TempDir dir;
    EnvVar state, data;
    int written = 0;  // how often the records asked for the text
    TableRecords records;

    explicit Folders(bool autosave = true)
        : state("XDG_STATE_HOME", (dir / "state").c_str()),
          data("XDG_DATA_HOME", (dir / "data").c_str()),
          records("./main", autosave, [this](bool for_autosave) {
              return std::string(for_autosave ? "autosave " : "record ") + std::to_string(++written) + "\n";
          }) {}
};

std::string contents(const std::string& path) {
    const Expected<std::string> text = saves::read_file(path);
    REQUIRE(text);
    return *text;
}

Match after(const std::string& moves) {
    Match m;
    for (const WrittenMove& w : written_moves(moves)) REQUIRE(m.play(w.spec, 0));
    return m;
}

const char* white_wins_row_a = "W1A1 K1D1 W2A2 K2D2 W3A3 K3D3 W1A4";

}  // namespace

TEST_CASE("the autosave holds the record it is given; its failure is said once, not at every move",
          "[table][records]") {
    SECTION("written (the autosave's own record), and written again") {
        Folders f;
        CHECK_FALSE(f.records.autosave_written());
        CHECK_FALSE(f.records.autosave());
        CHECK(contents(saves::autosave_path()) == "autosave 1\n");
        CHECK(f.records.autosave_written());
        CHECK_FALSE(f.records.autosave());
        CHECK(contents(saves::autosave_path()) == "autosave 2\n");
        CHECK(f.records.autosave_error() == "");
    }
    SECTION("written and still there is intact; written over by another program, it is not") {
        Folders f;
        CHECK_FALSE(f.records.autosave_intact());  // nothing written yet
        CHECK_FALSE(f.records.autosave());
        CHECK(f.records.autosave_path() == saves::autosave_path());
        CHECK(f.records.autosave_intact());
        REQUIRE(saves::write_file(saves::autosave_path(), "another program's game\n"));
        CHECK_FALSE(f.records.autosave_intact());
    }
    SECTION("beside another copy: its own slot, never the other's") {
        Folders f;  // it takes its slot when it first writes
        Expected<saves::AutosaveSlot> other = saves::claim_free_slot(saves::state_dir());
        REQUIRE(other);
        REQUIRE(saves::write_file(other->path(), "the other copy's game\n"));
        CHECK_FALSE(f.records.autosave());
        CHECK(f.records.autosave_path() == saves::slot_path(saves::state_dir(), 2));
        CHECK(contents(other->path()) == "the other copy's game\n");
        CHECK(contents(f.records.autosave_path()) == "autosave 1\n");
    }
    SECTION("held: the unfinished game of an earlier run stays until the player says what becomes of it") {
        Folders f;
        saves::write_file(saves::autosave_path(), "the last game\n").ok();
        f.records.hold_autosave(true);
        CHECK_FALSE(f.records.autosave());
        CHECK(f.written == 0);
        CHECK(contents(saves::autosave_path()) == "the last game\n");
        CHECK_FALSE(f.records.autosave_written());
        f.records.hold_autosave(false);
        CHECK_FALSE(f.records.autosave());
        CHECK(contents(saves::autosave_path()) == "autosave 1\n");
    }
    SECTION("not kept: nothing is written, not even asked for") {
        Folders f(false);
        CHECK_FALSE(f.records.autosave());
        CHECK(f.written == 0);
        CHECK_FALSE(std::filesystem::exists(saves::autosave_path()));
    }
    SECTION("a folder that cannot be made: said the first time, remembered after") {
        Folders f;
        std::ofstream(f.dir / "file") << "in the way\n";
        EnvVar blocked("XDG_STATE_HOME", (f.dir / "file").c_str());  // a file where a folder should be
        const std::optional<Notice> notice = f.records.autosave();
        REQUIRE(notice);
        CHECK(notice->error);
        const std::string said = notice->text;
        CHECK(said.find("autosave failed: ") == 0);
        CHECK(said.find("; the game goes on") != std::string::npos);
        REQUIRE_FALSE(f.records.autosave_error().empty());
        CHECK(said == "autosave failed: " + f.records.autosave_error() + "; the game goes on");
        CHECK_FALSE(f.records.autosave());  // the same failure again is not news
        CHECK_FALSE(f.records.autosave_error().empty());
    }
    SECTION("no home at all: nothing is written, and the reason is kept for the quit message") {
        Folders f;
        EnvVar state("XDG_STATE_HOME", nullptr), home("HOME", nullptr);
        CHECK_FALSE(f.records.autosave());
        CHECK(f.records.autosave_error() == "neither XDG_STATE_HOME nor HOME is set");
        CHECK(f.written == 0);
    }
}

TEST_CASE("a finished match is archived once, under the players' names; one in play is not",
          "[table][records]") {
    Folders f;
    CHECK(f.records.archive_if_over(after("W3B2")).kind == Kept::Kind::Nothing);
    CHECK_FALSE(f.records.archived());
    CHECK(f.written == 0);

    const Match over = after(white_wins_row_a);
    REQUIRE(over.phase() == MatchPhase::Over);
    const Kept said = f.records.archive_if_over(over);
    REQUIRE(f.records.archived());
    const std::string path = f.records.archive_path();
    CHECK(said.kind == Kept::Kind::Kept);
    CHECK(said.text == path);
    CHECK(std::filesystem::path(path).parent_path() == saves::games_dir());
    CHECK(std::filesystem::path(path).filename() == saves::archive_stem(over) + ".txt");
    CHECK(contents(path) == "record 1\n");
    CHECK(f.records.archive_if_over(over).kind == Kept::Kind::Nothing);  // once
    CHECK(f.written == 1);

    // A new match at the table is not archived yet, and knows no path; a loaded one may say it was.
    f.records.new_match(false);
    CHECK_FALSE(f.records.archived());
    CHECK(f.records.archive_path() == "");
    f.records.set_archived(true);
    CHECK(f.records.archive_if_over(over).kind == Kept::Kind::Nothing);
}

TEST_CASE("a match replaced is kept in the saves when it is worth keeping", "[table][records]") {
    Folders f;
    CHECK(f.records.keep_current(Match()).kind == Kept::Kind::Nothing);  // not begun
    CHECK(f.written == 0);
    const std::string said = previous_game_note(f.records.keep_current(after("W3B2 K1C3")));
    const std::string prefix = "; the previous game is kept in " + (saves::saves_dir() / "game-").string();
    REQUIRE(said.find(prefix) == 0);
    CHECK(contents(said.substr(std::string("; the previous game is kept in ").size())) == "record 1\n");
    f.records.set_archived(true);  // archived already: the archive keeps it
    CHECK(f.records.keep_current(after("W3B2 K1C3")).kind == Kept::Kind::Nothing);
}

TEST_CASE("saving says where the file is and how to open it, or why it could not", "[table][records]") {
    Folders f;
    SECTION("saved") {
        const Notice n = f.records.save_named();
        CHECK_FALSE(n.error);
        const std::string prefix = "saved to " + (saves::saves_dir() / "game-").string();
        REQUIRE(n.text.find(prefix) == 0);
        const std::string suffix = " (./main --load FILE opens it)";
        REQUIRE(n.text.size() > prefix.size() + suffix.size());
        CHECK(n.text.substr(n.text.size() - suffix.size()) == suffix);
        const std::string path = n.text.substr(9, n.text.size() - suffix.size() - 9);
        CHECK(contents(path) == "record 1\n");
        // A second save a moment later is a file of its own.
        const Notice again = f.records.save_named();
        CHECK(again.text != n.text);
    }
    SECTION("a saves folder that cannot be made") {
        std::ofstream(f.dir / "file") << "in the way\n";
        EnvVar blocked("XDG_DATA_HOME", (f.dir / "file").c_str());  // a file where a folder should be
        const Notice n = f.records.save_named();
        CHECK(n.error);
        CHECK(n.text.find("not saved: ") == 0);
        CHECK(n.text.find("; the game goes on") != std::string::npos);
    }
    SECTION("no home") {
        EnvVar data("XDG_DATA_HOME", nullptr), home("HOME", nullptr);
        const Notice n = f.records.save_named();
        CHECK(n.error);
        CHECK(n.text == "cannot save: neither XDG_DATA_HOME nor HOME is set");
        CHECK(f.written == 0);
    }
}
