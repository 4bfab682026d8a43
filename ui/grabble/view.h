// Grabble's table on the terminal: the only code of the Grabble screen that knows screen coordinates.
// It draws a GrabbleFrame (what the screen decided to show: the game now, or a moment of the review) for
// the terminal's size:
//
//   title: Grabble, the bag, the settings in force                       (line 0)
//   the pool, in the order its tiles came (the newest marked)            (2 lines)
//   each player: number, name, score, words (a blank as the lower-case letter it stands for)
//   clues, when they show
//   status: whose reveal it is and when the next tile comes, the last minute, the result, PAUSED
//   the story: the last three things that happened (a person's refusal in the error colour)
//   the prompt: the word being typed
//   footer: the keys that work now, from the key table (two lines)
//
// 80x24 is the smallest screen it draws on; a smaller one says so (and the game's time stands).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/grabble/game.h"
#include "ui/grabble/play.h"
#include "ui/state.h"

namespace gobblet::ui {

inline constexpr int grabble_min_cols = 80, grabble_min_lines = 24;

struct GrabblePlayerRow {
    std::string name;  // "Ada (easy)"
    int number = 0;    // from 1
    int score = 0;
    std::vector<std::string> words;  // as shown
    bool to_reveal = false;          // their turn to reveal
    bool passed = false;
    bool winner = false;  // the game is over and they won (or share the win)
};

struct GrabbleFrame {
    std::string title;
    std::vector<char> pool;  // faces: 'A'-'Z', '?' a blank
    int pool_new = -1;       // the newest tile's place in `pool` (marked), -1 none
    bool hidden = false;     // the game stands under a list: its tiles and words are not shown
    std::vector<GrabblePlayerRow> players;
    std::vector<std::string> clues;  // shown when `show_clues`
    bool show_clues = false;
    std::string status;
    bool status_strong = false;    // PAUSED, the last minute, the result: in bold
    std::vector<StoryLine> story;  // the last lines, oldest first
    std::string prompt_line;
    int prompt_cursor = -1;  // its column, -1 for none
    std::vector<std::string> footer;
    const Overlay* overlay = nullptr;
};

// A player's line of words fitted to `width` columns: as many whole words as fit, then "+N more".
std::vector<std::string> word_lines(const std::vector<std::string>& words, int width, int lines);

void draw_grabble(const GrabbleFrame& f);
// Whether the terminal is large enough for the table.
bool grabble_fits();

}  // namespace gobblet::ui
