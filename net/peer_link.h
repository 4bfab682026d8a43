// The connection part of a network game's session (net/session.h): the one line connection to the other
// side (a peer-to-peer host's joiner, or the host a joiner joined), its keep-alive and the round trip the
// keep-alive measures, and the deadline of the handshake step in progress. A host's session and a
// joiner's hold one each; the session says what each line means and what a failure becomes.
#pragma once

#include <cstdint>

#include "socket.h"
#include "wire.h"

namespace gobblet::net {

// Timeouts (milliseconds), documented in docs/network.md.
constexpr Millis handshake_timeout = 10000;  // each handshake step after the hello (welcome, sync, go)
constexpr Millis ping_after = 5000;          // a side that has sent nothing for this long pings
constexpr Millis dead_after = 15000;         // nothing received for this long: the peer is gone

class PeerLink {
  public:
    bool open() const { return conn_.open(); }
    int fd() const { return conn_.fd(); }
    short events() const { return conn_.events(); }
    // A whole line waits to be taken.
    bool has_line() const { return conn_.input().has_line(); }

    // A connection that has just been heard from at `now` (a joiner's connect, a hello the host took):
    // its first handshake step is due within handshake_timeout.
    void start(LineConn conn, Millis now);
    // The connection is over: nothing more is sent or read.
    void close();
    // Sends a line; false when the connection failed: output queued beyond the limit (the peer stopped
    // reading) or a write error (it is gone).
    bool send(const Message& m, Millis now);
    // A last line before the connection is closed (an error, a goodbye): written as far as the socket
    // takes it now.
    void say_last(const Message& m);
    // Writes what waits, as far as the socket takes it now (before the connection is closed).
    void flush() { conn_.flush(); }
    // The connection's turn of the poll loop (socket.h's take_lines): receipts keep it alive.
    template <class Take>
    LineTurn take(short revents, Millis now, Take take) {
        return take_lines(conn_, revents, now, keep_, take);
    }

    // The handshake step in progress is due within handshake_timeout of `now`; and when that is.
    void next_step(Millis now) { deadline_ = now + handshake_timeout; }
    Millis deadline() const { return deadline_; }
    // Play starts at `now`: the keep-alive counts from here.
    void play(Millis now) {
        keep_.heard(now);
        keep_.sent(now);
    }

    // The keep-alive during play (net/keep_alive.h), at `now`: the other side has been silent for
    // dead_after (gone), or this side for ping_after (a ping is due).
    bool silent(Millis now) const { return keep_.silent(now); }
    bool ping_due(Millis now) const { return keep_.ping_due(now); }
    // Sends a ping; the pong that answers it gives the round trip. False as for send.
    bool ping(Millis now) { return send(Ping{keep_.ping(now)}, now); }
    void pong(std::int64_t token, Millis now) { keep_.pong(token, now); }
    // ms until the keep-alive needs a look (a ping due, or the silence that ends the connection).
    Millis until_keep_alive(Millis now) const { return keep_.due_at() - now; }
    // The last keep-alive round trip, ms; -1 before the first.
    Millis round_trip() const { return keep_.round_trip(); }

  private:
    LineConn conn_;
    Millis deadline_ = 0;  // of the handshake step in progress
    KeepAlive keep_{ping_after, dead_after};
};

}  // namespace gobblet::net
