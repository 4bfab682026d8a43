// The server room's command-line front ends, which main.cpp only calls: the ratings list
// (./main --ratings) and the store's benchmark (./main --bench-store).
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "server/store.h"

namespace gobblet::server {

// One variant's ratings as plain aligned text: a heading ("official rules, 4x4"), then a row a player,
// best first: place, name, rating, deviation, games, wins-losses-draws (rounded to whole points).
std::string ratings_table(Variant variant, const std::vector<RatingsRow>& rows);

// --ratings: the ratings of the database at `db` (read only, next to a running server), for every variant
// with rated games, or those of `rules` and/or `size` only; deviations as of `now`. Returns the exit
// status: 0, or 1 with the reason on `err` (a missing or unreadable database).
int print_ratings(std::ostream& out, std::ostream& err, const std::filesystem::path& db,
                  std::optional<Rules> rules, std::optional<int> size, UnixTime now);

// --bench-store: times the store on this machine: commits a second of append_fact (WAL with
// synchronous=NORMAL, and FULL for comparison), rated results, secret checks, reading back the games in
// progress, and the cost of one password hash at the standard cost. Works in a new temporary folder, or
// at `db` when given, to measure another disk (nothing may exist there, nor at DB.normal and DB.full:
// the benchmark removes what it made). Returns the exit status.
int run_store_bench(std::ostream& out, std::ostream& err, const std::filesystem::path& db = {});

}  // namespace gobblet::server
