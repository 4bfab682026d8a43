// Ratings and seats that cannot be bought, and what one player cannot do to another (issue 34, second
// round): each attack played by a client as a cheat would write it (tests/server_support.h), against the
// server in one process on fake time. Every client comes from a loopback address of its own (127.0.x.y)
// unless the attack needs one address.
#include "server/operator_commands.h"
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// The last refusal of `verb` the client heard, as "CODE TEXT".
std::string refusal(const Client& c, const std::string& verb) {
    const auto r = c.refused(verb);
    return r ? std::string(lobby::refusal_word(r->code)) + " " + r->text : std::string("(none)");
}

}  // namespace

TEST_CASE("a person's seat never goes to a computer: an account is a person's or a bot's for good",
          "[server][hostile][trust]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
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
    REQUIRE(w.until([&] { return robot2.heard<lobby::Notice>(); }));
    CHECK(robot2.all<lobby::Notice>().back().text ==
          "your rated match " + game + " began as a person's: it cannot be played as another kind of player");
    CHECK_FALSE(robot2.heard<lobby::MatchStart>());
    w.idle(5);
    CHECK(eamon.game->peer_seat() == SeatKind::Human);
    CHECK_FALSE(srv.reader().games().game_record(*server::game_id_of(game))->players[0].bot);
    CHECK_FALSE(srv.reader().games().game_record(*server::game_id_of(game))->players[1].bot);
}

TEST_CASE("--account-kind changes an account's kind, and says what is wrong", "[server][trust]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
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
