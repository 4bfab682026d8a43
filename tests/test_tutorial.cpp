// The tutorial's steps (ui/tutorial_steps.h): every position is legal and ongoing, every text fits the
// 80x24 screen, each step accepts exactly the kind of move it asks for, and the lessons show what they
// say (the entering restriction, an uncovered line, both lines).
#include <functional>

#include "saves/tutorial.h"
#include "support.h"
#include "ui/text.h"
#include "ui/tutorial_steps.h"

using namespace gobblet;
using namespace gobblet::test;
using gobblet::ui::Tutorial;
using gobblet::ui::TutorialStep;

namespace {

// The lines the message area takes for `text` (it wraps with ui/text.h's wrap).
int lines_at(const std::string& text, int width) { return int(ui::wrap(text, width).size()); }

MoveSpec spec(const std::string& text) { return spec_of(text); }

// The legal moves of a step that its check accepts.
std::vector<Move> accepted(const TutorialStep& step) {
    const Game start(step.position);
    MoveList legal;
    start.legal_moves(legal);
    std::vector<Move> out;
    for (Move m : legal) {
        Game after = start;
        REQUIRE(after.play(m));
        if (step.check(start, m, after)) out.push_back(m);
    }
    return out;
}

bool on_row(Move m, int row) { return row_of(m.to()) == row; }
bool lands_on_black(const Game& g, Move m) {
    return g.position().top_size(m.to()) && g.position().top_color(m.to()) == Color::Black;
}

}  // namespace

TEST_CASE("tutorial steps: legal positions with White to move, texts that fit 80x24", "[tutorial]") {
    for (Rules rules : {Rules::Official, Rules::Rogers}) {
        const auto steps = ui::tutorial_steps(rules);
        REQUIRE(steps.size() == 5);
        for (const TutorialStep& s : steps) {
            INFO(rules_name(rules) << ": " << s.title);
            const Game g(s.position);
            CHECK(g.variant() == Variant{4, rules});
            CHECK(g.side_to_move() == Color::White);
            CHECK_FALSE(g.over());
            // The message area holds three lines of 79 columns.
            CHECK(lines_at(s.rule + " " + s.task, 79) <= 3);
            CHECK(lines_at(s.done + " Enter: finish the tutorial.", 79) <= 3);
            // The example in the task is legal and does the step.
            Game after = g;
            REQUIRE(after.play(spec(s.example)));
            const Expected<void> checked = s.check(g, after.moves().back(), after);
            INFO(checked.why());
            CHECK(checked);
        }
    }
}

TEST_CASE("every answer of the tutorial fits the message area", "[tutorial]") {
    for (Rules rules : {Rules::Official, Rules::Rogers}) {
        Tutorial t(rules);
        for (bool more = true; more; more = t.next()) {
            INFO(rules_name(rules) << ": " << t.step().title);
            // Every move that can be written: each stack and each board square to each square.
            std::vector<MoveSpec> specs;
            for (Square to = 0; to < 16; ++to) {
                for (int stack = 0; stack < 3; ++stack) specs.push_back(MoveSpec::mover_stack(stack, to));
                for (Square from = 0; from < 16; ++from) specs.push_back(MoveSpec::square(from, to));
            }
            for (const MoveSpec& m : specs) {
                t.play(m);
                INFO(t.message());
                CHECK(lines_at(t.message(), 79) <= 3);
                if (t.state() == Tutorial::State::Done) break;  // the last spec tried did the step
            }
            if (t.state() != Tutorial::State::Done) t.play(spec(t.step().example));
            REQUIRE(t.state() == Tutorial::State::Done);
        }
    }
}

TEST_CASE("tutorial steps accept exactly the kind of move they ask for", "[tutorial]") {
    for (Rules rules : {Rules::Official, Rules::Rogers}) {
        const auto steps = ui::tutorial_steps(rules);
        const std::vector<std::function<bool(const Game&, Move, const Game&)>> kinds = {
            // Entering on a centre square.
            [](const Game&, Move m, const Game&) {
                return m.is_enter() && row_of(m.to()) % 3 != 0 && col_of(m.to()) % 3 != 0;
            },
            // Gobbling a Black piece.
            [](const Game& before, Move m, const Game&) { return lands_on_black(before, m); },
            // A new piece gobbling a Black piece: on row C (official), anywhere (rogers).
            [rules](const Game& before, Move m, const Game&) {
                return m.is_enter() && lands_on_black(before, m) && (rules == Rules::Rogers || on_row(m, 2));
            },
            // The 4 on B4, moved without losing.
            [](const Game&, Move m, const Game& after) {
                return !m.is_enter() && m.from() == make_square(1, 3) && !after.over();
            },
            // A win.
            [](const Game&, Move, const Game& after) { return after.result().winner() == Color::White; },
        };
        for (std::size_t i = 0; i < steps.size(); ++i) {
            INFO(rules_name(rules) << ": " << steps[i].title);
            const Game start(steps[i].position);
            MoveList legal;
            start.legal_moves(legal);
            int yes = 0, no = 0;
            for (Move m : legal) {
                Game after = start;
                REQUIRE(after.play(m));
                const Expected<void> checked = steps[i].check(start, m, after);
                INFO(move_name(m, Color::White) << ": " << checked.why());
                CHECK(checked.ok() == kinds[i](start, m, after));
                (checked ? yes : no)++;
            }
            CHECK(yes > 0);
            CHECK(no > 0);  // every step can be got wrong
        }
    }
}

