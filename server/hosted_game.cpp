#include "hosted_game.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "net/event.h"
#include "net/session.h"
#include "net/transfer.h"
#include "server/fact_format.h"

namespace gobblet::server {

namespace {

using net::Act;

}  // namespace

std::string wire_id(GameId id) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(id));
    return buf;
}

std::optional<GameId> game_id_of(std::string_view wire) {
    if (!net::lobby::valid_game_id(wire)) return std::nullopt;
    unsigned long long v = 0;
    for (char c : wire) v = v * 16 + unsigned(c <= '9' ? c - '0' : c - 'a' + 10);
    if (v == 0 || v > 0x7fffffffffffffffULL) return std::nullopt;
    return GameId(v);
}

namespace {

// Plays stored facts onto a match (each with the clock reading it left), telling `referee` of each when
// given, and noting each move's clock reading in `clocks` when given. Refused, with why, when a fact does
// not apply.
Expected<void> replay(Match& match, net::Referee* referee, const std::vector<Fact>& facts, Millis now,
                      saves::MoveClocks* clocks = nullptr) {
    int next = 0;
    for (const Fact& f : facts) {
        const std::string where = "fact " + std::to_string(f.seq) + " (" + f.text + ")";
        const Expected<Act> a = read_stored_fact(f.text, f.format);
        if (!a) return Failure{where + ": " + a.why()};
        if (a->state != next || f.seq != next) return Failure{where + ": not the next fact"};
        ++next;
        Act fact = *a;
        const auto clock = GameClock::parse_state(f.clock);
        if (!clock) return Failure{where + ": its clock: " + clock.why()};
        fact.clock = *clock;
        const int actor = net::Referee::actor_of(match, fact);
        net::Event e;
        e.kind = net::Event::Kind::Act;
        e.player = actor;
        e.act = fact;
        const std::size_t round = match.rounds().size() - 1;
        const Color mover = match.game().side_to_move();
        if (auto applied = net::apply(match, e, now); !applied) return Failure{where + ": " + applied.why()};
        if (referee) referee->after_fact(match, fact, actor);
        if (clocks && fact.kind == Act::Kind::Move) {
            // The mover's time left as the fact left it: the time before its flag would fall.
            if (clocks->size() <= round) clocks->resize(round + 1);
            std::optional<Millis> left;
            if (match.clock().enabled()) left = std::max<Millis>(0, match.clock().until_flag(mover, now));
            (*clocks)[round].push_back(left);
        }
    }
    return {};
}

}  // namespace

Expected<Match> match_of(const GameRecord& g, saves::MoveClocks* clocks) {
    Match m(g.settings, {g.players[0].name, g.players[1].name});
    if (Expected<void> replayed = replay(m, nullptr, g.facts, 0, clocks); !replayed)
        return Failure{replayed.why()};
    return m;
}

HostedGame::HostedGame(Env& env, GameListener& listener, GameId id, GameSetup setup, Limits limits,
                       Millis now)
    : env_(env),
      listener_(listener),
      id_(id),
      wire_(wire_id(id)),
      setup_(std::move(setup)),
      limits_(limits),
      match_(setup_.settings, {setup_.players[0].name, setup_.players[1].name}),
      referee_(limits.grace, setup_.rated) {
    // A bot's seat is its computer's, and the other player hears so from the start.
    for (int p : {0, 1})
        if (setup_.players[std::size_t(p)].bot) seats_[std::size_t(p)] = SeatKind::Computer;
    // Nobody is here yet: both players are away from now, and the clocks stand for the grace. No side's
    // clock runs until White's first move (a tournament's: or the end of its countdown).
    match_.clock().pause(now);
    GameClock::State st = match_.clock().state(now);
    st.running.reset();
    st.elapsed = st.budget = 0;
    match_.clock().set_state(st, now);
    for (int p : {0, 1}) referee_.player_left(match_, p, now);
    if (setup_.tournament && match_.clock().enabled()) start_by_ = now + round_start_after;
}

void HostedGame::hold_clock(Act& fact) const {
    if (!unstarted_ || !fact.clock) return;
    fact.clock->running.reset();
    fact.clock->elapsed = fact.clock->budget = 0;
}

