#include "bench.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <random>
#include <string>

#include "game.h"
#include "movegen.h"
#include "position.h"
#include "search.h"

namespace gobblet {

namespace {

struct BenchPosition {
    Variant variant;
    const char* moves;  // transcript from the start
};

// The start, middlegames of both rule sets (from PLT auto-player games and the Liam/Eamon match) and a
// Gobblet Jr. position. Changing this list changes the signature.
constexpr BenchPosition bench_positions[] = {
    {{4, Rules::Official}, ""},
    {{4, Rules::Official}, "W1A3 K1B3 W1B4 K2C3 W2D3 K3C2 W1A2"},
    {{4, Rules::Official}, "W1C3 K1D3 W2C2 D3B4 C2B3 B4B1 W3B2 B1D2 C3C2 K1D1"},
    {{4, Rules::Official}, "W1B2 K1C3 W2B3 K2C2 W3C4 K3B1"},
    {{4, Rules::Rogers}, "W3B2 K1C3 W3B3 K2B3 W3C2 K1A3 W1A3 B3B4 W2D3 K2A4"},
    {{4, Rules::Rogers}, "W3B2 K1C3 W3B3 K2B3 W3C2 K1A3 W1A3 B3B4 W2D3 K2A4 C2A2 K1A1 W1A1 K3A4 W2B1 K1C2"},
    {{3, Rules::Official}, "W1B2 K2A1"},
};

constexpr int default_depth = 7;

}  // namespace

int run_bench(std::ostream& out, const TimeSource& time, int depth, int threads) {
    if (depth <= 0) depth = default_depth;
    Search search(20, threads);
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    char line[160];
    for (const BenchPosition& bp : bench_positions) {
        Game game(bp.variant);
        if (const auto played = game.play_transcript(bp.moves); !played) {
            out << "bench: bad position \"" << bp.moves << "\": " << played.why().message() << "\n";
            return 1;
        }
        search.clear();  // each position from a clean table: the count is reproducible
        SearchLimits limits;
        limits.depth = depth;
        limits.time = &time;
        const SearchResult r = search.run(game.position(), game.position_keys(), limits);
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        std::snprintf(line, sizeof line, "%dx%d %-8s %2zu plies  best %s  score %+6d  nodes %10llu  %.3f s\n",
                      bp.variant.size, bp.variant.size, rules_name(bp.variant.rules), game.moves().size(),
                      move_name(r.best, game.side_to_move()).c_str(), r.score,
                      static_cast<unsigned long long>(r.nodes), r.seconds);
        out << line;
    }
    std::snprintf(line, sizeof line,
                  "bench depth %d: %llu nodes in %.3f s, %.0f nodes/s%s\nsignature %llu%s\n", depth,
                  static_cast<unsigned long long>(total_nodes), total_seconds,
                  total_seconds > 0 ? double(total_nodes) / total_seconds : 0.0,
                  threads > 1 ? (", " + std::to_string(threads) + " threads").c_str() : "",
                  static_cast<unsigned long long>(total_nodes),
                  threads > 1 ? " (varies with more than one thread)" : "");
    out << line;
    return 0;
}

int run_perft(std::ostream& out, const TimeSource& time, int depth, Variant variant) {
    Position pos(variant);
    const std::int64_t start = time.now_us();
    const std::uint64_t leaves = perft(pos, depth);
    const double seconds = seconds_between(start, time.now_us());
    char line[160];
    std::snprintf(
        line, sizeof line, "perft %d (%dx%d, %s rules): %llu leaves in %.3f s, %.1f million leaves/s\n",
        depth, variant.size, variant.size, rules_name(variant.rules), static_cast<unsigned long long>(leaves),
        seconds, seconds > 0 ? double(leaves) / seconds / 1e6 : 0.0);
    out << line;
    return 0;
}

std::vector<Move> wandering_game(int plies, std::uint64_t seed, Variant variant) {
    std::mt19937_64 rng(seed);
    Game g(variant);
    while (int(g.moves().size()) < plies) {
        MoveList moves;
        g.legal_moves(moves);
        std::shuffle(moves.begin(), moves.end(), rng);
        bool played = false;
        for (Move m : moves) {
            (void)g.play(m);  // a legal move of the position
            if (!g.over() && g.occurrences() == 1) {
                played = true;
                break;
            }
            g.undo();
        }
        if (!played) break;
    }
    return g.moves();
}

}  // namespace gobblet
