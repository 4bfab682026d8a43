// What a network session reports to its caller, and the one way a match takes it in. A network game's
// match changes only through apply(), in the one place that owns it (the session, as it reports each
// event; a server's hosted game): every change was checked with the engine first (moves, touches,
// results, offers agreed), so the two sides' matches stay identical.
#pragma once

#include <optional>
#include <string>

#include "engine/absence.h"
#include "engine/expected.h"
#include "engine/match.h"
#include "wire.h"

namespace gobblet::net {

struct Event {
    enum class Kind : std::uint8_t {
        Joined,    // host: a player gave the right code: `player` is theirs, `text` their name
        Welcomed,  // joiner: the host's match arrived (`match`, replacing the caller's); `player` is yours;
                   // `text` the match id; `resumed` when it continues the match you held
        Started,   // play starts or resumes: `clock`; `resumed` when a player came back to a match; for a
                   // returning joiner, `text` says what happened while it was away ("" when nothing)
        Act,       // a change to the match (`act`, with the host's clock reading), yours or the peer's;
                   // `player` is who made it (-1: both, by agreement)
        Offered,   // the peer (`player`) offers `offer`: answer with Session::answer
        Answered,  // the peer (`player`) answered your offer of `offer`: `yes`
        Lapsed,    // `player`'s offer of `offer` lapsed: the match moved on before an answer
        Dropped,   // joiner: your move, touch, resignation or starter choice crossed a change from the
                   // host and was not played; `text` says which. Make it again if it still stands.
        Clock,     // a clock reading between changes (a DM chunk moved from a reserve): `clock`
        Chat,      // the peer (`player`) says `text`
        Seat,      // the peer's (`player`) seat is now `seat`
        Refused,   // host: a connection was turned away (wrong code, busy, bad hello); `text` says why.
                   // The game is not affected.
        Gone,      // the connection ended without a protocol error (the peer left, went silent, the
                   // network failed, or connecting failed); `text` says why. Clocks stop, unless `clock`
                   // is given (host: a returning joiner failed its handshake while the clocks ran after
                   // the grace: they go on as `clock` says).
        Error,     // the connection ended on a protocol error, ours or the peer's, or the host refused
                   // us; `text` says why, for the player. Clocks stop (or go on, as for Gone); the match
                   // is intact. Joiner: when the host holds another match than the one we hold with its
                   // moves (a host started again without --resume), `match` is the host's, taken by
                   // nobody: the caller asks its player (Session::reconnect_taking_host takes it).
        Absence,   // an absent player (`player`: the host's joiner, or a server's player seen by the
                   // other one or by a spectator) reached a new stage of engine/absence.h: the grace is
                   // over (the clocks run again, or play goes on without a clock), or the round may now
                   // be claimed; `text` says where things stand, for the player who stayed.
        Watchers,  // version 2: `count` spectators watch the game now
    };
    Kind kind = Kind::Chat;
    int player = -1;
    Act act;
    OfferKind offer = OfferKind::Draw;
    bool yes = false;
    bool resumed = false;
    int count = 0;            // Watchers
    bool on_purpose = false;  // Gone: the other side said goodbye (`bye`), rather than failing
    SeatKind seat = SeatKind::Human;
    std::string text;  // (Clock: a DM chunk moved from a reserve, in words; "" for a plain reading)
    std::optional<GameClock::State> clock;
    std::optional<Match> match;
    // The session's match refused the change (never, for a change the session checked): why, said with
    // the event's words rather than lost.
    std::string not_applied;
};

// Applies an event to the match (the session does, as it reports it; a server's hosted game too). An Act with
// a clock reading is applied as the host's fact (the game changes as the act says and the clock takes the
// reading); without a reading it is applied with the host's authority at `now` (the clock runs by itself):
// that is how the host's session computes the reading it sends. Applied, or why the engine refused (never,
// for events a session reported).
Expected<void> apply(Match& match, const Event& e, Millis now);
// The same for an act alone (an Act event's): what a host applies as it carries a fact out, and what the
// referee tries on a copy to decide one.
Expected<void> apply(Match& match, const Act& act, Millis now);

// Whether a match has been played already (a move, or a round before this one): taken up again, it goes
// on rather than starts.
bool started_before(const Match& m);

// A line for the message area: "Eamon played K1C3", "Eamon offers a draw", "connection lost: no word
// from Eamon for 15 s", a DM chunk. `match` is the match after apply(); `me` the local player's index.
std::string describe(const Event& e, const Match& match, int me);

// A pause that reached its limit (net/referee.h's max_pause), in words: "the pause reached its limit of
// 10 minutes: play resumes" (the Act event of the host's resume carries it as its text).
std::string pause_over_text(Millis limit);

// An offer in words: "a draw", "to take back a move", "a pause", "to resume".
std::string offer_text(OfferKind k);
// The offer as a noun: "offer of a draw", "offer of a pause", "offer to take back a move", "offer to
// resume" (never "offer of to resume").
std::string offer_named(OfferKind k);

// Rules of agreement, the same on both sides.
// The change an agreement to `kind` makes (a draw, an undo, a pause, a resume), and the other way: the
// offer whose agreement a fact of kind `k` carries out (nullopt for a fact no offer agrees to). One table.
Act::Kind agreed_act(OfferKind kind);
std::optional<OfferKind> agreement_of(Act::Kind k);
// The number of moves an undo asked by `player` keeps: back to that player's turn, taking back their
// last move and any reply. nullopt when there is nothing of theirs to take back in this round, or the
// round ended by resignation, agreement, time or forfeit.
std::optional<int> undo_target(const Match& match, int player);
// Whether `player` may offer `kind` now, or why not. Clock pause state decides pause and resume; draw
// needs a round in play; undo needs undo_target.
Expected<void> offer_allowed(const Match& match, int player, OfferKind kind);
// Whether a pending offer of `kind` made by `offerer` lapses when `fact` (made by `actor`, -1 for
// both) has just been applied to `after`. A player going away lapses every offer, one coming back none;
// otherwise an undo lapses on any change; a draw on any change but a pause, a resume or the offerer's
// own move that leaves the round going; a pause offer on a pause, a resume or the other player's move
// (a move declines every offer); a resume offer on a pause or resume.
bool lapses(OfferKind kind, int offerer, const Act& fact, int actor, const Match& after);

}  // namespace gobblet::net
