// The host's steps without sockets (net/host_core.h), driven through a HostSide that keeps what it was
// told: what both a peer-to-peer host's session and the server's hosted games carry to their
// connections. The match is a value, time a number.
#include "net/event.h"
#include "net/host_core.h"
#include "net/transfer.h"
#include "net_support.h"

using namespace gobblet;
using namespace gobblet::net;
using gobblet::test::move_act;
using gobblet::test::spec_of;

namespace {

constexpr Millis t0 = 1'000'000, s = 1000;

// A host with no connections: it applies each fact as every host does and writes down the rest.
class Side : public HostSide {
  public:
    explicit Side(Match m) : match(std::move(m)) {}
    const Match& hosted_match() const override { return match; }
    void carry_out(const Referee::Ruling& r, Millis now) override {
        REQUIRE(r.kind == Referee::Ruling::Kind::Fact);
        REQUIRE(apply(match, r.fact, now).ok());
        facts.push_back(r.fact);
        said.push_back("fact " + std::string(act_word(r.fact.kind)) + " by " + std::to_string(r.actor));
        for (const Referee::Lapse& l : r.lapsed)
            said.push_back("lapsed " + std::string(offer_word(l.kind)) + " of " + std::to_string(l.player));
        said.push_back("settled " + std::string(act_word(r.fact.kind)));
    }
    void broken(int player, const std::string& why, Millis) override {
        said.push_back("broken " + std::to_string(player) + ": " + why);
    }
    void offered(int by, OfferKind kind, Millis) override {
        said.push_back("offered " + std::string(offer_word(kind)) + " by " + std::to_string(by));
    }
    void declined(int by, OfferKind kind, Millis) override {
        said.push_back("declined " + std::string(offer_word(kind)) + " of " + std::to_string(by));
    }
    void answered(int by, OfferKind kind, bool yes, bool agreed, Millis) override {
        said.push_back("answered " + std::string(offer_word(kind)) + " by " + std::to_string(by) +
                       (yes ? " yes" : " no") + (agreed ? " agreed" : ""));
    }
    void clocks_run(Millis at, Millis now) override {
        match.clock().resume(at);
        match.sync_clock(at);
        said.push_back("clocks run from " + std::to_string(at - t0) + " (at " + std::to_string(now - t0) +
                       ")");
    }
    void chunk(const GameClock::State& reading, Millis now) override {
        match.clock().set_state(reading, now);
        said.push_back("chunk");
    }
    void absence_stage(const Referee::StageNews& n, Millis) override {
        said.push_back("stage of " + std::to_string(n.player) + ": " + std::to_string(int(n.stage)));
    }

    Match match;
    std::vector<Act> facts;
    std::vector<std::string> said;
};

Match fischer_match(Millis base = 60 * s) {
    Match m(MatchSettings{{}, 1, ClockSettings::fischer(base, 0)}, {"Liam", "Eamon"});
    m.start_clock(t0);
    return m;
}

}  // namespace

TEST_CASE("a host core turns a request into a fact: announced, counted, settled", "[host-core]") {
    Referee r;
    Side side(fischer_match());
    HostCore core(r, side);
    core.request(0, move_act(0, 1, "W3B2"), t0 + s);
    CHECK(side.said == std::vector<std::string>{"fact move by 0", "settled move"});
    CHECK(r.state() == 1);
    CHECK(transcript_text(side.match.game().moves()) == "W3B2\n");
    // Made before that fact (crossed): dropped without a word. Out of turn: a protocol error.
    side.said.clear();
    core.request(0, move_act(0, 1, "W1A1"), t0 + 2 * s);
    CHECK(side.said.empty());
    core.request(0, move_act(1, 2, "W1A1"), t0 + 2 * s);
    REQUIRE(side.said.size() == 1);
    CHECK(side.said[0].starts_with("broken 0: "));
    CHECK(r.state() == 1);
}

TEST_CASE("a host core's ruling is one value: the fact, the offers it made lapse, what follows",
          "[host-core]") {
    // A match of two round wins: a drawn round is played again. A server plays that at once; a
    // peer-to-peer host waits for its player to ask.
    for (const HostCore::Follow follow : {HostCore::Follow::AtOnce, HostCore::Follow::WhenAsked}) {
        Referee r;
        Match m(MatchSettings{{}, 2, ClockSettings::fischer(60 * s, 0)}, {"Liam", "Eamon"});
        m.start_clock(t0);
        Side side(std::move(m));
        HostCore core(r, side, follow);
        core.request(0, move_act(0, 1, "W3B2"), t0 + s);
        core.offer(0, Offer{1, OfferKind::Draw}, t0 + 2 * s);
        // Eamon's move lapses Liam's draw offer: the fact says so with itself.
        side.said.clear();
        core.request(1, move_act(1, 2, "K1C3"), t0 + 3 * s);
        CHECK(side.said == std::vector<std::string>{"fact move by 1", "lapsed draw of 0", "settled move"});
        CHECK_FALSE(r.pending(0));
        // Both agree a draw: the round is drawn, and what follows is its replay.
        core.offer(1, Offer{2, OfferKind::Draw}, t0 + 4 * s);
        side.said.clear();
        (void)core.answer(0, Answer{2, OfferKind::Draw, true}, t0 + 5 * s);
        const std::vector<std::string> drawn = {"answered draw by 0 yes agreed", "fact draw by -1",
                                                "settled draw"};
        const std::vector<std::string> replayed = {"fact replay by -1", "settled replay"};
        if (follow == HostCore::Follow::AtOnce) {
            std::vector<std::string> both = drawn;
            both.insert(both.end(), replayed.begin(), replayed.end());
            CHECK(side.said == both);
            CHECK(side.match.phase() == MatchPhase::Playing);
            CHECK(r.state() == 4);
        } else {
            CHECK(side.said == drawn);
            CHECK(side.match.phase() == MatchPhase::Replay);
            CHECK(r.state() == 3);
            // The host's player asks: then it is decided, as any change with the host's authority.
            side.said.clear();
            Act again;
            again.kind = Act::Kind::Replay;
            CHECK(core.decide(again, -1, t0 + 6 * s));
            CHECK(side.said == replayed);
            CHECK(r.state() == 4);
        }
    }
}

