#include "engine/grabble/robot.h"

#include <algorithm>

#include "engine/hash.h"

namespace gobblet::grabble {

const RobotStyle& robot_style(Level level) {
    // Reactions: slow enough at easy that a person sees most words first (the default reveal pause is
    // 7 s), quick at hard; the look before a reveal or a pass is what a person takes to scan the table.
    static const RobotStyle easy{0, 5, 5000, 300, 1500, 2500, 800};
    static const RobotStyle medium{5, 7, 3000, 200, 1000, 2000, 600};
    static const RobotStyle hard{9, 10, 1500, 100, 500, 1500, 400};
    static const RobotStyle max{max_word_letters, max_word_letters, 0, 0, 0, 1200, 300};
    switch (level) {
        case Level::Easy: return easy;
        case Level::Medium: return medium;
        case Level::Hard: return hard;
        case Level::Max: return max;
    }
    return medium;
}

PlanBasis plan_basis(const Game& game, PlayerId me) {
    const bool valid = me >= 0 && std::size_t(me) < game.settings().players.size();
    return {game.history().size(),    game.phase(),
            valid && game.passed(me), !game.settings().computer_waits || game.all_humans_passed(),
            game.pending().size(),    game.waiting_words().size(),
            game.deciding_until()};
}

Millis last_change(const Game& game) {
    if (game.history().empty()) return game.started_at();
    struct At {
        Millis operator()(const Revealed& r) const { return r.at; }
        Millis operator()(const Accepted& a) const { return a.decided_at; }
    };
    return std::visit(At{}, game.history().back().what);
}

SearchOptions Robot::vocabulary(const Lexicon& lexicon) const {
    SearchOptions o;
    if (lexicon.common_count() == 0)
        o.max_length = style().unmarked_max_length;
    else
        o.uncommon_max_length = style().uncommon_max_length;
    return o;
}

bool Robot::knows(const Lexicon& lexicon, Lexicon::Index entry) const {
    const SearchOptions o = vocabulary(lexicon);
    const int length = lexicon.length(entry);
    if (length > o.max_length) return false;
    return lexicon.common(entry) || (!o.common_only && length <= o.uncommon_max_length);
}

Millis Robot::draw(Millis spread, std::size_t change, PlayerId me, std::uint64_t what) const {
    if (spread <= 0) return 0;
    const std::uint64_t r = mix(seed_ ^ mix(std::uint64_t(me) + 1) ^ mix(std::uint64_t(change) * 4 + what));
    return Millis(r % std::uint64_t(2 * spread + 1)) - spread;
}

Millis Robot::reaction(int letters, int min_length, std::size_t change, PlayerId me) const {
    const RobotStyle& s = style();
    const Millis d = s.reaction + s.per_letter * std::max(0, letters - min_length) +
                     draw(s.reaction_spread, change, me, 1);
    return std::max<Millis>(0, d);
}

Millis Robot::look(std::size_t change, PlayerId me) const {
    const RobotStyle& s = style();
    return std::max<Millis>(0, s.look + draw(s.look_spread, change, me, 2));
}

std::optional<GrabPlan> Robot::choose(const Game& game, PlayerId me) const {
    const Lexicon& lexicon = game.lexicon();
    const SearchOptions options = vocabulary(lexicon);
    const TableView view = game.view(me);
    const std::vector<std::string> waiting = game.waiting_words();
    const auto waits = [&](const GrabPlan& p) {
        std::string word(lexicon.word(p.entry));
        for (char& c : word) c = char(c - 'a' + 'A');
        return std::find(waiting.begin(), waiting.end(), word) != waiting.end();
    };
    std::optional<GrabPlan> best = best_grab(view, lexicon, options);
    if (!best || !waits(*best)) return best;
    // The best one waits for the next tile (after a clash, which is rare): the best of the others.
    for (const GrabPlan& p : all_grabs(view, lexicon, options))
        if (!waits(p)) return p;
    return std::nullopt;
}

std::optional<RobotIntent> Robot::plan(const Game& game, PlayerId me, Millis now) const {
    if (me < 0 || std::size_t(me) >= game.settings().players.size()) return std::nullopt;
    if (game.phase() == Phase::Over || game.passed(me)) return std::nullopt;
    if (game.settings().computer_waits && !game.all_humans_passed()) return std::nullopt;
    if (!game.pending().empty()) return std::nullopt;  // someone's grab is being heard: listen first
    now = std::max(now, game.now());
    const PlanBasis basis = plan_basis(game, me);
    const Millis base = last_change(game);
    const std::size_t change = game.history().size();
    // A grab that clashed keeps its tiles until its window ends, and reveals wait for it: so does the robot.
    const Millis earliest = std::max(now, game.deciding_until().value_or(now));
    const auto intent = [&](Action action, std::string word, Millis at) {
        return RobotIntent{Event{action, me, std::move(word), std::max(at, earliest)}, basis};
    };
    if (const auto grab = choose(game, me)) {
        const Lexicon& lexicon = game.lexicon();
        std::string word(lexicon.word(grab->entry));
        for (char& c : word) c = char(c - 'a' + 'A');
        const int letters = lexicon.length(grab->entry);
        return intent(Action::Grab, std::move(word),
                      base + reaction(letters, game.settings().min_length, change, me));
    }
    const Millis at = base + look(change, me);
    if (game.phase() == Phase::Playing && game.to_reveal() == me) return intent(Action::Reveal, "", at);
    return intent(Action::Pass, "", at);
}

}  // namespace gobblet::grabble
