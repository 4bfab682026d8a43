// The host's authority over a network match, without connections: what a peer-to-peer host
// (net::Session) and the server's hosted games (server/) both run, so that the rules of a network game
// are written once. Given the match as it stands and what a player asks, it says what becomes a fact
// (checked by the engine, with the host's clock reading), what crossed a fact on its way and is
// dropped, and what breaks the protocol; it keeps the offers and their lapses, the state numbers, the
// clock's flags and chunks, and each absent player's engine/absence.h value. It answers both directions:
// a player's request as the host checks it (request_allowed), and the host's fact as a joiner checks it
// (fact_allowed). The rules of fair play live here once, for both hosts and for a joiner (which checks
// its own offers by them before it sends, and the host's facts and offers on arrival):
//
//  - offers (may_offer): one at a time; a rated game (the server's terms) has no takebacks and no
//    pauses; the same offer from the same player not again until each side has moved since (lichess,
//    FICS); an offer that breaks these is declined at once by the host, never shown to the other player;
//  - absence: being away stops the clocks for one grace per player per game in all (each departure
//    spends what is left of it), and the player who stayed moves on their own turn all the while;
//  - pauses: an agreed pause lasts at most max_pause; then the host resumes play by itself (pause_due),
//    so that neither player can hold the game for ever by declining every resume.
//  - the choice of starter: the loser of a round has the host's limit (choice_limit: --starter-choice,
//    engine/match.h's starter_choice_time unless the host says otherwise) from the fact that decided it,
//    then the match's rule decides (engine/match.h, StarterWait), whoever is away;
//  - claims: after an absent player's grace the player who stayed may claim the round or a draw, under a
//    running clock at once (engine/absence.h's may_claim);
//  - more time (lichess's moretime): a player may give the other more_time_gift at a time, in a timed
//    round in play, at most max_gifts times a match, never in a tournament's match (may_give);
//  - the first move: where the clocks wait for White's first move (a server's match), a match nobody
//    has moved in for first_move_limit is aborted (first_move_due; a peer's clock runs from the go).
//
// It never changes the match: every ruling is computed on a copy, and the caller applies the facts it
// announces (net::apply, as every side does) and then tells the referee (after_fact), in order. Time is
// an argument, as everywhere in the engine.
//
//   request ──▶ Ruling{Fact (what lapses, what follows) | Crossed | Broken} ──caller applies──▶ after_fact
//   offer   ──▶ Taken | Crossed | Broken                 answer ──▶ the agreed outcome, decided as a fact
//   player_left ──grace──▶ absence_due (the clocks run again, or a claim comes) ──player_back──▶ play
//   pause fact ──max_pause──▶ pause_due: the resume, decided as a fact (actor -1)
//   a round won ──after_fact──▶ a StarterWait ──choice_limit──▶ choice_due: the rule's Starter
//
// State numbers: a fact carries state() and moves it on by one; a request or offer carries the number
// its sender had. A host of one connection numbers from its go (restart(0)); a host of many numbers the
// game's facts once, and each connection sees them shifted by where it came in.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/absence.h"
#include "engine/expected.h"
#include "engine/match.h"
#include "wire.h"

namespace gobblet::net {

// The longest an agreed pause lasts: then the clocks run again by themselves (a peer-to-peer host's and
// a server's games alike; docs/network.md). A pause the host resumed from its save counts from then.
constexpr Millis max_pause = 10 * 60 * 1000;
// A joiner's allowance when it checks that a resume nobody agreed to came at the limit: the news of the
// pause and of its end may take different times on the way.
constexpr Millis pause_news_slack = 10'000;
// More time (`moretime`, wire.h's more_time_gift each): how many gifts a player may make in a match.
constexpr int max_gifts = 8;
// Where the clocks wait for White's first move (a server's match), how long White has to make it: then
// the match is aborted, no result and no rating (lichess aborts a game nobody starts).
constexpr Millis first_move_limit = 60'000;

class Referee {
  public:
    // `grace`: each player's grace for the whole game (--grace); `rated`: a rated game's terms (no
    // takebacks, no pauses); `pause_limit`: how long an agreed pause lasts at most; `choice_limit`: how
    // long the loser of a round has to choose who starts the next (--starter-choice).
    explicit Referee(Millis grace = default_grace, bool rated = false, Millis pause_limit = max_pause,
                     Millis choice_limit = starter_choice_time)
        : grace_(grace), rated_(rated), pause_limit_(pause_limit), choice_limit_(choice_limit) {}

    // How long an absent player may be away in all, over the game, before play goes on without them.
    Millis grace() const { return grace_; }
    // What is left of player `player`'s grace (the budget that their next absence starts with).
    Millis grace_left(int player) const;
    bool rated() const { return rated_; }

