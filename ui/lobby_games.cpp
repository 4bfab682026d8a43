#include "lobby_games.h"

#include "game_screen.h"
#include "saves/record.h"
#include "saves/savefile.h"
#include "text.h"

namespace gobblet::ui {

Options ServedGames::served_options() const {
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

net::JoinConfig ServedGames::served_join(const std::string& code, const std::string& name) const {
    net::JoinConfig j;
    j.host = server_;
    j.code = code;
    j.name = name;
    j.hosted = true;
    return j;
}

void ServedGames::push(std::unique_ptr<GameScreen> screen, const std::string& game, const ServedMatch& match,
                       LobbyActions& lobby) {
    screen->set_lobby(lobby, match);
    screen_ = screen.get();
    game_ = game;
    context_.nav.push(std::move(screen));
}

Expected<void> ServedGames::open_match(const lobby::MatchStart& m, const std::string& name,
                                       const ServedMatch& match, LobbyActions& lobby) {
    auto g = std::make_unique<GameScreen>(context_, served_options());
    net::JoinConfig j = served_join(m.code, name);
    j.rated = m.terms.rated;
    if (Expected<void> joined = g->join(j, SeatSpec{SeatKind::Human, name, std::nullopt}); !joined)
        return joined;
    push(std::move(g), m.game, match, lobby);
    return {};
}

Expected<void> ServedGames::open_watch(const lobby::Watching& w, const std::string& name,
                                       LobbyActions& lobby) {
    auto g = std::make_unique<GameScreen>(context_, served_options());
    net::JoinConfig j = served_join(w.code, name);
    j.watch = true;
    if (Expected<void> joined = g->join(j, SeatSpec{SeatKind::Remote, "", std::nullopt}); !joined)
        return joined;
    push(std::move(g), w.game, {}, lobby);
    return {};
}

Expected<void> ServedGames::open_review(const std::string& text, const std::string& what,
                                        LobbyActions& lobby) {
    Expected<saves::Record, TranscriptError> r = saves::read_record(text);
    if (!r) return Failure{"the server's record of " + what + " cannot be read: " + r.why().message()};
    auto g = std::make_unique<GameScreen>(context_, served_options());
    g->review(std::move(r).take(), what);
    push(std::move(g), "", {}, lobby);
    return {};
}

LobbyNotice save_transcript(const std::string& text, const std::string& what) {
    const Expected<saves::Record, TranscriptError> r = saves::read_record(text);
    if (!r) return {"the server's record of " + what + " cannot be read: " + r.why().message(), true};
    const auto dir = saves::saves_dir();
    if (dir.empty()) return {"cannot save: neither XDG_DATA_HOME nor HOME is set", true};
    const Expected<std::filesystem::path> written =
        saves::write_new_file(dir, saves::archive_stem(r->match), text);
    if (!written) return {"not saved: " + written.why(), true};
    // The file's name first: a narrow screen cuts the folder, never the name.
    return {"saved " + printable(written->filename().string()) + " (" + what + ") in " +
            printable(written->parent_path().string())};
}

}  // namespace gobblet::ui
