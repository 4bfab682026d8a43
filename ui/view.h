// Layout and drawing. The only code that knows screen coordinates: draw() renders everything from the
// game and the UI state for the current terminal size, and hit() maps a mouse click back to a spot.
#pragma once

#include <optional>

#include "state.h"

namespace gobblet::ui {

struct Layout {
    int size = 4;
    int board_x = 3, board_y = 3;                  // top-left corner of the grid
    int panel_x = 0;                               // stacks and move list
    int status_y = 0;                              // status, message, prompt and key help below the board
    int width = 0, height = 0;                     // what the whole layout needs
    static constexpr int cell_w = 12, cell_h = 4;  // including one border line/column
    explicit Layout(int board_size);
};

void draw(const Game& game, const UiState& ui);
// The spot under a screen position, if any.
std::optional<Spot> hit(const Layout& layout, const Position& pos, int y, int x);
// The help screen: the rules of the active rule set and every key.
void draw_help(const Game& game);

}  // namespace gobblet::ui
