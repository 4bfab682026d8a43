// The rating over time and the provisional players (issue 33, item 25; the lobby protocol's version 4):
// a profile carries each variant's rating after the player's last rated games (`trend`), read from the
// ratings the store keeps with each game, and draws it as a chart in the terminal (net/lobby_text.h's
// trend_chart: the profile page, --profile); the leaderboard, while fewer than ten ratings of a variant
// are settled, lists the best provisional ones after them, marked (a `leader`'s deviation above 150), so
// that a new server's board is not "(nobody yet)".
#include "engine/dates.h"
#include "net/lobby_text.h"
#include "server/operator_commands.h"
#include "server_support.h"
#include "ui/lobby_view.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const MatchSettings official4{Variant{4, Rules::Official}, 1, dm_preset()};
const MatchSettings rogers3{Variant{3, Rules::Rogers}, 1, dm_preset()};

// A rated game between two accounts, won by `winner` (0 or 1), ended at `when`: what it did to both.
std::array<server::RatingChange, 2> rated(server::Store& store, const MatchSettings& settings,
                                          server::AccountId a, server::AccountId b, int winner,
                                          server::UnixTime when) {
    const auto g = store.games().create_game(settings, {server::GamePlayer{a, ""}, {b, ""}}, true, when);
    const auto r = store.games().finish_game(
        g.id, winner == 0 ? server::GameOutcome::Player0 : server::GameOutcome::Player1, "", when, {1, 0});
    REQUIRE(r);
    return *r;
}

int rounded(double v) { return int(std::lround(v)); }

std::vector<lobby::TrendItem> trends_in(const std::vector<lobby::Message>& items) {
    std::vector<lobby::TrendItem> out;
    for (const auto& m : items)
        if (const auto* t = std::get_if<lobby::TrendItem>(&m)) out.push_back(*t);
    return out;
}

}  // namespace

TEST_CASE("the trend and the provisional leader lines are version 4's", "[lobby][v4]") {
    const lobby::TrendItem t{
        Variant{4, Rules::Official}, "2026-11-01T10:00Z", "2026-11-28T11:30Z", {1500, 1662, 1580}};
    const std::string line = lobby::format_message(t);
    CHECK(line == "trend official 4 2026-11-01T10:00Z 2026-11-28T11:30Z 1500 1662 1580\n");
    CHECK(lobby::parse_message(line.substr(0, line.size() - 1)) == lobby::Message{t});
    CHECK(lobby::parse_message("trend official 4 2026-11-01T10:00Z 2026-11-28T11:30Z").why() ==
          "trend: rating: no rating");
    CHECK(lobby::parse_message("trend official 4 2026-11-28T11:30Z 2026-11-01T10:00Z 1500").why() ==
          "trend: its last game before its first");
    std::string many = "trend official 4 2026-11-01T10:00Z 2026-11-28T11:30Z";
    for (int i = 0; i <= lobby::max_trend_points; ++i) many += " 1500";
    CHECK(lobby::parse_message(many).why() == "trend: rating: more than 60 ratings");
    // A provisional leader: its deviation above the settled 150, read from version 4 only.
    const std::string provisional = "leader official 4 7 Newbie 1662 290 1";
    REQUIRE(lobby::parse_message(provisional));
    CHECK(std::get<lobby::LeaderItem>(*lobby::parse_message(provisional)).rating.deviation == 290);
    CHECK_FALSE(lobby::parse_message(provisional, 3));
    CHECK(lobby::parse_message("leader official 4 1 Liam 1862 120 14", 3));
}

