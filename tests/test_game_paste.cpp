// What a paste on the game's board comes to (ui/game_paste.h), read without a terminal: refusals that
// change nothing, a single move onto the prompt, a continuation of the game, a whole game to ask about.
#include "support.h"
#include "ui/game_paste.h"

using namespace gobblet;
using namespace gobblet::ui;
using Kind = PasteReading::Kind;

namespace {

InputEvent paste(std::string text, bool bracketed = true) {
    InputEvent e;
    e.kind = InputEvent::Kind::Paste;
    e.text = std::move(text);
    e.bracketed = bracketed;
    return e;
}

}  // namespace

TEST_CASE("a paste that is not text, too big, or many lines in a network game is refused untouched",
          "[paste]") {
    const Match m{MatchSettings{}};
    InputEvent big = paste("");
    big.too_big = true;
    PasteReading r = read_paste(big, m, false, "W3");
    CHECK(r.kind == Kind::Refused);
    CHECK(r.text == "paste refused, nothing changed: it is larger than 256 KiB, far more than any game");
    CHECK_FALSE(r.prompt);  // what was typed stays on the prompt
    InputEvent binary = paste("W3B2");
    binary.not_text = true;
    r = read_paste(binary, m, false, "");
    CHECK(r.kind == Kind::Refused);
    CHECK(r.text.find("it is not text") != std::string::npos);
    r = read_paste(paste("W3B2\nK1C3\n"), m, true, "");
    CHECK(r.kind == Kind::Refused);
    CHECK(r.text.find("a network game is played move by move") != std::string::npos);
    CHECK_FALSE(r.prompt);
}

TEST_CASE("a single pasted move goes onto the prompt, with what was typed before a burst", "[paste]") {
    const Match m{MatchSettings{}};
    PasteReading r = read_paste(paste("W3B2"), m, false, "");
    CHECK(r.kind == Kind::Prompt);
    CHECK(r.prompt == "W3B2");
    // A burst of typing speed that the terminal did not mark began with the keys already on the prompt.
    r = read_paste(paste("B2", false), m, false, "W3");
    CHECK(r.kind == Kind::Prompt);
    CHECK(r.prompt == "W3B2");
    r = read_paste(paste("W3B2", true), m, true, "");  // one move is fine in a network game
    CHECK(r.kind == Kind::Prompt);
}

TEST_CASE("pasted moves that follow on continue the game; others are a whole game to ask about", "[paste]") {
    Match m{MatchSettings{}};
    PasteReading r = read_paste(paste("W3B2\nK1C3\n"), m, false, "");
    REQUIRE(r.kind == Kind::Continue);
    CHECK(r.text == "pasted White's move 1 to Black's move 1");  // as the move list numbers them
    CHECK(r.moves.size() == 2);
    CHECK(r.prompt == "");

    REQUIRE(m.play(r.moves[0], 0));
    // Moves that follow on from the game on the board (Black to move) continue it.
    r = read_paste(paste("K1C3\nW2A1\n"), m, false, "W");
    REQUIRE(r.kind == Kind::Continue);
    CHECK(r.text == "pasted Black's move 1 to White's move 2");
    CHECK(r.moves.size() == 2);
    CHECK(r.prompt == "");

    // Not a continuation of the game under way: a game of its own from the start, which the screen asks
    // about.
    r = read_paste(paste("W3B2\nK1C3\nW2A1\n"), m, false, "");
    REQUIRE(r.kind == Kind::Whole);
    CHECK(r.what == "a whole game of 2 moves");  // 3 played: to White's move 2
    REQUIRE(r.record);
    CHECK(r.record->match.game().moves().size() == 3);
}

TEST_CASE("a pasted game that ended otherwise than on the board keeps its ending", "[paste]") {
    const Match fresh{MatchSettings{}};
    const PasteReading r =
        read_paste(paste("% gobblet game\nW3B2\nK1C3\n% ending: resignation white\n% result: Black wins\n"),
                   fresh, false, "");
    REQUIRE(r.kind == Kind::Whole);
    REQUIRE(r.record);
    CHECK(r.record->match.game().over());
    CHECK(r.record->match.game().result().ending == Ending::Resignation);
    CHECK(r.what == "a whole game of 1 move");
}

TEST_CASE("a paste that does not read is refused with the reason and the prompt emptied", "[paste]") {
    const Match m{MatchSettings{}};
    PasteReading r = read_paste(paste("hello there\nfriend\n"), m, false, "");
    CHECK(r.kind == Kind::Refused);
    CHECK(r.text.rfind("paste refused, nothing changed: ", 0) == 0);
    // Illegal on the empty board: the second move gobbles a piece of its own size.
    r = read_paste(paste("W3B2\nK1B2\n"), m, false, "");
    CHECK(r.kind == Kind::Refused);
    CHECK(r.text.rfind("paste refused, nothing changed: ", 0) == 0);
    CHECK(r.prompt == "");
    r = read_paste(paste("\n\n"), m, false, "");
    CHECK(r.kind == Kind::Refused);
    CHECK(r.text == "the paste held no moves");
}
