// POSIX sockets for the network game and the lobby, non-blocking throughout: the caller's one poll()
// loop waits on every descriptor here, and every deadline takes `now` from the caller. Nothing in this
// file blocks, except the host-name lookup before connecting (getaddrinfo; instant for literal addresses
// and /etc/hosts, a DNS query otherwise). TCP over IPv4 and IPv6, and unix-domain sockets ("unix:PATH")
// for a server that only this machine's users reach (behind sshd, say).
#pragma once

#include <poll.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/clock.h"
#include "keep_alive.h"
#include "wire.h"

namespace gobblet::net {

// Milliseconds on the steady clock, which never jumps: the one real time source of every loop that
// polls these sockets (the game's, the server's, a bot's) and of the protocol and --match; the engine's
// clocks take `now` from it as an argument.
Millis monotonic_ms();
// The same clock as the engine's TimeSource (engine/time_source.h), for the computer's thinking time,
// analysis and the benchmarks. One object for the whole program; it lives as long as the program.
const TimeSource& monotonic_clock();

// A file descriptor that closes itself.
class Fd {
  public:
    Fd() = default;
    explicit Fd(int fd) : fd_(fd) {}
    Fd(Fd&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
    Fd& operator=(Fd&& o) noexcept;
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() { reset(); }
    int get() const { return fd_; }
    explicit operator bool() const { return fd_ >= 0; }
    void reset();

  private:
    int fd_ = -1;
};

// Where to listen or connect: a TCP host and port, or a unix-domain socket's path. An empty host means
// every local address (listening only).
struct Endpoint {
    std::string host;
    int port = 0;
    std::string path{};  // a unix-domain socket (then host and port are unused); "" for TCP. ({}: so
                         // that Endpoint{host, port} needs no third field)
    bool is_unix() const { return !path.empty(); }
    friend bool operator==(const Endpoint&, const Endpoint&) = default;
};
// The longest unix socket path, in bytes: sockaddr_un's sun_path holds 108 with the terminating NUL.
constexpr std::size_t max_unix_path = 107;
// Reads "PORT", "HOST:PORT", "1.2.3.4:PORT", "[v6]:PORT" (IPv6 literals in brackets, as in URLs) and
// "unix:PATH" (a unix-domain socket; a relative PATH is relative to the working folder; "unix:" always
// means a socket, never a host named "unix"). PORT is 0-65535 (0 lets the system choose, for
// listening); PATH has 1 to max_unix_path bytes and no control character. Otherwise the reason, for the
// caller to prefix with the flag or field it came from.
Expected<Endpoint> parse_endpoint(std::string_view text);
// "host:7000", "[::1]:7000", ":7000" for every address, or "unix:/run/gobblet/lobby.sock".
std::string endpoint_text(const Endpoint& e);

// What a host counts a connection's limits by (docs/network.md, "Limits"), from its numeric address
// without the port: an IPv4 address as it is; an IPv4-mapped IPv6 address (::ffff:1.2.3.4) as the IPv4
// address, so that one machine is one source whichever socket it came in on; any other IPv6 address as
// its /64 ("2001:db8:1:2::/64"), because one machine or home network is given a whole /64 and can pick
// any address in it. Anything that is not a numeric address is returned as it is.
std::string source_key(std::string_view numeric);
// An address as the operator writes it for a limit (an IPv4 or IPv6 address, or `unix:uid=N` for the
// local user N), as source_key counts it; or why it is not one.
Expected<std::string> shared_source(std::string_view text);

// Listening sockets on one port: one per address family when no address is given (IPv6 with
// IPV6_V6ONLY, so IPv4 gets its own), otherwise the addresses the host name resolves to; or one
// unix-domain socket.
//
// A unix socket is a file. open() creates it with the process's umask (connecting needs write
// permission on it: umask 077 lets only this user in, 007 this user's group too; the folder's
// permissions can restrict it further). A socket file left by a server that died (kill -9) is
// replaced, but only when it is a socket and nothing answers on it; a live server's socket, or anything
// that is not a socket (a file, a folder, a link), is refused with the reason and left alone. The
// listener removes its socket file when it is destroyed, if the file is still the one it created.
class Listener {
  public:
    // The listener, or why it cannot listen ("cannot listen on ADDRESS: why"). `backlog`: connections the
    // kernel holds for accept (listen(2)); a server wants more than a game.
    static Expected<Listener> open(const Endpoint& where, int backlog = 8);
    Listener(Listener&& o) noexcept;
    Listener& operator=(Listener&& o) noexcept;
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    ~Listener();

    int port() const { return port_; }  // 0 for a unix socket
    const std::vector<Fd>& fds() const { return fds_; }
    // A new connection on listening descriptor `fd`, non-blocking; empty when none was waiting.
    // *peer gets the other end's address ("192.168.1.20:51234"), or for a unix socket the user id of
    // the process that connected ("unix:uid=1000", from SO_PEERCRED); *source what per-source limits
    // count: source_key of the address, or the same "unix:uid=1000".
    Fd accept(int fd, std::string* peer = nullptr, std::string* source = nullptr) const;
    // Addresses a player can give out: this machine's non-loopback IPv4 and global IPv6 addresses with
    // the port, or the address given to open(); the loopback ones when there is nothing else; a unix
    // socket's "unix:PATH".
    std::vector<std::string> addresses() const;

  private:
    Listener() = default;
    static Expected<Listener> open_unix(const Endpoint& where, int backlog);
    void remove_socket_file();

