// The server's tournaments in one process with their clients (tests/server_support.h): a knockout the
// operator makes and starts beside the running server (another connection to the database, as
// --new-tournament and --start-tournament are), entered from the lobby, seeded, played round by round
// with live standings, watched by a spectator and archived with its name; a version 1 client beside it;
// the draw of who starts. Real sockets on 127.0.0.1, fake time.
#include <sstream>

#include "saves/record.h"
#include "server/operator_commands.h"
#include "server/tournament.h"
#include "server_support.h"

using namespace gobblet;
using namespace gobblet::test;
namespace t = gobblet::server::tournament;

namespace {

// The operator's command beside the server: `--new-tournament NAME` with these terms.
void make_as_operator(Serving& srv, const std::string& name, const std::string& format, lobby::First first,
                      const std::string& match_terms, std::uint64_t seed) {
    std::ostringstream out, err;
    REQUIRE(server::new_tournament(out, err, srv.config.db, name, format, 64, first, terms(match_terms), seed,
                                   unix0) == 0);
    INFO(err.str());
    CHECK(out.str().find("tournament " + name) == 0);
}

// Plays the match `a` and `b` were just given: the one playing White wins round 1 (a first-to-1 match).
void white_wins_match(World& w, Client& a, Client& b) {
    w.play_match(a);
    w.play_match(b);
    REQUIRE(w.until([&] {
        return a.game->playing() && b.game->playing() && !a.game->absence(a.game->remote_player()) &&
               !b.game->absence(b.game->remote_player());
    }));
    Client* white = World::match_of(a)->colour == Color::White ? &a : &b;
    Client* black = white == &a ? &b : &a;
    for (std::size_t i = 0; i < white_wins.size(); ++i)
        w.move(i % 2 == 0 ? *white : *black, i % 2 == 0 ? *black : *white, white_wins[i]);
    REQUIRE(
        w.until([&] { return a.match.phase() == MatchPhase::Over && b.match.phase() == MatchPhase::Over; }));
    for (Client* c : {&a, &b}) c->game->leave("the match is over", w.now);
}

lobby::Id tournament_named(const Client& c, const std::string& name) {
    for (const auto& [id, item] : c.lobby->tables().tournaments())
        if (item.name == name) return id;
    return 0;
}

}  // namespace

