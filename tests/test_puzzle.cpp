// Puzzles: proofs of forced wins, the puzzle text format, generation, and the sets that ship.
#include <algorithm>

#include "engine/analysis.h"
#include "engine/puzzle.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

std::string names(const std::vector<Move>& moves, Color mover) {
    std::string out;
    for (Move m : moves) out += (out.empty() ? "" : " ") + move_name(m, mover);
    return out;
}

// White forces a win in two here, with W3D1 only.
const char* const win_in_two = "W1B3 K1A2 W1B4 K1B1 W2D2 K2C1 B4D4 K3C3 W1C2 K1D3";

PuzzleSet one_puzzle_set(const std::string& transcript, int length, Variant v = {}) {
    PuzzleSet set{"test", v, {}};
    Puzzle p;
    p.id = 1;
    p.length = length;
    const Game g = game_after(transcript, v);
    p.moves = g.moves();
    p.first_moves = winning_moves(g, length);
    REQUIRE_FALSE(p.first_moves.empty());
    // A main line: the first winning move, then the longest defence and the fastest win.
    Game line = g;
    Move next = p.first_moves[0];
    while (true) {
        REQUIRE(line.play(next));
        p.solution.push_back(next);
        if (line.over()) break;
        const Move defence = longest_defence(line, length);
        REQUIRE(line.play(defence));
        p.solution.push_back(defence);
        if (line.over()) break;
        next = winning_moves(line, *forced_win_length(line, length)).front();
    }
    set.puzzles.push_back(p);
    return set;
}

}  // namespace

TEST_CASE("a win in one is a win within one move, and every winning move is found", "[puzzle]") {
    const Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D3");
    CHECK(wins_within(g, 1));
    CHECK(forced_win_length(g, 3) == 1);
    CHECK(names(winning_moves(g, 1), Color::White) == "W1A4 W2A4");
    CHECK(move_wins_within(g, move_in(g, "W2A4"), 1));
    CHECK_FALSE(move_wins_within(g, move_in(g, "W2C1"), 3));  // Black completes row D at once
}

TEST_CASE("a forced win in two refutes every defence, and only its first move wins", "[puzzle]") {
    const Game g = game_after(win_in_two);
    CHECK_FALSE(wins_within(g, 1));
    CHECK(wins_within(g, 2));
    CHECK(forced_win_length(g, 3) == 2);
    CHECK(names(winning_moves(g, 2), Color::White) == "W3D1");
    CHECK(move_wins_within(g, move_in(g, "W3D1"), 2));
    CHECK_FALSE(move_wins_within(g, move_in(g, "W1A1"), 2));
    // After the first move, whatever Black does, White wins at once.
    Game after = g;
    REQUIRE(after.play(move_in(g, "W3D1")));
    MoveList replies;
    after.legal_moves(replies);
    for (Move r : replies) {
        Game line = after;
        REQUIRE(line.play(r));
        INFO(move_name(r, Color::Black));
        CHECK((line.result().winner() == Color::White || wins_within(line, 1)));
    }
    const Move d = longest_defence(after, 1);
    REQUIRE(after.play(d));
    CHECK(forced_win_length(after, 1) == 1);
}

TEST_CASE("a defence that repeats a position for the third time draws, and so refutes the attack",
          "[puzzle]") {
    // Rogers rules. After 20 plies White wins in two with B1D4 (Black's B3A1 loses like any reply).
    const std::string prefix =
        "W1D2 K1D4 W2A1 K1A3 W3C1 A3A2 W1B2 D4C4 A1D4 K2C3 D4B1 C3B4 D2A2 B4A1 W2A4 K2D3 C1C3 C4B3 A2C4 "
        "A1D3";
    const Variant rogers{4, Rules::Rogers};
    const Game fresh = game_after(prefix, rogers);
    CHECK(move_wins_within(fresh, move_in(fresh, "B1D4"), 2));
    // The same position again, after a cycle through the position that B1D4 B3A1 leads to (twice).
    const Game again = game_after(prefix + " B1D4 B3A1 C3A2 A1A3 A2C3 A3A1 D4B1 A1B3", rogers);
    REQUIRE(again.position() == fresh.position());
    REQUIRE_FALSE(again.over());
    CHECK_FALSE(move_wins_within(again, move_in(again, "B1D4"), 2));
    Game drawn = again;
    REQUIRE(drawn.play(move_in(drawn, "B1D4")));
    REQUIRE(drawn.play(move_in(drawn, "B3A1")));
    CHECK(drawn.result().ending == Ending::Repetition);
}

TEST_CASE("a finished game has no forced win", "[puzzle]") {
    const Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D3 W2A4");
    CHECK_FALSE(wins_within(g, 3));
    CHECK_FALSE(forced_win_length(g, 3));
}

TEST_CASE("verification proves a correct puzzle and says what is wrong with a wrong one", "[puzzle]") {
    PuzzleSet set = one_puzzle_set(win_in_two, 2);
    Puzzle& p = set.puzzles[0];
    CHECK(verify_puzzle(set, p));
    CHECK(p.unique());
    CHECK(p.solution.size() == 3);

    Puzzle longer = p;
    longer.length = 3;  // a win in two is no puzzle "win in three"
    CHECK(verify_puzzle(set, longer).why() == "a shorter win exists: 2 moves");

    Puzzle extra = p;
    extra.first_moves.push_back(move_in(game_after(win_in_two), "W1A1"));
    CHECK(verify_puzzle(set, extra).why() == "the first moves that win are: W3D1");

    Puzzle wrong_line = p;
    wrong_line.solution[0] = move_in(game_after(win_in_two), "W1A1");
    CHECK(verify_puzzle(set, wrong_line).why() == "the solution does not start with a winning move");

    Puzzle short_line = p;
    short_line.solution.pop_back();
    CHECK(verify_puzzle(set, short_line).why() == "the solution does not end in the win");

    Puzzle over = p;
    over.moves = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1D3 W2A4").moves();
    CHECK(verify_puzzle(set, over).why() == "the game is already over");
}

