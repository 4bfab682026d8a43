#include "search.h"

#include <algorithm>

#include "eval.h"
#include "movegen.h"

namespace gobblet {

namespace {

constexpr int infinite = mate_score + 1;
constexpr int max_extensions = 8;

// Mate scores are stored relative to the node, so that a table hit at another ply stays exact.
int to_tt(int score, int ply) {
    if (score >= mate_bound) return score + ply;
    if (score <= -mate_bound) return score - ply;
    return score;
}
int from_tt(int score, int ply) {
    if (score >= mate_bound) return score - ply;
    if (score <= -mate_bound) return score + ply;
    return score;
}

int history_index(Move m) { return (m.raw() & 0x1F) * 16 + m.to(); }

}  // namespace

// What each thread searches with: its own position, path, killers and history; the table is shared.
struct Search::Worker {
    Worker(Search& s, int i) : owner(s), id(i) {}

    int negamax(int depth, int alpha, int beta, int ply, int extensions);
    bool repeated(int ply) const;
    // A repetition's score for the side to move at `ply`: -contempt for the side to move at the root,
    // +contempt for its opponent (SearchLimits::contempt).
    int draw_score(int ply) const { return (ply & 1) ? job.contempt : -job.contempt; }
    void order(MoveList& moves, int scores[], Move tt_move, int ply);
    void clear() {
        for (auto& k : killers) k[0] = k[1] = Move{};
        for (auto& side : history) side.fill(0);
    }
    // The root and the game's history before it (see run).
    void set_root(const Position& root, const std::vector<std::uint64_t>& keys) {
        pos = root;
        std::copy(keys.begin(), keys.end(), path.begin());
        base = int(keys.size()) - 1;
        reversible_from[0] = 0;
        nodes.store(0, std::memory_order_relaxed);
        aborted = false;
    }
    // A helper's work: iterative deepening on the root moves, skipping depths by its index, until stop.
    void help();

    Search& owner;
    const int id;  // 0: the calling thread
    // What the run asks of every thread, copied from its limits: a helper reads only its own copy, since
    // the caller's limits may be gone, and the next run's set, before a helper notices its stop.
    struct Job {
        int depth = 99, noise = 0, contempt = 0;
        bool exact = false;
        std::uint64_t seed = 0;
    } job;
    Position pos;
    std::atomic<std::uint64_t> nodes{0};  // written by this worker only; the calling thread sums them
    std::atomic<bool> stop{false};        // set by the calling thread: stop at the next node
    bool aborted = false;

    // A helper's hand-over, without locks (a lock a stalled helper held would stall the caller): the
    // calling thread fills job, pos, path and root_moves only while busy is false, then sets busy and
    // counts posted up; the helper waits for posted to change, searches, and clears busy.
    std::atomic<std::uint32_t> posted{0};
    std::atomic<bool> busy{false};
    std::atomic<bool> quit{false};
    std::atomic<bool> clear_pending{false};  // Search::clear came while it was away: clear before searching
    std::uint64_t run = 0;                   // the run it was last given (the calling thread's to read)
    std::vector<std::pair<int, Move>> root_moves, top;  // a helper's, reserved so that it never allocates
    bool last_dep = false;                              // the value just returned rests on a repetition draw

    // Keys of the game history then the search path: path[base + ply] is the key at that ply.
    std::array<std::uint64_t, 1024 + max_ply + 2> path{};
    int base = 0;
    std::array<int, max_ply + 2> reversible_from{};  // first path index a repetition may match

