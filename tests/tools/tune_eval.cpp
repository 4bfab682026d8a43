// Tunes the evaluation's weights (engine/eval.h) on positions from self-play games, Texel-style: the
// weights that best predict each position's game result through a logistic curve of the evaluation.
// Not part of the program; docs/strength.md tells how the weights in engine/eval_weights.inc were made,
// and tests/cli/tune_eval.sh checks this tool.
//
//   build/tune-eval games FILE [--games N] [--nodes K] [--seed S] [--jobs J]
//       plays N games (default 4000) of max against itself at K nodes a move (default 4000), each from a
//       random opening of 2 to 9 plies, and appends them to FILE: the result for White (1-0, 0-1, 1/2),
//       then the moves, a game a line. Game i depends on S and i only, so the file is the same whatever
//       the number J of games played at once (default 1).
//   build/tune-eval fit FILE... [--epochs E] [--weights IN] [--out OUT] [--k K]
//       replays the games (this tool's, or tests/strength/selfplay.py --games-out's), keeps the quiet
//       positions (no win in one for the side to move, no threat against it), and fits the weights,
//       starting from IN (a file of engine/eval_weights.inc's form; default the weights compiled in);
//       prints the error before and after, and writes the weights to OUT in that same form. The error is
//       the mean squared difference between each position's result and sigmoid(K * evaluation), K the
//       steepness that fits the starting weights best, or K as given.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/eval.h"
#include "engine/game.h"
#include "engine/hash.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/player.h"

using namespace gobblet;

namespace {

constexpr std::size_t max_line = 64 * 1024;  // a game line: 200 moves are about 1,000 characters
constexpr int max_weight = 100000;           // a weight read back, in centipoints

int usage() {
    std::cerr << "usage: tune-eval games FILE [--games N] [--nodes K] [--seed S] [--jobs J]\n"
                 "       tune-eval fit FILE... [--epochs E] [--weights IN] [--out OUT] [--k K]\n";
    return 2;
}

// One self-play game: a result word ("1-0", "0-1", "1/2") and its moves.
std::string play_game(std::uint64_t seed, Player& player) {
    std::mt19937_64 rng(seed);
    Game g(Variant{4, Rules::Official});
    const int random_plies = 2 + int(rng() % 8);
    for (int i = 0; i < random_plies && !g.over(); ++i) {
        MoveList moves;
        g.legal_moves(moves);
        (void)g.play(moves[int(rng() % moves.size())]);
    }
    player.new_game(rng());  // clears the search's table: the game does not depend on the one before
    while (!g.over() && g.moves().size() < 200) (void)g.play(player.choose(g).move);
    const auto w = g.result().winner();
    std::string line = !w ? "1/2" : *w == Color::White ? "1-0" : "0-1";
    Color mover = Color::White;
    for (Move m : g.moves()) {
        line += " " + move_name(m, mover);
        mover = ~mover;
    }
    return line;
}

int games(const std::string& file, int count, std::uint64_t nodes, std::uint64_t seed, int jobs) {
    std::ofstream out(file, std::ios::app);
    if (!out) {
        std::cerr << "tune-eval: cannot write " << file << "\n";
        return 1;
    }
    // Games finish in any order; each is written once those before it are.
    std::vector<std::optional<std::string>> done(static_cast<std::size_t>(count));
    std::size_t written = 0;
    std::mutex mutex;
    std::atomic<int> next{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < jobs; ++t)
        pool.emplace_back([&] {
            PlayerSettings s{Level::Max, max_think_seconds, seed};
            s.max_nodes = nodes;
            s.table_bits = 18;
            Player player(s);
            for (int i; (i = next++) < count;) {
                std::string line = play_game(mix(seed ^ mix(std::uint64_t(i) + 1)), player);
                std::lock_guard lock(mutex);
                done[std::size_t(i)] = std::move(line);
                for (; written < done.size() && done[written]; ++written) out << *done[written] << "\n";
                out.flush();
            }
        });
    for (std::thread& t : pool) t.join();
    if (!out) {
        std::cerr << "tune-eval: writing " << file << " failed\n";
        return 1;
    }
    return 0;
}

struct Sample {
    std::array<std::int8_t, eval_feature_count> f;
    float result;  // for the side to move: 1 win, 0.5 draw, 0 loss
};

// The quiet positions of the games in `file`, or why the file cannot be read.
std::optional<std::string> read_samples(const std::string& file, std::vector<Sample>& samples) {
    std::ifstream in(file);
    if (!in) return file + ": cannot be read";
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string at = file + ":" + std::to_string(number) + ": ";
        if (line.size() > max_line)
            return at + "a line longer than " + std::to_string(max_line) + " characters";
        std::istringstream words(line);
        std::string result;
        if (!(words >> result)) continue;  // blank
        if (result != "1-0" && result != "0-1" && result != "1/2")
            return at + "a game starts with its result for White: 1-0, 0-1 or 1/2";
        const double white = result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5;
        std::string rest;
        std::getline(words, rest);
        const auto moves = parse_moves(rest);
        if (!moves) return at + moves.why().message();
        Game g(Variant{4, Rules::Official});
        for (const WrittenMove& m : *moves) {
            Position pos = g.position();
            if (!g.over() && !find_win(pos) && !threat_squares(pos, ~pos.side_to_move())) {
                Sample s;
                const EvalFeatures f = eval_features(pos);
                for (int i = 0; i < eval_feature_count; ++i)
                    s.f[i] = std::int8_t(std::clamp(f[i], -127, 127));
                s.result = float(pos.side_to_move() == Color::White ? white : 1 - white);
                samples.push_back(s);
            }
            if (const auto played = g.play(m.spec); !played)
                return at + "move " + m.written + " is illegal: " + played.why();
        }
    }
    return std::nullopt;
}

