#include "puzzle_session.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "engine/notation.h"

namespace gobblet::ui {

const PuzzleSet* find_puzzle_set(std::string_view name) {
    std::string want;
    for (char c : name) want += char(std::tolower(static_cast<unsigned char>(c)));
    if (want == "official" || want == "rogers") want += "-4x4";
    if (want == "jr") want = "3x3";
    for (const PuzzleSet& s : saves::shipped_puzzle_sets())
        if (s.name == want) return &s;
    return nullptr;
}

PuzzleSession::PuzzleSession(const PuzzleSet& set, saves::PuzzleProgress progress)
    : set_(&set), progress_(std::move(progress)) {
    const saves::SetProgress& p = set_progress();
    std::size_t first = 0;
    while (first < set.puzzles.size() && p.solved.count(set.puzzles[first].id)) ++first;
    open(first < set.puzzles.size() ? first : 0);
}

const saves::SetProgress& PuzzleSession::set_progress() const {
    static const saves::SetProgress none;
    const auto it = progress_.sets.find(set_->name);
    return it == progress_.sets.end() ? none : it->second;
}

bool PuzzleSession::take_progress_change() { return std::exchange(changed_, false); }

std::string PuzzleSession::task() const {
    const std::string side = color_name(solver_);
    switch (state_) {
        case State::Solving: return side + " to play and win in " + std::to_string(moves_left_);
        case State::Solved: return "Solved: " + side + " wins";
        case State::Failed: return "Not a win: r tries again";
        case State::Shown: return "The solution";
    }
    return {};
}

std::string PuzzleSession::progress_text() const {
    const saves::SetProgress& p = set_progress();
    return "solved " + std::to_string(p.solved.size()) + "/" + std::to_string(set_->puzzles.size()) +
           "  failed " + std::to_string(p.failed.size()) + "  streak " + std::to_string(p.streak) +
           " (best " + std::to_string(p.best_streak) + ")";
}

void PuzzleSession::open(std::size_t index) {
    index_ = set_->puzzles.empty() ? 0 : index % set_->puzzles.size();
    counted_ = false;
    retry();
}

void PuzzleSession::retry() {
    game_ = puzzle_game(*set_, puzzle());
    solver_ = game_.side_to_move();
    moves_left_ = puzzle().length;
    state_ = State::Solving;
}

std::size_t PuzzleSession::next_index() const {
    const std::size_t n = set_->puzzles.size();
    const saves::SetProgress& p = set_progress();
    for (std::size_t k = 1; k <= n; ++k) {
        const std::size_t i = (index_ + k) % n;
        if (!p.solved.count(set_->puzzles[i].id)) return i;
    }
    return (index_ + 1) % n;
}

void PuzzleSession::record(bool solved) {
    if (counted_) return;
    counted_ = true;
    progress_.record(set_->name, puzzle().id, solved);
    changed_ = true;
}

PuzzleSession::Attempt PuzzleSession::play(const MoveSpec& spec) {
    const std::string written = spec_name(spec);
    if (state_ != State::Solving)
        return {false, std::string(state_ == State::Solved ? "solved already" : "this try is over") +
                           ": r plays the puzzle again from its start, n goes to the next one"};
    const Game before = game_;
    if (const Expected<void> legal = game_.play(spec); !legal) return {false, written + ": " + legal.why()};
    const Move m = game_.moves().back();
    const Color defender = ~solver_;
    const int size = game_.variant().size;
    const std::string played = move_name(m, solver_);
    const std::string answer_is = std::string(color_name(defender)) + " answers ";
    if (move_wins_within(before, m, moves_left_)) {
        std::string text = played;
        if (!game_.over()) {
            const Move d = longest_defence(game_, moves_left_ - 1);
            (void)game_.play(d);  // a legal move of the position
            --moves_left_;
            text += " keeps the win; " + answer_is + move_name(d, defender);
        }
        if (!game_.over()) return {true, text + ": " + task()};
        state_ = State::Solved;
        record(true);
        return {true, text + ": " + result_text(game_.result(), size, game_.side_to_move()) +
                          ". Solved! n goes to the next puzzle"};
    }
    // Refuted: played on the board, with the reply that shows why.
    const bool counted_before = counted_;
    state_ = State::Failed;
    record(false);
    const int left = moves_left_ - 1;
    std::string text = "not a win: ";
    if (game_.over()) {
        text += played + ": " + result_text(game_.result(), size, game_.side_to_move());
    } else {
        const Move r = longest_defence(game_, left);
        (void)game_.play(r);  // a legal move of the position
        if (game_.over())
            text += "after " + played + ", " + answer_is + move_name(r, defender) + ": " +
                    result_text(game_.result(), size, game_.side_to_move());
        else if (left == 0)
            text += played + " does not win at once; " + answer_is + move_name(r, defender);
        else
            text += "after " + played + ", " + answer_is + move_name(r, defender) + " and " +
                    color_name(solver_) + " has no forced win in " + std::to_string(left);
    }
    text += counted_before ? ". r tries again, s shows the solution, n goes on"
                           : ". Counted as failed; r tries again, s shows the solution, n goes on";
    return {true, text};
}

std::string PuzzleSession::show_solution() {
    const bool counted_before = counted_;
    retry();
    std::string line;
    for (const Move m : puzzle().solution) {
        const Color mover = game_.side_to_move();
        if (!game_.play(m)) break;  // proven files: never
        line += (line.empty() ? "" : " ") + move_name(m, mover);
    }
    state_ = State::Shown;
    moves_left_ = 0;
    record(false);
    std::string text = "solution: " + line;
    if (game_.over())
        text += " (" + result_text(game_.result(), game_.variant().size, game_.side_to_move()) + ")";
    std::string others;
    int more = 0;
    for (const Move m : puzzle().first_moves)
        if (m != puzzle().solution.front()) others += " " + move_name(m, solver_), ++more;
    if (more)
        text += std::string("; the first move") + (more > 1 ? "s" : "") + others +
                (more > 1 ? " win" : " wins") + " too";
    text += counted_before ? ". r tries it, n goes on" : ". Counted as failed; r tries it, n goes on";
    return text;
}

}  // namespace gobblet::ui
