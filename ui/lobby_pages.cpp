// The lobby's pages (lobby_pages.h): the history, the machines, a tournament's standings, a profile and
// the leaderboard, each its body in the lobby's frame and its own key rows.
#include "lobby_pages.h"

#include <curses.h>

#include <optional>

#include "net/lobby_text.h"

namespace gobblet::ui {

namespace {

using Page = LobbyPage;
using Row = KeyRow<LobbyPage>;

// The pages' Up and Down: nothing to select on most of them, so nothing happens (the footer's arrows
// still say they select on the lists).
void stay(Page&) {}

// A page's heading at `top`, wrapped to two lines at most: the lines it took.
int heading(int top, const std::string& text, int width) {
    std::vector<std::string> lines = wrap(text, std::max(1, width));
    keep_lines(lines, 2);
    for (std::size_t i = 0; i < lines.size(); ++i) put_text(top + int(i), 0, lines[i], width, A_BOLD);
    return int(lines.size());
}

}  // namespace

void LobbyPage::draw(Millis now) {
    LobbyBody b = body(now);
    b.footer = [this](int width) { return keys().footer(*this, Mode::typing, width, 2); };
    desk_.draw_frame(now, b);
}

void LobbyPage::key(Key k, Millis now) {
    if (desk_.frame_key(k, now)) return;
    const Action a = keys().action(k, Mode::typing);
    if (a == Action::None) return;
    if (const Expected<void> done = keys().press(*this, a); !done) desk_.say(done.why(), true);
}

std::vector<KeyRow<LobbyPage>> LobbyPage::page_rows(std::vector<KeyRow<LobbyPage>> own) {
    std::vector<Row> rows = lobby_common_rows<Page>();
    const auto in = +[](const Page& p) { return p.desk().in_lobby(); };
    std::vector<Row> more = {
        {Action::None, in},
        {Action::Cancel, nullptr, [](Page& p) { p.desk().close_page(); }},
        {Action::NextList, in, [](Page& p) { p.desk().next_list(); }},
        {Action::CursorUp, in, stay},
        {Action::CursorDown, in, stay},
    };
    rows.insert(rows.end(), more.begin(), more.end());
    // A page's own row takes the place of a shared one of the same action (its Up and Down).
    for (Row& r : own) {
        std::erase_if(rows, [&](const Row& s) { return s.action == r.action; });
        rows.push_back(r);
    }
    return rows;
}

namespace {

// A page whose rows reach its own members: the rows are only ever handed this page.
template <class Self>
Self& self(Page& p) {
    return static_cast<Self&>(p);
}
template <class Self>
const Self& self(const Page& p) {
    return static_cast<const Self&>(p);
}

// The finished games of a player (h): Enter reviews one on the board, s saves it as a transcript.
class HistoryPage : public LobbyPage {
  public:
    HistoryPage(LobbyDesk& desk, std::string whose, std::vector<lobby::HistoryItem> items)
        : LobbyPage(desk), whose_(std::move(whose)), items_(std::move(items)) {}

  private:
    LobbyBody body(Millis) override {
        LobbyBody b;
        b.draw = [this](int top, int height, int width) {
            const int h = heading(top,
                                  "Finished games of " + whose_ + " (" + std::to_string(items_.size()) +
                                      "): Enter reviews, s saves a transcript, Esc goes back",
                                  width);
            list_.draw(
                top + h, 0, height - h, width, int(items_.size()),
                [this](int i, int w) { return history_row(items_[std::size_t(i)], w); }, true, "(none yet)");
        };
        b.has_details = true;
        if (!items_.empty())
            b.details =
                lobby::history_text(items_[std::size_t(list_.selected())]) + ". Enter reviews it, s saves it";
        return b;
    }

