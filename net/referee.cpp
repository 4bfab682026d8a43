#include "referee.h"

#include <algorithm>

#include "engine/notation.h"
#include "event.h"

namespace gobblet::net {

namespace {

constexpr OfferKind offer_kinds[] = {OfferKind::Draw, OfferKind::Undo, OfferKind::Pause, OfferKind::Resume};

}  // namespace

void Referee::restart(int from) {
    state_ = from;
    offers_ = {};
    lapsed_at_ = {};
}

// ---------------------------------------------------------------------------------------------------
// Facts.

Referee::Ruling Referee::request(const Match& m, const Act& a, int by, Millis now) const {
    Ruling r;
    if (a.clock) {
        r.why = "a change with a clock reading: the host keeps the clock";
        return r;
    }
    if (a.state > state_) {
        r.why = "a change made at state " + std::to_string(a.state) + " when only " + std::to_string(state_) +
                " have happened";
        return r;
    }
    if (a.state < state_) {
        r.kind = Ruling::Kind::Crossed;  // overtaken by our news, which tells its sender it was not played
        return r;
    }
    if (auto allowed = request_allowed(m, a, by, now); !allowed) {
        r.why = allowed.why();
        return r;
    }
    return decide(m, a, by, now);
}

Referee::Ruling Referee::decide(const Match& m, Act a, int actor, Millis now) const {
    Match copy = m;
    a.state = state_;
    a.clock.reset();
    Ruling r;
    if (auto applied = apply(copy, a, now); !applied) {
        if (a.kind == Act::Kind::Move && copy.game().over() && copy.game().result().ending == Ending::Time) {
            // The move came after the mover's flag fell: the flag is the news.
            Act flag;
            flag.kind = Act::Kind::Flag;
            flag.side = copy.game().result().loser;
            r = decide(m, flag, copy.player_of(flag.side), now);
        }
        r.why = applied.why();
        return r;
    }
    // While an absent player's grace lasts the clocks stand, whatever the player who stayed does (a move
    // hands the turn over, a new round starts its clock: both would set them running).
    if (absence_holds(now) && !copy.clock().paused()) copy.clock().pause(now);
    a.clock = copy.clock().state(now);
    r.kind = Ruling::Kind::Fact;
    r.lapsed = lapsing(copy, a, actor);
    if (copy.phase() == MatchPhase::Replay) {
        Act again;
        again.kind = Act::Kind::Replay;
        r.follows = again;
    }
    r.fact = std::move(a);
    r.actor = actor;
    return r;
}

int Referee::actor_of(const Match& m, const Act& a) {
    switch (a.kind) {
        case Act::Kind::Move:
        case Act::Kind::Touch: return m.player_of(m.game().side_to_move());
        case Act::Kind::Resign:
        case Act::Kind::Flag: return m.player_of(a.side);
        case Act::Kind::Claim: return 1 - m.player_of(a.side);     // the player who stayed claims
        case Act::Kind::MoreTime: return 1 - m.player_of(a.side);  // the giver: the other side's player
        case Act::Kind::Away:
        case Act::Kind::Back: return m.player_of(a.side);
        case Act::Kind::Starter: return m.chooser();
        default: return -1;
    }
}

Expected<void> play_allowed(const Game& g, const Act& a) {
    Game copy = g;
    if (a.kind == Act::Kind::Touch) {
        const Expected<void> touched = copy.touch(a.square);
        if (!touched) return Failure{"a touch refused: " + square_name(a.square) + ": " + touched.why()};
        return {};
    }
    const int expected = int(g.moves().size()) + 1;
    if (a.number != expected)
        return Failure{"a wrong move number (" + std::to_string(a.number) + ", expected " +
                       std::to_string(expected) + ")"};
    // The wire reader took a.move as one move in canonical notation.
    const std::vector<WrittenMove> moves = parse_moves(a.move).value().value_or(std::vector<WrittenMove>{});
    const Expected<void> played = copy.play(moves.at(0).spec);
    if (!played) return Failure{"an illegal move: " + a.move + ": " + played.why()};
    return {};
}

Expected<void> Referee::may_move(const Game& g, const Act& a) const {
    const std::string what = a.kind == Act::Kind::Move ? "a move" : "a touch";
    if (g.over()) return Failure{what + " after the round ended"};
    // An absence stops the clocks too, but the player who stayed moves on their own turn.
    if (agreed_pause_) return Failure{what + " while the game is paused"};
    return {};
}

// ---------------------------------------------------------------------------------------------------
// The rules both ways: a player's requests as the host checks them, the host's facts as a joiner does.

Expected<void> Referee::request_allowed(const Match& m, const Act& a, int by, Millis now) const {
    const Game& g = m.game();
    const bool turn = m.player_of(g.side_to_move()) == by;
    switch (a.kind) {
        case Act::Kind::Move:
        case Act::Kind::Touch: {
            if (auto ok = may_move(g, a); !ok) return ok;
            if (!turn)
                return Failure{std::string(a.kind == Act::Kind::Move ? "a move" : "a touch") +
                               " out of turn"};
            return play_allowed(g, a);
        }
        case Act::Kind::Resign:
            if (g.over()) return Failure{"a resignation after the round ended"};
            if (a.side != m.colour_of(by)) return Failure{"a resignation for the other side"};
            return {};
        case Act::Kind::Starter:
            if (m.phase() != MatchPhase::ChoosingStarter)
                return Failure{"a choice of starter when there is none to make"};
            if (m.chooser() != by) return Failure{"a choice of starter that is the other player's to make"};
            return {};
        case Act::Kind::Claim: {
            // Only from a player whose opponent is away, by the rule of engine/absence.h.
            const int absent = 1 - by;
            const auto& away = absence(absent);
            if (!away) return Failure{"a claim of the round while both players are here"};
            if (a.side != m.colour_of(absent))
                return Failure{"a claim of the round from the player who stayed"};
            if (const Expected<void> claim = may_claim(m, absent, *away, now); !claim)
                return Failure{"a claim that does not stand: " + claim.why()};
            return {};
        }
        case Act::Kind::MoreTime:
            if (a.side != m.colour_of(1 - by)) return Failure{"more time for the player's own side"};
            if (const Expected<void> gift = may_give(m, by); !gift)
                return Failure{"more time that may not be given: " + gift.why()};
            return {};
        default: return Failure{std::string("a ") + act_word(a.kind) + ": only the host announces that"};
    }
}

bool Referee::answers(const Act& request, const Act& fact) {
    return request.kind == fact.kind && request.state == fact.state && request.number == fact.number &&
           request.move == fact.move && request.square == fact.square && request.side == fact.side &&
           request.draw == fact.draw;
}

Expected<void> Referee::fact_allowed(const Match& m, const Act& a, const Hearer& h, Millis now) const {
    const Game& g = m.game();
    const bool watching = h.me < 0;
    const auto mine = [&](Color c) { return m.player_of(c) == h.me; };
    // What an agreement carries out comes only after one, made here or (a spectator's) taken on trust.
    const auto agreed = [&] { return watching || (h.agreed && agreement_of(a.kind) == h.agreed->kind); };
    const auto unless = [](bool ok, const char* why) -> Expected<void> {
        if (ok) return {};
        return Failure{why};
    };
    switch (a.kind) {
        case Act::Kind::Move:
        case Act::Kind::Touch:
            if (auto ok = may_move(g, a); !ok) return ok;
            if (mine(g.side_to_move()) && !h.requested)
                return Failure{std::string(a.kind == Act::Kind::Move ? "a move" : "a touch") +
                               " for our side that we did not make" +
                               (a.kind == Act::Kind::Move ? ": " + a.move : "")};
            return play_allowed(g, a);
        case Act::Kind::Resign:
            if (g.over()) return Failure{"a resignation after the round ended"};
            if (mine(a.side) && !h.requested)
                return Failure{"a resignation for our side that we did not make"};
            return {};
        case Act::Kind::Draw:
            if (g.over()) return Failure{"a draw after the round ended"};
            return unless(agreed(), "a draw nobody agreed to");
        case Act::Kind::Undo: {
            if (!agreed()) return Failure{"an undo nobody agreed to"};
            if (watching) return unless(a.number < int(g.moves().size()), "an undo to the wrong move");
            const auto target = undo_target(m, h.agreed->offerer);
            return unless(target && *target == a.number, "an undo to the wrong move");
        }
        case Act::Kind::Pause:
            if (m.clock().paused()) return Failure{"a pause while paused"};
            return unless(agreed(), "a pause nobody agreed to");
        case Act::Kind::Resume:
            if (!m.clock().paused()) return Failure{"a resume while not paused"};
            // The host resumes by itself at the pause's limit.
            return unless(agreed() || pause_may_end(now),
                          "a resume nobody agreed to, before the pause reached its limit");
        case Act::Kind::Flag:
            if (g.over() || !m.clock().enabled() || m.clock().paused() || a.side != g.side_to_move())
                return Failure{"a flag for a side whose clock does not run"};
            return {};
        case Act::Kind::Starter:
            if (m.phase() != MatchPhase::ChoosingStarter)
                return Failure{"a starter when there is none to choose"};
            // The host keeps the choice's time as it keeps the clock: when ours ran out it announces the
            // rule's starter (engine/match.h), and nothing else, in our name.
            if (m.chooser() == h.me && !h.requested && a.number != m.rule_starter())
                return Failure{"a starter chosen for us, and not the rule's"};
            return {};
        case Act::Kind::Replay:
            return unless(m.phase() == MatchPhase::Replay, "a replay of a round that was not drawn");
        case Act::Kind::Claim:
            // Claimed only from a player who is away: by the player who stayed (us, when we asked), and
            // the joiner of a peer-to-peer host is its only other player.
            if (g.over()) return Failure{"a claim after the round ended"};
            if (!absence(m.player_of(a.side)))
                return Failure{"a claim of the round while both players are here"};
            return unless(watching || h.requested, "a claim we did not make");
        case Act::Kind::MoreTime: {
            // Given by the other side's player: ours only when we asked; the rules as the host's.
            const int giver = 1 - m.player_of(a.side);
            if (giver == h.me && !h.requested)
                return Failure{"more time given in our name that we did not give"};
            if (const Expected<void> gift = may_give(m, giver); !gift)
                return Failure{"more time that may not be given: " + gift.why()};
            return {};
        }
        case Act::Kind::Away:
        case Act::Kind::Back: {
            const bool away = a.kind == Act::Kind::Away;
            if (!h.hosted)
                return Failure{std::string("an ") + act_word(a.kind) + ": only a server's game has that"};
            const int p = m.player_of(a.side);
            if (p == h.me) return Failure{away ? "an away for ourselves" : "a back for ourselves"};
            if (away && absence(p)) return Failure{"an away for a player already away"};
            if (!away && !absence(p)) return Failure{"a back for a player who was not away"};
            return {};
        }
    }
    return {};
}

std::vector<Referee::Lapse> Referee::after_fact(const Match& after, const Act& a, int actor, Millis now) {
    ++state_;
    note_choice(after, now);
    if (a.kind == Act::Kind::Move && (actor == 0 || actor == 1)) ++moves_made_[std::size_t(actor)];
    if (a.kind == Act::Kind::MoreTime && (actor == 0 || actor == 1)) ++gifts_[std::size_t(actor)];
    // The clocks stand by agreement from a pause to a resume, or until they run again by themselves (a
    // round that ended). An absence's pause is no agreement: a move made during it leaves the clocks
    // standing, and play goes on.
    switch (a.kind) {
        case Act::Kind::Pause:
            agreed_pause_ = true;
            paused_at_ = now;
            pause_seen_ = true;
            break;
        case Act::Kind::Resume: agreed_pause_ = false; break;
        case Act::Kind::Away:
        case Act::Kind::Back:
        case Act::Kind::MoreTime: break;  // (a gift during a pause leaves it standing)
        default:
            if (!after.clock().paused()) agreed_pause_ = false;
            break;
    }
    for (int p : {0, 1})
        for (OfferKind k : offer_kinds)
            if (lapses(k, p, a, actor, after)) lapsed_at_[std::size_t(p)][std::size_t(k)] = state_;
    std::vector<Lapse> out = lapsing(after, a, actor);
    for (const Lapse& l : out) offers_[std::size_t(l.player)].reset();
    return out;
}

std::vector<Referee::Lapse> Referee::lapsing(const Match& after, const Act& a, int actor) const {
    std::vector<Lapse> out;
    for (int p : {0, 1})
        if (const auto& offer = offers_[std::size_t(p)]; offer && lapses(offer->kind, p, a, actor, after))
            out.push_back(Lapse{p, offer->kind});
    return out;
}

// ---------------------------------------------------------------------------------------------------
// Offers.

Expected<void> Referee::may_offer(const Match& m, int by, OfferKind kind) const {
    if (by != 0 && by != 1) return Failure{"a spectator makes no offers"};
    const int other = 1 - by;
    const std::string them = m.name(other);
    if (offers_[std::size_t(by)])
        return Failure{"your " + offer_named(*pending(by)) + " waits for " + them + "'s answer"};
    if (rated_ && kind == OfferKind::Undo) return Failure{"a rated game has no takebacks"};
    if (rated_ && kind == OfferKind::Pause) return Failure{"a rated game has no pauses"};
    // The same offer once a move pair (lichess, FICS): a declined offer cannot come back at once, so that
    // offers can never be a weapon against the other player's clock.
    if (const auto& at = offered_at_[std::size_t(by)][std::size_t(kind)]; at && kind != OfferKind::Resume) {
        const bool mine = moves_made_[std::size_t(by)] > (*at)[std::size_t(by)];
        const bool theirs = moves_made_[std::size_t(other)] > (*at)[std::size_t(other)];
        if (!mine || !theirs)
            return Failure{"you offered " + offer_text(kind) + " already: you may offer it again once " +
                           (!mine && !theirs ? them + " and you have each moved"
                            : !theirs        ? them + " has moved"
                                             : "you have moved")};
    }
    return offer_allowed(m, by, kind);
}

Referee::OfferRuling Referee::offer(const Match& m, int by, const Offer& o) {
    OfferRuling r;
    if (by != 0 && by != 1) return take_offer(m, by, o.kind, o.state);  // refused there
    if (o.state > state_) {
        r.why = "an offer made at a state that has not happened";
        return r;
    }
    if (o.state < lapsed_at_[std::size_t(by)][std::size_t(o.kind)]) {
        r.kind = OfferRuling::Kind::Crossed;  // lapsed on its way here
        return r;
    }
    return take_offer(m, by, o.kind, o.state);
}

Referee::OfferRuling Referee::take_offer(const Match& m, int by, OfferKind kind, int state) {
    OfferRuling r;
    if (by != 0 && by != 1) {
        r.why = "an offer from someone who does not play";
        return r;
    }
    if (offers_[std::size_t(by)]) {
        r.why = "a second offer before the first was answered";
        return r;
    }
    if (auto allowed = offer_allowed(m, by, kind); !allowed) {
        r.why = std::string("an offer of ") + offer_word(kind) + " that does not apply: " + allowed.why();
        return r;
    }
    if (auto fair = may_offer(m, by, kind); !fair) {
        r.kind = OfferRuling::Kind::Refused;
        r.why = fair.why();
        return r;
    }
    offers_[std::size_t(by)] = PendingOffer{kind, state};
    offered_at_[std::size_t(by)][std::size_t(kind)] = moves_made_;
    r.kind = OfferRuling::Kind::Taken;
    return r;
}

std::optional<OfferKind> Referee::pending(int player) const {
    if (player != 0 && player != 1) return std::nullopt;
    const auto& o = offers_[std::size_t(player)];
    return o ? std::optional<OfferKind>(o->kind) : std::nullopt;
}

Referee::AnswerRuling Referee::answer(const Match& m, int by, const Answer& a) {
    AnswerRuling r;
    const int offerer = 1 - by;
    if (by != 0 && by != 1) {
        r.why = "an answer from someone who does not play";
        return r;
    }
    if (a.state > state_) {
        r.why = "an answer made at a state that has not happened";
        return r;
    }
    auto& offer = offers_[std::size_t(offerer)];
    if (!offer || offer->kind != a.kind || offer->state > a.state) {
        r.kind = AnswerRuling::Kind::Crossed;  // to an offer that lapsed
        return r;
    }
    r.kind = AnswerRuling::Kind::Counts;
    r.offer = offer->kind;
    r.yes = a.yes;
    offer.reset();
    if (a.yes) r.outcome = outcome(m, r.offer, offerer);
    return r;
}

std::optional<Act> Referee::outcome(const Match& m, OfferKind kind, int offerer) {
    if (!offer_allowed(m, offerer, kind)) return std::nullopt;
    Act a;
    a.kind = agreed_act(kind);
    if (kind == OfferKind::Undo) a.number = *undo_target(m, offerer);  // back to the offerer's turn
    return a;
}

// ---------------------------------------------------------------------------------------------------
// The clock.

Referee::ClockNews Referee::clock_due(const Match& m, Millis now) {
    ClockNews news;
    if (m.game().over() || !m.clock().enabled() || m.clock().until_event(now) != 0) return news;
    Match copy = m;
    const ClockUpdate u = copy.tick(now);
    if (copy.game().over() && copy.game().result().ending == Ending::Time) {
        Act flag;
        flag.kind = Act::Kind::Flag;
        flag.side = copy.game().result().loser;
        news.flag = flag;
    } else if (u.chunks > 0) {
        news.chunk = copy.clock().state(now);
    }
    return news;
}

void Referee::set_paused_by_agreement(bool paused, Millis now) {
    if (paused && !agreed_pause_) {
        paused_at_ = now;
        pause_seen_ = false;
    }
    agreed_pause_ = paused;
}

std::optional<Act> Referee::pause_due(Millis now) const {
    if (!agreed_pause_ || now < pause_ends_at()) return std::nullopt;
    Act a;
    a.kind = Act::Kind::Resume;
    return a;
}

Millis Referee::pause_until_next(Millis now) const {
    if (!agreed_pause_) return -1;
    return std::max<Millis>(0, pause_ends_at() - now);
}

bool Referee::pause_may_end(Millis now, Millis slack) const {
    return agreed_pause_ && (!pause_seen_ || now >= pause_ends_at() - slack);
}

// ---------------------------------------------------------------------------------------------------
// More time, and the first move.

Expected<void> Referee::may_give(const Match& m, int by) const {
    if (by != 0 && by != 1) return Failure{"a spectator gives no time"};
    if (!m.clock().enabled()) return Failure{"more time is for a timed game: this one has no clock"};
    if (m.game().over() || m.phase() != MatchPhase::Playing)
        return Failure{"more time is given while a round is played"};
    if (!gifts_allowed_) return Failure{"a tournament's match takes no gifts of time"};
    if (gifts_[std::size_t(by)] >= max_gifts)
        return Failure{"you gave " + m.name(1 - by) + " more time " + std::to_string(max_gifts) +
                       " times already: that is the most a match allows"};
    return {};
}

bool Referee::first_move_due(const Match& m, Millis now) const {
    const Millis wait = first_move_until_next(m, now);
    return wait == 0;
}

Millis Referee::first_move_until_next(const Match& m, Millis now) const {
    if (started_at_ < 0 || m.rounds().size() != 1 || !m.game().moves().empty() || m.game().over()) return -1;
    return std::max<Millis>(0, started_at_ + first_move_limit - now);
}

// ---------------------------------------------------------------------------------------------------
// The choice of starter.

void Referee::note_choice(const Match& m, Millis now) {
    if (m.phase() != MatchPhase::ChoosingStarter)
        choice_.reset();
    else if (!choice_)
        choice_ = StarterWait(now, choice_limit_);
}

std::optional<Act> Referee::choice_due(const Match& m, Millis now) const {
    if (m.phase() != MatchPhase::ChoosingStarter || !choice_ || !choice_->due(now)) return std::nullopt;
    Act a;
    a.kind = Act::Kind::Starter;
    a.number = m.rule_starter();
    return a;
}

Millis Referee::choice_until_next(const Match& m, Millis now) const {
    if (m.phase() != MatchPhase::ChoosingStarter) return -1;
    return choice_ ? choice_->until_due(now) : 0;
}

// ---------------------------------------------------------------------------------------------------
// Absence.

Millis Referee::grace_left(int player) const {
    if (player != 0 && player != 1) return 0;
    return std::max<Millis>(0, grace_ - grace_used_[std::size_t(player)]);
}

void Referee::player_left(const Match& m, int player, Millis now) {
    // One grace per player per game in all: this absence has what the earlier ones left of it. A clock
    // decides after it when there is one and no agreed pause stops it.
    away_[std::size_t(player)] =
        Away{Absence(now, grace_left(player), m.clock().enabled() && !agreed_pause_), AbsenceStage::Grace};
}

bool Referee::player_back(int player, Millis now) {
    if (const auto& a = away_[std::size_t(player)].absence)
        grace_used_[std::size_t(player)] += std::clamp<Millis>(now - a->since(), 0, a->grace());
    away_[std::size_t(player)] = Away{};
    return !holds(now);
}

Act Referee::away_fact(const Match& m, int player, Millis now) {
    player_left(m, player, now);
    Match copy = m;
    if (holds(now)) copy.clock().pause(now);  // a grace spent already stops nothing
    Act a = away_news(copy, player, now);
    a.state = state_;
    return a;
}

Act Referee::back_fact(const Match& m, int player, Millis now) {
    Match copy = m;
    if (player_back(player, now)) {
        copy.clock().resume(now);
        copy.sync_clock(now);
    }
    Act a;
    a.kind = Act::Kind::Back;
    a.state = state_;
    a.side = m.colour_of(player);
    a.clock = copy.clock().state(now);
    return a;
}

Act Referee::away_news(const Match& m, int player, Millis now) const {
    const Absence& absence = *away_[std::size_t(player)].absence;
    Act a;
    a.kind = Act::Kind::Away;
    a.side = m.colour_of(player);
    a.away_for = now - absence.since();
    a.grace = absence.grace();
    a.clock_decides = absence.clock_runs();
    a.clock = m.clock().state(now);
    return a;
}

void Referee::absent(int player, const Absence& a) {
    // Reported as in its grace: a stage already past comes as news at once.
    away_[std::size_t(player)] = Away{a, AbsenceStage::Grace};
    // A clock that decides after the grace was not stopped by agreement when the player left, and no
    // pause can be agreed while they are away.
    if (a.clock_runs()) agreed_pause_ = false;
}

const std::optional<Absence>& Referee::absence(int player) const {
    static const std::optional<Absence> none;
    return player == 0 || player == 1 ? away_[std::size_t(player)].absence : none;
}

AbsenceStage Referee::reported_stage(int player) const {
    return player == 0 || player == 1 ? away_[std::size_t(player)].reported : AbsenceStage::Grace;
}

bool Referee::holds(Millis now) const { return agreed_pause_ || absence_holds(now); }

bool Referee::absence_holds(Millis now) const {
    return std::any_of(away_.begin(), away_.end(), [now](const Away& a) {
        return a.absence && a.absence->stage(now) == AbsenceStage::Grace;
    });
}

std::vector<Referee::StageNews> Referee::absence_due(Millis now) {
    std::vector<StageNews> out;
    // The graces in the order they end, so that the clocks run again at the last one's end.
    std::array<int, 2> order = {0, 1};
    const auto end_of = [&](int p) {
        const auto& a = away_[std::size_t(p)].absence;
        return a ? a->grace_end() : Millis(0);
    };
    if (end_of(1) < end_of(0)) std::swap(order[0], order[1]);
    for (int p : order) {
        Away& away = away_[std::size_t(p)];
        if (!away.absence) continue;
        const AbsenceStage stage = away.absence->stage(now);
        if (stage == away.reported) continue;
        StageNews n{p, stage};
        if (away.reported == AbsenceStage::Grace) {
            const Millis end = away.absence->grace_end();
            n.release = !holds(end);
            n.at = end;
        }
        away.reported = stage;
        out.push_back(n);
    }
    return out;
}

Millis Referee::absence_until_next(Millis now) const {
    Soonest soonest;
    for (const Away& a : away_)
        if (a.absence) soonest.also(a.absence->until_next(now));
    return soonest.get();
}

bool Referee::absence_news_due(Millis now) const {
    return std::any_of(away_.begin(), away_.end(),
                       [now](const Away& a) { return a.absence && a.absence->stage(now) != a.reported; });
}

}  // namespace gobblet::net
