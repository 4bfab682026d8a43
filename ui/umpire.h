// The umpire of a table's match (ui/table.h): who makes the changes its players ask for (a move, a starter
// chosen, a resignation, a draw answered), and what play here may do now. A table has one, chosen once:
// a local table's is a LocalUmpire, which changes the table's match at once; a network table's is its
// link (ui/table_link.h), which sends each request to the host, whose session decides it and whose events
// change the match. Either says what became of a request as a Ruling, for the table to tell the players
// and follow; neither calls curses, and the time is the clock it is given.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "engine/match.h"
#include "loop.h"

namespace gobblet::ui {

// A line for the message line: news, or an error.
struct Notice {
    std::string text;
    bool error = false;
};

// What became of a request: refused (said why), sent to the host (its event will change the match), or
// made here; what to say, in order; and whether the match changed here, for the table to follow (the end
// of a round, the autosave).
struct Ruling {
    enum class Kind : std::uint8_t { Refused, Sent, Made };
    Kind kind = Kind::Refused;
    std::vector<Notice> said = {};
    bool changed = false;  // the match changed here
    bool moved = false;    // ... by a move played
};

class Umpire {
  public:
    virtual ~Umpire() = default;
    // A move made at the board here (the touch rule applies), and a computer seat's, with its reason.
    virtual Ruling move_here(const MoveSpec& spec) = 0;
    virtual Ruling computer_move(const MoveSpec& spec, const std::string& reason) = 0;
    // Picks up a board piece under the touch rule: not Refused when it may be moved.
    virtual Ruling touch(Square square) = 0;
    virtual Ruling choose_starter(int player) = 0;
    virtual Ruling replay() = 0;  // a drawn round is played again
    virtual Ruling resign(int player) = 0;
    // `player` (a computer seat here) answers the draw offered to it, in its words (`reason`; "" says
    // "accepts the draw" or "declines the draw").
    virtual Ruling answer_draw(int player, bool accept, const std::string& reason) = 0;

    // Whether a player here may move now, or why nobody can (nobody has joined, the connection is
    // lost...).
    virtual Expected<void> moves_allowed() const = 0;
    // A computer seat here may be asked for its move now (a move sent is not waiting for the host).
    virtual bool ready_for_move() const = 0;
    // This side decides what nobody here is asked (two computers' drawn round is played again), and asks
    // its players the round's questions: not a joiner, whose host does.
    virtual bool decides_rounds() const = 0;
    // The table ticks the clock itself (else the host's session runs it).
    virtual bool runs_clock() const = 0;
    // Milliseconds until the umpire needs a turn of the loop though nothing arrives; -1: never.
    virtual Millis until_next(Millis now) const = 0;
};

// A local table's umpire: every request is decided here, on the table's match, at once.
class LocalUmpire : public Umpire {
  public:
    // The umpire keeps a reference to `match` (the table's), which outlives it.
    LocalUmpire(Match& match, std::function<Millis()> clock) : match_(match), clock_(std::move(clock)) {}

    Ruling move_here(const MoveSpec& spec) override;
    Ruling computer_move(const MoveSpec& spec, const std::string& reason) override;
    Ruling touch(Square square) override;
    Ruling choose_starter(int player) override;
    Ruling replay() override;
    Ruling resign(int player) override;
    Ruling answer_draw(int player, bool accept, const std::string& reason) override;

    Expected<void> moves_allowed() const override { return {}; }
    bool ready_for_move() const override { return true; }
    bool decides_rounds() const override { return true; }
    bool runs_clock() const override { return true; }
    Millis until_next(Millis) const override { return -1; }

  private:
    Millis now() const { return clock_(); }
    Match& match_;
    std::function<Millis()> clock_;
};

}  // namespace gobblet::ui
