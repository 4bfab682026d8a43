// The lobby client (net/lobby_client.h) against a scripted fake server on loopback: a raw socket that
// says exactly what the test tells it, byte for byte, and keeps every line it hears. Time is a number
// the test moves; the sockets are real (127.0.0.1 and unix sockets in a temporary folder).
#include <sys/stat.h>

#include <filesystem>
#include <functional>

#include "net/lobby_client.h"
#include "support.h"
#include "tools/raw_peer.h"

using namespace gobblet;
using namespace gobblet::net::lobby;
using gobblet::net::Endpoint;
using gobblet::net::Fd;
using gobblet::net::Listener;
using gobblet::net::parse_endpoint;
using gobblet::test::RawPeer;
namespace fs = std::filesystem;

namespace {

constexpr Millis t0 = 1'000'000;
const std::string secret = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const std::string game_id = "5f3a9c0e12b47d66";

using test::TempDir;  // (tests/support.h)

// True when `s` holds a byte a terminal could take as a control: C0, DEL, or a C1 control in UTF-8.
bool has_control(std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7f) return true;
        if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0) return true;
    }
    return false;
}

// The fake server: a listener, and the last connection it accepted.
struct FakeServer {
    std::optional<Listener> listener;
    RawPeer peer;
    int accepted = 0;

    explicit FakeServer(const std::string& where = "127.0.0.1:0") { open(where); }
    void open(const std::string& where) {
        auto opened = Listener::open(*parse_endpoint(where));
        INFO(opened.why());
        REQUIRE(opened);
        listener = std::move(opened).take();
    }
    Endpoint endpoint(const std::string& host = "127.0.0.1") const {
        const auto a = listener->addresses();
        if (a.size() == 1 && a[0].starts_with("unix:")) return *parse_endpoint(a[0]);
        return Endpoint{host, listener->port()};
    }
    void say(std::string_view bytes) { peer.say(bytes); }
    void say(const Message& m) { peer.say(format_message(m)); }
    const std::vector<std::string>& heard() const { return peer.heard(); }
    bool heard_line(const std::string& line) const {
        return std::find(heard().begin(), heard().end(), line) != heard().end();
    }
};

// The loop of a program with one lobby client, and the fake server beside it, at fake time `now`.
struct Loop : test::FakeTimeSteps<Loop, 400>, test::Heard<Event> {
    FakeServer& server;
    std::unique_ptr<Client> client;
    Millis now = t0;
    std::size_t most_events_at_once = 0;

    Loop(FakeServer& s, Config c) : server(s) {
        if (c.server == Endpoint{}) c.server = s.endpoint();
        auto started = Client::start(c, now);
        INFO(started.why());
        REQUIRE(started);
        client = std::move(started).take();
    }

    void step(int wait = 20) {
        std::vector<pollfd> fds;
        client->pollfds(fds);
        const std::size_t listen_at = fds.size();
        if (server.listener) fds.push_back({server.listener->fds()[0].get(), POLLIN, 0});
        const std::size_t peer_at = fds.size();
        fds.push_back({server.peer.open() ? server.peer.fd() : -1, server.peer.events(), 0});
        const int timeout = client->until_next(now) == 0 ? 0 : wait;
        ::poll(fds.data(), fds.size(), timeout);
        client->on_poll(fds, now);
        std::size_t n = 0;
        while (auto e = client->next_event()) {
            events.push_back(std::move(*e));
            ++n;
        }
        most_events_at_once = std::max(most_events_at_once, n);
        if (server.listener && (fds[listen_at].revents & POLLIN)) {
            Fd fd = server.listener->accept(fds[listen_at].fd);
            if (fd) {
                server.peer = RawPeer();
                server.peer.adopt(std::move(fd));
                ++server.accepted;
                return;  // the new peer's descriptor is polled from the next step on
            }
        }
        server.peer.on_poll(fds[peer_at].revents);
    }
    // Messages of type T the client passed on.
    template <class T>
    std::vector<T> lines() const {
        std::vector<T> out;
        for (const Event& e : events)
            if (e.message)
                if (const auto* m = std::get_if<T>(&*e.message)) out.push_back(*m);
        return out;
    }
    bool heard(const std::string& line) {
        return until([&] { return server.heard_line(line); });
    }
    // The server greets and welcomes; the lobby's four tables follow (empty unless given).
    void log_in(const std::string& welcome = "welcome Liam human secret 1623/85 - - -",
                const std::vector<std::string>& table_lines = {}) {
        const std::size_t logins = of(Event::Kind::LoggedIn).size();
        REQUIRE(heard("lobby gobblet 4"));
        server.say("server gobblet 4 Test server\n");
        REQUIRE(until([&] { return server.heard().size() >= 2; }));
        server.say(welcome + "\n");
        for (const std::string& l : table_lines) server.say(l + "\n");
        server.say("end players\nend seeks\nend games\nend tournaments\n");
        REQUIRE(until([&] {
            return of(Event::Kind::LoggedIn).size() > logins && client->tables().whole(List::Tournaments);
        }));
        REQUIRE(client->phase() == Client::Phase::Lobby);
    }
    // No event carried a control character to the caller, in its text or its message.
    void check_clean() const {
        for (const Event& e : events) {
            INFO(e.text);
            CHECK_FALSE(has_control(e.text));
            if (e.message) {
                const std::string line = format_message(*e.message);
                CHECK_FALSE(has_control(line.substr(0, line.size() - 1)));
            }
            for (const Message& m : e.items) {
                const std::string line = format_message(m);
                CHECK_FALSE(has_control(line.substr(0, line.size() - 1)));
            }
        }
    }
};

