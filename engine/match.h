// A match between two named players under the tournament rules (docs/rules.md, "Matches"): rounds
// until one player has `first_to` round wins. Round 1's White is player 0 (White always starts). After
// a decided round its loser chooses who starts the next. A drawn round (a draw both players agree to,
// or threefold repetition) is played again with the same starter and the score unchanged. With
// first_to == 1 the match is a single game, and a draw simply ends it.
//
// The match owns the clock, because the clock's rules cross rounds (a DM reserve lasts the whole
// match) and decide rounds (a flag loses one). Like the clock, it never reads the time: every call that
// can move the clock takes `now`.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clock.h"
#include "expected.h"
#include "game.h"
#include "player.h"

namespace gobblet {

// Who plays for a player: a human at this keyboard, the computer, or a remote player across the
// network. The match never depends on it (the UI's seats do); saves record it, so that a resumed match
// gets the same seats back.
enum class SeatKind : std::uint8_t { Human, Computer, Remote };
struct SeatSpec {
    SeatKind kind = SeatKind::Human;
    std::string name;            // empty: the default name
    std::optional<Level> level;  // the computer's level, when it is not the game's --level
    friend bool operator==(const SeatSpec&, const SeatSpec&) = default;
};
// Reads a seat as --white and --black give it: "human", "computer", "computer:LEVEL", or the name of
// a human player (cleaned as clean_name does); the reason names what is wrong with it.
Expected<SeatSpec> parse_seat(std::string_view text);
// The name shown for a seat: its own name, else "White"/"Black" for a human (by the colour it plays in
// round 1), "computer (max)" for the computer, "remote player" for a remote one.
std::string seat_name(const SeatSpec& seat, Color first_colour, Level level);
// Both seats' names (seat 0 plays White in round 1): seat_name's, except that two computers that would
// have the same name get numbers that tell them apart, as --match does with max#1 and max#2:
// "computer (easy) #1" and "computer (easy) #2".
std::array<std::string, 2> seat_names(const std::array<SeatSpec, 2>& seats, Level level);
// A name the program gave rather than a player: "White", "Black", "computer (max)", "computer (easy) #2".
bool is_default_name(std::string_view name);
// A name as typed or received, made safe to show: control characters and invisible ones dropped,
// spaces collapsed, at most max_name_length characters (UTF-8 kept whole). May come back empty.
constexpr std::size_t max_name_length = 24;
std::string clean_name(std::string_view raw);
// The same cleaning for any one-line text a player reads (chat, messages from a peer), at most
// max_chars characters.
std::string clean_text(std::string_view raw, std::size_t max_chars);

struct MatchSettings {
    Variant variant{};
    int first_to = 1;  // round wins needed; 1 = a single game
    ClockSettings clock{};
    friend bool operator==(const MatchSettings&, const MatchSettings&) = default;
};

// Most round wins a match may ask for.
constexpr int max_first_to = 99;

// How long the loser of a decided round of a network match has to choose who starts the next, unless its
// host says otherwise (a local match waits: its players share the keyboard). Then the match's rule decides
// (Match::rule_starter) and the next round starts as if they had chosen it, its clock running: a loser
// who sits silent, or walks away, holds neither the winner nor a tournament's round hostage
// (docs/network.md, "Between rounds"). The host owns the limit (--starter-choice, for --host and
// --serve), within these bounds: long enough for a key, short enough that the wait ends.
constexpr Millis starter_choice_time = 30'000;
constexpr Millis min_starter_choice_time = 5'000;
constexpr Millis max_starter_choice_time = 3'600'000;

// The choice of starter a network match waits for, as a value with time as an argument (the host keeps
// one from the fact that decided the round, with its limit: net/referee.h), so that a peer-to-peer host
// and a server of many games keep the same rule and tests drive it with numbers.
class StarterWait {
  public:
    explicit StarterWait(Millis since, Millis limit = starter_choice_time) : since_(since), limit_(limit) {}
    Millis since() const { return since_; }
    Millis limit() const { return limit_; }
    Millis deadline() const { return since_ + limit_; }
    // Whether the chooser's time is up at `now`: the rule decides.
    bool due(Millis now) const { return now >= deadline(); }
    // ms from `now` until it is due (0 when it is).
    Millis until_due(Millis now) const { return deadline() > now ? deadline() - now : 0; }

  private:
    Millis since_;
    Millis limit_;
};

struct Round {
    int number = 1;  // a drawn round played again keeps its number
    int white = 0;   // the player who plays White, and so starts
    Game game;
};

enum class MatchPhase : std::uint8_t {
    Playing,          // the current round goes on
    Replay,           // the current round was drawn: next_round() plays it again
    ChoosingStarter,  // the current round was won: its loser, chooser(), picks who starts the next
    Over,             // a player has first_to wins, or a single game ended
};

class Match {
  public:
    // Players by index: names[0] plays White in round 1.
    explicit Match(const MatchSettings& settings = {}, std::array<std::string, 2> names = {"White", "Black"});

