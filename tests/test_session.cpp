// Network sessions in one process, over loopback on ports the system picks, with a fake clock: the
// sockets are real, time is a number the test moves. Two Sessions play each other; a RawPeer
// (tests/tools/raw_peer.h) stands in for a peer that breaks the rules.
#include "net_support.h"

using namespace gobblet;
using namespace gobblet::net;
using namespace gobblet::test;

TEST_CASE("two players on 127.0.0.1: names agree and moves cross until a win", "[net][session]") {
    Players game(make_host("127.0.0.1:0", MatchSettings{{}, 1, ClockSettings::dm(120 * s, 300 * s, 30 * s)}));
    auto& [net, host, joiner] = game;

    CHECK(host.of(Event::Kind::Joined).at(0).text == "Eamon");
    CHECK(host.match.name(0) == "Liam");
    CHECK(host.match.name(1) == "Eamon");
    CHECK(joiner.match.name(0) == "Liam");
    CHECK(joiner.match.name(1) == "Eamon");
    CHECK(joiner.session->local_player() == 1);
    CHECK(joiner.session->match_id() == host.session->match_id());
    CHECK(joiner.match.settings() == host.match.settings());
    CHECK(joiner.saw(Event::Kind::Welcomed));
    CHECK(host.saw(Event::Kind::Started));
    CHECK(joiner.saw(Event::Kind::Started));
    CHECK(host.match.clock().running() == Color::White);  // the clock starts when play does

    for (std::size_t i = 0; i < white_wins.size(); ++i) {
        net.now += 3 * s;
        Side& mover = i % 2 == 0 ? host : joiner;
        Side& other = i % 2 == 0 ? joiner : host;
        play(net, mover, other, white_wins[i]);
        CHECK(joiner.moves() == host.moves());
        // The host keeps the clock; the joiner shows its readings.
        CHECK(joiner.match.clock().state(net.now) == host.match.clock().state(net.now));
    }
    CHECK(host.match.game().over());
    CHECK(joiner.match.game().over());
    CHECK(host.match.round_result_text() == "Liam wins: four in a row on row A");
    CHECK(joiner.match.round_result_text() == "Liam wins: four in a row on row A");
    CHECK(host.match.clock().time_left(Color::Black, net.now) == 120 * s);  // a DM turn
    // Each player moves only their own side.
    CHECK_FALSE(host.session->move(spec("K1D3"), net.now).ok());
}

TEST_CASE("two players on ::1, the IPv6 loopback", "[net][session]") {
    if (!has_ipv6_loopback()) {
        WARN("skipped: this machine has no IPv6 loopback (::1)");
        return;
    }
    Net net;
    Side host = make_host("[::1]:0");
    Side joiner = make_joiner(host, net.now, "ABCDEFGH", "Eamon", "::1");
    net.players = {&host, &joiner};
    connect(net, host, joiner);
    play(net, host, joiner, "W3B2");
    play(net, joiner, host, "K1C3");
    CHECK(joiner.moves() == "W3B2\nK1C3\n");
    CHECK(host.moves() == "W3B2\nK1C3\n");
}

TEST_CASE("listening on every address reaches both families", "[net][session]") {
    Net net;
    Side host = make_host("0");
    Side v4 = make_joiner(host, net.now, "ABCDEFGH", "Eamon", "127.0.0.1");
    net.players = {&host, &v4};
    connect(net, host, v4);
    CHECK_FALSE(host.session->addresses().empty());
    for (const std::string& a : host.session->addresses())
        CHECK(a.ends_with(":" + std::to_string(host.session->port())));
}

TEST_CASE("a wrong code is refused without a hint, and the right one still joins", "[net][session]") {
    Net net;
    Side host = make_host();
    Side wrong = make_joiner(host, net.now, "ABCD-EFGX");
    net.players = {&host, &wrong};
    REQUIRE(net.until([&] { return wrong.saw(Event::Kind::Error); }));
    CHECK(wrong.last(Event::Kind::Error) == "the host refused: wrong join code");
    CHECK(wrong.session->phase() == Session::Phase::Gone);
    CHECK(host.last(Event::Kind::Refused).ends_with("gave a wrong code"));
    CHECK(host.session->phase() == Session::Phase::Listening);
    CHECK_FALSE(host.saw(Event::Kind::Joined));

    Side right = make_joiner(host, net.now);
    net.players.push_back(&right);
    connect(net, host, right);
}

TEST_CASE("guessing codes is slowed down: after five wrong codes even the right one waits",
          "[net][session]") {
    Net net;
    Side host = make_host();
    net.players = {&host};
    for (int i = 0; i < 5; ++i) {
        Side g = make_joiner(host, net.now, "WXYZ" + std::to_string(10 + i));
        net.players.push_back(&g);
        REQUIRE(net.until([&] { return g.saw(Event::Kind::Error); }));
        CHECK(g.last(Event::Kind::Error) == "the host refused: wrong join code");
        net.players.pop_back();
    }
    Side right = make_joiner(host, net.now);
    net.players.push_back(&right);
    REQUIRE(net.until([&] { return right.saw(Event::Kind::Error); }));
    CHECK(right.last(Event::Kind::Error) ==
          "the host refused: too many wrong codes lately: wait a minute and try again");
    net.players.pop_back();

    net.now += 2 * s;  // one more guess is allowed two seconds later
    Side later = make_joiner(host, net.now);
    net.players.push_back(&later);
    connect(net, host, later);
}