TEST_CASE_METHOD(
    Started,
    "an operator's knockout beside the running server: noticed, entered, seeded, live, watched, archived",
    "[server][tournament]") {
    Client ann("Ann"), bob("Bob"), cid("Cid"), viv("Viv");
    enter_all(w, {&ann, &bob, &cid, &viv});

    // Made in the database by another process: the server notices it within a second.
    make_as_operator(srv, "club-ko", "knockout", lobby::First::Schedule, "official 4 none first-to 1 casual",
                     5);
    w.idle();
    CHECK(tournament_named(viv, "club-ko") == 0);  // not before the server looked
    w.pass(1000);
    REQUIRE(w.until([&] { return tournament_named(viv, "club-ko") != 0; }));
    const lobby::Id id = tournament_named(viv, "club-ko");
    const lobby::TournamentItem item = viv.lobby->tables().tournaments().at(id);
    CHECK(item.organizer.empty());  // the operator's
    CHECK(item.format.knockout);
    CHECK(item.state == lobby::TournamentState::Open);

    for (Client* c : {&ann, &bob, &cid}) {
        REQUIRE(c->lobby->join_tournament(id, w.now).ok());
        w.idle();  // in this order: the seeds of equal ratings follow it
    }
    REQUIRE(w.until([&] { return viv.lobby->tables().tournaments().at(id).players == 3; }));
    // Only the operator starts it.
    REQUIRE(ann.lobby->start_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return ann.refused("start").has_value(); }));
    CHECK(ann.refused("start")->text == "the server's operator starts it (--start-tournament)");
    {
        std::ostringstream out, err;
        CHECK(server::start_tournament(out, err, srv.config.db, "Club-KO") == 0);  // names by their key
        INFO(err.str());
        CHECK(out.str() == "tournament Club-KO starts with 3 players: the server pairs the first round\n");
        CHECK(server::start_tournament(out, err, srv.config.db, "club-ko") == 2);
        CHECK(err.str().find("it has started already") != std::string::npos);
    }
    w.pass(1000);

    // Round 1: three players, equal ratings seeded as they joined: Ann (1) has the bye, Bob (2) plays
    // White against Cid (3).
    REQUIRE(w.until([&] { return World::match_of(bob) && World::match_of(cid); }));
    CHECK_FALSE(World::match_of(ann));
    const lobby::MatchStart m1 = *World::match_of(bob);
    CHECK(m1.colour == Color::White);
    CHECK(m1.opponent == "Cid");
    CHECK(m1.tournament == id);
    CHECK(m1.round == 1);
    REQUIRE(w.until([&] { return !ann.all<lobby::Notice>().empty(); }));
    CHECK(ann.all<lobby::Notice>().back().text ==
          "tournament club-ko: you have a bye in round 1: you go through");
    // The game is listed as the tournament's, and a spectator follows it.
    REQUIRE(w.until([&] { return viv.lobby->tables().games().contains(m1.game); }));
    CHECK(viv.lobby->tables().games().at(m1.game).item.tournament == id);
    REQUIRE(viv.lobby->watch(m1.game, w.now).ok());
    REQUIRE(w.until([&] { return viv.heard<lobby::Watching>(); }));
    w.join_game(viv, viv.all<lobby::Watching>().back().code, true);

    white_wins_match(w, bob, cid);
    REQUIRE(w.until([&] { return viv.match.game().moves().size() == white_wins.size(); }));
    // The table, live: Bob and Ann have a point each (Bob won a round), Cid none.
    REQUIRE(w.until([&] {
        const auto table = viv.lobby->tables().standings(id);
        return table.size() == 3 && table[0].played == 1 && table[2].name == "Cid";
    }));
    {
        const auto table = viv.lobby->tables().standings(id);
        CHECK(table[0].name == "Bob");  // a point as Ann's, but a round won
        CHECK(table[0].rounds_won == 1);
        CHECK(table[1].name == "Ann");
        CHECK(table[1].half_points == 2);
        CHECK(table[2].rounds_lost == 1);
    }
    viv.game->leave("enough", w.now);

    // Round 2, the final: Ann (seed 1, White by the schedule) against Bob.
    REQUIRE(w.until([&] { return World::match_of(ann).has_value(); }));
    CHECK(World::match_of(ann)->round == 2);
    CHECK(World::match_of(ann)->colour == Color::White);
    REQUIRE(w.until([&] { return World::match_of(bob)->round == 2; }));
    white_wins_match(w, ann, bob);
    REQUIRE(w.until(
        [&] { return viv.lobby->tables().tournaments().at(id).state == lobby::TournamentState::Over; }));
    REQUIRE(w.until([&] {
        const auto table = viv.lobby->tables().standings(id);
        return table.size() == 3 && table[0].name == "Ann" && table[0].half_points == 4;
    }));
    const server::Store reader = srv.reader();
    auto rec = const_cast<server::Store&>(reader).tournaments().tournament(id);
    REQUIRE(rec);
    const std::string text = server::standings_text(*rec);
    INFO(text);
    CHECK(text.find("club-ko: knockout, official rules, 4x4, a single game, no clock, casual; final") == 0);
    CHECK(text.find("final: Ann wins") != std::string::npos);

    // Each game is archived with the event's name: the record says it, and reads back.
    REQUIRE(viv.lobby->record(m1.game, w.now).ok());
    REQUIRE(w.until([&] { return !viv.answer_text<lobby::RecordQuery>().empty(); }));
    const std::string record = viv.answer_text<lobby::RecordQuery>();
    CHECK(record.find("% event: club-ko\n") != std::string::npos);
    const auto loaded = saves::read_record(record);
    REQUIRE(loaded);
    CHECK(loaded->event == "club-ko");
}

