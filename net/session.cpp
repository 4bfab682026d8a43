#include "session.h"

#include <algorithm>

#include "engine/notation.h"

namespace gobblet::net {

namespace {

// Whether an event changes the match (so the shadow must follow it).
bool changes_match(Event::Kind k) {
    switch (k) {
        case Event::Kind::Joined:
        case Event::Kind::Welcomed:
        case Event::Kind::Started:
        case Event::Kind::Act:
        case Event::Kind::Clock:
        case Event::Kind::Gone:
        case Event::Kind::Error: return true;
        default: return false;
    }
}

// Where an absence stands, for a spectator (absence_text speaks to the player who stayed).
std::string watched_absence_text(const Match& m, int absent, const Absence& a, Millis now) {
    const std::string& name = m.name(absent);
    switch (a.stage(now)) {
        case AbsenceStage::Grace: return name + " is away: play stands until the grace is over";
        case AbsenceStage::ClockRuns: return name + " is away: the clocks run";
        case AbsenceStage::Waiting: return name + " is away: play goes on without them";
        case AbsenceStage::ClaimAllowed:
            return name + " is away: " + m.name(1 - absent) + " may claim the round";
    }
    return {};
}

}  // namespace

Event Session::event(Event::Kind k, int player) {
    Event e;
    e.kind = k;
    e.player = player;
    return e;
}

Session::~Session() = default;

// ---------------------------------------------------------------------------------------------------
// The poll loop.

void Session::pollfds(std::vector<pollfd>& fds) const {
    own_fds(fds);
    if (link_.open()) fds.push_back({link_.fd(), link_.events(), 0});
}

void Session::emit(Event e, Millis now) {
    if (!changes_match(e.kind)) return events_.push_back(std::move(e));
    // A clock reading that moved a DM chunk from a reserve is said as a local game says it.
    const std::optional<Color> running =
        e.kind == Event::Kind::Clock ? match_.clock().running() : std::nullopt;
    const Millis reserve_before = running ? match_.clock().reserve_left(*running) : 0;
    // The session decided or checked the change: the match takes it (a refusal is the session's bug, said
    // with the event rather than lost).
    if (const Expected<void> applied = apply(match_, e, now); !applied) e.not_applied = applied.why();
    if (running && match_.clock().reserve_left(*running) < reserve_before)
        e.text = match_.chunk_text(*running, reserve_before);
    events_.push_back(std::move(e));
}

std::optional<Event> Session::next_event() {
    if (events_.empty()) return std::nullopt;
    Event e = std::move(events_.front());
    events_.pop_front();
    return e;
}

void Session::on_poll(std::span<const pollfd> fds, Millis now) {
    own_poll(fds, now);
    // A line that changed the match ends the call, before the timers too: the caller takes its events
    // and sees the match as that line left it (until_next is then 0 while lines wait).
    if (link_.open() && peer_io(revents_of(fds, link_.fd()), now)) return;
    timers(now);
}

short Session::revents_of(std::span<const pollfd> fds, int fd) {
    for (const pollfd& p : fds)
        if (p.fd == fd) return p.revents;
    return 0;
}

Millis Session::until_next(Millis now) const {
    Soonest soonest;
    standing_waits(soonest, now);
    if (referee_.absence(0) || referee_.absence(1)) {
        if (referee_.absence_news_due(now)) soonest.at(0);
        soonest.also(referee_.absence_until_next(now));
    }
    if (!link_.open()) return soonest.get();
    if (link_.has_line()) soonest.at(0);
    if (in_handshake()) soonest.at(link_.deadline() - now);
    if (phase_ != Phase::Playing) return soonest.get();
    soonest.at(link_.until_keep_alive(now));
    play_waits(soonest, now);
    return soonest.get();
}

std::optional<Millis> Session::clock_wait(Millis now) const {
    if (match_.game().over() || !match_.clock().enabled()) return std::nullopt;
    return match_.clock().until_event(now);
}

bool Session::in_handshake() const {
    return phase_ == Phase::Greeting || phase_ == Phase::Welcoming || phase_ == Phase::Syncing;
}

bool Session::peer_io(short revents, Millis now) {
    const LineTurn turn = link_.take(revents, now, [&](const std::string& line) {
        const auto parsed = parse_message(line);
        if (!parsed) {
            fail(parsed.why(), now);
            return false;
        }
        const std::size_t before = events_.size();
        handle(*parsed, now);
        const auto changed = [&](const Event& e) { return changes_match(e.kind); };
        return std::none_of(events_.begin() + std::ptrdiff_t(before), events_.end(), changed);
    });
    switch (turn.end) {
        case LineTurn::End::Open: return false;
        case LineTurn::End::Stopped: return true;
        case LineTurn::End::TooLong: fail(line_too_long(), now); return true;
        case LineTurn::End::Failed:
            lose(Event::Kind::Gone,
                 "the connection to " + host_label() + " failed" + (turn.why.empty() ? "" : ": " + turn.why),
                 now);
            return true;
        case LineTurn::End::Closed:
            lose(Event::Kind::Gone,
                 host_label() + " closed the connection" + (turn.mid_line ? " in the middle of a line" : ""),
                 now);
            return true;
    }
    return true;
}

void Session::timers(Millis now) {
    standing_timers(now);
    if (!link_.open()) return;
    if (in_handshake()) {
        if (now >= link_.deadline())
            fail(std::string("no sign of ") + awaited() + " within " +
                     std::to_string(handshake_timeout / 1000) + " s",
                 now);
        return;
    }
    if (phase_ != Phase::Playing) return;
    if (link_.silent(now)) {
        lose(Event::Kind::Gone,
             "no word from " + host_label() + " for " + std::to_string(dead_after / 1000) + " s", now);
        return;
    }
    if (link_.ping_due(now) && !link_.ping(now))
        lose(Event::Kind::Gone, "the connection to " + host_label() + " failed", now);
    play_timers(now);
}

void Session::send(const Message& m, Millis now) {
    // Queued output beyond the limit means the peer stopped reading; a write error, that it is gone.
    if (!link_.send(m, now)) lose(Event::Kind::Gone, "the connection to " + host_label() + " failed", now);
}

void Session::lose(Event::Kind kind, const std::string& text, Millis now, bool on_purpose) {
    const bool was_playing = phase_ == Phase::Playing;
    Event e = event(kind, remote_player());
    e.text = text;
    e.on_purpose = on_purpose;
    const Phase after = lost(e, was_playing, now);
    link_.close();
    referee_.clear_offers();
    phase_ = after;
    emit(std::move(e), now);
}

void Session::fail(const std::string& reason, Millis now) {
    link_.say_last(Error{reason});
    lose(Event::Kind::Error, "protocol error from " + host_label() + ": " + reason, now);
}

void Session::report_lapses(const std::vector<Referee::Lapse>& lapsed, Millis now) {
    for (const Referee::Lapse& l : lapsed) {
        Event e = event(Event::Kind::Lapsed, l.player);
        e.offer = l.kind;
        emit(std::move(e), now);
    }
}

void Session::report_stage(const Referee::StageNews& n, Millis now) {
    Event e = event(Event::Kind::Absence, n.player);
    const Absence& away = *referee_.absence(n.player);
    e.text = watching() ? watched_absence_text(match_, n.player, away, now)
                        : absence_text(match_, n.player, away, now);
    emit(std::move(e), now);
}

Event Session::started(const GameClock::State& clock, Millis now) {
    referee_.restart(0);
    phase_ = Phase::Playing;
    link_.play(now);
    Event e = event(Event::Kind::Started, remote_player());
    e.clock = clock;
    e.resumed = resuming_;
    return e;
}

// ---------------------------------------------------------------------------------------------------
// Messages.

bool Session::common(const Message& msg, Millis now) {
    if (const auto* p = std::get_if<Ping>(&msg)) {
        send(Pong{p->token}, now);
    } else if (const auto* q = std::get_if<Pong>(&msg)) {
        link_.pong(q->token, now);
    } else if (const auto* c = std::get_if<Chat>(&msg)) {
        Event e = event(Event::Kind::Chat, remote_player());
        e.text = c->text;
        emit(std::move(e), now);
    } else if (const auto* s = std::get_if<Seat>(&msg)) {
        if (Expected<void> allowed = seat_allowed(s->kind); !allowed) {
            fail(allowed.why(), now);
            return true;
        }
        peer_seat_ = s->kind;
        Event e = event(Event::Kind::Seat, remote_player());
        e.seat = s->kind;
        emit(std::move(e), now);
    } else if (const auto* b = std::get_if<Bye>(&msg)) {
        lose(Event::Kind::Gone, host_label() + " left" + (b->reason.empty() ? "" : ": " + b->reason), now,
             true);
    } else if (const auto* e = std::get_if<Error>(&msg)) {
        lose(Event::Kind::Error, reporter() + ": " + (e->reason.empty() ? "an error" : e->reason), now);
    } else {
        return false;
    }
    return true;
}

void Session::handle(const Message& msg, Millis now) {
    // Play's messages (the table's stage: acts, offers, chat...) only once play has started.
    if (stage_of(msg) == Stage::Play && phase_ != Phase::Playing)
        return fail(std::string(verb(msg)) + " before the game started", now);
    // Keep-alives, goodbyes and errors at any time; seat changes too, and chat during play; except where
    // this kind of session takes the line itself (route).
    switch (route(msg, now)) {
        case Route::Handled: return;
        case Route::Common:
            if (common(msg, now)) return;
            break;
        case Route::Own: break;
    }
    take(msg, now);
}

// ---------------------------------------------------------------------------------------------------
// What the local player does.

Expected<void> Session::connected() const {
    switch (phase_) {
        case Phase::Playing: return {};
        case Phase::Listening:
            return Failure{referee_.absence(remote_player()) ? peer_label() + " is away"
                                                             : "waiting for the other player to join"};
        case Phase::Connecting:
        case Phase::Greeting:
        case Phase::Welcoming:
        case Phase::Syncing: return Failure{"still connecting"};
        case Phase::Gone: return Failure{"not connected: reconnect first"};
        case Phase::Closed: return Failure{"the network game is over"};
    }
    return Failure{"not connected"};
}

Expected<void> Session::may_play() const {
    if (can_play()) return {};
    return connected();
}

Failure<> Session::spectator_refusal(const char* what) {
    return Failure{std::string("you are watching: a spectator ") + what};
}

Expected<void> Session::move(const MoveSpec& spec, Millis now) {
    if (watching()) return spectator_refusal("makes no moves");
    if (auto ok = may_play(); !ok) return ok;
    const Match& m = match_;
    const Game& g = m.game();
    if (g.over()) return Failure{"the round is over"};
    if (referee_.paused_by_agreement()) return Failure{"the game is paused"};
    if (m.player_of(g.side_to_move()) != local_) return Failure{"it is " + peer_label() + "'s turn"};
    if (auto ok = may_request(); !ok) return ok;
    Game copy = g;
    if (const Expected<void> played = copy.play(spec); !played) return played;
    Act a;
    a.kind = Act::Kind::Move;
    a.number = int(g.moves().size()) + 1;
    a.move = move_name(copy.moves().back(), g.side_to_move());
    return local_act(a, now);
}

Expected<void> Session::touch(Square square, Millis now) {
    if (watching()) return spectator_refusal("touches no pieces");
    if (auto ok = may_play(); !ok) return ok;
    Act a;
    a.kind = Act::Kind::Touch;
    a.square = square;
    a.state = referee_.state();
    if (auto ok = referee_.request_allowed(match_, a, local_, now); !ok) return ok;
    return local_act(a, now);
}

Expected<void> Session::resign(Millis now) {
    if (watching()) return spectator_refusal("has nothing to resign");
    if (auto ok = may_play(); !ok) return ok;
    Act a;
    a.kind = Act::Kind::Resign;
    a.side = match_.colour_of(local_);
    if (match_.game().over()) return Failure{"the round is over"};
    return local_act(a, now);
}

Expected<void> Session::may_give_time() const {
    if (watching()) return spectator_refusal("gives no time");
    if (auto ok = may_play(); !ok) return ok;
    if (auto ok = referee_.may_give(match_, local_); !ok) return ok;
    return peer_takes_gifts();
}

Expected<void> Session::give_time(Millis now) {
    if (auto ok = may_give_time(); !ok) return ok;
    if (auto ok = may_request(); !ok) return ok;
    Act a;
    a.kind = Act::Kind::MoreTime;
    a.side = match_.colour_of(remote_player());
    return local_act(a, now);
}

Expected<void> Session::may_offer(OfferKind kind) const {
    if (watching()) return spectator_refusal("makes no offers");
    if (auto ok = connected(); !ok) return ok;
    if (referee_.absence(remote_player()))
        return Failure{peer_label() + " is away: offers wait until they are back"};
    // The rules of fair play (net/referee.h), the same the host applies: refused here with the reason,
    // never sent to be declined there.
    return referee_.may_offer(match_, local_, kind);
}

Expected<void> Session::offer(OfferKind kind, Millis now) {
    if (auto ok = may_offer(kind); !ok) return ok;
    (void)referee_.take_offer(match_, local_, kind, referee_.state());  // it stands: checked just above
    send(Offer{referee_.state(), kind}, now);
    return {};
}

Expected<void> Session::answer(bool yes, Millis now) {
    if (watching()) return spectator_refusal("has no offer to answer");
    if (auto ok = connected(); !ok) return ok;
    const auto theirs = referee_.pending(remote_player());
    if (!theirs) return Failure{"there is no offer to answer"};
    return answer_offer(*theirs, referee_.state(), yes, now);
}

Expected<void> Session::choose_starter(int player, Millis now) {
    if (watching()) return spectator_refusal("chooses no starter");
    if (auto ok = may_play(); !ok) return ok;
    if (player != 0 && player != 1) return Failure{"the starter is player 0 or 1"};
    Act a;
    a.kind = Act::Kind::Starter;
    a.number = player;
    if (auto ok = referee_.request_allowed(match_, a, local_, now); !ok) return ok;
    return local_act(a, now);
}

Expected<void> Session::set_seat(SeatKind kind, Millis now) {
    if (watching()) return spectator_refusal("has no seat");
    if (kind == SeatKind::Remote) return Failure{"a seat is a person or this machine's computer"};
    local_seat_ = kind;
    // (Inside the welcome the seat waits: it goes out with the sync.)
    if (link_.open() && phase_ != Phase::Greeting) send(Seat{kind}, now);
    return {};
}

Expected<void> Session::chat(std::string_view text, Millis now) {
    if (watching()) return spectator_refusal("does not speak to the players");
    if (auto ok = connected(); !ok) return ok;
    if (referee_.absence(remote_player())) return Failure{peer_label() + " is away: nobody would read it"};
    const std::string clean = clean_text(text, max_text);
    if (clean.empty()) return Failure{"nothing to say"};
    send(Chat{clean}, now);
    return {};
}

void Session::leave(std::string_view reason, Millis now) {
    if (link_.open()) {
        send(Bye{std::string(reason)}, now);
        link_.flush();
    }
    link_.close();
    closing();
    referee_.clear_offers();
    phase_ = Phase::Closed;
}

std::optional<OfferKind> Session::pending_offer(int player) const { return referee_.pending(player); }

}  // namespace gobblet::net