TEST_CASE_METHOD(Players, "a second joiner is refused politely while one plays", "[net][session]") {
    Side second = make_joiner(host, net.now, "ABCDEFGH", "Zoe");
    net.players.push_back(&second);
    REQUIRE(net.until([&] { return second.saw(Event::Kind::Error); }));
    CHECK(second.last(Event::Kind::Error) == "the host refused: busy: a game is in progress");
    CHECK(host.last(Event::Kind::Refused).ends_with("was refused: a game is in progress"));
    CHECK(host.match.name(1) == "Eamon");
    play(net, host, joiner, "W3B2");  // the game goes on
    CHECK(joiner.session->playing());
}

TEST_CASE("an illegal move from the joiner ends the connection with the reason on both sides",
          "[net][session]") {
    RawAtBoard board(make_host("127.0.0.1:0", {}, 0));  // the joiner plays White and moves first
    auto& [net, host, raw] = board;
    raw.say("move 0 1 A1B1\n");  // A1 is empty
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Error); }));
    CHECK(host.last(Event::Kind::Error) == "protocol error from Mallory: an illegal move: A1B1: A1 is empty");
    REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
    CHECK(raw.heard().back() == "error an illegal move: A1B1: A1 is empty");
    CHECK(host.match.game().moves().empty());  // the game is intact
    CHECK(host.session->phase() == Session::Phase::Listening);
}

// The joiner plays Black; White is to move.
TEST_CASE_METHOD(RawAtBoard, "a move out of turn ends the connection", "[net][session]") {
    raw.say("move 0 1 K1C3\n");
    REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
    CHECK(raw.heard().back() == "error a move out of turn");
    CHECK(host.last(Event::Kind::Error) == "protocol error from Mallory: a move out of turn");
}

TEST_CASE_METHOD(RawAtBoard, "a wrong move number ends the connection", "[net][session]") {
    REQUIRE(host.session->move(spec("W3B2"), net.now).ok());
    REQUIRE(net.until([&] { return raw.facts_heard() == 1; }));
    raw.say("move 1 5 K1C3\n");
    REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
    CHECK(raw.heard().back() == "error a wrong move number (5, expected 2)");
    CHECK(host.moves() == "W3B2\n");
}

TEST_CASE_METHOD(RawAtBoard, "a change claimed at a state that never happened ends the connection",
                 "[net][session]") {
    raw.say("resign 3 black\n");
    REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
    CHECK(raw.heard().back() == "error a change made at state 3 when only 0 have happened");
    CHECK_FALSE(host.match.game().over());
}

TEST_CASE_METHOD(RawAtBoard, "the joiner cannot announce what only the host announces", "[net][session]") {
    raw.say("draw 0\n");
    REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
    CHECK(raw.heard().back() == "error a draw: only the host announces that");
    CHECK_FALSE(host.match.game().over());
}

TEST_CASE("garbage, a megabyte line, play before the go and a line out of its step are protocol errors",
          "[net][session]") {
    for (const auto& [bytes, reason] : std::vector<std::pair<std::string, std::string>>{
             {"\xff\xfe\n", "error a line that is not valid UTF-8"},
             {std::string(1 << 20, 'A'), "error a line longer than 512 bytes"},
             {"chat hello\n", "error chat before the game started"},
             {"offer 0 draw\n", "error offer before the game started"},
             {"go left 1 1 reserve 0 0 running none elapsed 0 budget 0 paused no flagged none\n",
              "error expected sync, not go"},
         }) {
        HostAndRaw door;
        auto& [net, host, raw] = door;
        raw_hello(net, raw, host);
        raw.say(bytes);
        INFO(reason);
        REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
        CHECK(raw.heard().back() == reason);
        CHECK(host.saw(Event::Kind::Error));
        CHECK(host.session->phase() == Session::Phase::Listening);
    }
}

TEST_CASE_METHOD(HostAndRaw, "a connection that never says hello is closed after 5 s", "[net][session]") {
    REQUIRE(raw.connect(Endpoint{"127.0.0.1", host.session->port()}).ok());
    net.idle();
    net.now += hello_timeout - 1;
    net.idle();
    CHECK_FALSE(raw.closed_by_peer());
    net.now += 1;
    REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
    CHECK(raw.heard().back() == "error no hello within 5 s");
    CHECK(host.last(Event::Kind::Refused).ends_with("said nothing: closed"));
}

TEST_CASE_METHOD(RawAtBoard, "a silent peer is found dead after 15 s of fake time, not before",
                 "[net][session]") {
    const Millis joined = net.now;
    for (Millis t = 1 * s; t < dead_after; t += 1 * s) {
        net.now = joined + t;
        net.idle(2);
    }
    net.now = joined + dead_after - 1;
    net.idle(2);
    CHECK_FALSE(host.saw(Event::Kind::Gone));
    CHECK(raw.line_starting("ping ").has_value());  // the host asked
    net.now = joined + dead_after;
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));
    CHECK(host.last(Event::Kind::Gone) == "no word from Mallory for 15 s");
    CHECK(host.session->phase() == Session::Phase::Listening);
}

