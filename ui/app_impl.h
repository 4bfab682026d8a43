// The curses game's App, the game's screen (screen.h), shared by the files that implement it (app.cpp:
// set-up and its turn of the loop; commands.cpp: keys and pastes; play.cpp: moves made here, stepping and
// the actions of play; overlays.cpp: the settings menu and the list of games; records.cpp: opening and
// copying records; network.cpp: starting the network game; teach.cpp: the analysis panel, the coach and
// the review). The match itself, its seats, clock, network session and records are the table's
// (table.h). Private to ui/.
#pragma once

#include <curses.h>

#include <array>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app.h"
#include "controls.h"
#include "engine/analysis.h"
#include "engine/review.h"
#include "input.h"
#include "loop.h"
#include "net/session.h"
#include "saves/record.h"
#include "saves/settings.h"
#include "screen.h"
#include "seat.h"
#include "state.h"
#include "table.h"
#include "view.h"

namespace gobblet::ui {

// The longest the computer's reply waits for the coach's judgement; one cut short says nothing.
inline constexpr Millis coach_max_ms = 3000;
// How long a refused join stays on the screen when no key is pressed, before the program ends.
inline constexpr Millis refused_hold_ms = 10'000;

// Actions a network game does not offer (ui/app.cpp).
bool local_only(Action a);

// A question's prompt line (its answers), footer (the keys every question takes) and help page
// (ui/commands.cpp).
std::string question_prompt(const Question& q);
std::vector<std::string> question_footer(const Question& q);
HelpPage question_help(const Question& q);

inline Variant variant_of(const saves::VariantChoice& c) {
    return {c.size.value_or(4), c.rules.value_or(Rules::Official)};
}

class App : public Screen, private TableReport {
  public:
    App(const Options& o, const ScreenContext& context)
        : options_(o),
          loop_(context.loop),
          nav_(context.nav),
          clock_(context.clock),
          table_(Table::Config{o.program, o.player}, loop_, clock_, *this),
          hint_worker_(loop_),
          hint_player_(o.player),
          coach_on_(o.coach),
          analysis_worker_(loop_),
          coach_worker_(loop_),
          review_worker_(loop_) {}
    // Sets up the match from the options; "" or an error for stderr (before the terminal opens).
    std::string prepare();
    // Whether the screen wants colours (the settings file, NO_COLOR, --no-color).
    bool color() const { return ui_.color; }

    void enter(Millis now) override;
    void draw(Millis now) override;
    void key(Key k, Millis) override { on_key(k); }
    void paste(const InputEvent& e, Millis) override { on_paste(e); }
    void service(Millis now) override;
    Millis until_next(Millis now) const override;
    void pollfds(std::vector<pollfd>& fds) const override { table_.pollfds(fds); }
    void on_poll(std::span<const pollfd> fds, Millis now) override { table_.on_poll(fds, now); }
    std::string close(Millis now) override;
    void covered(Millis now) override;
    void uncovered(const std::string& farewell, Millis now) override;

  private:
    // What the table reports (table.h).
    void notice(std::string text, bool error) override { say(std::move(text), error); }
    void ask(Question q) override { ui_.question = std::move(q); }
    void withdraw_question() override { ui_.question.reset(); }
    bool question_open() const override { return ui_.question.has_value(); }
    void seats_cancelled() override;
    void moved() override { ui_.list_scroll = -1; }
    void round_over() override;
    void join_failed(const std::string& why) override;
    void quit() override { nav_.quit(); }

    const Match& match() const { return table_.match(); }

    // The loop.
    void on_key(Key k);
    void on_action(Action a);
    void on_mouse();
    void enter_pressed();
    void type_char(int c);
    void submit_prompt();
    void on_paste(const InputEvent& e);
    Chrome chrome() const;
    bool available(Action a) const;
    void help_key(Key k);
    void open_help();
    // What is open has a help page of its own (a question, an overlay, the join code's entry), which ?
    // shows in the place of the game's help.
    bool own_help() const;
    std::vector<std::string> help_now(int width) const;
    void overlay_key(Key k);
    void entry_key(Key k);
    void question_key(Key k);

    // Play.
    void play(const MoveSpec& spec);
    void on_spot(const Spot& spot);
    void move_cursor(int drow, int dcol);
    bool can_step(bool tell);

