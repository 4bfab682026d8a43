// The lobby screen (`./main --lobby HOST:PORT --name NAME`): a server's lobby on the screen stack
// (screen.h), driven by net/lobby_client (the lobby connection's state machine) in the shell's one poll
// loop. It shows who is online with ratings, the open seeks, the games in progress with score and clocks,
// the tournaments, and the lobby chat (lobby_view.h makes the rows, ScrollList draws the lists); its keys
// are rows (key_rows.h) on the key table's bindings (keys.h, screen_lobby). What it shows in the place of
// its lists (a history, the machines, a tournament's standings, a profile, the leaderboard) is a page, a
// screen of its own pushed over it (lobby_pages.h), which asks the lobby what it needs through LobbyDesk.
// A match of the player's opens a game screen over it (game_screen.h, Options::served) joined to the
// server's game connection; so does a game watched, and a finished game reviewed. The lobby stays under
// them, its connection alive, and comes back on top when they leave; the game screen asks the lobby's
// actions (LobbyActions, lobby_link.h) and hears its news (ServedScreen).
//
// Its files, one job each: lobby_screen.cpp (the turn: the client's events, the login, the pages and the
// game screens it opens over itself, what those ask of it), lobby_draw.cpp (the frame and the lists),
// lobby_keys.cpp (the keys: the frame's, the lists' rows, the line entries, the questions). Beside it:
// lobby_pages.h (the pages), lobby_games.h (ServedGames: opening the game screens of matches, games
// watched and reviews, and saving transcripts), lobby_view.h (plain logic: the rows, the help, what a
// refused login asks).
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app.h"
#include "key_rows.h"
#include "lobby_games.h"
#include "lobby_link.h"
#include "lobby_pages.h"
#include "lobby_view.h"
#include "net/session.h"
#include "saves/ssh_identity.h"
#include "screen.h"
#include "scroll_list.h"
#include "state.h"

namespace gobblet::ui {

// What `--lobby` asks for.
struct LobbyOptions {
    net::Endpoint server;
    std::string name;
    bool guest = false;
    // Run by sshd's ForceCommand (docs/server.md, "The SSH front door"): the player's address and key,
    // told to the server instead of a machine secret (the account is every player's).
    saves::SshIdentity ssh;
};

// The smallest terminal the lobby draws in; a smaller one gets a message saying so.
inline constexpr int lobby_min_cols = 60, lobby_min_lines = 16;
// Chat lines the lobby keeps (the oldest go first).
inline constexpr std::size_t lobby_chat_lines = 200;

class LobbyScreen : public Screen, public LobbyDesk, private LobbyActions {
  public:
    // `game` is what the game screens it opens are made with (the level for reviews, colours, the program's
    // name); the lobby starts connecting on start().
    LobbyScreen(const ScreenContext& context, const Options& game, const LobbyOptions& lobby);
    // Reads this machine's secret and starts the client, or says why it cannot (for stderr, exit 2).
    Expected<void> start();
    bool color() const { return color_; }

    void enter(Millis now) override;
    void draw(Millis now) override;
    void key(Key k, Millis now) override;
    void paste(const InputEvent& e, Millis now) override;
    void service(Millis now) override;
    Millis until_next(Millis now) const override;
    void pollfds(std::vector<pollfd>& fds) const override;
    void on_poll(std::span<const pollfd> fds, Millis now) override;
    void uncovered(const std::string& farewell, Millis now) override;
    std::string close(Millis now) override;

    // What its pages ask of it (lobby_pages.h).
    LobbyDesk& desk() { return *this; }
    const LobbyDesk& desk() const { return *this; }
    const lobby::Client& client() const override { return *client_; }
    lobby::Client& client() override { return *client_; }
    Millis now() const override { return context_.clock(); }
    bool guest() const override { return guest_ || options_.guest; }
    void say(std::string text, bool error = false) override {
        message_ = std::move(text);
        message_error_ = error;
    }
    void draw_frame(Millis now, const LobbyBody& body) override;
    bool frame_key(Key k, Millis now) override;
    void paste_into_entry(const InputEvent& e) override;
    Expected<void> in_lobby() const override;
    void open_help() override;
    Expected<void> chat_log_allowed() const override;
    void open_chat_log() override;
    void quit() override;
    void toggle_bell() override;
    Expected<void> login_allowed() const override;
    void login_password() override { login_password(now()); }
    void login_guest() override { say_if(client_->login_guest(now())); }
    Expected<void> reconnect_allowed() const override;
    void reconnect() override { say_if(client_->retry(now())); }
    Expected<void> password_allowed() const override;
    void set_password() override;
    void close_page() override;
    void next_list() override;
    void fetch_record(const lobby::HistoryItem& h, bool review) override;
    void ask_history(const std::string& name) override;
    void ask_machines() override;
    void challenge(const std::string& name) override;
    void tell(const std::string& name) override;
    void ask(Question q) override { question_ = std::move(q); }
    Expected<void> tournament_allowed(Action a, const lobby::TournamentItem* t) const override {
        return tournament_works(a, t, true);
    }
    void tournament_key(Action a, const lobby::TournamentItem& t) override;
    Expected<void> new_tournament_allowed() const override;
    void new_tournament() override;
    void page_closed(const LobbyPage& page) override;
    void back_from_game(Millis now) override;