Config liam(bool with_secret = true) {
    Config c;
    c.name = "Liam";
    if (with_secret) c.secret = secret;
    return c;
}

Terms terms_of(std::string_view text) { return *parse_terms(text); }

}  // namespace

TEST_CASE("the client greets, logs in with this machine's secret, and gets the lobby whole",
          "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    CHECK(loop.client->phase() != Client::Phase::Lobby);
    loop.log_in("welcome Liam human secret 1623/85 - - -",
                {"player Liam human idle - 1623/85 - - -", "player Eamon human playing Niamh 1580/120 - - -",
                 "player MaxBot bot idle - 2100/60 - 1900/90 -",
                 "seek 7 Eamon 1580/120 * random official 4 dm first-to 2 rated",
                 "game " + game_id + " Eamon MaxBot 1 0 110000 300000 1 3 - official 4 dm first-to 2 rated",
                 "tournament 2 spring Liam round-robin open 3 8 0 schedule official 4 dm first-to 2 rated"});
    REQUIRE(server.heard().size() >= 2);
    CHECK(server.heard()[0] == "lobby gobblet 4");
    CHECK(server.heard()[1] == "login Liam human secret " + secret);
    CHECK(loop.last(Event::Kind::Connected) == "Test server");
    REQUIRE(loop.saw(Event::Kind::LoggedIn));
    CHECK(std::get<Welcome>(*loop.of(Event::Kind::LoggedIn)[0].message).ratings[0] == Rating{1623, 85});
    CHECK(loop.client->name() == "Liam");
    const Tables& t = loop.client->tables();
    CHECK(t.players().size() == 3);
    CHECK(t.players().at(name_key("maxbot")).role == Role::Bot);
    CHECK(t.seeks().at(7).from == "Eamon");
    CHECK(t.games().at(game_id).item.watchers == 3);
    CHECK(t.tournaments().at(2).players == 3);
    CHECK(t.whole(List::Players));
    CHECK(t.whole(List::Games));
    CHECK_FALSE(t.whole(List::History));

    // The running clock runs on between readings; the other one stands.
    const GameRow& row = t.games().at(game_id);
    CHECK(Tables::time_left(row, 1, row.received + 4000) == 296'000);
    CHECK(Tables::time_left(row, 0, row.received + 4000) == 110'000);

    // The tables follow the changes.
    server.say("player Eamon human idle - 1590/110 - - -\nleft MaxBot\nunseek 7 taken\n");
    server.say("over " + game_id + " 0 2 0 - - Eamon wins the match 2-0\nclosed 2\n");
    REQUIRE(loop.until([&] { return t.tournaments().empty(); }));
    CHECK(t.players().size() == 2);
    CHECK_FALSE(t.players().at(name_key("Eamon")).playing);
    CHECK(t.seeks().empty());
    CHECK(t.games().empty());
    REQUIRE(loop.lines<Over>().size() == 1);
    CHECK(loop.lines<Over>()[0].text == "Eamon wins the match 2-0");
    loop.check_clean();
}

TEST_CASE("over a unix socket, and back after the server restarts", "[net][lobby-client]") {
    TempDir dir;
    const std::string where = "unix:" + (dir.path / "lobby.sock").string();
    FakeServer server(where);
    Loop loop(server, liam());
    loop.log_in("welcome Liam human secret - - - -", {"player Liam human idle - - - - -"});

    // The server dies: its connection and its socket go.
    server.peer.close();
    server.listener.reset();
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Lost); }));
    CHECK(loop.last(Event::Kind::Lost) == "the server closed the connection");
    const Millis retry_in = loop.of(Event::Kind::Lost)[0].retry_in;
    CHECK(retry_in >= 750);
    CHECK(retry_in <= 1250);
    CHECK(loop.client->phase() == Client::Phase::Waiting);
    CHECK(loop.client->say("hello?", loop.now)
              .why()
              .starts_with("not connected to the server: trying again in"));
    // The tables stay as they were (shown as stale) until the next welcome.
    CHECK(loop.client->tables().players().size() == 1);

    // It comes back at the same path; the client returns on its own and logs in again.
    server.open(where);
    loop.pass(1250);
    REQUIRE(loop.until([&] { return server.accepted == 2; }));
    loop.log_in("welcome Liam human secret - - - -",
                {"player Liam human idle - - - - -", "player Eamon human idle - - - - -"});
    CHECK(server.heard()[1] == "login Liam human secret " + secret);
    CHECK(loop.client->tables().players().size() == 2);
    CHECK(loop.of(Event::Kind::LoggedIn).size() == 2);
}

