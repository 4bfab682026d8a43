#include "glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gobblet::server::glicko2 {

namespace {

// The Glicko-2 scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178 (step 2 of the paper).
constexpr double scale = 173.7178;
// The convergence tolerance of the volatility's iteration (step 5), as in the paper.
constexpr double epsilon = 0.000001;
// The iteration halves the bracket at worst every other step: 200 steps are far beyond any real need and
// bound the time whatever the numbers.
constexpr int max_iterations = 200;

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }
double expected(double mu, double mu_j, double phi_j) { return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j))); }

double finite_or(double x, double fallback) { return std::isfinite(x) ? x : fallback; }

// A rating brought into the ranges the formulas expect: finite, the deviation positive and at most
// max_deviation, the volatility positive. (The floor min_deviation applies to what rate() gives, not to
// what it is given: the paper's example has an opponent at RD 30.)
Rating sane(const Rating& r) {
    Rating out;
    out.rating = finite_or(r.rating, newcomer.rating);
    out.deviation = std::clamp(finite_or(r.deviation, max_deviation), 1.0, max_deviation);
    out.volatility = std::clamp(finite_or(r.volatility, newcomer.volatility), 1e-6, 1.0);
    return out;
}

// Step 5: the new volatility sigma', by the Illinois algorithm on f(x) = 0, x = ln(sigma'^2).
double new_volatility(double phi, double sigma, double v, double delta, double tau) {
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
    };
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0 && k < max_iterations) ++k;
        B = a - k * tau;
    }
    double fA = f(A), fB = f(B);
    for (int i = 0; i < max_iterations && std::abs(B - A) > epsilon; ++i) {
        const double C = A + (A - B) * fA / (fB - fA);
        const double fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    return std::exp(A / 2);
}

}  // namespace

Rating rate(const Rating& player_in, std::span<const Result> results, double periods, double tau) {
    const Rating player = sane(player_in);
    periods = std::max(0.0, finite_or(periods, 0));
    if (results.empty()) return after_inactivity(player, periods);

    // Step 2: to the Glicko-2 scale.
    const double mu = (player.rating - 1500) / scale;
    const double phi = player.deviation / scale;
    const double sigma = player.volatility;

    // Steps 3 and 4: the estimated variance v of the rating from the results alone, and the estimated
    // improvement delta.
    double v_inverse = 0, sum = 0;
    for (const Result& r : results) {
        const Rating o = sane(r.opponent);
        const double mu_j = (o.rating - 1500) / scale, phi_j = o.deviation / scale;
        const double e = expected(mu, mu_j, phi_j);
        v_inverse += g(phi_j) * g(phi_j) * e * (1 - e);
        sum += g(phi_j) * (std::clamp(r.score, 0.0, 1.0) - e);
    }
    const double v = 1 / v_inverse;
    const double delta = v * sum;

    // Step 5: the new volatility.
    const double sigma_new = new_volatility(phi, sigma, v, delta, tau);

    // Step 6: the pre-period deviation, grown by `periods` periods of the new volatility (the paper: one
    // period), never beyond a newcomer's.
    const double phi_star =
        std::min(std::sqrt(phi * phi + periods * sigma_new * sigma_new), max_deviation / scale);

    // Step 7: the new deviation and rating.
    const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
    const double mu_new = mu + phi_new * phi_new * sum;

    // Step 8: back to the Glicko scale.
    Rating out;
    out.rating = scale * mu_new + 1500;
    out.deviation = std::clamp(scale * phi_new, min_deviation, max_deviation);
    out.volatility = sigma_new;
    return out;
}

Rating rate_game(const Rating& player, const Rating& opponent, double score, double periods, double tau) {
    const Result result{opponent, score};
    return rate(player, std::span<const Result>(&result, 1), periods, tau);
}

Rating after_inactivity(const Rating& player_in, double periods) {
    Rating out = sane(player_in);
    periods = std::max(0.0, finite_or(periods, 0));
    const double phi = out.deviation / scale;
    out.deviation =
        std::min(scale * std::sqrt(phi * phi + periods * out.volatility * out.volatility), max_deviation);
    return out;
}

double periods_between(std::int64_t from_seconds, std::int64_t to_seconds) {
    if (to_seconds <= from_seconds) return 0;
    return double(to_seconds - from_seconds) / 86400.0 * periods_per_day;
}

std::optional<std::int64_t> settled_until(const Rating& player_in, std::int64_t last_rated, double max_dev) {
    const Rating r = sane(player_in);
    const double phi = r.deviation / scale, target = std::min(max_dev, max_deviation) / scale;
    if (!(phi <= target)) return std::nullopt;
    // sqrt(phi^2 + periods * sigma^2) <= target, solved for the periods (sane() keeps sigma positive).
    const double periods = (target * target - phi * phi) / (r.volatility * r.volatility);
    const double seconds = std::floor(std::min(periods / periods_per_day * 86400.0, 1e15));
    return last_rated + std::int64_t(seconds);
}

}  // namespace gobblet::server::glicko2
