// The lobby's version 3 in the server (tests/server_support.h: one process, real sockets on 127.0.0.1,
// fake time): who a seek is for (people unless computers are welcome, a rating range), what each player
// does, the clocks that wait for White's first move, abort, rematch, the ratings' changes at the end, in
// the history and in the record (with each move's clock), profiles, the leaderboard, spectators' talk,
// and what a version 2 client is told instead.
#include "net/bot.h"
#include "saves/record.h"
#include "server/operator_commands.h"
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

lobby::SeekTerms seek_terms(const std::string& text) {
    const auto t = lobby::parse_seek_terms(text);
    INFO(t.why());
    REQUIRE(t.ok());
    return *t;
}

// `a` posts `what` (terms, then who it is for); the id the others see it by.
lobby::Id post(World& w, Client& a, Client& seer, const std::string& what) {
    const std::size_t seen = seer.lobby->tables().seeks().size();
    const lobby::SeekTerms st = seek_terms(what);
    REQUIRE(a.lobby->post(st.terms, w.now, st.audience).ok());
    REQUIRE(w.until([&] { return seer.lobby->tables().seeks().size() > seen; }));
    return seer.lobby->tables().seeks().rbegin()->first;
}

void play_out(World& w, Client& white, Client& black) {
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? white : black, i % 2 == 0 ? black : white, white_wins[i]);
}

const lobby::PlayerItem& player(const Client& viewer, const std::string& name) {
    return viewer.lobby->tables().players().at(lobby::name_key(name));
}

// A bot beside the world, stepped with it.
struct BotBeside {
    World& w;
    std::ostringstream log;
    std::unique_ptr<net::Bot> bot;
    BotBeside(World& world, const std::string& name, std::optional<std::string> seek = std::nullopt)
        : w(world) {
        net::BotConfig c;
        c.server = w.serving.endpoint();
        c.name = name;
        c.secret = hex_secret();
        c.from = "127.0.2." + std::to_string(++w.addresses);  // a machine of its own
        c.player.level = Level::Easy;
        c.player.think_seconds = 0.05;
        c.player.time = &gobblet::test::ticking_clock();
        c.player.table_bits = 14;
        if (seek) {
            const lobby::SeekTerms st = seek_terms(*seek);
            c.seek = st.terms;
            c.audience = st.audience;
        }
        auto started = net::Bot::start(c, log, w.now);
        REQUIRE(started);
        bot = std::move(started).take();
    }
    void step() {
        w.step(2);
        std::vector<pollfd> fds;
        bot->pollfds(fds);
        ::poll(fds.data(), fds.size(), bot->until_next(w.now) == 0 ? 0 : 2);
        bot->on_poll(fds, w.now);
    }
    bool until(const std::function<bool()>& done, int steps = 2000) {
        for (int i = 0; i < steps; ++i) {
            if (done()) return true;
            step();
        }
        return done();
    }
};

}  // namespace