// Weights in engine/eval_weights.inc's form: `VALUE, // NAME` a line in EvalFeature's order, lines of
// comments and blank lines between. Every feature once, in order, by its name.
std::optional<std::string> read_weights(const std::string& file, std::vector<double>& w) {
    std::ifstream in(file);
    if (!in) return file + ": cannot be read";
    std::string line;
    int feature = 0;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string at = file + ":" + std::to_string(number) + ": ";
        if (line.size() > 1000) return at + "a line longer than 1000 characters";
        std::istringstream words(line);
        std::string first;
        if (!(words >> first) || first.rfind("//", 0) == 0) continue;
        const std::string expected = feature < eval_feature_count
                                         ? std::string("`VALUE, // ") + eval_feature_names[feature] + "`"
                                         : "nothing more: every feature has its weight";
        if (feature >= eval_feature_count) return at + "expected " + expected;
        char* end = nullptr;
        const long value = std::strtol(first.c_str(), &end, 10);
        std::string slashes, name, more;
        if (end == first.c_str() || std::string(end) != "," || !(words >> slashes >> name) ||
            slashes != "//" || words >> more)
            return at + "expected " + expected;
        if (name != eval_feature_names[feature])
            return at + "expected the weight of " + eval_feature_names[feature] + ", found " + name;
        if (value < -max_weight || value > max_weight)
            return at + "a weight is from " + std::to_string(-max_weight) + " to " +
                   std::to_string(max_weight);
        w[std::size_t(feature++)] = double(value);
    }
    if (feature < eval_feature_count)
        return file + ": the weight of " + eval_feature_names[feature] + " is missing (" +
               std::to_string(eval_feature_count) + " features)";
    return std::nullopt;
}

