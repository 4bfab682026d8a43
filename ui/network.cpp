// The curses game across the network: starting a session (--host, --join), feeding it from the one
// poll loop, and taking in what it reports. In a network game the match changes only through the
// session's events (net::apply): the session has checked every change with the engine, and the host's
// session runs the clock (docs/network.md).
#include "app_impl.h"

#include "engine/decisions.h"

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

std::string App::start_network() {
    std::string why;
    if (options_.host_at) {
        net::HostConfig hc;
        hc.listen = *options_.host_at;
        hc.code = options_.code;
        hc.remote_player = ui_.seats[0].kind == SeatKind::Remote ? 0 : 1;
        hc.seat = seats_[1 - hc.remote_player]->kind();
        hc.grace = options_.grace;
        if (options_.resume) {
            // Only a network match continues as one: its remote player and id come back with it.
            const auto path = saves::autosave_path();
            std::string text;
            if (!path.empty() && saves::read_file(path, text).empty()) {
                saves::LoadedRecord r = saves::read_record(text);
                if (r.record && !r.record->match_id.empty() && match_.phase() != MatchPhase::Over) {
                    hc.match_id = r.record->match_id;
                    for (int p : {0, 1})
                        if (r.record->seats[p].kind == SeatKind::Remote) hc.remote_player = p;
                }
            }
            if (hc.match_id.empty()) {
                say("the last game was not a network match in progress: a new one", true);
                match_ = Match(match_.settings());
            }
        }
        net_ = net::Session::host(hc, &why);
        if (!net_) return "cannot host on " + net::endpoint_text(*options_.host_at) + ": " + why;
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
    if (options_.join_to) {
        if (options_.resume) {
            const auto path = saves::autosave_path();
            std::string text;
            if (!path.empty() && saves::read_file(path, text).empty()) {
                saves::LoadedRecord r = saves::read_record(text);
                if (r.record && !r.record->match_id.empty()) {
                    net_held_ = r.record->match;
                    net_held_id_ = r.record->match_id;
                }
            }
        }
        if (!options_.code.empty()) {
            connect(options_.code);
            if (!net_) return exit_message_;
        }
    }
    return "";
}

void App::connect(const std::string& code) {
    net::JoinConfig jc;
    jc.host = *options_.join_to;
    jc.code = code;
    jc.name = options_.join_seat.name;
    jc.seat = options_.join_seat.kind == SeatKind::Computer ? SeatKind::Computer : SeatKind::Human;
    jc.held = net_held_;
    jc.held_id = net_held_id_;
    std::string why;
    net_ = net::Session::join(jc, now(), &why);
    if (!net_) return join_failed("cannot join " + net::endpoint_text(*options_.join_to) + ": " + why);
    say("connecting to " + net::endpoint_text(*options_.join_to) + "...");
}

void App::ask_code() {
    ui_.entry = LineEntry{
        "Join code for " + net::endpoint_text(*options_.join_to) + " (Esc quits)",
        "",
        40,
        [this](const std::string& typed) {
            const auto code = net::normalize_code(typed);
            if (!code) {
                say("'" + printable(typed) +
                        "' is not a join code: 4 to 32 letters and digits, as the host shows it",
                    true);
                return ask_code();
            }
            connect(*code);
        },
        [this] { quit(); },
        HelpPage{"The join code",
                 {"The host's screen shows a code like 7QK-M4X while it waits for you: type it here "
                  "(case, dashes and spaces do not matter) and press Enter to join " +
                  net::endpoint_text(*options_.join_to) +
                  ". A wrong code is refused by the host. Codes use the letter Q, so q types "
                  "it here: Esc (or Ctrl-C) is the way out."},
                 {{"Enter", "join with the code typed"},
                  {"Backspace", "edit it"},
                  {"Esc Ctrl-C", "quit the program without joining"},
                  {"?", "this help; any key comes back to the code"}}},
        "quit"};
}

void App::pollfds(std::vector<pollfd>& fds) const {
    if (net_) net_->pollfds(fds);
}

void App::on_poll(std::span<const pollfd> fds, Millis t) {
    if (!net_) return;
    net_->on_poll(fds, match_, t);
    while (auto e = net_->next_event()) on_net_event(*e);
}

void App::on_net_event(const net::Event& e) {
    using Kind = net::Event::Kind;
    const Millis t = now();
    const std::string refused = net::apply(match_, e, t);
    const int me = net_->local_player();
    if (e.kind == Kind::Welcomed) {
        // The host's match arrived: the seats follow it (this side's player and the remote one).
        net_welcomed_ = true;
        std::array<SeatSpec, 2> specs;
        specs[me] = options_.join_seat;
        specs[me].name.clear();  // the name travels in the match
        specs[1 - me] = SeatSpec{SeatKind::Remote, "", std::nullopt};
        install_seats(specs);
        // A round that ended while we were away and waits for our choice of starter asks it again.
        const bool our_choice = match_.phase() == MatchPhase::ChoosingStarter && match_.chooser() == me;
        handled_end_ = match_.game().over() && !our_choice ? match_.rounds().size() : 0;
        archived_ = match_.phase() == MatchPhase::Over;
    }
    std::string text = net::describe(e, match_, me);
    if (!refused.empty()) text += " (not applied: " + refused + ")";
    switch (e.kind) {
        case Kind::Offered:
            if (is_computer(me)) {
                if (e.offer == net::OfferKind::Draw) {
                    draw_offer_to_ = me;  // the seat's rule answers, in service()
                } else {
                    // The computer agrees to pause and resume, never to take moves back.
                    net_->answer(match_, e.offer != net::OfferKind::Undo, t);
                }
                say(text);
                break;
            }
            ask_question(
                Question{.text = text + ": do you agree?",
                         .answers = {{ch('y'), "yes", [this] { say_if(net_->answer(match_, true, now())); },
                                      "agree: " + offer_effect(e.offer)},
                                     {ch('n'), "no", [this] { say_if(net_->answer(match_, false, now())); },
                                      "refuse: nothing changes, and play goes on"}},
                         .help = match_.name(net_->remote_player()) +
                                 " asks across the network; the answer goes back to them at once.",
                         .default_answer = 1});
            say(ui_.question->text);
            break;
        case Kind::Act:
            if (e.act.kind != net::Act::Kind::Move) cancel_seats();  // the position changed under them
            if (e.act.kind == net::Act::Kind::Undo || e.act.kind == net::Act::Kind::Draw)
                ui_.question.reset();
            ui_.paused = match_.clock().paused();
            say(text);
            after_change(e.act.kind == net::Act::Kind::Move);
            return;
        case Kind::Gone:
        case Kind::Error:
            cancel_seats();
            ui_.question.reset();
            if (net_->role() == net::Role::Joiner && !net_welcomed_) return join_failed(text);
            if (net_->role() == net::Role::Joiner) {
                // The host holds the match and the clocks: nothing is decided on this side.
                text +=
                    ". The host decides while you are apart: after its grace your clock runs again on "
                    "your turn";
                ask_question(Question{
                    .text = text,
                    .answers = {{ch('r'), "reconnect",
                                 [this] {
                                     say_if(net_->reconnect(match_, now()));
                                     if (ui_.message.empty()) say("connecting again...");
                                 },
                                 "connect to the host again; the game goes on where it stopped"},
                                {ch('q'), "quit", [this] { quit(); },
                                 "quit: the game is saved, and " + options_.program +
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
            if (match_.game().over() && !ui_.question) {
                handled_end_ = 0;
                after_change(false);
            }
            say(text + (available(Action::Claim) ? " (c claims it)" : ""));
            break;
        case Kind::Clock: break;
        case Kind::Dropped: say(text, true); break;
        case Kind::Started:
            net_welcomed_ = true;
            ui_.paused = match_.clock().paused();
            say(net_->role() == net::Role::Joiner
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

void App::join_failed(const std::string& why) {
    exit_status_ = 1;
    exit_message_ = why;
    if (!screen_open_) return;         // prepare() returns it: the program ends before the screen opens
    nav_.set_exit(exit_status_, why);  // the reason also goes to the terminal the player started from
    ui_.entry.reset();
    say(why, true);
    ask_question(Question{
        .text = why,
        .answers = {},
        .help = "The game could not be joined, so the program ends; the reason is printed on the terminal "
                "as well. A wrong code: check the code on the host's screen. Busy: the host has a game in "
                "progress or too many connections; try again shortly.",
        .on_other = [this] { quit(); },
        .other_label = "leave (or wait " + std::to_string(refused_hold_ms / 1000) + " s)"});
    leave_at_ = now() + refused_hold_ms;
}

std::string App::how_to_join() const {
    std::string where;
    for (const std::string& a : net_->addresses()) where += (where.empty() ? "" : " or ") + a;
    return "they join with --join " + (net_->addresses().size() == 1 ? where : "ADDRESS") + " --code " +
           net_->code_display() + (net_->addresses().size() == 1 ? "" : ", ADDRESS being " + where);
}

std::string App::net_title() const {
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
            return "network game" + (net_->round_trip() >= 0
                                         ? ", " + std::to_string(net_->round_trip()) + " ms"
                                         : std::string());
        case Phase::Gone:
        case Phase::Closed: return "disconnected";
    }
    return "";
}

void App::choose_starter(int player) {
    if (net_) return say_if(net_->choose_starter(match_, player, now()));
    match_.choose_starter(player, now());
    say(match_.name(player) + " starts round " + std::to_string(match_.round_number()));
    after_change(false);
}

void App::replay_round() {
    if (net_) return say_if(net_->replay(match_, now()));
    match_.next_round(now());
    say("round " + std::to_string(match_.round_number()) +
        " is played again: " + match_.names_by_colour()[0] + " starts");
    after_change(false);
}

}  // namespace gobblet::ui
