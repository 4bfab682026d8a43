// The server against clients that break the rules (tests/server_support.h, tests/tools/raw_peer.h):
// garbage, oversize lines, floods of lines and of connections, escapes in names and chat, login guessing
// from another address, a client that stops reading, a half-open connection, bad game codes, a player who
// cheats. Whatever they do, the real players are served and nothing reaches a screen or the log with a
// control character.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// Liam and Eamon in a casual match, both at the board.
void in_a_match(World& w, Client& liam, Client& eamon) {
    meet(w, liam, eamon, "official 4 none first-to 1 casual");
    w.play_match(liam);
    w.play_match(eamon);
    REQUIRE(w.until([&] { return liam.game->playing() && eamon.game->playing(); }));
}

bool closed_with(World& w, RawPeer& r, const std::string& last) {
    return w.until([&] { return r.closed_by_peer(); }) && !r.heard().empty() && r.heard().back() == last;
}

bool has_control(std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if ((c < 0x20 && c != '\n') || c == 0x7f) return true;
        if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0) return true;
    }
    return false;
}

}  // namespace

TEST_CASE_METHOD(
    Started,
    "garbage, a wrong first line, an oversize line and a foreign version end the connection with the "
    "reason",
    "[server][hostile]") {
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& a = raw(w, keep);
    a.say("GET / HTTP/1.0\n");
    CHECK(closed_with(w, a, "error expected lobby gobblet 4, or a game's hello"));
    RawPeer& b = raw(w, keep);
    b.say(std::string(600, 'x'));
    CHECK(closed_with(w, b, "error a line longer than 512 bytes"));
    RawPeer& c = raw(w, keep);
    c.say("lobby gobblet 5\n");
    CHECK(closed_with(w, c, "error this server speaks gobblet lobby protocol versions 1 to 4"));
    RawPeer& d = raw(w, keep);
    d.say("hello gobblet 1 ABCDEFGH new Eamon\n");
    CHECK(
        closed_with(w, d, "error this server's games need gobblet protocol version 2 to 5: update gobblet"));
    RawPeer& d6 = raw(w, keep);
    d6.say("hello gobblet 6 ABCDEFGH new Eamon\n");
    CHECK(closed_with(
        w, d6, "error this server's games need gobblet protocol version 2 to 5: this server is older"));
    RawPeer& e = raw(w, keep);
    e.say("lobby gobblet 1\nwelcome Liam human new - - - -\n");
    REQUIRE(w.until([&] { return e.closed_by_peer(); }));
    CHECK(e.heard().back() == "error a message only servers send: welcome");
    RawPeer& f = raw(w, keep);
    f.say("lobby gobblet 1\npost official 4 none first-to 1 casual\n");
    CHECK(closed_with(w, f, "error log in first, not post"));
    RawPeer& g = raw(w, keep);
    g.say("lobby gobblet 1\nlogin Liam human secret \x1b[2J\n");
    REQUIRE(w.until([&] { return g.closed_by_peer(); }));
    CHECK(g.heard().back().starts_with("error "));
    // A silent connection is closed after the greeting's time.
    RawPeer& h = raw(w, keep);
    w.pass(6 * s);
    REQUIRE(w.until([&] { return h.closed_by_peer(); }));
    CHECK(h.heard().back() == "error no greeting within 5 s");
    CHECK_FALSE(has_control(srv.log.str()));
}

TEST_CASE_METHOD(Started, "escapes in names and chat never reach another screen or the log",
                 "[server][hostile]") {
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& m = raw(w, keep);
    // A C1 control (the one-byte CSI) and a right-to-left override in a guest's chat.
    m.say(
        "lobby gobblet 1\nlogin Mallory human guest\nsay hi \xC2\x9B"
        "2J \xE2\x80\xAE"
        "evil\n");
    REQUIRE(w.until([&] { return liam.heard<lobby::Chat>(); }));
    const auto chat = liam.all<lobby::Chat>().at(0);
    CHECK(chat.from == "~Mallory");
    CHECK(chat.text == "hi 2J evil");
    CHECK_FALSE(has_control(chat.text));
    // A name with an escape is not a name: the connection ends, and nobody saw it.
    RawPeer& n = raw(w, keep);
    n.say("lobby gobblet 1\nlogin Ev\xC2\x9Bil human guest\n");
    REQUIRE(w.until([&] { return n.closed_by_peer(); }));
    CHECK(liam.lobby->tables().players().size() == 2);
    CHECK_FALSE(has_control(srv.log.str()));
}

