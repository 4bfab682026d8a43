// Abort, in the server (tests/server_support.h: one process, real sockets on 127.0.0.1, fake time): a
// match aborted before each side has moved ends with no result and no rating; after, and for anyone
// else, and in a tournament, abort is refused. The abort of a match whose White never moves is
// tests/test_server_claims.cpp's.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

TEST_CASE_METHOD(LiamAndEamon, "abort before each side has moved: no result, no rating", "[server][abort]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    w.move(*white, *black, "W1A1");  // one side has moved: still abortable
    const std::string game = World::match_of(liam)->game;
    REQUIRE(black->lobby->abort(game, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>() && eamon.heard<lobby::Over>(); }));
    const lobby::Over over = liam.all<lobby::Over>().back();
    CHECK(over.result == lobby::Verdict::Aborted);
    CHECK(over.text == black->name + " aborted the match before it began");
    CHECK(over.changes == lobby::Changes{});
    const auto record = srv.reader().games().game_record(*server::game_id_of(game));
    CHECK(record->outcome == server::GameOutcome::Aborted);
    CHECK(srv.reader().ratings().ratings_list(Variant{4, Rules::Official}, unix0).empty());
}

TEST_CASE_METHOD(LiamAndEamon, "abort once both sides have moved is too late", "[server][abort]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    w.move(*white, *black, "W1A1");
    w.move(*black, *white, "K1D1");
    const std::string game = World::match_of(liam)->game;
    REQUIRE(white->lobby->abort(game, w.now).ok());
    REQUIRE(w.until([&] { return white->refused("abort").has_value(); }));
    CHECK(white->refused("abort")->text == "too late to abort: both sides have moved (resign instead)");
}

TEST_CASE_METHOD(LiamAndEamon, "nobody aborts a match that is not theirs", "[server][abort]") {
    start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    const std::string game = World::match_of(liam)->game;
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    REQUIRE(zoe.lobby->abort(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.refused("abort").has_value(); }));
    CHECK(zoe.refused("abort")->code == lobby::Refusal::NotFound);
}

TEST_CASE_METHOD(LiamAndEamon, "a tournament's match cannot be aborted", "[server][abort][tournament]") {
    auto [white, black] = tournament_match(w, liam, eamon, "official 4 1m+0s first-to 1 casual");
    (void)black;
    REQUIRE(white->lobby->abort(World::match_of(*white)->game, w.now).ok());
    REQUIRE(w.until([&] { return white->refused("abort").has_value(); }));
    CHECK(white->refused("abort")->text == "a tournament's match cannot be aborted: resign it, or play it");
}
