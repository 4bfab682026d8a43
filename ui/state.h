// What the screen shows, apart from the game itself: the prompt, the message, the cursor, what the
// computer is doing. The view draws from this and the game alone (render from state).
#pragma once

#include <optional>
#include <string>

#include "engine/game.h"
#include "engine/player.h"

namespace gobblet::ui {

// A place the cursor can be: a board square, or one of the side to move's reserve stacks.
struct Spot {
    bool stack = false;
    int row = 0, col = 0;  // board square
    int index = 0;         // stack 0-2
    friend bool operator==(const Spot&, const Spot&) = default;
};

enum class Confirm { None, NewGame, ReplaceGame, Quit };

struct UiState {
    std::string prompt;
    std::string message;
    bool message_is_error = false;
    Spot cursor;
    std::optional<Spot> picked;         // a piece picked up with the cursor or the mouse
    bool computer[2] = {false, false};  // by colour index
    bool thinking = false;
    bool hinting = false;  // the worker is computing a hint, not a move
    ThinkInfo info;
    bool help = false;
    Confirm confirm = Confirm::None;
    bool color = true;
};

}  // namespace gobblet::ui