void HostedGame::start_clocks(Millis now) {
    unstarted_ = false;
    start_by_ = -1;
    if (!match_.clock().enabled()) return;
    match_.sync_clock(now);
    announce_clock(now);
}

bool HostedGame::abortable() const {
    return !over() && !setup_.tournament && match_.rounds().size() == 1 && match_.game().moves().size() < 2 &&
           !match_.game().over();
}

Expected<void> HostedGame::abort(int by, Millis now) {
    if (over()) return Failure{"the match is over already"};
    if (setup_.tournament) return Failure{"a tournament's match cannot be aborted: resign it, or play it"};
    if (!abortable()) return Failure{"too late to abort: both sides have moved (resign instead)"};
    env_.note(now, "game " + wire_ + ": " + match_.name(by) + " aborts it");
    finish(GameOutcome::Aborted, match_.name(by) + " aborted the match before it began", now);
    return {};
}

std::vector<std::string> HostedGame::spectators() const {
    std::vector<std::string> out;
    for (const Member& m : members_)
        if (m.player < 0 && m.playing && !m.name.empty() &&
            std::find(out.begin(), out.end(), m.name) == out.end())
            out.push_back(m.name);
    return out;
}

Expected<void> HostedGame::restore(const std::vector<Fact>& facts, Millis now) {
    if (Expected<void> replayed = replay(match_, &referee_, facts, now); !replayed) return replayed;
    unstarted_ = match_.rounds().size() == 1 && match_.game().moves().empty() && !match_.game().touched();
    if (!unstarted_) start_by_ = -1;
    // Everyone is away again, from the restart: the clocks stand where the last fact left them.
    match_.clock().pause(now);
    for (int p : {0, 1}) referee_.player_left(match_, p, now);
    // What a crash may have cut short: a drawn round not replayed yet, a match not recorded as over.
    if (match_.phase() == MatchPhase::Replay) {
        Act again;
        again.kind = Act::Kind::Replay;
        const auto r = referee_.decide(match_, again, -1, now);
        if (r.kind == net::Referee::Ruling::Kind::Fact) commit(r.fact, -1, now);
    } else if (match_.phase() == MatchPhase::Over) {
        const auto w = match_.winner();
        finish(w ? (*w == 0 ? GameOutcome::Player0 : GameOutcome::Player1) : GameOutcome::Draw,
               match_.match_result_text(), now);
    }
    return {};
}

// ---------------------------------------------------------------------------------------------------
// Connections.

HostedGame::Member* HostedGame::find(ConnId conn) {
    for (Member& m : members_)
        if (m.conn == conn) return &m;
    return nullptr;
}

HostedGame::Member* HostedGame::seated(int player) {
    for (Member& m : members_)
        if (m.player == player) return &m;
    return nullptr;
}

int HostedGame::watchers() const {
    return int(std::count_if(members_.begin(), members_.end(),
                             [](const Member& m) { return m.player < 0 && m.playing; }));
}

int HostedGame::player_of(const GamePlayer& p) const {
    for (int i : {0, 1}) {
        const GamePlayer& s = setup_.players[std::size_t(i)];
        if (p.account ? s.account == p.account : (!s.account && s.name == p.name)) return i;
    }
    return -1;
}

void HostedGame::send(const Member& m, const net::Message& msg) {
    env_.out.send(m.conn, net::format_message(msg));
}

void HostedGame::fail(ConnId conn, const std::string& reason, Millis now) {
    env_.note(now, "game " + wire_ + ": a connection broke the protocol: " + reason);
    env_.out.close(conn, net::format_message(net::Error{reason}));
    gone(conn, now);
}

