// Ratings and seats that cannot be bought, and what one player cannot do to another (issue 34, second
// round): each attack played by a client as a cheat would write it (tests/server_support.h), against the
// server in one process on fake time. Every client comes from a loopback address of its own (127.0.x.y)
// unless the attack needs one address.
#include "server/operator_commands.h"
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// Whether the client heard a notice saying `text`.
bool noticed(const Client& c, const std::string& text) {
    for (const lobby::Notice& n : c.all<lobby::Notice>())
        if (n.text == text) return true;
    return false;
}

// The rated games of official 4x4 the store holds for `name`.
int rated_games(const Serving& srv, const std::string& name) {
    const auto a = srv.reader().accounts().find_account(name);
    REQUIRE(a);
    return srv.reader().ratings().rating_of(a->id, Variant{4, Rules::Official}, unix0).games;
}

// The seek `from` posted last, as `c` sees it (0: none).
lobby::Id seek_of(const Client& c, const std::string& from) {
    lobby::Id id = 0;
    for (const auto& [sid, sk] : c.lobby->tables().seeks())
        if (sk.from == from) id = sid;
    return id;
}

}  // namespace

TEST_CASE_METHOD(Started,
                 "a person's seat never goes to a computer: an account is a person's or a bot's for good",
                 "[server][hostile][trust]") {
    Client liam("Liam", "127.0.1.1"), eamon("Eamon", "127.0.1.2");
    enter_all(w, {&liam, &eamon});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    (void)white;
    (void)black;
    const std::string game = World::match_of(liam)->game;
    // Liam runs --bot under his own name on his machine: it reads the same secret and logs in as a bot.
    Client robot("Liam", "127.0.1.1");
    robot.secret = liam.secret;
    w.enter(robot, lobby::Role::Bot);
    REQUIRE(w.until([&] { return robot.refused("login").has_value(); }));
    CHECK(refusal(robot, "login") ==
          "not-allowed Liam is a person's account: a computer cannot log in as it (the operator can change "
          "that)");
    CHECK_FALSE(robot.heard<lobby::MatchStart>());
    CHECK(srv.logged("login as Liam from 127.0.1.1:"));
    // Liam's lobby and his seat are his; his opponent never heard of a computer; the store agrees.
    w.idle(5);
    CHECK(liam.lobby->in_lobby());
    CHECK(eamon.game->peer_seat() == SeatKind::Human);
    CHECK(liam.game->playing());
    const auto stored = srv.reader().games().game_record(*server::game_id_of(game));
    REQUIRE(stored);
    CHECK_FALSE(stored->players[0].bot);
    CHECK_FALSE(stored->players[1].bot);
    CHECK_FALSE(srv.reader().accounts().find_account("Liam")->bot);

    // The reverse: a bot's account cannot log in as a person (and so take seeks for people).
    Client maxbot("MaxBot", "127.0.1.3");
    w.enter(maxbot, lobby::Role::Bot);
    w.logged_in(maxbot);
    CHECK(srv.reader().accounts().find_account("MaxBot")->bot);
    maxbot.lobby->leave("bye", w.now);
    w.idle(5);
    Client disguised("MaxBot", "127.0.1.3");
    disguised.secret = maxbot.secret;
    w.enter(disguised);
    REQUIRE(w.until([&] { return disguised.refused("login").has_value(); }));
    CHECK(refusal(disguised, "login") ==
          "not-allowed MaxBot is a computer's account: log in with --bot (the operator can change that)");

    // The operator makes Liam's account a computer's: the bot login is welcomed from then on, but the
    // rated match that began as a person's is not handed to it.
    std::ostringstream out, err;
    CHECK(server::set_account_kind(out, err, srv.config.db, "liam", "bot") == 0);
    CHECK(out.str() == "Liam is a computer's account now: it logs in with --bot from its next login\n");
    Client robot2("Liam", "127.0.1.1");
    robot2.secret = liam.secret;
    w.enter(robot2, lobby::Role::Bot);
    w.logged_in(robot2);
    REQUIRE(w.until([&] {
        return noticed(robot2, "your rated match " + game +
                                   " began as a person's: it cannot be played as another kind of player");
    }));
    CHECK_FALSE(robot2.heard<lobby::MatchStart>());
    w.idle(5);
    CHECK(eamon.game->peer_seat() == SeatKind::Human);
    CHECK_FALSE(srv.reader().games().game_record(*server::game_id_of(game))->players[0].bot);
    CHECK_FALSE(srv.reader().games().game_record(*server::game_id_of(game))->players[1].bot);
}