TEST_CASE_METHOD(Started, "login guessing from 127.0.0.2 does not lock out the real player on 127.0.0.1",
                 "[server][hostile][limits]") {
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    liam.lobby->leave("bye", w.now);
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& guesser = raw(w, keep, "127.0.0.2");
    guesser.say("lobby gobblet 1\n");
    for (int i = 0; i < 8; ++i) guesser.say("login Liam human secret " + hex_secret() + "\n");
    REQUIRE(w.until([&] {
        int n = 0;
        for (const auto& l : guesser.heard()) n += l.starts_with("refused login ");
        return n == 8;
    }));
    int taken = 0, limited = 0;
    for (const auto& l : guesser.heard()) {
        taken += l.starts_with("refused login name-taken ");
        limited += l ==
                   "refused login too-many-attempts too many failed logins from your address lately: wait a "
                   "minute and try again";
    }
    CHECK(taken == 5);  // five at once, then the bucket is empty
    CHECK(limited == 3);
    // The real player, from the real machine, logs in at once.
    Client back("Liam");
    back.secret = liam.secret;
    w.enter(back);
    w.logged_in(back);
    CHECK(back.all<lobby::Welcome>().at(0).how == lobby::How::Secret);
}

TEST_CASE_METHOD(Started, "a flood of connections from one address is sent away; another address is served",
                 "[server][hostile][limits]") {
    std::vector<std::unique_ptr<RawPeer>> keep;
    for (int i = 0; i < 70; ++i) raw(w, keep, "127.0.0.2");
    w.idle(10);
    int sent_away = 0;
    for (const auto& r : keep)
        if (r->closed_by_peer() && !r->heard().empty() &&
            r->heard().back() == "bye busy: too many connections from your address; try again shortly")
            ++sent_away;
    CHECK(sent_away == 6);  // sixty-four may wait to log in, per address
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
}

TEST_CASE("when too many wait to log in, the oldest waiting makes way; those logged in no longer count",
          "[server][hostile][limits]") {
    Started started([](server::ServerConfig& c) { c.hub.waiting = 2; });
    auto& [srv, w] = started;
    std::vector<std::unique_ptr<RawPeer>> keep;
    // One logs in: it waits no longer.
    RawPeer& in = raw(w, keep);
    in.say("lobby gobblet 2\nlogin Ann human guest\n");
    REQUIRE(w.until([&] {
        for (const auto& l : in.heard())
            if (l.starts_with("welcome ~Ann ")) return true;
        return false;
    }));
    // Two stay silent after their greeting: both may wait.
    RawPeer& older = raw(w, keep);
    older.say("lobby gobblet 2\n");
    w.idle(5);
    w.now += 10;  // (so that the two are opened at different times)
    RawPeer& newer = raw(w, keep);
    newer.say("lobby gobblet 2\n");
    w.idle(5);
    CHECK_FALSE(older.closed_by_peer());
    CHECK_FALSE(newer.closed_by_peer());
    // A third: the oldest waiting makes way, not the one logged in.
    w.now += 10;
    RawPeer& third = raw(w, keep);
    CHECK(closed_with(w, older, "bye busy: too many connections at once; try again shortly"));
    w.idle(5);
    CHECK_FALSE(newer.closed_by_peer());
    CHECK_FALSE(third.closed_by_peer());
    CHECK_FALSE(in.closed_by_peer());
    // Its login still works.
    third.say("lobby gobblet 2\nlogin Bo human guest\n");
    REQUIRE(w.until([&] {
        for (const auto& l : third.heard())
            if (l.starts_with("welcome ~Bo ")) return true;
        return false;
    }));
}

TEST_CASE_METHOD(Started, "a flood of lines from one client does not keep the server from the others",
                 "[server][hostile]") {
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& flood = raw(w, keep);
    std::string lines = "lobby gobblet 1\nlogin Mallory human guest\n";
    for (int i = 0; i < 2000; ++i) lines += "say flood " + std::to_string(i) + "\n";
    flood.say(lines);
    REQUIRE(liam.lobby->say("still here", w.now).ok());
    REQUIRE(w.until([&] {
        for (const auto& c : liam.all<lobby::Chat>())
            if (c.text == "still here") return true;
        return false;
    }));
    REQUIRE(w.until(
        [&] {
            int n = 0;
            for (const auto& l : flood.heard()) n += l.starts_with("refused say slow-down ");
            return n == 2000 - 5;
        },
        3000));
    // Five lines of the flood reached the lobby: the chat limit held.
    int flooded = 0;
    for (const auto& c : liam.all<lobby::Chat>()) flooded += c.from == "~Mallory";
    CHECK(flooded == 5);
}