void HostedGame::join(ConnId conn, int player, Millis now, const std::string& spectator) {
    if (player < 0 && std::size_t(watchers()) >= max_spectators) {
        env_.out.close(conn, net::format_message(net::Error{"busy: too many spectators; try again later"}));
        return;
    }
    if (player >= 0) {
        // The code is the player's: a new connection with it takes the seat from an older one (the same
        // player coming back before the old connection was seen to die).
        if (Member* old = seated(player)) {
            const ConnId was = old->conn;
            env_.out.close(was,
                           net::format_message(net::Bye{"you joined this game from another connection"}));
            gone(was, now);
        }
    }
    const std::string names[2] = {match_.name(0), match_.name(1)};
    members_.push_back(
        Member{conn, player, false, 0, now + net::handshake_timeout, player < 0 ? spectator : ""});
    const Member& m = members_.back();
    send(m, net::Welcome{wire_, player, match_.settings()});
    for (int p : {0, 1}) send(m, net::Name{p, names[p]});
    if (player >= 0) send(m, net::Seat{seats_[std::size_t(1 - player)]});  // the opponent's seat
    for (const net::Message& msg : net::record_messages(net::round_records(match_))) send(m, msg);
    send(m, net::State{match_.clock().state(now)});
    send(m, net::Ready{});
    env_.note(now, "game " + wire_ + ": " +
                       (player >= 0 ? names[player] + " joins" : std::string("a spectator joins")));
}

void HostedGame::mark_bot(int player) {
    if (over() || setup_.players[std::size_t(player)].bot) return;
    setup_.players[std::size_t(player)].bot = true;
    env_.store.mark_bot(id_, player);
    seats_[std::size_t(player)] = SeatKind::Computer;
    if (Member* other = seated(1 - player); other && other->playing)
        send(*other, net::Seat{SeatKind::Computer});
}

void HostedGame::message(ConnId conn, const net::Message& msg, Millis now) {
    Member* m = find(conn);
    if (!m) return;
    // Computers play here only as bot accounts: a person's seat never goes to their computer.
    if (const auto* s = std::get_if<net::Seat>(&msg);
        s && m->player >= 0 && s->kind == SeatKind::Computer && !setup_.players[std::size_t(m->player)].bot)
        return fail(
            conn,
            "a person's seat cannot go to a computer on this server: computers play here as bot accounts "
            "(--bot)",
            now);
    if (!m->playing) {
        if (const auto* s = std::get_if<net::Seat>(&msg); s && m->player >= 0) {
            const int p = m->player;
            if (std::exchange(seats_[std::size_t(p)], s->kind) != s->kind)
                if (Member* other = seated(1 - p); other && other->playing) send(*other, *s);
            return;
        }
        if (const auto* s = std::get_if<net::Sync>(&msg)) {
            if (s->digest != net::records_digest(net::round_records(match_)))
                return fail(conn, "the transcript you hold does not match the server's", now);
            return go(*m, now);
        }
        return fail(conn, std::string("expected sync, not ") + net::verb(msg), now);
    }
    if (m->player < 0) return fail(conn, "a spectator only watches: it sends nothing but keep-alives", now);
    Member& me = *m;
    const int p = m->player;
    const auto unexpected = [&] {
        fail(conn, std::string("unexpected ") + net::verb(msg) + " during play", now);
    };
    // A handler for each message a player may send during play; a new one that has none does not compile.
    std::visit(
        net::Overload{
            [&](const Act& a) { request(me, a, now); },
            [&](const net::Offer& o) { offer(me, o, now); },
            [&](const net::Answer& a) { answer(me, a, now); },
            [&](const net::Seat& s) {
                seats_[std::size_t(p)] = s.kind;
                if (Member* other = seated(1 - p); other && other->playing) send(*other, s);
            },
            [&](const net::Chat& c) {
                // Between the two players only: spectators never hear it.
                if (Member* other = seated(1 - p); other && other->playing) send(*other, c);
            },
            // The handshake's lines are over; keep-alives and goodbyes are the hub's (Hub::handle).
            [&](const net::OneOf<net::Hello, net::Sync, net::Ping, net::Pong, net::Bye, net::Error> auto&) {
                unexpected();
            },
            // What only a host says, from a player.
            [&](const net::FromHost auto&) { unexpected(); },
        },
        msg);
}

