// The curses game: what `./main` opens in a terminal.
#pragma once

#include <iosfwd>
#include <string>

#include "engine/player.h"
#include "saves/savefile.h"

namespace gobblet::ui {

struct Options {
    saves::VariantChoice choice;  // rules and size given on the command line (else defaults/the file's)
    bool resume = false;          // --resume: continue the autosaved game
    std::string load_path;        // --load FILE
    bool white_computer = false;  // --white computer
    bool black_computer = false;  // --black computer
    PlayerSettings player;        // --level, --think, --seed
    bool no_color = false;        // --no-color (NO_COLOR is read by the UI itself)
};

// Runs the game until the player quits; returns the exit status. Without a usable terminal it prints
// why (pointing to --replay and --gtp) and returns non-zero.
int run(const Options& options);

// `./main --bench-paste`: times applying and drawing a 1,000-move pasted transcript (off-screen).
int bench_paste(std::ostream& out);

}  // namespace gobblet::ui
