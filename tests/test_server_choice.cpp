// The choice of who starts the next round, played as an attack on the server (issue 34, item 1): the
// loser of a round who never chooses, sitting silent at the board or gone, held the match, the winner's
// rating and a tournament's round hostage. The rule (engine/match.h, StarterWait): the loser has the
// server's limit (--starter-choice, starter_choice_time by default); then the match's rule decides (the
// loser starts) and the next round's clock runs. Real sockets on 127.0.0.1, fake time.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// White wins round 1 on row A; both boards show the round over.
void white_wins_round(World& w, Client& white, Client& black) {
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? white : black, i % 2 == 0 ? black : white, white_wins[i]);
    REQUIRE(w.until([&] {
        return white.match.phase() == MatchPhase::ChoosingStarter &&
               black.match.phase() == MatchPhase::ChoosingStarter;
    }));
}

// The last rating notice a client heard ("your official 4x4 rating: 1500 -> 1662"), or "".
std::string rating_notice(const Client& c) {
    const auto notices = c.all<lobby::Notice>();
    for (auto it = notices.rbegin(); it != notices.rend(); ++it)
        if (it->text.starts_with("your ")) return it->text;
    return {};
}

}  // namespace

TEST_CASE_METHOD(
    LiamAndEamon,
    "a loser who sits silent instead of choosing who starts: the rule decides, and his clock runs",
    "[server][hostile][choice]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm 10s 0s 0s first-to 2 rated");
    white_wins_round(w, *white, *black);
    const Millis ended = w.now;
    CHECK(black->match.chooser() == black->game->local_player());

    // The winner cannot end the wait by a resignation: the round is over. He waits, at most the limit.
    CHECK(white->game->resign(w.now).why() == "the round is over");
    w.pass(starter_choice_time - s);
    CHECK(white->match.phase() == MatchPhase::ChoosingStarter);
    w.now = ended + starter_choice_time;
    REQUIRE(w.until([&] { return white->match.round_number() == 2 && black->match.round_number() == 2; }));
    // The match's rule: the loser, who let his time run out, starts (plays White), and his clock runs.
    CHECK(white->match.player_of(Color::White) == black->game->local_player());
    CHECK(white->match.clock().running() == Color::White);
    CHECK_FALSE(white->match.clock().paused());
    CHECK(srv.logged(black->name + " did not choose who starts round 2 within 30 s: " + black->name +
                     " starts (the rule)"));

    // Still silent: his turn time runs out and the round is the winner's, and with it the match.
    w.pass(10 * s);
    // First to 2: the match is over, rated, within the limit and his clock; never an hour later.
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    CHECK(w.now - ended < starter_choice_time + 12 * s);
    const lobby::Over over = liam.all<lobby::Over>().back();
    CHECK(over.score == std::array<int, 2>{2, 0});
    REQUIRE(w.until([&] { return !rating_notice(*white).empty() && !rating_notice(*black).empty(); }));
    CHECK(rating_notice(*white) == "your official 4x4 rating: 1500 -> 1662");
    CHECK(rating_notice(*black) == "your official 4x4 rating: 1500 -> 1338");
}

TEST_CASE("the server's own limit on the choice of starter: its players hear it, and the rule waits for it",
          "[server][choice]") {
    LiamAndEamon room([](server::ServerConfig& c) {
        c.hub.limits.choice_time = 90 * s;  // --starter-choice 90
    });
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm 10s 0s 0s first-to 2 casual");
    // Both screens say the server's limit: each session heard it in the terms of its welcome.
    CHECK(white->game->choice_time() == 90 * s);
    CHECK(black->game->choice_time() == 90 * s);
    white_wins_round(w, *white, *black);
    const Millis ended = w.now;

    // The default's time passes, and more: the loser may still choose.
    w.pass(starter_choice_time + 10 * s);
    CHECK(white->match.phase() == MatchPhase::ChoosingStarter);
    w.pass(ended + 90 * s - 1 - w.now);
    CHECK(white->match.phase() == MatchPhase::ChoosingStarter);
    w.pass(1);
    REQUIRE(w.until([&] { return white->match.round_number() == 2 && black->match.round_number() == 2; }));
    CHECK(white->match.player_of(Color::White) == black->game->local_player());
    CHECK(srv.logged(black->name + " did not choose who starts round 2 within 90 s: " + black->name +
                     " starts (the rule)"));
}