TEST_CASE("a profile carries each variant's rating after the last rated games, oldest first",
          "[server][v4][ratings]") {
    Serving srv;
    std::vector<std::array<server::RatingChange, 2>> official, rogers;
    {
        server::Store store = server::Store::open(srv.config.db);
        const auto liam = store.accounts().create_account("Liam", unix0, "liam")->id;
        const auto eamon = store.accounts().create_account("Eamon", unix0, "eamon")->id;
        official.push_back(rated(store, official4, liam, eamon, 0, unix0 + 3600));
        official.push_back(rated(store, official4, eamon, liam, 0, unix0 + 2 * 86400));  // Liam plays Black
        rogers.push_back(rated(store, rogers3, liam, eamon, 1, unix0 + 3 * 86400));
        official.push_back(rated(store, official4, liam, eamon, 0, unix0 + 4 * 86400));
        // A casual game and an aborted one move no rating: not in the trend.
        const auto c = store.games().create_game(official4, {server::GamePlayer{liam, ""}, {eamon, ""}},
                                                 false, unix0 + 5 * 86400);
        store.games().finish_game(c.id, server::GameOutcome::Player0, "", unix0 + 5 * 86400, {1, 0});
        // The store's history of Liam's ratings, oldest first, every variant.
        const auto history = store.games().rating_history(liam, 500);
        REQUIRE(history.size() == 4);
        CHECK(history[0].variant == Variant{4, Rules::Official});
        CHECK(history[0].rating == official[0][0].after);
        CHECK(history[1].rating == official[1][1].after);
        CHECK(history[2].variant == Variant{3, Rules::Rogers});
        CHECK(history[3].ended == unix0 + 4 * 86400);
        // Only the newest rated games are looked at: a window of 2, the last two.
        const auto last = store.games().rating_history(liam, 2);
        REQUIRE(last.size() == 2);
        CHECK(last[0].variant == Variant{3, Rules::Rogers});
        CHECK(last[1].rating == official[2][0].after);
    }
    srv.start(t0);
    World w(srv);
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    REQUIRE(zoe.lobby->finger("Liam", w.now).ok());
    REQUIRE(w.until([&] { return zoe.answer<lobby::FingerQuery>().has_value(); }));
    const auto trends = trends_in(*zoe.answer<lobby::FingerQuery>());
    REQUIRE(trends.size() == 2);
    CHECK(trends[0].variant == Variant{4, Rules::Official});
    CHECK(trends[0].ratings == std::vector<int>{rounded(official[0][0].after), rounded(official[1][1].after),
                                                rounded(official[2][0].after)});
    CHECK(trends[0].first == date_text(unix0 + 3600, DateForm::Minute));
    CHECK(trends[0].last == date_text(unix0 + 4 * 86400, DateForm::Minute));
    CHECK(trends[1].variant == Variant{3, Rules::Rogers});
    CHECK(trends[1].ratings == std::vector<int>{rounded(rogers[0][0].after)});
    // A version 3 client's profile has no trend line (it would not read one).
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& old = raw(w, keep, "127.0.0.66");
    old.say("lobby gobblet 3\nlogin Old human guest\nfinger Liam\n");
    REQUIRE(w.until([&] { return old.line_starting("end profile").has_value(); }));
    CHECK_FALSE(old.line_starting("trend").has_value());
    CHECK(old.line_starting("stats official 4").has_value());
    // --profile beside the server draws each chart under the ratings, before the last games.
    std::ostringstream out, err;
    REQUIRE(server::print_profile(out, err, srv.config.db, "Liam", unix0 + 6 * 86400) == 0);
    const std::string text = out.str();
    const auto chart = text.find("official 4x4 rating after each of the last 3 rated games, " +
                                 date_text(unix0 + 3600, DateForm::Minute).substr(0, 10));
    REQUIRE(chart != std::string::npos);
    CHECK(chart > text.find("rogers 3x3: "));
    CHECK(chart < text.find("Last games, newest first:"));
    CHECK(contains(text, "rogers 3x3 rating after the last rated game"));
    CHECK(contains(text, " |   *"));
}

TEST_CASE("a profile's trend holds the last 60 rated games of a variant", "[server][v4][ratings]") {
    Serving srv;
    {
        server::Store store = server::Store::open(srv.config.db);
        const auto liam = store.accounts().create_account("Liam", unix0, "liam")->id;
        const auto eamon = store.accounts().create_account("Eamon", unix0, "eamon")->id;
        for (int i = 0; i < 70; ++i)
            rated(store, official4, liam, eamon, i % 3 == 0 ? 1 : 0, unix0 + i * 600);
    }
    srv.start(t0);
    World w(srv);
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    REQUIRE(zoe.lobby->finger("Liam", w.now).ok());
    REQUIRE(w.until([&] { return zoe.answer<lobby::FingerQuery>().has_value(); }));
    const auto trends = trends_in(*zoe.answer<lobby::FingerQuery>());
    REQUIRE(trends.size() == 1);
    CHECK(trends[0].ratings.size() == std::size_t(lobby::max_trend_points));
    CHECK(trends[0].first == date_text(unix0 + 10 * 600, DateForm::Minute));
    const auto stats = std::get<lobby::StatsItem>(zoe.answer<lobby::FingerQuery>()->at(1));
    CHECK(trends[0].ratings.back() == stats.rating->rating);  // the last point is the rating now
}

