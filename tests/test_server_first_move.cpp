// The start of a server's match (tests/server_support.h: one process, real sockets on 127.0.0.1, fake
// time): who comes to the board, and the clocks, which wait for White's first move (a tournament's for
// its countdown); the minute White has for that move is tests/test_server_claims.cpp's.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

TEST_CASE_METHOD(
    LiamAndEamon,
    "a match's start says who came to the board, not who is back, and no count of nobody watching",
    "[server][clock]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 1m+0s first-to 1 casual");
    std::vector<std::string> arrivals;
    for (Client* c : {white, black}) {
        for (const net::Event& e : c->of(net::Event::Kind::Act))
            if (e.act.kind == net::Act::Kind::Back)
                arrivals.push_back(net::describe(e, c->match, c->game->local_player()));
        for (const net::Event& e : c->of(net::Event::Kind::Watchers))
            CHECK(net::describe(e, c->match, c->game->local_player()).empty());
    }
    REQUIRE_FALSE(arrivals.empty());  // the first at the board heard the other come
    for (const std::string& a : arrivals) CHECK(a.ends_with(" is at the board"));
}

TEST_CASE_METHOD(LiamAndEamon, "the clocks start with White's first move, not when the screens open",
                 "[server][clock]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 1m+0s first-to 1 casual");
    // Most of a minute at the board before White moves: nobody's time runs, nobody flags (a minute is the
    // first move's limit: tests/test_server_claims.cpp).
    CHECK_FALSE(white->match.clock().running());
    w.pass(50 * s);
    CHECK_FALSE(white->match.game().over());
    CHECK(black->match.clock().time_left(Color::White, w.now) == 60 * s);
    const std::string game = World::match_of(liam)->game;
    CHECK(liam.lobby->tables().games().at(game).item.running == -1);
    w.move(*white, *black, "W1A1");
    // White's first move cost nothing; Black's clock runs from it.
    CHECK(black->match.clock().time_left(Color::White, w.now) == 60 * s);
    CHECK(black->match.clock().running() == Color::Black);
    w.pass(10 * s);
    CHECK(black->match.clock().time_left(Color::Black, w.now) <= 50 * s);
}

TEST_CASE_METHOD(LiamAndEamon, "a tournament's match starts its clocks after the countdown if White waits",
                 "[server][clock][tournament]") {
    auto [white, black] = tournament_match(w, liam, eamon, "official 4 1m+0s first-to 1 casual");
    CHECK_FALSE(white->match.clock().running());
    w.pass(lobby::round_start_after / 2);
    CHECK_FALSE(black->match.clock().running());  // not yet: the countdown runs
    w.pass(lobby::round_start_after / 2);
    REQUIRE(w.until([&] { return black->match.clock().running() == Color::White; }));
    w.pass(61 * s);
    REQUIRE(w.until([&] { return black->match.game().over(); }));
    CHECK(black->match.game().result().ending == Ending::Time);
}
