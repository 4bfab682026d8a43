// A fake server for a joiner's session (tests/net_support.h's FakeHost): a game of a server's, in
// progress, as the server tells a player or a spectator of it. tests/test_server*.cpp play the same
// against the real server.
#pragma once

#include "net_support.h"

namespace gobblet::test {

// The clock lines of the game: DM 2m, reserve 5m, chunks of 30 s; whose turn, and whether it stands.
inline const std::string running_white =
    "left 0 0 reserve 300000 300000 running white elapsed 0 budget 120000 paused no flagged none";
inline const std::string running_black =
    "left 0 0 reserve 300000 300000 running black elapsed 0 budget 120000 paused no flagged none";
inline const std::string paused_black =
    "left 0 0 reserve 300000 300000 running black elapsed 0 budget 120000 paused yes flagged none";
inline const std::string paused_white =
    "left 0 0 reserve 300000 300000 running white elapsed 0 budget 120000 paused yes flagged none";

struct FakeServer : FakeHost {
    // Zoe (code WATCH1) joins a game of this server's to play it, or to watch it.
    void join_game(Net& net, Side& zoe, bool watch) {
        JoinConfig c;
        c.code = "WATCH1";
        c.name = "Zoe";
        c.hosted = true;
        c.watch = watch;
        join(net, zoe, c);
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

}  // namespace gobblet::test
