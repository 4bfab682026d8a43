// The host's authority without connections (net/referee.h): what a peer-to-peer host and the server's
// hosted games both run. The match is a value, time a number; each fact the referee decides is applied
// here as every side applies it (net::apply), then handed back (after_fact).
#include "net/event.h"
#include "net/referee.h"
#include "net_support.h"

using namespace gobblet;
using namespace gobblet::net;
using gobblet::test::move_act;

namespace {

constexpr Millis t0 = 1'000'000, s = 1000;
constexpr Color W = Color::White, B = Color::Black;

// Applies a decided fact as a session does, and tells the referee.
std::vector<Referee::Lapse> take(Referee& r, Match& m, const Referee::Ruling& ruling, Millis now) {
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    Event e;
    e.kind = Event::Kind::Act;
    e.player = ruling.actor;
    e.act = ruling.fact;
    REQUIRE(apply(m, e, now).ok());
    return r.after_fact(m, ruling.fact, ruling.actor, now);
}

Match dm_match() {
    Match m(MatchSettings{{}, 2, ClockSettings::dm(60 * s, 0, 0)}, {"Liam", "Eamon"});
    m.start_clock(t0);
    return m;
}

}  // namespace

TEST_CASE("a request becomes a numbered fact with the host's clock reading", "[referee]") {
    Referee r;
    Match m = dm_match();
    const auto ruling = r.request(m, move_act(0, 1, "W3B2"), 0, t0 + 5 * s);
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    CHECK(ruling.actor == 0);
    CHECK(ruling.fact.state == 0);
    REQUIRE(ruling.fact.clock);
    CHECK(ruling.fact.clock->running == B);  // the mover's clock stopped, the opponent's runs
    CHECK(m.game().moves().empty());         // the referee changes nothing itself
    take(r, m, ruling, t0 + 5 * s);
    CHECK(r.state() == 1);
    CHECK(transcript_text(m.game().moves()) == "W3B2\n");
}

TEST_CASE("a request that crossed a fact is dropped; a forged one is a protocol error", "[referee]") {
    Referee r;
    Match m = dm_match();
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0), t0);
    // Eamon (player 1) made his request before seeing the fact: it crossed.
    CHECK(r.request(m, move_act(0, 1, "K1C3"), 1, t0).kind == Referee::Ruling::Kind::Crossed);
    const auto future = r.request(m, move_act(5, 2, "K1C3"), 1, t0);
    CHECK(future.kind == Referee::Ruling::Kind::Broken);
    CHECK(future.why == "a change made at state 5 when only 1 have happened");
    CHECK(r.request(m, move_act(1, 2, "K1C3"), 0, t0).why == "a move out of turn");
    CHECK(r.request(m, move_act(1, 3, "K1C3"), 1, t0).why == "a wrong move number (3, expected 2)");
    CHECK(r.request(m, move_act(1, 2, "K1B2"), 1, t0).why.starts_with("an illegal move: K1B2: "));
    Act draw;
    draw.kind = Act::Kind::Draw;
    draw.state = 1;
    CHECK(r.request(m, draw, 1, t0).why == "a draw: only the host announces that");
    Act resign;
    resign.kind = Act::Kind::Resign;
    resign.state = 1;
    resign.side = W;
    CHECK(r.request(m, resign, 1, t0).why == "a resignation for the other side");
}

TEST_CASE("a move after the mover's flag fell gives the flag as the fact", "[referee]") {
    Referee r;
    Match m = dm_match();
    const auto ruling = r.request(m, move_act(0, 1, "W3B2"), 0, t0 + 61 * s);
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    CHECK(ruling.fact.kind == Act::Kind::Flag);
    CHECK(ruling.fact.side == W);
    CHECK(ruling.why.starts_with("too late: "));
    // The clock alone says the same when nobody moves.
    const auto news = Referee::clock_due(m, t0 + 60 * s);
    REQUIRE(news.flag);
    CHECK(news.flag->side == W);
    CHECK_FALSE(Referee::clock_due(m, t0 + 59 * s).flag);
}