TEST_CASE("a bot beside two people: their seeks are theirs; it takes only seeks that welcome computers",
          "[server][bot][v3]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    BotBeside max(w, "MaxBot");
    REQUIRE(max.until([&] { return max.bot->lobby().in_lobby(); }));
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    // A rated seek and a casual one for people: the bot leaves both alone, and the two people meet.
    const lobby::Id rated = post(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    (void)post(w, eamon, liam, "rogers 3 none first-to 1 casual");
    for (int i = 0; i < 200; ++i) max.step();
    CHECK_FALSE(max.bot->playing());
    CHECK(max.log.str().find("leaves the seek of Liam alone: that seek is for people") != std::string::npos);
    REQUIRE(eamon.lobby->accept(rated, w.now).ok());
    auto [white, black] = to_the_board(w, liam, eamon);
    CHECK(World::match_of(liam)->opponent == "Eamon");
    play_out(w, *white, *black);
    REQUIRE(max.until([&] { return liam.heard<lobby::Over>(); }));
    // A seek that welcomes computers: the bot takes it.
    const std::size_t matches = liam.all<lobby::MatchStart>().size();
    (void)post(w, liam, eamon, "official 4 5m+2s first-to 1 casual bots");
    REQUIRE(max.until([&] { return max.bot->playing() && liam.all<lobby::MatchStart>().size() > matches; }));
    CHECK(World::match_of(liam)->opponent == "MaxBot");
}

TEST_CASE("the server refuses a computer a seek for people, and anyone a seek outside its rating range",
          "[server][v3]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), robot("OldBot"), guest("Gus"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    w.enter(robot, lobby::Role::Bot);  // a bot that does not ask first, as an older program would not
    w.logged_in(robot);
    w.enter(guest, lobby::Role::Human, true);
    w.logged_in(guest);
    const lobby::Id people = post(w, liam, robot, "official 4 none first-to 1 casual");
    REQUIRE(robot.lobby->accept(people, w.now).ok());
    REQUIRE(w.until([&] { return robot.refused("accept").has_value(); }));
    CHECK(robot.refused("accept")->code == lobby::Refusal::NotAllowed);
    CHECK(
        robot.refused("accept")->text ==
        "that seek is for people: a computer takes only seeks that welcome computers (bots), and challenges");
    // A range: 1600-1800 leaves out a newcomer (1500) and a guest (no rating); 1400-1800 takes Eamon.
    const lobby::Id high = post(w, liam, eamon, "official 4 none first-to 1 casual 1600-1800");
    REQUIRE(eamon.lobby->accept(high, w.now).ok());
    REQUIRE(w.until([&] { return eamon.refused("accept").has_value(); }));
    CHECK(eamon.refused("accept")->text == "that seek is for ratings 1600-1800, and yours is 1500");
    REQUIRE(guest.lobby->accept(high, w.now).ok());
    REQUIRE(w.until([&] { return guest.refused("accept").has_value(); }));
    CHECK(guest.refused("accept")->text == "that seek is for ratings 1600-1800: a guest has no rating");
    // The seek stays up for whom it is for; the challenge of a bot is its own choice.
    CHECK(liam.lobby->tables().seeks().contains(high));
    const auto& seen = eamon.lobby->tables().seeks().at(high);
    CHECK(seen.audience.range == lobby::RatingRange{1600, 1800});
    REQUIRE(liam.lobby->challenge("OldBot", terms("official 4 none first-to 1 casual"), w.now).ok());
    REQUIRE(w.until([&] {
        for (const auto& [id, s] : robot.lobby->tables().seeks())
            if (s.to == "OldBot") return robot.lobby->accept(id, w.now).ok();
        return false;
    }));
    REQUIRE(w.until([&] { return World::match_of(robot).has_value(); }));
    CHECK(World::match_of(robot)->opponent == "Liam");
}

TEST_CASE("the players list says who plays whom and who watches what; spectators talk among themselves",
          "[server][v3][spectator]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon"), zoe("Zoe"), max("Max");
    enter_all(w, {&liam, &eamon, &zoe, &max});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    REQUIRE(w.until([&] { return player(zoe, "Liam").playing && player(zoe, "Eamon").playing; }));
    CHECK(player(zoe, "Liam").opponent == "Eamon");
    CHECK(player(zoe, "Eamon").opponent == "Liam");
    const std::string game = World::match_of(liam)->game;
    // Two spectators, each with a code of their own: the lobby says what they watch once at the board.
    for (Client* c : {&zoe, &max}) {
        REQUIRE(c->lobby->watch(game, w.now).ok());
        REQUIRE(w.until([&] { return c->heard<lobby::Watching>(); }));
    }
    CHECK(zoe.all<lobby::Watching>().at(0).code != max.all<lobby::Watching>().at(0).code);
    w.join_game(zoe, zoe.all<lobby::Watching>().at(0).code, true);
    w.join_game(max, max.all<lobby::Watching>().at(0).code, true);
    REQUIRE(w.until(
        [&] { return player(liam, "Zoe").watching == game && player(liam, "Max").watching == game; }));
    CHECK_FALSE(player(liam, "Zoe").playing);
    // Zoe talks to the spectators: Max hears it, she hears it back, the players never do.
    REQUIRE(zoe.lobby->kibitz(game, "White is in trouble", w.now).ok());
    REQUIRE(w.until([&] { return max.heard<lobby::Kibitzed>(); }));
    CHECK(max.all<lobby::Kibitzed>().at(0) == lobby::Kibitzed{game, "Zoe", "White is in trouble"});
    REQUIRE(w.until([&] { return zoe.heard<lobby::Kibitzed>(); }));
    w.idle(10);
    CHECK_FALSE(liam.heard<lobby::Kibitzed>());
    CHECK_FALSE(eamon.heard<lobby::Kibitzed>());
    // A player cannot talk to the spectators of their own game.
    REQUIRE(liam.lobby->kibitz(game, "hello watchers", w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("kibitz").has_value(); }));
    CHECK(liam.refused("kibitz")->text ==
          "you are not watching that game: its spectators talk among themselves");
    // Max leaves the board: the lobby says he is idle again.
    max.game->leave("enough", w.now);
    REQUIRE(w.until([&] { return player(liam, "Max").watching.empty(); }));
    CHECK(player(liam, "Zoe").watching == game);
    // The game ends: nobody watches it any more.
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return player(liam, "Zoe").watching.empty() && !player(liam, "Liam").playing; }));
}

