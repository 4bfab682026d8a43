// Who plays and who watches, in the server (tests/server_support.h: one process, real sockets on
// 127.0.0.1, fake time): the players list says who plays whom and who watches what, and spectators talk
// among themselves (kibitz), never to the players.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// `c` asks to watch `game`, is given a code of its own, and watches with it at the board.
void watch(World& w, Client& c, const std::string& game) {
    REQUIRE(c.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return c.heard<lobby::Watching>(); }));
    w.join_game(c, c.all<lobby::Watching>().at(0).code, true);
}

}  // namespace

TEST_CASE_METHOD(LiamAndEamon, "the players list says who plays whom and who watches what",
                 "[server][spectator]") {
    Client zoe("Zoe"), max("Max");
    enter_all(w, {&zoe, &max});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    REQUIRE(w.until([&] { return player(zoe, "Liam").playing && player(zoe, "Eamon").playing; }));
    CHECK(player(zoe, "Liam").opponent == "Eamon");
    CHECK(player(zoe, "Eamon").opponent == "Liam");
    const std::string game = World::match_of(liam)->game;
    // Two spectators, each with a code of their own: the lobby says what they watch once at the board.
    watch(w, zoe, game);
    watch(w, max, game);
    CHECK(zoe.all<lobby::Watching>().at(0).code != max.all<lobby::Watching>().at(0).code);
    REQUIRE(w.until(
        [&] { return player(liam, "Zoe").watching == game && player(liam, "Max").watching == game; }));
    CHECK_FALSE(player(liam, "Zoe").playing);
    // Max leaves the board: the lobby says he is idle again.
    max.game->leave("enough", w.now);
    REQUIRE(w.until([&] { return player(liam, "Max").watching.empty(); }));
    CHECK(player(liam, "Zoe").watching == game);
    // The game ends: nobody watches it any more.
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return player(liam, "Zoe").watching.empty() && !player(liam, "Liam").playing; }));
}

TEST_CASE_METHOD(LiamAndEamon,
                 "spectators talk among themselves; the players never hear them, nor talk to them",
                 "[server][spectator]") {
    Client zoe("Zoe"), max("Max");
    enter_all(w, {&zoe, &max});
    start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    const std::string game = World::match_of(liam)->game;
    watch(w, zoe, game);
    watch(w, max, game);
    REQUIRE(w.until(
        [&] { return player(liam, "Zoe").watching == game && player(liam, "Max").watching == game; }));
    // Zoe talks to the spectators: Max hears it, she hears it back, the players never do.
    REQUIRE(zoe.lobby->kibitz(game, "White is in trouble", w.now).ok());
    REQUIRE(w.until([&] { return max.heard<lobby::Kibitzed>(); }));
    CHECK(max.all<lobby::Kibitzed>().at(0) == lobby::Kibitzed{game, "Zoe", "White is in trouble"});
    REQUIRE(w.until([&] { return zoe.heard<lobby::Kibitzed>(); }));
    w.idle(10);
    CHECK_FALSE(liam.heard<lobby::Kibitzed>());
    CHECK_FALSE(eamon.heard<lobby::Kibitzed>());
    // A player cannot talk to the spectators of their own game.
    REQUIRE(liam.lobby->kibitz(game, "hello watchers", w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("kibitz").has_value(); }));
    CHECK(liam.refused("kibitz")->text ==
          "you are not watching that game: its spectators talk among themselves");
}