TEST_CASE_METHOD(Started,
                 "a version 1 client beside a version 2 tournament: it sees what it can read, and plays",
                 "[server][tournament]") {
    Client ann("Ann"), bob("Bob");
    enter_all(w, {&ann, &bob});
    make_as_operator(srv, "ops-cup", "knockout", lobby::First::Draw, "official 4 none first-to 1 casual", 1);
    REQUIRE(ann.lobby
                ->create_tournament("ann-rr", lobby::Format{}, 4, lobby::First::Schedule,
                                    terms("official 3 none first-to 1 casual"), w.now)
                .ok());
    w.pass(1000);
    REQUIRE(w.until([&] { return bob.lobby->tables().tournaments().size() == 2; }));

    // An old client: version 1's greeting, its login, its tables.
    RawPeer old;
    REQUIRE(old.connect(srv.endpoint()).ok());
    w.raws.push_back(&old);
    const auto heard = [&](const std::string& line) {
        return std::find(old.heard().begin(), old.heard().end(), line) != old.heard().end();
    };
    old.say("lobby gobblet 1\n");
    REQUIRE(w.until([&] { return heard("server gobblet 1 gobblet server"); }));
    old.say("login Old human secret " + hex_secret() + "\n");
    REQUIRE(w.until([&] { return heard("end tournaments"); }));
    // Ann's round robin in version 1's shape; the operator's knockout not at all.
    const lobby::Id ann_rr = tournament_named(bob, "ann-rr");
    CHECK(heard("tournament " + std::to_string(ann_rr) +
                " Ann round-robin open 1 4 0 official 3 none first-to 1 casual"));
    for (const std::string& line : old.heard()) {
        INFO(line);
        CHECK(line.find("knockout") == std::string::npos);
        CHECK(line.find("ops-cup") == std::string::npos);
    }
    // Its `create` (version 1's shape) makes a tournament named after it, which version 2 shows so.
    old.say("create swiss-2 4 official 4 none first-to 1 casual\n");
    REQUIRE(w.until([&] { return tournament_named(bob, "Old-1") != 0; }));
    const lobby::Id olds = tournament_named(bob, "Old-1");
    REQUIRE(w.until([&] {
        return heard("tournament " + std::to_string(olds) +
                     " Old swiss-2 open 1 4 0 official 4 none first-to 1 casual");
    }));
    // Its standings come in version 1's shape; the live tables never reach it.
    old.say("standings " + std::to_string(ann_rr) + "\n");
    REQUIRE(w.until([&] { return heard("end standings"); }));
    CHECK(heard("standing 1 Ann 0 0 0 0 0"));
    w.raws.clear();
}

TEST_CASE_METHOD(
    Started,
    "the organizer chooses who starts a match before it starts; who left without playing is in no table",
    "[server][tournament]") {
    Client ann("Ann"), bob("Bob"), cid("Cid"), dan("Dan");
    enter_all(w, {&ann, &bob, &cid, &dan});
    REQUIRE(ann.lobby
                ->create_tournament("ann-rr", lobby::Format{}, 8, lobby::First::Schedule,
                                    terms("official 4 none first-to 1 casual"), w.now)
                .ok());
    REQUIRE(w.until([&] { return tournament_named(dan, "ann-rr") != 0; }));
    const lobby::Id id = tournament_named(dan, "ann-rr");
    for (Client* c : {&bob, &cid, &dan}) REQUIRE(c->lobby->join_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return dan.lobby->tables().tournaments().at(id).players == 4; }));
    // Dan leaves before the start: he has played nothing.
    REQUIRE(dan.lobby->leave_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return dan.lobby->tables().tournaments().at(id).players == 3; }));

    // Ann, Bob, Cid: the round robin's schedule gives Ann a bye in round 1 and Cid White against Bob; in
    // round 2 Ann (White: she had it less) meets Cid. Only Ann chooses, and only between players in it.
    REQUIRE(bob.lobby->choose_starter(id, "Bob", "Cid", w.now).ok());
    REQUIRE(w.until([&] { return bob.refused("starter").has_value(); }));
    CHECK(bob.refused("starter")->text == "only its organizer, Ann, chooses who starts");
    CHECK(bob.refused("starter")->code == lobby::Refusal::NotAllowed);
    REQUIRE(ann.lobby->choose_starter(id, "Bob", "Dan", w.now).ok());
    REQUIRE(w.until([&] { return ann.refused("starter").has_value(); }));
    CHECK(ann.refused("starter")->text == "Dan has left tournament ann-rr");
    REQUIRE(ann.lobby->choose_starter(id, "bob", "Cid", w.now).ok());  // names by their key
    REQUIRE(w.until([&] { return ann.heard<lobby::Ok>(); }));
    CHECK(ann.all<lobby::Ok>().back() ==
          lobby::Ok{"starter", "Bob plays White in round 1 of the match against Cid in ann-rr"});
    REQUIRE(w.until([&] { return cid.heard<lobby::Notice>(); }));
    CHECK(cid.all<lobby::Notice>().back().text ==
          "tournament ann-rr: Bob plays White in round 1 of the match against Cid (the organizer's choice)");

    REQUIRE(ann.lobby->start_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return World::match_of(bob) && World::match_of(cid); }));
    CHECK(World::match_of(bob)->colour == Color::White);  // the organizer's choice, not the schedule's Cid
    CHECK(World::match_of(bob)->opponent == "Cid");
    // Their match has started: the loser of each round chooses now.
    REQUIRE(ann.lobby->choose_starter(id, "Cid", "Bob", w.now).ok());
    REQUIRE(w.until([&] { return ann.all<lobby::Refused>().size() == 2; }));
    CHECK(ann.refused("starter")->text ==
          "the match between Cid and Bob has started: the loser of each round chooses who starts the next");
    // Round 2's match, Ann against Cid, is made when round 1 is decided: chosen now, it holds then.
    REQUIRE(ann.lobby->choose_starter(id, "Cid", "Ann", w.now).ok());
    REQUIRE(w.until([&] { return ann.all<lobby::Ok>().size() == 2; }));

    // Who left without playing is in neither table: the live one, nor --standings' (server::standings_text).
    REQUIRE(w.until([&] { return dan.lobby->tables().standings(id).size() == 3; }));
    for (const auto& s : dan.lobby->tables().standings(id)) CHECK(s.name != "Dan");
    {
        const server::Store reader = srv.reader();
        const auto rec = const_cast<server::Store&>(reader).tournaments().tournament(id);
        REQUIRE(rec);
        const std::string text = server::standings_text(*rec);
        INFO(text);
        CHECK(text.find("Dan") == std::string::npos);
        CHECK(text.find("Ann") != std::string::npos);
    }

    white_wins_match(w, bob, cid);  // Bob, White, wins
    REQUIRE(w.until([&] { return World::match_of(ann) && World::match_of(ann)->round == 2; }));
    CHECK(World::match_of(ann)->opponent == "Cid");
    CHECK(World::match_of(ann)->colour == Color::Black);  // the organizer's choice: Cid starts
    REQUIRE(w.until([&] { return World::match_of(cid)->round == 2; }));
    CHECK(World::match_of(cid)->colour == Color::White);
    // The live table carries head to head: Ann (a bye) and Bob (a win) are level on a point, and have
    // not met: none each; Cid none.
    REQUIRE(w.until([&] {
        const auto table = dan.lobby->tables().standings(id);
        return table.size() == 3 && table[0].played == 1;
    }));
    for (const auto& s : dan.lobby->tables().standings(id)) CHECK(s.head_to_head == 0);
}

