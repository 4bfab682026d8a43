// The SSH front door on the server's side (docs/server.md, "The SSH front door"; docs/lobby.md,
// "Version 2"): a lobby client run by sshd's ForceCommand says who came in (`ssh ADDRESS KEY`), and the
// server believes it only from a unix socket whose peer is a user it was told to trust (--ssh-user).
// Then a key registers a name, proves it later, another key is refused (a password still works and adds
// the key), and the limits count the player's own address. The clients here are this program's lobby
// client over a real unix socket; the sshd side (the environment, the fingerprint) is tests/cli/ssh_door.sh.
#include <unistd.h>

#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

const std::string key_a = "SHA256:7myupKOVYh9n9+sTwFxsOumCG/3SqwIJVaN83yZd2EM";
const std::string key_b = "SHA256:uNiVztksCsDhcc0u9e8BZcRe5IIOvoVDY8DV6rQfYgU";

// A server that also listens on a unix socket, believing `ssh` lines from this process's user when
// `trusted`.
struct SshServing : Serving {
    std::string sock;
    explicit SshServing(bool trusted) {
        sock = dir / "lobby.sock";
        config.listen.push_back(*net::parse_endpoint("unix:" + sock));
        if (trusted) config.hub.ssh_uids = {unsigned(::getuid())};
    }
    net::Endpoint unix_endpoint() const { return *net::parse_endpoint("unix:" + sock); }
};

// A server with its unix socket (sshd's user trusted or not), started at t0, and the world's loop around it.
struct SshStarted {
    SshServing srv;
    World w{srv};
    explicit SshStarted(bool trusted = true) : srv(trusted) { srv.start(t0); }
};

// A client as sshd's ForceCommand runs it: no machine secret (the account is everyone's), the address
// and key sshd gave.
Client& enter_ssh(World& w, SshServing& srv, Client& c, const std::string& address, const std::string& key) {
    lobby::Config cfg;
    cfg.server = srv.unix_endpoint();
    cfg.name = c.name;
    cfg.ssh = lobby::Config::Ssh{address, key};
    auto started = lobby::Client::start(cfg, w.now);
    INFO(started.why());
    REQUIRE(started);
    c.lobby = std::move(started).take();
    c.events.clear();
    if (std::find(w.clients.begin(), w.clients.end(), &c) == w.clients.end()) w.clients.push_back(&c);
    return c;
}

std::optional<lobby::Welcome> welcome_of(const Client& c) {
    const auto all = c.all<lobby::Welcome>();
    if (all.empty()) return std::nullopt;
    return all.back();
}

bool refused_login(World& w, Client& c) {
    return w.until([&] {
        for (const auto& e : c.events)
            if (e.kind == lobby::Event::Kind::LoginRefused) return true;
        return false;
    });
}

std::optional<lobby::Refused> login_refusal(const Client& c) {
    std::optional<lobby::Refused> r;
    for (const auto& e : c.events)
        if (e.kind == lobby::Event::Kind::LoginRefused) r = std::get<lobby::Refused>(*e.message);
    return r;
}

RawPeer& raw_to(World& w, std::vector<std::unique_ptr<RawPeer>>& keep, const net::Endpoint& where) {
    keep.push_back(std::make_unique<RawPeer>());
    REQUIRE(keep.back()->connect(where, 5000).ok());
    w.raws.push_back(keep.back().get());
    return *keep.back();
}

}  // namespace

TEST_CASE_METHOD(SshStarted,
                 "through sshd a key registers a name, proves it next time, and another key is refused",
                 "[server][ssh]") {
    Client liam("Liam");
    enter_ssh(w, srv, liam, "203.0.113.5", key_a);
    w.logged_in(liam);
    REQUIRE(welcome_of(liam));
    CHECK(welcome_of(liam)->how == lobby::How::New);
    CHECK(welcome_of(liam)->name == "Liam");
    CHECK(srv.logged("vouches for a player from 203.0.113.5 with SSH key " + key_a));
    CHECK(srv.logged("lobby: Liam registered with SSH key " + key_a + " from ssh:203.0.113.5 (unix:uid="));
    CHECK(srv.logged("lobby: Liam logged in (new) from ssh:203.0.113.5 (unix:uid="));
    {
        server::Store r = srv.reader();
        const auto acc = r.accounts().find_lobby_account(lobby::name_key("Liam"));
        REQUIRE(acc);
        CHECK(r.accounts().keys(acc->id) == 1);
        CHECK_FALSE(acc->has_password);
    }
    liam.lobby->leave("bye", w.now);
    w.idle();

    // The same key again, from another address: the name is proved, nothing is asked.
    enter_ssh(w, srv, liam, "2001:db8::5", key_a);
    w.logged_in(liam);
    CHECK(welcome_of(liam)->how == lobby::How::Key);
    CHECK(srv.logged("lobby: Liam logged in (key) from ssh:2001:db8::5 (unix:uid="));

    // Another key for the registered name: refused, saying what to do; the first player stays in.
    Client other("liam");
    enter_ssh(w, srv, other, "198.51.100.7", key_b);
    REQUIRE(refused_login(w, other));
    const auto r = login_refusal(other);
    REQUIRE(r);
    CHECK(r->code == lobby::Refusal::NameTaken);
    CHECK(
        r->text ==
        "the name Liam is registered with another key: set a password there to log in here, or pick another "
        "name");
    CHECK(liam.lobby->in_lobby());
    CHECK_FALSE(other.lobby->in_lobby());
}

