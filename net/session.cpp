#include "session.h"

#include "engine/notation.h"

namespace gobblet::net {

namespace {

Event event(Event::Kind k, int player = -1) {
    Event e;
    e.kind = k;
    e.player = player;
    return e;
}

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

std::string request_name(const Act& a) {
    switch (a.kind) {
        case Act::Kind::Move: return "move " + a.move;
        case Act::Kind::Touch: return "touch of " + square_name(a.square);
        case Act::Kind::Resign: return "resignation";
        case Act::Kind::Starter: return "choice of starter";
        default: return act_word(a.kind);
    }
}

// What happened between the match a returning joiner held and the host's, which continues it: "Liam
// played W3B2; Eamon left and did not come back: Liam wins". "" when nothing did.
std::string news_since(const Match& held, const Match& host) {
    std::string out;
    const auto add = [&out](const std::string& part) { out += (out.empty() ? "" : "; ") + part; };
    const std::size_t first = held.rounds().size() - 1;
    for (std::size_t i = first; i < host.rounds().size(); ++i) {
        const Round& r = host.rounds()[i];
        const bool known_round = i == first;
        if (!known_round) add("round " + std::to_string(r.number) + " began");
        const std::size_t known = known_round ? held.rounds()[i].game.moves().size() : 0;
        Game replay(r.game.variant());
        for (std::size_t k = 0; k < r.game.moves().size(); ++k) {
            const Color side = replay.side_to_move();
            if (k >= known)
                add(host.name(side == Color::White ? r.white : 1 - r.white) + " played " +
                    move_name(r.game.moves()[k], side));
            (void)replay.play(r.game.moves()[k]);  // the host's own moves, legal again
        }
        if (r.game.over() && !(known_round && held.rounds()[i].game.over())) add(host.round_result_text(i));
    }
    return out;
}

// A match a joiner holds that it would miss: moves played in it (or rounds behind them), not over.
bool unfinished_moves(const Match& m) {
    return m.phase() != MatchPhase::Over && (m.rounds().size() > 1 || !m.game().moves().empty());
}

// A match in a few words, for a joiner choosing between two: "Liam against Eamon, 12 moves, round 2".
std::string match_summary(const Match& m) {
    const std::size_t moves = m.game().moves().size();
    std::string out = m.name(0) + " against " + m.name(1) + ", " + std::to_string(moves) +
                      (moves == 1 ? " move" : " moves");
    if (!m.single_game()) out += ", round " + std::to_string(m.round_number());
    if (m.phase() == MatchPhase::Over) out += ", over";
    return out;
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

Session::~Session() = default;

Expected<std::unique_ptr<Session>> Session::host(const HostConfig& c, Match match) {
    std::unique_ptr<Session> s(new Session());
    s->role_ = Role::Host;
    s->match_ = std::move(match);
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
    s->referee_ = Referee(c.grace);
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
    s->phase_ = Phase::Listening;
    return s;
}

Expected<std::unique_ptr<Session>> Session::join(const JoinConfig& c, Match shown, Millis now) {
    const auto fail = [](std::string w) { return Failure{std::move(w)}; };
    std::unique_ptr<Session> s(new Session());
    s->role_ = Role::Joiner;
    s->match_ = std::move(shown);
    const auto code = normalize_code(c.code);
    if (!code) return fail("a join code has 4 to 32 letters and digits");
    if (!c.host.is_unix() && c.host.host.empty()) return fail("say which host to join, as HOST:PORT");
    if (!c.host.is_unix() && c.host.port == 0)
        return fail("port 0 cannot be joined: give the port the host shows");
    s->code_ = *code;
    s->join_ = c;
    s->watch_ = c.watch;
    s->hosted_ = c.hosted || c.watch;
    s->local_ = 1;
    s->local_seat_ = c.seat;
    s->match_id_ = c.held ? c.held_id : "";
    s->referee_ = Referee(default_grace, c.rated);  // the joiner checks its own offers by the terms
    s->phase_ = Phase::Connecting;
    switch (s->connector_.start(c.host, now, c.from)) {
        case Connector::Status::Failed: return fail(s->connector_.error());
        case Connector::Status::Connected: s->joiner_connected(now); break;
        case Connector::Status::Pending: break;
    }
    return s;
}

// ---------------------------------------------------------------------------------------------------
// The poll loop.

void Session::pollfds(std::vector<pollfd>& fds) const {
    if (listener_)
        for (const Fd& fd : listener_->fds()) fds.push_back({fd.get(), POLLIN, 0});
    for (const Pending& p : pending_) fds.push_back({p.conn.fd(), p.conn.events(), 0});
    if (phase_ == Phase::Connecting && connector_.fd() >= 0) fds.push_back({connector_.fd(), POLLOUT, 0});
    if (peer_.open()) fds.push_back({peer_.fd(), peer_.events(), 0});
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
    const auto revents_of = [&](int fd) -> short {
        for (const pollfd& p : fds)
            if (p.fd == fd) return p.revents;
        return 0;
    };
    if (listener_)
        for (const Fd& l : listener_->fds())
            if (revents_of(l.get()) & POLLIN) accept_all(l.get(), now);
    for (std::size_t i = 0; i < pending_.size();) {
        Pending& p = pending_[i];
        const short r = revents_of(p.conn.fd());
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
        if (keep)
            ++i;
        else
            pending_.erase(pending_.begin() + std::ptrdiff_t(i));
    }
    if (phase_ == Phase::Connecting) {
        switch (connector_.on_poll(revents_of(connector_.fd()), now)) {
            case Connector::Status::Connected: joiner_connected(now); break;
            case Connector::Status::Failed: lose(Event::Kind::Gone, connector_.error(), now); break;
            case Connector::Status::Pending: break;
        }
    }
    // A line that changed the match ends the call, before the timers too: the caller takes its events
    // and sees the match as that line left it (until_next is then 0 while lines wait).
    if (peer_.open() && peer_io(revents_of(peer_.fd()), now)) return;
    timers(now);
}

Millis Session::until_next(Millis now) const {
    Soonest soonest;
    const Match& m = match_;
    for (const Pending& p : pending_) {
        soonest.at(p.deadline - now);
        if (p.conn.input().has_line()) soonest.at(0);
    }
    if (phase_ == Phase::Connecting) soonest.also(connector_.until_next(now));
    const auto clock_due = [&] {
        if (m.game().over() || !m.clock().enabled()) return;
        const Millis t = m.clock().until_event(now);
        if (t > 0) {
            soonest.at(t);
        } else if (t == 0) {
            GameClock c = m.clock();
            // The joiner does not decide flags: it waits for the host's word instead of spinning.
            if (role_ == Role::Host || !c.update(now).flagged) soonest.at(0);
        }
    };
    if (times_choice()) soonest.also(referee_.choice_until_next(m, now));
    if (referee_.absence(0) || referee_.absence(1)) {
        if (referee_.absence_news_due(now)) soonest.at(0);
        soonest.also(referee_.absence_until_next(now));
        if (role_ == Role::Host && phase_ == Phase::Listening &&
            referee_.reported_stage(remote_player()) != AbsenceStage::Grace)
            clock_due();
    }
    if (!peer_.open()) return soonest.get();
    if (peer_.input().has_line()) soonest.at(0);
    if (phase_ == Phase::Greeting || phase_ == Phase::Welcoming || phase_ == Phase::Syncing)
        soonest.at(deadline_ - now);
    if (phase_ != Phase::Playing) return soonest.get();
    soonest.at(last_received_ + dead_after - now);
    soonest.at(last_sent_ + ping_after - now);
    if (role_ == Role::Host) soonest.also(referee_.pause_until_next(now));
    clock_due();
    return soonest.get();
}

void Session::accept_all(int listen_fd, Millis now) {
    for (;;) {
        std::string who, source;
        Fd fd = listener_->accept(listen_fd, &who, &source);
        if (!fd) return;
        // While a game is in progress a connection still gets to say hello: it may be the same player
        // coming back before we noticed the old connection die (host_hello decides).
        for (std::size_t i = 0; i < pending_.size(); ++i) {
            if (pending_[i].source != source) continue;
            refuse(pending_[i], "replaced by a newer connection from the same address",
                   "a connection from " + pending_[i].peer +
                       " was replaced by a newer one from the same address");
            pending_.erase(pending_.begin() + std::ptrdiff_t(i));
            break;  // there is at most one per source
        }
        if (pending_.size() >= max_pending) {
            refuse(pending_.front(), "busy: too many connections at once; try again shortly",
                   "a connection from " + pending_.front().peer + " was closed: too many at once");
            pending_.erase(pending_.begin());
        }
        pending_.push_back(Pending{LineConn(std::move(fd)), who, source, now + hello_timeout});
    }
}

void Session::refuse(Pending& p, const std::string& to_peer, const std::string& to_us) {
    p.conn.send(format_message(Error{to_peer}));  // a fresh socket takes a line at once
    p.conn.close();
    Event e = event(Event::Kind::Refused);
    e.text = to_us;
    events_.push_back(std::move(e));
}

bool Session::pending_step(Pending& p, Millis now) {
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
    const Hello* hello = std::get_if<Hello>(&*parsed);
    if (!hello) {
        refuse(p, "expected hello", "a connection from " + p.peer + " did not say hello: closed");
        return false;
    }
    host_hello(p, *hello, now);
    return false;
}

void Session::host_hello(Pending& p, const Hello& h, Millis now) {
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
        refuse(p, "wrong join code", "a connection from " + p.peer + " gave a wrong code");
        return;
    }
    if (phase_ != Phase::Listening) {
        // Only the player of this match (right code, and holding the match) replaces a connection.
        if (h.holds != match_id_ || role_ != Role::Host) {
            refuse(p, "busy: a game is in progress",
                   "a connection from " + p.peer + " was refused: a game is in progress");
            return;
        }
        lose(Event::Kind::Gone, peer_label() + " came back on a new connection", now);
    }
    const Match& m = match_;
    const int remote = remote_player();
    // An older joiner has no terms (no help, and it is held to it).
    const auto terms = h.version >= 3 ? std::optional<Terms>(Terms{help_}) : std::nullopt;
    if (const auto lines = HostCore::welcome_lines(m, match_id_, remote, terms, local_seat_, now); !lines) {
        refuse(p, lines.why(), "the match is too long to send to " + p.peer);
        return;
    }
    peer_ = std::move(p.conn);
    for (Pending& other : pending_)
        if (other.conn.open() && &other != &p)
            refuse(other, "busy: a game is in progress",
                   "a connection from " + other.peer + " was refused: busy");
    peer_name_ = h.name.empty() ? m.name(remote) : h.name;
    resuming_ = h.holds == match_id_;
    peer_seat_ = SeatKind::Human;
    Event joined = event(Event::Kind::Joined, remote);
    joined.text = peer_name_;
    emit(std::move(joined), now);

    // The names as the joiner gave them: the lines again, now that they are the match's.
    const auto lines = HostCore::welcome_lines(match_, match_id_, remote, terms, local_seat_, now);
    for (const Message& msg : *lines) send(msg, now);
    phase_ = Phase::Welcoming;
    deadline_ = now + handshake_timeout;
    last_received_ = now;
}

void Session::joiner_connected(Millis now) {
    peer_ = LineConn(connector_.take());
    incoming_ = {};
    phase_ = Phase::Greeting;
    deadline_ = now + handshake_timeout;
    last_received_ = now;
    // A spectator holds nothing: it takes the match as the host has it.
    const bool holds = join_.held && !join_.held_id.empty() && !watch_;
    // A server's game needs version 2; a peer's, version 3 (the terms: whether the engine may help).
    const int version = hosted_ ? hosted_protocol_version : protocol_version;
    send(Hello{version, code_, holds ? join_.held_id : "new", clean_name(join_.name)}, now);
}

bool Session::peer_io(short revents, Millis now) {
    const LineTurn turn = take_lines(peer_, revents, now, last_received_, [&](const std::string& line) {
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
    if (referee_.absence(0) || referee_.absence(1)) absence_timers(now);
    if (times_choice()) core_.choice_timers(now);
    if (!peer_.open()) return;
    if (phase_ == Phase::Greeting || phase_ == Phase::Welcoming || phase_ == Phase::Syncing) {
        if (now >= deadline_) {
            const char* step = phase_ == Phase::Greeting    ? "the host's welcome"
                               : phase_ == Phase::Welcoming ? "the joiner's sync"
                                                            : "the host's go";
            fail(std::string("no sign of ") + step + " within " + std::to_string(handshake_timeout / 1000) +
                     " s",
                 now);
        }
        return;
    }
    if (phase_ != Phase::Playing) return;
    if (now - last_received_ >= dead_after) {
        lose(Event::Kind::Gone,
             "no word from " + host_label() + " for " + std::to_string(dead_after / 1000) + " s", now);
        return;
    }
    if (now - last_sent_ >= ping_after) {
        ping_token_ = now;
        send(Ping{now}, now);
    }
    if (role_ == Role::Host) core_.pause_timers(now);
    clock_timers(now);
}

bool Session::times_choice() const {
    // At play, or while the joiner is away (not while they are coming back: a fact would cross the
    // handshake; the choice is decided at their go if its time ran out meanwhile).
    return role_ == Role::Host &&
           (phase_ == Phase::Playing || (phase_ == Phase::Listening && referee_.absence(remote_player())));
}

void Session::absence_timers(Millis now) {
    const int remote = remote_player();
    if (role_ == Role::Host) {
        core_.absence_timers(now);
    } else {
        // A joiner's clocks follow the host's readings: only a host lets them run again.
        for (const Referee::StageNews& n : referee_.absence_due(now)) absence_stage(n, now);
    }
    if (role_ == Role::Host && phase_ == Phase::Listening && referee_.absence(remote) &&
        referee_.reported_stage(remote) == AbsenceStage::ClockRuns)
        clock_timers(now);
}

void Session::clock_timers(Millis now) {
    const Match& m = match_;
    if (m.game().over() || !m.clock().enabled() || m.clock().until_event(now) != 0) return;
    if (role_ == Role::Host) {
        core_.clock_timers(now);
    } else {
        GameClock c = m.clock();
        const ClockUpdate u = c.update(now);
        if (!u.flagged && u.chunks > 0) {
            Event e = event(Event::Kind::Clock);
            e.clock = c.state(now);
            emit(std::move(e), now);
        }
    }
}

void Session::send(const Message& m, Millis now) {
    if (!peer_.open()) return;
    last_sent_ = now;
    if (!peer_.send(format_message(m))) {
        // Queued output beyond the limit means the peer stopped reading; a write error, that it is gone.
        lose(Event::Kind::Gone, "the connection to " + host_label() + " failed", now);
    }
}

void Session::lose(Event::Kind kind, const std::string& text, Millis now, bool on_purpose) {
    const bool was_playing = phase_ == Phase::Playing;
    const int remote = remote_player();
    Event e = event(kind, remote);
    e.text = text;
    e.on_purpose = on_purpose;
    if (role_ == Role::Host && listener_) {
        if (was_playing) {
            // The joiner is away from now until the next go; the clocks stop for what is left of their
            // grace, or run on when none is.
            referee_.player_left(match_, remote, now);
            if (!referee_.holds(now)) e.clock = match_.clock().state(now);
        } else if (referee_.absence(remote) && referee_.reported_stage(remote) != AbsenceStage::Grace) {
            // A return that did not get as far as play: the absence goes on, and the clocks with it.
            e.clock = match_.clock().state(now);
        }
    }
    peer_ = LineConn();
    referee_.clear_offers();
    // A joiner hears of absences only from the host: the news stops with the connection.
    if (role_ == Role::Joiner) referee_.clear_absences();
    agreed_.reset();
    outstanding_.reset();
    incoming_ = {};
    ping_token_ = -1;
    phase_ = role_ == Role::Host ? (listener_ ? Phase::Listening : Phase::Closed) : Phase::Gone;
    emit(std::move(e), now);
}

void Session::fail(const std::string& reason, Millis now) {
    if (peer_.open()) {
        peer_.send(format_message(Error{reason}));
        peer_.flush();
    }
    lose(Event::Kind::Error, "protocol error from " + host_label() + ": " + reason, now);
}

// ---------------------------------------------------------------------------------------------------
// Messages.

bool Session::common(const Message& msg, Millis now) {
    if (const auto* p = std::get_if<Ping>(&msg)) {
        send(Pong{p->token}, now);
    } else if (const auto* q = std::get_if<Pong>(&msg)) {
        if (q->token == ping_token_) rtt_ = now - ping_token_;
        ping_token_ = -1;
    } else if (const auto* c = std::get_if<Chat>(&msg)) {
        Event e = event(Event::Kind::Chat, remote_player());
        e.text = c->text;
        emit(std::move(e), now);
    } else if (const auto* s = std::get_if<Seat>(&msg)) {
        // The terms bind the joiner too: a peer of an older version that never heard them is refused.
        if (role_ == Role::Host && s->kind == SeatKind::Computer && !help_) {
            fail(
                "a computer on the joiner's seat: this game allows no engine help (the host's --allow-help "
                "would)",
                now);
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
        const std::string who = role_ == Role::Joiner && phase_ == Phase::Greeting
                                    ? "the host refused"
                                    : host_label() + "'s side reports";
        lose(Event::Kind::Error, who + ": " + (e->reason.empty() ? "an error" : e->reason), now);
    } else {
        return false;
    }
    return true;
}

void Session::handle(const Message& msg, Millis now) {
    const bool host = role_ == Role::Host;
    const Stage stage = stage_of(msg);
    const auto unexpected = [&](const char* when) {
        fail(std::string("unexpected ") + verb(msg) + " " + when, now);
    };
    // Play's messages (the table's stage: acts, offers, chat...) only once play has started.
    if (stage == Stage::Play && phase_ != Phase::Playing)
        return fail(std::string(verb(msg)) + " before the game started", now);
    // What passes between the players only: a spectator hears the facts, never their chat or offers.
    if (watch_ && (std::holds_alternative<Chat>(msg) || std::holds_alternative<Offer>(msg) ||
                   std::holds_alternative<Answer>(msg)))
        return fail(std::string("the players' ") + verb(msg) + " to a spectator", now);
    if (watch_ && std::holds_alternative<Seat>(msg)) return;  // the players' seats are theirs: ignored
    // Keep-alives, goodbyes and errors at any time; seat changes too, except inside the welcome (which
    // carries the host's seat); chat during play.
    const bool in_welcome = !host && phase_ == Phase::Greeting;
    if (!(in_welcome && std::holds_alternative<Seat>(msg)) && common(msg, now)) return;
    switch (phase_) {
        case Phase::Welcoming:
            if (stage != Stage::Sync) return fail(std::string("expected sync, not ") + verb(msg), now);
            if (!HostCore::sync_matches(match_, std::get<Sync>(msg)))
                return fail("the joiner's transcript does not match ours", now);
            return host_go(now);
        case Phase::Greeting: {
            if (++incoming_.lines > max_welcome_lines) return fail("a welcome longer than 4096 lines", now);
            if (!incoming_.welcome && !std::holds_alternative<Welcome>(msg))
                return fail(std::string("expected welcome, not ") + verb(msg), now);
            // A handler for each line of the welcome (the table's stage); a new one without one does not
            // compile.
            return std::visit(
                Overload{
                    [&](const Welcome& w) {
                        if (incoming_.welcome) return fail("a second welcome", now);
                        if (watch_ && w.you >= 0)
                            return fail("a player's welcome when we asked to watch", now);
                        if (!watch_ && w.you < 0)
                            return fail("a spectator's welcome when we asked to play", now);
                        incoming_.welcome = w;
                    },
                    [&](const Terms& t) {
                        if (incoming_.terms) return fail("a second terms line", now);
                        incoming_.terms = t;
                    },
                    [&](const Name& n) { incoming_.names[std::size_t(n.player)] = n.name; },
                    [&](const Seat& s) { peer_seat_ = s.kind; },
                    [&](const RoundInfo& r) {
                        if (incoming_.clock) return fail("a round after the clock state", now);
                        incoming_.rounds.push_back(RoundRecord{r, {}});
                    },
                    [&](const Moves& mv) {
                        if (incoming_.rounds.empty() || incoming_.clock)
                            return fail("moves outside a round", now);
                        auto& moves = incoming_.rounds.back().moves;
                        moves.insert(moves.end(), mv.moves.begin(), mv.moves.end());
                    },
                    [&](const State& st) { incoming_.clock = st.clock; },
                    [&](const Ready&) { joiner_ready(now); },
                    [&](const NotInStage<Stage::Welcome> auto&) { unexpected("in the welcome"); },
                },
                msg);
        }
        case Phase::Syncing: {
            if (stage != Stage::Go) return fail(std::string("expected go, not ") + verb(msg), now);
            const Go& g = std::get<Go>(msg);
            referee_.restart(0);
            // The host lets the clocks run at a go unless a pause agreed before stands (a server's game
            // says otherwise with an `away` fact that follows).
            referee_.set_paused_by_agreement(g.clock.paused && match_.clock().enabled(), now);
            phase_ = Phase::Playing;
            last_received_ = last_sent_ = now;
            Event e = event(Event::Kind::Started, remote_player());
            e.clock = g.clock;
            e.resumed = resuming_;
            e.text = std::move(news_);
            news_.clear();
            return emit(std::move(e), now);
        }
        case Phase::Playing:
            // A handler for each message of play (the table's stage); a new one without one does not
            // compile. The rest is common()'s or the handshake's, over by now.
            return std::visit(Overload{
                                  [&](const Act& a) {
                                      host ? core_.request(remote_player(), a, now) : joiner_fact(a, now);
                                  },
                                  [&](const Offer& o) {
                                      host ? core_.offer(remote_player(), o, now) : joiner_offer(o, now);
                                  },
                                  [&](const Answer& a) {
                                      host ? (void)core_.answer(remote_player(), a, now)
                                           : joiner_answer(a, now);
                                  },
                                  [&](const Clock& c) {
                                      if (host) return unexpected("during play");
                                      Event e = event(Event::Kind::Clock);
                                      e.clock = c.clock;
                                      emit(std::move(e), now);
                                  },
                                  [&](const Watchers& n) {
                                      if (host || !hosted_) return unexpected("during play");
                                      watchers_ = n.count;
                                      Event e = event(Event::Kind::Watchers);
                                      e.count = n.count;
                                      emit(std::move(e), now);
                                  },
                                  [&](const Chat&) { unexpected("during play"); },  // common()'s
                                  [&](const NotInStage<Stage::Play> auto&) { unexpected("during play"); },
                              },
                              msg);
        default: return;
    }
}

void Session::joiner_ready(Millis now) {
    Incoming& in = incoming_;
    if (!in.names[0] || !in.names[1] || in.rounds.empty() || !in.clock)
        return fail("an incomplete welcome (names, rounds and the clock state are needed)", now);
    const Welcome& w = *in.welcome;
    std::array<std::string, 2> names;
    for (int p : {0, 1})
        names[std::size_t(p)] =
            in.names[std::size_t(p)]->empty() ? (p == 0 ? "White" : "Black") : *in.names[std::size_t(p)];
    auto match = build_match(w.settings, names, in.rounds, *in.clock, now);
    if (!match) return fail("the host's match does not hold together: " + match.why(), now);
    help_ = in.terms && in.terms->help;
    if (!hosted_ && local_seat_ == SeatKind::Computer && !help_) {
        const std::string why =
            "the host allows no engine help in this game: your computer cannot play for you";
        send(Error{why}, now);
        peer_.flush();
        return lose(Event::Kind::Error, why + " (the host's --allow-help would allow it)", now);
    }
    resuming_ = false;
    news_.clear();
    // A side that holds moves never silently takes another game: it says what the host has and leaves
    // the choice to its player (the host may have started again without --resume).
    if (join_.held && !join_.held_id.empty() && join_.held_id != w.match_id && !watch_ &&
        unfinished_moves(*join_.held)) {
        const std::string what = "the host holds another match (" + match_summary(*match) + "), not ours (" +
                                 match_summary(*join_.held) + ")";
        send(Error{"the joiner holds another match and asks its player first"}, now);
        peer_.flush();
        lose(Event::Kind::Error, what, now);
        events_.back().match = std::move(*match);
        return;
    }
    if (join_.held && !join_.held_id.empty() && join_.held_id == w.match_id) {
        const Comparison c = compare_records(round_records(*join_.held), in.rounds);
        if (c.kind == Comparison::Kind::Differs) {
            const std::string where = "the saved games differ: " + c.where;
            send(Error{where + "; not resumed"}, now);
            peer_.flush();
            return lose(Event::Kind::Error, where + " (ours against the host's); not resumed", now);
        }
        resuming_ = true;
        news_ = news_since(*join_.held, *match);
    }
    match_id_ = w.match_id;
    local_ = w.you;
    peer_name_ = local_ < 0 ? std::string("the server") : names[std::size_t(1 - local_)];
    Event e = event(Event::Kind::Welcomed, local_);
    e.text = match_id_;
    e.resumed = resuming_;
    e.match = std::move(*match);
    emit(std::move(e), now);
    if (!watch_) send(Seat{local_seat_}, now);  // a spectator has no seat
    send(Sync{records_digest(in.rounds)}, now);
    incoming_ = {};
    phase_ = Phase::Syncing;
    deadline_ = now + handshake_timeout;
}

void Session::host_go(Millis now) {
    Match copy = match_;
    // The clocks run again unless a pause agreed before the drop still stands.
    if (referee_.player_back(remote_player(), now)) copy.clock().resume(now);
    copy.sync_clock(now);
    const GameClock::State s = copy.clock().state(now);
    referee_.restart(0);
    phase_ = Phase::Playing;
    last_received_ = now;
    send(Go{s}, now);
    Event e = event(Event::Kind::Started, remote_player());
    e.clock = s;
    e.resumed = resuming_;
    emit(std::move(e), now);
}

// ---------------------------------------------------------------------------------------------------
// The host's side: the core's words to the one joiner, and to our own player as events.

void Session::carry_out(const Referee::Ruling& r, Millis now) {
    send(r.fact, now);
    Event e = event(Event::Kind::Act, r.actor);
    e.act = r.fact;
    if (r.fact.kind == Act::Kind::Resume && referee_.pause_due(now))
        e.text = pause_over_text(referee_.pause_limit());
    emit(std::move(e), now);
    report_lapses(r.lapsed, now);
}

void Session::broken(int player, const std::string& why, Millis now) {
    if (player == remote_player()) fail(why, now);  // our own player's refusals are returned to them
}

void Session::offered(int by, OfferKind kind, Millis now) {
    if (by != remote_player()) return send(Offer{referee_.state(), kind}, now);
    Event e = event(Event::Kind::Offered, by);
    e.offer = kind;
    emit(std::move(e), now);
}

void Session::declined(int by, OfferKind kind, Millis now) {
    // Declined at once, in the rule's name: the host's player never hears of it.
    if (by == remote_player()) send(Answer{referee_.state(), kind, false}, now);
}

void Session::answered(int by, OfferKind kind, bool yes, bool agreed, Millis now) {
    if (by != remote_player()) return send(Answer{referee_.state(), kind, agreed}, now);
    Event e = event(Event::Kind::Answered, by);
    e.offer = kind;
    e.yes = yes;
    emit(std::move(e), now);
}

void Session::clocks_run(Millis at, Millis now) {
    // The clocks run again from the grace's end, as they stood at the drop (the grace does not count).
    // Without a clock this only lifts the drop's pause, so moves can be made.
    Match copy = match_;
    copy.clock().resume(at);
    Event e = event(Event::Kind::Clock);
    e.clock = copy.clock().state(now);
    emit(std::move(e), now);
}

void Session::chunk(const GameClock::State& reading, Millis now) {
    send(Clock{reading}, now);
    Event e = event(Event::Kind::Clock);
    e.clock = reading;
    emit(std::move(e), now);
}

void Session::absence_stage(const Referee::StageNews& n, Millis now) {
    Event e = event(Event::Kind::Absence, n.player);
    const Absence& away = *referee_.absence(n.player);
    e.text = watch_ ? watched_absence_text(match_, n.player, away, now)
                    : absence_text(match_, n.player, away, now);
    emit(std::move(e), now);
}

void Session::joiner_fact(const Act& a, Millis now) {
    if (a.state != referee_.state())
        return fail("a change out of order (state " + std::to_string(a.state) + ", expected " +
                        std::to_string(referee_.state()) + ")",
                    now);
    if (!a.clock) return fail("a change without the clock reading", now);
    // The host's fact by the rules its referee applies to requests, from this side (net/referee.h).
    const Referee::Hearer hearer{local_, outstanding_ && Referee::answers(*outstanding_, a), agreed_,
                                 hosted_};
    if (auto allowed = referee_.fact_allowed(match_, a, hearer, now); !allowed)
        return fail(allowed.why(), now);
    const int actor = Referee::actor_of(match_, a);
    Event e = event(Event::Kind::Act, actor);
    e.act = a;
    if (a.kind == Act::Kind::Resume && !(agreed_ && agreed_->kind == OfferKind::Resume) &&
        referee_.pause_may_end(now))  // the host's, at the pause's limit
        e.text = pause_over_text(referee_.pause_limit());
    emit(std::move(e), now);
    after_fact(a, actor, now);
    // The absence as the host announced it: the same rule (engine/absence.h) on this side's clock.
    if (a.kind == Act::Kind::Away)
        referee_.absent(actor, Absence(now - a.away_for, a.grace, a.clock_decides));
    if (a.kind == Act::Kind::Back) referee_.player_back(actor, now);
}

void Session::report_lapses(const std::vector<Referee::Lapse>& lapsed, Millis now) {
    for (const Referee::Lapse& l : lapsed) {
        Event e = event(Event::Kind::Lapsed, l.player);
        e.offer = l.kind;
        emit(std::move(e), now);
    }
}

void Session::after_fact(const Act& a, int actor, Millis now) {
    const Match& after = match_;
    report_lapses(referee_.after_fact(after, a, actor, now), now);
    if (agreed_) {
        const bool consumed = agreement_of(a.kind) == agreed_->kind;
        if (!consumed && lapses(agreed_->kind, agreed_->offerer, a, actor, after)) {
            Event e = event(Event::Kind::Lapsed, agreed_->offerer);
            e.offer = agreed_->kind;
            emit(std::move(e), now);
        }
        if (consumed || lapses(agreed_->kind, agreed_->offerer, a, actor, after)) agreed_.reset();
    }
    if (outstanding_) {
        if (!Referee::answers(*outstanding_, a)) {
            Event e = event(Event::Kind::Dropped, local_);
            e.act = *outstanding_;
            e.text = "your " + request_name(*outstanding_) + " crossed news from " + peer_label() +
                     " and was not played";
            emit(std::move(e), now);
        }
        outstanding_.reset();
    }
}

// The host's offer, in order: it must apply to the game now, and only one may wait for an answer. One
// against the rules of fair play (a host of an older version repeating it at once) is declined here at
// once, and the player never hears of it.
void Session::take_offer(const Offer& o, Millis now) {
    const int remote = remote_player();
    const Referee::OfferRuling r = referee_.take_offer(match_, remote, o.kind, o.state);
    if (r.kind == Referee::OfferRuling::Kind::Refused) return send(Answer{o.state, o.kind, false}, now);
    if (r.kind != Referee::OfferRuling::Kind::Taken) return fail(r.why, now);
    Event e = event(Event::Kind::Offered, remote);
    e.offer = o.kind;
    emit(std::move(e), now);
}

void Session::joiner_offer(const Offer& o, Millis now) {
    if (o.state != referee_.state()) return fail("an offer out of order", now);
    take_offer(o, now);
}

void Session::joiner_answer(const Answer& a, Millis now) {
    const auto mine = referee_.pending(local_);
    if (a.state != referee_.state() || !mine || *mine != a.kind)
        return fail("an answer to no offer of ours", now);
    referee_.answer(match_, remote_player(), a);
    if (a.yes) agreed_ = Referee::Agreement{a.kind, local_};
    Event e = event(Event::Kind::Answered, remote_player());
    e.offer = a.kind;
    e.yes = a.yes;
    emit(std::move(e), now);
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

bool Session::can_play() const {
    // The player who stayed plays on whatever the absent one does: during the grace too.
    return phase_ == Phase::Playing ||
           (role_ == Role::Host && phase_ == Phase::Listening && referee_.absence(remote_player()));
}

Expected<void> Session::may_play() const {
    if (can_play()) return {};
    return connected();
}

Failure<> Session::spectator_refusal(const char* what) {
    return Failure{std::string("you are watching: a spectator ") + what};
}

Expected<void> Session::local_act(Act a, Millis now) {
    if (role_ == Role::Host) return core_.decide(a, local_, now);
    if (outstanding_)
        return Failure{"wait: your " + request_name(*outstanding_) + " is on its way to the host"};
    a.state = referee_.state();
    a.clock.reset();
    outstanding_ = a;
    send(a, now);
    return {};
}

Expected<void> Session::move(const MoveSpec& spec, bool interactive, Millis now) {
    if (watch_) return spectator_refusal("makes no moves");
    if (auto ok = may_play(); !ok) return ok;
    const Match& m = match_;
    const Game& g = m.game();
    if (g.over()) return Failure{"the round is over"};
    if (referee_.paused_by_agreement()) return Failure{"the game is paused"};
    if (m.player_of(g.side_to_move()) != local_) return Failure{"it is " + peer_label() + "'s turn"};
    if (outstanding_)
        return Failure{"wait: your " + request_name(*outstanding_) + " is on its way to the host"};
    Game copy = g;
    const auto touched = copy.touched();
    if (const Expected<void> played = copy.play(spec, interactive); !played) {
        if (copy.touched() && copy.touched() != touched) {
            Act t;
            t.kind = Act::Kind::Touch;
            t.square = *copy.touched();
            (void)local_act(t, now);  // the touch goes with the refusal; the move's reason is the news
        }
        return played;
    }
    Act a;
    a.kind = Act::Kind::Move;
    a.number = int(g.moves().size()) + 1;
    a.move = move_name(copy.moves().back(), g.side_to_move());
    return local_act(a, now);
}

Expected<void> Session::touch(Square square, Millis now) {
    if (watch_) return spectator_refusal("touches no pieces");
    if (auto ok = may_play(); !ok) return ok;
    Act a;
    a.kind = Act::Kind::Touch;
    a.square = square;
    a.state = referee_.state();
    if (auto ok = referee_.request_allowed(match_, a, local_, now); !ok) return ok;
    return local_act(a, now);
}

Expected<void> Session::resign(Millis now) {
    if (watch_) return spectator_refusal("has nothing to resign");
    if (auto ok = may_play(); !ok) return ok;
    Act a;
    a.kind = Act::Kind::Resign;
    a.side = match_.colour_of(local_);
    if (match_.game().over()) return Failure{"the round is over"};
    return local_act(a, now);
}

Expected<void> Session::may_offer(OfferKind kind) const {
    if (watch_) return spectator_refusal("makes no offers");
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
    if (watch_) return spectator_refusal("has no offer to answer");
    if (auto ok = connected(); !ok) return ok;
    const auto theirs = referee_.pending(remote_player());
    if (!theirs) return Failure{"there is no offer to answer"};
    const OfferKind kind = *theirs;
    const int state = referee_.state();
    if (role_ == Role::Host) {
        const Referee::AnswerRuling r = core_.answer(local_, Answer{state, kind, yes}, now);
        if (yes && !r.outcome) return Failure{"the offer no longer applies"};
        return {};
    }
    (void)referee_.answer(match_, local_, Answer{state, kind, yes});
    if (yes) agreed_ = Referee::Agreement{kind, remote_player()};
    send(Answer{state, kind, yes}, now);
    return {};
}

Expected<void> Session::choose_starter(int player, Millis now) {
    if (watch_) return spectator_refusal("chooses no starter");
    if (auto ok = may_play(); !ok) return ok;
    if (player != 0 && player != 1) return Failure{"the starter is player 0 or 1"};
    Act a;
    a.kind = Act::Kind::Starter;
    a.number = player;
    if (auto ok = referee_.request_allowed(match_, a, local_, now); !ok) return ok;
    return local_act(a, now);
}

Expected<void> Session::replay(Millis now) {
    if (auto ok = may_play(); !ok) return ok;
    if (role_ != Role::Host) return Failure{"the host starts the replay of a drawn round"};
    if (match_.phase() != MatchPhase::Replay) return Failure{"no drawn round to play again"};
    Act a;
    a.kind = Act::Kind::Replay;
    return core_.decide(a, -1, now);
}

Expected<void> Session::set_seat(SeatKind kind, Millis now) {
    if (watch_) return spectator_refusal("has no seat");
    if (kind == SeatKind::Remote) return Failure{"a seat is a person or this machine's computer"};
    local_seat_ = kind;
    if (peer_.open() && phase_ != Phase::Greeting) send(Seat{kind}, now);
    return {};
}

Expected<void> Session::chat(std::string_view text, Millis now) {
    if (watch_) return spectator_refusal("does not speak to the players");
    if (auto ok = connected(); !ok) return ok;
    if (referee_.absence(remote_player())) return Failure{peer_label() + " is away: nobody would read it"};
    const std::string clean = clean_text(text, max_text);
    if (clean.empty()) return Failure{"nothing to say"};
    send(Chat{clean}, now);
    return {};
}

void Session::leave(std::string_view reason, Millis now) {
    if (peer_.open()) {
        send(Bye{std::string(reason)}, now);
        peer_.flush();
    }
    peer_ = LineConn();
    pending_.clear();
    listener_.reset();
    referee_.clear_offers();
    agreed_.reset();
    outstanding_.reset();
    phase_ = Phase::Closed;
}

Expected<void> Session::may_reconnect() const {
    if (role_ != Role::Joiner) return Failure{"only the joiner reconnects; the host keeps listening"};
    if (phase_ != Phase::Gone) return phase_ == Phase::Closed ? connected() : Failure{"already connected"};
    return {};
}

Expected<void> Session::connect_again(Millis now) {
    switch (connector_.start(join_.host, now, join_.from)) {
        case Connector::Status::Failed: return Failure{connector_.error()};
        case Connector::Status::Connected:
            phase_ = Phase::Connecting;
            joiner_connected(now);
            break;
        case Connector::Status::Pending: phase_ = Phase::Connecting; break;
    }
    return {};
}

Expected<void> Session::reconnect(Millis now) {
    if (auto ok = may_reconnect(); !ok) return ok;
    join_.held = match_;
    join_.held_id = match_id_;
    return connect_again(now);
}

Expected<void> Session::reconnect_taking_host(Millis now) {
    if (auto ok = may_reconnect(); !ok) return ok;
    join_.held.reset();
    join_.held_id.clear();
    match_id_.clear();
    return connect_again(now);
}

void Session::await_return(Millis now) {
    if (role_ != Role::Host || phase_ != Phase::Listening || match_.phase() == MatchPhase::Over) return;
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

Expected<void> Session::set_code(std::string_view code) {
    if (role_ != Role::Joiner) return Failure{"only a joiner gives a code"};
    const auto n = normalize_code(code);
    if (!n) return Failure{"a join code has 4 to 32 letters and digits"};
    code_ = *n;
    return {};
}

Expected<void> Session::claim(Millis now) {
    if (watch_) return spectator_refusal("claims nothing");
    if (role_ == Role::Joiner && hosted_) {
        // The server holds the match: the player who stayed asks, and the server decides by the same rule.
        if (auto ok = connected(); !ok) return ok;
        const int absent = remote_player();
        const auto& away = referee_.absence(absent);
        if (!away) return Failure{peer_label() + " is here: there is nothing to claim"};
        if (const Expected<void> claim = may_claim(match_, absent, *away, now); !claim) return claim;
        if (outstanding_)
            return Failure{"wait: your " + request_name(*outstanding_) + " is on its way to the host"};
        Act a;
        a.kind = Act::Kind::Claim;
        a.side = match_.colour_of(absent);
        return local_act(a, now);
    }
    if (role_ != Role::Host) return Failure{"only the host can claim a round: it holds the match"};
    if (phase_ == Phase::Playing) return Failure{peer_label() + " is here: there is nothing to claim"};
    const int absent = remote_player();
    const auto& away = referee_.absence(absent);
    if (!away) return Failure{"nobody is away: there is nothing to claim"};
    if (phase_ != Phase::Listening) return Failure{peer_label() + " is coming back"};
    if (const Expected<void> claim = may_claim(match_, absent, *away, now); !claim) return claim;
    Act a;
    a.kind = Act::Kind::Claim;
    a.side = match_.colour_of(absent);
    return core_.decide(a, local_, now);
}

std::vector<std::string> Session::addresses() const {
    return listener_ ? listener_->addresses() : std::vector<std::string>{};
}

int Session::port() const { return listener_ ? listener_->port() : 0; }

std::optional<OfferKind> Session::pending_offer(int player) const { return referee_.pending(player); }

}  // namespace gobblet::net
