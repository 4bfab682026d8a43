// The words of the analysis panel, the coach and the review marks: plain logic, no curses, so that the
// unit tests check what the screen will say (ui/teacher.cpp runs the searches, ui/view.cpp draws).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/analysis.h"
#include "engine/review.h"

namespace gobblet::ui {

// How many lines the panel asks the analysis for.
inline constexpr int panel_lines = 3;

// The panel's rows for `width` columns, from the latest result of the side to move's position:
//   Analysis  depth 9  cp +85          (the number is the side to move's, as score_number says)
//   White is slightly better           (score_words: the side ahead is named)
//   cp +85   W3B2 K1C3 W1A1 K1D4       (one row a line, cut after the last whole move that fits)
// Before the first depth completes the head says "Analysis  thinking..."; on 3x3, whose values are the
// solved game's, "Analysis  solved  draw".
std::vector<std::string> analysis_rows(const AnalysisResult& r, int width);

// A line's moves, as many whole moves as fit in `width` columns (line_text's spelling).
std::string fitted_line(const std::vector<Move>& moves, Color first_mover, int width);

// What the coach says about a move worth a word (Judgement::coach):
// "W1A1 is a blunder: W3D1 was better (White wins in 2 -> about even)", the values as the mover sees them.
std::string coach_text(const Judgement& j, Color mover);

// The judgement of one reviewed move for the message while stepping through a game:
// "6. W1A1?? blunder: W3D1 was better (White wins in 2 -> about even)", "5... K1C3 good (about even)".
std::string step_text(const MoveReview& mr);

// A game's whole line: the moves played, then the moves stepped back over (redo), in order.
std::vector<Move> full_line(const Game& g);

// How many moves two lines share from the start.
std::size_t common_prefix(const std::vector<Move>& a, const std::vector<Move>& b);

}  // namespace gobblet::ui
