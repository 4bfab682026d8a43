// The server tests' world: a real server (server/server.h) on 127.0.0.1 with a database in a temporary
// folder, and client programs beside it (a lobby client, and a game session when they play or watch),
// all in one loop on a fake clock: the sockets are real, time is a number the test moves.
#pragma once

#include <functional>
#include <sstream>

#include "net/lobby_client.h"
#include "net/session.h"
#include "server/server.h"
#include "server/store.h"
#include "session_turn.h"
#include "support.h"
#include "tools/raw_peer.h"

namespace gobblet::test {

namespace lobby = net::lobby;

inline constexpr Millis t0 = 5'000'000;
inline constexpr Millis s = 1000;
inline constexpr std::time_t unix0 = 1'800'000'000;

inline std::string hex_secret() {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : net::random_bytes(32)) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

// The server and its database.
struct Serving {
    TempDir dir;
    std::ostringstream log;
    server::ServerConfig config;
    std::unique_ptr<server::Server> server;

    Serving() {
        config.listen = {*net::parse_endpoint("127.0.0.1:0")};
        config.db = dir / "server.db";
        config.hub.cost = server::PasswordCost::for_tests();
        config.hub.password_threads = 1;
        config.unix_at_start = unix0;
    }
    void start(Millis now) {
        auto started = server::Server::start(config, log, now);
        INFO(started.why());
        REQUIRE(started);
        server = std::move(started).take();
        config.listen = {net::Endpoint{"127.0.0.1", server->ports().at(0)}};  // the same port after a restart
    }
    net::Endpoint endpoint() const { return config.listen.at(0); }
    // A separate look at the database (a reader beside the server).
    server::Store reader() const { return server::Store::open(config.db, server::Store::Access::Read); }
    bool logged(const std::string& text) const { return log.str().find(text) != std::string::npos; }
};

// A client program: its lobby connection, and its game connection while it plays or watches.
struct Client {
    explicit Client(std::string n, std::string address = {}) : name(std::move(n)), from(std::move(address)) {}
    std::string name;
    // The loopback address it connects from: each player its own (127.0.1.N, given at its first login),
    // as people on their own machines; a test gives one when the attack needs an address shared.
    std::string from;
    std::string secret = hex_secret();
    std::unique_ptr<lobby::Client> lobby;
    std::vector<lobby::Event> events;
    std::unique_ptr<net::Session> game;
    Match match;
    std::vector<net::Event> game_events;

    // Lines of the lobby as they came.
    std::vector<lobby::Message> lines() const {
        std::vector<lobby::Message> out;
        for (const lobby::Event& e : events)
            if (e.message && e.kind == lobby::Event::Kind::Line) out.push_back(*e.message);
        return out;
    }
    template <class T>
    std::vector<T> all() const {
        std::vector<T> out;
        for (const lobby::Event& e : events)
            if (e.message)
                if (const auto* m = std::get_if<T>(&*e.message)) out.push_back(*m);
        return out;
    }
    template <class T>
    bool heard() const {
        return !all<T>().empty();
    }
    // The items of the last answer to a query of type Q (HistoryQuery, RecordQuery, ...), once whole.
    template <class Q>
    std::optional<std::vector<lobby::Message>> answer() const {
        std::optional<std::vector<lobby::Message>> out;
        for (const lobby::Event& e : events)
            if (e.kind == lobby::Event::Kind::Answer && e.query && std::holds_alternative<Q>(*e.query))
                out = e.items;
        return out;
    }
    template <class Q>
    std::string answer_text() const {
        std::string out;
        for (const lobby::Event& e : events)
            if (e.kind == lobby::Event::Kind::Answer && e.query && std::holds_alternative<Q>(*e.query))
                out = e.text;
        return out;
    }
    std::vector<net::Event> of(net::Event::Kind k) const {
        std::vector<net::Event> out;
        for (const net::Event& e : game_events)
            if (e.kind == k) out.push_back(e);
        return out;
    }
    bool saw(net::Event::Kind k) const { return !of(k).empty(); }
    std::string last_absence() const {
        const auto v = of(net::Event::Kind::Absence);
        return v.empty() ? std::string("(none)") : v.back().text;
    }
    std::string moves() const { return transcript_text(match.game().moves()); }
    std::optional<lobby::Refused> refused(const std::string& verb) const {
        std::optional<lobby::Refused> r;
        for (const auto& x : all<lobby::Refused>())
            if (x.verb == verb) r = x;
        return r;
    }
};

// The loop of a machine running the server and its clients, at fake time `now`.
struct World : FakeTimeSteps<World, 300> {
    Serving& serving;
    std::vector<Client*> clients;
    std::vector<RawPeer*> raws;  // bare connections that say exactly what a test tells them
    Millis now = t0;
    int addresses = 0;  // given to clients so far (127.0.1.N)

