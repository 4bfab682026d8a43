// What the lobby and a game screen it opened say to each other (the lobby screen under, the game screen
// over it), as calls rather than flags read every turn of the loop: the game screen asks a narrow set of
// lobby actions (LobbyActions, which the lobby screen implements), and the lobby tells the game screen its
// news as it comes (ServedScreen, which the game screen implements). What the game screen is told as it
// opens is plain data (ServedMatch). No curses.
#pragma once

#include <string>

#include "engine/expected.h"
#include "engine/time_source.h"

namespace gobblet::ui {

// What a game screen opened from the lobby is told as it opens: who plays whom, and a tournament's match.
struct ServedMatch {
    std::string title;          // who plays whom with their ratings, your colour, rated, the clock
    std::string intro;          // said once as play begins (you play White against Eamon: the terms...)
    bool tournament = false;    // a tournament's match: no abort, no rematch
    Millis clocks_by = -1;      // a tournament's match: its clocks start then at the latest
    std::string waiting_title;  // ... and its title until then, short ("cup round 2")
    // A match that is no tournament's: aborted by the server then if White has not moved by then
    // (net::first_move_limit from its start).
    Millis abort_by = -1;
};

// What a game screen opened from the lobby asks of it, about its game. Each request is sent, or says why
// not (nothing was sent).
class LobbyActions {
  public:
    virtual ~LobbyActions() = default;
    // E: abort the match (before each side has moved).
    virtual Expected<void> abort() = 0;
    // r on the result: a rematch, or accepting the opponent's.
    virtual Expected<void> rematch() = 0;
    // A spectator's line for the other spectators.
    virtual Expected<void> kibitz(const std::string& text) = 0;
    // A lobby command typed in the game screen's chat line, which starts with / (/tell NAME TEXT): what
    // was sent, in words for the message line, or why nothing was.
    virtual Expected<std::string> command(const std::string& text) = 0;
    // Who watches the game ("Zoe, Max"; "" nobody), for its title.
    virtual std::string watchers() const = 0;
    // The game screen leaves the stack: the lobby tells it nothing more.
    virtual void closed() = 0;
};

// What the lobby tells the game screen it opened, while it is open.
class ServedScreen {
  public:
    virtual ~ServedScreen() = default;
    // News for the screen on top (a challenge, a seek taken, a spectator's line), said at once.
    virtual void lobby_news(const std::string& text) = 0;
    // The lobby's word that the game ended (`text`, the ratings' changes included) and the changes alone
    // ("Liam 1662 (+162), Eamon 1338 (-162)").
    virtual void match_over(const std::string& text, const std::string& changes) = 0;
    // A fresh code for the game connection (a restarted server), used from now on.
    virtual void fresh_code(const std::string& code) = 0;
    // The opponent offers a rematch, in these words ("... r accepts").
    virtual void rematch_offered(const std::string& words) = 0;
    // A tournament's next match, announced on the result ("round 2 against Eamon (you play White)"): it
    // opens by itself at `at` (any key opens it sooner).
    virtual void next_match(const std::string& words, Millis at) = 0;
    // A match of the player's starts: the screen makes way for it (it leaves).
    virtual void make_way() = 0;
};

}  // namespace gobblet::ui