TEST_CASE("pairings: the round robin's colours, a knockout's seeds and byes, the draw of who starts",
          "[tournament]") {
    // Knockout seeding: by rating, equal ratings by name (case aside), whatever the order they joined in
    // and whatever their accounts' ages.
    CHECK(t::seeding(
              {{1, "Zed", 1500}, {2, "Bob", 1700}, {3, "amy", 1500}, {4, "Cid", 1650}, {5, "Dan", 1800}}) ==
          std::vector<server::AccountId>{5, 2, 4, 3, 1});
    CHECK(t::seeding({{7, "Niamh", 1500}, {3, "Liam", 1500}, {9, "Eamon", 1500}}) ==
          std::vector<server::AccountId>{9, 3, 7});
    CHECK(t::seeding({{9, "Eamon", 1500}, {7, "Niamh", 1500}, {3, "Liam", 1500}}) ==
          std::vector<server::AccountId>{9, 3, 7});
    // Five seeded players: the best seed's bye, then 2-5, 3-4 (the better seed first: White by schedule).
    server::TournamentRecord r;
    for (int i = 1; i <= 5; ++i)
        r.players.push_back(
            server::TournamentPlayer{i, "P" + std::to_string(i), i, false, 6 - i});  // seed 6-i
    const auto r1 = t::knockout_round(r);
    REQUIRE(r1.size() == 3);
    CHECK(r1[0] == t::Pair{5, std::nullopt});
    CHECK(r1[1] == t::Pair{4, 1});
    CHECK(r1[2] == t::Pair{3, 2});
    // 4 beats 1; 2 and 3 draw (a match nobody finished): the better seed, 3, goes through.
    r.pairings = {server::Pairing{1, 1, 5, std::nullopt, {}, server::PairingOutcome::A, std::nullopt},
                  server::Pairing{2, 1, 4, 1, 10, server::PairingOutcome::A, std::nullopt},
                  server::Pairing{3, 1, 3, 2, 11, server::PairingOutcome::Draw, std::nullopt}};
    CHECK(t::knockout_alive(r) == std::vector<server::AccountId>{5, 4, 3});
    // Three left: 5 had its bye, so 4 (the best without one) sits out; 5 meets 3.
    const auto r2 = t::knockout_round(r);
    REQUIRE(r2.size() == 2);
    CHECK(r2[0] == t::Pair{4, std::nullopt});
    CHECK(r2[1] == t::Pair{5, 3});
    r.pairings.push_back(server::Pairing{4, 2, 4, std::nullopt, {}, server::PairingOutcome::A, std::nullopt});
    r.pairings.push_back(server::Pairing{5, 2, 5, 3, 12, server::PairingOutcome::B, std::nullopt});
    const auto r3 = t::knockout_round(r);
    REQUIRE(r3.size() == 1);
    CHECK(r3[0] == t::Pair{4, 3});
    r.pairings.push_back(server::Pairing{6, 3, 4, 3, 13, server::PairingOutcome::A, std::nullopt});
    CHECK(t::knockout_alive(r) == std::vector<server::AccountId>{4});
    CHECK(t::knockout_round(r).empty());  // the winner is alone: over
    t::Spec ko;
    ko.format.knockout = true;
    // The winner is the last one in, whatever the points (4: two wins and a bye; 5: a bye and a win).
    CHECK(t::winner(r, ko) == std::optional<server::AccountId>(4));
    // A withdrawn player is out.
    r.players[3].withdrawn = true;  // account 4
    CHECK(t::knockout_alive(r).empty());
    CHECK(t::rounds_of(ko, 5) == 3);
    CHECK(t::rounds_of(ko, 8) == 3);
    CHECK(t::rounds_of(ko, 2) == 1);

    // The draw: the same seed, the same draws, whatever the order the pair is given in; over many
    // pairings each side gets White about half the time, and another seed draws differently.
    int swaps = 0, differ = 0;
    for (int i = 1; i <= 400; ++i) {
        const bool s = t::draw_swaps(99, i % 7 + 1, i, i + 1000);
        CHECK(s == t::draw_swaps(99, i % 7 + 1, i, i + 1000));
        CHECK(s != t::draw_swaps(99, i % 7 + 1, i + 1000, i));  // the same player gets White either way
        swaps += s;
        differ += s != t::draw_swaps(100, i % 7 + 1, i, i + 1000);
    }
    CHECK(swaps > 150);
    CHECK(swaps < 250);
    CHECK(differ > 100);
}