    Move killers[max_ply + 2][2]{};
    std::array<std::array<int, 32 * 16>, 2> history{};
};

Search::Search(int tt_bits, int threads) : tt_(tt_bits) {
    workers_.push_back(std::make_unique<Worker>(*this, 0));
    history_.reserve(1025);
    set_threads(threads);
}

Search::~Search() { remove_helpers(1); }

void Search::remove_helpers(std::size_t from) {
    for (std::size_t i = from; i < workers_.size(); ++i) {
        Worker& w = *workers_[i];
        w.quit.store(true);
        w.stop.store(true);
        w.posted.fetch_add(1, std::memory_order_release);
        w.posted.notify_one();
    }
    for (std::size_t i = from; i < workers_.size(); ++i) threads_[i - 1].join();
    threads_.resize(from - 1);
    workers_.resize(from);
}

void Search::set_threads(int threads) {
    threads = std::clamp(threads, 1, max_threads);
    if (threads < this->threads()) remove_helpers(std::size_t(threads));
    while (this->threads() < threads) {
        workers_.push_back(std::make_unique<Worker>(*this, this->threads()));
        Worker& w = *workers_.back();
        w.root_moves.reserve(MoveList::capacity);
        w.top.reserve(MoveList::capacity);
        threads_.emplace_back([this, &w] { helper_main(w); });
    }
}

void Search::helper_main(Worker& w) {
    std::uint32_t seen = 0;  // a new helper waits for its first work, whatever runs came before
    for (;;) {
        w.posted.wait(seen, std::memory_order_acquire);
        seen = w.posted.load(std::memory_order_acquire);
        if (w.quit.load()) return;
        if (w.clear_pending.exchange(false)) w.clear();
        if (helper_hook_) helper_hook_(w.id);
        w.help();
        w.busy.store(false, std::memory_order_release);
    }
}

void Search::start_helper(Worker& w) {
    if (w.run == generation_) retired_nodes_ += w.nodes.load(std::memory_order_relaxed);  // again this run
    w.job = workers_[0]->job;
    w.set_root(root_, history_);
    w.root_moves = *root_order_;
    w.stop.store(false, std::memory_order_relaxed);
    w.run = generation_;
    w.busy.store(true, std::memory_order_relaxed);
    w.posted.fetch_add(1, std::memory_order_release);
    w.posted.notify_one();
}

void Search::stop_helpers() {
    for (std::size_t i = 1; i < workers_.size(); ++i)
        workers_[i]->stop.store(true, std::memory_order_relaxed);
}

void Search::adjust_helpers() {
    const int helpers = threads() - 1;
    if (helpers == 0) return;
    int wanted = helpers;
    if (limits_.cores) {
        int ours = 1;  // the calling thread, and every helper still searching (or still stopping)
        for (std::size_t i = 1; i < workers_.size(); ++i)
            ours += workers_[i]->busy.load(std::memory_order_acquire);
        wanted = std::clamp(limits_.cores->free_cores(ours) - 1, 0, helpers);
    }
    // The lowest-numbered helpers search (helper i's depths are spread by i): the running ones beyond
    // `wanted` stop, highest first, and idle ones start in order. A helper still stopping, from this run
    // or the last, is left out until it has stopped: the calling thread never waits for one.
    int running = 0;
    for (std::size_t i = 1; i < workers_.size(); ++i) {
        Worker& w = *workers_[i];
        if (w.run != generation_ || w.stop.load(std::memory_order_relaxed)) continue;
        if (running < wanted)
            ++running;
        else
            w.stop.store(true, std::memory_order_relaxed);
    }
    for (std::size_t i = 1; i < workers_.size() && running < wanted; ++i) {
        Worker& w = *workers_[i];
        if (w.run == generation_ && !w.stop.load(std::memory_order_relaxed)) continue;
        if (w.busy.load(std::memory_order_acquire)) continue;
        start_helper(w);
        ++running;
    }
    most_threads_ = std::max(most_threads_, 1 + running);
}

void Search::clear() {
    tt_.clear();
    workers_[0]->clear();
    for (std::size_t i = 1; i < workers_.size(); ++i) workers_[i]->clear_pending.store(true);
}

double Search::elapsed() const { return seconds_between(start_, micros_of(limits_.time)); }

std::uint64_t Search::total_nodes() const {
    std::uint64_t n = retired_nodes_;
    for (const auto& w : workers_)
        if (w->id == 0 || w->run == generation_) n += w->nodes.load(std::memory_order_relaxed);
    return n;
}

bool Search::poll() {
    if ((++polls_ & 7) == 0) adjust_helpers();
    return out_of_time();
}

// Read by the calling thread only: the helpers never look at the caller's stop flag, clock or limits,
// which need not outlive the run.
bool Search::out_of_time() {
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return true;
    if (limits_.nodes > 0 && total_nodes() >= limits_.nodes) return true;
    const double limit = forced_ && limits_.forced_seconds > 0 ? limits_.forced_seconds : limits_.seconds;
    return limit > 0 && elapsed() >= limit;
}

bool Search::Worker::repeated(int ply) const {
    const int at = base + ply;
    const std::uint64_t key = path[at];
    // Same side to move only: step back two plies at a time.
    for (int i = at - 2; i >= reversible_from[ply]; i -= 2)
        if (path[i] == key) return true;
    return false;
}

void Search::Worker::order(MoveList& moves, int scores[], Move tt_move, int ply) {
    const Color us = pos.side_to_move();
    const Threats theirs_threats = threats(pos, ~us);
    const Bitboard their_holes = theirs_threats.squares;
    const Bitboard their_lines = theirs_threats.lines;
    const Bitboard theirs = pos.visible(~us);
    const auto& hist = history[index(us)];
    for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        int s;
        if (m == tt_move) {
            s = 1 << 30;
        } else {
            s = hist[history_index(m)];
            const Bitboard to = bit(m.to());
            if (to & their_holes)
                s += 1 << 26;  // blocks a threat
            else if (to & their_lines & theirs)
                s += 1 << 25;               // gobbles a piece of a threat line
            if (to & theirs) s += 1 << 22;  // gobbles
            if (m == killers[ply][0])
                s += 1 << 24;
            else if (m == killers[ply][1])
                s += 1 << 23;
            if (!m.is_enter() && (bit(m.from()) & their_lines)) s -= 1 << 21;  // may uncover their line
        }
        scores[i] = s;
    }
}

