#include "hosted_game.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "net/event.h"
#include "net/peer_link.h"
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
        const std::size_t round = match.rounds().size() - 1;
        const Color mover = match.game().side_to_move();
        if (auto applied = net::apply(match, fact, now); !applied)
            return Failure{where + ": " + applied.why()};
        if (referee) referee->after_fact(match, fact, actor, now);  // a pause counts from the restart
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
      referee_(limits.grace, setup_.rated, net::max_pause, limits.choice_time) {
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
    // White's first move is waited for from now (a tournament's clocks start instead), and a tournament's
    // match takes no gifts of time.
    if (setup_.tournament)
        referee_.forbid_gifts();
    else
        referee_.note_start(now);
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

Expected<void> HostedGame::abort(int by, Millis now, bool resigned) {
    if (over()) return Failure{"the match is over already"};
    if (setup_.tournament) return Failure{"a tournament's match cannot be aborted: resign it, or play it"};
    if (!abortable()) return Failure{"too late to abort: both sides have moved (resign instead)"};
    env_.note(now, "game " + wire_ + ": " + match_.name(by) +
                       (resigned ? " resigns before each side moved: aborted" : " aborts it"));
    finish(GameOutcome::Aborted,
           match_.name(by) + (resigned ? " resigned before each side had moved: no result"
                                       : " aborted the match before it began"),
           now);
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
        (void)core_.decide(again, -1, now);
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

void HostedGame::join(ConnId conn, int player, int version, Millis now, const std::string& spectator) {
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
    // A player hears the opponent's seat; the terms say that the engine never helps, and (version 4) the
    // server's limit on the choice of starter.
    const auto seat = player >= 0 ? std::optional(seats_[std::size_t(1 - player)]) : std::nullopt;
    const auto terms = net::HostCore::terms_for(version, false, referee_.choice_limit());
    const auto lines = net::HostCore::welcome_lines(match_, wire_, player, terms, seat, now, version);
    if (!lines) {
        env_.out.close(conn, net::format_message(net::Error{lines.why()}));
        return;
    }
    members_.push_back(
        Member{conn, player, false, 0, now + net::handshake_timeout, player < 0 ? spectator : "", version});
    for (const net::Message& msg : *lines) send(members_.back(), msg);
    env_.note(now, "game " + wire_ + ": " +
                       (player >= 0 ? match_.name(player) + " joins" : std::string("a spectator joins")));
}

void HostedGame::mark_bot(int player) {
    if (over() || setup_.players[std::size_t(player)].bot) return;
    setup_.players[std::size_t(player)].bot = true;
    env_.store.games().mark_bot(id_, player);
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
            if (!net::HostCore::sync_matches(match_, *s, m->version))
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
    // The core numbers the game's way: a connection's numbers are shifted by its base. What crosses the
    // end of the match is dropped.
    std::visit(Overload{
                   [&](Act a) {
                       a.state += me.base;
                       if (over()) return;
                       // A resignation before each side has moved is an abort: a loss nobody played for
                       // buys no rating (a second account resigning at move 0, again and again).
                       if (a.kind == Act::Kind::Resign && abortable()) return (void)abort(p, now, true);
                       core_.request(p, a, now);
                   },
                   [&](net::Offer o) {
                       o.state += me.base;
                       if (!over()) core_.offer(p, o, now);
                   },
                   [&](net::Answer a) {
                       a.state += me.base;
                       if (!over()) (void)core_.answer(p, a, now);
                   },
                   [&](const net::Seat& s) {
                       seats_[std::size_t(p)] = s.kind;
                       if (Member* other = seated(1 - p); other && other->playing) send(*other, s);
                   },
                   [&](const net::Chat& c) {
                       // Between the two players only: spectators never hear it.
                       if (Member* other = seated(1 - p); other && other->playing) send(*other, c);
                   },
                   // The handshake's lines are over; keep-alives and goodbyes are the hub's (Hub::handle).
                   [&](const OneOf<net::Hello, net::Sync, net::Ping, net::Pong, net::Bye, net::Error> auto&) {
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
        core_.commit(back, player, now);
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
    if (m.playing && !over()) core_.commit(referee_.away_fact(match_, m.player, now), m.player, now);
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
// The host core's words, to the connections.

void HostedGame::broken(int player, const std::string& why, Millis now) {
    if (Member* m = seated(player)) fail(m->conn, why, now);
}

void HostedGame::offered(int by, net::OfferKind kind, Millis) {
    if (Member* other = seated(1 - by); other && other->playing)
        send_numbered(*other, net::Offer{referee_.state(), kind});
}

void HostedGame::declined(int by, net::OfferKind kind, Millis) {
    // Nor does the log hear of it: a flood of them costs one line each to their sender only.
    if (Member* m = seated(by)) send_numbered(*m, net::Answer{referee_.state(), kind, false});
}

void HostedGame::answered(int by, net::OfferKind kind, bool, bool agreed, Millis) {
    if (Member* offerer = seated(1 - by); offerer && offerer->playing)
        send_numbered(*offerer, net::Answer{referee_.state(), kind, agreed});
}

void HostedGame::clocks_run(Millis at, Millis now) {
    // The grace is over: the clocks run again from its end, as they stood (the grace did not count). (A
    // match nobody has moved in starts its clocks so: a player who never came meets the rule.)
    unstarted_ = false;
    start_by_ = -1;
    match_.clock().resume(at);
    match_.sync_clock(at);
    announce_clock(now);
}

void HostedGame::chunk(const GameClock::State& reading, Millis now) {
    match_.clock().set_state(reading, now);
    announce_clock(now);
}

void HostedGame::absence_stage(const net::Referee::StageNews& n, Millis now) {
    const char* stage = n.stage == AbsenceStage::ClockRuns ? "the grace is over, the clocks run"
                        : n.stage == AbsenceStage::Waiting ? "the grace is over, play goes on without them"
                        : n.stage == AbsenceStage::ClaimAllowed ? "the round may be claimed from them"
                                                                : "in the grace";
    env_.note(now, "game " + wire_ + ": " + match_.name(n.player) + " is away: " + stage);
}

// ---------------------------------------------------------------------------------------------------
// Facts.

void HostedGame::carry_out(const net::Referee::Ruling& r, Millis now) {
    const Act& fact = r.fact;
    const int actor = r.actor;
    const std::array<int, 2> score_before = {match_.score(0), match_.score(1)};
    // Commit, then announce: once append_fact returns the fact survives a kill -9.
    if (fact.kind == Act::Kind::Move || fact.kind == Act::Kind::Touch) {
        unstarted_ = false;  // (White's first: the clocks run from here)
        start_by_ = -1;
    }
    env_.store.games().append_fact(id_, fact.state, fact_format, stored_fact(fact),
                                   GameClock::state_text(*fact.clock));
    (void)net::apply(match_, fact, now);  // decided by the referee: it applies
    for (Member& m : members_)
        if (m.playing) {
            if (const std::optional<Act> heard = as_heard(m, fact)) send_numbered(m, *heard);
        }
    // (Lapsed offers need no word: each side's referee lapses them by the same rule.)
    if (fact.kind == Act::Kind::Flag || fact.kind == Act::Kind::Claim)
        env_.note(now, "game " + wire_ + ": " + match_.round_result_text());
    if (fact.kind == Act::Kind::Starter && actor < 0)
        env_.note(now, "game " + wire_ + ": " + match_.rule_starter_text(referee_.choice_limit()));
    if (fact.kind == Act::Kind::Away || fact.kind == Act::Kind::Back)
        env_.note(now, "game " + wire_ + ": " + match_.name(actor) +
                           (fact.kind == Act::Kind::Away ? " is away" : " is at the board"));
    // What follows from it (a drawn round of a match is played again) the core decides at once, and the
    // lobby hears of both then. A match that is over is recorded.
    if (r.follows) return;
    if (match_.phase() == MatchPhase::Over && !over()) {
        const auto w = match_.winner();
        return finish(w ? (*w == 0 ? GameOutcome::Player0 : GameOutcome::Player1) : GameOutcome::Draw,
                      match_.match_result_text(), now);
    }
    // The lobby's line shows the score, the clocks and the watchers: without a clock a move changes none.
    const bool score_changed = score_before != std::array<int, 2>{match_.score(0), match_.score(1)};
    if (score_changed || match_.clock().enabled()) changed(score_changed, now);
}

std::optional<Act> HostedGame::as_heard(Member& m, const Act& fact) {
    if (m.version >= net::gifts_version) return fact;
    if (fact.kind == Act::Kind::MoreTime) {
        // An older connection knows no gift: it hears the clock it left, and counts no fact for it.
        send(m, net::Clock{*fact.clock});
        ++m.base;
        return std::nullopt;
    }
    if (fact.kind == Act::Kind::Claim && fact.draw) {  // (only a spectator: the absent player is not here)
        Act draw = fact;
        draw.kind = Act::Kind::Draw;
        draw.draw = false;
        return draw;
    }
    return fact;
}

void HostedGame::announce_clock(Millis now) {
    const GameClock::State s = match_.clock().state(now);
    for (const Member& m : members_)
        if (m.playing) send(m, net::Clock{s});
    changed(false, now);
}

void HostedGame::finish(GameOutcome outcome, const std::string& text, Millis now) {
    const std::array<int, 2> score = {match_.score(0), match_.score(1)};
    const auto ratings = env_.store.games().finish_game(id_, outcome, text, env_.unix(now), score);
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
    core_.absence_timers(now);
    // A tournament's round: the clocks start at the end of its countdown, if White has not moved by then.
    if (unstarted_ && start_by_ >= 0 && now >= start_by_ && !referee_.holds(now)) start_clocks(now);
    core_.pause_timers(now);  // an agreed pause ends at its limit (net/referee.h): a casual game's only
    core_.clock_timers(now);
    if (over()) return;
    // The loser of a round who let the choice's time run out: the rule's starter (engine/match.h).
    core_.choice_timers(now);
    if (over()) return;
    // Nobody started the match: White did not make the first move in time (lichess aborts it).
    if (referee_.first_move_due(match_, now)) {
        env_.note(now, "game " + wire_ + ": " + match_.name(match_.player_of(Color::White)) +
                           " did not make the first move: aborted");
        finish(GameOutcome::Aborted,
               match_.name(match_.player_of(Color::White)) + " did not make the first move within " +
                   std::to_string(net::first_move_limit / 1000) + " s: the match is aborted",
               now);
        return;
    }
    // A player away too long: the match is lost to the one who stayed, or aborted when both left.
    if (const auto at = abandon_at(); at && now >= *at) {
        const auto& a0 = referee_.absence(0);
        if (a0 && referee_.absence(1)) {
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

std::optional<Millis> HostedGame::abandon_at() const {
    const auto& a0 = referee_.absence(0);
    const auto& a1 = referee_.absence(1);
    if (a0 && a1) return std::max(a0->since(), a1->since()) + limits_.abandon_after;
    if (!a0 && !a1) return std::nullopt;
    // Not while the match waits on the one who stayed, their own clock running on their turn: that
    // clock decides (a winner who left while the loser sat silent at the board is not the absent one).
    const int absent = a0 ? 0 : 1;
    const GameClock& c = match_.clock();
    if (match_.phase() == MatchPhase::Playing && c.enabled() && c.running() && !c.paused() &&
        match_.player_of(*c.running()) == 1 - absent)
        return std::nullopt;
    return referee_.absence(absent)->since() + limits_.abandon_after;
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
    soonest.also(referee_.pause_until_next(now));
    if (match_.clock().enabled() && !match_.game().over()) {
        soonest.also(match_.clock().until_event(now));
    }
    soonest.also(referee_.choice_until_next(match_, now));
    soonest.also(referee_.first_move_until_next(match_, now));
    if (const auto at = abandon_at()) soonest.at(*at - now);
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
