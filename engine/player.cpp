#include "player.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "analysis.h"
#include "eval.h"
#include "hash.h"
#include "movegen.h"
#include "search.h"
#include "solve3.h"
#include "timeman.h"

namespace gobblet {

namespace {

// What each level searches. Lower levels see less and add noise to the evaluation, so they make
// human-like mistakes and vary between games; every level still takes a win in one (mate scores carry
// no noise) and, from medium up, sees a threat to block.
SearchLimits limits_for(const PlayerSettings& s, std::uint64_t seed) {
    SearchLimits l;
    l.time = s.time;
    l.cores = s.cores;
    l.contempt = draw_contempt(s.level, s.opponent);
    l.seed = seed;
    l.nodes = s.max_nodes;
    switch (s.level) {
        case Level::Easy:
            l.depth = 2;
            l.noise = 160;
            break;
        case Level::Medium:
            l.depth = 4;
            l.noise = 40;
            break;
        case Level::Hard:
            l.depth = 6;  // a strong club player's horizon: clearly below max, clearly above medium
            l.seconds = think_limit(s.level, s.think_seconds);
            break;
        case Level::Max: l.seconds = think_limit(s.level, s.think_seconds); break;
    }
    return l;
}

// A few words on why the move was chosen.
std::string explain(const Position& before, Move m, int score) {
    const int n = before.size();
    const char* row = n == 4 ? "four in a row" : "three in a row";
    if (score >= mate_bound) {
        const int plies = mate_score - score;
        if (plies <= 1) return std::string("wins: ") + row;
        char buf[48];
        std::snprintf(buf, sizeof buf, "forced win in %d moves", (plies + 1) / 2);
        return buf;
    }
    const Color us = before.side_to_move();
    const Bitboard holes = threat_squares(before, ~us);
    if (holes) {
        const Bitboard theirs = before.visible(~us);
        for (Bitboard line : lines_of(n)) {
            const Bitboard have = Bitboard(theirs & line);
            if (popcount(have) != n - 1 || !(Bitboard(line & ~have) & holes)) continue;
            if (bit(m.to()) & line) return "blocks " + line_name(line, n);
        }
    }
    if (score <= -mate_bound) {
        const int plies = mate_score + score;
        char buf[64];
        std::snprintf(buf, sizeof buf, "every move loses; this one holds out %d moves", plies / 2);
        return buf;
    }
    // In words a player reads, from the mover's side: "about even", "Black is better".
    return score_words(score, us);
}

}  // namespace

struct Player::Impl {
    PlayerSettings settings;
    std::uint64_t game = 0;  // mixed into the seed: each game plays differently (see new_game)
    Search search;
    explicit Impl(const PlayerSettings& s) : settings(s), search(s.table_bits, s.threads) {}
};

int draw_contempt(Level level, Opponent opponent) {
    int base = 0;
    switch (level) {
        case Level::Easy: return 0;  // its noise decides more than any contempt would
        case Level::Medium: base = 10; break;
        case Level::Hard: base = 15; break;
        case Level::Max: base = 25; break;
    }
    return opponent == Opponent::Human ? 2 * base : base;
}

double think_limit(Level level, double think_seconds) {
    switch (level) {
        case Level::Easy:
        case Level::Medium: return 0;
        case Level::Hard: return std::max(0.02, think_seconds / 4);
        case Level::Max: return think_seconds;
    }
    return 0;
}

const char* level_name(Level l) {
    switch (l) {
        case Level::Easy: return "easy";
        case Level::Medium: return "medium";
        case Level::Hard: return "hard";
        case Level::Max: return "max";
    }
    return "medium";
}

std::optional<Level> parse_level(std::string_view name) {
    for (Level l : {Level::Easy, Level::Medium, Level::Hard, Level::Max})
        if (name == level_name(l)) return l;
    return std::nullopt;
}

std::optional<std::uint64_t> parse_seed(std::string_view text) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<double> parse_seconds(std::string_view text) {
    bool digit = false, point = false;
    for (char c : text) {
        if (c == '.' && !point)
            point = true;
        else if (c >= '0' && c <= '9')
            digit = true;
        else
            return std::nullopt;
    }
    if (!digit || text.size() > 32) return std::nullopt;
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

Player::Player(PlayerSettings settings) : impl_(std::make_unique<Impl>(settings)) {}
Player::~Player() = default;
Player::Player(Player&&) noexcept = default;
Player& Player::operator=(Player&&) noexcept = default;

const PlayerSettings& Player::settings() const { return impl_->settings; }
void Player::set_settings(const PlayerSettings& settings) {
    impl_->settings = settings;
    impl_->search.set_threads(settings.threads);
}
void Player::new_game() { new_game(impl_->game + 1); }
void Player::new_game(std::uint64_t number) {
    impl_->search.clear();
    impl_->game = number;
}
std::uint64_t Player::game_number() const { return impl_->game; }

Choice Player::choose(const Game& game, const std::atomic<bool>* stop,
                      const std::function<void(const ThinkInfo&)>& on_info) {
    return think(game, nullptr, stop, on_info);
}

Choice Player::choose(const Game& game, const TimeBudget& budget, const std::atomic<bool>* stop,
                      const std::function<void(const ThinkInfo&)>& on_info) {
    return think(game, &budget, stop, on_info);
}

Choice Player::think(const Game& game, const TimeBudget* budget, const std::atomic<bool>* stop,
                     const std::function<void(const ThinkInfo&)>& on_info) {
    Choice c;
    if (game.over()) return c;
    const Position& pos = game.position();
    // Gobblet Jr. is solved: from hard up the player is perfect there (within the clock's ceiling).
    if (pos.size() == 3 && impl_->settings.level >= Level::Hard) {
        solve3::Verdict v;
        if (const auto m = solve3::best_move(game, &v, budget ? budget->hard : 0, impl_->settings.time)) {
            c.move = *m;
            c.depth = v.plies;
            c.score = v.value == solve3::Value::Win    ? mate_score - v.plies
                      : v.value == solve3::Value::Loss ? -(mate_score - v.plies)
                                                       : 0;
            c.why = v.value != solve3::Value::Draw ? explain(pos, *m, c.score)
                    : v.complete                   ? "holds the draw (the game is solved)"
                                                   : "no forced result found in the time";
            if (on_info) on_info(ThinkInfo{c.depth, c.score, c.move, 0, 0});
            return c;
        }
    }
    // The move's seed: the player's, the game's number (game 0 keeps the seed as it is) and the ply.
    const std::uint64_t game_seed =
        impl_->game ? mix(impl_->settings.seed ^ mix(~impl_->game)) : impl_->settings.seed;
    SearchLimits limits = limits_for(impl_->settings, mix(game_seed ^ mix(game.moves().size())));
    if (budget) {
        limits.seconds = budget->hard;
        limits.soft_seconds = budget->soft;
        limits.forced_seconds = budget->forced_hard;
        limits.forced_soft_seconds = budget->forced_soft;
    }
    limits.stop = stop;
    limits.on_info = on_info;
    if (game.touched()) limits.only_from = *game.touched();
    const SearchResult r = impl_->search.run(pos, game.position_keys(), limits);
    if (r.best.is_none()) return c;
    c.move = r.best;
    c.score = r.score;
    c.depth = r.depth;
    c.why = explain(pos, r.best, r.score);
    return c;
}

}  // namespace gobblet