TEST_CASE("a host core's offers: taken, refused at once by the rules of fair play, answered", "[host-core]") {
    Referee r(default_grace, true);  // rated: no takebacks
    Side side(fischer_match());
    HostCore core(r, side);
    core.request(0, move_act(0, 1, "W3B2"), t0 + s);
    side.said.clear();
    core.offer(0, Offer{1, OfferKind::Undo}, t0 + 2 * s);
    CHECK(side.said == std::vector<std::string>{"declined undo of 0"});  // the other player never hears
    side.said.clear();
    core.offer(1, Offer{1, OfferKind::Draw}, t0 + 2 * s);
    CHECK(side.said == std::vector<std::string>{"offered draw by 1"});
    side.said.clear();
    const auto ruling = core.answer(0, Answer{1, OfferKind::Draw, true}, t0 + 3 * s);
    CHECK(ruling.kind == Referee::AnswerRuling::Kind::Counts);
    CHECK(side.said ==
          std::vector<std::string>{"answered draw by 0 yes agreed", "fact draw by -1", "settled draw"});
    CHECK(side.match.game().over());
}

TEST_CASE("a host core refuses an offer to a player who is away, and drops one that crossed", "[host-core]") {
    Referee r;
    Side side(fischer_match());
    HostCore core(r, side);
    core.request(0, move_act(0, 1, "W3B2"), t0 + s);
    core.commit(r.away_fact(side.match, 0, t0 + 2 * s), 0, t0 + 2 * s);
    side.said.clear();
    core.offer(1, Offer{1, OfferKind::Draw}, t0 + 3 * s);  // made before the away fact: it crossed
    CHECK(side.said.empty());
    core.offer(1, Offer{2, OfferKind::Draw}, t0 + 3 * s);
    CHECK(side.said == std::vector<std::string>{"broken 1: an offer to a player who is away"});
}

TEST_CASE("a host core's timers: the grace ends and the clocks run; a flag falls", "[host-core]") {
    Referee r(10 * s);
    Side side(fischer_match(30 * s));
    HostCore core(r, side);
    core.request(0, move_act(0, 1, "W3B2"), t0 + s);
    // Black leaves on move: the clocks stand for the grace, then run from its end.
    r.player_left(side.match, 1, t0 + 2 * s);
    side.match.clock().pause(t0 + 2 * s);
    side.said.clear();
    core.absence_timers(t0 + 5 * s);
    CHECK(side.said.empty());
    core.absence_timers(t0 + 12 * s);
    REQUIRE(!side.said.empty());
    CHECK(side.said[0] == "clocks run from 12000 (at 12000)");
    // Black's 30 s (less the second before the drop) run out at 41 s: then the flag is a fact.
    side.said.clear();
    core.clock_timers(t0 + 40 * s);
    CHECK(side.said.empty());
    core.clock_timers(t0 + 41 * s);
    CHECK(side.said == std::vector<std::string>{"fact flag by 1", "settled flag"});
    CHECK(side.match.game().over());
}

TEST_CASE("a host core's welcome: every line a joiner needs, the digest its sync must match", "[host-core]") {
    Match m = fischer_match();
    REQUIRE(m.play(spec_of("W3B2"), t0 + s));
    const auto lines =
        HostCore::welcome_lines(m, "00000000000000ab", 1, WelcomeTerms{false}, SeatKind::Human, t0);
    REQUIRE(lines);
    std::vector<std::string> verbs;
    for (const Message& line : *lines) verbs.push_back(verb(line));
    CHECK(verbs == std::vector<std::string>{"welcome", "terms", "name", "name", "seat", "round", "moves",
                                            "state", "ready"});
    // A spectator's welcome carries no seat and no terms.
    const auto watching = HostCore::welcome_lines(m, "00000000000000ab", -1, std::nullopt, std::nullopt, t0);
    REQUIRE(watching);
    CHECK(watching->size() == lines->size() - 2);
    CHECK(HostCore::sync_matches(m, Sync{records_digest(round_records(m))}));
    CHECK_FALSE(HostCore::sync_matches(m, Sync{records_digest({})}));
}
