// Move notation and the transcript text format (docs/rules.md): one move is its origin and its destination,
// "W3B2", "K1C3", "C2A2". Reading is generous (case, separators, several moves a line, comments, move
// numbers); writing is always canonical. Everything that reads moves (the prompt, paste, save files,
// the engine protocol, tests) goes through parse_moves.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "expected.h"
#include "position.h"
#include "rules.h"

namespace gobblet {

// square_name, stack_name and move_name, the canonical names, are in position.h (the rules use them too).
std::string spec_name(const MoveSpec& spec);  // canonical text of a spec as written ("XB2" for X)

// Limits of the transcript reader, far above any real game (long games run to a few hundred moves). Text
// beyond them is refused with a message that names the limit, quickly and in bounded memory.
constexpr std::size_t max_transcript_bytes = std::size_t(1) << 20;  // the whole text: 1 MiB
constexpr std::size_t max_line_bytes = 4096;                        // one line
constexpr std::size_t max_transcript_moves = 10000;                 // moves in one transcript

// How every error message quotes its input (a move as written, a word of a file): printable ASCII only,
// one '?' for each other character (a control character, a UTF-8 sequence, a stray byte), and at most
// max_excerpt_chars characters (or max_chars, at least 4), the last three "..." when it is cut. So a binary
// or hostile file can neither flood a message nor put control characters on a terminal.
constexpr std::size_t max_excerpt_chars = 16;
std::string excerpt(std::string_view text, std::size_t max_chars = max_excerpt_chars);

// One move read from text, with where it was and how it was written.
struct WrittenMove {
    MoveSpec spec;
    int line = 0;         // 1-based line of the text
    std::string written;  // the move's characters exactly as they appear ("k2-b3")
};

// Why a text could not be read or played: the line, the move (or characters) as written, the reason.
struct TextError {
    int line = 0;         // 1-based; 0 when the error is about the whole text
    std::string written;  // an excerpt() of the input, or empty
    std::string reason;
    // "line 4: K2B3: official rules: ..."
    std::string message() const;
};

// Reads every move of a text: the moves, or, on a syntax problem, no moves and the error, which names
// the first bad line. Accepted: upper or lower case; spaces, '-', '->', '→', ',' or ';' between the
// halves of a move or between moves; several moves a line; CRLF; blank lines; comments from '%' or '#'
// to the end of the line; move numbers such as "12." or "12)". Refused: a text longer than
// max_transcript_bytes, a line longer than max_line_bytes, more than max_transcript_moves moves.
Expected<std::vector<WrittenMove>, TextError> parse_moves(std::string_view text);
// The error of a transcript that goes over max_transcript_moves, at the line of the move too many.
TextError too_many_moves(int line);

// Move numbers as the move list shows them (docs/rules.md, "Move numbers"): White moves first, and move 7
// is White's 7th move with Black's reply ("7. W1A1 K2B3"). One side's move is named by the number and the
// side: "White's move 7" (written "7." in a list), "Black's move 7" ("7..."). A ply is an index into a
// game's moves, from 0; `plies` a count of them. Every text that numbers or counts moves says it so.
int move_number(std::size_t ply);               // 7 for the plies 12 and 13
std::string move_number_text(std::size_t ply);  // "7." or "7..."
std::string ply_words(std::size_t ply);         // "White's move 7", "Black's move 7"
// A game's length as the list counts it, the number of its last move: "19 moves" for 37 or 38 plies,
// "1 move", "no moves".
std::string moves_text(std::size_t plies);
// Where a game of `total` plies stands after `plies` of them: "Black's move 13 of 14", "White's move 1 of
// 1", "the start of 14 moves", "the start" (a game without moves).
std::string stands_text(std::size_t plies, std::size_t total);
// The plies after a move as a player names it: "7" (or "7.") White's move 7, "7..." Black's move 7,
// "0" the start; within a game of `total` plies, or why not ("'7...' is past the last move, White's
// move 7" / "'x' is not a move number: ...").
Expected<std::size_t> parse_move_number(std::string_view text, std::size_t total);

// Canonical transcript text: one move a line, each ending in '\n'.
std::string transcript_text(const std::vector<Move>& moves, Color first_mover = Color::White);

// The position as plain text (the engine protocol's showboard, --replay): rows A-D down the side,
// columns 1-4 on top; a cell shows its visible piece ("W4" = White size 4, "K2" = Black size 2) and,
// when it covers pieces, how many ("W4+2"); then each side's reserve stacks, top first.
std::string board_text(const Position& pos);

// Builds a position from a diagram, for tests and fixed positions: one board row a line, cells
// separated by spaces, "." for an empty square, otherwise the square's pieces from the bottom up
// ("K2W4" = White's 4 covering Black's 2). Reserves are what the board leaves. The result is the
// position, or the reason there is none. Limits: a diagram is n rows of n cells; more is an error at
// once.
Expected<Position> parse_diagram(std::string_view diagram, Variant v, Color side_to_move);

}  // namespace gobblet