TEST_CASE_METHOD(Started, "--account-kind changes an account's kind, and says what is wrong",
                 "[server][trust]") {
    Client zoe("Zoe", "127.0.1.1");
    enter_all(w, {&zoe});
    std::ostringstream out, err;
    CHECK(server::set_account_kind(out, err, srv.config.db, "Zoe", "human") == 0);
    CHECK(out.str() == "Zoe is a person's account already\n");
    CHECK(server::set_account_kind(out, err, srv.config.db, "Nobody", "bot") == 2);
    CHECK(err.str().find("gobblet: --account-kind Nobody: nobody is registered so in ") == 0);
    err.str("");
    CHECK(server::set_account_kind(out, err, srv.config.db, "Zoe", "robot") == 2);
    CHECK(err.str() == "gobblet: --kind robot: an account is human (a person's) or bot (a computer's)\n");
}

TEST_CASE("alts cannot farm a rating: no rated match between one address or one machine",
          "[server][hostile][trust]") {
    Started started([](server::ServerConfig& c) { c.hub.shared_sources = {"127.0.3.9"}; });
    auto& [srv, w] = started;
    // Farmer and two second accounts: one from the same address, one from elsewhere with the same
    // machine secret (a script that made one secret for all its names).
    Client farmer("Farmer", "127.0.3.1"), alt("Alt", "127.0.3.1"), alt2("AltTwo", "127.0.3.2");
    alt2.secret = farmer.secret;
    enter_all(w, {&farmer, &alt, &alt2});

    // The farmer's rated seek aimed at the alt by its rating range: the alt's accept is refused.
    const auto st = lobby::parse_seek_terms("official 4 1m+0s first-to 1 rated 1400-1600");
    REQUIRE(st);
    REQUIRE(farmer.lobby->post(st->terms, w.now, st->audience).ok());
    REQUIRE(w.until([&] { return seek_of(alt, "Farmer") != 0; }));
    REQUIRE(alt.lobby->accept(seek_of(alt, "Farmer"), w.now).ok());
    REQUIRE(w.until([&] { return alt.refused("accept").has_value(); }));
    CHECK(refusal(alt, "accept") ==
          "not-allowed Farmer and Alt connect from one address: a rated match needs two");
    // ... and the second, from another address with the same secret: one machine.
    REQUIRE(w.until([&] { return seek_of(alt2, "Farmer") != 0; }));
    REQUIRE(alt2.lobby->accept(seek_of(alt2, "Farmer"), w.now).ok());
    REQUIRE(w.until([&] { return alt2.refused("accept").has_value(); }));
    CHECK(refusal(alt2, "accept") ==
          "not-allowed Farmer and AltTwo log in from one machine: a rated match needs two");
    // A rated challenge is refused at once; a casual one between them is anyone's business.
    REQUIRE(farmer.lobby->challenge("Alt", terms("official 4 1m+0s first-to 1 rated"), w.now).ok());
    REQUIRE(w.until([&] { return farmer.refused("challenge").has_value(); }));
    CHECK(refusal(farmer, "challenge") ==
          "not-allowed Farmer and Alt connect from one address: a rated match needs two");
    CHECK_FALSE(World::match_of(farmer));
    CHECK(rated_games(srv, "Farmer") == 0);

    // Players an operator says share an address (a club) play rated there.
    Client ann("Ann", "127.0.3.9"), bob("Bob", "127.0.3.9");
    enter_all(w, {&ann, &bob});
    auto [white, black] = start_match(w, ann, bob, "official 4 1m+0s first-to 1 rated");
    CHECK(World::match_of(ann)->terms.rated);
    (void)white;
    (void)black;
}

TEST_CASE_METHOD(Started, "a resignation before each side has moved is an abort: no result, no rating",
                 "[server][hostile][trust]") {
    // The farmer's alt comes from another address (a VPN) and resigns at move 0, again and again.
    Client farmer("Farmer"), alt("Alt");
    enter_all(w, {&farmer, &alt});
    for (int round = 0; round < 3; ++round) {
        const std::size_t overs = farmer.all<lobby::Over>().size();
        auto [white, black] = start_match(w, farmer, alt, "official 4 1m+0s first-to 1 rated");
        if (round == 1) w.move(*white, *black, "W1A1");  // White's first move: Black has not moved yet
        REQUIRE(alt.game->resign(w.now).ok());
        REQUIRE(w.until([&] { return farmer.all<lobby::Over>().size() > overs; }));
        const lobby::Over over = farmer.all<lobby::Over>().back();
        CHECK(over.result == lobby::Verdict::Aborted);
        CHECK(over.text == "Alt resigned before each side had moved: no result");
        CHECK_FALSE(over.changes[0]);
        REQUIRE(w.until([&] { return !farmer.lobby->tables().games().contains(over.game); }));
        farmer.game.reset();
        alt.game.reset();
    }
    CHECK(rated_games(srv, "Farmer") == 0);
    CHECK(rated_games(srv, "Alt") == 0);
    CHECK(srv.logged("Alt resigns before each side moved: aborted"));
    // Once each side has moved, a resignation is a loss, rated.
    auto [white, black] = start_match(w, farmer, alt, "official 4 1m+0s first-to 1 rated");
    w.move(*white, *black, "W1A1");
    w.move(*black, *white, "K1D1");
    const std::size_t overs = farmer.all<lobby::Over>().size();
    REQUIRE(alt.game->resign(w.now).ok());
    REQUIRE(w.until([&] { return farmer.all<lobby::Over>().size() > overs; }));
    CHECK(farmer.all<lobby::Over>().back().result != lobby::Verdict::Aborted);
    CHECK(rated_games(srv, "Farmer") == 1);
}