TEST_CASE("a client that stops reading is dropped, and a half-open one too; the others are served",
          "[server][hostile]") {
    Serving srv;
    srv.config.output_limit = 64 << 10;
    // Every question answered (not ten, then refusals of a few bytes): a flood of answers is the point.
    srv.config.hub.query_burst = srv.config.hub.address_query_burst = 1'000'000;
    {
        // A player with fifty finished games: a page of history is a few kilobytes.
        server::Store store = server::Store::open(srv.config.db);
        const auto liam = store.accounts().create_account("Liam", unix0, "llam");
        for (int i = 0; i < 50; ++i) {
            const auto g = store.games().create_game(
                MatchSettings{},
                {server::GamePlayer{liam->id, "Liam"}, server::GamePlayer{std::nullopt, "~Zoe"}}, false,
                unix0);
            store.games().finish_game(g.id, server::GameOutcome::Player0, "Liam wins", unix0 + i, {1, 0});
        }
    }
    srv.start(t0);
    World w(srv);
    Client eamon("Eamon");
    w.enter(eamon);
    w.logged_in(eamon);
    std::vector<std::unique_ptr<RawPeer>> keep;
    // It asks and asks, and never reads an answer.
    RawPeer& stall = raw(w, keep, {}, false);
    stall.say("lobby gobblet 1\nlogin Mallory human guest\n");
    std::string asks;
    for (int i = 0; i < 2000; ++i) asks += "history Liam 1\n";
    for (int i = 0; i < 5 && !srv.logged("stopped reading"); ++i) {
        stall.say(asks);
        w.idle(20);
    }
    REQUIRE(w.until([&] { return srv.logged("stopped reading"); }));
    REQUIRE(w.until([&] { return !eamon.lobby->tables().players().contains("~mallory"); }));
    // Half open: logged in, then silent (no pong, no word) while the socket stays open.
    RawPeer& mute = raw(w, keep, {}, false);
    mute.say("lobby gobblet 1\nlogin Silent human guest\n");
    const std::string silent = lobby::name_key("~Silent");
    REQUIRE(w.until([&] { return eamon.lobby->tables().players().contains(silent); }));
    w.pass(31 * s);
    REQUIRE(w.until([&] { return !eamon.lobby->tables().players().contains(silent); }));
    CHECK(srv.logged("no word for 30 s"));
    CHECK(eamon.lobby->in_lobby());
}

TEST_CASE_METHOD(
    Started,
    "a quiet connection is pinged and stays while it answers; one that never logs in goes after 120 s",
    "[server][hostile][limits]") {
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& quiet = raw(w, keep);
    quiet.say("lobby gobblet 2\nlogin Quiet human guest\n");
    REQUIRE(w.until([&] { return !quiet.heard().empty() && quiet.heard().back() == "end tournaments"; }));
    RawPeer& lurker = raw(w, keep);
    lurker.say("lobby gobblet 2\n");
    // Ten seconds of silence: the server asks whether it is still there; it answers.
    const auto pings = [](const RawPeer& r) {
        std::vector<std::string> out;
        for (const auto& l : r.heard())
            if (l.starts_with("ping ")) out.push_back(l);
        return out;
    };
    w.pass(9 * s);
    CHECK(pings(quiet).empty());
    w.pass(2 * s);
    REQUIRE(pings(quiet).size() == 1);
    quiet.say("pong " + pings(quiet)[0].substr(5) + "\n");
    // Answering keeps it: past 30 s from its login, pinged again and answering again (the lurker too).
    std::size_t lurker_pongs = 0;
    const auto lurker_answers = [&] {
        for (const auto all = pings(lurker); lurker_pongs < all.size(); ++lurker_pongs)
            lurker.say("pong " + all[lurker_pongs].substr(5) + "\n");
    };
    for (int i = 0; i < 4; ++i) {
        const std::size_t before = pings(quiet).size();
        w.pass(11 * s);
        REQUIRE(pings(quiet).size() == before + 1);
        quiet.say("pong " + pings(quiet).back().substr(5) + "\n");
        lurker_answers();
    }
    CHECK_FALSE(quiet.closed_by_peer());
    // The lurker greeted but never logged in: it answers pings too, and still goes after 120 s.
    CHECK_FALSE(lurker.closed_by_peer());
    CHECK(lurker_pongs >= 3);
    for (int i = 0; i < 10 && !lurker.closed_by_peer(); ++i) {
        lurker_answers();
        w.pass(10 * s);
    }
    REQUIRE(w.until([&] { return lurker.closed_by_peer(); }));
    CHECK(lurker.heard().back() == "error no login within 120 s");
    // The quiet one, silent from now on, goes 30 s after its last word.
    w.pass(31 * s);
    REQUIRE(w.until([&] { return quiet.closed_by_peer(); }));
    CHECK(srv.logged("no word for 30 s"));
}

TEST_CASE_METHOD(LiamAndEamon,
                 "bad game codes are refused and limited per address; the real code still joins",
                 "[server][hostile][limits]") {
    meet(w, liam, eamon, "official 4 none first-to 1 casual");
    std::vector<std::unique_ptr<RawPeer>> keep;
    for (int i = 0; i < 7; ++i) {
        RawPeer& g = raw(w, keep, "127.0.0.2");
        g.say("hello gobblet 2 " + net::new_code(32) + " new Mallory\n");
        REQUIRE(w.until([&] { return g.closed_by_peer(); }));
        CHECK(g.heard().back() == (i < 5 ? "error wrong join code"
                                         : "error too many wrong codes lately: wait a minute and try again"));
    }
    w.play_match(liam);
    w.play_match(eamon);
    REQUIRE(w.until([&] { return liam.game->playing() && eamon.game->playing(); }));
}