TEST_CASE_METHOD(Players, "keep-alives keep a quiet game open for minutes, and measure the round trip",
                 "[net][session]") {
    net.pass(120 * s);
    CHECK(host.session->playing());
    CHECK(joiner.session->playing());
    CHECK_FALSE(host.saw(Event::Kind::Gone));
    CHECK(host.session->round_trip() >= 0);
    CHECK(joiner.session->round_trip() >= 0);
}

TEST_CASE("a dropped joiner comes back with the same code; the transcripts are compared", "[net][session]") {
    Players game(make_host("127.0.0.1:0", MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    play(net, joiner, host, "K1C3");
    net.pass(10 * s);  // White thinks for ten seconds, then the network fails
    std::vector<pollfd> fds;
    joiner.session->pollfds(fds);
    ::shutdown(fds.at(0).fd, SHUT_RDWR);
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone) && joiner.saw(Event::Kind::Gone); }));
    CHECK(host.last(Event::Kind::Gone) == "Eamon closed the connection");
    CHECK(host.match.clock().paused());  // clocks stop
    CHECK(joiner.match.clock().paused());
    CHECK(host.session->phase() == Session::Phase::Listening);
    CHECK(host.session->can_play());  // the host may play on its own turn: it waits, and thinks

    net.now += 20 * s;  // back within the grace (engine/absence.h): the time away costs nobody anything
    REQUIRE(joiner.session->reconnect(net.now).ok());
    REQUIRE(
        net.until([&] { return host.of(Event::Kind::Started).size() == 2 && joiner.session->playing(); }));
    CHECK(host.of(Event::Kind::Started).back().resumed);
    CHECK(joiner.of(Event::Kind::Welcomed).back().resumed);
    CHECK(joiner.moves() == "W3B2\nK1C3\n");
    CHECK(host.match.clock().time_left(Color::White, net.now) == 290 * s);
    CHECK(joiner.match.clock().time_left(Color::White, net.now) == 290 * s);
    play(net, host, joiner, "W2A1");
    CHECK(joiner.moves() == host.moves());
}

TEST_CASE_METHOD(Players,
                 "a returning joiner whose saved game differs is refused, and the host's game is kept",
                 "[net][session]") {
    play(net, host, joiner, "W3B2");
    play(net, joiner, host, "K1C3");
    const std::string id = host.session->match_id();
    net.players = {&host};
    joiner.session.reset();  // the joiner's program ends without a word
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));

    // It comes back with a save that went another way.
    Match other(MatchSettings{}, {"Liam", "Eamon"});
    REQUIRE(other.play(spec("W3B2"), 0));
    REQUIRE(other.play(spec("K1D4"), 0));
    JoinConfig c;
    c.host = Endpoint{"127.0.0.1", host.session->port()};
    c.code = "ABCDEFGH";
    c.name = "Eamon";
    c.held_id = id;
    c.held = other;
    Side back;
    back.session = session_of(Session::join(c, back.match, net.now));
    REQUIRE(back.session);
    net.players = {&host, &back};
    REQUIRE(net.until([&] { return back.saw(Event::Kind::Error) && host.saw(Event::Kind::Error); }));
    CHECK(back.last(Event::Kind::Error) ==
          "the saved games differ: round 1 (game 1), Black's move 1: K1D4 here, K1C3 at the host (ours "
          "against the "
          "host's); not resumed");
    CHECK(host.last(Event::Kind::Error) ==
          "Eamon's side reports: the saved games differ: round 1 (game 1), Black's move 1: K1D4 here, K1C3 "
          "at the "
          "host; "
          "not resumed");
    CHECK(host.moves() == "W3B2\nK1C3\n");
    CHECK(host.session->phase() == Session::Phase::Listening);

    // A save that only lags behind catches up.
    Match behind(MatchSettings{}, {"Liam", "Eamon"});
    REQUIRE(behind.play(spec("W3B2"), 0));
    c.held = behind;
    Side caught;
    caught.session = session_of(Session::join(c, caught.match, net.now));
    net.players = {&host, &caught};
    REQUIRE(net.until([&] { return caught.session->playing(); }));
    CHECK(caught.moves() == "W3B2\nK1C3\n");
    CHECK(caught.of(Event::Kind::Welcomed).back().resumed);
}

TEST_CASE_METHOD(Players, "a joiner that lost its save takes the host's match as it is", "[net][session]") {
    play(net, host, joiner, "W3B2");
    joiner.session.reset();
    net.players = {&host};
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));
    Side fresh = make_joiner(host, net.now);
    net.players = {&host, &fresh};
    connect(net, host, fresh);
    CHECK(fresh.moves() == "W3B2\n");
    CHECK_FALSE(fresh.of(Event::Kind::Welcomed).back().resumed);
}

