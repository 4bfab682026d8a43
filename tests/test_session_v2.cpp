// Version 2 of the peer protocol, the joiner's side: a spectator, and a server's player whose opponent
// goes away and comes back. A RawPeer plays the server here, line by line (tests/test_server*.cpp play
// the same against the real one), so each test shows exactly what the joiner is told and what it does.
#include "net_support.h"

using namespace gobblet;
using namespace gobblet::net;
using namespace gobblet::test;

namespace {

const std::string running_white =
    "left 0 0 reserve 300000 300000 running white elapsed 0 budget 120000 paused no flagged none";
const std::string running_black =
    "left 0 0 reserve 300000 300000 running black elapsed 0 budget 120000 paused no flagged none";
const std::string paused_black =
    "left 0 0 reserve 300000 300000 running black elapsed 0 budget 120000 paused yes flagged none";
const std::string paused_white =
    "left 0 0 reserve 300000 300000 running white elapsed 0 budget 120000 paused yes flagged none";

// A fake server: a listener and the raw peer it accepts.
struct FakeServer {
    std::optional<Listener> listener;
    RawPeer peer;
    FakeServer() {
        auto opened = Listener::open(Endpoint{"127.0.0.1", 0});
        REQUIRE(opened);
        listener = std::move(opened).take();
    }
    Endpoint where() const { return Endpoint{"127.0.0.1", listener->port()}; }
    // Lets `d` ms of fake time pass a second at a time, answering the joiner's keep-alives as a server
    // does (Net::pass alone would let the joiner find the server silent).
    void pass(Net& net, Millis d) {
        std::size_t answered = 0;
        for (Millis left = d; left > 0; left -= std::min<Millis>(left, 1000)) {
            net.now += std::min<Millis>(left, 1000);
            net.idle(2);
            const auto& heard = peer.heard();
            for (; answered < heard.size(); ++answered)
                if (heard[answered].starts_with("ping "))
                    peer.say("pong " + heard[answered].substr(5) + "\n");
        }
        net.idle(2);
    }
    void accept(Net& net) {
        REQUIRE(net.until([&] {
            if (Fd fd = listener->accept(listener->fds()[0].get())) peer.adopt(std::move(fd));
            return peer.open();
        }));
        net.raws = {&peer};
    }
    // The welcome of a DM match (first to 1) that has W3B2 played, for `you` ("0", "1" or "watch"), and
    // the go once the joiner syncs.
    // `terms`: the line after `welcome` (a server of version 4's, "terms help no choice 90000"), or none.
    void welcome(Net& net, const std::string& you, const std::string& terms = "") {
        peer.say("welcome 0123456789abcdef " + you + " 4 official 1 dm 2m 5m 30s\n" +
                 (terms.empty() ? "" : terms + "\n") +
                 "name 0 Liam\nname 1 Eamon\nround 1 0 none -\nmoves W3B2\nstate " + running_black +
                 "\nready\n");
        REQUIRE(net.until([&] { return peer.line_starting("sync").has_value(); }));
        peer.say("go " + running_black + "\n");
    }
};

Side join_fake(Net& net, FakeServer& server, bool watch) {
    JoinConfig c;
    c.host = server.where();
    c.code = "WATCH1";
    c.name = "Zoe";
    c.hosted = true;
    c.watch = watch;
    Side p;
    p.session = session_of(Session::join(c, p.match, net.now));
    REQUIRE(p.session);
    net.players = {&p};
    server.accept(net);
    REQUIRE(net.until([&] { return server.peer.line_starting("hello").has_value(); }));
    return p;
}

// Zoe watches the fake server's game, which has begun.
Side watching(Net& net, FakeServer& server) {
    Side zoe = join_fake(net, server, true);
    server.welcome(net, "watch");
    REQUIRE(net.until([&] { return zoe.session->playing(); }));
    return zoe;
}

}  // namespace