TEST_CASE_METHOD(SshStarted, "through sshd a password proves a name registered elsewhere, and adds the key",
                 "[server][ssh]") {
    // Eamon registered from his own machine (a secret over TCP) and set a password.
    Client eamon("Eamon");
    w.enter(eamon);
    w.logged_in(eamon);
    REQUIRE(eamon.lobby->set_password("correct horse battery", false, w.now).ok());
    REQUIRE(w.until([&] { return eamon.heard<lobby::Ok>(); }));
    eamon.lobby->leave("bye", w.now);
    w.idle();

    Client door("Eamon");
    enter_ssh(w, srv, door, "203.0.113.9", key_b);
    REQUIRE(refused_login(w, door));
    REQUIRE(login_refusal(door));
    CHECK(login_refusal(door)->code == lobby::Refusal::PasswordNeeded);
    CHECK(login_refusal(door)->text ==
          "Eamon has a password: log in with it, and this SSH key proves the name from then on");
    REQUIRE(door.lobby->login_password("correct horse battery", w.now).ok());
    w.logged_in(door);
    CHECK(welcome_of(door)->how == lobby::How::Password);
    // The client adds the key by itself: the next login needs no password.
    REQUIRE(w.until([&] {
        for (const auto& o : door.all<lobby::Ok>())
            if (o.verb == "key") return true;
        return false;
    }));
    CHECK(door.all<lobby::Ok>().back().text == "this SSH key can log in as Eamon now");
    door.lobby->leave("bye", w.now);
    w.idle();
    Client again("Eamon");
    enter_ssh(w, srv, again, "203.0.113.9", key_b);
    w.logged_in(again);
    CHECK(welcome_of(again)->how == lobby::How::Key);
}

TEST_CASE("an ssh line is believed only from a trusted user on a unix socket", "[server][ssh][hostile]") {
    SECTION("this user is not trusted: the client says why, and the key proves nothing") {
        SshStarted ssh(false);
        auto& [srv, w] = ssh;
        Client liam("Liam");
        enter_ssh(w, srv, liam, "203.0.113.5", key_a);
        REQUIRE(w.until([&] { return liam.refused("ssh").has_value(); }));
        CHECK(liam.refused("ssh")->code == lobby::Refusal::NotAllowed);
        CHECK(liam.refused("ssh")->text ==
              "this server believes SSH logins only from the account sshd runs the lobby for: log in with a "
              "password or as a guest");
        // Nothing to log in with: the front end asks for a password or a guest login.
        w.idle();
        CHECK(liam.lobby->phase() == lobby::Client::Phase::Greeted);
        CHECK(srv.logged("said it came through sshd: not believed (not an --ssh-user)"));
        REQUIRE(liam.lobby->login_guest(w.now).ok());
        w.logged_in(liam);
        CHECK(welcome_of(liam)->name == "~Liam");
        server::Store r = srv.reader();
        CHECK_FALSE(r.accounts().find_lobby_account(lobby::name_key("Liam")));
    }
    SECTION("over TCP nobody is believed, and a login by key without a believed key is refused") {
        SshStarted ssh;
        auto& [srv, w] = ssh;
        std::vector<std::unique_ptr<RawPeer>> keep;
        RawPeer& mallory = raw_to(w, keep, srv.endpoint());
        mallory.say("lobby gobblet 2\nssh 203.0.113.5 " + key_a + "\nlogin Liam human key\n");
        REQUIRE(w.until([&] { return mallory.line_starting("refused login").has_value(); }));
        CHECK(*mallory.line_starting("server ") == "server gobblet 2 gobblet server");
        CHECK(mallory.line_starting("refused ssh not-allowed").has_value());
        CHECK(*mallory.line_starting("refused login") ==
              "refused login not-allowed no SSH key proves this connection: log in with a password or as a "
              "guest");
        RawPeer& eve = raw_to(w, keep, srv.endpoint());
        eve.say("lobby gobblet 2\nlogin Liam human key\n");
        REQUIRE(w.until([&] { return eve.line_starting("refused login").has_value(); }));
        CHECK(*eve.line_starting("refused login") ==
              "refused login not-allowed a login by key needs the ssh line first");
        server::Store r = srv.reader();
        CHECK_FALSE(r.accounts().find_lobby_account(lobby::name_key("Liam")));
    }
    SECTION("version 1 has no ssh, and one ssh line a connection, before the login") {
        SshStarted ssh;
        auto& [srv, w] = ssh;
        std::vector<std::unique_ptr<RawPeer>> keep;
        RawPeer& old = raw_to(w, keep, srv.unix_endpoint());
        old.say("lobby gobblet 1\nssh 203.0.113.5 " + key_a + "\n");
        REQUIRE(w.until([&] { return old.closed_by_peer(); }));
        CHECK(old.heard().back() == "error ssh is a message of lobby protocol version 2, not of version 1");
        RawPeer& twice = raw_to(w, keep, srv.unix_endpoint());
        twice.say("lobby gobblet 2\nssh 203.0.113.5 " + key_a + "\nssh 203.0.113.6 " + key_b + "\n");
        REQUIRE(w.until([&] { return twice.closed_by_peer(); }));
        CHECK(twice.heard().back() == "error one ssh line a connection");
        RawPeer& late = raw_to(w, keep, srv.unix_endpoint());
        late.say("lobby gobblet 2\nlogin Zoe human guest\n");
        REQUIRE(w.until([&] { return late.line_starting("welcome").has_value(); }));
        late.say("ssh 203.0.113.5 " + key_a + "\n");
        REQUIRE(w.until([&] { return late.closed_by_peer(); }));
        CHECK(late.heard().back() == "error ssh comes before the login");
        RawPeer& odd = raw_to(w, keep, srv.unix_endpoint());
        odd.say("lobby gobblet 5\n");
        REQUIRE(w.until([&] { return odd.closed_by_peer(); }));
        CHECK(odd.heard().back() == "error this server speaks gobblet lobby protocol versions 1 to 4");
    }
}

