#include "engine/grabble/review.h"

#include <algorithm>

namespace gobblet::grabble {

Missed missed_at(const Game& game, std::size_t i, std::size_t per_reveal, const SearchOptions& options) {
    const std::vector<Moment>& history = game.history();
    Missed m{i, {}, {}};
    if (i >= history.size()) return m;
    const auto* reveal = std::get_if<Revealed>(&history[i].what);
    if (!reveal) return m;
    m.reveal = *reveal;
    const Lexicon& lexicon = game.lexicon();
    // The words grabbed until the next reveal.
    std::vector<std::string> taken;
    for (std::size_t j = i + 1; j < history.size() && !std::holds_alternative<Revealed>(history[j].what); ++j)
        taken.push_back(std::get<Accepted>(history[j].what).word);
    std::vector<GrabPlan> grabs =
        all_grabs(table_view(history[i].after, game.settings(), nobody), lexicon, options);
    std::stable_sort(grabs.begin(), grabs.end(), [&](const GrabPlan& a, const GrabPlan& b) {
        return lexicon.length(a.entry) > lexicon.length(b.entry);
    });
    for (const GrabPlan& g : grabs) {
        if (m.words.size() == per_reveal) break;
        std::string word(lexicon.word(g.entry));
        for (char& c : word) c = char(c - 'a' + 'A');
        if (std::find(taken.begin(), taken.end(), word) == taken.end() &&
            std::find(m.words.begin(), m.words.end(), word) == m.words.end())
            m.words.push_back(std::move(word));
    }
    return m;
}

std::vector<Missed> missed_words(const Game& game, std::size_t per_reveal, const SearchOptions& options) {
    std::vector<Missed> out;
    for (std::size_t i = 0; i < game.history().size(); ++i) {
        Missed m = missed_at(game, i, per_reveal, options);
        if (!m.words.empty()) out.push_back(std::move(m));
    }
    return out;
}

}  // namespace gobblet::grabble
