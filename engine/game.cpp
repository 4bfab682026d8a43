#include "game.h"

#include <algorithm>

#include "movegen.h"

namespace gobblet {

namespace {

std::string in_a_row(int size) { return size == 4 ? "four in a row" : "three in a row"; }

}  // namespace

std::string outcome_text(const Result& r, Color side_to_move) {
    switch (r.outcome) {
        case Outcome::Ongoing: return std::string(color_name(side_to_move)) + " to move";
        case Outcome::WhiteWins: return "White wins";
        case Outcome::BlackWins: return "Black wins";
        case Outcome::Draw: return "Draw";
    }
    return {};
}

const SideNames& colour_names() {
    static const SideNames names = {"White", "Black"};
    return names;
}

std::string ending_text(const Result& r, int size, const SideNames& names) {
    const std::string& loser = names[index(r.loser)];
    const std::string& winner = names[index(~r.loser)];
    switch (r.ending) {
        case Ending::None: return {};
        case Ending::Line: return in_a_row(size) + " on " + line_name(r.line, size);
        case Ending::UncoveredLine:
            return loser + " uncovered " + winner + "'s " + in_a_row(size) + " on " + line_name(r.line, size);
        case Ending::BothLines:
            return loser + "'s move made " + in_a_row(size) + " on " + line_name(r.other_line, size) +
                   " but uncovered " + winner + "'s on " + line_name(r.line, size) + ", and the mover loses";
        case Ending::NoMoves: return loser + " has no legal move";
        case Ending::Repetition: return "the same position occurred three times";
        case Ending::Forfeit:
            return "forfeit: touched piece cannot move (" + loser + "'s piece on " + square_name(r.touched) +
                   ")";
        case Ending::Resignation: return loser + " resigned";
        case Ending::Agreement: return "agreed by both players";
        case Ending::Time: return loser + " ran out of time";
        case Ending::Abandoned:
            // (A claimed draw: `loser` is the side that left, who loses nothing.)
            return loser + " left and did not come back" +
                   (r.outcome == Outcome::Draw ? "; " + winner + " claimed a draw" : "");
    }
    return {};
}

std::string result_text(const Result& r, int size, Color side_to_move) {
    const std::string head = outcome_text(r, side_to_move);
    return r.ending == Ending::None ? head : head + ": " + ending_text(r, size);
}

std::string TranscriptError::message(std::string_view switch_hint) const {
    std::string m = where.message();
    if (legal_under) {
        const std::string name = rules_name(*legal_under);
        m += "; the transcript is legal under the " + name + " rules: use " + std::string(switch_hint) + " " +
             name;
    }
    return m;
}

Game::Game(Variant v) : Game(Position(v)) {}

Game::Game(const Position& start) : pos_(start) {
    keys_.push_back(pos_.key());
    judge();
}

void Game::judge() {
    Result r;
    const Color to_move = pos_.side_to_move();
    if (end_event_ != Ending::None) {
        r.ending = end_event_;
        r.loser = end_side_;
        r.touched = touched_.value_or(0);
        r.outcome = end_event_ == Ending::Agreement || (end_event_ == Ending::Abandoned && end_drawn_)
                        ? Outcome::Draw
                        : (end_side_ == Color::White ? Outcome::BlackWins : Outcome::WhiteWins);
    } else if (const auto w = pos_.winner()) {
        r.outcome = *w == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
        r.loser = ~*w;
        r.line = pos_.line_of(*w);
        if (*w == to_move) {
            // The side that just moved lifted a piece off its opponent's line.
            r.other_line = pos_.line_of(~to_move);
            r.ending = r.other_line ? Ending::BothLines : Ending::UncoveredLine;
        } else {
            r.ending = Ending::Line;
        }
    } else if (count_moves(pos_) == 0) {
        // Unreachable from the start in both sizes: a largest piece on the board can always move (too
        // few largest pieces exist to cover every other square), and a side with none on the board has
        // one on top of a stack and a free square for it. It is a rule all the same.
        r.outcome = to_move == Color::White ? Outcome::BlackWins : Outcome::WhiteWins;
        r.ending = Ending::NoMoves;
        r.loser = to_move;
    } else if (occurrences() >= 3) {
        r.outcome = Outcome::Draw;
        r.ending = Ending::Repetition;
    }
    result_ = r;
}

int Game::occurrences() const { return int(std::count(keys_.begin(), keys_.end(), keys_.back())); }

void Game::legal_moves(MoveList& list) const {
    list.clear();
    if (over()) return;
    generate_moves(pos_, list);
    if (!touched_) return;
    int kept = 0;
    for (Move m : list)
        if (!m.is_enter() && m.from() == *touched_) list[kept++] = m;
    MoveList only;
    for (int i = 0; i < kept; ++i) only.push(list[i]);
    list = only;
}

Expected<void> Game::play(const MoveSpec& spec) {
    if (over())
        return Failure{"the game is over (" + result_text(result_, pos_.size(), side_to_move()) + ")"};
    if (touched_ && (spec.kind != MoveSpec::From::Board || spec.from != *touched_))
        return Failure{"official rules: you touched the piece on " + square_name(*touched_) +
                       ", so you must move it"};

    const Expected<Move> checked = check_move(pos_, spec);
    if (!checked) return Failure{checked.why()};

    const Move m = *checked;
    if (!redo_.empty() && redo_.back() == m)
        redo_.pop_back();  // playing the undone move again keeps the rest of the redo line
    else
        redo_.clear();
    pos_.play(m);
    moves_.push_back(m);
    keys_.push_back(pos_.key());
    touched_.reset();
    judge();
    return {};
}

bool Game::undo() {
    if (end_event_ != Ending::None) {
        end_event_ = Ending::None;
        end_drawn_ = false;
        touched_.reset();
        judge();
        return true;
    }
    touched_.reset();
    if (moves_.empty()) {
        judge();
        return false;
    }
    const Move m = moves_.back();
    moves_.pop_back();
    keys_.pop_back();
    pos_.undo(m);
    redo_.push_back(m);
    judge();
    return true;
}

bool Game::redo() {
    if (!can_redo()) return false;
    const std::vector<Move> keep(redo_.begin(), redo_.end() - 1);
    const Move m = redo_.back();
    touched_.reset();
    if (!play(m)) return false;
    redo_ = keep;
    return true;
}

Expected<void> Game::touch(Square sq) {
    if (!variant().touch_rule()) return {};
    if (over()) return Failure{"the game is over"};
    if (touched_) {
        if (*touched_ == sq) return {};
        return Failure{"official rules: you touched the piece on " + square_name(*touched_) +
                       ", so you must move it"};
    }
    if (!(pos_.board() & bit(sq)) || pos_.top_size(sq) == 0) return Failure{square_name(sq) + " is empty"};
    if (pos_.top_color(sq) != side_to_move())
        return Failure{"the piece on " + square_name(sq) + " is " + color_name(~side_to_move()) + "'s"};
    touched_ = sq;
    bool can_move = false;
    for_each_move(pos_, [&](Move m) { can_move |= !m.is_enter() && m.from() == sq; });
    if (!can_move) {
        end_event_ = Ending::Forfeit;
        end_side_ = side_to_move();
        judge();
    }
    return {};
}

void Game::resign(Color side) {
    if (over()) return;
    end_event_ = Ending::Resignation;
    end_side_ = side;
    judge();
}

void Game::agree_draw() {
    if (over()) return;
    end_event_ = Ending::Agreement;
    judge();
}

void Game::lose_on_time(Color side) {
    if (over()) return;
    end_event_ = Ending::Time;
    end_side_ = side;
    judge();
}

void Game::abandon(Color side, bool draw) {
    if (over()) return;
    end_event_ = Ending::Abandoned;
    end_side_ = side;
    end_drawn_ = draw;
    judge();
}

Expected<void, TranscriptError> Game::play_transcript(std::string_view text) {
    const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(text);
    if (!parsed) return Failure{TranscriptError{parsed.why(), std::nullopt}};
    return play_transcript(*parsed);
}

Expected<void, TranscriptError> Game::play_transcript(const std::vector<WrittenMove>& moves) {
    if (moves.size() > max_transcript_moves)
        return Failure{TranscriptError{too_many_moves(moves[max_transcript_moves].line), std::nullopt}};
    Game trial = *this;
    for (const WrittenMove& wm : moves) {
        const Expected<void> played = trial.play(wm.spec);
        if (played) continue;
        TranscriptError err{{wm.line, excerpt(wm.written), played.why()}, std::nullopt};
        // Would the other rule set take the whole transcript, from the same game?
        const Rules other = variant().rules == Rules::Official ? Rules::Rogers : Rules::Official;
        Game alt(Variant{variant().size, other});
        bool ok = true;
        for (Move m : moves_) ok = ok && alt.play(m).ok();
        for (const WrittenMove& w : moves) ok = ok && alt.play(w.spec).ok();
        if (ok) err.legal_under = other;
        return Failure{std::move(err)};
    }
    *this = std::move(trial);
    return {};
}

}  // namespace gobblet
