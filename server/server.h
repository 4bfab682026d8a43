// The server's sockets and its one event loop: `./main --serve` (docs/server.md). It listens on TCP
// addresses and unix sockets, accepts connections, reads their lines and hands them to the hub
// (server/hub.h), and writes what the hub says. No thread per connection: every socket and the password
// workers' wake-up are watched by one epoll instance, whose one descriptor the loop polls with the timers'
// timeout (a round costs the connections that are ready, not the ones connected). It is driven like
// net::Session (pollfds, on_poll, until_next, time passed in), so tests run it on a fake clock in the same
// loop as their clients; run_server() is the real loop, with SIGTERM and SIGINT stopping it cleanly.
#pragma once

#include <poll.h>
#include <sys/epoll.h>

#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/expected.h"
#include "net/socket.h"
#include "server/hub.h"

namespace gobblet::server {

// The address the server listens on when none is given: the loopback, IPv4 and IPv6.
constexpr int default_port = 7300;

struct ServerConfig {
    std::vector<net::Endpoint> listen;  // empty: 127.0.0.1 and ::1 on default_port
    std::filesystem::path db;           // empty: default_db_path()
    Hub::Settings hub;
    std::size_t max_connections = 20000;
    // Connections and logged-in players one address may have (--per-address); when not given, the hub's
    // defaults, its connections per address at most a quarter of max_connections: no address fills it.
    std::optional<std::size_t> per_address;
    // Output queued for a connection before it counts as no longer reading, and dropped.
    std::size_t output_limit = 2 << 20;
    // The wall clock at the start, for the dates the store and the log keep (tests fix it).
    std::optional<std::time_t> unix_at_start;
};

class Server : public Outbox {
  public:
    // Opens the database (rebuilding the games in progress) and the listening sockets, or says in one line
    // why the server cannot start: the database's error, an address taken, libsodium that cannot start,
    // descriptors run out (the epoll instance, the password workers' wake pipe).
    static Expected<std::unique_ptr<Server>> start(const ServerConfig& config, std::ostream& log, Millis now);
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;
    ~Server() override;

    // One descriptor, the epoll instance that watches every socket: readable when any is ready.
    void pollfds(std::vector<pollfd>& fds) const;
    // Handles what is ready (whatever `fds` says: epoll knows) and what is due.
    void on_poll(std::span<const pollfd> fds, Millis now);
    Millis until_next(Millis now) const;
    // Tells every client `bye` with `why` (come back later), closes every connection and stops listening.
    void stop(std::string_view why, Millis now);

    // Where it listens ("127.0.0.1:7300", "unix:/run/gobblet/lobby.sock"), and the ports it got.
    std::vector<std::string> addresses() const;
    std::vector<int> ports() const;
    const Hub& hub() const { return *hub_; }
    // The server's store, for the tests that count what a request costs it (Store::count_steps).
    Store& store() { return *store_; }
    std::size_t connections() const { return links_.size(); }

    // The hub's way out (Outbox).
    void send(ConnId to, std::string_view line) override;
    // Queued as send() does; written by flush_all at most bulk_per_round connections a round, after the
    // others (a send to a loopback socket costs tens of microseconds: thousands at once stall the loop).
    void send_bulk(ConnId to, std::string_view line) override;
    void close(ConnId to, std::string_view last) override;

  private:
    explicit Server(std::ostream& log);
    void accept_all(const net::Listener& l, int fd, Millis now);
    void io(ConnId id, short revents, Millis now);
    // Forgets a link (its descriptor closes with it).
    void unlink(ConnId id);
    // Connections found unable to take output while the hub spoke: closed now, and the hub told.
    void bury(Millis now);
    // Writes what this round gave each connection (a connection that fails is buried).
    void flush_all(Millis now);

    struct Link {
        net::LineConn conn;
        std::uint32_t mask = 0;  // what epoll watches it for
        bool bulk = false;       // its output is bulk lines waiting their turn in bulk_
    };
    bool watch(int fd, std::uint32_t events, std::uint64_t token);
    // Makes epoll watch the link for what it wants now (reading unless its input is full, writing while
    // output waits; `output` false: its writing as it was, for output that flush_all writes this turn).
    void rearm(ConnId id, Link& link, bool output = true);
    // Commits the turn's writes to the store (group commit): called before any byte goes to a socket, so
    // that nothing is announced before it is committed.
    void before_writing();
    Log log_;
    std::optional<Store> store_;
    net::Fd epoll_;
    std::vector<epoll_event> events_ = std::vector<epoll_event>(1024);
    std::vector<net::Listener> listeners_;
    std::unordered_map<ConnId, Link> links_;
    std::vector<ConnId> backlog_;    // links with whole lines still buffered after their round's share
    std::vector<ConnId> unflushed_;  // links given lines this round, written at its end
    std::deque<ConnId> bulk_;        // links given only bulk lines, written a slice a round, in order
    std::vector<ConnId> broken_;
    ConnId next_id_ = 1;
    std::size_t max_connections_ = 0, output_limit_ = 0;
    // After a burst (logins tell everyone, a restart's clients come back at once) the heap holds room
    // nobody uses: once the server has been quiet a while, it is given back to the system.
    Millis last_busy_ = 0, last_trim_ = 0, last_trim_check_ = 0;
    std::unique_ptr<Hub> hub_;
};

// `./main --serve`: the server in the foreground until SIGTERM or SIGINT (or a database failure).
// Returns the exit status: 0 after a clean stop, 1 when it cannot start or the database fails.
int run_server(const ServerConfig& config, std::ostream& log);

}  // namespace gobblet::server