TEST_CASE("offers: one at a time, lapsing with the facts, agreed into a fact", "[referee]") {
    Referee r;
    Match m = dm_match();
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0), t0);
    CHECK(r.offer(m, 1, Offer{1, OfferKind::Draw}).kind == Referee::OfferRuling::Kind::Taken);
    CHECK(r.pending(1) == OfferKind::Draw);
    CHECK(r.offer(m, 1, Offer{1, OfferKind::Undo}).why == "a second offer before the first was answered");
    // Liam declines.
    const auto no = r.answer(m, 0, Answer{1, OfferKind::Draw, false});
    CHECK(no.kind == Referee::AnswerRuling::Kind::Counts);
    CHECK_FALSE(no.outcome);
    CHECK_FALSE(r.pending(1));
    // Liam offers to take back his move; Eamon's move makes it lapse.
    REQUIRE(r.offer(m, 0, Offer{1, OfferKind::Undo}).kind == Referee::OfferRuling::Kind::Taken);
    const auto lapsed = take(r, m, r.request(m, move_act(1, 2, "K1C3"), 1, t0), t0);
    REQUIRE(lapsed.size() == 1);
    CHECK(lapsed[0].player == 0);
    CHECK(lapsed[0].kind == OfferKind::Undo);
    // An answer to it that was on its way counts for nothing; an offer made before the move lapsed too.
    CHECK(r.answer(m, 1, Answer{1, OfferKind::Undo, true}).kind == Referee::AnswerRuling::Kind::Crossed);
    CHECK(r.offer(m, 0, Offer{1, OfferKind::Undo}).kind == Referee::OfferRuling::Kind::Crossed);
    // A draw offered and accepted becomes the draw, decided as a fact of both.
    REQUIRE(r.offer(m, 0, Offer{2, OfferKind::Draw}).kind == Referee::OfferRuling::Kind::Taken);
    const auto yes = r.answer(m, 1, Answer{2, OfferKind::Draw, true});
    REQUIRE(yes.outcome);
    CHECK(yes.outcome->kind == Act::Kind::Draw);
    take(r, m, r.decide(m, *yes.outcome, -1, t0), t0);
    CHECK(m.game().result().ending == Ending::Agreement);
}

TEST_CASE("two absent players: the clocks run again when the later grace ends", "[referee][absence]") {
    Referee r(30 * s);
    Match m = dm_match();
    r.player_left(m, 0, t0);
    m.clock().pause(t0);
    r.player_left(m, 1, t0 + 10 * s);
    CHECK(r.holds(t0 + 35 * s));  // Eamon's grace is not over
    const auto first = r.absence_due(t0 + 30 * s);
    REQUIRE(first.size() == 1);
    CHECK(first[0].player == 0);
    CHECK(first[0].stage == AbsenceStage::ClockRuns);
    CHECK_FALSE(first[0].release);
    const auto second = r.absence_due(t0 + 40 * s);
    REQUIRE(second.size() == 1);
    CHECK(second[0].player == 1);
    CHECK(second[0].release);
    CHECK(second[0].at == t0 + 40 * s);
    CHECK_FALSE(r.holds(t0 + 40 * s));
    // Liam comes back: nothing holds the clocks any more.
    CHECK(r.player_back(0, t0 + 50 * s));
    CHECK_FALSE(r.absence(0));
    CHECK(r.absence(1));
}

TEST_CASE("an agreed pause outlasts an absence", "[referee][absence]") {
    Referee r(30 * s);
    Match m = dm_match();
    const auto pause = r.decide(m, *Referee::outcome(m, OfferKind::Pause, 0), -1, t0);
    take(r, m, pause, t0);
    r.player_left(m, 1, t0 + s);
    CHECK_FALSE(r.absence(1)->clock_runs());  // stopped by agreement: no clock decides
    const auto news = r.absence_due(t0 + 31 * s);
    REQUIRE(news.size() == 1);
    CHECK(news[0].stage == AbsenceStage::Waiting);
    CHECK_FALSE(news[0].release);
    CHECK_FALSE(r.player_back(1, t0 + 40 * s));
}

