// Unix-domain sockets (net/socket.h): "unix:PATH" endpoints, listening (and what a path may already
// hold), connecting, and who connected. The TCP endpoints are tested with the game protocol
// (test_wire.cpp, test_session.cpp).
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "net/socket.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::net;
namespace fs = std::filesystem;

namespace {

using test::TempDir;  // (tests/support.h)

Endpoint unix_at(const fs::path& p) { return *parse_endpoint("unix:" + p.string()); }

// Connects to `where` and accepts the connection on `l`; returns the peer text accept gave.
std::string connect_and_accept(const Listener& l, const Endpoint& where) {
    Connector c;
    REQUIRE(c.start(where, 0) == Connector::Status::Connected);  // a unix socket connects at once
    Fd client = c.take();
    REQUIRE(client);
    pollfd p{l.fds()[0].get(), POLLIN, 0};
    REQUIRE(::poll(&p, 1, 5000) == 1);
    std::string peer;
    Fd server = l.accept(l.fds()[0].get(), &peer);
    REQUIRE(server);
    // A line goes through both ways.
    LineConn a(std::move(client)), b(std::move(server));
    REQUIRE(a.send("ping 1\n"));
    pollfd q{b.fd(), POLLIN, 0};
    REQUIRE(::poll(&q, 1, 5000) == 1);
    REQUIRE(b.read() == LineConn::Read::Ok);
    std::string line;
    REQUIRE(b.input().next(line) == LineReader::Status::Line);
    CHECK(line == "ping 1");
    return peer;
}

}  // namespace

TEST_CASE("unix endpoints: unix:PATH, absolute or relative, with a length the kernel takes",
          "[net][socket]") {
    CHECK(parse_endpoint("unix:/run/gobblet/lobby.sock") == Endpoint{"", 0, "/run/gobblet/lobby.sock"});
    CHECK(parse_endpoint("unix:lobby.sock") == Endpoint{"", 0, "lobby.sock"});
    CHECK(parse_endpoint("unix:7000")->is_unix());  // "unix:" always means a socket
    CHECK(endpoint_text(*parse_endpoint("unix:/tmp/x.sock")) == "unix:/tmp/x.sock");
    CHECK(endpoint_text(*parse_endpoint("unix:rel/x.sock")) == "unix:rel/x.sock");
    CHECK_FALSE(parse_endpoint("7000")->is_unix());

    CHECK(parse_endpoint("unix:").why() ==
          "give the socket's path after unix:, as in unix:/run/gobblet/lobby.sock");
    CHECK(parse_endpoint("unix:/tmp/a\nb").why() == "a socket path cannot hold control characters");
    CHECK_FALSE(parse_endpoint("unix:/tmp/\x1b[2J"));

    // sun_path holds 108 bytes with its NUL: 107 is the longest path.
    static_assert(max_unix_path + 1 == sizeof(sockaddr_un{}.sun_path));
    const std::string longest = "/" + std::string(max_unix_path - 1, 'a');
    CHECK(parse_endpoint("unix:" + longest)->path == longest);
    CHECK(parse_endpoint("unix:" + longest + "a").why() ==
          "a socket path has at most 107 bytes (this one has 108): choose a shorter one, or a path "
          "relative to here");
}

TEST_CASE("a unix socket listens, connects, and names the user who connected", "[net][socket]") {
    TempDir dir;
    const Endpoint where = unix_at(dir.path / "lobby.sock");
    auto l = Listener::open(where);
    INFO(l.why());
    REQUIRE(l);
    CHECK(l->port() == 0);
    CHECK(l->addresses() == std::vector<std::string>{"unix:" + (dir.path / "lobby.sock").string()});
    struct stat st {};
    REQUIRE(::lstat((dir.path / "lobby.sock").c_str(), &st) == 0);
    CHECK(S_ISSOCK(st.st_mode));
    CHECK(connect_and_accept(*l, where) == "unix:uid=" + std::to_string(::getuid()));
}

TEST_CASE("a relative unix socket path is relative to the working folder", "[net][socket]") {
    TempDir dir;
    const fs::path relative = fs::relative(dir.path / "r.sock");
    REQUIRE(relative.is_relative());
    if (relative.string().size() > max_unix_path) {
        WARN("the temporary folder is too far from here for a relative socket path; skipped");
        return;
    }
    const Endpoint where = *parse_endpoint("unix:" + relative.string());
    auto l = Listener::open(where);
    INFO(l.why());
    REQUIRE(l);
    CHECK(fs::exists(dir.path / "r.sock"));
    connect_and_accept(*l, where);
}

TEST_CASE("the listener removes its socket file when it closes", "[net][socket]") {
    TempDir dir;
    const fs::path sock = dir.path / "s.sock";
    {
        auto opened = Listener::open(unix_at(sock));
        REQUIRE(opened);
        std::optional<Listener> l = std::move(opened).take();
        auto moved = std::move(l);  // moving hands the file on: it stays while the new owner lives
        l.reset();
        CHECK(fs::exists(fs::symlink_status(sock)));
    }
    CHECK_FALSE(fs::exists(fs::symlink_status(sock)));
}