    const KeyRows<LobbyPage>& keys() const override {
        using H = HistoryPage;
        static const KeyRows<LobbyPage> rows(
            screen_lobby,
            page_rows({
                {Action::CursorUp, [](const Page& p) { return p.desk().in_lobby(); },
                 [](Page& p) { self<H>(p).move(-1); }},
                {Action::CursorDown, [](const Page& p) { return p.desk().in_lobby(); },
                 [](Page& p) { self<H>(p).move(1); }},
                {Action::Select, [](const Page& p) { return self<H>(p).chosen(); },
                 [](Page& p) { self<H>(p).fetch(true); }},
                {Action::Save, [](const Page& p) { return self<H>(p).chosen(); },
                 [](Page& p) { self<H>(p).fetch(false); }},
            }),
            "in the history: Enter reviews, s saves, Esc goes back to the lobby");
        return rows;
    }

    void move(int delta) { list_.move(delta, int(items_.size())); }
    Expected<void> chosen() const {
        if (const Expected<void> in = desk_.in_lobby(); !in) return in;
        if (items_.empty())
            return Failure{"in the history: Enter reviews, s saves, Esc goes back to the lobby"};
        return {};
    }
    void fetch(bool review) { desk_.fetch_record(items_[std::size_t(list_.selected())], review); }

    std::string whose_;
    std::vector<lobby::HistoryItem> items_;
    ScrollList list_;
};

// The machines that log in as the player (K): x forgets the one selected.
class MachinesPage : public LobbyPage {
  public:
    MachinesPage(LobbyDesk& desk, std::vector<lobby::MachineItem> items)
        : LobbyPage(desk), items_(std::move(items)) {}

    // Asked for again (after one was forgotten): the list as it is now, the selection kept.
    bool take_answer(const lobby::Event& e) override {
        if (!e.query || !std::holds_alternative<lobby::MachinesQuery>(*e.query)) return false;
        items_.clear();
        for (const lobby::Message& m : e.items)
            if (const auto* p = std::get_if<lobby::MachineItem>(&m)) items_.push_back(*p);
        list_.clamp(int(items_.size()));
        return true;
    }

    // The list of machines shown is asked for again, without the one forgotten.
    void on_line(const lobby::Message& m, Millis now) override {
        if (const auto* o = std::get_if<lobby::Ok>(&m);
            o && o->verb == lobby::verb_of<lobby::Forget> && desk_.client().tables().can_ask())
            (void)desk_.client().machines(now);  // the ok's own words stay said
    }

  private:
    LobbyBody body(Millis) override {
        LobbyBody b;
        b.draw = [this](int top, int height, int width) {
            const int h =
                heading(top,
                        "Machines that log in as " + desk_.client().name() + " (" +
                            std::to_string(items_.size()) + "): x forgets the one selected, Esc goes back",
                        width);
            list_.draw(
                top + h, 0, height - h, width, int(items_.size()),
                [this](int i, int w) { return machine_row(items_[std::size_t(i)], w); }, true,
                "(none: only a password proves the name now)");
        };
        return b;
    }

    // Over the lists, its own few keys: any other says what this page takes.
    const KeyRows<LobbyPage>& keys() const override {
        using M = MachinesPage;
        static const std::string shown =
            "your machines are shown: Up and Down select, x forgets one, Esc goes back";
        const auto in = +[](const Page& p) -> Expected<void> {
            if (!p.desk().in_lobby()) return Failure{shown};
            return {};
        };
        static const KeyRows<LobbyPage> rows(
            screen_lobby,
            {
                {Action::Help, nullptr, [](Page& p) { p.desk().open_help(); }},
                {Action::Quit, nullptr, [](Page& p) { p.desk().quit(); }},
                {Action::Cancel, nullptr, [](Page& p) { p.desk().close_page(); }},
                {Action::Machines, nullptr, [](Page& p) { p.desk().ask_machines(); }},
                {Action::Password, in, [](Page& p) { p.desk().set_password(); }},
                {Action::None, in},
                {Action::CursorUp, in,
                 [](Page& p) { self<M>(p).list_.move(-1, int(self<M>(p).items_.size())); }},
                {Action::CursorDown, in,
                 [](Page& p) { self<M>(p).list_.move(1, int(self<M>(p).items_.size())); }},
                {Action::Withdraw,
                 [](const Page& p) -> Expected<void> {
                     if (!p.desk().in_lobby() || self<M>(p).items_.empty()) return Failure{shown};
                     return {};
                 },
                 [](Page& p) { self<M>(p).forget(); }},
            },
            shown);
        return rows;
    }

