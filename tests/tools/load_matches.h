// lobby-load's matches mode (tests/tools/load_matches.cpp) and what lobby-load's modes share.
#pragma once

#include <cstdint>

#include "net/socket.h"

namespace gobblet::load {

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
    // Matches whose players and spectator come from one loopback address (127.16.x.y, each match's
    // own address after every `per_address` matches), as real players come from many addresses: the
    // server's limits per address stay on, and the load waits at them as a client would be told to.
    int per_address = 4;
    int first_to = 9;  // the matches' terms (first to 9: a match outlasts a run)
    // When a match ends its players go back to the lobby: one posts an open seek and withdraws it, then
    // offers a rematch, which the other accepts, and the three game connections join the new match.
    bool rematch = false;
};

// Sets up the matches with their spectators, plays them at the pace for the run, checks that every
// match's moves reached its three connections in order, and prints the figures (the last line:
// `server: N concurrent matches, ...`). 0, or exits with 1 and the reason.
int run_matches(const net::Endpoint& where, const MatchesOptions& options);

}  // namespace gobblet::load
