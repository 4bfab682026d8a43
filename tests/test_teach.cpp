// The words of the analysis panel, the coach and the review while stepping (ui/teach_text.h).
#include "support.h"
#include "ui/teach_text.h"

using namespace gobblet;
using namespace gobblet::ui;
using namespace gobblet::test;

namespace {

std::vector<Move> moves_of(const std::string& transcript) { return game_after(transcript).moves(); }

// White can force a win in two here (W3D1); W1A1 throws it away (tests/fixtures/win-in-two.txt).
const char* const win_in_two = "W1B3 K1A2 W1B4 K1B1 W2D2 K2C1 B4D4 K3C3 W1C2 K1D3";

}  // namespace

TEST_CASE("the panel's rows: depth and number, words, then one row a line", "[teach]") {
    AnalysisResult r;
    r.side_to_move = Color::Black;
    r.depth = 9;
    const Game g = game_after("W3B2");
    r.lines = {{{move_in(g, "K1C2")}, -180}, {{move_in(g, "K1B3")}, -1200}};
    const auto rows = analysis_rows(r, 31);
    REQUIRE(rows.size() == 4);
    CHECK(rows[0] == "Analysis  depth 9  cp -180");
    CHECK(rows[1] == "White is better");  // the side to move is Black: -180 is White's edge
    CHECK(rows[2] == "cp -180   K1C2");
    CHECK(rows[3] == "cp -1200  K1B3");
}

TEST_CASE("the panel says it is thinking before the first depth, and names forced results", "[teach]") {
    AnalysisResult r;
    CHECK(analysis_rows(r, 31) == std::vector<std::string>{"Analysis  thinking..."});
    const Game g = game_after(win_in_two);
    r.side_to_move = Color::White;
    r.depth = 6;
    r.lines = {{{move_in(g, "W3D1")}, mate_score - 3}};
    const auto rows = analysis_rows(r, 40);
    CHECK(rows[0] == "Analysis  depth 6  mate +2");
    CHECK(rows[1] == "White wins in 2");
    r.solved = true;
    r.lines = {{{move_in(g, "W3D1")}, 0}};
    CHECK(analysis_rows(r, 40)[0] == "Analysis  solved  draw");
    CHECK(analysis_rows(r, 40)[1] == "draw with best play");
}

TEST_CASE("a line is cut after the last whole move that fits", "[teach]") {
    const std::vector<Move> line = moves_of("W1B2 K1C3 W2B3 K2D1 W3A4");
    CHECK(fitted_line(line, Color::White, 100) == "W1B2 K1C3 W2B3 K2D1 W3A4");
    CHECK(fitted_line(line, Color::White, 14) == "W1B2 K1C3 W2B3");
    CHECK(fitted_line(line, Color::White, 13) == "W1B2 K1C3");
    CHECK(fitted_line(line, Color::White, 3).empty());
    AnalysisResult r;
    r.depth = 3;
    r.lines = {{line, 20}};
    for (int width : {20, 31, 60})
        for (const std::string& row : analysis_rows(r, width)) CHECK(int(row.size()) <= width);
}

TEST_CASE("the coach names the move, its class and the better move, as the mover sees it", "[teach]") {
    Judgement j;
    j.played = Move::enter(0, 0, 4);
    j.best = Move::enter(2, 12, 4);
    j.before = mate_score - 3;
    j.after = 10;
    j.verdict = MoveClass::Blunder;
    CHECK(coach_text(j, Color::White) ==
          "W1A1 is a blunder: W3D1 was better (White wins in 2 -> about even)");
    j.verdict = MoveClass::Mistake;
    j.before = 100;
    j.after = -90;
    CHECK(coach_text(j, Color::Black) ==
          "K1A1 is a mistake: K3D1 was better (Black is slightly better -> White is slightly better)");
}

TEST_CASE("stepping shows a reviewed move's number, mark and judgement", "[teach]") {
    const Game g = game_after(win_in_two);
    Judge judge;
    MoveReview bad{10, Color::White, judge.judge(g, move_in(g, "W1A1"), JudgeLimits{6, 0})};
    CHECK(step_text(bad) ==
          "6. W1A1?? blunder: W3D1 was better (White wins in 2 -> Black is slightly better)");
    MoveReview good{10, Color::White, judge.judge(g, move_in(g, "W3D1"), JudgeLimits{6, 0})};
    CHECK(step_text(good) == "6. W3D1 good (White wins in 2)");
    CHECK(move_number_text(0) == "1.");
    CHECK(move_number_text(9) == "5...");
}

TEST_CASE("a game's whole line includes the moves stepped back over, in order", "[teach]") {
    Game g = game_after("W1B2 K1C3 W2B3 K2D1");
    const std::vector<Move> all = g.moves();
    g.undo();
    g.undo();
    CHECK(g.moves().size() == 2);
    CHECK(full_line(g) == all);
    CHECK(common_prefix(full_line(g), all) == 4);
    CHECK(common_prefix(g.moves(), all) == 2);
    CHECK(common_prefix(moves_of("W1B2 K1C3"), moves_of("W1B2 K1D4")) == 1);
    CHECK(common_prefix({}, all) == 0);
}
