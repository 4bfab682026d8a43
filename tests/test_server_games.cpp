// The server's games in one process with their clients (tests/server_support.h): spectators, watcher
// counts, a player who vanishes (the grace, the clock, the claim), ratings, tournaments, and a server
// that dies and comes back with its games. Real sockets on 127.0.0.1, fake time.
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// The player comes back with the code it had, holding the match it saved, and `other` sees it at the
// board again.
void come_back(World& w, Client& c, const Client& other, const Match& saved) {
    net::JoinConfig j;
    j.host = w.serving.endpoint();
    j.code = World::match_of(c)->code;
    j.name = c.name;
    j.hosted = true;
    j.held = saved;
    j.held_id = World::match_of(c)->game;
    auto joined = net::Session::join(j, saved, w.now);
    REQUIRE(joined);
    c.game = std::move(joined).take();
    c.match = saved;
    REQUIRE(w.until([&] { return c.game->playing() && !other.game->absence(other.game->remote_player()); }));
}

}  // namespace

TEST_CASE_METHOD(LiamAndEamon,
                 "a spectator sees every move in order and never the chat; the players see how many watch",
                 "[server][spectator]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+2s first-to 1 casual");
    w.move(*white, *black, white_wins[0]);

    const std::string game = World::match_of(liam)->game;
    REQUIRE(zoe.lobby->watch(game, w.now).ok());
    REQUIRE(w.until([&] { return zoe.heard<lobby::Watching>(); }));
    w.join_game(zoe, zoe.all<lobby::Watching>().at(0).code, true);
    REQUIRE(w.until(
        [&] { return zoe.game->playing() && white->game->watchers() == 1 && black->game->watchers() == 1; }));
    CHECK(zoe.moves() == "W1A1\n");  // what was played before it came
    CHECK(white->of(net::Event::Kind::Watchers).back().count == 1);
    REQUIRE(w.until([&] { return liam.lobby->tables().games().at(game).item.watchers == 1; }));

    for (std::size_t i = 1; i < white_wins.size(); ++i) {
        w.now += s;
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
        REQUIRE(w.until([&] { return zoe.moves() == white->moves(); }));
        if (i == 2) {
            REQUIRE(black->game->chat("nice move", w.now).ok());
            REQUIRE(w.until([&] { return white->saw(net::Event::Kind::Chat); }));
        }
    }
    CHECK(zoe.match.game().over());
    CHECK(zoe.match.round_result_text() == white->match.round_result_text());
    CHECK_FALSE(zoe.saw(net::Event::Kind::Chat));
    CHECK_FALSE(zoe.saw(net::Event::Kind::Error));
    // Every fact in order: the spectator's Act events are the players' moves, one by one.
    std::string seen;
    for (const net::Event& e : zoe.of(net::Event::Kind::Act))
        if (e.act.kind == net::Act::Kind::Move) seen += e.act.move + " ";
    CHECK(seen == "K1D1 W1A2 K1D2 W1A3 K2C4 W2A4 ");  // W1A1 came with the welcome
    // A spectator leaving is counted off.
    zoe.game->leave("bye", w.now);
    REQUIRE(w.until([&] { return white->game->watchers() == 0; }));
}

