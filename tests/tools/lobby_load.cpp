// build/lobby-load: a load generator for the server (docs/server.md, "Measurements"): one process with many
// connections, the real clients (net::lobby::Client, net::Session), steady pacing, and latency percentiles.
//
//   build/lobby-load ADDRESS idle N [--pid PID] [--hold SECONDS] [--in-flight K] [--settle S]
//       logs N guests into the lobby (at most K logging in at once, 8 by default: one address may have 64
//       waiting),
//       holds them (keep-alives answered), and reports the server's memory before and after (--pid: the
//       server's process, read from /proc/PID/status; after --settle seconds, 6, of quiet).
//   build/lobby-load ADDRESS matches N [--pid PID] [--interval SECONDS] [--seconds S] [--settle S]
//                    [--lobbies keep|close|auto]
//       N concurrent casual matches without a clock (first to 9: a match outlasts a run) between guests,
//       each with a spectator, every connection on one epoll (tests/tools/load_matches.cpp). Each match
//       moves every --interval seconds (3: people thinking), staggered; for each move the time from the
//       mover's send to the opponent's and the spectator's receipt. Reports the percentiles, the
//       server's and its own CPU, the server's memory per match (read after --settle seconds, 6, of
//       letting it return a burst's room), and checks at the end that every match's
//       moves reached its three connections in order. The last line is make bench-server's summary.
//       SIGUSR1 ends the paced part before --seconds (tests/bench/screen.sh, once its own measure is done).
//       --lobbies: whether the players keep their lobby connections while they play (`keep`, as the
//       lobby screen and the bots do: 5 descriptors a match), close them once their match has started
//       (`close`: 3 a match, as a client that only plays may), or keep them when the descriptor limit
//       allows (`auto`, the default: it says which).
//
// ADDRESS is HOST:PORT or unix:PATH. Exit status 0, or 1 with the reason.
#include <poll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "net/lobby.h"
#include "net/socket.h"
#include "tests/tools/load_matches.h"
#include "tests/tools/proc_figures.h"

using namespace gobblet;

namespace lobby = net::lobby;