    void forget() {
        const lobby::MachineItem m =
            items_[std::size_t(std::min<int>(list_.selected(), int(items_.size()) - 1))];
        const std::string what = machine_name(m);
        const std::string& me = desk_.client().name();
        desk_.say(
            "once forgotten it must prove " + me + " again" +
            (m.current ? " (this machine: with the password, at its next login)" : ": with the password"));
        LobbyDesk& desk = desk_;
        desk_.ask(Question{.text = "Forget " + what + "?",
                           .answers = {{ch('y'), "forget it",
                                        [&desk, m, what] {
                                            const auto sent =
                                                desk.client().forget_machine(m.kind, m.id, desk.now());
                                            desk.say(sent ? "forgetting " + what + "..." : sent.why(), !sent);
                                        }},
                                       {ch('n'), "keep it", [&desk] { desk.say("kept"); }}}});
    }

    std::vector<lobby::MachineItem> items_;
    ScrollList list_;
};

// A tournament's table, live: the client's tables change as the server's standing lines arrive; the last
// seen stay shown after the tournament has closed. Its keys act on the tournament shown.
class StandingsPage : public LobbyPage {
  public:
    StandingsPage(LobbyDesk& desk, lobby::Id id) : LobbyPage(desk), id_(id) {}

    std::optional<lobby::Id> standings_of() const override { return id_; }

    // An open tournament's table changes with its entrants, which no standing line announces: ask.
    void on_line(const lobby::Message& m, Millis now) override {
        const auto* t = std::get_if<lobby::TournamentItem>(&m);
        if (t && t->id == id_ && t->state == lobby::TournamentState::Open &&
            desk_.client().tables().can_ask())
            (void)desk_.client().standings(t->id, now);  // refused: the table stays as it is
    }

  private:
    const lobby::TournamentItem* shown() const {
        const auto& tours = desk_.client().tables().tournaments();
        const auto it = tours.find(id_);
        return it == tours.end() ? nullptr : &it->second;
    }

    LobbyBody body(Millis) override {
        LobbyBody b;
        b.draw = [this](int top, int height, int width) { draw_table(top, height, width); };
        return b;
    }

    void draw_table(int top, int height, int width) {
        const lobby::Tables& t = desk_.client().tables();
        if (const lobby::TournamentItem* now = shown()) {
            item_ = *now;
            rows_ = t.standings(id_);
        }
        if (!item_) {
            heading(top, "Tournament #" + std::to_string(id_) + ": not in the list (Esc goes back)", width);
            return;
        }
        const lobby::TournamentItem& item = *item_;
        const std::string& me = desk_.client().name();
        const std::string closed = shown() ? "" : " (closed)";
        int y = top + heading(top, standings_title(item, width - int(closed.size())) + closed, width);
        std::string keys;
        if (item.state == lobby::TournamentState::Open)
            keys = in_standings(rows_, me) ? "you have entered: x leaves" : "e enters it";
        else if (item.state == lobby::TournamentState::Playing)
            keys = "live; your matches open on the board as they start";
        std::vector<std::string> says =
            wrap("Ranked by points, then head to head, then rounds won, then rounds lost" +
                     (keys.empty() ? std::string() : "; " + keys) + "; Esc goes back",
                 std::max(1, width));
        keep_lines(says, 2);
        for (const std::string& line : says) put_text(y++, 0, line, width);
        // The table scrolls as the lists do (Up and Down), its head above it.
        put_text(y, 0, "  " + standings_head(width - 2), width, A_UNDERLINE);
        list_.draw(
            y + 1, 0, top + height - y - 1, width, int(rows_.size()),
            [this, &me](int i, int w) { return standing_row(rows_[std::size_t(i)], me, w); }, true,
            "(nobody yet)");
    }

