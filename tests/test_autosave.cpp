// The autosaves of copies playing at once on one home folder (saves/autosave.h): a slot each, held by a
// lock the kernel drops with the process, the slots read without taking them, the games that wait; and the
// slot a start chooses (ui/game_setup.h's choose_slot).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "saves/autosave.h"
#include "support.h"
#include "ui/game_setup.h"

using namespace gobblet;
using namespace gobblet::test;
namespace fs = std::filesystem;

namespace {

// An unfinished game between two named players, with its moves, as the autosave writes it.
std::string game_text(const std::string& white, const std::string& black, const std::string& moves,
                      const saves::NetworkPlace* network = nullptr) {
    Match m(MatchSettings{}, {white, black});
    for (const WrittenMove& w : written_moves(moves)) REQUIRE(m.play(w.spec, 0));
    std::array<SeatSpec, 2> seats{};
    if (network) seats[network->host ? 1 : 0].kind = SeatKind::Remote;
    return saves::record_text(m, seats, nullptr, "2026-11-29 10:00", network ? "3f9c0e12" : "", {}, network);
}

// --host 127.0.0.1:7000 (made out of line: g++ 12 warns falsely of an uninitialized optional when a test
// sets it in place).
[[gnu::noinline]] ui::Options hosting() {
    ui::Options o;
    o.host_at = net::Endpoint{"127.0.0.1", 7000};
    return o;
}

void write(const fs::path& path, const std::string& text, int age_seconds) {
    REQUIRE(saves::write_file(path, text));
    fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::seconds(age_seconds));
}

}  // namespace

TEST_CASE("an autosave slot is held by one copy at a time, and the next copy takes the next slot",
          "[saves][autosave]") {
    TempDir dir;
    const fs::path state = dir.path / "gobblet";
    Expected<saves::AutosaveSlot> a = saves::claim_free_slot(state);
    REQUIRE(a);
    CHECK(a->number() == 1);
    CHECK(a->path() == state / "autosave.txt");
    // Another copy (another open file: flock locks are per open file, as between two processes).
    const Expected<saves::AutosaveSlot> again = saves::claim_slot(state, 1);
    REQUIRE_FALSE(again);
    CHECK(again.why() == "another copy of gobblet holds " + (state / "autosave.txt").string());
    Expected<saves::AutosaveSlot> b = saves::claim_free_slot(state);
    REQUIRE(b);
    CHECK(b->number() == 2);
    CHECK(b->path() == state / "autosave-2.txt");
    // Looking does not take: both are busy, and nothing was made for the slots nobody holds.
    const std::vector<saves::SlotState> slots = saves::autosave_slots(state);
    REQUIRE(slots.size() == 2);
    CHECK(slots[0].busy);
    CHECK(slots[1].busy);
    CHECK_FALSE(fs::exists(state / "autosave-3.lock"));
    // Let go (a copy that quits): its slot is the first free one again.
    a->release();
    CHECK_FALSE(a->held());
    Expected<saves::AutosaveSlot> c = saves::claim_free_slot(state);
    REQUIRE(c);
    CHECK(c->number() == 1);
}

TEST_CASE("a copy killed with -9 leaves no lock behind", "[saves][autosave]") {
    TempDir dir;
    const fs::path state = dir.path / "gobblet";
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {  // the other copy: takes slot 1, says so, and waits to be killed
        Expected<saves::AutosaveSlot> slot = saves::claim_free_slot(state);
        const char c = slot && slot->number() == 1 ? 'y' : 'n';
        (void)!::write(ready[1], &c, 1);
        for (;;) ::pause();
    }
    ::close(ready[1]);
    char c = 0;
    REQUIRE(::read(ready[0], &c, 1) == 1);
    ::close(ready[0]);
    REQUIRE(c == 'y');
    CHECK_FALSE(saves::claim_slot(state, 1));
    REQUIRE(saves::autosave_slots(state).at(0).busy);
    ::kill(child, SIGKILL);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK(saves::autosave_slots(state).empty());  // no file, and nobody holds it
    const Expected<saves::AutosaveSlot> taken = saves::claim_free_slot(state);
    REQUIRE(taken);
    CHECK(taken->number() == 1);
}

TEST_CASE("the games that wait are the unfinished ones no copy plays, the latest first",
          "[saves][autosave]") {
    TempDir dir;
    const fs::path state = dir.path / "gobblet";
    write(saves::slot_path(state, 1), game_text("Ann", "Bob", "W1A1 K1D1"), 60);
    write(saves::slot_path(state, 2), game_text("Cat", "Dan", "W3B2"), 10);
    write(saves::slot_path(state, 3), game_text("Eve", "Fay", "W2C2"), 5);
    write(saves::slot_path(state, 4), "% gobblet game\nW1A1\nW1A1\n", 1);  // does not read
    write(saves::slot_path(state, 5), game_text("Gus", "Hal", ""), 1);     // not begun
    Expected<saves::AutosaveSlot> eve = saves::claim_slot(state, 3);       // a copy plays it
    REQUIRE(eve);
    const std::vector<saves::SlotState> slots = saves::autosave_slots(state);
    REQUIRE(slots.size() == 5);
    CHECK(slots[2].busy);
    CHECK(slots[2].unfinished());
    REQUIRE(slots[3].record);
    CHECK_FALSE(*slots[3].record);
    CHECK_FALSE(slots[3].unfinished());
    CHECK_FALSE(slots[4].unfinished());
    const std::vector<saves::SlotState> waiting = saves::waiting_games(slots);
    REQUIRE(waiting.size() == 2);
    CHECK(waiting[0].number == 2);  // Cat-Dan, written 10 s ago
    CHECK(waiting[1].number == 1);  // Ann-Bob, a minute ago
    CHECK(ui::slot_game_text(waiting[1]) == "Ann against Bob, 1 move");
}