int Search::Worker::negamax(int depth, int alpha, int beta, int ply, int extensions) {
    const std::uint64_t n = nodes.load(std::memory_order_relaxed) + 1;
    nodes.store(n, std::memory_order_relaxed);
    if (stop.load(std::memory_order_relaxed)) {
        aborted = true;
    } else if (id == 0 && (n & 1023) == 0 && owner.poll()) {
        aborted = true;
        owner.stop_helpers();
    }
    if (aborted) return 0;
    last_dep = false;

    // The previous move may have ended the game: a line for the side to move means the mover uncovered it.
    if (const auto w = pos.winner()) return *w == pos.side_to_move() ? mate_score - ply : -(mate_score - ply);
    if (ply > 0 && repeated(ply)) {
        last_dep = true;
        return draw_score(ply);
    }
    if (ply >= max_ply) return evaluate(pos, job.noise, job.seed);

    // A win in one is the best there is: no need to search.
    if (find_win(pos)) return mate_score - ply - 1;
    // Mate distance pruning: nothing here can beat a win found nearer the root.
    alpha = std::max(alpha, -(mate_score - ply - 2));
    beta = std::min(beta, mate_score - ply - 1);
    if (alpha >= beta) return alpha;

    const Color us = pos.side_to_move();
    if (depth <= 0) {
        // At the horizon, a threat of the opponent must be answered: look one ply further.
        if (extensions < max_extensions && threat_squares(pos, ~us)) {
            depth = 1;
            ++extensions;
        } else {
            return evaluate(pos, job.noise, job.seed);
        }
    }

    const std::uint64_t key = pos.key();
    const bool pv_node = beta - alpha > 1;
    Move tt_move;
    if (TTEntry e; owner.tt_.probe(key, e)) {
        tt_move = e.move;
        if (!pv_node && e.depth >= depth) {
            const int s = from_tt(e.score, ply);
            if (e.bound == Bound::Exact || (e.bound == Bound::Lower && s >= beta) ||
                (e.bound == Bound::Upper && s <= alpha))
                return s;
        }
    }

    const bool in_danger = threat_squares(pos, ~us) != 0;
    // Null move: if passing still holds beta with a shallower search, a real move will too. Not when
    // the opponent threatens a line (passing would lose at once) nor in exact searches.
    if (!pv_node && !job.exact && depth >= 3 && ply > 0 && !in_danger && beta < mate_bound &&
        evaluate(pos, job.noise, job.seed) >= beta) {
        const int r = 2 + depth / 6;
        pos.pass();
        path[base + ply + 1] = pos.key();
        reversible_from[ply + 1] = base + ply + 1;
        const int score = -negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, extensions);
        const bool dep = last_dep;
        pos.pass();
        if (aborted) return 0;
        if (score >= beta) {
            last_dep = dep;
            return score >= mate_bound ? beta : score;
        }
    }

    MoveList moves;
    generate_moves(pos, moves);
    if (moves.empty()) return -(mate_score - ply);  // no legal move loses
    int scores[MoveList::capacity];
    order(moves, scores, tt_move, ply);

    const int alpha0 = alpha;
    int best = -infinite;
    Move best_move;
    bool dep = false;
    for (int i = 0; i < moves.size(); ++i) {
        // Selection sort step: the best remaining move first (most cut-offs come early).
        int pick = i;
        for (int j = i + 1; j < moves.size(); ++j)
            if (scores[j] > scores[pick]) pick = j;
        std::swap(moves[i], moves[pick]);
        std::swap(scores[i], scores[pick]);
        const Move m = moves[i];

        const bool quiet = scores[i] < (1 << 22);
        pos.play(m);
        path[base + ply + 1] = pos.key();
        reversible_from[ply + 1] = m.is_enter() ? base + ply + 1 : reversible_from[ply];
        int score;
        if (i == 0) {
            score = -negamax(depth - 1, -beta, -alpha, ply + 1, extensions);
        } else {
            int r = 0;
            if (depth >= 3 && i >= 3 && quiet && !in_danger && !job.exact) r = (depth >= 6 && i >= 8) ? 2 : 1;
            score = -negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, extensions);
            if (score > alpha && r > 0 && !aborted)
                score = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1, extensions);
            if (score > alpha && score < beta && !aborted)
                score = -negamax(depth - 1, -beta, -alpha, ply + 1, extensions);
        }
        dep |= last_dep;
        pos.undo(m);
        if (aborted) return 0;

        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (quiet) {
                        if (killers[ply][0] != m) {
                            killers[ply][1] = killers[ply][0];
                            killers[ply][0] = m;
                        }
                        int& h = history[index(us)][history_index(m)];
                        h = std::min(h + depth * depth, 1 << 20);
                    }
                    break;
                }
            }
        }
    }

    if (!dep) {
        const Bound bound = best >= beta ? Bound::Lower : (best > alpha0 ? Bound::Exact : Bound::Upper);
        owner.tt_.store(key, best_move, to_tt(best, ply), depth, bound);
    } else {
        owner.tt_.store(key, best_move, 0, -1, Bound::None);  // the move still helps ordering
    }
    last_dep = dep;
    return best;
}