TEST_CASE_METHOD(Players, "a draw offer crosses and, accepted, ends the round for both", "[net][session]") {
    play(net, host, joiner, "W3B2");
    REQUIRE(joiner.session->offer(OfferKind::Draw, net.now).ok());
    CHECK_FALSE(joiner.session->offer(OfferKind::Draw, net.now).ok());  // one at a time
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Offered); }));
    CHECK(host.of(Event::Kind::Offered).back().player == 1);
    CHECK(host.of(Event::Kind::Offered).back().offer == OfferKind::Draw);
    REQUIRE(host.session->answer(true, net.now).ok());
    REQUIRE(net.until([&] { return joiner.match.game().over(); }));
    CHECK(joiner.of(Event::Kind::Answered).back().yes);
    CHECK(host.match.round_result_text() == "Draw: agreed by both players");
    CHECK(joiner.match.round_result_text() == "Draw: agreed by both players");
}

TEST_CASE_METHOD(Players, "a declined offer changes nothing; a move lets the opponent's draw offer lapse",
                 "[net][session]") {
    REQUIRE(host.session->offer(OfferKind::Draw, net.now).ok());
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Offered); }));
    REQUIRE(joiner.session->answer(false, net.now).ok());
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Answered); }));
    CHECK_FALSE(host.of(Event::Kind::Answered).back().yes);
    CHECK_FALSE(host.match.game().over());

    // The same offer again only once each side has moved (issue 25): refused here, never sent.
    CHECK(host.session->offer(OfferKind::Draw, net.now).why() ==
          "you offered a draw already: you may offer it again once Eamon and you have each moved");
    play(net, host, joiner, "W3B2");
    CHECK(host.session->offer(OfferKind::Draw, net.now).why() ==
          "you offered a draw already: you may offer it again once Eamon has moved");
    play(net, joiner, host, "K1C3");
    REQUIRE(host.session->offer(OfferKind::Draw, net.now).ok());
    REQUIRE(net.until([&] { return joiner.of(Event::Kind::Offered).size() == 2; }));
    play(net, host, joiner, "W1A1");  // the offerer's own move leaves it standing
    CHECK(joiner.session->pending_offer(0) == OfferKind::Draw);
    play(net, joiner, host, "K1D4");  // moving instead of answering declines
    CHECK(host.of(Event::Kind::Lapsed).size() == 1);
    CHECK(joiner.of(Event::Kind::Lapsed).size() == 1);
    CHECK_FALSE(host.session->pending_offer(0));
    CHECK_FALSE(joiner.session->pending_offer(0));
}

TEST_CASE_METHOD(Players, "undo only by agreement: back to the asker's turn on both boards",
                 "[net][session]") {
    play(net, host, joiner, "W3B2");
    play(net, joiner, host, "K1C3");
    play(net, host, joiner, "W2A1");
    // Eamon wants K1C3 back: his move and Liam's reply go.
    REQUIRE(joiner.session->offer(OfferKind::Undo, net.now).ok());
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Offered); }));
    REQUIRE(host.session->answer(true, net.now).ok());
    REQUIRE(net.until([&] { return joiner.match.game().moves().size() == 1; }));
    CHECK(host.moves() == "W3B2\n");
    CHECK(joiner.moves() == "W3B2\n");
    CHECK(joiner.match.game().side_to_move() == Color::Black);
    // Liam asks for W3B2 back; Eamon refuses.
    CHECK(host.session->offer(OfferKind::Undo, net.now).ok());
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Offered); }));
    REQUIRE(joiner.session->answer(false, net.now).ok());
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Answered); }));
    CHECK(host.moves() == "W3B2\n");
}

TEST_CASE("pause and resume by agreement stop and restart the clocks", "[net][session]") {
    Players game(make_host("127.0.0.1:0", MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}));
    auto& [net, host, joiner] = game;
    net.pass(5 * s);
    REQUIRE(joiner.session->offer(OfferKind::Pause, net.now).ok());
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Offered); }));
    REQUIRE(host.session->answer(true, net.now).ok());
    REQUIRE(net.until([&] { return joiner.match.clock().paused(); }));
    CHECK(host.match.clock().paused());
    CHECK_FALSE(host.session->move(spec("W3B2"), net.now).ok());
    net.pass(60 * s);
    CHECK(host.match.clock().time_left(Color::White, net.now) == 295 * s);
    CHECK(joiner.match.clock().time_left(Color::White, net.now) == 295 * s);
    REQUIRE(host.session->offer(OfferKind::Resume, net.now).ok());
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Offered); }));
    REQUIRE(joiner.session->answer(true, net.now).ok());
    REQUIRE(net.until([&] { return !host.match.clock().paused() && !joiner.match.clock().paused(); }));
    net.pass(5 * s);
    CHECK(host.match.clock().time_left(Color::White, net.now) == 290 * s);
    CHECK(joiner.match.clock().time_left(Color::White, net.now) == 290 * s);
    play(net, host, joiner, "W3B2");
}