TEST_CASE("a slot's name says its number, and nothing else passes for one", "[saves][autosave]") {
    CHECK(saves::slot_of("/x/autosave.txt") == 1);
    CHECK(saves::slot_of("/x/autosave-2.txt") == 2);
    CHECK(saves::slot_of("autosave-16.txt") == 16);
    for (const char* other : {"autosave-1.txt", "autosave-17.txt", "autosave-02.txt", "autosave-.txt",
                              "autosave-2x.txt", "autosave-20261129-100000.txt", "game.txt", "autosave.lock"})
        CHECK_FALSE(saves::slot_of(other));
    CHECK(saves::slot_path("/x", 1) == fs::path("/x/autosave.txt"));
    CHECK(saves::slot_path("/x", 9) == fs::path("/x/autosave-9.txt"));
}

TEST_CASE("a folder that cannot be written gets no slot, said once; a lock that is a link is refused",
          "[saves][autosave]") {
    TempDir dir;
    REQUIRE(saves::write_file(dir.path / "file", "x"));
    const Expected<saves::AutosaveSlot> none = saves::claim_free_slot(dir.path / "file" / "gobblet");
    REQUIRE_FALSE(none);
    CHECK(none.why() ==
          "cannot write " + (dir.path / "file" / "gobblet" / "autosave.lock").string() + ": Not a directory");
    const fs::path state = dir.path / "gobblet";
    fs::create_directories(state);
    fs::create_symlink(dir.path / "elsewhere", state / "autosave.lock");
    const Expected<saves::AutosaveSlot> linked = saves::claim_slot(state, 1);
    REQUIRE_FALSE(linked);
    CHECK(linked.why() == "cannot write " + (state / "autosave.lock").string() + ": it is a symbolic link");
    CHECK_FALSE(fs::exists(dir.path / "elsewhere"));
}

TEST_CASE("a start takes a slot of its own beside another copy; --resume takes the game it continues",
          "[setup][autosave]") {
    TempDir dir;
    EnvVar state_home("XDG_STATE_HOME", dir.path.c_str());
    const fs::path state = dir.path / "gobblet";
    write(saves::slot_path(state, 1), game_text("Ann", "Bob", "W1A1 K1D1"), 60);

    SECTION("beside a copy that plays: the next slot, and a word of the other copy") {
        Expected<saves::AutosaveSlot> a = saves::claim_slot(state, 1);
        REQUIRE(a);
        ui::SlotChoice c = ui::choose_slot(ui::Options{});
        CHECK(c.slot.number() == 2);
        CHECK(c.path == state / "autosave-2.txt");
        CHECK(c.choices.empty());
        CHECK(c.note ==
              "another copy of gobblet is playing here (Ann against Bob, 1 move): this game is "
              "autosaved in " +
                  (state / "autosave-2.txt").string());
        // --resume has nothing to continue: the game that is there is the other copy's.
        ui::Options resume;
        resume.resume = true;
        const ui::SlotChoice r = ui::choose_slot(resume);
        CHECK(r.slot.number() == 3);
        CHECK(r.choices.empty());
    }
    SECTION("alone: the first slot, whose game the start would replace (it asks first)") {
        const ui::SlotChoice c = ui::choose_slot(ui::Options{});
        CHECK(c.slot.number() == 1);
        CHECK(c.note.empty());
        CHECK(ui::unfinished_autosave(c.path));
    }
    SECTION("--resume with one game waiting in another slot: that slot; with two: the player chooses") {
        write(saves::slot_path(state, 2), game_text("Cat", "Dan", "W3B2"), 10);
        fs::remove(saves::slot_path(state, 1));
        ui::Options resume;
        resume.resume = true;
        ui::SlotChoice one = ui::choose_slot(resume);
        CHECK(one.slot.number() == 2);
        CHECK(one.path == saves::slot_path(state, 2));
        one.slot.release();
        write(saves::slot_path(state, 1), game_text("Ann", "Bob", "W1A1 K1D1"), 60);
        const ui::SlotChoice two = ui::choose_slot(resume);
        CHECK_FALSE(two.slot.held());  // nothing is taken before the player chooses
        REQUIRE(two.choices.size() == 2);
        CHECK(two.choices[0].number == 2);  // the latest first
        CHECK(two.choices[1].number == 1);
        // A plain start takes the first free slot and says what else waits.
        const ui::SlotChoice plain = ui::choose_slot(ui::Options{});
        CHECK(plain.slot.number() == 1);
        CHECK(plain.note == "another unfinished game waits (Cat against Dan, 1 move): o opens it");
    }
    SECTION("--host --resume continues the network game it hosted, whatever else waits") {
        const saves::NetworkPlace hosted{true, "127.0.0.1:7000", "7QKM4X"};
        write(saves::slot_path(state, 2), game_text("Liam", "Eamon", "W3B2", &hosted), 10);
        ui::Options host = hosting();
        host.resume = true;
        const ui::SlotChoice c = ui::choose_slot(host);
        CHECK(c.slot.number() == 2);
        CHECK(c.choices.empty());
        CHECK(c.note == "another unfinished game waits (Ann against Bob, 1 move): o opens it");
    }
}