bool Search::search_root(Worker& w, int depth, std::vector<std::pair<int, Move>>& root_moves,
                         std::vector<std::pair<int, Move>>& top, int lines_wanted) {
    const int beta = infinite;
    top.clear();
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
        const Move m = root_moves[i].second;
        const int alpha = int(top.size()) < lines_wanted ? -infinite : top.back().first;
        w.pos.play(m);
        w.path[w.base + 1] = w.pos.key();
        w.reversible_from[1] = m.is_enter() ? w.base + 1 : 0;
        int score;
        if (int(i) < lines_wanted) {
            score = -w.negamax(depth - 1, -beta, -alpha, 1, 0);
        } else {
            score = -w.negamax(depth - 1, -alpha - 1, -alpha, 1, 0);
            if (score > alpha && !w.aborted) score = -w.negamax(depth - 1, -beta, -alpha, 1, 0);
        }
        w.pos.undo(m);
        if (w.aborted) return false;
        root_moves[i].first = score;
        if (int(top.size()) < lines_wanted || score > top.back().first) {
            // After the moves it beats strictly: among equal scores the earlier move stays ahead.
            auto at = std::find_if(top.begin(), top.end(), [&](auto& t) { return t.first < score; });
            top.insert(at, {score, m});
            if (int(top.size()) > lines_wanted) top.pop_back();
        }
    }
    // Moves outside the top that only proved a bound equal to its last score drop below it; equal
    // moves keep their order; the top goes first for the next iteration.
    const int kth = top.back().first;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
        const Move m = root_moves[i].second;
        const bool in_top = std::any_of(top.begin(), top.end(), [&](auto& t) { return t.second == m; });
        if (!in_top && root_moves[i].first >= kth) root_moves[i].first = kth - 1;
    }
    std::stable_sort(root_moves.begin(), root_moves.end(),
                     [](auto& a, auto& b) { return a.first > b.first; });
    return true;
}

