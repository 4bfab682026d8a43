// What the server keeps of an account (tests/server_support.h: one process, real sockets on 127.0.0.1,
// fake time): its log names who set a password, and its store when each player was last seen.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

TEST_CASE_METHOD(Started, "the server's log names who set a password", "[server][accounts]") {
    Client liam("Liam");
    enter_all(w, {&liam});
    REQUIRE(liam.lobby->set_password("correct horse battery", false, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Ok>(); }));
    CHECK(srv.logged("lobby: Liam (account 1) set a password"));
}

TEST_CASE_METHOD(Started, "the store keeps when a player was last seen, and that a person is no bot",
                 "[server][accounts]") {
    Client liam("Liam");
    enter_all(w, {&liam});
    w.pass(120 * s);
    liam.lobby->leave("bye", w.now);
    w.idle(20);
    const auto a = srv.reader().accounts().find_account("Liam");
    REQUIRE(a);
    CHECK(a->last_seen == unix0 + (w.now - t0) / 1000);
    CHECK_FALSE(a->bot);
}