    const KeyRows<LobbyPage>& keys() const override {
        using T = StandingsPage;
        static const KeyRows<LobbyPage> rows(
            screen_lobby,
            page_rows({
                {Action::CursorUp, [](const Page& p) { return p.desk().in_lobby(); },
                 [](Page& p) { self<T>(p).move(-1); }},
                {Action::CursorDown, [](const Page& p) { return p.desk().in_lobby(); },
                 [](Page& p) { self<T>(p).move(1); }},
                {Action::Select, [](const Page& p) { return p.desk().in_lobby(); },
                 [](Page& p) { p.desk().say("the standings are shown, live: Esc goes back to the lists"); }},
                {Action::Password, [](const Page& p) { return p.desk().password_allowed(); },
                 [](Page& p) { p.desk().set_password(); }},
                {Action::NewTournament, [](const Page& p) { return p.desk().new_tournament_allowed(); },
                 [](Page& p) { p.desk().new_tournament(); }},
                {Action::EnterTournament,
                 [](const Page& p) { return self<T>(p).allowed(Action::EnterTournament); },
                 [](Page& p) { self<T>(p).act(Action::EnterTournament); }},
                {Action::StartTournament,
                 [](const Page& p) { return self<T>(p).allowed(Action::StartTournament); },
                 [](Page& p) { self<T>(p).act(Action::StartTournament); }},
                {Action::ChooseStarter,
                 [](const Page& p) { return self<T>(p).allowed(Action::ChooseStarter); },
                 [](Page& p) { self<T>(p).act(Action::ChooseStarter); }},
                {Action::Withdraw, [](const Page& p) { return self<T>(p).allowed(Action::Withdraw); },
                 [](Page& p) { self<T>(p).act(Action::Withdraw); }},
            }),
            "Esc goes back to the lists first");
        return rows;
    }

    Expected<void> allowed(Action a) const { return desk_.tournament_allowed(a, shown()); }
    void act(Action a) { desk_.tournament_key(a, *shown()); }

    void move(int delta) { list_.move(delta, int(rows_.size())); }

    lobby::Id id_;
    std::optional<lobby::TournamentItem> item_;  // as last seen, shown after it closed
    std::vector<lobby::StandingItem> rows_;
    ScrollList list_;
};

// A player's profile (FICS finger): c challenges them, h lists every finished game of theirs.
class ProfilePage : public LobbyPage {
  public:
    ProfilePage(LobbyDesk& desk, ProfileView profile) : LobbyPage(desk), profile_(std::move(profile)) {}

  private:
    LobbyBody body(Millis) override {
        LobbyBody b;
        b.chat = false;
        b.draw = [this](int top, int height, int width) {
            const ProfileView& v = profile_;
            int y =
                top + heading(top,
                              "Profile of " + v.player.name +
                                  (own() ? ": h every finished game, Esc goes back"
                                         : ": c challenges, t tells, h every finished game, Esc goes back"),
                              width);
            // The player and their ratings, then the rating over time of the variant they play most
            // (a chart), then the last games, as many as fit.
            std::vector<std::string> lines = lobby::profile_text(v.player, v.stats, v.games);
            if (const lobby::TrendItem* t = lobby::busiest_trend(v.trends)) {
                const std::vector<std::string> chart = lobby::trend_chart(*t, width - 2, profile_chart_rows);
                const auto at = lines.begin() + std::ptrdiff_t(std::min(lines.size(), 1 + v.stats.size()));
                lines.insert(at, chart.begin(), chart.end());
            }
            for (const std::string& line : lines)
                for (const std::string& part : wrap(line, std::max(1, width))) {
                    if (y >= top + height) return;
                    put_text(y++, 0, part, width);
                }
        };
        return b;
    }

