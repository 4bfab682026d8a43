// Match clocks as values. Time is an argument: every call takes `now`, in milliseconds from any
// monotonic origin the caller likes, and nothing here reads a real clock, so tests drive a clock with
// plain numbers and never sleep (the lichess clock model).
//
// Two time controls:
//  - DM (the "death match" of the tournament rules, docs/rules.md): each turn has `turn` ms. When the
//    turn time runs out, a chunk of `chunk` ms (or what is left of the reserve) moves from the player's
//    reserve onto the turn, and again each time it runs out. A chunk once taken is spent, even if the
//    move comes a moment later. The reserve (`reserve` ms) belongs to the player for the whole match,
//    across rounds. Running out with an empty reserve flags: the round is lost.
//  - Fischer: `game` ms per player per round, `increment` ms added after each move; reaching zero flags.
// A turn "runs out" when the time left on it reaches zero: a move made at exactly zero is too late.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "expected.h"
#include "time_source.h"
#include "types.h"

namespace gobblet {

// The soonest of a few waits, as every until_next() answers: -1 while there is none, else the ms from
// now until the first (0: at once).
class Soonest {
  public:
    // A deadline `t` ms from now; one already past counts as now.
    void at(Millis t) {
        t = std::max<Millis>(0, t);
        best_ = best_ < 0 ? t : std::min(best_, t);
    }
    // Another until_next()'s answer: -1, nothing to wait for, is left out.
    void also(Millis t) {
        if (t >= 0) at(t);
    }
    Millis get() const { return best_; }

  private:
    Millis best_ = -1;
};

enum class ClockKind : std::uint8_t { None, Dm, Fischer };

struct ClockSettings {
    ClockKind kind = ClockKind::None;
    Millis turn = 0, reserve = 0, chunk = 0;  // Dm
    Millis game = 0, increment = 0;           // Fischer

    bool enabled() const { return kind != ClockKind::None; }
    static ClockSettings dm(Millis turn, Millis reserve, Millis chunk) {
        return {ClockKind::Dm, turn, reserve, chunk, 0, 0};
    }
    static ClockSettings fischer(Millis game, Millis increment) {
        return {ClockKind::Fischer, 0, 0, 0, game, increment};
    }
    friend bool operator==(const ClockSettings&, const ClockSettings&) = default;
};

// Longest time any clock setting may hold: a day. Anything longer is a typing mistake.
constexpr Millis max_clock_millis = 24 * 3600 * 1000LL;

// Reads a duration as a player types it: "90" (seconds), "90s", "2m", "1m30s", "1h", "1.5s", "250ms".
// Returns nullopt for anything else, for negative values, and for more than max_clock_millis.
std::optional<Millis> parse_duration(std::string_view text);
// The shortest text parse_duration reads back to the same value: "2m", "30s", "1m30s", "250ms".
std::string duration_text(Millis ms);
// A clock face: "1:05" (minutes:seconds, rounded up so that 0:00 means no time), "1:02:05" above an
// hour, and tenths in the last ten seconds ("9.4").
std::string clock_face(Millis ms);

// The settings in one line, as saves and the network carry them: "none", "dm 2m 5m 30s",
// "fischer 5m 3s"; parse_clock_settings reads it back, or says why it cannot.
std::string clock_settings_text(const ClockSettings& s);
Expected<ClockSettings> parse_clock_settings(std::string_view text);
// How a player reads the settings: "2m a turn, 5m reserve in 30s chunks", "5m + 3s a move", "no clock".
std::string clock_description(const ClockSettings& s);

// A clock as the command line gives it: the texts of --turn-time, --reserve and --reserve-chunk (a DM
// clock), of --game-time and --increment (a Fischer clock), each empty when not given, and --dm (the
// tournament's preset: 2m a turn, 5m reserve in 30s chunks, each of which the flags may override).
struct ClockSpec {
    std::string turn, reserve, chunk, game, increment;
    bool dm = false;
};
// The settings a spec asks for, or why it cannot be played: a text that is not a duration, both kinds
// of clock at once, a DM clock without a turn time or a reserve without a chunk, a Fischer clock without
// a game time. The reasons name the flags. An empty spec is no clock.
Expected<ClockSettings> clock_from_spec(const ClockSpec& spec);

// What an update() saw happen.
struct ClockUpdate {
    int chunks = 0;                // DM chunks moved from the reserve onto the turn
    std::optional<Color> flagged;  // the side whose time ran out, if that happened now
};

class GameClock {
  public:
    GameClock() = default;
    explicit GameClock(const ClockSettings& s);