TEST_CASE("tutorial lessons: the entering restriction, uncovering and both lines", "[tutorial]") {
    const auto official = ui::tutorial_steps(Rules::Official);
    const auto rogers = ui::tutorial_steps(Rules::Rogers);
    // Step 3: a new piece may gobble Black's lone 3 on A4 under Ed Rogers' rules only; on row C under both.
    Game o(official[2].position), r(rogers[2].position);
    CHECK(refusal(o, "XA4") == "official rules: a new piece may gobble only a piece in a row of three");
    CHECK(refusal(r, "XA4") == "");
    CHECK(accepted(official[2]).size() == 2);  // XC1, XC2
    // Step 2 under the official rules: the stack's 4 may not gobble B3; the board's 4 may.
    Game g(official[1].position);
    CHECK(refusal(g, "XB3") == "official rules: a new piece may gobble only a piece in a row of three");
    CHECK(accepted(official[1]).size() == 1);  // B2B3
    CHECK(accepted(rogers[1]).size() == 2);    // B2B3, XB3
    // Step 4: lifting the 4 off row B uncovers Black's line; landing on row B covers it.
    Game u(official[3].position);
    REQUIRE(refusal(u, "B4C4") == "");
    CHECK(u.result().ending == Ending::UncoveredLine);
    CHECK(u.result().winner() == Color::Black);
    CHECK(accepted(official[3]).size() == 3);  // B4B1, B4B2, B4B3
    // Step 5: B4A4 makes White's row A and uncovers Black's row B: Black wins.
    Game b(official[4].position);
    REQUIRE(refusal(b, "B4A4") == "");
    CHECK(b.result().ending == Ending::BothLines);
    CHECK(b.result().winner() == Color::Black);
}

TEST_CASE("the tutorial's progress: refused, wrong, retried, done, next", "[tutorial]") {
    Tutorial t(Rules::Official);
    CHECK(t.step_count() == 5);
    CHECK(t.message().find(t.step().task) != std::string::npos);
    // Illegal: refused with the engine's reason, nothing played.
    t.play(spec("C2A2"));
    CHECK(t.state() == Tutorial::State::Trying);
    CHECK(t.message_is_error());
    CHECK(t.game().moves().empty());
    // Legal but another kind: played, explained, and the next move starts from the step's position.
    t.play(spec("XA1"));
    CHECK(t.state() == Tutorial::State::Wrong);
    CHECK(t.message().rfind("W1A1 enters on A1, not a centre square. Try again: enter one on a centre square",
                            0) == 0);
    CHECK(t.game().moves().size() == 1);
    CHECK_FALSE(t.next());
    t.play(spec("XB2"));
    CHECK(t.state() == Tutorial::State::Done);
    CHECK(t.game().moves().size() == 1);
    CHECK(t.message() == t.step().done);
    t.play(spec("XC2"));  // done: no more moves
    CHECK(t.game().moves().size() == 1);
    REQUIRE(t.next());
    CHECK(t.step_index() == 1);
    // A move that loses is explained by the result.
    for (int i = 1; i < 3; ++i) {
        t.play(spec(t.step().example));
        REQUIRE(t.next());
    }
    t.play(spec("B4C4"));
    CHECK(t.message().rfind(
              "B4C4: Black wins: White uncovered Black's four in a row on row B. Try again: move the "
              "4 from B4 onto row B",
              0) == 0);
    t.reset();
    CHECK(t.game().moves().empty());
    t.play(spec("B4B2"));
    REQUIRE(t.next());
    t.play(spec("XA4"));
    CHECK(t.state() == Tutorial::State::Done);
    CHECK_FALSE(t.next());  // the last step
}

TEST_CASE("the tutorial marker lives in the state folder", "[tutorial][saves]") {
    TempDir dir;
    EnvVar state("XDG_STATE_HOME", dir.path.c_str());
    CHECK(saves::tutorial_marker_path() == dir.path / "gobblet" / "tutorial.txt");
    CHECK_FALSE(saves::tutorial_seen());
    CHECK(saves::mark_tutorial_seen("skipped at step 2 of 5"));
    CHECK(saves::tutorial_seen());
    CHECK(read_text(saves::tutorial_marker_path()).find("the tutorial was skipped at step 2 of 5 on ") !=
          std::string::npos);
    // A state folder that cannot be made: the reason, and still not seen.
    const std::string file = dir / "file";
    std::ofstream(file) << "x";
    EnvVar blocked("XDG_STATE_HOME", (file + "/state").c_str());
    CHECK_FALSE(saves::tutorial_seen());
    CHECK_FALSE(saves::mark_tutorial_seen("finished"));
    EnvVar no_state("XDG_STATE_HOME", nullptr);
    EnvVar no_home("HOME", nullptr);
    CHECK(saves::tutorial_marker_path().empty());
    CHECK(saves::mark_tutorial_seen("finished").why() == "neither XDG_STATE_HOME nor HOME is set");
}
