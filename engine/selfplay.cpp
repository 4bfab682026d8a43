#include "selfplay.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <random>

#include "decisions.h"
#include "eval.h"
#include "game.h"
#include "match.h"
#include "movegen.h"
#include "player.h"
#include "timeman.h"

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
    Move choose(const Game& game, const TimeBudget& budget) {
        return player ? player->choose(game, budget).move : ab->choose(game);
    }
};

std::optional<Contestant> make_contestant(const std::string& name, const MatchOptions& o,
                                          std::uint64_t seed) {
    Contestant c;
    c.name = name;
    if (const auto level = parse_level(name)) {
        PlayerSettings ps{*level, o.think_seconds, seed};
        ps.time = o.time;
        ps.max_nodes = o.nodes;
        ps.threads = o.threads;
        ps.opponent = Opponent::Computer;  // a match here is computers only
        c.player.emplace(ps);
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

// How one move under the clock used its time.
struct MoveTime {
    Millis think = 0;    // from the budget's computation to the move's arrival
    double budget = 0;   // the budget's hard limit, seconds (0: none)
    Millis charged = 0;  // what the clock charged for the turn
    Millis spare = 0;    // what was left on the clock when the move arrived
};

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// The timing summary of every move made under the clock.
void report_times(const std::vector<MoveTime>& times, int forfeits, std::ostream& out) {
    std::vector<double> ratios;
    Millis spare = -1, longest = 0;
    for (const MoveTime& t : times) {
        if (t.budget > 0) ratios.push_back(double(t.think) / 1000.0 / t.budget);
        spare = spare < 0 ? t.spare : std::min(spare, t.spare);
        longest = std::max(longest, t.charged);
    }
    char line[256];
    std::snprintf(line, sizeof line,
                  "timing: %zu moves; think time / budget: median %.1f%%, max %.1f%%; closest to the limit: "
                  "%.3f s to spare; longest move %.3f s; forfeits on time: %d\n",
                  times.size(), 100 * median(ratios),
                  ratios.empty() ? 0.0 : 100 * *std::max_element(ratios.begin(), ratios.end()),
                  double(std::max<Millis>(0, spare)) / 1000, double(longest) / 1000, forfeits);
    out << line;
}

// Match play: o.games matches under the tournament rules and the clock (selfplay.h).
int play_matches(const MatchOptions& o, std::ostream& out, std::ostream& err) {
    const auto now = [&o] { return Millis(micros_of(o.time) / 1000); };
    const bool same = o.first == o.second;
    const std::string first_name = same ? o.first + "#1" : o.first;
    const std::string second_name = same ? o.second + "#2" : o.second;
    std::vector<MoveTime> times;
    int forfeits = 0, first_matches = 0, second_matches = 0, unfinished = 0;
    char line[320];
    for (int k = 0; k < o.games; ++k) {
        // Player 0 plays White in round 1; the players swap that from one match to the next.
        const bool first_starts = k % 2 == 0;
        auto a = make_contestant(o.first, o, o.seed * 1000003 + std::uint64_t(k) * 2);
        auto b = make_contestant(o.second, o, o.seed * 1000003 + std::uint64_t(k) * 2 + 1);
        a->name = first_name;
        b->name = second_name;
        Contestant* seat[2] = {first_starts ? &*a : &*b, first_starts ? &*b : &*a};
        Match m(MatchSettings{o.variant, o.first_to, o.clock}, {seat[0]->name, seat[1]->name});
        std::snprintf(line, sizeof line, "match %d: %s vs %s, first to %d, %s\n", k + 1,
                      seat[0]->name.c_str(), seat[1]->name.c_str(), o.first_to,
                      clock_description(o.clock).c_str());
        out << line << std::flush;
        // A new round: the players forget the last one before its clock starts.
        const auto forget = [&seat] {
            for (Contestant* c : seat)
                if (c->player) c->player->new_game();
        };
        m.start_clock(now());
        int rounds = 1;
        while (m.phase() != MatchPhase::Over) {
            if (m.phase() != MatchPhase::Playing) {
                const Game& g = m.game();
                std::snprintf(line, sizeof line, "round %d, %zu plies: %s; %s\n", m.round_number(),
                              g.moves().size(), m.round_result_text().c_str(), m.score_text().c_str());
                out << line << std::flush;
                forfeits += g.result().ending == Ending::Time;
                if (++rounds > max_selfplay_rounds) break;
                forget();
                // The loser of a won round chooses by the computer's rule; a drawn round is played again.
                if (m.phase() == MatchPhase::ChoosingStarter)
                    m.choose_starter(starter_after_loss(m.chooser()), now());
                else
                    m.next_round(now());
                continue;
            }
            const Color side = m.game().side_to_move();
            Contestant& mover = *seat[m.player_of(side)];
            const Millis t0 = now();
            m.tick(t0);
            if (m.game().over()) continue;  // the flag fell before the move was asked for
            MoveTime t;
            Move move;
            if (o.clock.enabled() && mover.player) {
                const PlayerSettings& ps = mover.player->settings();
                const TimeBudget budget = time_budget(time_situation(m, t0), ps.level, ps.think_seconds);
                t.budget = budget.hard;
                move = mover.choose(m.game(), budget);
            } else {
                move = mover.choose(m.game());
            }
            const Millis t1 = now();
            const int chunks = m.tick(t1).chunks;
            if (m.game().over()) continue;  // too late: the round is lost on time
            t.think = t1 - t0;
            t.charged = m.clock().elapsed(t1);
            t.spare = m.clock().time_left(side, t1);
            const std::size_t ply = m.game().moves().size() + 1;
            const std::string name = move_name(move, side);
            if (const Expected<void> played = m.play(move, t1); !played) {
                err << "gobblet: --match: " << mover.name << " chose an illegal move " << name << ": "
                    << played.why() << "\n";
                return 1;
            }
            if (o.clock.enabled()) {
                times.push_back(t);
                std::snprintf(
                    line, sizeof line,
                    "  round %d ply %zu %s %s: %s  %.3f s of a %.3f s budget (%.0f%%), clock %.3f s, "
                    "%.3f s to spare%s\n",
                    m.round_number(), ply, color_name(side), mover.name.c_str(), name.c_str(),
                    double(t.think) / 1000, t.budget, t.budget > 0 ? 100 * t.think / 1000.0 / t.budget : 0.0,
                    double(t.charged) / 1000, double(t.spare) / 1000,
                    chunks ? " (took a reserve chunk)" : "");
                out << line;
            }
            // Two computers that shuffle without repeating for this long agree to a draw.
            if (!m.game().over() && m.game().moves().size() >= 400) m.agree_draw(t1);
        }
        if (m.phase() == MatchPhase::Over) {
            const Game& g = m.game();
            std::snprintf(line, sizeof line, "round %d, %zu plies: %s; %s\n", m.round_number(),
                          g.moves().size(), m.round_result_text().c_str(), m.score_text().c_str());
            out << line;
            forfeits += g.result().ending == Ending::Time;
            const auto w = m.winner();
            if (w) (seat[*w] == &*a ? first_matches : second_matches)++;
            out << "match " << k + 1 << ": " << (w ? m.match_result_text() : std::string("no winner")) << "\n"
                << std::flush;
        } else {
            ++unfinished;
            out << "match " << k + 1 << ": unfinished after " << max_selfplay_rounds << " rounds\n"
                << std::flush;
        }
    }
    std::snprintf(line, sizeof line, "%s %d matches, %s %d matches, %d unfinished\n", first_name.c_str(),
                  first_matches, second_name.c_str(), second_matches, unfinished);
    out << line;
    if (o.clock.enabled()) report_times(times, forfeits, out);
    return 0;
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
    if (o.match_play()) return play_matches(o, out, err);
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
                (void)probe.play(m);  // a legal move of the position
            }
        }
        for (Move m : opening) (void)game.play(m);  // legal: played on the probe from the same start
        const bool first_is_white = g % 2 == 0;
        auto a = make_contestant(o.first, o, o.seed * 1000003 + std::uint64_t(g) * 2);
        auto b = make_contestant(o.second, o, o.seed * 1000003 + std::uint64_t(g) * 2 + 1);
        Contestant& white = first_is_white ? *a : *b;
        Contestant& black = first_is_white ? *b : *a;
        while (!game.over() && game.moves().size() < 400) {
            Contestant& mover = game.side_to_move() == Color::White ? white : black;
            const Move m = mover.choose(game);
            if (!game.play(m)) {
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
