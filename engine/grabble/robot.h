// The computer players' minds: what a computer at a level does next on a Grabble table, and when. A robot
// is a value that never reads a clock and never waits: asked with the game and the time now, it says
// what it intends (grab a word, reveal, pass) and at what time; the caller (a seat on the computer's
// worker thread) schedules it, and plans again when the game changes.
//
// A level is a reaction time and a vocabulary, never a random mistake (anagrams.site's robots, STYLE.md):
//   - easy knows the list's common words only (Lexicon::mark_common), and reacts in about 5 s;
//   - medium knows the common words and the others up to 5 letters, and reacts in about 3 s;
//   - hard knows the common words and the others up to 9 letters (most of a list), in about 1.5 s;
//   - max knows every word and grabs the best grab the moment it exists: no reaction time at all.
// Each finds the best grab it knows (search.h's best_grab: the most its score gains and its opponents
// lose). A reaction counts from the last change of the table (a reveal or a grab made), a little longer
// for a longer word, spread by a draw from the robot's seed, the player and the number of the change:
// the same seed, game and events give the same times, and planning again on an unchanged game gives the
// same intent. With nothing it knows to grab, a robot reveals on its turn after a look at the table of a
// second or two, or else passes after it (so that when everyone has passed the next tile comes at once).
//
// It grabs nothing while another grab is being heard (Game::pending(): it listens to the shout, then
// looks at the table it makes), waits for grabs that clashed to give their tiles back (their tie windows,
// Game::deciding_until()), never shouts a word that waits for the next tile after a clash, and when the
// computers wait for the people (Settings::computer_waits, the seed's "Comp plays at same time" off) it
// does nothing until every person has passed. So the rules never refuse what it intends when it acts at
// the time it planned on the game it planned on; another player's shout in between makes the intent
// stale (RobotIntent::stale), and the caller plans again.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/grabble/game.h"
#include "engine/grabble/search.h"
#include "engine/player.h"

namespace gobblet::grabble {

// How a level plays. Times in milliseconds; a spread s draws uniformly from -s to +s.
struct RobotStyle {
    // The words it knows: the list's common words, and the others up to this length (0: none).
    int uncommon_max_length = max_word_letters;
    // When the list has no word marked common (the common list is not installed), the words up to this
    // length, whatever they are.
    int unmarked_max_length = max_word_letters;
    // The reaction to a grab it knows: after the table changed, this, plus per_letter for each letter of
    // the word beyond the minimum length, plus the draw.
    Millis reaction = 0, per_letter = 0, reaction_spread = 0;
    // The look at a table where it knows nothing to grab, before it reveals (on its turn) or passes.
    Millis look = 1000, look_spread = 0;
};
const RobotStyle& robot_style(Level level);

// What a plan depends on, for player `me`: when the game's basis is no longer the one an intent was
// planned on, the table has changed (a tile, a grab made), a grab is heard or clashed, the player has
// passed or shouted, the people have passed or shouted (for computers that wait), or the phase moved on;
// the intent is stale and the caller plans again. Other computers' passes leave it as it is.
struct PlanBasis {
    std::size_t changes = 0;  // Game::history().size()
    Phase phase = Phase::Playing;
    bool passed = false;      // the player's own pass
    bool may_act = true;      // the computers play now (they play at once, or every person has passed)
    std::size_t heard = 0;    // grabs being heard (Game::pending())
    std::size_t waiting = 0;  // words waiting for the next tile after a clash
    std::optional<Millis> deciding_until;
    friend bool operator==(const PlanBasis&, const PlanBasis&) = default;
};
PlanBasis plan_basis(const Game& game, PlayerId me);

// What a robot means to do: the event (its player, action, word, and the time it is due), and the game
// it was planned on.
struct RobotIntent {
    Event event;
    PlanBasis basis;
    bool stale(const Game& game) const { return plan_basis(game, event.by) != basis; }
};

// When the table last changed: the last reveal or grab made, or the game's start.
Millis last_change(const Game& game);

class Robot {
  public:
    explicit Robot(Level level = Level::Medium, std::uint64_t seed = 0) : level_(level), seed_(seed) {}

    Level level() const { return level_; }
    std::uint64_t seed() const { return seed_; }
    const RobotStyle& style() const { return robot_style(level_); }
    // The words it knows of `lexicon`, as search options.
    SearchOptions vocabulary(const Lexicon& lexicon) const;
    // Whether it knows the word of `lexicon` at `entry`.
    bool knows(const Lexicon& lexicon, Lexicon::Index entry) const;

    // What player `me` does next on `game` at time `now`, and when (never before now): a grab it knows, a
    // reveal on its turn, a pass; nullopt when it has nothing to do until the game changes (the game is
    // over, it has passed, a grab is being heard, the people have not all passed and it waits for them).
    // The same game, player and seed give the same intent whenever it is asked, but for a time due
    // before `now`, which becomes `now`. One best-grab search (about 2 ms on a late table of the largest
    // list at max; docs/grabble.md): the caller plans once per change of the game (RobotIntent::stale),
    // off the screen's thread.
    std::optional<RobotIntent> plan(const Game& game, PlayerId me, Millis now) const;

    // The delay of a reaction to a word of `letters` letters after change number `change`, for player
    // `me` (the draw included).
    Millis reaction(int letters, int min_length, std::size_t change, PlayerId me) const;
    // The delay before it reveals or passes, with nothing to grab.
    Millis look(std::size_t change, PlayerId me) const;

  private:
    // A draw from -spread to +spread, fixed by the seed, the player, the change and what it is for.
    Millis draw(Millis spread, std::size_t change, PlayerId me, std::uint64_t what) const;
    // The best grab it knows on the game's table for `me`, but for the words waiting for the next tile.
    std::optional<GrabPlan> choose(const Game& game, PlayerId me) const;

    Level level_;
    std::uint64_t seed_;
};

}  // namespace gobblet::grabble
