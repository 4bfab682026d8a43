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
        return take_lines(conn_, revents, now, last_received_, take);
    }

    // The handshake step in progress is due within handshake_timeout of `now`; and when that is.
    void next_step(Millis now) { deadline_ = now + handshake_timeout; }
    Millis deadline() const { return deadline_; }
    // Play starts at `now`: the keep-alive counts from here.
    void play(Millis now) { last_received_ = last_sent_ = now; }

    // The keep-alive during play, at `now`: the other side has been silent for dead_after (gone), or this
    // side for ping_after (a ping is due).
    bool silent(Millis now) const { return now - last_received_ >= dead_after; }
    bool ping_due(Millis now) const { return now - last_sent_ >= ping_after; }
    // Sends a ping, its token the time; the pong that answers it gives the round trip.
    bool ping(Millis now);
    void pong(std::int64_t token, Millis now);
    // ms until the keep-alive needs a look (a ping due, or the silence that ends the connection).
    Millis until_keep_alive(Millis now) const;
    // The last keep-alive round trip, ms; -1 before the first.
    Millis round_trip() const { return rtt_; }

  private:
    LineConn conn_;
    Millis deadline_ = 0;  // of the handshake step in progress
    Millis last_sent_ = 0, last_received_ = 0;
    std::int64_t ping_token_ = -1;
    Millis rtt_ = -1;
};

}  // namespace gobblet::net
