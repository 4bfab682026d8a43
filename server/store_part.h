// What the store's parts (accounts_store.h, ratings_store.h, games_store.h, tournaments_store.h) share:
// the ids and times they speak in, the line limit of what they keep, and the checks of their callers'
// preconditions. The conventions of all of them (durability, errors, time, threads) are written once, at
// the top of store.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gobblet::server {

using UnixTime = std::int64_t;  // seconds since 1970
using AccountId = std::int64_t;
using GameId = std::int64_t;
using TournamentId = std::int64_t;
using PairingId = std::int64_t;

// A fact and a clock reading are one line each, of at most this many bytes, without control characters.
constexpr std::size_t max_fact_bytes = 1024;

namespace store_part {

// A line the store keeps for the server: at most max_fact_bytes, no control character.
bool one_line(std::string_view s);

// The server broke a precondition of the store's API (its own bug, never a player's): throws
// std::invalid_argument saying which.
[[noreturn]] void bad(const std::string& what);

// Two pieces of a statement's text, joined (a shared column list and the rest).
inline std::string sql(std::string_view a, std::string_view b) { return std::string(a) + std::string(b); }

}  // namespace store_part

}  // namespace gobblet::server
