// The computer's match decisions (decisions.h): draw offers judged by its search, and the starter it
// chooses after losing a round.
#include "engine/decisions.h"

#include <random>

#include "engine/analysis.h"
#include "engine/match.h"
#include "engine/movegen.h"
#include "engine/solve3.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {

// White to move can force a win in 3 plies.
const char* white_wins_in_3 = "W1C2 K1B2 W2B3 K2A3 B3A1 A3A2 W1C3 B2B4 W2B1 A2D4";
// Black to move loses in 2 plies whatever it does.
const char* black_lost_in_2 = "W1C2 K1C3 W1B4 K1B2 C2D3 C3D1 W2D4 D1B1 W1C4 B2A3 W3D2";

// Enough to see these positions' forced results, and quick.
const TimeBudget short_think{0.2, 5, 5, 5};

}  // namespace

TEST_CASE("the computer accepts a draw a full point behind or worse, and never with a win", "[decisions]") {
    CHECK(accepts_draw(-(mate_score - 2)));  // lost
    CHECK(accepts_draw(-mate_bound));
    CHECK(accepts_draw(-250));
    CHECK(accepts_draw(-100));
    CHECK_FALSE(accepts_draw(-99));
    CHECK_FALSE(accepts_draw(0));  // level: playing on costs nothing
    CHECK_FALSE(accepts_draw(150));
    CHECK_FALSE(accepts_draw(mate_bound));  // won
    CHECK_FALSE(accepts_draw(mate_score - 1));
}

TEST_CASE("offered a draw in a lost position, the computer accepts", "[decisions]") {
    const Game g = game_after(black_lost_in_2);
    Player p(ticking(PlayerSettings{Level::Max, 1, 1}));
    const DrawAnswer a = answer_draw_offer(p, g, Color::Black, &short_think);
    CHECK(a.accept);
    CHECK(a.score == -(mate_score - 2));
    CHECK(a.why == "accepts: it sees a forced loss in 1 move");
}

TEST_CASE("offered a draw when it sees a win, the computer declines, on its turn or not", "[decisions]") {
    Player p(ticking(PlayerSettings{Level::Max, 1, 1}));
    const Game won = game_after(white_wins_in_3);
    const DrawAnswer on_turn = answer_draw_offer(p, won, Color::White, &short_think);
    CHECK_FALSE(on_turn.accept);
    CHECK(on_turn.score == mate_score - 3);
    CHECK(on_turn.why == "declines: it sees a forced win in 2 moves");
    // The opponent, to move in a lost position, offers: the computer judges from its own side.
    const Game lost = game_after(black_lost_in_2);
    const DrawAnswer off_turn = answer_draw_offer(p, lost, Color::White, &short_think);
    CHECK_FALSE(off_turn.accept);
    CHECK(off_turn.score == mate_score - 2);
    CHECK(off_turn.why == "declines: it sees a forced win in 1 move");
}

TEST_CASE("offered a draw in a level position, the computer declines and plays on", "[decisions]") {
    Player p(ticking(PlayerSettings{Level::Max, 1, 1}));
    const Game g = game_after("W3B2 K1C3");
    const DrawAnswer a = answer_draw_offer(p, g, Color::White, &short_think);
    CHECK_FALSE(a.accept);
    CHECK(a.score > draw_accept_score);
    CHECK(a.score < mate_bound);
    // In words, from White's side (issue 10: no bare "+0.0" whose sign a player must decode).
    CHECK(a.why == "declines: " + score_words(a.score, Color::White));
    CHECK(a.why.find("evaluation") == std::string::npos);
    // Without a budget it thinks at its level, and answers the same way.
    Player medium(PlayerSettings{Level::Medium, 1, 1});
    CHECK_FALSE(answer_draw_offer(medium, g, Color::White).accept);
}

TEST_CASE("on 3x3 the solved value decides: a drawn position is declined, a lost one accepted",
          "[decisions]") {
    Player p(ticking(PlayerSettings{Level::Max, 1, 1}));
    // Drawn positions are rare in Gobblet Jr.; these two are (White to move, then Black).
    for (const auto& [transcript, rules] : {std::pair{"W3B3 K2C3 W3A1 C3B3", Rules::Official},
                                            std::pair{"W3A1 K2A3 W3C3 A3C1 C3B3", Rules::Rogers}}) {
        const Game g = game_after(transcript, Variant{3, rules});
        INFO(transcript);
        REQUIRE(solve3::solve(g.position()).value == solve3::Value::Draw);
        const DrawAnswer a = answer_draw_offer(p, g, g.side_to_move());
        CHECK_FALSE(a.accept);
        CHECK(a.score == 0);
    }
    std::mt19937 rng(3);
    int lost = 0, won = 0;
    for (int trial = 0; trial < 400 && (lost < 5 || won < 5); ++trial) {
        Game g(Variant{3, Rules::Official});
        const int plies = 2 + int(rng() % 8);
        for (int i = 0; i < plies && !g.over(); ++i) {
            MoveList moves;
            g.legal_moves(moves);
            REQUIRE(g.play(moves[int(rng() % moves.size())]));
        }
        if (g.over()) continue;
        const solve3::Value v = solve3::solve(g.position()).value;
        const DrawAnswer a = answer_draw_offer(p, g, g.side_to_move());
        INFO(transcript_text(g.moves()));
        CHECK(a.accept == (v == solve3::Value::Loss));
        (v == solve3::Value::Loss ? lost : won) += v != solve3::Value::Draw;
    }
    CHECK(lost >= 5);
    CHECK(won >= 5);
}

TEST_CASE("a finished game has no draw to offer", "[decisions]") {
    Game g = game_after("W1A1 K1D1 W1A2 K1D2 W1A3 K1C4 W1A4");
    REQUIRE(g.over());
    Player p(PlayerSettings{Level::Easy, 1, 1});
    CHECK_FALSE(answer_draw_offer(p, g, Color::Black).accept);
}

TEST_CASE("after losing a round, the computer chooses to start the next one", "[decisions]") {
    Match m(MatchSettings{Variant{}, 2, {}}, {"Liam", "computer"});
    for (const char* mv : {"W1A1", "K1D1", "W1A2", "K1D2", "W1A3", "K2C4", "W2A4"})
        REQUIRE(m.play(spec_of(mv), 0));
    REQUIRE(m.phase() == MatchPhase::ChoosingStarter);
    REQUIRE(m.chooser() == 1);
    CHECK(starter_after_loss(1) == 1);
    m.choose_starter(starter_after_loss(m.chooser()), 0);
    CHECK(m.player_of(Color::White) == 1);
    CHECK(starter_after_loss(0) == 0);
}
