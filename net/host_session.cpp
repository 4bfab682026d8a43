#include "host_session.h"

#include <algorithm>

namespace gobblet::net {

Expected<std::unique_ptr<Session>> Session::host(const HostConfig& config, Match match) {
    return HostSession::open(config, std::move(match));
}

Expected<std::unique_ptr<Session>> HostSession::open(const HostConfig& c, Match match) {
    std::unique_ptr<HostSession> s(new HostSession(std::move(match)));
    if (c.code.empty()) {
        s->code_ = new_code();
    } else if (auto n = normalize_code(c.code)) {
        s->code_ = *n;
    } else {
        return Failure{"a join code has 4 to 32 letters and digits"};
    }
    if (c.remote_player != 0 && c.remote_player != 1) return Failure{"the remote player is player 0 or 1"};
    bool id_ok = c.match_id.size() == 16;
    for (char ch : c.match_id) id_ok &= (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f');
    s->match_id_ = id_ok ? c.match_id : new_match_id();
    if (c.grace < 0 || c.grace > max_clock_millis) return Failure{"the grace is 0 to 24 hours"};
    if (c.choice_time < min_starter_choice_time || c.choice_time > max_starter_choice_time)
        return Failure{"the choice of starter has 5 s to 1 hour"};
    s->referee_ = Referee(c.grace, false, max_pause, c.choice_time);
    s->local_ = 1 - c.remote_player;
    if (c.seat == SeatKind::Computer && !c.allow_help)
        return Failure{
            "a computer on your own side needs --allow-help: a network game allows no engine help otherwise, "
            "and the joiner sees the terms before it plays"};
    s->local_seat_ = c.seat;
    s->help_ = c.allow_help;
    auto listener = Listener::open(c.listen);
    if (!listener) return Failure{listener.why()};
    s->listener_ = std::move(*listener);
    return std::unique_ptr<Session>(std::move(s));
}

// ---------------------------------------------------------------------------------------------------
// The door.

void HostSession::own_fds(std::vector<pollfd>& fds) const {
    if (listener_)
        for (const Fd& fd : listener_->fds()) fds.push_back({fd.get(), POLLIN, 0});
    for (const Pending& p : pending_) fds.push_back({p.conn.fd(), p.conn.events(), 0});
}

void HostSession::own_poll(std::span<const pollfd> fds, Millis now) {
    if (listener_)
        for (const Fd& l : listener_->fds())
            if (revents_of(fds, l.get()) & POLLIN) accept_all(l.get(), now);
    for (std::size_t i = 0; i < pending_.size();) {
        Pending& p = pending_[i];
        const short r = revents_of(fds, p.conn.fd());
        bool keep = p.conn.open();
        if (r & (POLLIN | POLLHUP | POLLERR)) {
            const Expected<LineConn::Read> got = p.conn.read();
            if (got != LineConn::Read::Ok && !p.conn.input().has_line()) keep = false;  // left without a word
        }
        if (keep) keep = pending_step(p, now);
        if (keep && now >= p.deadline) {
            refuse(p, "no hello within " + std::to_string(hello_timeout / 1000) + " s",
                   "a connection from " + p.peer + " said nothing: closed");
            keep = false;
        }
        if (keep) {
            ++i;
        } else {
            room_.leave(p.id);
            pending_.erase(pending_.begin() + std::ptrdiff_t(i));
        }
    }
}

void HostSession::accept_all(int listen_fd, Millis now) {
    for (;;) {
        std::string who, source;
        Fd fd = listener_->accept(listen_fd, &who, &source);
        if (!fd) return;
        // While a game is in progress a connection still gets to say hello: it may be the same player
        // coming back before we noticed the old connection die (hello decides).
        const WaitingRoom::Room room = room_.room_for(source);
        if (room.replaced)
            turn_out(*room.replaced, "replaced by a newer connection from the same address",
                     " was replaced by a newer one from the same address");
        if (room.made_way)
            turn_out(*room.made_way, "busy: too many connections at once; try again shortly",
                     " was closed: too many at once");
        const WaitingRoom::Id id = next_id_++;
        room_.enter(id, source, now);
        pending_.push_back(Pending{id, LineConn(std::move(fd)), who, source, now + hello_timeout});
    }
}

void HostSession::turn_out(WaitingRoom::Id id, const std::string& to_peer, const std::string& to_us) {
    const auto it =
        std::find_if(pending_.begin(), pending_.end(), [&](const Pending& p) { return p.id == id; });
    if (it == pending_.end()) return;
    refuse(*it, to_peer, "a connection from " + it->peer + to_us);
    room_.leave(id);
    pending_.erase(it);
}

void HostSession::refuse(Pending& p, const std::string& to_peer, const std::string& to_us) {
    p.conn.send(format_message(Error{to_peer}));  // a fresh socket takes a line at once
    p.conn.close();
    Event e = event(Event::Kind::Refused);
    e.text = to_us;
    tell(std::move(e));
}

bool HostSession::pending_step(Pending& p, Millis now) {
    std::string line;
    switch (p.conn.input().next(line)) {
        case LineReader::Status::NeedMore: return true;
        case LineReader::Status::TooLong:
            refuse(p, line_too_long(), "a connection from " + p.peer + " sent garbage: closed");
            return false;
        case LineReader::Status::Line: break;
    }
    const auto parsed = parse_message(line);
    if (!parsed) {
        refuse(p, parsed.why(), "a connection from " + p.peer + " sent garbage: closed");
        return false;
    }
    const Hello* h = std::get_if<Hello>(&*parsed);
    if (!h) {
        refuse(p, "expected hello", "a connection from " + p.peer + " did not say hello: closed");
        return false;
    }
    hello(p, *h, now);
    return false;
}

void HostSession::hello(Pending& p, const Hello& h, Millis now) {
    if (h.version < oldest_protocol_version || h.version > protocol_version) {
        refuse(p,
               "this host speaks gobblet protocol versions " + std::to_string(oldest_protocol_version) +
                   " to " + std::to_string(protocol_version),
               "a connection from " + p.peer + " speaks another protocol version");
        return;
    }
    switch (guesses_.allow(p.source, now)) {
        case GuessGuard::Verdict::Allowed: break;
        case GuessGuard::Verdict::ThisSource:
            refuse(p, "too many wrong codes lately: wait a minute and try again",
                   "a connection from " + p.peer + " was turned away: too many wrong codes lately");
            return;
        case GuessGuard::Verdict::Everyone:
            refuse(
                p, "too many wrong codes from many addresses lately: wait a minute and try again",
                "a connection from " + p.peer + " was turned away: too many wrong codes from many addresses");
            return;
    }
    if (!same_code(h.code, code_)) {
        guesses_.charge(p.source, now);
        refuse(p, wrong_code_reason, "a connection from " + p.peer + " gave a wrong code");
        return;
    }
    if (phase_ != Phase::Listening) {
        // Only the player of this match (right code, and holding the match) replaces a connection.
        if (h.holds != match_id_) {
            refuse(p, "busy: a game is in progress",
                   "a connection from " + p.peer + " was refused: a game is in progress");
            return;
        }
        lose(Event::Kind::Gone, peer_label() + " came back on a new connection", now);
    }
    const Match& m = match_;
    const int remote = remote_player();
    // An older joiner has no terms (no help, and it is held to it; its screen says the default limit).
    const auto terms = HostCore::terms_for(h.version, help_, referee_.choice_limit());
    if (const auto lines = HostCore::welcome_lines(m, match_id_, remote, terms, local_seat_, now, h.version);
        !lines) {
        refuse(p, lines.why(), "the match is too long to send to " + p.peer);
        return;
    }
    link_.start(std::move(p.conn), now);
    for (Pending& other : pending_)
        if (other.conn.open() && &other != &p)
            refuse(other, "busy: a game is in progress",
                   "a connection from " + other.peer + " was refused: busy");
    peer_name_ = h.name.empty() ? m.name(remote) : h.name;
    resuming_ = h.holds == match_id_;
    peer_version_ = h.version;
    peer_seat_ = SeatKind::Human;
    Event joined = event(Event::Kind::Joined, remote);
    joined.text = peer_name_;
    emit(std::move(joined), now);

    // The names as the joiner gave them: the lines again, now that they are the match's.
    const auto lines = HostCore::welcome_lines(match_, match_id_, remote, terms, local_seat_, now, h.version);
    for (const Message& msg : *lines) send(msg, now);
    phase_ = Phase::Welcoming;
    link_.next_step(now);
}

void HostSession::take(const Message& msg, Millis now) {
    const auto unexpected = [&](const char* when) {
        fail(std::string("unexpected ") + verb(msg) + " " + when, now);
    };
    switch (phase_) {
        case Phase::Welcoming:
            if (stage_of(msg) != Stage::Sync)
                return fail(std::string("expected sync, not ") + verb(msg), now);
            if (!HostCore::sync_matches(match_, std::get<Sync>(msg), peer_version_))
                return fail("the joiner's transcript does not match ours", now);
            return go(now);
        case Phase::Playing:
            // A handler for each message of play (the table's stage); a new one without one does not
            // compile. The rest is common()'s or the handshake's, over by now.
            return std::visit(Overload{
                                  [&](const Act& a) { core_.request(remote_player(), a, now); },
                                  [&](const Offer& o) { core_.offer(remote_player(), o, now); },
                                  [&](const Answer& a) { (void)core_.answer(remote_player(), a, now); },
                                  // What only a host says during play, from the joiner: all at once.
                                  [&](const PlayFrom<Sender::Host> auto&) { unexpected("during play"); },
                                  [&](const Chat&) { unexpected("during play"); },  // common()'s
                                  [&](const NotInStage<Stage::Play> auto&) { unexpected("during play"); },
                              },
                              msg);
        default: return;
    }
}

void HostSession::go(Millis now) {
    Match copy = match_;
    // The clocks run again unless a pause agreed before the drop still stands.
    if (referee_.player_back(remote_player(), now)) copy.clock().resume(now);
    copy.sync_clock(now);
    const GameClock::State s = copy.clock().state(now);
    Event e = started(s, now);
    send(Go{s}, now);
    emit(std::move(e), now);
}

Expected<void> HostSession::seat_allowed(SeatKind kind) const {
    // The terms bind the joiner too: a peer of an older version that never heard them is refused.
    if (kind == SeatKind::Computer && !help_)
        return Failure{
            "a computer on the joiner's seat: this game allows no engine help (the host's --allow-help "
            "would)"};
    return {};
}

HostSession::Phase HostSession::lost(Event& e, bool was_playing, Millis now) {
    if (!listener_) return Phase::Closed;
    const int remote = remote_player();
    if (was_playing) {
        // The joiner is away from now until the next go; the clocks stop for what is left of their
        // grace, or run on when none is.
        referee_.player_left(match_, remote, now);
        if (!referee_.holds(now)) e.clock = match_.clock().state(now);
    } else if (referee_.absence(remote) && referee_.reported_stage(remote) != AbsenceStage::Grace) {
        // A return that did not get as far as play: the absence goes on, and the clocks with it.
        e.clock = match_.clock().state(now);
    }
    return Phase::Listening;
}

void HostSession::closing() {
    pending_.clear();
    room_.clear();
    listener_.reset();
}

// ---------------------------------------------------------------------------------------------------
// Time.

bool HostSession::times_choice() const {
    // At play, or while the joiner is away (not while they are coming back: a fact would cross the
    // handshake; the choice is decided at their go if its time ran out meanwhile).
    return phase_ == Phase::Playing || (phase_ == Phase::Listening && referee_.absence(remote_player()));
}

void HostSession::standing_timers(Millis now) {
    const int remote = remote_player();
    if (referee_.absence(0) || referee_.absence(1)) {
        core_.absence_timers(now);
        if (phase_ == Phase::Listening && referee_.absence(remote) &&
            referee_.reported_stage(remote) == AbsenceStage::ClockRuns)
            clock_timers(now);
    }
    if (times_choice()) core_.choice_timers(now);
}

void HostSession::play_timers(Millis now) {
    core_.pause_timers(now);
    clock_timers(now);
}

void HostSession::clock_timers(Millis now) {
    if (clock_wait(now) == Millis(0)) core_.clock_timers(now);
}

void HostSession::standing_waits(Soonest& soonest, Millis now) const {
    for (const Pending& p : pending_) {
        soonest.at(p.deadline - now);
        if (p.conn.input().has_line()) soonest.at(0);
    }
    if (times_choice()) soonest.also(referee_.choice_until_next(match_, now));
    // While the joiner is away after the grace, the clocks run without them.
    if ((referee_.absence(0) || referee_.absence(1)) && phase_ == Phase::Listening &&
        referee_.reported_stage(remote_player()) != AbsenceStage::Grace)
        if (const auto t = clock_wait(now)) soonest.also(*t);
}

void HostSession::play_waits(Soonest& soonest, Millis now) const {
    soonest.also(referee_.pause_until_next(now));
    if (const auto t = clock_wait(now)) soonest.also(*t);
}

// ---------------------------------------------------------------------------------------------------
// What the local player does.

bool HostSession::can_play() const {
    // The player who stayed plays on whatever the absent one does: during the grace too.
    return phase_ == Phase::Playing || (phase_ == Phase::Listening && referee_.absence(remote_player()));
}

Expected<void> HostSession::local_act(Act a, Millis now) { return core_.decide(a, local_, now); }

Expected<void> HostSession::answer_offer(OfferKind kind, int state, bool yes, Millis now) {
    const Referee::AnswerRuling r = core_.answer(local_, Answer{state, kind, yes}, now);
    if (yes && !r.outcome) return Failure{"the offer no longer applies"};
    return {};
}

Expected<void> HostSession::replay(Millis now) {
    if (auto ok = may_play(); !ok) return ok;
    if (match_.phase() != MatchPhase::Replay) return Failure{"no drawn round to play again"};
    Act a;
    a.kind = Act::Kind::Replay;
    return core_.decide(a, -1, now);
}

Expected<void> HostSession::reconnect(Millis) {
    return Failure{"only the joiner reconnects; the host keeps listening"};
}

Expected<void> HostSession::reconnect_taking_host(Millis) {
    return Failure{"only the joiner reconnects; the host keeps listening"};
}

void HostSession::await_return(Millis now) {
    if (phase_ != Phase::Listening || match_.phase() == MatchPhase::Over) return;
    const int remote = remote_player();
    referee_.set_paused_by_agreement(match_.clock().paused(), now);  // as saved
    referee_.player_left(match_, remote, now);
    Match copy = match_;
    copy.clock().pause(now);
    Event c = event(Event::Kind::Clock);
    c.clock = copy.clock().state(now);
    emit(std::move(c), now);
    Event a = event(Event::Kind::Absence, remote);
    a.text = absence_text(match_, remote, *referee_.absence(remote), now);
    emit(std::move(a), now);
}

Expected<void> HostSession::set_code(std::string_view) { return Failure{"only a joiner gives a code"}; }

Expected<void> HostSession::peer_takes_gifts() const {
    if (peer_version_ >= gifts_version) return {};
    return Failure{peer_label() + "'s program is older (protocol version " + std::to_string(peer_version_) +
                   "): it takes no gifts of time"};
}

Expected<void> HostSession::claim(Millis now, bool draw) {
    if (phase_ == Phase::Playing) return Failure{peer_label() + " is here: there is nothing to claim"};
    const int absent = remote_player();
    const auto& away = referee_.absence(absent);
    if (!away) return Failure{"nobody is away: there is nothing to claim"};
    if (phase_ != Phase::Listening) return Failure{peer_label() + " is coming back"};
    if (const Expected<void> claim = may_claim(match_, absent, *away, now); !claim) return claim;
    Act a;
    a.kind = Act::Kind::Claim;
    a.side = match_.colour_of(absent);
    a.draw = draw;
    return core_.decide(a, local_, now);
}

std::vector<std::string> HostSession::addresses() const {
    return listener_ ? listener_->addresses() : std::vector<std::string>{};
}

int HostSession::port() const { return listener_ ? listener_->port() : 0; }

// ---------------------------------------------------------------------------------------------------
// The host core's words: to the one joiner, and to our own player as events.

void HostSession::carry_out(const Referee::Ruling& r, Millis now) {
    send(r.fact, now);
    Event e = event(Event::Kind::Act, r.actor);
    e.act = r.fact;
    if (r.fact.kind == Act::Kind::Resume && referee_.pause_due(now))
        e.text = pause_over_text(referee_.pause_limit());
    emit(std::move(e), now);
    // The rule's starter, of the round it started (the match now has it), with the limit this host keeps.
    if (r.fact.kind == Act::Kind::Starter && r.actor < 0)
        last_event().text = match_.rule_starter_text(referee_.choice_limit());
    report_lapses(r.lapsed, now);
}

void HostSession::broken(int player, const std::string& why, Millis now) {
    if (player == remote_player()) fail(why, now);  // our own player's refusals are returned to them
}

void HostSession::offered(int by, OfferKind kind, Millis now) {
    if (by != remote_player()) return send(Offer{referee_.state(), kind}, now);
    Event e = event(Event::Kind::Offered, by);
    e.offer = kind;
    emit(std::move(e), now);
}

void HostSession::declined(int by, OfferKind kind, Millis now) {
    // Declined at once, in the rule's name: the host's player never hears of it.
    if (by == remote_player()) send(Answer{referee_.state(), kind, false}, now);
}

void HostSession::answered(int by, OfferKind kind, bool yes, bool agreed, Millis now) {
    if (by != remote_player()) return send(Answer{referee_.state(), kind, agreed}, now);
    Event e = event(Event::Kind::Answered, by);
    e.offer = kind;
    e.yes = yes;
    emit(std::move(e), now);
}

void HostSession::clocks_run(Millis at, Millis now) {
    // The clocks run again from the grace's end, as they stood at the drop (the grace does not count).
    // Without a clock this only lifts the drop's pause, so moves can be made.
    Match copy = match_;
    copy.clock().resume(at);
    Event e = event(Event::Kind::Clock);
    e.clock = copy.clock().state(now);
    emit(std::move(e), now);
}

void HostSession::chunk(const GameClock::State& reading, Millis now) {
    send(Clock{reading}, now);
    Event e = event(Event::Kind::Clock);
    e.clock = reading;
    emit(std::move(e), now);
}

void HostSession::absence_stage(const Referee::StageNews& n, Millis now) { report_stage(n, now); }

}  // namespace gobblet::net