    // ---- State numbers ----

    // The number the next fact carries.
    int state() const { return state_; }
    // Numbering starts again at `from` with no offer open (a peer-to-peer host's go; a server's restart).
    void restart(int from = 0);

    // ---- Facts ----

    struct Lapse {
        int player;
        OfferKind kind;
    };
    // A ruling is a value: the fact, what lapsed, what follows. The host carries it out whole (stores,
    // applies and sends the fact, says what lapsed), then tells the referee (after_fact), then decides
    // what follows, in turn (net/host_core.h).
    struct Ruling {
        enum class Kind : std::uint8_t {
            Fact,     // `fact` is decided: announce it (numbered, with the clock reading after it)
            Crossed,  // made before a fact its sender had not seen yet: dropped without a word
            Broken,   // `why`: a protocol error (a request), or why the engine refused (decide)
        };
        Kind kind = Kind::Broken;
        Act fact;
        int actor = -1;   // who made the fact: a player, or -1 for both (an agreement)
        std::string why;  // Broken: the reason; Fact from decide: a move refused because its mover's flag
                          // had fallen (the fact is then the flag)
        // Fact: the open offers it makes lapse (player 0's first), and what the rules make of it next
        // without anyone's word: a drawn round of a match is played again (decide it with actor -1).
        std::vector<Lapse> lapsed;
        std::optional<Act> follows;
    };
    // A player's request (a move, touch, resignation, starter choice, or a claim from a player whose
    // opponent is away), made at a.state.
    Ruling request(const Match& m, const Act& a, int by, Millis now) const;
    // A change made with the host's authority (its own player's moves, a replay, an agreed outcome, a
    // flag): the fact with the clock reading it leaves, or why the engine refuses it. A move that comes
    // after its mover's flag fell gives the flag instead (with the move's refusal in `why`).
    Ruling decide(const Match& m, Act a, int actor, Millis now) const;
    // Whether player `by` may make the request now, or why not (the reason a protocol error gives).
    Expected<void> request_allowed(const Match& m, const Act& a, int by, Millis now) const;

    // The other direction: a joiner's check of the host's facts, by the same rules. What the joiner knows
    // that a fact is checked by: the player it plays, whether the fact answers the request it sent (answers),
    // the agreement whose fact is on its way, and its kind of game.
    struct Agreement {
        OfferKind kind;
        int offerer;
    };
    struct Hearer {
        int me = -1;  // -1: a spectator, who hears no offers and takes the host's word for an agreement
        bool requested = false;
        std::optional<Agreement> agreed;
        bool hosted = false;  // a server's game: its players go away and come back (Away, Back facts)
    };
    // Whether the host's fact `a` may be taken, or the protocol error it is.
    Expected<void> fact_allowed(const Match& m, const Act& a, const Hearer& h, Millis now) const;
    // A fact answers a request when it is the same change made at the same state.
    static bool answers(const Act& request, const Act& fact);
    // Who made a fact, as the match stood before it: the mover, the resigner, the player who flagged,
    // who stayed (a claim), who chose; -1 for what both agreed.
    static int actor_of(const Match& before, const Act& fact);

    // The open offers that a fact (made by `actor`) makes lapse, `after` being the match it leaves (a
    // fact that leaves the game as it is, an away or a back, may be given the match before it).
    std::vector<Lapse> lapsing(const Match& after, const Act& fact, int actor) const;
    // After the caller applied a fact to the match (`after`) at `now`: the count moves on, the open offers
    // that the fact makes lapse are dropped and returned (player 0's first), and a round it decided starts
    // the choice of starter's time.
    std::vector<Lapse> after_fact(const Match& after, const Act& fact, int actor, Millis now);

    // ---- Offers ----

    // Whether player `by` may offer `kind` now, or why not, in words for that player: one offer at a time,
    // the terms (a rated game has no takebacks and no pauses), the same offer not again until each side
    // has moved since the last one (a resume is exempt: nobody moves while paused), and offer_allowed's
    // rules of the game (net/event.h).
    Expected<void> may_offer(const Match& m, int by, OfferKind kind) const;

    struct OfferRuling {
        enum class Kind : std::uint8_t {
            Taken,    // it waits for the other player's answer
            Crossed,  // it lapsed on its way: dropped without a word
            Refused,  // against the rules of fair play (may_offer): the host declines it at once, from
                      // itself, and the other player never hears of it; `why` says which rule
            Broken,   // `why`: a protocol error (made at a state that has not happened, a second one, one
                      // that does not apply to the game)
        };
        Kind kind = Kind::Broken;
        std::string why;
    };
    // An offer from `by`, at o.state (a host's view of its joiner's offer).
    OfferRuling offer(const Match& m, int by, const Offer& o);
    // Records `by`'s offer made at `state` without checking the numbering (a joiner's own count, or the
    // host's own offer): Taken, Refused or Broken as above.
    OfferRuling take_offer(const Match& m, int by, OfferKind kind, int state);
    std::optional<OfferKind> pending(int player) const;
    // Forgets every open offer (a connection dropped, a player went away).
    void clear_offers() { offers_ = {}; }

