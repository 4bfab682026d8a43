// What the lobby's questions cost the server (issue 34, item 2): the leaderboard paged through every
// unsettled rating on the server's only thread (1.6 s with 10,000 unsettled players); now it is an index
// lookup, kept between questions, and every question answered from the database reads about as many
// rows as it answers with, whatever the tables hold; the questions are limited per connection and per
// address. The costs are counted in SQLite's steps (db::StepCounter), never timed: the times are
// `./main --bench-store`'s (docs/server.md, "What a question costs").
#include "server/operator_commands.h"
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;
using server::Crowd;
using server::RatingsRow;
using server::Store;
namespace db = server::db;

namespace {

constexpr std::time_t day = 86400;
const Variant official4{4, Rules::Official};

// The top `n` ratings of a variant settled at `now`, found the slow way: every rating grown to `now`.
std::vector<std::string> settled_by_brute_force(Store& s, Variant v, std::time_t now, std::size_t n) {
    std::vector<std::string> out;
    for (const RatingsRow& r : s.ratings().ratings_list(v, now))
        if (r.record.rating.deviation <= lobby::settled_deviation && out.size() < n) out.push_back(r.name);
    return out;
}

std::vector<std::string> names_of(const std::vector<RatingsRow>& rows) {
    std::vector<std::string> out;
    for (const RatingsRow& r : rows) out.push_back(r.name);
    return out;
}

// What each of the lobby's questions costs on a crowd, in SQLite's steps; every statement that scanned a
// whole table is named in `scanners`.
struct Costs {
    std::map<std::string, std::int64_t> steps;
    std::vector<std::string> scanners;
};

Costs costs_with(int players) {
    Store s = Store::in_memory();
    const Crowd crowd = server::make_crowd(s, players, unix0);
    const std::time_t now = unix0 + 3600;
    Costs c;
    const auto ask = [&](const std::string& what, const std::function<void()>& f) {
        auto counter = s.count_steps();
        f();
        c.steps[what] = counter.vm_steps();
        for (const std::string& q : counter.scanners()) c.scanners.push_back(what + ": " + q);
    };
    ask("best", [&] {
        (void)s.ratings().prune_settled(now, server::prune_settled_batch);
        for (int i = 0; i < 4; ++i)
            CHECK(s.ratings().leaders(lobby::variant_at(i), now, lobby::leaders_per_variant).size() ==
                  (i == 0 ? 10u : 0u));
    });
    ask("history 1", [&] {
        const auto a = s.accounts().find_lobby_account(lobby::name_key("Marathon"));
        CHECK(s.games().finished_games_page(a->id, lobby::page_size, 0).size() == 50);
    });
    ask("history 20", [&] { CHECK(s.games().finished_games_page(crowd.marathon.id, 50, 950).size() == 50); });
    // The player, four variants, official 4x4's trend (its last rated games), the last ten games.
    ask("finger", [&] { CHECK(server::profile_of(s, crowd.marathon, now, false).size() == 16); });
    ask("ratings 1", [&] { CHECK(s.ratings().ratings_list(official4, now, 50, 0).size() == 50); });
    ask("ratings 20", [&] { CHECK(s.ratings().ratings_list(official4, now, 50, 950).size() == 50); });
    ask("record", [&] { CHECK(s.games().game_record(crowd.last_game)); });
    ask("standings", [&] { CHECK(s.tournaments().tournament(crowd.tournament)->players.size() == 12); });
    ask("login", [&] {
        const auto a = s.accounts().find_lobby_account(lobby::name_key("crowd-77"));
        REQUIRE(a);
        for (int i = 0; i < 4; ++i) (void)s.ratings().rating_of(a->id, lobby::variant_at(i), now);
    });
    return c;
}

}  // namespace

