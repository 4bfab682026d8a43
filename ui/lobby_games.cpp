// The screens the lobby opens over itself (lobby_screen.h): a match of the player's on the game screen,
// joined to the server's game connection (version 2); a game watched, as a spectator; a finished game
// fetched from the server and reviewed with the engine's marks; and the transcripts it saves.
#include "game_screen.h"
#include "lobby_screen.h"
#include "saves/record.h"
#include "saves/savefile.h"
#include "view.h"

namespace gobblet::ui {

Options LobbyScreen::served_options() const {
    Options o = game_options_;
    o.served = true;
    o.resume = false;
    o.load_path.clear();
    o.host_at.reset();
    o.join_to.reset();
    o.tutorial = o.puzzles = false;
    o.game_asked = true;
    return o;
}

net::JoinConfig LobbyScreen::served_join(const std::string& code) const {
    net::JoinConfig j;
    j.host = options_.server;
    j.code = code;
    j.name = client_->name();
    j.hosted = true;
    return j;
}

void LobbyScreen::push_game(std::unique_ptr<GameScreen> screen, const std::string& game) {
    link_ = std::make_shared<LobbyLink>();
    link_->game = game;
    screen->set_link(link_);
    if (!game.empty()) history_.reset();  // a review comes back to the history it was chosen from
    entry_.reset();
    question_.reset();
    nav_.push(std::move(screen));
}

void LobbyScreen::open_match(const lobby::MatchStart& m, Millis) {
    const bool again = my_match_ && my_match_->game == m.game;
    my_match_ = m;
    if (game_open()) {
        if (link_->game == m.game) {  // the same match, announced again at a login: its code may be fresh
            link_->fresh_code = m.code;
            return;
        }
        // A review or a game watched is over the lobby: it makes way for the player's match.
        link_->leave = true;
        pending_match_ = m;
        return;
    }
    auto g = std::make_unique<GameScreen>(context_, served_options());
    net::JoinConfig j = served_join(m.code);
    j.rated = m.terms.rated;
    if (const std::string why = g->join(j, SeatSpec{SeatKind::Human, client_->name(), std::nullopt});
        !why.empty())
        return say("the match against " + m.opponent + " could not be joined: " + why, true);
    // A tournament's match: the lobby under it shows the tournament's live standings, and after it.
    if (m.tournament != 0) {
        if (standings_ != m.tournament) {
            standings_item_.reset();
            standings_rows_.clear();
        }
        standings_ = m.tournament;
    }
    if (!again)
        say("your match against " + m.opponent + " starts: you play " + std::string(color_name(m.colour)) +
            ", " + lobby::terms_description(m.terms));
    push_game(std::move(g), m.game);
}

void LobbyScreen::open_watch(const lobby::Watching& w, Millis) {
    if (game_open()) return;  // something else came first
    const auto& games = client_->tables().games();
    const auto it = games.find(w.game);
    const std::string who =
        it == games.end() ? "the game" : it->second.item.names[0] + " - " + it->second.item.names[1];
    auto g = std::make_unique<GameScreen>(context_, served_options());
    net::JoinConfig j = served_join(w.code);
    j.watch = true;
    if (const std::string why = g->join(j, SeatSpec{SeatKind::Remote, "", std::nullopt}); !why.empty())
        return say("cannot watch " + who + ": " + why, true);
    say("watching " + who);
    push_game(std::move(g), w.game);
}

void LobbyScreen::open_review(const std::string& text, const std::string& what) {
    if (game_open()) return;
    saves::LoadedRecord r = saves::read_record(text);
    if (r.error) return say("the server's record of " + what + " cannot be read: " + r.message(), true);
    auto g = std::make_unique<GameScreen>(context_, served_options());
    g->review(std::move(*r.record), what);
    push_game(std::move(g), "");
}

// The record as the server sent it, checked by the one reader of records, under the archive's name
// (liam-white--eamon-black.txt, -2 when taken) in the player's saves, which the game's o lists.
void LobbyScreen::save_transcript(const std::string& text, const std::string& what) {
    saves::LoadedRecord r = saves::read_record(text);
    if (r.error) return say("the server's record of " + what + " cannot be read: " + r.message(), true);
    const auto dir = saves::saves_dir();
    if (dir.empty()) return say("cannot save: neither XDG_DATA_HOME nor HOME is set", true);
    std::filesystem::path written;
    if (const std::string err =
            saves::write_new_file(dir, saves::archive_stem(r.record->match), text, &written);
        !err.empty())
        return say("not saved: " + err, true);
    say(what + " saved to " + printable(written.string()));
}

}  // namespace gobblet::ui