TEST_CASE("the table's tie-breaks: points, then head to head, then rounds won, then rounds lost",
          "[tournament]") {
    server::TournamentRecord r;
    for (int i = 1; i <= 4; ++i)
        r.players.push_back(server::TournamentPlayer{i, "P" + std::to_string(i), i, false, std::nullopt});
    using O = server::PairingOutcome;
    const auto pairing = [&](int a, int b, O o, std::array<int, 2> score) {
        server::Pairing p{
            server::PairingId(r.pairings.size() + 1), 1, a, b, 100 + a * 10 + b, o, std::nullopt};
        p.score = score;
        r.pairings.push_back(p);
    };
    // P1, P2 and P3 each win one and lose one among themselves (a cycle), and all beat P4: three on
    // two points, equal head to head (a point each among them), so the rounds decide.
    pairing(1, 2, O::A, {2, 1});  // P1 beats P2 2-1
    pairing(2, 3, O::A, {2, 0});  // P2 beats P3 2-0
    pairing(3, 1, O::A, {2, 1});  // P3 beats P1 2-1
    pairing(1, 4, O::A, {2, 1});
    pairing(2, 4, O::A, {2, 1});
    pairing(3, 4, O::A, {2, 1});
    // Points: P1, P2, P3 two each; P4 none. Head to head among the three: one point each.
    // Rounds won: P1 2+1+2 = 5, P2 1+2+2 = 5, P3 0+2+2 = 4. Rounds lost: P1 1+2+1 = 4, P2 2+0+1 = 3.
    auto table = t::standings(r);
    REQUIRE(table.size() == 4);
    for (int i = 0; i < 3; ++i) CHECK(table[std::size_t(i)].head_to_head == 2);  // a point among the three
    CHECK(table[3].head_to_head == 0);                                           // level with nobody
    CHECK(table[0].name == "P2");                                                // 5 won, 3 lost
    CHECK(table[0].rounds_won == 5);
    CHECK(table[0].rounds_lost == 3);
    CHECK(table[1].name == "P1");  // 5 won, 4 lost
    CHECK(table[1].rounds_lost == 4);
    CHECK(table[2].name == "P3");  // 4 won
    CHECK(table[3].name == "P4");
    CHECK(table[3].half_points == 0);

    // Head to head comes before rounds: P4 beats P2 instead (2-0). P1 and P3 have two points, and P3
    // beat P1, so P3 is above P1 whatever the rounds; P2 and P4 have one, and P4 beat P2.
    r.pairings[4] = server::Pairing{5, 1, 2, 4, 124, O::B, std::nullopt};
    r.pairings[4].score = std::array<int, 2>{0, 2};
    table = t::standings(r);
    REQUIRE(table.size() == 4);
    CHECK(table[0].half_points == 4);
    CHECK(table[1].half_points == 4);
    CHECK(table[0].name == "P3");  // beat P1 between them, though P1 won more rounds (5 against 4)
    CHECK(table[0].head_to_head == 2);
    CHECK(table[1].name == "P1");
    CHECK(table[1].head_to_head == 0);
    CHECK(table[1].rounds_won > table[0].rounds_won);
    CHECK(table[2].name == "P4");
    CHECK(table[2].head_to_head == 2);
    CHECK(table[3].name == "P2");
    CHECK(table[3].head_to_head == 0);
    // As the standing line carries it, and --standings prints it.
    const std::string text = server::standings_text(r);
    INFO(text);
    CHECK(text.find("points  head-to-head  played") != std::string::npos);
}

