#include "lobby_text.h"

#include <algorithm>
#include <cmath>

namespace gobblet::net::lobby {

std::string terms_description(const Terms& t) {
    const MatchSettings& s = t.settings;
    const std::string size = std::to_string(s.variant.size);
    return std::string(rules_name(s.variant.rules)) + " rules, " + size + "x" + size + ", " +
           (s.first_to == 1 ? std::string("a single game") : "first to " + std::to_string(s.first_to)) +
           ", " + clock_description(s.clock) + (t.rated ? ", rated" : ", casual");
}

std::string terms_short(const Terms& t) {
    const MatchSettings& s = t.settings;
    const std::string size = std::to_string(s.variant.size);
    return std::string(t.rated ? "rated " : "casual ") + terms_clock_text(s.clock) + " " +
           rules_name(s.variant.rules) + " " + size + "x" + size +
           (s.first_to > 1 ? " first to " + std::to_string(s.first_to) : std::string());
}

std::string audience_description(const Audience& a) {
    std::string out = a.bots ? "computers welcome" : "for people only";
    if (a.range) out += ", ratings " + std::to_string(a.range->low) + "-" + std::to_string(a.range->high);
    return out;
}

std::string change_text(const RatingChange& c) {
    const int d = c.after - c.before;
    return std::to_string(c.after) + " (" + (d < 0 ? "-" : "+") + std::to_string(d < 0 ? -d : d) + ")";
}

std::string history_text(const HistoryItem& h) {
    std::string who;
    const std::string score = std::to_string(h.score[0]) + "-" + std::to_string(h.score[1]);
    switch (h.result) {
        case Verdict::Player0: who = h.names[0] + " won " + score + " against " + h.names[1]; break;
        case Verdict::Player1:
            who = h.names[1] + " won " + std::to_string(h.score[1]) + "-" + std::to_string(h.score[0]) +
                  " against " + h.names[0];
            break;
        case Verdict::Draw:  // a match's score says how; one game drawn has none to say ("drew 0-0")
            who = h.names[0] + " and " + h.names[1] + " drew" +
                  (h.terms.settings.first_to > 1 ? " " + score : "");
            break;
        case Verdict::Aborted: who = h.names[0] + " - " + h.names[1] + " aborted"; break;
    }
    std::string out = who + ", " + terms_short(h.terms);
    std::string changes;
    for (int p : {0, 1})
        if (const auto& c = h.changes[std::size_t(p)])
            changes += (changes.empty() ? "" : ", ") + h.names[std::size_t(p)] + " " + change_text(*c);
    if (!changes.empty()) out += ": " + changes;
    return out + " (" + h.date + ")";
}

std::vector<std::string> profile_text(const ProfileItem& p, const std::vector<StatsItem>& stats,
                                      const std::vector<HistoryItem>& games) {
    const auto day = [](const std::string& date) { return date.substr(0, 10); };
    const auto when = [](const std::string& date) {
        return date.substr(0, 10) + " " + date.substr(11, 5) + " UTC";
    };
    std::vector<std::string> out;
    out.push_back(p.name + (p.role == Role::Bot ? ", a computer (bot)" : ", a person") + "; registered " +
                  day(p.registered) + "; " +
                  (p.seen == "online" ? "online now" : "last seen " + when(p.seen)));
    for (const StatsItem& st : stats) {
        const std::string size = std::to_string(st.variant.size);
        std::string line = std::string(rules_name(st.variant.rules)) + " " + size + "x" + size + ": ";
        if (!st.rating) {
            line += "no rated game";
        } else {
            line += std::to_string(st.rating->rating) +
                    (st.rating->deviation > settled_deviation ? "?" : "") + " (deviation " +
                    std::to_string(st.rating->deviation) + "), " + std::to_string(st.games) +
                    (st.games == 1 ? " game: " : " games: ") + std::to_string(st.wins) + " won, " +
                    std::to_string(st.losses) + " lost, " + std::to_string(st.draws) + " drawn";
        }
        out.push_back(line);
    }
    out.push_back(games.empty() ? "No finished games yet." : "Last games, newest first:");
    for (const HistoryItem& h : games) out.push_back("  " + history_text(h));
    return out;
}

std::vector<std::string> trend_chart(const TrendItem& t, int width, int rows) {
    rows = std::max(2, rows);
    const std::string size = std::to_string(t.variant.size);
    const std::size_t n = t.ratings.size();
    std::vector<std::string> out;
    out.push_back(std::string(rules_name(t.variant.rules)) + " " + size + "x" + size + " rating after " +
                  (n == 1 ? std::string("the last rated game")
                          : "each of the last " + std::to_string(n) + " rated games") +
                  ", " + t.first.substr(0, 10) + (n == 1 ? "" : " to " + t.last.substr(0, 10)) + ": " +
                  (n == 0 ? std::string("-")
                          : std::to_string(t.ratings.front()) +
                                (n == 1 ? "" : " to " + std::to_string(t.ratings.back()))));
    if (n == 0) return out;
    // The scale: the highest rating on the first row, the lowest on the last.
    const auto [lo_it, hi_it] = std::minmax_element(t.ratings.begin(), t.ratings.end());
    const int lo = *lo_it, hi = *hi_it;
    const std::string top = std::to_string(hi), bottom = std::to_string(lo);
    const std::size_t label = std::max(top.size(), bottom.size());
    const int room = std::max(1, width - int(label) - 2);  // "1662 |" then the points
    const std::size_t shown = std::min(n, std::size_t(room));
    const int step = std::clamp(room / int(shown), 1, 4);
    std::vector<std::string> grid(std::size_t(rows), std::string(std::size_t(step) * shown, ' '));
    for (std::size_t i = 0; i < shown; ++i) {
        const int r = t.ratings[n - shown + i];
        const int row = hi == lo ? rows / 2 : int(std::lround(double(hi - r) * (rows - 1) / (hi - lo)));
        grid[std::size_t(row)][i * std::size_t(step) + std::size_t(step - 1)] = '*';
    }
    if (shown < n) out.front() += " (the last " + std::to_string(shown) + " drawn)";
    for (int r = 0; r < rows; ++r) {
        std::string left = r == 0 ? top : r == rows - 1 ? bottom : "";
        if (hi == lo && r == rows / 2)
            left = top;
        else if (hi == lo)
            left.clear();
        left.insert(0, label - left.size(), ' ');
        std::string line = left + " |" + grid[std::size_t(r)];
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out.push_back(line.substr(0, std::size_t(std::max(0, width))));
    }
    return out;
}

const TrendItem* busiest_trend(const std::vector<TrendItem>& trends) {
    const TrendItem* best = nullptr;
    for (const TrendItem& t : trends)
        if (!best || t.ratings.size() > best->ratings.size()) best = &t;
    return best;
}

}  // namespace gobblet::net::lobby