TEST_CASE("the clocks start with White's first move, not when the screens open", "[server][v3][clock]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    auto [white, black] = start_match(w, liam, eamon, "official 4 1m+0s first-to 1 casual");
    // The start says who came to the board (not "is back"), and nobody watching is no news.
    std::vector<std::string> arrivals;
    for (Client* c : {white, black}) {
        for (const net::Event& e : c->of(net::Event::Kind::Act))
            if (e.act.kind == net::Act::Kind::Back)
                arrivals.push_back(net::describe(e, c->match, c->game->local_player()));
        for (const net::Event& e : c->of(net::Event::Kind::Watchers))
            CHECK(net::describe(e, c->match, c->game->local_player()).empty());
    }
    REQUIRE_FALSE(arrivals.empty());  // the first at the board heard the other come
    for (const std::string& a : arrivals) CHECK(a.ends_with(" is at the board"));
    // Most of a minute at the board before White moves: nobody's time runs, nobody flags (a minute is the
    // first move's limit: tests/test_server_claims.cpp).
    CHECK_FALSE(white->match.clock().running());
    w.pass(50 * s);
    CHECK_FALSE(white->match.game().over());
    CHECK(black->match.clock().time_left(Color::White, w.now) == 60 * s);
    const std::string game = World::match_of(liam)->game;
    CHECK(liam.lobby->tables().games().at(game).item.running == -1);
    w.move(*white, *black, "W1A1");
    // White's first move cost nothing; Black's clock runs from it.
    CHECK(black->match.clock().time_left(Color::White, w.now) == 60 * s);
    CHECK(black->match.clock().running() == Color::Black);
    w.pass(10 * s);
    CHECK(black->match.clock().time_left(Color::Black, w.now) <= 50 * s);
}