    const KeyRows<LobbyPage>& keys() const override {
        using P = ProfilePage;
        static const KeyRows<LobbyPage> rows(
            screen_lobby,
            page_rows({
                {Action::Challenge, [](const Page& p) { return self<P>(p).challenge_allowed(); },
                 [](Page& p) { self<P>(p).challenge(); }},
                {Action::History, [](const Page& p) { return p.desk().in_lobby(); },
                 [](Page& p) { p.desk().ask_history(self<P>(p).profile_.player.name); }},
                {Action::Tell,
                 [](const Page& p) -> Expected<void> {
                     if (const Expected<void> in = p.desk().in_lobby(); !in) return in;
                     if (lobby::name_key(self<P>(p).profile_.player.name) ==
                         lobby::name_key(p.desk().client().name()))
                         return Failure{"your own profile: t tells another player"};
                     return {};
                 },
                 [](Page& p) { p.desk().tell(self<P>(p).profile_.player.name); }},
                {Action::Password, [](const Page& p) { return p.desk().password_allowed(); },
                 [](Page& p) { p.desk().set_password(); }},
            }),
            "Esc goes back to the lists first");
        return rows;
    }

    // Your own profile: nobody challenges themselves, so it offers no c.
    bool own() const {
        return lobby::name_key(profile_.player.name) == lobby::name_key(desk_.client().name());
    }
    Expected<void> challenge_allowed() const {
        if (own()) return Failure{"this is your own profile: c challenges another player's"};
        return desk_.in_lobby();
    }
    // The challenge's line, with the name filled in.
    void challenge() { desk_.challenge(profile_.player.name); }

    ProfileView profile_;
};

// The leaderboard (FICS best): the best settled ratings of each variant, and while fewer are settled the
// best provisional ones after them, marked with a ?.
class LeadersPage : public LobbyPage {
  public:
    LeadersPage(LobbyDesk& desk, std::vector<lobby::LeaderItem> items)
        : LobbyPage(desk), items_(std::move(items)) {}

  private:
    LobbyBody body(Millis) override {
        LobbyBody b;
        b.chat = false;
        b.draw = [this](int top, int height, int width) {
            const int h = heading(
                top,
                "Leaderboard: settled ratings first, then provisional ones (1500?); * you; Esc goes back",
                width);
            const std::vector<std::string> lines = leader_lines(items_, desk_.client().name(), width);
            for (int i = 0; i < int(lines.size()) && i + h < height; ++i)
                put_text(top + h + i, 0, lines[std::size_t(i)], width, i == 0 ? A_UNDERLINE : A_NORMAL);
        };
        return b;
    }

    const KeyRows<LobbyPage>& keys() const override {
        static const KeyRows<LobbyPage> rows(
            screen_lobby,
            page_rows({
                {Action::Password, [](const Page& p) { return p.desk().password_allowed(); },
                 [](Page& p) { p.desk().set_password(); }},
            }),
            "Esc goes back to the lists first");
        return rows;
    }

    std::vector<lobby::LeaderItem> items_;
};

}  // namespace

std::unique_ptr<LobbyPage> history_page(LobbyDesk& desk, std::string whose,
                                        std::vector<lobby::HistoryItem> items) {
    return std::make_unique<HistoryPage>(desk, std::move(whose), std::move(items));
}

std::unique_ptr<LobbyPage> machines_page(LobbyDesk& desk, std::vector<lobby::MachineItem> items) {
    return std::make_unique<MachinesPage>(desk, std::move(items));
}

std::unique_ptr<LobbyPage> standings_page(LobbyDesk& desk, lobby::Id id) {
    return std::make_unique<StandingsPage>(desk, id);
}

std::unique_ptr<LobbyPage> profile_page(LobbyDesk& desk, ProfileView profile) {
    return std::make_unique<ProfilePage>(desk, std::move(profile));
}

std::unique_ptr<LobbyPage> leaders_page(LobbyDesk& desk, std::vector<lobby::LeaderItem> items) {
    return std::make_unique<LeadersPage>(desk, std::move(items));
}

}  // namespace gobblet::ui
