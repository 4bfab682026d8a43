#include "join_session.h"

#include "engine/notation.h"
#include "host_core.h"

namespace gobblet::net {

namespace {

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
    std::string out = m.name(0) + " against " + m.name(1) + ", " + moves_text(m.game().moves().size());
    if (!m.single_game()) out += ", round " + std::to_string(m.round_number());
    if (m.phase() == MatchPhase::Over) out += ", over";
    return out;
}

}  // namespace

Expected<std::unique_ptr<Session>> Session::join(const JoinConfig& config, Match shown, Millis now) {
    return JoinSession::open(config, std::move(shown), now);
}

Expected<std::unique_ptr<Session>> JoinSession::open(const JoinConfig& c, Match shown, Millis now) {
    const auto fail = [](std::string w) { return Failure{std::move(w)}; };
    std::unique_ptr<JoinSession> s(new JoinSession(std::move(shown)));
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
    switch (s->connector_.start(c.host, now, c.from)) {
        case Connector::Status::Failed: return fail(s->connector_.error());
        case Connector::Status::Connected: s->greet(now); break;
        case Connector::Status::Pending: break;
    }
    return std::unique_ptr<Session>(std::move(s));
}

// ---------------------------------------------------------------------------------------------------
// The connection.

void JoinSession::own_fds(std::vector<pollfd>& fds) const {
    if (phase_ == Phase::Connecting && connector_.fd() >= 0) fds.push_back({connector_.fd(), POLLOUT, 0});
}

void JoinSession::own_poll(std::span<const pollfd> fds, Millis now) {
    if (phase_ != Phase::Connecting) return;
    switch (connector_.on_poll(revents_of(fds, connector_.fd()), now)) {
        case Connector::Status::Connected: greet(now); break;
        case Connector::Status::Failed: lose(Event::Kind::Gone, connector_.error(), now); break;
        case Connector::Status::Pending: break;
    }
}

void JoinSession::greet(Millis now) {
    link_.start(LineConn(connector_.take()), now);
    incoming_ = {};
    phase_ = Phase::Greeting;
    // A spectator holds nothing: it takes the match as the host has it.
    const bool holds = join_.held && !join_.held_id.empty() && !watch_;
    // Version 4, to a server and to a peer: the terms (whether the engine may help; the limit of the
    // choice of starter).
    send(Hello{protocol_version, code_, holds ? join_.held_id : "new", clean_name(join_.name)}, now);
}

const char* JoinSession::awaited() const {
    if (hosted_) return phase_ == Phase::Greeting ? "the server's welcome" : "the server's go";
    return phase_ == Phase::Greeting ? "the host's welcome" : "the host's go";
}

std::string JoinSession::reporter() const {
    return phase_ == Phase::Greeting ? holder() + " refused" : Session::reporter();
}

JoinSession::Phase JoinSession::lost(Event&, bool, Millis) {
    // A joiner hears of absences only from the host: the news stops with the connection.
    referee_.clear_absences();
    agreed_.reset();
    outstanding_.reset();
    incoming_ = {};
    return Phase::Gone;
}

void JoinSession::closing() {
    agreed_.reset();
    outstanding_.reset();
}

Expected<void> JoinSession::may_reconnect() const {
    if (phase_ != Phase::Gone) return phase_ == Phase::Closed ? connected() : Failure{"already connected"};
    return {};
}

Expected<void> JoinSession::connect_again(Millis now) {
    switch (connector_.start(join_.host, now, join_.from)) {
        case Connector::Status::Failed: return Failure{connector_.error()};
        case Connector::Status::Connected:
            phase_ = Phase::Connecting;
            greet(now);
            break;
        case Connector::Status::Pending: phase_ = Phase::Connecting; break;
    }
    return {};
}

Expected<void> JoinSession::reconnect(Millis now) {
    if (auto ok = may_reconnect(); !ok) return ok;
    join_.held = match_;
    join_.held_id = match_id_;
    return connect_again(now);
}

Expected<void> JoinSession::reconnect_taking_host(Millis now) {
    if (auto ok = may_reconnect(); !ok) return ok;
    join_.held.reset();
    join_.held_id.clear();
    match_id_.clear();
    return connect_again(now);
}

Expected<void> JoinSession::set_code(std::string_view code) {
    const auto n = normalize_code(code);
    if (!n) return Failure{"a join code has 4 to 32 letters and digits"};
    code_ = *n;
    return {};
}

// ---------------------------------------------------------------------------------------------------
// Messages.