TEST_CASE("a tournament's match starts its clocks after the countdown if White waits",
          "[server][v3][clock]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    REQUIRE(liam.lobby
                ->create_tournament("cup", lobby::Format{}, 2, lobby::First::Schedule,
                                    terms("official 4 1m+0s first-to 1 casual"), w.now)
                .ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().tournaments().size() == 1; }));
    const lobby::Id id = eamon.lobby->tables().tournaments().begin()->first;
    REQUIRE(eamon.lobby->join_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return liam.lobby->tables().tournaments().at(id).players == 2; }));
    REQUIRE(liam.lobby->start_tournament(id, w.now).ok());
    auto [white, black] = to_the_board(w, liam, eamon);
    CHECK_FALSE(white->match.clock().running());
    // No abort in a tournament.
    REQUIRE(white->lobby->abort(World::match_of(*white)->game, w.now).ok());
    REQUIRE(w.until([&] { return white->refused("abort").has_value(); }));
    CHECK(white->refused("abort")->text == "a tournament's match cannot be aborted: resign it, or play it");
    w.pass(lobby::round_start_after / 2);
    CHECK_FALSE(black->match.clock().running());  // not yet: the countdown runs
    w.pass(lobby::round_start_after / 2);
    REQUIRE(w.until([&] { return black->match.clock().running() == Color::White; }));
    w.pass(61 * s);
    REQUIRE(w.until([&] { return black->match.game().over(); }));
    CHECK(black->match.game().result().ending == Ending::Time);
}

TEST_CASE("abort before each side has moved: no result, no rating; not after", "[server][v3]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    w.move(*white, *black, "W1A1");  // one side has moved: still abortable
    const std::string game = World::match_of(liam)->game;
    REQUIRE(black->lobby->abort(game, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>() && eamon.heard<lobby::Over>(); }));
    const lobby::Over over = liam.all<lobby::Over>().back();
    CHECK(over.result == lobby::Verdict::Aborted);
    CHECK(over.text == black->name + " aborted the match before it began");
    CHECK(over.changes == lobby::Changes{});
    const auto record = srv.reader().games().game_record(*server::game_id_of(game));
    CHECK(record->outcome == server::GameOutcome::Aborted);
    CHECK(srv.reader().ratings().ratings_list(Variant{4, Rules::Official}, unix0).empty());
    // A second match: once both have moved it is too late.
    auto [w2, b2] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    w.move(*w2, *b2, "W1A1");
    w.move(*b2, *w2, "K1D1");
    const std::string second = World::match_of(liam)->game;
    REQUIRE(w2->lobby->abort(second, w.now).ok());
    REQUIRE(w.until([&] { return w2->refused("abort").has_value(); }));
    CHECK(w2->refused("abort")->text == "too late to abort: both sides have moved (resign instead)");
    // Nor is anyone else's match theirs to abort.
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    REQUIRE(zoe.lobby->abort(second, w.now).ok());
    REQUIRE(w.until([&] { return zoe.refused("abort").has_value(); }));
    CHECK(zoe.refused("abort")->code == lobby::Refusal::NotFound);
}

