#include "decisions.h"

#include <cstdio>

#include "analysis.h"

namespace gobblet {

bool accepts_draw(int score) { return score <= draw_accept_score; }

DrawAnswer answer_draw_offer(Player& player, const Game& game, Color receiver, const TimeBudget* budget,
                             const std::atomic<bool>* stop) {
    DrawAnswer a;
    if (game.over()) return a;
    const Choice c = budget ? player.choose(game, *budget, stop) : player.choose(game, stop);
    // The search scores for the side to move; an offer made on the receiver's opponent's turn is judged
    // from the other side of the same score.
    a.score = receiver == game.side_to_move() ? c.score : -c.score;
    a.accept = accepts_draw(a.score);
    char buf[96];
    const auto moves = [](int plies) {
        const int n = (plies + 1) / 2;
        return std::to_string(n) + (n == 1 ? " move" : " moves");
    };
    if (a.score >= mate_bound) {
        std::snprintf(buf, sizeof buf, "declines: it sees a forced win in %s",
                      moves(mate_score - a.score).c_str());
    } else if (a.score <= -mate_bound) {
        std::snprintf(buf, sizeof buf, "accepts: it sees a forced loss in %s",
                      moves(mate_score + a.score).c_str());
    } else {
        // The receiver's view in words: "declines: Black is better", "accepts: about even".
        std::snprintf(buf, sizeof buf, "%s: %s", a.accept ? "accepts" : "declines",
                      score_words(a.score, receiver).c_str());
    }
    a.why = buf;
    return a;
}

int starter_after_loss(int computer) { return computer; }

}  // namespace gobblet
