// The server room's command-line front ends, which main.cpp only calls: the ratings list
// (./main --ratings), the store's benchmark (./main --bench-store), and the operator's tournaments
// (--new-tournament, --start-tournament, --tournament-first, --standings), which work on the database beside
// a running server: it notices their commits within a second (server/lobby_server.h, store_sync_every).
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "engine/time_source.h"
#include "net/lobby.h"
#include "server/store.h"

namespace gobblet::server {

// One variant's ratings as plain aligned text: a heading ("official rules, 4x4"), then a row a player,
// best first: place, name, rating, deviation, games, wins-losses-draws (rounded to whole points), and
// when `last` is given (one a row), what the player's last rated game did to the rating ("+162").
std::string ratings_table(Variant variant, const std::vector<RatingsRow>& rows,
                          const std::vector<std::optional<RatingChange>>* last = nullptr);

// --ratings: the ratings of the database at `db` (read only, next to a running server), for every variant
// with rated games, or those of `rules` and/or `size` only; deviations as of `now`. Returns the exit
// status: 0, or 1 with the reason on `err` (a missing or unreadable database).
int print_ratings(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                  std::optional<Rules> rules, std::optional<int> size, UnixTime now);

// --profile NAME: a registered player's profile (net/lobby_text.h's profile_text: ratings with
// deviations, records, registered and last seen, a computer or not, the last games; and trend_chart:
// each variant's rating over its last rated games, in profile_chart_rows rows of profile_chart_width
// columns), read only beside a running server. Returns the exit status: 0, 1 when the database cannot be
// used, 2 for a name nobody has.
constexpr int profile_chart_width = 72;
constexpr int profile_chart_rows = 6;
int print_profile(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                  const std::string& name, UnixTime now);

// --account-kind NAME --kind human|bot: the operator makes a registered account a person's or a
// computer's (docs/server.md, "Accounts"), beside a running server, which reads the kind at each login: a
// login in the other role is refused from then on. Returns the exit status: 0 (it says what it did on
// `out`), 1 when the database cannot be used, 2 for a name nobody has or a kind that is neither.
int set_account_kind(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                     const std::string& name, const std::string& kind);

// --bench-store: times the store on this machine: commits a second of append_fact (WAL with
// synchronous=NORMAL, and FULL for comparison), rated results, secret checks, reading back the games in
// progress, the cost of one password hash at the standard cost, and the lobby's questions (the
// leaderboard, a history, a profile, the ratings list) with a crowd of 100,000 players (make_crowd).
// Works in a new temporary folder, or at `db` when given, to measure another disk (nothing may exist
// there, nor at DB.normal, DB.full and DB.crowd: the benchmark removes what it made). It times itself on
// `time` (main.cpp passes the program's one monotonic clock). Returns the exit status.
int run_store_bench(std::ostream& out, std::ostream& err, const TimeSource& time,
                    const std::filesystem::path& db = {});

// A crowd in the store, for the benchmark and the tests of what the lobby's questions cost, written in one
// transaction: `players` accounts ("crowd-1", ...) with one rated official 4x4 game each against
// "Marathon" (every other one won: those are rated about 1660 and unsettled, above everyone settled),
// so that Marathon has `players` games and a settled rating; and twelve "regular-N" with two rated games
// against each of the others (settled, about 1500), entered in a tournament "regulars".
struct Crowd {
    Account marathon;
    GameId last_game = 0;
    TournamentId tournament = 0;
};
Crowd make_crowd(Store& store, int players, UnixTime now);

// --new-tournament NAME: a tournament the operator organizes, open for players to join from the lobby
// (bots: --enter NAME). `format`: "round-robin", "knockout" or "swiss-N"; `seed`: of the server's draws
// of who starts (First::Draw). Returns the exit status: 0 (it says what it made on `out`), 1 when the
// database cannot be used, 2 for a bad name or format or a name taken (the reason on `err`).
int new_tournament(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                   const std::string& name, const std::string& format, int max_players,
                   net::lobby::First first, const net::lobby::Terms& terms, std::uint64_t seed, UnixTime now);
// --start-tournament NAME: starts an open tournament of the operator's with two players or more; the
// running server pairs its first round within a second (or at its start, when none runs).
int start_tournament(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                     const std::string& name);
// --tournament-first NAME --starter PLAYER --against OPPONENT: the operator's choice that PLAYER plays
// White in round 1 of the match against OPPONENT in one of the operator's tournaments, before that match
// starts (the running server applies it when it does). Returns the exit status: 0 (it says the choice
// on `out`), 1 when the database cannot be used, 2 when the choice cannot be made (the reason on `err`).
int choose_starter(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                   const std::string& name, const std::string& starter, const std::string& opponent,
                   UnixTime now);
// A tournament's table as plain aligned text: its name, format and state ("final" once every match is
// over), then a row a player who has a result or is still in (tournament::table): place, name, points,
// head to head, matches played, won-lost-drawn, rounds won and lost.
std::string standings_text(const TournamentRecord& t);
// --standings NAME: prints standings_text of the tournament (read only, beside a running server).
int print_standings(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                    const std::string& name);

}  // namespace gobblet::server
