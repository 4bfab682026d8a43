// Analysis: the best K lines of a position, as the search deepens, and scores in words.
#include <random>

#include "engine/analysis.h"
#include "engine/movegen.h"
#include "engine/search.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// Positions from random games of both rule sets on 4x4, each handed to visit.
template <typename Visit>
void random_games(std::uint32_t seed, int count, Visit&& visit) {
    std::mt19937 rng(seed);
    for (int n = 0; n < count;) {
        Game g(Variant{4, n % 2 ? Rules::Rogers : Rules::Official});
        const int plies = 2 + int(rng() % 24);
        for (int i = 0; i < plies && !g.over(); ++i) {
            MoveList moves;
            g.legal_moves(moves);
            REQUIRE(g.play(moves[int(rng() % moves.size())]));
        }
        if (g.over()) continue;
        visit(g);
        ++n;
    }
}

// Plays a line from the game; "" when every move is legal, else the first refusal.
std::string replay(Game g, const std::vector<Move>& line) {
    for (Move m : line)
        if (const Expected<void> played = g.play(m); !played)
            return move_name(m, g.side_to_move()) + ": " + played.why();
    return {};
}

}  // namespace

TEST_CASE("analysis lines are legal, start with different moves and come best first", "[analysis]") {
    Analyzer analyzer;
    random_games(11, 12, [&](const Game& g) {
        analyzer.clear();
        const AnalysisResult r = analyzer.run(g, AnalysisLimits{3, 4, 0});
        INFO("after " << transcript_text(g.moves()));
        REQUIRE(r.lines.size() == 3);
        // The search stops early only when every line is a proven result.
        const bool all_proven = std::all_of(r.lines.begin(), r.lines.end(), [&](const AnalysisLine& l) {
            return std::abs(l.score) >= mate_bound && r.depth >= mate_score - std::abs(l.score);
        });
        CHECK((r.depth == 4 || all_proven));
        CHECK_FALSE(r.stopped);
        CHECK(r.side_to_move == g.side_to_move());
        for (std::size_t i = 0; i < r.lines.size(); ++i) {
            CHECK_FALSE(r.lines[i].moves.empty());
            CHECK(replay(g, r.lines[i].moves) == "");
            for (std::size_t j = 0; j < i; ++j) {
                CHECK(r.lines[j].moves[0] != r.lines[i].moves[0]);
                CHECK(r.lines[j].score >= r.lines[i].score);
            }
        }
    });
}

TEST_CASE("a single-line analysis is the player's own search: same move, same score", "[analysis]") {
    random_games(12, 6, [&](const Game& g) {
        Analyzer analyzer;
        const AnalysisResult r = analyzer.run(g, AnalysisLimits{1, 5, 0});
        Search search;
        SearchLimits limits;
        limits.depth = 5;
        const SearchResult s = search.run(g.position(), g.position_keys(), limits);
        REQUIRE(r.lines.size() == 1);
        CHECK(r.lines[0].moves[0] == s.best);
        CHECK(r.lines[0].score == s.score);
    });
}

TEST_CASE("analysis reports the seconds its clock shows, and stops when they pass its limit",
          "[analysis][time]") {
    const Game g = game_after("W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2");
    // The clock stands still at 0 until depth 2 is reported, then shows 2.5 s: past the 2 s limit, so
    // the analysis ends there, saying so, with the fake seconds.
    FakeClock clock;
    AnalysisLimits limits;
    limits.lines = 2;
    limits.depth = 6;
    limits.seconds = 2;
    limits.time = &clock;
    std::vector<double> seconds;
    Analyzer analyzer;
    const AnalysisResult r = analyzer.run(g, limits, nullptr, [&](const AnalysisResult& u) {
        seconds.push_back(u.seconds);
        if (u.depth == 2) clock.now = 2500;
    });
    CHECK(seconds == std::vector<double>{0, 0});
    CHECK(r.stopped);
    CHECK(r.depth == 2);
    CHECK(r.seconds == Approx(2.5));
    CHECK(r.lines.size() == 2);
}

