// A network opponent who vanishes (docs/network.md, "A player who does not come back"): the host decides
// by engine/absence.h. Two Sessions over loopback on fake time; the joiner's program "dies" by dropping
// its session without a word, and comes back with the match it had saved.
#include "net_support.h"

using namespace gobblet;
using namespace gobblet::net;
using namespace gobblet::test;

namespace {

constexpr Color W = Color::White, B = Color::Black;

Side host_with(MatchSettings settings, Millis grace = default_grace) {
    HostConfig c;
    c.grace = grace;
    return make_host_with(c, settings);
}

MatchSettings dm(Millis turn, Millis reserve, Millis chunk) {
    return MatchSettings{{}, 1, ClockSettings::dm(turn, reserve, chunk)};
}

// The joiner's program ends without a word (killed, or its machine gone); the host notices at once.
// Returns the match it had saved.
Match vanish(Net& net, Side& host, Side& joiner) {
    Match saved = joiner.match;
    joiner.session.reset();
    net.players = {&host};
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));
    CHECK(host.last(Event::Kind::Gone) == "Eamon closed the connection");
    return saved;
}

// The joiner comes back with what it had saved.
Side come_back(Net& net, Side& host, const Match& saved) {
    JoinConfig c;
    c.host = Endpoint{"127.0.0.1", host.session->port()};
    c.code = "ABCDEFGH";
    c.name = "Eamon";
    c.held_id = host.session->match_id();
    c.held = saved;
    Side back;
    back.match = saved;
    back.session = session_of(Session::join(c, back.match, net.now));
    REQUIRE(back.session);
    return back;
}

}  // namespace

TEST_CASE("under a clock the absent joiner's time runs again after the grace, and their flag falls",
          "[net][session][absence]") {
    Players game(host_with(dm(10 * s, 20 * s, 10 * s)));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    net.pass(2 * s);  // Eamon thinks two seconds, then his program dies
    const Match saved = vanish(net, host, joiner);
    const Millis dropped = net.now;
    REQUIRE(host.session->absence(host.session->remote_player()));
    CHECK(host.session->absence(host.session->remote_player())->since() == dropped);
    CHECK(host.match.clock().paused());
    CHECK(host.session->can_play());  // the host plays on its own turns; this one is Eamon's
    CHECK(host.session->move(spec("W2A1"), net.now).why() == "it is Eamon's turn");
    CHECK(absence_text(host.match, 1, *host.session->absence(host.session->remote_player()), net.now) ==
          "Eamon is away: the clocks stand for 0:30 more (what is left of Eamon's grace), then Eamon's time "
          "runs again");

    // The grace: nothing runs.
    net.pass(default_grace - 1000);
    CHECK_FALSE(host.saw(Event::Kind::Absence));
    CHECK(host.match.clock().time_left(B, net.now) == 8 * s);
    CHECK(host.match.clock().paused());

    // Then Eamon's clock runs again, and Liam is told how long he has.
    net.now = dropped + default_grace;
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Absence); }));
    CHECK(host.last(Event::Kind::Absence) ==
          "Eamon is away: Eamon's clock runs, 0:28 left; you may claim the round or a draw, or wait");
    CHECK_FALSE(host.match.clock().paused());
    CHECK(host.match.clock().running() == B);
    CHECK(absence_text(host.match, 1, *host.session->absence(host.session->remote_player()),
                       net.now + 10 * s) ==
          "Eamon is away: Eamon's clock runs, 0:18 left; you may claim the round or a draw, or wait");

    // His turn, then his reserve, run out as at the board: the round is lost on time.
    net.pass(28 * s - 1);
    CHECK_FALSE(host.match.game().over());
    net.now += 1;
    REQUIRE(net.until([&] { return host.match.game().over(); }));
    CHECK(host.match.round_result_text() == "Eamon ran out of time with no reserve left: Liam wins");
    CHECK(host.of(Event::Kind::Act).back().act.kind == Act::Kind::Flag);

    // Coming back later, Eamon finds the round decided.
    net.pass(60 * s);
    Side back = come_back(net, host, saved);
    net.players = {&host, &back};
    connect(net, host, back);
    CHECK(back.match.round_result_text() == "Eamon ran out of time with no reserve left: Liam wins");
    CHECK(back.last(Event::Kind::Started) == "Eamon ran out of time with no reserve left: Liam wins");
    CHECK(back.moves() == "W3B2\n");
}

