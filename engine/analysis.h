// Analysis: the best K lines of a position with their scores, as the search deepens, for the analysis
// panel and the engine protocol's `analyze`. The same search as the computer player (engine/search), at
// full strength; on 3x3 the exact values of the solved game instead.
//
// Scores are in centipoints from the side to move's point of view, as everywhere in the engine: beyond
// +-mate_bound they are forced results, mate_score - n meaning that the side to move wins in n plies.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "game.h"
#include "player.h"  // the score scale: mate_score, mate_bound
#include "time_source.h"

namespace gobblet {

struct AnalysisLimits {
    int lines = 1;       // how many best lines, 1 to max_lines (clamped)
    int depth = 0;       // deepest iteration; 0 for no depth limit
    double seconds = 0;  // time for the whole analysis; 0 for none (then it runs until depth or stop)
    // Where seconds pass (time_source.h): the limit above and the results' seconds read it. Not owned;
    // null: time stands still (no time limit, 0 seconds reported).
    const TimeSource* time = nullptr;
    int threads = 1;                   // the search's threads (PlayerSettings::threads)
    const CoreMeter* cores = nullptr;  // how many of them to run (PlayerSettings::cores)
    static constexpr int max_lines = 5;
};

// One line: the moves from the analysed position (the first move is the line's own; every line starts
// with a different one) and its score from the side to move's point of view.
struct AnalysisLine {
    std::vector<Move> moves;
    int score = 0;
};

struct AnalysisResult {
    Color side_to_move = Color::White;  // who plays the first move of every line
    int depth = 0;                      // completed depth of the lines (plies); on 3x3 the solver's horizon
    bool solved = false;                // exact values of the solved 3x3 game: a score of 0 is a draw
    std::uint64_t nodes = 0;
    double seconds = 0;
    bool stopped = false;             // ended by the stop flag or the time limit
    std::vector<AnalysisLine> lines;  // best first; fewer than asked when fewer moves are legal
};

// Runs analyses. Keeps its search's table between runs, so following a game move by move is quick;
// clear() forgets it (for reproducible depth-limited results). Not thread-safe: one run at a time, on
// any thread; the UI runs it on a worker thread and stops it with the flag.
class Analyzer {
  public:
    Analyzer();
    ~Analyzer();
    Analyzer(Analyzer&&) noexcept;
    Analyzer& operator=(Analyzer&&) noexcept;

    void clear();
    // Analyses the game's current position, honouring its history (a third occurrence is a draw) and a
    // touched piece (official rules: every line then starts with a move of that piece).
    // on_update, if given, is called on the calling thread after every completed depth with the lines so
    // far; the return value is the last completed depth's (or, stopped before depth 1, no lines). A game
    // that is over has no lines. With neither depth nor time limit it runs until *stop becomes true.
    AnalysisResult run(const Game& game, const AnalysisLimits& limits,
                       const std::atomic<bool>* stop = nullptr,
                       const std::function<void(const AnalysisResult&)>& on_update = {});

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// How a score reads in words, from `side`'s point of view (the score is `side`'s), for the analysis
// panel, the coach and the protocol:
//   forced results:     "White wins in 3" (3 of the winner's own moves, the winning one included),
//                       "Black wins in 1"
//   exact (solved) 0:   "draw with best play"
//   otherwise, by the size of the evaluation |s| in centipoints, naming the side ahead:
//     |s| <  even_margin (50):          "about even"
//     |s| <  better_margin (150):       "White is slightly better"
//     |s| <  much_better_margin (400):  "White is better"
//     beyond:                            "White is much better"
// A threat to complete a line is worth about 40 and a double threat about 200, so "better" means a
// lasting edge and "much better" usually a winning attack the search cannot yet prove.
constexpr int even_margin = 50;
constexpr int better_margin = 150;
constexpr int much_better_margin = 400;
std::string score_words(int score, Color side, bool solved = false);

// The score as a number, from the side to move's point of view: "cp +45" (centipoints), "mate +3" (the
// side to move wins with its 3rd move from now), "mate -2" (the opponent wins with its 2nd), and for a
// solved draw "draw".
std::string score_number(int score, bool solved = false);

// Moves of a line in canonical notation, space-separated; the first is played by `first_mover`.
std::string line_text(const std::vector<Move>& moves, Color first_mover);

// Winner's moves to a forced result of `score` (mate_score - plies): (plies + 1) / 2; 0 if not forced.
int moves_to_result(int score);

}  // namespace gobblet