  private:
    // What the game screen over it asks of it (lobby_link.h), about the game it opened last.
    Expected<void> abort() override { return client_->abort(games_.game(), now()); }
    Expected<void> rematch() override { return client_->rematch(games_.game(), now()); }
    Expected<void> kibitz(const std::string& text) override {
        return client_->kibitz(games_.game(), text, now());
    }
    Expected<std::string> command(const std::string& text) override;
    std::string watchers() const override;
    void closed() override { games_.closed(); }

    // The client's events (lobby_screen.cpp).
    void on_event(const lobby::Event& e, Millis now);
    void on_line(const lobby::Message& m, Millis now);
    void match_over(const lobby::Over& o);
    void on_answer(const lobby::Event& e, Millis now);
    void say_if(const Expected<void>& done) {
        if (!done) say(done.why(), true);
    }
    void add_chat(std::string line);
    std::string status_line(Millis now) const;
    bool my_match_in_progress() const;
    // News that rings the bell (unless the settings say no) and shows on whatever screen is on top: a
    // challenge, a seek of ours taken, a tournament's round.
    void notify(const std::string& text, Millis now);
    // A challenge to us: said at once with the bell, then waits on its line beside the lists (a accepts, x
    // declines) without taking a key; or, covered by a game screen, said there. A rematch offer goes to
    // the result of that match when it is shown.
    void challenged(const lobby::SeekItem& s, Millis now);
    // "Eamon (1500?) challenges you: official rules, 4x4, ...".
    std::string challenge_words(const lobby::SeekItem& s) const;
    // A private line (`told`): ours said back ("you tell Eamon: ..."), or one to us, with the bell (at most
    // once every tell_bell_every: many players' tells ring it once) on whatever screen is on top.
    void told(const lobby::Told& t, Millis now);
    // A line typed in the chat (Tab): said to the lobby, or a command (/tell, /observe): sent, or why not.
    Expected<void> chat_line(const std::string& text);
    // A seek or challenge of ours is gone (`unseek`): a challenge declined or lapsed is said ("Zoe
    // declined your challenge"), and one taken makes the match that follows news.
    void unseek(const lobby::Unseek& u, Millis now);
    // The oldest challenge to the player waiting (the one a and x answer outside the seeks), and the line
    // that says it beside the lists ("" when none waits): a challenge is never a question that takes the
    // keys (issue 34: one every 2 s froze a lobby).
    const lobby::SeekItem* challenge_waiting() const;
    std::string challenge_line() const;
    // Whose challenges N refuses (or takes again): the challenge at hand, else the player selected.
    std::optional<std::string> noplay_target() const;
    Expected<void> noplay_allowed() const;
    void noplay(Millis now);
    // The role the seeks are offered to us as (a guest's, a person's).
    lobby::Role role() const { return guest() ? lobby::Role::Guest : lobby::Role::Human; }
    // "Liam 1623 - Eamon 1500?, you play White, rated 5m+2s official 4x4" (and a tournament's round).
    std::string match_title(const lobby::MatchStart& m) const;

    // Drawing (lobby_draw.cpp): the lists, in the frame.
    void draw_lists(int top, int height, int width, Millis now);
    // The details of the row selected (lobby_view.h), for the details line.
    std::string details(Millis now) const;
    std::vector<std::string> frame_footer(const LobbyBody& body, int width) const;

