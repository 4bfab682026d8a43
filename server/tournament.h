// Tournaments as pure functions: the pairings of a round robin, a Swiss round and a knockout round, who
// starts, and the table, from what the store holds (server/store.h's TournamentRecord). The lobby
// (server/lobby_server.h) runs them: it stores the pairings, starts their matches, and advances the rounds.
//
//  - Round robin: everyone meets everyone once, all rounds made at the start by the circle method
//    (with an odd number of players, one sits out each round: a bye). White goes to whichever of the
//    two has had it less.
//  - Knockout: seeded at the start by rating (the terms' variant; equal ratings by name, case aside, so
//    that the same players are seeded the same whenever and in whatever order they entered). Each round pairs
//    the players still in, the best seed against the worst, the second against the second worst...; with an
//    odd number the best seed who has not had a bye yet sits out (a bye goes through). The loser of a match
//    is out; a drawn match (one nobody finished) sends the better seed through. The last player in wins.
//  - Swiss, N rounds: each round pairs players of equal points who have not met, from the top of the
//    table down (greedily: the first player left takes the next one they have not met, or the next one
//    at all when they have met everyone left). With an odd number, the lowest player who has not had a
//    bye gets one.
//  - A match won is a point, a drawn one half a point, a bye a point without a match. The table ranks by
//    points, then the points the tied players took from one another (head to head), then rounds won,
//    then rounds lost (fewer first), then name. Who left without playing a match is not in the table
//    shown (the lobby's and --standings': table()).
//  - Who starts round 1 of a match (plays White): the organizer's choice for those two players, made
//    before their match starts (TournamentRecord::starters); else the schedule's player a
//    (First::Schedule: the colours above), or a draw (First::Draw) from the tournament's seed, the round
//    and the two players: the same seed makes the same draws. The loser of each round chooses after
//    that (engine/match.h).
#pragma once

#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/expected.h"
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
    int rounds_won = 0, rounds_lost = 0;
    bool withdrawn = false;
    // Head to head: the half points taken from the players level with this one on points (the first
    // tie-break; 0 for a player level with nobody).
    int head_to_head = 0;
};
// The table: every player of the tournament, best first.
std::vector<Standing> standings(const TournamentRecord& t);
// The table as the lobby and --standings show it: standings() without the players who left without a
// result (before the start, or after it without having played a match).
std::vector<Standing> table(const TournamentRecord& t);

// The next Swiss round (`round`, from 1) of `t`: pairs among the players who have not withdrawn.
std::vector<Pair> swiss_round(const TournamentRecord& t, int round);

// A knockout's entrant as its seeding sees it.
struct Entrant {
    AccountId account = 0;
    std::string name;   // as registered
    double rating = 0;  // in the terms' variant, at the start
};
// A knockout's seeding: by rating, best first; equal ratings by name (their name keys: case aside, as
// the lobby tells names apart), never by when or in what order the players entered.
std::vector<AccountId> seeding(std::vector<Entrant> entrants);
// The players of a knockout still in (seeded, not withdrawn, never beaten), best seed first.
std::vector<AccountId> knockout_alive(const TournamentRecord& t);
// The next knockout round of `t` (its players seeded): empty when one player or none is left.
std::vector<Pair> knockout_round(const TournamentRecord& t);
// Whether the draw of First::Draw gives White to b rather than a.
bool draw_swaps(std::uint64_t seed, int round, AccountId a, AccountId b);
// Who plays White in round 1 of the match of `round` between a (the schedule's White) and b: the
// organizer's choice for the two (t.starters), else a, or the draw under First::Draw.
AccountId round_one_white(const TournamentRecord& t, net::lobby::First first, int round, AccountId a,
                          AccountId b);
// The organizer's choice that the player named `name` plays White in round 1 against the one named
// `opponent` (names compared by the lobby's key), or why it cannot be made now: both must be players of
// `t` who have not left, the tournament not over, and their match not started yet (two players meet
// once). The lobby's `starter` and --tournament-first check it alike.
Expected<StarterChoice> starter_choice(const TournamentRecord& t, std::string_view name,
                                       std::string_view opponent);
// Whether tournament `t` may start now: it is open, with two players at least who have not left. How
// many play, or why not, in words that follow the tournament's name ("it has started already"). The
// lobby's `start` and --start-tournament check it alike.
Expected<int> may_start(const TournamentRecord& t);

// What a tournament is played under: its format, most players, who starts round 1 of each match, the
// match's terms.
struct Spec {
    net::lobby::Format format;
    int max_players = 2;
    net::lobby::First first = net::lobby::First::Schedule;
    net::lobby::Terms terms;
};
// The form a spec is kept in, in the database (the tournaments' `terms`, in the format their
// `terms_format` says), apart from the lobby's `create` line: a change of the lobby's protocol (a field
// added to `create`, a word renamed, a version's shape) changes no stored tournament. spec_text writes
// the current format; parse_spec reads every format there has been, with readers of its own that use
// nothing of the lobby's messages (no verb, no message table, no version of the protocol).
//
// Format 1, the text the server stored before the format was its own (schema version 9 and older) and
// still writes: "FORMAT MAX FIRST TERMS", as "swiss-5 16 schedule official 4 dm first-to 2 rated".
// FORMAT and FIRST are its own words (spec_format_words_1, spec_first_words_1); MAX a decimal; TERMS the
// match's terms in their one text form (net/lobby_terms.h, which the lobby and --seek read too: a change
// of that form is a new format here). Rows stored before the lobby's version 2 have no FIRST (they are
// `schedule`) and are never knockouts. A change of the form is a new format: a new number, a new writer,
// and a reader beside the old ones, which stay.
constexpr int spec_format = 1;
inline constexpr const char* spec_format_words_1[] = {"round-robin", "swiss-", "knockout"};
inline constexpr const char* spec_first_words_1[] = {"schedule", "draw"};
static_assert(std::size(spec_first_words_1) == std::size_t(net::lobby::First::Draw) + 1,
              "one stored word for each way to start");
std::string spec_text(const Spec& s);
// A stored spec read back from its text and the format it was written in, or why the row cannot be read
// (a format this program does not know, or a row that is not one).
Expected<Spec> parse_spec(std::string_view text, int format = spec_format);
// How many rounds it has with `players` players (a Swiss its N; a round robin n-1, or n when odd; a
// knockout the rounds to halve them to one).
int rounds_of(const Spec& s, int players);
// Who won a tournament that is over: a knockout's last player in, else the top of the table.
std::optional<AccountId> winner(const TournamentRecord& t, const Spec& spec);

}  // namespace gobblet::server::tournament
