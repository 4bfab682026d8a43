#include "saves/grabble_commands.h"

#include <ostream>

#include "engine/grabble/review.h"
#include "engine/match.h"
#include "engine/text.h"

namespace gobblet::saves {

namespace gr = grabble;

namespace {

std::string pool_text(const gr::Table& t) {
    std::string out;
    for (const gr::Tile& tile : t.pool) out += gr::face_char(tile.face);
    return out.empty() ? "-" : out;
}

}  // namespace

int run_grabble_replay(std::ostream& out, std::ostream& err, const std::filesystem::path& path,
                       const WordListSource& lists, bool review) {
    const auto record = read_grabble_record_file(path, lists);
    if (!record) {
        err << "gobblet: " << clean_text(path.string(), 200) << ": " << record.why().message() << "\n";
        return 1;
    }
    const gr::Game& g = record->game;
    const gr::Settings& s = g.settings();
    std::string players;
    for (std::size_t p = 0; p < s.players.size(); ++p)
        players +=
            (p ? ", " : "") + s.players[p].name +
            (s.players[p].computer ? std::string(" (computer ") + level_name(s.players[p].level) + ")" : "");
    out << "Grabble, " << (record->date.empty() ? std::string("undated") : record->date) << ": " << players
        << "\n";
    out << "word list " << s.word_list << ", minimum length " << s.min_length << ", blanks "
        << gr::blank_rule_name(s.blanks) << ", scoring " << gr::scoring_name(s.scoring) << "\n\n";
    const std::vector<gr::Moment>& history = g.history();
    for (std::size_t i = 0; i < history.size(); ++i) {
        const gr::Moment& m = history[i];
        const Millis at = std::visit(
            [](const auto& x) -> Millis {
                if constexpr (std::is_same_v<std::decay_t<decltype(x)>, gr::Accepted>)
                    return x.decided_at;
                else
                    return x.at;
            },
            m.what);
        const std::string what =
            std::visit([&](const auto& x) { return gr::describe(x, s.players); }, m.what);
        out << game_time_text(at - g.started_at()) << "  " << what << "  (pool " << pool_text(m.after)
            << ")\n";
        if (!review || !std::holds_alternative<gr::Revealed>(m.what)) continue;
        const gr::Missed missed = gr::missed_at(g, i, 3);
        if (missed.words.empty()) continue;
        out << "          nobody saw ";
        for (std::size_t k = 0; k < missed.words.size(); ++k) out << (k ? ", " : "") << missed.words[k];
        out << "\n";
    }
    out << "\n";
    for (std::size_t p = 0; p < s.players.size(); ++p) {
        std::string words;
        for (const gr::TableWord& w : g.table().words)
            if (w.owner == gr::PlayerId(p)) words += " " + gr::marked(w);
        out << s.players[p].name << " " << g.score(gr::PlayerId(p)) << ":" << (words.empty() ? " -" : words)
            << "\n";
    }
    if (g.phase() == gr::Phase::Over)
        out << gr::describe(gr::Over{g.now(), g.scores(), g.leaders()}, s.players) << "\n";
    else
        out << "in progress at " << game_time_text(g.now() - g.started_at()) << ", " << g.bag_left()
            << " tiles in the bag\n";
    return 0;
}

}  // namespace gobblet::saves
