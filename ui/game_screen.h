// The game's screen: a table (table.h) shown on the board, played with keys, the cursor, the mouse and
// pastes. It owns the table and the teacher (teacher.h) and drives them once a turn; it shows what they
// report (the message line, questions) and adds what is the screen's own: the prompt and the cursor, line
// entries, the settings menu and the list of games (its GameOverlays), the help, and the puzzles and the
// tutorial, pushed over it (exercise.h) while the game waits.
//
// Its files, one job each: game_screen.cpp (its turn of the loop, drawing, the screens over it, the start
// and the end), game_keys.cpp (how a key reaches what it does: the prompt, questions, entries, overlays,
// the mouse, pastes), game_rows.cpp (the command keys: for each kind of game, when each works and what it
// runs), game_play.cpp (moves made here, stepping, the actions of play that are the screen's, and a game
// opened from the lobby). Beside it, each an object or functions of its own: game_setup.h (what the screen
// starts from: the settings file, the match the command line asks for, the network set-up), game_paste.h
// (what a paste comes to), game_overlays.h (the settings menu and the list of games).
//
// A lobby opens one for a server's game: GameScreen(context, options), join(...), then push it; when the
// game screen leaves (q), the lobby comes back on top (screen.h).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app.h"
#include "game_overlays.h"
#include "game_setup.h"
#include "key_rows.h"
#include "lobby_link.h"
#include "saves/record.h"
#include "screen.h"
#include "state.h"
#include "table.h"
#include "teacher.h"
#include "view.h"

namespace gobblet::ui {

// The kind of game a game screen shows, chosen once as its game starts (as the table's umpire is): one of
// this program's at the board here, a peer-to-peer game (--host, --join), a server's match of the
// player's, a server's game watched, or a finished game reviewed from the lobby. It chooses the screen's
// key rows (game_rows.cpp), and nothing else asks it.
enum class GameKind : std::uint8_t { Local, Peer, Served, Watching, Review };

// What q does on every page of the game's help (questions, overlays).
inline constexpr const char* quit_help =
    "quit the program, as q does anywhere: the game is saved, and --resume continues it";

// A question's prompt line (its answers), footer (the keys every question takes: on `screen`, what q
// does there) and help page (game_keys.cpp).
std::string question_prompt(const Question& q);
std::vector<std::string> question_footer(const Question& q, ScreenKind screen = screen_local);
HelpPage question_help(const Question& q, ScreenKind screen = screen_local);

class GameScreen : public Screen, public ServedScreen, private TableReport {
  public:
    // A game screen with a table of its own, set up from `options` and the settings file (the flags
    // given win over the file): the level, the think time and the pace, the coach, colours, board lines.
    // Its match is a new one until prepare() or join().
    GameScreen(const ScreenContext& context, const Options& options);
    // The match the command line asks for: as given (players, a match, a clock), --load, --resume,
    // --host or --join; or an error for stderr (before the terminal opens).
    Expected<void> prepare();
    // A network game joined (a server's game from the lobby: its address, the player's code and name;
    // `local_seat`: who plays for the player here), or why it cannot start.
    Expected<void> join(const net::JoinConfig& config, const SeatSpec& local_seat);
    // Whether the screen wants colours (the settings file, NO_COLOR, --no-color).
    bool color() const { return ui_.color; }
    // Opened from the lobby (Options::served): the lobby's actions this screen asks for (`lobby` outlives
    // it: it is the screen under it), and what it is told as it opens.
    void set_lobby(LobbyActions& lobby, ServedMatch served) {
        lobby_ = &lobby;
        served_ = std::move(served);
    }
    // A finished game fetched from the server, shown for review with the engine's marks (`what` names
    // it for the message line). The screen is Options::served.
    void review(saves::Record record, const std::string& what);

    // The screen (game_screen.cpp).
    void enter(Millis now) override;
    void draw(Millis now) override;
    void key(Key k, Millis) override { on_key(k); }
    void paste(const InputEvent& e, Millis) override { on_paste(e); }
    void service(Millis now) override;
    Millis until_next(Millis now) const override;
    void pollfds(std::vector<pollfd>& fds) const override { table_.pollfds(fds); }
    void on_poll(std::span<const pollfd> fds, Millis now) override { table_.on_poll(fds, now); }
    void covered(Millis now) override;
    void uncovered(const std::string& farewell, Millis now) override;
    std::string close(Millis now) override;

