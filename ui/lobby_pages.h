// The lobby's pages (lobby_screen.h): what the lobby shows in the place of its lists, each a screen of its
// own pushed over the lobby on the shell's stack (screen.h): a player's finished games (h), the machines
// that log in as the player (K), a tournament's live standings (Enter on it), a player's profile (i), the
// leaderboard (b). One page at a time: a new one takes the place of the one shown, Esc goes back to the
// lists, and a game screen the lobby opens (a review from the history) goes over the page, which comes
// back when it leaves.
//
// A page draws its body (with ScrollList where it is a list) inside the lobby's frame and has key rows of
// its own (key_rows.h); everything else it asks of the lobby under it through LobbyDesk: the frame
// (title, status line, chat, message, prompt, footer), the keys every page shares (help, quit, the bell,
// the chat log, logging in, reconnecting), and the lobby's requests. The lobby hands a page the answers
// and lines that concern it.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "key_rows.h"
#include "lobby_view.h"
#include "screen.h"
#include "scroll_list.h"
#include "state.h"

namespace gobblet::ui {

// The rows of the chart of a player's rating over time on the profile page.
inline constexpr int profile_chart_rows = 5;
// A player's profile as the server answered `finger` (shown in the place of the lists).
struct ProfileView {
    lobby::ProfileItem player;
    std::vector<lobby::StatsItem> stats;
    std::vector<lobby::TrendItem> trends;  // each variant's rating over its last rated games (a chart)
    std::vector<lobby::HistoryItem> games;
};

// What the lobby's frame draws around a page's body (or the lists): the body in the rows it is given,
// the details line under it, the chat, and the footer from the page's keys that work now.
struct LobbyBody {
    std::function<void(int top, int height, int width)> draw;
    bool has_details = false;  // two lines under the body: the row selected, in full
    std::string details;
    bool chat = true;  // the chat under the body (else the body has its rows)
    std::function<std::vector<std::string>(int width)> footer;
};

class LobbyPage;

// What a page asks of the lobby under it (LobbyScreen implements it).
class LobbyDesk {
  public:
    virtual ~LobbyDesk() = default;
    virtual const lobby::Client& client() const = 0;
    virtual lobby::Client& client() = 0;
    // The turn's time (the screens' clock).
    virtual Millis now() const = 0;
    // Logged in as a guest (--guest, or g at the login): unregistered, unrated.
    virtual bool guest() const = 0;
    virtual void say(std::string text, bool error = false) = 0;

    // The frame around a page (lobby_draw.cpp), and a key or a paste for what it has open (the help, a
    // question, a line entry): true when the frame took the key.
    virtual void draw_frame(Millis now, const LobbyBody& body) = 0;
    virtual bool frame_key(Key k, Millis now) = 0;
    virtual void paste_into_entry(const InputEvent& e) = 0;

    // The keys every page has (lobby_common_rows): when each works, and what it runs.
    virtual Expected<void> in_lobby() const = 0;  // logged in, or why not ("not in the lobby now: ...")
    virtual void open_help() = 0;
    virtual Expected<void> chat_log_allowed() const = 0;
    virtual void open_chat_log() = 0;
    virtual void quit() = 0;
    virtual void toggle_bell() = 0;
    virtual Expected<void> login_allowed() const = 0;
    virtual void login_password() = 0;
    virtual void login_guest() = 0;
    virtual Expected<void> reconnect_allowed() const = 0;
    virtual void reconnect() = 0;
    virtual Expected<void> password_allowed() const = 0;
    virtual void set_password() = 0;

    // The page goes: back to the lists (Esc: "back to the lobby"), or to the next list (Left, Right).
    virtual void close_page() = 0;
    virtual void next_list() = 0;
    // The lobby's requests a page makes.
    virtual void fetch_record(const lobby::HistoryItem& h, bool review) = 0;  // to review it, or save it
    virtual void ask_history(const std::string& name) = 0;
    virtual void ask_machines() = 0;
    virtual void challenge(const std::string& name) = 0;  // the challenge's line, the name filled in
    virtual void tell(const std::string& name) = 0;       // the tell's line, the name filled in
    virtual void ask(Question q) = 0;
    // A tournament's keys (e, S, f, x) on `t` (the one shown), when they work and what they do; n.
    virtual Expected<void> tournament_allowed(Action a, const lobby::TournamentItem* t) const = 0;
    virtual void tournament_key(Action a, const lobby::TournamentItem& t) = 0;
    virtual Expected<void> new_tournament_allowed() const = 0;
    virtual void new_tournament() = 0;

