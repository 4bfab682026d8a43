// The engine protocol under a clock (GTP v2 time_settings and time_left drive genmove's budget), and
// its resign and draw-offer commands. A fake time source stands in for the real one: the budget
// checked is the one the computer was given, and the clock's view moves by the fake time.
#include "engine/protocol.h"
#include "saves/transcript_store.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

class NoFiles : public TranscriptStore {
  public:
    Expected<std::string> read(const std::string& path) override { return Failure{"cannot read " + path}; }
    Expected<void> write(const std::string& path, const Game&) override {
        return Failure{"cannot write " + path};
    }
    Variant variant_of(std::string_view, Variant current) override { return current; }
};

// A protocol whose time advances `step` ms at every reading (its searches think by the ticking clock).
struct Session {
    NoFiles store;
    Millis time = 0, step = 250;
    Protocol protocol{Variant{}, ticking(PlayerSettings{Level::Easy, 0.05, 1}), store,
                      [this] { return time += step; }};
    std::string operator()(const std::string& line) { return protocol.handle(line); }
    void play(const std::string& transcript) {
        for (const WrittenMove& w : written_moves(transcript))
            REQUIRE(protocol.handle("play " + w.written) == "=\n\n");
    }
    double hard() const {
        REQUIRE(protocol.last_budget());
        return protocol.last_budget()->hard;
    }
};

// White to move can force a win in 3 plies.
const char* white_wins_in_3 = "W1C2 K1B2 W2B3 K2A3 B3A1 A3A2 W1C3 B2B4 W2B1 A2D4";
// Black to move loses in 2 plies whatever it does.
const char* black_lost_in_2 = "W1C2 K1C3 W1B4 K1B2 C2D3 C3D1 W2D4 D1B1 W1C4 B2A3 W3D2";

}  // namespace

TEST_CASE("protocol: without time settings genmove thinks at its level, with no budget",
          "[protocol][clock]") {
    Session s;
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK_FALSE(s.protocol.last_budget());
    s("time_settings 0 10 0");  // GTP: byo-yomi time without stones means no time limit
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK_FALSE(s.protocol.last_budget());
    s("time_settings 0 0 0");
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK_FALSE(s.protocol.last_budget());
}

TEST_CASE("protocol: time_settings 0 T 1 gives every move T seconds less the margin", "[protocol][clock]") {
    Session s;
    CHECK(s("time_settings 0 2 1") == "=\n\n");
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK(s.hard() == Approx(1.8));
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK(s.hard() == Approx(1.8));  // a fresh period for every move
    CHECK(s.protocol.clock().left(Color::White) == 2000);
    s("level max");
    s("time_settings 0 0.5 1");
    CHECK(s("reg_genmove").substr(0, 2) == "= ");
    CHECK(s.protocol.last_budget() == TimeBudget{0.375, 0.375, 0.375, 0.375});
}

TEST_CASE("protocol: the engine counts its own moves' time against main time", "[protocol][clock]") {
    Session s;
    s.step = 400;
    s("time_settings 10 0 0");
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK(s.protocol.clock().left(Color::White) == 9600);
    CHECK(s.protocol.clock().left(Color::Black) == 10000);
    s("genmove");
    CHECK(s.protocol.clock().left(Color::Black) == 9600);
    // The budget for White's second move comes from the 9.6 s left: (9.6 - 0.58) / 24 moves to go.
    s("genmove");
    CHECK(s.protocol.last_budget()->hard == Approx(3 * 9.02 / 24));
    CHECK(s.protocol.clock().left(Color::White) == 9200);
    // reg_genmove is not a move: it costs nothing.
    s("reg_genmove");
    CHECK(s.protocol.clock().left(Color::Black) == 9600);
}

TEST_CASE("protocol: time_left sets the time left, and genmove never plans past it", "[protocol][clock]") {
    Session s;
    s("time_settings 60 0 0");
    CHECK(s("time_left white 0.5 0") == "=\n\n");
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK(s.hard() == Approx(0.045));  // 0.375 s usable, three shares of 25
    CHECK(s("time_left black 3 2") == "=\n\n");
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK(s.hard() == Approx(2.75));  // 3 s for 2 moves: all but the margin may go on this one
    CHECK(s("time_left white 0 0") == "=\n\n");
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK(s.hard() == Approx(0.001));  // no time left: an answer at once
    // With no time settings, time_left alone sets a limit.
    Session t;
    CHECK(t("time_left white 1 1") == "=\n\n");
    REQUIRE(t("genmove").substr(0, 2) == "= ");
    CHECK(t.hard() == Approx(0.85));
    const std::string bad =
        "? time_left needs a colour, the seconds left and the stones left: time_left white 30 0\n\n";
    CHECK(t("time_left green 1 0") == bad);
    CHECK(t("time_left white -1 0") == bad);
    CHECK(t("time_left white 1") == bad);
    CHECK(t("time_left white 1 0.5") == bad);
}

TEST_CASE("protocol: absurd time settings are capped at an hour a move, and say so", "[protocol][clock]") {
    Session s;
    CHECK(s("time_settings 0 7200 1") == "= a move gets at most 3600 s, as with --think\n\n");
    REQUIRE(s("genmove").substr(0, 2) == "= ");
    CHECK(s.hard() == Approx(3600));
    CHECK(s("time_settings 100000 0 0") == "= a move gets at most 3600 s, as with --think\n\n");
    CHECK(s("time_settings 7200 0 0") == "=\n\n");  // about 5 minutes a move: nothing to cap
    CHECK(s("time_settings 0 10 2.5") == "? time_settings: the stones are a whole number\n\n");
}

