// What a client of an older lobby protocol is told, in the server (tests/server_support.h: one process,
// real sockets on 127.0.0.1, fake time): the shapes of its own version, and a message of a later version
// from it ends its connection. A version 1 client beside tournaments is tests/test_server_tournaments.cpp's.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// Olga logs in as a guest on a bare connection of lobby version 2, polled by the world, and has heard the
// lobby's lists.
void log_in_as_version_2(World& w, RawPeer& old) {
    REQUIRE(old.connect(w.serving.endpoint(), 5000).ok());
    w.raws.push_back(&old);
    old.say("lobby gobblet 2\nlogin Olga human guest\n");
    REQUIRE(w.until([&] { return old.line_starting("end tournaments").has_value(); }));
}

}  // namespace

TEST_CASE_METHOD(LiamAndEamon, "a version 2 client hears version 2's shapes of version 3's news",
                 "[server][versions]") {
    RawPeer old;
    log_in_as_version_2(w, old);
    (void)post(w, liam, eamon, "official 4 none first-to 1 casual bots 1400-1800");
    REQUIRE(w.until([&] { return old.line_starting("seek ").has_value(); }));
    CHECK(*old.line_starting("seek ") == "seek 1 Liam 1500/350 * official 4 none first-to 1 casual");
    REQUIRE(eamon.lobby->accept(1, w.now).ok());
    REQUIRE(w.until([&] { return old.line_starting("player Liam human playing").has_value(); }));
    CHECK(*old.line_starting("player Liam human playing") == "player Liam human playing - - - -");
}

TEST_CASE_METHOD(Started,
                 "a message of lobby version 3 from a version 2 client breaks its version's protocol",
                 "[server][versions]") {
    RawPeer old;
    log_in_as_version_2(w, old);
    old.say("best\n");
    REQUIRE(w.until([&] { return old.closed_by_peer(); }));
    CHECK(old.heard().back() == "error best is a message of lobby protocol version 3, not of version 2");
}
