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

Search::Search(int tt_bits) : tt_(tt_bits) {}

void Search::clear() {
    tt_.clear();
    for (auto& k : killers_) k[0] = k[1] = Move{};
    for (auto& side : history_) side.fill(0);
}

double Search::elapsed() const { return seconds_between(start_, micros_of(limits_.time)); }

bool Search::out_of_time() {
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return true;
    if (limits_.nodes > 0 && nodes_ >= limits_.nodes) return true;
    const double limit = forced_ && limits_.forced_seconds > 0 ? limits_.forced_seconds : limits_.seconds;
    return limit > 0 && elapsed() >= limit;
}

bool Search::repeated(int ply) const {
    const int at = base_ + ply;
    const std::uint64_t key = path_[at];
    // Same side to move only: step back two plies at a time.
    for (int i = at - 2; i >= reversible_from_[ply]; i -= 2)
        if (path_[i] == key) return true;
    return false;
}

void Search::order(MoveList& moves, int scores[], Move tt_move, int ply) {
    const Color us = pos_.side_to_move();
    const Threats theirs_threats = threats(pos_, ~us);
    const Bitboard their_holes = theirs_threats.squares;
    const Bitboard their_lines = theirs_threats.lines;
    const Bitboard theirs = pos_.visible(~us);
    const auto& hist = history_[index(us)];
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
            if (m == killers_[ply][0])
                s += 1 << 24;
            else if (m == killers_[ply][1])
                s += 1 << 23;
            if (!m.is_enter() && (bit(m.from()) & their_lines)) s -= 1 << 21;  // may uncover their line
        }
        scores[i] = s;
    }
}

int Search::negamax(int depth, int alpha, int beta, int ply, int extensions) {
    ++nodes_;
    if ((nodes_ & 1023) == 0 && out_of_time()) aborted_ = true;
    if (aborted_) return 0;
    last_dep_ = false;

    // The previous move may have ended the game: a line for the side to move means the mover uncovered it.
    if (const auto w = pos_.winner())
        return *w == pos_.side_to_move() ? mate_score - ply : -(mate_score - ply);
    if (ply > 0 && repeated(ply)) {
        last_dep_ = true;
        return 0;
    }
    if (ply >= max_ply) return evaluate(pos_, limits_.noise, limits_.seed);

    // A win in one is the best there is: no need to search.
    if (find_win(pos_)) return mate_score - ply - 1;
    // Mate distance pruning: nothing here can beat a win found nearer the root.
    alpha = std::max(alpha, -(mate_score - ply - 2));
    beta = std::min(beta, mate_score - ply - 1);
    if (alpha >= beta) return alpha;

    const Color us = pos_.side_to_move();
    if (depth <= 0) {
        // At the horizon, a threat of the opponent must be answered: look one ply further.
        if (extensions < max_extensions && threat_squares(pos_, ~us)) {
            depth = 1;
            ++extensions;
        } else {
            return evaluate(pos_, limits_.noise, limits_.seed);
        }
    }

    const std::uint64_t key = pos_.key();
    const bool pv_node = beta - alpha > 1;
    Move tt_move;
    if (const TTEntry* e = tt_.probe(key)) {
        tt_move = Move::from_raw(e->move);
        if (!pv_node && e->depth >= depth) {
            const int s = from_tt(e->score, ply);
            if (e->bound == Bound::Exact || (e->bound == Bound::Lower && s >= beta) ||
                (e->bound == Bound::Upper && s <= alpha))
                return s;
        }
    }

    const bool in_danger = threat_squares(pos_, ~us) != 0;
    // Null move: if passing still holds beta with a shallower search, a real move will too. Not when
    // the opponent threatens a line (passing would lose at once) nor in exact searches.
    if (!pv_node && !limits_.exact && depth >= 3 && ply > 0 && !in_danger && beta < mate_bound &&
        evaluate(pos_, limits_.noise, limits_.seed) >= beta) {
        const int r = 2 + depth / 6;
        pos_.pass();
        path_[base_ + ply + 1] = pos_.key();
        reversible_from_[ply + 1] = base_ + ply + 1;
        const int score = -negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, extensions);
        const bool dep = last_dep_;
        pos_.pass();
        if (aborted_) return 0;
        if (score >= beta) {
            last_dep_ = dep;
            return score >= mate_bound ? beta : score;
        }
    }

    MoveList moves;
    generate_moves(pos_, moves);
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
        pos_.play(m);
        path_[base_ + ply + 1] = pos_.key();
        reversible_from_[ply + 1] = m.is_enter() ? base_ + ply + 1 : reversible_from_[ply];
        int score;
        if (i == 0) {
            score = -negamax(depth - 1, -beta, -alpha, ply + 1, extensions);
        } else {
            int r = 0;
            if (depth >= 3 && i >= 3 && quiet && !in_danger && !limits_.exact)
                r = (depth >= 6 && i >= 8) ? 2 : 1;
            score = -negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, extensions);
            if (score > alpha && r > 0 && !aborted_)
                score = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1, extensions);
            if (score > alpha && score < beta && !aborted_)
                score = -negamax(depth - 1, -beta, -alpha, ply + 1, extensions);
        }
        dep |= last_dep_;
        pos_.undo(m);
        if (aborted_) return 0;

        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (quiet) {
                        if (killers_[ply][0] != m) {
                            killers_[ply][1] = killers_[ply][0];
                            killers_[ply][0] = m;
                        }
                        int& h = history_[index(us)][history_index(m)];
                        h = std::min(h + depth * depth, 1 << 20);
                    }
                    break;
                }
            }
        }
    }

    if (!dep) {
        const Bound bound = best >= beta ? Bound::Lower : (best > alpha0 ? Bound::Exact : Bound::Upper);
        tt_.store(key, best_move, to_tt(best, ply), depth, bound);
    } else {
        tt_.store(key, best_move, 0, -1, Bound::None);  // the move still helps ordering
    }
    last_dep_ = dep;
    return best;
}

