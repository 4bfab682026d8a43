// The review of a table's match (table_review.h): where each step goes, and the copy it shows.
#include "table_review.h"

#include <algorithm>

namespace gobblet::ui {

namespace {

// An ending the moves do not show (a resignation, an agreed draw, a flag, a claim, a forfeit): a step of
// its own, after the round's last move.
bool ending_step(const Game& g) {
    if (!g.over()) return false;
    switch (g.result().ending) {
        case Ending::Forfeit:
        case Ending::Resignation:
        case Ending::Agreement:
        case Ending::Time:
        case Ending::Abandoned: return true;
        default: return false;
    }
}

std::size_t steps_of(const Game& g) { return g.moves().size() + (ending_step(g) ? 1 : 0); }

std::string what(const Match& m) { return m.single_game() ? "game" : "match"; }

}  // namespace

bool TableReview::takes(const Match& match, std::size_t rounds, Step step) const {
    if (rounds == 0) return false;
    if (shown_ || match.phase() == MatchPhase::Over) return true;
    // A match in progress: a step back from the start of the round in play goes to the round before.
    return (step == Step::Back || step == Step::Start) && !match.game().can_undo();
}

Expected<TableReview::Target> TableReview::target(const Match& match, std::size_t rounds, Step step) const {
    const auto steps = [&match](std::size_t r) { return steps_of(match.rounds()[r].game); };
    const bool back = step == Step::Back;
    if (!shown_) {
        if (match.phase() == MatchPhase::Over) {
            // The whole match, from its end: a step back opens the review there.
            if (step == Step::Forward || step == Step::End)
                return Failure{"nothing to replay: this is the end of the " + what(match)};
            const std::size_t last = rounds - 1;
            if (steps(last) > 0) return Target::at(last, back ? steps(last) - 1 : 0);
            if (last == 0) return Failure{"nothing to step back to: no move was played"};
            return Target::at(last - 1, back ? steps(last - 1) : 0);
        }
        return Target::at(rounds - 1, back ? steps(rounds - 1) : 0);  // into the round before the one in play
    }
    const Shown& r = *shown_;
    const std::size_t total = steps(r.round);
    const Target leave{0, 0, "back to round " + std::to_string(match.round_number()) + ", in play"};
    switch (step) {
        case Step::Back:
            if (r.step > 0) return Target::at(r.round, r.step - 1);
            if (r.round > 0) return Target::at(r.round - 1, steps(r.round - 1));
            return Failure{"nothing to step back to: this is the start of the " + what(match)};
        case Step::Start:
            if (r.step > 0) return Target::at(r.round, 0);
            if (r.round > 0) return Target::at(r.round - 1, 0);
            return Failure{"this is the start of the " + what(match)};
        case Step::Forward:
            if (r.step < total) return Target::at(r.round, r.step + 1);
            if (r.round + 1 < rounds) return Target::at(r.round + 1, 0);
            return leave;
        case Step::End:
            if (r.step < total) return Target::at(r.round, total);
            if (r.round + 1 < rounds) return Target::at(r.round + 1, steps(r.round + 1));
            return leave;
    }
    return leave;
}

Expected<void> TableReview::can(const Match& match, std::size_t rounds, Step step) const {
    const Expected<Target> t = target(match, rounds, step);
    if (!t) return Failure{t.why()};
    return {};
}

Expected<std::string> TableReview::step(const Match& match, std::size_t rounds, Step step) {
    const Expected<Target> t = target(match, rounds, step);
    if (!t) return Failure{t.why()};
    return go(match, *t);
}

Expected<std::string> TableReview::go(const Match& match, const Target& t) {
    if (t.closes) {
        shown_.reset();
        return *t.closes;
    }
    const std::size_t total = steps_of(match.rounds()[t.round].game);
    const std::size_t step = std::min(t.step, total);
    if (t.round + 1 == match.rounds().size() && step == total) {  // the match as it stands
        shown_.reset();
        return "the end of the " + what(match);
    }
    std::vector<Round> rounds(match.rounds().begin(), match.rounds().begin() + std::ptrdiff_t(t.round) + 1);
    Expected<Match> copy =
        Match::from_rounds(match.settings(), {match.name(0), match.name(1)}, std::move(rounds));
    if (!copy) {  // the match's own rounds always make a match: this would be a bug, said rather than hidden
        shown_.reset();
        return Failure{"the review cannot show round " + std::to_string(t.round + 1) + ": " + copy.why()};
    }
    const std::array<int, 2> after = {copy->score(0), copy->score(1)};  // the round whole, as it ended
    for (std::size_t i = step; i < total; ++i) copy->game().undo();
    shown_ = Shown{std::move(*copy), t.round, step, after};
    return where(match);
}

std::string TableReview::where(const Match& match) const {
    const Game& full = match.rounds()[shown_->round].game;
    const std::size_t moves = std::min(shown_->step, full.moves().size());
    return (match.single_game() ? std::string("at ")
                                : "at round " + std::to_string(shown_->match.round_number()) + ", ") +
           stands_text(moves, full.moves().size());
}

bool TableReview::takes_go_to(const Match& match, std::size_t rounds) const {
    return rounds > 0 && (shown_ || match.phase() == MatchPhase::Over);
}

Expected<std::string> TableReview::go_to(const Match& match, std::size_t plies) {
    const std::size_t round = this->round(match);
    const Game& game = match.rounds()[round].game;
    const std::size_t moves = game.moves().size();
    if (plies > moves)
        return Failure{"round " + std::to_string(round + 1) +
                       (moves == 0 ? " has no moves" : " ends at " + ply_words(moves - 1))};
    // The last move of a round that ended otherwise shows the ending too, as the game ended.
    return go(match, Target::at(round, plies == moves ? steps_of(game) : plies));
}

std::size_t TableReview::steps_to_end(const Match& match) const {
    return shown_ ? steps_of(match.rounds()[shown_->round].game) - shown_->step : 0;
}

}  // namespace gobblet::ui