TEST_CASE_METHOD(LiamAndEamon, "a player who cheats is cut off, and counts as away for the other",
                 "[server][hostile]") {
    meet(w, liam, eamon, "official 4 none first-to 1 casual");
    w.play_match(liam);
    // Eamon's game connection is a raw one that plays a piece it does not have.
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& cheat = raw(w, keep);
    cheat.say("hello gobblet 2 " + World::match_of(eamon)->code + " new Eamon\n");
    REQUIRE(w.until([&] { return cheat.line_starting("ready").has_value(); }));
    cheat.say(net::Sync{cheat.welcome_digest()});
    REQUIRE(w.until([&] { return cheat.line_starting("go ").has_value() && liam.game->playing(); }));
    const bool cheat_white = cheat.welcome_you() == 0;
    if (!cheat_white) w.move(liam, liam, "W1A1");  // (the mover's own board shows it; the raw one heard it)
    w.idle();
    // Its state number: the facts it heard since its go (news of who was away included).
    cheat.say("move " + std::to_string(cheat.facts_heard()) + " " + std::string(cheat_white ? "1" : "2") +
              " C3A3\n");
    REQUIRE(w.until([&] { return cheat.closed_by_peer(); }));
    CHECK(cheat.heard().back().starts_with("error an illegal move: C3A3"));
    REQUIRE(w.until([&] { return liam.game->absence(liam.game->remote_player()).has_value(); }));
}

namespace {

// How many lines the peer heard that start with `prefix`.
int heard_starting(const RawPeer& r, std::string_view prefix) {
    int n = 0;
    for (const auto& l : r.heard()) n += l.starts_with(prefix);
    return n;
}

int heard_starting(const std::vector<std::unique_ptr<RawPeer>>& peers, std::string_view prefix) {
    int n = 0;
    for (const auto& r : peers) n += heard_starting(*r, prefix);
    return n;
}

// Liam registered, with a password, and out of the lobby again.
void register_with_password(World& w, Client& liam, const std::string& password) {
    w.enter(liam);
    w.logged_in(liam);
    REQUIRE(liam.lobby->set_password(password, false, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Ok>(); }));
    liam.lobby->leave("bye", w.now);
    w.idle();
}

// 127.0.0.N, for the N-th of many attacking addresses.
std::string address(int n) { return "127.0." + std::to_string(n / 250) + "." + std::to_string(10 + n % 250); }

}  // namespace

TEST_CASE_METHOD(Started,
                 "sixty connections guessing a password at once from one address get five checks, not sixty",
                 "[server][hostile][limits]") {
    Client liam("Liam");
    register_with_password(w, liam, "correct horse battery");
    std::vector<std::unique_ptr<RawPeer>> keep;
    // Every guess is sent before any hash has run: a limit counted only after the check lets them all by.
    for (int i = 0; i < 60; ++i)
        raw(w, keep, "127.0.0.2")
            .say("lobby gobblet 2\nlogin Liam human password guess number " + std::to_string(i) + "\n");
    const auto answered = [&] { return heard_starting(keep, "refused login ") == 60; };
    REQUIRE(w.until(answered));
    CHECK(heard_starting(keep, "refused login wrong-password ") == 5);
    CHECK(heard_starting(keep,
                         "refused login too-many-attempts too many password attempts from your address "
                         "lately") == 55);
    // Ten seconds later, every connection guesses again: the bucket gave back five.
    w.pass(10 * s);
    for (const auto& r : keep) r->say("login Liam human password yet another guess\n");
    REQUIRE(w.until([&] { return heard_starting(keep, "refused login ") == 120; }));
    CHECK(heard_starting(keep, "refused login wrong-password ") == 10);
    // The real player, from another address, logs in with the password at once.
    Client laptop("Liam");
    w.enter(laptop);
    REQUIRE(w.until([&] { return laptop.lobby->phase() == lobby::Client::Phase::Greeted; }));
    REQUIRE(laptop.lobby->login_password("correct horse battery", w.now).ok());
    w.logged_in(laptop);
    CHECK(laptop.all<lobby::Welcome>().at(0).how == lobby::How::Password);
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "forty addresses failing at their own limits keep out neither a right secret, a guest nor a right "
    "code",
    "[server][hostile][limits]") {
    in_a_match(w, liam, eamon);
    liam.lobby->leave("bye", w.now);
    w.idle();
    // Forty addresses each guess Liam's secret and game codes until their own limits stop them.
    std::vector<std::unique_ptr<RawPeer>> keep;
    for (int a = 0; a < 40; ++a) {
        std::string guesses = "lobby gobblet 2\n";
        for (int i = 0; i < 7; ++i) guesses += "login Liam human secret " + hex_secret() + "\n";
        raw(w, keep, address(a)).say(guesses);
        for (int i = 0; i < 6; ++i)
            raw(w, keep, address(a)).say("hello gobblet 2 " + net::new_code(32) + " new Mallory\n");
        w.idle(2);  // (the server accepts them: a listening socket's queue is short)
    }
    REQUIRE(w.until([&] {
        return heard_starting(keep, "refused login ") == 40 * 7 &&
               heard_starting(keep, "error wrong join code") +
                       heard_starting(keep, "error too many wrong codes") ==
                   40 * 6;
    }));
    // What all addresses share went first; then each address had one more try before it waited too.
    const int checked = heard_starting(keep, "refused login name-taken ");
    CHECK(checked >= net::GuessGuard::all_burst);
    CHECK(checked <= net::GuessGuard::all_burst + 40);
    const int codes = heard_starting(keep, "error wrong join code");
    CHECK(codes >= net::GuessGuard::all_burst);
    CHECK(codes <= net::GuessGuard::all_burst + 40);
    // A stranger's first wrong code is still checked; the next waits with everyone who guessed lately...
    RawPeer& stranger = raw(w, keep, "127.0.0.3");
    stranger.say("hello gobblet 2 " + net::new_code(32) + " new Mallory\n");
    CHECK(closed_with(w, stranger, "error wrong join code"));
    RawPeer& again = raw(w, keep, "127.0.0.3");
    again.say("hello gobblet 2 " + net::new_code(32) + " new Mallory\n");
    CHECK(closed_with(w, again,
                      "error too many wrong codes from many addresses lately: wait a minute and try again"));
    // ...but a right secret, a guest and a right code from addresses that guessed nothing get in at once.
    Client back("Liam");
    back.secret = liam.secret;
    w.enter(back);
    w.logged_in(back);
    CHECK(back.all<lobby::Welcome>().at(0).how == lobby::How::Secret);
    Client guest("Zoe");
    w.enter(guest, lobby::Role::Human, true);
    w.logged_in(guest);
    CHECK(guest.all<lobby::Welcome>().at(0).how == lobby::How::Guest);
    eamon.game.reset();  // Eamon's connection drops; he comes back with his code
    REQUIRE(w.until([&] { return liam.game->absence(liam.game->remote_player()).has_value(); }));
    w.play_match(eamon);
    REQUIRE(w.until([&] { return eamon.game->playing(); }));
}