TEST_CASE("the player who stayed may claim the round by the rule of engine/absence.h", "[referee][absence]") {
    Referee r(30 * s);
    Match m(MatchSettings{}, {"Liam", "Eamon"});
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0), t0);
    Act claim;
    claim.kind = Act::Kind::Claim;
    claim.state = 1;
    claim.side = B;
    CHECK(r.request(m, claim, 0, t0).why == "a claim of the round while both players are here");
    r.player_left(m, 1, t0);
    CHECK(r.request(m, claim, 0, t0 + 60 * s)
              .why.starts_with("a claim that does not stand: Eamon has been away"));
    const Millis later = t0 + 30 * s + claim_wait;
    claim.side = W;
    CHECK(r.request(m, claim, 0, later).why == "a claim of the round from the player who stayed");
    claim.side = B;
    const auto ruling = r.request(m, claim, 0, later);
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    CHECK(ruling.actor == 0);
    take(r, m, ruling, later);
    CHECK(m.game().result().ending == Ending::Abandoned);
    CHECK(m.round_result_text() == "Eamon left and did not come back: Liam wins");
}

// Issue 33, item 23: under a clock the claim comes at once after the grace (lichess), whoever's turn it is,
// and the player who stayed may claim a draw instead.
TEST_CASE("under a clock the round or a draw is claimed at once after the grace", "[referee][absence]") {
    Referee r(30 * s);
    Match m(MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}, {"Liam", "Eamon"});
    m.start_clock(t0);
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0), t0);
    r.player_left(m, 1, t0 + s);
    Act claim;
    claim.kind = Act::Kind::Claim;
    claim.state = 1;
    claim.side = B;
    claim.draw = true;
    CHECK(r.request(m, claim, 0, t0 + 20 * s).why ==
          "a claim that does not stand: Eamon may still come back: you may claim the round in 0:11");
    const auto ruling = r.request(m, claim, 0, t0 + 31 * s);  // the grace is over: at once
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    CHECK(ruling.fact.draw);
    take(r, m, ruling, t0 + 31 * s);
    CHECK(m.game().result().outcome == Outcome::Draw);
    CHECK(m.round_result_text() == "Draw: Eamon left and did not come back; Liam claimed a draw");
}

// Issue 33, item 24: more time, bounded, only in a timed round played, never in a tournament's match.
TEST_CASE("more time: 15 s a gift to the other side, eight a match, only where it makes sense", "[referee]") {
    Referee r;
    Match m(MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}, {"Liam", "Eamon"});
    m.start_clock(t0);
    Act gift;
    gift.kind = Act::Kind::MoreTime;
    gift.side = W;
    CHECK(r.request(m, gift, 0, t0).why == "more time for the player's own side");
    gift.side = B;
    for (int i = 0; i < max_gifts; ++i) {
        gift.state = r.state();
        const auto ruling = r.request(m, gift, 0, t0 + i * s);
        REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
        take(r, m, ruling, t0 + i * s);
    }
    CHECK(r.gifts(0) == max_gifts);
    CHECK(m.clock().time_left(B, t0) == 300 * s + max_gifts * more_time_gift);
    gift.state = r.state();
    CHECK(r.request(m, gift, 0, t0).why ==
          "more time that may not be given: you gave Eamon more time 8 times already: that is the most a "
          "match allows");
    // Black's own gift to White still may go; a spectator's never.
    CHECK(r.may_give(m, 1));
    CHECK(r.may_give(m, -1).why() == "a spectator gives no time");
    // A fact of a gift the host made in our name (we asked none) is refused on arrival.
    Referee joiner;
    Act fact = gift;
    fact.state = 0;
    fact.side = W;  // time for White, given by Black (us)
    fact.clock = m.clock().state(t0);
    CHECK(joiner.fact_allowed(m, fact, Referee::Hearer{1, false, std::nullopt, true}, t0).why() ==
          "more time given in our name that we did not give");
    // No clock: nothing to give.
    Match untimed(MatchSettings{}, {"Liam", "Eamon"});
    CHECK(r.may_give(untimed, 1).why() == "more time is for a timed game: this one has no clock");
}

