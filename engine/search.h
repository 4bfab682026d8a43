// The game-tree search of the computer player: iterative deepening negamax alpha-beta with
// principal-variation search, a transposition table, move ordering (table move, immediate wins, blocks,
// killers, history), late-move reductions, null-move pruning (never when the opponent threatens a line,
// nor in exact searches), and a threat extension at the horizon so that no win in one and no block of a
// loss in one is missed.
//
// Contract of negamax(depth, alpha, beta): it returns the position's value for the side to move when
// that value lies strictly between alpha and beta; if the value is <= alpha it returns an upper bound
// <= alpha, and if it is >= beta a lower bound >= beta. Mate scores count plies from the root.
//
// Repetition: a position that occurred before (in the game or on the search path, since the last
// entering move, which cannot be undone) scores as a draw. Such a score depends on the path, so no
// result that rests on one is stored in the table as the value of the position.
//
// Time: the search reads no real clock. A thinking budget in seconds is wall time, so the caller hands
// it a TimeSource (SearchLimits::time, time_source.h) that it reads every 1024 nodes; without one time
// stands still and only depth, nodes and the stop flag end the search. A node limit
// (SearchLimits::nodes) is the machine-independent budget tests use; a fake TimeSource tests the time
// limits themselves.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "position.h"
#include "score.h"
#include "time_source.h"
#include "tt.h"

namespace gobblet {

// One line of a multi-PV search: a root move, its exact score at the iteration's depth, and the
// principal variation that starts with it (read back from the transposition table; always legal).
struct PvLine {
    std::vector<Move> moves;
    int score = 0;
};

// What a completed iteration found, for callers that follow several lines (analysis).
struct IterationReport {
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<PvLine> lines;  // best first; distinct first moves
};

struct SearchLimits {
    int depth = 99;      // deepest iteration
    double seconds = 0;  // time for the whole search (the hard limit: it aborts there); 0 means no limit
    // A clock's budget (timeman.h) adds two things, each 0 when unused. soft_seconds: no new iteration
    // starts after this much time. forced_seconds / forced_soft_seconds: once the last completed
    // iteration scores a forced win or loss that is not yet proven, these replace seconds and
    // soft_seconds, so the search may spend more (a DM reserve) confirming the win or finding the
    // longest defence.
    double soft_seconds = 0;
    double forced_seconds = 0, forced_soft_seconds = 0;
    // Where the seconds above are read (time_source.h); not owned, must outlive the run. Null: time
    // stands still, so they never end the search and SearchResult::seconds is 0.
    const TimeSource* time = nullptr;
    // Nodes for the whole search; 0 means no limit. Unlike time, a node limit gives the same result on any
    // machine: tests and fuzzing use it.
    std::uint64_t nodes = 0;
    int noise = 0;  // evaluation noise (weaker levels), see evaluate()
    // Full width to the nominal depth (no late-move reductions), so that a completed depth d proves
    // every forced result within d plies: the exact 3x3 player relies on it.
    bool exact = false;
    std::uint64_t seed = 0;
    // A touched piece (official rules) must be the piece moved: only moves from this square are
    // considered at the root. -1: every move.
    int only_from = -1;
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const ThinkInfo&)> on_info;
    // Multi-PV: 0 is the player's search (the best move only; a win in one at the root answers at once).
    // K >= 1: the K best root moves get exact scores and the result carries their lines. The root then
    // searches each move against the K-th best score so far instead of the best, so K = 1 searches
    // exactly the nodes the player's search does.
    int multi_pv = 0;
    // When not empty, only these root moves are searched (as UCI's searchmoves): move judgement scores
    // a played move this way. Each must be a legal move as generation names it (the lowest of stacks
    // with equal tops); moves not generated are ignored.
    std::vector<Move> only_moves;
    // Called after each completed iteration with its best multi_pv lines (on the calling thread), when
    // multi_pv >= 1.
    std::function<void(const IterationReport&)> on_lines;
};

struct SearchResult {
    Move best;
    int score = 0;
    int depth = 0;  // last completed iteration
    std::uint64_t nodes = 0;
    double seconds = 0;
    bool stopped = false;  // ended by the clock or the stop flag
    // The last completed iteration's best lines (multi_pv of them, or fewer legal moves), best first.
    std::vector<PvLine> lines;
};

class Search {
  public:
    explicit Search(int tt_bits = 20);

    // Forgets everything (table, killers, history): a new game, or a reproducible benchmark.
    void clear();
    // Searches `root`; `history` holds the keys of the game's earlier positions (oldest first, the root's
    // own key last or absent). The root must not be over.
    SearchResult run(const Position& root, const std::vector<std::uint64_t>& history,
                     const SearchLimits& limits);

    static constexpr int max_ply = 128;

  private:
    int negamax(int depth, int alpha, int beta, int ply, int extensions);
    bool repeated(int ply) const;
    void order(MoveList& moves, int scores[], Move tt_move, int ply);
    bool out_of_time();
    double elapsed() const;
    // The principal variation that starts with the root move `first`, followed through the table (and
    // finished by a win in one where the search saw one), at most max_length moves.
    std::vector<Move> principal_variation(const Position& root, Move first, int max_length) const;

    Position pos_;
    TranspositionTable tt_;
    SearchLimits limits_;
    std::int64_t start_ = 0;  // limits_.time at the start of the run, microseconds
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
    bool forced_ = false;    // the last completed iteration scored a forced result (see SearchLimits)
    bool last_dep_ = false;  // the value just returned rests on a repetition draw

    // Keys of the game history then the search path: path_[base_ + ply] is the key at that ply.
    std::array<std::uint64_t, 1024 + max_ply + 2> path_{};
    int base_ = 0;
    std::array<int, max_ply + 2> reversible_from_{};  // first path index a repetition may match

    Move killers_[max_ply + 2][2]{};
    std::array<std::array<int, 32 * 16>, 2> history_{};
};

}  // namespace gobblet
