// Judging moves: the coach's comment on a move just played, and the review of a whole game, move by
// move, with the better move beside the bad ones.
//
// A move is judged by two values from the mover's point of view, both from the same bounded search:
// `before`, the score of the best move in the position, and `after`, the score of the move played. On
// 3x3 both are the solved game's exact values. Each value is a forced win (>= mate_bound), a forced loss
// (<= -mate_bound) or otherwise "open": an evaluation in centipoints (on 3x3, an exact draw).
//
// The classes, first rule that applies:
//   blunder      a forced win turned into anything but a forced win (a draw, an open position, a loss),
//                or a position that was not lost turned into a forced loss, or an open position that
//                loses at least blunder_loss (350) centipoints
//   mistake      an open position that loses at least mistake_loss (150)
//   inaccuracy   an open position that loses at least inaccuracy_loss (60); or a forced win kept but
//                made at least slow_result_moves (2) of the winner's moves longer; or a forced loss made
//                that much shorter
//   good         everything else (the best move, an equal one, or one that loses a little)
// The margins follow the evaluation's scale: a threat to complete a line is worth about 40 and a
// double threat about 200, so a mistake gives away about a threat's worth and more, a blunder about two.
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

enum class MoveClass : std::uint8_t { Good, Inaccuracy, Mistake, Blunder };
// "good", "inaccuracy", "mistake", "blunder".
const char* class_name(MoveClass c);
// The mark for a move list, as chess annotates: "" for good, "?!" inaccuracy, "?" mistake, "??" blunder.
const char* class_mark(MoveClass c);

constexpr int inaccuracy_loss = 60;
constexpr int mistake_loss = 150;
constexpr int blunder_loss = 350;
constexpr int slow_result_moves = 2;

// The class of a move from the two values (mover's point of view), by the rules above.
MoveClass classify(int before, int after);

// Whether the coach should say something about the move: it threw away a forced win, or turned a
// position that was not lost into a forced loss, or (between open positions) lost at least mistake_loss
// and left the mover short of much_better_margin (analysis.h: a side still "much better" has lost
// little that matters). Never for a good move or an inaccuracy, never in a position already lost, never
// while a forced win is kept.
bool coach_should_speak(int before, int after);

struct Judgement {
    Move played;
    Move best;       // the best move found; the played move when it is as good
    int before = 0;  // the best move's score, mover's point of view
    int after = 0;   // the played move's score, same point of view (never above `before`)
    int depth = 0;   // the search depth both values come from (the solver's horizon on 3x3)
    bool solved = false;
    MoveClass verdict = MoveClass::Good;
    bool coach = false;  // coach_should_speak(before, after)
};

// How hard to look at each move: a depth in plies, or else seconds for the best move's search (the
// played move is then searched to the depth that one reached). Depth-limited judgements are
// reproducible: the same position, move and depth always give the same judgement.
struct JudgeLimits {
    int depth = 6;
    double seconds = 0;  // used when depth is 0
    // Where those seconds pass (time_source.h); not owned. Null: time stands still, so a judgement by
    // seconds alone would never end; give one whenever depth is 0.
    const TimeSource* time = nullptr;
};

class Judge {
  public:
    Judge();
    ~Judge();
    Judge(Judge&&) noexcept;
    Judge& operator=(Judge&&) noexcept;

    // Judges `played`, a legal move in the game's current position (which must not be over). When
    // *stop becomes true it returns at once with what it has.
    Judgement judge(const Game& game, Move played, const JudgeLimits& limits,
                    const std::atomic<bool>* stop = nullptr);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The judgement in a few words, as the review prints it and the coach can say it: for a good move
// "good (about even)" (the position after it), otherwise "blunder (better: W3D1; White wins in 2 -> about
// even)", the values as seen by `mover`, the side that played the move.
std::string judgement_note(const Judgement& j, Color mover);

// A game reviewed move by move.
struct MoveReview {
    int ply = 0;  // index in the game's moves, from 0
    Color mover = Color::White;
    Judgement judgement;
};
struct SideSummary {
    int moves = 0, good = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
};
struct Review {
    Variant variant;
    JudgeLimits limits;
    std::vector<MoveReview> moves;
    SideSummary white, black;
    Result result;                      // how the game stands after its last move
    Color side_to_move = Color::White;  // after its last move
    bool stopped = false;
};

// Judges every move of a game played from the start of its variant. progress(done, total), if given, is
// called after each move. Stopped early, the review holds the moves judged so far.
Review review_game(const Game& game, const JudgeLimits& limits, const std::atomic<bool>* stop = nullptr,
                   const std::function<void(int, int)>& progress = {});

// The review as text, one line a move then one line a side, for pasting elsewhere:
//
//     % review: official rules, 4x4, 19 moves, search depth 6 a move
//       1.    W1B2  good        (about even)
//       1...  K1C3  good        (about even)
//      12...  C2A2  blunder     (better: D1A2; Black wins in 2 -> White wins in 3)
//     White: 19 moves: 17 good, 1 inaccuracy, 1 mistake, 0 blunders
//     Black: 19 moves: 18 good, 0 inaccuracies, 0 mistakes, 1 blunder
//     % result: White wins: four in a row on column 3
//
// The move number is the full move, "12." for White's move and "12..." for Black's. A good move shows
// the position after it in words; any other the better move and the verdict before -> after, in words,
// both as seen by the side that moved (analysis.h's score_words).
std::string review_text(const Review& review);

}  // namespace gobblet