JoinSession::Route JoinSession::route(const Message& msg, Millis now) {
    // What passes between the players only: a spectator hears the facts, never their chat or offers.
    if (watch_ && (std::holds_alternative<Chat>(msg) || std::holds_alternative<Offer>(msg) ||
                   std::holds_alternative<Answer>(msg))) {
        fail(std::string("the players' ") + verb(msg) + " to a spectator", now);
        return Route::Handled;
    }
    if (watch_ && std::holds_alternative<Seat>(msg)) return Route::Handled;  // the players' seats: ignored
    // Inside the welcome a seat line is the welcome's (the host's seat).
    if (phase_ == Phase::Greeting && std::holds_alternative<Seat>(msg)) return Route::Own;
    // The host refused the code (common() ends the connection with its words).
    if (const auto* e = std::get_if<Error>(&msg); e && phase_ == Phase::Greeting)
        code_refused_ = e->reason == wrong_code_reason;
    return Route::Common;
}

void JoinSession::take(const Message& msg, Millis now) {
    const auto unexpected = [&](const char* when) {
        fail(std::string("unexpected ") + verb(msg) + " " + when, now);
    };
    switch (phase_) {
        case Phase::Greeting: return welcome_line(msg, now);
        case Phase::Syncing: {
            if (stage_of(msg) != Stage::Go) return fail(std::string("expected go, not ") + verb(msg), now);
            const Go& g = std::get<Go>(msg);
            Event e = started(g.clock, now);
            // The host lets the clocks run at a go unless a pause agreed before stands (a server's game
            // says otherwise with an `away` fact that follows).
            referee_.set_paused_by_agreement(g.clock.paused && match_.clock().enabled(), now);
            e.text = std::move(news_);
            news_.clear();
            return emit(std::move(e), now);
        }
        case Phase::Playing:
            // A handler for each message of play (the table's stage); a new one without one does not
            // compile. The rest is common()'s or the handshake's, over by now.
            return std::visit(Overload{
                                  [&](const Act& a) { fact(a, now); },
                                  [&](const Offer& o) {
                                      if (o.state != referee_.state())
                                          return fail("an offer out of order", now);
                                      take_offer(o, now);
                                  },
                                  [&](const Answer& a) { take_answer(a, now); },
                                  [&](const Clock& c) {
                                      Event e = event(Event::Kind::Clock);
                                      e.clock = c.clock;
                                      emit(std::move(e), now);
                                  },
                                  [&](const Watchers& n) {
                                      if (!hosted_) return unexpected("during play");
                                      watchers_ = n.count;
                                      Event e = event(Event::Kind::Watchers);
                                      e.count = n.count;
                                      emit(std::move(e), now);
                                  },
                                  // What only a joiner says during play, from the host: all at once.
                                  [&](const PlayFrom<Sender::Joiner> auto&) { unexpected("during play"); },
                                  [&](const Chat&) { unexpected("during play"); },  // common()'s
                                  [&](const NotInStage<Stage::Play> auto&) { unexpected("during play"); },
                              },
                              msg);
        default: return;
    }
}

