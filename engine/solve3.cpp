#include "solve3.h"

#include <algorithm>
#include <mutex>

#include "search.h"

namespace gobblet::solve3 {

namespace {

// One exact searcher for the process: its table keeps what earlier answers proved. Every entry it
// stores is a proven bound (the search never stores a repetition draw), so sharing it is sound.
std::mutex mutex;
Search& searcher() {
    static Search s(21);
    return s;
}

Verdict verdict_of(int score) {
    if (score >= mate_bound) return {Value::Win, mate_score - score};
    if (score <= -mate_bound) return {Value::Loss, mate_score + score};
    return {Value::Draw, 0};
}

SearchResult exact_search(const Position& pos, const std::vector<std::uint64_t>& history, int only_from = -1,
                          double seconds = 0, const TimeSource* time = nullptr) {
    SearchLimits limits;
    limits.only_from = only_from;
    limits.exact = true;
    limits.depth = max_distance;
    limits.seconds = seconds;  // an aborted search stores nothing, so the table stays proven facts
    limits.time = time;
    return searcher().run(pos, history, limits);
}

// The game's history as the exact search needs it: only positions that already occurred twice end the
// game when they come back; the search itself treats a repetition on its own path as a draw, which does
// not change any position's value.
std::vector<std::uint64_t> repeat_history(const Game& game) {
    const auto& keys = game.position_keys();
    std::vector<std::uint64_t> history;
    for (std::uint64_t k : keys)
        if (std::count(keys.begin(), keys.end(), k) >= 2) history.push_back(k);
    history.push_back(game.position().key());
    return history;
}

// The exact best move of the game's position, under the lock.
std::optional<Move> best_move_locked(const Game& game, Verdict* verdict, double seconds,
                                     const TimeSource* time) {
    if (game.over() || game.variant().size != 3) return std::nullopt;
    const SearchResult r = exact_search(game.position(), repeat_history(game),
                                        game.touched() ? *game.touched() : -1, seconds, time);
    if (r.best.is_none()) return std::nullopt;
    if (verdict) {
        *verdict = verdict_of(r.score);
        verdict->complete = !r.stopped || r.depth >= max_distance;
    }
    return r.best;
}

}  // namespace

Verdict solve(const Position& pos) {
    std::lock_guard lock(mutex);
    return verdict_of(exact_search(pos, {}).score);
}

std::optional<Move> best_move(const Game& game, Verdict* verdict, double seconds, const TimeSource* time) {
    std::lock_guard lock(mutex);
    return best_move_locked(game, verdict, seconds, time);
}

Verdict move_verdict(const Game& game, Move m) {
    Game after = game;
    (void)after.play(m);  // legal, as the caller promises
    if (after.over()) {
        const auto w = after.result().winner();
        if (!w) return {Value::Draw, 0};
        return {*w == game.side_to_move() ? Value::Win : Value::Loss, 1};
    }
    Verdict reply;
    best_move(after, &reply);
    if (reply.value == Value::Draw) return {Value::Draw, 0};
    return {reply.value == Value::Win ? Value::Loss : Value::Win, reply.plies + 1};
}

std::vector<SolvedLine> best_lines(const Game& game, int k, const std::atomic<bool>* stop, int max_line) {
    std::vector<SolvedLine> out;
    if (game.over() || game.variant().size != 3) return out;
    SearchLimits limits;
    limits.exact = true;
    limits.depth = max_distance;
    limits.multi_pv = k;
    limits.stop = stop;
    limits.only_from = game.touched() ? *game.touched() : -1;
    std::lock_guard lock(mutex);
    const SearchResult r = searcher().run(game.position(), repeat_history(game), limits);
    if (r.stopped) return out;
    for (const PvLine& line : r.lines) {
        SolvedLine s{line.moves, verdict_of(line.score)};
        if (s.verdict.value == Value::Draw) {
            if (int(s.moves.size()) > max_line) s.moves.resize(max_line);
        } else if (!s.moves.empty()) {
            // A won or lost line is played out by the exact best move at each ply (the fastest win, the
            // slowest loss): the table's moves after the first need not be, since an entry that only
            // bounds a position's value keeps the best move of that bound.
            Game g = game;
            s.moves.resize(1);
            (void)g.play(s.moves[0]);
            while (!g.over() && int(s.moves.size()) < s.verdict.plies) {
                if (stop && stop->load()) return {};
                const std::optional<Move> m = best_move_locked(g, nullptr, 0, nullptr);
                if (!m) break;
                s.moves.push_back(*m);
                (void)g.play(*m);
            }
        }
        out.push_back(std::move(s));
    }
    return out;
}

int score_of(const Verdict& v) {
    switch (v.value) {
        case Value::Win: return mate_score - v.plies;
        case Value::Loss: return -(mate_score - v.plies);
        case Value::Draw: return 0;
    }
    return 0;
}

}  // namespace gobblet::solve3
