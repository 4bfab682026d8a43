// Grabble's screen: the table of a game played at this keyboard against computers (and other people),
// with its prompt, its help, its new-game screen, its list of games, the review of a finished game, and
// its files (the autosave, saves, the archive, pastes). It shares the program's terminal and shell
// (screen.h), key table (keys.h: screen_grabble while a game is played, when every letter types a word,
// screen_grabble_over once it is over), help pages and overlays (view.h), settings file
// (saves/settings.h: the grabble-FIELD keys), atomic saves and autosave slots (saves/autosave.h, in a
// folder of Grabble's own) and the computer's worker (loop.h).
//
// Its files, one job each: screen.cpp (its turn of the loop, drawing, keys), form.cpp (the new-game
// screen: every setting of the next game), files.cpp (the start, the autosave, saves, the list of games,
// pastes, the end). The game itself, on the screen's time with the computers thinking, is a GrabblePlay
// (play.h), and what it looks like is view.h's.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/grabble/review.h"
#include "saves/autosave.h"
#include "saves/grabble_record.h"
#include "ui/grabble/play.h"
#include "ui/grabble/view.h"
#include "ui/key_rows.h"
#include "ui/screen.h"
#include "ui/state.h"

namespace gobblet::ui {

// What the command line gives the Grabble screen (`--game grabble`, or the program run as `grabble`).
struct GrabbleOptions {
    std::string program = "gobblet";    // as run, for messages ("./main")
    grabble::Choice choice;             // the flags' settings: they win over the settings file for this run
    std::optional<Level> level;         // --level: every computer's, when the players are not given
    std::optional<std::uint64_t> seed;  // --seed: the bag's order and the computers' times
    bool resume = false;                // --resume: the last unfinished game
    std::string load_path;              // --load FILE
    bool no_color = false;              // --no-color (NO_COLOR is read too)
};

class GrabbleScreen : public Screen {
  public:
    GrabbleScreen(const ScreenContext& context, GrabbleOptions options);
    ~GrabbleScreen() override;
    // The game the command line asks for (a new one, --load, --resume), or why the program cannot start
    // (for stderr, before the terminal opens): a word list that cannot be read, a file that does not.
    Expected<void> prepare();
    bool color() const { return color_; }
    // Called by a screen that opens Grabble over itself (the game's menu): leaving comes back there.
    void set_over_another() { over_another_ = true; }
    // What the new-game screen's last row does: play Gobblet instead (the program's wiring, ui/app.cpp,
    // sets it; without it the row is not there).
    // It says why Gobblet cannot open, if it cannot.
    void set_gobblet(std::function<Expected<void>(Navigator&)> open) { open_gobblet_ = std::move(open); }
    // The new-game screen open at the start, saying `why` (the game asked for could not start).
    void open_form_with(const std::string& why) {
        start_note_ = why;
        open_form();
    }

    void enter(Millis now) override;
    void draw(Millis now) override;
    void key(Key k, Millis now) override;
    void paste(const InputEvent& e, Millis now) override;
    void service(Millis now) override;
    Millis until_next(Millis now) const override;
    void covered(Millis now) override;
    void uncovered(const std::string& farewell, Millis now) override;
    std::string close(Millis now) override;

  private:
    enum class OverlayKind { None, Form, List };
    // A row of the new-game screen: what it sets (a player's row has the player's index).
    enum class FormItem {
        Start,
        Player,
        AddPlayer,
        RemovePlayer,
        Computers,
        Blanks,
        MinLength,
        Words,
        Tiles,
        Scoring,
        Clues,
        TieWindow,
        RevealPause,
        LastMinute,
        Colours,
        Gobblet
    };
    struct FormRow {
        FormItem item;
        int player = 0;
    };

    // screen.cpp
    bool playing() const;
    void update_pause(Millis now);
    void say(std::string text, bool error = false);
    // The keys (ui/key_rows.h): the rows of a game being played, or of one over (and of no game); each
    // row's `when` below is the one rule of whether its key works now, which the footer and the help read.
    const KeyRows<GrabbleScreen>& keys() const;
    Expected<void> may_reveal() const;  // a person's turn, and the game's own rule (Game::reveal_refused)
    Expected<void> may_pass() const;    // the prompt holds no word, and someone here has not passed
    Expected<void> may_clear() const;   // something is typed
    Expected<void> may_review() const;  // a game with something in it, not in the review already
    Expected<void> in_review() const;   // the review's steps
    Expected<void> has_game() const;    // a save or a copy
    void press(Action a);
    void quit();
    void typing_key(Key k);
    void grab();
    void reveal();
    void pass();
    void open_help();
    std::vector<std::string> help_lines(int width) const;
    GrabbleFrame frame(Millis now) const;
    std::string status_text(Millis now) const;
    void review_step(int delta);
    void start_review();

    // form.cpp
    void open_form();
    void form_rows();
    void form_key(Key k, Millis now);
    void form_change(int delta, Millis now);
    void form_enter(Millis now);
    void keep(std::string_view field);

    // files.cpp
    Expected<std::shared_ptr<const grabble::Lexicon>> word_list(std::string_view name);
    Expected<grabble::Game> new_game(const grabble::Settings& settings);
    void start_game(grabble::Game game, std::optional<std::uint64_t> seed, std::string date, Millis now);
    void start_new(Millis now);
    std::string transcript() const;
    void autosave(Millis now, bool force = false);
    void archive();
    // Keeps the game on the table in the saves; what to say of it (after the next game is on the table).
    StoryLine keep_in_saves(const char* why);
    void save(Millis now);
    void open_list();
    void list_key(Key k, Millis now);
    void open_file(const std::filesystem::path& path, Millis now);
    void take_record(saves::GrabbleRecord record, const std::string& what, Millis now);
    void copy();

    Navigator& nav_;
    EventLoop& loop_;
    GrabbleOptions options_;
    grabble::Settings next_;  // the next game's settings (the new-game screen's)
    std::map<std::string, std::shared_ptr<const grabble::Lexicon>, std::less<>> lists_;
    std::unique_ptr<GrabblePlay> play_;
    std::optional<grabble::Game> waiting_game_;  // prepared before the screen's time starts (enter)
    std::optional<std::uint64_t> seed_;          // the game's bag seed, when it has one
    std::string date_;
    std::uint64_t robot_seed_ = 0;
    std::deque<StoryLine> notes_;  // what is said with no game on the table

    Millis key_time_ = 0;  // the time of the key being handled (the rows' runs take none)
    std::string prompt_;
    bool help_ = false;
    int help_scroll_ = 0;
    std::optional<Overlay> overlay_;
    OverlayKind overlay_kind_ = OverlayKind::None;
    std::optional<LineEntry> entry_;
    std::vector<std::filesystem::path> list_paths_;
    std::vector<FormRow> form_;
    std::optional<std::size_t> review_;                       // the moment shown in the review
    std::map<std::size_t, std::vector<std::string>> missed_;  // the review's words nobody took, by moment
    bool color_ = true;
    bool covered_ = false;
    bool over_another_ = false;
    std::function<Expected<void>(Navigator&)> open_gobblet_;

    saves::AutosaveSlot slot_;
    std::size_t saved_events_ = 0;  // the events the autosave holds
    bool saved_over_ = false;       // it holds the game over
    Millis saved_at_ = 0;
    bool archived_ = false;
    std::string start_note_;  // said when the screen opens
    std::string list_note_;   // a word list just read: what it kept and left out, said as its game starts
};

}  // namespace gobblet::ui