void HostedGame::go(Member& m, Millis now) {
    const ConnId conn = m.conn;
    const int player = m.player;
    // A player's arrival is news for the others (and lets the clocks run when nobody else holds them).
    if (player >= 0 && referee_.absence(player) && !over()) {
        Act back = referee_.back_fact(match_, player, now);
        hold_clock(back);
        commit(back, player, now);
    }
    Member* me = find(conn);
    if (!me) return;
    // Who is still away: news this connection hears first, numbered from 0.
    std::vector<Act> news;
    for (int p : {0, 1})
        if (p != player && referee_.absence(p) && !over()) news.push_back(referee_.away_news(match_, p, now));
    me->playing = true;
    me->base = referee_.state() - int(news.size());
    send(*me, net::Go{match_.clock().state(now)});
    for (std::size_t i = 0; i < news.size(); ++i) {
        news[i].state = int(i);
        send(*me, news[i]);
    }
    if (player < 0)
        watchers_changed(now);
    else
        send(*me, net::Watchers{watchers()});
}

void HostedGame::gone(ConnId conn, Millis now) {
    const auto it =
        std::find_if(members_.begin(), members_.end(), [&](const Member& m) { return m.conn == conn; });
    if (it == members_.end()) return;
    const Member m = *it;
    members_.erase(it);
    if (m.player < 0) {
        if (m.playing) watchers_changed(now);
        return;
    }
    env_.note(now, "game " + wire_ + ": " + match_.name(m.player) + "'s connection closed");
    if (m.playing && !over()) commit(referee_.away_fact(match_, m.player, now), m.player, now);
}

void HostedGame::forfeit(int loser, const std::string& text, Millis now) {
    if (over()) return;
    finish(loser == 0 ? GameOutcome::Player1 : GameOutcome::Player0, text, now);
}

void HostedGame::close_all(std::string_view last) {
    for (const Member& m : members_) env_.out.close(m.conn, last);
    members_.clear();
}

// ---------------------------------------------------------------------------------------------------
// Requests, offers, answers: the referee rules, on the game's numbering (a connection's state plus its
// base).

void HostedGame::request(Member& m, const Act& a, Millis now) {
    if (over()) return;  // a request crossing the end of the match
    Act shifted = a;
    shifted.state = a.state + m.base;
    const auto r = referee_.request(match_, shifted, m.player, now);
    switch (r.kind) {
        case net::Referee::Ruling::Kind::Fact: return commit(r.fact, r.actor, now);
        case net::Referee::Ruling::Kind::Crossed: return;  // the fact it crossed tells its sender
        case net::Referee::Ruling::Kind::Broken: return fail(m.conn, r.why, now);
    }
}

void HostedGame::offer(Member& m, const net::Offer& o, Millis now) {
    if (over()) return;
    const int p = m.player;
    net::Offer shifted = o;
    shifted.state = o.state + m.base;
    if (referee_.absence(1 - p)) {
        // Every offer lapsed when the other player went away; one made since can reach nobody.
        if (shifted.state < referee_.state()) return;
        return fail(m.conn, "an offer to a player who is away", now);
    }
    const auto r = referee_.offer(match_, p, shifted);
    switch (r.kind) {
        case net::Referee::OfferRuling::Kind::Crossed: return;
        case net::Referee::OfferRuling::Kind::Broken: return fail(m.conn, r.why, now);
        case net::Referee::OfferRuling::Kind::Refused:
            // Against the rules of fair play (the terms, an offer repeated too soon: net/referee.h):
            // declined at once, in the rule's name; the other player never hears of it (nor the log: a
            // flood of them costs one line each to their sender only).
            return send(m, net::Answer{referee_.state() - m.base, o.kind, false});
        case net::Referee::OfferRuling::Kind::Taken: break;
    }
    if (Member* other = seated(1 - p); other && other->playing)
        send(*other, net::Offer{referee_.state() - other->base, o.kind});
}

void HostedGame::answer(Member& m, const net::Answer& a, Millis now) {
    if (over()) return;
    const int p = m.player;
    net::Answer shifted = a;
    shifted.state = a.state + m.base;
    const auto r = referee_.answer(match_, p, shifted);
    if (r.kind == net::Referee::AnswerRuling::Kind::Crossed) return;
    if (r.kind == net::Referee::AnswerRuling::Kind::Broken) return fail(m.conn, r.why, now);
    // Accepting is a promise: the answer, then the fact it agrees to.
    if (Member* offerer = seated(1 - p); offerer && offerer->playing)
        send(*offerer,
             net::Answer{referee_.state() - offerer->base, r.offer, r.yes && r.outcome.has_value()});
    if (r.outcome) {
        const auto fact = referee_.decide(match_, *r.outcome, -1, now);
        if (fact.kind == net::Referee::Ruling::Kind::Fact) commit(fact.fact, -1, now);
    }
}