TEST_CASE_METHOD(Started,
                 "bidirectional isolates and marks in chat and names reach neither a screen nor the log",
                 "[server][hostile]") {
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& m = raw(w, keep);
    // An isolate that turns the rest of the line around, marks, and a line separator, in a guest's chat.
    m.say(
        "lobby gobblet 2\nlogin Mallory human guest\nsay Liam \xE2\x81\xA7"
        "resigns\xE2\x81\xA9 \xE2\x80\x8F"
        "now\xD8\x9C\xE2\x80\xA8"
        "ok\xE2\x80\xA9\n");
    REQUIRE(w.until([&] { return liam.heard<lobby::Chat>(); }));
    CHECK(liam.all<lobby::Chat>().at(0).text == "Liam resigns nowok");
    // The client's reason for leaving goes to the log: cleaned too.
    m.say(
        "error bye \xE2\x81\xA6"
        "everyone\xE2\x80\x8E\n");
    REQUIRE(w.until([&] { return srv.logged("the client reports: bye everyone"); }));
    for (const std::string bad : {"\xE2\x81\xA6", "\xE2\x81\xA7", "\xE2\x81\xA9", "\xE2\x80\x8E",
                                  "\xE2\x80\x8F", "\xD8\x9C", "\xE2\x80\xA8", "\xE2\x80\xA9"})
        CHECK(srv.log.str().find(bad) == std::string::npos);
}

namespace {

// Opens `n` connections from `from`, `batch` at a time, each saying `say(i)`, and waits for each batch's
// answers (a line that `answered` takes, or the close).
void connect_many(World& w, std::vector<std::unique_ptr<RawPeer>>& keep, const std::string& from, int n,
                  int batch, const std::function<std::string(int)>& say,
                  const std::function<bool(const std::string&)>& answered) {
    for (int first = 0; first < n; first += batch) {
        const std::size_t start = keep.size();
        for (int i = first; i < std::min(n, first + batch); ++i) raw(w, keep, from).say(say(i));
        REQUIRE(w.until([&] {
            for (std::size_t k = start; k < keep.size(); ++k) {
                const RawPeer& r = *keep[k];
                bool done = r.closed_by_peer();
                for (const auto& l : r.heard()) done = done || answered(l);
                if (!done) return false;
            }
            return true;
        }));
    }
}

}  // namespace

TEST_CASE_METHOD(
    Started, "one address cannot fill the server with guests: past 32 logged in, a clear bye; others get in",
    "[server][hostile][limits]") {
    std::vector<std::unique_ptr<RawPeer>> keep;
    connect_many(
        w, keep, "127.0.0.2", 40, 8,
        [](int i) { return "lobby gobblet 2\nlogin Guest" + std::to_string(i) + " human guest\n"; },
        [](const std::string& l) { return l.starts_with("welcome ") || l.starts_with("bye "); });
    CHECK(heard_starting(keep, "welcome ~Guest") == 32);
    CHECK(heard_starting(keep,
                         "bye busy: too many players logged in from your address (32); try again "
                         "later") == 8);
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    CHECK(liam.lobby->tables().players().size() == 33);
}

