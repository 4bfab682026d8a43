// The network tests' loop: Sessions and raw peers over loopback, on ports the system picks, with a fake
// clock (the sockets are real, time is a number the test moves).
#pragma once

#include <sys/socket.h>

#include <array>
#include <functional>
#include <optional>

#include "net/session.h"
#include "session_turn.h"
#include "support.h"
#include "tools/raw_peer.h"

namespace gobblet::test {

using namespace gobblet::net;

inline constexpr Millis t0 = 1'000'000;  // the fake clock's start: any value will do
inline constexpr Millis s = 1000;

// The session a test goes on with: the test stops here, with the reason, when there is none.
inline std::unique_ptr<Session> session_of(Expected<std::unique_ptr<Session>> started) {
    INFO(started.why());
    REQUIRE(started.ok());
    return std::move(started).take();
}

struct Side : Heard<Event> {
    std::unique_ptr<Session> session;
    // The session's match as the test last took its events (Net::drain): a copy, so that a test reads the
    // match between steps as a program's screen shows it.
    Match match;

    std::string moves() const { return transcript_text(match.game().moves()); }
};

// The loop of a program that holds several sessions and raw peers, at fake time `now`.
struct Net : FakeTimeSteps<Net, 250> {
    std::vector<Side*> players;
    std::vector<RawPeer*> raws;
    Millis now = t0;

    // One pass: poll (waiting at most `wait` ms of real time for a socket), then every session and raw
    // peer handles what it got, and every event is taken as a program would.
    void step(int wait = 20) {
        std::vector<pollfd> fds;
        for (Side* p : players)
            if (p->session) p->session->pollfds(fds);
        const std::size_t first_raw = fds.size();
        for (RawPeer* r : raws) fds.push_back({r->open() ? r->fd() : -1, r->events(), 0});
        int timeout = wait;
        for (Side* p : players)
            if (p->session && p->session->until_next(now) == 0) timeout = 0;
        ::poll(fds.data(), fds.size(), timeout);
        for (Side* p : players) {
            if (!p->session) continue;
            take(*p->session, fds, now, [&] { drain(*p); });
        }
        for (std::size_t i = 0; i < raws.size(); ++i) raws[i]->on_poll(fds[first_raw + i].revents);
    }
    void drain(Side& p) {
        while (auto e = p.session->next_event()) {
            INFO(describe(*e, p.session->match(), p.session->local_player()));
            CHECK(e->not_applied == "");  // the session's match took every change it reported
            p.events.push_back(std::move(*e));
        }
        p.match = p.session->match();
    }
};

// Liam's host of a match of `settings`, with the options `c` gives (a grace, the time for the choice of
// starter, --allow-help, which player the joiner plays); on 127.0.0.1 with the code ABCD-EFGH unless `c`
// says where and which.
inline Side make_host_with(HostConfig c, MatchSettings settings = {}) {
    if (c.listen == Endpoint{}) c.listen = *parse_endpoint("127.0.0.1:0");
    if (c.code.empty()) c.code = "ABCD-EFGH";
    Side p;
    std::array<std::string, 2> names = {"Liam", "Liam"};
    names[std::size_t(c.remote_player)] = "remote player";
    p.match = Match(settings, names);
    p.session = session_of(Session::host(c, p.match));
    REQUIRE(p.session);
    CHECK(p.session->phase() == Session::Phase::Listening);
    return p;
}

inline Side make_host(const std::string& where = "127.0.0.1:0", MatchSettings settings = {}, int remote = 1,
                      const std::string& code = "ABCD-EFGH") {
    HostConfig c;
    c.listen = *parse_endpoint(where);
    c.code = code;
    c.remote_player = remote;
    return make_host_with(c, settings);
}

inline Side make_joiner(const Side& host, Millis now, const std::string& code = "abcd-efgh",
                        const std::string& name = "Eamon", const std::string& address = "127.0.0.1") {
    JoinConfig c;
    c.host = Endpoint{address, host.session->port()};
    c.code = code;
    c.name = name;
    Side p;
    p.session = session_of(Session::join(c, Match(), now));
    REQUIRE(p.session);
    return p;
}

inline MoveSpec spec(const std::string& move) { return spec_of(move); }

// A move as the wire carries it: the Nth of the round, made at state `state`.
inline Act move_act(int state, int number, const std::string& move) {
    Act a;
    a.kind = Act::Kind::Move;
    a.state = state;
    a.number = number;
    a.move = move;
    return a;
}

// Plays a move from whichever side is to move, and waits until both boards show it.
inline void play(Net& net, Side& mover, Side& other, const std::string& move) {
    INFO("move " << move);
    const std::size_t before = other.match.game().moves().size();
    REQUIRE(mover.session->move(spec(move), net.now).ok());
    REQUIRE(net.until([&] {
        return other.match.game().moves().size() == before + 1 &&
               mover.match.game().moves().size() == before + 1;
    }));
}

// Liam (White, the host) makes four in a row on row A; Eamon (Black, the joiner) plays along row D.
inline const std::vector<std::string> white_wins = {"W1A1", "K1D1", "W1A2", "K1D2", "W1A3", "K2C4", "W2A4"};

inline void connect(Net& net, Side& host, Side& joiner) {
    REQUIRE(net.until([&] { return host.session->playing() && joiner.session->playing(); }));
}

inline bool has_ipv6_loopback() { return Listener::open(Endpoint{"::1", 0}).ok(); }

// A raw peer that has said hello (of version 1) and been welcomed: the host waits for its sync.
inline void raw_hello(Net& net, RawPeer& raw, const Side& host, const std::string& name = "Mallory",
                      const std::string& code = "ABCDEFGH") {
    REQUIRE(raw.connect(Endpoint{"127.0.0.1", host.session->port()}).ok());
    raw.say("hello gobblet 1 " + code + " new " + name + "\n");
    REQUIRE(net.until([&] { return raw.line_starting("ready").has_value(); }));
}

// A raw peer that has joined properly and sits at the board (sync sent, go received).
inline void raw_join(Net& net, RawPeer& raw, const Side& host, const std::string& name = "Mallory",
                     const std::string& code = "ABCDEFGH") {
    raw_hello(net, raw, host, name, code);
    raw.say(Sync{raw.welcome_digest()});
    REQUIRE(net.until([&] { return raw.line_starting("go ").has_value(); }));
}

// The fixtures most network tests begin with. A test takes one's members by name, either as the
// fixture of a TEST_CASE_METHOD or, built with arguments of its own, by a structured binding:
//     Players game(make_host("127.0.0.1:0", settings));
//     auto& [net, host, joiner] = game;

// Liam hosting (`hosting`: make_host's, or a host of the test's own) and Eamon joined, both at the board.
struct Players {
    Net net;
    Side host;
    Side joiner;
    explicit Players(Side hosting = make_host())
        : host(std::move(hosting)), joiner(make_joiner(host, net.now)) {
        net.players = {&host, &joiner};
        connect(net, host, joiner);
    }
};

// A host and a raw peer beside it in the loop, not yet connected (the test says what the peer says).
struct HostAndRaw {
    Net net;
    Side host;
    RawPeer raw;
    explicit HostAndRaw(Side hosting = make_host()) : host(std::move(hosting)) {
        net.players = {&host};
        net.raws = {&raw};
    }
};

// A host and a raw peer (Mallory) that joined it properly and sits at its board: a player that breaks
// the rules in whatever way the test has it say.
struct RawAtBoard : HostAndRaw {
    explicit RawAtBoard(Side hosting = make_host()) : HostAndRaw(std::move(hosting)) {
        raw_join(net, raw, host);
    }
};

// A fake host, or a fake server, for a joiner's session: a listener on 127.0.0.1 and the raw peer it
// accepts, which says exactly what the test tells it, so that each test shows what the joiner is told
// and what it does.
struct FakeHost {
    std::optional<Listener> listener;
    RawPeer peer;