TEST_CASE(
    "a rated game's end: both ratings and their changes to both, in the history, the record and the "
    "profile; a rematch swaps the colours",
    "[server][v3][ratings]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 rated");
    // Both ratings at the start (newcomers: 1500, uncertain).
    CHECK(World::match_of(liam)->mine == lobby::Rating{1500, 350});
    CHECK(World::match_of(liam)->theirs == lobby::Rating{1500, 350});
    w.pass(3 * s);
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>() && eamon.heard<lobby::Over>(); }));
    const lobby::Over over = eamon.all<lobby::Over>().back();
    // Player 0 played White in round 1 and won: 1500 -> 1662, the other 1500 -> 1338.
    CHECK(over.changes[0] == lobby::RatingChange{1500, 1662});
    CHECK(over.changes[1] == lobby::RatingChange{1500, 1338});
    const std::string game = over.game;
    // The history says so too.
    REQUIRE(eamon.lobby->history("Liam", 1, w.now).ok());
    REQUIRE(w.until([&] { return eamon.answer<lobby::HistoryQuery>().has_value(); }));
    const auto h = std::get<lobby::HistoryItem>(eamon.answer<lobby::HistoryQuery>()->at(0));
    CHECK(h.changes == over.changes);
    // The record: rated, both ratings before and after, each move's clock (White thought 3 s before the
    // first move, which cost nothing: the clocks wait for it; each move after adds the increment).
    REQUIRE(eamon.lobby->record(game, w.now).ok());
    REQUIRE(w.until([&] { return !eamon.answer_text<lobby::RecordQuery>().empty(); }));
    const std::string text = eamon.answer_text<lobby::RecordQuery>();
    INFO(text);
    CHECK(text.find("% rated: " + white->name + " 1500 -> 1662 (+162), " + black->name +
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
    // The profile (finger): ratings with deviations, the record, the last games, registered, seen.
    REQUIRE(liam.lobby->finger("Eamon", w.now).ok());
    REQUIRE(w.until([&] { return liam.answer<lobby::FingerQuery>().has_value(); }));
    const auto items = *liam.answer<lobby::FingerQuery>();
    REQUIRE(items.size() == 1 + 4 + 1);
    const auto profile = std::get<lobby::ProfileItem>(items[0]);
    CHECK(profile.name == "Eamon");
    CHECK(profile.role == lobby::Role::Human);
    CHECK(profile.seen == "online");
    const auto off4 = std::get<lobby::StatsItem>(items[1]);
    CHECK(off4.games == 1);
    CHECK(off4.rating->rating == (black->name == "Eamon" ? 1338 : 1662));
    CHECK(std::get<lobby::StatsItem>(items[2]).rating == std::nullopt);
    CHECK(std::get<lobby::HistoryItem>(items[5]).changes == over.changes);
    // A rematch: the colours swap; the other's r accepts it (the server sees both want it).
    for (Client* c : {white, black}) c->game->leave("the match is over", w.now);
    const std::size_t matches = liam.all<lobby::MatchStart>().size();
    REQUIRE(black->lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] {
        for (const auto& [id, s] : white->lobby->tables().seeks())
            if (s.colour) return true;
        return false;
    }));
    const lobby::SeekItem offer = white->lobby->tables().seeks().rbegin()->second;
    CHECK(offer.from == black->name);
    CHECK(offer.colour == Color::White);  // Black of the last match plays White now
    CHECK(offer.terms == terms("official 4 5m+2s first-to 1 rated"));
    REQUIRE(white->lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return liam.all<lobby::MatchStart>().size() > matches; }));
    CHECK(World::match_of(*black)->colour == Color::White);
    CHECK(World::match_of(*white)->colour == Color::Black);
    CHECK(World::match_of(*white)->mine->rating == 1662);  // the ratings as they stand now
}

TEST_CASE("a rematch is refused for a tournament's match, a match in progress, a stranger's",
          "[server][v3]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon"), zoe("Zoe");
    enter_all(w, {&liam, &eamon, &zoe});
    auto [white, black] = start_match(w, liam, eamon, "official 4 none first-to 1 casual");
    const std::string game = World::match_of(liam)->game;
    REQUIRE(liam.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("rematch").has_value(); }));
    CHECK(liam.refused("rematch")->text == "the match is still on: a rematch comes after it");
    REQUIRE(zoe.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.refused("rematch").has_value(); }));
    CHECK(zoe.refused("rematch")->code == lobby::Refusal::NotFound);
    play_out(w, *white, *black);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    // Asked twice, it is one challenge.
    REQUIRE(liam.lobby->rematch(game, w.now).ok());
    REQUIRE(liam.lobby->rematch(game, w.now).ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().seeks().size() == 1; }));
    w.idle(10);
    CHECK(eamon.lobby->tables().seeks().size() == 1);
}

