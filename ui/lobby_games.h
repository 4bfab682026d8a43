// The game screens the lobby opens over itself (lobby_screen.h keeps one ServedGames): a match of the
// player's on the game screen (game_screen.h, Options::served), joined to the server's game connection
// (version 2); a game watched, as a spectator; a finished game fetched from the server and reviewed with
// the engine's marks. It keeps the screen it opened last while it is open (lobby_link.h's ServedScreen),
// through which the lobby tells it of the game's end and a fresh code, and hands it the lobby's actions
// (LobbyActions). Also the transcripts the lobby saves.
#pragma once

#include <memory>
#include <string>

#include "app.h"
#include "engine/expected.h"
#include "lobby_link.h"
#include "lobby_view.h"
#include "net/session.h"
#include "screen.h"

namespace gobblet::ui {

class GameScreen;

class ServedGames {
  public:
    // `game` is what the game screens are made with (the level for reviews, colours, the program's name);
    // `server` is the lobby's server, where the game connections go.
    ServedGames(const ScreenContext& context, const Options& game, const net::Endpoint& server)
        : context_(context), game_options_(game), server_(server) {}

    // Whether a screen opened here is over the lobby now; the screen and its game's id ("" for a review),
    // while it is.
    bool open() const { return screen_ != nullptr; }
    ServedScreen& screen() { return *screen_; }
    const std::string& game() const { return game_; }
    // The screen left the stack (LobbyActions::closed).
    void closed() { screen_ = nullptr; }

    // Each opens a game screen over the lobby, which asks `lobby` its actions, or says why it could not
    // (nothing opened then): the player's match as `name` (`match`: what the screen is told as it opens), a
    // game watched, a finished game's record `text` (`what` names it).
    Expected<void> open_match(const lobby::MatchStart& m, const std::string& name, const ServedMatch& match,
                              LobbyActions& lobby);
    Expected<void> open_watch(const lobby::Watching& w, const std::string& name, LobbyActions& lobby);
    Expected<void> open_review(const std::string& text, const std::string& what, LobbyActions& lobby);

  private:
    Options served_options() const;
    // How a game screen joins the server's game `code` as the player `name`.
    net::JoinConfig served_join(const std::string& code, const std::string& name) const;
    // Pushes a game screen over the lobby; `game` is the server's game id ("" for a review).
    void push(std::unique_ptr<GameScreen> screen, const std::string& game, const ServedMatch& match,
              LobbyActions& lobby);

    ScreenContext context_;
    Options game_options_;
    net::Endpoint server_;
    ServedScreen* screen_ = nullptr;  // the screen opened last, while it is on the stack
    std::string game_;
};

// A line for the lobby's message line.
struct LobbyNotice {
    std::string text;
    bool error = false;
};
// The record as the server sent it, checked by the one reader of records, saved under the archive's name
// (liam-white--eamon-black.txt, -2 when taken) in the player's saves, which the game's o lists: where it
// went, or why not.
LobbyNotice save_transcript(const std::string& text, const std::string& what);

}  // namespace gobblet::ui