TEST_CASE("a player who vanishes: the grace, then their clock runs and the flag falls", "[server][absence]") {
    LiamAndEamon room(with_grace(30 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm 10s 0s 0s first-to 1 casual");
    vanish(w, *white);  // White was to move
    REQUIRE(w.until([&] { return black->game->absence(black->game->remote_player()).has_value(); }));
    CHECK(black->match.clock().paused());
    CHECK(black->match.clock().time_left(Color::White, w.now) == 10 * s);
    w.pass(20 * s);
    CHECK_FALSE(black->match.game().over());  // the grace cost nobody time
    w.pass(12 * s);                           // the grace is over: White's clock runs
    REQUIRE(w.until([&] { return !black->match.clock().paused(); }));
    CHECK(black->last_absence().starts_with(white->name + " is away: " + white->name + "'s clock runs"));
    w.pass(11 * s);
    REQUIRE(w.until([&] { return black->match.game().over(); }));
    CHECK(black->match.game().result().ending == Ending::Time);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    const auto record =
        srv.reader().games().game_record(*server::game_id_of(liam.all<lobby::Over>().at(0).game));
    CHECK(record->outcome == server::GameOutcome::Player1);
}

TEST_CASE_METHOD(LiamAndEamon, "a player back within the grace continues as if nothing happened",
                 "[server][absence]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm first-to 1 casual");
    w.move(*white, *black, "W1A1");
    const Match saved = black->match;
    vanish(w, *black);
    REQUIRE(w.until([&] { return white->game->absence(white->game->remote_player()).has_value(); }));
    // Black's turn: White waits for it whatever Black does (it was never his to take).
    CHECK(white->game->move(spec_of("W1A2"), w.now).why() == "it is " + black->name + "'s turn");
    w.pass(10 * s);
    come_back(w, *black, *white, saved);
    CHECK(black->of(net::Event::Kind::Started).back().resumed);
    CHECK(black->match.clock().time_left(Color::Black, w.now) == 2 * 60 * s);  // no time was lost
    w.move(*black, *white, "K1D1");
    CHECK(white->moves() == black->moves());
}

TEST_CASE("without a clock the player who stayed claims the round after the grace and five minutes",
          "[server][absence]") {
    LiamAndEamon room(with_grace(10 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 none first-to 1 casual");
    // (White moves first: a match nobody starts is aborted after a minute.)
    w.move(*white, *black, "W1A1");
    vanish(w, *black);
    REQUIRE(w.until([&] { return white->game->absence(white->game->remote_player()).has_value(); }));
    CHECK(white->game->claim(w.now, false).why().starts_with(black->name + " may still come back"));
    w.pass(10 * s + claim_wait + s);
    REQUIRE(white->game->claim(w.now, false).ok());
    REQUIRE(w.until([&] { return white->match.game().over(); }));
    CHECK(white->match.round_result_text() ==
          black->name + " left and did not come back: " + white->name + " wins");
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    CHECK(liam.all<lobby::Over>().at(0).result == lobby::Verdict::Player0);  // player 0 played White
}

TEST_CASE_METHOD(LiamAndEamon, "a rated match moves both ratings in the store, and the players are told",
                 "[server][ratings]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+0s first-to 1 rated");
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
    REQUIRE(w.until([&] { return white->heard<lobby::Notice>() && black->heard<lobby::Notice>(); }));
    // Two newcomers' first game moves them 162 points each way (tests/test_glicko2.cpp).
    CHECK(white->all<lobby::Notice>().back().text == "your official 4x4 rating: 1500 -> 1662");
    CHECK(black->all<lobby::Notice>().back().text == "your official 4x4 rating: 1500 -> 1338");
    server::Store store = srv.reader();
    const auto rows = store.ratings().ratings_list(Variant{4, Rules::Official}, unix0);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].name == white->name);
    CHECK(std::lround(rows[0].record.rating.rating) == 1662);
    CHECK(std::lround(rows[1].record.rating.rating) == 1338);
    // The lobby shows the new ratings.
    REQUIRE(w.until([&] {
        const auto& p = liam.lobby->tables().players().at(lobby::name_key(white->name));
        return p.ratings[0] && p.ratings[0]->rating == 1662;
    }));
    REQUIRE(liam.lobby->ratings(Variant{4, Rules::Official}, 1, w.now).ok());
    REQUIRE(w.until([&] { return liam.answer<lobby::RatingsQuery>().has_value(); }));
    const auto list = *liam.answer<lobby::RatingsQuery>();
    REQUIRE(list.size() == 2);
    CHECK(std::get<lobby::RatingItem>(list[0]).name == white->name);
    CHECK(std::get<lobby::RatingItem>(list[0]).wins == 1);
}