TEST_CASE("a name with a password: refused without it, welcomed with it, then this machine's secret is added",
          "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say("server gobblet 4 hi\n");
    REQUIRE(loop.heard("login Liam human secret " + secret));
    server.say("refused login password-needed Liam is registered with a password: log in with it\n");
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::LoginRefused); }));
    CHECK(loop.client->phase() == Client::Phase::Greeted);
    const Refused r = std::get<Refused>(*loop.of(Event::Kind::LoginRefused)[0].message);
    CHECK(r.code == Refusal::PasswordNeeded);
    CHECK(r.text == "Liam is registered with a password: log in with it");

    CHECK(loop.client->login_password("short", loop.now).why() == "a password has at least 8 characters");
    CHECK(loop.client->login_password("correct horse", loop.now).ok());
    CHECK(loop.client->login_password("again and again", loop.now).why() == "not now: logging in");
    REQUIRE(loop.heard("login Liam human password correct horse"));
    server.say("welcome Liam human password 1623/85 - - -\n");
    REQUIRE(loop.heard("secret " + secret));
    server.say("ok secret this machine can log in as Liam now\n");
    REQUIRE(loop.until([&] { return !loop.lines<Ok>().empty(); }));

    // The next login, after a drop, uses the secret, not the password.
    server.peer.close();
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Lost); }));
    loop.pass(1250);
    REQUIRE(loop.until([&] { return server.accepted == 2; }));
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say("server gobblet 4 hi\n");
    REQUIRE(loop.heard("login Liam human secret " + secret));
}

TEST_CASE("a wrong password is not tried again by itself", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam(false));
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say("server gobblet 4 hi\n");
    // Without a secret there is nothing to log in with: the player is asked.
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Connected); }));
    loop.idle();
    CHECK(loop.client->phase() == Client::Phase::Greeted);
    CHECK(server.heard().size() == 1);
    CHECK(loop.client->say("hi", loop.now).why() == "not in the lobby: log in first");
    CHECK(loop.client->login_password("not my password", loop.now).ok());
    REQUIRE(loop.heard("login Liam human password not my password"));
    server.say("refused login wrong-password that is not Liam's password\n");
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::LoginRefused); }));
    server.peer.close();
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Lost); }));
    loop.pass(1250);
    REQUIRE(loop.until([&] { return server.accepted == 2; }));
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say("server gobblet 4 hi\n");
    REQUIRE(loop.until([&] { return loop.of(Event::Kind::Connected).size() == 2; }));
    loop.idle();
    CHECK(loop.client->phase() == Client::Phase::Greeted);
    CHECK(server.heard().size() == 1);  // only the greeting: no password went out again
}

TEST_CASE("a guest logs in as ~name, unrated", "[net][lobby-client]") {
    FakeServer server;
    Config c = liam(false);
    c.guest = true;
    Loop loop(server, c);
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say("server gobblet 4 hi\n");
    REQUIRE(loop.heard("login Liam human guest"));
    server.say("welcome ~Liam2 guest guest - - - -\nend players\n");
    REQUIRE(loop.until([&] { return loop.client->phase() == Client::Phase::Lobby; }));
    CHECK(loop.client->name() == "~Liam2");
    CHECK(loop.client->post(terms_of("official 4 dm first-to 2 rated"), loop.now).why() ==
          "a guest plays casual games only");
    CHECK(loop.client->set_password("a password!", false, loop.now).why() ==
          "a guest has no password: log in with a name of your own to set one");
    CHECK(loop.client->post(terms_of("official 4 dm first-to 2 casual"), loop.now).ok());
    REQUIRE(loop.heard("post official 4 dm first-to 2 casual"));
}

TEST_CASE("a bad configuration is refused before connecting", "[net][lobby-client]") {
    const auto refusal = [](const Config& c) {
        const auto started = Client::start(c, t0);
        CHECK_FALSE(started);
        return started.why();
    };
    Config c = liam();
    c.server = *parse_endpoint("127.0.0.1:7300");
    c.name = "L";
    CHECK(refusal(c) == "a name has 2 to 20 letters, digits, '-' or '_', and starts with a letter");
    c.name = "Liam";
    c.secret = "abc";
    CHECK(refusal(c) == "a machine secret is 64 hex digits");
    c.secret = secret;
    c.role = Role::Bot;
    c.guest = true;
    CHECK(refusal(c) == "a computer player registers its name: it cannot be a guest");
    c.guest = false;
    c.server = *parse_endpoint("7300");
    CHECK(refusal(c) == "say which server, as HOST:PORT or unix:PATH");
}

