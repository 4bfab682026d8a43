// The engine's help for the players at a table: the analysis panel, the coach, the review of finished
// games and hints. Each has its own search (an Analyzer, the coach's Judge, review_game's own, a Player at
// the max level) on its own worker thread, which posts results and wakes the loop; the loop only reads
// them, so no key ever waits for a search.
//
// One heavy search at a time: the panel's search gives way (it stops, and starts again afterwards from
// its table) while the computer seat, the hint, the coach or the review searches, so that on a two-core
// machine the computer's think time is all its own. The coach and the review may overlap (a move played
// in a game still being reviewed); each is short and bounded.
//
// The teacher reads the table and acts on it through its public calls (the coach's take-back); it speaks
// through the table's report (the screen's message line and questions) and fills its own part of the
// screen's UiState (the panel, the review's marks, what it is doing). No curses.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/analysis.h"
#include "engine/expected.h"
#include "engine/review.h"
#include "loop.h"
#include "state.h"
#include "table.h"

namespace gobblet::ui {

// The longest the computer's reply waits for the coach's judgement; one cut short says nothing.
inline constexpr Millis coach_max_ms = 3000;

class Teacher {
  public:
    Teacher(Table& table, TableReport& report, UiState& ui, EventLoop& loop);
    Teacher(const Teacher&) = delete;
    Teacher& operator=(const Teacher&) = delete;
    ~Teacher() { stop(); }

    // Once a turn of the loop, before the table is served (the coach may hold the computer's reply).
    // `covered`: another screen is over the game (the panel does not search for it then).
    void service(bool covered);
    // Every search stops (quitting).
    void stop();
    // The table's seats were cancelled: the hint and the coach's look stop with them (the computer's
    // reply the coach held is dropped too).
    void seats_cancelled();
    // The match was replaced (new game, opened, pasted, loaded): what was judged no longer applies;
    // `loaded`: the new game's moves are reviewed.
    void new_match(bool loaded);
    // "reviewing 32%" while the review runs, for the title; else "".
    std::string title() const;

    // The analysis panel (i): on or off, or why not (the rule of the engine's help, engine_help.h).
    void toggle_analysis();
    Expected<void> analysis_allowed() const;  // the panel may be shown now, or why not

    // The coach: on or off (the menu, --coach, the settings file).
    bool coach_on() const { return coach_on_; }
    void set_coach(bool on) { coach_on_ = on; }
    // After a human's move: the coach judges it before the computer replies, when it should.
    void coach_after_move(const Game& before, Move played);
    // The coach is looking: the computer's reply waits, until coach_deadline() at the latest.
    bool coach_holds() const { return coach_worker_.busy(); }
    Millis coach_deadline() const { return coach_started_ + coach_max_ms; }

    // "; 6. W1A1?? blunder: ..." for the move at `ply` stepped over, when the review has judged it.
    std::string step_suffix(std::size_t ply) const;

    // A hint for the human to move (the caller checked that a hint is on offer now).
    void hint();
    // After the table's seats have answered: says the hint found, if one was.
    void collect_hint();
    // While a hint is searched: how far it got.
    std::optional<ThinkInfo> hint_progress() const;

  private:
    const Match& match() const { return table_.match(); }
    // What the board shows (the review's round and move, else the match): the panel and the review's
    // marks follow it.
    const Match& shown() const { return table_.shown(); }
    void say(std::string text, bool error = false) { report_.notice(std::move(text), error); }
    void service_analysis(bool covered);
    void service_coach();
    void service_review();

    Table& table_;
    TableReport& report_;
    UiState& ui_;
    EventLoop& loop_;

    // The hint: a player at the max level, made when first asked (its table is 16 MiB, and filling it was
    // most of the program's start-up: docs/design.md, "Memory and start-up").
    std::unique_ptr<Player> hint_player_;
    mutable std::mutex hint_mutex_;
    Choice hint_choice_;
    ThinkInfo hint_info_;
    // The analysis panel: its own Analyzer on its own worker, which posts each completed depth.
    bool analysis_on_ = false;            // the player wants the panel
    std::unique_ptr<Analyzer> analyzer_;  // made when first used (its table is 16 MiB), as the judge
    std::mutex analysis_mutex_;
    AnalysisResult analysis_posted_;  // the worker's latest, under the mutex
    bool analysis_fresh_ = false;     // ... not yet shown
    struct PositionKey {
        std::size_t round = 0;
        Variant variant{};
        std::vector<Move> moves;
        std::optional<Square> touched;
        friend bool operator==(const PositionKey&, const PositionKey&) = default;
    };
    PositionKey position_key() const;
    std::optional<PositionKey> analysed_;  // the position the panel's result belongs to
    bool analysis_done_ = false;           // its search returned by itself: not started again
    double analysis_spent_ = 0;            // seconds searched on it before pauses
    Millis analysis_started_ = 0;
    // The coach: judges a human's move against the computer before the computer replies.
    bool coach_on_ = false;
    std::unique_ptr<Judge> coach_judge_;
    Judgement coach_result_;        // written by the worker, read once it is collected
    std::vector<Move> coach_line_;  // the game's moves after the judged move
    Millis coach_started_ = 0;
    // The review of a finished (or opened) game: the line reviewed and the judgements so far.
    std::vector<Move> review_line_;
    std::size_t review_round_ = 0;
    std::vector<MoveReview> reviewed_;  // by ply, from the first move of review_line_
    bool review_wanted_ = false;        // an opened game: review it even though it is not over
    Review review_result_;              // written by the worker, read once it is collected (the job returned)
    std::atomic<int> review_done_{0}, review_total_{0};
    // Last: the workers stop (their destructors join) before the members their jobs use are destroyed.
    Worker hint_worker_;
    Worker analysis_worker_;
    Worker coach_worker_;
    Worker review_worker_;
};

}  // namespace gobblet::ui
