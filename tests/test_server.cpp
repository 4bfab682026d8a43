// The server in one process with its clients (tests/server_support.h): logins and registration, seeks
// and challenges, whole matches, spectators, a player who vanishes, ratings, tournaments. Real sockets
// on 127.0.0.1, fake time.
#include "saves/record.h"
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// A bare connection (from `from`) that has said `say`, kept in `keep` and polled by the world.
RawPeer& raw_saying(World& w, std::vector<std::unique_ptr<RawPeer>>& keep, const std::string& say,
                    const std::string& from = {}) {
    RawPeer& r = raw(w, keep, from);
    r.say(say);
    return r;
}

// The first line `r` heard that starts with `prefix`, once it has come.
std::string heard_first(World& w, const RawPeer& r, const std::string& prefix) {
    INFO("waiting for " << prefix << " after " << (r.heard().empty() ? "nothing" : r.heard().back()));
    REQUIRE(w.until([&] { return r.line_starting(prefix).has_value(); }));
    return *r.line_starting(prefix);
}

}  // namespace
using lobby::Event;

TEST_CASE_METHOD(Started, "the first login of a name registers it; its machine's secret logs in again",
                 "[server]") {
    Client liam{"Liam", "127.0.0.1"};
    w.enter(liam);
    w.logged_in(liam);
    const auto welcome = std::get<lobby::Welcome>(*liam.events.at(1).message);
    CHECK(welcome.name == "Liam");
    CHECK(welcome.how == lobby::How::New);
    CHECK(srv.logged("lobby: Liam registered from 127.0.0.1"));
    CHECK(srv.reader().accounts().find_lobby_account("llam")->name == "Liam");
    liam.lobby->leave("bye", w.now);
    REQUIRE(w.until([&] { return srv.server->hub().lobby().online() == 0; }));

    // Again, from the same machine; "liam" is Liam.
    Client again{"liam"};
    again.secret = liam.secret;
    w.enter(again);
    w.logged_in(again);
    CHECK(again.all<lobby::Welcome>().at(0).how == lobby::How::Secret);
    CHECK(again.all<lobby::Welcome>().at(0).name == "Liam");
}

TEST_CASE_METHOD(Started, "another machine cannot take a name: no password, a look-alike, a wrong password",
                 "[server]") {
    Client liam{"Liam"};
    w.enter(liam);
    w.logged_in(liam);

    Client thief{"L1am"};  // a look-alike is the same name
    w.enter(thief);
    REQUIRE(w.until([&] { return thief.refused("login").has_value(); }));
    CHECK(thief.refused("login")->code == lobby::Refusal::NameTaken);
    CHECK(thief.refused("login")->text ==
          "the name Liam is registered from another machine: set a password there to log in here, or pick "
          "another name");

    // Liam sets a password; then another machine needs it.
    REQUIRE(liam.lobby->set_password("correct horse battery", false, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Ok>(); }));
    CHECK(liam.all<lobby::Ok>().at(0).text == "your password is set");
    Client laptop{"Liam"};
    w.enter(laptop);
    REQUIRE(w.until([&] { return laptop.refused("login").has_value(); }));
    CHECK(laptop.refused("login")->code == lobby::Refusal::PasswordNeeded);
    REQUIRE(laptop.lobby->login_password("wrong horse battery", w.now).ok());
    REQUIRE(w.until([&] { return laptop.all<lobby::Refused>().size() == 2; }));
    CHECK(laptop.refused("login")->code == lobby::Refusal::WrongPassword);
    REQUIRE(laptop.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return laptop.lobby->in_lobby() && laptop.heard<lobby::Ok>(); }));
    CHECK(laptop.all<lobby::Welcome>().at(0).how == lobby::How::Password);
    CHECK(laptop.all<lobby::Ok>().at(0).verb == "secret");  // the laptop's own secret is added
    // The older connection was taken over.
    REQUIRE(w.until([&] { return liam.lobby->phase() == lobby::Client::Phase::Closed; }));
    CHECK(liam.events.back().text == "the server says: you logged in from another connection");

    // The laptop's secret now logs in without the password.
    laptop.lobby->leave("bye", w.now);
    Client later{"Liam"};
    later.secret = laptop.secret;
    w.enter(later);
    w.logged_in(later);
    CHECK(later.all<lobby::Welcome>().at(0).how == lobby::How::Secret);
}

