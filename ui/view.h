// Layout and drawing. The only code that knows screen coordinates: draw() renders everything from the
// match and the UI state for the current terminal size, and hit() maps a mouse click back to a spot.
//
// Layout (80x24, the smallest 4x4 screen; bigger cells from 120x40):
//
//   title: rules, size, round, score, clock settings
//   board (rows A-D, columns 1-4)      | White: name, clock, stacks X Y Z
//                                      | Black: name, clock, stacks X Y Z
//                                      | moves, numbered in pairs, scrollable
//   analysis, when shown: under the board when five rows fit there (120x40 and more, 3x3), else in
//   the place of the move list
//   status: whose turn or the result, what the computer is doing
//   message (wrapped, up to three lines)
//   prompt, question or cursor position
//   footer: the keys that work now, from the key table
#pragma once

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "state.h"
#include "text.h"

namespace gobblet::ui {

struct Layout {
    int size = 4;
    bool large = false;
    int cell_w = 11, cell_h = 3;  // including one border line/column
    int board_x = 2, board_y = 2;
    int panel_x = 0, panel_w = 0;  // the right panel: players, stacks, moves
    int under_y = 0, under_h = 0;  // below the board, left: the analysis
    int status_y = 0;              // then message_lines, the prompt and footer_lines
    int message_lines = 3, footer_lines = 1;
    int cols = 0, lines = 0;
    int need_cols = 0, need_lines = 0;  // the smallest terminal for this board
    bool fits() const { return cols >= need_cols && lines >= need_lines; }
};
Layout make_layout(int board_size, int cols, int lines);

// Everything the footer and the prompt line need that only the screen knows.
struct Chrome {
    std::vector<std::string> footer;  // already fitted to the width
    std::string prompt_line;          // "Move: W3B", "Cursor on B2", a question's answers
    int prompt_cursor = -1;           // column of the text cursor on the prompt line, -1 for none
    std::string status;               // replaces the status line when not empty (puzzles, the tutorial)
};

void draw(const Match& match, const UiState& ui, const Chrome& chrome, Millis now);
// The spot under a screen position, if any: a square of the board, or one of the stacks of `to_move` (the
// side the cursor picks for: the side to move, or a premove's) in the panel, where each player's block has a
// name line, `clock_rows` lines of clock (1 with a clock, else 0) and the stacks, White's block first (as
// draw() puts them).
std::optional<Spot> hit(const Layout& layout, Color to_move, int clock_rows, int y, int x);
// The help screen's lines for this width: `intro` (a screen's own words, if any), the rules in force
// and every key of the key table on `screen` (those of the actions `shown` accepts, when given).
std::vector<std::string> help_lines(const Match& match, int width, ScreenKind screen = screen_game,
                                    const std::string& intro = "",
                                    const std::function<bool(Action)>& shown = {});
// A help page of its own (a question's, an overlay's) as lines for this width: the title, the
// paragraphs, then its keys, each with what it does.
std::vector<std::string> help_page_lines(const HelpPage& page, int width);
// Draws the help screen from line `scroll` (clamped to the lines there are), with its own footer.
void draw_help(const std::vector<std::string>& lines, int& scroll);
// A chat log as draw_help shows it: `title`, a blank line, then each line wrapped to `width` (later lines
// indented), the oldest first.
std::vector<std::string> chat_log_page(const std::string& title, const std::deque<std::string>& log,
                                       int width);
// What every screen draws with (the game's, Grabble's; a line of text is scroll_list.h's put_text): a
// colour pair's attribute (none without colour) and an overlay list (the settings menu, the list of
// games, Grabble's new game) centred above the status line `status_y`.
int pair_attr(short pair);
void draw_overlay(const Overlay& o, int cols, int status_y);
// A key on the help screen: true when it scrolled it, false for a key that closes it.
bool help_scroll_key(Key k, int& scroll);

}  // namespace gobblet::ui