TEST_CASE_METHOD(Started,
                 "a rated tournament's match between players of one address is played casual, and says so",
                 "[server][hostile][trust]") {
    Client ann("Ann", "127.0.3.1"), alt("Alt", "127.0.3.1");
    enter_all(w, {&ann, &alt});
    REQUIRE(ann.lobby
                ->create_tournament("ann-cup", lobby::Format{}, 2, lobby::First::Schedule,
                                    terms("official 4 1m+0s first-to 1 rated"), w.now)
                .ok());
    REQUIRE(w.until([&] { return !alt.lobby->tables().tournaments().empty(); }));
    const lobby::Id id = alt.lobby->tables().tournaments().begin()->first;
    REQUIRE(alt.lobby->join_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return ann.lobby->tables().tournaments().at(id).players == 2; }));
    REQUIRE(ann.lobby->start_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return World::match_of(ann) && World::match_of(alt); }));
    CHECK_FALSE(World::match_of(ann)->terms.rated);
    CHECK(
        noticed(ann, "this match is casual: Ann and Alt connect from one address: a rated match needs two"));
    CHECK(srv.logged("(not rated: Ann and Alt connect from one address: a rated match needs two)"));
}

TEST_CASE_METHOD(Started,
                 "a machine secret alone changes no password, forgets and adds no machine; the password does",
                 "[server][hostile][trust]") {
    Client liam("Liam");
    enter_all(w, {&liam});
    // The first password: any connection of the name sets it (nobody knows one yet).
    REQUIRE(liam.lobby->set_password("correct horse battery", false, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Ok>(); }));
    // Mallory knew it and let her machine in with it; then, with her machine's secret alone, she tries
    // to own the name: a new password that forgets Liam's machines, her machines added again.
    Client mallory("Liam", "127.0.4.2");
    w.enter(mallory);
    REQUIRE(w.until([&] { return mallory.refused("login").has_value(); }));
    REQUIRE(mallory.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return mallory.lobby->in_lobby() && mallory.heard<lobby::Ok>(); }));  // ok secret
    mallory.lobby->leave("bye", w.now);
    w.idle(5);
    Client intruder("Liam", "127.0.4.2");
    intruder.secret = mallory.secret;
    enter_all(w, {&intruder});
    CHECK_FALSE(intruder.lobby->by_password());
    REQUIRE(intruder.lobby->set_password("mallory owns this", true, w.now).ok());
    REQUIRE(w.until([&] { return intruder.refused("password").has_value(); }));
    CHECK(refusal(intruder, "password") ==
          "password-needed log in with your password to change it (the server asks it again for that)");
    REQUIRE(intruder.lobby->forget_machine(lobby::MachineKind::Secret, 1, w.now).ok());
    REQUIRE(w.until([&] { return intruder.refused("forget").has_value(); }));
    CHECK(
        refusal(intruder, "forget") ==
        "password-needed log in with your password to forget a machine (the server asks it again for that)");
    std::vector<std::unique_ptr<RawPeer>> keep;
    keep.push_back(std::make_unique<RawPeer>());
    RawPeer& raw = *keep.back();
    REQUIRE(raw.connect(srv.endpoint(), 5000, "127.0.4.2").ok());
    w.raws.push_back(&raw);
    raw.say("lobby gobblet 3\nlogin Liam human secret " + mallory.secret + "\nsecret " + hex_secret() + "\n");
    REQUIRE(w.until([&] { return raw.line_starting("refused secret ").has_value(); }));
    CHECK(*raw.line_starting("refused secret ") ==
          "refused secret password-needed log in with your password to add this machine (the server asks it "
          "again for that)");
    raw.say("bye\n");
    // Liam's own machine logs in by its secret, then again with the password (the client's new connection
    // takes the old one's place), and sets a new password that forgets every other machine.
    Client back("Liam", liam.from);
    back.secret = liam.secret;
    enter_all(w, {&back});
    REQUIRE(back.lobby->set_password("a new battery staple", true, w.now).ok());
    REQUIRE(w.until([&] { return back.refused("password").has_value(); }));
    REQUIRE(back.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return back.lobby->by_password() && back.heard<lobby::Ok>(); }));
    REQUIRE(back.lobby->set_password("a new battery staple", true, w.now).ok());
    REQUIRE(w.until([&] { return back.all<lobby::Ok>().back().verb == "password"; }));
    CHECK(back.all<lobby::Ok>().back().text ==
          "your password is set; 1 other machines forgotten (they must log in with it)");
    // Mallory's machine must prove the name again; Liam's, logged in again with the password, was not
    // listed twice.
    CHECK(srv.reader().accounts().machines(srv.reader().accounts().find_account("Liam")->id).size() == 1);
    Client again("Liam", "127.0.4.2");
    again.secret = mallory.secret;
    w.enter(again);
    REQUIRE(w.until([&] { return again.refused("login").has_value(); }));
    CHECK(refusal(again, "login") == "password-needed Liam has a password: log in with it");
}

