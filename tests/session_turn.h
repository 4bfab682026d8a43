// A network session's turn in a test's loop (tests/net_support.h, tests/server_support.h, a table's link in
// tests/test_table_link.cpp).
#pragma once

#include <poll.h>

#include <vector>

#include "net/session.h"

namespace gobblet::test {

// A session's turn in a test's loop: on_poll, and the events taken; again while it has more to do at once
// (it hands over one change at a time, and the lines after it wait), a bounded number of times, as a
// program's loop turns round at once when until_next says 0.
// `session` is a net::Session or what wraps one (ui::TableLink).
template <typename Polled, typename Drain>
void take(Polled& session, std::vector<pollfd> fds, Millis now, Drain drain) {
    for (int turn = 0; turn < 64; ++turn) {
        session.on_poll(fds, now);
        drain();
        if (session.until_next(now) != 0) return;
        for (pollfd& p : fds) p.revents = 0;  // read already
    }
}

}  // namespace gobblet::test