TEST_CASE("tournaments by name, schema 4's upgrade, and a second process's commits seen by the server",
          "[store][tournament]") {
    TempDir dir;
    const std::string path = dir / "server.db";
    {
        // A schema 3 database with a tournament of the lobby's first version.
        server::db::Database d = server::db::Database::open(path, {false, 5000});
        d.prepare_for_writing();
        server::db::migrate(d, server::schema_steps().first(3), 0x47625376);
        d.exec("INSERT INTO accounts (name, name_key, created) VALUES ('Liam', 'liam', 1)");
        d.exec(
            "INSERT INTO tournaments (name, terms, created_by, created) "
            "VALUES ('Liam''s round-robin', 'round-robin 8 official 4 dm first-to 2 rated', 1, 2)");
    }
    server::Store s = server::Store::open(path);
    CHECK(s.opened_version() == 3);
    const auto old = s.tournaments().tournament(1);
    REQUIRE(old);
    CHECK(old->name == "tournament-1");  // named by its number
    CHECK(s.tournaments().tournament_named("tournament-1") == 1);
    CHECK_FALSE(old->by_operator);
    REQUIRE(t::parse_spec(old->terms));

    // Names are unique by their key; the operator's tournaments are organized by a reserved account.
    const auto id = s.tournaments().create_tournament(
        server::NewTournament{"Spring-Cup", lobby::name_key("Spring-Cup"),
                              "knockout 8 draw official 4 none first-to 1 casual", std::nullopt, 42},
        unix0);
    REQUIRE(id);
    const auto alike = s.tournaments().create_tournament(
        server::NewTournament{"SPRlNG-cup", lobby::name_key("SPRlNG-cup"),
                              "round-robin 8 schedule official 4 none first-to 1 casual", std::nullopt, 1},
        unix0);
    CHECK_FALSE(alike);
    CHECK(alike.why() == "a tournament is named SPRlNG-cup already: choose another name");
    const auto made = s.tournaments().tournament(*id);
    CHECK(made->by_operator);
    CHECK(made->seed == 42);
    CHECK(s.accounts().account(made->created_by)->name == server::operator_name);
    CHECK_FALSE(s.accounts().find_lobby_account("(operator)"));
    CHECK_FALSE(lobby::valid_name(server::operator_name));  // no player can log in as it

    // Another connection (the operator's command) beside the server's: its commits change the server's
    // data_version; the server's own do not.
    const std::int64_t v0 = s.data_version();
    s.tournaments().set_tournament_state(1, server::TournamentState::Over);
    CHECK(s.data_version() == v0);
    {
        server::Store other = server::Store::open(path, server::Store::Access::Share);
        CHECK(other.tournaments().tournament_named(lobby::name_key("spring-cup")) == id);
        other.tournaments().set_tournament_state(*id, server::TournamentState::Running);
    }
    CHECK(s.data_version() != v0);
    CHECK(s.tournaments().tournament(*id)->state == server::TournamentState::Running);
    // A second server is refused, a sharing process is not.
    CHECK_THROWS_WITH(server::Store::open(path), Catch::Contains("is in use by another gobblet server"));
}