namespace {

Millis now_ms() {
    return Millis(std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}
std::int64_t now_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

int usage() {
    std::cerr << "usage: lobby-load ADDRESS idle N [--pid PID] [--hold S] [--in-flight K] [--settle S]\n"
                 "       lobby-load ADDRESS matches N [--pid PID] [--interval SECONDS] [--seconds S] "
                 "[--settle S] [--lobbies keep|close|auto] [--per-address M] [--first-to N] "
                 "[--rematch yes|no]\n";
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) return usage();
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0) {
        files.rlim_cur = files.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &files);
    }
    const auto where = net::parse_endpoint(argv[1]);
    if (!where) {
        std::cerr << "lobby-load: " << where.why() << "\n";
        return 1;
    }
    const std::string mode = argv[2];
    const int n = std::atoi(argv[3]);
    int pid = 0;
    double hold = 0, interval = 3, seconds = 10, settle = 6;
    int in_flight = 8, per_address = 4, first_to = 9;
    bool rematch = false;
    std::string lobbies = "auto";
    for (int i = 4; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--pid")
            pid = std::atoi(argv[i + 1]);
        else if (flag == "--hold")
            hold = std::atof(argv[i + 1]);
        else if (flag == "--settle")
            settle = std::atof(argv[i + 1]);
        else if (flag == "--interval")
            interval = std::atof(argv[i + 1]);
        else if (flag == "--seconds")
            seconds = std::atof(argv[i + 1]);
        else if (flag == "--lobbies")
            lobbies = argv[i + 1];
        else if (flag == "--per-address")
            per_address = std::atoi(argv[i + 1]);
        else if (flag == "--first-to")
            first_to = std::atoi(argv[i + 1]);
        else if (flag == "--rematch")
            rematch = std::string(argv[i + 1]) == "yes";
        else if (flag == "--in-flight")
            in_flight = std::max(1, std::atoi(argv[i + 1]));
        else
            return usage();
    }
    if (n < 1 || interval <= 0 || seconds <= 0) return usage();
    if (lobbies != "keep" && lobbies != "close" && lobbies != "auto") return usage();
    if (per_address < 1 || first_to < 1 || first_to > 9 || (rematch && lobbies == "close")) return usage();
    const long rss0 = proc::rss_kib(pid);
    if (mode == "idle") {
        // Light clients: a bare connection each that logs in as a guest, reads and drops what it is told,
        // and answers pings. (A full client keeps every table, and a thousand of them in one process read
        // too slowly: the server would queue their output, and its memory would measure that.)
        struct Raw {
            net::LineConn conn;
            bool in = false;
        };
        std::vector<Raw> raws;
        raws.reserve(std::size_t(n));
        // One round: returns whether anything was read.
        const auto pump = [&](int wait) {
            bool got = false;
            std::vector<pollfd> fds;
            for (const Raw& r : raws) fds.push_back({r.conn.fd(), r.conn.events(), 0});
            ::poll(fds.data(), fds.size(), wait);
            for (std::size_t i = 0; i < raws.size(); ++i) {
                Raw& r = raws[i];
                if (fds[i].revents & POLLOUT) r.conn.flush();
                if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
                if (r.conn.read() != net::LineConn::Read::Ok) {
                    std::cerr << "lobby-load: connection " << i << " closed\n";
                    std::exit(1);
                }
                std::string line;
                while (r.conn.input().next(line) == net::LineReader::Status::Line) {
                    got = true;
                    if (line.starts_with("welcome ")) r.in = true;
                    if (line.starts_with("ping ")) r.conn.send("pong " + line.substr(5) + "\n");
                }
            }
            return got;
        };
        const std::int64_t t0 = now_us();
        for (int i = 0; i < n; ++i) {
            net::Connector c;
            auto st = c.start(*where, now_ms());
            while (st == net::Connector::Status::Pending) {
                pollfd p{c.fd(), POLLOUT, 0};
                ::poll(&p, 1, 50);
                st = c.on_poll(p.revents, now_ms());
            }
            if (st != net::Connector::Status::Connected)
                return std::cerr << "lobby-load: " << c.error() << "\n", 1;
            raws.push_back(Raw{net::LineConn(c.take()), false});
            raws.back().conn.send("lobby gobblet 1\nlogin L" + std::to_string(i) + " human guest\n");
            // At most `in_flight` logging in at once.
            for (;;) {
                int waiting = 0;
                for (const Raw& r : raws) waiting += !r.in;
                if (waiting < in_flight) break;
                pump(5);
            }
        }
        for (;;) {
            int waiting = 0;
            for (const Raw& r : raws) waiting += !r.in;
            if (waiting == 0) break;
            pump(5);
        }
        const double took = double(now_us() - t0) / 1e6;
        // Settle: read until the server has said everything (a second without a byte), then let it be
        // quiet for --settle seconds (6: it gives back its heap's free room after 5).
        for (Raw& r : raws) r.conn.send("ping 1\n");
        for (std::int64_t last = now_us(); now_us() - last < 1'000'000;)
            if (pump(50)) last = now_us();
        for (const std::int64_t quiet = now_us() + std::int64_t(settle * 1e6); now_us() < quiet;) pump(100);
        const long rss1 = proc::rss_kib(pid);
        std::printf("idle: %d connections logged in in %.2f s", n, took);
        if (rss0 > 0 && rss1 > 0)
            std::printf("; server RSS %ld KiB -> %ld KiB: %.1f KiB per idle connection", rss0, rss1,
                        double(rss1 - rss0) / n);
        std::printf("\n");
        // Holding them: each pings the server now and then, as a client does (a side that has sent
        // nothing for 10 s pings).
        const std::int64_t until = now_us() + std::int64_t(hold * 1e6);
        std::int64_t next_ping = now_us();
        while (now_us() < until) {
            if (now_us() >= next_ping) {
                for (Raw& r : raws) r.conn.send("ping " + std::to_string(now_ms()) + "\n");
                next_ping = now_us() + 5'000'000;
            }
            pump(100);
        }
        return 0;
    }
    if (mode != "matches") return usage();
    load::MatchesOptions o;
    o.matches = n;
    o.interval_us = std::int64_t(interval * 1e6);
    o.seconds = seconds;
    o.pid = pid;
    o.settle = settle;
    o.lobbies = lobbies == "keep"    ? load::Lobbies::Keep
                : lobbies == "close" ? load::Lobbies::Close
                                     : load::Lobbies::Auto;
    o.per_address = per_address;
    o.first_to = first_to;
    o.rematch = rematch;
    return load::run_matches(*where, o);
}
