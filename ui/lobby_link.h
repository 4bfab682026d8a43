// What the lobby and a game screen it opened tell each other (the lobby screen keeps one, the game screen
// over it the other): the lobby hears of the game's end, and of a fresh code, on its own connection, and
// the game screen says when it has left the stack. Plain data, no curses: one screen writes, the other
// reads it on its next turn.
#pragma once

#include <string>

namespace gobblet::ui {

struct LobbyLink {
    std::string game;        // the server's game id; "" for a review of a finished game
    bool open = true;        // the game screen is on the stack (it clears this as it closes)
    std::string over;        // the lobby's word that the game ended ("Liam wins the match 2-1"), once
    std::string fresh_code;  // a fresh code for the player's game connection (a restarted server), once
    bool leave = false;      // the lobby asks the game screen to leave (a match of the player's starts)
};

}  // namespace gobblet::ui
