// The review of a table's match (ui/table.h): stepping through a finished match, every round of it, or
// through the finished rounds of a match in progress, on a copy shown in the match's place: a round,
// stepped to a ply (its moves, then an ending of its own when the round ended otherwise than on the board:
// a resignation, an agreement, a flag, a claim, a forfeit). A value the table owns and hands the match it
// reviews to each call: it never changes that match and never asks the clock, so a review is never a
// takeback. A step is the review's or the game's own (takes), and the review's goes somewhere (where, in
// words) or says why not. No curses: tests/test_table.cpp drives it through the table.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/expected.h"
#include "engine/match.h"

namespace gobblet::ui {

class TableReview {
  public:
    enum class Step : std::uint8_t { Back, Forward, Start, End };

    // Open: a round of the match is shown instead of the match as it stands.
    bool open() const { return shown_.has_value(); }
    // What the board shows: the review's copy (the match up to the round shown, its game stepped to the
    // ply shown), or `match` itself while it is closed.
    const Match& shown(const Match& match) const { return shown_ ? shown_->match : match; }
    // The round shown (an index into match.rounds()), and the steps into it.
    std::size_t round(const Match& match) const { return shown_ ? shown_->round : match.rounds().size() - 1; }
    std::size_t ply() const { return shown_ ? shown_->step : 0; }
    // The score after the round shown, as the title gives it (nullopt while closed).
    std::optional<std::array<int, 2>> score_after() const {
        return shown_ ? std::optional<std::array<int, 2>>(shown_->score_after) : std::nullopt;
    }

    // `rounds`: how many of the match's rounds the review may show (every round of a finished match, else
    // those before the round in play; 0 when the players do not step through the game themselves).
    // Whether `step` is the review's: in it, or into it (any step of a finished match; a step back from
    // the start of a round in play, into the round before). Otherwise the game's own stepping applies.
    bool takes(const Match& match, std::size_t rounds, Step step) const;
    // Whether the review's step may be taken now, or why not ("nothing to step back to: this is the
    // start of the match"), without taking it.
    Expected<void> can(const Match& match, std::size_t rounds, Step step) const;
    // The step taken: where it went ("at round 1, move 12 of 30", "the end of the match", "back to round
    // 2, in play"), or why not.
    Expected<std::string> step(const Match& match, std::size_t rounds, Step step);
    // Whether going to a move is the review's (it is open, or the match is over) ...
    bool takes_go_to(const Match& match, std::size_t rounds) const;
    // ... and going there: ply `plies` of the round shown, where, or why not ("round 1 has 7 moves").
    Expected<std::string> go_to(const Match& match, std::size_t plies);
    // The review closes: the match as it stands is shown.
    void close() { shown_.reset(); }
    // The steps from the place shown to the end of its round (a move made in the review of a finished
    // single game takes the game back there).
    std::size_t steps_to_end(const Match& match) const;

  private:
    struct Shown {
        Match match;        // the match up to the round shown, its game stepped to the ply shown
        std::size_t round;  // that round's index in match.rounds()
        std::size_t step;   // the steps from the round's start: its moves, then an ending of its own
        std::array<int, 2> score_after;  // by player, once that round ended
    };
    // Where a step goes: a round and the steps into it; the end of the match's last round closes the
    // review (`closes`, with its words).
    struct Target {
        std::size_t round = 0, step = 0;
        std::optional<std::string> closes;
        static Target at(std::size_t round, std::size_t step) { return {round, step, std::nullopt}; }
    };
    Expected<Target> target(const Match& match, std::size_t rounds, Step step) const;
    // A place of the match's rounds, said: the review shows it (or closes at the end of the match).
    Expected<std::string> go(const Match& match, const Target& t);
    // "at round 2, move 12 of 30" for the place shown (or "at move 12 of 30" in a single game).
    std::string where(const Match& match) const;

    std::optional<Shown> shown_;
};

}  // namespace gobblet::ui
