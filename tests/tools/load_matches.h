// lobby-load's matches mode (tests/tools/load_matches.cpp) and what lobby-load's modes share.
#pragma once

#include <cstdint>

#include "net/socket.h"

namespace gobblet::load {

// The server's resident memory in KiB (/proc/PID/status), -1 when unknown.
long rss_kib(int pid);
// The process's CPU time so far (user and system) in seconds, -1 when unknown.
double cpu_seconds(int pid);

// Whether the players keep their lobby connections while they play (docs/server.md, "The server under
// load"): Keep, as this program's clients do; Close once every match has started (3 descriptors a match
// instead of 5); Auto keeps them when the descriptor limit allows.
enum class Lobbies : std::uint8_t { Keep, Close, Auto };

struct MatchesOptions {
    int matches = 1;
    std::int64_t interval_us = 3'000'000;  // each match's time between moves
    double seconds = 10;                   // the paced run's length
    int pid = 0;                           // the server's process, for its memory and CPU
    double settle = 6;  // seconds waited before reading its memory (it returns a burst's room within 5)
    Lobbies lobbies = Lobbies::Auto;
};

// Sets up the matches with their spectators, plays them at the pace for the run, checks that every
// match's moves reached its three connections in order, and prints the figures (the last line:
// `server: N concurrent matches, ...`). 0, or exits with 1 and the reason.
int run_matches(const net::Endpoint& where, const MatchesOptions& options);

}  // namespace gobblet::load