TEST_CASE("hostile joiner: declining every resume holds a pause only up to its limit",
          "[net][session][pause]") {
    Players game(make_host("127.0.0.1:0", MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}));
    auto& [net, host, joiner] = game;
    net.pass(5 * s);
    // Liam offers a pause and Eamon agrees; from then on Eamon declines every resume.
    REQUIRE(host.session->offer(OfferKind::Pause, net.now).ok());
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Offered); }));
    REQUIRE(joiner.session->answer(true, net.now).ok());
    REQUIRE(net.until([&] { return joiner.match.clock().paused() && host.match.clock().paused(); }));
    const Millis paused = net.now;
    CHECK(host.session->pause_ends_at() == paused + max_pause);
    CHECK(host.session->pause_end_exact());
    CHECK(joiner.session->pause_ends_at() >= paused);
    CHECK(joiner.session->pause_ends_at() <= paused + max_pause);
    CHECK(joiner.session->pause_end_exact());
    int declined = 0;
    while (net.now < paused + max_pause - 60 * s) {
        net.pass(60 * s);
        REQUIRE(host.session->offer(OfferKind::Resume, net.now).ok());
        REQUIRE(net.until([&] { return joiner.session->pending_offer(0) == OfferKind::Resume; }));
        REQUIRE(joiner.session->answer(false, net.now).ok());
        REQUIRE(net.until([&] { return !host.session->pending_offer(0); }));
        ++declined;
        CHECK(host.match.clock().paused());
    }
    CHECK(declined >= 8);
    // The limit: the host resumes by itself, and both sides say why (the joiner takes it as the host's
    // word at the limit, not as a resume nobody agreed to).
    net.pass(max_pause - (net.now - paused) + s);
    REQUIRE(net.until([&] { return !host.match.clock().paused() && !joiner.match.clock().paused(); }));
    CHECK_FALSE(joiner.saw(Event::Kind::Error));
    CHECK_FALSE(host.saw(Event::Kind::Error));
    const std::string said = "the pause reached its limit of 10 minutes: play resumes";
    CHECK(describe(host.of(Event::Kind::Act).back(), host.match, 0) == said);
    CHECK(describe(joiner.of(Event::Kind::Act).back(), joiner.match, 1) == said);
    CHECK_FALSE(host.session->paused_by_agreement());
    // White's clock runs again from the limit: 5 s were spent before the pause, none during it, and 1 s
    // passed after the limit before the 10 s here.
    net.pass(10 * s);
    CHECK(host.match.clock().time_left(Color::White, net.now) == 284 * s);
    CHECK(joiner.match.clock().time_left(Color::White, net.now) == 284 * s);
    play(net, host, joiner, "W3B2");
}

TEST_CASE("resignation goes across, and the loser of a round chooses who starts the next", "[net][session]") {
    Players game(make_host("127.0.0.1:0", MatchSettings{{}, 2, {}}));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    REQUIRE(joiner.session->resign(net.now).ok());
    REQUIRE(net.until([&] { return host.match.game().over() && joiner.match.game().over(); }));
    CHECK(host.match.round_result_text() == "Liam wins the round: Eamon resigned");
    CHECK(joiner.match.round_result_text() == "Liam wins the round: Eamon resigned");
    CHECK(host.match.phase() == MatchPhase::ChoosingStarter);
    // Eamon lost the round: his to choose, not Liam's, whichever machine asks.
    CHECK_FALSE(host.session->choose_starter(0, net.now).ok());
    REQUIRE(joiner.session->choose_starter(1, net.now).ok());
    REQUIRE(net.until([&] { return host.match.round_number() == 2 && joiner.match.round_number() == 2; }));
    CHECK(host.match.player_of(Color::White) == 1);
    CHECK(joiner.match.player_of(Color::White) == 1);
    play(net, joiner, host, "W3B2");  // Eamon starts, as White
    CHECK(host.match.score_text() == "Liam 1 - 0 Eamon");
}

TEST_CASE("a drawn round is played again when the host says so", "[net][session]") {
    Players game(make_host("127.0.0.1:0", MatchSettings{{}, 2, {}}));
    auto& [net, host, joiner] = game;
    REQUIRE(host.session->offer(OfferKind::Draw, net.now).ok());
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Offered); }));
    REQUIRE(joiner.session->answer(true, net.now).ok());
    REQUIRE(net.until([&] { return joiner.match.phase() == MatchPhase::Replay; }));
    CHECK_FALSE(joiner.session->replay(net.now).ok());
    REQUIRE(host.session->replay(net.now).ok());
    REQUIRE(net.until([&] { return joiner.match.rounds().size() == 2; }));
    CHECK(joiner.match.round_number() == 1);
    play(net, host, joiner, "W3B2");
}

TEST_CASE("the host's clock decides a flag, and both sides see the round lost on time", "[net][session]") {
    Players game(make_host("127.0.0.1:0", MatchSettings{{}, 1, ClockSettings::dm(10 * s, 20 * s, 10 * s)}));
    auto& [net, host, joiner] = game;
    play(net, host, joiner, "W3B2");
    net.pass(10 * s);  // Black's turn time runs out: a chunk comes from the reserve
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Clock) && host.saw(Event::Kind::Clock); }));
    CHECK(host.match.clock().reserve_left(Color::Black) == 10 * s);
    CHECK(joiner.match.clock().reserve_left(Color::Black) == 10 * s);
    net.pass(20 * s - 1);
    CHECK_FALSE(joiner.match.game().over());
    net.now += 1;
    REQUIRE(net.until([&] { return joiner.match.game().over(); }));
    CHECK(host.match.round_result_text() == "Eamon ran out of time with no reserve left: Liam wins");
    CHECK(joiner.match.round_result_text() == "Eamon ran out of time with no reserve left: Liam wins");
}

