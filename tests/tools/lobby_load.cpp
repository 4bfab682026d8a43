// build/lobby-load: a load generator for the server (docs/server.md, "Measurements"): one process with many
// connections, the real clients (net::lobby::Client, net::Session), steady pacing, and latency percentiles.
//
//   build/lobby-load ADDRESS idle N [--pid PID] [--hold SECONDS] [--in-flight K]
//       logs N guests into the lobby (at most K logging in at once, 8 by default: one address may have 64
//       waiting),
//       holds them (keep-alives answered), and reports the server's memory before and after (--pid: the
//       server's process, read from /proc/PID/status).
//   build/lobby-load ADDRESS matches N [--pid PID] [--rate MOVES-PER-SECOND] [--seconds S]
//       logs 2N guests in, pairs them in N casual matches without a clock (first to 9: a match outlasts
//       a short run), joins the game connections, and plays random legal moves at a steady overall rate. For
//       each move: the time from the mover's Session::move to the opponent's session receiving the
//       server's fact (what a player's move takes to reach the other screen, less drawing). Reports the
//       moves relayed per second, p50, p99, p99.9 and the worst, and the memory per match.
//
// ADDRESS is HOST:PORT or unix:PATH. Exit status 0, or 1 with the reason.
#include <poll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "net/lobby_client.h"
#include "net/session.h"

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

long rss_kib(int pid) {
    if (pid <= 0) return -1;
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string key;
    long value = -1;
    while (in >> key) {
        if (key == "VmRSS:") {
            in >> value;
            return value;
        }
        in.ignore(1 << 12, '\n');
    }
    return -1;
}

