#include "peer_link.h"

namespace gobblet::net {

void PeerLink::start(LineConn conn, Millis now) {
    conn_ = std::move(conn);
    keep_.start(now);
    next_step(now);
}

void PeerLink::close() {
    conn_ = LineConn();
    keep_.forget_ping();
}

bool PeerLink::send(const Message& m, Millis now) {
    if (!conn_.open()) return true;  // nothing to send on, and nothing failed
    keep_.sent(now);
    return conn_.send(format_message(m));
}

void PeerLink::say_last(const Message& m) {
    if (!conn_.open()) return;
    conn_.send(format_message(m));
    conn_.flush();
}

}  // namespace gobblet::net
