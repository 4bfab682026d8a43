// The lobby's keys (lobby_screen.h): the key table's actions on screen_lobby, the line entries (terms, a
// challenge, chat, passwords that are never drawn) and the one question it asks (quitting in a match).
#include <curses.h>

#include "controls.h"
#include "lobby_screen.h"
#include "net/lobby_text.h"
#include "saves/settings.h"
#include "view.h"

namespace gobblet::ui {

void LobbyScreen::key(Key k, Millis now) {
    if (help_) {
        if (help_scroll_key(k, help_scroll_)) return;
        help_ = chat_page_ = false;  // any other key closes it (or the chat log)
        if (!k.special && k.code == 3) quit();
        return;
    }
    if (question_) return question_key(k);
    if (entry_) return entry_key(k, now);
    const Action a = action_for(k, Mode::typing, screen_lobby);
    if (a == Action::None) return;
    if (machines_ && !available(a))
        return say("your machines are shown: Up and Down select, x forgets one, Esc goes back", true);
    if (!available(a)) {
        using P = lobby::Client::Phase;
        const P p = client_->phase();
        if (p != P::Lobby && a != Action::Login && a != Action::Guest && a != Action::Reconnect)
            say("not in the lobby now: " + status_line(now), true);
        else if (a == Action::Login || a == Action::Guest)
            say("already logged in as " + client_->name(), true);
        else if (a == Action::Reconnect)
            say("connected: nothing to retry", true);
        else if (a == Action::ChatLog)
            say("nothing has been said in the lobby yet: Tab says something", true);
        else if ((a == Action::Password || a == Action::Machines) && options_.guest)
            say(std::string("a guest has ") + (a == Action::Password ? "no password" : "no machines") +
                    ": log in without --guest to register the name",
                true);
        else if (history_)
            say("in the history: Enter reviews, s saves, Esc goes back to the lobby", true);
        else if (in_view() && a != Action::Withdraw && a != Action::EnterTournament &&
                 a != Action::StartTournament && a != Action::ChooseStarter)
            say("Esc goes back to the lists first", true);
        else if (a == Action::Profile && options_.guest && pane_ != LobbyPane::Players)
            say("a guest has no profile: select a registered player (Right goes to the players)", true);
        else if (a == Action::NewTournament && options_.guest)
            say("a guest neither organizes nor plays tournaments: log in without --guest", true);
        else if (a == Action::EnterTournament || a == Action::StartTournament || a == Action::ChooseStarter ||
                 (a == Action::Withdraw && on_tournaments()))
            tournament_refusal(a);
        else if (a == Action::Save || a == Action::Cancel)
            say("h lists your finished games first; s saves the one selected there", true);
        else
            say("nothing selected for that: the arrows select a row", true);
        return;
    }
    on_action(a, now);
}

// Why a tournament key does nothing now (available() said no).
void LobbyScreen::tournament_refusal(Action a) {
    const lobby::TournamentItem* t = on_tournaments() ? selected_tournament() : nullptr;
    if (!on_tournaments()) return say("no tournament selected: Right goes to the tournaments", true);
    if (!t) return say("no tournament selected: n creates one", true);
    if (a == Action::Withdraw) return say(t->name + " is over: nothing to leave", true);
    if ((a == Action::StartTournament && t->state == lobby::TournamentState::Open) ||
        (a == Action::ChooseStarter && t->state != lobby::TournamentState::Over))
        return say("only its organizer (" +
                       (t->organizer.empty() ? std::string("the server's operator") : t->organizer) + ") " +
                       (a == Action::StartTournament ? "starts " : "chooses who starts in ") + t->name,
                   true);
    say(t->name + " has " + (t->state == lobby::TournamentState::Over ? "ended" : "started") +
            ": Enter shows its standings",
        true);
}

void LobbyScreen::paste(const InputEvent& e, Millis) {
    // A paste goes to the entry open (a seek's terms, a chat line, a password), as if typed; never a
    // line break or a control character.
    if (!entry_) return say("paste into an entry: p (terms), c (a challenge), Tab (chat)", true);
    paste_into_entry(*entry_, e.text);
}

bool LobbyScreen::available(Action a) const {
    using P = lobby::Client::Phase;
    const bool in = client_->in_lobby();
    if (machines_)  // over the lists: its own few keys
        switch (a) {
            case Action::Help:
            case Action::Quit:
            case Action::Cancel:
            case Action::Machines: return true;
            case Action::Password: return in;
            case Action::None:
            case Action::CursorUp:
            case Action::CursorDown: return in;
            case Action::Withdraw: return in && !machines_->empty();
            default: return false;
        }
    switch (a) {
        case Action::None:  // a group's line in the footer: the arrows
            return in;
        case Action::Help:
        case Action::Quit: return true;
        case Action::Login:
        case Action::Guest: return client_->phase() == P::Greeted;
        case Action::Reconnect: return client_->phase() == P::Waiting;
        case Action::Cancel: return in_view();
        case Action::Machines: return in && !in_view() && !options_.guest;
        case Action::Select: return in && (history_ ? !history_->empty() : !profile_ && !leaders_ && !machines_);
        case Action::CursorUp:
        case Action::CursorDown:
        case Action::NextList: return in;
        case Action::Save: return in && history_ && !history_->empty();
        case Action::Post:
        case Action::Chat:
        case Action::Filter: return in && !in_view();
        case Action::Challenge:
        case Action::History: return in && !history_ && !standings_ && !leaders_;
        case Action::Leaders: return in && !in_view();
        case Action::Profile: {
            const auto* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
            return in && !in_view() && (p ? p->role != lobby::Role::Guest : !options_.guest);
        }
        case Action::Bell: return true;
        case Action::Password: return in && !history_ && !options_.guest;
        case Action::Accept: {
            const auto* s = seek_at_hand();
            return in && !in_view() && s && lobby::name_key(s->from) != lobby::name_key(client_->name());
        }
        case Action::Withdraw: {  // a seek of ours, or a challenge to us; a tournament not over
            if (on_tournaments()) {
                const auto* t = selected_tournament();
                return in && !history_ && t && t->state != lobby::TournamentState::Over;
            }
            const auto* s = seek_at_hand();
            return in && !in_view() && s &&
                   (lobby::name_key(s->from) == lobby::name_key(client_->name()) || !s->to.empty());
        }
        case Action::Watch: return in && !in_view() && selected_game() != nullptr;
        case Action::NewTournament: return in && !history_ && !profile_ && !leaders_ && !options_.guest;
        case Action::EnterTournament: {
            const auto* t = on_tournaments() ? selected_tournament() : nullptr;
            return in && !history_ && t && t->state == lobby::TournamentState::Open;
        }
        case Action::StartTournament: {
            const auto* t = on_tournaments() ? selected_tournament() : nullptr;
            return in && !history_ && t && t->state == lobby::TournamentState::Open &&
                   !t->organizer.empty() && lobby::name_key(t->organizer) == lobby::name_key(client_->name());
        }
        case Action::ChooseStarter: {
            const auto* t = on_tournaments() ? selected_tournament() : nullptr;
            return in && !history_ && t && t->state != lobby::TournamentState::Over &&
                   !t->organizer.empty() && lobby::name_key(t->organizer) == lobby::name_key(client_->name());
        }
        case Action::ChatLog: return !chat_.empty();
        default: return false;
    }
}

void LobbyScreen::on_action(Action a, Millis now) {
    switch (a) {
        case Action::Help:
            help_ = true;
            help_scroll_ = 0;
            return;
        case Action::ChatLog:
            help_ = chat_page_ = true;
            help_scroll_ = 1 << 20;  // the latest lines: draw_help scrolls back to the last page
            return;
        case Action::Quit: return quit();
        case Action::Login: return login_password(now);
        case Action::Guest: return say_if(client_->login_guest(now));
        case Action::Reconnect: return say_if(client_->retry(now));
        case Action::Cancel:
            // A view over the lists closes (a profile opened from the history goes back to it).
            if (machines_)
                machines_.reset();
            else if (history_)
                history_.reset();
            else
                close_views();
            say("back to the lobby");
            return;
        case Action::Profile: return profile(now);
        case Action::Leaders: {
            const auto sent = client_->best(now);
            return sent ? say("asking for the leaderboard...") : say(sent.why(), true);
        }
        case Action::Filter: return filter();
        case Action::Bell: {
            bell_ = !bell_;
            const Expected<void> kept = saves::save_setting("bell", saves::switch_text(bell_));
            return say(std::string("the bell is ") + (bell_ ? "on" : "off") +
                           (kept ? ": kept in the settings file" : ": not kept (" + kept.why() + ")"),
                       !kept);
        }
        case Action::CursorUp:
        case Action::CursorDown: {
            const int d = a == Action::CursorUp ? -1 : 1;
            if (machines_) {
                machines_selected_ =
                    std::max(0, move_selection(machines_selected_, int(machines_->size()), d));
                return;
            }
            if (history_) {
                history_selected_ = move_selection(history_selected_, int(history_->size()), d);
                return;
            }
            if (standings_) return;  // the table shows whole
            if (profile_ || leaders_) return;
            const lobby::Tables& t = client_->tables();
            const int n = pane_ == LobbyPane::Seeks     ? int(seek_rows(t, filter_, role()).size())
                          : pane_ == LobbyPane::Games   ? int(t.games().size())
                          : pane_ == LobbyPane::Players ? int(t.players().size())
                                                        : int(t.tournaments().size());
            selected_[int(pane_)] = std::max(0, move_selection(selected_[int(pane_)], n, d));
            return;
        }
        case Action::NextList:
            close_views();
            pane_ = LobbyPane((int(pane_) + 1) % lobby_panes);
            say(std::string("the ") + pane_name(pane_) + " list: Up and Down select, Enter acts");
            return;
        case Action::Select: return select(now);
        case Action::Post: return post(now);
        case Action::Challenge: return challenge(now);
        case Action::Accept: return say_if(client_->accept(seek_at_hand()->id, now));
        case Action::NewTournament: return new_tournament(now);
        case Action::EnterTournament: {
            const lobby::TournamentItem& t = *selected_tournament();
            const auto sent = client_->join_tournament(t.id, now);
            return sent ? say("entering " + t.name + "...") : say(sent.why(), true);
        }
        case Action::StartTournament: {
            const lobby::TournamentItem& t = *selected_tournament();
            if (const auto sent = client_->start_tournament(t.id, now); !sent) return say(sent.why(), true);
            say("starting " + t.name + "...");
            return open_standings(t.id, now);
        }
        case Action::ChooseStarter: return choose_starter(now);
        case Action::Withdraw: {
            if (machines_) return forget_machine();
            if (on_tournaments()) return leave_tournament(now);
            const lobby::SeekItem* s = seek_at_hand();
            const bool mine = lobby::name_key(s->from) == lobby::name_key(client_->name());
            if (!mine && s->to.empty())
                return say("that seek is " + s->from + "'s: only they withdraw it", true);
            const auto sent = mine ? client_->withdraw(s->id, now) : client_->decline(s->id, now);
            return sent ? say(mine ? "withdrawn" : "declined") : say(sent.why(), true);
        }
        case Action::Watch: {
            const lobby::GameRow* g = selected_game();
            if (my_match_ && g->item.game == my_match_->game) return open_match(*my_match_, now);
            const auto sent = client_->watch(g->item.game, now);
            return sent ? say("asking to watch " + g->item.names[0] + " - " + g->item.names[1] + "...")
                        : say(sent.why(), true);
        }
        case Action::History: {
            const lobby::PlayerItem* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
            const std::string name = profile_ ? profile_->player.name : p ? p->name : client_->name();
            const auto sent = client_->history(name, 1, now);
            return sent ? say("asking for the finished games of " + name + "...") : say(sent.why(), true);
        }
        case Action::Save: {
            const lobby::HistoryItem& h = (*history_)[std::size_t(history_selected_)];
            if (const auto sent = client_->record(h.game, now); !sent) return say(sent.why(), true);
            records_.push_back({false, history_title(h)});
            return say("fetching " + history_title(h) + "...");
        }
        case Action::Password: return password(now);
        case Action::Machines: return open_machines(now);
        case Action::Chat:
            return open_entry("Say to the lobby", "", lobby::max_text, [this](const std::string& text) {
                if (text.find_first_not_of(' ') == std::string::npos) return;
                say_if(client_->say(text, context_.clock()));
            });
        default: return;
    }
}

// Enter: what the row selected is for.
void LobbyScreen::select(Millis now) {
    if (history_) {
        const lobby::HistoryItem& h = (*history_)[std::size_t(history_selected_)];
        if (const auto sent = client_->record(h.game, now); !sent) return say(sent.why(), true);
        records_.push_back({true, history_title(h)});
        return say("fetching " + history_title(h) + " for review...");
    }
    if (standings_) return say("the standings are shown, live: Esc goes back to the lists");
    switch (pane_) {
        case LobbyPane::Seeks: {
            const lobby::SeekItem* s = selected_seek();
            if (!s) return say("no seek to take: p posts one of yours", true);
            if (lobby::name_key(s->from) == lobby::name_key(client_->name()))
                return on_action(Action::Withdraw, now);
            return on_action(Action::Accept, now);
        }
        case LobbyPane::Games:
            if (!selected_game()) return say("no game in progress", true);
            return on_action(Action::Watch, now);
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

// A tournament's live table: the client's tables hold it (standing lines as they come); asked for once,
// for a tournament still open (its entrants) or one the tables have not had yet.
void LobbyScreen::open_standings(lobby::Id id, Millis now) {
    if (standings_ != id) {
        standings_item_.reset();
        standings_rows_.clear();
    }
    standings_ = id;
    history_.reset();
    const auto sent = client_->standings(id, now);
    const auto* t = selected_tournament();
    const std::string name = t ? t->name : "#" + std::to_string(id);
    if (!sent) return say(sent.why(), true);
    if (t && t->state == lobby::TournamentState::Open)
        say(name +
            (t->organizer.empty() || lobby::name_key(t->organizer) != lobby::name_key(client_->name())
                 ? ": e enters it, x leaves it, Esc goes back"
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

void LobbyScreen::filter() {
    open_entry(
        "Show seeks (rated|casual official|rogers 4|3 LOW-HIGH; empty: all)", seek_filter_text(filter_), 80,
        [this](const std::string& text) {
            const Expected<SeekFilter> f = parse_seek_filter(text);
            if (!f) return say(f.why(), true);
            filter_ = *f;
            pane_ = LobbyPane::Seeks;
            selected_[int(LobbyPane::Seeks)] = 0;
            const std::string shown = seek_filter_text(filter_);
            say(shown.empty() ? "every seek for you is shown" : "only seeks that fit are shown: " + shown);
        });
}

void LobbyScreen::leave_tournament(Millis now) {
    const lobby::TournamentItem t = *selected_tournament();
    const auto go = [this, t] {
        const auto sent = client_->leave_tournament(t.id, context_.clock());
        sent ? say("leaving " + t.name + "...") : say(sent.why(), true);
    };
    if (t.state == lobby::TournamentState::Open) return go();
    (void)now;
    question_ = Question{.text = t.name + " has started: leaving loses your remaining matches. Leave it?",
                         .answers = {{ch('y'), "leave", go}, {ch('n'), "stay", [this] { say("staying"); }}}};
}

void LobbyScreen::new_tournament(Millis) {
    open_entry(
        "Tournament (NAME FORMAT MAX FIRST RULES SIZE CLOCK first-to N rated|casual)",
        client_->name() + "-cup " + last_tournament_ + " " + last_terms_, 260,
        [this](const std::string& text) {
            const Expected<lobby::Create> c = parse_tournament(text);
            if (!c) return say("the tournament: " + c.why() + " (? shows how to write it)", true);
            const auto sent = client_->create_tournament(c->name, c->format, c->max_players, c->first,
                                                         c->terms, context_.clock());
            if (!sent) return say(sent.why(), true);
            last_tournament_ = lobby::format_text(c->format) + " " + std::to_string(c->max_players) + " " +
                               lobby::first_word(c->first);
            last_terms_ = lobby::terms_text(c->terms);
            pane_ = LobbyPane::Tournaments;
            say("creating " + c->name + ": you are its first player; S starts it once others have entered");
        });
}

void LobbyScreen::choose_starter(Millis) {
    const lobby::TournamentItem& t = *selected_tournament();
    open_entry(
        "Who starts in " + t.name + " (NAME OPPONENT: NAME plays White in round 1 of their match)", "", 60,
        [this, id = t.id](const std::string& text) {
            const std::size_t space = text.find(' ');
            if (space == std::string::npos || text.find(' ', space + 1) != std::string::npos)
                return say("who starts: type two names, the starter and the opponent (Eamon Liam)", true);
            say_if(
                client_->choose_starter(id, text.substr(0, space), text.substr(space + 1), context_.clock()));
        });
}

void LobbyScreen::post(Millis) {
    open_entry("Seek (RULES SIZE CLOCK first-to N rated|casual [bots] [LOW-HIGH])", last_terms_, 200,
               [this](const std::string& text) {
                   const auto st = lobby::parse_seek_terms(text);
                   if (!st) return say("the terms: " + st.why() + " (? shows how to write them)", true);
                   last_terms_ = lobby::seek_terms_text(st->terms, st->audience);
                   if (const auto sent = client_->post(st->terms, context_.clock(), st->audience); !sent)
                       return say(sent.why(), true);
                   say("seek posted: " + lobby::terms_description(st->terms) + "; " +
                       lobby::audience_description(st->audience) + "; x withdraws it");
               });
}

void LobbyScreen::challenge(Millis) {
    const lobby::PlayerItem* p = pane_ == LobbyPane::Players ? selected_player() : nullptr;
    std::string name = p && lobby::name_key(p->name) != lobby::name_key(client_->name()) ? p->name + " " : "";
    if (profile_ && lobby::name_key(profile_->player.name) != lobby::name_key(client_->name()))
        name = profile_->player.name + " ";
    // A challenge names its player: who a seek is for does not go with it.
    const auto st = lobby::parse_seek_terms(last_terms_);
    const std::string terms = st ? lobby::terms_text(st->terms) : last_terms_;
    open_entry("Challenge (NAME RULES SIZE CLOCK first-to N rated|casual)", name + terms, 230,
               [this](const std::string& text) {
                   const Expected<TypedChallenge> c = parse_challenge(text);
                   if (!c) return say(c.why(), true);
                   last_terms_ = lobby::terms_text(c->terms);
                   if (const auto sent = client_->challenge(c->name, c->terms, context_.clock()); !sent)
                       return say(sent.why(), true);
                   say("challenge sent to " + c->name + ": " + lobby::terms_description(c->terms) +
                       " (it lapses after a minute)");
               });
}

void LobbyScreen::password(Millis) {
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
                        const auto sent = client_->set_password(first, forget, context_.clock());
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

void LobbyScreen::open_machines(Millis now) {
    const auto sent = client_->machines(now);
    say(sent ? "asking for the machines that log in as " + client_->name() + "..." : sent.why(), !sent);
}

void LobbyScreen::forget_machine() {
    const lobby::MachineItem m =
        (*machines_)[std::size_t(std::min<int>(machines_selected_, int(machines_->size()) - 1))];
    const std::string what = machine_name(m);
    say("once forgotten it must prove " + client_->name() + " again" +
        (m.current ? " (this machine: with the password, at its next login)" : ": with the password"));
    question_ = Question{.text = "Forget " + what + "?",
                         .answers = {{ch('y'), "forget it",
                                      [this, m, what] {
                                          const auto sent =
                                              client_->forget_machine(m.kind, m.id, context_.clock());
                                          say(sent ? "forgetting " + what + "..." : sent.why(), !sent);
                                      }},
                                     {ch('n'), "keep it", [this] { say("kept"); }}}};
}

void LobbyScreen::login_password(Millis) {
    open_entry(
        "Password of " + options_.name, "", lobby::max_password,
        [this](const std::string& typed) {
            const auto sent = client_->login_password(typed, context_.clock());
            say(sent ? "logging in..." : sent.why(), !sent);
        },
        true);
}

void LobbyScreen::open_entry(std::string label, std::string text, std::size_t max,
                             std::function<void(const std::string&)> submit, bool hidden) {
    entry_ = LineEntry{std::move(label), std::move(text), max, std::move(submit), {}, {}, "cancel"};
    entry_hidden_ = hidden;
}

void LobbyScreen::entry_key(Key k, Millis) {
    // A password is typed as is (spaces, ? and q are part of it); Ctrl-C and Esc cancel any entry, Ctrl-U
    // empties it (the terms are offered as last typed).
    if (!k.special && k.code == 21) {
        entry_->text.clear();
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

const lobby::SeekItem* LobbyScreen::selected_seek() const {
    return selected_row(seek_rows(client_->tables(), filter_, role()), selected_[int(LobbyPane::Seeks)]);
}

const lobby::SeekItem* LobbyScreen::seek_at_hand() const {
    if (pane_ == LobbyPane::Seeks) return selected_seek();
    // Elsewhere a challenge to us waiting is answered from where we are (it heads the seeks).
    const auto rows = seek_rows(client_->tables(), filter_, role());
    const std::string me = lobby::name_key(client_->name());
    for (const lobby::SeekItem* s : rows)
        if (!s->to.empty() && lobby::name_key(s->to) == me) return s;
    return nullptr;
}

const lobby::GameRow* LobbyScreen::selected_game() const {
    return selected_row(game_rows(client_->tables()), selected_[int(LobbyPane::Games)]);
}

const lobby::TournamentItem* LobbyScreen::selected_tournament() const {
    const lobby::Tables& t = client_->tables();
    if (standings_) {
        const auto it = t.tournaments().find(*standings_);
        return it == t.tournaments().end() ? nullptr : &it->second;
    }
    return selected_row(tournament_rows(t), selected_[int(LobbyPane::Tournaments)]);
}

const lobby::PlayerItem* LobbyScreen::selected_player() const {
    return selected_row(player_rows(client_->tables()), selected_[int(LobbyPane::Players)]);
}

}  // namespace gobblet::ui
