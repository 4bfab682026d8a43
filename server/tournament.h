// Tournaments as pure functions: the pairings of a round robin and of a Swiss round, and the table,
// from what the store holds (server/store.h's TournamentRecord). The lobby (server/lobby.h) runs them:
// it stores the pairings, starts their matches, and advances the rounds.
//
//  - Round robin: everyone meets everyone once, all rounds made at the start by the circle method
//    (with an odd number of players, one sits out each round: a bye). White goes to whichever of the
//    two has had it less.
//  - Swiss, N rounds: each round pairs players of equal points who have not met, from the top of the
//    table down (greedily: the first player left takes the next one they have not met, or the next one
//    at all when they have met everyone left). With an odd number, the lowest player who has not had a
//    bye gets one.
//  - A match won is a point, a drawn one half a point, a bye a point without a match. The table ranks by
//    points, then matches won, then name.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "net/lobby.h"
#include "server/store.h"

namespace gobblet::server::tournament {

// A pairing to make: a plays White in the match's round 1; no b is a bye for a.
struct Pair {
    AccountId a = 0;
    std::optional<AccountId> b;
    friend bool operator==(const Pair&, const Pair&) = default;
};

// Every round of a round robin between `players` (in the order they joined).
std::vector<std::vector<Pair>> round_robin(const std::vector<AccountId>& players);

struct Standing {
    AccountId account = 0;
    std::string name;
    int half_points = 0;
    int played = 0, won = 0, lost = 0, drawn = 0;
    bool withdrawn = false;
};
// The table: every player of the tournament, best first.
std::vector<Standing> standings(const TournamentRecord& t);

// The next Swiss round (`round`, from 1) of `t`: pairs among the players who have not withdrawn.
std::vector<Pair> swiss_round(const TournamentRecord& t, int round);

// What a tournament is played under, as the store keeps it in its terms: "swiss-5 16 official 4 dm
// first-to 2 rated" (format, most players, the match terms).
struct Spec {
    net::lobby::Format format;
    int max_players = 2;
    net::lobby::Terms terms;
};
std::string spec_text(const Spec& s);
std::optional<Spec> parse_spec(std::string_view text);
// How many rounds it has with `players` players (a Swiss its N; a round robin n-1, or n when odd).
int rounds_of(const Spec& s, int players);

}  // namespace gobblet::server::tournament
