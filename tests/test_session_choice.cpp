// The choice of who starts the next round in a peer-to-peer match (issue 34, item 1): the host keeps
// its time limit by the same rule as the server (engine/match.h, StarterWait), so that a loser who
// never chooses, silent at the board or gone, holds nobody hostage. Two Sessions over loopback on fake
// time.
#include "net_support.h"

using namespace gobblet;
using namespace gobblet::net;
using namespace gobblet::test;

namespace {

MatchSettings dm_first_to_2() { return MatchSettings{{}, 2, ClockSettings::dm(10 * s, 0, 0)}; }

Side host_of(MatchSettings settings, Millis choice_time = starter_choice_time) {
    HostConfig c;
    c.choice_time = choice_time;
    return make_host_with(c, settings);
}

// Liam (the host, White) wins round 1 on row A.
void liam_wins_round(Net& net, Side& host, Side& joiner) {
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        play(net, i % 2 == 0 ? host : joiner, i % 2 == 0 ? joiner : host, white_wins[i]);
    REQUIRE(net.until([&] {
        return host.match.phase() == MatchPhase::ChoosingStarter &&
               joiner.match.phase() == MatchPhase::ChoosingStarter;
    }));
}

}  // namespace

TEST_CASE("a joiner who never chooses who starts: the host's rule decides after the limit, his clock runs",
          "[net][session][choice]") {
    Players game(host_of(dm_first_to_2()));
    auto& [net, host, joiner] = game;
    liam_wins_round(net, host, joiner);
    const Millis ended = net.now;
    CHECK(host.match.chooser() == 1);
    // The winner has nothing to do meanwhile but wait, and not for long.
    CHECK(host.session->resign(net.now).why() == "the round is over");
    net.pass(starter_choice_time - s);
    CHECK(host.match.phase() == MatchPhase::ChoosingStarter);
    CHECK(joiner.match.phase() == MatchPhase::ChoosingStarter);
    net.now = ended + starter_choice_time;
    REQUIRE(net.until([&] { return host.match.round_number() == 2 && joiner.match.round_number() == 2; }));
    // The rule: the loser starts. The joiner takes the host's word for it as for a flag.
    CHECK(host.match.player_of(Color::White) == 1);
    CHECK(joiner.match.player_of(Color::White) == 1);
    CHECK(joiner.session->phase() == Session::Phase::Playing);
    CHECK(host.match.clock().running() == Color::White);
    // The host's screen says why (the fact is the host's own: actor -1); the joiner's, who starts.
    const Event starter = host.of(Event::Kind::Act).back();
    CHECK(starter.act.kind == Act::Kind::Starter);
    CHECK(starter.player == -1);
    CHECK(describe(starter, host.match, 0) ==
          "Eamon did not choose who starts round 2 within 30 s: "
          "Eamon starts (the rule)");
    CHECK(describe(joiner.of(Event::Kind::Act).back(), joiner.match, 1) == "Eamon starts the next round");
    // A choice sent after the rule decided crosses it and is not played.
    CHECK_FALSE(joiner.session->choose_starter(0, net.now).ok());

    // Still silent: his turn time runs out, the round is Liam's, and so is the match.
    net.pass(10 * s);
    REQUIRE(net.until([&] { return host.match.phase() == MatchPhase::Over; }));
    CHECK(host.match.match_result_text() == "Liam wins the match 2-0");
    REQUIRE(net.until([&] { return joiner.match.phase() == MatchPhase::Over; }));
}

TEST_CASE(
    "the host's own limit on the choice of starter (--starter-choice): the joiner hears it in the terms",
    "[net][session][choice]") {
    Players game(host_of(dm_first_to_2(), 75 * s));
    auto& [net, host, joiner] = game;
    CHECK(host.session->choice_time() == 75 * s);
    CHECK(joiner.session->choice_time() == 75 * s);  // version 4's terms
    liam_wins_round(net, host, joiner);
    const Millis ended = net.now;
    net.pass(ended + 75 * s - 1 - net.now);
    CHECK(host.match.phase() == MatchPhase::ChoosingStarter);
    net.pass(1);
    REQUIRE(net.until([&] { return host.match.round_number() == 2 && joiner.match.round_number() == 2; }));
    CHECK(host.match.player_of(Color::White) == 1);
    CHECK(describe(host.of(Event::Kind::Act).back(), host.match, 0) ==
          "Eamon did not choose who starts round 2 within 75 s: Eamon starts (the rule)");

    // Out of its bounds (engine/match.h) the host does not open.
    for (Millis bad : {min_starter_choice_time - 1, max_starter_choice_time + 1}) {
        HostConfig c;
        c.listen = *parse_endpoint("127.0.0.1:0");
        c.choice_time = bad;
        CHECK(Session::host(c, Match()).why() == "the choice of starter has 5 s to 1 hour");
    }
}

TEST_CASE("the host's own player who lets the choice's time run out: the same rule, the joiner hears it",
          "[net][session][choice]") {
    Players game(host_of(dm_first_to_2()));
    auto& [net, host, joiner] = game;
    REQUIRE(host.session->resign(net.now).ok());  // Liam loses round 1: his choice
    REQUIRE(net.until([&] { return joiner.match.phase() == MatchPhase::ChoosingStarter; }));
    CHECK(joiner.match.chooser() == 0);
    net.pass(starter_choice_time);
    REQUIRE(net.until([&] { return host.match.round_number() == 2 && joiner.match.round_number() == 2; }));
    CHECK(joiner.match.player_of(Color::White) == 0);  // Liam, the loser, starts
    CHECK(joiner.match.clock().running() == Color::White);
}

TEST_CASE(
    "a joiner who walks away from the choice is the absent one: the rule, then his grace, then his clock",
    "[net][session][choice][absence]") {
    Players game(host_of(dm_first_to_2()));
    auto& [net, host, joiner] = game;
    liam_wins_round(net, host, joiner);
    const Millis ended = net.now;
    joiner.session.reset();  // his program ends without a word
    net.players = {&host};
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));
    REQUIRE(host.session->absence(1));
    net.pass(starter_choice_time);
    REQUIRE(net.until([&] { return host.match.round_number() == 2; }));
    CHECK(host.match.player_of(Color::White) == 1);  // the absent loser starts
    // His grace (30 s from his leaving) is over by then or soon; then his turn time runs out.
    net.pass(default_grace + 10 * s);
    REQUIRE(net.until([&] { return host.match.phase() == MatchPhase::Over; }));
    CHECK(host.match.match_result_text() == "Liam wins the match 2-0");
    CHECK(net.now - ended < starter_choice_time + default_grace + 12 * s);
}
