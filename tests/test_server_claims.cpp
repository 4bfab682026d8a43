// The server's games as a lichess player expects them (issue 33, items 23 and 24), in one process with
// their clients on a fake clock (tests/server_support.h): after an absent opponent's grace in a timed game
// the player who stayed claims the round or a draw at once; a player gives the other more time; a match
// whose White never moves is aborted by itself. And the clients that try to break each rule: an early
// claim, a false one, time given to oneself, beyond the limit, without a clock, in a tournament.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// The raw connection takes `c`'s seat in its match (its hello of `version`), and is at the board.
void seat_raw(World& w, RawPeer& r, const Client& c, int version = net::protocol_version) {
    r.say("hello gobblet " + std::to_string(version) + " " + World::match_of(c)->code + " new " + c.name +
          "\n");
    REQUIRE(w.until([&] { return r.line_starting("ready").has_value(); }));
    r.say(net::Sync{r.welcome_digest()});
    REQUIRE(w.until([&] { return r.line_starting("go ").has_value(); }));
    w.idle();
}

bool closed_with(World& w, RawPeer& r, const std::string& start) {
    return w.until([&] { return r.closed_by_peer(); }) && !r.heard().empty() &&
           r.heard().back().starts_with(start);
}

}  // namespace

TEST_CASE("after the grace, under a clock, the player who stayed claims the round at once",
          "[server][claim]") {
    LiamAndEamon room(with_grace(10 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    w.move(*white, *black, "W1A1");
    vanish(w, *black);  // Black, whose clock runs, leaves: 5 minutes would go before his flag fell
    REQUIRE(w.until([&] { return white->game->absence(white->game->remote_player()).has_value(); }));
    CHECK(white->game->claim(w.now, false).why() ==
          black->name + " may still come back: you may claim the round in 0:10");
    w.pass(10 * s);
    REQUIRE(w.until([&] { return white->saw(net::Event::Kind::Absence); }));
    CHECK(white->last_absence().ends_with("you may claim the round or a draw, or wait"));
    REQUIRE(white->game->claim(w.now, false).ok());  // at once, not 5 minutes later
    REQUIRE(w.until([&] { return white->match.game().over(); }));
    CHECK(white->match.round_result_text() ==
          black->name + " left and did not come back: " + white->name + " wins");
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    const auto over = liam.all<lobby::Over>().at(0);
    CHECK(over.result == lobby::Verdict::Player0);  // player 0 played White
}

TEST_CASE("the player who stayed may claim a draw instead, and it is kept as one", "[server][claim]") {
    LiamAndEamon room(with_grace(10 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    w.move(*white, *black, "W1A1");
    vanish(w, *white);  // White leaves on Black's turn: Black may claim without moving first
    w.pass(11 * s);
    REQUIRE(w.until([&] { return black->saw(net::Event::Kind::Absence); }));
    REQUIRE(black->game->claim(w.now, true).ok());
    REQUIRE(w.until([&] { return black->match.game().over(); }));
    CHECK(black->match.game().result().outcome == Outcome::Draw);
    CHECK(black->match.round_result_text() ==
          "Draw: " + white->name + " left and did not come back; " + black->name + " claimed a draw");
    CHECK(net::describe(black->of(net::Event::Kind::Act).back(), black->match, black->game->local_player()) ==
          black->name + " claimed a draw");
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    CHECK(liam.all<lobby::Over>().at(0).result == lobby::Verdict::Draw);
    // The store keeps it as a claimed draw: the record played again says so.
    const auto record =
        srv.reader().games().game_record(*server::game_id_of(liam.all<lobby::Over>().at(0).game));
    REQUIRE(record);
    CHECK(record->outcome == server::GameOutcome::Draw);
    const Expected<Match> again = server::match_of(*record);
    REQUIRE(again);
    CHECK(again->game().result().ending == Ending::Abandoned);
    CHECK(again->game().result().outcome == Outcome::Draw);
}

TEST_CASE("a client that claims early, falsely or for the wrong side is cut off; the game goes on",
          "[server][claim][hostile]") {
    for (const std::string what : {"early", "present", "own side"}) {
        INFO(what);
        LiamAndEamon room(with_grace(10 * s));
        auto& [srv, w, liam, eamon] = room;
        meet(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
        w.play_match(liam);
        std::vector<std::unique_ptr<RawPeer>> keep;
        RawPeer& cheat = raw(w, keep);
        seat_raw(w, cheat, eamon);
        REQUIRE(w.until([&] { return liam.game->playing(); }));
        const Color mine = cheat.welcome_you() == 0 ? Color::White : Color::Black;
        const std::string theirs = net::colour_word(~mine);
        if (what == "present") {
            // Liam is at the board: there is nothing to claim.
            cheat.say("claim " + std::to_string(cheat.facts_heard()) + " " + theirs + "\n");
            REQUIRE(closed_with(w, cheat, "error a claim of the round while both players are here"));
            continue;
        }
        vanish(w, liam);
        REQUIRE(w.until([&] { return cheat.line_starting("away ").has_value(); }));
        if (what == "early") {
            w.pass(5 * s);  // within Liam's grace
            cheat.say("claim " + std::to_string(cheat.facts_heard()) + " " + theirs + " draw\n");
            REQUIRE(closed_with(w, cheat, "error a claim that does not stand: Liam may still come back"));
        } else {
            w.pass(11 * s);
            cheat.say("claim " + std::to_string(cheat.facts_heard()) + " " + net::colour_word(mine) + "\n");
            REQUIRE(closed_with(w, cheat, "error a claim of the round from the player who stayed"));
        }
        // Nothing was decided: the match goes on at the server.
        w.idle();
        CHECK_FALSE(liam.heard<lobby::Over>());
    }
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "more time: a player gives the other 15 s, both clocks say so, and an older client hears a clock",
    "[server][moretime]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    w.move(*white, *black, "W1A1");  // Black's clock runs
    // A spectator of version 2 watches: it knows no gift.
    const std::string game = World::match_of(liam)->game;
    REQUIRE(zoe.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& old = raw(w, keep);
    old.say("hello gobblet 2 " + zoe.all<lobby::Watching>().at(0).code + " new Zoe\n");
    REQUIRE(w.until([&] { return old.line_starting("ready").has_value(); }));
    old.say(net::Sync{old.welcome_digest()});
    REQUIRE(w.until([&] { return old.line_starting("go ").has_value() && white->game->watchers() == 1; }));

    w.now += 3 * s;
    const Millis before = white->match.clock().time_left(Color::Black, w.now);
    REQUIRE(white->game->give_time(w.now).ok());
    REQUIRE(w.until([&] {
        return black->saw(net::Event::Kind::Act) &&
               black->of(net::Event::Kind::Act).back().act.kind == net::Act::Kind::MoreTime;
    }));
    CHECK(black->match.clock().time_left(Color::Black, w.now) == before + net::more_time_gift);
    CHECK(white->match.clock().time_left(Color::Black, w.now) == before + net::more_time_gift);
    CHECK(net::describe(black->of(net::Event::Kind::Act).back(), black->match, black->game->local_player()) ==
          white->name + " gives you 15s more");
    // The older spectator heard the clock it left (no `moretime`), and goes on hearing the moves in order.
    REQUIRE(w.until([&] { return old.heard().size() > 0 && old.heard().back().starts_with("clock "); }));
    CHECK(std::none_of(old.heard().begin(), old.heard().end(),
                       [](const std::string& l) { return l.starts_with("moretime"); }));
    w.move(*black, *white, "K1D1");
    // (Its numbering skipped the gift: the move is its first fact since its go.)
    REQUIRE(w.until([&] { return old.line_starting("move 0 2 K1D1").has_value(); }));
    CHECK_FALSE(old.closed_by_peer());

    // Eight gifts a match at most.
    for (int i = 1; i < net::max_gifts; ++i) {
        REQUIRE(white->game->give_time(w.now).ok());
        REQUIRE(w.until([&] { return white->game->gifts_given() == i + 1; }));
    }
    CHECK(white->game->give_time(w.now).why() ==
          "you gave " + black->name + " more time 8 times already: that is the most a match allows");
}

TEST_CASE("more time where it makes no sense is refused, and a client that asks anyway is cut off",
          "[server][moretime][hostile]") {
    struct Case {
        std::string what, terms;
        bool own;
        std::string error;
    };
    const std::vector<Case> cases = {
        {"no clock", "official 4 none first-to 1 casual", false,
         "error more time that may not be given: more time is for a timed game: this one has no clock"},
        {"own side", "official 4 5m+2s first-to 1 casual", true, "error more time for the player's own side"},
    };
    for (const Case& c : cases) {
        INFO(c.what);
        LiamAndEamon room;
        auto& [srv, w, liam, eamon] = room;
        meet(w, liam, eamon, c.terms);
        w.play_match(liam);
        std::vector<std::unique_ptr<RawPeer>> keep;
        RawPeer& cheat = raw(w, keep);
        seat_raw(w, cheat, eamon);
        REQUIRE(w.until([&] { return liam.game->playing(); }));
        // The honest client refuses to send it at all.
        if (c.what == "no clock")
            CHECK(liam.game->give_time(w.now).why() ==
                  "more time is for a timed game: this one has no clock");
        const Color mine = cheat.welcome_you() == 0 ? Color::White : Color::Black;
        cheat.say("moretime " + std::to_string(cheat.facts_heard()) + " " +
                  net::colour_word(c.own ? mine : ~mine) + "\n");
        REQUIRE(closed_with(w, cheat, c.error));
    }
}

TEST_CASE("a tournament's match takes no gifts of time", "[server][moretime][hostile]") {
    // The referee's rule, as a server's tournament game sets it (forbid_gifts).
    net::Referee r;
    r.forbid_gifts();
    Match m(MatchSettings{Variant{}, 1, ClockSettings::fischer(300 * s, 0)}, {"Liam", "Eamon"});
    m.start_clock(0);
    CHECK(r.may_give(m, 0).why() == "a tournament's match takes no gifts of time");
    net::Act a;
    a.kind = net::Act::Kind::MoreTime;
    a.side = Color::Black;
    CHECK(r.request_allowed(m, a, 0, 0).why() ==
          "more time that may not be given: a tournament's match takes no gifts of time");
}

TEST_CASE_METHOD(LiamAndEamon,
                 "a match whose White never makes the first move is aborted by itself after a minute",
                 "[server][abort]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    (void)black;
    w.pass(net::first_move_limit - 2 * s);
    CHECK_FALSE(liam.heard<lobby::Over>());  // the clocks wait for White's first move, and so does this
    w.pass(3 * s);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>() && eamon.heard<lobby::Over>(); }));
    const lobby::Over over = liam.all<lobby::Over>().at(0);
    CHECK(over.result == lobby::Verdict::Aborted);
    CHECK(over.text == white->name + " did not make the first move within 60 s: the match is aborted");
    CHECK_FALSE(over.changes[0].has_value());  // no rating changed
    CHECK(srv.logged(white->name + " did not make the first move: aborted"));
}

TEST_CASE_METHOD(LiamAndEamon, "a first move in time, or a tournament's match, is never aborted so",
                 "[server][abort]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 none first-to 1 casual");
    w.pass(net::first_move_limit - 5 * s);
    w.move(*white, *black, "W1A1");
    w.pass(10 * net::first_move_limit);  // Black thinks long: no clock, no abort
    CHECK_FALSE(liam.heard<lobby::Over>());
    CHECK_FALSE(white->match.game().over());
}
