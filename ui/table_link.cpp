// A table's network link (table_link.h): the session it owns (which applies each change to its match as
// it reports it), its events handed on one at a time with their words, the umpire's requests sent to the
// host, and what the table says and asks about them.
#include "table_link.h"

#include "engine/absence.h"
#include "game_setup.h"
#include "table.h"

namespace gobblet::ui {

TableLink::TableLink(std::unique_ptr<net::Session> session, std::function<Millis()> clock,
                     TableReport& report, std::string program)
    : session_(std::move(session)), clock_(std::move(clock)), report_(report), program_(std::move(program)) {}

Expected<std::unique_ptr<TableLink>> TableLink::host(const net::HostConfig& config, Match match,
                                                     std::function<Millis()> clock, TableReport& report,
                                                     std::string program) {
    auto session = net::Session::host(config, std::move(match));
    if (!session)
        return Failure{"cannot host on " + net::endpoint_text(config.listen) + ": " + session.why()};
    std::unique_ptr<TableLink> link(
        new TableLink(std::move(*session), std::move(clock), report, std::move(program)));
    link->where_ = config.listen;
    if (!link->where_.is_unix()) link->where_.port = link->session_->port();  // the port it got
    // A match resumed (--host --resume): its joiner gets the grace from now, as after a drop; their
    // clock does not run while the host was away, nor before the grace is over.
    if (!config.match_id.empty() && link->session_->match_id() == config.match_id)
        link->session_->await_return(link->now());
    return link;
}

Expected<std::unique_ptr<TableLink>> TableLink::join(const net::JoinConfig& config,
                                                     const SeatSpec& local_seat, Match match,
                                                     std::function<Millis()> clock, TableReport& report,
                                                     std::string program) {
    auto session = net::Session::join(config, std::move(match), clock());
    if (!session) return Failure{"cannot join " + net::endpoint_text(config.host) + ": " + session.why()};
    std::unique_ptr<TableLink> link(
        new TableLink(std::move(*session), std::move(clock), report, std::move(program)));
    link->join_seat_ = local_seat;
    link->where_ = config.host;
    return link;
}

std::optional<saves::NetworkPlace> TableLink::place() const {
    if (hosted() || watching()) return std::nullopt;
    const std::vector<std::string> chat(chat_log_.begin(), chat_log_.end());
    if (!hosting()) return saves::NetworkPlace{false, net::endpoint_text(where_), session_->code(), chat};
    // Every address when the flag named none: the port alone, as --host takes it.
    const std::string text =
        where_.is_unix() || !where_.host.empty() ? net::endpoint_text(where_) : std::to_string(where_.port);
    saves::NetworkPlace place{true, text, session_->code(), chat};
    place.grace = session_->grace();
    place.choice_time = session_->choice_time();
    place.allow_help = session_->help_allowed();
    return place;
}

void TableLink::restore_chat(const std::vector<std::string>& lines) {
    for (const std::string& line : lines) log_chat(clean_text(line, saves::max_saved_chat_line));
}

void TableLink::say(std::string text, bool error) { report_.notice(std::move(text), error); }

Reply TableLink::sent(const Expected<void>& done) {
    if (done) return Reply{.kind = Reply::Kind::Sent};
    return Reply{.kind = Reply::Kind::Refused, .said = {{done.why(), true}}};
}

Reply TableLink::move_here(const MoveSpec& spec) {
    // The session checks the move with the engine and sends it; the match takes it from its event.
    const auto sent_move = session_->move(spec, now());
    const std::string written = spec_name(spec);
    Reply r{.kind = Reply::Kind::Sent};  // refused or not, the pick is spent
    if (!sent_move)
        r.said.push_back({written + ": " + sent_move.why(), true});
    else if (awaiting_host())
        r.said.push_back({written + " sent to " + session_->holder(), false});
    return r;
}

Reply TableLink::computer_move(const MoveSpec& spec, const std::string&) {
    return sent(session_->move(spec, now()));
}

Reply TableLink::touch(Square square) { return sent(session_->touch(square, now())); }

Reply TableLink::answer_draw(int player, bool accept, const std::string& reason) {
    Reply r = sent(session_->answer(accept, now()));
    r.said.insert(r.said.begin(), Notice{match().name(player) + " " + reason, false});
    return r;
}

std::optional<TableLink::Heard> TableLink::next() {
    auto e = session_->next_event();
    if (!e) return std::nullopt;
    using Kind = net::Event::Kind;
    if (e->kind == Kind::Welcomed || e->kind == Kind::Started) welcomed_ = true;
    if (e->kind == Kind::Started) retried_ = false;
    std::string text = net::describe(*e, match(), local_player());
    if (!e->not_applied.empty()) text += " (not applied: " + e->not_applied + ")";
    if (e->kind == Kind::Chat) log_chat(text);
    return Heard{std::move(*e), std::move(text)};
}

Expected<void> TableLink::may(Intent act) const {
    if (watching()) return Failure{"you are watching: only the players move (q goes back to the lobby)"};
    switch (act) {
        case Intent::Claim:
            if (can_claim()) return {};
            return claim_refusal();
        case Intent::Pick: return {};  // the connection is asked when the piece is put down
        case Intent::Pause:
        case Intent::OfferDraw:  // the other player is connected to answer it
            if (playing()) return {};
            break;
        case Intent::Move:
        case Intent::Resign:
        case Intent::Hint:  // the player who stayed plays on whatever the absent one does
            if (can_play()) return {};
            break;
    }
    if (hosting() && !welcomed_ && session_->phase() == net::Session::Phase::Listening)
        return Failure{"nobody has joined yet: " + how_to_join()};
    if (const auto& away = session_->absence(remote_player()))
        return Failure{absence_text(match(), remote_player(), *away, now())};
    return Failure{"not connected: the game goes on when the other player is back"};
}

bool TableLink::can_claim() const {
    const auto& away = session_->absence(remote_player());
    return away && may_claim(match(), remote_player(), *away, now()).ok();
}

std::optional<Reply> TableLink::offer(net::OfferKind kind) {
    if (standing_offer() == kind) return sent(answer(true));  // the fact that follows says what was agreed
    if (auto made = session_->offer(kind, now()); !made) return sent(made);
    const std::string other = match().name(remote_player());
    const auto told = [](std::string text) {
        return Reply{.kind = Reply::Kind::Sent, .said = {{text, false}}};
    };
    switch (kind) {
        case net::OfferKind::Draw: return told("offered " + other + " a draw");
        case net::OfferKind::Undo: return told("asked " + other + " to let you take back your move");
        case net::OfferKind::Pause: return told("asked " + other + " to pause");
        case net::OfferKind::Resume: return told("asked " + other + " to resume");
    }
    return told("");
}

Reply TableLink::answer_offer(bool agree) {
    const std::optional<net::OfferKind> kind = standing_offer();
    const Expected<void> answered = answer(agree);
    if (!answered || agree || !kind) return sent(answered);  // an agreement's fact says what was agreed
    return Reply{
        .kind = Reply::Kind::Sent,
        .said = {{"you declined " + match().name(remote_player()) + "'s " + net::offer_named(*kind), false}}};
}

Reply TableLink::claim(bool draw) {
    if (!hosting() && !hosted()) return Umpire::claim(draw);  // a peer's joiner: the host holds the match
    return sent(session_->claim(now(), draw));
}

Reply TableLink::give_time() {
    Reply r = sent(session_->give_time(now()));
    if (r.kind == Reply::Kind::Sent && !hosting())  // the host's fact says it was given
        r.said.push_back({"giving " + match().name(remote_player()) + " " +
                              duration_text(net::more_time_gift) + " more...",
                          false});
    return r;
}

Reply TableLink::hand_over(int player, bool to_computer, Level) {
    if (player != local_player())
        return Reply{
            .said = {{std::string(color_name(match().colour_of(player))) + " is " + match().name(player) +
                          "'s, across the network: only your own side can go to the computer",
                      true}}};
    Reply r{.kind = Reply::Kind::Made};
    if (const Expected<void> told =
            session_->set_seat(to_computer ? SeatKind::Computer : SeatKind::Human, now());
        !told)
        r.said.push_back({told.why(), true});
    r.said.push_back({std::string("your computer plays for you: ") + (to_computer ? "on" : "off") + "; " +
                          match().name(remote_player()) + " is told",
                      false});
    return r;
}

HelpGame TableLink::help_game(const HelpGame& here) const {
    HelpGame g;
    g.over = here.over;
    g.kind = watching() ? HelpGame::Kind::Spectator
             : hosted() ? HelpGame::Kind::Server
                        : HelpGame::Kind::Peer;
    g.allowed = session_->help_allowed();
    return g;
}

Expected<void> TableLink::chat(const std::string& text) {
    if (Expected<void> said = session_->chat(text, now()); !said) return said;
    log_chat("you: " + clean_text(text, net::max_text));  // as the session sent it
    return {};
}

void TableLink::log_chat(std::string line) {
    chat_log_.push_back(std::move(line));
    while (chat_log_.size() > chat_log_lines) chat_log_.pop_front();
}

void TableLink::fresh_code(const std::string& code) {
    (void)session_->set_code(code);  // the lobby's codes are well formed
    if (session_->phase() == net::Session::Phase::Gone) reconnect();
}

void TableLink::leave() {
    session_->leave(match().name(std::max(0, local_player())) + " left the game", now());
}

std::array<SeatSpec, 2> TableLink::welcome_seats() const {
    std::array<SeatSpec, 2> specs;
    specs[0] = specs[1] = SeatSpec{SeatKind::Remote, "", std::nullopt};
    if (const int me = local_player(); me >= 0) {
        specs[me] = join_seat_;
        specs[me].name.clear();  // the name travels in the match
    }
    return specs;
}

const char* TableLink::offer_key(net::OfferKind kind) {
    switch (kind) {
        case net::OfferKind::Draw: return "=";
        case net::OfferKind::Undo: return "<";
        case net::OfferKind::Pause:
        case net::OfferKind::Resume: return "p";
    }
    return "=";
}

Expected<void> TableLink::may_offer(net::OfferKind kind) const {
    if (standing_offer() == kind) return {};
    return session_->may_offer(kind);
}

std::optional<net::OfferKind> TableLink::standing_offer() const {
    if (watching()) return std::nullopt;
    return session_->pending_offer(remote_player());
}

std::string TableLink::offer_said(net::OfferKind kind, const std::string& text) const {
    // Said once, when it arrives; the note beside the board stays while it stands.
    return text + ": " + offer_key(kind) + " agrees, Esc declines" +
           (kind == net::OfferKind::Resume ? "" : "; your move declines it too");
}

std::string TableLink::offer_note() const {
    const auto kind = standing_offer();
    if (!kind) return "";
    return match().name(remote_player()) + " offers " + net::offer_text(*kind) + ": " + offer_key(*kind) +
           " agrees, Esc declines";
}

void TableLink::on_lost(std::string text, bool on_purpose) {
    if (match().phase() == MatchPhase::Over && !watching()) {
        // A finished match has nothing to come back to: no reconnection, nobody waited for.
        say(text + ". The " + std::string(match().single_game() ? "game" : "match") + " is over" +
            (hosted() ? ": q goes back to the lobby" : ": q quits"));
        return;
    }
    // Tried again at once: the host's clocks keep running while this side shows its own guess of them.
    if (!hosting() && !on_purpose && !retried_) {
        retried_ = true;
        if (session_->reconnect(now())) return say(text + "; connecting again...", true);
    }
    if (!hosting() && watching()) {
        report_.ask(Question{.text = text,
                             .answers = {{ch('r'), "reconnect", [this] { reconnect(); },
                                          "connect to the server again and watch on"},
                                         {ch('q'), "leave", [this] { report_.quit(); }, "stop watching"}},
                             .help = "The connection to the server was lost; the game goes on there."});
        say(text + "; r connects again", true);
    } else if (!hosting() && hosted()) {
        // The server holds the match and the clocks; the session connects again by itself.
        text += ". The server keeps the match: after its grace your clock runs again on your turn";
        report_.ask(Question{
            .text = text,
            .answers = {{ch('r'), "reconnect", [this] { reconnect(); },
                         "connect to the server again; the game goes on where it stopped"},
                        {ch('q'), "leave", [this] { report_.quit(); },
                         "back to the lobby: the server keeps the match, and Enter on it there takes "
                         "you back"}},
            .help = "The connection to the server was lost. The server keeps the match."});
        say(text + ". r connects again.", true);
    } else if (!hosting()) {
        // The host holds the match and the clocks: nothing is decided on this side.
        text +=
            ". The host decides while you are apart: after its grace your clock runs again on "
            "your turn";
        report_.ask(Question{
            .text = text,
            .answers = {{ch('r'), "reconnect", [this] { reconnect(); },
                         "connect to the host again; the game goes on where it stopped"},
                        {ch('q'), "quit", [this] { report_.quit(); },
                         "quit: the game is saved, and " + network_resume_command(program_, *place()) +
                             " continues it with the host"}},
            .help = "The connection to the host was lost. The game is saved on both sides."});
        say(text + ". The game is saved; r connects again.", true);
    } else {
        const std::string who = match().name(remote_player());
        std::string after;
        if (const auto& away = session_->absence(remote_player())) {
            // One grace per player per game in all: what is left of it holds the clocks, then they run.
            if (!away->clock_runs())
                after = "; you play on your turns";
            else if (away->grace() > 0) {
                // In whole seconds, as --grace is written ("1m30s"): a grace partly spent has milliseconds.
                const Millis left = (away->grace() + 999) / 1000 * 1000;
                after = "; the clocks stand for up to " + duration_text(left) + " (what is left of " + who +
                        "'s grace); you play on your turns";
            } else
                after = "; " + who + "'s grace is spent: their clock runs on their turns while they are away";
        }
        say(text + ". The game is saved; waiting for " + who + " to come back with the code " +
                session_->code_display() + after,
            true);
    }
}

std::string TableLink::started_text(const std::string& text, bool resumed) const {
    const int me = local_player();
    if (me < 0) return text;
    if (hosting()) return match().name(remote_player()) + " is here: " + text;
    const Color mine = match().colour_of(me);
    std::string out = text + "; you play " + std::string(color_name(mine));
    if (resumed || net::started_before(match())) return out;
    // A new game: what the host set, which the joiner's command line did not say (docs/network.md).
    const MatchSettings& s = match().settings();
    const std::string other = match().name(remote_player()) + (hosted() ? "" : " (the host)");
    out += mine == Color::White ? " and start, against " + other + ";"
                                : " against " + other + ", who plays White and starts;";
    out += std::string(" ") + rules_name(s.variant.rules) + " rules, " + std::to_string(s.variant.size) +
           "x" + std::to_string(s.variant.size) +
           (s.first_to > 1 ? ", first to " + std::to_string(s.first_to) : "") + ", " +
           clock_description(s.clock);
    return out;
}

std::string TableLink::how_to_join() const {
    const std::vector<std::string> addresses = session_->addresses();
    std::string where;
    for (const std::string& a : addresses) where += (where.empty() ? "" : " or ") + a;
    return "they join with --join " + (addresses.size() == 1 ? where : "ADDRESS") + " --code " +
           session_->code_display() + (addresses.size() == 1 ? "" : ", ADDRESS being " + where);
}

std::string TableLink::clock_note() const {
    if (!match().clock().enabled() || !match().clock().paused()) return "";
    if (!hosting() && session_->phase() != net::Session::Phase::Playing)
        return "the clocks stand here while not connected: " + session_->holder() + "'s clock decides";
    for (int p : {0, 1})
        if (const auto& away = session_->absence(p); away && away->stage(now()) == AbsenceStage::Grace)
            return "the clocks stand for what is left of " + match().name(p) + "'s grace";
    return "";
}

std::string TableLink::pause_note() const {
    const Millis end = session_->pause_ends_at();
    if (end < 0) return "";
    return std::string("by itself ") + (session_->pause_end_exact() ? "in " : "within ") +
           clock_face(std::max<Millis>(0, end - now()));
}

Millis TableLink::until_next(Millis t) const {
    Soonest soonest;
    soonest.also(session_->until_next(t));
    if (const Millis end = session_->pause_ends_at(); end >= 0 && end > t) soonest.at((end - t) % 1000 + 1);
    return soonest.get();
}

std::string TableLink::title() const {
    using Phase = net::Session::Phase;
    switch (session_->phase()) {
        case Phase::Listening:
            if (const auto& away = session_->absence(remote_player()))  // where things stand, and how long
                return absence_text(match(), remote_player(), *away, now());  // the absent player has
            return "waiting for a player, code " + session_->code_display();
        case Phase::Connecting:
        case Phase::Greeting:
        case Phase::Welcoming:
        case Phase::Syncing: return "connecting";
        case Phase::Playing:
            return std::string(watching() ? "watching"
                               : hosted() ? "server game"
                                          : "network game") +
                   // Computers are marked where they play: a server's bot, a peer's computer.
                   (!watching() && session_->peer_seat() == SeatKind::Computer ? " against a computer" : "") +
                   (session_->round_trip() >= 0 ? ", " + std::to_string(session_->round_trip()) + " ms"
                                                : std::string());
        case Phase::Gone:
        case Phase::Closed: return "disconnected";
    }
    return "";
}

}  // namespace gobblet::ui