TEST_CASE_METHOD(Players, "a move that crosses the opponent's resignation is dropped, and the joiner is told",
                 "[net][session]") {
    play(net, host, joiner, "W3B2");
    // Both act before either hears the other.
    REQUIRE(joiner.session->move(spec("K1C3"), net.now).ok());
    CHECK(joiner.session->awaiting_host());
    REQUIRE(host.session->resign(net.now).ok());
    REQUIRE(net.until([&] { return joiner.match.game().over() && !joiner.session->awaiting_host(); }));
    net.idle();
    CHECK(joiner.last(Event::Kind::Dropped) == "your move K1C3 crossed news from Liam and was not played");
    CHECK(host.moves() == "W3B2\n");
    CHECK(joiner.moves() == "W3B2\n");
    CHECK(host.match.round_result_text() == "Eamon wins: Liam resigned");
    CHECK(joiner.match.round_result_text() == "Eamon wins: Liam resigned");
    CHECK(host.session->playing());  // a crossing is no protocol error
}

// Issue 33, 14: a typed move is a whole move. Refused, it sends nothing and touches nothing, on either
// board (a typo of the destination keeps the choice of piece); a piece picked up is the touch.
TEST_CASE_METHOD(
    Players,
    "under the official rules a refused move touches nothing on either board; a piece picked up does",
    "[net][session][touch]") {
    play(net, host, joiner, "W3B2");
    play(net, joiner, host, "K3C3");
    const std::size_t host_heard = host.of(Event::Kind::Act).size();
    const std::size_t joiner_heard = joiner.of(Event::Kind::Act).size();
    // Liam types his 4 on B2 onto Black's 4 on C3: refused (same size), and nothing is touched or sent.
    CHECK(host.session->move(spec("B2C3"), net.now).why() == "C3 holds a piece of the same size");
    net.idle();
    CHECK_FALSE(host.match.game().touched());
    CHECK_FALSE(joiner.match.game().touched());
    CHECK(host.of(Event::Kind::Act).size() == host_heard);
    CHECK(joiner.of(Event::Kind::Act).size() == joiner_heard);
    // Picked up with the cursor, B2 is touched on both boards, and a refused move of it leaves it so.
    REQUIRE(host.session->touch(make_square(1, 1), net.now));
    REQUIRE(net.until([&] { return joiner.match.game().touched() == make_square(1, 1); }));
    CHECK(host.match.game().touched() == make_square(1, 1));
    CHECK(host.session->move(spec("B2C3"), net.now).why() == "C3 holds a piece of the same size");
    CHECK(host.session->move(spec("W2A1"), net.now).why() ==
          "official rules: you touched the piece on B2, so you must move it");
    play(net, host, joiner, "B2A1");
    // The joiner's refused move is not sent either: the host's board knows nothing of it.
    CHECK(joiner.session->move(spec("C3A1"), net.now).why() == "A1 holds a piece of the same size");
    CHECK_FALSE(joiner.session->awaiting_host());
    net.idle();
    CHECK_FALSE(host.match.game().touched());
    CHECK_FALSE(joiner.match.game().touched());
    play(net, joiner, host, "C3D4");
}

namespace {

// A host whose terms let the engine help (--allow-help): a computer may play for the joiner.
Side host_allowing_help() {
    HostConfig c;
    c.allow_help = true;
    return make_host_with(c);
}

}  // namespace

TEST_CASE("chat and seat changes reach the other side, cleaned", "[net][session]") {
    Players game(host_allowing_help());
    auto& [net, host, joiner] = game;
    REQUIRE(joiner.session->chat("good \x1b[31mluck\xC2\x9B", net.now).ok());
    REQUIRE(joiner.session->set_seat(SeatKind::Computer, net.now).ok());
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Chat) && host.saw(Event::Kind::Seat); }));
    CHECK(host.last(Event::Kind::Chat) == "good [31mluck");
    CHECK(host.of(Event::Kind::Seat).back().seat == SeatKind::Computer);
    CHECK(host.session->peer_seat() == SeatKind::Computer);
    CHECK(describe(host.of(Event::Kind::Seat).back(), host.match, 0) ==
          "Eamon handed their seat to their computer");
    REQUIRE(host.session->chat("thanks", net.now).ok());
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Chat); }));
    CHECK(describe(joiner.of(Event::Kind::Chat).back(), joiner.match, 1) == "Liam: thanks");
}

TEST_CASE("a host that cheats is caught by the joiner's engine", "[net][session]") {
    // The raw peer plays host: it listens, sends a proper welcome, then moves the joiner's piece.
    Net net;
    FakeHost fake;
    RawPeer& fake_host = fake.peer;
    JoinConfig c;
    c.code = "ABCD";
    c.name = "Eamon";
    Side joiner;
    fake.join(net, joiner, c);
    CHECK(*fake_host.line_starting("hello") == "hello gobblet 5 ABCD new Eamon");
    const std::string clock = GameClock::state_text(GameClock::State{});
    fake_host.say(
        "welcome 0123456789abcdef 1 4 official 1 none\nname 0 Mallory\nname 1 Eamon\nseat human\n"
        "round 1 0 none -\nstate " +
        clock + "\nready\n");
    REQUIRE(net.until([&] { return fake_host.line_starting("sync").has_value(); }));
    fake_host.say("go " + clock + "\nmove 0 1 W3B2 " + clock + "\nmove 1 2 K1C3 " + clock + "\n");
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Error); }));
    CHECK(joiner.last(Event::Kind::Error) ==
          "protocol error from Mallory: a move for our side that we did not make: K1C3");
    CHECK(joiner.moves() == "W3B2\n");
    REQUIRE(net.until([&] { return fake_host.closed_by_peer(); }));
    CHECK(fake_host.heard().back() == "error a move for our side that we did not make: K1C3");
}