    const MatchSettings& settings() const { return settings_; }
    Variant variant() const { return settings_.variant; }
    bool single_game() const { return settings_.first_to == 1; }
    const std::string& name(int player) const { return names_[player]; }
    void set_name(int player, std::string name) { names_[player] = std::move(name); }

    // Every round so far, the current one last.
    const std::vector<Round>& rounds() const { return rounds_; }
    const Round& round() const { return rounds_.back(); }
    int round_number() const { return rounds_.back().number; }
    // The current round's game. Changing it directly is allowed (touching a piece, undo); call
    // sync_clock afterwards so that the clock follows the side to move.
    Game& game() { return rounds_.back().game; }
    const Game& game() const { return rounds_.back().game; }

    // Who plays which colour in the current round.
    int player_of(Color c) const { return c == Color::White ? round().white : 1 - round().white; }
    Color colour_of(int player) const { return player == round().white ? Color::White : Color::Black; }
    // The players' names by colour, for texts about the current round.
    SideNames names_by_colour() const {
        return {names_[player_of(Color::White)], names_[player_of(Color::Black)]};
    }

    int score(int player) const;
    MatchPhase phase() const;
    // The player who chooses the next round's starter (ChoosingStarter), or who won the match (Over).
    int chooser() const;
    std::optional<int> winner() const;

    // ChoosingStarter: the next round starts with `player` as White; its clock starts at `now`.
    void choose_starter(int player, Millis now);
    // The starter the match's rule gives when the chooser lets the host's limit pass: the chooser, the
    // loser of the round, takes the first move. It is what the computer always chooses (engine/
    // decisions.h) and the choice that gains on a 3x3 board, so letting the time run out gains the
    // chooser nothing but costs them nothing either: the rule only ends the wait, and their own clock then
    // runs first.
    int rule_starter() const { return chooser(); }
    // Said of the round the rule started (as it now stands) after `limit` ms: "Eamon did not choose who
    // starts round 2 within 30 s: Eamon starts (the rule)".
    std::string rule_starter_text(Millis limit) const;
    // Replay: the drawn round is played again with the same starter.
    void next_round(Millis now);

    GameClock& clock() { return clock_; }
    const GameClock& clock() const { return clock_; }
    // Starts (or restarts) the clock of the side to move, when the round is in front of the players.
    void start_clock(Millis now);
    // Plays a move for the side to move. The clock is brought up to date first: a flag that fell before
    // `now` loses the round and the move is refused. Then as Game::play; on success the mover's clock
    // stops and the opponent's starts. Ok, or why the move was refused.
    Expected<void> play(const MoveSpec& spec, Millis now);
    Expected<void> play(Move m, Millis now) { return play(MoveSpec::of(m, game().side_to_move()), now); }
    // Brings the clock up to `now`; a flag ends the round (Ending::Time).
    ClockUpdate tick(Millis now);
    // Makes the clock follow the game after a direct change: stopped when the round is over, running for
    // the side to move otherwise (a side whose turn it no longer is gets its time settled).
    void sync_clock(Millis now);
    void resign(Color side, Millis now);
    void agree_draw(Millis now);
    // `side` left a network game and did not come back; the other player claimed the round, or a draw.
    void abandon(Color side, Millis now, bool draw = false);

    // "Liam wins the round: four in a row on row B", "Eamon ran out of time with no reserve left: Liam
    // wins the round", "Eamon left and did not come back: Liam wins the round", "Draw: agreed by both
    // players; round 2 is played again"; for a single game
    // "Liam wins: ...". "" while the round goes on. With an index, the text of that round.
    std::string round_result_text() const { return round_result_text(rounds_.size() - 1); }
    std::string round_result_text(std::size_t round_index) const;
    // "Liam 1 - 0 Eamon".
    std::string score_text() const;
    // A DM chunk taken from `side`'s reserve, which held `reserve_before`: "Eamon's turn time ran out:
    // 10s taken from the reserve (0:20 left)" (every screen says it the same, local or networked).
    std::string chunk_text(Color side, Millis reserve_before) const;
    // "Liam wins the match 2-1"; "" until the match is over (a single game: its result).
    std::string match_result_text() const;

    // Rebuilds a match from saved rounds (every round but the last over, numbers and starters as the
    // rules allow): the match, or why the rounds cannot belong to one match.
    static Expected<Match> from_rounds(const MatchSettings& settings, std::array<std::string, 2> names,
                                       std::vector<Round> rounds);

  private:
    // The player who won the round, if it was won.
    std::optional<int> round_winner(const Round& r) const;

    MatchSettings settings_;
    std::array<std::string, 2> names_;
    std::vector<Round> rounds_;
    GameClock clock_;
};

}  // namespace gobblet