TEST_CASE("protocol: resign ends the game, result says how, and undo takes it back", "[protocol][clock]") {
    Session s;
    s("play W1A1");
    CHECK(s("resign") == "=\n\n");  // Black, to move, resigns
    CHECK(s("result") == "= white resignation\n\n");
    CHECK(s("showboard").find("White wins: Black resigned") != std::string::npos);
    CHECK(s("play K1D4") == "? illegal move: the game is over (White wins: Black resigned)\n\n");
    CHECK(s("resign white") == "? the game is over (White wins: Black resigned)\n\n");
    CHECK(s("undo") == "=\n\n");
    CHECK(s("result") == "= none\n\n");
    CHECK(s.protocol.game().moves().size() == 1);
    CHECK(s("resign white") == "=\n\n");  // either side may resign at any moment
    CHECK(s("result") == "= black resignation\n\n");
    s("clear_board");
    CHECK(s("resign purple") == "? unknown colour 'purple': use white or black\n\n");
    CHECK(s("resign") == "=\n\n");  // even before the first move
    CHECK(s("undo") == "=\n\n");
    CHECK(s("result") == "= none\n\n");
}

TEST_CASE("protocol: offered a draw in a lost position the engine accepts, and the game is drawn",
          "[protocol][clock]") {
    Session s;
    s.play(black_lost_in_2);
    CHECK(s("offer_draw") == "= accept\n\n");  // White, who just moved, offers; Black is lost
    CHECK(s("result") == "= draw agreement\n\n");
    CHECK(s("genmove") == "? the game is over (Draw: agreed by both players)\n\n");
    CHECK(s("offer_draw") == "? the game is over (Draw: agreed by both players)\n\n");
    CHECK(s("undo") == "=\n\n");
    CHECK(s("result") == "= none\n\n");
}

TEST_CASE("protocol: offered a draw when it sees a win the engine declines, and play goes on",
          "[protocol][clock]") {
    Session s;
    s.play(white_wins_in_3);
    CHECK(s("offer_draw black") == "= decline\n\n");
    CHECK(s("result") == "= none\n\n");
    CHECK(s.protocol.game().moves().size() == 10);
    // The side to move may offer too: then the engine answers for the other side, here lost.
    CHECK(s("offer_draw white") == "= accept\n\n");
    CHECK(s("result") == "= draw agreement\n\n");
    CHECK(s("offer_draw green") == "? unknown colour 'green': use white or black\n\n");
}

TEST_CASE("protocol: a draw offer is thought about under the clock, at the engine's own cost",
          "[protocol][clock]") {
    Session s;
    s("time_settings 10 0 0");
    s("level medium");  // easy's noisy judgement may take a level position for a lost one
    s.play("W3B2");
    CHECK(s("offer_draw") == "= decline\n\n");  // level: Black plays on
    REQUIRE(s.protocol.last_budget());
    CHECK(s.hard() == Approx(3 * 9.4 / 25));               // medium: the ceiling of Black's first move
    CHECK(s.protocol.clock().left(Color::Black) == 9750);  // its own turn's time
    CHECK(s.protocol.clock().left(Color::White) == 10000);
    s("offer_draw black");  // Black offers on its own turn: White thinks on Black's time
    CHECK(s.protocol.clock().left(Color::White) == 10000);
}

TEST_CASE("max thinks at most --think under the game's clocks; a GTP controller's clock replaces --think",
          "[protocol][clock][timeman]") {
    // The rule docs/manual.md, the man page and docs/protocol.md state. In the curses game --think caps the
    // computer under any clock: a 30 s turn, DM or a Fischer share, still gets 1 s at --think 1.
    const double think = 1;
    TimeSituation dm;
    dm.clock = ClockSettings::dm(30'000, 0, 30'000);
    dm.left = 30'000;
    CHECK(time_budget(dm, Level::Max, think).hard == think);
    TimeSituation fischer;
    fischer.clock = ClockSettings::fischer(30'000, 0);
    fischer.left = 30'000;
    fischer.moves_to_go = 1;
    CHECK(time_budget(fischer, Level::Max, think).hard == think);
    // Under the engine protocol the controller's time_settings take --think's place: 30 s a move is
    // 29 s of thinking (the margin is 1 s), whatever --think says.
    NoFiles store;
    Millis time = 0;
    Protocol protocol{Variant{}, ticking(PlayerSettings{Level::Max, think, 1}), store,
                      [&time] { return time += 250; }};
    for (const WrittenMove& w : written_moves(white_wins_in_3))
        REQUIRE(protocol.handle("play " + w.written) == "=\n\n");
    REQUIRE(protocol.handle("time_settings 0 30 1") == "=\n\n");
    REQUIRE(protocol.handle("reg_genmove").substr(0, 2) == "= ");  // a proven win: it answers at once
    REQUIRE(protocol.last_budget());
    CHECK(protocol.last_budget()->hard == Approx(29));
    // Without time settings --think rules there too.
    protocol.handle("time_settings 0 0 0");
    REQUIRE(protocol.handle("reg_genmove").substr(0, 2) == "= ");
    CHECK_FALSE(protocol.last_budget());
}
