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
// Threads (Lazy SMP, as Stockfish): with set_threads(n) the calling thread searches as it would alone
// while up to n - 1 helper threads search the same root at staggered depths; they share only the table
// (lock-free, tt.h), so each finds much of the others' work there. The caller's result is the answer.
// With a CoreMeter (SearchLimits::cores, cores.h) the calling thread runs only as many helpers as the
// machine has free cores, asking again every few thousand nodes: it starts helpers as cores come free
// and stops them as other programs take them. A helper is cheap to abandon: the caller tells it to stop
// and never waits for it (the next run leaves a helper that is still stopping out, and uses it again
// once it has stopped), so a helper the machine does not schedule can never make the caller late.
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
#include <memory>
#include <thread>
#include <vector>

#include "cores.h"
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
    // Contempt for draws, in centipoints: a repetition scores -contempt for the side to move at the root
    // (and +contempt for its opponent), so the search plays on in any line it scores above -contempt
    // rather than repeat. 0: a draw is worth 0 to both (analysis, the exact 3x3 search).
    int contempt = 0;
    // Full width to the nominal depth (no late-move reductions), so that a completed depth d proves
    // every forced result within d plies: the exact 3x3 player relies on it.
    bool exact = false;
    std::uint64_t seed = 0;
    // A touched piece (official rules) must be the piece moved: only moves from this square are
    // considered at the root. -1: every move.
    int only_from = -1;
    const std::atomic<bool>* stop = nullptr;
    // How many cores are free (cores.h); not owned, must outlive the run, read by the calling thread only.
    // Null: the search runs all its threads (set_threads), as for an explicit --threads.
    const CoreMeter* cores = nullptr;
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
    int threads = 1;       // the most threads that searched at once, the calling thread's included
    // The last completed iteration's best lines (multi_pv of them, or fewer legal moves), best first.
    std::vector<PvLine> lines;
};

class Search {
  public:
    // A table of 2^tt_bits entries, shared by `threads` threads (see set_threads).
    explicit Search(int tt_bits = 20, int threads = 1);
    ~Search();
    Search(const Search&) = delete;
    Search& operator=(const Search&) = delete;

    // Lazy SMP: the calling thread searches as with one thread, while up to threads - 1 helper threads
    // search the same root at staggered depths, sharing the table, so the caller finds more of the tree
    // already searched. The result is the calling thread's. One thread (the default) is deterministic:
    // the same search always gives the same result, which tests, --seed and the bench rely on. From 1 to
    // max_threads. Fewer threads wait for the helpers let go to stop (as long as they take to notice:
    // a few nodes once the machine runs them); more start at once.
    void set_threads(int threads);
    int threads() const { return int(workers_.size()); }
    static constexpr int max_threads = max_search_threads;

    // Forgets everything (table, killers, history): a new game, or a reproducible benchmark. Never waits
    // for a helper still stopping: it forgets its killers and history before it searches again.
    void clear();
    // Searches `root`; `history` holds the keys of the game's earlier positions (oldest first, the root's
    // own key last or absent). The root must not be over. The time limits count from the call. With
    // several threads it returns as soon as the calling thread has decided, and never waits for a helper:
    // one still stopping from the last run sits this run out until it has stopped (see the top).
    SearchResult run(const Position& root, const std::vector<std::uint64_t>& history,
                     const SearchLimits& limits);

    // For tests: called on a helper's thread each time it takes work, before it searches (a test stalls a
    // helper here, as a machine that does not schedule it would). Set while no helper searches.
    void set_helper_hook(std::function<void(int helper)> hook) { helper_hook_ = std::move(hook); }

    static constexpr int max_ply = 128;

  private:
    struct Worker;
    // One iteration at the root: each move in `root_moves` searched to `depth` (see run), the best
    // lines_wanted kept in `top`. False when the iteration was cut off.
    bool search_root(Worker& w, int depth, std::vector<std::pair<int, Move>>& root_moves,
                     std::vector<std::pair<int, Move>>& top, int lines_wanted);
    bool out_of_time();
    // Every 1024 nodes of the calling thread: whether the search must stop; every few thousand nodes it
    // also matches the helpers to the free cores (adjust_helpers).
    bool poll();
    // Starts idle helpers or stops running ones until as many search as the limits and the free cores
    // allow; never waits for one.
    void adjust_helpers();
    void start_helper(Worker& w);
    void stop_helpers();
    double elapsed() const;
    std::uint64_t total_nodes() const;
    // The principal variation that starts with the root move `first`, followed through the table (and
    // finished by a win in one where the search saw one), at most max_length moves.
    std::vector<Move> principal_variation(const Position& root, Move first, int max_length) const;
    // A helper thread: waits for work (Worker::posted), searches until its stop flag, and waits again.
    void helper_main(Worker& w);
    // Stops and joins the helpers from index `from` on, and forgets them.
    void remove_helpers(std::size_t from);

    TranspositionTable tt_;
    SearchLimits limits_;     // the calling thread's only: helpers read their own copy (Worker::job)
    std::int64_t start_ = 0;  // limits_.time at the start of the run, microseconds
    bool forced_ = false;     // the last completed iteration scored a forced result (see SearchLimits)
    std::vector<std::unique_ptr<Worker>> workers_;  // [0] searches on the calling thread, the rest helpers
    std::vector<std::thread> threads_;              // threads_[i] runs workers_[i + 1]
    // The run under way, for helpers that join it late: its number, root, the game's keys, and the
    // calling thread's current order of the root moves.
    std::uint64_t generation_ = 0;
    Position root_;
    std::vector<std::uint64_t> history_;
    const std::vector<std::pair<int, Move>>* root_order_ = nullptr;
    std::uint64_t polls_ = 0;
    std::uint64_t retired_nodes_ = 0;  // of this run's helpers that stopped and were started again
    int most_threads_ = 1;             // SearchResult::threads
    std::function<void(int)> helper_hook_;
};

}  // namespace gobblet