// ---------------------------------------------------------------------------------------------------
// Facts.

void HostedGame::commit(Act fact, int actor, Millis now) {
    const int score_before = match_.score(0) * 100 + match_.score(1);
    // Commit, then announce: once append_fact returns the fact survives a kill -9.
    if (fact.kind == Act::Kind::Move || fact.kind == Act::Kind::Touch) {
        unstarted_ = false;  // (White's first: the clocks run from here)
        start_by_ = -1;
    }
    env_.store.append_fact(id_, fact.state, fact_format, stored_fact(fact), GameClock::state_text(*fact.clock));
    net::Event e;
    e.kind = net::Event::Kind::Act;
    e.player = actor;
    e.act = fact;
    (void)net::apply(match_, e, now);  // decided by the referee: it applies
    referee_.after_fact(match_, fact, actor);
    for (const Member& m : members_) {
        if (!m.playing) continue;
        Act theirs = fact;
        theirs.state = fact.state - m.base;
        send(m, theirs);
    }
    if (fact.kind == Act::Kind::Flag || fact.kind == Act::Kind::Claim)
        env_.note(now, "game " + wire_ + ": " + match_.round_result_text());
    if (fact.kind == Act::Kind::Away || fact.kind == Act::Kind::Back)
        env_.note(now, "game " + wire_ + ": " + match_.name(actor) +
                           (fact.kind == Act::Kind::Away ? " is away" : " is at the board"));
    // What follows from it: a drawn round of a match is played again at once; a match that is over is
    // recorded.
    if (match_.phase() == MatchPhase::Replay) {
        Act again;
        again.kind = Act::Kind::Replay;
        const auto r = referee_.decide(match_, again, -1, now);
        if (r.kind == net::Referee::Ruling::Kind::Fact) return commit(r.fact, -1, now);
    }
    if (match_.phase() == MatchPhase::Over && !over()) {
        const auto w = match_.winner();
        return finish(w ? (*w == 0 ? GameOutcome::Player0 : GameOutcome::Player1) : GameOutcome::Draw,
                      match_.match_result_text(), now);
    }
    // The lobby's line shows the score, the clocks and the watchers: without a clock a move changes none.
    const bool score_changed = match_.score(0) * 100 + match_.score(1) != score_before;
    if (score_changed || match_.clock().enabled()) changed(score_changed, now);
}

void HostedGame::announce_clock(Millis now) {
    const GameClock::State s = match_.clock().state(now);
    for (const Member& m : members_)
        if (m.playing) send(m, net::Clock{s});
    changed(false, now);
}

void HostedGame::finish(GameOutcome outcome, const std::string& text, Millis now) {
    const std::array<int, 2> score = {match_.score(0), match_.score(1)};
    const auto ratings = env_.store.finish_game(id_, outcome, text, env_.unix(now), score);
    end_ = GameEnd{outcome, score, text, ratings};
    over_at_ = now;
    env_.note(now, "game " + wire_ + " over: " + text);
    listener_.game_over(*this, now);
}

void HostedGame::changed(bool now_please, Millis now) {
    if (over()) return;
    if (now_please || now - last_item_ >= item_every) {
        last_item_ = now;
        item_waiting_ = false;
        listener_.game_changed(*this, now);
    } else {
        item_waiting_ = true;
    }
}

void HostedGame::watchers_changed(Millis now) {
    const int n = watchers();
    for (const Member& m : members_)
        if (m.playing) send(m, net::Watchers{n});
    changed(true, now);
}

// ---------------------------------------------------------------------------------------------------
// Time.