TEST_CASE_METHOD(LiamAndEamon,
                 "a round-robin tournament of three players, to the end, with byes and standings",
                 "[server][tournament]") {
    Client zoe("Zoe");
    enter_all(w, {&zoe});
    REQUIRE(liam.lobby
                ->create_tournament("liam-rr", lobby::Format{false, 0}, 3, lobby::First::Schedule,
                                    terms("official 4 none first-to 1 casual"), w.now)
                .ok());
    REQUIRE(w.until([&] { return zoe.lobby->tables().tournaments().size() == 1; }));
    const lobby::Id id = zoe.lobby->tables().tournaments().begin()->first;
    REQUIRE(eamon.lobby->join_tournament(id, w.now).ok());
    REQUIRE(zoe.lobby->join_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return liam.lobby->tables().tournaments().at(id).players == 3; }));
    REQUIRE(eamon.lobby->start_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return eamon.refused("start").has_value(); }));
    CHECK(eamon.refused("start")->code == lobby::Refusal::NotAllowed);
    REQUIRE(liam.lobby->start_tournament(id, w.now).ok());

    std::vector<Client*> all = {&liam, &eamon, &zoe};
    std::map<std::string, std::size_t> matches_seen;
    for (int round = 1; round <= 3; ++round) {
        INFO("round " << round);
        REQUIRE(w.until([&] { return liam.lobby->tables().tournaments().at(id).round == round; }));
        // The two players paired this round: each has a new match line for this round.
        std::vector<Client*> paired;
        REQUIRE(w.until([&] {
            paired.clear();
            for (Client* c : all) {
                const auto m = World::match_of(*c);
                if (m && m->tournament == id && m->round == round &&
                    c->all<lobby::MatchStart>().size() > matches_seen[c->name])
                    paired.push_back(c);
            }
            return paired.size() == 2;
        }));
        for (Client* c : paired) {
            matches_seen[c->name] = c->all<lobby::MatchStart>().size();
            w.play_match(*c);
        }
        REQUIRE(w.until([&] {
            return paired[0]->game->playing() && paired[1]->game->playing() &&
                   !paired[0]->game->absence(paired[0]->game->remote_player()) &&
                   !paired[1]->game->absence(paired[1]->game->remote_player());
        }));
        Client* white = World::match_of(*paired[0])->colour == Color::White ? paired[0] : paired[1];
        Client* black = white == paired[0] ? paired[1] : paired[0];
        for (std::size_t i = 0; i < white_wins.size(); ++i)
            w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
        for (Client* c : paired) c->game->leave("the match is over", w.now);
    }
    REQUIRE(w.until(
        [&] { return liam.lobby->tables().tournaments().at(id).state == lobby::TournamentState::Over; }));
    REQUIRE(zoe.lobby->standings(id, w.now).ok());
    REQUIRE(w.until([&] { return zoe.answer<lobby::StandingsQuery>().has_value(); }));
    const auto table = *zoe.answer<lobby::StandingsQuery>();
    REQUIRE(table.size() == 3);
    int half_points = 0;
    for (const auto& m : table) {
        const auto st = std::get<lobby::StandingItem>(m);
        CHECK(st.played == 2);
        CHECK(st.won + st.lost == 2);
        half_points += st.half_points;
    }
    CHECK(half_points == 12);  // three matches and three byes: a point each
    CHECK(std::get<lobby::StandingItem>(table[0]).rank == 1);
    for (Client* c : all) CHECK(c->all<lobby::Notice>().size() >= 2);  // a bye, and the end
}

