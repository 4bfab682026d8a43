// The umpire of a table's match (ui/table.h): who makes the changes its players ask for (a move, a starter
// chosen, a resignation, a draw answered, an offer, a claim, a seat handed to the computer), and what play
// here may do now. A table has one, chosen once: a local table's is a LocalUmpire, which changes the
// table's match at once; a network table's is its link (ui/table_link.h), which sends each request to the
// host, whose session decides it and whose events change the match. Either says what became of a request
// as a Reply, for the table to tell the players and follow; neither calls curses, and the time is the
// clock it is given. What differs between a local and a network table is written here, in the umpire that
// differs: the table asks its umpire and never which kind it has, so a new kind of table is a new umpire.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "engine/match.h"
#include "engine/player.h"
#include "engine_help.h"
#include "loop.h"
#include "net/wire.h"

namespace gobblet::ui {

// A line for the message line: news, or an error.
struct Notice {
    std::string text;
    bool error = false;
};

// What became of a request: refused (said why), sent to the host (its event will change the match), or
// made here; what to say, in order; and whether the match changed here, for the table to follow (the end
// of a round, the autosave).
struct Reply {
    enum class Kind : std::uint8_t { Refused, Sent, Made };
    Kind kind = Kind::Refused;
    std::vector<Notice> said = {};
    bool changed = false;  // the match changed here
    bool moved = false;    // ... by a move played
};

// What a player here asks to do, for the one question "may this side act now" (Table::may_act): the
// table's rules (the round over, the game paused, whose turn it is) and its umpire's part (a network
// game's connection, a spectator's place). Pick is picking up a piece for a move: a move's rule, but a
// network game's connection is asked only when the piece is put down (Move).
enum class Intent : std::uint8_t { Move, Pick, Pause, OfferDraw, Resign, Claim, Hint };

class Umpire {
  public:
    virtual ~Umpire() = default;
    // The match it rules on: the table's own (local), or the network session's.
    virtual const Match& match() const = 0;
    // A move made at the board here (the touch rule applies), and a computer seat's, with its reason.
    virtual Reply move_here(const MoveSpec& spec) = 0;
    virtual Reply computer_move(const MoveSpec& spec, const std::string& reason) = 0;
    // Picks up a board piece under the touch rule: not Refused when it may be moved.
    virtual Reply touch(Square square) = 0;
    virtual Reply choose_starter(int player) = 0;
    virtual Reply replay() = 0;  // a drawn round is played again
    virtual Reply resign(int player) = 0;
    // `player` (a computer seat here) answers the draw offered to it, in its words (`reason`; "" says
    // "accepts the draw" or "declines the draw").
    virtual Reply answer_draw(int player, bool accept, const std::string& reason) = 0;

    // An offer of a player here (a draw, a takeback, a pause or to resume): made to the other side, or
    // the agreement to the same offer of theirs that stands; nullopt when the other side sits at this
    // table (the table asks it: a question, the computer; or it pauses its own clock).
    virtual std::optional<Reply> offer(net::OfferKind kind) = 0;
    // The other side's offer that waits for an answer here, its note beside the board ("Eamon offers a
    // draw: = agrees, Esc declines", "" when none stands), and the answer of a player here to it.
    virtual std::optional<net::OfferKind> standing_offer() const = 0;
    // Whether an offer of `kind` may be made now (or agreed: the same offer of the other side's stands),
    // or why not: a local table's always may (the other side sits here); a network game's session says
    // (the rules of fair play: a rated game has no takebacks and no pauses, one offer at a time...).
    virtual Expected<void> may_offer(net::OfferKind kind) const = 0;
    virtual std::string offer_note() const = 0;
    virtual Reply answer_offer(bool agree) = 0;
    // The round of a player who left and did not come back claimed (or `draw`: a draw): only the player
    // who stayed in a network game can (a peer's host, a server's player).
    virtual Reply claim(bool /*draw*/) { return Reply{.said = {{claim_refusal().why, true}}}; }
    // More time for the other player (lichess's moretime): given, or why not; and whether it may be
    // given now. Only a timed network game has another player to give it to.
    virtual Reply give_time() { return Reply{.said = {{give_refusal().why, true}}}; }
    virtual Expected<void> may_give_time() const { return give_refusal(); }
    // A player's seat goes to the computer (`to_computer`, at `level`) or comes back: Made (what to say;
    // the table then hands the seat over), or Refused (not this side's seat).
    virtual Reply hand_over(int player, bool to_computer, Level level) = 0;