    struct AnswerRuling {
        enum class Kind : std::uint8_t { Counts, Crossed, Broken };
        Kind kind = Kind::Broken;
        OfferKind offer = OfferKind::Draw;
        bool yes = false;
        // Counts, yes and still applying: the agreed change, to decide() with actor -1.
        std::optional<Act> outcome;
        std::string why;
    };
    // `by` answers the other player's open offer (a.state in this numbering).
    AnswerRuling answer(const Match& m, int by, const Answer& a);
    // What an agreement to `kind` offered by `offerer` changes now, or nullopt when it no longer applies.
    static std::optional<Act> outcome(const Match& m, OfferKind kind, int offerer);

    // ---- The clock ----

    struct ClockNews {
        std::optional<Act> flag;                // a flag fell: decide() it (the actor is its player)
        std::optional<GameClock::State> chunk;  // a DM chunk moved onto a turn: announce the reading
    };
    // What the running clock does at `now` (nothing unless until_event says it is due).
    static ClockNews clock_due(const Match& m, Millis now);
    // Whether the clocks stand by agreement (a pause both accepted, not yet resumed). Moves wait then;
    // an absence stops the clocks too, but the player who stayed moves on.
    bool paused_by_agreement() const { return agreed_pause_; }
    // Whether the clocks stand by agreement from `now`: a match resumed from its save (a clock saved
    // paused stands by the pause both had agreed to), or a joiner's start (the clocks stood by agreement
    // at the host's go; a joiner of a server's game learns otherwise from an `away` fact that follows).
    // A pause that stood already keeps its start; one this side did not see begin counts from `now`.
    void set_paused_by_agreement(bool paused, Millis now);

    // ---- The pause's limit (max_pause) ----

    Millis pause_limit() const { return pause_limit_; }
    // When the agreed pause ends by itself; -1 when none stands. Where the pause began out of this side's
    // sight (pause_start_seen() false: a joiner that came in during it), it ends at the latest then.
    Millis pause_ends_at() const { return agreed_pause_ ? paused_at_ + pause_limit_ : -1; }
    bool pause_start_seen() const { return pause_seen_; }
    // The host's resume when the agreed pause reached its limit at `now` (decide it, actor -1), else
    // nullopt; and ms until then (-1 when no pause stands).
    std::optional<Act> pause_due(Millis now) const;
    Millis pause_until_next(Millis now) const;
    // Whether a resume nobody agreed to may come from the host at `now` (a joiner's check): the pause
    // reached its limit, less `slack` for the news's way, or began out of this side's sight.
    bool pause_may_end(Millis now, Millis slack = pause_news_slack) const;

    // ---- The choice of starter (engine/match.h, StarterWait) ----

    // How long the loser of a round has to choose who starts the next: the host's limit (a joiner's
    // referee keeps what the host's terms said, for its screens: it never times the choice itself).
    Millis choice_limit() const { return choice_limit_; }
    void set_choice_limit(Millis limit) { choice_limit_ = limit; }

    // The match waits for a choice of starter from `now` on, unless it did already (a match resumed
    // from its save, or restored, in that phase: its time starts when its host takes it up); a match in
    // another phase waits for none.
    void note_choice(const Match& m, Millis now);
    // The choice the match waits for, since when; nullopt when it waits for none.
    const std::optional<StarterWait>& starter_choice() const { return choice_; }
    // The fact the host decides at `now` when the chooser let the time run out: the rule's Starter (to
    // decide() with actor -1); nullopt before, or when no choice is due.
    std::optional<Act> choice_due(const Match& m, Millis now) const;
    // ms until choice_due has a fact; 0 for a choice not noted yet (note it now); -1 when none is waited for.
    Millis choice_until_next(const Match& m, Millis now) const;

    // ---- More time ----

    // Whether player `by` may give the other player more time now, or why not: a timed round in play,
    // fewer than max_gifts gifts so far, and a game whose terms allow it (not a tournament's).
    Expected<void> may_give(const Match& m, int by) const;
    // A tournament's match: nobody gives time (lichess), so that no pairing is helped.
    void forbid_gifts() { gifts_allowed_ = false; }
    // How many gifts player `player` made so far.
    int gifts(int player) const { return player == 0 || player == 1 ? gifts_[std::size_t(player)] : 0; }