bool write_weights(const std::string& file, const std::vector<long>& w, const std::string& how) {
    std::ofstream out(file);
    out << "// The evaluation's weights in centipoints per count, one feature a line in EvalFeature's order "
           "(eval.h):\n"
           "// `VALUE, // NAME`. build/tune-eval fit --out writes this file and --weights reads it back.\n"
        << how;
    for (int i = 0; i < eval_feature_count; ++i)
        out << w[std::size_t(i)] << ",  // " << eval_feature_names[i] << "\n";
    return bool(out.flush());
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

double error(const std::vector<Sample>& samples, const std::vector<double>& w, double k) {
    double sum = 0;
    for (const Sample& s : samples) {
        double e = 0;
        for (int i = 0; i < eval_feature_count; ++i) e += w[std::size_t(i)] * s.f[std::size_t(i)];
        const double d = s.result - sigmoid(k * e);
        sum += d * d;
    }
    return sum / double(samples.size());
}

int fit(const std::vector<std::string>& files, int epochs, double fixed_k, const std::string& weights_in,
        const std::string& weights_out) {
    std::vector<double> w(eval_weights.begin(), eval_weights.end());
    if (!weights_in.empty())
        if (const auto why = read_weights(weights_in, w)) {
            std::cerr << "tune-eval: " << *why << "\n";
            return 1;
        }
    std::vector<Sample> samples;
    for (const std::string& file : files)
        if (const auto why = read_samples(file, samples)) {
            std::cerr << "tune-eval: " << *why << "\n";
            return 1;
        }
    if (samples.empty()) {
        std::cerr << "tune-eval: no quiet positions in the games\n";
        return 1;
    }
    // The curve's steepness that fits the starting weights best (on a grid of five decimals, as printed),
    // then kept fixed (Texel's K); or the one given.
    double k = fixed_k, best = fixed_k > 0 ? error(samples, w, fixed_k) : 1e9;
    for (double c = 0.0001; fixed_k == 0 && c < 0.1; c *= 1.02) {
        const double grid = std::round(c * 1e5) / 1e5;
        if (const double e = error(samples, w, grid); e < best) best = e, k = grid;
    }
    const char* start = weights_in.empty() ? "the weights compiled in" : "the weights read";
    std::printf("%zu positions; K %.5f; error %.6f with %s\n", samples.size(), k, best, start);
    // Adam on the mean squared error.
    std::vector<double> m(w.size()), v(w.size()), grad(w.size());
    const double rate = 0.5, b1 = 0.9, b2 = 0.999;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        std::fill(grad.begin(), grad.end(), 0);
        for (const Sample& s : samples) {
            double e = 0;
            for (int i = 0; i < eval_feature_count; ++i) e += w[std::size_t(i)] * s.f[std::size_t(i)];
            const double p = sigmoid(k * e);
            const double g = -2 * (s.result - p) * p * (1 - p) * k;
            for (int i = 0; i < eval_feature_count; ++i) grad[std::size_t(i)] += g * s.f[std::size_t(i)];
        }
        for (std::size_t i = 0; i < w.size(); ++i) {
            grad[i] /= double(samples.size());
            m[i] = b1 * m[i] + (1 - b1) * grad[i];
            v[i] = b2 * v[i] + (1 - b2) * grad[i] * grad[i];
            const double mh = m[i] / (1 - std::pow(b1, epoch)), vh = v[i] / (1 - std::pow(b2, epoch));
            w[i] -= rate * mh / (std::sqrt(vh) + 1e-12);
        }
        if (epoch % 200 == 0) std::printf("epoch %d: error %.6f\n", epoch, error(samples, w, k));
    }
    // Whole centipoints, as the engine takes them; the error is the rounded weights'.
    std::vector<long> rounded;
    for (double x : w) rounded.push_back(std::lround(x));
    std::vector<double> as_used(rounded.begin(), rounded.end());
    const double after = error(samples, as_used, k);
    std::printf("error %.6f with the tuned weights (K %.5f):\n", after, k);
    for (std::size_t i = 0; i < rounded.size(); ++i)
        std::printf("%ld%s", rounded[i], i + 1 < rounded.size() ? ", " : "\n");
    if (!weights_out.empty()) {
        char how[200];
        std::snprintf(how, sizeof how,
                      "// Fitted on %zu quiet positions in %d epochs (K %.5f): error %.6f, was %.6f.\n",
                      samples.size(), epochs, k, after, best);
        if (!write_weights(weights_out, rounded, how)) {
            std::cerr << "tune-eval: cannot write " << weights_out << "\n";
            return 1;
        }
    }
    return 0;
}

// A count from the command line, or none.
std::optional<long long> count_of(const char* text, long long low, long long high) {
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(text, &end, 10);
    if (end == text || *end || errno || v < low || v > high) return std::nullopt;
    return v;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) return usage();
    const std::string what = argv[1];
    std::vector<std::string> files;
    long long count = 4000, jobs = 1, epochs = 2000, nodes = 4000, seed = 1;
    std::string weights_in, weights_out;
    double k = 0;
    struct Option {
        long long* value;
        long long low, high;
    };
    const std::map<std::string, Option> options = {
        {"--games", {&count, 1, 10000000}},  {"--jobs", {&jobs, 1, 64}},
        {"--epochs", {&epochs, 0, 1000000}}, {"--nodes", {&nodes, 1, 1LL << 40}},
        {"--seed", {&seed, 0, 1LL << 62}},
    };
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 < argc && a == "--k") {
            const auto v = parse_seconds(argv[++i]);  // a plain decimal number
            if (!v || *v <= 0 || *v > 1) {
                std::cerr << "tune-eval: --k is a number above 0, at most 1 (the curve's steepness)\n";
                return 2;
            }
            k = *v;
        } else if (i + 1 < argc && (a == "--weights" || a == "--out")) {
            (a == "--weights" ? weights_in : weights_out) = argv[++i];
        } else if (const auto o = options.find(a); o != options.end() && i + 1 < argc) {
            const auto v = count_of(argv[++i], o->second.low, o->second.high);
            if (!v) {
                std::cerr << "tune-eval: " << a << " is a whole number from " << o->second.low << " to "
                          << o->second.high << "\n";
                return 2;
            }
            *o->second.value = *v;
        } else if (a.rfind("--", 0) == 0) {
            return usage();
        } else {
            files.push_back(a);
        }
    }
    if (what == "games" && files.size() == 1 && weights_in.empty() && weights_out.empty())
        return games(files[0], int(count), std::uint64_t(nodes), std::uint64_t(seed), int(jobs));
    if (what == "fit" && !files.empty()) return fit(files, int(epochs), k, weights_in, weights_out);
    return usage();
}
