#include "selfplay.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <ostream>
#include <random>

#include "eval.h"
#include "game.h"
#include "movegen.h"
#include "player.h"

namespace gobblet {

namespace {

// The yardstick: plain fixed-depth negamax alpha-beta with a line-count evaluation, no table, no
// ordering beyond a seeded shuffle (so equal moves vary), as the public Gobblet programs search.
class AlphaBeta {
  public:
    AlphaBeta(int depth, std::uint64_t seed) : depth_(depth), rng_(seed) {}

    Move choose(const Game& game) {
        Position pos = game.position();
        MoveList moves;
        generate_moves(pos, moves);
        std::shuffle(moves.begin(), moves.end(), rng_);
        Move best;
        int alpha = -mate_score - 1;
        for (Move m : moves) {
            pos.play(m);
            const int score = -negamax(pos, depth_ - 1, -mate_score - 1, -alpha, 1);
            pos.undo(m);
            if (score > alpha || best.is_none()) {
                alpha = score;
                best = m;
            }
        }
        return best;
    }

  private:
    int negamax(Position& pos, int depth, int alpha, int beta, int ply) {
        if (const auto w = pos.winner())
            return *w == pos.side_to_move() ? mate_score - ply : -(mate_score - ply);
        if (depth <= 0) return evaluate_simple(pos);
        MoveList moves;
        generate_moves(pos, moves);
        if (moves.empty()) return -(mate_score - ply);
        for (Move m : moves) {
            pos.play(m);
            const int score = -negamax(pos, depth - 1, -beta, -alpha, ply + 1);
            pos.undo(m);
            if (score >= beta) return score;
            alpha = std::max(alpha, score);
        }
        return alpha;
    }

    int depth_;
    std::mt19937_64 rng_;
};

// One contestant: a level of our player, or abN.
struct Contestant {
    std::string name;
    std::optional<Player> player;
    std::optional<AlphaBeta> ab;

    Move choose(const Game& game) { return player ? player->choose(game).move : ab->choose(game); }
};

std::optional<Contestant> make_contestant(const std::string& name, const MatchOptions& o,
                                          std::uint64_t seed) {
    Contestant c;
    c.name = name;
    if (const auto level = parse_level(name)) {
        c.player.emplace(PlayerSettings{*level, o.think_seconds, seed});
        return c;
    }
    if (name.size() >= 3 && name.rfind("ab", 0) == 0) {
        const int depth = std::atoi(name.c_str() + 2);
        if (depth >= 1 && depth <= 8) {
            c.ab.emplace(depth, seed);
            return c;
        }
    }
    return std::nullopt;
}

}  // namespace

int run_match(const MatchOptions& o, std::ostream& out, std::ostream& err) {
    for (const std::string& name : {o.first, o.second})
        if (!make_contestant(name, o, 0)) {
            err << "gobblet: --match: unknown player \"" << name
                << "\" (use easy, medium, hard, max, or abN for a fixed-depth alpha-beta with N from 1 to "
                   "8)\n";
            return 2;
        }
    std::mt19937_64 rng(o.seed);
    double first_points = 0;
    int first_wins = 0, second_wins = 0, draws = 0;
    std::vector<Move> opening;
    char line[256];
    for (int g = 0; g < o.games; ++g) {
        // Games come in pairs: the same random two-ply opening with colours swapped.
        Game game(o.variant);
        if (g % 2 == 0) {
            opening.clear();
            Game probe(o.variant);
            for (int ply = 0; ply < 2; ++ply) {
                MoveList moves;
                probe.legal_moves(moves);
                const Move m = moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)];
                opening.push_back(m);
                probe.play(m);
            }
        }
        for (Move m : opening) game.play(m);
        const bool first_is_white = g % 2 == 0;
        auto a = make_contestant(o.first, o, o.seed * 1000003 + std::uint64_t(g) * 2);
        auto b = make_contestant(o.second, o, o.seed * 1000003 + std::uint64_t(g) * 2 + 1);
        Contestant& white = first_is_white ? *a : *b;
        Contestant& black = first_is_white ? *b : *a;
        while (!game.over() && game.moves().size() < 400) {
            Contestant& mover = game.side_to_move() == Color::White ? white : black;
            const Move m = mover.choose(game);
            if (!game.play(m).empty()) {
                err << "gobblet: --match: " << mover.name << " chose an illegal move\n";
                return 1;
            }
        }
        const auto winner = game.result().winner();
        const char* verdict = "draw";
        if (!winner) {
            ++draws;
            first_points += 0.5;
        } else if ((*winner == Color::White) == first_is_white) {
            ++first_wins;
            first_points += 1;
            verdict = o.first.c_str();
        } else {
            ++second_wins;
            verdict = o.second.c_str();
        }
        std::snprintf(line, sizeof line, "game %d: %s (White) vs %s (Black): %s after %zu plies; %s\n", g + 1,
                      white.name.c_str(), black.name.c_str(),
                      winner ? (std::string(verdict) + " wins").c_str() : "draw", game.moves().size(),
                      result_text(game.result(), o.variant.size, game.side_to_move()).c_str());
        out << line << std::flush;
    }
    std::snprintf(line, sizeof line, "%s %d wins, %s %d wins, %d draws: %s scores %.1f%%\n", o.first.c_str(),
                  first_wins, o.second.c_str(), second_wins, draws, o.first.c_str(),
                  100.0 * first_points / o.games);
    out << line;
    return 0;
}

}  // namespace gobblet