TEST_CASE_METHOD(LiamAndEamon,
                 "the server dies mid-game and comes back: the players reconnect and the game goes on",
                 "[server][restart]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 dm first-to 1 rated");
    for (std::size_t i = 0; i < 3; ++i)
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
    const std::string game = World::match_of(liam)->game;
    const std::string white_code = World::match_of(*white)->code, black_code = World::match_of(*black)->code;

    // The server dies: no word to anyone (as with kill -9).
    srv.server.reset();
    REQUIRE(w.until([&] {
        return white->game->phase() == net::Session::Phase::Gone &&
               black->game->phase() == net::Session::Phase::Gone;
    }));
    w.pass(5 * s);
    srv.start(w.now);
    CHECK(srv.logged("games in progress: 1"));

    // White's game connection comes back first, with the code it had: its digest was stored.
    REQUIRE(white->game->reconnect(w.now).ok());
    REQUIRE(w.until([&] { return white->game->playing(); }));
    CHECK(white->of(net::Event::Kind::Started).back().resumed);
    // Black's lobby logs in again first, and is given a fresh code for its game (the old one stops working).
    for (int i = 0; i < 40 && !(black->lobby->in_lobby() && black->all<lobby::MatchStart>().size() == 2); ++i)
        w.pass(s);  // its reconnection's backoff, on the fake clock
    REQUIRE((black->lobby->in_lobby() && black->all<lobby::MatchStart>().size() == 2));
    const std::string fresh = World::match_of(*black)->code;
    CHECK(fresh != black_code);
    CHECK(World::match_of(*black)->game == game);
    REQUIRE(black->game->reconnect(w.now).ok());
    REQUIRE(w.until([&] { return black->saw(net::Event::Kind::Error); }));
    // (The server's words, never a host's: issue 33, item 10.)
    CHECK(black->of(net::Event::Kind::Error).back().text == "the server refused: wrong join code");
    REQUIRE(black->game->set_code(fresh).ok());
    REQUIRE(black->game->reconnect(w.now).ok());
    REQUIRE(w.until(
        [&] { return black->game->playing() && !white->game->absence(white->game->remote_player()); }));
    CHECK(white_code.size() == 32);

    for (std::size_t i = 3; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
    CHECK(black->match.phase() == MatchPhase::Over);
    // Nothing was lost: the stored record holds every move, in order.
    const auto record = srv.reader().games().game_record(*server::game_id_of(game));
    CHECK(record->status == server::GameStatus::Over);
    CHECK(record->ratings.has_value());
    const auto match = server::match_of(*record);
    INFO(match.why());
    REQUIRE(match);
    CHECK(transcript_text(match->game().moves()) == white->moves());
    CHECK(white->moves() == "W1A1\nK1D1\nW1A2\nK1D2\nW1A3\nK2C4\nW2A4\n");
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "a rated game has no takebacks or pauses: the server declines them at once; draws may be offered",
    "[server][ratings]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+0s first-to 1 rated");
    w.move(*white, *black, "W1A1");
    // Its session would refuse (JoinConfig::rated); one that does not know is declined by the server.
    REQUIRE(white->game->offer(net::OfferKind::Undo, w.now).ok());
    REQUIRE(w.until([&] { return white->saw(net::Event::Kind::Answered); }));
    CHECK_FALSE(white->of(net::Event::Kind::Answered).back().yes);
    w.idle();
    CHECK_FALSE(black->saw(net::Event::Kind::Offered));
    CHECK(white->moves() == "W1A1\n");
    REQUIRE(black->game->offer(net::OfferKind::Draw, w.now).ok());
    REQUIRE(w.until([&] { return white->saw(net::Event::Kind::Offered); }));
    CHECK(white->of(net::Event::Kind::Offered).back().offer == net::OfferKind::Draw);
    // A front end that knows the terms refuses before sending.
    net::JoinConfig j;
    j.host = srv.endpoint();
    j.code = World::match_of(*black)->code;
    j.name = black->name;
    j.hosted = true;
    j.rated = World::match_of(*black)->terms.rated;
    CHECK(j.rated);
    auto knowing = net::Session::join(j, Match(), w.now);
    Match m;
    REQUIRE(knowing);
    black->game = std::move(knowing).take();
    black->match = m;
    REQUIRE(w.until([&] { return black->game->playing(); }));
    CHECK(black->game->offer(net::OfferKind::Pause, w.now).why() == "a rated game has no pauses");
    CHECK(black->game->offer(net::OfferKind::Undo, w.now).why() == "a rated game has no takebacks");
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "a drawn round of a match is played again at once: each player hears the draw, then the replay",
    "[server]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+0s first-to 2 casual");
    w.move(*white, *black, "W1A1");
    REQUIRE(black->game->offer(net::OfferKind::Draw, w.now).ok());
    REQUIRE(w.until([&] { return white->saw(net::Event::Kind::Offered); }));
    REQUIRE(white->game->answer(true, w.now).ok());
    const auto replayed = [](const Client& c) {
        const auto acts = c.of(net::Event::Kind::Act);
        return acts.size() >= 2 && acts.back().act.kind == net::Act::Kind::Replay;
    };
    REQUIRE(w.until([&] { return replayed(*white) && replayed(*black); }));
    for (const Client* c : {white, black}) {
        const auto acts = c->of(net::Event::Kind::Act);
        CHECK(acts[acts.size() - 2].act.kind == net::Act::Kind::Draw);
        CHECK(c->match.phase() == MatchPhase::Playing);
        CHECK(c->match.rounds().size() == 2);
        CHECK(c->match.score(0) + c->match.score(1) == 0);
    }
    // The store holds both facts, in order, and the game goes on.
    const auto record = srv.reader().games().game_record(*server::game_id_of(World::match_of(liam)->game));
    REQUIRE(record);
    REQUIRE(record->facts.size() >= 2);
    CHECK(record->facts[record->facts.size() - 2].text.starts_with("draw"));
    CHECK(record->facts.back().text.starts_with("replay"));
    CHECK(record->status == server::GameStatus::Playing);
}

