// Move notation and the transcript text format (RULES.md): one move is its origin and its destination,
// "W3B2", "K1C3", "C2A2". Reading is generous (case, separators, several moves a line, comments, move
// numbers); writing is always canonical. Everything that reads moves (the prompt, paste, save files,
// the engine protocol, tests) goes through parse_moves.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "rules.h"

namespace gobblet {

std::string square_name(Square sq);              // "B2"
std::string stack_name(Color owner, int stack);  // "W3", "K1"
std::string move_name(Move m, Color mover);      // "W3B2", "C2A2"
std::string spec_name(const MoveSpec& spec);     // canonical text of a spec as written ("XB2" for X)

// One move read from text, with where it was and how it was written.
struct WrittenMove {
    MoveSpec spec;
    int line = 0;         // 1-based line of the text
    std::string written;  // the move's characters exactly as they appear ("k2-b3")
};

// Why a text could not be read or played: the line, the move (or characters) as written, the reason.
struct TextError {
    int line = 0;
    std::string written;
    std::string reason;
    // "line 4: K2B3: official rules: ..."
    std::string message() const;
};

// Reads every move of a text. On a syntax problem the error names the first bad line and nothing is
// returned in moves. Accepted: upper or lower case; spaces, '-', '->', '→', ',' or ';' between the
// halves of a move or between moves; several moves a line; CRLF; blank lines; comments from '%' or '#'
// to the end of the line; move numbers such as "12." or "12)".
struct ParsedMoves {
    std::vector<WrittenMove> moves;
    std::optional<TextError> error;
};
ParsedMoves parse_moves(std::string_view text);

// Canonical transcript text: one move a line, each ending in '\n'.
std::string transcript_text(const std::vector<Move>& moves, Color first_mover = Color::White);

// The position as plain text (the engine protocol's showboard, --replay): rows A-D down the side,
// columns 1-4 on top; a cell shows its visible piece ("W4" = White size 4, "K2" = Black size 2) and,
// when it covers pieces, how many ("W4+2"); then each side's reserve stacks, top first.
std::string board_text(const Position& pos);

// Builds a position from a diagram, for tests and fixed positions: one board row a line, cells
// separated by spaces, "." for an empty square, otherwise the square's pieces from the bottom up
// ("K2W4" = White's 4 covering Black's 2). Reserves are what the board leaves. On error, *error says why.
std::optional<Position> parse_diagram(std::string_view diagram, Variant v, Color side_to_move,
                                      std::string* error = nullptr);

}  // namespace gobblet
