// The per-address door and the keep-alive as values (net/waiting_room.h, net/keep_alive.h): what a
// peer-to-peer host's session and the server's hub both count their waiting connections with, and what a
// game's session, the lobby client and the hub all keep their connections alive with. Time is a number.
#include "net/keep_alive.h"
#include "net/waiting_room.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::net;

TEST_CASE("a waiting room that replaces: a newer connection from a source takes its oldest's place",
          "[net][door]") {
    WaitingRoom room(1, 3, WaitingRoom::WhenSourceFull::ReplaceOldest);
    CHECK_FALSE(room.room_for("10.0.0.1").replaced);
    room.enter(1, "10.0.0.1", 100);
    room.enter(2, "10.0.0.2", 200);
    const WaitingRoom::Room again = room.room_for("10.0.0.1");
    CHECK_FALSE(again.turned_away);
    CHECK(again.replaced == WaitingRoom::Id(1));
    CHECK_FALSE(again.made_way);  // two wait, the one replaced makes the room
    room.leave(1);
    room.enter(3, "10.0.0.1", 300);
    room.enter(4, "10.0.0.3", 400);
    // Full in all: the oldest makes way, unless it is the one replaced (then the next oldest need not).
    CHECK(room.room_for("10.0.0.4").made_way == WaitingRoom::Id(2));
    const WaitingRoom::Room same = room.room_for("10.0.0.2");
    CHECK(same.replaced == WaitingRoom::Id(2));
    CHECK_FALSE(same.made_way);
    CHECK(room.waiting() == std::vector<WaitingRoom::Id>{2, 3, 4});
    room.leave(3);
    room.leave(3);  // (once is enough)
    CHECK(room.size() == 2);
    CHECK_FALSE(room.holds(3));
}

TEST_CASE("a waiting room that turns away: a source at its limit waits outside; a full room's oldest goes",
          "[net][door]") {
    WaitingRoom room(2, 4, WaitingRoom::WhenSourceFull::TurnAway);
    room.enter(10, "a", 1);
    room.enter(11, "a", 2);
    CHECK(room.room_for("a").turned_away);
    CHECK_FALSE(room.room_for("a").made_way);
    CHECK_FALSE(room.room_for("b").turned_away);
    room.leave(10);
    CHECK_FALSE(room.room_for("a").turned_away);
    room.enter(12, "b", 3);
    room.enter(13, "c", 4);
    room.enter(14, "d", 5);
    const WaitingRoom::Room full = room.room_for("e");
    CHECK_FALSE(full.turned_away);
    CHECK(full.made_way == WaitingRoom::Id(11));
    room.clear();
    CHECK(room.size() == 0);
    CHECK_FALSE(room.room_for("a").made_way);
}

TEST_CASE(
    "a keep-alive pings after ping_after of its own silence and gives up after dead_after of the other's",
    "[net][keep-alive]") {
    KeepAlive keep(5000, 15000);
    keep.start(1000);
    keep.sent(1000);
    CHECK(keep.due_at() == 6000);
    CHECK_FALSE(keep.ping_due(5999));
    REQUIRE(keep.ping_due(6000));
    const std::int64_t token = keep.ping(6000);
    CHECK(keep.due_at() == 11000);  // the ping counts as sent
    CHECK_FALSE(keep.ping_due(6000));
    keep.pong(token + 1, 6100);  // not the last ping's: no round trip, and no ping awaits any more
    CHECK(keep.round_trip() == -1);
    const std::int64_t next = keep.ping(11000);
    keep.pong(next, 11040);
    CHECK(keep.round_trip() == 40);
    keep.heard(11040);
    CHECK_FALSE(keep.silent(26039));
    CHECK(keep.silent(26040));
    // A connection that starts again forgets the ping it sent before.
    const std::int64_t lost = keep.ping(30000);
    keep.start(31000);
    keep.pong(lost, 31010);
    CHECK(keep.round_trip() == 40);
}