TEST_CASE_METHOD(Started,
                 "an intruder logging in again after each takeover locks the name until a password login",
                 "[server][hostile][trust]") {
    Client nora("Nora", "127.0.4.1");
    enter_all(w, {&nora});
    REQUIRE(nora.lobby->set_password("correct horse battery", false, w.now).ok());
    REQUIRE(w.until([&] { return nora.heard<lobby::Ok>(); }));
    // Mallory's machine, let in with the password once.
    Client mallory("Nora", "127.0.4.2");
    w.enter(mallory);
    REQUIRE(w.until([&] { return mallory.refused("login").has_value(); }));
    REQUIRE(mallory.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return mallory.lobby->in_lobby() && mallory.heard<lobby::Ok>(); }));
    // Nora logs in by her secret, Mallory by hers at once after, again and again: each takes the name
    // from the other. Past four takeovers the name stops letting secrets in.
    const auto login = [&](Client& c) {
        c.events.clear();
        w.enter(c);
        REQUIRE(w.until([&] { return c.lobby->in_lobby() || c.refused("login").has_value(); }));
        return c.lobby->in_lobby();
    };
    CHECK(login(nora));     // the second takeover (Mallory's password login was the first)
    CHECK(login(mallory));  // 3
    CHECK(login(nora));     // 4
    CHECK_FALSE(login(mallory));
    CHECK(refusal(mallory, "login") ==
          "password-needed Nora was taken over from other connections too often lately: log in with the "
          "password");
    CHECK(srv.logged("lobby: Nora was taken over too often lately: locked"));
    // Nora's connection stays; her machine's secret is refused too now, her password is not.
    w.idle(5);
    CHECK(nora.lobby->in_lobby());
    Client nora2("Nora", "127.0.4.1");
    nora2.secret = nora.secret;
    CHECK_FALSE(login(nora2));
    CHECK(nora2.refused("login")->code == lobby::Refusal::PasswordNeeded);
    REQUIRE(nora2.lobby->login_password("correct horse battery", w.now).ok());
    REQUIRE(w.until([&] { return nora2.lobby->by_password(); }));
    // While her password's connection stays, Mallory's secret cannot take the name back.
    CHECK_FALSE(login(mallory));
    CHECK(refusal(mallory, "login") ==
          "password-needed Nora is logged in with the password on another connection: log in with it to "
          "take over");
    // Nora lists her machines and forgets Mallory's: it must prove the name again.
    REQUIRE(nora2.lobby->machines(w.now).ok());
    REQUIRE(w.until([&] { return nora2.answer<lobby::MachinesQuery>().has_value(); }));
    std::optional<lobby::MachineItem> hers;
    const auto listed = *nora2.answer<lobby::MachinesQuery>();
    for (const auto& m : listed)
        if (const auto& item = std::get<lobby::MachineItem>(m); item.address == "127.0.4.2") hers = item;
    REQUIRE(hers);
    REQUIRE(nora2.lobby->forget_machine(hers->kind, hers->id, w.now).ok());
    REQUIRE(w.until([&] { return nora2.heard<lobby::Ok>(); }));
    nora2.lobby->leave("bye", w.now);
    w.idle(5);
    CHECK_FALSE(login(mallory));
    CHECK(refusal(mallory, "login") == "password-needed Nora has a password: log in with it");
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "challenges to one player are limited per challenger, and a player refuses someone's challenges",
    "[server][hostile][trust]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    const lobby::Terms casual = terms("official 4 none first-to 1 casual");
    // The challenge waiting to Liam from Eamon, as Liam sees it (0: none).
    const auto waiting = [&] {
        lobby::Id id = 0;
        for (const auto& [sid, sk] : liam.lobby->tables().seeks())
            if (sk.from == "Eamon" && sk.to == "Liam") id = sid;
        return id;
    };
    const auto challenge = [&](Client& from, const std::string& to) {
        from.events.clear();
        REQUIRE(from.lobby->challenge(to, casual, w.now).ok());
        w.idle(5);
        return refusal(from, "challenge");
    };
    // Eamon challenges Liam every few seconds: one waits at a time, three declined in all, then one every
    // 5 minutes.
    for (int i = 0; i < 3; ++i) {
        CHECK(challenge(eamon, "Liam") == "(none)");
        REQUIRE(w.until([&] { return waiting() != 0; }));
        CHECK(challenge(eamon, "Liam") ==
              "limit your challenge to Liam waits for an answer (a minute at most)");
        REQUIRE(liam.lobby->decline(waiting(), w.now).ok());
        REQUIRE(w.until([&] { return waiting() == 0; }));
        w.pass(2 * s);
    }
    const std::string slow =
        "slow-down Liam did not take 3 of your challenges lately: wait 5 minutes before asking again";
    CHECK(challenge(eamon, "Liam") == slow);
    CHECK(waiting() == 0);
    // Another player's challenge is not held back by Eamon's.
    CHECK(challenge(zoe, "Liam") == "(none)");
    // Five minutes later Eamon may ask once more.
    w.pass(300 * s);
    CHECK(challenge(eamon, "Liam") == "(none)");
    REQUIRE(w.until([&] { return waiting() != 0; }));
    // Liam refuses Eamon's challenges: the one waiting goes, the next is refused with the reason.
    REQUIRE(liam.lobby->noplay("Eamon", true, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Ok>(); }));
    CHECK(liam.all<lobby::Ok>().back().text == "Eamon's challenges and tells to you are refused now");
    REQUIRE(w.until([&] { return waiting() == 0; }));
    w.pass(300 * s);
    CHECK(challenge(eamon, "Liam") == "not-allowed Liam does not take challenges from you");
    CHECK(srv.logged("lobby: Liam refuses the challenges of Eamon"));
    // A rematch offered is a challenge too: refused while Liam refuses Eamon's, and counted alike.
    auto [white, black] = start_match(w, liam, eamon, "official 4 none first-to 1 casual");
    (void)white;
    (void)black;
    const std::string game = World::match_of(liam)->game;
    REQUIRE(liam.lobby->abort(game, w.now).ok());
    REQUIRE(
        w.until([&] { return eamon.heard<lobby::Over>() && !eamon.lobby->tables().games().contains(game); }));
    eamon.events.clear();
    REQUIRE(eamon.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return eamon.refused("rematch").has_value(); }));
    CHECK(refusal(eamon, "rematch") == "not-allowed Liam does not take challenges from you");
    REQUIRE(liam.lobby->noplay("Eamon", false, w.now).ok());
    REQUIRE(w.until(
        [&] { return liam.all<lobby::Ok>().back().text == "Eamon's challenges and tells reach you again"; }));
    // Rematches declined until the budget is spent: two came back in the ten minutes since (the one
    // refused by noplay cost nothing).
    int declined = 0;
    for (;;) {
        eamon.events.clear();
        REQUIRE(eamon.lobby->rematch(game, w.now).ok());
        REQUIRE(w.until([&] { return waiting() != 0 || eamon.refused("rematch").has_value(); }));
        if (eamon.refused("rematch")) break;
        REQUIRE(liam.lobby->decline(waiting(), w.now).ok());
        REQUIRE(w.until([&] { return waiting() == 0; }));
        REQUIRE(++declined <= 3);
    }
    CHECK(declined == 2);
    CHECK(refusal(eamon, "rematch") == slow);
    // An accepted challenge costs nothing: Zoe and Liam may play again and again.
    for (int i = 0; i < 5; ++i) {
        const std::size_t started = liam.all<lobby::MatchStart>().size();
        CHECK(challenge(zoe, "Liam") == "(none)");
        lobby::Id id = 0;
        REQUIRE(w.until([&] { return (id = seek_of(liam, "Zoe")) != 0; }));
        REQUIRE(liam.lobby->accept(id, w.now).ok());
        REQUIRE(w.until([&] { return liam.all<lobby::MatchStart>().size() > started; }));
        const std::string played = World::match_of(liam)->game;
        REQUIRE(liam.lobby->abort(played, w.now).ok());
        REQUIRE(w.until([&] {
            return !zoe.lobby->tables().games().contains(played) &&
                   !liam.lobby->tables().games().contains(played);
        }));
    }
}