TEST_CASE("a spectator says version 5, holds nothing, sends only its sync, and sees every fact",
          "[net][session][spectator]") {
    Net net;
    FakeServer server;
    Side zoe = join_fake(net, server, true);
    CHECK(*server.peer.line_starting("hello") == "hello gobblet 5 WATCH1 new Zoe");
    server.welcome(net, "watch");
    REQUIRE(net.until([&] { return zoe.session->playing(); }));
    CHECK(zoe.session->local_player() == -1);
    CHECK(zoe.session->remote_player() == -1);
    CHECK(zoe.session->watching());
    CHECK(describe(zoe.of(Event::Kind::Welcomed).at(0), zoe.match, -1) == "watching Liam and Eamon");
    CHECK_FALSE(server.peer.line_starting("seat").has_value());  // a spectator has no seat

    // Facts of both players, and an agreement it never heard offered.
    server.peer.say("move 0 2 K1C3 " + running_white + "\nwatchers 3\ndraw 1 " + running_white + "\n");
    REQUIRE(net.until([&] { return zoe.match.game().over(); }));
    CHECK(zoe.moves() == "W3B2\nK1C3\n");
    CHECK(zoe.match.game().result().ending == Ending::Agreement);
    CHECK(zoe.session->watchers() == 3);
    CHECK(describe(zoe.of(Event::Kind::Watchers).at(0), zoe.match, -1) == "3 spectators watch");

    // Everything a player does is refused, with the reason, and nothing is sent.
    const std::size_t heard = server.peer.heard().size();
    CHECK(zoe.session->move(spec("W1A1"), false, net.now).why() ==
          "you are watching: a spectator makes no moves");
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

TEST_CASE("the players' chat never reaches a spectator: it would be a protocol error",
          "[net][session][spectator]") {
    Net net;
    FakeServer server;
    Side zoe = watching(net, server);
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
        Side zoe = join_fake(net, server, true);
        server.welcome(net, "watch");
        REQUIRE(net.until([&] { return zoe.session->playing(); }));
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
    Side zoe = join_fake(net, server, true);
    server.peer.say("welcome 0123456789abcdef 1 4 official 1 none\n");
    REQUIRE(net.until([&] { return zoe.saw(Event::Kind::Error); }));
    CHECK(zoe.last(Event::Kind::Error) ==
          "protocol error from the server: a player's welcome when we asked to watch");
}

TEST_CASE(
    "a server's player: the opponent goes away, the clocks stand for the grace, then run; a claim "
    "is asked for; the opponent comes back",
    "[net][session][absence]") {
    Net net;
    FakeServer server;
    Side eamon = join_fake(net, server, false);
    CHECK(*server.peer.line_starting("hello") == "hello gobblet 5 WATCH1 new Zoe");
    // A server of version 4 says its limit on the choice of starter in the terms (and no engine help).
    server.welcome(net, "1", "terms help no choice 90000");
    REQUIRE(net.until([&] { return eamon.session->playing(); }));
    CHECK(eamon.session->choice_time() == 90 * s);
    CHECK_FALSE(eamon.session->help_allowed());
    CHECK(server.peer.line_starting("seat human").has_value());

    // Eamon's move request crosses the news that Liam's connection dropped: it is dropped, not an error.
    REQUIRE(eamon.session->move(spec("K1C3"), false, net.now).ok());
    server.peer.say("away 0 white 0 30000 clock " + paused_black + "\n");
    REQUIRE(net.until([&] { return eamon.saw(Event::Kind::Dropped); }));
    CHECK(eamon.last(Event::Kind::Dropped) == "your move K1C3 crossed news from Liam and was not played");
    REQUIRE(eamon.session->absence(eamon.session->remote_player()));
    CHECK(eamon.session->absence(eamon.session->remote_player())->grace() == 30 * s);
    CHECK(eamon.session->absence(eamon.session->remote_player())->clock_runs());
    CHECK(describe(eamon.of(Event::Kind::Act).back(), eamon.match, 1) == "Liam is away from the board");
    CHECK(eamon.match.clock().paused());
    CHECK_FALSE(eamon.session->paused_by_agreement());
    CHECK(absence_text(eamon.match, 0, *eamon.session->absence(eamon.session->remote_player()), net.now) ==
          "Liam is away: the clocks stand for 0:30 more (what is left of Liam's grace), then your time runs "
          "again; you may move now");
    CHECK(eamon.session->offer(OfferKind::Draw, net.now).why() ==
          "Liam is away: offers wait until they are back");
    CHECK(eamon.session->chat("hello?", net.now).why() == "Liam is away: nobody would read it");
    // The player who stayed moves on his turn during the grace (issue 25): the clocks stand on.
    server.pass(net, 5 * s);
    REQUIRE(eamon.session->move(spec("K1C3"), false, net.now).ok());
    REQUIRE(net.until([&] { return server.peer.line_starting("move 1 2 K1C3").has_value(); }));
    server.peer.say("move 1 2 K1C3 " + paused_white + "\n");
    REQUIRE(net.until([&] { return eamon.moves() == "W3B2\nK1C3\n"; }));
    CHECK(eamon.match.clock().paused());

    // The grace ends: this side says so (the server's clock line lets the clocks run).
    server.pass(net, 26 * s);
    REQUIRE(eamon.saw(Event::Kind::Absence));
    CHECK(eamon.last(Event::Kind::Absence).starts_with("Liam is away: Liam's clock runs"));
    server.peer.say("clock " + running_white + "\n");
    REQUIRE(net.until([&] { return !eamon.match.clock().paused(); }));
    // After the grace, under a clock, the claim may be asked at once (issue 33, item 23); here the
    // server does not answer it before Liam is back.
    CHECK(eamon.session->claim(net.now, false).ok());

    server.peer.say("back 2 white " + running_white + "\n");
    REQUIRE(net.until([&] { return !eamon.session->absence(eamon.session->remote_player()); }));
    CHECK(describe(eamon.of(Event::Kind::Act).back(), eamon.match, 1) == "Liam is back");
    CHECK(eamon.session->chat("welcome back", net.now).ok());
}

TEST_CASE("a server's player hears of the server, never of a host, and a game taken up goes on (issue 33)",
          "[net][session]") {
    Net net;
    FakeServer server;
    Side eamon = join_fake(net, server, false);
    server.welcome(net, "1");  // W3B2 played already: Eamon comes back to a game in progress
    REQUIRE(net.until([&] { return eamon.session->playing(); }));
    CHECK(describe(eamon.of(Event::Kind::Started).at(0), eamon.match, 1) == "the game goes on");
    REQUIRE(eamon.session->move(spec("K1C3"), false, net.now).ok());
    CHECK(eamon.session->move(spec("K1C4"), false, net.now).why() ==
          "wait: your move K1C3 is on its way to the server");
    CHECK(eamon.session->replay(net.now).why() == "the server starts the replay of a drawn round");
    CHECK(eamon.session->holder() == "the server");
}

TEST_CASE("without a clock the player who stayed asks for the claim after the grace and five minutes",
          "[net][session][absence]") {
    Net net;
    FakeServer server;
    Side eamon = join_fake(net, server, false);
    const std::string none = "left 0 0 reserve 0 0 running none elapsed 0 budget 0 paused no flagged none";
    const std::string held = "left 0 0 reserve 0 0 running none elapsed 0 budget 0 paused yes flagged none";
    server.peer.say(
        "welcome 0123456789abcdef 1 4 official 1 none\nname 0 Liam\nname 1 Eamon\nround 1 0 none "
        "-\nmoves W3B2 K1C3\nstate " +
        none + "\nready\n");
    REQUIRE(net.until([&] { return server.peer.line_starting("sync").has_value(); }));
    // Liam went away a minute ago (the news a player who joins late is given first).
    server.peer.say("go " + none + "\naway 0 white 60000 30000 claim " + none + "\n");
    REQUIRE(net.until([&] { return eamon.session->absence(eamon.session->remote_player()).has_value(); }));
    CHECK(eamon.session->absence(eamon.session->remote_player())->since() <= net.now - 60 * s);
    CHECK(eamon.session->claim(net.now, false).why() ==
          "Liam has been away 1:00: you may claim the round in 4:30");
    server.pass(net, 4 * 60 * s + 30 * s);
    CHECK(eamon.last(Event::Kind::Absence) == "Liam has been away 5:30: you may claim the round");
    REQUIRE(eamon.session->claim(net.now, false).ok());
    REQUIRE(net.until([&] { return server.peer.line_starting("claim 1 white").has_value(); }));
    CHECK(eamon.session->awaiting_host());
    server.peer.say("claim 1 white " + held + "\n");
    REQUIRE(net.until([&] { return eamon.match.game().over(); }));
    CHECK(eamon.match.round_result_text() == "Liam left and did not come back: Eamon wins");
    CHECK_FALSE(eamon.saw(Event::Kind::Error));
}

TEST_CASE(
    "a peer-to-peer joiner says version 4, plays a host that sends no terms, and meets no version 2 news",
    "[net][session]") {
    Net net;
    FakeServer server;
    JoinConfig c;
    c.host = server.where();
    c.code = "ABCD";
    c.name = "Eamon";
    Side eamon;
    eamon.session = session_of(Session::join(c, eamon.match, net.now));
    REQUIRE(eamon.session);
    net.players = {&eamon};
    server.accept(net);
    REQUIRE(net.until([&] { return server.peer.line_starting("hello").has_value(); }));
    CHECK(*server.peer.line_starting("hello") == "hello gobblet 5 ABCD new Eamon");
    server.welcome(net, "1");
    REQUIRE(net.until([&] { return eamon.session->playing(); }));
    CHECK_FALSE(eamon.session->help_allowed());                  // no terms heard: no help
    CHECK(eamon.session->choice_time() == starter_choice_time);  // and the default limit
    server.peer.say("away 0 white 0 30000 clock " + paused_black + "\n");
    REQUIRE(net.until([&] { return eamon.saw(Event::Kind::Error); }));
    CHECK(eamon.last(Event::Kind::Error) ==
          "protocol error from Liam: an away: only a server's game has that");
}

TEST_CASE("a session hands over one change at a time: its caller reads the match as each event left it",
          "[net][session][spectator]") {
    Net net;
    FakeServer server;
    Side zoe = watching(net, server);
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
