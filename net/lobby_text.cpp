#include "lobby_text.h"

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
        case Verdict::Draw: who = h.names[0] + " and " + h.names[1] + " drew " + score; break;
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

}  // namespace gobblet::net::lobby
