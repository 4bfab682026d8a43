// Move judgement (the coach) and the review of a whole game.
#include "engine/analysis.h"
#include "engine/review.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

constexpr int win_in(int plies) { return mate_score - plies; }
constexpr int loss_in(int plies) { return -(mate_score - plies); }

// White can force a win in two here (W3D1); nearly everything else lets the win go.
const char* const win_in_two = "W1B3 K1A2 W1B4 K1B1 W2D2 K2C1 B4D4 K3C3 W1C2 K1D3";

}  // namespace

TEST_CASE("a forced win thrown away is a blunder, whatever the evaluation says after", "[review]") {
    CHECK(classify(win_in(3), 0) == MoveClass::Blunder);
    CHECK(classify(win_in(3), 900) == MoveClass::Blunder);
    CHECK(classify(win_in(1), loss_in(2)) == MoveClass::Blunder);
    CHECK(coach_should_speak(win_in(3), 900));
}

TEST_CASE("walking into a forced loss is a blunder, from an even or a lost-looking position", "[review]") {
    CHECK(classify(0, loss_in(4)) == MoveClass::Blunder);
    CHECK(classify(-500, loss_in(6)) == MoveClass::Blunder);
    CHECK(coach_should_speak(20, loss_in(4)));
    // Already lost: a quicker loss is at worst an inaccuracy, and the coach keeps quiet.
    CHECK(classify(loss_in(8), loss_in(6)) == MoveClass::Good);
    CHECK(classify(loss_in(8), loss_in(4)) == MoveClass::Inaccuracy);
    CHECK_FALSE(coach_should_speak(loss_in(8), loss_in(2)));
}

TEST_CASE("a slower win is good, or an inaccuracy when it takes two moves more", "[review]") {
    CHECK(classify(win_in(3), win_in(3)) == MoveClass::Good);
    CHECK(classify(win_in(3), win_in(5)) == MoveClass::Good);
    CHECK(classify(win_in(3), win_in(7)) == MoveClass::Inaccuracy);
    CHECK_FALSE(coach_should_speak(win_in(1), win_in(9)));
}

TEST_CASE("between open positions the class follows the centipoints lost", "[review]") {
    CHECK(classify(100, 100) == MoveClass::Good);
    CHECK(classify(100, 100 - inaccuracy_loss + 1) == MoveClass::Good);
    CHECK(classify(100, 100 - inaccuracy_loss) == MoveClass::Inaccuracy);
    CHECK(classify(100, 100 - mistake_loss) == MoveClass::Mistake);
    CHECK(classify(100, 100 - blunder_loss) == MoveClass::Blunder);
    CHECK(classify(0, win_in(5)) == MoveClass::Good);  // better than the search's best: never bad
}

TEST_CASE("the coach speaks for mistakes and blunders that matter, never for small things", "[review]") {
    CHECK_FALSE(coach_should_speak(30, 30));
    CHECK_FALSE(coach_should_speak(30, 30 - mistake_loss + 1));  // an inaccuracy
    CHECK(coach_should_speak(30, 30 - mistake_loss));
    CHECK(coach_should_speak(30, -400));
    // Still much better after losing a lot: it matters little.
    CHECK_FALSE(coach_should_speak(1200, much_better_margin));
    CHECK(coach_should_speak(1200, much_better_margin - 1));
}

TEST_CASE("the judge names the better move beside a move that throws away a win in two", "[review]") {
    const Game g = game_after(win_in_two);
    Judge judge;
    const Judgement j = judge.judge(g, move_in(g, "W1A1"), JudgeLimits{4, 0});
    CHECK(j.verdict == MoveClass::Blunder);
    CHECK(j.coach);
    CHECK(j.before == win_in(3));
    CHECK(j.after < mate_bound);
    CHECK(move_name(j.best, Color::White) == "W3D1");
    CHECK(j.depth == 4);
    CHECK_FALSE(j.solved);

    const Judgement best = judge.judge(g, move_in(g, "W3D1"), JudgeLimits{4, 0});
    CHECK(best.verdict == MoveClass::Good);
    CHECK_FALSE(best.coach);
    CHECK(best.before == win_in(3));
    CHECK(best.after == win_in(3));
    CHECK(best.best == best.played);
}

TEST_CASE("a win in one missed for a loss in one is a blunder", "[review]") {
    const Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D3");
    Judge judge;
    const Judgement j = judge.judge(g, move_in(g, "W2C1"), JudgeLimits{3, 0});
    CHECK(j.verdict == MoveClass::Blunder);
    CHECK(j.before == win_in(1));
    CHECK(j.after == loss_in(2));
    CHECK(score_words(j.before, Color::White) == "White wins in 1");
    CHECK(score_words(j.after, Color::White) == "Black wins in 1");
}

