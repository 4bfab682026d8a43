// What the server's rooms share: the store, the way out to the connections, the log, and time. The
// rooms (hub, lobby, games) are plain logic without sockets: they read lines and write lines through
// an Outbox, which the socket layer (server/server.h) carries out, and tests or the fuzz target record.
#pragma once

#include <cstdint>
#include <ctime>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/clock.h"
#include "server/store.h"

namespace gobblet::server {

// A connection, numbered from 1 in the order they came; never reused while the server runs.
using ConnId = std::uint64_t;

// Where the rooms' lines go. Both calls are fire-and-forget: a connection that cannot take a line (it
// stopped reading) is dropped by the socket layer afterwards, which then tells the hub it closed.
class Outbox {
  public:
    virtual ~Outbox() = default;
    // One whole line, with its '\n'.
    virtual void send(ConnId to, std::string_view line) = 0;
    // The same line, for news told to every lobby connection (a login, a match's start or a round's end):
    // it may wait a few rounds of the loop, in order with the connection's other lines, so that telling
    // thousands of connections never holds up a move's relay (docs/server.md, "The server under load").
    virtual void send_bulk(ConnId to, std::string_view line) { send(to, line); }
    // Sends `last` (a whole line, or nothing) if the socket takes it, and closes the connection. The room
    // that asks has forgotten the connection already: no closed() comes back for it.
    virtual void close(ConnId to, std::string_view last = {}) = 0;
};

// One line per event on a stream (the server's stderr): "2026-11-25T06:40:12Z login Liam (secret) from
// 127.0.0.1". Text from clients is cleaned before it gets here (names, reasons): no control character
// reaches the log.
class Log {
  public:
    explicit Log(std::ostream& out) : out_(out) {}
    void line(std::time_t when, std::string_view text);

  private:
    std::ostream& out_;
};

// Time, as everywhere in this program, is an argument: `now` is a steady clock's milliseconds (tests pass
// numbers). Dates people read (the store's, the log's) follow from one wall-clock reading at the start,
// so that a test's fake time moves them too.
struct Env {
    Store& store;
    Outbox& out;
    Log& log;
    std::time_t unix_at_start;
    Millis steady_at_start;
    std::time_t unix(Millis now) const { return unix_at_start + (now - steady_at_start) / 1000; }
    void note(Millis now, std::string_view text) { log.line(unix(now), text); }
};

// A connection's address as logs show it and what per-source limits count it by (net/socket.h).
struct Peer {
    std::string address;  // "127.0.0.1:51234", "unix:uid=1000"
    std::string source;   // "127.0.0.1", "2001:db8::/64", "unix:uid=1000"
};

}  // namespace gobblet::server
