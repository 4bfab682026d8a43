// Game-level behaviour: the touched-piece rule of interactive play, undo and redo, resignation.
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {
constexpr Variant official4{4, Rules::Official};
constexpr Variant rogers4{4, Rules::Rogers};

Square sq(const char* name) { return make_square(name[0] - 'A', name[1] - '1'); }

// Why a typed move is refused ("" when it is played).
std::string play_typed(Game& g, const std::string& move) { return g.play(spec_of(move)).why(); }

// A full 3x3 board where White's size-1 piece on A1 cannot move (every other square is occupied) but
// White's other pieces can. White to move, no reserves left, no lines.
Position boxed_in_small_piece() {
    return diagram(R"(
        W1    K3    K1W3
        K1W3  W1K3  K2
        K2    W2    W2
    )",
                   Color::White, Variant{3, Rules::Official});
}
}  // namespace

// Issue 33, 14: a typed move is a whole move; refused, it changes nothing, so a typo of the destination
// never forfeits the choice of piece.
TEST_CASE("official: a refused typed move of one's own piece touches nothing", "[touch]") {
    Game g = game_after("W1A1\nK1D4", official4);
    const Position before = g.position();
    CHECK(play_typed(g, "A1D4") == "D4 holds a piece of the same size");
    CHECK_FALSE(g.touched());
    CHECK(g.position() == before);
    CHECK(g.moves().size() == 2);
    CHECK(play_typed(g, "W1B2") == "");  // another piece: the choice was kept
    CHECK(g.moves().size() == 3);
}

TEST_CASE("official: a touched piece must be the piece moved", "[touch]") {
    Game g = game_after("W1A1\nK1D4", official4);
    REQUIRE(g.touch(sq("A1")));  // picked up with the cursor or the mouse
    CHECK(play_typed(g, "W1B2") == "official rules: you touched the piece on A1, so you must move it");
    CHECK(play_typed(g, "A1D4") == "D4 holds a piece of the same size");
    CHECK(g.touched());  // an illegal attempt leaves it touched
    CHECK(play_typed(g, "A1B2") == "");
    CHECK_FALSE(g.touched());
    CHECK(g.moves().size() == 3);
}

TEST_CASE("official: touching a piece that cannot move forfeits the game", "[touch]") {
    Game g(boxed_in_small_piece());
    REQUIRE_FALSE(g.over());
    CHECK(g.touch(sq("A1")));
    CHECK(g.result().outcome == Outcome::BlackWins);
    CHECK(g.result().ending == Ending::Forfeit);
    CHECK(result_text(g.result(), 3, g.side_to_move()) ==
          "Black wins: forfeit: touched piece cannot move (White's piece on A1)");
}

TEST_CASE("official: a typed move of a piece that cannot move is refused, and forfeits nothing", "[touch]") {
    Game g(boxed_in_small_piece());
    CHECK(play_typed(g, "A1B3") == "B3 holds a larger piece");
    CHECK_FALSE(g.over());
    CHECK_FALSE(g.touched());
}

TEST_CASE("undo takes a forfeit back together with the touch", "[touch][undo]") {
    Game g(boxed_in_small_piece());
    REQUIRE(g.touch(sq("A1")));
    REQUIRE(g.over());
    CHECK(g.undo());
    CHECK_FALSE(g.over());
    CHECK_FALSE(g.touched());
}

TEST_CASE("official: only one's own board piece can be touched", "[touch]") {
    Game g = game_after("W1A1\nK1D4", official4);
    CHECK(g.touch(sq("D4")).why() == "the piece on D4 is Black's");
    CHECK(g.touch(sq("B2")).why() == "B2 is empty");
    CHECK_FALSE(g.touched());
    CHECK(play_typed(g, "D4C3") == "the piece on D4 is Black's");
    CHECK_FALSE(g.touched());
}

TEST_CASE("rogers: there is no touched-piece rule", "[touch]") {
    Game g = game_after("W1A1\nK1D4", rogers4);
    CHECK(play_typed(g, "A1D4") == "D4 holds a piece of the same size");
    CHECK_FALSE(g.touched());
    CHECK(play_typed(g, "W1B2") == "");
}

