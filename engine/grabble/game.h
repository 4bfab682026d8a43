// The rules of Grabble as a value: a game takes timed events (a reveal, a grab of word W by player P at
// time T, a pass, the time now) and returns what happened. It never reads a clock (every event carries
// its time, in the caller's milliseconds) and never waits: the caller asks next_deadline() when
// something happens by itself (a grab is decided, the next tile comes, the last minute ends) and calls
// advance() then. So the same events at the same times always give the same game: tests, replays and
// reviews are exact, and playing across a network later is a matter of delivering the events.
//
// The rules (docs/grabble.md says each, and why):
//   - tiles come out of the bag one by one, revealed by the players in turn; the player who makes a grab
//     reveals the next one; when nobody grabs for the reveal pause, or everyone has passed, the next tile
//     comes by itself, for the player whose turn it is;
//   - a grab is a word of the list, at least the minimum length, from pool tiles alone, or one word on
//     the table (anyone's, the grabber's too) and at least one pool tile, or two or more words with or
//     without pool tiles; words are used whole (CUT from CAT is refused: it splits CAT) and never just
//     rearranged (CAST from ACTS is refused: it adds no tile). The grabber takes the tiles; the words
//     used leave their owners. Which words and tiles a shouted word takes is the grabber's best way to
//     make it (search.h's plan_for);
//   - a grab is decided once the tie window after it has passed: grabs that arrive less than the window
//     apart and share a tile are all refused, and their words wait for the next tile; other grabs count;
//   - when the bag is empty the last minute starts; then (or once everyone passes) the game is over and
//     the highest score wins.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/expected.h"
#include "engine/grabble/lexicon.h"
#include "engine/grabble/search.h"
#include "engine/grabble/settings.h"
#include "engine/grabble/tiles.h"
#include "engine/time_source.h"

namespace gobblet::grabble {

using PlayerId = int;          // an index into Settings::players
using TileId = std::uint16_t;  // a tile's place in the bag's order
using WordId = std::uint32_t;  // a word made in the game, numbered from 1 in the order they were made
constexpr PlayerId nobody = -1;

// A tile in the pool.
struct Tile {
    TileId id = 0;
    Letter face = 0;  // a letter, or blank
    friend bool operator==(const Tile&, const Tile&) = default;
};

// A word in front of a player.
struct TableWord {
    WordId id = 0;
    PlayerId owner = nobody;
    std::string text;           // as spelled, upper case: "TEACUPS"
    std::vector<TileId> tiles;  // tiles[i] spells text[i]
    std::uint32_t blanks = 0;   // bit i: tiles[i] is a blank standing for text[i]

