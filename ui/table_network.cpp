// The table's network game (table.h): starting a session (hosting, joining), feeding it from the one poll
// loop, and taking in what it reports. In a network game the match changes only through the session's
// events (net::apply): the session has checked every change with the engine, and the host's session runs
// the clock (docs/network.md).
#include "engine/decisions.h"
#include "table.h"

namespace gobblet::ui {

namespace {

// What agreeing to an offer does, for the question's help.
std::string offer_effect(net::OfferKind kind) {
    switch (kind) {
        case net::OfferKind::Draw: return "the round is drawn (a drawn round of a match is played again)";
        case net::OfferKind::Undo: return "the last move is taken back";
        case net::OfferKind::Pause: return "the clocks stop until one of you asks to resume";
        case net::OfferKind::Resume: return "the clocks run again";
    }
    return "";
}

}  // namespace

std::string Table::host(const net::HostConfig& config) {
    std::string why;
    net_ = net::Session::host(config, &why);
    if (!net_) return "cannot host on " + net::endpoint_text(config.listen) + ": " + why;
    // The seats follow the session: the joiner plays the remote player.
    const int remote = net_->remote_player();
    if (seats_[remote]->kind() != SeatKind::Remote) {
        std::array<SeatSpec, 2> specs = {spec_of(0), spec_of(1)};
        std::swap(specs[0], specs[1]);
        install_seats(specs);
    }
    say("Waiting for the other player: " + how_to_join() + ". Nobody can move until they join.");
    return "";
}

std::string Table::join(const net::JoinConfig& config, const SeatSpec& local_seat) {
    std::string why;
    net_ = net::Session::join(config, now(), &why);
    if (!net_) return "cannot join " + net::endpoint_text(config.host) + ": " + why;
    join_seat_ = local_seat;
    say("connecting to " + net::endpoint_text(config.host) + "...");
    return "";
}

void Table::pollfds(std::vector<pollfd>& fds) const {
    if (net_) net_->pollfds(fds);
}

void Table::on_poll(std::span<const pollfd> fds, Millis t) {
    if (!net_) return;
    net_->on_poll(fds, match_, t);
    while (auto e = net_->next_event()) on_net_event(*e);
}

std::string Table::chat(const std::string& text) { return net_->chat(text, now()); }

void Table::fresh_code(const std::string& code) {
    if (!net_) return;
    net_->set_code(code);
    using Phase = net::Session::Phase;
    if (net_->phase() == Phase::Gone) say_if(net_->reconnect(match_, now()));
}

void Table::leave() {
    if (net_) net_->leave(match_.name(std::max(0, net_->local_player())) + " left the game", now());
}

void Table::on_net_event(const net::Event& e) {
    using Kind = net::Event::Kind;
    const Millis t = now();
    const std::string refused = net::apply(match_, e, t);
    const int me = net_->local_player();
    if (e.kind == Kind::Welcomed) {
        // The host's match arrived: the seats follow it (this side's player and the remote one).
        net_welcomed_ = true;
        std::array<SeatSpec, 2> specs;
        // A spectator (me < 0) watches both.
        specs[0] = specs[1] = SeatSpec{SeatKind::Remote, "", std::nullopt};
        if (me >= 0) {
            specs[me] = join_seat_;
            specs[me].name.clear();  // the name travels in the match
        }
        install_seats(specs);
        // A round that ended while we were away and waits for our choice of starter asks it again.
        const bool our_choice = match_.phase() == MatchPhase::ChoosingStarter && match_.chooser() == me;
        handled_end_ = match_.game().over() && !our_choice ? match_.rounds().size() : 0;
        records_.set_archived(match_.phase() == MatchPhase::Over);
    }
    std::string text = net::describe(e, match_, me);
    if (!refused.empty()) text += " (not applied: " + refused + ")";
    switch (e.kind) {
        case Kind::Offered:
            if (is_computer(me)) {
                if (e.offer == net::OfferKind::Draw) {
                    draw_offer_to_ = me;  // the seat's rule answers, in ask_seats()
                } else {
                    // The computer agrees to pause and resume, never to take moves back.
                    net_->answer(match_, e.offer != net::OfferKind::Undo, t);
                }
                say(text);
                break;
            }
            ask(Question{.text = text + ": do you agree?",
                         .answers = {{ch('y'), "yes", [this] { say_if(net_->answer(match_, true, now())); },
                                      "agree: " + offer_effect(e.offer)},
                                     {ch('n'), "no", [this] { say_if(net_->answer(match_, false, now())); },
                                      "refuse: nothing changes, and play goes on"}},
                         .help = match_.name(net_->remote_player()) +
                                 " asks across the network; the answer goes back to them at once.",
                         .default_answer = 1});
            say(asked_text_);
            break;
        case Kind::Act:
            if (e.act.kind != net::Act::Kind::Move) cancel_seats();  // the position changed under them
            if (e.act.kind == net::Act::Kind::Undo || e.act.kind == net::Act::Kind::Draw)
                report_.withdraw_question();
            paused_ = match_.clock().paused();
            say(text);
            after_change(e.act.kind == net::Act::Kind::Move);
            return;
        case Kind::Gone:
        case Kind::Error:
            cancel_seats();
            report_.withdraw_question();
            if (net_->role() == net::Role::Joiner && !net_welcomed_) return report_.join_failed(text);
            if (net_->role() == net::Role::Joiner && net_->watching()) {
                ask(Question{.text = text,
                             .answers = {{ch('r'), "reconnect",
                                          [this] { say_if(net_->reconnect(match_, now())); },
                                          "connect to the server again and watch on"},
                                         {ch('q'), "leave", [this] { report_.quit(); }, "stop watching"}},
                             .help = "The connection to the server was lost; the game goes on there."});
                say(text + "; r connects again", true);
            } else if (net_->role() == net::Role::Joiner && net_->hosted()) {
                // The server holds the match and the clocks; the session connects again by itself.
                text += ". The server keeps the match: after its grace your clock runs again on your turn";
                ask(Question{
                    .text = text,
                    .answers = {{ch('r'), "reconnect", [this] { say_if(net_->reconnect(match_, now())); },
                                 "connect to the server again; the game goes on where it stopped"},
                                {ch('q'), "leave", [this] { report_.quit(); },
                                 "back to the lobby: the server keeps the match, and Enter on it there takes "
                                 "you back"}},
                    .help = "The connection to the server was lost. The server keeps the match."});
                say(text + ". r connects again.", true);
            } else if (net_->role() == net::Role::Joiner) {
                // The host holds the match and the clocks: nothing is decided on this side.
                text +=
                    ". The host decides while you are apart: after its grace your clock runs again on "
                    "your turn";
                ask(Question{
                    .text = text,
                    .answers = {{ch('r'), "reconnect", [this] { say_if(net_->reconnect(match_, now())); },
                                 "connect to the host again; the game goes on where it stopped"},
                                {ch('q'), "quit", [this] { report_.quit(); },
                                 "quit: the game is saved, and " + config_.program +
                                     " --join ... --resume continues it with the host"}},
                    .help = "The connection to the host was lost. The game is saved on both sides."});
                say(text + ". The game is saved; r connects again.", true);
            } else {
                const std::string who = match_.name(net_->remote_player());
                std::string after;
                if (net_->absence())
                    after = "; after " + duration_text(net_->absence()->grace()) +
                            " play goes on without them" +
                            (net_->absence()->clock_runs() ? ", the clocks running" : "");
                say(text + ". The game is saved; waiting for " + who + " to come back with the code " +
                        net_->code_display() + after,
                    true);
            }
            break;
        case Kind::Absence:
            // The grace is over, or a claim now stands: a round-end question the drop took away comes
            // back, since the host plays on (choosing a starter, replaying a drawn round).
            if (match_.game().over() && !report_.question_open()) {
                handled_end_ = 0;
                after_change(false);
            }
            say(text + (can_claim() ? " (c claims it)" : ""));
            break;
        case Kind::Clock: break;
        case Kind::Dropped: say(text, true); break;
        case Kind::Started:
            net_welcomed_ = true;
            // A server's game connected again by itself (the lobby's fresh code): the lost connection's
            // question no longer stands.
            if (net_->hosted()) report_.withdraw_question();
            paused_ = match_.clock().paused();
            say(me < 0 ? text
                : net_->role() == net::Role::Joiner
                    ? text + "; you play " + std::string(color_name(match_.colour_of(me)))
                    : match_.name(net_->remote_player()) + " is here: " + text);
            after_change(false);
            return;
        default:
            if (!text.empty()) say(text, e.kind == Kind::Refused);
            break;
    }
    autosave();
}

std::string Table::how_to_join() const {
    std::string where;
    for (const std::string& a : net_->addresses()) where += (where.empty() ? "" : " or ") + a;
    return "they join with --join " + (net_->addresses().size() == 1 ? where : "ADDRESS") + " --code " +
           net_->code_display() + (net_->addresses().size() == 1 ? "" : ", ADDRESS being " + where);
}

std::string Table::net_title() const {
    if (!net_) return "";
    using Phase = net::Session::Phase;
    switch (net_->phase()) {
        case Phase::Listening:
            if (net_->absence())  // where things stand, and how long the absent player has
                return absence_text(match_, net_->remote_player(), *net_->absence(), now());
            return "waiting for a player, code " + net_->code_display();
        case Phase::Connecting:
        case Phase::Greeting:
        case Phase::Welcoming:
        case Phase::Syncing: return "connecting";
        case Phase::Playing:
            return std::string(net_->watching()  ? "watching"
                               : net_->hosted() ? "server game"
                                                : "network game") +
                   (net_->round_trip() >= 0
                                         ? ", " + std::to_string(net_->round_trip()) + " ms"
                                         : std::string());
        case Phase::Gone:
        case Phase::Closed: return "disconnected";
    }
    return "";
}

}  // namespace gobblet::ui
