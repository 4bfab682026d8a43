// What the lobby and a game screen it opened tell each other (the lobby screen keeps one, the game screen
// over it the other): the lobby hears of the game's end, and of a fresh code, on its own connection, and
// the game screen says when it has left the stack. Plain data, no curses: one screen writes, the other
// reads it on its next turn.
#pragma once

#include <string>
#include <vector>

#include "engine/time_source.h"

namespace gobblet::ui {

struct LobbyLink {
    std::string game;        // the server's game id; "" for a review of a finished game
    bool open = true;        // the game screen is on the stack (it clears this as it closes)
    std::string over;        // the lobby's word that the game ended, with the ratings' changes, once
    std::string changes;     // ... and the ratings' changes alone ("Liam 1662 (+162), Eamon 1338 (-162)")
    std::string fresh_code;  // a fresh code for the player's game connection (a restarted server), once
    bool leave = false;      // the lobby asks the game screen to leave (a match of the player's starts)

    // The lobby to the game screen.
    std::string title;                 // who plays whom with their ratings, your colour, rated, the clock
    std::string intro;                 // said once as the match opens (the round of a tournament...)
    bool tournament = false;           // a tournament's match: no abort, no rematch
    Millis clocks_by = -1;             // a tournament's match: its clocks start then at the latest
    std::string waiting_title;         // ... and its title until then, short ("cup round 2")
    std::string watchers;              // who watches ("Zoe, Max"), for the title
    std::vector<std::string> notices;  // news for whatever screen is on top (a challenge...), in order
    std::string rematch_offer;         // the opponent offers a rematch: its words ("" none)
    std::string next;                  // a tournament's next match, announced on the result
    Millis next_at = -1;               // ... which opens by itself then (any key opens it now)

    // The game screen to the lobby.
    bool abort = false;                   // E: abort the match (before each side has moved)
    bool rematch = false;                 // r on the result: a rematch (or accept the opponent's)
    std::vector<std::string> kibitz_out;  // a spectator's lines for the other spectators
};

}  // namespace gobblet::ui