TEST_CASE("where the clocks wait for White's first move, a match nobody starts is due to be aborted",
          "[referee]") {
    Referee r;
    Match m(MatchSettings{{}, 1, ClockSettings::fischer(300 * s, 0)}, {"Liam", "Eamon"});
    CHECK(r.first_move_until_next(m, t0) == -1);  // nothing begun: a peer's clock runs from its go
    r.note_start(t0);
    CHECK(r.first_move_until_next(m, t0 + 10 * s) == first_move_limit - 10 * s);
    CHECK_FALSE(r.first_move_due(m, t0 + first_move_limit - 1));
    CHECK(r.first_move_due(m, t0 + first_move_limit));
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0 + 5 * s), t0 + 5 * s);
    CHECK_FALSE(r.first_move_due(m, t0 + 10 * first_move_limit));
    CHECK(r.first_move_until_next(m, t0) == -1);
}

// Issue 25, 3: an opponent offered a draw again the moment it was declined, 26 times, and won on time.
TEST_CASE("the same offer from the same player comes again only once each side has moved; spam is refused",
          "[referee][offers]") {
    Referee r;
    Match m = dm_match();
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0), t0);
    // Eamon offers a draw; Liam declines.
    REQUIRE(r.offer(m, 1, Offer{1, OfferKind::Draw}).kind == Referee::OfferRuling::Kind::Taken);
    REQUIRE(r.answer(m, 0, Answer{1, OfferKind::Draw, false}).kind == Referee::AnswerRuling::Kind::Counts);
    // Offered again at once: refused with the rule's reason, and it waits for no answer.
    for (int i = 0; i < 25; ++i) {
        const auto again = r.offer(m, 1, Offer{1, OfferKind::Draw});
        CHECK(again.kind == Referee::OfferRuling::Kind::Refused);
        CHECK(again.why ==
              "you offered a draw already: you may offer it again once Liam and you have each moved");
        CHECK_FALSE(r.pending(1));
    }
    CHECK_FALSE(r.may_offer(m, 1, OfferKind::Draw));
    CHECK(r.may_offer(m, 1, OfferKind::Pause));  // another offer is another matter
    // Eamon moves: not enough, Liam has not moved since.
    take(r, m, r.request(m, move_act(1, 2, "K1C3"), 1, t0), t0);
    CHECK(r.may_offer(m, 1, OfferKind::Draw).why() ==
          "you offered a draw already: you may offer it again once Liam has moved");
    take(r, m, r.request(m, move_act(2, 3, "W3A1"), 0, t0), t0);
    CHECK(r.may_offer(m, 1, OfferKind::Draw));
    CHECK(r.offer(m, 1, Offer{3, OfferKind::Draw}).kind == Referee::OfferRuling::Kind::Taken);
    // One at a time: a player's own offer waiting for its answer says so.
    CHECK(r.may_offer(m, 1, OfferKind::Pause).why() == "your offer of a draw waits for Liam's answer");
    CHECK(r.offer(m, 1, Offer{3, OfferKind::Pause}).why == "a second offer before the first was answered");
    // Eamon's own move leaves it standing; Liam's declines it (a move declines every offer).
    CHECK(take(r, m, r.request(m, move_act(3, 4, "K1D4"), 1, t0), t0).empty());
    CHECK(r.pending(1) == OfferKind::Draw);
    const auto lapsed = take(r, m, r.request(m, move_act(4, 5, "W1A3"), 0, t0), t0);
    REQUIRE(lapsed.size() == 1);
    CHECK(lapsed[0].player == 1);
    CHECK_FALSE(r.pending(1));
}