TEST_CASE("every request goes out as the protocol writes it, and bad ones do not go out",
          "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in("welcome Liam human secret - - - -",
                {"player Liam human idle - - - - -", "player Eamon human idle - - - - -",
                 "seek 7 Eamon - * random official 4 dm first-to 2 rated",
                 "seek 8 Eamon - Liam random rogers 3 5m+2s first-to 1 casual",
                 "seek 9 Liam - * random official 4 none first-to 1 casual",
                 "tournament 2 spring Eamon swiss-3 open 3 8 0 schedule official 4 dm first-to 2 rated"});
    Client& c = *loop.client;
    const Millis now = loop.now;
    const Terms dm = terms_of("official 4 dm first-to 2 rated");
    CHECK(c.post(dm, now).ok());
    CHECK(c.challenge("Eamon", dm, now).ok());
    CHECK(c.accept(7, now).ok());
    CHECK(c.decline(8, now).ok());
    CHECK(c.withdraw(9, now).ok());
    CHECK(c.watch(game_id, now).ok());
    CHECK(c.say("good  luck\x1b[2J", now).ok());
    CHECK(c.history("Eamon", 2, now).ok());
    CHECK(c.record(game_id, now).ok());
    CHECK(c.ratings(Variant{3, Rules::Rogers}, 1, now).ok());
    CHECK(c.create_tournament("autumn-cup", Format{true, 5}, 16, First::Draw, dm, now).ok());
    CHECK(c.join_tournament(2, now).ok());
    CHECK(c.leave_tournament(2, now).ok());
    CHECK(c.start_tournament(2, now).ok());
    CHECK(c.standings(2, now).ok());
    CHECK(c.set_password("new  password ", false, now).ok());
    CHECK(c.set_password("another password", true, now).ok());
    CHECK(c.machines(now).ok());
    CHECK(c.forget_machine(MachineKind::Key, 3, now).ok());
    const std::vector<std::string> expected = {
        "post official 4 dm first-to 2 rated",
        "challenge Eamon official 4 dm first-to 2 rated",
        "accept 7",
        "decline 8",
        "withdraw 9",
        "watch " + game_id,
        "say good luck[2J",
        "history Eamon 2",
        "record " + game_id,
        "ratings rogers 3 1",
        "create autumn-cup swiss-5 16 draw official 4 dm first-to 2 rated",
        "join 2",
        "leave 2",
        "start 2",
        "standings 2",
        "password keep new  password ",
        "password forget another password",
        "machines",
        "forget key 3",
    };
    REQUIRE(loop.until([&] { return server.heard().size() >= 2 + expected.size(); }));
    CHECK(std::vector<std::string>(server.heard().begin() + 2, server.heard().end()) == expected);

    // Refused here, and nothing sent.
    CHECK(c.accept(99, now).why() == "no seek 99 (it may have gone)");
    CHECK(c.decline(7, now).why() == "no challenge 7 to you");
    CHECK(c.withdraw(7, now).why() == "no seek or challenge 7 of yours");
    CHECK(c.challenge("Liam", dm, now).why() == "you cannot challenge yourself");
    CHECK(c.challenge("L1AM", dm, now).why() == "you cannot challenge yourself");
    CHECK(c.challenge("Eamon O", dm, now).why() == "no player can have that name");
    Terms rated_without_clock;
    rated_without_clock.rated = true;
    CHECK(c.post(rated_without_clock, now).why() == "a rated match needs a clock");
    CHECK(c.say(" \x1b ", now).why() == "nothing to say");
    CHECK(c.watch("12", now).why() == "a game id is 16 hex digits");
    CHECK(c.history("Eamon", 0, now).why() == "pages count from 1");
    CHECK(c.create_tournament("cup", Format{true, 0}, 8, First::Schedule, dm, now).why() ==
          "a Swiss tournament has 1 to 20 rounds");
    CHECK(c.create_tournament("cup", Format{}, 65, First::Schedule, dm, now).why() ==
          "a tournament takes 2 to 64 players");
    CHECK(c.create_tournament("a cup", Format{}, 8, First::Schedule, dm, now).why() ==
          "a tournament's name has 2 to 32 letters, digits, '-', '_' or '.', a letter or digit first");
    CHECK(c.join_tournament(3, now).why() == "no tournament 3");
    CHECK(c.set_password("short", false, now).why() == "a password has at least 8 characters");
    CHECK(c.login_guest(now).why() == "not now: lobby");
    loop.idle();
    CHECK(server.heard().size() == 2 + expected.size());
}

