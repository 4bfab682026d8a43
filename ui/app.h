// The curses game: what `./main` opens in a terminal.
#pragma once

#include <array>
#include <iosfwd>
#include <string>

#include "engine/absence.h"
#include "engine/match.h"
#include "engine/player.h"
#include "engine/time_source.h"
#include "net/socket.h"
#include "saves/savefile.h"

namespace gobblet::ui {

struct Options {
    std::string program = "gobblet";  // the name the program was run as, for messages ("./main")
    saves::VariantChoice choice;      // rules and size given on the command line (else defaults/the file's)
    bool resume = false;              // --resume: continue the autosaved game
    std::string load_path;            // --load FILE
    std::array<SeatSpec, 2> seats;    // --white, --black: who plays for each player (player 0 starts)
    MatchSettings match;              // --first-to, the clock flags, --dm (variant: --rules, --size)
    bool match_given = false;         // a match setting came from the command line (it wins over a save's)
    bool seats_given = false;         // --white or --black came from the command line
    PlayerSettings player;            // --level, --think, --seed
    bool no_color = false;            // --no-color (NO_COLOR is read by the UI itself)
    std::string speed = "normal";     // --speed: the pace of a computer playing itself
    bool coach = false;               // --coach: comments on a human's bad moves against the computer
    // --level, --think and --speed came from the command line: they win over the settings file
    // (saves/settings.h) for this run. (--coach and --no-color win when given.)
    bool level_given = false, think_given = false, speed_given = false;
    std::optional<net::Endpoint> host_at;      // --host [ADDR:]PORT
    std::optional<net::Endpoint> join_to;      // --join HOST:PORT
    SeatSpec join_seat;                        // --join with --white/--black: the joiner's name and seat
    std::string code;                          // --code, normalized
    Millis grace = default_grace;              // --grace: the host's grace for a joiner who vanished
    Millis choice_time = starter_choice_time;  // --starter-choice: the host's limit on the choice of starter
    bool allow_help = false;                   // --allow-help: the host's terms let the engine help both
    bool puzzles = false;                      // --puzzles: the puzzles only (leaving them quits)
    std::string puzzle_set;                    // --puzzles SET: the shipped set's name (else the game's)
    bool tutorial = false;                     // --tutorial: the tutorial first, seen before or not
    // The command line asked for a game: players, a match or a clock, rules or size, a file, --resume,
    // a network game. The first start then opens it, not the tutorial, and says T opens that.
    bool game_asked = false;
    // A game screen opened from the lobby (a server's match, a game watched, a finished game reviewed): q
    // goes back to the lobby, and nothing is autosaved (the server keeps its games; --resume keeps the
    // player's own).
    bool served = false;
};

// `--lobby`: a server's lobby (ui/lobby_screen.h), with `options` for the game screens it opens. Returns
// the exit status (2 when the client cannot start: a bad name or address).
struct LobbyOptions;
int run_lobby(const Options& options, const LobbyOptions& lobby);

// Runs the game until the player quits; returns the exit status. Without a usable terminal it prints
// why (pointing to --replay and --gtp) and returns non-zero.
int run(const Options& options);

// `./main --bench-paste`: times applying and drawing a 1,000-move pasted transcript (off-screen), on
// `time` (main.cpp passes the program's one monotonic clock).
int bench_paste(std::ostream& out, const TimeSource& time);

}  // namespace gobblet::ui