TEST_CASE_METHOD(
    Started,
    "a player lists the machines that log in as them, forgets one, and a new password forgets the rest",
    "[server]") {
    // Someone who knew Liam's password let their own machine in with it: a password changed alone did not
    // keep them out, and nothing showed them.
    std::vector<std::unique_ptr<RawPeer>> raws;
    const auto raw = [&](const std::string& from, const std::string& say) -> RawPeer& {
        return raw_saying(w, raws, say, from);
    };
    const auto heard = [&](RawPeer& r, const std::string& prefix) { return heard_first(w, r, prefix); };
    Client desktop{"Liam", "127.0.0.1"};
    const auto enter = [&](Client& c) {
        c.events.clear();
        w.enter(c);
        w.logged_in(c);
    };
    enter(desktop);
    REQUIRE(desktop.lobby->set_password("correct horse battery", false, w.now).ok());
    REQUIRE(w.until([&] { return desktop.heard<lobby::Ok>(); }));
    desktop.lobby->leave("bye", w.now);
    w.pass(60 * s);  // (a minute apart: the lists' dates are to the minute, their order to the second)
    // The laptop logs in with the password, and its secret is added.
    Client laptop{"Liam", "127.0.0.1"};
    w.enter(laptop);
    REQUIRE(w.until([&] { return laptop.refused("login").has_value(); }));
    REQUIRE(laptop.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return laptop.lobby->in_lobby() && laptop.heard<lobby::Ok>(); }));
    laptop.lobby->leave("bye", w.now);
    w.pass(60 * s);
    // So does Mallory, who knew it, from another address.
    const std::string mallory_secret = hex_secret();
    RawPeer& m1 = raw("127.0.0.2", "lobby gobblet 3\nlogin Liam human password correct horse battery\n");
    heard(m1, "welcome Liam ");
    m1.say("secret " + mallory_secret + "\n");
    heard(m1, "ok secret ");
    m1.say("bye\n");
    w.pass(60 * s);

    // Liam, at the desktop, sees three machines: this one, the laptop and Mallory's, with their addresses.
    const auto machines = [&](Client& c) {
        const std::size_t before = c.events.size();
        REQUIRE(c.lobby->machines(w.now).ok());
        REQUIRE(w.until([&] { return c.events.size() > before && c.answer<lobby::MachinesQuery>(); }));
        std::vector<lobby::MachineItem> out;
        const auto items = c.answer<lobby::MachinesQuery>();
        for (const auto& m : *items) out.push_back(std::get<lobby::MachineItem>(m));
        return out;
    };
    enter(desktop);
    auto listed = machines(desktop);
    REQUIRE(listed.size() == 3);
    CHECK(listed[0].address == "127.0.0.1");  // the desktop's, just used
    CHECK(listed[0].current);
    CHECK(listed[1].address == "127.0.0.2");
    CHECK_FALSE(listed[1].current);
    CHECK(listed[2].address == "127.0.0.1");
    CHECK(listed[1].last_used == "2027-01-15T08:02Z");
    // He forgets Mallory's: her secret no longer logs in. A machine is forgotten from a connection logged
    // in with the password (the desktop's client logs in again with it, in its own connection's place).
    REQUIRE(desktop.lobby->forget_machine(lobby::MachineKind::Secret, listed[1].id, w.now).ok());
    REQUIRE(w.until([&] { return desktop.refused("forget").has_value(); }));
    CHECK(desktop.refused("forget")->code == lobby::Refusal::PasswordNeeded);
    REQUIRE(desktop.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return desktop.lobby->by_password() && desktop.heard<lobby::Ok>(); }));
    desktop.events.clear();
    REQUIRE(desktop.lobby->forget_machine(lobby::MachineKind::Secret, listed[1].id, w.now).ok());
    REQUIRE(w.until([&] { return desktop.heard<lobby::Ok>(); }));
    CHECK(desktop.all<lobby::Ok>().back().text ==
          "that machine no longer logs in as Liam: it must prove the name again");
    CHECK(machines(desktop).size() == 2);
    RawPeer& m2 = raw("127.0.0.2", "lobby gobblet 3\nlogin Liam human secret " + mallory_secret + "\n");
    CHECK(heard(m2, "refused login ") == "refused login password-needed Liam has a password: log in with it");
    // Forgetting what is not his says so.
    REQUIRE(desktop.lobby->forget_machine(lobby::MachineKind::Secret, listed[1].id, w.now).ok());
    REQUIRE(w.until([&] { return desktop.refused("forget").has_value(); }));
    CHECK(desktop.refused("forget")->text ==
          "no machine secret " + std::to_string(listed[1].id) + " of yours");

    // Mallory comes back with the password; Liam sets a new one and forgets every other machine.
    m2.say("login Liam human password correct horse battery\n");
    heard(m2, "welcome Liam ");
    const std::string second = hex_secret();
    m2.say("secret " + second + "\n");
    heard(m2, "ok secret ");
    m2.say("bye\n");
    enter(desktop);
    CHECK(machines(desktop).size() == 3);
    REQUIRE(desktop.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return desktop.lobby->by_password() && desktop.heard<lobby::Ok>(); }));
    desktop.events.clear();
    REQUIRE(desktop.lobby->set_password("a new battery staple", true, w.now).ok());
    REQUIRE(w.until([&] { return desktop.heard<lobby::Ok>(); }));
    CHECK(desktop.all<lobby::Ok>().back().text ==
          "your password is set; 2 other machines forgotten (they must log in with it)");
    listed = machines(desktop);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].current);
    CHECK(srv.logged("set a password and forgot 2 other machines"));
    RawPeer& m3 = raw("127.0.0.2", "lobby gobblet 3\nlogin Liam human secret " + second + "\n");
    CHECK(heard(m3, "refused login ") == "refused login password-needed Liam has a password: log in with it");
    m3.say("login Liam human password correct horse battery\n");
    REQUIRE(
        w.until([&] { return m3.heard().size() >= 3 && m3.heard().back().starts_with("refused login "); }));
    CHECK(m3.heard().back() == "refused login wrong-password wrong password for Liam");
    Client laptop_again{"Liam"};
    laptop_again.secret = laptop.secret;
    w.enter(laptop_again);
    REQUIRE(w.until([&] { return laptop_again.refused("login").has_value(); }));
    CHECK(laptop_again.refused("login")->code == lobby::Refusal::PasswordNeeded);

    // An older client's password line still works (on a connection logged in with the password), and
    // keeps the machines as it always did.
    RawPeer& old = raw("127.0.0.1", "lobby gobblet 2\nlogin Liam human password a new battery staple\n");
    heard(old, "welcome Liam ");
    old.say("password yet another password\n");
    CHECK(heard(old, "ok password") == "ok password your password is set");
    enter(desktop);
    CHECK(machines(desktop).size() == 1);
    // A guest has none.
    RawPeer& guest = raw("127.0.0.1", "lobby gobblet 3\nlogin Zoe human guest\nmachines\n");
    CHECK(heard(guest, "refused machines ") ==
          "refused machines not-allowed a guest has no machines: nothing proves its name");
}