    // The page left the stack; a game screen over the page left (the lobby says what comes back).
    virtual void page_closed(const LobbyPage& page) = 0;
    virtual void back_from_game(Millis now) = 0;
};

// The rows every lobby screen has, the lists and each page (`O` has desk()).
template <class O>
std::vector<KeyRow<O>> lobby_common_rows() {
    return {
        {Action::Help, nullptr, [](O& o) { o.desk().open_help(); }},
        {Action::Quit, nullptr, [](O& o) { o.desk().quit(); }},
        {Action::Bell, nullptr, [](O& o) { o.desk().toggle_bell(); }},
        {Action::ChatLog, [](const O& o) { return o.desk().chat_log_allowed(); },
         [](O& o) { o.desk().open_chat_log(); }},
        {Action::Login, [](const O& o) { return o.desk().login_allowed(); },
         [](O& o) { o.desk().login_password(); }},
        {Action::Guest, [](const O& o) { return o.desk().login_allowed(); },
         [](O& o) { o.desk().login_guest(); }},
        {Action::Reconnect, [](const O& o) { return o.desk().reconnect_allowed(); },
         [](O& o) { o.desk().reconnect(); }},
    };
}

class LobbyPage : public Screen {
  public:
    explicit LobbyPage(LobbyDesk& desk) : desk_(desk) {}
    LobbyDesk& desk() { return desk_; }
    const LobbyDesk& desk() const { return desk_; }

    void draw(Millis now) override;
    void key(Key k, Millis now) override;
    void paste(const InputEvent& e, Millis) override { desk_.paste_into_entry(e); }
    void uncovered(const std::string&, Millis now) override { desk_.back_from_game(now); }
    std::string close(Millis) override {
        desk_.page_closed(*this);
        return "";
    }

    // An answer of the server's, offered to the page shown before the lobby opens a page for it: true
    // when the page took it (the machines shown again after one was forgotten).
    virtual bool take_answer(const lobby::Event&) { return false; }
    // A line of the lobby's, once the lobby has handled it (a tournament changed, an ok).
    virtual void on_line(const lobby::Message&, Millis) {}
    // The page shows a tournament's standings: its id.
    virtual std::optional<lobby::Id> standings_of() const { return std::nullopt; }

  protected:
    // The body, its details and whether the chat shows under it (the footer is the page's keys).
    virtual LobbyBody body(Millis now) = 0;
    virtual const KeyRows<LobbyPage>& keys() const = 0;
    // Rows of a page: the common rows, Esc, Up and Down (nothing, unless the page's own do something),
    // Left and Right (the next list), and `own`.
    static std::vector<KeyRow<LobbyPage>> page_rows(std::vector<KeyRow<LobbyPage>> own);

    LobbyDesk& desk_;
};

// The pages (lobby_pages.cpp), each made from what the server answered.
std::unique_ptr<LobbyPage> history_page(LobbyDesk& desk, std::string whose,
                                        std::vector<lobby::HistoryItem> items);
std::unique_ptr<LobbyPage> machines_page(LobbyDesk& desk, std::vector<lobby::MachineItem> items);
// A tournament's live standings: the client's tables hold them (standing lines as they come); asked for
// once as it opens.
std::unique_ptr<LobbyPage> standings_page(LobbyDesk& desk, lobby::Id id);
std::unique_ptr<LobbyPage> profile_page(LobbyDesk& desk, ProfileView profile);
std::unique_ptr<LobbyPage> leaders_page(LobbyDesk& desk, std::vector<lobby::LeaderItem> items);

}  // namespace gobblet::ui
