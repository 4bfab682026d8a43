// Who a seek is for, in the server (tests/server_support.h: one process, real sockets on 127.0.0.1, fake
// time): people unless it welcomes computers, and a rating range; a bot beside the people, and a
// computer that does not ask first.
#include "bot_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// A bot that does not ask what a seek is for, as an older program would not, in the lobby as OldBot.
void enter_old_bot(World& w, Client& robot) {
    w.enter(robot, lobby::Role::Bot);
    w.logged_in(robot);
}

}  // namespace

TEST_CASE_METHOD(
    Started, "a bot beside two people: their seeks are theirs; it takes only seeks that welcome computers",
    "[server][bot][seeks]") {
    Bots bots{w, {}, {}};
    net::Bot& max = bots.add("MaxBot", Level::Easy, std::nullopt, 0.05);
    REQUIRE(bots.until([&] { return max.lobby().in_lobby(); }));
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    // A rated seek and a casual one for people: the bot leaves both alone, and the two people meet.
    const lobby::Id rated = post(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    (void)post(w, eamon, liam, "rogers 3 none first-to 1 casual");
    for (int i = 0; i < 200; ++i) bots.step();
    CHECK_FALSE(max.playing());
    CHECK(bots.log.str().find("leaves the seek of Liam alone: that seek is for people") != std::string::npos);
    REQUIRE(eamon.lobby->accept(rated, w.now).ok());
    auto [white, black] = to_the_board(w, liam, eamon);
    CHECK(World::match_of(liam)->opponent == "Eamon");
    play_out(w, *white, *black);
    REQUIRE(bots.until([&] { return liam.heard<lobby::Over>(); }));
    // A seek that welcomes computers: the bot takes it.
    const std::size_t matches = liam.all<lobby::MatchStart>().size();
    (void)post(w, liam, eamon, "official 4 5m+2s first-to 1 casual bots");
    REQUIRE(bots.until([&] { return max.playing() && liam.all<lobby::MatchStart>().size() > matches; }));
    CHECK(World::match_of(liam)->opponent == "MaxBot");
}

TEST_CASE_METHOD(LiamAndEamon, "the server refuses a computer a seek for people", "[server][seeks]") {
    Client robot("OldBot");
    enter_old_bot(w, robot);
    const lobby::Id people = post(w, liam, robot, "official 4 none first-to 1 casual");
    REQUIRE(robot.lobby->accept(people, w.now).ok());
    REQUIRE(w.until([&] { return robot.refused("accept").has_value(); }));
    CHECK(robot.refused("accept")->code == lobby::Refusal::NotAllowed);
    CHECK(
        robot.refused("accept")->text ==
        "that seek is for people: a computer takes only seeks that welcome computers (bots), and challenges");
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "the server refuses anyone a seek outside its rating range, and keeps it up for whom it is for",
    "[server][seeks]") {
    Client guest("Gus");
    w.enter(guest, lobby::Role::Human, true);
    w.logged_in(guest);
    // A range: 1600-1800 leaves out a newcomer (1500) and a guest (no rating).
    const lobby::Id high = post(w, liam, eamon, "official 4 none first-to 1 casual 1600-1800");
    REQUIRE(eamon.lobby->accept(high, w.now).ok());
    REQUIRE(w.until([&] { return eamon.refused("accept").has_value(); }));
    CHECK(eamon.refused("accept")->text == "that seek is for ratings 1600-1800, and yours is 1500");
    REQUIRE(guest.lobby->accept(high, w.now).ok());
    REQUIRE(w.until([&] { return guest.refused("accept").has_value(); }));
    CHECK(guest.refused("accept")->text == "that seek is for ratings 1600-1800: a guest has no rating");
    // The seek stays up for whom it is for.
    CHECK(liam.lobby->tables().seeks().contains(high));
    const auto& seen = eamon.lobby->tables().seeks().at(high);
    CHECK(seen.audience.range == lobby::RatingRange{1600, 1800});
}

TEST_CASE_METHOD(LiamAndEamon, "a computer takes a challenge to it: the challenge of a bot is its own choice",
                 "[server][seeks]") {
    Client robot("OldBot");
    enter_old_bot(w, robot);
    REQUIRE(liam.lobby->challenge("OldBot", terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] {
        for (const auto& [id, s] : robot.lobby->tables().seeks())
            if (s.to == "OldBot") return robot.lobby->accept(id, w.now).ok();
        return false;
    }));
    REQUIRE(w.until([&] { return World::match_of(robot).has_value(); }));
    CHECK(World::match_of(robot)->opponent == "Liam");
}