TEST_CASE_METHOD(Started, "guests are named ~NAME, a number added when taken, and play casual games only",
                 "[server]") {
    Client a{"Zoe"}, b{"Zoe"};
    w.enter(a, lobby::Role::Human, true);
    w.logged_in(a);
    w.enter(b, lobby::Role::Human, true);
    w.logged_in(b);
    CHECK(a.lobby->name() == "~Zoe");
    CHECK(b.lobby->name() == "~Zoe2");
    CHECK(a.all<lobby::Welcome>().at(0).role == lobby::Role::Guest);
    CHECK(a.lobby->post(terms("official 4 dm first-to 1 rated"), w.now).why() ==
          "a guest plays casual games only");
    REQUIRE_FALSE(a.lobby->set_password("a password for a guest", false, w.now).ok());
    REQUIRE(w.until([&] { return b.lobby->tables().players().size() == 2; }));
}

// Who may play a rated match and whom one may challenge are one rule each (net/lobby_terms.h): the client
// checks it before it sends, and the server holds it against a client that does not, in the same words.
TEST_CASE_METHOD(Started,
                 "the server holds the client's rules on rated matches and challenges, in the same words",
                 "[server]") {
    std::vector<std::unique_ptr<RawPeer>> raws;
    const auto raw = [&](const std::string& say) -> RawPeer& { return raw_saying(w, raws, say); };
    const auto heard = [&](RawPeer& r, const std::string& prefix) { return heard_first(w, r, prefix); };
    Client eamon{"Eamon"}, zoe{"Zoe"};
    w.enter(eamon);
    w.logged_in(eamon);
    w.enter(zoe, lobby::Role::Human, true);
    w.logged_in(zoe);
    const lobby::Terms rated = terms("official 4 dm first-to 1 rated");
    const std::string rated_text = lobby::terms_text(rated);
    // What the client says before it sends anything.
    const std::string guest_casual = zoe.lobby->post(rated, w.now).why();
    CHECK(guest_casual == "a guest plays casual games only");
    CHECK(zoe.lobby->challenge("Eamon", rated, w.now).why() == guest_casual);
    const std::string yourself = eamon.lobby->challenge("EAM0N", rated, w.now).why();
    CHECK(yourself == "you cannot challenge yourself");

    // A guest's client that sends them anyway.
    RawPeer& guest = raw("lobby gobblet 3\nlogin Ann human guest\npost " + rated_text + "\n");
    CHECK(heard(guest, "refused post ") == "refused post bad-terms " + guest_casual);
    REQUIRE(eamon.lobby->post(rated, w.now).ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().seeks().size() == 1; }));
    const lobby::Id seek = eamon.lobby->tables().seeks().begin()->first;
    guest.say("accept " + std::to_string(seek) + "\n");
    CHECK(heard(guest, "refused accept ") == "refused accept bad-terms " + guest_casual);
    guest.say("challenge Eamon " + rated_text + "\n");
    CHECK(heard(guest, "refused challenge ") ==
          "refused challenge bad-terms a rated match needs two registered players");
    // A registered player's that challenges a guest to a rated match, or themselves by a look-alike.
    RawPeer& liam = raw("lobby gobblet 3\nlogin Liam human secret " + hex_secret() + "\nchallenge ~Ann " +
                        rated_text + "\n");
    CHECK(heard(liam, "refused challenge ") ==
          "refused challenge bad-terms a rated match needs two registered players");
    liam.say("challenge L1AM " + rated_text + "\n");
    REQUIRE(w.until([&] { return liam.heard().back().starts_with("refused challenge not-allowed"); }));
    CHECK(liam.heard().back() == "refused challenge not-allowed " + yourself);
    w.idle();
    CHECK(eamon.lobby->tables().seeks().size() == 1);  // nothing was posted but Eamon's seek
}

