// Gobblet Jr. (3x3) solved exactly: the computer player's perfect play on the small board.
//
// A position is won (or lost) in n plies when the side to move can force a line within n plies (or
// cannot stop the opponent's within n). The solver proves such facts with depth-bounded searches and
// caches only proven facts ("won within n", "not won within n", and the same for lost), never a draw:
// a draw is a position neither won nor lost within max_distance, the longest forced result of the game.
// Repetition needs no special case: the winner's shortest line makes the distance fall with every move,
// so it never repeats a position, and a side that cannot be forced to lose can always hold the draw.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "game.h"
#include "time_source.h"

namespace gobblet::solve3 {

enum class Value : std::uint8_t { Win, Draw, Loss };  // for the side to move

struct Verdict {
    Value value = Value::Draw;
    int plies = 0;  // plies to the end with best play: fastest win, slowest loss (0 for a draw)
    // False when a time limit cut the solver short: a win or loss found is real, but it may not be the
    // fastest (slowest), and a draw only means that nothing was found.
    bool complete = true;
};

// The longest forced win or loss of the 3x3 game (a census of every reachable position finds 23 and 24
// plies); anything not decided within it is a draw.
constexpr int max_distance = 24;

// The exact value of a 3x3 position that is not over, for the side to move. Thread-safe.
Verdict solve(const Position& pos);

// The best move in the game's current position, honouring its history (a third occurrence is a draw):
// the fastest win, else a move that keeps the draw, else the slowest loss; a touched piece is the one
// moved. nullopt when the game is over or the board is not 3x3. `seconds` > 0 caps the time (a clock's
// ceiling), read from `time` (time_source.h; null: time stands still, no cap): the best move found by then.
std::optional<Move> best_move(const Game& game, Verdict* verdict = nullptr, double seconds = 0,
                              const TimeSource* time = nullptr);

// The exact value of playing `m` (legal) in the game's position, for the side that plays it, honouring
// the game's history: Win in n means the mover wins n plies from now, this move included (n = 1: the
// move itself wins). Requires a 3x3 game that is not over.
Verdict move_verdict(const Game& game, Move m);

// The k best moves of the game's position with their exact values, best first (fastest win, then
// draws, then the slowest loss), each with a line of best play that starts with it (drawn lines are cut
// at max_line plies). Empty when the game is over or not 3x3. on_stop, if set, ends it early (empty).
struct SolvedLine {
    std::vector<Move> moves;
    Verdict verdict;
};
std::vector<SolvedLine> best_lines(const Game& game, int k, const std::atomic<bool>* stop = nullptr,
                                   int max_line = 8);

// The score a verdict stands for, from its side's point of view: mate_score - n for a win in n plies,
// -(mate_score - n) for a loss, 0 for a draw (the search's scale, see player.h).
int score_of(const Verdict& v);

}  // namespace gobblet::solve3