// Issue 33, 3: an agreed pause in a casual server game ends at its limit, however often one player
// declines to resume (the server's referee is the peer-to-peer host's: net/referee.h).
TEST_CASE_METHOD(LiamAndEamon,
                 "hostile player: declining every resume holds a casual game's pause only up to its limit",
                 "[server][pause][attack]") {
    auto [white, black] = start_match(w, liam, eamon, "official 4 5m+0s first-to 1 casual");
    w.move(*white, *black, "W1A1");  // Black to move
    REQUIRE(white->game->offer(net::OfferKind::Pause, w.now).ok());
    REQUIRE(w.until([&] { return black->saw(net::Event::Kind::Offered); }));
    REQUIRE(black->game->answer(true, w.now).ok());
    REQUIRE(w.until([&] { return white->match.clock().paused() && black->match.clock().paused(); }));
    const Millis paused = w.now;
    const Millis black_left = black->match.clock().time_left(Color::Black, w.now);
    CHECK(white->game->pause_ends_at() >= paused);
    CHECK(white->game->pause_ends_at() <= paused + net::max_pause);
    int declined = 0;
    while (w.now < paused + net::max_pause - 90 * s) {
        w.pass(60 * s);
        REQUIRE(white->game->offer(net::OfferKind::Resume, w.now).ok());
        REQUIRE(w.until([&] { return black->game->pending_offer(0) == net::OfferKind::Resume; }));
        REQUIRE(black->game->answer(false, w.now).ok());
        REQUIRE(w.until([&] { return !white->game->pending_offer(0); }));
        ++declined;
        CHECK(white->match.clock().paused());
    }
    CHECK(declined >= 8);
    w.pass(paused + net::max_pause - w.now + s);
    REQUIRE(w.until([&] { return !white->match.clock().paused() && !black->match.clock().paused(); }));
    CHECK_FALSE(white->saw(net::Event::Kind::Error));
    CHECK_FALSE(black->saw(net::Event::Kind::Error));
    for (Client* p : {white, black})
        CHECK(net::describe(p->of(net::Event::Kind::Act).back(), p->match, p->game->local_player()) ==
              "the pause reached its limit of 10 minutes: play resumes");
    // Black's clock runs again from where it stood when the pause began.
    w.pass(10 * s);
    CHECK(black->match.clock().time_left(Color::Black, w.now) <= black_left - 9 * s);
    CHECK(black->match.clock().time_left(Color::Black, w.now) >= black_left - 11 * s);
    w.move(*black, *white, "K1D1");
}