TEST_CASE("a joiner who returns within the grace continues with the clocks as they were",
          "[net][session][absence]") {
    Players game(host_with(MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    net.pass(10 * s);
    const Match saved = vanish(net, host, joiner);
    net.pass(default_grace - 2 * s);  // back just before the grace ends
    Side back = come_back(net, host, saved);
    net.players = {&host, &back};
    connect(net, host, back);
    CHECK_FALSE(host.saw(Event::Kind::Absence));
    CHECK_FALSE(host.session->absence(host.session->remote_player()));
    CHECK(host.match.clock().time_left(B, net.now) == 290 * s);
    CHECK(back.match.clock().time_left(B, net.now) == 290 * s);
    CHECK(back.last(Event::Kind::Started) == "");  // nothing happened meanwhile
    CHECK(host.session->claim(net.now, false).why() == "Eamon is here: there is nothing to claim");
    play(net, back, host, "K1C3");
    CHECK(host.moves() == "W3B2\nK1C3\n");
}

TEST_CASE(
    "without a clock the round may be claimed grace + 5 minutes after the drop, and the returning "
    "joiner sees the claim",
    "[net][session][absence]") {
    Players game(host_with(MatchSettings{}));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    const Match saved = vanish(net, host, joiner);
    const Millis dropped = net.now;

    net.pass(10 * s);
    CHECK(host.session->claim(net.now, false).why() ==
          "Eamon may still come back: you may claim the round in 5:20");
    net.now = dropped + default_grace;
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Absence); }));
    CHECK(host.last(Event::Kind::Absence) == "Eamon has been away 0:30: you may claim the round in 5:00");
    CHECK(host.session->can_play());
    net.pass(claim_wait - 1000);
    CHECK(host.session->claim(net.now, false).why() ==
          "Eamon has been away 5:29: you may claim the round in 0:01");
    CHECK_FALSE(host.match.game().over());
    net.now = dropped + default_grace + claim_wait;
    REQUIRE(net.until([&] { return host.of(Event::Kind::Absence).size() == 2; }));
    CHECK(host.last(Event::Kind::Absence) == "Eamon has been away 5:30: you may claim the round");

    REQUIRE(host.session->claim(net.now, false).ok());
    net.idle(1);
    CHECK(host.match.game().over());
    CHECK(host.match.round_result_text() == "Eamon left and did not come back: Liam wins");
    CHECK(host.of(Event::Kind::Act).back().act.kind == Act::Kind::Claim);
    CHECK(net::describe(host.of(Event::Kind::Act).back(), host.match, 0) == "Liam claimed the round");
    CHECK(host.session->claim(net.now, false).why() == "the round is over");
    CHECK(host.session->move(spec("W2A1"), net.now).why() == "the round is over");

    // The claim is a fact the returning joiner finds.
    Side back = come_back(net, host, saved);
    net.players = {&host, &back};
    connect(net, host, back);
    CHECK(back.match.game().result().ending == Ending::Abandoned);
    CHECK(back.match.round_result_text() == "Eamon left and did not come back: Liam wins");
    CHECK(back.last(Event::Kind::Started) == "Eamon left and did not come back: Liam wins");
}

