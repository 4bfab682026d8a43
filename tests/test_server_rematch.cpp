// Rematch, in the server (tests/server_support.h: one process, real sockets on 127.0.0.1, fake time):
// the colours swap and the ratings are as they stand; refused while the match is on, to a stranger, and
// for a tournament's match; asked twice, one challenge.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

TEST_CASE_METHOD(LiamAndEamon, "a rematch swaps the colours, at the ratings as they stand now",
                 "[server][rematch][ratings]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>() && eamon.heard<lobby::Over>(); }));
    const std::string game = eamon.all<lobby::Over>().back().game;
    // The other's r accepts it (the server sees both want it).
    for (Client* c : {white, black}) c->game->leave("the match is over", w.now);
    const std::size_t matches = liam.all<lobby::MatchStart>().size();
    REQUIRE(black->lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] {
        for (const auto& [id, s] : white->lobby->tables().seeks())
            if (s.colour) return true;
        return false;
    }));
    const lobby::SeekItem offer = white->lobby->tables().seeks().rbegin()->second;
    CHECK(offer.from == black->name);
    CHECK(offer.colour == Color::White);  // Black of the last match plays White now
    CHECK(offer.terms == terms("official 4 5m+2s first-to 1 rated"));
    REQUIRE(white->lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return liam.all<lobby::MatchStart>().size() > matches; }));
    CHECK(World::match_of(*black)->colour == Color::White);
    CHECK(World::match_of(*white)->colour == Color::Black);
    CHECK(World::match_of(*white)->mine->rating == 1662);  // the ratings as they stand now
}

TEST_CASE_METHOD(LiamAndEamon, "a rematch is refused for a match in progress, and to a stranger",
                 "[server][rematch]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    start_match(w, liam, eamon, "official 4 none first-to 1 casual");
    const std::string game = World::match_of(liam)->game;
    REQUIRE(liam.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("rematch").has_value(); }));
    CHECK(liam.refused("rematch")->text == "the match is still on: a rematch comes after it");
    REQUIRE(zoe.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.refused("rematch").has_value(); }));
    CHECK(zoe.refused("rematch")->code == lobby::Refusal::NotFound);
}

TEST_CASE_METHOD(LiamAndEamon, "a rematch asked twice is one challenge", "[server][rematch]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 none first-to 1 casual");
    const std::string game = World::match_of(liam)->game;
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    REQUIRE(liam.lobby->rematch(game, w.now).ok());
    REQUIRE(liam.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().seeks().size() == 1; }));
    w.idle(10);
    CHECK(eamon.lobby->tables().seeks().size() == 1);
}

TEST_CASE_METHOD(LiamAndEamon, "a rematch is refused for a tournament's match",
                 "[server][rematch][tournament]") {
    auto [white, black] = tournament_match(w, liam, eamon, "official 4 none first-to 1 casual");
    const std::string game = World::match_of(liam)->game;
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    REQUIRE(liam.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("rematch").has_value(); }));
    CHECK(liam.refused("rematch")->text == "a tournament's match has no rematch");
}