TEST_CASE("one address cannot take every connection of a small server: a quarter of --max-connections",
          "[server][hostile][limits]") {
    Started started([](server::ServerConfig& c) { c.max_connections = 60; });
    auto& [srv, w] = started;
    std::vector<std::unique_ptr<RawPeer>> keep;
    connect_many(
        w, keep, "127.0.0.2", 60, 10,
        [](int i) { return "lobby gobblet 2\nlogin Guest" + std::to_string(i) + " human guest\n"; },
        [](const std::string& l) { return l.starts_with("welcome ") || l.starts_with("bye "); });
    CHECK(heard_starting(keep, "welcome ~Guest") == 15);
    CHECK(heard_starting(keep, "bye busy: too many connections from your address; try again shortly") == 45);
    // The server is not full: the next real player, from elsewhere, gets in.
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
}

TEST_CASE_METHOD(Started,
                 "one address registers ten names at once, then one every 30 s; a guest login still works",
                 "[server][hostile][limits]") {
    std::vector<std::unique_ptr<RawPeer>> keep;
    const auto registration = [](int i) {
        return "lobby gobblet 2\nlogin Name" + std::to_string(i) + " human secret " + hex_secret() + "\n";
    };
    const auto answered = [](const std::string& l) {
        return l.starts_with("welcome ") || l.starts_with("refused login ");
    };
    connect_many(w, keep, "127.0.0.2", 25, 5, registration, answered);
    CHECK(heard_starting(keep, "welcome Name") == 10);
    CHECK(heard_starting(keep,
                         "refused login limit too many names registered from your address lately: wait "
                         "a few minutes, or log in as a guest") == 15);
    for (const auto& r : keep) r->close();
    w.idle();
    // The refused connection may still log in as a guest; half a minute later, one more name.
    RawPeer& g = raw(w, keep, "127.0.0.2");
    g.say("lobby gobblet 2\nlogin Name99 human secret " + hex_secret() + "\nlogin Sam human guest\n");
    REQUIRE(w.until([&] { return heard_starting(g, "welcome ~Sam ") == 1; }));
    w.pass(30 * s);
    std::vector<std::unique_ptr<RawPeer>> later;
    connect_many(
        w, later, "127.0.0.2", 2, 2, [&](int i) { return registration(100 + i); }, answered);
    CHECK(heard_starting(later, "welcome Name10") == 1);
    // Another address registers as it likes.
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    CHECK(liam.all<lobby::Welcome>().at(0).how == lobby::How::New);
    CHECK(srv.reader().accounts().find_account("Name9"));
    CHECK_FALSE(srv.reader().accounts().find_account("Name10"));
}

TEST_CASE_METHOD(
    Started,
    "posting and withdrawing seeks in a flood: ten changes at once per connection, then one a second",
    "[server][hostile][limits]") {
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& flood = raw(w, keep, "127.0.0.2");
    std::string lines = "lobby gobblet 2\nlogin Mallory human guest\n";
    for (int i = 1; i <= 200; ++i)
        lines += "post official 4 none first-to 1 casual\nwithdraw " + std::to_string(i) + "\n";
    flood.say(lines);
    REQUIRE(w.until(
        [&] {
            return heard_starting(flood, "refused ") + heard_starting(flood, "unseek ") +
                       heard_starting(flood, "seek ") >=
                   400;
        },
        3000));
    const int slowed = heard_starting(flood,
                                      "refused post slow-down too many seeks and challenges posted and "
                                      "withdrawn lately: wait a second") +
                       heard_starting(flood,
                                      "refused withdraw slow-down too many seeks and challenges posted and "
                                      "withdrawn lately: wait a second");
    CHECK(slowed == 400 - 10);
    w.idle();
    CHECK(liam.all<lobby::SeekItem>().size() == 5);
    CHECK(liam.all<lobby::Unseek>().size() == 5);
    // A second later the connection may change one more.
    w.pass(1 * s);
    flood.say("post official 4 none first-to 1 casual\npost official 4 none first-to 1 casual\n");
    REQUIRE(w.until([&] { return liam.all<lobby::SeekItem>().size() == 6; }));
    w.idle();
    CHECK(liam.all<lobby::SeekItem>().size() == 6);
}