    explicit World(Serving& srv) : serving(srv) {}

    void step(int wait = 20) {
        std::vector<pollfd> fds;
        if (serving.server) serving.server->pollfds(fds);
        for (Client* c : clients) {
            if (c->lobby) c->lobby->pollfds(fds);
            if (c->game) c->game->pollfds(fds);
        }
        const std::size_t first_raw = fds.size();
        for (RawPeer* r : raws) fds.push_back({r->open() ? r->fd() : -1, r->events(), 0});
        int timeout = wait;
        if (serving.server && serving.server->until_next(now) == 0) timeout = 0;
        for (Client* c : clients) {
            if (c->lobby && c->lobby->until_next(now) == 0) timeout = 0;
            if (c->game && c->game->until_next(now) == 0) timeout = 0;
        }
        ::poll(fds.data(), fds.size(), timeout);
        if (serving.server) serving.server->on_poll(fds, now);
        for (Client* c : clients) {
            if (c->lobby) {
                c->lobby->on_poll(fds, now);
                while (auto e = c->lobby->next_event()) c->events.push_back(std::move(*e));
            }
            if (c->game) test::take(*c->game, fds, now, [&] { drain(*c); });
        }
        for (std::size_t i = 0; i < raws.size(); ++i) raws[i]->on_poll(fds[first_raw + i].revents);
    }
    void drain(Client& c) {
        while (auto e = c.game->next_event()) {
            INFO(c.name << ": " << net::describe(*e, c.game->match(), c.game->local_player()));
            CHECK(e->not_applied == "");  // the session's match took every change it reported
            c.game_events.push_back(std::move(*e));
        }
        c.match = c.game->match();
    }

