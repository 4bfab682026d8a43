// Computer players (net/bot.h) beside a server's world (tests/server_support.h), stepped with it: each bot
// on a machine of its own (127.0.2.N), thinking on the clock the search reads.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <sstream>

#include "net/bot.h"
#include "server_support.h"

namespace gobblet::test {

// The bots of a test, and what they log.
struct Bots {
    World& w;
    std::vector<std::unique_ptr<net::Bot>> bots;
    std::ostringstream log;

    net::Bot& add(const std::string& name, Level level, std::optional<std::string> seek = std::nullopt,
                  double think = 1.0) {
        net::BotConfig c;
        c.server = w.serving.endpoint();
        c.name = name;
        c.secret = hex_secret();
        c.from = "127.0.2." + std::to_string(bots.size() + 1);  // each bot on a machine of its own
        c.player.level = level;
        c.player.think_seconds = think;
        c.player.time = &gobblet::test::ticking_clock();  // think time passes as the search reads it
        c.player.seed = bots.size() + 1;
        c.player.table_bits = 14;
        if (seek) {
            const auto st = lobby::parse_seek_terms(*seek);
            REQUIRE(st);
            c.seek = st->terms;
            c.audience = st->audience;
        }
        auto started = net::Bot::start(c, log, w.now);
        INFO(started.why());
        REQUIRE(started);
        bots.push_back(std::move(started).take());
        REQUIRE(bots.back());
        return *bots.back();
    }
    // One pass of the loop: the world (server and clients), then the bots.
    void step() {
        w.step(2);
        std::vector<pollfd> fds;
        for (auto& b : bots) b->pollfds(fds);
        int timeout = 5;
        for (auto& b : bots)
            if (b->until_next(w.now) == 0) timeout = 0;
        ::poll(fds.data(), fds.size(), timeout);
        for (auto& b : bots) b->on_poll(fds, w.now);
    }
    bool until(const std::function<bool()>& done, int steps = 2000) {
        for (int i = 0; i < steps; ++i) {
            if (done()) return true;
            step();
        }
        return done();
    }
    // Lets fake time pass a second at a time while waiting for `done`.
    bool until_passing(const std::function<bool()>& done, int seconds) {
        for (int i = 0; i < seconds; ++i) {
            if (until(done, 50)) return true;
            w.now += s;
        }
        return done();
    }
};

}  // namespace gobblet::test