    // ---- The first move (where the clocks wait for it) ----

    // The match began at `now` (a server's match made, or restored after a restart): White's first move
    // is waited for from then.
    void note_start(Millis now) { started_at_ = now; }
    // Whether the match is to be aborted at `now`: begun, no move made in its first round, and
    // first_move_limit passed; ms until then (-1: never, a move was made or nothing was begun).
    bool first_move_due(const Match& m, Millis now) const;
    Millis first_move_until_next(const Match& m, Millis now) const;

    // ---- Absence (engine/absence.h) ----

    // Player `player` vanished at `now` during play: absent from now, with what is left of their grace
    // (grace_left). The caller stops the clocks while holds() is true (none is left: they run on).
    void player_left(const Match& m, int player, Millis now);
    // Player `player` is back at the board at `now` (their go): the absence ends, and the time it held
    // the clocks is spent from their grace. Returns whether the clocks start again now (no other grace
    // holds them and no agreed pause does).
    bool player_back(int player, Millis now);
    // The same as facts, for a host of many games (version 2): player_left with the Away fact that
    // stops the clocks, player_back with the Back fact that lets them run again (numbered, with the
    // clock reading), to announce and apply like any fact.
    Act away_fact(const Match& m, int player, Millis now);
    Act back_fact(const Match& m, int player, Millis now);
    // For a connection that joins while `player` is away: the Away fact as it stands at `now` (how long
    // ago they left), numbered by the caller.
    Act away_news(const Match& m, int player, Millis now) const;
    // The other side of an Away fact: the absence as the host announced it, received at `now`.
    void absent(int player, const Absence& a);
    // Nobody is away any more (a joiner's connection to the host dropped: its news stops).
    void clear_absences() { away_ = {}; }
    // Player `player`'s absence (nullopt for anything but 0 and 1).
    const std::optional<Absence>& absence(int player) const;
    // The stage last reported for an absent player.
    AbsenceStage reported_stage(int player) const;
    // Whether the clocks stand at `now`: by agreement, or for a grace not yet over.
    bool holds(Millis now) const;
    // Whether an absent player's grace holds the clocks at `now` (not an agreed pause).
    bool absence_holds(Millis now) const;
    struct StageNews {
        int player;
        AbsenceStage stage;
        // The grace just ended and nothing else holds the clocks: they run again from `at`.
        bool release = false;
        Millis at = 0;
    };
    // The absent players whose stage changed since last reported, in the order the changes came.
    std::vector<StageNews> absence_due(Millis now);
    // ms until an absence's stage changes; -1 when none will.
    Millis absence_until_next(Millis now) const;
    // Whether a stage change is waiting to be reported at `now`.
    bool absence_news_due(Millis now) const;

  private:
    // What every move or touch meets, from either side, before whose turn it is: the round in play and
    // no agreed pause.
    Expected<void> may_move(const Game& g, const Act& a) const;

    struct PendingOffer {
        OfferKind kind;
        int state;
    };
    struct Away {
        std::optional<Absence> absence;
        AbsenceStage reported = AbsenceStage::Grace;
    };

    Millis grace_;
    bool rated_ = false;
    int state_ = 0;
    std::array<std::optional<PendingOffer>, 2> offers_;
    std::array<std::array<int, 4>, 2> lapsed_at_{};  // [offerer][kind]: the state after the last lapsing fact
    // The repeat rule: moves each player has made (facts, never taken back from the count), and for each
    // player's last offer of a kind the counts when it was made.
    std::array<int, 2> moves_made_{};
    std::array<std::array<std::optional<std::array<int, 2>>, 4>, 2> offered_at_{};
    bool agreed_pause_ = false;
    Millis pause_limit_ = max_pause;
    Millis paused_at_ = 0;     // when the agreed pause began (as this side saw it)
    bool pause_seen_ = false;  // ... and whether this side saw it begin
    Millis choice_limit_ = starter_choice_time;
    std::optional<StarterWait> choice_;
    std::array<Away, 2> away_;
    std::array<Millis, 2> grace_used_{};  // spent by each player's absences so far
    bool gifts_allowed_ = true;
    std::array<int, 2> gifts_{};  // the time each player gave so far, in gifts
    Millis started_at_ = -1;      // note_start's: when the first move is waited for from
};

// What the game says to a move or a touch as the wire carries it (`a`, of kind Move or Touch), on the
// game as it stands: it takes it, or why not: a wrong move number, an illegal move, a refused touch.
// The host's referee checks requests with it and a joiner's session the host's facts, each after its
// own checks of turn and phase.
Expected<void> play_allowed(const Game& g, const Act& a);

}  // namespace gobblet::net
