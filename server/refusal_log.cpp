#include "server/refusal_log.h"

#include "engine/clock.h"

namespace gobblet::server {

void RefusalLog::refused(const Peer& peer, std::string_view why, Millis now) {
    tick(now);
    if (const auto it = sources_.find(peer.source); it != sources_.end()) {
        ++it->second.more;
        it->second.last = why;
        return;
    }
    if (sources_.size() >= max_sources) {
        if (others_.since == 0) others_.since = now;
        ++others_.more;
        others_.last = why;
        return;
    }
    sources_.emplace(peer.source, Minute{now, 0, {}});
    ends_.emplace(now + window, peer.source);
    env_.note(now, "connection from " + peer.address + " refused: " + std::string(why));
}

void RefusalLog::summarise(const std::string& source, const Minute& m, const char* count) {
    if (m.more == 0) return;
    env_.note(m.since + window, "connections from " + source + " refused in the last minute: " +
                                    std::to_string(m.more) + count + " (the last: " + m.last + ")");
}

void RefusalLog::tick(Millis now) {
    while (!ends_.empty() && ends_.begin()->first <= now) {
        const auto it = sources_.find(ends_.begin()->second);
        summarise(it->first, it->second, " more");
        sources_.erase(it);
        ends_.erase(ends_.begin());
    }
    if (others_.since != 0 && now >= others_.since + window) {
        summarise("addresses past the " + std::to_string(max_sources) + " counted one by one", others_, "");
        others_ = {};
    }
}

Millis RefusalLog::until_next(Millis now) const {
    Soonest soonest;
    if (!ends_.empty()) soonest.at(ends_.begin()->first - now);
    if (others_.since != 0) soonest.at(others_.since + window - now);
    return soonest.get();
}

}  // namespace gobblet::server
