// The lobby screen (`./main --lobby HOST:PORT --name NAME`): a server's lobby on the screen stack
// (screen.h), driven by net/lobby_client (the lobby connection's state machine) in the shell's one poll
// loop. It shows who is online with ratings, the open seeks, the games in progress with score and clocks,
// the tournaments, and the lobby chat (lobby_view.h makes the rows); a tournament's live standings
// replace the lists while they are open; the keys come from the key table (keys.h,
// screen_lobby). A match of the player's opens a game screen over it (game_screen.h, Options::served)
// joined to the server's game connection; so does a game watched, and a finished game reviewed. The lobby
// stays under them, its connection alive, and comes back on top when they leave.
//
// Its files, one job each: lobby_screen.cpp (the turn: the client's events, the login, the screens it
// opens over itself), lobby_draw.cpp (drawing), lobby_keys.cpp (the keys and the line entries). Beside it:
// lobby_games.h (ServedGames: opening the game screens of matches, games watched and reviews, and saving
// transcripts), lobby_view.h (plain logic: the rows, the help, what a refused login asks).
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app.h"
#include "lobby_games.h"
#include "lobby_link.h"
#include "lobby_view.h"
#include "net/session.h"
#include "saves/ssh_identity.h"
#include "screen.h"
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

// A player's profile as the server answered `finger` (shown in the place of the lists).
struct ProfileView {
    lobby::ProfileItem player;
    std::vector<lobby::StatsItem> stats;
    std::vector<lobby::HistoryItem> games;
};

// The smallest terminal the lobby draws in; a smaller one gets a message saying so.
inline constexpr int lobby_min_cols = 60, lobby_min_lines = 16;
// Chat lines the lobby keeps (the oldest go first).
inline constexpr std::size_t lobby_chat_lines = 200;

class LobbyScreen : public Screen {
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
    void covered(Millis) override { covered_ = true; }
    void uncovered(const std::string& farewell, Millis now) override;
    std::string close(Millis now) override;

  private:
    // The client's events (lobby_screen.cpp).
    void on_event(const lobby::Event& e, Millis now);
    void on_line(const lobby::Message& m, Millis now);
    void match_over(const lobby::Over& o);
    void on_answer(const lobby::Event& e, Millis now);
    void say(std::string text, bool error = false) {
        message_ = std::move(text);
        message_error_ = error;
    }
    void say_if(const Expected<void>& done) {
        if (!done) say(done.why(), true);
    }
    void add_chat(std::string line);
    std::string status_line(Millis now) const;
    bool my_match_in_progress() const;
    // News that rings the bell (unless the settings say no) and shows on whatever screen is on top: a
    // challenge, a seek of ours taken, a tournament's round.
    void notify(const std::string& text, Millis now);
    // A challenge to us: asked at once (y accepts, n declines), wherever the lobby is; or, covered, said
    // on the screen over it. A rematch offer goes to the result of that match when it is shown.
    void challenged(const lobby::SeekItem& s, Millis now);
    // "Eamon (1500?) challenges you: official rules, 4x4, ...", and the question that answers it.
    std::string challenge_words(const lobby::SeekItem& s) const;
    void ask_challenge(const lobby::SeekItem& s);
    // What the game screen over the lobby asked of it (abort, rematch, spectators' lines), and who
    // watches its game.
    void serve_link(Millis now);
    // The role the seeks are offered to us as (a guest's, a person's).
    lobby::Role role() const { return options_.guest ? lobby::Role::Guest : lobby::Role::Human; }
    // "Liam 1623 - Eamon 1500?, you play White, rated 5m+2s official 4x4" (and a tournament's round).
    std::string match_title(const lobby::MatchStart& m) const;

    // Drawing (lobby_draw.cpp).
    void draw_lists(int top, int height, int width, Millis now);
    void draw_history(int top, int height, int width);
    void draw_machines(int top, int height, int width);
    void draw_standings(int top, int height, int width);
    void draw_profile(int top, int height, int width);
    void draw_leaders(int top, int height, int width);
    // The details of the row selected (lobby_view.h), for the details line.
    std::string details(Millis now) const;
    std::vector<std::string> footer(int width) const;