    // A client connects to the lobby and logs in with its machine's secret (or as a guest).
    Client& enter(Client& c, lobby::Role role = lobby::Role::Human, bool guest = false) {
        lobby::Config cfg;
        cfg.server = serving.endpoint();
        cfg.name = c.name;
        cfg.role = role;
        cfg.guest = guest;
        cfg.secret = guest ? "" : c.secret;
        if (c.from.empty()) c.from = "127.0.1." + std::to_string(++addresses);
        cfg.from = c.from;
        auto started = lobby::Client::start(cfg, now);
        INFO(started.why());
        REQUIRE(started);
        c.lobby = std::move(started).take();
        if (std::find(clients.begin(), clients.end(), &c) == clients.end()) clients.push_back(&c);
        return c;
    }
    void logged_in(Client& c) {
        REQUIRE(
            until([&] { return c.lobby->in_lobby() && c.lobby->tables().whole(lobby::List::Tournaments); }));
    }
    // The last match start the client heard of.
    static std::optional<lobby::MatchStart> match_of(const Client& c) {
        const auto all = c.all<lobby::MatchStart>();
        if (all.empty()) return std::nullopt;
        return all.back();
    }
    // The client opens its game connection for the match it was told of (or watches with a code).
    void join_game(Client& c, const std::string& code, bool watch = false) {
        net::JoinConfig j;
        j.host = serving.endpoint();
        j.from = c.from;
        j.code = code;
        j.name = c.name;
        j.hosted = true;
        j.watch = watch;
        auto joined = net::Session::join(j, Match(), now);
        INFO(joined.why());
        REQUIRE(joined);
        c.game = std::move(joined).take();
        c.match = c.game->match();
        c.game_events.clear();
    }
    void play_match(Client& c) {
        const auto m = match_of(c);
        REQUIRE(m);
        join_game(c, m->code);
    }
    // Plays a move for whoever moves and waits until the two players' boards show it.
    void move(Client& mover, Client& other, const std::string& text) {
        INFO("move " << text);
        const std::size_t before = other.match.game().moves().size();
        REQUIRE(mover.game->move(spec_of(text), now).ok());
        REQUIRE(until([&] {
            return other.match.game().moves().size() == before + 1 &&
                   mover.match.game().moves().size() == before + 1;
        }));
    }
};

// A bare connection to the server, from `from` (127.0.0.2 plays a second machine), kept in `keep` and
// polled by the world (unless `polled` is false).
inline RawPeer& raw(World& w, std::vector<std::unique_ptr<RawPeer>>& keep, const std::string& from = {},
                    bool polled = true) {
    keep.push_back(std::make_unique<RawPeer>());
    REQUIRE(keep.back()->connect(w.serving.endpoint(), 5000, from).ok());
    if (polled) w.raws.push_back(keep.back().get());
    return *keep.back();
}

// White makes four in a row on row A while Black plays along row D.
inline const std::vector<std::string> white_wins = {"W1A1", "K1D1", "W1A2", "K1D2", "W1A3", "K2C4", "W2A4"};

// Terms from their text (a test's own: they must read).
inline lobby::Terms terms(const std::string& text) {
    const auto t = lobby::parse_terms(text);
    INFO(t.why());
    REQUIRE(t.ok());
    return *t;
}

// The player's game program dies without a word.
// The last refusal of `verb` the client heard, as "CODE TEXT".
inline std::string refusal(const Client& c, const std::string& verb) {
    const auto r = c.refused(verb);
    return r ? std::string(lobby::refusal_word(r->code)) + " " + r->text : std::string("(none)");
}

// The leaderboard as `c` hears it on asking `best`.
inline std::vector<lobby::LeaderItem> leaders_heard(World& w, Client& c) {
    REQUIRE(c.lobby->best(w.now).ok());
    REQUIRE(w.until([&] { return c.answer<lobby::BestQuery>().has_value(); }));
    std::vector<lobby::LeaderItem> leaders;
    const auto answer = *c.answer<lobby::BestQuery>();  // (a copy: the optional is a temporary)
    for (const auto& m : answer) leaders.push_back(std::get<lobby::LeaderItem>(m));
    return leaders;
}

inline void vanish(World& w, Client& c) {
    c.game.reset();
    w.idle();
}

// Seek terms from their text: the terms, then who the seek is for (a test's own: they must read).
inline lobby::SeekTerms seek_terms(const std::string& text) {
    const auto t = lobby::parse_seek_terms(text);
    INFO(t.why());
    REQUIRE(t.ok());
    return *t;
}

// Plays the moves of `white_wins` (White wins on row A), each waited for on both boards.
inline void play_out(World& w, Client& white, Client& black) {
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? white : black, i % 2 == 0 ? black : white, white_wins[i]);
}

// The players list's row of `name` as `viewer` sees it.
inline const lobby::PlayerItem& player(const Client& viewer, const std::string& name) {
    return viewer.lobby->tables().players().at(lobby::name_key(name));
}

// Clients that log in with their machines' secrets, each waited for until its lists are whole.
inline void enter_all(World& w, std::initializer_list<Client*> clients) {
    for (Client* c : clients) {
        w.enter(*c);
        w.logged_in(*c);
    }
}

// The fixtures most server tests begin with. A test takes one's members by name, either as the fixture of
// a TEST_CASE_METHOD or, built with options of its own, by a structured binding:
//     LiamAndEamon room(with_grace(10 * s));
//     auto& [srv, w, liam, eamon] = room;

// Sets the server's options before it starts (a limit, a grace, ...).
using Configure = std::function<void(server::ServerConfig&)>;

// The server's grace for a player who vanishes, shorter than its default for a test that waits it out.
inline Configure with_grace(Millis grace) {
    return [grace](server::ServerConfig& c) { c.hub.limits.grace = grace; };
}

// A server started at t0 (its options set by `configure` first) and the world's loop around it.
struct Started {
    Serving srv;
    World w{srv};
    explicit Started(const Configure& configure = {}) {
        if (configure) configure(srv.config);
        srv.start(t0);
    }
};

