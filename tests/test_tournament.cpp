// Tournaments as pure functions (server/tournament.h): the round robin's rounds, a Swiss round's pairs,
// the table, and the spec a tournament keeps in the store.
#include <map>
#include <set>

#include "server/tournament.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::server;
namespace t = gobblet::server::tournament;

namespace {

TournamentRecord with_players(int n) {
    TournamentRecord r;
    for (int i = 1; i <= n; ++i)
        r.players.push_back(TournamentPlayer{i, "P" + std::to_string(i), i, false, std::nullopt});
    return r;
}

void decide(TournamentRecord& r, int round, const std::vector<t::Pair>& pairs, PairingOutcome o) {
    for (const t::Pair& p : pairs)
        r.pairings.push_back(Pairing{PairingId(r.pairings.size() + 1), round, p.a, p.b, std::nullopt,
                                     p.b ? o : PairingOutcome::A, std::nullopt});
}

}  // namespace

TEST_CASE("a round robin: everyone meets everyone once, one bye a round when odd, colours alternating",
          "[tournament]") {
    for (int n : {2, 3, 4, 5, 8}) {
        INFO(n << " players");
        std::vector<AccountId> players;
        for (int i = 1; i <= n; ++i) players.push_back(i);
        const auto rounds = t::round_robin(players);
        CHECK(int(rounds.size()) == (n % 2 ? n : n - 1));
        std::set<std::pair<AccountId, AccountId>> met;
        std::map<AccountId, int> byes, whites;
        for (const auto& round : rounds) {
            std::set<AccountId> seen;
            for (const t::Pair& p : round) {
                CHECK(seen.insert(p.a).second);
                if (!p.b) {
                    ++byes[p.a];
                    continue;
                }
                CHECK(seen.insert(*p.b).second);
                CHECK(met.insert({std::min(p.a, *p.b), std::max(p.a, *p.b)}).second);  // never twice
                ++whites[p.a];
            }
            CHECK(int(seen.size()) == n);
        }
        CHECK(int(met.size()) == n * (n - 1) / 2);  // everyone met everyone
        for (const auto& [id, b] : byes) CHECK(b == 1);
        for (const auto& [id, w] : whites) CHECK(w <= (n + 1) / 2);
    }
}

TEST_CASE("a Swiss round pairs equal points who have not met, and gives the bye to the lowest without one",
          "[tournament]") {
    TournamentRecord r = with_players(5);
    const auto first = t::swiss_round(r, 1);
    REQUIRE(first.size() == 3);
    CHECK_FALSE(first[0].b);  // the bye comes first
    decide(r, 1, first, PairingOutcome::A);
    const auto second = t::swiss_round(r, 2);
    REQUIRE(second.size() == 3);
    std::set<std::pair<AccountId, AccountId>> met;
    for (const Pairing& p : r.pairings)
        if (p.b) met.insert({std::min(p.a, *p.b), std::max(p.a, *p.b)});
    for (const t::Pair& p : second) {
        if (!p.b) {
            CHECK(p.a != first[0].a);  // not the same player's bye again
            continue;
        }
        CHECK_FALSE(met.contains({std::min(p.a, *p.b), std::max(p.a, *p.b)}));
    }
    // Withdrawn players are not paired.
    r.players[0].withdrawn = true;
    for (const t::Pair& p : t::swiss_round(r, 3)) {
        CHECK(p.a != 1);
        CHECK(p.b != std::optional<AccountId>(1));
    }
}

