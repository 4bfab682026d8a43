// Seats: who plays for each player. The table (table.h) asks the seat of the side to move for its move, and
// asks seats the match's questions (accept this draw? who starts the next round?). The answer comes back as
// an action: from keys for a human here, from a search on a worker thread for the computer, from the
// network for a remote player. The match rules above never know which kind of seat they face.
#pragma once

#include <memory>
#include <mutex>
#include <optional>

#include "engine/match.h"
#include "engine/player.h"
#include "loop.h"

namespace gobblet::ui {

enum class Ask : std::uint8_t { Move, Draw, Starter };

struct SeatAction {
    enum class Kind : std::uint8_t { Move, AcceptDraw, DeclineDraw, Starter } kind = Kind::Move;
    Move move;        // Move
    std::string why;  // Move: a few words from the computer ("blocks row A")
    int starter = 0;  // Starter: the player who starts the next round
};

class Seat {
  public:
    virtual ~Seat() = default;
    virtual SeatKind kind() const = 0;
    // Starts working on a question about the match as it stands at `now`. A human seat does nothing:
    // the player answers with keys.
    virtual void ask(Ask, const Match&, int /*player*/, Millis /*now*/) {}
    // Drops whatever the seat was working on (undo, new game, the seat is replaced, quitting).
    virtual void cancel() {}
    // The answer, once it has arrived (the loop wakes when it does).
    virtual std::optional<SeatAction> answer() { return std::nullopt; }
    virtual bool working() const { return false; }
    // While working: how far the search has got.
    virtual ThinkInfo progress() const { return {}; }
    // The computer's level, think time and seed; none for a seat that does not search.
    virtual std::optional<PlayerSettings> settings() const { return std::nullopt; }
    // Takes new settings at once (a search under way stops); a seat that does not search ignores them.
    virtual void set_settings(const PlayerSettings&) {}
    // A new match starts (n): to the computer, its rounds are games it has not played yet. Others have
    // nothing to forget.
    virtual void new_game() {}
};

class HumanSeat : public Seat {
  public:
    SeatKind kind() const override { return SeatKind::Human; }
};

// A player on another machine: their moves and answers arrive from the network session (through the
// table's link, ui/table_link.h), which checks them with the engine before the match takes them.
class RemoteSeat : public Seat {
  public:
    SeatKind kind() const override { return SeatKind::Remote; }
};

// The computer: its own Player (and search table), searching on its own worker thread.
class ComputerSeat : public Seat {
  public:
    ComputerSeat(EventLoop& loop, const PlayerSettings& settings);
    SeatKind kind() const override { return SeatKind::Computer; }
    void ask(Ask what, const Match& match, int player, Millis now) override;
    void cancel() override;
    std::optional<SeatAction> answer() override;
    bool working() const override { return worker_.busy(); }
    ThinkInfo progress() const override;

    std::optional<PlayerSettings> settings() const override { return player_->settings(); }
    void set_settings(const PlayerSettings& s) override;
    void new_game() override { ++matches_; }

    // The number of the game the player plays for the round `round` (from 1) of the `matches`-th new match
    // (from 0) of the seat: each round of a match, and each new match, is a different game to it, while
    // the same seed replays the same ones, after a --resume too. Round 1 of the first match is game 0.
    static std::uint64_t game_number(std::uint64_t matches, std::size_t round) {
        return (matches << 32) + round - 1;
    }

  private:
    std::unique_ptr<Player> player_;  // owned here, used by the worker only while it runs
    std::uint64_t matches_ = 0;
    Worker worker_;
    mutable std::mutex mutex_;
    ThinkInfo info_;
    std::optional<SeatAction> result_;
};

}  // namespace gobblet::ui