    // Actions.
    void step_back();
    void step_forward();
    void go_to(std::size_t plies);
    void copy();
    void new_game();
    void start_new(bool keep);
    void hint();
    void open_list();
    void open_menu();
    void menu_change(int delta);
    // The settings file (saves/settings.h): read once in prepare(), where flags do not say otherwise;
    // a menu choice of a kept setting writes its key.
    void apply_settings_file();
    void keep_setting(std::string_view key, const std::string& value);
    std::string settings_problem_;  // what the file had wrong, said when the screen opens
    bool ascii_ = false;            // the board in ASCII lines even in a UTF-8 terminal
    void open_record(const std::filesystem::path& path);

    // Shows why something could not be done, if it could not.
    void say_if(const std::string& why) {
        if (!why.empty()) say(why, true);
    }
    void say(std::string text, bool error = false) {
        ui_.message = std::move(text);
        ui_.message_is_error = error;
    }
    Millis now() const { return clock_(); }

    // Teaching (ui/teach.cpp): the analysis panel, the coach and the review of finished games.
    void toggle_analysis();
    std::string analysis_refusal() const;  // why the panel cannot be shown now, or ""
    void teach_service();                  // once a turn of the loop, before the seats are served
    void service_analysis();
    void service_coach();
    void service_review();
    // After a human's move: the coach judges it before the computer replies, when it should.
    void coach_after_move(const Game& before, Move played);
    bool coach_holds() const { return coach_worker_.busy(); }
    Millis coach_deadline() const { return coach_started_ + coach_max_ms; }
    // The match was replaced (new game, opened, pasted, loaded): what was judged no longer applies;
    // `loaded`: the new game's moves are reviewed.
    void teach_new_match(bool loaded);
    void teach_stop();                // quitting: every teaching search stops
    std::string teach_title() const;  // "reviewing 12/38" while the review runs
    // The judgement of the move at `ply` of the game's line, for the message while stepping, or "".
    std::string step_judgement(std::size_t ply) const;
    // "; 6. W1A1?? blunder: ..." for the move stepped over, when the review has judged it.
    std::string step_suffix(std::size_t ply) const {
        const std::string j = step_judgement(ply);
        return j.empty() ? j : "; " + j;
    }
    // The seats wait: a question, an overlay, an entry, the help, the puzzles or tutorial, or the coach
    // (and the table's own pause).
    bool seats_held() const {
        return ui_.question || ui_.overlay || ui_.entry || ui_.help || covered_ || coach_holds();
    }

    Options options_;
    EventLoop& loop_;
    Navigator& nav_;
    std::function<Millis()> clock_;
    UiState ui_;
    Table table_;
    Worker hint_worker_;
    Player hint_player_;
    std::mutex hint_mutex_;
    Choice hint_choice_;
    ThinkInfo hint_info_;
    Variant next_variant_{};
    // The network game's set-up (ui/network.cpp).
    std::string start_network();  // from prepare(): "" or why the network game cannot start
    void connect(const std::string& code);
    void ask_code();           // --join without --code: asks for it
    std::string net_held_id_;  // joiner --resume: the saved match's id
    std::optional<Match> net_held_;
    int exit_status_ = 0;
    std::string exit_message_;  // why (also on stderr once the terminal is closed)
    // Joining failed (the host refused: busy, a wrong code; or no connection): with the screen open the
    // reason is said there first, until a key or refused_hold_ms, then the program ends with it on
    // stderr as well; before the screen opens, it ends at once.
    bool screen_open_ = false;
    Millis leave_at_ = -1;  // the loop ends then (a refused join's notice), or never

    // The analysis panel: its own Analyzer on its own worker, which posts each completed depth.
    bool analysis_on_ = false;            // the player wants the panel
    bool analysis_granted_ = false;       // switched on before the first move of a timed match
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
    Review review_result_;              // written by the worker, read once it is collected (joined)
    std::atomic<int> review_done_{0}, review_total_{0};
    // Last: the workers stop (their destructors join) before the members their jobs use are destroyed.
    Worker analysis_worker_;
    Worker coach_worker_;
    Worker review_worker_;

    std::vector<std::filesystem::path> overlay_paths_;  // the game list's files (empty: the menu)

    // The puzzles and the tutorial (exercise.h, puzzles.cpp, tutorial.cpp): screens pushed over the game,
    // which waits under them and comes back as it was.
    void open_at_start();  // --puzzles, --tutorial, or the tutorial on a plain first start
    void open_puzzles();
    void open_tutorial();
    bool covered_ = false;        // a screen is over the game
    bool puzzles_after_ = false;  // --tutorial --puzzles: the puzzles follow the tutorial
};

}  // namespace gobblet::ui