TEST_CASE("answers come whole: a history page, a record, a watch code, a refusal", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    Client& c = *loop.client;
    REQUIRE(c.history("Eamon", 1, loop.now).ok());
    REQUIRE(c.record(game_id, loop.now).ok());
    REQUIRE(c.watch(game_id, loop.now).ok());
    REQUIRE(c.history("Nobody", 1, loop.now).ok());
    REQUIRE(c.standings(4, loop.now).ok());
    REQUIRE(loop.until([&] { return server.heard().size() >= 7; }));
    server.say("played " + game_id +
               " 2026-11-23T14:03Z Liam Eamon 2 1 0 - - official 4 dm first-to 2 rated\n");
    server.say("chat Eamon meanwhile, in the lobby\n");  // other lines may come between the items
    server.say(
        "played 0123456789abcdef 2026-11-22T09:00Z Eamon Liam 0 0 draw - - official 4 none first-to 1 "
        "casual\n");
    server.say("end history\n");
    server.say("line % gobblet match\nline % white: Liam\nline\nline W3B2\nend record\n");
    server.say("watching " + game_id + " WATCHCODE1\n");
    server.say("refused history not-found no player is called Nobody\n");
    server.say("standing 4 1 Liam 2.5 3 2 0 1 6 2 0\nstanding 4 2 Eamon 0.5 3 0 2 1 2 6 0\nend standings\n");
    REQUIRE(loop.until([&] { return loop.of(Event::Kind::Answer).size() == 3; }));
    loop.idle();
    const auto answers = loop.of(Event::Kind::Answer);
    REQUIRE(answers.size() == 3);
    CHECK(std::get<HistoryQuery>(*answers[0].query) == HistoryQuery{"Eamon", 1});
    REQUIRE(answers[0].items.size() == 2);
    CHECK(std::get<HistoryItem>(answers[0].items[1]).result == Verdict::Draw);
    CHECK(std::get<RecordQuery>(*answers[1].query).game == game_id);
    CHECK(answers[1].text == "% gobblet match\n% white: Liam\n\nW3B2\n");
    CHECK(std::get<StandingsQuery>(*answers[2].query).id == 4);
    REQUIRE(answers[2].items.size() == 2);
    CHECK(std::get<StandingItem>(answers[2].items[0]).half_points == 5);
    CHECK(std::get<StandingItem>(answers[2].items[1]).name == "Eamon");
    // The table stays, and changes live: a line later is the entry as it is now.
    server.say("standing 4 1 Eamon 1.5 4 1 2 1 4 6 0\nstanding 4 2 Liam 2.5 4 2 1 1 6 4 0\n");
    REQUIRE(loop.until(
        [&] { return c.tables().standings(4).size() == 2 && c.tables().standings(4)[0].name == "Eamon"; }));
    CHECK(c.tables().standings(4)[1].rounds_lost == 4);
    CHECK(c.tables().standings(5).empty());
    REQUIRE(loop.lines<Watching>().size() == 1);
    CHECK(loop.lines<Watching>()[0].code == "WATCHCODE1");
    REQUIRE(loop.lines<Refused>().size() == 1);
    CHECK(loop.lines<Refused>()[0].text == "no player is called Nobody");
    REQUIRE(loop.lines<Chat>().size() == 1);
    CHECK(c.phase() == Client::Phase::Lobby);

    // At most eight questions wait for their answers.
    for (int i = 0; i < int(max_open_queries); ++i) CHECK(c.history("Eamon", i + 1, loop.now).ok());
    CHECK(c.history("Eamon", 99, loop.now).why() ==
          "wait: the answers to the last questions have not come yet");
}

TEST_CASE("a match start is passed on with its game id and code", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    server.say("match " + game_id + " black Eamon 7QKM4XABCD2R3T5V 4/2 - - official 4 dm first-to 2 rated\n");
    REQUIRE(loop.until([&] { return !loop.lines<MatchStart>().empty(); }));
    const MatchStart m = loop.lines<MatchStart>()[0];
    CHECK(m.game == game_id);
    CHECK(m.colour == Color::Black);
    CHECK(m.code == "7QKM4XABCD2R3T5V");
    CHECK(m.tournament == 4);
    CHECK(m.terms.settings.first_to == 2);
}

TEST_CASE("chat is rate-limited here as the server limits it", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    for (int i = 0; i < chat_burst; ++i) CHECK(loop.client->say("line " + std::to_string(i), loop.now).ok());
    CHECK(loop.client->say("one too many", loop.now).why() ==
          "wait: at most 5 chat lines at once, then one every 2 s");
    loop.now += chat_every;
    CHECK(loop.client->say("and one more", loop.now).ok());
    REQUIRE(loop.heard("say and one more"));
    CHECK_FALSE(server.heard_line("say one too many"));
}

TEST_CASE("keep-alives: the client pings when quiet, answers pings, and leaves a silent server",
          "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    const std::size_t before = server.heard().size();
    loop.pass(ping_after);
    REQUIRE(loop.until([&] { return server.heard().size() > before; }));
    const std::string ping = server.heard().back();
    REQUIRE(ping.starts_with("ping "));
    server.say("pong " + ping.substr(5) + "\n");
    server.say("ping 42\n");
    REQUIRE(loop.heard("pong 42"));
    CHECK(loop.client->round_trip() >= 0);
    CHECK(loop.client->phase() == Client::Phase::Lobby);
    // Then nothing more from the server.
    loop.pass(dead_after);
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Lost); }));
    CHECK(loop.last(Event::Kind::Lost) == "no word from the server for 30 s");
}

TEST_CASE("a server that accepts and says nothing is left, and tried again", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    REQUIRE(loop.heard("lobby gobblet 4"));
    loop.pass(answer_timeout);
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Lost); }));
    CHECK(loop.last(Event::Kind::Lost) == "no greeting from the server within 10 s");
    CHECK(loop.client->retry(loop.now).ok());
    REQUIRE(loop.until([&] { return server.accepted == 2; }));
}

TEST_CASE("nobody there: the client says why and tries again, waiting longer each time",
          "[net][lobby-client]") {
    TempDir dir;
    FakeServer server;  // unused: nothing listens at the path below
    Config c = liam();
    c.server = *parse_endpoint("unix:" + (dir.path / "none.sock").string());
    Loop loop(server, c);
    loop.idle();
    REQUIRE(loop.saw(Event::Kind::Lost));
    CHECK(loop.last(Event::Kind::Lost) ==
          "cannot connect to unix:" + (dir.path / "none.sock").string() + ": No such file or directory");
    loop.pass(1250);
    loop.pass(2500);
    const auto lost = loop.of(Event::Kind::Lost);
    REQUIRE(lost.size() >= 3);
    CHECK(lost[0].retry_in <= 1250);
    CHECK(lost[1].retry_in >= 1500);
    CHECK(lost[1].retry_in <= 2500);
    CHECK(lost[2].retry_in >= 3000);
}

