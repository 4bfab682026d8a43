// The one rule for the engine's help to the players at a table (issues 25 and 26): which help a game
// allows now, or why not, in a sentence for the player. Every key that asks the engine (the computer's
// seat [ ], the hint !, the analysis i), the coach and the review's marks ask it, and the footer and the
// help show only what it allows (ui/game_screen.cpp, ui/teacher.cpp, ui/table_play.cpp).
//
//   a local game              all of it, as ever; but a match under a clock has the hint, the analysis and
//                             the coach only when they were switched on (i or !) before its first move,
//                             for both players (a clock is a contest: nobody gets help the other had not)
//   a peer-to-peer game       none while it is played, unless the host allowed it (--allow-help, in the
//                             terms both sides hear before play: docs/network.md)
//   a server's game           none for the players while it is played (a rating means a game won at the
//                             board; computers play there only as bot accounts, --bot)
//   a server's game watched   none while it is live: the review after it has it all
//
// Once the match is over everything is on offer (its review).
#pragma once

#include <cstdint>
#include <string>

#include "engine/expected.h"

namespace gobblet::ui {

// The engine's kinds of help.
enum class Help : std::uint8_t {
    ComputerSeat,  // a player's side handed to the computer ([ ])
    Hint,          // the move the computer would play (!)
    Analysis,      // the panel of best lines (i)
    Coach,         // the coach's word after a move, with its take-back
    Review,        // the marks of a finished round's moves
};

// The game a table plays, as far as the engine's help goes.
struct HelpGame {
    enum class Kind : std::uint8_t { Local, Peer, Server, Spectator };
    Kind kind = Kind::Local;
    bool allowed = false;  // Peer: the host's --allow-help
    bool over = false;     // the match is over: its review has everything
    bool timed = false;    // Local: a match under a clock ...
    bool started = false;  // ... in which a move has been played ...
    bool granted = false;  // ... and the help was switched on before its first move
};

// Whether `help` is on offer in `game` now, or why not ("no hint in a game on a server while it is
// played: ...").
Expected<void> help_allowed(const HelpGame& game, Help help);
// For the help screen: what `game` refuses now, in a sentence; "" when it refuses nothing.
std::string help_note(const HelpGame& game);

}  // namespace gobblet::ui