TEST_CASE("wins in one come first, with the mate score and in words", "[analysis]") {
    // White shows three on row A with A4 empty: the 1 of stack 1 or a 4 from stack 2 wins there. Black
    // threatens row D as well, so every other move loses at once or has to block D4.
    const Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D3");
    Analyzer analyzer;
    const AnalysisResult r = analyzer.run(g, AnalysisLimits{3, 4, 0});
    REQUIRE(r.lines.size() == 3);
    std::vector<std::string> wins;
    for (int i = 0; i < 2; ++i) {
        CHECK(r.lines[i].score == mate_score - 1);
        CHECK(r.lines[i].moves.size() == 1);
        CHECK(score_words(r.lines[i].score, Color::White) == "White wins in 1");
        CHECK(score_number(r.lines[i].score) == "mate +1");
        wins.push_back(line_text(r.lines[i].moves, Color::White));
    }
    std::sort(wins.begin(), wins.end());
    CHECK(wins == std::vector<std::string>{"W1A4", "W2A4"});
    CHECK(r.lines[2].score < mate_bound);
}

TEST_CASE("the lines of a forced win end in the win", "[analysis]") {
    // White to move wins in two (a full-width search proves it: mate in 3 plies).
    const Game g = game_after("W1B3 K1A2 W1B4 K1B1 W2D2 K2C1 B4D4 K3C3 W1C2 K1D3");
    Analyzer analyzer;
    const AnalysisResult r = analyzer.run(g, AnalysisLimits{2, 5, 0});
    REQUIRE(r.lines.size() == 2);
    CHECK(r.lines[0].score == mate_score - 3);
    CHECK(score_words(r.lines[0].score, Color::White) == "White wins in 2");
    for (const AnalysisLine& l : r.lines) {
        if (l.score < mate_bound) continue;
        Game after = g;
        REQUIRE(replay(after, l.moves) == "");
        for (Move m : l.moves) REQUIRE(after.play(m));
        INFO(line_text(l.moves, Color::White));
        CHECK(after.result().winner() == Color::White);
        CHECK(int(l.moves.size()) == mate_score - l.score);
    }
}

TEST_CASE("analysis reports every completed depth as it deepens", "[analysis]") {
    const Game g = game_after("W1B2 K1C3 W2B3 K2C2");
    Analyzer analyzer;
    std::vector<int> depths;
    const AnalysisResult r = analyzer.run(g, AnalysisLimits{2, 6, 0}, nullptr, [&](const AnalysisResult& u) {
        depths.push_back(u.depth);
        CHECK(u.lines.size() == 2);
    });
    CHECK(depths == std::vector<int>{1, 2, 3, 4, 5, 6});
    CHECK(r.depth == 6);
}

TEST_CASE("analysis stops when asked and keeps the last completed depth", "[analysis]") {
    const Game g = game_after("W1B2 K1C3");
    Analyzer analyzer;
    std::atomic<bool> stop{false};
    const AnalysisResult r = analyzer.run(g, AnalysisLimits{3, 0, 0}, &stop, [&](const AnalysisResult& u) {
        if (u.depth == 3) stop = true;
    });
    CHECK(r.stopped);
    CHECK(r.depth == 3);
    CHECK(r.lines.size() == 3);

    stop = true;  // already set: nothing is completed
    const AnalysisResult none = analyzer.run(g, AnalysisLimits{3, 0, 0}, &stop);
    CHECK(none.stopped);
    CHECK(none.lines.empty());
}

TEST_CASE("on 3x3 the analysis gives the solved game's exact values", "[analysis]") {
    Analyzer analyzer;
    const Game start(Variant{3, Rules::Official});
    const AnalysisResult r = analyzer.run(start, AnalysisLimits{5, 0, 0});
    CHECK(r.solved);
    REQUIRE(r.lines.size() == 5);
    for (const AnalysisLine& l : r.lines) {
        CHECK(l.score == mate_score - 13);  // the first player wins in 13 plies, whatever the first move
        CHECK(score_words(l.score, Color::White, true) == "White wins in 7");
        CHECK(l.moves.size() == 13);
        Game g = start;
        REQUIRE(replay(g, l.moves) == "");
        for (Move m : l.moves) REQUIRE(g.play(m));
        CHECK(g.result().winner() == Color::White);
    }
    // A drawn position reads as a draw, not as an evaluation.
    const Game drawn = game_after("W1C1 K2C3 W1A2 K3B2", Variant{3, Rules::Official});
    const AnalysisResult d = analyzer.run(drawn, AnalysisLimits{1, 0, 0});
    REQUIRE(d.lines.size() == 1);
    CHECK(d.lines[0].score == 0);
    CHECK(d.lines[0].moves.size() == 8);  // a drawn line is cut after 8 plies
    CHECK(score_words(d.lines[0].score, Color::White, true) == "draw with best play");
    CHECK(score_number(d.lines[0].score, true) == "draw");
}