SearchResult Search::run(const Position& root, const std::vector<std::uint64_t>& history,
                         const SearchLimits& limits) {
    limits_ = limits;
    start_ = micros_of(limits.time);
    nodes_ = 0;
    aborted_ = false;
    forced_ = false;
    pos_ = root;
    tt_.new_search();

    // Game history, newest last, capped: positions before the last entering move cannot recur, and the
    // search only looks back that far anyway.
    std::vector<std::uint64_t> hist(history);
    if (hist.empty() || hist.back() != root.key()) hist.push_back(root.key());
    const std::size_t keep = std::min<std::size_t>(hist.size(), 1024);
    std::copy(hist.end() - keep, hist.end(), path_.begin());
    base_ = int(keep) - 1;
    reversible_from_[0] = 0;

    SearchResult result;
    MoveList moves;
    generate_moves(pos_, moves);
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
        result.nodes = nodes_;
        result.seconds = elapsed();
        return result;
    };
    // The player's shortcut; a search for lines finds the win at depth 1 all the same.
    if (!want_lines) {
        if (const Move w = find_win(pos_); w && moves.contains(w)) {
            result.best = w;
            result.score = mate_score - 1;
            result.depth = 1;
            return finish();
        }
    }

    // Root move order: kept between iterations, best first.
    int order_scores[MoveList::capacity];
    order(moves, order_scores, Move{}, 0);
    std::vector<std::pair<int, Move>> root_moves;
    for (int i = 0; i < moves.size(); ++i) root_moves.emplace_back(order_scores[i], moves[i]);
    std::stable_sort(root_moves.begin(), root_moves.end(),
                     [](auto& a, auto& b) { return a.first > b.first; });

    // The best lines_wanted moves of the iteration so far, best first, with exact scores. Each further
    // move is searched against the last of them (the K-th best), so with one line this is plain PVS.
    std::vector<std::pair<int, Move>> top;
    for (int depth = 1; depth <= limits.depth; ++depth) {
        const int beta = infinite;
        top.clear();
        for (std::size_t i = 0; i < root_moves.size(); ++i) {
            const Move m = root_moves[i].second;
            const int alpha = int(top.size()) < lines_wanted ? -infinite : top.back().first;
            pos_.play(m);
            path_[base_ + 1] = pos_.key();
            reversible_from_[1] = m.is_enter() ? base_ + 1 : 0;
            int score;
            if (int(i) < lines_wanted) {
                score = -negamax(depth - 1, -beta, -alpha, 1, 0);
            } else {
                score = -negamax(depth - 1, -alpha - 1, -alpha, 1, 0);
                if (score > alpha && !aborted_) score = -negamax(depth - 1, -beta, -alpha, 1, 0);
            }
            pos_.undo(m);
            if (aborted_) break;
            root_moves[i].first = score;
            if (int(top.size()) < lines_wanted || score > top.back().first) {
                // After the moves it beats strictly: among equal scores the earlier move stays ahead.
                auto at = std::find_if(top.begin(), top.end(), [&](auto& t) { return t.first < score; });
                top.insert(at, {score, m});
                if (int(top.size()) > lines_wanted) top.pop_back();
            }
        }
        if (aborted_) {
            // A move of the unfinished iteration that beat the previous best on a full search is better
            // informed than the last completed result.
            if (!top.empty()) {
                result.best = top.front().second;
                result.score = top.front().first;
            }
            result.stopped = true;
            break;
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
            info.nodes = nodes_;
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
                report.nodes = nodes_;
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
    std::vector<std::uint64_t> seen(path_.begin(), path_.begin() + base_ + 1);
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
