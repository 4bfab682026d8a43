// The tables the tests of the table drive (tests/test_table.cpp, tests/test_premove.cpp): one table on a
// fake clock, its records in a folder of its own (At), and a network game between a hosting table and a
// joining one over loopback, in one loop on one fake clock (Pair). What each says is recorded
// (table_support.h's Recorder).
#pragma once

#include <poll.h>

#include <chrono>
#include <functional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "support.h"
#include "table_support.h"
#include "ui/table.h"

namespace gobblet::test {

using ui::EventLoop;
using ui::Table;

// A table with a fake clock, its records in a folder of its own.
struct At {
    TempDir dir;
    EnvVar state, data;
    EventLoop loop;
    Millis t = 0;
    Recorder report;
    Table table;

    explicit At(std::array<SeatSpec, 2> seats, MatchSettings settings = {},
                PlayerSettings player = PlayerSettings{Level::Medium, 0.2, 1})
        : state("XDG_STATE_HOME", (dir / "state").c_str()),
          data("XDG_DATA_HOME", (dir / "data").c_str()),
          table(
              Table::Config{"./main", player}, loop, [this] { return t; }, report) {
        table.set_match(Match(settings));
        table.install_seats(seats);
        table.start_clock();
    }

    // A human here plays each move of `moves`.
    void play(const std::string& moves) {
        for (const WrittenMove& m : written_moves(moves)) {
            INFO(spec_name(m.spec) << ": " << report.last());
            REQUIRE(table.play_human(m.spec) == Table::MoveResult::Played);
        }
    }
    // Turns of the loop, as the game screen runs them, until `done` (a computer's answer arrives on its
    // worker thread and wakes the loop).
    // (The wait is bounded generously in real time, only so that a computer that never answers fails
    // the test rather than hanging it; the loop's wait returns at once when stdin is not a terminal.)
    bool turn_until(const std::function<bool()>& done) {
        std::vector<pollfd> none;
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (std::chrono::steady_clock::now() < give_up) {
            table.take_answers(t);
            if (done()) return true;
            table.ask_seats(t, false);
            loop.wait(none, 20);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return done();
    }
    std::string moves() const { return line_of(table.match().game()); }
};

inline constexpr SeatSpec human{SeatKind::Human, "", std::nullopt};
inline constexpr SeatSpec computer{SeatKind::Computer, "", std::nullopt};
inline SeatSpec named(const char* name) { return SeatSpec{SeatKind::Human, name, std::nullopt}; }

// White makes four in row A; Black's three pieces in row D make no line.
inline const char* white_wins_row_a = "W1A1 K1D1 W2A2 K2D2 W3A3 K3D3 W1A4";

// Two tables in one loop (one fake clock for both, real sockets).
struct Pair {
    TempDir dir;
    EnvVar state, data;
    EventLoop loop;
    Millis t = 1'000'000;
    Recorder host_report, join_report;
    Table host, joiner;

    explicit Pair(MatchSettings settings = {}, bool allow_help = false)
        : state("XDG_STATE_HOME", (dir / "state").c_str()),
          data("XDG_DATA_HOME", (dir / "data").c_str()),
          host(
              Table::Config{"./main", {}}, loop, [this] { return t; }, host_report),
          joiner(
              Table::Config{"./main", {}}, loop, [this] { return t; }, join_report) {
        host.set_match(Match(settings));
        host.install_seats({named("Liam"), SeatSpec{SeatKind::Remote, "", std::nullopt}});
        net::HostConfig hc;
        hc.listen = *net::parse_endpoint("127.0.0.1:0");
        hc.code = "ABCD-EFGH";
        hc.remote_player = 1;
        hc.allow_help = allow_help;
        const Expected<void> hosting = host.host(hc);
        INFO(hosting.why());
        REQUIRE(hosting);
        CHECK(host_report.last().find("Waiting for the other player: they join with --join 127.0.0.1:") == 0);
    }
    Expected<void> join(const std::string& code) {
        net::JoinConfig jc;
        jc.host = net::Endpoint{"127.0.0.1", host.session()->port()};
        jc.code = code;
        jc.name = "Eamon";
        return joiner.join(jc, named("Eamon"));
    }
    // One turn of the loop for both tables.
    void step() {
        std::vector<pollfd> fds;
        host.pollfds(fds);
        const std::size_t mine = fds.size();
        joiner.pollfds(fds);
        ::poll(fds.data(), fds.size(), 20);
        host.on_poll(std::span<const pollfd>(fds).first(mine), t);
        joiner.on_poll(std::span<const pollfd>(fds).subspan(mine), t);
    }
    bool until(const std::function<bool()>& done) {
        for (int i = 0; i < 250; ++i) {
            if (done()) return true;
            step();
        }
        return done();
    }
};

}  // namespace gobblet::test