TEST_CASE_METHOD(LiamAndEamon,
                 "seeks and challenges: seen by whom they concern, taken, declined, withdrawn, expired",
                 "[server]") {
    Client zoe{"Zoe"};
    enter_all(w, {&zoe});
    REQUIRE(liam.lobby->post(terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] {
        return zoe.lobby->tables().seeks().size() == 1 && eamon.lobby->tables().seeks().size() == 1;
    }));
    const lobby::Id seek = zoe.lobby->tables().seeks().begin()->first;
    CHECK(zoe.lobby->tables().seeks().at(seek).from == "Liam");

    // A challenge: only its two players see it.
    REQUIRE(liam.lobby->challenge("Eamon", terms("rogers 3 5m+2s first-to 1 rated"), w.now).ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().seeks().size() == 2; }));
    w.idle();
    CHECK(zoe.lobby->tables().seeks().size() == 1);
    lobby::Id challenge = 0;
    for (const auto& [id, sk] : eamon.lobby->tables().seeks())
        if (!sk.to.empty()) challenge = id;
    REQUIRE(eamon.lobby->decline(challenge, w.now).ok());
    REQUIRE(w.until([&] { return liam.all<lobby::Unseek>().size() == 1; }));
    CHECK(liam.all<lobby::Unseek>().at(0).why == lobby::SeekEnd::Declined);

    // An unanswered challenge expires after 60 s.
    REQUIRE(liam.lobby->challenge("Zoe", terms("official 4 dm first-to 2 rated"), w.now).ok());
    REQUIRE(w.until([&] { return zoe.lobby->tables().seeks().size() == 2; }));
    w.pass(61 * s);
    REQUIRE(w.until([&] { return zoe.lobby->tables().seeks().size() == 1; }));
    CHECK(zoe.all<lobby::Unseek>().back().why == lobby::SeekEnd::Expired);

    // Refusals.
    REQUIRE(liam.lobby->challenge("Nobody", terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("challenge").has_value(); }));
    CHECK(liam.refused("challenge")->code == lobby::Refusal::NotFound);
    for (int i = 0; i < 2; ++i)
        REQUIRE(liam.lobby->post(terms("official 3 none first-to 1 casual"), w.now).ok());
    REQUIRE(liam.lobby->post(terms("official 3 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("post").has_value(); }));
    CHECK(liam.refused("post")->code == lobby::Refusal::Limit);

    // Zoe takes the first seek: it goes, the match starts, Liam's other seeks go too.
    REQUIRE(zoe.lobby->accept(seek, w.now).ok());
    REQUIRE(w.until([&] { return World::match_of(liam) && World::match_of(zoe); }));
    REQUIRE(w.until(
        [&] { return eamon.lobby->tables().seeks().empty() && eamon.lobby->tables().games().size() == 1; }));
    CHECK(World::match_of(liam)->opponent == "Zoe");
    CHECK(World::match_of(zoe)->opponent == "Liam");
    CHECK(World::match_of(liam)->colour != World::match_of(zoe)->colour);
    CHECK(World::match_of(liam)->code != World::match_of(zoe)->code);
    CHECK(World::match_of(liam)->code.size() == 32);
    CHECK(eamon.lobby->tables().players().at("llam").playing);
    // A player in a match is busy.
    REQUIRE(liam.lobby->post(terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return liam.all<lobby::Refused>().size() == 3; }));
    CHECK(liam.refused("post")->code == lobby::Refusal::Busy);
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "a player's seeks: a login sees the open seeks and its own challenges only, a challenge received "
    "is not one of the three, and leaving takes them away",
    "[server]") {
    Client zoe{"Zoe"};
    REQUIRE(liam.lobby->post(terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(eamon.lobby->post(terms("official 3 none first-to 1 casual"), w.now).ok());
    REQUIRE(liam.lobby->challenge("Eamon", terms("official 4 none first-to 3 casual"), w.now).ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().seeks().size() == 3; }));

    // Zoe arrives: the two open seeks, not the challenge between the others.
    w.enter(zoe);
    w.logged_in(zoe);
    REQUIRE(w.until([&] { return zoe.lobby->tables().seeks().size() == 2; }));
    w.idle();
    CHECK(zoe.lobby->tables().seeks().size() == 2);
    for (const auto& [id, sk] : zoe.lobby->tables().seeks()) CHECK(sk.to.empty());

    // Zoe challenges Eamon too: Eamon, with one seek of his own and two challenges received, may post two
    // more.
    REQUIRE(zoe.lobby->challenge("Eamon", terms("rogers 3 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().seeks().size() == 4; }));
    for (int i = 0; i < 2; ++i)
        REQUIRE(eamon.lobby->post(terms("official 3 none first-to 2 casual"), w.now).ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().seeks().size() == 6; }));
    REQUIRE(eamon.lobby->post(terms("official 3 none first-to 2 casual"), w.now).ok());
    REQUIRE(w.until([&] { return eamon.refused("post").has_value(); }));
    CHECK(eamon.refused("post")->code == lobby::Refusal::Limit);

    // Eamon logs in from another machine while still online (the older connection is closed): the new
    // connection's lists hold the open seeks and both challenges to him, in the order they were made.
    Client eamon2{"Eamon"};
    eamon2.secret = eamon.secret;
    w.enter(eamon2);
    w.logged_in(eamon2);
    REQUIRE(w.until([&] {
        return !eamon.events.empty() &&
               eamon.events.back().text == "the server says: you logged in from another connection";
    }));
    eamon.lobby.reset();
    REQUIRE(eamon2.lobby->tables().seeks().size() == 6);
    std::vector<std::string> challengers;
    for (const auto& [id, sk] : eamon2.lobby->tables().seeks())
        if (!sk.to.empty()) challengers.push_back(sk.from);
    CHECK(challengers == std::vector<std::string>{"Liam", "Zoe"});
    w.idle();
    CHECK(zoe.lobby->tables().seeks().size() == 5);  // Liam's, Eamon's three, her challenge

    // Eamon leaves: his three seeks and both challenges to him go, for everyone.
    eamon2.lobby.reset();
    REQUIRE(w.until([&] { return liam.lobby->tables().seeks().size() == 1; }));
    CHECK(liam.lobby->tables().seeks().begin()->second.from == "Liam");
    REQUIRE(w.until([&] { return zoe.lobby->tables().seeks().size() == 1; }));
    std::vector<lobby::SeekEnd> ends;
    for (const auto& u : zoe.all<lobby::Unseek>()) ends.push_back(u.why);
    CHECK(ends == std::vector<lobby::SeekEnd>(4, lobby::SeekEnd::Left));
    // Zoe may post three seeks again: her challenge went with Eamon.
    for (int i = 0; i < 2; ++i)
        REQUIRE(zoe.lobby->post(terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return zoe.lobby->tables().seeks().size() == 3; }));
    REQUIRE(zoe.lobby->post(terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return zoe.lobby->tables().seeks().size() == 4; }));
    CHECK_FALSE(zoe.refused("post").has_value());
}