    // Keys (lobby_keys.cpp).
    bool available(Action a) const;
    void on_action(Action a, Millis now);
    void entry_key(Key k, Millis now);
    void question_key(Key k);
    void tournament_refusal(Action a);
    void open_entry(std::string label, std::string text, std::size_t max,
                    std::function<void(const std::string&)> submit, bool hidden = false);
    void select(Millis now);
    void post(Millis now);
    void challenge(Millis now);
    void password(Millis now);
    // The machines that log in as the player (M): asked for, shown over the lists; x forgets one.
    void open_machines(Millis now);
    void forget_machine();
    void login_password(Millis now);
    void quit();
    void new_tournament(Millis now);
    // The organizer's choice of who starts a match of the tournament selected (typed: two names).
    void choose_starter(Millis now);
    void open_standings(lobby::Id id, Millis now);
    void leave_tournament(Millis now);
    void profile(Millis now);
    void filter();
    // The lists are replaced by a view (the history, standings, a profile, the leaderboard): Esc goes back.
    bool in_view() const { return history_ || standings_ || profile_ || leaders_ || machines_; }
    void close_views();
    const lobby::SeekItem* selected_seek() const;
    // What a and x act on: the seek selected, or from another list a challenge to us that waits.
    const lobby::SeekItem* seek_at_hand() const;
    const lobby::GameRow* selected_game() const;
    const lobby::PlayerItem* selected_player() const;
    // The tournament shown (its standings open), else the one selected in its list, if any.
    const lobby::TournamentItem* selected_tournament() const;
    // Whether the tournament keys act on a tournament now (its standings open, or its list focused).
    bool on_tournaments() const { return standings_.has_value() || pane_ == LobbyPane::Tournaments; }

    // The screens over the lobby (lobby_screen.cpp; games_ opens them).
    // `waited`: it waited for the screen over the lobby to leave (it is new all the same).
    void open_match(const lobby::MatchStart& m, Millis now, bool waited = false);
    void open_watch(const lobby::Watching& w, Millis now);
    void open_review(const std::string& text, const std::string& what);
    void opened(bool review);

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
    std::deque<std::string> chat_;
    std::optional<lobby::MatchStart> my_match_;    // the player's match in progress, as last announced
    std::optional<lobby::MatchStart> last_match_;  // ... and the one before it ended (a rematch's)
    std::set<lobby::Id> my_seeks_;                 // our seeks and challenges in the list
    // The challenges to us that were asked once (answered, or put off with Esc: it waits in the seeks'
    // list, a accepts it, x declines), never asked again when a covering screen closes.
    std::set<lobby::Id> asked_challenges_;
    bool seek_taken_ = false;                                // a seek or challenge of ours was just taken
    std::optional<ProfileView> profile_;                     // a profile shown (i, or Enter on a player)
    std::optional<std::vector<lobby::LeaderItem>> leaders_;  // the leaderboard shown (b)
    SeekFilter filter_;                                      // the seek list's (/)
    bool bell_ = true;                                       // the settings' bell
    // The history shown (h), whose it is, and which records were asked for what (answers come in order).
    std::optional<std::vector<lobby::HistoryItem>> history_;
    std::string history_of_;
    int history_selected_ = 0;
    struct RecordWanted {
        bool review = false;  // else: save it
        std::string what;
    };
    std::deque<RecordWanted> records_;
    // The machines shown (M), the one selected.
    std::optional<std::vector<lobby::MachineItem>> machines_;
    int machines_selected_ = 0;
    std::string last_terms_ = "official 4 5m+2s first-to 1 casual";
    std::string last_tournament_ = "round-robin 8 schedule";  // offered after the name
    // The tournament whose standings are shown (Enter on it, or its match started), live from the client's
    // tables; its last item and table are kept to show after it closes.
    std::optional<lobby::Id> standings_;
    std::optional<lobby::TournamentItem> standings_item_;
    std::vector<lobby::StandingItem> standings_rows_;

    // The screen's own state.
    LobbyPane pane_ = LobbyPane::Seeks;
    int selected_[lobby_panes] = {0, 0, 0};
    std::string message_;
    bool message_error_ = false;
    std::optional<LineEntry> entry_;
    bool entry_hidden_ = false;  // a password: never drawn
    std::optional<Question> question_;
    bool help_ = false;
    bool chat_page_ = false;  // with help_: the chat log (M) in the help's place
    int help_scroll_ = 0;
    bool covered_ = false;
    ServedGames games_;                               // the screens the lobby opens over itself
    std::optional<lobby::MatchStart> pending_match_;  // to open once the screen over the lobby has left
    Millis pending_since_ = 0;                        // when it came: a tournament's countdown runs from then
};

}  // namespace gobblet::ui