TEST_CASE("when it is the host's turn, the host plays on after the grace and the joiner catches up",
          "[net][session][absence]") {
    // Liam (the host, White) thinks 5 s on a DM clock; Eamon's program dies: what Eamon had saved.
    const auto drop_on_hosts_turn = [](Net& net, Side& host) {
        Side joiner = make_joiner(host, net.now);
        net.players = {&host, &joiner};
        connect(net, host, joiner);
        net.pass(5 * s);
        return vanish(net, host, joiner);
    };
    SECTION("under a clock: the host moves during the grace, and the joiner's clock stands for it") {
        Net net;
        Side host = host_with(dm(60 * s, 120 * s, 30 * s));
        const Match saved = drop_on_hosts_turn(net, host);
        const Millis dropped = net.now;
        CHECK(absence_text(host.match, 1, *host.session->absence(host.session->remote_player()), net.now) ==
              "Eamon is away: the clocks stand for 0:30 more (what is left of Eamon's grace), then your time "
              "runs again; you may move now");
        net.pass(10 * s);
        CHECK(host.match.clock().time_left(W, net.now) == 55 * s);  // 5 s before the drop, none in the grace
        // Issue 25: the player who stayed may always move on his own turn ("the clocks stand" refused it).
        REQUIRE(host.session->move(spec("W3B2"), net.now).ok());
        net.idle(1);  // the program takes the session's events at once
        CHECK(host.match.clock().running() == B);
        CHECK(host.match.clock().paused());  // Eamon's grace holds his clock
        CHECK_FALSE(host.session->paused_by_agreement());
        net.now = dropped + default_grace;
        REQUIRE(net.until([&] { return host.saw(Event::Kind::Absence); }));
        CHECK(host.last(Event::Kind::Absence) ==
              "Eamon is away: Eamon's clock runs, 3:00 left; you may claim the round or a draw, or wait");
        CHECK_FALSE(host.match.clock().paused());
        net.pass(20 * s);
        CHECK(host.match.clock().time_left(B, net.now) == 40 * s);

        Side back = come_back(net, host, saved);
        net.players = {&host, &back};
        connect(net, host, back);
        CHECK(back.moves() == "W3B2\n");
        CHECK(back.last(Event::Kind::Started) == "Liam played W3B2");
        CHECK(back.match.clock().time_left(B, net.now) == host.match.clock().time_left(B, net.now));
        CHECK(back.match.clock().time_left(B, net.now) == 40 * s);  // Eamon's 20 s away counted
        play(net, back, host, "K1C3");
        CHECK(host.moves() == "W3B2\nK1C3\n");
    }
    SECTION("under a clock: after the grace the host's own clock runs, then the joiner's") {
        Net net;
        Side host = host_with(dm(60 * s, 120 * s, 30 * s));
        drop_on_hosts_turn(net, host);
        net.pass(default_grace);
        REQUIRE(host.saw(Event::Kind::Absence));
        CHECK(host.last(Event::Kind::Absence) ==
              "Eamon is away: your clock runs; when you have moved, Eamon's runs (3:00 left); you may claim "
              "the round or a draw, or wait");
        CHECK(host.match.clock().running() == W);
        net.pass(10 * s);
        CHECK(host.match.clock().time_left(W, net.now) == 45 * s);  // 5 s before the drop, 10 after the grace
        REQUIRE(host.session->move(spec("W3B2"), net.now).ok());
        net.idle(1);
        CHECK(host.match.clock().running() == B);
        CHECK_FALSE(host.match.clock().paused());
    }
    SECTION("without a clock: the host moves, and claims only on the joiner's turn") {
        Net net;
        Side host = host_with(MatchSettings{}, 5 * s);  // --grace 5s
        Side joiner = make_joiner(host, net.now);
        net.players = {&host, &joiner};
        connect(net, host, joiner);
        const Match saved = vanish(net, host, joiner);
        net.pass(5 * s + claim_wait);
        REQUIRE(host.of(Event::Kind::Absence).size() == 2);
        CHECK(host.last(Event::Kind::Absence) ==
              "Eamon has been away 5:05: you may claim the round once you have moved");
        CHECK(host.session->claim(net.now, false).why() ==
              "it is your move: play it, then you may claim on Eamon's turn");
        REQUIRE(host.session->move(spec("W3B2"), net.now).ok());
        net.idle(1);
        REQUIRE(host.session->claim(net.now, false).ok());
        net.idle(1);
        CHECK(host.match.round_result_text() == "Eamon left and did not come back: Liam wins");
        Side back = come_back(net, host, saved);
        net.players = {&host, &back};
        connect(net, host, back);
        CHECK(back.moves() == "W3B2\n");
        CHECK(back.last(Event::Kind::Started) ==
              "Liam played W3B2; Eamon left and did not come back: Liam wins");
    }
}

