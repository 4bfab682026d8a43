// The engine's help at a table (teacher.h): the analysis panel, the coach, the review and hints.
#include <algorithm>

#include "teach_text.h"
#include "teacher.h"

namespace gobblet::ui {

Teacher::Teacher(Table& table, TableReport& report, UiState& ui, EventLoop& loop)
    : table_(table),
      report_(report),
      ui_(ui),
      loop_(loop),
      hint_worker_(loop.waker()),
      analysis_worker_(loop.waker()),
      coach_worker_(loop.waker()),
      review_worker_(loop.waker()) {}

namespace {

// The coach's look at a move (the longest the computer's reply waits for it is coach_max_ms).
constexpr JudgeLimits coach_limits{6, 0};
// The review: the same depth as --review (about 2 s for a 38-move game); a longer game is reviewed up
// to this many moves.
constexpr JudgeLimits review_limits{6, 0};
constexpr std::size_t max_review_plies = 300;
// The panel rests after searching one position this long.
constexpr double analysis_max_seconds = 120;

}  // namespace

// ---------------------------------------------------------------------------------------------------
// The analysis panel

Teacher::PositionKey Teacher::position_key() const {
    const Game& g = shown().game();
    return {shown().rounds().size(), g.variant(), g.moves(), g.touched()};
}

Expected<void> Teacher::analysis_allowed() const { return table_.help(Help::Analysis); }

void Teacher::toggle_analysis() {
    if (analysis_on_) {
        analysis_on_ = ui_.analysis = false;
        analysis_worker_.stop();
        say("analysis panel off");
        return;
    }
    if (const Expected<void> allowed = analysis_allowed(); !allowed) return say(allowed.why(), true);
    analysis_on_ = ui_.analysis = true;
    analysed_.reset();
    table_.grant_help();  // before the first move of a timed match: for the whole match
    say(match().clock().enabled() && match().phase() != MatchPhase::Over
            ? "analysis on for this timed match, for both players (hints too): the best lines for the side "
              "to move"
            : "analysis on: the best lines for the side to move, deepening while you think; i hides it");
}

void Teacher::service_analysis(bool covered) {
    if (!analysis_on_) return;
    if (const Expected<void> allowed = analysis_allowed(); !allowed) {
        // A timed match opened or pasted in the middle, a network game: the panel goes.
        analysis_on_ = ui_.analysis = false;
        analysis_worker_.stop();
        say(allowed.why(), true);
        return;
    }
    const Game& g = shown().game();
    table_.grant_help();  // on at the start of a new timed match: on offer for the whole of it

    // A search that returned by itself went as deep as it may: it is not started again.
    if (analysis_worker_.collect()) {
        analysis_done_ = true;
        analysis_spent_ += double(table_.now() - analysis_started_) / 1000;
    }
    {
        std::lock_guard lock(analysis_mutex_);
        // A search restarted on the same position reports its shallow depths again: keep the deeper.
        if (analysis_fresh_ && analysis_posted_.depth >= ui_.analysis_result.depth)
            ui_.analysis_result = analysis_posted_;
        analysis_fresh_ = false;
    }
    const PositionKey key = position_key();
    if (analysed_ != key) {
        analysis_worker_.stop();
        analysed_ = key;
        analysis_done_ = false;
        analysis_spent_ = 0;
        ui_.analysis_result = {};
        ui_.analysis_result.side_to_move = g.side_to_move();
        std::lock_guard lock(analysis_mutex_);
        analysis_fresh_ = false;
    }

    const bool reviewing = table_.reviewing();
    const bool computer_turn = !g.over() && shown().phase() == MatchPhase::Playing && !reviewing &&
                               table_.seats().is_computer(table_.seat_of(g.side_to_move()));
    std::string pause;
    if (covered)
        pause = "paused while the puzzles or the tutorial are open";  // and no help with a puzzle
    else if (g.over())
        pause = "the game is over";
    else if (computer_turn || table_.seats().thinking())
        pause = "paused while the computer plays";
    else if (hint_worker_.busy())
        pause = "paused while the hint is found";
    else if (coach_worker_.busy())
        pause = "paused while the coach looks";
    else if (review_worker_.busy())
        pause = "paused while the game is reviewed";
    if (!pause.empty()) {
        if (analysis_worker_.busy()) {
            analysis_worker_.stop();
            analysis_spent_ += double(table_.now() - analysis_started_) / 1000;
        }
        ui_.analysis_note = pause;
        return;
    }
    ui_.analysis_note.clear();
    if (analysis_done_) {
        if (analysis_spent_ >= analysis_max_seconds - 1)
            ui_.analysis_note = "rests after two minutes on this position";
        return;
    }
    if (analysis_worker_.busy()) return;
    // Time already spent on this position (before a pause) counts: the panel rests after two minutes.
    AnalysisLimits limits;
    limits.lines = panel_lines;
    limits.seconds = std::max(1.0, analysis_max_seconds - analysis_spent_);
    limits.time = table_.seats().settings().time;  // the computer's clock: the real one, wired by main.cpp
    limits.threads = table_.seats().settings().threads;
    limits.cores = table_.seats().settings().cores;
    analysis_started_ = table_.now();
    if (!analyzer_) analyzer_ = std::make_unique<Analyzer>();
    analysis_worker_.start([this, snapshot = g, limits](const std::atomic<bool>& stop) {
        analyzer_->run(snapshot, limits, &stop, [this](const AnalysisResult& r) {
            {
                std::lock_guard lock(analysis_mutex_);
                analysis_posted_ = r;
                analysis_fresh_ = true;
            }
            loop_.wake();
        });
    });
}

// ---------------------------------------------------------------------------------------------------
// The coach

void Teacher::coach_after_move(const Game& before, Move played) {
    // The coach's word comes with a take-back: only in a local game without a clock, and by the rule of
    // the engine's help.
    if (!coach_on_ || table_.networked() || match().clock().enabled() || !table_.help(Help::Coach)) return;
    const Game& g = match().game();
    if (g.over() || match().phase() != MatchPhase::Playing) return;
    if (!table_.seats().is_human(table_.seat_of(~g.side_to_move())) ||
        !table_.seats().is_computer(table_.seat_of(g.side_to_move())))
        return;
    coach_line_ = g.moves();
    coach_started_ = table_.now();
    ui_.activity = "the coach looks at your move";
    if (!coach_judge_) coach_judge_ = std::make_unique<Judge>();
    coach_worker_.start([this, snapshot = before, played](const std::atomic<bool>& stop) {
        Judgement j = coach_judge_->judge(snapshot, played, coach_limits, &stop);
        if (stop) j.coach = false;  // cut short: no verdict
        coach_result_ = j;          // read once the worker is collected
    });
}

void Teacher::service_coach() {
    if (!coach_worker_.busy()) return;
    if (!coach_worker_.collect()) {
        if (table_.now() - coach_started_ >= coach_max_ms) {
            coach_worker_.stop();  // the reply has waited long enough: no word this time
            ui_.activity.clear();
        }
        return;
    }
    ui_.activity.clear();
    const Game& g = match().game();
    if (g.moves() != coach_line_ || g.over() || !coach_result_.coach) return;
    const Color mover = ~g.side_to_move();
    const std::string text = "coach: " + coach_text(coach_result_, mover);
    Question q;
    q.text = text;
    q.answers.push_back({ch('u'), "take it back", [this, mover] {
                             const Game& game = match().game();
                             if (game.moves() != coach_line_) return;
                             const Move m = game.moves().back();
                             table_.undo_last();
                             say("took back " + move_name(m, mover) + ": " + color_name(mover) +
                                 " to move again");
                             table_.after_change(false);
                         }});
    q.answers.back().help = "your move is taken back, without the computer's reply: play another";
    q.help =
        "The coach (m, or --coach) names a better move when yours throws away a win, walks into a "
        "loss or loses much. Any other key lets the move stand.";
    q.on_other = [this] { say("the move stands; the computer replies"); };
    report_.ask(std::move(q));
    say(text);
}

// ---------------------------------------------------------------------------------------------------
// The review

void Teacher::service_review() {
    const Game& g = shown().game();
    const std::vector<Move> line = full_line(g);
    if (review_worker_.collect()) reviewed_ = std::move(review_result_.moves);
    // The marks hold for the moves the current line shares with the line reviewed.
    ui_.marks.clear();
    if (review_round_ == shown().rounds().size()) {
        const std::size_t n = std::min(common_prefix(line, review_line_), reviewed_.size());
        for (std::size_t i = 0; i < n; ++i) ui_.marks.push_back(class_mark(reviewed_[i].judgement.verdict));
    }
    if (review_worker_.busy()) return;
    const std::size_t wanted = std::min(line.size(), max_review_plies);
    // A round of the review is judged as a finished game is, wherever the review stands in it.
    if (wanted == 0 || !(g.over() || review_wanted_ || table_.review().open())) return;
    if (!table_.help(Help::Review)) return;  // a round of a match still played against a person
    if (review_round_ == shown().rounds().size() && reviewed_.size() >= wanted &&
        common_prefix(line, review_line_) >= wanted)
        return;  // reviewed already
    review_wanted_ = false;
    // What was judged of a line this one shares stays shown until the new judgements arrive.
    if (review_round_ == shown().rounds().size())
        reviewed_.resize(std::min(reviewed_.size(), common_prefix(line, review_line_)));
    else
        reviewed_.clear();
    review_line_ = line;
    review_round_ = shown().rounds().size();
    Game replay(g.variant());
    for (std::size_t i = 0; i < wanted; ++i) (void)replay.play(line[i]);  // the round's own moves
    review_done_ = 0;
    review_total_ = int(wanted);
    review_worker_.start([this, replay](const std::atomic<bool>& stop) {
        Review r = review_game(replay, review_limits, &stop, [this](int done, int) {
            review_done_ = done;
            loop_.wake();
        });
        review_result_ = std::move(r);
    });
}

std::string Teacher::step_suffix(std::size_t ply) const {
    if (review_round_ != shown().rounds().size() || ply >= reviewed_.size()) return "";
    if (common_prefix(full_line(shown().game()), review_line_) <= ply) return "";
    return "; " + step_text(reviewed_[ply]);
}

// ---------------------------------------------------------------------------------------------------
// Together

void Teacher::service(bool covered) {
    service_coach();
    service_review();
    service_analysis(covered);
}

std::string Teacher::title() const {
    if (!review_worker_.busy()) return "";
    // A share, not "12/38": a count of plies would read as a move number, which the list gives otherwise.
    const int total = std::max(1, review_total_.load());
    return "reviewing " + std::to_string(review_done_.load() * 100 / total) + "%";
}

void Teacher::new_match(bool loaded) {
    coach_worker_.stop();
    review_worker_.stop();
    ui_.activity.clear();
    reviewed_.clear();
    review_line_.clear();
    ui_.marks.clear();
    review_wanted_ = loaded;
}

void Teacher::seats_cancelled() {
    hint_worker_.stop();
    coach_worker_.stop();  // the computer's reply it held is dropped too
    ui_.activity.clear();
}

void Teacher::stop() {
    hint_worker_.stop();
    analysis_worker_.stop();
    coach_worker_.stop();
    review_worker_.stop();
}

// ---------------------------------------------------------------------------------------------------
// Hints

void Teacher::hint() {
    if (hint_worker_.busy()) {
        say("already looking for a hint", true);
        return;
    }
    PlayerSettings s = table_.seats().settings();
    s.level = Level::Max;
    if (hint_player_)
        hint_player_->set_settings(s);
    else
        hint_player_ = std::make_unique<Player>(s);
    {
        std::lock_guard lock(hint_mutex_);
        hint_choice_ = {};
        hint_info_ = {};
    }
    hint_worker_.start([this, snapshot = match().game()](const std::atomic<bool>& stop) {
        Choice c = hint_player_->choose(snapshot, &stop, [this](const ThinkInfo& info) {
            std::lock_guard lock(hint_mutex_);
            hint_info_ = info;
        });
        std::lock_guard lock(hint_mutex_);
        hint_choice_ = std::move(c);
    });
}

void Teacher::collect_hint() {
    if (!hint_worker_.collect()) return;
    const Game& g = match().game();
    std::lock_guard lock(hint_mutex_);
    if (!hint_choice_.move.is_none() && !g.over())
        say("hint: " + move_name(hint_choice_.move, g.side_to_move()) + " (" + hint_choice_.why + ")");
}

std::optional<ThinkInfo> Teacher::hint_progress() const {
    if (!hint_worker_.busy()) return std::nullopt;
    std::lock_guard lock(hint_mutex_);
    return hint_info_;
}

}  // namespace gobblet::ui
