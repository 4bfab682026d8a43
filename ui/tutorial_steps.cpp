#include "tutorial_steps.h"

#include <cctype>

#include "engine/notation.h"

namespace gobblet::ui {

namespace {

Position diagram(const char* text, Rules rules) {
    // The diagrams below are fixed and checked by the unit tests: parsing cannot fail.
    return *parse_diagram(text, Variant{4, rules}, Color::White);
}

Square at(const char* name) { return make_square(name[0] - 'A', name[1] - '1'); }

bool lands_on(const Game& before, Move m, Color c) {
    const Position& pos = before.position();
    return pos.top_size(m.to()) && pos.top_color(m.to()) == c;
}

std::string named(Move m) { return move_name(m, Color::White); }

}  // namespace

std::vector<TutorialStep> tutorial_steps(Rules rules) {
    const bool official = rules == Rules::Official;
    std::vector<TutorialStep> steps;

    steps.push_back(
        {"entering a piece",
         "Each side has 12 pieces in three stacks (X Y Z, right); only a stack's top piece, its largest, "
         "can be played. A turn enters a piece or moves one of yours.",
         "Enter one on a centre square (B2 B3 C2 C3): type XB2, then Enter.", "XB2",
         "Well done: the piece is on the board, and its stack now shows the next piece down.",
         Position(Variant{4, rules}), [](const Game&, Move m, const Game&) -> Expected<void> {
             const int r = row_of(m.to()), c = col_of(m.to());
             if (m.is_enter() && r >= 1 && r <= 2 && c >= 1 && c <= 2) return {};
             return Failure{named(m) + " enters on " + square_name(m.to()) + ", not a centre square"};
         }});

    steps.push_back(
        {"gobbling",
         "A piece may land on an empty square, or on any smaller piece of either side: it gobbles (covers) "
         "it. Only the top piece of a square shows and counts.",
         "Gobble Black's 3 on B3 with your 4 on B2: type B2B3.", "B2B3",
         "Gobbled: Black's 3 lies under your 4 now (+1 on the square), and shows again if the 4 moves on.",
         diagram(". .  .  .\n"
                 ". W4 K3 .\n"
                 ". .  K4 .\n"
                 ". .  .  .\n",
                 rules),
         [](const Game& before, Move m, const Game&) -> Expected<void> {
             if (lands_on(before, m, Color::Black)) return {};
             return Failure{named(m) +
                            (before.position().top_size(m.to()) ? " gobbles your own piece"
                                                                : " lands on an empty square") +
                            ": this step asks you to gobble one of Black's"};
         }});

    // Black shows three in row C (C1 C2 C3, the 3s smaller than White's stack top 4) and a lone 3 on A4.
    const Position entering = diagram(
        "K4 W3 . K3\n"
        ".  W4 . K4\n"
        "K3 K3 K4 .\n"
        "W3 .  . W4\n",
        rules);
    if (official)
        steps.push_back(
            {"entering onto a line of three",
             "Official rules: a new piece from a stack lands on an empty square, or gobbles a piece of a "
             "line where the opponent shows three, to block it.",
             "Black shows three on row C: gobble C1 or C2 from a stack, as in XC1.", "XC1",
             "Blocked: a new piece may gobble only like this. Board pieces gobble anywhere.", entering,
             [](const Game& before, Move m, const Game&) -> Expected<void> {
                 const bool row_c = row_of(m.to()) == 2;
                 if (m.is_enter() && row_c && lands_on(before, m, Color::Black)) return {};
                 if (m.is_enter() && row_c)
                     return Failure{named(m) +
                                    " blocks row C as well, but on an empty square: this step asks you to "
                                    "gobble one of Black's three"};
                 if (!m.is_enter() && lands_on(before, m, Color::Black))
                     return Failure{named(m) +
                                    " gobbles with a piece already on the board, which is always allowed: "
                                    "this step asks for a new piece from a stack"};
                 return Failure{named(m) + " leaves Black's three on row C"};
             }});
    else
        steps.push_back(
            {"entering onto a smaller piece",
             "Ed Rogers' rules: a new piece from a stack may gobble any smaller piece (the official rules "
             "allow it only on a line where the opponent shows three, to block it).",
             "Gobble Black's 3 on A4 straight from a stack: type XA4.", "XA4",
             "Gobbled from the stack: under Ed Rogers' rules new pieces gobble anywhere they fit.", entering,
             [](const Game& before, Move m, const Game&) -> Expected<void> {
                 if (m.is_enter() && lands_on(before, m, Color::Black)) return {};
                 if (!m.is_enter())
                     return Failure{named(m) +
                                    " moves a piece already on the board: this step asks for a new piece "
                                    "from a stack"};
                 return Failure{named(m) +
                                (before.position().top_size(m.to()) ? " gobbles your own piece"
                                                                    : " lands on an empty square") +
                                ": this step asks you to gobble one of Black's"};
             }});

    // White's 4 on B4 covers Black's 3, the fourth piece of Black's row B.
    steps.push_back(
        {"uncovering",
         "Moving a piece uncovers what it covered. Your 4 on B4 covers Black's 3: lift it, and Black's row "
         "B shows and wins, unless the 4 lands on row B.",
         "Move the 4 from B4 onto row B, as in B4B1.", "B4B1",
         "Safe: landing on row B covers one of Black's pieces, so the line stays broken. Remember what lies "
         "under your pieces.",
         diagram("K4 .  .  W3\n"
                 "K3 K3 K2 K3W4\n"
                 ".  .  K4 .\n"
                 "W4 K4 .  .\n",
                 rules),
         [](const Game&, Move m, const Game& after) -> Expected<void> {
             if (after.over()) return Failure{"it uncovered Black's line"};
             if (m.is_enter() || m.from() != at("B4"))
                 return Failure{named(m) + " moves another piece: this step is about your 4 on B4"};
             return {};
         }});

    steps.push_back(
        {"both lines",
         "Judged after the whole move: if it uncovers the opponent's line, the opponent wins, even when the "
         "move also makes your own line (both lines: the mover loses).",
         "Make four in a row on row A without lifting the 4 on B4: type XA4.", "XA4",
         "You win: four on row A. B4A4 would have made it too, but shown Black's row B, and lost.",
         diagram("W3 W3 W4 .\n"
                 "K3 K3 K2 K3W4\n"
                 ".  .  K4 .\n"
                 "K4 K4 .  .\n",
                 rules),
         [](const Game&, Move m, const Game& after) -> Expected<void> {
             if (after.result().winner() == Color::White) return {};
             if (after.over()) return Failure{"it uncovered Black's line"};
             return Failure{named(m) + " does not make four in a row"};
         }});
    return steps;
}

Tutorial::Tutorial(Rules rules) : steps_(tutorial_steps(rules)) { open(0); }

void Tutorial::open(std::size_t index) {
    index_ = index;
    game_ = Game(step().position);
    state_ = State::Trying;
    message_ = step().rule + " " + step().task;
    error_ = false;
}

void Tutorial::play(const MoveSpec& spec) {
    if (state_ == State::Wrong) reset();
    if (state_ == State::Done) {
        message_ = "This step is done: Enter goes on.";
        error_ = false;
        return;
    }
    const Game before = game_;
    if (const Expected<void> played = game_.play(spec); !played) {
        message_ = spec_name(spec) + ": " + played.why() + ". " + step().task;
        error_ = true;
        return;
    }
    const Move m = game_.moves().back();
    const Expected<void> checked = step().check(before, m, game_);
    if (checked) {
        state_ = State::Done;
        message_ = step().done;
        error_ = false;
        return;
    }
    state_ = State::Wrong;
    error_ = true;
    // A move that ended the game is explained by the result itself.
    message_ =
        game_.over() ? named(m) + ": " + result_text(game_.result(), 4, game_.side_to_move()) : checked.why();
    // The task is a sentence of its own elsewhere; after the colon it goes on this one, in lower case.
    std::string task = step().task;
    if (!task.empty()) task[0] = char(std::tolower(static_cast<unsigned char>(task[0])));
    message_ += ". Try again: " + task;
}

void Tutorial::reset() {
    if (state_ != State::Wrong) return;
    game_ = Game(step().position);
    state_ = State::Trying;
}

bool Tutorial::next() {
    if (state_ != State::Done || index_ + 1 >= steps_.size()) return false;
    open(index_ + 1);
    return true;
}

}  // namespace gobblet::ui