TEST_CASE("coming back without finishing the handshake neither restarts the grace nor stops the clock",
          "[net][session][absence]") {
    Players game(host_with(MatchSettings{{}, 1, ClockSettings::fischer(120 * s, 0)}));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    const std::string id = host.session->match_id();
    vanish(net, host, joiner);
    const Millis dropped = net.now;
    net.now = dropped + default_grace;
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Absence); }));
    CHECK(host.match.clock().time_left(B, net.now) == 120 * s);

    // A connection with the code and the match id says hello, then never syncs.
    RawPeer stall;
    net.raws = {&stall};
    REQUIRE(stall.connect(Endpoint{"127.0.0.1", host.session->port()}).ok());
    stall.say("hello gobblet 1 ABCDEFGH " + id + " Eamon\n");
    REQUIRE(net.until([&] { return stall.line_starting("ready").has_value(); }));
    net.pass(handshake_timeout);
    REQUIRE(net.until([&] { return stall.closed_by_peer(); }));
    CHECK(host.session->phase() == Session::Phase::Listening);
    REQUIRE(host.session->absence(host.session->remote_player()));
    CHECK(host.session->absence(host.session->remote_player())->since() == dropped);
    CHECK_FALSE(host.match.clock().paused());
    CHECK(host.match.clock().time_left(B, net.now) == 120 * s - handshake_timeout);
    CHECK(host.of(Event::Kind::Absence).size() == 1);
}

TEST_CASE("when the host vanishes the joiner decides nothing: its clocks stay stopped",
          "[net][session][absence]") {
    Players game(host_with(dm(10 * s, 0, 0)));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    host.session.reset();
    net.players = {&joiner};
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Gone); }));
    CHECK_FALSE(joiner.session->absence(joiner.session->remote_player()));
    CHECK(joiner.match.clock().paused());
    net.pass(10 * 60 * s);
    CHECK_FALSE(joiner.match.game().over());
    CHECK(joiner.match.clock().time_left(B, net.now) == 10 * s);
    CHECK_FALSE(joiner.saw(Event::Kind::Absence));
    CHECK(joiner.session->claim(net.now, false).why() ==
          "only the host can claim a round: it holds the match");
}

TEST_CASE("a host resumed from its save gives its joiner the grace from its return, not a running clock",
          "[net][session][absence]") {
    Players game(host_with(dm(10 * s, 20 * s, 10 * s)));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    net.pass(2 * s);  // Eamon thinks two seconds; then the host's program ends, saved
    const Match host_saved = host.match;
    const GameClock::State clock_saved = host.match.clock().state(net.now);
    const std::string id = host.session->match_id();
    host.session.reset();
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Gone); }));
    const Match joiner_saved = joiner.match;
    joiner.session.reset();

    // The host comes back much later (--host --resume): its match, with the clock as it was saved.
    net.pass(60 * s);
    HostConfig c;
    c.listen = *parse_endpoint("127.0.0.1:0");
    c.code = "ABCD-EFGH";
    c.match_id = id;
    Side back;
    back.match = host_saved;
    back.match.clock().set_state(clock_saved, net.now);
    back.session = session_of(Session::host(c, back.match));
    back.session->await_return(net.now);
    net.players = {&back};
    net.drain(back);
    REQUIRE(back.session->absence(back.session->remote_player()));
    CHECK(back.session->absence(back.session->remote_player())->since() == net.now);
    CHECK(back.match.clock().paused());
    CHECK(back.last(Event::Kind::Absence) ==
          "Eamon is away: the clocks stand for 0:30 more (what is left of Eamon's grace), then Eamon's time "
          "runs again");
    // The grace: Eamon's turn keeps the 8 s it had when the host went.
    net.pass(default_grace - 1000);
    CHECK(back.match.clock().time_left(B, net.now) == 8 * s);
    // Eamon comes back within it: nothing was lost, by either side's clock or moves.
    Side eamon = come_back(net, back, joiner_saved);
    net.players = {&back, &eamon};
    connect(net, back, eamon);
    CHECK(eamon.last(Event::Kind::Started).empty());  // nothing happened meanwhile
    CHECK(eamon.moves() == "W3B2\n");
    CHECK(back.match.clock().time_left(B, net.now) == 8 * s);
    CHECK(eamon.match.clock().time_left(B, net.now) == 8 * s);
    play(net, eamon, back, "K1C3");
}

