#include "review.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "analysis.h"
#include "movegen.h"
#include "notation.h"
#include "search.h"
#include "solve3.h"

namespace gobblet {

namespace {

bool is_win(int score) { return score >= mate_bound; }
bool is_loss(int score) { return score <= -mate_bound; }

// The generated move that does what `m` does: a game keeps the stack a move was played from, while
// generation names only the lowest of the stacks with equal tops.
Move generated_form(const Position& pos, Move m) {
    Move found;
    for_each_move(pos, [&](Move g) {
        if (found) return;
        if (g == m || (g.is_enter() && m.is_enter() && g.size() == m.size() && g.to() == m.to())) found = g;
    });
    return found ? found : m;
}

}  // namespace

const char* class_name(MoveClass c) {
    switch (c) {
        case MoveClass::Good: return "good";
        case MoveClass::Inaccuracy: return "inaccuracy";
        case MoveClass::Mistake: return "mistake";
        case MoveClass::Blunder: return "blunder";
    }
    return "good";
}

const char* class_mark(MoveClass c) {
    switch (c) {
        case MoveClass::Good: return "";
        case MoveClass::Inaccuracy: return "?!";
        case MoveClass::Mistake: return "?";
        case MoveClass::Blunder: return "??";
    }
    return "";
}

std::string judgement_note(const Judgement& j, Color mover) {
    if (j.verdict == MoveClass::Good) return "good (" + score_words(j.after, mover, j.solved) + ")";
    return std::string(class_name(j.verdict)) + " (better: " + move_name(j.best, mover) + "; " +
           score_words(j.before, mover, j.solved) + " -> " + score_words(j.after, mover, j.solved) + ")";
}

MoveClass classify(int before, int after) {
    if (is_win(before)) {
        if (!is_win(after)) return MoveClass::Blunder;
        return moves_to_result(after) - moves_to_result(before) >= slow_result_moves ? MoveClass::Inaccuracy
                                                                                     : MoveClass::Good;
    }
    if (is_loss(before)) {
        if (!is_loss(after)) return MoveClass::Good;
        return moves_to_result(before) - moves_to_result(after) >= slow_result_moves ? MoveClass::Inaccuracy
                                                                                     : MoveClass::Good;
    }
    if (is_loss(after)) return MoveClass::Blunder;
    if (is_win(after)) return MoveClass::Good;
    const int lost = before - after;
    if (lost >= blunder_loss) return MoveClass::Blunder;
    if (lost >= mistake_loss) return MoveClass::Mistake;
    if (lost >= inaccuracy_loss) return MoveClass::Inaccuracy;
    return MoveClass::Good;
}

bool coach_should_speak(int before, int after) {
    if (is_win(before)) return !is_win(after);
    if (is_loss(before)) return false;
    if (is_loss(after)) return true;
    if (is_win(after)) return false;
    return before - after >= mistake_loss && after < much_better_margin;
}

struct Judge::Impl {
    Search search;
};

Judge::Judge() : impl_(std::make_unique<Impl>()) {}
Judge::~Judge() = default;
Judge::Judge(Judge&&) noexcept = default;
Judge& Judge::operator=(Judge&&) noexcept = default;

Judgement Judge::judge(const Game& game, Move played, const JudgeLimits& limits,
                       const std::atomic<bool>* stop) {
    Judgement j;
    j.played = played;
    j.best = played;
    const Position& pos = game.position();
    if (game.over()) return j;

    if (pos.size() == 3) {
        // The solved game: exact values.
        j.solved = true;
        j.depth = solve3::max_distance;
        solve3::Verdict best;
        j.best = solve3::best_move(game, &best).value_or(played);
        j.before = solve3::score_of(best);
        j.after = solve3::score_of(solve3::move_verdict(game, played));
        if (j.after >= j.before) {
            j.before = j.after;
            j.best = played;
        }
    } else {
        // A fresh table each time: the judgement then depends on the position, the move and the depth.
        Search& search = impl_->search;
        search.clear();
        SearchLimits sl;
        sl.depth = limits.depth > 0 ? limits.depth : Search::max_ply - 1;
        sl.seconds = limits.depth > 0 ? 0 : limits.seconds;
        sl.time = limits.time;
        sl.stop = stop;
        sl.only_from = game.touched() ? *game.touched() : -1;  // the choice the mover really had
        const SearchResult best = search.run(pos, game.position_keys(), sl);
        j.best = best.best;
        j.before = best.score;
        // A proven result ends the search early: the played move still gets the whole depth.
        j.depth = limits.depth > 0 ? limits.depth : std::max(best.depth, 1);
        j.after = j.before;
        const Move mine = generated_form(pos, played);
        if (mine != best.best) {
            // The played move alone, to the same depth, for an exact score.
            sl.depth = j.depth;
            sl.seconds = 0;
            sl.only_moves = {mine};
            j.after = search.run(pos, game.position_keys(), sl).score;
            // A slower win can lie beyond that depth: look a little further before calling the move a
            // win thrown away.
            if (is_win(j.before) && !is_win(j.after)) {
                sl.depth = j.depth + 2;
                j.after = search.run(pos, game.position_keys(), sl).score;
            }
        }
        if (j.after >= j.before) {
            j.before = j.after;
            j.best = played;
        }
    }
    if (j.best == generated_form(pos, played)) j.best = played;
    j.verdict = classify(j.before, j.after);
    j.coach = coach_should_speak(j.before, j.after);
    return j;
}

Review review_game(const Game& game, const JudgeLimits& limits, const std::atomic<bool>* stop,
                   const std::function<void(int, int)>& progress) {
    Review review;
    review.variant = game.variant();
    review.limits = limits;
    review.result = game.result();
    review.side_to_move = game.side_to_move();
    Judge judge;
    Game replay(game.variant());
    const int total = int(game.moves().size());
    for (int i = 0; i < total; ++i) {
        if (stop && stop->load()) {
            review.stopped = true;
            break;
        }
        const Move m = game.moves()[i];
        MoveReview mr;
        mr.ply = i;
        mr.mover = replay.side_to_move();
        mr.judgement = judge.judge(replay, m, limits, stop);
        SideSummary& side = mr.mover == Color::White ? review.white : review.black;
        ++side.moves;
        switch (mr.judgement.verdict) {
            case MoveClass::Good: ++side.good; break;
            case MoveClass::Inaccuracy: ++side.inaccuracies; break;
            case MoveClass::Mistake: ++side.mistakes; break;
            case MoveClass::Blunder: ++side.blunders; break;
        }
        review.moves.push_back(mr);
        (void)replay.play(m);  // the game's own moves, legal again
        if (progress) progress(i + 1, total);
    }
    return review;
}

namespace {

std::string plural(int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string summary_line(const char* side, const SideSummary& s) {
    return std::string(side) + ": " + plural(s.moves, "move", "moves") + ": " + std::to_string(s.good) +
           " good, " + plural(s.inaccuracies, "inaccuracy", "inaccuracies") + ", " +
           plural(s.mistakes, "mistake", "mistakes") + ", " + plural(s.blunders, "blunder", "blunders") +
           "\n";
}

}  // namespace

std::string review_text(const Review& review) {
    const Variant v = review.variant;
    std::string out = std::string("% review: ") + rules_name(v.rules) + " rules, " + std::to_string(v.size) +
                      "x" + std::to_string(v.size) + ", " + moves_text(review.moves.size()) + ", ";
    char buf[160];
    if (v.size == 3)
        out += "exact values of the solved game\n";
    else if (review.limits.depth > 0)
        out += "search depth " + std::to_string(review.limits.depth) + " a move\n";
    else {
        std::snprintf(buf, sizeof buf, "%g s a move\n", review.limits.seconds);
        out += buf;
    }
    for (const MoveReview& mr : review.moves) {
        const Judgement& j = mr.judgement;
        // The note with its class padded to a column: "blunder     (better: ...)".
        std::string note = judgement_note(j, mr.mover);
        const std::size_t cls = std::string(class_name(j.verdict)).size();
        note.replace(cls, 1, std::string(12 - cls, ' '));
        std::snprintf(buf, sizeof buf, "%3d%-4s %s  ", move_number(std::size_t(mr.ply)),
                      mr.mover == Color::White ? "." : "...", move_name(j.played, mr.mover).c_str());
        out += buf + note + "\n";
    }
    out += summary_line("White", review.white);
    out += summary_line("Black", review.black);
    if (review.stopped)
        out += "% stopped before the end\n";
    else
        out += "% result: " + result_text(review.result, v.size, review.side_to_move) + "\n";
    return out;
}

}  // namespace gobblet