// Issue 25, 2, on the server: a rated 20s+0s game with --grace 5s; Black on move left and came back every
// 4.8 s, 19 times in 92 s, and his clock still read 20 s. One grace per player per game in all.
TEST_CASE("a player who leaves and comes back every 4.8 s spends one grace in all, and loses on time",
          "[server][absence][attack]") {
    LiamAndEamon room(with_grace(5 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 20s+0s first-to 1 rated");
    w.move(*white, *black, "W1A1");  // Black to move
    const Millis start = w.now;
    int departures = 0;
    while (!white->match.game().over() && departures < 19) {
        const std::size_t aways = white->of(net::Event::Kind::Act).size();
        const Match saved = black->match;
        vanish(w, *black);
        REQUIRE(w.until([&] { return white->game->absence(white->game->remote_player()).has_value(); }));
        CHECK(white->of(net::Event::Kind::Act).size() > aways);
        ++departures;
        for (Millis away = 0; away < 4800 && !white->match.game().over(); away += 100) w.pass(100);
        if (white->match.game().over()) break;
        come_back(w, *black, *white, saved);
    }
    INFO(departures << " departures, " << w.now - start << " ms");
    REQUIRE(w.until([&] { return white->match.game().over(); }));
    CHECK(white->match.game().result().ending == Ending::Time);
    CHECK(white->match.game().result().loser == Color::Black);
    CHECK(departures <= 6);
    CHECK(w.now - start <= 25 * s + 300);
    REQUIRE(w.until([&] { return liam.heard<lobby::Over>(); }));
    CHECK(liam.all<lobby::Over>().back().result == lobby::Verdict::Player0);  // White of round 1
}

// The player who stayed moves on their own turn during the other's grace; the absent one's clock stands
// for what is left of it.
TEST_CASE("during the other player's grace the player who stayed moves, and the clocks stand",
          "[server][absence]") {
    LiamAndEamon room(with_grace(30 * s));
    auto& [srv, w, liam, eamon] = room;
    auto [white, black] = start_match(w, liam, eamon, "official 4 1m+0s first-to 1 casual");
    vanish(w, *black);  // White to move
    REQUIRE(w.until([&] { return white->game->absence(white->game->remote_player()).has_value(); }));
    w.pass(5 * s);
    CHECK(white->match.clock().time_left(Color::White, w.now) == 60 * s);
    w.move(*white, *white, "W1A1");
    CHECK(white->match.clock().running() == Color::Black);
    CHECK(white->match.clock().paused());
    w.pass(20 * s);
    CHECK(white->match.clock().time_left(Color::Black, w.now) == 60 * s);
    w.pass(10 * s);  // the grace is over: Black's clock runs
    REQUIRE(w.until([&] { return !white->match.clock().paused(); }));
    w.pass(10 * s);
    CHECK(white->match.clock().time_left(Color::Black, w.now) <= 55 * s);
}

TEST_CASE_METHOD(
    LiamAndEamon,
    "a move reaches the players only once it is committed: another connection to the file sees it",
    "[server][store]") {
    // The server's loop writes a turn's facts in one transaction (group commit) and commits it before it
    // writes to any socket: whenever a player has heard of a move, the file has it.
    auto [white, black] = start_match(w, liam, eamon, "official 4 none first-to 1 casual");
    const auto id = server::game_id_of(World::match_of(liam)->game);
    REQUIRE(id);
    for (std::size_t i = 0; i < white_wins.size(); ++i) {
        w.now += s;
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
        // (the facts before the moves: both players coming to the board)
        const auto record = srv.reader().games().game_record(*id);
        REQUIRE(record);
        std::size_t moves = 0;
        for (const server::Fact& f : record->facts) moves += f.text.starts_with("move ");
        CHECK(moves == i + 1);
    }
}
