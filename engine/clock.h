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
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// The kinds of clock. Each is described once, by its row in clock_kinds below (its texts, its flags, its
// presets), and behaves by the exhaustive switches of GameClock (no default: -Wswitch names each place a
// new kind must be handled).
enum class ClockKind : std::uint8_t { None, Dm, Fischer };
inline constexpr std::size_t clock_kind_count = 3;

struct ClockSettings {
    ClockKind kind = ClockKind::None;
    Millis turn = 0, reserve = 0, chunk = 0;  // Dm
    Millis game = 0, increment = 0;           // Fischer

    bool enabled() const { return kind != ClockKind::None; }
    static constexpr ClockSettings dm(Millis turn, Millis reserve, Millis chunk) {
        return {ClockKind::Dm, turn, reserve, chunk, 0, 0};
    }
    static constexpr ClockSettings fischer(Millis game, Millis increment) {
        return {ClockKind::Fischer, 0, 0, 0, game, increment};
    }
    friend bool operator==(const ClockSettings&, const ClockSettings&) = default;
};

// Longest time any clock setting may hold: a day. Anything longer is a typing mistake.
constexpr Millis max_clock_millis = 24 * 3600 * 1000LL;

// One duration of a kind's settings: where it lives, the command-line flag that sets it (with its
// --help line and the default it takes when the flag is left out), and its name in a usage text.
struct ClockField {
    ClockKind kind;
    Millis ClockSettings::*value;
    std::string_view flag;         // "--turn-time"
    std::string_view placeholder;  // "TURN", as usage texts name it
    std::string_view help;         // the flag's --help line
    Millis fallback = 0;           // when the flag is not given (the kind's other flags are)
};
// Every clock flag, kind by kind and in the order of the settings' texts.
inline constexpr ClockField clock_fields[] = {
    {ClockKind::Dm, &ClockSettings::turn, "--turn-time", "TURN",
     "DM clock: time for each turn (90, 90s, 2m, 1m30s)"},
    {ClockKind::Dm, &ClockSettings::reserve, "--reserve", "RESERVE",
     "DM clock: reserve for the whole match (default 0)"},
    {ClockKind::Dm, &ClockSettings::chunk, "--reserve-chunk", "CHUNK",
     "DM clock: what an overrun takes from the reserve (default 30s)", 30'000},
    {ClockKind::Fischer, &ClockSettings::game, "--game-time", "GAME",
     "Fischer clock: time per player per round"},
    {ClockKind::Fischer, &ClockSettings::increment, "--increment", "INCREMENT",
     "Fischer clock: time added after each move"},
};

// The tournament's death match (docs/rules.md): 2m a turn, 5m reserve in 30s chunks.
constexpr ClockSettings dm_preset() { return ClockSettings::dm(120'000, 300'000, 30'000); }

// A named clock: the lobby writes its name alone for it ("dm"), and its flag (--dm) asks for it on the
// command line, with the board size and round wins of the match it is played in (each flag wins over
// the preset).
struct ClockPreset {
    std::string_view name;  // the lobby's word
    std::string_view flag;  // "--dm"
    std::string_view help;  // the flag's --help line
    ClockSettings settings;
    int size = 4;
    int first_to = 2;
};
inline constexpr ClockPreset clock_presets[] = {
    {"dm", "--dm",
     "The tournament's death match: --size 4 --first-to 2 --turn-time 2m --reserve 5m --reserve-chunk 30s "
     "(each can be overridden)",
     dm_preset(), 4, 2},
};

// One clock kind's description, which every text form of a clock reads:
//  - `word` heads the settings' line ("dm 2m 5m 30s") that saves, the peer protocol and the server's
//    store carry;
//  - `terms_word` heads the lobby's short form of the kind ("dm 1m 3m 20s"); empty: the durations
//    joined by '+' with no word ("5m+2s"), and the usage text shows the kind's `example` in that form;
//  - `name` is how messages call the kind ("a DM clock");
//  - `face` names the time a side's clock face shows ("turn 0:10", "time 4:29");
//  - `reserve`: each player holds a reserve for the whole match, which a record keeps, a flag's
//    words mention and the side panel shows.
// Its fields are the rows of clock_fields of the kind; its presets, the rows of clock_presets.
struct ClockKindInfo {
    ClockKind kind;
    std::string_view word;
    std::string_view terms_word;
    std::string_view name;
    std::string_view face;
    bool reserve;
    ClockSettings example;  // settings of the kind that every reader must take back (tests read them)
};
inline constexpr ClockKindInfo clock_kinds[] = {
    {ClockKind::None, "none", "none", "none", "time", false, {}},
    {ClockKind::Dm, "dm", "dm", "DM", "turn", true, ClockSettings::dm(60'000, 180'000, 20'000)},
    {ClockKind::Fischer, "fischer", "", "Fischer", "time", false, ClockSettings::fischer(300'000, 2'000)},
};
static_assert(std::size(clock_kinds) == clock_kind_count);
constexpr const ClockKindInfo& clock_kind(ClockKind k) { return clock_kinds[std::size_t(k)]; }

// Reads a duration as a player types it: "90" (seconds), "90s", "2m", "1m30s", "1h", "1.5s", "250ms".
// Returns nullopt for anything else, for negative values, and for more than max_clock_millis.
std::optional<Millis> parse_duration(std::string_view text);
// The shortest text parse_duration reads back to the same value: "2m", "30s", "1m30s", "250ms".
std::string duration_text(Millis ms);
// A clock face: "1:05" (minutes:seconds, rounded up so that 0:00 means no time), "1:02:05" above an
// hour, and tenths in the last ten seconds ("9.4").
std::string clock_face(Millis ms);

// The two text forms of clock settings, written and read by the one pair below:
//  - Line: as saves, the network and the server's store carry them: "none", "dm 2m 5m 30s",
//    "fischer 5m 3s"; read back only when the engine can play them.
//  - Terms: the lobby's short form in a match's terms and --seek: "none", "dm" (a preset's name),
//    "dm 1m 3m 20s", "5m+2s"; read for its shape only, since the lobby bounds each kind more tightly
//    than the engine (net/lobby.h, terms_allowed) and says so first.
enum class ClockForm : std::uint8_t { Line, Terms };
std::string write_clock(const ClockSettings& s, ClockForm form);
Expected<ClockSettings> read_clock(std::string_view text, ClockForm form);
inline std::string clock_settings_text(const ClockSettings& s) { return write_clock(s, ClockForm::Line); }
inline Expected<ClockSettings> parse_clock_settings(std::string_view text) {
    return read_clock(text, ClockForm::Line);
}
// Whether the engine can play the settings, or why not ("a DM clock needs a turn time above zero").
Expected<void> clock_playable(const ClockSettings& s);
// How a player reads the settings: "2m a turn, 5m reserve in 30s chunks", "5m + 3s a move", "no clock".
std::string clock_description(const ClockSettings& s);
// What a side holds before its first move: a DM turn and the reserve, a Fischer game time; 0 without a
// clock.
Millis clock_full(const ClockSettings& s);

// A clock as the command line gives it: the text of each flag of clock_fields (empty when not given),
// and whether each preset's flag of clock_presets (--dm) was given.
struct ClockSpec {
    std::array<std::string, std::size(clock_fields)> text;
    std::array<bool, std::size(clock_presets)> presets{};
    // The preset asked for, if any.
    const ClockPreset* preset() const;
};
// The settings a spec asks for, or why it cannot be played: a text that is not a duration, two kinds
// of clock at once, a DM clock without a turn time or a reserve without a chunk, a Fischer clock without
// a game time. The reasons name the flags. An empty spec is no clock; a preset fills in what its kind's
// flags leave out.
Expected<ClockSettings> clock_from_spec(const ClockSpec& spec);
// Every clock flag's name, the presets' last: the flags a mode that takes a clock takes.
std::vector<std::string_view> clock_flag_names();

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

    // `ms` more for `side` at `now` (lichess's moretime, given by the other player): Fischer on its game
    // time (its running turn too), DM on its reserve; never beyond max_clock_millis, and nothing for a
    // side whose flag fell.
    void give(Color side, Millis ms, Millis now);
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
