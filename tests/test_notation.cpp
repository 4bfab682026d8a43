// Move notation and transcripts: every tolerance of the reader, every error, canonical output, and the
// Liam/Eamon fixture under both rule sets.
#include <random>

#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

std::string canonical(const std::string& text, Variant v = {}) {
    Game g(v);
    REQUIRE(g.play_transcript(text));
    return transcript_text(g.moves());
}

std::string error_of(const std::string& text, Variant v = {}) {
    Game g(v);
    const auto played = g.play_transcript(text);
    REQUIRE_FALSE(played);
    CHECK(g.moves().empty());  // nothing applied
    return played.why().message();
}

}  // namespace

TEST_CASE("moves may be typed in upper or lower case", "[notation]") {
    CHECK(canonical("w3b2\nk1C3\nb2-b1") == "W3B2\nK1C3\nB2B1\n");
}

TEST_CASE("the halves of a move may be separated by spaces, '-', '->', '→' or ','", "[notation]") {
    CHECK(canonical("W3 B2\nK1-C3\nB2->A2\nC3 → C4\nA2,A3") == "W3B2\nK1C3\nB2A2\nC3C4\nA2A3\n");
}

TEST_CASE("several moves may share a line, with or without separators", "[notation]") {
    CHECK(canonical("W3B2 K1C3, W3B3; K2A1\nW1D4K2D1") == "W3B2\nK1C3\nW3B3\nK2A1\nW1D4\nK2D1\n");
}

TEST_CASE("CRLF line ends, blank lines and comment lines are ignored", "[notation]") {
    CHECK(canonical("% a game\r\n# by two friends\r\n\r\nW3B2\r\n\r\nK1C3 % Black replies\r\n") ==
          "W3B2\nK1C3\n");
}

TEST_CASE("move numbers are skipped", "[notation]") {
    CHECK(canonical("1. W3B2 K1C3\n2. W3B3 K2A1\n3) B2A2") == "W3B2\nK1C3\nW3B3\nK2A1\nB2A2\n");
}

TEST_CASE("X, Y and Z are read as the stacks of the side to move", "[notation]") {
    CHECK(canonical("xb2 XC3 yd4 zA1") == "W1B2\nK1C3\nW2D4\nK3A1\n");
}

TEST_CASE("output is always canonical, whatever the input looked like", "[notation]") {
    Game g;
    REQUIRE(g.play_transcript("  w3 -> b2   "));
    CHECK(move_name(g.moves()[0], Color::White) == "W3B2");
    CHECK(square_name(15) == "D4");
    CHECK(stack_name(Color::Black, 2) == "K3");
}

TEST_CASE("a transcript error names the line, the move as written and the reason", "[transcript]") {
    CHECK(error_of("W3B2\nK1C3\n\nb2-c3\n") == "line 4: b2-c3: C3 holds a piece of the same size");
    CHECK(error_of("W1A1\nK1A1") == "line 2: K1A1: A1 holds a piece of the same size");
}

TEST_CASE("a transcript with a bad move applies nothing", "[transcript]") {
    Game g = game_after("W1A1");
    const auto played = g.play_transcript("K1D4\nW1B2\nK1Q9");
    REQUIRE_FALSE(played);
    CHECK(g.moves().size() == 1);
    CHECK(played.why().where.line == 3);
}

TEST_CASE("unreadable text gets an error that says what a move looks like", "[transcript]") {
    CHECK(error_of("W3B2\nK1E5") ==
          "line 2: K1E5: E5 is not a square or a stack: squares are a row A-D and a column 1-4 (like B2), "
          "stacks "
          "W1-W3, K1-K3, X, Y, Z");
    // The input is quoted exactly as written, the whole word, whatever part of it is wrong.
    CHECK(error_of("ZZ99").rfind("line 1: ZZ99: ", 0) == 0);
    CHECK(error_of("w3e5").rfind("line 1: w3e5: E5 is not a square", 0) == 0);
    CHECK(error_of("W3B2x") == "line 1: W3B2x: incomplete move: a move is an origin and a square, like W3B2");
    CHECK(error_of("A5B2") == "line 1: A5B2: not a square: squares are a row A-D and a column 1-4, like B2");
    CHECK(error_of("W4B2") == "line 1: W4B2: not a reserve stack: White's stacks are W1-W3, Black's K1-K3");
    CHECK(error_of("W3") == "line 1: W3: incomplete move: a move is an origin and a square, like W3B2");
    CHECK(error_of("W3B2 K1") == "line 1: K1: incomplete move: a move is an origin and a square, like W3B2");
    CHECK(error_of("B2W1") == "line 1: B2W1: a move must end on a square, like B2");
    CHECK(error_of("42") ==
          "line 1: 42: a move starts with a square (A1-D4) or a stack (W1-W3, K1-K3, X, Y, Z)");
    CHECK(error_of("X1B2") ==
          "line 1: X1B2: X, Y and Z name your stacks on their own (XB2); use W1-W3 or K1-K3 for a numbered "
          "stack");
}