TEST_CASE("a puzzle set reads back exactly as it was written", "[puzzle]") {
    PuzzleSet set = one_puzzle_set(win_in_two, 2);
    PuzzleSet more = one_puzzle_set("W1A1 K1D1 W1A2 K1D2 W1A3 K1D3", 1);
    more.puzzles[0].id = 2;
    set.puzzles.push_back(more.puzzles[0]);
    const std::string text = puzzle_set_text(set);
    CHECK(text.find("\npuzzle: 1\nto move: White\nwin in: 2\nfirst moves: W3D1\nmoves: " +
                    std::string(win_in_two) + "\nsolution: W3D1 ") != std::string::npos);
    CHECK(text.find("\npuzzle: 2\nto move: White\nwin in: 1\nfirst moves: W1A4 W2A4\n") != std::string::npos);
    const Expected<PuzzleSet, TextError> parsed = parse_puzzle_set(text);
    REQUIRE(parsed);
    CHECK(parsed->name == "test");
    CHECK(parsed->variant == Variant{4, Rules::Official});
    REQUIRE(parsed->puzzles.size() == 2);
    for (int i = 0; i < 2; ++i) {
        const Puzzle& a = set.puzzles[i];
        const Puzzle& b = parsed->puzzles[i];
        CHECK(a.id == b.id);
        CHECK(a.length == b.length);
        CHECK(a.moves == b.moves);
        CHECK(a.first_moves == b.first_moves);
        CHECK(a.solution == b.solution);
    }
}

TEST_CASE("a bad puzzle file is refused with the line and the reason", "[puzzle]") {
    const std::string head = "% rules: official\n% size: 4\n";
    const auto error = [](const std::string& text) {
        const Expected<PuzzleSet, TextError> p = parse_puzzle_set(text);
        REQUIRE_FALSE(p);
        CHECK_FALSE(p.value());  // no set at all, not even its first puzzles
        return p.why().message();
    };
    CHECK(error(head + "\npuzzle: 1\nto move: White\nwin in: 1\nfirst moves: W1A4\nmoves: W1A1 K1D1 W1A1\n"
                       "solution: W1A4\n") == "line 8: W1A1: A1 holds a larger piece");
    CHECK(error(head + "\npuzzle: 1\nto move: White\nwin in: 1\nmoves: W1A1 K1D1\nsolution: W1A4\n") ==
          "line 4: puzzle 1: no \"first moves\"");
    CHECK(error(head + "\npuzzle: 1\nto move: Black\nwin in: 1\nfirst moves: W1A4\nmoves: W1A1 K1D1\n"
                       "solution: W1A4\n") == "line 5: Black: the moves leave White to move");
    CHECK(error(head + "\npuzzle: 1\nwin in: 4\n") == "line 5: 4: a puzzle wins in 1 to 3 moves");
    CHECK(error(head + "\npuzzle: 1\ncolour: white\n") == "line 5: colour: unknown field");
    CHECK(error("\npuzzle: 1\n") == "line 2: puzzle: 1: the header must give the rules and the size");
    CHECK(error(head + "moves: W1A1\n") == "line 3: moves: W1A1: a puzzle starts with \"puzzle: N\"");
}

TEST_CASE("generation from self-play is reproducible and every puzzle it makes is proven", "[puzzle]") {
    // Small recipes: 3x3 puzzles of every length come quickly; on 4x4 a unique win in one takes up to
    // a hundred games, so the seeds are ones that find it within a few (./main --make-puzzles makes the
    // full sets).
    const std::pair<Variant, std::uint64_t> recipes[] = {
        {{3, Rules::Official}, 5}, {{4, Rules::Official}, 3}, {{4, Rules::Rogers}, 12}};
    for (const auto& [v, seed] : recipes) {
        PuzzleRecipe recipe;
        recipe.name = "sample";
        recipe.variant = v;
        recipe.wanted[0] = v.size == 3 ? 2 : 1;
        recipe.wanted[1] = v.size == 3 ? 2 : 0;
        recipe.wanted[2] = v.size == 3 ? 2 : 0;
        recipe.seed = seed;
        const PuzzleSet a = make_puzzles(recipe);
        REQUIRE(int(a.puzzles.size()) == recipe.wanted[0] + recipe.wanted[1] + recipe.wanted[2]);
        if (v.size == 3) CHECK(puzzle_set_text(a) == puzzle_set_text(make_puzzles(recipe)));
        for (std::size_t i = 0; i < a.puzzles.size(); ++i) {
            const Puzzle& p = a.puzzles[i];
            INFO("puzzle " << p.id << " of " << a.name);
            CHECK(p.id == int(i) + 1);
            CHECK(verify_puzzle(a, p));
            if (i > 0) CHECK(a.puzzles[i - 1].length <= p.length);  // easiest first
        }
    }
}