TEST_CASE_METHOD(Started,
                 "many connections from one address share one allowance for seeks: twenty changes at once",
                 "[server][hostile][limits]") {
    Client liam("Liam");
    w.enter(liam);
    w.logged_in(liam);
    std::vector<std::unique_ptr<RawPeer>> keep;
    for (int c = 0; c < 5; ++c) {
        RawPeer& flood = raw(w, keep, "127.0.0.2");
        std::string lines = "lobby gobblet 2\nlogin Mallory" + std::to_string(c) + " human guest\n";
        for (int i = 0; i < 30; ++i) lines += "post official 4 none first-to 1 casual\nwithdraw 1000000\n";
        flood.say(lines);
    }
    REQUIRE(w.until(
        [&] { return heard_starting(keep, "refused ") + heard_starting(keep, "seek ") >= 5 * 60; }, 3000));
    // Each connection posts at most three at once (the seeks' own limit); withdrawing nothing is a change
    // tried all the same. What passed the connections' and the address's allowances: twenty.
    const int tried = 5 * 60 - heard_starting(keep, "refused post slow-down ") -
                      heard_starting(keep, "refused withdraw slow-down ");
    CHECK(tried == 20);
    CHECK(heard_starting(keep,
                         "refused post slow-down too many seeks and challenges posted and withdrawn from "
                         "your address lately: wait a second") > 0);
    // Another address is not held back.
    REQUIRE(liam.lobby->post(*lobby::parse_terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] {
        for (const auto& x : liam.all<lobby::SeekItem>())
            if (x.from == "Liam") return true;
        return false;
    }));
}

namespace {

int away_and_back(const Client& c) {
    int n = 0;
    for (const net::Event& e : c.of(net::Event::Kind::Act))
        n += e.act.kind == net::Act::Kind::Away || e.act.kind == net::Act::Kind::Back;
    return n;
}

}  // namespace