TEST_CASE("the leaderboard lists the provisional players after the settled ones while it is not full",
          "[server][v4][ratings]") {
    Serving srv;
    {
        // Two newcomers, one rated game each between them: nobody settled.
        server::Store store = server::Store::open(srv.config.db);
        const auto liam = store.accounts().create_account("Liam", unix0, "liam")->id;
        const auto eamon = store.accounts().create_account("Eamon", unix0, "eamon")->id;
        rated(store, official4, liam, eamon, 0, unix0);
    }
    srv.start(t0);
    World w(srv);
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    const std::vector<lobby::LeaderItem> leaders = leaders_heard(w, zoe);
    REQUIRE(leaders.size() == 2);
    CHECK(leaders[0].name == "Liam");
    CHECK(leaders[0].rank == 1);
    CHECK(leaders[0].rating.rating == 1662);
    CHECK(leaders[0].rating.deviation > lobby::settled_deviation);
    CHECK(leaders[1].name == "Eamon");
    CHECK(leaders[1].rank == 2);
    CHECK(leaders[1].games == 1);
    // The lobby screen marks them as every provisional rating is marked.
    const auto lines = ui::leader_lines(leaders, "Zoe", 79);
    CHECK(lines[1].rfind("1. Liam", 0) == 0);  // the official 4x4 column's first row: no "(nobody yet)"
    CHECK(contains(lines[1], "1662?"));
    CHECK(lines[2].rfind("2. Eamon", 0) == 0);
    // A version 3 client reads settled ratings only: its board is empty.
    std::vector<std::unique_ptr<RawPeer>> keep;
    RawPeer& old = raw(w, keep, "127.0.0.66");
    old.say("lobby gobblet 3\nlogin Old human guest\nbest\n");
    REQUIRE(w.until([&] { return old.line_starting("end best").has_value(); }));
    CHECK_FALSE(old.line_starting("leader").has_value());
}

TEST_CASE("settled ratings lead the board and provisional ones fill it, marked, up to ten",
          "[server][v4][ratings]") {
    Serving srv;
    std::vector<server::AccountId> ids;
    {
        // Six players with twelve rated games each among themselves (settled); five newcomers who beat
        // one of them once, rated higher than some settled players.
        server::Store store = server::Store::open(srv.config.db);
        for (const char* n :
             {"Aoife", "Brian", "Ciara", "Declan", "Eimear", "Fionn", "New1", "New2", "New3", "New4", "New5"})
            ids.push_back(store.accounts().create_account(n, unix0, lobby::name_key(n))->id);
        for (int round = 0; round < 12; ++round)
            for (int a = 0; a < 6; ++a) {
                const int b = (a + 1 + round % 5) % 6;
                if (a == b) continue;
                rated(store, official4, ids[std::size_t(a)], ids[std::size_t(b)], a < b ? 0 : 1,
                      unix0 + round);
            }
        for (int n = 6; n < 11; ++n) rated(store, official4, ids[std::size_t(n)], ids[5], 0, unix0 + 100 + n);
    }
    srv.start(t0);
    World w(srv);
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    const std::vector<lobby::LeaderItem> leaders = leaders_heard(w, zoe);
    REQUIRE(leaders.size() == std::size_t(lobby::leaders_per_variant));  // six settled, four provisional
    for (std::size_t i = 0; i < leaders.size(); ++i) {
        INFO(leaders[i].name);
        CHECK(leaders[i].rank == int(i + 1));
        CHECK((leaders[i].rating.deviation <= lobby::settled_deviation) == (i < 6));
        CHECK(leaders[i].name.starts_with("New") == (i >= 6));
        if (i != 6 && i > 0) CHECK(leaders[i].rating.rating <= leaders[i - 1].rating.rating);
    }
}

TEST_CASE("a rating chart fits the terminal: the highest rating at the top, a point a game",
          "[lobby-text][v4]") {
    const lobby::TrendItem t{
        Variant{4, Rules::Official}, "2026-11-01T10:00Z", "2026-11-28T11:30Z", {1500, 1662, 1580, 1700}};
    const auto lines = lobby::trend_chart(t, 40, 5);
    REQUIRE(lines.size() == 6);
    CHECK(lines[0] ==
          "official 4x4 rating after each of the last 4 rated games, 2026-11-01 to 2026-11-28: 1500 to 1700");
    for (std::size_t i = 1; i < lines.size(); ++i) CHECK(int(lines[i].size()) <= 40);
    // Four games in 34 columns: a point every 4 columns, the last at the right, the highest on the top
    // row (1700), the lowest on the bottom one (1500).
    CHECK(lines[1] == "1700 |" + std::string(15, ' ') + "*");
    CHECK(lines[5] == "1500 |   *");
    CHECK(lines[2] == "     |       *");      // 1662
    CHECK(lines[3] == "     |           *");  // 1580
    CHECK(lines[4] == "     |");
    // A flat rating: one row holds every point; more games than columns: the last ones, said so.
    const lobby::TrendItem flat{
        Variant{3, Rules::Rogers}, "2026-11-01T10:00Z", "2026-11-01T10:00Z", {1500, 1500}};
    const auto f = lobby::trend_chart(flat, 30, 3);
    CHECK(f[2] == "1500 |   *   *");
    lobby::TrendItem many = t;
    many.ratings.assign(60, 1500);
    many.ratings.back() = 1600;
    const auto m = lobby::trend_chart(many, 20, 2);
    CHECK(contains(m[0], "(the last 14 drawn)"));
    CHECK(m[1] == "1600 |" + std::string(13, ' ') + "*");
    const std::vector<lobby::TrendItem> both{flat, t};
    CHECK(lobby::busiest_trend(both) == &both[1]);
    CHECK(lobby::busiest_trend({}) == nullptr);
}
