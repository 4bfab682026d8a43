#include "peer_link.h"

namespace gobblet::net {

void PeerLink::start(LineConn conn, Millis now) {
    conn_ = std::move(conn);
    last_received_ = now;
    ping_token_ = -1;
    next_step(now);
}

void PeerLink::close() {
    conn_ = LineConn();
    ping_token_ = -1;
}

bool PeerLink::send(const Message& m, Millis now) {
    if (!conn_.open()) return true;  // nothing to send on, and nothing failed
    last_sent_ = now;
    return conn_.send(format_message(m));
}

void PeerLink::say_last(const Message& m) {
    if (!conn_.open()) return;
    conn_.send(format_message(m));
    conn_.flush();
}

bool PeerLink::ping(Millis now) {
    ping_token_ = now;
    return send(Ping{now}, now);
}

void PeerLink::pong(std::int64_t token, Millis now) {
    if (token == ping_token_) rtt_ = now - ping_token_;
    ping_token_ = -1;
}

Millis PeerLink::until_keep_alive(Millis now) const {
    Soonest soonest;
    soonest.at(last_received_ + dead_after - now);
    soonest.at(last_sent_ + ping_after - now);
    return soonest.get();
}

}  // namespace gobblet::net
