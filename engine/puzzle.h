// Puzzles: positions where the side to move forces a win in 1, 2 or 3 of its own moves (1, 3 or 5
// plies), proven by an exhaustive search; their text format; and their generation from self-play.
//
// The proof is a plain AND/OR search, separate from the player's search so that it can check it:
// every move of the defender is tried (full width: no reductions, no pruning, no table), the attacker
// needs one move that works, and every position is judged as Game judges it: a line (the opponent's
// first, docs/rules.md), no legal move, then the third occurrence of a position, which draws. A defence that
// repeats a position for the third time therefore refutes the attack; the game's own history counts.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"

namespace gobblet {

constexpr int max_puzzle_moves = 3;

// Can the side to move force a win within `moves` of its own moves (2 * moves - 1 plies), whatever the
// defence? False when the game is over.
bool wins_within(const Game& game, int moves);
// After the side to move plays `m` (legal), does it still force a win within `moves` of its own moves,
// `m` included? What a puzzle screen asks of each move the player tries: any move that keeps a forced
// win within the moves left is accepted.
bool move_wins_within(const Game& game, Move m, int moves);
// The side to move's shortest forced win in its own moves, if there is one within max_moves.
std::optional<int> forced_win_length(const Game& game, int max_moves);
// Every move that wins within `moves`, in generation order.
std::vector<Move> winning_moves(const Game& game, int moves);
// The defender's most stubborn reply when the opponent (to move next) can force a win within `moves`:
// the one after which that win takes longest, the first such in generation order. A puzzle screen
// answers the player's moves with it. None when the game is over.
Move longest_defence(const Game& game, int moves);

// A puzzle: a game from the start (any legal transcript), and the side to move wins in `length` moves.
struct Puzzle {
    int id = 0;                     // its number in its set, from 1
    int length = 0;                 // the winner's moves to the win, 1 to max_puzzle_moves
    std::vector<Move> moves;        // the game so far, from the start of the set's variant
    std::vector<Move> first_moves;  // every first move that wins within `length`, in generation order
    std::vector<Move> solution;     // a main line: a winning first move, the longest defence, ... the win
    bool unique() const { return first_moves.size() == 1; }
};

// A named set of puzzles of one variant. "official-4x4", "rogers-4x4", "3x3" (3x3 plays the same under
// both rule sets).
struct PuzzleSet {
    std::string name;
    Variant variant;
    std::vector<Puzzle> puzzles;
};

// The game at the puzzle's position (the side to move is the one to win).
Game puzzle_game(const PuzzleSet& set, const Puzzle& p);

// The text form of a set, for the files under saves/puzzles:
//
//     % gobblet puzzles: official-4x4
//     % rules: official
//     % size: 4
//     % (a few comment lines on the format)
//
//     puzzle: 1
//     to move: White
//     win in: 2
//     first moves: W3D1
//     moves: W1B3 K1A2 W1B4 K1B1 W2D2 K2C1 B4D4 K3C3 W1C2 K1D3
//     solution: W3D1 K1A1 W1A4
//
// Lines starting with '%' or '#' are comments, blank lines separate puzzles. "first moves" lists every
// winning first move (one: the solution is unique), "solution" is a main line ending in the win.
std::string puzzle_set_text(const PuzzleSet& set);

// Reads a set: the set, or, on error, no set but the line, the text and the reason (a bad move names the
// move as TextError does). Parsing checks form and legality, not the proof: verify_puzzle does that.
Expected<PuzzleSet, TextError> parse_puzzle_set(std::string_view text);

// Proves a puzzle: the game is not over, the side to move has no win within length - 1 moves, the first
// moves are exactly the moves that win within `length`, and the solution is legal, starts with one of
// them and ends in the win within `length` moves. Ok, or what is wrong.
Expected<void> verify_puzzle(const PuzzleSet& set, const Puzzle& p);

// Generating a set from computer self-play: games between the player's easy and medium levels (which
// make mistakes), after a random first move, with a fixed seed: the same recipe makes the same set.
// Every position is put to the prover. A run of positions where the same side keeps a forced win (one
// combination, played on) gives at most one puzzle, of the length most wanted so far; its first move is
// unique, except for at most a fifth of each length, which may have two. A position is taken once.
struct PuzzleRecipe {
    std::string name;
    Variant variant;
    int wanted[max_puzzle_moves] = {0, 0, 0};  // puzzles wanted of each length 1, 2, 3
    std::uint64_t seed = 1;
    int max_games = 100000;
};
// progress(found, wanted_total, games) after each game; stop ends it early with what it has.
PuzzleSet make_puzzles(const PuzzleRecipe& recipe, const std::atomic<bool>* stop = nullptr,
                       const std::function<void(int, int, int)>& progress = {});

}  // namespace gobblet
