// A bare protocol peer for the network tests: it connects (or accepts), says exactly what it is told,
// byte for byte, and keeps every line it hears. Nothing in it checks anything: it is the other end a
// Session must survive. Non-blocking, so a test can poll it in the same loop as the sessions; the
// hostile-peer tool drives it with its own loop.
#pragma once

#include <poll.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "net/socket.h"
#include "net/transfer.h"
#include "net/wire.h"

namespace gobblet::test {

inline Millis wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

class RawPeer {
  public:
    // Connects, waiting at most `wait_ms` of real time; from the local address `from` when given
    // (127.0.0.2 plays a second machine on loopback). Or says why it could not.
    Expected<void> connect(const net::Endpoint& where, Millis wait_ms = 5000, const std::string& from = {}) {
        net::Connector c;
        const Millis start = wall_ms();
        auto st = c.start(where, start, from);
        while (st == net::Connector::Status::Pending && wall_ms() - start < wait_ms) {
            pollfd p{c.fd(), POLLOUT, 0};
            ::poll(&p, 1, 50);
            st = c.on_poll(p.revents, wall_ms());
        }
        if (st != net::Connector::Status::Connected) return Failure{c.error()};
        conn_ = net::LineConn(c.take());
        return {};
    }
    // Takes an accepted socket (to play a host).
    void adopt(net::Fd fd) { conn_ = net::LineConn(std::move(fd)); }

    int fd() const { return conn_.fd(); }
    bool open() const { return conn_.open(); }
    short events() const {
        return conn_.open() ? short(POLLIN | (conn_.has_output() ? POLLOUT : 0)) : short(0);
    }
    void say(std::string_view bytes) { conn_.send(bytes); }
    void say(const net::Message& m) { say(net::format_message(m)); }
    void close() { conn_.close(); }

    // After poll: writes what waits, reads what came, keeps whole lines (a line the reader refuses as
    // too long is kept as "<too long>"). Notes when the other side closed.
    void on_poll(short revents) {
        if (!conn_.open()) return;
        if (revents & POLLOUT) conn_.flush();
        if (revents & (POLLIN | POLLHUP | POLLERR)) {
            const auto got = conn_.read();
            take_lines();
            if (got != net::LineConn::Read::Ok) {
                closed_by_peer_ = true;
                conn_.close();
            }
        }
    }

    const std::vector<std::string>& heard() const { return heard_; }
    bool closed_by_peer() const { return closed_by_peer_; }
    // The first line heard that starts with `prefix`.
    std::optional<std::string> line_starting(std::string_view prefix) const {
        for (const std::string& l : heard_)
            if (l.starts_with(prefix)) return l;
        return std::nullopt;
    }
    // The digest of the match the host sent in its welcome (what `sync` must carry), and which player
    // it made us.
    std::string welcome_digest() const {
        std::vector<net::RoundRecord> records;
        for (const std::string& l : heard_) {
            const auto p = net::parse_message(l);
            if (!p) continue;
            if (const auto* r = std::get_if<net::RoundInfo>(&*p)) records.push_back({*r, {}});
            if (const auto* m = std::get_if<net::Moves>(&*p); m && !records.empty())
                records.back().moves.insert(records.back().moves.end(), m->moves.begin(), m->moves.end());
        }
        return net::records_digest(records);
    }
    int welcome_you() const {
        for (const std::string& l : heard_) {
            const auto p = net::parse_message(l);
            if (p)
                if (const auto* w = std::get_if<net::Welcome>(&*p)) return w->you;
        }
        return -1;
    }
    // The host's facts heard so far (lines that parse to a change with a clock reading).
    int facts_heard() const {
        int n = 0;
        for (const std::string& l : heard_) {
            const auto p = net::parse_message(l);
            if (p)
                if (const auto* a = std::get_if<net::Act>(&*p); a && a->clock) ++n;
        }
        return n;
    }

  private:
    void take_lines() {
        for (;;) {
            std::string line;
            const auto st = conn_.input().next(line);
            if (st == net::LineReader::Status::NeedMore) return;
            if (st == net::LineReader::Status::TooLong) {
                heard_.push_back("<too long>");
                conn_.close();
                return;
            }
            heard_.push_back(line);
        }
    }

    net::LineConn conn_;
    std::vector<std::string> heard_;
    bool closed_by_peer_ = false;
};

}  // namespace gobblet::test