TEST_CASE("a dead server's socket is replaced; a live one, a file or a folder is refused and kept",
          "[net][socket]") {
    TempDir dir;
    const fs::path sock = dir.path / "lobby.sock";

    SECTION("a socket nobody listens on (a server killed with -9) is replaced") {
        {
            // Leave a bound socket file behind without listening, as a killed server does.
            Fd fd(::socket(AF_UNIX, SOCK_STREAM, 0));
            sockaddr_un sa{};
            sa.sun_family = AF_UNIX;
            std::strcpy(sa.sun_path, sock.c_str());
            REQUIRE(::bind(fd.get(), reinterpret_cast<sockaddr*>(&sa), sizeof sa) == 0);
        }
        REQUIRE(fs::is_socket(sock));
        auto l = Listener::open(unix_at(sock));
        INFO(l.why());
        REQUIRE(l);
        connect_and_accept(*l, unix_at(sock));
    }
    SECTION("a live server's socket is refused, and that server keeps it") {
        auto first = Listener::open(unix_at(sock));
        REQUIRE(first);
        const auto second = Listener::open(unix_at(sock));
        CHECK_FALSE(second);
        CHECK(second.why() ==
              "cannot listen on unix:" + sock.string() + ": a server is already listening there");
        // The live server sees the probe as a connection that closes without a word.
        pollfd p{first->fds()[0].get(), POLLIN, 0};
        REQUIRE(::poll(&p, 1, 5000) == 1);
        LineConn probe(first->accept(first->fds()[0].get()));
        REQUIRE(probe.open());
        pollfd q{probe.fd(), POLLIN, 0};
        REQUIRE(::poll(&q, 1, 5000) == 1);
        CHECK(probe.read() == LineConn::Read::Closed);
        connect_and_accept(*first, unix_at(sock));
    }
    SECTION("a regular file is never replaced") {
        std::ofstream(sock) << "my notes\n";
        const auto l = Listener::open(unix_at(sock));
        CHECK_FALSE(l);
        CHECK(l.why() ==
              "cannot listen on unix:" + sock.string() +
                  ": the path holds a regular file, not a socket: remove it or choose another path");
        CHECK(test::read_text(sock) == "my notes\n");
    }
    SECTION("nor a folder") {
        fs::create_directory(sock);
        const auto l = Listener::open(unix_at(sock));
        CHECK_FALSE(l);
        CHECK(l.why().ends_with("the path holds a folder, not a socket: remove it or choose another path"));
        CHECK(fs::is_directory(sock));
    }
    SECTION("a missing folder is said plainly") {
        const auto l = Listener::open(unix_at(dir.path / "no" / "such.sock"));
        CHECK_FALSE(l);
        CHECK(l.why().ends_with(": No such file or directory"));
    }
}

TEST_CASE("a replaced socket file is not removed by the listener it replaced", "[net][socket]") {
    TempDir dir;
    const fs::path sock = dir.path / "lobby.sock";
    auto opened = Listener::open(unix_at(sock));
    REQUIRE(opened);
    std::optional<Listener> old = std::move(opened).take();
    // Someone removes the file and another server listens at the same path.
    fs::remove(sock);
    auto fresh = Listener::open(unix_at(sock));
    REQUIRE(fresh);
    old.reset();
    CHECK(fs::is_socket(sock));
    connect_and_accept(*fresh, unix_at(sock));
}

TEST_CASE("connecting to a unix socket nobody listens on fails at once with the reason", "[net][socket]") {
    TempDir dir;
    Connector c;
    CHECK(c.start(unix_at(dir.path / "none.sock"), 0) == Connector::Status::Failed);
    CHECK(c.error() ==
          "cannot connect to unix:" + (dir.path / "none.sock").string() + ": No such file or directory");
    CHECK(c.until_next(0) == -1);
}

TEST_CASE("a connection gives back a burst's room once it is written and read", "[net][socket]") {
    // An idle server connection must cost bytes, not the biggest burst it ever had (a login's snapshot
    // of 2,000 players is 70 KiB): docs/server.md, "Memory per idle connection".
    int sv[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv) == 0);
    LineConn a{Fd{sv[0]}}, b{Fd{sv[1]}};
    const std::string line = "player ~L1234 guest idle - - - -\n";
    std::size_t sent = 0;
    while (sent < (64u << 10)) {
        REQUIRE(a.queue(line));
        sent += line.size();
    }
    CHECK(a.room() >= (64u << 10));
    // Written as the reader takes it; every line arrives.
    std::size_t lines = 0;
    std::string got;
    while (a.has_output() || lines * line.size() < sent) {
        REQUIRE(a.flush());
        pollfd q{b.fd(), POLLIN, 0};
        if (::poll(&q, 1, 1000) == 1) REQUIRE(b.read() == LineConn::Read::Ok);
        while (b.input().next(got) == LineReader::Status::Line) ++lines;
    }
    CHECK(lines * line.size() == sent);
    CHECK(got == "player ~L1234 guest idle - - - -");
    // The next small line after the burst: both buffers are back to what a line needs.
    REQUIRE(a.send("ping 1\n"));
    pollfd q{b.fd(), POLLIN, 0};
    REQUIRE(::poll(&q, 1, 1000) == 1);
    REQUIRE(b.read() == LineConn::Read::Ok);
    REQUIRE(b.input().next(got) == LineReader::Status::Line);
    CHECK(got == "ping 1");
    CHECK(a.room() < 4096);
    CHECK(b.room() < 4096 + 4096);  // (the reader keeps up to a recv's 4 KiB; a's input never grew)
}