    // The part of "may this side act now" that is the umpire's (Table::may_act asks it first, then the
    // table's rules): ok, or why not (nobody has joined, the connection is lost, you are watching...).
    virtual Expected<void> may(Intent act) const = 0;
    // Whether a player here may move now, or why nobody can.
    Expected<void> moves_allowed() const { return may(Intent::Move); }
    // The players here step through the game themselves (take back, replay, review), or why not (a
    // network game's takebacks are made by agreement).
    virtual Expected<void> may_step() const = 0;
    // The one player this side plays (-1: it watches); nullopt when both players sit at this table.
    virtual std::optional<int> player_here() const = 0;
    // The players here start another match at this table when this one is over (n).
    virtual bool new_match_here() const = 0;
    // The engine's help at this table (engine_help.h): `here` is what the table knows of it (a local
    // game's clock, its first move, the help granted); a network game's rule is its session's.
    virtual HelpGame help_game(const HelpGame& here) const = 0;
    // Why the clocks stand now that the umpire knows of ("the clocks stand for Eamon's grace"), or "".
    virtual std::string clock_note() const = 0;
    // When an agreed pause ends by itself, for the status line ("by itself in 9:12"); "" where a pause
    // lasts until someone lifts it (a local table).
    virtual std::string pause_note() const = 0;
    // A computer seat here may be asked for its move now (a move sent is not waiting for the host).
    virtual bool ready_for_move() const = 0;
    // This side decides what nobody here is asked (two computers' drawn round is played again), and asks
    // its players the round's questions: not a joiner, whose host does.
    virtual bool decides_rounds() const = 0;
    // The table ticks the clock itself (else the host's session runs it).
    virtual bool runs_clock() const = 0;
    // Who decides what the players here do not, in their words: "the host" of a network game, "the
    // server" of a server's; "" at a local table, which decides everything itself.
    virtual std::string holder() const = 0;
    // How long the loser of a round has to choose who starts the next before the match's rule decides:
    // a network game's host keeps its limit (--starter-choice, which a joiner hears in the terms);
    // nullopt where the choice waits (a local table, whose players share the keyboard).
    virtual std::optional<Millis> choice_time() const = 0;
    // Milliseconds until the umpire needs a turn of the loop though nothing arrives; -1: never.
    virtual Millis until_next(Millis now) const = 0;

  protected:
    // Why the round cannot be claimed at a table that cannot claim it.
    static Failure<> claim_refusal() {
        return Failure{
            "a round is claimed by the player who stayed in a network game whose opponent left and did "
            "not come back"};
    }
    static Failure<> give_refusal() {
        return Failure{"more time is given to the other player of a timed network game (both sit here)"};
    }
};

// A local table's umpire: every request is decided here, on the table's match, at once.
class LocalUmpire : public Umpire {
  public:
    // The umpire keeps a reference to `match` (the table's), which outlives it.
    LocalUmpire(Match& match, std::function<Millis()> clock) : match_(match), clock_(std::move(clock)) {}
    const Match& match() const override { return match_; }

    Reply move_here(const MoveSpec& spec) override;
    Reply computer_move(const MoveSpec& spec, const std::string& reason) override;
    Reply touch(Square square) override;
    Reply choose_starter(int player) override;
    Reply replay() override;
    Reply resign(int player) override;
    Reply answer_draw(int player, bool accept, const std::string& reason) override;

    // Both sides sit here: nobody across the network to make an offer to, and none stands.
    std::optional<Reply> offer(net::OfferKind) override { return std::nullopt; }
    std::optional<net::OfferKind> standing_offer() const override { return std::nullopt; }
    Expected<void> may_offer(net::OfferKind) const override { return {}; }
    std::string offer_note() const override { return ""; }
    Reply answer_offer(bool) override { return Reply{.said = {{"there is no offer to answer", true}}}; }
    Reply hand_over(int player, bool to_computer, Level level) override;

    Expected<void> may(Intent act) const override;
    Expected<void> may_step() const override { return {}; }
    std::optional<int> player_here() const override { return std::nullopt; }
    bool new_match_here() const override { return true; }
    HelpGame help_game(const HelpGame& here) const override { return here; }
    std::string clock_note() const override { return ""; }
    std::string pause_note() const override { return ""; }
    bool ready_for_move() const override { return true; }
    bool decides_rounds() const override { return true; }
    bool runs_clock() const override { return true; }
    std::string holder() const override { return ""; }
    std::optional<Millis> choice_time() const override { return std::nullopt; }
    Millis until_next(Millis) const override { return -1; }

  private:
    Millis now() const { return clock_(); }
    Match& match_;
    std::function<Millis()> clock_;
};

}  // namespace gobblet::ui