    // What the lobby under it tells it (lobby_link.h; game_play.cpp).
    void lobby_news(const std::string& text) override { say(text); }
    void match_over(const std::string& text, const std::string& changes) override {
        lobby_over_ = text;
        lobby_changes_ = changes;
    }
    void fresh_code(const std::string& code) override { table_.fresh_code(code); }
    void rematch_offered(const std::string& words) override { rematch_offer_ = words; }
    void next_match(const std::string& words, Millis at) override {
        next_ = words;
        next_at_ = at;
    }
    void make_way() override { leave(); }

  private:
    // What the table reports (table.h).
    void notice(std::string text, bool error) override { say(std::move(text), error); }
    void ask(Question q) override { ui_.question = std::move(q); }
    void withdraw_question() override { ui_.question.reset(); }
    bool question_open() const override { return ui_.question.has_value(); }
    void seats_cancelled() override { teacher_.seats_cancelled(); }
    void moved() override { ui_.list_scroll = -1; }
    void round_over() override;
    void chat_heard(const std::string& line) override { ui_.chat_line = line; }
    void join_failed(const std::string& why, bool wrong_code = false) override;
    void quit() override { leave(); }

    const Match& match() const { return table_.match(); }
    // What the board shows: the match, or the review's round and move (table.h).
    const Match& shown() const { return table_.shown(); }
    Millis now() const { return clock_(); }
    void say(std::string text, bool error = false) {
        ui_.message = std::move(text);
        ui_.message_is_error = error;
    }
    // Shows why something could not be done, if it could not.
    void say_if(const Expected<void>& result) {
        if (!result) say(result.why(), true);
    }
    // The player leaves the game (q): the program ends, or the screen under it (a lobby) comes back.
    void leave() { nav_.pop(); }
    // q in a network game in progress (a server's match; a peer's timed game): asks first (a server's:
    // back to the lobby, quit the program, or play on; a peer's: quit or play on).
    void ask_leave();
    // A served screen's turn: the intro once play is on, a tournament's next match opening by itself, and
    // the end of the match with what the lobby said of it (any key goes back).
    void serve_match();
    // The seats wait: a question, an overlay, an entry, the help, a screen over the game, or the coach
    // (and the table's own pause).
    bool seats_held() const {
        return ui_.question || ui_.overlay || ui_.entry || ui_.help || covered_ || teacher_.coach_holds();
    }

    // The start (game_screen.cpp, from what game_setup.h reads).
    // What the command line asked, put on the table (the match, its seats, the network game), or why
    // it cannot start.
    Expected<void> apply_start(StartMatch start);
    // Once the screen is open and the start applied: the first words, the clock, the join code's entry,
    // a round's question left open.
    void begin_play();
    // From apply_start(): the network game starts, or why it cannot; `autosaved` is what --resume read.
    Expected<void> start_network(const saves::Record* autosaved);
    // The unfinished game of an earlier run that this start would replace (game_setup.h): continue it,
    // keep it in the saves and start as asked, or discard it after one more question. Until the answer
    // the start waits (held_start_) and nothing is written over the autosave.
    void ask_last_game();
    void continue_last_game();
    // --resume found several unfinished games (choose_slot): which one goes on, and that one chosen.
    void ask_which_game();
    void resume_choice(std::size_t i);
    void keep_last_game();
    void confirm_discard();
    void start_held(const std::string& said);
    void connect(const std::string& code);
    void ask_code();  // --join without --code: asks for it

    // Drawing (game_screen.cpp).
    Chrome chrome() const;
    std::string review_note() const;
    // What is open has a help page of its own (a question, an overlay, the join code's entry), which ?
    // shows in the place of the game's help.
    bool own_help() const;
    std::vector<std::string> help_now(int width) const;
    // The puzzles and the tutorial, pushed over the game; what they do to a running clock, for their note.
    std::string clock_stands_note() const;
    void open_at_start();  // --puzzles, --tutorial, or the tutorial on a plain first start
    void open_puzzles();
    // Grabble, the word game, over this game (the menu's last row): leaving it comes back here.
    void open_grabble();
    void open_tutorial();