TEST_CASE_METHOD(LiamAndEamon,
                 "a whole match through the server: moves, chat, the result in the lobby and the record",
                 "[server]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm first-to 1 casual");
    CHECK(white->game->local_player() == 0);
    CHECK(white->match.name(0) == white->name);
    CHECK(white->game->watchers() == 0);
    REQUIRE(black->game->chat("good luck", w.now).ok());
    REQUIRE(w.until([&] { return white->saw(net::Event::Kind::Chat); }));
    CHECK(white->of(net::Event::Kind::Chat).at(0).text == "good luck");
    for (std::size_t i = 0; i < white_wins.size(); ++i) {
        w.now += 2 * s;
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
    }
    CHECK(white->match.phase() == MatchPhase::Over);
    CHECK(black->match.phase() == MatchPhase::Over);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>() && eamon.heard<lobby::Over>(); }));
    const auto over = liam.all<lobby::Over>().at(0);
    CHECK(over.result == lobby::Verdict::Player0);  // player 0 played White, and won
    CHECK(over.text == white->name + " wins: four in a row on row A");
    CHECK(liam.lobby->tables().games().empty());

    // The record, as the lobby gives it, reads back move by move.
    REQUIRE(liam.lobby->record(over.game, w.now).ok());
    REQUIRE(w.until([&] { return liam.answer<lobby::RecordQuery>().has_value(); }));
    const std::string text = liam.answer_text<lobby::RecordQuery>();
    const Expected<saves::Record, TranscriptError> r = saves::read_record(text);
    INFO(text);
    REQUIRE(r);
    CHECK(transcript_text(r->match.game().moves()) == white->moves());
    CHECK(r->match_id == over.game);
    // And the history.
    REQUIRE(eamon.lobby->history("Liam", 1, w.now).ok());
    REQUIRE(w.until([&] { return eamon.answer<lobby::HistoryQuery>().has_value(); }));
    const auto items = *eamon.answer<lobby::HistoryQuery>();
    REQUIRE(items.size() == 1);
    const auto h = std::get<lobby::HistoryItem>(items.at(0));
    CHECK(h.game == over.game);
    CHECK(h.score == std::array<int, 2>{1, 0});
    CHECK(h.names[0] == white->name);
    CHECK(h.result == lobby::Verdict::Player0);
}

