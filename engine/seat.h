// Seats: who plays for each player of a Gobblet match. Whoever runs the match (the terminal's table,
// ui/table.h; a bot in a server's lobby, net/bot.h) asks the seat of the side to move for its move, and
// asks seats the match's questions (accept this draw? who starts the next round?). The answer comes back
// as an action: from keys for a human here, from a search on the computer's worker (engine/worker.h) for
// the computer, from the network for a remote player. The match rules never know which kind of seat they
// face, and the table and the bot hold the same computer seat: one way to think, one seeding rule.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "match.h"
#include "player.h"
#include "worker.h"

namespace gobblet {

enum class Ask : std::uint8_t { Move, Draw, Starter };

struct SeatAction {
    enum class Kind : std::uint8_t { Move, AcceptDraw, DeclineDraw, Starter } kind = Kind::Move;
    Move move;        // Move
    std::string why;  // Move, a draw's answer: a few words from the computer ("blocks row A")
    int starter = 0;  // Starter: the player who starts the next round
};

class Seat {
  public:
    virtual ~Seat() = default;
    virtual SeatKind kind() const = 0;
    // Starts working on a question about the match as it stands at `now`. A human seat does nothing:
    // the player answers with keys.
    virtual void ask(Ask, const Match&, int /*player*/, Millis /*now*/) {}
    // Drops whatever the seat was working on (undo, new game, the seat is replaced, quitting): its answer
    // never arrives. Never waits.
    virtual void cancel() {}
    // The answer, once it has arrived (the owner's loop is woken when it does). Never waits.
    virtual std::optional<SeatAction> answer() { return std::nullopt; }
    virtual bool working() const { return false; }
    // While working: how far the search has got.
    virtual ThinkInfo progress() const { return {}; }
    // The computer's level, think time and seed; none for a seat that does not search.
    virtual std::optional<PlayerSettings> settings() const { return std::nullopt; }
    // Takes new settings at once (a search under way stops, its answer dropped); a seat that does not
    // search ignores them.
    virtual void set_settings(const PlayerSettings&) {}
    // A new match starts (n; a bot's next match): to the computer, its rounds are games it has not played
    // yet. Others have nothing to forget.
    virtual void new_game() {}
};

class HumanSeat : public Seat {
  public:
    SeatKind kind() const override { return SeatKind::Human; }
};

// A player on another machine: their moves and answers arrive from the network (at the terminal, through
// the table's link, ui/table_link.h), which checks them with the engine before the match takes them.
class RemoteSeat : public Seat {
  public:
    SeatKind kind() const override { return SeatKind::Remote; }
};

// The computer: its own Player (and search table), searching on its own worker. The Player is touched
// only by the worker's jobs, one after another, so asking, cancelling and changing the settings never
// wait for a search: each job takes the settings and the game number it was asked with.
//
// The seeding rule, for every owner: the round `r` of the seat's `m`-th match is game number
// game_number(m, r) to its Player, whose seed (the settings') varies the lower levels' choices from game
// to game (Player::new_game). So each round of a match, and each new match, is a different game to it,
// while the same seed replays the same ones, after a --resume too.
class ComputerSeat : public Seat {
  public:
    // `wake`: called on the worker's thread when an answer is ready (engine/worker.h).
    ComputerSeat(const PlayerSettings& settings, Wake wake);
    SeatKind kind() const override { return SeatKind::Computer; }
    // A move or a draw's answer is searched on the worker (under a clock, with the budget of
    // engine/timeman.h from the clock as it stands at `now`); the starter after a lost round is the
    // engine's rule (engine/decisions.h), answered at once.
    void ask(Ask what, const Match& match, int player, Millis now) override;
    void cancel() override;
    std::optional<SeatAction> answer() override;
    bool working() const override { return task_.busy(); }
    ThinkInfo progress() const override;

    std::optional<PlayerSettings> settings() const override { return settings_; }
    void set_settings(const PlayerSettings& s) override;
    void new_game() override { ++matches_; }

    // The number of the game the player plays for the round `round` (from 1) of the `matches`-th new match
    // (from 0) of the seat. Round 1 of the first match is game 0: the seed as given.
    static std::uint64_t game_number(std::uint64_t matches, std::size_t round) {
        return (matches << 32) + round - 1;
    }

  private:
    PlayerSettings settings_;  // the owner's copy; each job hands it to the player
    std::uint64_t matches_ = 0;
    std::optional<SeatAction> ready_;  // an answer that needs no search (the starter)
    mutable std::mutex mutex_;
    std::uint64_t asked_ = 0;  // numbers the questions: a dropped search's progress is not shown
    ThinkInfo info_;
    std::unique_ptr<Player> player_;  // used by the worker's jobs only
    Task<SeatAction> task_;           // last: its thread stops before the player goes
};

}  // namespace gobblet
