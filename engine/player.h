// The computer player: what the curses game, the engine protocol and the tests call to get a move.
// The search behind it is private (pimpl), so front ends never depend on its internals.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cores.h"
#include "game.h"
#include "score.h"
#include "time_source.h"

namespace gobblet {

enum class Level : std::uint8_t { Easy, Medium, Hard, Max };
const char* level_name(Level l);
std::optional<Level> parse_level(std::string_view name);

// Seconds a move may take at a level, from --think: `max` all of it, `hard` a quarter (at least 0.02 s);
// 0 for `easy` and `medium`, which search to a fixed depth with no time limit.
double think_limit(Level level, double think_seconds);

// The range of a move's thinking time, wherever it is read (--think, the protocol's time_settings and
// time_left), and the most any move may get, whatever a clock says: an hour.
constexpr double min_think_seconds = 0.01;
constexpr double max_think_seconds = 3600;
// Reads a number of seconds written as a plain decimal ("2", "0.5", ".25"): no sign, no exponent, never
// nan or inf. nullopt when the text is not such a number.
std::optional<double> parse_seconds(std::string_view text);
// Reads a seed for the computer's choices (--seed): a plain decimal that fits 64 bits, nothing else (no
// sign, so -1 does not wrap around to the largest seed). nullopt when the text is not such a number.
std::optional<std::uint64_t> parse_seed(std::string_view text);

// Who the computer plays, as far as its front end knows: it weighs draws by it (draw_contempt).
enum class Opponent : std::uint8_t { Unknown, Human, Computer };

// The computer's contempt for a draw by repetition, in centipoints (SearchLimits::contempt): it plays on
// rather than repeat in any position it scores better than minus this. The stronger the level the more
// it expects to outplay its opponent, and the more against a person than against a program, which
// plays as steadily late in a game as early. The solved 3x3 game ignores it (a draw there is exact).
int draw_contempt(Level level, Opponent opponent);

struct PlayerSettings {
    Level level = Level::Medium;
    double think_seconds = 1.0;  // time a move at the top level; `max` uses all of it (see the range above)
    // For the randomness of lower levels: the same seed plays the same games, in the same order (each
    // game's own seed is this one mixed with the game's number: see Player::new_game).
    std::uint64_t seed = 0;
    // Nodes a search may visit, 0 for no limit: with it (and a long think time), the player's choices do
    // not depend on the machine's speed, which tests and fuzzing need. The exact 3x3 player ignores it.
    std::uint64_t max_nodes = 0;
    // The transposition table holds 2^table_bits entries of 16 bytes (16 MiB by default); fixed when the
    // player is made. Small tables suit short-lived players (fuzzing makes one for every input).
    int table_bits = 20;
    // Threads a search uses (Lazy SMP, search.h), 1 to Search::max_threads. One thread is deterministic:
    // the same seed and limits give the same moves, which tests and --seed need; more search more of the
    // tree in the same time, and then the moves depend on timing. main.cpp's --threads sets it.
    int threads = 1;
    // With a meter (cores.h), `threads` is the most a search uses, and each search runs only as many as
    // the machine has free cores (main.cpp passes the machine's when --threads is not given). Not owned.
    // Null: every search runs `threads`.
    const CoreMeter* cores = nullptr;
    // Who it plays (the game's other seat; unknown to the engine protocol and the bot): its contempt
    // for draws depends on it.
    Opponent opponent = Opponent::Unknown;
    // Where the think time passes (time_source.h): main.cpp passes the real monotonic clock, tests a
    // fake. Not owned. Null: time stands still, so `hard` and `max` search until the node limit or the
    // stop flag (and `max` without either would not stop): every caller that plays those levels gives one.
    const TimeSource* time = nullptr;
};

struct Choice {
    Move move;        // none only when the game is over
    int score = 0;    // from the mover's point of view
    int depth = 0;    // completed search depth
    std::string why;  // a few words: "wins: four in a row", "blocks column 3", "evaluation +2.3"
};

struct TimeBudget;  // timeman.h

class Player {
  public:
    explicit Player(PlayerSettings settings = {});
    ~Player();
    Player(Player&&) noexcept;
    Player& operator=(Player&&) noexcept;

    const PlayerSettings& settings() const;
    void set_settings(const PlayerSettings& settings);
    // A new game starts (a new round of a match too): everything learned in the current one is
    // forgotten, and the game gets the next number (the first game is number 0), which varies the lower
    // levels' choices from game to game while the same seed still repeats the same sequence of games.
    void new_game();
    // The same, for the game numbered `number`: a caller that knows which game it is (the round of a
    // match) gets the same choices for it whatever happened before, after a --resume too.
    void new_game(std::uint64_t number);
    std::uint64_t game_number() const;

    // Chooses a move for the side to move. Blocks until it has decided; when *stop becomes true it
    // returns at once with the best move found so far. on_info, if given, is called from inside the
    // search (on the calling thread) as it deepens. Never returns an illegal move.
    Choice choose(const Game& game, const std::atomic<bool>* stop = nullptr,
                  const std::function<void(const ThinkInfo&)>& on_info = {});
    // The same under a clock: the budget (time_budget in timeman.h) replaces the level's think time. No
    // new iteration starts after budget.soft, the search stops at budget.hard, and once the last
    // completed iteration scores a forced win or loss not yet proven, the forced limits apply instead.
    // The fixed-depth levels keep their depth, under the same hard ceiling.
    Choice choose(const Game& game, const TimeBudget& budget, const std::atomic<bool>* stop = nullptr,
                  const std::function<void(const ThinkInfo&)>& on_info = {});

  private:
    Choice think(const Game& game, const TimeBudget* budget, const std::atomic<bool>* stop,
                 const std::function<void(const ThinkInfo&)>& on_info);

    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace gobblet