TEST_CASE("a pause offer is declined by the other player's move, not by the offerer's", "[referee][offers]") {
    Referee r;
    Match m = dm_match();
    REQUIRE(r.offer(m, 1, Offer{0, OfferKind::Pause}).kind == Referee::OfferRuling::Kind::Taken);
    const auto lapsed = take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0), t0);
    REQUIRE(lapsed.size() == 1);
    CHECK(lapsed[0].kind == OfferKind::Pause);
    REQUIRE(r.offer(m, 0, Offer{1, OfferKind::Pause}).kind == Referee::OfferRuling::Kind::Taken);
    CHECK(take(r, m, r.request(m, move_act(1, 2, "K1C3"), 1, t0), t0).size() == 1);
}

TEST_CASE("a rated game's terms refuse takebacks and pauses, in the rule's words, once for both hosts",
          "[referee][offers]") {
    Referee r(default_grace, true);
    Match m = dm_match();
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0), t0);
    const auto undo = r.offer(m, 0, Offer{1, OfferKind::Undo});
    CHECK(undo.kind == Referee::OfferRuling::Kind::Refused);
    CHECK(undo.why == "a rated game has no takebacks");
    CHECK(r.may_offer(m, 1, OfferKind::Pause).why() == "a rated game has no pauses");
    CHECK(r.offer(m, 1, Offer{1, OfferKind::Draw}).kind == Referee::OfferRuling::Kind::Taken);
    CHECK(Referee().may_offer(m, 0, OfferKind::Undo));  // a casual game has them
}

// Issue 25, 2: Black on move left and came back every 4.8 s with a 5 s grace, 19 times in 92 s, and his
// clock never ran. One grace per player per game in all.
TEST_CASE("being away stops the clocks for one grace per player per game in all, not one per departure",
          "[referee][absence]") {
    Referee r(5 * s);
    Match m = dm_match();
    CHECK(r.grace_left(1) == 5 * s);
    r.player_left(m, 1, t0);
    CHECK(r.absence(1)->grace() == 5 * s);
    CHECK(r.holds(t0 + 4800));
    CHECK(r.player_back(1, t0 + 4800));
    CHECK(r.grace_left(1) == 200);
    // Away again: what is left of the grace, then the clock decides.
    r.player_left(m, 1, t0 + 10 * s);
    CHECK(r.absence(1)->grace() == 200);
    CHECK_FALSE(r.holds(t0 + 10 * s + 200));
    r.player_back(1, t0 + 14 * s);
    CHECK(r.grace_left(1) == 0);
    // Spent: a departure stops nothing any more, and the clock runs at once.
    r.player_left(m, 1, t0 + 20 * s);
    CHECK_FALSE(r.holds(t0 + 20 * s));
    CHECK(r.absence(1)->stage(t0 + 20 * s) == AbsenceStage::ClockRuns);
    const Act away = r.away_fact(m, 1, t0 + 20 * s);
    REQUIRE(away.clock);
    CHECK_FALSE(away.clock->paused);
    CHECK(away.grace == 0);
    // Each player has a grace of their own.
    CHECK(r.grace_left(0) == 5 * s);
}

TEST_CASE("the player who stayed moves on their own turn during the other's grace; the clocks stand",
          "[referee][absence]") {
    Referee r(30 * s);
    Match m = dm_match();
    r.player_left(m, 1, t0);
    m.clock().pause(t0);
    const auto ruling = r.request(m, move_act(0, 1, "W3B2"), 0, t0 + 10 * s);
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    REQUIRE(ruling.fact.clock);
    CHECK(ruling.fact.clock->running == B);
    CHECK(ruling.fact.clock->paused);  // Eamon's turn: his clock stands for what is left of his grace
    take(r, m, ruling, t0 + 10 * s);
    CHECK_FALSE(r.paused_by_agreement());  // no pause p could lift
    CHECK(m.clock().time_left(B, t0 + 25 * s) == 60 * s);
    // An agreed pause is another thing: nobody moves.
    Referee agreed(30 * s);
    Match p = dm_match();
    take(agreed, p, agreed.decide(p, *Referee::outcome(p, OfferKind::Pause, 0), -1, t0), t0);
    CHECK(agreed.paused_by_agreement());
    CHECK(agreed.request(p, move_act(1, 1, "W3B2"), 0, t0).why == "a move while the game is paused");
}