void HostedGame::tick(Millis now) {
    // A handshake that stalls ends; the player stays away as before.
    for (std::size_t i = 0; i < members_.size(); ++i)
        if (!members_[i].playing && now >= members_[i].deadline)
            return fail(members_[i].conn,
                        "no sync within " + std::to_string(net::handshake_timeout / 1000) + " s", now);
    if (over()) {
        if (now - over_at_ >= linger_after_over && !members_.empty()) {
            close_all(net::format_message(net::Bye{"the match is over"}));
        }
        return;
    }
    for (const net::Referee::StageNews& n : referee_.absence_due(now)) {
        if (n.release) {
            // The grace is over: the clocks run again from its end, as they stood (the grace did not count).
            // (A match nobody has moved in starts its clocks so: a player who never came meets the rule.)
            unstarted_ = false;
            start_by_ = -1;
            match_.clock().resume(n.at);
            match_.sync_clock(n.at);
            announce_clock(now);
        }
        const char* stage = n.stage == AbsenceStage::ClockRuns ? "the grace is over, the clocks run"
                            : n.stage == AbsenceStage::Waiting
                                ? "the grace is over, play goes on without them"
                            : n.stage == AbsenceStage::ClaimAllowed ? "the round may be claimed from them"
                                                                    : "in the grace";
        env_.note(now, "game " + wire_ + ": " + match_.name(n.player) + " is away: " + stage);
    }
    // A tournament's round: the clocks start at the end of its countdown, if White has not moved by then.
    if (unstarted_ && start_by_ >= 0 && now >= start_by_ && !referee_.holds(now)) start_clocks(now);
    const net::Referee::ClockNews news = net::Referee::clock_due(match_, now);
    if (news.flag) {
        const auto r = referee_.decide(match_, *news.flag, match_.player_of(news.flag->side), now);
        if (r.kind == net::Referee::Ruling::Kind::Fact) commit(r.fact, r.actor, now);
    } else if (news.chunk) {
        match_.clock().set_state(*news.chunk, now);
        announce_clock(now);
    }
    if (over()) return;
    // A player away too long: the match is lost to the one who stayed, or aborted when both left.
    const auto& a0 = referee_.absence(0);
    const auto& a1 = referee_.absence(1);
    const auto gone_long = [&](const std::optional<Absence>& a) {
        return a && now - a->since() >= limits_.abandon_after;
    };
    if (gone_long(a0) || gone_long(a1)) {
        if (a0 && a1) {
            if (gone_long(a0) && gone_long(a1))
                finish(GameOutcome::Aborted, "abandoned: neither player came back", now);
        } else {
            const int absent = a0 ? 0 : 1;
            finish(absent == 0 ? GameOutcome::Player1 : GameOutcome::Player0,
                   match_.name(absent) + " left and did not come back: " + match_.name(1 - absent) +
                       " wins the match",
                   now);
        }
        return;
    }
    if (item_waiting_ && now - last_item_ >= item_every) changed(true, now);
}

Millis HostedGame::until_next(Millis now) const {
    Soonest soonest;
    for (const Member& m : members_)
        if (!m.playing) soonest.at(m.deadline - now);
    if (over()) {
        if (!members_.empty()) soonest.at(over_at_ + linger_after_over - now);
        return soonest.get();
    }
    if (referee_.absence_news_due(now)) soonest.at(0);
    soonest.also(referee_.absence_until_next(now));
    if (match_.clock().enabled() && !match_.game().over()) {
        soonest.also(match_.clock().until_event(now));
    }
    for (int p : {0, 1})
        if (const auto& a = referee_.absence(p)) soonest.at(a->since() + limits_.abandon_after - now);
    if (item_waiting_) soonest.at(last_item_ + item_every - now);
    if (unstarted_ && start_by_ >= 0) soonest.at(start_by_ - now);
    return soonest.get();
}

net::lobby::GameItem HostedGame::item(Millis now) const {
    net::lobby::GameItem g;
    g.game = wire_;
    g.names = {match_.name(0), match_.name(1)};
    g.score = {match_.score(0), match_.score(1)};
    const GameClock& c = match_.clock();
    if (c.enabled()) {
        for (int p : {0, 1})
            g.left[std::size_t(p)] = std::max<Millis>(0, c.until_flag(match_.colour_of(p), now));
        if (c.running() && !c.paused()) g.running = match_.player_of(*c.running());
    }
    g.watchers = watchers();
    g.terms = net::lobby::Terms{setup_.settings, setup_.rated};
    return g;
}

}  // namespace gobblet::server