TEST_CASE_METHOD(Players,
                 "a joiner that holds moves never takes another match silently: it says what the host has",
                 "[net][session]") {
    play(net, host, joiner, "W1A1");
    play(net, joiner, host, "K1D4");
    // The host's program starts again without --resume: a new match, the same code.
    host.session.reset();
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Gone); }));
    Side fresh = make_host("127.0.0.1:0");
    net.players = {&fresh, &joiner};
    // The joiner's r goes to the new host (its address changed with the port the system gave).
    JoinConfig c;
    c.host = Endpoint{"127.0.0.1", fresh.session->port()};
    c.code = "abcd-efgh";
    c.name = "Eamon";
    c.held = joiner.match;
    c.held_id = joiner.session->match_id();
    Side back;
    back.match = joiner.match;
    back.session = session_of(Session::join(c, back.match, net.now));
    net.players = {&fresh, &back};
    REQUIRE(net.until([&] { return back.saw(Event::Kind::Error); }));
    const Event refused = back.of(Event::Kind::Error).back();
    CHECK(
        refused.text ==
        "the host holds another match (Liam against Eamon, no moves), not ours (Liam against Eamon, 1 move)");
    REQUIRE(refused.match);
    CHECK(refused.match->game().moves().empty());
    CHECK(back.moves() == "W1A1\nK1D4\n");  // nothing taken
    REQUIRE(net.until([&] { return fresh.saw(Event::Kind::Error); }));
    CHECK(fresh.last(Event::Kind::Error) ==
          "Eamon's side reports: the joiner holds another match and asks its player first");
    // Its player says yes: it connects again holding nothing, and takes the host's match.
    REQUIRE(back.session->reconnect_taking_host(net.now).ok());
    connect(net, fresh, back);
    CHECK(back.moves().empty());
    CHECK(back.session->match_id() == fresh.session->match_id());
}

// Issue 25, 2: Black on move left and came back every 4.8 s with a 5 s grace on a 20s+0 game, 19 times
// in 92 s, and his clock still read 20 s. One grace per player per game in all: his clock falls.
TEST_CASE("leaving and coming back every 4.8 s stops the clock for one grace in all, and the flag falls",
          "[net][session][absence][attack]") {
    Players game(host_with(MatchSettings{{}, 1, ClockSettings::fischer(20 * s, 0)}, 5 * s));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");  // Black (Eamon) to move
    const Millis start = net.now;
    int departures = 0;
    Side back;
    Side* eamon = &joiner;
    while (!host.match.game().over() && departures < 19) {
        const std::size_t gone = host.of(Event::Kind::Gone).size();
        const Match saved = eamon->match;
        eamon->session.reset();
        net.players = {&host};
        REQUIRE(net.until([&] { return host.of(Event::Kind::Gone).size() > gone; }));
        ++departures;
        for (Millis away = 0; away < 4800 && !host.match.game().over(); away += 100) net.pass(100);
        if (host.match.game().over()) break;
        back = come_back(net, host, saved);
        eamon = &back;
        net.players = {&host, &back};
        connect(net, host, back);
    }
    INFO(departures << " departures, " << net.now - start << " ms");
    REQUIRE(host.match.game().over());
    CHECK(host.match.game().result().ending == Ending::Time);
    CHECK(host.match.round_result_text() == "Eamon ran out of time: Liam wins");
    // 20 s of his own and 5 s of grace: the sixth departure at most.
    CHECK(departures <= 6);
    CHECK(net.now - start <= 25 * s + 250);
}