// Starting a tournament is one rule (tournament::may_start), which the organizer's `start` and the
// operator's --start-tournament both ask: open, with two players at least who have not left.
TEST_CASE_METHOD(LiamAndEamon,
                 "an organizer's start is held to the operator's rule: two players at least, once",
                 "[server][tournament]") {
    REQUIRE(liam.lobby
                ->create_tournament("liam-cup", lobby::Format{false, 0}, 4, lobby::First::Schedule,
                                    terms("official 4 none first-to 1 casual"), w.now)
                .ok());
    REQUIRE(w.until([&] { return eamon.lobby->tables().tournaments().size() == 1; }));
    const lobby::Id id = eamon.lobby->tables().tournaments().begin()->first;
    REQUIRE(liam.lobby->start_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("start").has_value(); }));
    CHECK(liam.refused("start")->code == lobby::Refusal::NotAllowed);
    CHECK(liam.refused("start")->text ==
          "tournament liam-cup: a tournament needs two players at least (1 so far): wait for more to join");
    {
        // A player's tournament is its organizer's to start and to choose in, not the operator's.
        std::ostringstream out, err;
        CHECK(server::start_tournament(out, err, srv.config.db, "liam-cup") == 2);
        CHECK(err.str() ==
              "gobblet: --start-tournament liam-cup: its organizer starts it from the lobby (the operator "
              "starts "
              "the tournaments made with --new-tournament)\n");
        CHECK(server::choose_starter(out, err, srv.config.db, "liam-cup", "Liam", "Eamon", unix0) == 2);
        CHECK(
            err.str().ends_with("gobblet: --tournament-first liam-cup: its organizer chooses who starts from "
                                "the lobby (the operator "
                                "chooses for the tournaments made with --new-tournament)\n"));
        CHECK(out.str().empty());
    }
    REQUIRE(eamon.lobby->join_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return liam.lobby->tables().tournaments().at(id).players == 2; }));
    liam.events.clear();
    REQUIRE(liam.lobby->start_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return World::match_of(liam) && World::match_of(eamon); }));
    REQUIRE(liam.lobby->start_tournament(id, w.now).ok());
    REQUIRE(w.until([&] { return liam.refused("start").has_value(); }));
    CHECK(liam.refused("start")->text == "tournament liam-cup: it has started already");
}

// A tournament's spec is kept in a format of its own (server/tournament.h, spec_format), which each row
// names: one of a format this program does not know is left as it is, and the log says why; one of
// format 1 written beside the running server comes into its lobby.
TEST_CASE_METHOD(Started,
                 "a stored tournament names its spec's format, and one of an unknown format is left alone",
                 "[server][tournament][store]") {
    Client liam("Liam");
    enter_all(w, {&liam});
    {
        server::Store s = server::Store::open(srv.config.db, server::Store::Access::Share);
        const auto later = s.tournaments().create_tournament(
            server::NewTournament{"Later-Cup", lobby::name_key("Later-Cup"),
                                  "ladder 8 by-rating official 4 dm", std::nullopt, 1, 2},
            unix0);
        REQUIRE(later);
        CHECK(s.tournaments().tournament(*later)->terms_format == 2);
        const auto now = s.tournaments().create_tournament(
            server::NewTournament{"Now-Cup", lobby::name_key("Now-Cup"),
                                  "knockout 8 draw official 4 none first-to 1 casual", std::nullopt, 1,
                                  t::spec_format},
            unix0);
        REQUIRE(now);
        CHECK(s.tournaments().tournament(*now)->terms_format == 1);
    }
    w.pass(1000);  // the server looks at the database's changes every second
    REQUIRE(w.until([&] { return liam.lobby->tables().tournaments().size() == 1; }));
    CHECK(liam.lobby->tables().tournaments().begin()->second.name == "Now-Cup");
    CHECK(liam.lobby->tables().tournaments().begin()->second.format == lobby::Format{false, 0, true});
    CHECK(srv.logged(
        "cannot be read back (terms in format 2, which this gobblet does not know): left as it is"));
}