    const ClockSettings& settings() const { return settings_; }
    bool enabled() const { return settings_.enabled(); }

    // A new round: no side runs, Fischer game times are full again, DM reserves carry over.
    void new_round();
    // The players change colours (a new round with the other starter): what each side holds (DM
    // reserves) goes with its player.
    void swap_sides();
    // `side`'s turn starts at `now`, with a fresh turn time (DM) or what is left of its game time.
    void start(Color side, Millis now);
    // The running side has finished its turn at `now`. The clock is brought up to date first; if that
    // flags the side, the flag stands and false is returned. Otherwise its time is settled (Fischer:
    // the increment is added) and no side runs until the next start().
    bool stop(Millis now);
    // Brings the clock up to `now`: takes DM chunks as turn time runs out and detects the flag; a fallen
    // flag stops the clock with the flagged side at zero.
    // Call it before reading the clock, and whenever until_event() says something is due.
    ClockUpdate update(Millis now);

    // Pausing freezes the running turn: the time between pause and resume does not count.
    void pause(Millis now);
    void resume(Millis now);
    bool paused() const { return paused_; }

    std::optional<Color> running() const { return running_; }
    std::optional<Color> flagged() const { return flagged_; }
    // Time left at `now` (as of the last update for chunks): DM, on the running side's turn, what is
    // left of its turn (chunks taken included), for the other side a full turn; Fischer, game time.
    Millis time_left(Color side, Millis now) const;
    // DM: what is left of the side's reserve; Fischer: 0.
    Millis reserve_left(Color side) const { return reserve_[index(side)]; }
    // How long before the side's flag falls if it never moves again: DM what is left of its turn (a full
    // turn when its turn has not come) plus its reserve, chunks not yet taken included; Fischer its game
    // time. -1 without a clock.
    Millis until_flag(Color side, Millis now) const;
    // Time spent on the running turn so far (0 when no side runs).
    Millis elapsed(Millis now) const;
    // Milliseconds from `now` until update() would change something (a chunk or a flag), or -1 when
    // nothing runs. The event loop sleeps at most this long.
    Millis until_event(Millis now) const;

    // The clock frozen at a moment, for saves and the network: restoring it with set_state at any later
    // time continues exactly from there (the time in between does not count).
    struct State {
        Millis left[2] = {0, 0};     // Fischer game time left at the start of each side's turn
        Millis reserve[2] = {0, 0};  // DM reserves
        std::optional<Color> running;
        Millis elapsed = 0;  // spent on the running turn
        Millis budget = 0;   // the running turn's allowance (DM: turn time plus chunks taken)
        bool paused = false;
        std::optional<Color> flagged;
        friend bool operator==(const State&, const State&) = default;
    };
    State state(Millis now) const;
    void set_state(const State& s, Millis now);
    // One line ("left 300000 300000 reserve 0 0 running white elapsed 1200 budget 300000"), and back.
    static std::string state_text(const State& s);
    static Expected<State> parse_state(std::string_view text);

  private:
    // What a turn of `side` starts with: DM the turn time, Fischer what is left of its game time.
    Millis fresh_turn(Color side) const;
    // What `side` holds beyond its turns, for its flag: DM its reserve.
    Millis held(Color side) const;

    ClockSettings settings_;
    Millis left_[2] = {0, 0};
    Millis reserve_[2] = {0, 0};
    std::optional<Color> running_;
    std::optional<Color> flagged_;
    Millis before_ = 0;  // time spent on the running turn before `since_`
    Millis since_ = 0;   // when counting (re)started; meaningful while running and not paused
    Millis budget_ = 0;  // the running turn's allowance
    bool paused_ = false;
};

}  // namespace gobblet
