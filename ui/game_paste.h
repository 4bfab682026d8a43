// What a paste on the game's board comes to, read without curses (the game screen acts on it,
// GameScreen::on_paste): a move onto the prompt, a continuation of the game, or a whole game or match that
// may replace the one on the board (the screen asks first). Refused whole, with the reason, when it does
// not read; nothing changes then.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.h"
#include "input.h"
#include "saves/record.h"

namespace gobblet::ui {

struct PasteReading {
    enum class Kind { Refused, Prompt, Continue, Whole } kind = Kind::Refused;
    // Refused: why, for the message line. Continue: what was pasted ("pasted 3 moves").
    std::string text;
    // What the prompt holds after the paste, when the paste changes it: a burst that began at the prompt
    // takes what was typed with it; a single move goes onto the prompt to be checked (Kind::Prompt).
    std::optional<std::string> prompt;
    std::vector<Move> moves;                // Continue: the moves that follow the game's
    std::shared_ptr<saves::Record> record;  // Whole: the game or match read
    std::string what;                       // Whole: "a match (round 2)", "a whole game of 12 moves"
};

// Reads a paste `e` over `match` (`networked`: a network game takes single moves only; `prompt`: what
// the prompt holds now).
PasteReading read_paste(const InputEvent& e, const Match& match, bool networked, const std::string& prompt);

}  // namespace gobblet::ui