TEST_CASE_METHOD(Started, "a declined challenge is told to the challenger and logged (issue 33, item 5)",
                 "[server][lobby][trust]") {
    Client liam("Liam"), zoe("Zoe");
    enter_all(w, {&liam, &zoe});
    REQUIRE(liam.lobby->challenge("Zoe", terms("official 4 none first-to 1 casual"), w.now).ok());
    lobby::Id id = 0;
    REQUIRE(w.until([&] { return (id = seek_of(zoe, "Liam")) != 0; }));
    CHECK(srv.logged("lobby: Liam challenges Zoe to official 4 none first-to 1 casual"));
    REQUIRE(zoe.lobby->decline(id, w.now).ok());
    // Liam hears that his challenge was declined (his screen says so: tests/ui/lobby_lichess.sh), and the
    // log says who declined whose.
    REQUIRE(w.until([&] { return liam.heard<lobby::Unseek>(); }));
    CHECK(liam.all<lobby::Unseek>().back() == lobby::Unseek{id, lobby::SeekEnd::Declined});
    CHECK(srv.logged("lobby: Zoe declines Liam's challenge (challenge " + std::to_string(id) + ")"));
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "a player of a game is never its spectator, by name or by connection, and kibitz never reaches them",
    "[server][hostile][trust][spectator]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    (void)white;
    (void)black;
    const std::string game = World::match_of(liam)->game;
    const std::string refused =
        "not-allowed you play in game " + game + ": a player never watches their own game";
    // Liam's second program logs in under his name on his machine (it takes the lobby over; his game
    // connection plays on) and asks to watch his own game: refused.
    Client second("Liam", liam.from);
    second.secret = liam.secret;
    enter_all(w, {&second});
    REQUIRE(second.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return second.refused("watch").has_value(); }));
    CHECK(refusal(second, "watch") == refused);
    CHECK_FALSE(second.heard<lobby::Watching>());
    // As a guest from his address, or under another name from his machine: refused, saying why.
    Client guest("Lee", liam.from);
    w.enter(guest, lobby::Role::Human, true);
    w.logged_in(guest);
    REQUIRE(guest.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return guest.refused("watch").has_value(); }));
    CHECK(refusal(guest, "watch") ==
          "not-allowed you and Liam connect from one address, and Liam plays in game " + game +
              ": a player never watches their own game");
    Client alt("Lionel");
    alt.secret = liam.secret;
    enter_all(w, {&alt});
    REQUIRE(alt.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return alt.refused("watch").has_value(); }));
    CHECK(refusal(alt, "watch") ==
          "not-allowed you and Liam log in from one machine, and Liam plays in game " + game +
              ": a player never watches their own game");
    // Zoe watches from her own machine and kibitzes a move: no connection of Liam's hears it.
    REQUIRE(zoe.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    w.join_game(zoe, zoe.all<lobby::Watching>().at(0).code, true);
    REQUIRE(w.until([&] {
        const auto& players = eamon.lobby->tables().players();
        const auto it = players.find("zoe");
        return it != players.end() && it->second.watching == game;
    }));
    REQUIRE(zoe.lobby->kibitz(game, "play C2A2 now", w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Kibitzed>(); }));
    w.idle(10);
    for (const Client* c : {&liam, &second, &guest, &alt, &eamon}) {
        INFO(c->lobby->name());
        CHECK_FALSE(c->heard<lobby::Kibitzed>());
    }
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "one address cannot take a game's spectators' codes: they are limited per address and lapse unused",
    "[server][hostile][trust][spectator]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    // (White moves: a match whose White never moves is aborted after a minute, and this one must last.)
    w.move(*white, *black, "W1A1");
    const std::string game = World::match_of(liam)->game;
    // Mallory's address asks for codes under throwaway guest names, each leaving at once: it had taken
    // all 2,000 of the game's in under a second, and nobody could watch it until a restart.
    std::vector<std::unique_ptr<RawPeer>> keep;
    std::vector<std::string> codes;
    std::string refused;
    const auto ask = [&](const std::string& name) {
        RawPeer& m = raw(w, keep, "127.0.0.66");
        m.say("lobby gobblet 3\nlogin " + name + " human guest\nwatch " + game + "\n");
        REQUIRE(w.until([&] { return m.line_starting("watching ") || m.line_starting("refused watch"); }));
        const auto got = m.line_starting("watching ");
        m.close();
        w.idle(5);
        if (!got) return *m.line_starting("refused watch");
        codes.push_back(got->substr(got->rfind(' ') + 1));
        return std::string();
    };
    for (int i = 0; i < 40 && refused.empty(); ++i) refused = ask("Throwaway" + std::to_string(i));
    CHECK(codes.size() == server::watch_codes_per_source);
    CHECK(refused == "refused watch limit your address holds 10 codes to watch game " + game +
                         ": unused, they lapse in a minute");
    // Zoe, from her own address, still watches.
    REQUIRE(zoe.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    // A minute on, the codes nobody used have lapsed: one is refused at the game's door, saying so (and
    // charged as no guess), and the address may ask again.
    w.pass(61 * s);
    RawPeer& late = raw(w, keep, "127.0.0.66");
    late.say("hello gobblet 2 " + codes.at(0) + " new Mallory\n");
    REQUIRE(w.until([&] { return late.closed_by_peer(); }));
    CHECK(late.heard().back() ==
          "error your code to watch game " + game + " lapsed unused: ask the lobby to watch it again");
    codes.clear();
    CHECK(ask("Later") == "");
    CHECK(codes.size() == 1);
    // A code in use never lapses: Zoe, at the board for a minute and a half, comes back with hers.
    // (Hers, asked for a minute ago and unused, has lapsed too: she asks again.)
    zoe.events.clear();
    REQUIRE(zoe.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    const std::string code = zoe.all<lobby::Watching>().at(0).code;
    w.join_game(zoe, code, true);
    REQUIRE(w.until([&] { return zoe.game->playing(); }));
    w.pass(90 * s);
    zoe.game->leave("back soon", w.now);
    w.idle(10);
    w.join_game(zoe, code, true);
    REQUIRE(w.until([&] { return zoe.game->playing(); }));
}

TEST_CASE_METHOD(LiamAndEamon,
                 "tag characters, a soft hyphen and the Hangul filler never reach chat or kibitz",
                 "[server][hostile][trust]") {
    Client zoe("Zoe"), max("Max");
    enter_all(w, {&zoe, &max});
    // "gg" with "resign" hidden in tag characters (shown as nothing, read by whatever decodes them), a soft
    // hyphen and a Hangul filler, said to the lobby.
    const std::string hidden =
        "\xF3\xA0\x81\xB2\xF3\xA0\x81\xA5\xF3\xA0\x81\xB3\xF3\xA0\x81\xA9\xF3\xA0\x81\xA7"
        "\xF3\xA0\x81\xAE\xC2\xAD\xE3\x85\xA4";
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& m = raw(w, keep, "127.0.0.66");
    m.say("lobby gobblet 3\nlogin Mallory human guest\nsay gg" + hidden + "\n");
    REQUIRE(w.until([&] { return liam.heard<lobby::Chat>(); }));
    CHECK(liam.all<lobby::Chat>().at(0).text == "gg");
    // Said only in them: nothing printable, refused.
    m.say("say " + hidden + "\n");
    REQUIRE(w.until([&] { return m.closed_by_peer() || m.line_starting("error ").has_value(); }));
    CHECK(m.line_starting("error ") == "error say: nothing printable");
    // Kibitz: the spectators hear "gg" alone.
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    (void)white;
    (void)black;
    const std::string game = World::match_of(liam)->game;
    for (Client* c : {&zoe, &max}) {
        REQUIRE(c->lobby->watch(game, w.now).ok());
        REQUIRE(w.until([&] { return c->heard<lobby::Watching>(); }));
        w.join_game(*c, c->all<lobby::Watching>().at(0).code, true);
    }
    REQUIRE(w.until([&] {
        const auto& players = liam.lobby->tables().players();
        return players.at("zoe").watching == game && players.at("max").watching == game;
    }));
    REQUIRE(zoe.lobby->kibitz(game, "gg" + hidden, w.now).ok());
    REQUIRE(w.until([&] { return max.heard<lobby::Kibitzed>(); }));
    CHECK(max.all<lobby::Kibitzed>().at(0).text == "gg");
}

TEST_CASE_METHOD(LiamAndEamon, "chat and kibitz are limited per address as well as per connection",
                 "[server][hostile][trust]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    // Twenty guests from one address, each saying its five lines at once (each connection's burst).
    std::vector<std::unique_ptr<RawPeer>> keep;
    for (int i = 0; i < 20; ++i) {
        RawPeer& m = raw(w, keep, "127.0.0.77");
        std::string lines = "lobby gobblet 3\nlogin Crowd" + std::to_string(i) + " human guest\n";
        for (int k = 0; k < lobby::chat_burst; ++k) lines += "say line " + std::to_string(k) + "\n";
        m.say(lines);
        w.idle(3);
    }
    w.idle(20);
    const auto said = [](const Client& c) {
        int n = 0;
        for (const lobby::Chat& ch : c.all<lobby::Chat>()) n += ch.from.starts_with("~Crowd");
        return n;
    };
    // The address says its burst and what refills meanwhile, not a hundred lines.
    CHECK(said(liam) >= server::address_chat_burst);
    CHECK(said(liam) <= server::address_chat_burst + 2);
    bool told = false;
    for (const auto& m : keep)
        for (const std::string& l : m->heard())
            told = told || l.starts_with("refused say slow-down too many lines from your address lately");
    CHECK(told);
    // Spectators of one address kibitzing: limited alike (their lines and the lobby chat share it).
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    // (White moves: a match whose White never moves is aborted after a minute, and this one must last.)
    w.move(*white, *black, "W1A1");
    const std::string game = World::match_of(liam)->game;
    std::vector<std::unique_ptr<Client>> pack;
    for (int i = 0; i < 4; ++i) {
        pack.push_back(std::make_unique<Client>("Pack" + std::to_string(i), "127.0.0.88"));
        Client& c = *pack.back();
        enter_all(w, {&c});
        REQUIRE(c.lobby->watch(game, w.now).ok());
        REQUIRE(w.until([&] { return c.heard<lobby::Watching>(); }));
        w.join_game(c, c.all<lobby::Watching>().at(0).code, true);
    }
    REQUIRE(zoe.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    w.join_game(zoe, zoe.all<lobby::Watching>().at(0).code, true);
    REQUIRE(w.until([&] {
        for (const auto& c : pack)
            if (liam.lobby->tables().players().at(lobby::name_key(c->name)).watching != game) return false;
        return liam.lobby->tables().players().at("zoe").watching == game;
    }));
    w.pass(60 * s);  // (the address's budget full again)
    for (const auto& c : pack)
        for (int k = 0; k < lobby::chat_burst; ++k) REQUIRE(c->lobby->kibitz(game, "play C2A2", w.now).ok());
    w.idle(20);
    CHECK(zoe.all<lobby::Kibitzed>().size() >= std::size_t(server::address_chat_burst));
    CHECK(zoe.all<lobby::Kibitzed>().size() <= std::size_t(server::address_chat_burst + 2));
}

TEST_CASE_METHOD(Started, "refused connections are summarised in the log per address per minute",
                 "[server][hostile][trust]") {
    std::vector<std::unique_ptr<RawPeer>> keep;
    // One address floods the door with game hellos of wrong codes (each refused), another with
    // connections beyond what may wait (sent away): each refusal had written two lines, and 244,535 of
    // them 43 MB in 20 s.
    for (int i = 0; i < 100; ++i) {
        RawPeer& m = raw(w, keep, "127.0.0.66");
        m.say("hello gobblet 2 ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ new Mallory\n");
        REQUIRE(w.until([&] { return m.closed_by_peer(); }));
    }
    for (int i = 0; i < 100; ++i) raw(w, keep, "127.0.0.67");
    w.idle(20);
    const auto lines_of = [&](const std::string& address) {
        std::istringstream in(srv.log.str());
        int n = 0;
        for (std::string l; std::getline(in, l);) n += l.find(address) != std::string::npos;
        return n;
    };
    // Each address's first refusal is logged whole; the connections that wait are logged as they are let in.
    CHECK(lines_of("127.0.0.66") == 1);
    CHECK(srv.logged("connection from 127.0.0.66:"));
    CHECK(srv.logged("refused: wrong join code"));
    CHECK(lines_of("127.0.0.67") == 1);
    CHECK(srv.logged("refused: too many connections from 127.0.0.67"));
    // The minute over, one line each says how many more, and the last reason.
    w.pass(61 * s);
    CHECK(lines_of("127.0.0.66") == 2);
    CHECK(
        srv.logged("connections from 127.0.0.66 refused in the last minute: 99 more (the last: too many "
                   "wrong codes lately: wait a minute and try again)"));
    // (Those that waited and said nothing were refused too, 5 s later.)
    CHECK(
        srv.logged("connections from 127.0.0.67 refused in the last minute: 99 more (the last: no greeting "
                   "within 5 s)"));
    // A player's connection is logged as before.
    Client liam("Liam");
    enter_all(w, {&liam});
    CHECK(lines_of("connection 201 from " + liam.from + ":") == 1);
    CHECK(srv.logged("lobby: Liam logged in (new) from " + liam.from + ":"));
}

TEST_CASE_METHOD(
    Started,
    "a guest's game is its connection's: another guest given the free name cannot abort or rematch it",
    "[server][hostile][trust]") {
    Client liam("Liam"), pat("Pat");
    enter_all(w, {&liam});
    w.enter(pat, lobby::Role::Human, true);
    w.logged_in(pat);
    REQUIRE(pat.lobby->name() == "~Pat");
    auto [white, black] = start_match(w, pat, liam, "official 4 5m+2s first-to 1 casual");
    const std::string game = World::match_of(liam)->game;
    // Pat's lobby connection goes (the game connection plays on), and Mallory takes the name now free.
    pat.lobby->leave("bye", w.now);
    REQUIRE(w.until([&] { return !liam.lobby->tables().players().contains("~pat"); }));
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& m = raw(w, keep, "127.0.0.66");
    m.say("lobby gobblet 3\nlogin Pat human guest\nabort " + game + "\n");
    REQUIRE(
        w.until([&] { return m.line_starting("refused abort").has_value() || liam.heard<lobby::Over>(); }));
    CHECK(m.line_starting("welcome ~Pat "));
    CHECK(m.line_starting("refused abort") ==
          "refused abort not-found no match " + game + " of yours in progress");
    CHECK_FALSE(liam.heard<lobby::Over>());
    // She is not the player of Pat's game: neither listed as playing it nor held back from seeking.
    REQUIRE(w.until([&] { return liam.lobby->tables().players().contains("~pat"); }));
    CHECK_FALSE(liam.lobby->tables().players().at("~pat").playing);
    m.say("post official 4 none first-to 1 casual\n");
    REQUIRE(w.until([&] { return m.line_starting("seek ").has_value() || m.line_starting("refused post"); }));
    CHECK_FALSE(m.line_starting("refused post"));
    // The game ends; a rematch asked in Pat's name is not hers to ask, and Liam hears of none.
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    m.say("rematch " + game + "\n");
    REQUIRE(w.until([&] { return m.line_starting("refused rematch").has_value(); }));
    CHECK(m.line_starting("refused rematch") == "refused rematch not-found no match " + game + " of yours");
    w.idle(5);
    for (const auto& [id, s] : liam.lobby->tables().seeks()) CHECK(s.to != "Liam");
}