TEST_CASE("a transcript that goes on after the end of the game is refused", "[transcript]") {
    CHECK(error_of("W1A1\nK1D1\nW1A2\nK1D2\nW1A3\nK1D3\nW2A4\nK2B2") ==
          "line 8: K2B2: the game is over (White wins: four in a row on row A)");
}

TEST_CASE("a transcript legal only under the other rules says so and names the flag", "[transcript]") {
    const std::string text = "W1A1\nK1D1\nW1A2\nK2A2";
    CHECK(
        error_of(text, {4, Rules::Official}) ==
        "line 4: K2A2: official rules: a new piece may gobble only a piece in a row of three; the transcript "
        "is legal under the rogers rules: use --rules rogers");
    Game g;
    const auto played = g.play_transcript(text);
    REQUIRE_FALSE(played);
    CHECK(
        played.why().message("rules") ==
        "line 4: K2A2: official rules: a new piece may gobble only a piece in a row of three; the transcript "
        "is legal under the rogers rules: use rules rogers");
}

TEST_CASE("a transcript illegal under both rule sets gives no hint", "[transcript]") {
    CHECK(error_of("W1A1\nK1A1", {4, Rules::Official}) == "line 2: K1A1: A1 holds a piece of the same size");
}

TEST_CASE("the Liam/Eamon game replays under the rogers rules with White to move", "[transcript][fixture]") {
    const std::string text = fixture("liam-white--eamon-black.txt");
    Game g({4, Rules::Rogers});
    REQUIRE(g.play_transcript(text));
    CHECK(g.moves().size() == 38);
    CHECK_FALSE(g.over());
    CHECK(g.side_to_move() == Color::White);
    CHECK(transcript_text(g.moves()) == text + (text.back() == '\n' ? "" : "\n"));
}

TEST_CASE("the Liam/Eamon game is refused at line 4 under the official rules", "[transcript][fixture]") {
    const std::string text = fixture("liam-white--eamon-black.txt");
    CHECK(
        error_of(text, {4, Rules::Official}) ==
        "line 4: K2B3: official rules: a new piece may gobble only a piece in a row of three; the transcript "
        "is legal under the rogers rules: use --rules rogers");
}

TEST_CASE("the plain-text board shows visible pieces, what they cover and the reserves", "[notation]") {
    Game g = game_after("W3B2\nK1C3\nW3B3\nK2B3", {4, Rules::Rogers});
    CHECK(board_text(g.position()) ==
          "  1     2     3     4\n"
          "A .     .     .     .\n"
          "B .     W4    K4+1  .\n"
          "C .     .     K4    .\n"
          "D .     .     .     .\n"
          "White stacks: W1 [4 3 2 1]  W2 [4 3 2 1]  W3 [2 1]\n"
          "Black stacks: K1 [3 2 1]  K2 [3 2 1]  K3 [4 3 2 1]\n");
}

TEST_CASE("diagrams build positions and reject impossible ones", "[notation]") {
    const Expected<Position> d = parse_diagram("K4 . . .\n. K3W4 . .\n. . . .\n. . . .", {}, Color::Black);
    REQUIRE(d);
    const Position* p = &*d;
    CHECK(p->top_size(5) == 4);
    // Reserves keep the fullest stacks first: Black 4-3-2-1, 4-3-2-1, 2-1; White 4-3-2-1 twice and 3-2-1.
    CHECK(p->stack_top(Color::Black, 0) == 4);
    CHECK(p->stack_top(Color::Black, 2) == 2);
    CHECK(p->stack_top(Color::White, 2) == 3);
    CHECK(p->height(5) == 2);
    CHECK(p->side_to_move() == Color::Black);
    const Expected<Position> too_few = parse_diagram("W1 . . .\n. . . .\n. . . .\n. . . .", {}, Color::White);
    CHECK_FALSE(too_few);
    CHECK(too_few.why() == "White cannot have more pieces of size 1 than of size 2 on the board");
    const Expected<Position> upside =
        parse_diagram("W3K2 . . .\n. . . .\n. . . .\n. . . .", {}, Color::White);
    CHECK_FALSE(upside);
    CHECK(upside.why() == "cell 'W3K2': pieces must grow from the bottom up");
}

