// The two seats of a table (ui/table.h): who plays for each player (a human here, the computer searching
// on its worker, a player across the network: engine/seat.h), what each was asked and has not answered yet,
// and the computer seats' settings (the level, the think time, a seed per player). The table owns it, asks
// its seats each turn of the loop and follows their answers; the screen reads it (who plays, whether the
// computer is thinking and how far it got). The names stay the match's: the table keeps them following
// the seats. No curses.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>

#include "engine/match.h"
#include "engine/player.h"
#include "engine/seat.h"
#include "loop.h"

namespace gobblet::ui {

class TableSeats {
  public:
    // `settings`: the computer seats' level, think time and seed (player p searches with seed + p * 7919).
    // The seats keep a reference to `loop`, whose workers the computer seats search on.
    TableSeats(EventLoop& loop, const PlayerSettings& settings);

    // Puts in the seats `specs` ask for: their kinds, and a computer's level when not the table's.
    void install(const std::array<SeatSpec, 2>& specs);
    // Hands a player's side to a new seat of `kind` (the computer at the table's settings).
    void set(int player, SeatKind kind);
    const Seat& seat(int player) const { return *seats_[player]; }
    bool is_computer(int player) const { return player >= 0 && seats_[player]->kind() == SeatKind::Computer; }
    bool is_human(int player) const { return player >= 0 && seats_[player]->kind() == SeatKind::Human; }
    // What a seat is, for the record and the names: its kind, and a computer's level when not the table's.
    SeatSpec spec(int player) const;
    // A seat is searching; and how far it got.
    bool thinking() const;
    ThinkInfo progress() const;

    // What `player` was asked and has not answered yet; asking it (`what` about `match` as it stands at
    // `now`); its answer once it came, with what was asked (the question is then forgotten).
    const std::optional<Ask>& asked(int player) const { return asked_[player]; }
    void ask(int player, Ask what, const Match& match, Millis now);
    struct Answer {
        std::optional<Ask> asked;
        SeatAction action;
    };
    std::optional<Answer> answer(int player);
    // Stops every seat's work and forgets what they were asked.
    void cancel();
    // A new match: to the computer its rounds are games it has not played.
    void new_game();

    // The computer seats' settings (the menu's level and think time): a change reaches the computer seats
    // at once (a search under way stops, and is asked again).
    const PlayerSettings& settings() const { return settings_; }
    void set_level(Level level);
    void set_think(double seconds);

  private:
    std::unique_ptr<Seat> make(SeatKind kind, int player, std::optional<Level> level) const;
    void change_computers(const std::function<void(PlayerSettings&)>& change);
    // Each computer seat learns whom it plays (a person here, a computer, or someone remote), which its
    // contempt for draws depends on (draw_contempt in engine/player.h).
    void tell_opponents();

    EventLoop& loop_;
    PlayerSettings settings_;
    std::array<std::unique_ptr<Seat>, 2> seats_;
    std::array<std::optional<Ask>, 2> asked_;
};

}  // namespace gobblet::ui
