// What the players of a Grabble game agree before it starts (the seed's "Before the game starts, players
// agree on"): who plays, the blanks, the minimum word length, the word list, the tiles, the scoring,
// whether clues show, and the game's timings. Each field is a flag and a field of the new-game screen;
// check_settings says in words what is wrong with a value, naming the field.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/grabble/tiles.h"
#include "engine/player.h"
#include "engine/time_source.h"

namespace gobblet::grabble {

// Blanks: none in the bag; sticking (a blank keeps the letter it first stood for); non-sticking (the
// default: a blank may stand for a new letter each time its word is grabbed).
enum class BlankRule : std::uint8_t { None, Sticking, NonSticking };
const char* blank_rule_name(BlankRule b);  // "none", "sticking", "non-sticking"
std::optional<BlankRule> parse_blank_rule(std::string_view text);

// How a player's words score at the end: the letters' values (the default; blanks 0), each word's length
// squared (as anagrams.site counts), or one point a tile.
enum class Scoring : std::uint8_t { Letters, LengthSquared, Tiles };
const char* scoring_name(Scoring s);  // "letters", "length-squared", "tiles"
std::optional<Scoring> parse_scoring(std::string_view text);

// A player: a person or a computer at a level (the levels are Gobblet's, engine/player.h).
struct Seat {
    std::string name;
    bool computer = false;
    Level level = Level::Medium;
    friend bool operator==(const Seat&, const Seat&) = default;
};

// The game's times, in milliseconds (parse_duration and duration_text in engine/clock.h read and write
// them as players type them).
struct Timings {
    // Grabs that arrive less than this apart and share a tile are all refused (nobody can tell who shouted
    // first); 0 makes the first one win always.
    Millis tie_window = 300;
    // When nobody grabs for this long after a reveal or a grab, the next tile comes by itself (the seed's
    // "reasonable pause (5 to 10 seconds)"); 0: only a player reveals.
    Millis reveal_pause = 7000;
    // After the last tile, the time left to make words (the seed's "around 1 minute").
    Millis last_minute = 60000;
    friend bool operator==(const Timings&, const Timings&) = default;
};

constexpr int max_players = 8;
constexpr int min_word_length = 2, max_min_word_length = 10;
constexpr Millis max_tie_window = 5000;
constexpr Millis min_reveal_pause = 1000, max_reveal_pause = 120000;
constexpr Millis min_last_minute = 1000, max_last_minute = 600000;
constexpr std::size_t max_word_list_name = 4096;

struct Settings {
    std::vector<Seat> players;  // in turn order: players[0] reveals first
    // The seed's "Comp plays at same time" turned off: computers grab only once every person has passed.
    bool computer_waits = false;
    BlankRule blanks = BlankRule::NonSticking;
    int min_length = 3;
    // A Debian list's name (american-english, american-english-huge, ...) or a file's path; read by
    // saves/word_list.h.
    std::string word_list = "american-english";
    TileSet tiles = TileSet::english();
    Scoring scoring = Scoring::Letters;
    bool show_clues = false;  // the seed's cheat: the words that could be grabbed now
    Timings timings;
    friend bool operator==(const Settings&, const Settings&) = default;
};

// Whether the settings make a game, or the first thing wrong, as a sentence that names the field and
// the allowed values: "players: Ali appears twice; each player needs a name of their own".
Expected<void> check_settings(const Settings& s);

// The blanks of the tile set go into the bag unless the rule is None.
inline bool with_blanks(const Settings& s) { return s.blanks != BlankRule::None; }

// A player as the command line (--player) and the settings file write one: NAME (a person at this
// keyboard), `computer` or `computer:LEVEL` (a computer, named by computer_names), or
// NAME=computer[:LEVEL] (a named computer). A computer without a level gets `level`. The name is cleaned
// as engine/match.h's clean_name does; empty (a computer's without one) until named_computers names it.
Expected<Seat> parse_player(std::string_view text, Level level);
// The text parse_player reads back: "Ali", "Ada=computer:easy".
std::string player_text(const Seat& seat);
// Several players apart by commas: "You, computer:easy, Bo=computer:max" (the settings file's line).
Expected<std::vector<Seat>> parse_players(std::string_view text, Level level);
std::string players_text(const std::vector<Seat>& players);
// Gives each computer without a name the first of computer_names that no player has.
void name_computers(std::vector<Seat>& players);
// The names computers get when nobody names them.
inline constexpr std::string_view computer_names[] = {"Ada",    "Alan",    "Grace",  "Claude",
                                                      "Edsger", "Barbara", "Donald", "Ken"};
// The players of a game nobody set up: a person ("You") and three computers at `level`.
std::vector<Seat> default_players(Level level = Level::Medium);

// What the players chose for the next game, field by field (the settings file's grabble-FIELD lines, the
// command line's --FIELD flags, the new-game screen): a field left unset keeps what is under it
// (the flags over the file over Settings' defaults).
struct Choice {
    std::optional<std::vector<Seat>> players;
    std::optional<bool> computer_waits;
    std::optional<BlankRule> blanks;
    std::optional<int> min_length;
    std::optional<std::string> word_list;
    std::optional<TileSet> tiles;
    std::optional<Scoring> scoring;
    std::optional<bool> show_clues;
    std::optional<Millis> tie_window, reveal_pause, last_minute;
    friend bool operator==(const Choice&, const Choice&) = default;
};
// The fields by name: the flags are --NAME, the settings file's keys grabble-NAME.
inline constexpr std::string_view choice_fields[] = {
    "players", "computers-play", "blanks",     "min-length",   "words",      "tiles",
    "scoring", "clues",          "tie-window", "reveal-pause", "last-minute"};
// Sets one field from its text (as a flag or the settings file gives it), or says what is wrong and what
// the field takes: "blanks: 'some' is none, sticking or non-sticking". A player list's computers without
// a level get `level`. The value is checked alone; check_settings checks the whole.
Expected<void> set_choice(Choice& c, std::string_view field, std::string_view value,
                          Level level = Level::Medium);
// A field's value as set_choice reads it back: "non-sticking", "300ms", "wait", "on".
std::string choice_text(const Settings& s, std::string_view field);
// The settings with every field the choice sets.
Settings apply_choice(Settings s, const Choice& c);

}  // namespace gobblet::grabble