TEST_CASE("the backoff doubles to 30 s, stretched at random by a quarter", "[net][lobby-client]") {
    CHECK(reconnect_delay(0, 0.5) == 1000);
    CHECK(reconnect_delay(1, 0.5) == 2000);
    CHECK(reconnect_delay(2, 0.5) == 4000);
    CHECK(reconnect_delay(4, 0.5) == 16000);
    CHECK(reconnect_delay(5, 0.5) == 30000);
    CHECK(reconnect_delay(50, 0.5) == 30000);
    CHECK(reconnect_delay(0, 0.0) == 750);
    CHECK(reconnect_delay(0, 0.999999) == 1250);
    CHECK(reconnect_delay(9, 1.0) == 37500);
}

TEST_CASE("`bye` from the server means come back later; `error` means stop", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    server.say("bye the server is restarting\n");
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Lost); }));
    CHECK(loop.last(Event::Kind::Lost) == "the server said goodbye: the server is restarting");
    loop.pass(1250);
    REQUIRE(loop.until([&] { return server.accepted == 2; }));
    loop.log_in();
    server.say("error you logged in from another connection\n");
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
    CHECK(loop.last(Event::Kind::Closed) == "the server says: you logged in from another connection");
    CHECK(loop.client->phase() == Client::Phase::Closed);
    loop.pass(40'000);
    CHECK(server.accepted == 2);
    CHECK(loop.client->until_next(loop.now) == -1);
}

TEST_CASE("a server of another version is told so, and left for good", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say("server gobblet 5 the future\n");
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
    CHECK(loop.last(Event::Kind::Closed) ==
          "the server speaks gobblet lobby protocol version 5, this program version 4: update gobblet");
    REQUIRE(loop.heard("bye this program speaks gobblet lobby protocol version 4"));
    CHECK_FALSE(server.heard_line("login Liam human secret " + secret));  // the secret never went out
    loop.pass(5000);
    CHECK(server.accepted == 1);
}

TEST_CASE("leaving says goodbye and stays gone", "[net][lobby-client]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    loop.client->leave("quit", loop.now);
    REQUIRE(loop.heard("bye quit"));
    CHECK(loop.client->phase() == Client::Phase::Closed);
    CHECK(loop.client->say("hi", loop.now).why() == "not connected to the server");
    loop.pass(5000);
    CHECK(server.accepted == 1);
}

// ---------------------------------------------------------------------------------------------------
// A hostile server: whatever it sends, the client ends the connection cleanly with the reason (and says
// it to the server), or passes on only clean, bounded text.

TEST_CASE("hostile server: a megabyte line ends the connection after 512 bytes",
          "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    server.say(std::string(1 << 20, 'x'));
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
    CHECK(loop.last(Event::Kind::Closed) == "protocol error from the server: a line longer than 512 bytes");
    REQUIRE(loop.heard("error a line longer than 512 bytes"));
    loop.pass(5000);
    CHECK(server.accepted == 1);  // not tried again
}

TEST_CASE("hostile server: garbage instead of a greeting", "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say(std::string("\x00\xff\xfe garbage\n", 13));
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
    CHECK(loop.last(Event::Kind::Closed) == "protocol error from the server: a line that is not valid UTF-8");
    CHECK_FALSE(server.heard_line("login Liam human secret " + secret));
}

TEST_CASE("hostile server: the wrong message at each step", "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    std::string line, why;
    SECTION("a welcome before the greeting") {
        line = "welcome Liam human secret - - - -";
        why = "expected the server's greeting, not welcome";
    }
    SECTION("a request only clients send") {
        line = "post official 4 dm first-to 2 rated";
        why = "a message only clients send: post";
    }
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say(line + "\n");
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
    CHECK(loop.last(Event::Kind::Closed) == "protocol error from the server: " + why);
}