TEST_CASE("a game that is over has no lines", "[analysis]") {
    const Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D3 W2A4");
    REQUIRE(g.over());
    Analyzer analyzer;
    CHECK(analyzer.run(g, AnalysisLimits{3, 4, 0}).lines.empty());
}

TEST_CASE("scores in words name the side ahead, by documented margins", "[analysis]") {
    CHECK(score_words(0, Color::White) == "about even");
    CHECK(score_words(even_margin - 1, Color::White) == "about even");
    CHECK(score_words(-(even_margin - 1), Color::Black) == "about even");
    CHECK(score_words(even_margin, Color::White) == "White is slightly better");
    CHECK(score_words(-even_margin, Color::White) == "Black is slightly better");
    CHECK(score_words(better_margin, Color::Black) == "Black is better");
    CHECK(score_words(-(much_better_margin - 1), Color::Black) == "White is better");
    CHECK(score_words(much_better_margin, Color::White) == "White is much better");
    CHECK(score_words(mate_score - 1, Color::White) == "White wins in 1");
    CHECK(score_words(mate_score - 9, Color::Black) == "Black wins in 5");
    CHECK(score_words(-(mate_score - 2), Color::White) == "Black wins in 1");
    CHECK(score_words(-(mate_score - 10), Color::Black) == "White wins in 5");
    CHECK(score_number(45) == "cp +45");
    CHECK(score_number(-120) == "cp -120");
    CHECK(score_number(0) == "cp 0");
    CHECK(score_number(mate_score - 5) == "mate +3");
    CHECK(score_number(-(mate_score - 4)) == "mate -2");
    CHECK(moves_to_result(mate_score - 5) == 3);
    CHECK(moves_to_result(200) == 0);
}

TEST_CASE("with a touched piece every line starts with a move of that piece", "[analysis][touch]") {
    // White can win by entering a piece on A4, or by moving B1 there; B1 is touched.
    Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D4 W2B1 K2C4");
    REQUIRE(g.touch(make_square(1, 0)));
    Analyzer analyzer;
    const AnalysisResult r = analyzer.run(g, AnalysisLimits{3, 3, 0});
    REQUIRE_FALSE(r.lines.empty());
    CHECK(line_text({r.lines[0].moves[0]}, Color::White) == "B1A4");
    CHECK(r.lines[0].score == mate_score - 1);
    for (const AnalysisLine& l : r.lines) {
        CHECK_FALSE(l.moves[0].is_enter());
        CHECK(l.moves[0].from() == make_square(1, 0));
    }
    Game j = game_after("W1A1 K1C3", Variant{3, Rules::Official});
    REQUIRE(j.touch(make_square(0, 0)));
    for (const AnalysisLine& l : analyzer.run(j, AnalysisLimits{5, 0, 0}).lines) {
        CHECK_FALSE(l.moves[0].is_enter());
        CHECK(l.moves[0].from() == make_square(0, 0));
    }
}

// Last in this file: it fills the solver's shared table, and the line lengths checked above depend on
// what that table already holds (a known order dependence of solve3's cached lines).
TEST_CASE("on 3x3 the solved lines are timed by the analysis clock", "[analysis][time]") {
    FakeClock clock(1500);  // 1.5 s pass between its two readings
    AnalysisLimits limits;
    limits.time = &clock;
    Analyzer analyzer;
    const AnalysisResult solved = analyzer.run(Game(Variant{3, Rules::Official}), limits);
    CHECK(solved.solved);
    CHECK(solved.seconds == Approx(1.5));
}
