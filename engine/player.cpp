#include "player.h"

#include <random>

#include "movegen.h"

namespace gobblet {

// Until the search lands (the computer-player issue), the player takes a win in one, else picks a legal
// move at random. It is always legal.
struct Player::Impl {
    PlayerSettings settings;
    std::mt19937_64 rng;
    explicit Impl(const PlayerSettings& s) : settings(s), rng(s.seed) {}
};

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

Player::Player(PlayerSettings settings) : impl_(std::make_unique<Impl>(settings)) {}
Player::~Player() = default;
Player::Player(Player&&) noexcept = default;
Player& Player::operator=(Player&&) noexcept = default;

const PlayerSettings& Player::settings() const { return impl_->settings; }
void Player::set_settings(const PlayerSettings& settings) {
    impl_->settings = settings;
    impl_->rng.seed(settings.seed);
}
void Player::new_game() { impl_->rng.seed(impl_->settings.seed); }

Choice Player::choose(const Game& game, const std::atomic<bool>*, const std::function<void(const ThinkInfo&)>&) {
    Choice c;
    MoveList moves;
    game.legal_moves(moves);
    if (moves.empty()) return c;
    Position pos = game.position();
    const Color us = pos.side_to_move();
    for (Move m : moves) {
        pos.play(m);
        const bool wins = pos.winner() == us;
        pos.undo(m);
        if (wins) return {m, mate_score - 1, 1, "wins: " + std::string(game.variant().size == 4 ? "four" : "three") + " in a row"};
    }
    std::uniform_int_distribution<int> pick(0, moves.size() - 1);
    c.move = moves[pick(impl_->rng)];
    c.depth = 1;
    c.why = "a legal move";
    return c;
}

}  // namespace gobblet