TEST_CASE("a move's round trip over loopback, measured", "[.][net-bench]") {
    // Not a timed test (machines are shared): `build/unit-tests "[net-bench]"` prints the figures. The
    // host's moves travel one way; the joiner's go to the host and come back confirmed, so they show
    // the round trip a joiner feels. Rounds of four moves, ended by a resignation, keep positions fresh.
    Net net;
    Side host = make_host("127.0.0.1:0", MatchSettings{{}, max_first_to, {}});
    Side joiner = make_joiner(host, net.now);
    net.players = {&host, &joiner};
    connect(net, host, joiner);
    std::vector<double> one_way, round_trip;
    const std::vector<std::string> moves = {"W3B2", "K1C3", "B2B1", "C3C2"};
    for (int round = 0; round < 120; ++round) {
        for (const std::string& m : moves) {
            Side& mover = host.match.game().side_to_move() == Color::White ? host : joiner;
            const std::size_t want = host.match.game().moves().size() + 1;
            const auto start = std::chrono::steady_clock::now();
            REQUIRE(mover.session->move(spec(m), net.now).ok());
            REQUIRE(net.until(
                [&] {
                    return host.match.game().moves().size() == want &&
                           joiner.match.game().moves().size() == want;
                },
                100000));
            const double us =
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
            (&mover == &host ? one_way : round_trip).push_back(us);
        }
        Side& loser = round % 2 == 0 ? host : joiner;
        REQUIRE(loser.session->resign(net.now).ok());
        REQUIRE(net.until([&] { return joiner.match.phase() == MatchPhase::ChoosingStarter; }));
        REQUIRE(loser.session->choose_starter(0, net.now).ok());
        REQUIRE(net.until([&] {
            return joiner.match.phase() == MatchPhase::Playing && host.match.phase() == MatchPhase::Playing;
        }));
    }
    for (auto* v : {&one_way, &round_trip}) std::sort(v->begin(), v->end());
    const auto at = [](const std::vector<double>& v, double q) {
        return v[std::size_t(double(v.size() - 1) * q)];
    };
    std::printf(
        "moves between two Sessions over 127.0.0.1, until both boards show them:\n"
        "  host's moves (one way), %zu: median %.0f us, 90%% %.0f us, worst %.0f us\n"
        "  joiner's moves (to the host and confirmed back), %zu: median %.0f us, 90%% %.0f us, worst %.0f "
        "us\n",
        one_way.size(), at(one_way, 0.5), at(one_way, 0.9), one_way.back(), round_trip.size(),
        at(round_trip, 0.5), at(round_trip, 0.9), round_trip.back());
}

TEST_CASE("the same player coming back before the host saw the old connection die takes the seat back",
          "[net][session]") {
    Net net;
    Side host = make_host();
    RawPeer stale;  // joined, then its network went quiet: the host does not know yet
    net.players = {&host};
    net.raws = {&stale};
    raw_join(net, stale, host, "Eamon");
    REQUIRE(host.session->move(spec("W3B2"), net.now).ok());
    net.idle();
    net.raws.clear();

    JoinConfig c;
    c.host = Endpoint{"127.0.0.1", host.session->port()};
    c.code = "ABCDEFGH";
    c.name = "Eamon";
    c.held_id = host.session->match_id();
    c.held = host.match;
    Side back;
    back.session = session_of(Session::join(c, back.match, net.now));
    REQUIRE(back.session);
    net.players = {&host, &back};
    connect(net, host, back);
    CHECK(host.last(Event::Kind::Gone) == "Eamon came back on a new connection");
    CHECK(host.of(Event::Kind::Started).back().resumed);
    CHECK(back.moves() == "W3B2\n");
    play(net, back, host, "K1C3");

    // Someone else with the code but not the match is still turned away.
    Side other = make_joiner(host, net.now, "ABCDEFGH", "Zoe");
    net.players.push_back(&other);
    REQUIRE(net.until([&] { return other.saw(Event::Kind::Error); }));
    CHECK(other.last(Event::Kind::Error) == "the host refused: busy: a game is in progress");
    CHECK(back.session->playing());
}

TEST_CASE("joining where nobody listens says so", "[net][session]") {
    auto opened = Listener::open(Endpoint{"127.0.0.1", 0});
    REQUIRE(opened);
    std::optional<Listener> probe = std::move(opened).take();
    const int port = probe->port();
    probe.reset();  // the port is free again: nobody listens there
    Net net;
    JoinConfig c;
    c.host = Endpoint{"127.0.0.1", port};
    c.code = "ABCD";
    Side joiner;
    auto joined = Session::join(c, Match(), net.now);
    if (!joined) {  // refused at once
        CHECK(joined.why().find("Connection refused") != std::string::npos);
        return;
    }
    joiner.session = std::move(joined).take();
    net.players = {&joiner};
    REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Gone); }));
    CHECK(joiner.last(Event::Kind::Gone) ==
          "cannot connect to 127.0.0.1:" + std::to_string(port) + ": Connection refused");
    CHECK(joiner.session->phase() == Session::Phase::Gone);
}

