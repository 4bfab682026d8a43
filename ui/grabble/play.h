// A Grabble game being played on this screen, without curses: the rules (engine/grabble/game.h) on the
// screen's time, the computer players thinking on the computer's worker, and the story of what happened
// for the message lines. The screen (ui/grabble/screen.h) gives it the people's keys and a turn of the loop
// now and then; the unit tests drive it with a fake time and no worker.
//
// Time: the game counts its own milliseconds from its start (a transcript's times); the screen's time is
// the loop's. The game's time stands while the play is paused (the help, a list or the new-game screen
// over the table, a terminal too small to show it, the screen covered): a person who cannot see the
// table loses nothing to the computers, and no tile comes unseen.
//
// The computers: each is an engine/grabble/robot.h Robot, which says what it intends and when. Whenever
// what a computer's plan depends on changes (PlanBasis), one job on the worker plans again for every
// computer whose basis moved (and finds the clues, when they show): a best-grab search each, a few
// milliseconds, off the screen's thread. Each turn, what is due happens in time order: a grab's tie
// window ending, a tile coming by itself, a computer's intent, at the time each was due.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/grabble/game.h"
#include "engine/grabble/robot.h"
#include "engine/worker.h"

namespace gobblet::ui {

// A line of the story: what happened, in words; `error` for a refusal of a person's event.
struct StoryLine {
    std::string text;
    bool error = false;
};

// How many clues show at most (the most valuable grabs on the table).
inline constexpr std::size_t max_clues = 12;
// How many lines of the story are kept.
inline constexpr std::size_t max_story = 200;

class GrabblePlay {
  public:
    // `game` goes on from its own time (game.now()), which is the screen's `now`. The computers' times
    // are drawn from `seed`. With a `wake` (the screen's loop's) the computers plan on a worker of their
    // own (engine/worker.h), which wakes the loop when a plan is ready; without one (the tests) they plan
    // at once, on the caller's thread.
    GrabblePlay(grabble::Game game, std::uint64_t seed, Millis now, std::optional<Wake> wake);
    ~GrabblePlay();
    GrabblePlay(const GrabblePlay&) = delete;
    GrabblePlay& operator=(const GrabblePlay&) = delete;

    const grabble::Game& game() const { return game_; }
    const grabble::Settings& settings() const { return game_.settings(); }
    // The game's time at the screen's time `now` (it stands while paused).
    Millis game_time(Millis now) const { return paused_ ? paused_at_ : now - offset_; }
    bool paused() const { return paused_; }
    // Stops or restarts the game's time (and what the computers intend waits with it).
    void set_paused(bool paused, Millis now);

    // The people at this keyboard, in turn order.
    std::vector<grabble::PlayerId> people() const;
    // Whose event a person's key is: player `number` (from 1, in turn order) when given, else the one
    // person at this keyboard; or why not, in words ("say whose grab: 1cats for Ali, 3cats for Carol").
    Expected<grabble::PlayerId> person(std::optional<int> number, std::string_view what) const;

    // A person's events, at the screen's time `now`; what happened goes to the story.
    void grab(grabble::PlayerId by, std::string_view word, Millis now);
    void reveal(grabble::PlayerId by, Millis now);
    void pass(grabble::PlayerId by, Millis now);

    // A turn of the loop: takes the computers' plans from the worker, lets the game's time run to now
    // (what is due happens in time order), and asks for new plans where the game moved on.
    void service(Millis now);
    // Screen milliseconds until something is due (-1: nothing, until an event or the worker wakes the loop).
    Millis until_next(Millis now) const;

    // The story, oldest first, and how many lines it has had in all (the screen's "new since I looked").
    const std::deque<StoryLine>& story() const { return story_; }
    std::uint64_t story_count() const { return story_count_; }
    // The clues for the table now (when the settings show them): the most valuable grabs, best first.
    const std::vector<std::string>& clues() const { return clues_; }
    // A computer is planning on the worker.
    bool thinking() const;

    // Adds a line of the screen's own to the story (a save, a refusal of a key).
    void say(std::string text, bool error = false);

  private:
    // What a job on the worker found: the computers' intents (for those it was asked about, on the bases
    // it was asked with) and the clues.
    struct Answer {
        std::vector<std::optional<grabble::RobotIntent>> intents;  // by player, for those asked
        std::vector<bool> asked;
        std::vector<grabble::PlanBasis> bases;
        std::vector<std::string> clues;
        std::optional<std::size_t> clue_basis;
    };

    void take(const grabble::Happenings& h, grabble::PlayerId actor, bool person);
    void run_to(Millis game_now);
    void plan(Millis game_now);
    void collect();
    void accept(Answer answer);

    grabble::Game game_;
    std::vector<std::optional<grabble::Robot>> robots_;  // by player; nullopt for a person
    std::vector<std::optional<grabble::RobotIntent>> intents_;
    // The basis each computer's intent was planned on (nullopt: none yet, plan it), and what the job on
    // the worker was asked with.
    std::vector<std::optional<grabble::PlanBasis>> planned_, asked_;
    std::optional<std::size_t> clue_basis_, clues_asked_;
    std::vector<std::string> clues_;
    Millis offset_ = 0;  // screen time - game time
    bool paused_ = false;
    Millis paused_at_ = 0;
    std::deque<StoryLine> story_;
    std::uint64_t story_count_ = 0;
    std::unique_ptr<Task<Answer>> task_;  // the computers' worker (none: they plan at once); last, so that
                                          // its job stops before the rest goes
};

// A word as the table shows it: its letters, a blank's as the lower-case letter it stands for ("PUb").
std::string shown_word(const grabble::TableWord& w);
// A happening as the story tells it: describe()'s words, but a word's blanks as shown_word shows them
// ("Carol grabbed TeACUPS from Ali's ACTS + Ding's PUb").
std::string story_text(const grabble::Happening& h, const std::vector<grabble::Seat>& players);

// What a person typed at the prompt, read: a player's number first when several people share the
// keyboard ("2cats"), then the word. Digits anywhere else, or a number without a word, say why.
struct Typed {
    std::optional<int> number;  // 1-based, in turn order
    std::string word;           // as typed
    friend bool operator==(const Typed&, const Typed&) = default;
};
Expected<Typed> read_typed(std::string_view prompt);

}  // namespace gobblet::ui