TEST_CASE("an agreed pause ends at its limit however often the other player declines to resume",
          "[referee][pause]") {
    Referee r;
    Match m = dm_match();
    take(r, m, r.request(m, move_act(0, 1, "W3B2"), 0, t0 + 5 * s), t0 + 5 * s);
    // Eamon offers a pause, Liam agrees.
    REQUIRE(r.offer(m, 1, Offer{1, OfferKind::Pause}).kind == Referee::OfferRuling::Kind::Taken);
    const auto agreed = r.answer(m, 0, Answer{1, OfferKind::Pause, true});
    REQUIRE(agreed.outcome);
    const Millis paused = t0 + 10 * s;
    take(r, m, r.decide(m, *agreed.outcome, -1, paused), paused);
    REQUIRE(r.paused_by_agreement());
    CHECK(r.pause_start_seen());
    CHECK(r.pause_ends_at() == paused + max_pause);
    CHECK(r.pause_until_next(paused + 60 * s) == max_pause - 60 * s);
    // Liam asks to resume every minute; Eamon declines each time (a resume may be offered again at once).
    for (Millis at = paused + 60 * s; at < paused + max_pause; at += 60 * s) {
        INFO(at - paused);
        CHECK_FALSE(r.pause_due(at));
        REQUIRE(r.offer(m, 0, Offer{r.state(), OfferKind::Resume}).kind == Referee::OfferRuling::Kind::Taken);
        const auto no = r.answer(m, 1, Answer{r.state(), OfferKind::Resume, false});
        REQUIRE(no.kind == Referee::AnswerRuling::Kind::Counts);
        CHECK_FALSE(no.outcome);
        CHECK(r.pause_ends_at() == paused + max_pause);  // declining stretches nothing
    }
    // A last offer stands when the limit comes: the host's resume makes it lapse.
    REQUIRE(r.offer(m, 0, Offer{r.state(), OfferKind::Resume}).kind == Referee::OfferRuling::Kind::Taken);
    CHECK_FALSE(r.pause_due(paused + max_pause - 1));
    const std::optional<Act> resume = r.pause_due(paused + max_pause);
    REQUIRE(resume);
    CHECK(resume->kind == Act::Kind::Resume);
    const auto ruling = r.decide(m, *resume, -1, paused + max_pause);
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    CHECK_FALSE(ruling.fact.clock->paused);
    const auto lapsed = take(r, m, ruling, paused + max_pause);
    REQUIRE(lapsed.size() == 1);
    CHECK(lapsed[0].kind == OfferKind::Resume);
    CHECK_FALSE(r.paused_by_agreement());
    CHECK(r.pause_until_next(paused + max_pause) == -1);
    // Eamon's clock runs again from where it stood: the ten minutes cost him nothing, and nothing more.
    CHECK(m.clock().time_left(B, paused + max_pause + 7 * s) == 60 * s - 5 * s - 7 * s);
    // Nor can he pause again at once: the same offer waits until each side has moved.
    CHECK(r.may_offer(m, 1, OfferKind::Pause).why() ==
          "you offered a pause already: you may offer it again once Liam and you have each moved");
}

TEST_CASE("a joiner takes the host's resume at the pause's limit, and not before", "[referee][pause]") {
    Referee seen;
    Match m = dm_match();
    take(seen, m, seen.decide(m, *Referee::outcome(m, OfferKind::Pause, 0), -1, t0), t0);
    CHECK_FALSE(seen.pause_may_end(t0 + max_pause - pause_news_slack - 1));
    CHECK(seen.pause_may_end(t0 + max_pause - pause_news_slack));
    // A pause that stood before this side came in (a go with the clocks paused): its start is unknown,
    // so its end is a bound, and the host's resume is taken whenever it comes.
    Referee late;
    late.set_paused_by_agreement(true, t0 + 5 * s);
    CHECK_FALSE(late.pause_start_seen());
    CHECK(late.pause_ends_at() == t0 + 5 * s + max_pause);
    CHECK(late.pause_may_end(t0 + 6 * s));
    // A pause that stands keeps its start when it is said to stand again (a joiner's go after a drop).
    seen.set_paused_by_agreement(true, t0 + 90 * s);
    CHECK(seen.pause_ends_at() == t0 + max_pause);
    CHECK(seen.pause_start_seen());
    // No pause, nothing ends.
    Referee none;
    CHECK(none.pause_ends_at() == -1);
    CHECK_FALSE(none.pause_due(t0 + 100 * max_pause));
    CHECK_FALSE(none.pause_may_end(t0));
}