// docs/lobby.md's "when": a server's message of another step ends the connection with what the client
// waited for; keep-alives pass at every step, and a notice during the login.
TEST_CASE("hostile server: a message of another step, at each step of the login",
          "[net][lobby-client][hostile]") {
    // The client's step: before the greeting, greeted without a secret (the player is asked), the login
    // sent, our ssh line sent.
    enum class At { Greeting, Player, Login, Ssh };
    struct Case {
        At at;
        const char* line;
        const char* why;
    };
    const Case cases[] = {
        {At::Greeting, "notice hello", "expected the server's greeting, not notice"},
        {At::Player, "chat Eamon hi", "a message before logging in: chat"},
        {At::Player, "welcome Liam human password 1623/85 - - -", "a message before logging in: welcome"},
        {At::Login, "player Eamon human idle - 1590/110 - - -", "expected welcome, not player"},
        {At::Login, "ok secret this machine can log in as Liam now", "expected welcome, not ok"},
        {At::Login, "refused accept not-found no seek 12", "expected welcome, not refused"},
        {At::Login, "server gobblet 4 hi", "expected welcome, not server"},
        {At::Ssh, "refused login wrong-password that is not Liam's password",
         "expected the answer to ssh, not refused"},
    };
    for (const Case& k : cases) {
        DYNAMIC_SECTION(k.line) {
            FakeServer server;
            Config c = liam(k.at != At::Player && k.at != At::Ssh);
            if (k.at == At::Ssh) c.ssh = Config::Ssh{"203.0.113.5", ""};
            Loop loop(server, c);
            REQUIRE(loop.heard("lobby gobblet 4"));
            server.say("ping 77\n");
            REQUIRE(loop.heard("pong 77"));
            if (k.at != At::Greeting) {
                server.say("server gobblet 4 hi\nnotice the login step\n");
                REQUIRE(loop.until([&] { return !loop.lines<Notice>().empty(); }));
            }
            server.say("ping 78\n");
            REQUIRE(loop.heard("pong 78"));
            server.say(std::string(k.line) + "\n");
            REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
            CHECK(loop.last(Event::Kind::Closed) == std::string("protocol error from the server: ") + k.why);
            REQUIRE(loop.heard(std::string("error ") + k.why));
            CHECK_FALSE(loop.saw(Event::Kind::LoggedIn));
        }
    }
}

TEST_CASE("hostile server: lines that do not fit what was asked", "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    std::string welcome = "welcome Liam human secret - - - -", line, why;
    SECTION("welcomed under another name") {
        welcome = "welcome Eamon human secret - - - -";
        why = "welcomed under another name: Eamon";
    }
    SECTION("welcomed as a guest without asking") {
        welcome = "welcome ~Liam guest guest - - - -";
        why = "welcomed as a guest without asking, or not as one when asking";
    }
    SECTION("an item nobody asked for") {
        line = "played " + game_id + " 2026-11-23T14:03Z Liam Eamon 2 1 0 - - official 4 dm first-to 2 rated";
        why = "an item of history that nobody asked for";
    }
    SECTION("the end of an answer nobody asked for") {
        line = "end record";
        why = "the end of record that nobody asked for";
    }
    SECTION("a watch code nobody asked for") {
        line = "watching " + game_id + " ABCDEF";
        why = "a watch code that nobody asked for";
    }
    SECTION("a second welcome") {
        line = welcome;
        why = "a second welcome";
    }
    SECTION("a player leaving who never came") {
        line = "left Nobody";
        why = "left: Nobody was not in the lobby";
    }
    SECTION("a challenge between two others") {
        line = "seek 3 Eamon - Aoife random official 4 dm first-to 2 rated";
        why = "a challenge between two other players";
    }
    SECTION("a match against ourselves") {
        line = "match " + game_id + " white liam ABCD - - - official 4 dm first-to 2 rated";
        why = "a match against ourselves";
    }
    SECTION("a second end of a table") {
        line = "end players";
        why = "a second end of players";
    }
    SECTION("an escape sequence in a name") {
        line =
            "player Li\xC2\x9B"
            "am human idle - - - -";
        why = "player: not a player's name: 'Liam'";
    }
    SECTION("a terminal escape in chat") {
        line = "chat Eamon \x1b]52;c;aGk=\x07";
        why = "a control character in a line";
    }
    REQUIRE(loop.heard("lobby gobblet 4"));
    server.say("server gobblet 4 hi\n");
    REQUIRE(loop.until([&] { return server.heard().size() >= 2; }));
    server.say(welcome + "\nend players\n");
    if (!line.empty()) server.say(line + "\n");
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
    CHECK(loop.last(Event::Kind::Closed) == "protocol error from the server: " + why);
    REQUIRE(loop.heard("error " + why));
    loop.check_clean();
}

TEST_CASE("hostile server: escapes that are valid UTF-8 come out of chat clean",
          "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    server.say(
        "chat Eamon \xC2\x9B"
        "2J\xE2\x80\xAE"
        "hello\xC2\x85\n");
    server.say(
        "notice \xC2\x9B"
        "31mred alert\n");
    REQUIRE(loop.until([&] { return !loop.lines<Notice>().empty(); }));
    CHECK(loop.lines<Chat>()[0].text == "2Jhello");
    CHECK(loop.lines<Notice>()[0].text == "31mred alert");
    CHECK(loop.client->phase() == Client::Phase::Lobby);
    loop.check_clean();
}

TEST_CASE("hostile server: a flood of players past the table's limit", "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    std::string flood;
    for (std::size_t i = 0; i <= max_table; ++i)
        flood += "player P" + std::to_string(i) + " human idle - - - - -\n";
    server.say(flood);
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }, 2000));
    CHECK(loop.last(Event::Kind::Closed) ==
          "protocol error from the server: more than 10000 players: more than this program keeps");
    CHECK(loop.client->tables().players().size() == max_table);
    // Each round of the loop handled a bounded number of lines.
    CHECK(loop.most_events_at_once <= 70);
}