TEST_CASE(
    "the leaderboard is an index lookup of the ratings settled at the moment, as growing each would say",
    "[store][ratings][costs]") {
    TempDir dir;
    Store s = Store::open(dir / "server.db");
    (void)server::make_crowd(s, 300, unix0);
    // At the start, years on (the regulars' ratings lapse one by one), and long after (all lapsed).
    for (const std::time_t now : {unix0 + 3600, unix0 + 700 * day, unix0 + 900 * day, unix0 + 1100 * day,
                                  unix0 + 1300 * day, unix0 + 20000 * day}) {
        INFO("day " << (now - unix0) / day);
        const auto leaders = s.ratings().leaders(official4, now, 10);
        CHECK(names_of(leaders) == settled_by_brute_force(s, official4, now, 10));
        for (const RatingsRow& r : leaders) {
            CHECK(r.record.rating.deviation <= lobby::settled_deviation);
            CHECK(r.name.rfind("crowd-", 0) == std::string::npos);  // one game: never settled
        }
        // Pruning the lapsed ones changes no answer; a second prune finds nothing.
        (void)s.ratings().prune_settled(now, 1000);
        CHECK(s.ratings().prune_settled(now, 1000) == 0);
        CHECK(names_of(s.ratings().leaders(official4, now, 10)) == names_of(leaders));
    }
    CHECK(s.ratings().leaders(official4, unix0 + 20000 * day, 10).empty());
    // A pruned rating is forgotten as settled for good (the server's time only goes on): only a game
    // settles it again.
    CHECK(s.ratings().leaders(official4, unix0 + 3600, 10).empty());
}

TEST_CASE("schema 9 fills in until when each rating written before it is settled", "[store][ratings]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    {
        db::Database d = db::Database::open(path, {false, 5000});
        d.prepare_for_writing();
        db::migrate(d, server::schema_steps().first(8), 0x47625376);
        d.exec(
            "INSERT INTO accounts (name, name_key, created) VALUES ('Aoife', 'aoife', 1), "
            "('Brian', 'brian', 1), ('Ciara', 'ciara', 1)");
        d.exec(
            "INSERT INTO ratings (account_id, rules, size, rating, deviation, volatility, games, wins, "
            "losses, draws, last_rated) VALUES "
            "(1, 'official', 4, 1800, 60, 0.06, 40, 30, 10, 0, " +
            std::to_string(unix0) + "), (2, 'official', 4, 1900, 300, 0.06, 1, 1, 0, 0, " +
            std::to_string(unix0) + "), (3, 'official', 4, 1700, 149, 0.06, 20, 10, 10, 0, " +
            std::to_string(unix0) + ")");
    }
    Store s = Store::open(path);
    CHECK(s.opened_version() == 8);
    const auto aoife = s.ratings().rating_of(1, official4, unix0);
    REQUIRE(aoife.settled_until);
    CHECK(*aoife.settled_until == server::RatingsStore::settled_until(aoife));
    CHECK(*aoife.settled_until > unix0 + 800 * day);                        // 60 at 0.06: 811 days
    CHECK_FALSE(s.ratings().rating_of(2, official4, unix0).settled_until);  // Brian: not settled
    CHECK(names_of(s.ratings().leaders(official4, unix0, 10)) == std::vector<std::string>{"Aoife", "Ciara"});
    // Ciara's 149 lapses within days; Aoife's 60 lasts years.
    CHECK(names_of(s.ratings().leaders(official4, unix0 + 30 * day, 10)) ==
          std::vector<std::string>{"Aoife"});
}

