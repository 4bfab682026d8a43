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
                          double seconds = 0) {
    SearchLimits limits;
    limits.only_from = only_from;
    limits.exact = true;
    limits.depth = max_distance;
    limits.seconds = seconds;  // an aborted search stores nothing, so the table stays proven facts
    return searcher().run(pos, history, limits);
}

}  // namespace

Verdict solve(const Position& pos) {
    std::lock_guard lock(mutex);
    return verdict_of(exact_search(pos, {}).score);
}

std::optional<Move> best_move(const Game& game, Verdict* verdict, double seconds) {
    if (game.over() || game.variant().size != 3) return std::nullopt;
    // Only positions that already occurred twice end the game when they come back; the search itself
    // treats a repetition on its own path as a draw, which does not change any position's value.
    const auto& keys = game.position_keys();
    std::vector<std::uint64_t> history;
    for (std::uint64_t k : keys)
        if (std::count(keys.begin(), keys.end(), k) >= 2) history.push_back(k);
    history.push_back(game.position().key());
    std::lock_guard lock(mutex);
    const SearchResult r =
        exact_search(game.position(), history, game.touched() ? *game.touched() : -1, seconds);
    if (r.best.is_none()) return std::nullopt;
    if (verdict) {
        *verdict = verdict_of(r.score);
        verdict->complete = !r.stopped || r.depth >= max_distance;
    }
    return r.best;
}

}  // namespace gobblet::solve3