TEST_CASE("hostile server: a flood of chat is taken in bounded rounds, and the lobby goes on",
          "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    std::string flood;
    for (int i = 0; i < 3000; ++i) flood += "chat Eamon spam \xC2\x9B" + std::to_string(i) + "\n";
    server.say(flood);
    server.say("ping 7\n");
    REQUIRE(loop.heard("pong 7"));
    CHECK(loop.lines<Chat>().size() == 3000);
    CHECK(loop.lines<Chat>().back().text == "spam 2999");
    CHECK(loop.most_events_at_once <= 70);
    CHECK(loop.client->phase() == Client::Phase::Lobby);
    loop.check_clean();
}

TEST_CASE("hostile server: a record past 1 MiB, and a history page past 50 items",
          "[net][lobby-client][hostile]") {
    FakeServer server;
    Loop loop(server, liam());
    loop.log_in();
    std::string why;
    SECTION("record") {
        REQUIRE(loop.client->record(game_id, loop.now).ok());
        const std::string line = "line " + std::string(max_record_text, 'r') + "\n";
        std::string flood;
        for (std::size_t bytes = 0; bytes <= max_record_bytes; bytes += max_record_text + 1) flood += line;
        server.say(flood);
        why = "a record longer than 1 MiB";
    }
    SECTION("history") {
        REQUIRE(loop.client->history("Eamon", 1, loop.now).ok());
        std::string flood;
        for (int i = 0; i <= page_size; ++i)
            flood += "played " + game_id +
                     " 2026-11-23T14:03Z Liam Eamon 0 0 draw - - official 4 none first-to 1 casual\n";
        server.say(flood);
        why = "more than 50 items in an answer of history";
    }
    REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }, 2000));
    CHECK(loop.last(Event::Kind::Closed) == "protocol error from the server: " + why);
    CHECK_FALSE(loop.saw(Event::Kind::Answer));
}

TEST_CASE("through sshd: the ssh line, and the login only once it is answered", "[net][lobby-client][ssh]") {
    const std::string key = "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM";
    SECTION("believed: the key logs in, and after a password the key is added") {
        FakeServer server;
        Config c = liam(false);
        c.ssh = Config::Ssh{"203.0.113.5", key};
        Loop loop(server, c);
        REQUIRE(loop.heard("lobby gobblet 4"));
        server.say("server gobblet 4 Test server\n");
        REQUIRE(loop.heard("ssh 203.0.113.5 " + key));
        loop.idle();
        CHECK(server.heard().size() == 2);  // no login before the answer
        server.say("ok ssh welcome: your SSH key can prove your name\n");
        REQUIRE(loop.heard("login Liam human key"));
        server.say("refused login password-needed Liam has a password: log in with it\n");
        REQUIRE(loop.until([&] { return loop.saw(Event::Kind::LoginRefused); }));
        REQUIRE(loop.client->login_password("correct horse battery", loop.now).ok());
        REQUIRE(loop.heard("login Liam human password correct horse battery"));
        server.say(
            "welcome Liam human password - - - -\nend players\nend seeks\nend games\nend tournaments\n");
        REQUIRE(loop.heard("key"));
        server.say("ok key this SSH key can log in as Liam now\n");
        REQUIRE(loop.until([&] {
            const auto oks = loop.lines<Ok>();
            return !oks.empty() && oks.back().verb == "key";
        }));
    }
    SECTION("not believed: the refusal reaches the front end, and the machine's secret logs in") {
        FakeServer server;
        Config c = liam(true);
        c.ssh = Config::Ssh{"2001:db8::5", key};
        Loop loop(server, c);
        REQUIRE(loop.heard("lobby gobblet 4"));
        server.say("server gobblet 4 Test server\n");
        REQUIRE(loop.heard("ssh 2001:db8::5 " + key));
        server.say(
            "refused ssh not-allowed this server believes SSH logins only from the account sshd runs\n");
        REQUIRE(loop.heard("login Liam human secret " + secret));
        REQUIRE(loop.lines<Refused>().size() == 1);
        CHECK(loop.lines<Refused>()[0].verb == "ssh");
    }
    SECTION("a server that answers otherwise, or an old one, ends it with the reason") {
        FakeServer server;
        Config c = liam(false);
        c.ssh = Config::Ssh{"203.0.113.5", ""};
        Loop loop(server, c);
        REQUIRE(loop.heard("lobby gobblet 4"));
        server.say("server gobblet 4 Test server\nwelcome Liam human key - - - -\n");
        REQUIRE(loop.until([&] { return loop.saw(Event::Kind::Closed); }));
        CHECK(loop.last(Event::Kind::Closed) ==
              "protocol error from the server: expected the answer to ssh, not welcome");
        FakeServer old;
        Loop again(old, c);
        REQUIRE(again.heard("lobby gobblet 4"));
        old.say("error this server speaks gobblet lobby protocol version 1\n");
        REQUIRE(again.until([&] { return again.saw(Event::Kind::Closed); }));
        CHECK(again.last(Event::Kind::Closed) ==
              "the server says: this server speaks gobblet lobby protocol version 1");
    }
    SECTION("a bad SSH identity is refused at the start") {
        Config c = liam(false);
        c.server = *parse_endpoint("unix:/tmp/x.sock");
        c.ssh = Config::Ssh{"example.org", key};
        const auto started = Client::start(c, t0);
        CHECK_FALSE(started);
        CHECK(started.why() == "the SSH login is not an IP address and an SSH key's SHA256 fingerprint");
    }
}
