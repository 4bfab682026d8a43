// The puzzle session (ui/puzzle_session.h) on the shipped sets: which puzzle comes first and next, moves
// accepted and answered, refutations, the solution, and what each visit records.
#include "saves/puzzles.h"
#include "support.h"
#include "ui/puzzle_session.h"

using namespace gobblet;
using namespace gobblet::test;
using gobblet::ui::PuzzleSession;
using State = PuzzleSession::State;

namespace {

MoveSpec spec(const std::string& text) { return spec_of(text); }

const PuzzleSet& official() {
    const PuzzleSet* set = ui::find_puzzle_set("official");
    REQUIRE(set);
    return *set;
}

// A legal move of the solver that does not win within the puzzle's length.
Move losing_move(const PuzzleSession& s) {
    MoveList legal;
    s.game().legal_moves(legal);
    for (Move m : legal)
        if (!move_wins_within(s.game(), m, s.moves_left())) return m;
    FAIL("every move wins");
    return {};
}

}  // namespace

TEST_CASE("puzzle sets by the names --puzzles accepts", "[puzzle][session]") {
    CHECK(ui::find_puzzle_set("official")->name == "official-4x4");
    CHECK(ui::find_puzzle_set("Rogers")->name == "rogers-4x4");
    CHECK(ui::find_puzzle_set("rogers-4x4")->name == "rogers-4x4");
    CHECK(ui::find_puzzle_set("3x3")->name == "3x3");
    CHECK(ui::find_puzzle_set("jr")->name == "3x3");
    CHECK(ui::find_puzzle_set("") == nullptr);
    CHECK(ui::find_puzzle_set("chess") == nullptr);
}

TEST_CASE("a puzzle solved in one: recorded once, and the next one is the first unsolved",
          "[puzzle][session]") {
    PuzzleSession s(official(), {});
    REQUIRE(s.index() == 0);
    CHECK(s.task() == "Black to play and win in 1");
    const Move first = s.puzzle().first_moves.back();  // any winning first move is accepted
    const auto a = s.play(MoveSpec::of(first, s.solver()));
    CHECK(a.legal);
    CHECK(s.state() == State::Solved);
    CHECK(a.text.find(". Solved! n goes to the next puzzle") != std::string::npos);
    CHECK(s.take_progress_change());
    CHECK_FALSE(s.take_progress_change());
    CHECK(s.set_progress().solved == std::set<int>{1});
    CHECK(s.set_progress().streak == 1);
    CHECK(s.progress_text() == "solved 1/220  failed 0  streak 1 (best 1)");
    // No more moves once solved; a retry plays it again and counts nothing.
    CHECK_FALSE(s.play(spec("A1A2")).legal);
    s.retry();
    s.play(MoveSpec::of(first, s.solver()));
    CHECK(s.state() == State::Solved);
    CHECK_FALSE(s.take_progress_change());
    // Next: the first unsolved after this one; a new session starts at the first unsolved.
    CHECK(s.next_index() == 1);
    PuzzleSession again(official(), s.progress());
    CHECK(again.index() == 1);
}

TEST_CASE("a puzzle failed: played, refuted with the reply, counted once", "[puzzle][session]") {
    PuzzleSession s(official(), {});
    s.open(70);  // puzzle 71: Black wins in 2
    REQUIRE(s.puzzle().length == 2);
    const Move wrong = losing_move(s);
    const auto a = s.play(MoveSpec::of(wrong, s.solver()));
    CHECK(a.legal);
    CHECK(s.state() == State::Failed);
    CHECK(s.game().moves().size() == s.puzzle().moves.size() + 2);  // the move and the refutation
    const Move reply = s.game().moves().back();
    CHECK(a.text.rfind("not a win: after " + move_name(wrong, Color::Black) + ", White answers " +
                           move_name(reply, Color::White),
                       0) == 0);
    CHECK(a.text.find("Counted as failed") != std::string::npos);
    CHECK(s.set_progress().failed == std::set<int>{71});
    CHECK(s.take_progress_change());
    // A retry is practice: failing or solving it again records nothing.
    s.retry();
    CHECK(s.state() == State::Solving);
    CHECK(s.play(MoveSpec::of(wrong, s.solver())).text.find("Counted") == std::string::npos);
    CHECK_FALSE(s.take_progress_change());
    s.retry();
    for (std::size_t i = 0; i < s.puzzle().solution.size(); i += 2)  // the session answers by itself
        REQUIRE(s.play(MoveSpec::of(s.puzzle().solution[i], s.solver())).legal);
    CHECK(s.state() == State::Solved);
    CHECK_FALSE(s.take_progress_change());
    CHECK(s.set_progress().failed == std::set<int>{71});
    // Coming back on another visit counts: solved now, and no longer failed.
    s.open(70);
    s.play(MoveSpec::of(s.puzzle().solution[0], s.solver()));
    s.play(MoveSpec::of(s.puzzle().solution[2], s.solver()));
    CHECK(s.state() == State::Solved);
    CHECK(s.set_progress().solved == std::set<int>{71});
    CHECK(s.set_progress().failed.empty());
}

TEST_CASE("a puzzle in two: the defence answers and the task counts down", "[puzzle][session]") {
    PuzzleSession s(official(), {});
    s.open(70);
    const Puzzle& p = s.puzzle();
    const auto a = s.play(MoveSpec::of(p.solution[0], s.solver()));
    CHECK(a.legal);
    CHECK(s.state() == State::Solving);
    CHECK(s.moves_left() == 1);
    // The answer is the longest defence, which the stored main line also follows.
    CHECK(s.game().moves().back() == p.solution[1]);
    CHECK(a.text == move_name(p.solution[0], Color::Black) + " keeps the win; White answers " +
                        move_name(p.solution[1], Color::White) + ": Black to play and win in 1");
    // Illegal: refused with the reason, nothing changes.
    const auto bad = s.play(spec("W1A3"));  // White's stack, at Black's turn
    CHECK_FALSE(bad.legal);
    CHECK(bad.text.rfind("W1A3: ", 0) == 0);
    CHECK(s.moves_left() == 1);
}

TEST_CASE("the solution: shown on the board, counted as failed", "[puzzle][session]") {
    PuzzleSession s(official(), {});
    const std::string text = s.show_solution();
    CHECK(s.state() == State::Shown);
    CHECK(s.game().over());
    CHECK(text.rfind(
              "solution: C2C3 (Black wins: four in a row on diagonal A1-D4); the first move D1C3 wins too. "
              "Counted as failed",
              0) == 0);
    CHECK(s.set_progress().failed == std::set<int>{1});
    CHECK(s.set_progress().streak == 0);
    CHECK(s.next_index() == 1);
}

TEST_CASE("next puzzle: the first unsolved after the current, wrapping", "[puzzle][session]") {
    saves::PuzzleProgress progress;
    const PuzzleSet* set = ui::find_puzzle_set("3x3");
    REQUIRE(set);
    for (const Puzzle& p : set->puzzles)
        if (p.id != 2 && p.id != 5) progress.record(set->name, p.id, true);
    PuzzleSession s(*set, progress);
    CHECK(s.index() == 1);
    CHECK(s.next_index() == 4);
    s.open(4);
    CHECK(s.next_index() == 1);
    progress.record(set->name, 2, true);
    progress.record(set->name, 5, true);
    PuzzleSession all(*set, progress);
    CHECK(all.index() == 0);  // everything solved: from the start
    CHECK(all.next_index() == 1);
}
