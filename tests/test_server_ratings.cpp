// Ratings, in the server (tests/server_support.h: one process, real sockets on 127.0.0.1, fake time):
// both told at a rated match's start and, with their changes, at its end; in the history, the record
// (with each move's clock) and the profile; the leaderboard of settled ratings, and --profile beside the
// server.
#include "saves/record.h"
#include "server/operator_commands.h"
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// A rated match of Liam's and Eamon's to its end, White thinking 3 s before the first move, then
// winning on row A: who played which colour, and what the lobby said at the end.
struct RatedGame {
    Client* white;
    Client* black;
    lobby::Over over;
};

RatedGame rated_game(World& w, Client& liam, Client& eamon) {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    w.pass(3 * s);
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>() && eamon.heard<lobby::Over>(); }));
    return {white, black, eamon.all<lobby::Over>().back()};
}

// Six players with twelve rated games each among themselves (settled), and a newcomer with one game,
// which he won against Aoife: stored before the server starts.
void store_settled_players(const Serving& srv) {
    server::Store store = server::Store::open(srv.config.db);
    std::vector<server::AccountId> ids;
    for (const char* n : {"Aoife", "Brian", "Ciara", "Declan", "Eimear", "Fionn", "Newbie"})
        ids.push_back(store.accounts().create_account(n, unix0, lobby::name_key(n))->id);
    const MatchSettings settings{Variant{4, Rules::Official}, 1, dm_preset()};
    for (int round = 0; round < 12; ++round)
        for (int a = 0; a < 6; ++a) {
            const int b = (a + 1 + round % 5) % 6;
            if (a == b) continue;
            const auto g = store.games().create_game(settings, {server::GamePlayer{ids[a], ""}, {ids[b], ""}},
                                                     true, unix0 + round);
            store.games().finish_game(
                g.id, a < b ? server::GameOutcome::Player0 : server::GameOutcome::Player1, "", unix0 + round);
        }
    const auto g =
        store.games().create_game(settings, {server::GamePlayer{ids[6], ""}, {ids[0], ""}}, true, unix0);
    store.games().finish_game(g.id, server::GameOutcome::Player0, "Newbie wins", unix0 + 100, {1, 0});
}

}  // namespace

TEST_CASE_METHOD(LiamAndEamon, "a rated game's end: both ratings at the start, and their changes, to both",
                 "[server][ratings]") {
    const RatedGame g = rated_game(w, liam, eamon);
    // Both ratings at the start (newcomers: 1500, uncertain).
    CHECK(World::match_of(liam)->mine == lobby::Rating{1500, 350});
    CHECK(World::match_of(liam)->theirs == lobby::Rating{1500, 350});
    // Player 0 played White in round 1 and won: 1500 -> 1662, the other 1500 -> 1338.
    CHECK(g.over.changes[0] == lobby::RatingChange{1500, 1662});
    CHECK(g.over.changes[1] == lobby::RatingChange{1500, 1338});
}

TEST_CASE_METHOD(LiamAndEamon, "a rated game's end: the ratings' changes in the history",
                 "[server][ratings]") {
    const RatedGame g = rated_game(w, liam, eamon);
    REQUIRE(eamon.lobby->history("Liam", 1, w.now).ok());
    REQUIRE(w.until([&] { return eamon.answer<lobby::HistoryQuery>().has_value(); }));
    const auto h = std::get<lobby::HistoryItem>(eamon.answer<lobby::HistoryQuery>()->at(0));
    CHECK(h.changes == g.over.changes);
}

TEST_CASE_METHOD(LiamAndEamon,
                 "a rated game's end: the record, rated, with both ratings and each move's clock",
                 "[server][ratings]") {
    const RatedGame g = rated_game(w, liam, eamon);
    // Both ratings before and after, each move's clock (White thought 3 s before the first move, which
    // cost nothing: the clocks wait for it; each move after adds the increment).
    REQUIRE(eamon.lobby->record(g.over.game, w.now).ok());
    REQUIRE(w.until([&] { return !eamon.answer_text<lobby::RecordQuery>().empty(); }));
    const std::string text = eamon.answer_text<lobby::RecordQuery>();
    INFO(text);
    CHECK(text.find("% rated: " + g.white->name + " 1500 -> 1662 (+162), " + g.black->name +
                    " 1500 -> 1338 (-162)\n") != std::string::npos);
    CHECK(text.find("W1A1 %clk 0:05:00\n") != std::string::npos);
    CHECK(text.find("K1D1 %clk 0:05:02\n") != std::string::npos);
    const auto read = saves::read_record(text);
    REQUIRE(read);
    CHECK(read->rated.find("(+162)") != std::string::npos);
    REQUIRE(read->clocks.size() == 1);
    REQUIRE(read->clocks[0].size() == white_wins.size());
    CHECK(read->clocks[0][0] == 300 * s);
    CHECK(read->clocks[0][1] == 302 * s);
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "a rated game's end: the profile (finger), ratings with deviations, the record, the last games",
    "[server][ratings]") {
    const RatedGame g = rated_game(w, liam, eamon);
    // Ratings with deviations, the record, the last games, registered, seen.
    REQUIRE(liam.lobby->finger("Eamon", w.now).ok());
    REQUIRE(w.until([&] { return liam.answer<lobby::FingerQuery>().has_value(); }));
    const auto items = *liam.answer<lobby::FingerQuery>();
    REQUIRE(items.size() == 1 + 4 + 1 + 1);  // (and version 4's trend of official 4x4)
    const auto profile = std::get<lobby::ProfileItem>(items[0]);
    CHECK(profile.name == "Eamon");
    CHECK(profile.role == lobby::Role::Human);
    CHECK(profile.seen == "online");
    const auto off4 = std::get<lobby::StatsItem>(items[1]);
    CHECK(off4.games == 1);
    CHECK(off4.rating->rating == (g.black->name == "Eamon" ? 1338 : 1662));
    CHECK(std::get<lobby::StatsItem>(items[2]).rating == std::nullopt);
    CHECK(std::get<lobby::HistoryItem>(items[6]).changes == g.over.changes);
}