    int length() const { return int(text.size()); }
    bool blank_at(int i) const { return (blanks >> i) & 1u; }
    friend bool operator==(const TableWord&, const TableWord&) = default;
};
// The word with its blanks shown as `mark`, as the seed writes them: "T-ACUPS".
std::string marked(const TableWord& w, char mark = '-');

// Everything face up: the pool, in the order its tiles came, and the words, in the order they were made.
struct Table {
    std::vector<Tile> pool;
    std::vector<TableWord> words;
    friend bool operator==(const Table&, const Table&) = default;
};

// A word's score under the settings' scoring: its tiles' values (a blank's is the blank's, whatever it
// stands for), its length squared, or its length.
int word_score(const TableWord& w, const Settings& settings);
// A table as the search sees it for `player` (their words marked own; nobody: none is).
TableView table_view(const Table& table, const Settings& settings, PlayerId player);

// Why an event changed nothing.
enum class Refusal : std::uint8_t {
    UnknownPlayer,     // no such player
    GameOver,          // the game is over
    NotYourTurn,       // a reveal by someone else than the player whose turn it is (other: whose it is)
    BagEmpty,          // a reveal once the bag is empty
    GrabBeingDecided,  // a reveal while a grab waits for its tie window
    NotLetters,        // a grab of something else than the letters a-z
    TooLong,           // a grab longer than any word of a list (max_word_letters)
    TooShort,          // shorter than the minimum length
    NotInList,         // not in the word list
    LettersMissing,    // the table lacks letters (letters: which)
    SplitsWord,        // the letters are there, but only by splitting a word (other_word: that word)
    AddsNoTile,        // the word is a rearrangement of a word on the table (other_word), or that word
    Clash,             // it shared a tile with another grab in the tie window (other_word: that one)
    WaitsForTile,      // it clashed earlier and waits for the next tile (other_word: what it clashed with)
    Repeated,          // the same player already shouted it, and it is being decided
    TooManyShouts,     // too many grabs wait for their tie windows at once
};

enum class Action : std::uint8_t { Reveal, Grab, Pass };

// An event as a player gives it: what the game's log keeps (Game::events()), what a transcript writes
// and a replay gives back, what a computer player intends (engine/grabble/robot.h).
struct Event {
    Action action = Action::Reveal;
    PlayerId by = nobody;
    std::string word;  // a grab's word: upper case A-Z
    Millis at = 0;
    friend bool operator==(const Event&, const Event&) = default;
};

struct Revealed {
    PlayerId by = nobody;  // whose turn it was (also when it came by itself)
    Tile tile;
    bool automatic = false;  // it came by itself: the reveal pause passed, or everyone passed
    Millis at = 0;
    int bag_left = 0;
};
// A grab that can be made, waiting for its tie window (until decided_at).
struct Pending {
    PlayerId by = nobody;
    std::string word;  // upper case
    Millis at = 0, decided_at = 0;
};
struct Accepted {
    PlayerId by = nobody;
    std::string word;
    Millis at = 0;                 // when it was shouted
    Millis decided_at = 0;         // when its tie window ended and it was made
    std::vector<TableWord> taken;  // the words it used, as they were (with their owners)
    std::vector<Tile> from_pool;   // the pool tiles it used
    TableWord made;
};
struct Refused {
    PlayerId by = nobody;
    Action action = Action::Grab;
    std::string word;  // the grab's word, upper case (cleaned: at most max_word_letters characters)
    Refusal why = Refusal::NotInList;
    std::string other_word;   // the word it splits, rearranges or clashed with
    PlayerId other = nobody;  // that word's owner or shouter; for NotYourTurn, whose turn it is
    std::string letters;      // LettersMissing: the letters the table lacks, upper case
    int minimum = 0;          // TooShort: the minimum length
    Millis at = 0;
};
struct Passed {
    PlayerId by = nobody;
    Millis at = 0;
};
// The bag is empty: words can be made until `ends`.
struct LastMinute {
    Millis ends = 0;
};
struct Over {
    Millis at = 0;
    std::vector<int> scores;        // by player
    std::vector<PlayerId> winners;  // the highest score (several on a tie)
};
using Happening = std::variant<Revealed, Pending, Accepted, Refused, Passed, LastMinute, Over>;
using Happenings = std::vector<Happening>;

// A refusal in words, for the player: "CUT splits Bala's CAT: a word is taken whole".
std::string refusal_text(const Refused& r, const std::vector<Seat>& players);
// Any happening in one line: "Carol revealed S", "Ali grabbed ACTS: Bala's CAT + S", ...
std::string describe(const Happening& h, const std::vector<Seat>& players);

enum class Phase : std::uint8_t { Playing, LastMinute, Over };

// A change of the table, and the table after it: the game's history is one of these per reveal and per
// grab made, which is what a review steps through.
struct Moment {
    std::variant<Revealed, Accepted> what;
    Table after;
};

// The most grabs that may wait for their tie windows at once: far more than players can shout in one
// window, and a bound on what a flood of shouts can make the game hold.
constexpr std::size_t max_pending = 64;
// The most refused grabs that changed nothing the log keeps (for the story: "CUT splits CAT"); past it
// they are left out, which a replay does not miss (they changed nothing), and the log stays bounded
// whatever a flood of bad shouts.
constexpr std::size_t max_logged_refusals = 1000;

class Game {
  public:
    // A game at time `start`: nothing revealed, players[0] to reveal. Fails when the settings are not
    // playable (check_settings) or the bag does not hold exactly the tile set's tiles. The lexicon is
    // shared (computers and the clues ask it too) and must not change.
    static Expected<Game> start(const Settings& settings, const Bag& bag,
                                std::shared_ptr<const Lexicon> lexicon, Millis start);

    // The events. Each first lets time run to `at` (what happens by itself by then happens first, and is
    // reported first); an `at` before the game's time counts as the game's time.
    Happenings reveal(PlayerId by, Millis at);
    Happenings grab(PlayerId by, std::string_view word, Millis at);
    Happenings pass(PlayerId by, Millis at);
    Happenings advance(Millis now);
    // Why a reveal by `by` would be refused at the game's time now (nullopt: it would be made), the one
    // rule reveal() follows: what a screen asks before it offers the key.
    std::optional<Refused> reveal_refused(PlayerId by) const;
    // The event `e` (reveal, grab or pass by e.by at e.at).
    Happenings apply(const Event& e);
    // When something next happens by itself (advance() then): a grab is decided, a tile comes, the last
    // minute ends. nullopt when nothing will without an event (the game is over, or no reveal pause).
    std::optional<Millis> next_deadline() const;

