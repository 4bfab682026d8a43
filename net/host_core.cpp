#include "host_core.h"

#include "transfer.h"

namespace gobblet::net {

std::optional<WelcomeTerms> HostCore::terms_for(int version, bool help, Millis choice_limit) {
    if (version < terms_version) return std::nullopt;
    WelcomeTerms t{help, std::nullopt};
    if (version >= choice_terms_version) t.choice = choice_limit;
    return t;
}

Expected<std::vector<Message>> HostCore::welcome_lines(const Match& m, const std::string& match_id, int you,
                                                       std::optional<WelcomeTerms> terms,
                                                       std::optional<SeatKind> seat, Millis now,
                                                       int version) {
    std::vector<Message> out;
    out.push_back(Welcome{match_id, you, m.settings()});
    if (terms) out.push_back(*terms);
    for (int player : {0, 1}) out.push_back(Name{player, m.name(player)});
    if (seat) out.push_back(Seat{*seat});
    for (Message& line : record_messages(round_records(m, version))) out.push_back(std::move(line));
    out.push_back(State{m.clock().state(now)});
    out.push_back(Ready{});
    // A joiner reads at most this many (net/join_session.cpp): a longer match could never be taken back.
    if (out.size() > max_welcome_lines) return Failure{"the match is too long to send"};
    return out;
}

bool HostCore::sync_matches(const Match& m, const Sync& s, int version) {
    return s.digest == records_digest(round_records(m, version));
}

void HostCore::request(int by, const Act& a, Millis now) {
    const Referee::Ruling r = referee_.request(side_.hosted_match(), a, by, now);
    switch (r.kind) {
        case Referee::Ruling::Kind::Fact: return commit(r, now);
        case Referee::Ruling::Kind::Crossed: return;  // the fact it crossed tells its sender
        case Referee::Ruling::Kind::Broken: return side_.broken(by, r.why, now);
    }
}

Expected<void> HostCore::decide(const Act& a, int actor, Millis now) {
    Referee::Ruling r = referee_.decide(side_.hosted_match(), a, actor, now);
    const std::string why = r.why;
    if (r.kind == Referee::Ruling::Kind::Fact) commit(std::move(r), now);
    if (!why.empty()) return Failure{why};
    return {};
}

void HostCore::commit(Referee::Ruling r, Millis now) {
    // One fact at a time, each whole, and what follows from it in turn: the host never hears of a fact
    // while it carries out another.
    for (;;) {
        side_.carry_out(r, now);
        (void)referee_.after_fact(side_.hosted_match(), r.fact, r.actor, now);  // r.lapsed, dropped
        if (!r.follows || follow_ != Follow::AtOnce) return;
        r = referee_.decide(side_.hosted_match(), *r.follows, -1, now);
        if (r.kind != Referee::Ruling::Kind::Fact) return;
    }
}

void HostCore::commit(const Act& fact, int actor, Millis now) {
    Referee::Ruling r;
    r.kind = Referee::Ruling::Kind::Fact;
    r.fact = fact;
    r.actor = actor;
    r.lapsed = referee_.lapsing(side_.hosted_match(), fact, actor);
    commit(std::move(r), now);
}

void HostCore::offer(int by, const Offer& o, Millis now) {
    if (referee_.absence(1 - by)) {
        // Every offer lapsed when the other player went away; one made since can reach nobody.
        if (o.state < referee_.state()) return;
        return side_.broken(by, "an offer to a player who is away", now);
    }
    const Referee::OfferRuling r = referee_.offer(side_.hosted_match(), by, o);
    switch (r.kind) {
        case Referee::OfferRuling::Kind::Crossed: return;  // lapsed on its way
        case Referee::OfferRuling::Kind::Broken: return side_.broken(by, r.why, now);
        case Referee::OfferRuling::Kind::Refused:
            // Against the rules of fair play (the terms, an offer repeated too soon): declined at once, in
            // the rule's name; the other player never hears of it.
            return side_.declined(by, o.kind, now);
        case Referee::OfferRuling::Kind::Taken: return side_.offered(by, o.kind, now);
    }
}

Referee::AnswerRuling HostCore::answer(int by, const Answer& a, Millis now) {
    const Referee::AnswerRuling r = referee_.answer(side_.hosted_match(), by, a);
    switch (r.kind) {
        case Referee::AnswerRuling::Kind::Crossed: return r;  // to an offer that lapsed
        case Referee::AnswerRuling::Kind::Broken: side_.broken(by, r.why, now); return r;
        case Referee::AnswerRuling::Kind::Counts: break;
    }
    // Accepting is a promise: the answer, then the fact it agrees to.
    side_.answered(by, r.offer, r.yes, r.yes && r.outcome.has_value(), now);
    if (r.outcome) (void)decide(*r.outcome, -1, now);
    return r;
}

void HostCore::absence_timers(Millis now) {
    for (const Referee::StageNews& n : referee_.absence_due(now)) {
        if (n.release) side_.clocks_run(n.at, now);
        side_.absence_stage(n, now);
    }
}

void HostCore::pause_timers(Millis now) {
    // Both players hear it as a resume (actor -1, as for an agreement), whoever declined the offers.
    if (const std::optional<Act> resume = referee_.pause_due(now)) (void)decide(*resume, -1, now);
}

void HostCore::clock_timers(Millis now) {
    const Match& m = side_.hosted_match();
    const Referee::ClockNews news = Referee::clock_due(m, now);
    if (news.flag)
        (void)decide(*news.flag, m.player_of(news.flag->side), now);
    else if (news.chunk)
        side_.chunk(*news.chunk, now);
}

void HostCore::choice_timers(Millis now) {
    const Match& m = side_.hosted_match();
    referee_.note_choice(m, now);
    // The host's authority, as for a flag: actor -1, the rule's and nobody's choice.
    if (const std::optional<Act> rule = referee_.choice_due(m, now)) (void)decide(*rule, -1, now);
}

}  // namespace gobblet::net
