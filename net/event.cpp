#include "event.h"

#include <iterator>
#include <utility>

#include "engine/notation.h"

namespace gobblet::net {

namespace {

std::optional<MoveSpec> spec_of(const std::string& text) {
    const Expected<std::vector<WrittenMove>, TextError> p = parse_moves(text);
    if (!p || p->size() != 1) return std::nullopt;
    return p->front().spec;
}

bool ended_by_event(const Game& g) {
    switch (g.result().ending) {
        case Ending::Resignation:
        case Ending::Agreement:
        case Ending::Time:
        case Ending::Abandoned:
        case Ending::Forfeit: return true;
        default: return false;
    }
}

}  // namespace

Expected<void> apply(Match& m, const Act& a, Millis now) {
    const bool fact = a.clock.has_value();  // else: the host's authority, the clock running by itself
    std::string why;
    switch (a.kind) {
        case Act::Kind::Move: {
            const auto spec = spec_of(a.move);
            if (!spec) return Failure{"not a move: " + a.move};
            if (int(m.game().moves().size()) + 1 != a.number)
                return Failure{"move " + std::to_string(a.number) + " out of order"};
            why = (fact ? m.game().play(*spec) : m.play(*spec, now)).why();
            break;
        }
        case Act::Kind::Touch:
            why = m.game().touch(a.square).why();
            if (!fact && why.empty()) m.sync_clock(now);
            break;
        case Act::Kind::Resign:
            if (m.game().over()) return Failure{"the round is over"};
            fact ? m.game().resign(a.side) : m.resign(a.side, now);
            break;
        case Act::Kind::Draw:
            if (m.game().over()) return Failure{"the round is over"};
            fact ? m.game().agree_draw() : m.agree_draw(now);
            break;
        case Act::Kind::Undo:
            if (a.number < 0 || a.number > int(m.game().moves().size())) return Failure{"nothing to undo"};
            while (int(m.game().moves().size()) > a.number)
                if (!m.game().undo()) break;
            // Taken back by agreement, not stepped back through: nothing is left to replay.
            m.game().clear_redo();
            if (!fact) m.sync_clock(now);
            break;
        case Act::Kind::Pause:
            if (!fact) m.clock().pause(now);
            break;
        case Act::Kind::Resume:
            if (!fact) m.clock().resume(now);
            break;
        case Act::Kind::Flag:
            if (fact)
                m.game().lose_on_time(a.side);
            else
                m.tick(now);
            break;
        case Act::Kind::Claim:
            if (m.game().over()) return Failure{"the round is over"};
            fact ? m.game().abandon(a.side, a.draw) : m.abandon(a.side, now, a.draw);
            break;
        case Act::Kind::MoreTime:
            if (m.game().over() || !m.clock().enabled()) return Failure{"no clock runs to give time on"};
            if (!fact) m.clock().give(a.side, more_time_gift, now);  // (a fact's reading says it)
            break;
        case Act::Kind::Away:
            // The clocks stand for the grace (the host's reading says so in a fact).
            if (!fact) m.clock().pause(now);
            break;
        case Act::Kind::Back:
            if (!fact) {
                m.clock().resume(now);
                m.sync_clock(now);
            }
            break;
        case Act::Kind::Starter:
            if (m.phase() != MatchPhase::ChoosingStarter) return Failure{"no starter to choose"};
            m.choose_starter(a.number, now);
            break;
        case Act::Kind::Replay:
            if (m.phase() != MatchPhase::Replay) return Failure{"no round to play again"};
            m.next_round(now);
            break;
    }
    if (!why.empty()) return Failure{why};
    if (fact) m.clock().set_state(*a.clock, now);
    return {};
}

namespace {

std::string name_of(const Match& m, int player) {
    return player == 0 || player == 1 ? m.name(player) : "both";
}

}  // namespace

std::string offer_text(OfferKind k) {
    switch (k) {
        case OfferKind::Draw: return "a draw";
        case OfferKind::Undo: return "to take back a move";
        case OfferKind::Pause: return "a pause";
        case OfferKind::Resume: return "to resume";
    }
    return "";
}

std::string offer_named(OfferKind k) {
    const std::string what = offer_text(k);
    return what.rfind("to ", 0) == 0 ? "offer " + what : "offer of " + what;
}

Expected<void> apply(Match& match, const Event& e, Millis now) {
    switch (e.kind) {
        case Event::Kind::Joined:
            if (e.player == 0 || e.player == 1) match.set_name(e.player, e.text);
            return {};
        case Event::Kind::Welcomed:
            if (e.match) match = *e.match;
            return {};
        case Event::Kind::Started:
        case Event::Kind::Clock:
            if (e.clock) match.clock().set_state(*e.clock, now);
            return {};
        case Event::Kind::Act: return apply(match, e.act, now);
        case Event::Kind::Gone:
        case Event::Kind::Error:
            if (e.clock)
                match.clock().set_state(*e.clock, now);
            else
                match.clock().pause(now);
            return {};
        default: return {};
    }
}

namespace {

// Each offer and the fact its agreement makes.
constexpr std::pair<OfferKind, Act::Kind> agreements[] = {
    {OfferKind::Draw, Act::Kind::Draw},
    {OfferKind::Undo, Act::Kind::Undo},
    {OfferKind::Pause, Act::Kind::Pause},
    {OfferKind::Resume, Act::Kind::Resume},
};
static_assert(std::size(agreements) == 4, "a row for each OfferKind");

}  // namespace

Act::Kind agreed_act(OfferKind kind) {
    for (const auto& [offer, act] : agreements)
        if (offer == kind) return act;
    return Act::Kind::Draw;  // (every offer has its row)
}

std::optional<OfferKind> agreement_of(Act::Kind k) {
    for (const auto& [offer, act] : agreements)
        if (act == k) return offer;
    return std::nullopt;
}

std::optional<int> undo_target(const Match& m, int player) {
    const Game& g = m.game();
    if (ended_by_event(g) || g.moves().empty()) return std::nullopt;
    const int plies = int(g.moves().size());
    const bool their_turn = !g.over() && g.side_to_move() == m.colour_of(player);
    // A finished game has no side to move; whoever made the last move is the one who can take it back.
    const Color last_mover = (plies % 2 == 1) ? Color::White : Color::Black;
    int target;
    if (g.over())
        target = last_mover == m.colour_of(player) ? plies - 1 : plies - 2;
    else
        target = their_turn ? plies - 2 : plies - 1;
    if (target < 0) return std::nullopt;
    return target;
}

Expected<void> offer_allowed(const Match& m, int player, OfferKind kind) {
    // A finished match is only reviewed: nothing is left to agree on.
    if (m.phase() == MatchPhase::Over)
        return Failure{std::string("the ") + (m.single_game() ? "game" : "match") +
                       " is over: there is nothing to agree on"};
    const bool paused = m.clock().paused();
    switch (kind) {
        case OfferKind::Draw:
            if (m.game().over()) return Failure{"the round is over"};
            return {};
        case OfferKind::Undo:
            if (paused) return Failure{"the game is paused"};
            if (!undo_target(m, player))
                return Failure{"there is no move of yours to take back in this round"};
            return {};
        case OfferKind::Pause:
            if (paused) return Failure{"the game is already paused"};
            return {};
        case OfferKind::Resume:
            if (!paused) return Failure{"the game is not paused"};
            return {};
    }
    return {};
}

bool lapses(OfferKind kind, int offerer, const Act& fact, int actor, const Match& after) {
    if (fact.kind == Act::Kind::Away) return true;
    if (fact.kind == Act::Kind::Back || fact.kind == Act::Kind::MoreTime) return false;  // nothing moved
    const bool pause_or_resume = fact.kind == Act::Kind::Pause || fact.kind == Act::Kind::Resume;
    switch (kind) {
        case OfferKind::Undo: return true;
        case OfferKind::Draw:
            if (pause_or_resume) return false;
            if ((fact.kind == Act::Kind::Move || fact.kind == Act::Kind::Touch) && actor == offerer &&
                !after.game().over())
                return false;
            return true;
        case OfferKind::Pause:
            // A move by the other player declines it, as it declines every offer (nobody moves while
            // paused, so a resume offer waits for its answer).
            return pause_or_resume || (fact.kind == Act::Kind::Move && actor >= 0 && actor != offerer);
        case OfferKind::Resume: return pause_or_resume;
    }
    return true;
}

std::string pause_over_text(Millis limit) {
    const Millis minutes = limit / 60'000;
    const std::string length = minutes >= 1 && limit % 60'000 == 0
                                   ? std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes")
                                   : std::to_string(limit / 1000) + " s";
    return "the pause reached its limit of " + length + ": play resumes";
}

bool started_before(const Match& m) { return m.rounds().size() > 1 || !m.game().moves().empty(); }

std::string describe(const Event& e, const Match& m, int me) {
    const std::string who = name_of(m, e.player);
    switch (e.kind) {
        case Event::Kind::Joined: return who + " joined";
        case Event::Kind::Welcomed:
            if (me < 0) return "watching " + m.name(0) + " and " + m.name(1);
            return e.resumed ? "joined: the match continues" : "joined " + m.name(1 - me) + "'s game";
        case Event::Kind::Started:
            if (!e.text.empty()) return "play resumes; while you were away: " + e.text;
            if (e.resumed) return "both hold the same moves: play resumes";
            // A match taken up in progress (a server's, from the lobby again; a game watched) goes on.
            return started_before(m) ? "the game goes on" : "the game starts";
        case Event::Kind::Act: {
            const Act& a = e.act;
            switch (a.kind) {
                case Act::Kind::Move: return who + " played " + a.move;
                case Act::Kind::Touch: return who + " touched the piece on " + square_name(a.square);
                case Act::Kind::Resign: return who + " resigned";
                case Act::Kind::Draw: return "draw agreed";
                case Act::Kind::Undo: return "moves taken back by agreement";
                case Act::Kind::Pause: return "paused by agreement";
                case Act::Kind::Resume: return e.text.empty() ? "resumed by agreement" : e.text;
                case Act::Kind::Flag: return who + " ran out of time";
                case Act::Kind::Starter:
                    // Decided by the host (actor -1): the chooser's time ran out, and the rule chose (the
                    // host says so with its limit: Match::rule_starter_text).
                    if (e.player < 0 && !e.text.empty()) return e.text;
                    return m.name(a.number) + " starts the next round";
                case Act::Kind::Replay: return "the drawn round is played again";
                // (The status line says the result.)
                case Act::Kind::Claim: return who + (a.draw ? " claimed a draw" : " claimed the round");
                case Act::Kind::MoreTime: {
                    const int given = m.player_of(a.side);
                    const std::string giver = 1 - given == me ? "you" : m.name(1 - given);
                    const std::string taker = given == me ? "you" : m.name(given);
                    return giver + (giver == "you" ? " give " : " gives ") + taker + " " +
                           duration_text(more_time_gift) + " more";
                }
                // Away from the board: a lost connection or a player who went back to the lobby alike.
                case Act::Kind::Away: return m.name(m.player_of(a.side)) + " is away from the board";
                case Act::Kind::Back:
                    // Before the first move it is an arrival, not a return.
                    if (m.rounds().size() == 1 && m.game().moves().empty())
                        return m.name(m.player_of(a.side)) + " is at the board";
                    return m.name(m.player_of(a.side)) + " is back";
            }
            return {};
        }
        case Event::Kind::Offered: return who + " offers " + offer_text(e.offer);
        case Event::Kind::Answered:
            return who + (e.yes ? " accepted " : " declined ") + "your " + offer_named(e.offer);
        case Event::Kind::Lapsed:
            return (e.player == me ? std::string("your") : who + "'s") + " " + offer_named(e.offer) +
                   " lapsed";
        case Event::Kind::Dropped: return e.text;
        case Event::Kind::Clock: return e.text;
        case Event::Kind::Chat: return who + ": " + e.text;
        case Event::Kind::Seat:
            return who + (e.seat == SeatKind::Computer ? " handed their seat to their computer"
                                                       : " is back at the board");
        case Event::Kind::Refused: return e.text;
        case Event::Kind::Gone: return "connection lost: " + e.text;
        case Event::Kind::Error: return "connection closed: " + e.text;
        case Event::Kind::Absence: return e.text;
        case Event::Kind::Watchers:
            // (nobody watching is no news: the count a player hears as a game starts says nothing)
            if (e.count == 0) return {};
            return e.count == 1 ? "one spectator watches" : std::to_string(e.count) + " spectators watch";
    }
    return {};
}

}  // namespace gobblet::net