TEST_CASE("the lobby's questions cost the same with 2,000 or 8,000 players, and scan no table",
          "[store][costs]") {
    const Costs small = costs_with(2000), big = costs_with(8000);
    CHECK(small.scanners == std::vector<std::string>{});
    CHECK(big.scanners == std::vector<std::string>{});
    for (const auto& [what, steps] : small.steps) {
        INFO(what << ": " << steps << " steps with 2,000 players, " << big.steps.at(what) << " with 8,000");
        CHECK(big.steps.at(what) <= steps + steps / 10 + 20);
        // And tens of thousands at most: the rows a question answers with, and those before its page.
        CHECK(big.steps.at(what) < 40'000);
    }
}

TEST_CASE("a guest asking for the leaderboard in a loop while two players move: ten answers, then slow-down",
          "[server][hostile][costs]") {
    Serving srv;
    {
        Store store = Store::open(srv.config.db);
        (void)server::make_crowd(store, 4000, unix0);  // 2,000 unsettled above the settled players
    }
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+0s first-to 1 casual");
    RawPeer mallory;
    REQUIRE(mallory.connect(srv.endpoint(), 5000, "127.0.0.3").ok());
    w.raws.push_back(&mallory);
    mallory.say("lobby gobblet 3\nlogin Mallory human guest\n");
    REQUIRE(w.until([&] { return mallory.line_starting("end tournaments").has_value(); }));

    auto counter = srv.server->store().count_steps();
    std::string flood;
    for (int i = 0; i < 300; ++i) flood += "best\nhistory Marathon 1\nfinger Marathon\n";
    mallory.say(flood);
    // The players move all the while, and each move is answered.
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
    const auto count = [&](const std::string& start) {
        int n = 0;
        for (const std::string& l : mallory.heard()) n += l.starts_with(start);
        return n;
    };
    REQUIRE(w.until(
        [&] {
            return count("refused ") + count("end best") + count("end history") + count("end profile") == 900;
        },
        3000));
    // Ten questions at once per connection, the rest refused: the loop answered ten.
    CHECK(count("end best") + count("end history") + count("end profile") == server::query_burst);
    CHECK(count("refused best slow-down too many questions asked lately") >= 290);
    // Ten questions, each reading about its rows: a board read once and kept, a page of history, a profile.
    CHECK(counter.full_scan_steps() == 0);
    CHECK(counter.vm_steps() < 40'000);
    CHECK(white->match.game().over());
    // Later, one a second half: the allowance comes back.
    w.pass(5 * s);
    mallory.say("best\n");
    REQUIRE(w.until([&] { return count("end best") > 3; }));
}

TEST_CASE_METHOD(
    Started, "many connections from one address share the questions' allowance; pages past 100 are refused",
    "[server][hostile][costs]") {
    std::vector<std::unique_ptr<RawPeer>> peers;
    for (int i = 0; i < 6; ++i) {
        peers.push_back(std::make_unique<RawPeer>());
        REQUIRE(peers.back()->connect(srv.endpoint(), 5000, "127.0.0.4").ok());
        w.raws.push_back(peers.back().get());
        peers.back()->say("lobby gobblet 3\nlogin Guest" + std::to_string(i) + " human guest\n");
    }
    REQUIRE(w.until([&] {
        for (const auto& p : peers)
            if (!p->line_starting("end tournaments")) return false;
        return true;
    }));
    for (const auto& p : peers) {
        std::string ten;
        for (int i = 0; i < 10; ++i) ten += "best\n";
        p->say(ten);
    }
    const auto answered = [&] {
        int n = 0, refused = 0;
        for (const auto& p : peers)
            for (const std::string& l : p->heard()) {
                n += l == "end best";
                refused += l.starts_with("refused best slow-down ");
            }
        return std::pair{n, refused};
    };
    REQUIRE(w.until([&] { return answered().first + answered().second == 60; }));
    CHECK(answered().first == server::address_query_burst);
    CHECK(peers.back()->line_starting("refused best slow-down too many questions asked from your address"));

    // A page deeper than the lists go is refused with the reason, before any row is read.
    RawPeer other;
    REQUIRE(other.connect(srv.endpoint(), 5000, "127.0.0.5").ok());
    w.raws.push_back(&other);
    other.say("lobby gobblet 3\nlogin Olga human guest\nhistory Olga 101\nratings official 4 101\n");
    REQUIRE(w.until([&] { return other.line_starting("refused ratings").has_value(); }));
    CHECK(other.line_starting("refused history limit a history goes back 100 pages (the last 5000 games)"));
    CHECK(
        other.line_starting("refused ratings limit the ratings list goes down 100 pages (the first 5000 "
                            "players)"));
}

TEST_CASE(
    "the leaderboard is kept between questions, and read again when a rated game ends or a leader lapses",
    "[server][ratings][costs]") {
    Serving srv;
    Client brian("Brian"), eamon("Eamon"), liam("Liam");
    {
        // Before schema 9: Aoife settled for two minutes more, Brian just above the bound.
        db::Database d = db::Database::open(srv.config.db, {false, 5000});
        d.prepare_for_writing();
        db::migrate(d, server::schema_steps().first(8), 0x47625376);
        d.exec(
            "INSERT INTO accounts (name, name_key, lobby_key, created) VALUES ('Aoife', 'aoife', 'aoife', "
            "1), "
            "('Brian', 'brian', 'brian', 1)");
        d.exec(
            "INSERT INTO ratings (account_id, rules, size, rating, deviation, volatility, games, wins, "
            "losses, draws, last_rated) VALUES "
            "(1, 'official', 4, 1800, 149.9999, 0.06, 40, 30, 10, 0, " +
            std::to_string(unix0) + "), (2, 'official', 4, 1700, 150.5, 0.06, 12, 6, 6, 0, " +
            std::to_string(unix0) + ")");
    }
    {
        Store store = Store::open(srv.config.db);  // upgraded to 9: Aoife's time filled in
        const auto aoife = store.ratings().rating_of(1, official4, unix0);
        REQUIRE(aoife.settled_until);
        CHECK(*aoife.settled_until - unix0 == Approx(111).margin(2));
        store.accounts().add_secret(2, brian.secret, unix0, "127.0.0.1");
    }
    srv.start(t0);
    World w(srv);
    enter_all(w, {&brian, &eamon, &liam});
    const auto answers = [&] {
        return std::count_if(liam.events.begin(), liam.events.end(), [](const lobby::Event& e) {
            return e.kind == lobby::Event::Kind::Answer && e.query &&
                   std::holds_alternative<lobby::BestQuery>(*e.query);
        });
    };
    const auto board = [&] {
        const auto before = answers();
        REQUIRE(liam.lobby->best(w.now).ok());
        REQUIRE(w.until([&] { return answers() > before; }));
        // The settled ratings (the provisional ones follow them on a board not full: version 4).
        std::vector<std::string> names;
        const auto answer = *liam.answer<lobby::BestQuery>();
        for (const auto& m : answer)
            if (const auto& l = std::get<lobby::LeaderItem>(m);
                l.rating.deviation <= lobby::settled_deviation)
                names.push_back(l.name);
        return names;
    };
    CHECK(board() == std::vector<std::string>{"Aoife"});
    // Brian wins a rated game: his deviation falls below the bound, and the board is read again.
    auto [white, black] = start_match(w, brian, eamon, "official 4 5m+0s first-to 1 rated");
    w.move(*white, *black, "W1A1");
    w.move(*black, *white, "K1D1");
    REQUIRE(eamon.game->resign(w.now).ok());
    REQUIRE(w.until([&] { return brian.heard<lobby::Over>(); }));
    CHECK(brian.all<lobby::Notice>().back().text.starts_with("your official 4x4 rating: 1700 -> 17"));
    CHECK(board() == std::vector<std::string>{"Aoife", "Brian"});
    // Aoife's rating lapses two minutes on: she leaves the board then, not a minute later.
    w.pass(115 * s);
    CHECK(board() == std::vector<std::string>{"Brian"});
}

TEST_CASE("the fuzz target's store, emptied for each input, keeps its prepared statements",
          "[server][fuzz]") {
    // (Turning the foreign keys off and on to empty it expired every statement, and each input then
    // prepared them all again: a third of the server target's time.)
    Store s = Store::in_memory();
    const auto use = [&] {
        const auto a = s.accounts().create_account("Liam", 1'800'000'000);
        REQUIRE(a);
        CHECK(s.accounts().add_secret(a->id, 1'800'000'000).size() > 0);
        CHECK(s.accounts().find_account("Liam").has_value());
        CHECK(s.accounts().machines(a->id).size() == 1);
    };
    use();
    s.clear();
    CHECK_FALSE(s.accounts().find_account("Liam").has_value());
    auto counter = s.count_steps();
    use();  // (the same name again: every row went)
    CHECK(counter.vm_steps() > 0);
    CHECK(counter.reprepares() == 0);
}