    // Keys (lobby_keys.cpp): the lists' rows, the line entries and the questions.
    const KeyRows<LobbyScreen>& keys() const;
    Expected<void> history_allowed() const;
    Expected<void> profile_allowed() const;
    Expected<void> accept_allowed() const;
    Expected<void> withdraw_allowed() const;
    // A tournament's key on `t` (`on`: a tournament is at hand, its standings shown or its list focused).
    Expected<void> tournament_works(Action a, const lobby::TournamentItem* t, bool on) const;
    void move_selection(int delta);
    void entry_key(Key k, Millis now);
    void question_key(Key k);
    // A line entry; `selected`: its text is offered selected (typing replaces it).
    void open_entry(std::string label, std::string text, std::size_t max,
                    std::function<void(const std::string&)> submit, bool hidden = false,
                    bool selected = false);
    void select(Millis now);
    void post(Millis now);
    void withdraw(Millis now);
    void login_password(Millis now);
    // The organizer's choice of who starts a match of the tournament selected (typed: two names).
    void choose_starter(const lobby::TournamentItem& t);
    void open_standings(lobby::Id id, Millis now);
    void leave_tournament(const lobby::TournamentItem& t);
    void profile(Millis now);
    void filter();
    // o: the game of the player typed (the one selected offered) is watched.
    void observe();
    // The terms a seek or challenge in the player's own words takes what it leaves out from (the last
    // ones, kept in the settings file as `seek`), and keeping new ones there.
    lobby::Terms defaults() const;
    void keep_terms(const lobby::Terms& t);
    const lobby::SeekItem* selected_seek() const;
    // What a and x act on: the seek selected, or from another list a challenge to us that waits.
    const lobby::SeekItem* seek_at_hand() const;
    const lobby::GameRow* selected_game() const;
    const lobby::PlayerItem* selected_player() const;
    // The tournament selected in its list, if any.
    const lobby::TournamentItem* selected_tournament() const;

    // The pages and the screens over the lobby (lobby_screen.cpp; games_ opens the game screens).
    // A page in the place of the lists: it takes the place of the one shown, if any; with a game screen
    // over the lobby it waits until that leaves.
    void show_page(std::unique_ptr<LobbyPage> page);
    // The page shown leaves (it is on top), and the lists come back.
    void pop_page();
    // `waited`: it waited for the screen over the lobby to leave (it is new all the same).
    void open_match(const lobby::MatchStart& m, Millis now, bool waited = false);
    void open_watch(const lobby::Watching& w, Millis now);
    void open_review(const std::string& text, const std::string& what);
    // A game screen opens over the lobby: what was typed or asked is dropped.
    void opened();

    ScreenContext context_;
    Navigator& nav_;
    Options game_options_;
    LobbyOptions options_;
    bool color_ = true;
    std::unique_ptr<lobby::Client> client_;
    std::string secret_problem_;  // why this machine's secret could not be read or made, if so

    // What the server said.
    std::string greeting_;
    std::string connection_;  // the connection's state in words, for the status line
    bool guest_ = false;      // welcomed as a guest (g at the login, or --guest)
    std::deque<std::string> chat_;
    std::optional<lobby::MatchStart> my_match_;      // the player's match in progress, as last announced
    std::optional<lobby::MatchStart> last_match_;    // ... and the one before it ended (a rematch's)
    std::map<lobby::Id, lobby::SeekItem> my_seeks_;  // our seeks and challenges in the list
    std::set<std::string> noplayed_;  // name keys whose challenges this session asked the server to refuse
    bool seek_taken_ = false;         // a seek or challenge of ours was just taken
    SeekFilter filter_;               // the seek list's (/)
    bool bell_ = true;                // the settings' bell
    // The records asked for, and what for (answers come in order).
    struct RecordWanted {
        bool review = false;  // else: save it
        std::string what;
    };
    std::deque<RecordWanted> records_;
    std::string last_terms_ = "official 4 5m+2s first-to 1 casual";  // or the settings file's `seek`
    std::string settings_problem_;  // the settings file's `seek` that is no terms, said on entering
    std::string last_teller_;       // who told us something last (t offers the name)
    Millis last_tell_bell_ = -1'000'000;
    std::string last_tournament_ = "round-robin 8 schedule";  // offered after the name

    // The screen's own state: the lists (the one focused, each one's selection), and the frame's.
    LobbyPane pane_ = LobbyPane::Seeks;
    ScrollList lists_[lobby_panes];
    std::string message_;
    bool message_error_ = false;
    std::optional<LineEntry> entry_;
    bool entry_hidden_ = false;  // a password: never drawn
    std::optional<Question> question_;
    bool help_ = false;
    bool chat_page_ = false;  // with help_: the chat log (M) in the help's place
    int help_scroll_ = 0;
    // The page over the lists (on the stack, over this screen), and one that waits for a game screen over
    // the lobby to leave.
    LobbyPage* page_ = nullptr;
    std::unique_ptr<LobbyPage> held_page_;
    bool page_left_ = false;  // the screen that just left was a page
    // What the message line says when the game screen open now leaves ("you stopped watching Liam -
    // Eamon"), so that what it said as it opened ("watching ...", "fetching ... for review...") goes.
    std::string back_note_ = "back in the lobby";
    std::string opening_said_;  // the message line as the game screen opened
    std::string next_told_;     // the game whose screen was told the tournament's next match
    ServedGames games_;         // the screens the lobby opens over itself
    std::optional<lobby::MatchStart> pending_match_;  // to open once the screen over the lobby has left
    Millis pending_since_ = 0;                        // when it came: a tournament's countdown runs from then
};

}  // namespace gobblet::ui