    const Settings& settings() const { return settings_; }
    const Bag& bag() const { return bag_; }
    const Lexicon& lexicon() const { return *lexicon_; }
    std::shared_ptr<const Lexicon> shared_lexicon() const { return lexicon_; }
    Phase phase() const { return phase_; }
    Millis now() const { return now_; }
    Millis started_at() const { return start_; }

    const Table& table() const { return table_; }
    int bag_left() const { return int(bag_.faces.size()) - revealed_; }
    PlayerId to_reveal() const { return to_reveal_; }
    // When the next tile comes by itself if nobody grabs (nullopt: no reveal pause, or the bag is empty).
    std::optional<Millis> reveal_due() const;
    // The end of the last minute, once the bag is empty.
    std::optional<Millis> ends_at() const;
    bool passed(PlayerId p) const { return passed_[std::size_t(p)]; }
    // Whether every person (not the computers) has passed since the last change: a computer that waits
    // for the people (Settings::computer_waits) may grab then.
    bool all_humans_passed() const;
    // Grabs waiting for their tie windows (not those already refused for a clash).
    std::vector<Pending> pending() const;
    // Words that clashed and wait for the next tile.
    std::vector<std::string> waiting_words() const;
    // When every grab now in its tie window, clashed ones too, has been decided (until then reveals are
    // refused, GrabBeingDecided, and a clashed grab keeps its tiles); nullopt when none is.
    std::optional<Millis> deciding_until() const;

    int score(PlayerId p) const;
    std::vector<int> scores() const;
    // The players with the highest score now (the winners once the game is over).
    std::vector<PlayerId> leaders() const;

    // The table as the search sees it for `player` (their words marked own).
    TableView view(PlayerId player) const;
    // Every reveal and grab made, each with the table after it.
    const std::vector<Moment>& history() const { return history_; }
    // The events that the game was given and that changed it, in order, each at the game's time when it
    // came (an event dated earlier counts as then): the reveals and passes made, the grabs heard, the
    // refused grabs that withdrew a pass, and the first max_logged_refusals other refused grabs (the
    // story; they changed nothing). Refused reveals and passes, and grabs of no word (not letters, too
    // long, by nobody, after the end), are left out. The same events at the same times, given to a
    // new game of the same settings, bag, list and start, give the same game: what a transcript holds.
    const std::vector<Event>& events() const { return events_; }

  private:
    // A grab in its tie window, with the words and pool tiles it takes. A clashing one stays until its
    // window ends, so that a third grab of the same tiles in that window clashes too.
    struct Shout {
        PlayerId by = nobody;
        std::string word;
        Millis at = 0;
        std::vector<WordId> words;
        std::vector<TileId> pool;
        bool clashed = false;
    };
    struct Waiting {
        std::string word, other_word;
        PlayerId other;
    };

    Game(const Settings& s, const Bag& b, std::shared_ptr<const Lexicon> lx, Millis start);
    void settle(Millis t, Happenings& out);
    std::optional<Millis> internal_deadline() const;
    void fire(Happenings& out);
    void do_reveal(PlayerId by, bool automatic, Happenings& out);
    // A grab of a word (upper case, and in lower case to look it up) after the checks of its text.
    void shout(PlayerId by, const std::string& word, const std::string& lower_word, Happenings& out);
    void decide(std::size_t shout, Happenings& out);
    void end(Happenings& out);
    bool all_passed() const;
    // The view for `player` without what the shouts hold (when `free_only`); index[k] is the table
    // word of the view's word k.
    TableView view_of(PlayerId player, bool free_only, std::vector<std::size_t>& index) const;
    bool held(WordId w) const;
    bool held(TileId t) const;
    Shout shout_of(PlayerId by, const std::string& word, Millis at, const GrabPlan& plan,
                   const std::vector<std::size_t>& index, bool free_only) const;
    Refused diagnose(PlayerId by, const std::string& word, Lexicon::Index entry) const;

    Settings settings_;
    Bag bag_;
    std::shared_ptr<const Lexicon> lexicon_;
    Millis start_ = 0, now_ = 0;
    Millis last_change_ = 0;  // the last reveal or grab made: the reveal pause counts from it
    Millis ends_ = 0;
    Phase phase_ = Phase::Playing;
    int revealed_ = 0;
    PlayerId to_reveal_ = 0;
    WordId next_word_ = 1;
    Table table_;
    std::vector<bool> passed_;
    std::vector<Shout> shouts_;
    std::vector<Waiting> waiting_;
    std::vector<Moment> history_;
    std::vector<Event> events_;
    std::size_t logged_refusals_ = 0;
};

}  // namespace gobblet::grabble