// The process's CPU time so far (user and system), in seconds; -1 when unknown.
double cpu_seconds(int pid) {
    if (pid <= 0) return -1;
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    std::getline(in, text);
    const auto close = text.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream fields(text.substr(close + 2));
    std::string f;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {
        if (i == 14) utime = std::stol(f);
        if (i == 15) stime = std::stol(f);
    }
    return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

struct Client {
    std::string name;
    std::unique_ptr<lobby::Client> lobby;
    std::unique_ptr<net::Session> game;
    Match match;
    std::optional<lobby::MatchStart> start;
    bool started = false;  // the game connection reached play
};

struct Load {
    net::Endpoint where;
    std::vector<std::unique_ptr<Client>> players;
    std::mt19937_64 random{12345};
    // Per move in flight: who waits for it and since when.
    struct InFlight {
        Client* waiting = nullptr;
        std::size_t moves_before = 0;
        std::int64_t since = 0;
        std::size_t round = 0;
    };
    std::vector<InFlight> flights;  // one per match
    std::vector<std::int64_t> latencies;

    void step(int wait) {
        std::vector<pollfd> fds;
        for (auto& p : players) {
            p->lobby->pollfds(fds);
            if (p->game) p->game->pollfds(fds);
        }
        ::poll(fds.data(), fds.size(), wait);
        const Millis now = now_ms();
        for (auto& p : players) {
            p->lobby->on_poll(fds, now);
            while (auto e = p->lobby->next_event()) {
                if (e->kind == lobby::Event::Kind::Closed) {
                    std::cerr << "lobby-load: " << p->name << ": " << e->text << "\n";
                    std::exit(1);
                }
                if (e->message)
                    if (const auto* m = std::get_if<lobby::MatchStart>(&*e->message)) p->start = *m;
            }
            if (!p->game) continue;
            p->game->on_poll(fds, p->match, now);
            while (auto e = p->game->next_event()) {
                net::apply(p->match, *e, now);
                if (e->kind == net::Event::Kind::Started) p->started = true;
                if (e->kind == net::Event::Kind::Error || e->kind == net::Event::Kind::Gone) {
                    std::cerr << "lobby-load: " << p->name << "'s game: " << e->text << "\n";
                    std::exit(1);
                }
            }
        }
    }
    bool until(const std::function<bool()>& done, Millis limit_ms) {
        const Millis end = now_ms() + limit_ms;
        while (now_ms() < end) {
            if (done()) return true;
            step(5);
        }
        return done();
    }

    // Logs in `n` guests, at most `in_flight` at a time.
    int in_flight = 8;
    void log_in(int n) {
        for (int i = 0; i < n; ++i) {
            auto p = std::make_unique<Client>();
            p->name = "L" + std::to_string(players.size());
            lobby::Config c;
            c.server = where;
            c.name = p->name;
            c.guest = true;
            std::string why;
            p->lobby = lobby::Client::start(c, now_ms(), &why);
            if (!p->lobby) {
                std::cerr << "lobby-load: " << why << "\n";
                std::exit(1);
            }
            players.push_back(std::move(p));
            const auto waiting = [&] {
                int w = 0;
                for (auto& q : players) w += !q->lobby->in_lobby();
                return w;
            };
            if (!until([&] { return waiting() < in_flight; }, 30'000)) {
                std::cerr << "lobby-load: logins stalled at " << players.size() << "\n";
                std::exit(1);
            }
        }
        if (!until(
                [&] {
                    for (auto& q : players)
                        if (!q->lobby->in_lobby() || !q->lobby->tables().whole(lobby::List::Tournaments))
                            return false;
                    return true;
                },
                60'000)) {
            std::cerr << "lobby-load: not everyone got in\n";
            std::exit(1);
        }
    }

    // A random legal move for the side to move, in the protocol's canonical form.
    std::optional<MoveSpec> random_move(const Match& m) {
        MoveList list;
        generate_moves(m.game().position(), list);
        if (list.size() == 0) return std::nullopt;
        const Move mv = list[int(random() % std::uint64_t(list.size()))];
        return MoveSpec::of(mv, m.game().side_to_move());
    }
};

int usage() {
    std::cerr << "usage: lobby-load ADDRESS idle N [--pid PID] [--hold S] [--in-flight K]\n"
                 "       lobby-load ADDRESS matches N [--pid PID] [--rate MOVES-PER-SECOND] [--seconds S]\n";
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
    std::string why;
    const auto where = net::parse_endpoint(argv[1], &why);
    if (!where) {
        std::cerr << "lobby-load: " << why << "\n";
        return 1;
    }
    const std::string mode = argv[2];
    const int n = std::atoi(argv[3]);
    int pid = 0;
    double hold = 0, rate = 200, seconds = 10;
    int in_flight = 8;
    for (int i = 4; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--pid")
            pid = std::atoi(argv[i + 1]);
        else if (flag == "--hold")
            hold = std::atof(argv[i + 1]);
        else if (flag == "--rate")
            rate = std::atof(argv[i + 1]);
        else if (flag == "--seconds")
            seconds = std::atof(argv[i + 1]);
        else if (flag == "--in-flight")
            in_flight = std::max(1, std::atoi(argv[i + 1]));
        else
            return usage();
    }
    if (n < 1) return usage();
    Load load;
    load.where = *where;
    load.in_flight = in_flight;
    const long rss0 = rss_kib(pid);
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
            auto st = c.start(load.where, now_ms());
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
        // quiet for 6 s (it gives back its heap's free room after 5).
        for (Raw& r : raws) r.conn.send("ping 1\n");
        for (std::int64_t last = now_us(); now_us() - last < 1'000'000;)
            if (pump(50)) last = now_us();
        for (const std::int64_t quiet = now_us() + 6'000'000; now_us() < quiet;) pump(100);
        const long rss1 = rss_kib(pid);
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
    load.log_in(2 * n);
    const long rss_lobby = rss_kib(pid);
    // Pairs: player i seeks, player i + n accepts it.
    const auto terms = *lobby::parse_terms("official 4 none first-to 9 casual");
    for (int i = 0; i < n; ++i)
        if (std::string refused = load.players[std::size_t(i)]->lobby->post(terms, now_ms());
            !refused.empty())
            return std::cerr << "lobby-load: " << refused << "\n", 1;
    for (int i = 0; i < n; ++i) {
        Client& taker = *load.players[std::size_t(i + n)];
        const std::string seeker = load.players[std::size_t(i)]->name;
        if (!load.until(
                [&] {
                    for (const auto& [id, s] : taker.lobby->tables().seeks())
                        if (s.from == "~" + seeker) return true;
                    return false;
                },
                30'000))
            return std::cerr << "lobby-load: the seek of " << seeker << " never came\n", 1;
        for (const auto& [id, s] : taker.lobby->tables().seeks())
            if (s.from == "~" + seeker) taker.lobby->accept(id, now_ms());
    }
    if (!load.until(
            [&] {
                for (auto& p : load.players)
                    if (!p->start) return false;
                return true;
            },
            60'000))
        return std::cerr << "lobby-load: not every match started\n", 1;
    for (auto& p : load.players) {
        net::JoinConfig j;
        j.host = load.where;
        j.code = p->start->code;
        j.name = p->lobby->name();
        j.hosted = true;
        p->game = net::Session::join(j, now_ms(), &why);
        if (!p->game) return std::cerr << "lobby-load: " << why << "\n", 1;
        // At most 32 joining at once: one address may have 64 connections waiting.
        load.until(
            [&] {
                int joining = 0;
                for (auto& q : load.players) joining += q->game && !q->started;
                return joining < 32;
            },
            30'000);
    }
    if (!load.until(
            [&] {
                for (auto& p : load.players)
                    if (!p->started || p->game->absence()) return false;
                return true;
            },
            60'000))
        return std::cerr << "lobby-load: not every game connection reached play\n", 1;
    const long rss_matches = rss_kib(pid);

    // Steady pacing: match k moves at t0 + k * interval / n + j * interval.
    std::vector<Client*> seekers, takers;
    for (int i = 0; i < n; ++i) {
        seekers.push_back(load.players[std::size_t(i)].get());
        takers.push_back(load.players[std::size_t(i + n)].get());
    }
    load.flights.assign(std::size_t(n), {});
    const double interval_us = double(n) * 1e6 / rate;  // each match's time between moves
    const double cpu0 = cpu_seconds(pid);
    const std::int64_t start = now_us(), end = start + std::int64_t(seconds * 1e6);
    std::vector<std::int64_t> due(static_cast<std::size_t>(n), 0);
    for (int k = 0; k < n; ++k) due[std::size_t(k)] = start + std::int64_t(interval_us * k / n);
    std::int64_t relayed = 0, skipped = 0;
    while (now_us() < end) {
        std::int64_t next = end;
        for (int k = 0; k < n; ++k) {
            auto& f = load.flights[std::size_t(k)];
            Client* a = seekers[std::size_t(k)];
            Client* b = takers[std::size_t(k)];
            if (f.waiting) {
                // Arrived when the waiting side's board shows the move.
                const Match& m = f.waiting->match;
                if (m.rounds().size() != f.round || m.game().moves().size() > f.moves_before) {
                    load.latencies.push_back(now_us() - f.since);
                    ++relayed;
                    f.waiting = nullptr;
                }
                continue;
            }
            if (now_us() < due[std::size_t(k)]) {
                next = std::min(next, due[std::size_t(k)]);
                continue;
            }
            due[std::size_t(k)] += std::int64_t(interval_us);
            // Whoever is to move (or chooses the next round's starter) acts.
            for (Client* p : {a, b}) {
                const Match& m = p->match;
                const int me = p->game->local_player();
                if (m.phase() == MatchPhase::ChoosingStarter && m.chooser() == me) {
                    p->game->choose_starter(m, me, now_ms());
                    break;
                }
                if (m.game().over() || m.player_of(m.game().side_to_move()) != me) continue;
                const auto spec = load.random_move(m);
                if (!spec) break;
                Client* other = p == a ? b : a;
                f.waiting = other;
                f.moves_before = other->match.game().moves().size();
                f.round = other->match.rounds().size();
                f.since = now_us();
                if (!p->game->move(m, *spec, false, now_ms()).empty()) {
                    f.waiting = nullptr;
                    ++skipped;
                }
                break;
            }
        }
        const std::int64_t wait_us = std::max<std::int64_t>(0, next - now_us());
        load.step(int(std::min<std::int64_t>(wait_us / 1000, 5)));
    }
    const double took = double(now_us() - start) / 1e6;
    const double cpu = cpu_seconds(pid) - cpu0;
    auto& l = load.latencies;
    std::sort(l.begin(), l.end());
    const auto pct = [&](double q) {
        return l.empty() ? 0.0 : double(l[std::size_t(q * double(l.size() - 1))]) / 1000;
    };
    std::printf(
        "matches: %d matches, %d connections; %lld moves relayed in %.1f s: %.0f moves/s (asked %.0f); "
        "latency ms p50 %.3f p99 %.3f p99.9 %.3f worst %.3f",
        n, 4 * n, static_cast<long long>(relayed), took, double(relayed) / took, rate, pct(0.5), pct(0.99),
        pct(0.999), l.empty() ? 0.0 : double(l.back()) / 1000);
    if (skipped) std::printf("; %lld moves not sent", static_cast<long long>(skipped));
    if (cpu0 >= 0 && cpu > 0)
        std::printf("; the server used %.2f s of CPU: %.0f moves relayed per CPU second", cpu,
                    double(relayed) / cpu);
    if (rss0 > 0 && rss_lobby > 0 && rss_matches > 0)
        std::printf(
            "; server RSS %ld KiB, %ld with %d in the lobby, %ld with the matches: %.1f KiB per match "
            "(its two game connections and the game)",
            rss0, rss_lobby, 2 * n, rss_matches, double(rss_matches - rss_lobby) / n);
    std::printf("\n");
    return 0;
}
