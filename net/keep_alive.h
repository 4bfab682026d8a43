// A line connection's keep-alive, one value for every connection of both protocols: a game's session
// (net/peer_link.h), the lobby client (net/lobby_client.h) and the server's hub (server/hub.h), each with
// its protocol's intervals. A side that has sent nothing for `ping_after` pings; one that has heard
// nothing for `dead_after` counts the other side gone; the pong that answers this side's last ping gives
// the round trip. Time is an argument.
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/time_source.h"

namespace gobblet::net {

class KeepAlive {
  public:
    KeepAlive() = default;
    KeepAlive(Millis ping_after, Millis dead_after) : ping_after_(ping_after), dead_after_(dead_after) {}

    Millis ping_after() const { return ping_after_; }
    Millis dead_after() const { return dead_after_; }
    // The protocol is known only after a first line (the hub's connections): its intervals from then on.
    void set_intervals(Millis ping_after, Millis dead_after) {
        ping_after_ = ping_after;
        dead_after_ = dead_after;
    }

    // A connection that starts at `now`: heard from then, and no ping awaits its pong.
    void start(Millis now) {
        last_received_ = now;
        token_ = -1;
    }
    // Something arrived from the other side, or was sent to it, at `now`.
    void heard(Millis now) { last_received_ = now; }
    void sent(Millis now) { last_sent_ = now; }

    // At `now`: the other side has been silent for dead_after (it is gone), or this side for ping_after.
    bool silent(Millis now) const { return now - last_received_ >= dead_after_; }
    bool ping_due(Millis now) const { return now - last_sent_ >= ping_after_; }
    // A ping goes out at `now` (counted as sent): its token, which the pong that answers it carries back.
    std::int64_t ping(Millis now) {
        token_ = now;
        last_sent_ = now;
        return token_;
    }
    // A pong arrived at `now`: the round trip, when it answers the last ping.
    void pong(std::int64_t token, Millis now) {
        if (token == token_) rtt_ = now - token_;
        token_ = -1;
    }
    // The connection is gone: no pong will come.
    void forget_ping() { token_ = -1; }
    // When the keep-alive next needs a look: a ping due, or the silence that ends the connection.
    Millis due_at() const { return std::min(last_received_ + dead_after_, last_sent_ + ping_after_); }
    // The last round trip, ms; -1 before the first.
    Millis round_trip() const { return rtt_; }

  private:
    Millis ping_after_ = 0, dead_after_ = 0;
    Millis last_sent_ = 0, last_received_ = 0;
    std::int64_t token_ = -1;
    Millis rtt_ = -1;
};

}  // namespace gobblet::net
