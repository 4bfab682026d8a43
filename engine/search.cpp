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
    int draw_score(int ply) const { return (ply & 1) ? owner.limits_.contempt : -owner.limits_.contempt; }
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
    // A helper's run: iterative deepening on the root moves, skipping depths by its index, until stop_.
    void help();

    Search& owner;
    const int id;  // 0: the calling thread
    Position pos;
    std::atomic<std::uint64_t> nodes{0};  // written by this worker only; the calling thread sums them
    bool aborted = false;
    bool last_dep = false;  // the value just returned rests on a repetition draw

    // Keys of the game history then the search path: path[base + ply] is the key at that ply.
    std::array<std::uint64_t, 1024 + max_ply + 2> path{};
    int base = 0;
    std::array<int, max_ply + 2> reversible_from{};  // first path index a repetition may match

    Move killers[max_ply + 2][2]{};
    std::array<std::array<int, 32 * 16>, 2> history{};
};

Search::Search(int tt_bits, int threads) : tt_(tt_bits) {
    workers_.push_back(std::make_unique<Worker>(*this, 0));
    set_threads(threads);
}

Search::~Search() { stop_threads(); }

void Search::stop_threads() {
    stop_.store(true);
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
    threads_.clear();
    quit_ = false;
}

void Search::set_threads(int threads) {
    threads = std::clamp(threads, 1, max_threads);
    if (threads == this->threads()) return;
    stop_threads();
    workers_.resize(1);
    busy_ = 0;
    for (int i = 1; i < threads; ++i) workers_.push_back(std::make_unique<Worker>(*this, i));
    // A new helper waits for the next run: the runs already made are not its to search (one that took the
    // last run's generation for a new one would count itself done twice, and the next run would wait for
    // it forever).
    const std::uint64_t seen = generation_;
    for (int i = 1; i < threads; ++i) threads_.emplace_back([this, i, seen] { helper_main(i, seen); });
}

void Search::helper_main(int index, std::uint64_t seen) {
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
            if (quit_) return;
            seen = generation_;
        }
        workers_[index]->help();
        std::lock_guard lock(mutex_);
        if (--busy_ == 0) idle_.notify_all();
    }
}

void Search::wait_for_helpers() {
    stop_.store(true);
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return busy_ == 0; });
}

void Search::clear() {
    wait_for_helpers();
    tt_.clear();
    for (auto& w : workers_) w->clear();
}

double Search::elapsed() const { return seconds_between(start_, micros_of(limits_.time)); }

std::uint64_t Search::total_nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : workers_) n += w->nodes.load(std::memory_order_relaxed);
    return n;
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
    if (owner.stop_.load(std::memory_order_relaxed)) {
        aborted = true;
    } else if (id == 0 && (n & 1023) == 0 && owner.out_of_time()) {
        aborted = true;
        owner.stop_.store(true, std::memory_order_relaxed);  // the helpers stop too
    }
    if (aborted) return 0;
    last_dep = false;

    // The previous move may have ended the game: a line for the side to move means the mover uncovered it.
    if (const auto w = pos.winner()) return *w == pos.side_to_move() ? mate_score - ply : -(mate_score - ply);
    if (ply > 0 && repeated(ply)) {
        last_dep = true;
        return draw_score(ply);
    }
    if (ply >= max_ply) return evaluate(pos, owner.limits_.noise, owner.limits_.seed);

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
            return evaluate(pos, owner.limits_.noise, owner.limits_.seed);
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
    if (!pv_node && !owner.limits_.exact && depth >= 3 && ply > 0 && !in_danger && beta < mate_bound &&
        evaluate(pos, owner.limits_.noise, owner.limits_.seed) >= beta) {
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
            if (depth >= 3 && i >= 3 && quiet && !in_danger && !owner.limits_.exact)
                r = (depth >= 6 && i >= 8) ? 2 : 1;
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
    std::vector<std::pair<int, Move>> root_moves = owner.root_moves_, top;
    for (int depth = 1; depth <= owner.limits_.depth && !aborted; ++depth) {
        if (((depth + skip_phase[i]) / skip_size[i]) % 2) continue;
        if (!owner.search_root(*this, depth, root_moves, top, 1)) break;
    }
}

SearchResult Search::run(const Position& root, const std::vector<std::uint64_t>& history,
                         const SearchLimits& limits) {
    wait_for_helpers();  // the last run's: they share the table and read limits_ and root_moves_
    limits_ = limits;
    start_ = micros_of(limits.time);
    forced_ = false;
    stop_.store(false);
    tt_.new_search();

    // Game history, newest last, capped: positions before the last entering move cannot recur, and the
    // search only looks back that far anyway.
    std::vector<std::uint64_t> hist(history);
    if (hist.empty() || hist.back() != root.key()) hist.push_back(root.key());
    if (hist.size() > 1024) hist.erase(hist.begin(), hist.end() - 1024);
    for (auto& w : workers_) w->set_root(root, hist);
    Worker& main = *workers_[0];

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
        stop_.store(true);  // the helpers stop at their next node; the next run waits for them
        result.nodes = total_nodes();
        result.seconds = elapsed();
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
    std::vector<std::pair<int, Move>>& root_moves = root_moves_;
    root_moves.clear();
    for (int i = 0; i < moves.size(); ++i) root_moves.emplace_back(order_scores[i], moves[i]);
    std::stable_sort(root_moves.begin(), root_moves.end(),
                     [](auto& a, auto& b) { return a.first > b.first; });

    if (threads_.size() > 0) {
        {
            std::lock_guard lock(mutex_);
            busy_ = int(threads_.size());
            ++generation_;
        }
        wake_.notify_all();
    }
    // The main thread's own copy: the helpers start from root_moves_ as it stands now.
    std::vector<std::pair<int, Move>> ordered = root_moves;

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