void JoinSession::welcome_line(const Message& msg, Millis now) {
    if (++incoming_.lines > max_welcome_lines) return fail("a welcome longer than 4096 lines", now);
    if (!incoming_.welcome && !std::holds_alternative<Welcome>(msg))
        return fail(std::string("expected welcome, not ") + verb(msg), now);
    // A handler for each line of the welcome (the table's stage); a new one without one does not
    // compile.
    std::visit(Overload{
                   [&](const Welcome& w) {
                       if (incoming_.welcome) return fail("a second welcome", now);
                       if (watch_ && w.you >= 0)
                           return fail("a player's welcome when we asked to watch", now);
                       if (!watch_ && w.you < 0)
                           return fail("a spectator's welcome when we asked to play", now);
                       incoming_.welcome = w;
                   },
                   [&](const WelcomeTerms& t) {
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
                   [&](const Ready&) { ready(now); },
                   [&](const NotInStage<Stage::Welcome> auto&) {
                       fail(std::string("unexpected ") + verb(msg) + " in the welcome", now);
                   },
               },
               msg);
}

void JoinSession::ready(Millis now) {
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
    referee_.set_choice_limit(in.terms && in.terms->choice ? *in.terms->choice : starter_choice_time);
    if (!hosted_ && local_seat_ == SeatKind::Computer && !help_) {
        const std::string why =
            "the host allows no engine help in this game: your computer cannot play for you";
        send(Error{why}, now);
        link_.flush();
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
        link_.flush();
        lose(Event::Kind::Error, what, now);
        last_event().match = std::move(*match);
        return;
    }
    if (join_.held && !join_.held_id.empty() && join_.held_id == w.match_id) {
        const Comparison c = compare_records(round_records(*join_.held), in.rounds);
        if (c.kind == Comparison::Kind::Differs) {
            const std::string where = "the saved games differ: " + c.where;
            send(Error{where + "; not resumed"}, now);
            link_.flush();
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
    link_.next_step(now);
}

// ---------------------------------------------------------------------------------------------------
// The host's facts, offers and answers.

void JoinSession::fact(const Act& a, Millis now) {
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

void JoinSession::after_fact(const Act& a, int actor, Millis now) {
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
void JoinSession::take_offer(const Offer& o, Millis now) {
    const int remote = remote_player();
    const Referee::OfferRuling r = referee_.take_offer(match_, remote, o.kind, o.state);
    if (r.kind == Referee::OfferRuling::Kind::Refused) return send(Answer{o.state, o.kind, false}, now);
    if (r.kind != Referee::OfferRuling::Kind::Taken) return fail(r.why, now);
    Event e = event(Event::Kind::Offered, remote);
    e.offer = o.kind;
    emit(std::move(e), now);
}

void JoinSession::take_answer(const Answer& a, Millis now) {
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
// Time: the host keeps it; a joiner follows its readings.

void JoinSession::standing_timers(Millis now) {
    // A joiner's clocks follow the host's readings: only a host lets them run again.
    if (referee_.absence(0) || referee_.absence(1))
        for (const Referee::StageNews& n : referee_.absence_due(now)) report_stage(n, now);
}

void JoinSession::play_timers(Millis now) {
    if (clock_wait(now) != Millis(0)) return;
    GameClock c = match_.clock();
    const ClockUpdate u = c.update(now);
    if (!u.flagged && u.chunks > 0) {
        Event e = event(Event::Kind::Clock);
        e.clock = c.state(now);
        emit(std::move(e), now);
    }
}

void JoinSession::standing_waits(Soonest& soonest, Millis now) const {
    if (phase_ == Phase::Connecting) soonest.also(connector_.until_next(now));
}

void JoinSession::play_waits(Soonest& soonest, Millis now) const {
    const auto t = clock_wait(now);
    if (!t) return;
    // The joiner does not decide flags: it waits for the host's word instead of spinning.
    if (*t == 0) {
        GameClock c = match_.clock();
        if (c.update(now).flagged) return;
    }
    soonest.also(*t);
}

// ---------------------------------------------------------------------------------------------------
// What the local player does: requests to the host.

Expected<void> JoinSession::may_request() const {
    if (outstanding_)
        return Failure{"wait: your " + request_name(*outstanding_) + " is on its way to " + holder()};
    return {};
}

Expected<void> JoinSession::local_act(Act a, Millis now) {
    if (auto ok = may_request(); !ok) return ok;
    a.state = referee_.state();
    a.clock.reset();
    outstanding_ = a;
    send(a, now);
    return {};
}

Expected<void> JoinSession::answer_offer(OfferKind kind, int state, bool yes, Millis now) {
    (void)referee_.answer(match_, local_, Answer{state, kind, yes});
    if (yes) agreed_ = Referee::Agreement{kind, remote_player()};
    send(Answer{state, kind, yes}, now);
    return {};
}

Expected<void> JoinSession::replay(Millis) {
    if (auto ok = may_play(); !ok) return ok;
    return Failure{holder() + " starts the replay of a drawn round"};
}

Expected<void> JoinSession::claim(Millis now, bool draw) {
    if (watch_) return spectator_refusal("claims nothing");
    if (!hosted_) return Failure{"only the host can claim a round: it holds the match"};
    // The server holds the match: the player who stayed asks, and the server decides by the same rule.
    if (auto ok = connected(); !ok) return ok;
    const int absent = remote_player();
    const auto& away = referee_.absence(absent);
    if (!away) return Failure{peer_label() + " is here: there is nothing to claim"};
    if (const Expected<void> claim = may_claim(match_, absent, *away, now); !claim) return claim;
    if (auto ok = may_request(); !ok) return ok;
    Act a;
    a.kind = Act::Kind::Claim;
    a.side = match_.colour_of(absent);
    a.draw = draw;
    return local_act(a, now);
}

}  // namespace gobblet::net
