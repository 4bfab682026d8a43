// Move numbers, one convention everywhere (issue 33, item 11): moves are numbered as the move list shows
// them ("7. W1A1 K2B3" is move 7, White's and Black's), one side's move is "White's move 7" or "Black's
// move 7", a game's length the number of its last move, and `g` reads a move as the list writes it.
#include "engine/notation.h"
#include "engine/review.h"
#include "support.h"

using namespace gobblet;

TEST_CASE("a ply is named by the move list's number and its side", "[notation][numbers]") {
    CHECK(move_number(0) == 1);
    CHECK(move_number(1) == 1);
    CHECK(move_number(12) == 7);
    CHECK(move_number(13) == 7);
    CHECK(move_number_text(12) == "7.");
    CHECK(move_number_text(13) == "7...");
    CHECK(ply_words(0) == "White's move 1");
    CHECK(ply_words(25) == "Black's move 13");
    CHECK(ply_words(26) == "White's move 14");
}

TEST_CASE("a game's length is the number of its last move, as the list counts", "[notation][numbers]") {
    CHECK(moves_text(0) == "no moves");
    CHECK(moves_text(1) == "1 move");
    CHECK(moves_text(2) == "1 move");
    CHECK(moves_text(3) == "2 moves");
    CHECK(moves_text(37) == "19 moves");
    CHECK(moves_text(38) == "19 moves");
}

TEST_CASE("where a game stands is said by the list's numbers, never by plies", "[notation][numbers]") {
    // The review's "REVIEW move 26 of 27" of old: 26 plies of 27 is Black's move 13, of 14 moves.
    CHECK(stands_text(26, 27) == "Black's move 13 of 14");
    CHECK(stands_text(27, 27) == "White's move 14 of 14");
    CHECK(stands_text(0, 27) == "the start of 14 moves");
    CHECK(stands_text(0, 1) == "the start of 1 move");
    CHECK(stands_text(0, 0) == "the start");
    CHECK(stands_text(1, 1) == "White's move 1 of 1");
}

TEST_CASE("g reads a move as the list writes it: 7 White's, 7... Black's, 0 the start",
          "[notation][numbers]") {
    CHECK(parse_move_number("0", 27) == std::size_t(0));
    CHECK(parse_move_number("1", 27) == std::size_t(1));
    CHECK(parse_move_number("7", 27) == std::size_t(13));
    CHECK(parse_move_number("7.", 27) == std::size_t(13));
    CHECK(parse_move_number(" 7... ", 27) == std::size_t(14));
    CHECK(parse_move_number("13...", 27) == std::size_t(26));
    CHECK(parse_move_number("14", 27) == std::size_t(27));
    CHECK(parse_move_number("14...", 27).why() == "'14...' is past the end: the last is White's move 14");
    CHECK(parse_move_number("3", 0).why() == "'3' is past the end: the game has no moves");
    CHECK(parse_move_number("x", 27).why() ==
          "'x' is not a move number: 7 is White's move 7, 7... Black's, 0 the start");
    CHECK_FALSE(parse_move_number("", 27));
    CHECK_FALSE(parse_move_number("7b", 27));
    CHECK_FALSE(parse_move_number("0...", 27));
    CHECK_FALSE(parse_move_number("99999999", 27));
}

TEST_CASE("--review counts a game's moves as the list numbers them", "[notation][numbers][review]") {
    Game g;
    REQUIRE(g.play_transcript("W1A1 K1D4 W2A2 K2D3 W3A3"));
    const std::string text = review_text(review_game(g, JudgeLimits{2, 0}));
    CHECK(text.rfind("% review: official rules, 4x4, 3 moves, search depth 2 a move\n", 0) == 0);
    CHECK(text.find("\n  3.    W3A3  ") != std::string::npos);
    CHECK(text.find("\n  2...  K2D3  ") != std::string::npos);
    CHECK(text.find("White: 3 moves: ") != std::string::npos);
    CHECK(text.find("Black: 2 moves: ") != std::string::npos);
}