TEST_CASE_METHOD(SshStarted,
                 "through sshd failed logins count per player's address, not per the shared account",
                 "[server][ssh][hostile]") {
    Client liam("Liam");
    enter_ssh(w, srv, liam, "203.0.113.5", key_a);
    w.logged_in(liam);
    // Someone at 198.51.100.7 tries another key for Liam again and again: after five, that address waits.
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& guesser = raw_to(w, keep, srv.unix_endpoint());
    std::string lines = "lobby gobblet 2\nssh 198.51.100.7 " + key_b + "\n";
    for (int i = 0; i < 7; ++i) lines += "login Liam human key\n";
    guesser.say(lines);
    REQUIRE(w.until([&] {
        int n = 0;
        for (const auto& l : guesser.heard()) n += l.starts_with("refused login");
        return n == 7;
    }));
    int taken = 0, waits = 0;
    for (const auto& l : guesser.heard()) {
        taken += l.starts_with("refused login name-taken");
        waits += l.starts_with("refused login too-many-attempts");
    }
    CHECK(taken == 5);
    CHECK(waits == 2);
    // Another player through the same sshd account, from another address, is not held up.
    Client zoe("Zoe");
    enter_ssh(w, srv, zoe, "192.0.2.44", key_b);
    w.logged_in(zoe);
    CHECK(welcome_of(zoe)->how == lobby::How::New);
    CHECK(srv.logged("login as Liam from ssh:198.51.100.7 (unix:uid="));
}

TEST_CASE_METHOD(SshStarted,
                 "through sshd, forty addresses failing with wrong keys do not keep out a right key",
                 "[server][ssh][hostile]") {
    Client liam("Liam");
    enter_ssh(w, srv, liam, "203.0.113.5", key_a);
    w.logged_in(liam);
    liam.lobby->leave("bye", w.now);
    w.idle();
    // Forty addresses (as sshd gives them) each try key_b for Liam until their own limit stops them: all
    // addresses together pass what they share.
    std::vector<std::unique_ptr<RawPeer>> keep;
    for (int a = 0; a < 40; ++a) {
        std::string lines = "lobby gobblet 2\nssh 198.51.100." + std::to_string(10 + a) + " " + key_b + "\n";
        for (int i = 0; i < 6; ++i) lines += "login Liam human key\n";
        raw_to(w, keep, srv.unix_endpoint()).say(lines);
        w.idle(2);
    }
    REQUIRE(w.until([&] {
        int n = 0;
        for (const auto& r : keep)
            for (const auto& l : r->heard()) n += l.starts_with("refused login");
        return n == 40 * 6;
    }));
    int many = 0;
    for (const auto& r : keep)
        for (const auto& l : r->heard()) many += l.find("from many addresses") != std::string::npos;
    CHECK(many > 0);
    // Liam comes back from his own address with his key: in at once.
    Client back("Liam");
    enter_ssh(w, srv, back, "203.0.113.5", key_a);
    w.logged_in(back);
    CHECK(welcome_of(back)->how == lobby::How::Key);
}