TEST_CASE("the table: a win is a point, a draw half, a bye a point without a match", "[tournament]") {
    TournamentRecord r = with_players(3);
    r.pairings = {Pairing{1, 1, 1, 2, 10, PairingOutcome::A, std::nullopt},
                  Pairing{2, 1, 3, std::nullopt, {}, PairingOutcome::A, std::nullopt},
                  Pairing{3, 2, 3, 1, 11, PairingOutcome::Draw, std::nullopt},
                  Pairing{4, 2, 2, std::nullopt, {}, std::nullopt, std::nullopt}};
    const auto table = t::standings(r);
    REQUIRE(table.size() == 3);
    CHECK(table[0].name == "P1");
    CHECK(table[0].half_points == 3);
    CHECK(table[0].played == 2);
    CHECK(table[0].won == 1);
    CHECK(table[0].drawn == 1);
    CHECK(table[1].name == "P3");
    CHECK(table[1].half_points == 3);
    CHECK(table[1].played == 1);
    CHECK(table[2].half_points == 0);  // P2: a loss, and a bye not yet given
    CHECK(table[2].lost == 1);
}

TEST_CASE("a tournament's spec reads back as written", "[tournament]") {
    const auto s = t::parse_spec("swiss-5 16 official 4 dm first-to 2 rated");
    REQUIRE(s);
    CHECK(s->format.swiss);
    CHECK(s->format.rounds == 5);
    CHECK(s->max_players == 16);
    CHECK(s->terms.rated);
    CHECK(s->first == net::lobby::First::Schedule);  // stored before version 2: no FIRST
    CHECK(t::spec_text(*s) == "swiss-5 16 schedule official 4 dm first-to 2 rated");
    CHECK(t::parse_spec(t::spec_text(*s))->format == s->format);
    const auto ko = t::parse_spec("knockout 8 draw official 4 dm first-to 2 rated");
    REQUIRE(ko);
    CHECK(ko->format.knockout);
    CHECK(ko->first == net::lobby::First::Draw);
    CHECK(t::spec_text(*ko) == "knockout 8 draw official 4 dm first-to 2 rated");
    CHECK(t::rounds_of(*s, 9) == 5);
    const auto rr = t::parse_spec("round-robin 8 rogers 3 none first-to 1 casual");
    REQUIRE(rr);
    CHECK(t::rounds_of(*rr, 7) == 7);
    CHECK(t::rounds_of(*rr, 8) == 7);
    CHECK_FALSE(t::parse_spec("swiss-0 8 official 4 none first-to 1 casual"));
    CHECK_FALSE(t::parse_spec("knockout 8 official 4 none first-to 1 casual"));  // a knockout is version 2's
    CHECK_FALSE(t::parse_spec("round-robin 8 coin official 4 none first-to 1 casual"));
}

TEST_CASE("a tournament's spec is read by the format its row names, with words of its own", "[tournament]") {
    // Format 1 as the store has always held it, whatever the lobby's `create` line becomes.
    const auto s = t::parse_spec("swiss-20 64 draw rogers 3 5m+2s first-to 9 casual", 1);
    REQUIRE(s);
    CHECK(s->format == net::lobby::Format{true, 20});
    CHECK(s->max_players == 64);
    CHECK(s->first == net::lobby::First::Draw);
    CHECK(net::lobby::terms_text(s->terms) == "rogers 3 5m+2s first-to 9 casual");
    CHECK(t::spec_text(*s) == "swiss-20 64 draw rogers 3 5m+2s first-to 9 casual");
    CHECK(t::spec_format == 1);
    CHECK(t::parse_spec("swiss-21 8 schedule official 4 none first-to 1 casual", 1).why() ==
          "not a Swiss tournament's rounds: swiss-21");
    CHECK(t::parse_spec("round-robin 65 schedule official 4 none first-to 1 casual", 1).why() ==
          "no number of players");
    CHECK(t::parse_spec("ladder 8 schedule official 4 none first-to 1 casual", 1).why() ==
          "not a tournament's format: ladder");
    CHECK(t::parse_spec("knockout 8 official 4 none first-to 1 casual", 1).why() ==
          "a knockout without who starts");
    CHECK_FALSE(t::parse_spec("create stored round-robin 8 schedule official 4 none first-to 1 casual", 1));
    // A format this program does not know is refused, and says which.
    CHECK(t::parse_spec("round-robin 8 schedule official 4 none first-to 1 casual", 2).why() ==
          "terms in format 2, which this gobblet does not know");
}