TEST_CASE("random bytes never crash the transcript reader", "[transcript][fuzz]") {
    std::mt19937 rng(99);
    const std::string alphabet = "ABCDWKXYZabcdwkxyz0123456789 -,>;.\n\r%#\t\x01\xff\xe2\x86\x92";
    for (int i = 0; i < 20000; ++i) {
        std::string text;
        const int len = int(rng() % 60);
        const bool raw = i % 2;
        for (int k = 0; k < len; ++k) text += raw ? char(rng() & 0xFF) : alphabet[rng() % alphabet.size()];
        for (Variant v : {Variant{4, Rules::Official}, Variant{3, Rules::Rogers}}) {
            Game g(v);
            const auto played = g.play_transcript(text);
            if (!played) {
                CHECK(g.moves().empty());
                CHECK(played.why().where.line >= 1);
                CHECK_FALSE(played.why().message().empty());
            }
        }
    }
}

TEST_CASE("an error quotes at most 16 printable ASCII characters of the input", "[transcript][limits]") {
    // A file that is not a transcript: the message quotes the start of the bad word, no more.
    CHECK(error_of("root:x:0:0:root:/root:/bin/bash\n") ==
          "line 1: root:x:0:0:ro...: not a move: a move is an origin and a square, like W3B2, XB2 or C2A2");
    // Separators between the halves of a move are quoted short too.
    CHECK(error_of("A1" + std::string(200, '-') + "W1") ==
          "line 1: A1-----------...: a move must end on a square, like B2");
    // Control characters and broken or foreign UTF-8 never reach a message: one '?' per character.
    CHECK(error_of("A1\v\f\vW1") == "line 1: A1???W1: a move must end on a square, like B2");
    CHECK(error_of("\xc3\xa9"
                   "1B2") ==
          "line 1: ?1B2: not a move: a move is an origin and a square, like W3B2, XB2 or C2A2");
    CHECK(error_of("\xff\xfe") ==
          "line 1: ??: not a move: a move is an origin and a square, like W3B2, XB2 or C2A2");
    CHECK(excerpt("W3B2") == "W3B2");
    CHECK(excerpt("") == "");
    CHECK(excerpt(std::string(16, 'a')) == std::string(16, 'a'));
    CHECK(excerpt(std::string(17, 'a')) == std::string(13, 'a') + "...");
}

TEST_CASE("the reader refuses a line of a million characters, quickly and whole", "[transcript][limits]") {
    std::string line;
    while (line.size() < 1000000) line += "A1B2 ";
    const Expected<std::vector<WrittenMove>, TextError> p = parse_moves("W3B2\n" + line + "\n");
    REQUIRE_FALSE(p);
    CHECK_FALSE(p.value());  // no moves at all
    CHECK(p.why().message() ==
          "line 2: A1B2 A1B2 A1B...: the line is longer than 4096 characters, the most a "
          "transcript line may hold");
    // The longest line allowed still reads.
    std::string longest(max_line_bytes - 4, ' ');
    longest += "W3B2";
    CHECK(parse_moves(longest));
}

TEST_CASE("the reader refuses more than 10,000 moves", "[transcript][limits]") {
    std::string text;
    for (std::size_t i = 0; i < max_transcript_moves; ++i) text += "A1B2\n";
    const Expected<std::vector<WrittenMove>, TextError> ok = parse_moves(text);
    REQUIRE(ok);
    CHECK(ok->size() == max_transcript_moves);
    const Expected<std::vector<WrittenMove>, TextError> p = parse_moves(text + "B2A1\n");
    REQUIRE_FALSE(p);
    CHECK_FALSE(p.value());  // no moves at all
    CHECK(p.why().message() == "line 10001: more than 10000 moves, the most a transcript may hold");
    // Moves handed over already read are held to the same limit.
    std::vector<WrittenMove> many(max_transcript_moves + 1, WrittenMove{MoveSpec::square(0, 1), 1, "A1B2"});
    Game g;
    const auto played = g.play_transcript(many);
    REQUIRE_FALSE(played);
    CHECK(played.why().message() == "line 1: more than 10000 moves, the most a transcript may hold");
    CHECK(g.moves().empty());
}

TEST_CASE("the reader refuses a text of more than 1 MiB before reading it", "[transcript][limits]") {
    const std::string text(max_transcript_bytes + 1, '\n');
    const Expected<std::vector<WrittenMove>, TextError> p = parse_moves(text);
    REQUIRE_FALSE(p);
    CHECK(p.why().message() ==
          "the text is longer than 1048576 bytes (1 MiB), the most a transcript may hold");
    CHECK(parse_moves(std::string(max_transcript_bytes, '\n')));
}
