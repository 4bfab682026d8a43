#include "analysis.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "search.h"
#include "solve3.h"

namespace gobblet {

namespace {

// The solved game's lines: exact values, best first (fastest win, then draws, then the slowest loss).
AnalysisResult solved_lines(const Game& game, int wanted, const std::atomic<bool>* stop,
                            const TimeSource* time) {
    const std::int64_t start = micros_of(time);
    AnalysisResult r;
    r.side_to_move = game.side_to_move();
    r.solved = true;
    for (const solve3::SolvedLine& l : solve3::best_lines(game, wanted, stop))
        r.lines.push_back({l.moves, solve3::score_of(l.verdict)});
    r.stopped = r.lines.empty();
    if (!r.stopped) r.depth = solve3::max_distance;
    r.seconds = seconds_between(start, micros_of(time));
    return r;
}

}  // namespace

struct Analyzer::Impl {
    Search search;
};

Analyzer::Analyzer() : impl_(std::make_unique<Impl>()) {}
Analyzer::~Analyzer() = default;
Analyzer::Analyzer(Analyzer&&) noexcept = default;
Analyzer& Analyzer::operator=(Analyzer&&) noexcept = default;

void Analyzer::clear() { impl_->search.clear(); }

AnalysisResult Analyzer::run(const Game& game, const AnalysisLimits& limits, const std::atomic<bool>* stop,
                             const std::function<void(const AnalysisResult&)>& on_update) {
    const int wanted = std::clamp(limits.lines, 1, AnalysisLimits::max_lines);
    AnalysisResult result;
    result.side_to_move = game.side_to_move();
    if (game.over()) return result;
    if (stop && stop->load()) {
        result.stopped = true;
        return result;
    }
    if (game.variant().size == 3) {
        result = solved_lines(game, wanted, stop, limits.time);
        if (on_update && !result.lines.empty()) on_update(result);
        return result;
    }

    impl_->search.set_threads(limits.threads);
    SearchLimits sl;
    sl.depth = limits.depth > 0 ? std::min(limits.depth, Search::max_ply - 1) : Search::max_ply - 1;
    sl.seconds = limits.seconds;
    sl.time = limits.time;
    sl.cores = limits.cores;
    sl.stop = stop;
    sl.multi_pv = wanted;
    sl.only_from = game.touched() ? *game.touched() : -1;  // a touched piece must be the one moved
    sl.on_lines = [&](const IterationReport& report) {
        AnalysisResult update;
        update.side_to_move = game.side_to_move();
        update.depth = report.depth;
        update.nodes = report.nodes;
        update.seconds = report.seconds;
        for (const PvLine& l : report.lines) update.lines.push_back({l.moves, l.score});
        result = update;
        if (on_update) on_update(update);
    };
    const SearchResult r = impl_->search.run(game.position(), game.position_keys(), sl);
    result.nodes = r.nodes;
    result.seconds = r.seconds;
    result.stopped = r.stopped;
    return result;
}

int moves_to_result(int score) {
    if (std::abs(score) < mate_bound) return 0;
    return (mate_score - std::abs(score) + 1) / 2;
}

std::string score_words(int score, Color side, bool solved) {
    if (std::abs(score) >= mate_bound) {
        const Color winner = score > 0 ? side : ~side;
        return std::string(color_name(winner)) + " wins in " + std::to_string(moves_to_result(score));
    }
    if (solved) return "draw with best play";
    const int a = std::abs(score);
    if (a < even_margin) return "about even";
    const std::string ahead = color_name(score > 0 ? side : ~side);
    if (a < better_margin) return ahead + " is slightly better";
    if (a < much_better_margin) return ahead + " is better";
    return ahead + " is much better";
}

std::string score_number(int score, bool solved) {
    char buf[32];
    if (std::abs(score) >= mate_bound)
        std::snprintf(buf, sizeof buf, "mate %+d",
                      score > 0 ? moves_to_result(score) : -moves_to_result(score));
    else if (solved)
        return "draw";
    else
        std::snprintf(buf, sizeof buf, score ? "cp %+d" : "cp %d", score);
    return buf;
}

std::string line_text(const std::vector<Move>& moves, Color first_mover) {
    std::string out;
    Color mover = first_mover;
    for (Move m : moves) {
        if (!out.empty()) out += ' ';
        out += move_name(m, mover);
        mover = ~mover;
    }
    return out;
}

}  // namespace gobblet