void Search::Worker::help() {
    // Helpers share out the depths (Stockfish 10's pattern): helper i skips some iterations, so that the
    // threads are spread over the next few depths instead of all searching the same one.
    static constexpr int skip_size[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
    static constexpr int skip_phase[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
    const int i = (id - 1) % 20;
    for (int depth = 1; depth <= job.depth && !aborted; ++depth) {
        if (((depth + skip_phase[i]) / skip_size[i]) % 2) continue;
        if (!owner.search_root(*this, depth, root_moves, top, 1)) break;
    }
}

SearchResult Search::run(const Position& root, const std::vector<std::uint64_t>& history,
                         const SearchLimits& limits) {
    // The time starts at the call: nothing before the search waits (no helper of the last run is waited
    // for: one still stopping sits this run out).
    start_ = micros_of(limits.time);
    limits_ = limits;
    forced_ = false;
    ++generation_;
    polls_ = 0;
    retired_nodes_ = 0;
    most_threads_ = 1;
    tt_.new_search();

    // Game history, newest last, capped: positions before the last entering move cannot recur, and the
    // search only looks back that far anyway.
    const std::size_t from = history.size() > 1024 ? history.size() - 1024 : 0;
    history_.assign(history.begin() + std::ptrdiff_t(from), history.end());
    if (history_.empty() || history_.back() != root.key()) history_.push_back(root.key());
    if (history_.size() > 1024) history_.erase(history_.begin());
    root_ = root;
    Worker& main = *workers_[0];
    main.job = {limits.depth, limits.noise, limits.contempt, limits.exact, limits.seed};
    main.set_root(root, history_);

    SearchResult result;
    MoveList moves;
    generate_moves(main.pos, moves);
    if (limits.only_from >= 0) {
        MoveList kept;
        for (Move m : moves)
            if (!m.is_enter() && m.from() == limits.only_from) kept.push(m);
        moves = kept;
    }
    if (!limits.only_moves.empty()) {
        MoveList kept;
        for (Move m : moves)
            if (std::find(limits.only_moves.begin(), limits.only_moves.end(), m) != limits.only_moves.end())
                kept.push(m);
        moves = kept;
    }
    if (moves.empty()) return result;
    result.best = moves[0];
    const bool want_lines = limits.multi_pv >= 1;
    const int lines_wanted = std::clamp(limits.multi_pv, 1, moves.size());

    const auto finish = [&] {
        stop_helpers();  // they stop at their next node; nothing waits for them
        result.nodes = total_nodes();
        result.seconds = elapsed();
        result.threads = most_threads_;
        return result;
    };
    // The player's shortcut; a search for lines finds the win at depth 1 all the same.
    if (!want_lines) {
        if (const Move w = find_win(main.pos); w && moves.contains(w)) {
            result.best = w;
            result.score = mate_score - 1;
            result.depth = 1;
            return finish();
        }
    }

    // Root move order: kept between iterations, best first.
    int order_scores[MoveList::capacity];
    main.order(moves, order_scores, Move{}, 0);
    std::vector<std::pair<int, Move>> ordered;
    for (int i = 0; i < moves.size(); ++i) ordered.emplace_back(order_scores[i], moves[i]);
    std::stable_sort(ordered.begin(), ordered.end(), [](auto& a, auto& b) { return a.first > b.first; });
    // Helpers start from the calling thread's order as it stands when they start: now, or later in the
    // run when a core comes free.
    root_order_ = &ordered;
    adjust_helpers();

    // The best lines_wanted moves of the iteration so far, best first, with exact scores. Each further
    // move is searched against the last of them (the K-th best), so with one line this is plain PVS.
    std::vector<std::pair<int, Move>> top;
    for (int depth = 1; depth <= limits.depth; ++depth) {
        if (!search_root(main, depth, ordered, top, lines_wanted)) {
            // A move of the unfinished iteration that beat the previous best on a full search is better
            // informed than the last completed result.
            if (!top.empty()) {
                result.best = top.front().second;
                result.score = top.front().first;
            }
            result.stopped = true;
            break;
        }
        const Move iter_best = top.front().second;
        const int iter_score = top.front().first;
        result.best = iter_best;
        result.score = iter_score;
        result.depth = depth;
        if (limits.on_info) {
            ThinkInfo info;
            info.depth = depth;
            info.score = iter_score;
            info.best = iter_best;
            info.nodes = total_nodes();
            info.seconds = elapsed();
            limits.on_info(info);
        }
        if (want_lines) {
            result.lines.clear();
            for (const auto& [score, m] : top) {
                const int plies = std::abs(score) >= mate_bound ? mate_score - std::abs(score) : depth;
                result.lines.push_back(PvLine{principal_variation(root, m, std::max(plies, 1)), score});
            }
            if (limits.on_lines) {
                IterationReport report;
                report.depth = depth;
                report.nodes = total_nodes();
                report.seconds = elapsed();
                report.lines = result.lines;
                limits.on_lines(report);
            }
        }
        // A proven result cannot change by searching deeper (with several lines: every one of them).
        const auto proven = [depth](const std::pair<int, Move>& t) {
            return std::abs(t.first) >= mate_bound && depth >= mate_score - std::abs(t.first);
        };
        if (std::all_of(top.begin(), top.end(), proven)) break;
        forced_ = std::abs(iter_score) >= mate_bound;
        const double soft =
            forced_ && limits.forced_soft_seconds > 0 ? limits.forced_soft_seconds : limits.soft_seconds;
        if (out_of_time() || (soft > 0 && elapsed() >= soft)) {
            result.stopped = true;
            break;
        }
    }
    return finish();
}

std::vector<Move> Search::principal_variation(const Position& root, Move first, int max_length) const {
    std::vector<Move> line{first};
    Position pos = root;
    // Positions the line may come back to (the game's, then the line's own): it stops at a repetition,
    // which the search scored as a draw, rather than follow the table round in circles.
    const Worker& main = *workers_[0];
    std::vector<std::uint64_t> seen(main.path.begin(), main.path.begin() + main.base + 1);
    pos.play(first);
    if (first.is_enter()) seen.clear();  // an entering move can never be undone
    while (std::find(seen.begin(), seen.end(), pos.key()) == seen.end()) {
        seen.push_back(pos.key());
        if (int(line.size()) >= max_length || pos.winner()) break;
        MoveList legal;
        generate_moves(pos, legal);
        if (legal.empty()) break;
        // The search answers a win in one without storing a move: the line ends with it.
        if (const Move w = find_win(pos)) {
            line.push_back(w);
            break;
        }
        const Move m = tt_.probe_move(pos.key());
        if (!m || !legal.contains(m)) break;
        line.push_back(m);
        pos.play(m);
        if (m.is_enter()) seen.clear();
    }
    return line;
}

}  // namespace gobblet