// A started server with Liam and Eamon in its lobby, each logged in with their machine's secret.
struct LiamAndEamon {
    Serving srv;
    World w{srv};
    Client liam{"Liam"};
    Client eamon{"Eamon"};
    explicit LiamAndEamon(const Configure& configure = {}) {
        if (configure) configure(srv.config);
        srv.start(t0);
        enter_all(w, {&liam, &eamon});
    }
};

// Both players join the match they were told of after their first `seen` ones and are at the board, the
// clocks as both see them: {White, Black} of round 1.
inline std::pair<Client*, Client*> to_the_board(World& w, Client& a, Client& b, std::size_t seen = 0) {
    REQUIRE(w.until([&] {
        return a.all<lobby::MatchStart>().size() > seen && b.all<lobby::MatchStart>().size() > seen;
    }));
    w.play_match(a);
    w.play_match(b);
    REQUIRE(w.until([&] {
        return a.game->playing() && b.game->playing() &&
               a.match.clock().running() == b.match.clock().running() &&
               !a.game->absence(a.game->remote_player()) && !b.game->absence(b.game->remote_player());
    }));
    Client* white = World::match_of(a)->colour == Color::White ? &a : &b;
    return {white, white == &a ? &b : &a};
}

// `a` posts the seek `what` (terms, then who it is for); the id `seer` sees it by.
inline lobby::Id post(World& w, Client& a, Client& seer, const std::string& what) {
    const std::size_t seen = seer.lobby->tables().seeks().size();
    const lobby::SeekTerms st = seek_terms(what);
    REQUIRE(a.lobby->post(st.terms, w.now, st.audience).ok());
    REQUIRE(w.until([&] { return seer.lobby->tables().seeks().size() > seen; }));
    return seer.lobby->tables().seeks().rbegin()->first;
}

// `a`, in the lobby, seeks a match on `terms` (with no other seek up) and `b` accepts: both have heard of
// the match, neither is at its board yet.
inline void meet(World& w, Client& a, Client& b, const std::string& terms) {
    REQUIRE(a.lobby->post(*lobby::parse_terms(terms), w.now).ok());
    REQUIRE(w.until([&] { return !b.lobby->tables().seeks().empty(); }));
    REQUIRE(b.lobby->accept(b.lobby->tables().seeks().begin()->first, w.now).ok());
    REQUIRE(w.until([&] { return World::match_of(a) && World::match_of(b); }));
}

// `a` seeks `what` (terms, then who the seek is for), `b` accepts it, both go to the board: {White, Black}.
inline std::pair<Client*, Client*> start_match(World& w, Client& a, Client& b, const std::string& what) {
    const std::size_t seen = a.all<lobby::MatchStart>().size();
    const std::size_t known = b.lobby->tables().seeks().size();
    const auto st = lobby::parse_seek_terms(what);
    INFO(st.why());
    REQUIRE(st.ok());
    REQUIRE(a.lobby->post(st->terms, w.now, st->audience).ok());
    REQUIRE(w.until([&] { return b.lobby->tables().seeks().size() > known; }));
    lobby::Id id = 0;
    for (const auto& [sid, sk] : b.lobby->tables().seeks())
        if (sk.from == a.lobby->name()) id = sid;
    REQUIRE(b.lobby->accept(id, w.now).ok());
    return to_the_board(w, a, b, seen);
}

// `a` creates a tournament ("cup") of two players and `terms_text`, `b` joins it, `a` starts it: both at
// the board of its one match, {White, Black}.
inline std::pair<Client*, Client*> tournament_match(World& w, Client& a, Client& b,
                                                    const std::string& terms_text) {
    REQUIRE(
        a.lobby
            ->create_tournament("cup", lobby::Format{}, 2, lobby::First::Schedule, terms(terms_text), w.now)
            .ok());
    REQUIRE(w.until([&] { return b.lobby->tables().tournaments().size() == 1; }));
    const lobby::Id id = b.lobby->tables().tournaments().begin()->first;
    REQUIRE(b.lobby->join_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return a.lobby->tables().tournaments().at(id).players == 2; }));
    REQUIRE(a.lobby->start_tournament(id, w.now).ok());
    return to_the_board(w, a, b);
}

}  // namespace gobblet::test
