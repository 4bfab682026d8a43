// The host's side of a network game without sockets: each step a host takes is written here once, for
// the peer-to-peer host (net::Session, one joiner) and for the server's games (server::HostedGame, two
// players and spectators). The host's authority is the referee's (net/referee.h: the rules of fair
// play, the offers, the absences); the core turns its rulings into what a host does:
//
//   welcome_lines ──▶ the joiner's sync (sync_matches) ──▶ go (the adapter's: numbering, news)
//   request ──Fact──▶ commit: HostSide::carry_out (store, apply, send; what lapsed) ──▶ after_fact
//                     ──▶ what follows (decide, carry_out...) when this host plays it at once
//           ──Crossed──▶ nothing (the fact it crossed tells its sender)   ──Broken──▶ HostSide::broken
//   offer   ──Taken──▶ offered   ──Refused──▶ declined (a `no` to its sender alone)   ──Broken──▶ broken
//   answer  ──▶ answered ──agreed──▶ decide the outcome ──▶ commit
//   absence_timers: a grace ends (clocks_run) and the stages move on (absence_stage)
//   clock_timers: a flag falls (decide, commit), or a DM chunk moves on (chunk)
//   pause_timers: an agreed pause reached its limit: the resume is decided (decide, commit)
//   choice_timers: the loser of a round let the host's limit pass: the rule's starter (decide, commit)
//
// Everything is numbered the game's way (the referee's state); an adapter whose connections number from
// their own go shifts what it reads and writes. The core never holds the match: HostSide::match() is the
// host's, after every fact it announced. Time is an argument.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee.h"
#include "wire.h"

namespace gobblet::net {

// The most lines a welcome may have (a joiner refuses more): a longer match cannot be sent.
constexpr std::size_t max_welcome_lines = 4096;

// What the core needs of the host that carries its words.
class HostSide {
  public:
    virtual ~HostSide() = default;
    // The match as the host holds it now: every fact announced so far applied.
    virtual const Match& hosted_match() const = 0;
    // A decided fact, whole (`r.kind` is Fact): make it last (a server stores it first), apply it to the
    // match, send it to every connection at play, say the offers it made lapse (r.lapsed), and what it
    // leaves (a match recorded as over). The referee counts it when this returns; what follows from it
    // (r.follows) is the core's to decide next, when this host plays it at once.
    virtual void carry_out(const Referee::Ruling& r, Millis now) = 0;
    // Player `player`'s connection broke the protocol: `why`, for the error line.
    virtual void broken(int player, const std::string& why, Millis now) = 0;
    // Player `by`'s offer stands: the other player hears of it.
    virtual void offered(int by, OfferKind kind, Millis now) = 0;
    // Player `by`'s offer breaks the rules of fair play: `no` goes to `by` alone, at the game's state.
    virtual void declined(int by, OfferKind kind, Millis now) = 0;
    // Player `by` answered the other's offer (`yes` as said; `agreed`: yes, and it still applies, so the
    // fact follows): the offerer hears `agreed`.
    virtual void answered(int by, OfferKind kind, bool yes, bool agreed, Millis now) = 0;
    // A grace is over and nothing else holds the clocks: they run again from `at`, as they stood.
    virtual void clocks_run(Millis at, Millis now) = 0;
    // A DM chunk moved onto a turn: the reading to announce.
    virtual void chunk(const GameClock::State& reading, Millis now) = 0;
    // An absent player's stage changed (engine/absence.h).
    virtual void absence_stage(const Referee::StageNews& news, Millis now) = 0;
};

class HostCore {
  public:
    // What follows a fact by the rules (Referee::Ruling::follows: a drawn round of a match played again):
    // decided at once (a server's game), or when the host's player asks (a peer-to-peer host, whose
    // player is asked first).
    enum class Follow : std::uint8_t { WhenAsked, AtOnce };
    HostCore(Referee& referee, HostSide& side, Follow follow = Follow::WhenAsked)
        : referee_(referee), side_(side), follow_(follow) {}
    HostCore(const HostCore&) = delete;
    HostCore& operator=(const HostCore&) = delete;

    // The terms a joiner of `version` hears (net/wire.h): none before version 3, whether the engine may
    // help from 3, and the limit of the choice of starter from 4.
    static std::optional<WelcomeTerms> terms_for(int version, bool help, Millis choice_limit);
    // The welcome a connection hears before it syncs: who it is (`you`: 0, 1, or -1 to watch), the names,
    // the other player's seat (`seat`, for a player), every round, the clock, ready. `terms` for a joiner
    // of version 3 or later (terms_for). Refused when the match is too long to send (max_welcome_lines).
    // `version`: the joiner's, whose words the rounds are written in (net/transfer.h).
    static Expected<std::vector<Message>> welcome_lines(const Match& m, const std::string& match_id, int you,
                                                        std::optional<WelcomeTerms> terms,
                                                        std::optional<SeatKind> seat, Millis now,
                                                        int version = protocol_version);
    // Whether a joiner's sync (of `version`) says it now holds the host's transcript.
    static bool sync_matches(const Match& m, const Sync& s, int version = protocol_version);

    // Player `by`'s request, made at a.state (the game's numbering).
    void request(int by, const Act& a, Millis now);
    // A change with the host's authority (its own player's, an agreement, a replay, a claim, a flag): the
    // fact is committed, or why the engine refuses it (a move after its mover's flag fell: the flag is
    // the fact, the move's refusal the reason).
    Expected<void> decide(const Act& a, int actor, Millis now);
    // Commits a decided fact: carried out, counted, and what follows from it in turn (Follow::AtOnce).
    void commit(Referee::Ruling r, Millis now);
    // Commits a fact the referee made that leaves the game as it is (an away or back fact).
    void commit(const Act& fact, int actor, Millis now);
    // Player `by`'s offer, made at o.state. An offer to a player who is away reaches nobody: crossed
    // when it was made before the away fact, a protocol error after it.
    void offer(int by, const Offer& o, Millis now);
    // Player `by` answers the other's offer (a.state); the ruling, for a caller that speaks for `by`.
    Referee::AnswerRuling answer(int by, const Answer& a, Millis now);
    // The absences' stages at `now`: a grace that ends lets the clocks run.
    void absence_timers(Millis now);
    // The running clock at `now`: a flag falls, or a chunk moves on.
    void clock_timers(Millis now);
    // An agreed pause that reached its limit (net/referee.h's max_pause) at `now`: play resumes.
    void pause_timers(Millis now);
    // The choice of starter at `now`: noted when the match waits for one the referee has not timed yet
    // (a match resumed in that phase), decided by the rule once its time is up (engine/match.h).
    void choice_timers(Millis now);

  private:
    Referee& referee_;
    HostSide& side_;
    Follow follow_;
};

}  // namespace gobblet::net