TEST_CASE("a judgement is the same every time for the same depth", "[review]") {
    const Game g = game_after("W1B2 K1C3 W2B3 K2C2 W3C4");
    Judge a, b;
    const Move m = move_in(g, "K3B1");
    const Judgement first = a.judge(g, m, JudgeLimits{5, 0});
    a.judge(game_after("W1A1"), move_in(game_after("W1A1"), "K1D4"), JudgeLimits{5, 0});  // fills the table
    const Judgement again = a.judge(g, m, JudgeLimits{5, 0});
    const Judgement other = b.judge(g, m, JudgeLimits{5, 0});
    for (const Judgement* j : {&again, &other}) {
        CHECK(j->before == first.before);
        CHECK(j->after == first.after);
        CHECK(j->best == first.best);
        CHECK(j->verdict == first.verdict);
    }
}

TEST_CASE("a move from either of two stacks with the same top is judged as the same move", "[review]") {
    const Game g(Variant{4, Rules::Official});
    Judge judge;
    const Judgement from1 = judge.judge(g, move_in(g, "W1B2"), JudgeLimits{3, 0});
    const Judgement from3 = judge.judge(g, move_in(g, "W3B2"), JudgeLimits{3, 0});
    CHECK(from1.after == from3.after);
    CHECK(move_name(from3.played, Color::White) == "W3B2");
}

TEST_CASE("on 3x3 the judge uses the solved values: a won position played into a draw", "[review]") {
    const Game g = game_after("W3C2 K1C3", Variant{3, Rules::Official});
    Judge judge;
    const Judgement j = judge.judge(g, move_in(g, "W1C1"), JudgeLimits{1, 0});
    CHECK(j.solved);
    CHECK(j.before == win_in(11));
    CHECK(j.after == 0);
    CHECK(j.verdict == MoveClass::Blunder);
    CHECK(j.coach);
    CHECK(move_name(j.best, Color::White) == "W1B2");
    CHECK(score_words(j.after, Color::White, true) == "draw with best play");
}

TEST_CASE("a review judges every move and counts each side's classes", "[review]") {
    const Game g = game_after(std::string(win_in_two) + " W1A1 K2A3");
    const Review r = review_game(g, JudgeLimits{4, 0});
    REQUIRE(r.moves.size() == 12);
    CHECK_FALSE(r.stopped);
    const MoveReview& thrown = r.moves[10];
    CHECK(thrown.ply == 10);
    CHECK(thrown.mover == Color::White);
    CHECK(thrown.judgement.verdict == MoveClass::Blunder);
    CHECK(move_name(thrown.judgement.best, Color::White) == "W3D1");
    CHECK(r.white.moves == 6);
    CHECK(r.black.moves == 6);
    for (const SideSummary* s : {&r.white, &r.black})
        CHECK(s->good + s->inaccuracies + s->mistakes + s->blunders == s->moves);
    CHECK(r.white.blunders >= 1);

    const std::string text = review_text(r);
    INFO(text);
    CHECK(text.rfind("% review: official rules, 4x4, 6 moves, search depth 4 a move\n", 0) == 0);
    CHECK(text.find("\n  6.    W1A1  blunder     (better: W3D1; White wins in 2 -> ") != std::string::npos);
    CHECK(text.find("\nWhite: 6 moves: ") != std::string::npos);
    CHECK(text.substr(text.size() - 24) == "% result: White to move\n");
}

TEST_CASE("a review stops when asked, with the moves judged so far", "[review]") {
    const Game g = game_after(win_in_two);
    std::atomic<bool> stop{false};
    const Review r = review_game(g, JudgeLimits{3, 0}, &stop, [&](int done, int total) {
        CHECK(total == 10);
        if (done == 4) stop = true;
    });
    CHECK(r.stopped);
    CHECK(r.moves.size() == 4);
    CHECK(review_text(r).find("% stopped before the end\n") != std::string::npos);
}

TEST_CASE("a judgement in a few words, and its mark for the move list", "[review]") {
    Judgement j;
    j.played = Move::enter(0, 0, 4);
    j.best = Move::enter(2, 12, 4);
    j.before = win_in(3);
    j.after = 10;
    j.verdict = MoveClass::Blunder;
    CHECK(judgement_note(j, Color::White) == "blunder (better: W3D1; White wins in 2 -> about even)");
    CHECK(judgement_note(j, Color::Black) == "blunder (better: K3D1; Black wins in 2 -> about even)");
    j.verdict = MoveClass::Good;
    j.after = -200;
    CHECK(judgement_note(j, Color::White) == "good (Black is better)");
    CHECK(std::string(class_mark(MoveClass::Good)).empty());
    CHECK(std::string(class_mark(MoveClass::Inaccuracy)) == "?!");
    CHECK(std::string(class_mark(MoveClass::Mistake)) == "?");
    CHECK(std::string(class_mark(MoveClass::Blunder)) == "??");
}

TEST_CASE("with a touched piece the judge compares the move with that piece's best", "[review][touch]") {
    // Entering on A4 or moving B1 there both win; with B1 touched the best is B1A4, and a move of B1
    // elsewhere throws the win away.
    Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D4 W2B1 K2C4");
    REQUIRE(g.touch(make_square(1, 0)));
    Judge judge;
    const Judgement j =
        judge.judge(g, Move::shift(make_square(1, 0), make_square(2, 0), 4), JudgeLimits{3, 0});
    CHECK(move_name(j.best, Color::White) == "B1A4");
    CHECK(j.before == win_in(1));
    CHECK(j.verdict == MoveClass::Blunder);
}