TEST_CASE("a transcript line that is illegal is an error, never a touch", "[touch]") {
    Game g = game_after("W1A1\nK1D4", official4);
    REQUIRE_FALSE(g.play_transcript("A1D4"));
    CHECK_FALSE(g.touched());
    CHECK(g.moves().size() == 2);
}

TEST_CASE("undo takes back a move together with a touch made since", "[touch][undo]") {
    Game g = game_after("W1A1\nK1D4\nW1B2", official4);
    REQUIRE(g.touch(sq("D4")));  // Black picks up D4
    REQUIRE(g.touched());
    CHECK(g.undo());
    CHECK_FALSE(g.touched());
    CHECK(g.side_to_move() == Color::White);
}

TEST_CASE("undo and redo walk the game back and forth", "[undo]") {
    Game g = game_after("W1A1\nK1D4\nW1B2\nK1C3");
    const Position after4 = g.position();
    CHECK(g.undo());
    CHECK(g.undo());
    CHECK(g.moves().size() == 2);
    CHECK(g.can_redo());
    CHECK(g.redo());
    CHECK(g.redo());
    CHECK_FALSE(g.can_redo());
    CHECK(g.position() == after4);
    CHECK(g.position().key() == after4.key());
}

TEST_CASE("a new move after undoing replaces the undone moves", "[undo]") {
    Game g = game_after("W1A1\nK1D4\nW1B2\nK1C3");
    g.undo();
    g.undo();
    CHECK(refusal(g, "W1C2") == "");
    CHECK_FALSE(g.can_redo());
    CHECK(transcript_text(g.moves()) == "W1A1\nK1D4\nW1C2\n");
}

TEST_CASE("replaying the undone move keeps the rest of the redo line", "[undo]") {
    Game g = game_after("W1A1\nK1D4\nW1B2\nK1C3");
    g.undo();
    g.undo();
    CHECK(refusal(g, "W1B2") == "");
    CHECK(g.can_redo());
    CHECK(g.redo());
    CHECK(g.moves().size() == 4);
}

TEST_CASE("undo reopens a finished game", "[undo]") {
    Game g = game_after("W1A1\nK1D1\nW1A2\nK1D2\nW1A3\nK1D3\nW2A4");
    REQUIRE(g.over());
    CHECK(g.undo());
    CHECK_FALSE(g.over());
    CHECK(g.side_to_move() == Color::White);
}

TEST_CASE("nothing to undo at the start", "[undo]") {
    Game g;
    CHECK_FALSE(g.can_undo());
    CHECK_FALSE(g.undo());
    CHECK_FALSE(g.can_redo());
}

TEST_CASE("a side may resign and both may agree to a draw", "[result]") {
    Game g = game_after("W1A1");
    g.resign(Color::Black);
    CHECK(result_text(g.result(), 4, g.side_to_move()) == "White wins: Black resigned");
    CHECK(g.undo());
    CHECK_FALSE(g.over());
    g.agree_draw();
    CHECK(result_text(g.result(), 4, g.side_to_move()) == "Draw: agreed by both players");
}

TEST_CASE("the status reads the side to move while the game goes on", "[result]") {
    Game g;
    CHECK(result_text(g.result(), 4, g.side_to_move()) == "White to move");
    g = game_after("W1A1");
    CHECK(outcome_text(g.result(), g.side_to_move()) == "Black to move");
}

TEST_CASE("official: once a piece is touched only its moves are legal", "[touch]") {
    Game g = game_after("W1A1\nK1D4\nW2B2\nK2C3", official4);
    REQUIRE(g.touch(sq("B2")));
    MoveList moves;
    g.legal_moves(moves);
    REQUIRE_FALSE(moves.empty());
    for (Move m : moves) {
        CHECK_FALSE(m.is_enter());
        CHECK(m.from() == sq("B2"));
    }
    g.undo();  // undo takes the touch back with the move before it
    g.legal_moves(moves);
    CHECK(std::any_of(moves.begin(), moves.end(), [](Move m) { return m.is_enter(); }));
}
