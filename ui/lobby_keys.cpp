// The lobby's keys (lobby_screen.h): the frame's (the help, a question, a line entry), the keys every
// lobby screen shares, the lists' key rows (key_rows.h: when each works, and what it runs), the line
// entries (terms, a challenge, chat, passwords that are never drawn) and the questions it asks.
#include <curses.h>

#include "controls.h"
#include "lobby_screen.h"
#include "net/lobby_text.h"
#include "saves/settings.h"
#include "view.h"

namespace gobblet::ui {

namespace {

// What a key with nothing at hand says on the lists.
const char* const nothing_selected = "nothing selected for that: the arrows select a row";

Failure<> refused(const std::string& why) { return Failure{why}; }

}  // namespace

// ---------------------------------------------------------------------------------------------------
// The frame, and the keys every lobby screen shares

void LobbyScreen::key(Key k, Millis now) {
    if (frame_key(k, now)) return;
    const Action a = keys().action(k, Mode::typing);
    if (a == Action::None) return;
    say_if(keys().press(*this, a));
}

bool LobbyScreen::frame_key(Key k, Millis now) {
    if (help_) {
        if (help_scroll_key(k, help_scroll_)) return true;
        help_ = chat_page_ = false;  // any other key closes it (or the chat log)
        if (!k.special && k.code == 3) quit();
        return true;
    }
    if (question_) {
        question_key(k);
        return true;
    }
    if (entry_) {
        entry_key(k, now);
        return true;
    }
    return false;
}

void LobbyScreen::paste(const InputEvent& e, Millis) { paste_into_entry(e); }

void LobbyScreen::paste_into_entry(const InputEvent& e) {
    // A paste goes to the entry open (a seek's terms, a chat line, a password), as if typed; never a
    // line break or a control character.
    if (!entry_) return say("paste into an entry: p (terms), c (a challenge), Tab (chat)", true);
    ui::paste_into_entry(*entry_, e.text);
}

Expected<void> LobbyScreen::in_lobby() const {
    if (client_->in_lobby()) return {};
    return refused("not in the lobby now: " + status_line(now()));
}

void LobbyScreen::open_help() {
    help_ = true;
    help_scroll_ = 0;
}

Expected<void> LobbyScreen::chat_log_allowed() const {
    if (!chat_.empty()) return {};
    if (const Expected<void> in = in_lobby(); !in) return in;
    return refused("nothing has been said in the lobby yet: Tab says something");
}

void LobbyScreen::open_chat_log() {
    help_ = chat_page_ = true;
    help_scroll_ = 1 << 20;  // the latest lines: draw_help scrolls back to the last page
}

void LobbyScreen::toggle_bell() {
    bell_ = !bell_;
    const Expected<void> kept = saves::save_setting("bell", saves::switch_text(bell_));
    say(std::string("the bell is ") + (bell_ ? "on" : "off") +
            (kept ? ": kept in the settings file" : ": not kept (" + kept.why() + ")"),
        !kept);
}

Expected<void> LobbyScreen::login_allowed() const {
    if (client_->phase() == lobby::Client::Phase::Greeted) return {};
    return refused("already logged in as " + client_->name());
}

Expected<void> LobbyScreen::reconnect_allowed() const {
    if (client_->phase() == lobby::Client::Phase::Waiting) return {};
    return refused("connected: nothing to retry");
}

Expected<void> LobbyScreen::password_allowed() const {
    if (const Expected<void> in = in_lobby(); !in) return in;
    if (guest()) return refused("a guest has no password: log in without --guest to register the name");
    return {};
}

Expected<void> LobbyScreen::new_tournament_allowed() const {
    if (const Expected<void> in = in_lobby(); !in) return in;
    if (guest()) return refused("a guest neither organizes nor plays tournaments: log in without --guest");
    return {};
}

// ---------------------------------------------------------------------------------------------------
// The lists' rows

const KeyRows<LobbyScreen>& LobbyScreen::keys() const {
    using S = LobbyScreen;
    const auto in = +[](const S& s) { return s.in_lobby(); };
    // Esc and s belong to a page (a history's s saves): the lists say where to find them.
    const auto history_first = +[](const S& s) -> Expected<void> {
        if (const Expected<void> ok = s.in_lobby(); !ok) return ok;
        return refused("h lists your finished games first; s saves the one selected there");
    };
    const auto tournament = [](Action a) {
        switch (a) {
            case Action::EnterTournament:
                return +[](const S& s) {
                    return s.tournament_works(Action::EnterTournament, s.selected_tournament(),
                                              s.pane_ == LobbyPane::Tournaments);
                };
            case Action::StartTournament:
                return +[](const S& s) {
                    return s.tournament_works(Action::StartTournament, s.selected_tournament(),
                                              s.pane_ == LobbyPane::Tournaments);
                };
            default:
                return +[](const S& s) {
                    return s.tournament_works(Action::ChooseStarter, s.selected_tournament(),
                                              s.pane_ == LobbyPane::Tournaments);
                };
        }
    };
    static const KeyRows<S> rows = [&] {
        std::vector<KeyRow<S>> r = lobby_common_rows<S>();
        const std::vector<KeyRow<S>> lists = {
            {Action::None, in},
            {Action::Cancel, history_first},
            {Action::Save, history_first},
            {Action::Select, in, [](S& s) { s.select(s.now()); }},
            {Action::CursorUp, in, [](S& s) { s.move_selection(-1); }},
            {Action::CursorDown, in, [](S& s) { s.move_selection(1); }},
            {Action::NextList, in, [](S& s) { s.next_list(); }},
            {Action::Post, in, [](S& s) { s.post(s.now()); }},
            {Action::Chat, in,
             [](S& s) {
                 s.open_entry("Say to the lobby (/tell NAME TEXT: to one player)", "", lobby::max_text,
                              [&s](const std::string& text) { s.say_if(s.chat_line(text)); });
             }},
            {Action::Tell, in,
             [](S& s) {
                 const lobby::PlayerItem* p = s.pane_ == LobbyPane::Players ? s.selected_player() : nullptr;
                 s.tell(p && lobby::name_key(p->name) != lobby::name_key(s.client_->name()) ? p->name
                                                                                            : s.last_teller_);
             }},
            {Action::Observe, in, [](S& s) { s.observe(); }},
            {Action::Filter, in, [](S& s) { s.filter(); }},
            {Action::Challenge, in,
             [](S& s) {
                 const lobby::PlayerItem* p = s.pane_ == LobbyPane::Players ? s.selected_player() : nullptr;
                 s.challenge(p && lobby::name_key(p->name) != lobby::name_key(s.client_->name()) ? p->name
                                                                                                 : "");
             }},
            {Action::History, [](const S& s) { return s.history_allowed(); },
             [](S& s) {
                 const lobby::PlayerItem* p = s.pane_ == LobbyPane::Players ? s.selected_player() : nullptr;
                 s.ask_history(p ? p->name : s.client_->name());
             }},
            {Action::Leaders, in,
             [](S& s) {
                 const auto sent = s.client_->best(s.now());
                 sent ? s.say("asking for the leaderboard...") : s.say(sent.why(), true);
             }},
            {Action::Profile, [](const S& s) { return s.profile_allowed(); },
             [](S& s) { s.profile(s.now()); }},
            {Action::Password, [](const S& s) { return s.password_allowed(); },
             [](S& s) { s.set_password(); }},
            {Action::Machines,
             [](const S& s) -> Expected<void> {
                 if (const Expected<void> ok = s.in_lobby(); !ok) return ok;
                 if (s.guest())
                     return refused("a guest has no machines: log in without --guest to register the name");
                 return {};
             },
             [](S& s) { s.ask_machines(); }},
            {Action::Accept, [](const S& s) { return s.accept_allowed(); },
             [](S& s) { s.say_if(s.client_->accept(s.seek_at_hand()->id, s.now())); }},
            {Action::Withdraw, [](const S& s) { return s.withdraw_allowed(); },
             [](S& s) { s.withdraw(s.now()); }},
            {Action::NoPlay, [](const S& s) { return s.noplay_allowed(); }, [](S& s) { s.noplay(s.now()); }},
            {Action::Watch,
             [](const S& s) -> Expected<void> {
                 if (const Expected<void> ok = s.in_lobby(); !ok) return ok;
                 if (!s.selected_game()) return refused(nothing_selected);
                 return {};
             },
             [](S& s) {
                 const lobby::GameRow* g = s.selected_game();
                 if (s.my_match_ && g->item.game == s.my_match_->game)
                     return s.open_match(*s.my_match_, s.now());
                 const auto sent = s.client_->watch(g->item.game, s.now());
                 sent ? s.say("asking to watch " + g->item.names[0] + " - " + g->item.names[1] + "...")
                      : s.say(sent.why(), true);
             }},
            {Action::NewTournament, [](const S& s) { return s.new_tournament_allowed(); },
             [](S& s) { s.new_tournament(); }},
            {Action::EnterTournament, tournament(Action::EnterTournament),
             [](S& s) { s.tournament_key(Action::EnterTournament, *s.selected_tournament()); }},
            {Action::StartTournament, tournament(Action::StartTournament),
             [](S& s) { s.tournament_key(Action::StartTournament, *s.selected_tournament()); }},
            {Action::ChooseStarter, tournament(Action::ChooseStarter),
             [](S& s) { s.tournament_key(Action::ChooseStarter, *s.selected_tournament()); }},
        };
        r.insert(r.end(), lists.begin(), lists.end());
        return KeyRows<S>(screen_lobby, std::move(r));
    }();
    return rows;
}

// The history of the player selected (or ours): a guest keeps none.
Expected<void> LobbyScreen::history_allowed() const {
    if (const Expected<void> in = in_lobby(); !in) return in;
    const lobby::PlayerItem* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
    if (p ? p->role == lobby::Role::Guest : guest())
        return refused("a guest keeps no history: select a registered player (Right goes to the players)");
    return {};
}

Expected<void> LobbyScreen::profile_allowed() const {
    if (const Expected<void> in = in_lobby(); !in) return in;
    const lobby::PlayerItem* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
    if (p ? p->role != lobby::Role::Guest : !guest()) return {};
    if (guest() && pane_ != LobbyPane::Players)
        return refused("a guest has no profile: select a registered player (Right goes to the players)");
    return refused(nothing_selected);
}

Expected<void> LobbyScreen::accept_allowed() const {
    if (const Expected<void> in = in_lobby(); !in) return in;
    const lobby::SeekItem* s = seek_at_hand();
    if (!s || lobby::name_key(s->from) == lobby::name_key(client_->name())) return refused(nothing_selected);
    return {};
}

// A seek of ours, or a challenge to us; on the tournaments, leaving the one selected.
Expected<void> LobbyScreen::withdraw_allowed() const {
    if (pane_ == LobbyPane::Tournaments)
        return tournament_works(Action::Withdraw, selected_tournament(), true);
    if (const Expected<void> in = in_lobby(); !in) return in;
    const lobby::SeekItem* s = seek_at_hand();
    if (!s || (lobby::name_key(s->from) != lobby::name_key(client_->name()) && s->to.empty()))
        return refused(nothing_selected);
    return {};
}

// N: whoever challenges us (the challenge at hand), or the player selected.
Expected<void> LobbyScreen::noplay_allowed() const {
    if (const Expected<void> in = in_lobby(); !in) return in;
    if (!noplay_target())
        return refused("nobody to refuse: N refuses whoever challenges you, or the player selected");
    return {};
}

// Refused, or taken again when this session refused them (the server's ok says which it was).
void LobbyScreen::noplay(Millis now) {
    const std::string name = *noplay_target();
    const std::string key = lobby::name_key(name);
    const bool on = !noplayed_.contains(key);
    if (const auto sent = client_->noplay(name, on, now); !sent) return say(sent.why(), true);
    if (on)
        noplayed_.insert(key);
    else
        noplayed_.erase(key);
    say(on ? "refusing " + name + "'s challenges and tells (N again takes them)..."
           : "taking " + name + "'s challenges and tells again...");
}

Expected<void> LobbyScreen::tournament_works(Action a, const lobby::TournamentItem* t, bool on) const {
    if (const Expected<void> in = in_lobby(); !in) return in;
    if (a == Action::EnterTournament && guest())
        return refused("a guest neither organizes nor plays tournaments: log in without --guest");
    const bool mine =
        t && !t->organizer.empty() && lobby::name_key(t->organizer) == lobby::name_key(client_->name());
    const auto state = t ? t->state : lobby::TournamentState::Over;
    bool works = false;
    switch (a) {
        case Action::EnterTournament: works = t && state == lobby::TournamentState::Open; break;
        case Action::StartTournament: works = mine && state == lobby::TournamentState::Open; break;
        case Action::ChooseStarter: works = mine && state != lobby::TournamentState::Over; break;
        case Action::Withdraw: works = t && state != lobby::TournamentState::Over; break;
        default: break;
    }
    if (works) return {};
    // Why the key does nothing now.
    if (!on) return refused("no tournament selected: Right goes to the tournaments");
    if (!t) return refused("no tournament selected: n creates one");
    if (a == Action::Withdraw) return refused(t->name + " is over: nothing to leave");
    if ((a == Action::StartTournament && state == lobby::TournamentState::Open) ||
        (a == Action::ChooseStarter && state != lobby::TournamentState::Over))
        return refused("only its organizer (" +
                       (t->organizer.empty() ? std::string("the server's operator") : t->organizer) + ") " +
                       (a == Action::StartTournament ? "starts " : "chooses who starts in ") + t->name);
    return refused(t->name + " has " + (state == lobby::TournamentState::Over ? "ended" : "started") +
                   ": Enter shows its standings");
}

void LobbyScreen::tournament_key(Action a, const lobby::TournamentItem& t) {
    switch (a) {
        case Action::EnterTournament: {
            const auto sent = client_->join_tournament(t.id, now());
            return sent ? say("entering " + t.name + "...") : say(sent.why(), true);
        }
        case Action::StartTournament: {
            const lobby::Id id = t.id;
            const std::string name = t.name;
            if (const auto sent = client_->start_tournament(id, now()); !sent) return say(sent.why(), true);
            say("starting " + name + "...");
            return open_standings(id, now());
        }
        case Action::ChooseStarter: return choose_starter(t);
        case Action::Withdraw: return leave_tournament(t);
        default: return;
    }
}

void LobbyScreen::move_selection(int delta) {
    const lobby::Tables& t = client_->tables();
    const int n = pane_ == LobbyPane::Seeks     ? int(seek_rows(t, filter_, role()).size())
                  : pane_ == LobbyPane::Games   ? int(t.games().size())
                  : pane_ == LobbyPane::Players ? int(t.players().size())
                                                : int(t.tournaments().size());
    ScrollList& list = lists_[int(pane_)];
    const int before = list.selected();
    list.move(delta, n);
    // Past either end the selection stays where it is, in the same list, and says so: Left and Right
    // change lists, never Up and Down.
    if (list.selected() == before)
        say(n == 0
                ? std::string("the ") + pane_name(pane_) + " list is empty: Left and Right go to the others"
                : std::string(delta > 0 ? "the end" : "the top") + " of the " + pane_name(pane_) + " (" +
                      std::to_string(n) + "): Left and Right go to the other lists");
}

void LobbyScreen::next_list() {
    pop_page();  // the lists come back, on the next one
    pane_ = LobbyPane((int(pane_) + 1) % lobby_panes);
    say(std::string("the ") + pane_name(pane_) + " list: Up and Down select, Enter acts");
}

void LobbyScreen::close_page() {
    pop_page();
    say("back to the lobby");
}

// Enter: what the row selected is for.
void LobbyScreen::select(Millis now) {
    switch (pane_) {
        case LobbyPane::Seeks: {
            const lobby::SeekItem* s = selected_seek();
            if (!s) return say("no seek to take: p posts one of yours", true);
            if (lobby::name_key(s->from) == lobby::name_key(client_->name())) return withdraw(now);
            return say_if(client_->accept(seek_at_hand()->id, now));
        }
        case LobbyPane::Games:
            if (!selected_game()) return say("no game in progress", true);
            return say_if(keys().press(*this, Action::Watch));
        case LobbyPane::Players:  // a player's profile, as on lichess: c challenges from there
            if (!selected_player()) return say("nobody selected", true);
            return profile(now);
        case LobbyPane::Tournaments: {
            const lobby::TournamentItem* t = selected_tournament();
            if (!t) return say("no tournament: n creates one", true);
            return open_standings(t->id, now);
        }
    }
}

// A tournament's live table, on a page: asked for once, for a tournament still open (its entrants) or one
// the tables have not had yet; the page reads the client's tables as its lines come.
void LobbyScreen::open_standings(lobby::Id id, Millis now) {
    const auto sent = client_->standings(id, now);
    const auto& tours = client_->tables().tournaments();
    const auto it = tours.find(id);
    const lobby::TournamentItem* t = it == tours.end() ? nullptr : &it->second;
    const std::string name = t ? t->name : "#" + std::to_string(id);
    const bool open = t && t->state == lobby::TournamentState::Open;
    const bool mine =
        t && !t->organizer.empty() && lobby::name_key(t->organizer) == lobby::name_key(client_->name());
    show_page(standings_page(*this, id));
    if (!sent) return say(sent.why(), true);
    if (open)
        say(name +
            (!mine ? ": e enters it, x leaves it, Esc goes back"
                   : ": S starts it once two players or more have entered, f chooses who starts a match; "
                     "Esc goes back"));
    else
        say(name + ": the standings, live; Esc goes back");
}

void LobbyScreen::profile(Millis now) {
    const lobby::PlayerItem* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
    const std::string name = p ? p->name : client_->name();
    if (p && p->role == lobby::Role::Guest)
        return say(name + " is a guest: a guest has no profile (c challenges them)", true);
    const auto sent = client_->finger(name, now);
    sent ? say("asking for the profile of " + name + "...") : say(sent.why(), true);
}

void LobbyScreen::ask_history(const std::string& name) {
    const auto sent = client_->history(name, 1, now());
    sent ? say("asking for the finished games of " + name + "...") : say(sent.why(), true);
}

void LobbyScreen::ask_machines() {
    const auto sent = client_->machines(now());
    say(sent ? "asking for the machines that log in as " + client_->name() + "..." : sent.why(), !sent);
}

void LobbyScreen::fetch_record(const lobby::HistoryItem& h, bool review) {
    if (const auto sent = client_->record(h.game, now()); !sent) return say(sent.why(), true);
    records_.push_back({review, history_title(h)});
    say("fetching " + history_title(h) + (review ? " for review..." : "..."));
}

void LobbyScreen::withdraw(Millis now) {
    if (pane_ == LobbyPane::Tournaments) return leave_tournament(*selected_tournament());
    const lobby::SeekItem* s = seek_at_hand();
    const bool mine = lobby::name_key(s->from) == lobby::name_key(client_->name());
    if (!mine && s->to.empty()) return say("that seek is " + s->from + "'s: only they withdraw it", true);
    const auto sent = mine ? client_->withdraw(s->id, now) : client_->decline(s->id, now);
    sent ? say(mine ? "withdrawn" : "declined") : say(sent.why(), true);
}

void LobbyScreen::filter() {
    // The filter in force is offered selected: what is typed replaces it, never adds to it.
    open_entry(
        "Show seeks (rated|casual official|rogers 4|3 blitz|rapid... LOW-HIGH)", seek_filter_text(filter_),
        120,
        [this](const std::string& text) {
            const Expected<SeekFilter> f = parse_seek_filter(text);
            if (!f) return say(f.why(), true);
            filter_ = *f;
            pane_ = LobbyPane::Seeks;
            lists_[int(LobbyPane::Seeks)].select(0);
            const std::string shown = seek_filter_text(filter_);
            say(shown.empty() ? "every seek for you is shown" : "only seeks that fit are shown: " + shown);
        },
        false, true);
}

void LobbyScreen::observe() {
    const lobby::PlayerItem* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
    const std::string offered =
        p && lobby::name_key(p->name) != lobby::name_key(client_->name()) ? p->name : "";
    open_entry("Observe (NAME: watch the game that player plays)", offered, lobby::max_guest_name,
               [this](const std::string& text) {
                   std::string name = text;
                   while (!name.empty() && name.back() == ' ') name.pop_back();
                   while (!name.empty() && name.front() == ' ') name.erase(0, 1);
                   if (name.empty()) return say("observe: type the name of a player who plays now", true);
                   const auto sent = client_->observe(name, now());
                   sent ? say("asking to watch the game of " + name + "...") : say(sent.why(), true);
               });
}

void LobbyScreen::tell(const std::string& name) {
    open_entry("Tell (NAME TEXT: a private line, with their bell)", name.empty() ? "" : name + " ",
               lobby::max_name + 1 + lobby::max_text, [this](const std::string& text) {
                   if (text.find_first_not_of(' ') == std::string::npos) return;
                   say_if(chat_line("/tell " + text));
               });
}

lobby::Terms LobbyScreen::defaults() const {
    const auto t = lobby::parse_terms(last_terms_);
    return t ? *t : lobby::Terms{};
}

void LobbyScreen::keep_terms(const lobby::Terms& t) {
    const std::string text = lobby::terms_text(t);
    if (text == last_terms_) return;
    last_terms_ = text;
    // Kept for the next run; a file that cannot be written only loses the defaults, said in the chat.
    if (const Expected<void> kept = saves::save_setting("seek", text); !kept)
        add_chat("* your terms are not kept for next time: " + kept.why());
}

void LobbyScreen::leave_tournament(const lobby::TournamentItem& tournament) {
    const lobby::TournamentItem t = tournament;
    const auto go = [this, t] {
        const auto sent = client_->leave_tournament(t.id, now());
        sent ? say("leaving " + t.name + "...") : say(sent.why(), true);
    };
    if (t.state == lobby::TournamentState::Open) return go();
    question_ = Question{.text = t.name + " has started: leaving loses your remaining matches. Leave it?",
                         .answers = {{ch('y'), "leave", go}, {ch('n'), "stay", [this] { say("staying"); }}}};
}

void LobbyScreen::new_tournament() {
    open_entry(
        "Tournament (NAME FORMAT MAX FIRST RULES SIZE CLOCK first-to N rated|casual)",
        client_->name() + "-cup " + last_tournament_ + " " + last_terms_, 260,
        [this](const std::string& text) {
            const Expected<lobby::Create> c = parse_tournament(text);
            if (!c) return say("the tournament: " + c.why() + " (? shows how to write it)", true);
            const auto sent =
                client_->create_tournament(c->name, c->format, c->max_players, c->first, c->terms, now());
            if (!sent) return say(sent.why(), true);
            last_tournament_ = lobby::format_text(c->format) + " " + std::to_string(c->max_players) + " " +
                               lobby::first_word(c->first);
            keep_terms(c->terms);
            pane_ = LobbyPane::Tournaments;
            say("creating " + c->name + ": you are its first player; S starts it once others have entered");
        });
}

void LobbyScreen::choose_starter(const lobby::TournamentItem& t) {
    open_entry("Who starts in " + t.name + " (NAME OPPONENT: NAME plays White in round 1 of their match)", "",
               60, [this, id = t.id](const std::string& text) {
                   const std::size_t space = text.find(' ');
                   if (space == std::string::npos || text.find(' ', space + 1) != std::string::npos)
                       return say("who starts: type two names, the starter and the opponent (Eamon Liam)",
                                  true);
                   say_if(client_->choose_starter(id, text.substr(0, space), text.substr(space + 1), now()));
               });
}

void LobbyScreen::post(Millis) {
    // The last terms offered selected: a seek in the player's own words (3+2 rated) replaces them, and
    // takes what it leaves out from them; Enter posts them as they are.
    open_entry(
        "Seek (3+2, 3+2 rated, dm, rogers 3 ...: what you leave out is as shown)", last_terms_, 200,
        [this](const std::string& text) {
            const auto st = lobby::parse_seek_words(text, defaults());
            if (!st) return say("the terms: " + st.why() + " (? shows how to write them)", true);
            if (const auto sent = client_->post(st->terms, now(), st->audience); !sent)
                return say(sent.why(), true);
            keep_terms(st->terms);
            say("seek posted: " + lobby::terms_description(st->terms) + "; " +
                lobby::audience_description(st->audience) + "; x withdraws it");
        },
        false, true);
}

void LobbyScreen::challenge(const std::string& name) {
    // A challenge names its player: who a seek is for does not go with it; the terms are the player's
    // own words, what they leave out from the last terms (the name alone: those terms).
    open_entry("Challenge (NAME, then what differs from " + last_terms_ + ")", name.empty() ? "" : name + " ",
               230, [this](const std::string& text) {
                   const Expected<TypedChallenge> c = parse_challenge(text, defaults());
                   if (!c) return say(c.why(), true);
                   if (const auto sent = client_->challenge(c->name, c->terms, now()); !sent)
                       return say(sent.why(), true);
                   keep_terms(c->terms);
                   // The name as the lobby writes it ("Zoe" for a challenge typed to "zoe").
                   const auto& players = client_->tables().players();
                   const auto known = players.find(lobby::name_key(c->name));
                   const std::string to = known == players.end() ? c->name : known->second.name;
                   say("challenge sent to " + to + ": " + lobby::terms_description(c->terms) +
                       " (it lapses after a minute)");
               });
}

void LobbyScreen::set_password() {
    open_entry(
        "New password for " + client_->name() + " (8 characters or more)", "", lobby::max_password,
        [this](const std::string& first) {
            if (const auto ok = lobby::password_allowed(first); !ok) return say(ok.why(), true);
            open_entry(
                "The same password again", "", lobby::max_password,
                [this, first](const std::string& again) {
                    if (again != first) return say("the two passwords differ: P starts again", true);
                    // A new password is often set because someone else may know the old one, and may have
                    // let their own machine in with it: the player chooses whether those stay.
                    const auto set = [this, first](bool forget) {
                        const auto sent = client_->set_password(first, forget, now());
                        say(sent ? (forget ? "setting the password; every other machine will need it..."
                                           : "setting the password...")
                                 : sent.why(),
                            !sent);
                    };
                    question_ = Question{.text = "Forget every other machine of " + client_->name() + "?",
                                         .answers = {{ch('y'), "forget them", [set] { set(true); }},
                                                     {ch('n'), "keep them", [set] { set(false); }}}};
                    say("y: every other machine that logs in as " + client_->name() +
                        " needs the new password (if someone else knew the old one); n: they keep logging "
                        "in");
                },
                true);
        },
        true);
}

void LobbyScreen::login_password(Millis) {
    open_entry(
        "Password of " + options_.name, "", lobby::max_password,
        [this](const std::string& typed) {
            const auto sent = client_->login_password(typed, now());
            say(sent ? "logging in..." : sent.why(), !sent);
        },
        true);
}

// ---------------------------------------------------------------------------------------------------
// Line entries and questions

void LobbyScreen::open_entry(std::string label, std::string text, std::size_t max,
                             std::function<void(const std::string&)> submit, bool hidden, bool selected) {
    entry_ = LineEntry{std::move(label), std::move(text), max, std::move(submit), {}, {}, "cancel"};
    entry_->selected = selected && !entry_->text.empty();
    entry_hidden_ = hidden;
}

void LobbyScreen::entry_key(Key k, Millis) {
    // A password is typed as is (spaces, ? and q are part of it); Ctrl-C and Esc cancel any entry, Ctrl-U
    // empties it (the terms are offered as last typed).
    if (!k.special && k.code == 21) {
        entry_->text.clear();
        entry_->selected = false;
        return;
    }
    const EntryOutcome o = edit_entry(*entry_, k);
    if (o == EntryOutcome::Edited) return;
    const LineEntry e = std::move(*entry_);
    entry_.reset();
    entry_hidden_ = false;
    if (o == EntryOutcome::Submit) return e.submit(e.text);
    say("cancelled");
}

void LobbyScreen::question_key(Key k) {
    const Question q = *question_;
    for (const auto& a : q.answers)
        if (!k.special && std::tolower(k.code) == std::tolower(a.key.code)) {
            question_.reset();
            return a.act();
        }
    if (!k.special && k.code == 27) {  // Esc: the last answer, which never quits
        question_.reset();
        return q.answers.back().act();
    }
    say(q.text, false);
}

void LobbyScreen::quit() {
    if (!my_match_in_progress()) return nav_.quit();
    question_ = Question{.text = "your match against " + my_match_->opponent +
                                 " goes on at the server without you: quit anyway?",
                         .answers = {{ch('y'), "quit", [this] { nav_.quit(); }},
                                     {ch('n'), "stay", [this] { say("staying"); }}}};
}

// ---------------------------------------------------------------------------------------------------
// The rows selected

const lobby::SeekItem* LobbyScreen::selected_seek() const {
    return selected_row(seek_rows(client_->tables(), filter_, role()),
                        lists_[int(LobbyPane::Seeks)].selected());
}

const lobby::SeekItem* LobbyScreen::seek_at_hand() const {
    if (pane_ == LobbyPane::Seeks) return selected_seek();
    // Elsewhere a challenge to us waiting is answered from where we are (it heads the seeks).
    return challenge_waiting();
}

std::optional<std::string> LobbyScreen::noplay_target() const {
    const std::string me = lobby::name_key(client_->name());
    if (const lobby::SeekItem* s = seek_at_hand(); s && !s->to.empty() && lobby::name_key(s->to) == me)
        return s->from;
    if (const lobby::PlayerItem* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
        p && lobby::name_key(p->name) != me)
        return p->name;
    return std::nullopt;
}

const lobby::GameRow* LobbyScreen::selected_game() const {
    return selected_row(game_rows(client_->tables()), lists_[int(LobbyPane::Games)].selected());
}

const lobby::TournamentItem* LobbyScreen::selected_tournament() const {
    return selected_row(tournament_rows(client_->tables()), lists_[int(LobbyPane::Tournaments)].selected());
}

const lobby::PlayerItem* LobbyScreen::selected_player() const {
    return selected_row(player_rows(client_->tables()), lists_[int(LobbyPane::Players)].selected());
}

}  // namespace gobblet::ui
