// The lobby screen's turn (lobby_screen.h): the client in the poll loop, its events (the login and what
// it asks of the player, the tables' lines, chat and notices, answers), the status line, and the screens
// it opens over itself (lobby_games.h opens them).
#include "lobby_screen.h"

#include <cstdlib>
#include <utility>

#include "net/lobby_text.h"
#include "net/referee.h"
#include "saves/identity.h"
#include "saves/settings.h"
#include "terminal.h"
#include "text.h"

namespace gobblet::ui {

LobbyScreen::LobbyScreen(const ScreenContext& context, const Options& game, const LobbyOptions& lobby)
    : context_(context),
      nav_(context.nav),
      game_options_(game),
      options_(lobby),
      games_(context, game, lobby.server) {
    const Expected<saves::ParsedSettings> file = saves::read_settings();  // unread: the defaults
    const char* no_color = std::getenv("NO_COLOR");
    bool color = !(no_color && *no_color);
    if (file && file->settings.color) color = *file->settings.color;
    color_ = !game.no_color && color;
    if (file && file->settings.bell) bell_ = *file->settings.bell;
    // The last seek's terms, which a seek in the player's own words takes what it leaves out from.
    if (file && file->settings.seek) {
        if (const auto t = lobby::parse_terms(*file->settings.seek))
            last_terms_ = lobby::terms_text(*t);
        else
            settings_problem_ = "the settings file's seek = " + fit(*file->settings.seek, 60) +
                                " is no terms (" + t.why() + "): your seeks start from " + last_terms_;
    }
}

Expected<void> LobbyScreen::start() {
    lobby::Config c;
    c.server = options_.server;
    c.name = options_.name;
    c.guest = options_.guest;
    if (options_.ssh.present) {
        // No machine secret through sshd: a secret in the shared account's home would let the next
        // player in as the last. The server believes the key, and only from sshd's account.
        c.ssh = lobby::Config::Ssh{options_.ssh.address, options_.ssh.key};
        secret_problem_ = options_.ssh.problem;
    } else if (!options_.guest) {
        const Expected<saves::Secret> s =
            saves::lobby_secret(saves::secrets_dir(), net::endpoint_text(options_.server), options_.name);
        secret_problem_ = s.why();  // the player can still log in with a password or as a guest
        if (s) c.secret = s->secret;
    }
    auto client = lobby::Client::start(c, context_.clock());
    if (!client) return Failure{client.why()};
    client_ = std::move(client).take();
    connection_ = "connecting to " + net::endpoint_text(options_.server) + "...";
    return {};
}

void LobbyScreen::enter(Millis) {
    if (!settings_problem_.empty()) add_chat("* " + settings_problem_);
    if (!secret_problem_.empty())
        say(secret_problem_ + "; l logs in with a password, g as a guest", true);
    else
        say("connecting to " + net::endpoint_text(options_.server) + " as " + options_.name +
            (options_.guest ? " (a guest)" : "") + "; ? shows every key");
}

void LobbyScreen::pollfds(std::vector<pollfd>& fds) const { client_->pollfds(fds); }

void LobbyScreen::on_poll(std::span<const pollfd> fds, Millis now) {
    client_->on_poll(fds, now);
    while (auto e = client_->next_event()) on_event(*e, now);
}

void LobbyScreen::service(Millis now) {
    // A match that waited for the screen over the lobby to leave (a review, a game watched, a result).
    if (pending_match_ && !games_.open()) {
        const lobby::MatchStart m = *std::exchange(pending_match_, std::nullopt);
        open_match(m, now, true);
    }
}

// Who watches the game the game screen over the lobby shows: the players the lobby says watch it.
std::string LobbyScreen::watchers() const {
    const std::string& game = games_.game();
    if (game.empty()) return "";  // a review
    std::string watchers;
    for (const auto& [key, p] : client_->tables().players())
        if (p.watching == game) watchers += (watchers.empty() ? "" : ", ") + p.name;
    return watchers;
}

void LobbyScreen::notify(const std::string& text, Millis) {
    if (bell_) ring_bell();
    if (games_.open())
        games_.screen().lobby_news(text);
    else
        say(text);
}

void LobbyScreen::told(const lobby::Told& t, Millis now) {
    const std::string& me = client_->name();
    if (lobby::name_key(t.from) == lobby::name_key(me)) {  // ours, said back: it went
        const std::string line = "you tell " + t.to + ": " + t.text;
        add_chat("* " + line);
        return games_.open() ? games_.screen().lobby_news(line) : say(line);
    }
    last_teller_ = t.from;
    const std::string line = t.from + " tells you: " + t.text;
    add_chat("* " + line);
    // The bell once for a burst of tells, whoever sends them; the line is said each time.
    if (tell_rings(now, last_tell_bell_) && bell_) ring_bell();
    if (games_.open()) return games_.screen().lobby_news(line + " (Tab: /tell " + t.from + " ...)");
    say(line + " (t answers)");
}

Expected<void> LobbyScreen::chat_line(const std::string& text) {
    const Expected<ChatLine> c = parse_chat_line(text);
    if (!c) return Failure{c.why()};
    switch (c->kind) {
        case ChatLine::Kind::Say:
            if (c->text.find_first_not_of(' ') == std::string::npos) return {};
            return client_->say(c->text, now());
        case ChatLine::Kind::Tell: return client_->tell(c->name, c->text, now());
        case ChatLine::Kind::Observe: {
            const auto sent = client_->observe(c->name, now());
            if (sent) say("asking to watch the game of " + c->name + "...");
            return sent;
        }
    }
    return {};
}

Expected<std::string> LobbyScreen::command(const std::string& text) {
    const Expected<ChatLine> c = parse_chat_line(text);
    if (!c) return Failure{c.why()};
    if (c->kind != ChatLine::Kind::Tell)
        return Failure{"here only /tell NAME TEXT works: observe from the lobby (o), once this game is left"};
    if (const Expected<void> sent = client_->tell(c->name, c->text, now()); !sent) return Failure{sent.why()};
    return "telling " + c->name + "...";
}

void LobbyScreen::challenged(const lobby::SeekItem& s, Millis now) {
    add_chat("* " + s.from + (s.colour ? " offers you a rematch: " : " challenges you: ") +
             lobby::terms_short(s.terms));
    // A rematch of the match whose result is on the screen over the lobby: answered there (r).
    if (s.colour && games_.open() && last_match_ && games_.game() == last_match_->game &&
        lobby::name_key(s.from) == lobby::name_key(last_match_->opponent)) {
        if (bell_) ring_bell();
        games_.screen().rematch_offered(s.from + " offers a rematch, colours swapped (you play " +
                                        color_name(~*s.colour) + "): r accepts");
        return;
    }
    // Never a question: what is typed goes on, and the challenge waits beside the lists (its line),
    // where a and x answer it from any list.
    if (games_.open()) return notify(challenge_words(s) + "; q back to the lobby answers it", now);
    // In the lobby the challenge's line beside the lists says it, with its keys (challenge_line): said
    // once there, the bell rings for it.
    if (bell_) ring_bell();
}

std::string LobbyScreen::challenge_words(const lobby::SeekItem& s) const {
    return s.from + " (" + rating_cell(s.rating) + ") " +
           (s.colour ? "offers you a rematch: " : "challenges you: ") + lobby::terms_description(s.terms);
}

const lobby::SeekItem* LobbyScreen::challenge_waiting() const {
    const std::string me = lobby::name_key(client_->name());
    for (const lobby::SeekItem* s : seek_rows(client_->tables(), filter_, role()))
        if (!s->to.empty() && lobby::name_key(s->to) == me) return s;
    return nullptr;
}

std::string LobbyScreen::challenge_line() const {
    const lobby::SeekItem* s = client_->in_lobby() ? challenge_waiting() : nullptr;
    if (!s) return "";
    const std::string me = lobby::name_key(client_->name());
    int waiting = 0;
    for (const lobby::SeekItem* r : seek_rows(client_->tables(), filter_, role()))
        waiting += !r->to.empty() && lobby::name_key(r->to) == me;
    // Who and the keys first, so that 80 columns show them; the terms after (the seeks and the details
    // have them in full). A page has keys of its own (Esc goes back to the lists), and on the tournaments
    // list x is theirs.
    const std::string keys = page_ ? "Esc, then a accepts, x declines, N refuses "
                             : pane_ == LobbyPane::Tournaments
                                 ? "a accepts, x declines from another list, N refuses "
                                 : "a accepts, x declines, N refuses ";
    return s->from + " (" + rating_cell(s->rating) + ")" +
           (s->colour ? " offers you a rematch: " : " challenges you: ") + keys + s->from +
           (waiting > 1 ? " (" + std::to_string(waiting - 1) + " more waiting)" : "") + "; " +
           lobby::terms_short(s->terms);
}

void LobbyScreen::unseek(const lobby::Unseek& u, Millis) {
    // (The tables have dropped it already: what it was is ours to remember.)
    const auto it = my_seeks_.find(u.id);
    if (it == my_seeks_.end()) return;
    const lobby::SeekItem s = std::move(it->second);
    my_seeks_.erase(it);
    if (u.why == lobby::SeekEnd::Taken) seek_taken_ = true;  // the match that follows is news
    if (s.to.empty()) return;
    const std::string what = s.colour ? "rematch" : "challenge";
    std::string text;
    switch (u.why) {
        case lobby::SeekEnd::Declined: text = s.to + " declined your " + what; break;
        case lobby::SeekEnd::Expired:
            text = s.to + " did not answer your " + what + " in a minute: it lapsed";
            break;
        case lobby::SeekEnd::Left: text = s.to + " left the lobby: your " + what + " is gone"; break;
        default: return;  // taken (the match opens), withdrawn by us, or our match started
    }
    add_chat("* " + text);
    if (games_.open())
        games_.screen().lobby_news(text);
    else
        say(text);
}

std::string LobbyScreen::match_title(const lobby::MatchStart& m) const {
    // White first, each with their rating in the match's variant (none for a guest).
    const auto named = [](const std::string& name, const std::optional<lobby::Rating>& r) {
        return r ? name + " " + rating_cell(r) : name;
    };
    const std::string mine = named(client_->name(), m.mine), theirs = named(m.opponent, m.theirs);
    std::string title = (m.colour == Color::White ? mine + " vs " + theirs : theirs + " vs " + mine) + ", " +
                        (m.terms.rated ? "rated " : "casual ") +
                        lobby::terms_clock_text(m.terms.settings.clock);
    if (m.tournament) {
        const auto& tours = client_->tables().tournaments();
        const auto it = tours.find(m.tournament);
        title += ", " +
                 (it == tours.end() ? "tournament #" + std::to_string(m.tournament) : it->second.name) +
                 " round " + std::to_string(m.round);
    }
    return title;
}

Millis LobbyScreen::until_next(Millis now) const {
    Millis wait = client_->until_next(now);
    // The games' clocks and the backoff's count-down are drawn each second (the shell redraws at least
    // that often); a pending match opens on the next turn.
    if (pending_match_ && !games_.open()) wait = 0;
    return wait;
}

void LobbyScreen::uncovered(const std::string&, Millis now) {
    // A page that left gives the lists back, and said so itself.
    if (std::exchange(page_left_, false)) return;
    back_from_game(now);
}

void LobbyScreen::back_from_game(Millis) {
    // A page that came while the game screen was over the lobby is shown now.
    if (held_page_) show_page(std::move(held_page_));
    // What was said as the game screen opened no longer holds: the line says where the player is (news
    // that came meanwhile, the result of a match, stays).
    if (message_ == opening_said_) say(back_note_);
    back_note_ = "back in the lobby";
    if (my_match_in_progress())
        return say("your match against " + my_match_->opponent +
                   " goes on: Enter on it (games) takes you back");
    // A challenge that came while a screen was over the lobby waits beside the lists: said now.
    if (const lobby::SeekItem* s = challenge_waiting()) say(challenge_words(*s) + ": a accepts, x declines");
}

std::string LobbyScreen::close(Millis now) {
    client_->leave(client_->name().empty() ? options_.name + " left" : client_->name() + " left", now);
    if (my_match_in_progress() && options_.ssh.present)  // through sshd: the way back is ssh again
        return "gobblet: the server keeps your match against " + my_match_->opponent +
               "; ssh in again as you did, with the name " + options_.name + ", to take it up\n";
    if (my_match_in_progress())  // a command that runs as printed: the name (and --guest) included
        return "gobblet: the server keeps your match against " + my_match_->opponent + "; " +
               shell_word(game_options_.program) + " --lobby " +
               shell_word(net::endpoint_text(options_.server)) + " --name " + shell_word(options_.name) +
               (options_.guest ? " --guest" : "") + " takes you back to it\n";
    return "";
}

bool LobbyScreen::my_match_in_progress() const {
    return my_match_ && client_->tables().games().count(my_match_->game) > 0;
}

void LobbyScreen::add_chat(std::string line) {
    chat_.push_back(fit(line, 400));
    while (chat_.size() > lobby_chat_lines) chat_.pop_front();
}

// ---------------------------------------------------------------------------------------------------
// Events

void LobbyScreen::on_event(const lobby::Event& e, Millis now) {
    using K = lobby::Event::Kind;
    switch (e.kind) {
        case K::Connected:
            greeting_ = e.text;
            connection_ = "connected";
            if (client_->phase() == lobby::Client::Phase::Greeted)  // no secret to log in with
                say("this machine has no secret for " + options_.name +
                    ": l logs in with the name's password, g as a guest");
            return;
        case K::LoggedIn: {
            const auto& w = std::get<lobby::Welcome>(*e.message);
            connection_ = "connected";
            guest_ = w.how == lobby::How::Guest;
            // A page asked for on the last connection goes (the lists come again whole).
            if (!games_.open()) pop_page();
            held_page_.reset();
            records_.clear();
            my_seeks_.clear();  // (the lists come again whole)
            std::string how;
            switch (w.how) {
                case lobby::How::New:
                    how =
                        options_.ssh.present
                            ? "; the name is yours now, proved by your SSH key (P sets a password for other "
                              "keys)"
                            : "; the name is yours now, kept by this machine's secret (P sets a password for "
                              "other machines)";
                    break;
                case lobby::How::Password:
                    how = options_.ssh.present && !options_.ssh.key.empty()
                              ? " by password; your SSH key can log in by itself from now"
                              : " by password; this machine can log in by itself from now";
                    break;
                case lobby::How::Key: how = " (your SSH key proves the name)"; break;
                case lobby::How::Guest: how = " (a guest: casual games only)"; break;
                case lobby::How::Secret: break;
            }
            say("welcome, " + w.name + how);
            return;
        }
        case K::LoginRefused: {
            const auto& r = std::get<lobby::Refused>(*e.message);
            const LoginAdvice advice = login_advice(r, options_.name);
            say(advice.text, true);
            if (advice.ask_password) login_password(now);
            return;
        }
        case K::Lost:
            connection_ = "connection lost (" + e.text + ")";
            records_.clear();
            return;
        case K::Closed:
            connection_ = "disconnected: " + e.text;
            say("the server ended the connection for good: " + e.text + "; q quits", true);
            return;
        case K::Answer: return on_answer(e, now);
        case K::Line:
            if (e.message) on_line(*e.message, now);
            return;
    }
}

void LobbyScreen::on_line(const lobby::Message& m, Millis now) {
    const std::string& me = client_->name();
    // A handler for each line the screen reacts to, and the others named as ignored: a new message does
    // not compile until its author has put it in one or the other.
    std::visit(
        Overload{
            [&](const lobby::Chat& c) { add_chat(c.from + ": " + c.text); },
            [&](const lobby::Told& t) { told(t, now); },
            [&](const lobby::Kibitzed& k) {
                const std::string line = k.from + " (watching): " + k.text;
                if (games_.open() && games_.game() == k.game) games_.screen().lobby_news(line);
                add_chat(line);
            },
            [&](const lobby::Unseek& u) { unseek(u, now); },
            [&](const lobby::Notice& n) {
                add_chat("* " + n.text);
                say(n.text);
            },
            [&](const lobby::Ok& o) { say(o.text); },
            [&](const lobby::Refused& r) {
                // Through sshd, a server that does not believe the key: the player logs in another way.
                if (r.verb == lobby::verb_of<lobby::Ssh>)
                    return say(r.text + " (l: password, g: guest)", true);
                if (r.verb == lobby::verb_of<lobby::RecordQuery> && !records_.empty()) records_.pop_front();
                // A change of what proves the name asks for the password: its line opens, a login with it
                // takes this connection's place, and the player asks the change again.
                if (r.code == lobby::Refusal::PasswordNeeded &&
                    (r.verb == lobby::verb_of<lobby::SetPassword> ||
                     r.verb == lobby::verb_of<lobby::Forget>)) {
                    say(r.text + "; then ask again", true);
                    return login_password(now);
                }
                // A tell sent from the game screen over the lobby: its refusal is said there.
                if (r.verb == lobby::verb_of<lobby::Tell> && games_.open())
                    games_.screen().lobby_news(r.verb + " refused: " + r.text);
                say(r.verb + " refused: " + r.text, true);
            },
            [&](const lobby::MatchStart& s) { open_match(s, now); },
            [&](const lobby::Watching& w) { open_watch(w, now); },
            [&](const lobby::Over& o) { match_over(o); },
            // A tournament's changes concern its standings' page (below), if it is shown.
            [&](const lobby::TournamentItem&) {},
            [&](const lobby::SeekItem& s) {
                if (lobby::name_key(s.from) == lobby::name_key(me)) my_seeks_.insert_or_assign(s.id, s);
                if (!s.to.empty() && lobby::name_key(s.to) == lobby::name_key(me)) challenged(s, now);
            },
            // The tables keep these and the view draws the tables: nothing more to do.
            [](const OneOf<lobby::PlayerItem, lobby::Left, lobby::GameItem, lobby::Closed,
                           lobby::StandingItem, lobby::End> auto&) {},
            // Never a line: the login's own events carry the greeting and the welcome, an answer's event its
            // items; the client takes the connection's own messages and refuses what only clients send.
            [](const OneOf<lobby::Server, lobby::Welcome, lobby::HistoryItem, lobby::RecordLine,
                           lobby::RatingItem, lobby::MachineItem, lobby::ProfileItem, lobby::StatsItem,
                           lobby::TrendItem, lobby::LeaderItem, lobby::Ping, lobby::Pong, lobby::Bye,
                           lobby::Error> auto&) {},
            [](const lobby::FromClient auto&) {},
        },
        m);
    // The page shown hears the line too (the machines asked again after an ok, a tournament's standings).
    if (page_) page_->on_line(m, now);
}

// Our match is over: its result, with what it did to both ratings ("Liam 1662 (+162), Eamon 1338
// (-162)"), in the chat, the status line and the game's own screen if it is open.
void LobbyScreen::match_over(const lobby::Over& o) {
    if (!my_match_ || my_match_->game != o.game) return;
    last_match_ = std::exchange(my_match_, std::nullopt);
    const std::string& me = client_->name();
    std::string text = o.text;
    std::string changes;
    const std::array<std::string, 2> names = last_match_->colour == Color::White
                                                 ? std::array<std::string, 2>{me, last_match_->opponent}
                                                 : std::array<std::string, 2>{last_match_->opponent, me};
    for (int p : {0, 1})
        if (const auto& c = o.changes[std::size_t(p)])
            changes += (changes.empty() ? "" : ", ") + names[std::size_t(p)] + " " + lobby::change_text(*c);
    if (!changes.empty()) text += "; " + changes;
    if (games_.open() && games_.game() == o.game) games_.screen().match_over(text, changes);
    add_chat("* your match: " + text);
    say("your match is over: " + text);
}

void LobbyScreen::on_answer(const lobby::Event& e, Millis) {
    if (!e.query) return;
    // The page shown first: the machines asked for again take their own page's place.
    if (page_ && page_->take_answer(e)) return;
    if (const auto* h = std::get_if<lobby::HistoryQuery>(&*e.query)) {
        std::vector<lobby::HistoryItem> items;
        for (const lobby::Message& m : e.items)
            if (const auto* p = std::get_if<lobby::HistoryItem>(&m)) items.push_back(*p);
        const std::size_t n = items.size();
        show_page(history_page(*this, h->name, std::move(items)));
        say(n == 0 ? h->name + " has no finished games yet"
                   : std::to_string(n) + " finished game" + (n == 1 ? "" : "s") + " of " + h->name +
                         ": Enter reviews one, s saves it, Esc goes back");
        return;
    }
    if (std::holds_alternative<lobby::MachinesQuery>(*e.query)) {
        std::vector<lobby::MachineItem> items;
        for (const lobby::Message& m : e.items)
            if (const auto* p = std::get_if<lobby::MachineItem>(&m)) items.push_back(*p);
        const std::size_t n = items.size();
        show_page(machines_page(*this, std::move(items)));
        say(std::to_string(n) + " machine" + (n == 1 ? "" : "s") + " log in as " + client_->name() +
            ": x forgets the one selected, Esc goes back");
        return;
    }
    if (const auto* f = std::get_if<lobby::FingerQuery>(&*e.query)) {
        ProfileView v;
        for (const lobby::Message& m : e.items) {
            if (const auto* x = std::get_if<lobby::ProfileItem>(&m)) v.player = *x;
            if (const auto* x = std::get_if<lobby::StatsItem>(&m)) v.stats.push_back(*x);
            if (const auto* x = std::get_if<lobby::TrendItem>(&m)) v.trends.push_back(*x);
            if (const auto* x = std::get_if<lobby::HistoryItem>(&m)) v.games.push_back(*x);
        }
        const bool own = lobby::name_key(f->name) == lobby::name_key(client_->name());
        show_page(profile_page(*this, std::move(v)));
        return say(own ? "your profile: h lists every finished game, Esc goes back"
                       : "the profile of " + f->name +
                             ": c challenges, h lists every finished game, Esc goes back");
    }
    if (std::holds_alternative<lobby::BestQuery>(*e.query)) {
        std::vector<lobby::LeaderItem> items;
        for (const lobby::Message& m : e.items)
            if (const auto* x = std::get_if<lobby::LeaderItem>(&m)) items.push_back(*x);
        show_page(leaders_page(*this, std::move(items)));
        return say("the leaderboard: the best settled ratings (deviation at most " +
                   std::to_string(lobby::settled_deviation) +
                   ") of each variant, then provisional ones (?) while fewer are settled; Esc goes back");
    }
    if (std::holds_alternative<lobby::RecordQuery>(*e.query)) {
        if (records_.empty()) return;
        const RecordWanted w = records_.front();
        records_.pop_front();
        if (w.review) return open_review(e.text, w.what);
        const LobbyNotice saved = save_transcript(e.text, w.what);
        return say(saved.text, saved.error);
    }
}

std::string LobbyScreen::status_line(Millis now) const {
    using P = lobby::Client::Phase;
    std::string s;
    switch (client_->phase()) {
        case P::Connecting: s = "connecting to " + net::endpoint_text(options_.server) + "..."; break;
        case P::Greeting: s = "connected, waiting for the server's greeting..."; break;
        case P::Greeted: s = "not logged in: l logs in with a password, g as a guest"; break;
        case P::LoggingIn: s = "logging in as " + options_.name + "..."; break;
        case P::Lobby:
            s = "logged in as " + client_->name();
            if (client_->round_trip() >= 0) s += ", " + std::to_string(client_->round_trip()) + " ms";
            break;
        case P::Waiting: {
            const Millis left = std::max<Millis>(0, client_->retry_at() - now);
            s = connection_ + "; reconnecting in " + std::to_string((left + 999) / 1000) +
                " s (r: now); nothing is lost";
            break;
        }
        case P::Closed: s = connection_; break;
    }
    return s;
}

// ---------------------------------------------------------------------------------------------------
// The screens over the lobby (ServedGames opens them; what the lobby shows around them is its own)

void LobbyScreen::show_page(std::unique_ptr<LobbyPage> page) {
    if (games_.open()) {  // nothing goes over the game screen: the page waits for it to leave
        held_page_ = std::move(page);
        return;
    }
    LobbyPage* const shown = page.get();
    if (page_)
        nav_.replace(std::move(page));
    else
        nav_.push(std::move(page));
    page_ = shown;
}

void LobbyScreen::pop_page() {
    if (!page_) return;
    page_ = nullptr;
    page_left_ = true;  // the lists come back, and the lobby is uncovered for no other reason
    nav_.pop();
}

void LobbyScreen::page_closed(const LobbyPage& page) {
    if (page_ != &page) return;  // replaced by another
    page_ = nullptr;
    page_left_ = true;
}

// A game screen opens over the lobby: what was typed or asked is dropped.
void LobbyScreen::opened() {
    entry_.reset();
    question_.reset();
    opening_said_ = message_;
}

void LobbyScreen::open_match(const lobby::MatchStart& m, Millis now, bool waited) {
    // (a match that waited for the screen over the lobby is not announced again, but opens as new)
    const bool again = !waited && my_match_ && my_match_->game == m.game;
    const bool pending = waited || (pending_match_ && pending_match_->game == m.game);
    my_match_ = m;
    if (!again && !pending) {
        // News wherever the player is: a tournament's round, a seek or challenge of ours taken.
        if (m.tournament)
            notify("your next match starts: " + match_title(m), now);
        else if (std::exchange(seek_taken_, false))
            notify(m.opponent + " took your seek: " + lobby::terms_description(m.terms), now);
    }
    if (games_.open()) {
        if (games_.game() == m.game) {  // the same match, announced again at a login: its code may be fresh
            games_.screen().fresh_code(m.code);
            return;
        }
        if (!pending) pending_since_ = now;
        pending_match_ = m;
        const bool told = next_told_ == games_.game();
        if (m.tournament && last_match_ && games_.game() == last_match_->game && !told) {
            // The last round's result is on the screen: it stays, with the next match and a short
            // countdown (any key opens it now); the clocks wait for White's first move meanwhile.
            next_told_ = games_.game();
            games_.screen().next_match("round " + std::to_string(m.round) + " against " + m.opponent +
                                           " (you play " + color_name(m.colour) + ")",
                                       now + lobby::round_countdown);
            return;
        }
        if (!told) games_.screen().make_way();  // a review or a game watched makes way for the match
        return;
    }
    ServedMatch served;
    served.title = match_title(m);
    served.tournament = m.tournament != 0;
    if (m.tournament && !again) {
        // (the server's countdown began when the match was announced, perhaps on the last result)
        served.clocks_by = (waited ? pending_since_ : now) + lobby::round_start_after;
        const std::string title = match_title(m);  // "..., cup round 2": the round is the news
        served.waiting_title = title.substr(title.rfind(", ") + 2);
    }
    if (!m.tournament && !again) served.abort_by = now + net::first_move_limit;
    if (!again)
        served.intro = "you play " + std::string(color_name(m.colour)) + " against " + m.opponent + ": " +
                       lobby::terms_description(m.terms) +
                       (m.terms.settings.clock.enabled() ? "; the clocks start with White's first move" : "");
    // The match opens over the lists, or over its tournament's live standings, which stay after it.
    pop_page();
    if (m.tournament != 0) show_page(standings_page(*this, m.tournament));
    if (const Expected<void> opened = games_.open_match(m, client_->name(), served, *this); !opened)
        return say("the match against " + m.opponent + " could not be joined: " + opened.why(), true);
    if (!again)
        say("your match against " + m.opponent + " starts: you play " + std::string(color_name(m.colour)) +
            ", " + lobby::terms_description(m.terms));
    opened();
}

void LobbyScreen::open_watch(const lobby::Watching& w, Millis) {
    if (games_.open()) return;  // something else came first
    const auto& games = client_->tables().games();
    const auto it = games.find(w.game);
    const std::string who =
        it == games.end() ? "the game" : it->second.item.names[0] + " - " + it->second.item.names[1];
    if (const Expected<void> opened = games_.open_watch(w, client_->name(), *this); !opened)
        return say("cannot watch " + who + ": " + opened.why(), true);
    say("watching " + who);
    back_note_ = "you stopped watching " + who;
    opened();
}

void LobbyScreen::open_review(const std::string& text, const std::string& what) {
    if (games_.open()) return;
    // Over the history it was chosen from, which comes back when the review leaves.
    if (const Expected<void> opened = games_.open_review(text, what, *this); !opened)
        return say(opened.why(), true);
    back_note_ = "the review of " + what + " is closed";
    opened();
}

}  // namespace gobblet::ui