TEST_CASE_METHOD(LiamAndEamon,
                 "a player who reconnects in a loop is held back after five: no flood of away and back facts",
                 "[server][hostile][limits]") {
    in_a_match(w, liam, eamon);
    const std::string code = World::match_of(eamon)->code;
    eamon.game.reset();
    REQUIRE(w.until([&] { return liam.game->absence(liam.game->remote_player()).has_value(); }));
    std::vector<std::unique_ptr<RawPeer>> keep;
    int refused = 0;
    for (int i = 0; i < 20; ++i) {
        RawPeer& again = raw(w, keep, "127.0.0.1");
        again.say("hello gobblet 2 " + code + " new Eamon\n");
        REQUIRE(w.until([&] { return again.line_starting("ready") || again.closed_by_peer(); }));
        if (again.closed_by_peer()) {
            CHECK(again.heard().back() ==
                  "error you reconnected to this game too often lately: wait 10 s and try again");
            ++refused;
            continue;
        }
        again.say(net::Sync{again.welcome_digest()});
        REQUIRE(w.until([&] { return again.line_starting("go ").has_value(); }));
        again.close();
        w.idle();
    }
    // Eamon's first join and four more: five at once.
    CHECK(refused == 16);
    REQUIRE(w.until([&] { return away_and_back(liam) >= 9; }));
    w.idle();
    CHECK(away_and_back(liam) <= 11);  // (and the news of Eamon away, as Liam came)
    // Ten seconds on, he may come back once more.
    w.pass(10 * s);
    w.play_match(eamon);
    REQUIRE(w.until([&] { return eamon.game->playing(); }));
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "spectators coming and going in a flood from one address are held back; the players hear little",
    "[server][hostile][limits]") {
    Client zoe("Zoe");
    in_a_match(w, liam, eamon);
    // (A code of a spectator's: a player never watches their own game.)
    enter_all(w, {&zoe});
    REQUIRE(zoe.lobby->watch(World::match_of(liam)->game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    const std::string code = zoe.all<lobby::Watching>().at(0).code;
    std::vector<std::unique_ptr<RawPeer>> keep;
    int in = 0, held = 0;
    for (int i = 0; i < 40; ++i) {
        RawPeer& watcher = raw(w, keep, "127.0.0.2");
        watcher.say("hello gobblet 2 " + code + " new Mallory\n");
        REQUIRE(w.until([&] { return watcher.line_starting("ready") || watcher.closed_by_peer(); }));
        if (watcher.closed_by_peer()) {
            CHECK(watcher.heard().back() ==
                  "error too many game connections from your address lately: wait a moment and try again");
            ++held;
            continue;
        }
        ++in;
        watcher.say(net::Sync{watcher.welcome_digest()});
        REQUIRE(w.until([&] { return watcher.line_starting("go ").has_value(); }));
        watcher.close();
        w.idle();
    }
    CHECK(in == 20);
    CHECK(held == 20);
    CHECK(liam.of(net::Event::Kind::Watchers).size() <= 2 * 20 + 1);  // (and the count at Liam's start)
}

TEST_CASE("seek ids wrap around before the protocol's limit and never take one still in use",
          "[server][limits]") {
    Started started([](server::ServerConfig& c) {
        c.hub.max_seek_id = 3;  // lobby::max_id in a real server
    });
    auto& [srv, w] = started;
    Client liam("Liam"), eamon("Eamon");
    for (Client* c : {&liam, &eamon}) {
        w.enter(*c);
        w.logged_in(*c);
    }
    const auto post = [&](Client& c) {
        const std::size_t before = liam.all<lobby::SeekItem>().size();
        REQUIRE(c.lobby->post(*lobby::parse_terms("official 4 none first-to 1 casual"), w.now).ok());
        REQUIRE(w.until([&] { return liam.all<lobby::SeekItem>().size() == before + 1; }));
        return liam.all<lobby::SeekItem>().back().id;
    };
    const auto withdraw = [&](Client& c, lobby::Id id) {
        REQUIRE(c.lobby->withdraw(id, w.now).ok());
        REQUIRE(w.until([&] { return !liam.lobby->tables().seeks().contains(id); }));
    };
    CHECK(post(liam) == 1);  // it stays
    CHECK(post(eamon) == 2);
    CHECK(post(eamon) == 3);
    withdraw(eamon, 2);
    withdraw(eamon, 3);
    CHECK(post(eamon) == 2);  // 1 is Liam's still
    CHECK(post(eamon) == 3);
    withdraw(liam, 1);
    CHECK(post(eamon) == 1);
    // Every id in use: the lobby says so rather than reusing one.
    const std::size_t refusals = eamon.all<lobby::Refused>().size();
    REQUIRE(liam.lobby->post(*lobby::parse_terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("post").has_value(); }));
    CHECK(liam.refused("post")->text == "too many seeks: try later");
    CHECK(eamon.all<lobby::Refused>().size() == refusals);
}

// Issue 25, 3: an opponent offered a draw again the moment it was declined, 26 times, in a rated DM
// game; the victim typed n and its move 25 times in 22 s and lost on time. The server declines the
// repeated offers at once, in the rule's name, and the victim never hears of them.
TEST_CASE_METHOD(LiamAndEamon,
                 "a draw offered again the moment it is declined never reaches the other player again",
                 "[server][hostile][offers][attack]") {
    meet(w, liam, eamon, "official 4 dm first-to 1 rated");
    w.play_match(liam);
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& spam = raw(w, keep);
    spam.say("hello gobblet 2 " + World::match_of(eamon)->code + " new Eamon\n");
    REQUIRE(w.until([&] { return spam.line_starting("ready").has_value(); }));
    spam.say(net::Sync{spam.welcome_digest()});
    REQUIRE(w.until([&] {
        return spam.line_starting("go ").has_value() && liam.game->playing() &&
               !liam.game->absence(liam.game->remote_player());
    }));
    const auto answers = [&] {
        int n = 0;
        for (const std::string& l : spam.heard()) n += l.starts_with("answer ") && l.ends_with(" draw no");
        return n;
    };
    const auto offer = [&] { spam.say("offer " + std::to_string(spam.facts_heard()) + " draw\n"); };
    offer();
    REQUIRE(w.until([&] { return liam.game->pending_offer(liam.game->remote_player()).has_value(); }));
    REQUIRE(liam.game->answer(false, w.now).ok());
    REQUIRE(w.until([&] { return answers() == 1; }));
    for (int i = 2; i <= 26; ++i) {
        offer();
        REQUIRE(w.until([&] { return answers() == i; }));
    }
    w.idle();
    CHECK(liam.of(net::Event::Kind::Offered).size() == 1);  // the first, and none after it
    CHECK_FALSE(liam.game->pending_offer(liam.game->remote_player()));
    CHECK_FALSE(spam.closed_by_peer());  // declined, not a protocol error: an older client is not cut off
    // Liam's moves go on as if nothing was said.
    if (liam.game->local_player() == 0) w.move(liam, liam, "W1A1");
    CHECK_FALSE(liam.match.game().over());
}

// Issue 25, 1: in a rated game, [ handed White to the player's own computer, which won (1500 to 1662).
// Computers play on a server only as bot accounts: a person's seat never goes to the computer.
TEST_CASE_METHOD(
    LiamAndEamon,
    "a person's seat handed to the computer in a server game cuts the connection, with the reason",
    "[server][hostile][help]") {
    meet(w, liam, eamon, "official 4 3m+2s first-to 1 rated");
    w.play_match(liam);
    w.play_match(eamon);
    REQUIRE(w.until([&] {
        return liam.game->playing() && eamon.game->playing() &&
               !liam.game->absence(liam.game->remote_player());
    }));
    // An older client's session sends it (this one's table refuses it first: ui/engine_help.h).
    REQUIRE(eamon.game->set_seat(SeatKind::Computer, w.now).ok());
    REQUIRE(w.until([&] { return eamon.saw(net::Event::Kind::Error); }));
    CHECK(eamon.of(net::Event::Kind::Error).back().text ==
          "the server's side reports: a person's seat cannot go to a computer on this server: computers play "
          "here as bot accounts (--bot)");
    REQUIRE(w.until([&] { return liam.game->absence(liam.game->remote_player()).has_value(); }));
    CHECK(liam.game->peer_seat() == SeatKind::Human);  // never told of a computer
    CHECK_FALSE(liam.saw(net::Event::Kind::Seat));
}
