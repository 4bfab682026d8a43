// The server's fuzz target (tests/fuzz/server.cpp): arbitrary bytes as three clients would send them to the
// server without sockets (server/hub.h), each input with a fresh database in memory (one Store::in_memory
// for the process, cleared before each input: no file, no fsync, no migration, so that it runs thousands
// of inputs a second). The input is split at '\n'; a line
// "@2 ..." goes to client 2 ("@1", "@3" likewise; without a prefix to client 1); "@tick N" lets N ms pass;
// "@close N" closes client N. Clients 1 and 2 come by TCP (127.0.0.1 and .2); client 3 is sshd's trusted
// account (unix:uid=1001, an --ssh-user), whose `ssh` lines are believed. Everything the clients send goes
// through the line reader a connection has (512 bytes at most a line), then to the hub: first lines, logins
// (passwords hashed on the loop, Workers(0): no thread to start and wait for), seeks, matches, game
// connections, tournaments, chat, queries.
// What must hold whatever the input:
//  - no crash, no hang, no unbounded memory;
//  - every line the server sends ends in '\n', fits 512 bytes, is UTF-8 without control characters, and
//    reads back as a message of the lobby protocol (a lobby connection's) or of the game protocol (a game
//    connection's), one a server may send.
// What an input costs (perf on the seeds; issue 34 found 1,250 inputs a second): the lines' own work
// (parsing, the lobby's handlers, the checks here), and SQLite's. Two fixed costs had been most of it:
// Store::clear turned the foreign keys off and on, which expires every prepared statement, so that each
// input prepared again every statement it used (a third of its time); and a password started a worker
// thread and waited for it (a millisecond of wall time). clear() now empties the tables in the order
// of their foreign keys, and passwords are hashed on the loop (Workers(0)): on a loaded 2-core machine,
// 512 inputs a second where the old target ran 286 side by side; the seeds cost 0.1-1 ms each at -O2.
// Also replayed over the seed corpus by the unit tests ("[fuzz]").
#pragma once

#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

#include "net/lobby.h"
#include "net/wire.h"
#include "server/hub.h"
#include "tests/fuzz/wire_target.h"

namespace gobblet::fuzz {

// What the hub says, checked as it says it.
struct CheckedOutbox : server::Outbox {
    std::map<server::ConnId, int> kind;  // 1 lobby, 2 game (from the client's first line)
    std::map<server::ConnId, bool> closed;
    std::map<server::ConnId, int> version;  // a lobby connection's, when not the current one
    void check(server::ConnId to, std::string_view line) {
        wire_check(!line.empty() && line.back() == '\n' && line.size() <= net::max_line);
        const std::string_view body = line.substr(0, line.size() - 1);
        wire_check_printable(body);
        const int k = kind[to];
        if (k == 2 || body.starts_with("bye ") || body.starts_with("error ")) {
            // A game connection's, or a goodbye both protocols read alike.
            const auto p = net::parse_message(body);
            if (k == 2) wire_check(p.ok());
            return;
        }
        const auto v = version.find(to);
        const auto p =
            net::lobby::parse_message(body, v == version.end() ? net::lobby::protocol_version : v->second);
        wire_check(p.ok());
        wire_check(net::lobby::sender(*p) != net::lobby::Sender::Client);
    }
    void send(server::ConnId to, std::string_view line) override {
        wire_check(!closed[to]);
        check(to, line);
    }
    void close(server::ConnId to, std::string_view last) override {
        if (!last.empty()) check(to, last);
        closed[to] = true;
    }
};

inline int server_target(const std::uint8_t* data, std::size_t size) {
    {
        std::ostringstream log_text;
        server::Log log(log_text);
        CheckedOutbox out;
        static server::Store store = [] {
            // No bulk page cache for each temporary b-tree SQLite opens (87 KB a time, several an input):
            // under AddressSanitizer's quarantine, fresh memory every time (before SQLite starts, so a
            // process that opened a database already keeps its settings).
            (void)sqlite3_config(SQLITE_CONFIG_PAGECACHE, nullptr, 0, 0);
            return server::Store::in_memory();
        }();
        store.clear();
        server::Hub::Settings settings;
        settings.cost = server::PasswordCost::for_tests();
        settings.password_threads = 0;  // hashed on the loop: no thread to start and wait for, each input
        settings.ssh_uids = {1001};     // client 3 is sshd's account: its `ssh` lines are believed
        Millis now = 1'000'000;
        server::Hub hub(settings, store, out, log, 1'800'000'000, now);
        std::array<net::LineReader, 4> readers;
        for (server::ConnId c = 1; c <= 2; ++c)
            hub.open(c,
                     server::Peer{"127.0.0." + std::to_string(c) + ":5000", "127.0.0." + std::to_string(c)},
                     now);
        hub.open(3, server::Peer{"unix:uid=1001", "unix:uid=1001"}, now);
        const std::string_view input(reinterpret_cast<const char*>(data), size);
        std::size_t start = 0;
        while (start < input.size()) {
            std::size_t end = input.find('\n', start);
            if (end == std::string_view::npos) end = input.size();
            std::string_view line = input.substr(start, end - start);
            start = end + 1;
            if (line.starts_with("@tick ")) {
                now +=
                    std::min<Millis>(std::atoll(std::string(line.substr(6)).c_str()) & 0xffffff, 3'600'000);
                hub.tick(now);
                continue;
            }
            server::ConnId to = 1;
            if (line.size() >= 2 && line[0] == '@' && line[1] >= '1' && line[1] <= '3') {
                to = server::ConnId(line[1] - '0');
                line.remove_prefix(line.size() > 2 && line[2] == ' ' ? 3 : 2);
            }
            if (line.starts_with("close")) {
                if (!out.closed[to]) hub.closed(to, "the fuzzer closed it", now);
                out.closed[to] = true;
                continue;
            }
            if (out.closed[to]) continue;
            if (out.kind[to] == 0) {
                out.kind[to] = line.starts_with("lobby ") ? 1 : line.starts_with("hello ") ? 2 : 0;
                // The lobby's version the client asked for: the server answers in its shapes.
                for (int v = net::lobby::oldest_version; v < net::lobby::protocol_version; ++v)
                    if (line == "lobby gobblet " + std::to_string(v)) out.version[to] = v;
            }
            net::LineReader& r = readers[std::size_t(to)];
            r.feed(line);
            r.feed("\n");
            std::string got;
            for (;;) {
                const auto st = r.next(got);
                if (st == net::LineReader::Status::NeedMore) break;
                if (st == net::LineReader::Status::TooLong) {
                    hub.too_long(to, now);
                    out.closed[to] = true;
                    break;
                }
                hub.received(to, got, now);
                if (out.closed[to]) break;
            }
            hub.tick(now);
        }
        // The passwords' continuations (hashed when submitted) land, as a worker's would on its wake-up.
        hub.on_wake(now);
        hub.tick(now + 3'600'000);
        for (char c : log_text.str())
            wire_check(c == '\n' || (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f));
    }
    return 0;
}

}  // namespace gobblet::fuzz
