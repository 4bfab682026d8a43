// Computer players in a server's lobby (net/bot.h), in one process with the server (tests/server_support.h):
// two bots play a rated match to the end and their ratings move; a bot takes a challenge, and declines
// one while it plays; bots come back to a server that died mid-game and finish the game.
#include "bot_support.h"
#include "saves/record.h"

using namespace gobblet;
using namespace gobblet::test;

TEST_CASE_METHOD(Started, "two bots play a rated match to the end, and both ratings move", "[server][bot]") {
    Bots bots{w, {}, {}};
    net::Bot& seeker = bots.add("SeekBot", Level::Easy, "official 4 1m+1s first-to 1 rated bots");
    net::Bot& taker = bots.add("TakeBot", Level::Easy);
    REQUIRE(bots.until([&] { return seeker.matches_finished() >= 1 && taker.matches_finished() >= 1; }));
    const auto rows = srv.reader().ratings().ratings_list(Variant{4, Rules::Official}, unix0);
    REQUIRE(rows.size() == 2);
    for (const auto& r : rows) {
        INFO(r.name);
        CHECK(r.record.games >= 1);
        CHECK(r.record.rating.deviation < 350);  // rated: the deviation fell
    }
    const bool drawn = rows[0].record.draws > 0;
    if (!drawn) CHECK(rows[0].record.rating.rating > 1500);
    CHECK(bots.log.str().find("bot TakeBot: accepts the seek of SeekBot") != std::string::npos);
    CHECK(bots.log.str().find("bot SeekBot: seeks official 4 1m+1s first-to 1 rated") != std::string::npos);
    CHECK(srv.logged("lobby: SeekBot logged in (new)"));
    // They are bots to everyone.
    Client zoe("Zoe");
    w.enter(zoe);
    w.logged_in(zoe);
    CHECK(zoe.lobby->tables().players().at("seekbot").role == lobby::Role::Bot);
    for (auto& b : bots.bots) b->stop("the test is over", w.now);
}

TEST_CASE_METHOD(Started, "a bot takes a challenge; a challenge while it plays is refused", "[server][bot]") {
    Bots bots{w, {}, {}};
    net::Bot& bot = bots.add("MaxBot", Level::Hard, std::nullopt, 0.05);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    REQUIRE(bots.until([&] { return liam.lobby->tables().players().contains("maxbot"); }));
    REQUIRE(liam.lobby->challenge("MaxBot", *lobby::parse_terms("official 4 none first-to 1 casual"), w.now)
                .ok());
    REQUIRE(bots.until([&] { return World::match_of(liam).has_value() && bot.playing(); }));
    w.play_match(liam);
    REQUIRE(
        bots.until([&] { return liam.game->playing() && !liam.game->absence(liam.game->remote_player()); }));
    CHECK(liam.game->peer_seat() == SeatKind::Computer);  // the game screen marks its opponent a computer
    REQUIRE(eamon.lobby->challenge("MaxBot", *lobby::parse_terms("official 3 none first-to 1 casual"), w.now)
                .ok());
    REQUIRE(bots.until([&] { return eamon.refused("challenge").has_value(); }));
    CHECK(eamon.refused("challenge")->code == lobby::Refusal::Busy);
    CHECK(eamon.refused("challenge")->text == "MaxBot is playing a match");
    // Liam resigns on his turn (a resignation that crosses the bot's first move is refused as out of
    // date, and the match would go on); the bot is free again.
    REQUIRE(bots.until(
        [&] { return liam.match.player_of(liam.match.game().side_to_move()) == liam.game->local_player(); }));
    REQUIRE(bots.until([&] { return liam.game->resign(w.now).ok(); }));
    const bool done = bots.until([&] { return bot.matches_finished() == 1 && !bot.playing(); });
    INFO(bots.log.str());
    INFO(srv.log.str());
    REQUIRE(done);
    // The record marks the bot as a computer, and Liam as the person he is.
    REQUIRE(bots.until([&] { return liam.heard<lobby::Over>(); }));
    REQUIRE(liam.lobby->record(liam.all<lobby::Over>().back().game, w.now).ok());
    REQUIRE(bots.until([&] { return !liam.answer_text<lobby::RecordQuery>().empty(); }));
    const auto record = saves::read_record(liam.answer_text<lobby::RecordQuery>());
    REQUIRE(record);
    const int me = liam.game->local_player();
    CHECK(record->seats[std::size_t(me)].kind == SeatKind::Human);
    CHECK(record->seats[std::size_t(1 - me)].kind == SeatKind::Computer);
}

TEST_CASE_METHOD(Started,
                 "bots come back to a server that died mid-game, and finish the game with nothing lost",
                 "[server][bot][restart]") {
    Bots bots{w, {}, {}};
    net::Bot& a = bots.add("AlphaBot", Level::Hard, "official 4 10m+5s first-to 1 rated bots", 0.02);
    net::Bot& b = bots.add("BetaBot", Level::Hard, std::nullopt, 0.02);
    REQUIRE(bots.until([&] { return a.match().game().moves().size() >= 6; }));
    const std::string before = transcript_text(a.match().game().moves());
    srv.server.reset();  // as a kill -9: nobody is told
    w.now += s;
    srv.start(w.now);
    REQUIRE(bots.until_passing([&] { return a.matches_finished() == 1 && b.matches_finished() == 1; }, 120));
    server::Store store = srv.reader();
    const auto games =
        store.games().finished_games_page(store.accounts().find_account("AlphaBot")->id, 10, 0);
    REQUIRE(games.size() == 1);
    const auto record = store.games().game_record(games[0].id);
    const auto match = server::match_of(*record);
    INFO(match.why());
    REQUIRE(match);
    // The moves made before the death are the first moves of the finished game.
    CHECK(transcript_text(match->game().moves()).starts_with(before));
    CHECK(match->phase() == MatchPhase::Over);
    CHECK(bots.log.str().find("connecting again") != std::string::npos);
}
