// The curses game's App, shared by the files that implement it (app.cpp: set-up, the loop and the
// seats; commands.cpp: keys and pastes; play.cpp: moves, rounds and the actions of play;
// overlays.cpp: the settings menu and the list of games; records.cpp: saves, the autosave and the
// archive). Private to ui/.
#pragma once

#include <curses.h>

#include <array>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app.h"
#include "input.h"
#include "loop.h"
#include "net/session.h"
#include "saves/record.h"
#include "seat.h"
#include "state.h"
#include "view.h"

namespace gobblet::ui {

inline constexpr std::size_t max_prompt = 120;  // characters a typed move may have
inline constexpr std::size_t max_batch = 4096;  // keys read in one turn of the loop: the screen stays live
inline constexpr Millis redraw_ms = 1000;       // the longest the screen goes without a redraw

// How fast the computer plays when it plays both sides, for watching.
struct Speed {
    const char* name;
    Millis pause;
};
inline constexpr Speed speeds[] = {{"fast", 0}, {"normal", 400}, {"slow", 2000}};

// "1 move", "2 moves".
inline std::string moves_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " move" : " moves"); }

inline Variant variant_of(const saves::VariantChoice& c) {
    return {c.size.value_or(4), c.rules.value_or(Rules::Official)};
}

class App {
  public:
    explicit App(const Options& o) : options_(o), hint_worker_(loop_), hint_player_(o.player) {}
    // Sets up the match from the options; "" or an error for stderr (before the terminal opens).
    std::string prepare();
    int run();

  private:
    // Seats.
    std::unique_ptr<Seat> make_seat(SeatKind kind, const PlayerSettings& settings);
    void install_seats(const std::array<SeatSpec, 2>& specs);
    void set_seat(int player, SeatKind kind);
    void refresh_names();
    SeatSpec spec_of(int player) const;
    Seat& seat(int player) { return *seats_[player]; }
    int seat_of(Color c) const { return match_.player_of(c); }
    bool is_computer(int player) const { return seats_[player]->kind() == SeatKind::Computer; }
    bool is_human(int player) const { return seats_[player]->kind() == SeatKind::Human; }
    // The human at the keyboard who acts now (offers, resigns, asks for a hint): the side to move when a
    // human plays it, else the only human; -1 when no human plays.
    int acting_human() const;
    void cancel_seats();

    // The loop.
    void read_input(Millis now);
    void on_key(Key k);
    void on_action(Action a);
    void on_mouse();
    void enter_pressed();
    void type_char(int c);
    void submit_prompt();
    void on_paste(const InputEvent& e);
    void service(Millis now);
    void on_answer(int player, const SeatAction& a);
    int timeout_ms(Millis now) const;
    void redraw(Millis now);
    Chrome chrome() const;
    bool available(Action a) const;
    void help_key(Key k);
    void overlay_key(Key k);
    void entry_key(Key k);
    void question_key(Key k);

    // Play.
    bool play_human(const MoveSpec& spec);
    void after_change(bool moved);
    void on_round_over();
    void on_spot(const Spot& spot);
    void move_cursor(int drow, int dcol);
    bool can_step(bool tell);
    // Why stepping through the game is not allowed now, or "".
    std::string step_allowed() const;

    // Actions.
    void step_back(int plies_at_least);
    void step_forward();
    void go_to(std::size_t plies);
    void save_named();
    void copy();
    void new_game();
    void start_new(bool keep_current);
    void toggle_computer(Color c);
    void hint();
    void pause();
    void offer_draw();
    void resign();
    void open_list();
    void open_menu();
    void menu_change(int delta);
    void open_record(const std::filesystem::path& path);

    // Shows why something could not be done, if it could not.
    void say_if(const std::string& why) {
        if (!why.empty()) say(why, true);
    }
    void ask_code();  // --join without --code: asks for it
    void say(std::string text, bool error = false) {
        ui_.message = std::move(text);
        ui_.message_is_error = error;
    }
    void ask_question(Question q) { ui_.question = std::move(q); }
    Millis now() const { return monotonic_ms() - clock_origin_; }

    // The seats wait: a question, an overlay, an entry, the help or a pause.
    bool seats_held() const { return ui_.question || ui_.overlay || ui_.entry || ui_.help || ui_.paused; }

    // Saves.
    void autosave();
    // Keeps a finished game or match in the archive (once); returns "; kept in PATH" for the message.
    std::string archive_if_over();
    std::string record_now() const;
    std::string keep_current(const char* why);

    Options options_;
    EventLoop loop_;
    Match match_;
    std::array<std::unique_ptr<Seat>, 2> seats_;
    std::array<std::optional<Ask>, 2> asked_;
    std::optional<int> draw_offer_to_;  // a player considering a draw offer
    UiState ui_;
    InputAssembler input_;
    Worker hint_worker_;
    Player hint_player_;
    std::mutex hint_mutex_;
    Choice hint_choice_;
    ThinkInfo hint_info_;
    bool quit_ = false;
    bool continue_here_ = false;  // the player let the computer play from a reviewed position
    Millis clock_origin_ = 0;     // monotonic time at start-up minus the restored clock's time
    Millis last_move_at_ = 0;
    Millis last_draw_ = 0;
    int speed_ = 1;  // index into speeds
    Variant next_variant_{};
    bool archived_ = false;
    std::string archive_path_;
    std::string autosave_error_;
    // The network game (ui/network.cpp): the session, and what the loop needs of it.
    std::string start_network();  // from prepare(): "" or why the network game cannot start
    void connect(const std::string& code);
    void net_poll(std::vector<pollfd>& fds, Millis t);
    void on_net_event(const net::Event& e);
    std::string net_title() const;
    std::string how_to_join() const;  // host: "they join with --join 192.168.1.5:7000 --code 7QK-M4X"
    bool networked() const { return net_ != nullptr; }
    int local_player() const { return net_ ? net_->local_player() : -1; }
    // Round transitions, through the network when there is one.
    void choose_starter(int player);
    void replay_round();
    std::unique_ptr<net::Session> net_;
    bool net_welcomed_ = false;  // play started once (a joiner that fails before it ends the program)
    std::string net_held_id_;    // joiner --resume: the saved match's id
    std::optional<Match> net_held_;
    int exit_status_ = 0;
    std::string exit_message_;  // printed after the terminal is closed

    std::size_t handled_end_ = 0;  // rounds().size() when the current round's end was handled
    std::vector<std::filesystem::path> overlay_paths_;  // the game list's files (empty: the menu)
};

}  // namespace gobblet::ui
