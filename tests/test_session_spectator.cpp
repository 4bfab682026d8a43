// A spectator's session, the joiner's side of watching a server's game: what it says, what it sees, what
// it is refused, and what the server may never send it. A fake server (tests/fake_server.h) plays the
// server line by line; tests/test_server_games.cpp watches the real one.
#include "fake_server.h"

using namespace gobblet;
using namespace gobblet::net;
using namespace gobblet::test;

namespace {

// Zoe watches the fake server's game, which has begun.
void watch(Net& net, FakeServer& server, Side& zoe) {
    server.join_game(net, zoe, true);
    server.welcome(net, "watch");
    REQUIRE(net.until([&] { return zoe.session->playing(); }));
}

// Zoe at the board as a spectator of the fake server's game.
struct Watching {
    Net net;
    FakeServer server;
    Side zoe;
    Watching() { watch(net, server, zoe); }
};

}  // namespace

TEST_CASE("a spectator says version 5 in its hello, holds no seat and sends only its sync",
          "[net][session][spectator]") {
    Net net;
    FakeServer server;
    Side zoe;
    server.join_game(net, zoe, true);
    CHECK(*server.peer.line_starting("hello") == "hello gobblet 5 WATCH1 new Zoe");
    server.welcome(net, "watch");
    REQUIRE(net.until([&] { return zoe.session->playing(); }));
    CHECK(zoe.session->local_player() == -1);
    CHECK(zoe.session->remote_player() == -1);
    CHECK(zoe.session->watching());
    CHECK(describe(zoe.of(Event::Kind::Welcomed).at(0), zoe.match, -1) == "watching Liam and Eamon");
    CHECK_FALSE(server.peer.line_starting("seat").has_value());  // a spectator has no seat
}

TEST_CASE_METHOD(Watching,
                 "a spectator sees every fact of both players, and an agreement it never heard offered",
                 "[net][session][spectator]") {
    server.peer.say("move 0 2 K1C3 " + running_white + "\nwatchers 3\ndraw 1 " + running_white + "\n");
    REQUIRE(net.until([&] { return zoe.match.game().over(); }));
    CHECK(zoe.moves() == "W3B2\nK1C3\n");
    CHECK(zoe.match.game().result().ending == Ending::Agreement);
    CHECK(zoe.session->watchers() == 3);
    CHECK(describe(zoe.of(Event::Kind::Watchers).at(0), zoe.match, -1) == "3 spectators watch");
}

TEST_CASE_METHOD(Watching,
                 "everything a player does is refused to a spectator, with the reason, and nothing is sent",
                 "[net][session][spectator]") {
    const std::size_t heard = server.peer.heard().size();
    CHECK(zoe.session->move(spec("W1A1"), net.now).why() == "you are watching: a spectator makes no moves");
    CHECK(zoe.session->resign(net.now).why() == "you are watching: a spectator has nothing to resign");
    CHECK(zoe.session->offer(OfferKind::Draw, net.now).why() ==
          "you are watching: a spectator makes no offers");
    CHECK(zoe.session->chat("hi", net.now).why() ==
          "you are watching: a spectator does not speak to the players");
    CHECK(zoe.session->claim(net.now, false).why() == "you are watching: a spectator claims nothing");
    CHECK(zoe.session->set_seat(SeatKind::Computer, net.now).why() ==
          "you are watching: a spectator has no seat");
    net.idle();
    CHECK(server.peer.heard().size() == heard);
}

TEST_CASE_METHOD(Watching, "the players' chat never reaches a spectator: it would be a protocol error",
                 "[net][session][spectator]") {
    server.peer.say("chat good luck\n");
    REQUIRE(net.until([&] { return zoe.saw(Event::Kind::Error); }));
    CHECK(zoe.last(Event::Kind::Error) == "protocol error from the server: the players' chat to a spectator");
    CHECK_FALSE(zoe.saw(Event::Kind::Chat));
}

TEST_CASE("the players' offers and answers never reach a spectator: each is a protocol error",
          "[net][session][spectator]") {
    for (const std::string line : {"offer 0 draw", "answer 0 draw yes"}) {
        INFO(line);
        Net net;
        FakeServer server;
        Side zoe;
        watch(net, server, zoe);
        server.peer.say(line + "\n");
        REQUIRE(net.until([&] { return zoe.saw(Event::Kind::Error); }));
        CHECK(zoe.last(Event::Kind::Error) == "protocol error from the server: the players' " +
                                                  line.substr(0, line.find(' ')) + " to a spectator");
        CHECK_FALSE(zoe.saw(Event::Kind::Offered));
        CHECK_FALSE(zoe.session->pending_offer(0));
        CHECK_FALSE(zoe.session->pending_offer(1));
    }
}

TEST_CASE("a spectator is not a player, and a player is not a spectator", "[net][session][spectator]") {
    Net net;
    FakeServer server;
    Side zoe;
    server.join_game(net, zoe, true);
    server.peer.say("welcome 0123456789abcdef 1 4 official 1 none\n");
    REQUIRE(net.until([&] { return zoe.saw(Event::Kind::Error); }));
    CHECK(zoe.last(Event::Kind::Error) ==
          "protocol error from the server: a player's welcome when we asked to watch");
}

TEST_CASE_METHOD(
    Watching, "a session hands over one change at a time: its caller reads the match as each event left it",
    "[net][session][spectator]") {
    // Two facts and a count in one write: one on_poll takes the first fact only, the rest waits.
    server.peer.say("move 0 2 K1C3 " + running_white + "\nmove 1 3 W1A1 " + running_black + "\nwatchers 2\n");
    std::vector<std::size_t> moves_at_each_fact;
    for (int turn = 0; turn < 400 && moves_at_each_fact.size() < 2; ++turn) {
        std::vector<pollfd> fds;
        zoe.session->pollfds(fds);
        ::poll(fds.data(), fds.size(), 5);
        zoe.session->on_poll(fds, net.now);
        while (auto e = zoe.session->next_event())
            if (e->kind == Event::Kind::Act)
                moves_at_each_fact.push_back(zoe.session->match().game().moves().size());
    }
    CHECK(moves_at_each_fact == std::vector<std::size_t>{2, 3});
    // The count's line waits for the next call, and the session says so.
    CHECK(zoe.session->watchers() != 2);
    CHECK(zoe.session->until_next(net.now) == 0);
    std::vector<pollfd> fds;
    zoe.session->pollfds(fds);
    zoe.session->on_poll(fds, net.now);
    CHECK(zoe.session->watchers() == 2);
}