TEST_CASE("under a clock the host claims a draw at once after the grace; the returning joiner finds it",
          "[net][session][absence][claim]") {
    Players game(host_with(MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}, 10 * s));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    const Match saved = vanish(net, host, joiner);
    net.pass(5 * s);
    CHECK(host.session->claim(net.now, true).why() ==
          "Eamon may still come back: you may claim the round in 0:05");
    net.pass(6 * s);
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Absence); }));
    // Under a clock: at once, not five minutes later (issue 33, item 23).
    REQUIRE(host.session->claim(net.now, true).ok());
    net.idle(1);
    REQUIRE(host.match.game().over());
    CHECK(host.match.game().result().outcome == Outcome::Draw);
    CHECK(host.match.round_result_text() == "Draw: Eamon left and did not come back; Liam claimed a draw");
    CHECK(net::describe(host.of(Event::Kind::Act).back(), host.match, 0) == "Liam claimed a draw");

    Side back = come_back(net, host, saved);
    net.players = {&host, &back};
    connect(net, host, back);
    CHECK(back.match.game().result().outcome == Outcome::Draw);
    CHECK(back.match.game().result().ending == Ending::Abandoned);
    CHECK(back.match.round_result_text() == host.match.round_result_text());
}

TEST_CASE("a joiner of an older version hears a claimed draw as a draw, and takes no gift of time",
          "[net][session][claim][moretime]") {
    Net net;
    Side host = host_with(MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}, 10 * s);
    RawPeer old;
    REQUIRE(old.connect(Endpoint{"127.0.0.1", host.session->port()}).ok());
    net.players = {&host};
    net.raws = {&old};
    old.say("hello gobblet 3 ABCDEFGH new Eamon\n");
    REQUIRE(net.until([&] { return old.line_starting("ready").has_value(); }));
    old.say(Sync{old.welcome_digest()});
    REQUIRE(net.until([&] { return host.session->playing(); }));
    CHECK(host.session->give_time(net.now).why() ==
          "Eamon's program is older (protocol version 3): it takes no gifts of time");
    old.close();
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));
    net.pass(11 * s);
    REQUIRE(host.session->claim(net.now, true).ok());
    net.idle(1);
    REQUIRE(host.match.game().over());
    // It comes back: the round's ending in its words is a draw, and its sync of that is taken.
    RawPeer again;
    REQUIRE(again.connect(Endpoint{"127.0.0.1", host.session->port()}).ok());
    net.raws = {&again};
    again.say("hello gobblet 3 ABCDEFGH " + host.session->match_id() + " Eamon\n");
    REQUIRE(net.until([&] { return again.line_starting("ready").has_value(); }));
    CHECK(again.line_starting("round 1 0 draw -").has_value());
    again.say(Sync{again.welcome_digest()});
    REQUIRE(net.until([&] { return again.line_starting("go ").has_value(); }));
}

TEST_CASE("more time between peers: the host gives it, the joiner asks for it, each clock says so",
          "[net][session][moretime]") {
    Players game(host_with(MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");  // Eamon's clock runs
    net.pass(4 * s);
    REQUIRE(host.session->give_time(net.now).ok());
    REQUIRE(net.until([&] {
        return joiner.saw(Event::Kind::Act) &&
               joiner.of(Event::Kind::Act).back().act.kind == Act::Kind::MoreTime;
    }));
    CHECK(host.match.clock().time_left(B, net.now) == 311 * s);
    CHECK(joiner.match.clock().time_left(B, net.now) == 311 * s);
    CHECK(describe(joiner.of(Event::Kind::Act).back(), joiner.match, 1) == "Liam gives you 15s more");
    CHECK(describe(host.of(Event::Kind::Act).back(), host.match, 0) == "you give Eamon 15s more");
    // The joiner gives Liam time on Eamon's own turn: Liam's game time grows.
    REQUIRE(joiner.session->give_time(net.now).ok());
    REQUIRE(net.until([&] { return host.match.clock().time_left(W, net.now) == 315 * s; }));
    REQUIRE(net.until([&] { return joiner.match.clock().time_left(W, net.now) == 315 * s; }));
    CHECK(joiner.session->gifts_given() == 1);
    CHECK(host.session->gifts_given() == 1);
}