TEST_CASE("a tournament starts open, with two players at least who have not left", "[tournament]") {
    TournamentRecord r = with_players(1);
    CHECK(t::may_start(r).why() ==
          "a tournament needs two players at least (1 so far): wait for more to join");
    r = with_players(3);
    r.players[0].withdrawn = true;
    r.players[2].withdrawn = true;
    CHECK(t::may_start(r).why() ==
          "a tournament needs two players at least (1 so far): wait for more to join");
    r.players[2].withdrawn = false;
    CHECK(t::may_start(r) == 2);
    r.state = TournamentState::Running;
    CHECK(t::may_start(r).why() == "it has started already");
    r.state = TournamentState::Over;
    CHECK(t::may_start(r).why() == "it has started already");
}

TEST_CASE("who starts round 1: the organizer's choice for the two, else the schedule or the draw",
          "[tournament]") {
    TournamentRecord r = with_players(4);
    r.name = "cup";
    r.seed = 7;
    r.state = TournamentState::Running;
    // No choice: the schedule's a, or the draw.
    CHECK(t::round_one_white(r, net::lobby::First::Schedule, 1, 1, 2) == 1);
    const AccountId drawn = t::draw_swaps(7, 1, 1, 2) ? 2 : 1;
    CHECK(t::round_one_white(r, net::lobby::First::Draw, 1, 1, 2) == drawn);
    // The organizer's choice for P2 against P1 holds whichever way the pairing has them, under either FIRST.
    const auto c = t::starter_choice(r, "p2", "P1");  // names by their key
    REQUIRE(c);
    CHECK(*c == StarterChoice{2, 1});
    r.starters.push_back(*c);
    for (const auto first : {net::lobby::First::Schedule, net::lobby::First::Draw}) {
        CHECK(t::round_one_white(r, first, 1, 1, 2) == 2);
        CHECK(t::round_one_white(r, first, 3, 2, 1) == 2);
        CHECK(t::round_one_white(r, first, 1, 3, 4) ==
              (first == net::lobby::First::Draw && t::draw_swaps(7, 1, 3, 4) ? 4 : 3));
    }
    // What cannot be chosen, and why.
    CHECK(t::starter_choice(r, "P1", "Zed").why() == "Zed is not a player of tournament cup");
    CHECK(t::starter_choice(r, "P1", "p1").why() ==
          "a match is between two players: name the starter's opponent too");
    r.players[2].withdrawn = true;
    CHECK(t::starter_choice(r, "P3", "P1").why() == "P3 has left tournament cup");
    r.pairings.push_back(Pairing{1, 1, 1, 4, 55, std::nullopt, std::nullopt});  // their match is on
    CHECK(t::starter_choice(r, "P4", "P1").why() ==
          "the match between P4 and P1 has started: the loser of each round chooses who starts the next");
    CHECK(t::starter_choice(r, "P4", "P2"));
    r.state = TournamentState::Over;
    CHECK(t::starter_choice(r, "P4", "P2").why() == "tournament cup is over");
}

TEST_CASE("the table shown leaves out who left without a result", "[tournament]") {
    TournamentRecord r = with_players(4);
    r.players[3].withdrawn = true;   // P4 left before the start
    CHECK(t::table(r).size() == 3);  // open: the entrants
    r.state = TournamentState::Running;
    r.pairings.push_back(Pairing{1, 1, 1, 2, 10, PairingOutcome::A, std::nullopt});
    r.pairings.push_back(Pairing{2, 1, 3, std::nullopt, std::nullopt, PairingOutcome::A, std::nullopt});
    r.players[1].withdrawn = true;  // P2 left after losing a match: a result, so still in the table
    const auto table = t::table(r);
    REQUIRE(table.size() == 3);
    CHECK(table[0].name == "P1");
    CHECK(table[0].head_to_head == 0);  // level with P3 (a bye), whom P1 has not met
    CHECK(table[1].name == "P3");
    CHECK(table[2].name == "P2");
    CHECK(table[2].withdrawn);
    CHECK(t::standings(r).size() == 4);  // the whole record still has P4
}
