#include "teach_text.h"

#include <algorithm>

namespace gobblet::ui {

std::string fitted_line(const std::vector<Move>& moves, Color first_mover, int width) {
    std::string out;
    Color mover = first_mover;
    for (Move m : moves) {
        const std::string name = move_name(m, mover);
        const std::size_t need = out.size() + (out.empty() ? 0 : 1) + name.size();
        if (int(need) > width) break;
        if (!out.empty()) out += ' ';
        out += name;
        mover = ~mover;
    }
    return out;
}

std::vector<std::string> analysis_rows(const AnalysisResult& r, int width) {
    std::vector<std::string> rows;
    const auto cut = [width](std::string s) {
        if (int(s.size()) > width) s.resize(std::max(0, width));
        return s;
    };
    if (r.lines.empty()) {
        rows.push_back(cut("Analysis  thinking..."));
        return rows;
    }
    const int best = r.lines.front().score;
    // The solved 3x3 game has no depth: its values are exact.
    rows.push_back(cut("Analysis  " +
                       (r.solved ? std::string("solved") : "depth " + std::to_string(r.depth)) + "  " +
                       score_number(best, r.solved)));
    rows.push_back(cut(score_words(best, r.side_to_move, r.solved)));
    // The scores of the lines in one column, so that the moves line up.
    std::size_t score_w = 0;
    for (const AnalysisLine& l : r.lines) score_w = std::max(score_w, score_number(l.score, r.solved).size());
    for (const AnalysisLine& l : r.lines) {
        std::string head = score_number(l.score, r.solved);
        head.resize(score_w + 2, ' ');
        rows.push_back(cut(head + fitted_line(l.moves, r.side_to_move, width - int(head.size()))));
    }
    return rows;
}

std::string coach_text(const Judgement& j, Color mover) {
    const char* article = j.verdict == MoveClass::Inaccuracy ? "an " : "a ";
    return move_name(j.played, mover) + " is " + article + class_name(j.verdict) + ": " +
           move_name(j.best, mover) + " was better (" + score_words(j.before, mover, j.solved) + " -> " +
           score_words(j.after, mover, j.solved) + ")";
}

std::string step_text(const MoveReview& mr) {
    const Judgement& j = mr.judgement;
    const std::string head = move_number_text(std::size_t(mr.ply)) + " " + move_name(j.played, mr.mover) +
                             class_mark(j.verdict) + " ";
    if (j.verdict == MoveClass::Good) return head + "good (" + score_words(j.after, mr.mover, j.solved) + ")";
    return head + class_name(j.verdict) + ": " + move_name(j.best, mr.mover) + " was better (" +
           score_words(j.before, mr.mover, j.solved) + " -> " + score_words(j.after, mr.mover, j.solved) +
           ")";
}

std::vector<Move> full_line(const Game& g) {
    std::vector<Move> line = g.moves();
    line.insert(line.end(), g.redo_moves().rbegin(), g.redo_moves().rend());
    return line;
}

std::size_t common_prefix(const std::vector<Move>& a, const std::vector<Move>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    std::size_t i = 0;
    while (i < n && a[i] == b[i]) ++i;
    return i;
}

}  // namespace gobblet::ui
