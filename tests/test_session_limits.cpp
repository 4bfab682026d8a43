// The host's door, per source address (docs/network.md, "Limits"): one address cannot fill the
// waiting room or use up the wrong-code allowance of another. On loopback, 127.0.0.2 plays the
// attacker's machine and 127.0.0.1 the real player's (Linux routes all of 127/8 to lo).
#include "net_support.h"

using namespace gobblet;
using namespace gobblet::net;
using namespace gobblet::test;

namespace {

constexpr const char* attacker = "127.0.0.2";

// A raw connection to the host from `from`, with the loop knowing of it.
RawPeer& open_raw(Net& net, std::vector<std::unique_ptr<RawPeer>>& raws, const Side& host,
                  const std::string& from) {
    raws.push_back(std::make_unique<RawPeer>());
    const auto connected = raws.back()->connect(Endpoint{"127.0.0.1", host.session->port()}, 5000, from);
    INFO(connected.why());
    REQUIRE(connected.ok());
    net.raws.push_back(raws.back().get());
    return *raws.back();
}

}  // namespace

TEST_CASE("source keys: IPv4 as it is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64", "[net][socket]") {
    CHECK(source_key("127.0.0.2") == "127.0.0.2");
    CHECK(source_key("192.168.1.20") == "192.168.1.20");
    CHECK(source_key("::ffff:127.0.0.2") == "127.0.0.2");
    CHECK(source_key("::ffff:192.168.1.20") == source_key("192.168.1.20"));
    CHECK(source_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64");
    CHECK(source_key("2001:db8:1:2::5") == source_key("2001:db8:1:2:ffff::1"));
    CHECK(source_key("2001:db8:1:3::5") != source_key("2001:db8:1:2::5"));
}

TEST_CASE("silent connections from one address cannot fill the waiting room: each replaces the last",
          "[net][session][limits]") {
    Net net;
    Side host = make_host();
    net.players = {&host};
    std::vector<std::unique_ptr<RawPeer>> silent;
    for (int i = 0; i < 6; ++i) {
        open_raw(net, silent, host, attacker);
        net.idle(3);
    }
    // Each new connection from 127.0.0.2 closed the one before it; the newest waits.
    REQUIRE(net.until([&] {
        for (int i = 0; i < 5; ++i)
            if (!silent[std::size_t(i)]->closed_by_peer()) return false;
        return true;
    }));
    CHECK(silent[0]->heard().back() == "error replaced by a newer connection from the same address");
    CHECK_FALSE(silent[5]->closed_by_peer());
    CHECK(host.last(Event::Kind::Refused).starts_with("a connection from 127.0.0.2:"));
    CHECK(host.last(Event::Kind::Refused).ends_with("was replaced by a newer one from the same address"));

    // The real player, from another address, walks in.
    Side joiner = make_joiner(host, net.now);
    net.players.push_back(&joiner);
    connect(net, host, joiner);
    CHECK(host.match.name(1) == "Eamon");
}

TEST_CASE("the waiting room holds 64 connections in all; the oldest makes way for a new one",
          "[net][session][limits]") {
    Net net;
    Side host = make_host();
    net.players = {&host};
    std::vector<std::unique_ptr<RawPeer>> silent;
    const int many = int(max_pending) + 6;
    for (int i = 0; i < many; ++i) {  // 127.0.0.2, 127.0.0.3, ...: many machines
        open_raw(net, silent, host, "127.0.0." + std::to_string(2 + i));
        net.idle(1);
    }
    REQUIRE(net.until([&] {
        for (int i = 0; i < 6; ++i)
            if (!silent[std::size_t(i)]->closed_by_peer()) return false;
        return true;
    }));
    CHECK(silent[0]->heard().back() == "error busy: too many connections at once; try again shortly");
    net.idle(3);
    for (int i = 6; i < many; ++i) CHECK_FALSE(silent[std::size_t(i)]->closed_by_peer());

    // A new connection still gets a place (the oldest waiting one goes), and says hello in time.
    Side joiner = make_joiner(host, net.now);
    net.players.push_back(&joiner);
    connect(net, host, joiner);
    CHECK(silent[6]->closed_by_peer());
}

TEST_CASE("a flood of wrong codes from one address does not keep another address's right code out",
          "[net][session][limits]") {
    Net net;
    Side host = make_host();
    net.players = {&host};
    std::vector<std::unique_ptr<RawPeer>> guesses;
    for (int i = 0; i < 12; ++i) {
        RawPeer& g = open_raw(net, guesses, host, attacker);
        g.say("hello gobblet 1 WXYZ" + std::to_string(10 + i) + " new Mallory\n");
        REQUIRE(net.until([&] { return g.closed_by_peer(); }));
    }
    CHECK(guesses[0]->heard().back() == "error wrong join code");
    CHECK(guesses[4]->heard().back() == "error wrong join code");
    CHECK(guesses[5]->heard().back() == "error too many wrong codes lately: wait a minute and try again");
    CHECK(guesses[11]->heard().back() == "error too many wrong codes lately: wait a minute and try again");
    CHECK(host.last(Event::Kind::Refused).starts_with("a connection from 127.0.0.2:"));
    CHECK(host.last(Event::Kind::Refused).ends_with("was turned away: too many wrong codes lately"));

    // The attacker's machine is refused even with the right code...
    RawPeer& right_there = open_raw(net, guesses, host, attacker);
    right_there.say("hello gobblet 1 ABCDEFGH new Mallory\n");
    REQUIRE(net.until([&] { return right_there.closed_by_peer(); }));
    CHECK(right_there.heard().back() == "error too many wrong codes lately: wait a minute and try again");

    // ...but the real player, from 127.0.0.1, joins at once.
    Side joiner = make_joiner(host, net.now);
    net.players.push_back(&joiner);
    connect(net, host, joiner);
    CHECK(host.match.name(1) == "Eamon");
}

TEST_CASE("wrong codes are counted per address: one address's guesses leave another's untouched",
          "[net][code]") {
    GuessGuard g;
    const Millis now = 1000;
    for (int i = 0; i < 5; ++i) {
        REQUIRE(g.allow("127.0.0.2", now) == GuessGuard::Verdict::Allowed);
        g.charge("127.0.0.2", now);
    }
    CHECK(g.allow("127.0.0.2", now) == GuessGuard::Verdict::ThisSource);
    CHECK(g.allow("127.0.0.1", now) == GuessGuard::Verdict::Allowed);
    CHECK(g.allow("127.0.0.2", now + 2000) == GuessGuard::Verdict::Allowed);  // one more two seconds later
    CHECK(g.sources() == 1);  // only addresses that gave a wrong code are remembered
}

TEST_CASE("many addresses together are limited too, never holding back an address that guessed nothing",
          "[net][code]") {
    const auto address = [](int i) {
        return "10.0." + std::to_string(i / 256) + "." + std::to_string(i % 256);
    };
    SECTION("all addresses share a larger allowance; past it, those who guessed lately wait") {
        GuessGuard g;
        const Millis now = 1000;
        for (int i = 0; i < GuessGuard::all_burst; ++i) {
            REQUIRE(g.allow(address(i), now) == GuessGuard::Verdict::Allowed);
            g.charge(address(i), now);
        }
        // The shared allowance is spent: an address that guessed waits with the others...
        CHECK(g.allow(address(0), now) == GuessGuard::Verdict::Everyone);
        // ...but one that guessed nothing may still try (its code may be right), once.
        CHECK(g.allow("192.168.1.20", now) == GuessGuard::Verdict::Allowed);
        g.charge("192.168.1.20", now);
        CHECK(g.allow("192.168.1.20", now) == GuessGuard::Verdict::Everyone);
        // The allowance refills; a minute after its last guess an address is no longer held back by others.
        CHECK(g.allow(address(0), now + GuessGuard::all_refill) == GuessGuard::Verdict::Allowed);
        const Millis later = now + GuessGuard::suspect_for;
        for (int i = 0; i < 700; ++i) g.charge(address(100 + i), later);
        CHECK(g.allow(address(0), later) == GuessGuard::Verdict::Allowed);
        CHECK(g.allow(address(100), later) == GuessGuard::Verdict::Everyone);
    }
    SECTION("for password checks, an empty shared allowance holds back everyone") {
        GuessGuard g(GuessGuard::Shared::Everyone);
        const Millis now = 1000;
        int allowed = 0;
        for (int i = 0; i < 200; ++i) {
            if (g.allow(address(i), now) != GuessGuard::Verdict::Allowed) continue;
            ++allowed;
            g.charge(address(i), now);
        }
        CHECK(allowed == GuessGuard::all_burst);
        CHECK(g.allow("192.168.1.20", now) == GuessGuard::Verdict::Everyone);
        CHECK(g.allow("192.168.1.20", now + GuessGuard::all_refill) == GuessGuard::Verdict::Allowed);
    }
    SECTION("a siege from more addresses than are remembered holds back newcomers too") {
        GuessGuard g;
        const Millis now = 1000;
        for (int i = 0; i < int(GuessGuard::max_sources) + 10; ++i) g.charge(address(i), now);
        CHECK(g.sources() == GuessGuard::max_sources);
        CHECK(g.allow("192.168.1.20", now) == GuessGuard::Verdict::Everyone);
        CHECK(g.allow("192.168.1.20", now + GuessGuard::suspect_for) == GuessGuard::Verdict::Allowed);
    }
    SECTION("the table of addresses stays bounded: recovered and long unused addresses are forgotten") {
        GuessGuard g;
        Millis now = 1000;
        const int many = int(GuessGuard::max_sources) + 500;
        for (int i = 0; i < many; ++i) {
            now += 5 * GuessGuard::all_refill;  // slowly enough for the shared allowance
            const std::string source = "10.1." + std::to_string(i / 256) + "." + std::to_string(i % 256);
            REQUIRE(g.allow(source, now) == GuessGuard::Verdict::Allowed);
            for (int k = 0; k < 5; ++k) g.charge(source, now);  // each address uses up its own bucket
            CHECK(g.sources() <= GuessGuard::max_sources);
        }
        // The newest addresses are still held back; the oldest were forgotten.
        CHECK(g.allow("10.1." + std::to_string((many - 1) / 256) + "." + std::to_string((many - 1) % 256),
                      now) == GuessGuard::Verdict::ThisSource);
        CHECK(g.allow("10.1.0.0", now) == GuessGuard::Verdict::Allowed);
    }
}