TEST_CASE("the winner who leaves while the loser will not choose is not the one who is absent",
          "[server][hostile][choice]") {
    LiamAndEamon room(with_grace(10 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm 10s 0s 0s first-to 2 rated");
    white_wins_round(w, *white, *black);
    const std::string winner = white->name;
    // The winner gives up waiting and closes the program; the loser stays at the board, silent.
    white->game.reset();
    w.idle();
    REQUIRE(w.until([&] { return black->game->absence(black->game->remote_player()).has_value(); }));

    // The rule starts round 2 with the loser as White (the winner's grace is over by then), and the
    // loser's turn time runs out on his own turn: the one at the board who does nothing loses.
    w.pass(starter_choice_time + 12 * s);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    const lobby::Over over = liam.all<lobby::Over>().back();
    CHECK(over.result == lobby::Verdict::Player0);
    CHECK(over.score == std::array<int, 2>{2, 0});
    REQUIRE(w.until([&] { return !rating_notice(*black).empty(); }));
    CHECK(rating_notice(*black) == "your official 4x4 rating: 1500 -> 1338");
    server::Store store = srv.reader();
    const auto rows = store.ratings().ratings_list(Variant{4, Rules::Official}, unix0);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].name == winner);
    CHECK(std::lround(rows[0].record.rating.rating) == 1662);
}

TEST_CASE("a loser who walks away from the choice is the absent one: his clock runs after his grace",
          "[server][hostile][choice]") {
    LiamAndEamon room(with_grace(10 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm 10s 0s 0s first-to 2 rated");
    white_wins_round(w, *white, *black);
    const Millis ended = w.now;
    black->game.reset();  // the loser closes the program instead of choosing
    w.idle();
    REQUIRE(w.until([&] { return white->game->absence(white->game->remote_player()).has_value(); }));
    w.pass(starter_choice_time);
    REQUIRE(w.until([&] { return white->match.round_number() == 2; }));
    CHECK(white->match.player_of(Color::White) == white->game->remote_player());  // the absent loser starts
    // His grace is over by then: his turn time runs out, and the match is the winner's within a minute,
    // never after abandon_after (an hour).
    w.pass(12 * s);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    CHECK(w.now - ended < starter_choice_time + 20 * s);
    const lobby::Over over = liam.all<lobby::Over>().back();
    CHECK(over.result == lobby::Verdict::Player0);
    CHECK(over.score == std::array<int, 2>{2, 0});
}

TEST_CASE_METHOD(Started, "a tournament's round is not stalled by a loser who never chooses who starts",
                 "[server][hostile][choice][tournament]") {
    Client ann("Ann"), bob("Bob");
    enter_all(w, {&ann, &bob});
    REQUIRE(ann.lobby
                ->create_tournament("ann-rr", lobby::Format{false, 0}, 2, lobby::First::Schedule,
                                    terms("official 4 dm 10s 0s 0s first-to 2 casual"), w.now)
                .ok());
    REQUIRE(w.until([&] { return bob.lobby->tables().tournaments().size() == 1; }));
    const lobby::Id id = bob.lobby->tables().tournaments().begin()->first;
    REQUIRE(bob.lobby->join_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return ann.lobby->tables().tournaments().at(id).players == 2; }));
    REQUIRE(ann.lobby->start_tournament(id, w.now).ok());
    auto [white, black] = to_the_board(w, ann, bob);
    white_wins_round(w, *white, *black);
    const Millis ended = w.now;
    // The loser sits at the board and never chooses: the rule starts round 2, his turn time runs out,
    // and the match (first to 2), and with it the tournament, is over.
    w.pass(starter_choice_time + 12 * s);
    REQUIRE(w.until(
        [&] { return ann.lobby->tables().tournaments().at(id).state == lobby::TournamentState::Over; }));
    CHECK(w.now - ended < starter_choice_time + 20 * s);
    REQUIRE(w.until([&] {
        const auto table = bob.lobby->tables().standings(id);
        return table.size() == 2 && table[0].name == white->name;
    }));
}