TEST_CASE_METHOD(
    Started, "the lobby tells others of a login, a match start and a logout by one line each, not the lists",
    "[server][fan-out]") {
    // What keeps the lobby's cost linear per event (docs/server.md, "The server under load"): the lists
    // go whole to the newcomer only; every other connection gets the one entry that changed.
    std::vector<std::unique_ptr<Client>> guests;
    for (int i = 0; i < 10; ++i) {
        guests.push_back(std::make_unique<Client>("G" + std::to_string(i)));
        w.enter(*guests.back(), lobby::Role::Human, true);
        w.logged_in(*guests.back());
    }
    Client& g0 = *guests[0];
    Client& g1 = *guests[1];
    REQUIRE(w.until([&] { return g0.lobby->tables().players().size() == 10; }));
    // A game in progress and an open seek, so that every list has something in it.
    REQUIRE(g0.lobby->challenge("~G1", terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return !g1.lobby->tables().seeks().empty(); }));
    REQUIRE(g1.lobby->accept(g1.lobby->tables().seeks().begin()->first, w.now).ok());
    REQUIRE(guests[2]->lobby->post(terms("rogers 3 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] {
        return guests[9]->lobby->tables().games().size() == 1 &&
               guests[9]->lobby->tables().seeks().size() == 1;
    }));
    w.idle();
    // Lines each bystander has had so far; what comes after `mark` is counted in lines and bytes.
    std::vector<std::size_t> mark;
    const auto since = [&](const Client& c, std::size_t from) {
        std::vector<lobby::Message> out;
        const auto all = c.lines();
        for (std::size_t i = from; i < all.size(); ++i) out.push_back(all[i]);
        return out;
    };
    const auto bytes = [](const std::vector<lobby::Message>& lines) {
        std::size_t n = 0;
        for (const lobby::Message& m : lines) n += lobby::format_message(m).size();
        return n;
    };
    const auto set_mark = [&] {
        mark.clear();
        for (const auto& g : guests) mark.push_back(g->lines().size());
    };

    // A login: the newcomer gets the lists (11 players, the seek, the game, their ends); everyone else
    // one `player` line of 31 bytes.
    set_mark();
    Client newcomer{"New"};
    w.enter(newcomer, lobby::Role::Human, true);
    w.logged_in(newcomer);
    w.idle();
    CHECK(newcomer.all<lobby::PlayerItem>().size() == 11);
    CHECK(newcomer.all<lobby::SeekItem>().size() == 1);
    CHECK(newcomer.all<lobby::GameItem>().size() == 1);
    CHECK(newcomer.all<lobby::End>().size() == 4);
    for (std::size_t i = 0; i < guests.size(); ++i) {
        INFO("guest " << i);
        const auto got = since(*guests[i], mark[i]);
        REQUIRE(got.size() == 1);
        const auto* p = std::get_if<lobby::PlayerItem>(&got[0]);
        REQUIRE(p);
        CHECK(p->name == "~New");
        CHECK(!p->playing);
        CHECK(bytes(got) == std::string("player ~New guest idle - - - - -\n").size());
    }

    // A match start: each bystander gets its two players' new state and the game; the seek of a player
    // who starts playing goes with one `unseek`.
    Client& g2 = *guests[2];
    Client& g3 = *guests[3];
    set_mark();
    const std::size_t new_mark = newcomer.lines().size();
    REQUIRE(g3.lobby->accept(g2.lobby->tables().seeks().begin()->first, w.now).ok());
    REQUIRE(w.until([&] { return newcomer.lobby->tables().games().size() == 2; }));
    w.idle();
    const auto seen = since(newcomer, new_mark);
    CHECK(seen.size() == 4);  // unseek (taken), player ~G2 playing, player ~G3 playing, game
    int players = 0, games = 0, unseeks = 0;
    for (const lobby::Message& m : seen) {
        players += std::holds_alternative<lobby::PlayerItem>(m);
        games += std::holds_alternative<lobby::GameItem>(m);
        unseeks += std::holds_alternative<lobby::Unseek>(m);
    }
    CHECK(players == 2);
    CHECK(games == 1);
    CHECK(unseeks == 1);
    for (std::size_t i = 4; i < guests.size(); ++i) CHECK(since(*guests[i], mark[i]).size() == seen.size());

    // A logout: one `left` line each.
    set_mark();
    newcomer.lobby.reset();
    REQUIRE(w.until([&] { return g0.lobby->tables().players().size() == 10; }));
    w.idle();
    for (std::size_t i = 0; i < guests.size(); ++i) {
        INFO("guest " << i);
        const auto got = since(*guests[i], mark[i]);
        REQUIRE(got.size() == 1);
        CHECK(std::holds_alternative<lobby::Left>(got[0]));
    }
}