TEST_CASE("the leaderboard lists only settled ratings, best first, per variant", "[server][ratings]") {
    Serving srv;
    store_settled_players(srv);
    srv.start(t0);
    World w(srv);
    Client liam("Liam");
    enter_all(w, {&liam});
    const std::vector<lobby::LeaderItem> leaders = leaders_heard(w, liam);
    REQUIRE(leaders.size() == 7);  // the newcomer is not settled: last, provisional (version 4)
    for (std::size_t i = 0; i < leaders.size(); ++i) {
        CHECK(leaders[i].rank == int(i + 1));
        CHECK(leaders[i].variant == Variant{4, Rules::Official});
        CHECK((leaders[i].rating.deviation <= lobby::settled_deviation) == (i < 6));
        CHECK((leaders[i].name != "Newbie") == (i < 6));
        if (i > 0 && i < 6) CHECK(leaders[i].rating.rating <= leaders[i - 1].rating.rating);
    }
}

TEST_CASE("the leaderboard ages a rating once, from the player's last rated game to now",
          "[server][ratings]") {
    Serving srv;
    std::vector<server::AccountId> ids;
    const Variant v{4, Rules::Official};
    std::map<std::string, double> aged_once, a_day_later;  // each deviation as the store reads it
    {
        // Six settled players whose last rated games were a month before the server's now.
        server::Store store = server::Store::open(srv.config.db);
        for (const char* n : {"Aoife", "Brian", "Ciara", "Declan", "Eimear", "Fionn"})
            ids.push_back(store.accounts().create_account(n, unix0, lobby::name_key(n))->id);
        const MatchSettings settings{v, 1, dm_preset()};
        const std::time_t then = unix0 - 30 * 86400;
        for (int round = 0; round < 12; ++round)
            for (int a = 0; a < 6; ++a) {
                const int b = (a + 1 + round % 5) % 6;
                if (a == b) continue;
                const auto g = store.games().create_game(
                    settings, {server::GamePlayer{ids[std::size_t(a)], ""}, {ids[std::size_t(b)], ""}}, true,
                    then + round);
                store.games().finish_game(g.id,
                                          a < b ? server::GameOutcome::Player0 : server::GameOutcome::Player1,
                                          "", then + round);
            }
        for (const char* n : {"Aoife", "Brian", "Ciara", "Declan", "Eimear", "Fionn"}) {
            const auto id = store.accounts().find_account(n);
            REQUIRE(id);
            aged_once[n] = store.ratings().rating_of(id->id, v, unix0).rating.deviation;
            a_day_later[n] = store.ratings().rating_of(id->id, v, then + 86400).rating.deviation;
        }
    }
    srv.start(t0);
    World w(srv);
    Client liam("Liam");
    enter_all(w, {&liam});
    const std::vector<lobby::LeaderItem> leaders = leaders_heard(w, liam);
    REQUIRE(leaders.size() == 6);
    // Each deviation as the store reads it at the server's now (aged once: a month's growth); the board
    // read it so and then aged it again from the same last game, the month counted twice.
    for (const lobby::LeaderItem& l : leaders) {
        INFO(l.name);
        REQUIRE(aged_once.contains(l.name));
        CHECK(aged_once[l.name] > a_day_later[l.name] + 1);
        CHECK(l.rating.deviation == int(std::lround(aged_once[l.name])));
    }
}

TEST_CASE("--profile beside the server says the same as finger, in words", "[server][ratings]") {
    Serving srv;
    store_settled_players(srv);
    srv.start(t0);
    std::ostringstream out, err;
    CHECK(server::print_profile(out, err, srv.config.db, "newbie", unix0 + 200) == 0);
    CHECK(out.str().rfind("Newbie, a person; registered ", 0) == 0);
    CHECK(out.str().find("official 4x4: ") != std::string::npos);
    CHECK(out.str().find("1 game: 1 won, 0 lost, 0 drawn") != std::string::npos);
    CHECK(out.str().find("rogers 4x4: no rated game") != std::string::npos);
    CHECK(out.str().find("Newbie won 1-0 against Aoife, rated dm official 4x4: Newbie ") !=
          std::string::npos);
    CHECK(server::print_profile(out, err, srv.config.db, "Nobody", unix0) == 2);
    CHECK(err.str().find("--profile Nobody: nobody is registered so in") != std::string::npos);
}