    FakeHost() {
        auto opened = Listener::open(Endpoint{"127.0.0.1", 0});
        REQUIRE(opened);
        listener = std::move(opened).take();
    }
    Endpoint where() const { return Endpoint{"127.0.0.1", listener->port()}; }
    // `joiner` joins here with `c` (its host set here) and is in `net`'s loop, with the peer that took its
    // connection; returns once its hello has come.
    void join(Net& net, Side& joiner, JoinConfig c) {
        c.host = where();
        joiner.session = session_of(Session::join(c, joiner.match, net.now));
        REQUIRE(joiner.session);
        net.players = {&joiner};
        REQUIRE(net.until([&] {
            if (Fd fd = listener->accept(listener->fds()[0].get())) peer.adopt(std::move(fd));
            return peer.open();
        }));
        net.raws = {&peer};
        REQUIRE(net.until([&] { return peer.line_starting("hello").has_value(); }));
    }
    // Lets `d` ms of fake time pass a second at a time, answering the joiner's keep-alives as a host
    // does (Net::pass alone would let the joiner find the host silent).
    void pass(Net& net, Millis d) {
        std::size_t answered = 0;
        for (Millis left = d; left > 0; left -= std::min<Millis>(left, 1000)) {
            net.now += std::min<Millis>(left, 1000);
            net.idle(2);
            const auto& heard = peer.heard();
            for (; answered < heard.size(); ++answered)
                if (heard[answered].starts_with("ping "))
                    peer.say("pong " + heard[answered].substr(5) + "\n");
        }
        net.idle(2);
    }
};

}  // namespace gobblet::test