TEST_CASE("the leaderboard lists only settled ratings, best first, per variant", "[server][v3][ratings]") {
    Serving srv;
    {
        // Six players with twelve rated games each among themselves (settled), one newcomer with one.
        server::Store store = server::Store::open(srv.config.db);
        std::vector<server::AccountId> ids;
        for (const char* n : {"Aoife", "Brian", "Ciara", "Declan", "Eimear", "Fionn", "Newbie"})
            ids.push_back(store.accounts().create_account(n, unix0, lobby::name_key(n))->id);
        const MatchSettings settings{Variant{4, Rules::Official}, 1, dm_preset()};
        for (int round = 0; round < 12; ++round)
            for (int a = 0; a < 6; ++a) {
                const int b = (a + 1 + round % 5) % 6;
                if (a == b) continue;
                const auto g = store.games().create_game(
                    settings, {server::GamePlayer{ids[a], ""}, {ids[b], ""}}, true, unix0 + round);
                store.games().finish_game(g.id,
                                          a < b ? server::GameOutcome::Player0 : server::GameOutcome::Player1,
                                          "", unix0 + round);
            }
        const auto g =
            store.games().create_game(settings, {server::GamePlayer{ids[6], ""}, {ids[0], ""}}, true, unix0);
        store.games().finish_game(g.id, server::GameOutcome::Player0, "Newbie wins", unix0 + 100, {1, 0});
    }
    srv.start(t0);
    World w(srv);
    Client liam("Liam");
    enter_all(w, {&liam});
    REQUIRE(liam.lobby->best(w.now).ok());
    REQUIRE(w.until([&] { return liam.answer<lobby::BestQuery>().has_value(); }));
    std::vector<lobby::LeaderItem> leaders;
    const auto answer = *liam.answer<lobby::BestQuery>();
    for (const auto& m : answer) leaders.push_back(std::get<lobby::LeaderItem>(m));
    REQUIRE(leaders.size() == 6);  // the newcomer is not settled
    for (std::size_t i = 0; i < leaders.size(); ++i) {
        CHECK(leaders[i].rank == int(i + 1));
        CHECK(leaders[i].variant == Variant{4, Rules::Official});
        CHECK(leaders[i].rating.deviation <= lobby::settled_deviation);
        CHECK(leaders[i].name != "Newbie");
        if (i > 0) CHECK(leaders[i].rating.rating <= leaders[i - 1].rating.rating);
    }
    // --profile beside the server says the same as finger, in words.
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

TEST_CASE("a version 2 client hears version 2's shapes of version 3's news", "[server][v3]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam"), eamon("Eamon");
    enter_all(w, {&liam, &eamon});
    RawPeer old;
    REQUIRE(old.connect(srv.endpoint(), 5000).ok());
    w.raws.push_back(&old);
    old.say("lobby gobblet 2\nlogin Olga human guest\n");
    REQUIRE(w.until([&] { return old.line_starting("end tournaments").has_value(); }));
    (void)post(w, liam, eamon, "official 4 none first-to 1 casual bots 1400-1800");
    REQUIRE(w.until([&] { return old.line_starting("seek ").has_value(); }));
    CHECK(*old.line_starting("seek ") == "seek 1 Liam 1500/350 * official 4 none first-to 1 casual");
    REQUIRE(eamon.lobby->accept(1, w.now).ok());
    REQUIRE(w.until([&] { return old.line_starting("player Liam human playing").has_value(); }));
    CHECK(*old.line_starting("player Liam human playing") == "player Liam human playing - - - -");
    // A version 3 message from it breaks its version's protocol.
    old.say("best\n");
    REQUIRE(w.until([&] { return old.closed_by_peer(); }));
    CHECK(old.heard().back() == "error best is a message of lobby protocol version 3, not of version 2");
}

TEST_CASE("the server's log names who set a password, and the store who was last seen when", "[server][v3]") {
    Serving srv;
    srv.start(t0);
    World w(srv);
    Client liam("Liam");
    enter_all(w, {&liam});
    REQUIRE(liam.lobby->set_password("correct horse battery", false, w.now).ok());
    REQUIRE(w.until([&] { return liam.heard<lobby::Ok>(); }));
    CHECK(srv.logged("lobby: Liam (account 1) set a password"));
    w.pass(120 * s);
    liam.lobby->leave("bye", w.now);
    w.idle(20);
    const auto a = srv.reader().accounts().find_account("Liam");
    REQUIRE(a);
    CHECK(a->last_seen == unix0 + (w.now - t0) / 1000);
    CHECK_FALSE(a->bot);
}