TEST_CASE("each handshake step has 10 s: a host that never welcomes, a joiner that never syncs",
          "[net][session]") {
    SECTION("the joiner waits for the welcome") {
        Net net;
        FakeHost mute;  // it hears the hello and says nothing
        JoinConfig c;
        c.code = "ABCD";
        Side joiner;
        mute.join(net, joiner, c);
        REQUIRE(net.until([&] { return joiner.session->phase() == Session::Phase::Greeting; }));
        net.now += handshake_timeout - 1;
        net.idle();
        CHECK_FALSE(joiner.saw(Event::Kind::Error));
        net.now += 1;
        REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Error); }));
        CHECK(joiner.last(Event::Kind::Error) ==
              "protocol error from the other player: no sign of the host's welcome within 10 s");
    }
    SECTION("the host waits for the sync") {
        HostAndRaw door;
        auto& [net, host, raw] = door;
        raw_hello(net, raw, host);
        net.now += handshake_timeout;
        REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
        CHECK(raw.heard().back() == "error no sign of the joiner's sync within 10 s");
        CHECK(host.session->phase() == Session::Phase::Listening);
    }
}

// Issue 25, 3, peer to peer: a joiner that offers a draw again the moment it is declined. The host
// declines the repeats at once, in the rule's name; its player hears of the first only.
TEST_CASE_METHOD(
    RawAtBoard,
    "a peer's draw offered again at once is declined by the host's referee, unheard by its player",
    "[net][session][offers][attack]") {
    REQUIRE(net.until([&] { return host.session->playing(); }));
    const auto answers = [&] {
        int n = 0;
        for (const std::string& l : raw.heard()) n += l.starts_with("answer ") && l.ends_with(" draw no");
        return n;
    };
    raw.say("offer 0 draw\n");
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Offered); }));
    REQUIRE(host.session->answer(false, net.now).ok());
    REQUIRE(net.until([&] { return answers() == 1; }));
    for (int i = 2; i <= 26; ++i) {
        raw.say("offer 0 draw\n");
        REQUIRE(net.until([&] { return answers() == i; }));
    }
    CHECK(host.of(Event::Kind::Offered).size() == 1);
    CHECK_FALSE(raw.closed_by_peer());
    play(net, host, host, "W3B2");  // the host plays on
    REQUIRE(net.until([&] { return raw.facts_heard() == 1; }));
}

// Issue 25, 1: peer-to-peer games allow no engine help unless the host's terms say so; the joiner hears
// them in the welcome (version 3) before it plays, and a peer that never heard them is held to them.
TEST_CASE("the host's terms say whether the engine may help; a computer seat against them is refused",
          "[net][session][help]") {
    SECTION("a joiner of version 3 hears the terms: no help by default, help with --allow-help") {
        for (const bool allow : {false, true}) {
            INFO("--allow-help: " << allow);
            Players game(allow ? host_allowing_help() : make_host());
            auto& [net, host, joiner] = game;
            CHECK(host.session->help_allowed() == allow);
            CHECK(joiner.session->help_allowed() == allow);
        }
    }
    SECTION("a joiner whose computer would play, against terms without help, is refused before play") {
        Net net;
        Side host = make_host();
        JoinConfig c;
        c.host = Endpoint{"127.0.0.1", host.session->port()};
        c.code = "ABCD-EFGH";
        c.name = "Eamon";
        c.seat = SeatKind::Computer;
        Side joiner;
        joiner.session = session_of(Session::join(c, joiner.match, net.now));
        net.players = {&host, &joiner};
        REQUIRE(net.until([&] { return joiner.saw(Event::Kind::Error); }));
        CHECK(joiner.last(Event::Kind::Error) ==
              "the host allows no engine help in this game: your computer cannot play for you (the host's "
              "--allow-help would allow it)");
        CHECK_FALSE(host.session->playing());
    }
    SECTION("a peer of version 1 hears no terms, and its computer seat ends the connection with the reason") {
        RawAtBoard board;
        auto& [net, host, raw] = board;
        CHECK_FALSE(raw.line_starting("terms").has_value());
        raw.say("seat computer\n");
        REQUIRE(net.until([&] { return raw.closed_by_peer(); }));
        CHECK(
            raw.heard().back() ==
            "error a computer on the joiner's seat: this game allows no engine help (the host's --allow-help "
            "would)");
    }
    SECTION("the host's own computer needs --allow-help") {
        HostConfig hc;
        hc.listen = *parse_endpoint("127.0.0.1:0");
        hc.seat = SeatKind::Computer;
        CHECK(
            Session::host(hc, Match()).why() ==
            "a computer on your own side needs --allow-help: a network game allows no engine help otherwise, "
            "and the joiner sees the terms before it plays");
    }
}