TEST_CASE("a big lobby lists the first players and games to come; everyone sees themselves and their games",
          "[server][listing]") {
    // docs/lobby.md, "Big lobbies": with caps of 3 players and 1 game, a login, a leave, a match start and
    // its end reach everyone only when what changed is listed.
    Started started([](server::ServerConfig& c) {
        c.hub.listed_players = 3;
        c.hub.listed_games = 1;
    });
    auto& [srv, w] = started;
    std::vector<std::unique_ptr<Client>> g;
    for (int i = 0; i < 6; ++i) {
        g.push_back(std::make_unique<Client>("G" + std::to_string(i)));
        w.enter(*g.back(), lobby::Role::Human, true);
        w.logged_in(*g.back());
    }
    const auto names = [](const Client& c) {
        std::vector<std::string> out;
        for (const auto& [key, p] : c.lobby->tables().players()) out.push_back(p.name);
        std::sort(out.begin(), out.end());
        return out;
    };
    using Names = std::vector<std::string>;
    w.idle();
    // The first three are listed: they see each other; the others see them and themselves.
    CHECK(names(*g[0]) == Names{"~G0", "~G1", "~G2"});
    CHECK(names(*g[2]) == Names{"~G0", "~G1", "~G2"});
    CHECK(names(*g[3]) == Names{"~G0", "~G1", "~G2", "~G3"});
    CHECK(names(*g[5]) == Names{"~G0", "~G1", "~G2", "~G5"});

    // A listed player leaves: everyone hears it, and the longest waiting takes the place.
    g[1]->lobby.reset();
    REQUIRE(w.until([&] { return names(*g[0]) == Names{"~G0", "~G2", "~G3"}; }));
    w.idle();
    CHECK(names(*g[3]) == Names{"~G0", "~G2", "~G3"});
    CHECK(names(*g[4]) == Names{"~G0", "~G2", "~G3", "~G4"});
    // Another at once: its place is filled at the next refill, seconds later, not at each leave.
    g[3]->lobby.reset();
    REQUIRE(w.until([&] { return names(*g[0]) == Names{"~G0", "~G2"}; }));
    w.idle();
    CHECK(names(*g[4]) == Names{"~G0", "~G2", "~G4"});
    CHECK(names(*g[5]) == Names{"~G0", "~G2", "~G5"});
    w.now += server::refill_every;
    REQUIRE(w.until([&] { return names(*g[0]) == Names{"~G0", "~G2", "~G4"}; }));
    w.idle();
    CHECK(names(*g[5]) == Names{"~G0", "~G2", "~G4", "~G5"});

    // Two matches: the first is listed, the second only its players see (and G4's new state, listed,
    // reaches everyone; G5's only G5).
    const auto challenge = [&](Client& a, Client& b) {
        REQUIRE(a.lobby->challenge("~" + b.name, terms("official 4 none first-to 1 casual"), w.now).ok());
        REQUIRE(w.until([&] { return !b.lobby->tables().seeks().empty(); }));
        REQUIRE(b.lobby->accept(b.lobby->tables().seeks().begin()->first, w.now).ok());
        REQUIRE(w.until([&] { return World::match_of(a) && World::match_of(b); }));
        return World::match_of(a)->game;
    };
    const std::string first = challenge(*g[0], *g[2]);
    REQUIRE(w.until([&] { return g[5]->lobby->tables().games().size() == 1; }));
    const std::string second = challenge(*g[4], *g[5]);
    REQUIRE(w.until([&] {
        return g[4]->lobby->tables().games().size() == 2 && g[5]->lobby->tables().games().size() == 2;
    }));
    w.idle();
    CHECK(g[0]->lobby->tables().games().size() == 1);
    CHECK(g[0]->lobby->tables().games().contains(first));
    const auto playing = [](const Client& c, const std::string& name) {
        for (const auto& [key, p] : c.lobby->tables().players())
            if (p.name == name) return p.playing;
        return false;
    };
    CHECK(playing(*g[0], "~G4"));
    CHECK(playing(*g[5], "~G5"));

    // A newcomer sees the three listed players, themselves, and the listed game.
    Client late{"Late"};
    w.enter(late, lobby::Role::Human, true);
    w.logged_in(late);
    CHECK(names(late) == Names{"~G0", "~G2", "~G4", "~Late"});
    CHECK(late.lobby->tables().games().size() == 1);
    CHECK(late.lobby->tables().games().contains(first));

    // The listed game ends: everyone hears it, and the other game takes its place in every list.
    w.play_match(*g[0]);
    w.play_match(*g[2]);
    REQUIRE(w.until([&] { return g[0]->game->playing() && g[2]->game->playing(); }));
    REQUIRE(g[0]->game->resign(w.now).ok());
    REQUIRE(w.until([&] { return late.lobby->tables().games().empty(); }));
    w.now += server::refill_every;
    REQUIRE(w.until([&] {
        return late.lobby->tables().games().size() == 1 && late.lobby->tables().games().contains(second);
    }));
    w.idle();
    CHECK(g[0]->lobby->tables().games().size() == 1);
    CHECK(g[0]->lobby->tables().games().contains(second));
    CHECK(g[5]->lobby->tables().games().size() == 1);
    CHECK_FALSE(playing(late, "~G0"));
    // Its end now reaches everyone too.
    w.play_match(*g[4]);
    w.play_match(*g[5]);
    REQUIRE(w.until([&] { return g[4]->game->playing() && g[5]->game->playing(); }));
    REQUIRE(g[5]->game->resign(w.now).ok());
    REQUIRE(w.until(
        [&] { return late.lobby->tables().games().empty() && g[0]->lobby->tables().games().empty(); }));
    CHECK(g[5]->lobby->tables().games().empty());
}