    // The key rows of this kind of game (game_rows.cpp): each command key, when it works and what it runs,
    // which the dispatch, the footer and the help read.
    static std::vector<KeyRow<GameScreen>> rows_of(GameKind kind, bool over = false);
    const KeyRows<GameScreen>& keys() const;
    // When keys work, where the table's one rule is not all of it (game_rows.cpp): a computer seat taken
    // or handed back (the engine's help), a hint (the help, a human's turn here, not in the review), going
    // to a move, chat, the chat log, aborting a server's match.
    Expected<void> computer_allowed(Color c) const;
    Expected<void> hint_on_offer() const;
    Expected<void> go_to_allowed() const;
    Expected<void> chat_allowed() const;
    Expected<void> chat_log_allowed() const;
    Expected<void> give_time_allowed() const;
    Expected<void> abort_allowed() const;
    // What keys run, where it is not the table's alone (game_rows.cpp).
    void open_chat();
    void open_chat_log();
    void ask_move_number();
    void scroll_list(bool up);
    void cancel();  // Esc: the prompt cleared, a piece put back, or the other player's offer declined
    void abort();

    // Keys and pastes (game_keys.cpp; game_paste.h reads a paste).
    void on_key(Key k);
    void on_mouse();
    void enter_pressed();
    void type_char(int c);
    void submit_prompt();
    void help_key(Key k);
    void open_help();
    void overlay_key(Key k);
    void entry_key(Key k);
    void question_key(Key k);
    void on_paste(const InputEvent& e);

    // Play (game_play.cpp; with review, ask_leave and serve_match).
    // Whose pieces the cursor and the mouse pick up: the side to move, or on the other side's turn the
    // side of the player here who makes a premove (table.h).
    Color picker() const;
    void play(const MoveSpec& spec);
    void on_spot(const Spot& spot);
    void move_cursor(int drow, int dcol);
    bool can_step(bool tell);
    // A step that is the review's (table.h): taken and said, with the judgement of a move stepped over;
    // false when the game's own stepping applies.
    bool review_step(Table::Step step);
    void step_back();
    void step_forward();
    void step_to(Table::Step step);  // Home, End
    void go_to(std::size_t plies);
    void copy();
    void new_game();
    void start_new(bool keep);
    void hint();
    void open_record(const std::filesystem::path& path);

    Navigator& nav_;
    EventLoop& loop_;
    std::function<Millis()> clock_;
    Options options_;
    UiState ui_;
    Table table_;
    Teacher teacher_;
    GameOverlays overlays_;         // the settings menu and the list of games, with the next game's variant
    std::string settings_problem_;  // what the settings file had wrong, said when the screen opens
    bool covered_ = false;          // a screen is over the game
    bool puzzles_after_ = false;    // --tutorial --puzzles: the puzzles follow the tutorial
    std::filesystem::path autosave_file_;  // the autosave this start reads or would replace (game_setup.h)
    std::string start_note_;               // other copies playing here, other games waiting
    std::vector<saves::SlotState> resume_choices_;  // --resume's unfinished games, while the player chooses
    std::optional<saves::Record> last_game_;  // the autosave's unfinished game, while the question stands
    std::optional<StartMatch> held_start_;    // what the command line asked, until then
    // A joiner's --resume: the saved match and its id, offered to the host.
    std::string net_held_id_;
    std::optional<Match> net_held_;
    std::vector<std::string> net_held_chat_;  // ... and its chat log, which goes on once joined
    // Joining failed (the host refused: busy, a wrong code; or no connection): with the screen open the
    // reason is said there first, until a key or refused_hold_ms, then the program ends with it on
    // stderr as well; before the screen opens, prepare() returns it.
    int exit_status_ = 0;
    std::string exit_message_;
    bool screen_open_ = false;
    Millis leave_at_ = -1;  // the game leaves then (a refused join's notice), or never
    GameKind kind_ = GameKind::Local;
    // Opened from the lobby: its actions, what the screen was told as it opened, and what it was told
    // since (the lobby's word that the match ended and the ratings' changes, the opponent's rematch offer,
    // a tournament's next match and when it opens by itself).
    LobbyActions* lobby_ = nullptr;
    ServedMatch served_;
    std::string lobby_over_, lobby_changes_, rematch_offer_, next_;
    Millis next_at_ = -1;
    saves::MoveClocks review_clocks_;  // a reviewed record's clock readings, by round and move (%clk)
    // The clocks of a review with clock readings at the move shown, by colour (each side's last reading,
    // the start's before it), which the panel shows; nullopt without readings. And in words for the
    // title: "clocks after move 12: Liam 4:31, Eamon 4:50" (the same readings: title and panel agree).
    std::optional<std::array<Millis, 2>> review_clock_faces() const;
    std::string review_clock_note() const;
    bool end_said_ = false;    // the end of a server's match was said, and any key goes back to the lobby
    bool end_review_ = false;  // ... but < chose to review it here first (q then goes back)
    std::string end_text_;     // ... in these words (said again when they change)
};

}  // namespace gobblet::ui