    std::vector<Fd> fds_;
    std::vector<int> families_;
    Endpoint where_;
    int port_ = 0;
    // The unix socket file this listener created (removed on destruction if still the same inode).
    std::string socket_file_;
    std::uint64_t socket_dev_ = 0, socket_ino_ = 0;
};

// A non-blocking connect to every address a host name resolves to, one after the other, each given
// per_address ms: connected when the socket turns writable without an error. A unix socket connects
// at once or fails at once (nothing listening, no such file, the server's queue full).
class Connector {
  public:
    enum class Status : std::uint8_t { Pending, Connected, Failed };
    static constexpr Millis per_address = 5000;

    // Resolves the name and starts the first attempt. Failed (with error()) when nothing resolves.
    // `from`: a numeric local address to connect from (bound before connecting; the tests come from
    // 127.0.0.2 that way), "" for the system's choice.
    Status start(const Endpoint& where, Millis now, const std::string& from = {});
    int fd() const { return fd_.get(); }
    // Call when poll reported on fd() (revents may be 0: a deadline may have passed).
    Status on_poll(short revents, Millis now);
    // ms until the current attempt's deadline; -1 when not connecting.
    Millis until_next(Millis now) const;
    // The connected socket, once Connected.
    Fd take() { return std::move(fd_); }
    const std::string& error() const { return error_; }

  private:
    Status next(Millis now);
    std::vector<std::vector<unsigned char>> addrs_;  // sockaddr bytes, in getaddrinfo's order
    std::vector<int> families_;
    std::size_t tried_ = 0;
    Fd fd_;
    Millis deadline_ = 0;
    std::string where_, error_, from_;
    Status status_ = Status::Failed;
};

// A connected socket that speaks lines: input through a bounded LineReader, output queued and written
// as the socket takes it (never more than max_output queued: a peer that stops reading is dropped).
class LineConn {
  public:
    static constexpr std::size_t max_output = 4 << 20;
    static constexpr std::size_t max_input = 16 << 10;  // read no more while this much waits

    LineConn() = default;
    // `output_limit`: the most output queued before the peer counts as no longer reading (a server keeps
    // less for each of its many connections than a game keeps for its one peer).
    explicit LineConn(Fd fd, std::size_t output_limit = max_output);
    int fd() const { return fd_.get(); }
    bool open() const { return bool(fd_); }
    short events() const;
    enum class Read : std::uint8_t { Ok, Closed };
    // Reads what the socket holds (until a read comes back short or max_input is buffered): Ok, or Closed
    // when the peer closed its end (seen on the next read after its last bytes); or why the socket failed
    // (the system's words, "Connection reset by peer"). For loops that poll level-triggered.
    Expected<Read> read();
    LineReader& input() { return in_; }
    const LineReader& input() const { return in_; }
    // Queues a line and writes what the socket takes now; false when the queue is full or the socket
    // failed (then the connection is lost).
    bool send(std::string_view line);
    // Queues a line without writing it yet (a server writes each connection's lines of one round of its
    // loop in one go: one system call, not one a line); false when the queue is full.
    bool queue(std::string_view line);
    bool flush();
    bool has_output() const { return out_pos_ < out_.size(); }
    // Bytes queued and not yet written; the room the buffers hold (memory a connection costs).
    std::size_t pending() const { return out_.size() - out_pos_; }
    std::size_t room() const { return out_.capacity() + in_.room(); }
    void close() { fd_.reset(); }

  private:
    Fd fd_;
    LineReader in_;
    std::string out_;
    std::size_t out_pos_ = 0;
    std::size_t output_limit_ = max_output;
};

// Lines handled in one turn of a poll loop for one connection; the rest wait for the next turn (the
// loop's until_next is 0 meanwhile), so that one talkative peer cannot hold the loop.
constexpr int lines_per_poll = 64;

// How a connection's turn ended (take_lines).
struct LineTurn {
    enum class End : std::uint8_t {
        Open,     // the lines handled (all, or the turn's share): the connection goes on
        Stopped,  // the handler stopped the turn (it may have closed the connection)
        TooLong,  // a line beyond the limit: a protocol error
        Failed,   // the connection failed: `why` in the system's words ("" when writing failed)
        Closed,   // the peer closed its end (`mid_line`: in the middle of a line)
    };
    End end = End::Open;
    std::string why;
    bool mid_line = false;
};

// A connection's turn of a client's poll loop, alike in both protocols: writes what waits (POLLOUT), reads
// what came (the keep-alive hears of it when bytes arrived), then hands each whole line to `take`, which
// returns false to stop the turn: lines_per_poll a turn, or every line when the peer has gone (they are
// what it last said).
template <class Take>
LineTurn take_lines(LineConn& conn, short revents, Millis now, KeepAlive& keep, Take take) {
    if ((revents & POLLOUT) && !conn.flush()) return {LineTurn::End::Failed, {}, false};
    Expected<LineConn::Read> got = LineConn::Read::Ok;
    if (revents & (POLLIN | POLLHUP | POLLERR)) {
        const std::size_t before = conn.input().buffered();
        got = conn.read();
        if (conn.input().buffered() != before) keep.heard(now);
    }
    const int budget = got == LineConn::Read::Ok ? lines_per_poll : 1 << 20;
    for (int n = 0; n < budget && conn.open(); ++n) {
        std::string line;
        const LineReader::Status st = conn.input().next(line);
        if (st == LineReader::Status::NeedMore) break;
        if (st == LineReader::Status::TooLong) return {LineTurn::End::TooLong, {}, false};
        if (!take(line)) return {LineTurn::End::Stopped, {}, false};
    }
    if (!conn.open()) return {LineTurn::End::Stopped, {}, false};
    if (got == LineConn::Read::Ok) return {};
    if (!got) return {LineTurn::End::Failed, got.why(), false};
    return {LineTurn::End::Closed, {}, conn.input().buffered() > 0};
}

}  // namespace gobblet::net