TEST_CASE("only a player offers or answers: anyone else is refused, and nothing is kept",
          "[referee][offers]") {
    Referee r;
    Match m = dm_match();
    for (int nobody : {-1, 2}) {
        INFO(nobody);
        const auto offered = r.offer(m, nobody, Offer{0, OfferKind::Draw});
        CHECK(offered.kind == Referee::OfferRuling::Kind::Broken);
        CHECK(offered.why == "an offer from someone who does not play");
        CHECK(r.take_offer(m, nobody, OfferKind::Draw, 0).kind == Referee::OfferRuling::Kind::Broken);
        CHECK(r.may_offer(m, nobody, OfferKind::Draw).why() == "a spectator makes no offers");
        const auto answered = r.answer(m, nobody, Answer{0, OfferKind::Draw, true});
        CHECK(answered.kind == Referee::AnswerRuling::Kind::Broken);
        CHECK_FALSE(answered.outcome);
    }
    CHECK_FALSE(r.pending(0));
    CHECK_FALSE(r.pending(1));
}

TEST_CASE("the choice of starter: timed from the fact that decided the round, then the rule's starter",
          "[referee][choice]") {
    Referee r;
    Match m = dm_match();
    CHECK(r.choice_until_next(m, t0) == -1);  // a round in play waits for no choice
    Act resign;
    resign.kind = Act::Kind::Resign;
    resign.side = B;
    const Millis ended = t0 + 7 * s;
    take(r, m, r.decide(m, resign, 1, ended), ended);
    REQUIRE(m.phase() == MatchPhase::ChoosingStarter);
    REQUIRE(r.starter_choice());
    CHECK(r.starter_choice()->since() == ended);
    CHECK(r.choice_until_next(m, ended + 10 * s) == starter_choice_time - 10 * s);
    CHECK_FALSE(r.choice_due(m, ended + starter_choice_time - 1));
    // Noting it again (a timer's call) does not restart it.
    r.note_choice(m, ended + 20 * s);
    CHECK(r.starter_choice()->since() == ended);
    const auto rule = r.choice_due(m, ended + starter_choice_time);
    REQUIRE(rule);
    CHECK(rule->kind == Act::Kind::Starter);
    CHECK(rule->number == 1);  // Eamon lost: Eamon starts
    // The chooser's own choice before the time ran out is theirs; the rule's fact is the host's (-1).
    const auto ruling = r.decide(m, *rule, -1, ended + starter_choice_time);
    REQUIRE(ruling.kind == Referee::Ruling::Kind::Fact);
    take(r, m, ruling, ended + starter_choice_time);
    CHECK(m.player_of(W) == 1);
    CHECK_FALSE(r.starter_choice());
    CHECK(r.choice_until_next(m, ended + starter_choice_time) == -1);

    // A match taken up in that phase (resumed from its save): its time starts when the host notes it.
    Referee fresh;
    Match resumed = dm_match();
    resumed.resign(B, t0);
    CHECK(fresh.choice_until_next(resumed, t0 + 60 * s) == 0);  // due to be noted
    fresh.note_choice(resumed, t0 + 60 * s);
    CHECK_FALSE(fresh.choice_due(resumed, t0 + 60 * s + starter_choice_time - 1));
    CHECK(fresh.choice_due(resumed, t0 + 60 * s + starter_choice_time));
}
