// A game: the position plus its history, result, repetition count, undo/redo and the touched-piece
// rule of interactive play. Front ends (the curses game, the engine protocol, --replay) hold a Game.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "expected.h"
#include "notation.h"
#include "position.h"
#include "rules.h"

namespace gobblet {

enum class Outcome : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

// How a game ended.
enum class Ending : std::uint8_t {
    None,
    Line,           // the mover made a line
    UncoveredLine,  // the mover's lift uncovered an opponent line
    BothLines,      // the mover made a line but also uncovered one of the opponent's: the mover loses
    NoMoves,        // the side to move has no legal move
    Repetition,     // the same position for the third time
    Forfeit,        // official rules: a touched piece has no legal destination
    Resignation,
    Agreement,
    Time,       // the side to move ran out of time (a match clock)
    Abandoned,  // a network player left and did not come back; the other claimed the round (or a draw)
};

struct Result {
    Outcome outcome = Outcome::Ongoing;
    Ending ending = Ending::None;
    Bitboard line = 0;           // the winning line, for highlighting
    Bitboard other_line = 0;     // BothLines: the mover's own line, which does not count
    Color loser = Color::White;  // meaningful when someone won
    Square touched = 0;          // Forfeit: the touched piece

    bool over() const { return outcome != Outcome::Ongoing; }
    std::optional<Color> winner() const {
        if (outcome == Outcome::WhiteWins) return Color::White;
        if (outcome == Outcome::BlackWins) return Color::Black;
        return std::nullopt;
    }
};

// What each side is called in texts, by colour index: {"White", "Black"} or the players' names.
using SideNames = std::array<std::string, 2>;
const SideNames& colour_names();

// "White wins", "Black wins" or "Draw"; for an ongoing game "White to move" / "Black to move".
std::string outcome_text(const Result& r, Color side_to_move);
// Why the game ended, in words, naming the sides as `names` says: "four in a row on row B",
// "Eamon uncovered Liam's four in a row on column 3", "Eamon ran out of time"; "" while it goes on.
std::string ending_text(const Result& r, int size, const SideNames& names = colour_names());
// The whole verdict with its reason: "Black wins: four in a row on column 3".
std::string result_text(const Result& r, int size, Color side_to_move);

// A transcript that could not be played: where, what and why, and whether the other rule set accepts
// the whole of it (so the message can name the flag that would).
struct TranscriptError {
    TextError where;
    std::optional<Rules> legal_under;
    // "line 4: K2B3: <reason>", plus "; the transcript is legal under the rogers rules: use --rules
    // rogers" when another rule set accepts it. `switch_hint` is how the front end selects rules
    // ("--rules" on the command line, "rules" in the engine protocol).
    std::string message(std::string_view switch_hint = "--rules") const;
};

class Game {
  public:
    explicit Game(Variant v = {});
    // A game that starts from a set-up position (tests, analysis); its moves() follow from there.
    explicit Game(const Position& start);

    Variant variant() const { return pos_.variant(); }
    const Position& position() const { return pos_; }
    Color side_to_move() const { return pos_.side_to_move(); }
    // The moves played, in order. Entering moves keep the stack they were played from.
    const std::vector<Move>& moves() const { return moves_; }
    const Result& result() const { return result_; }
    bool over() const { return result_.over(); }
    // Legal moves of the side to move; none when the game is over. A touched piece (official rules)
    // must be the piece moved, so then only its moves are legal.
    void legal_moves(MoveList& list) const;
    // Keys of every position of the game so far, oldest first, the current one last (for the search's
    // repetition test).
    const std::vector<std::uint64_t>& position_keys() const { return keys_; }
    // How many times the current position has occurred (1 the first time).
    int occurrences() const;

    // Plays a move as written: ok when played, else why it is illegal, and then nothing changes. A move
    // is a whole move, typed or not: a refused one touches nothing (a typo of the destination must not
    // forfeit the choice of piece); under the touched-piece rule the touch is a piece picked up, touch().
    Expected<void> play(const MoveSpec& spec);
    // Plays a move the engine generated (must be legal; checked all the same).
    Expected<void> play(Move m) { return play(MoveSpec::of(m, side_to_move())); }

    // Plays all moves of a transcript text after the current ones, or none of them and says why. The
    // reader's limits (notation.h) hold for both forms: at most max_transcript_moves moves.
    Expected<void, TranscriptError> play_transcript(std::string_view text);
    Expected<void, TranscriptError> play_transcript(const std::vector<WrittenMove>& moves);

    // Undo takes back the last thing that happened: a resignation, an agreed draw or a forfeit if the
    // game ended so, else the last move (with any touch made since). Redo replays undone moves until a
    // new, different move is played.
    bool can_undo() const { return end_event_ != Ending::None || !moves_.empty(); }
    bool undo();
    bool can_redo() const { return !redo_.empty() && end_event_ == Ending::None; }
    bool redo();
    const std::vector<Move>& redo_moves() const { return redo_; }  // next move last
    // Forgets the undone moves: play goes on from here.
    void clear_redo() { redo_.clear(); }

    // Touched-piece rule (official rules, interactive play): the side to move picks up one of its own
    // board pieces (with the cursor or the mouse), which must then be the piece moved this turn: ok, or
    // why the touch is refused. A touched piece with no legal destination forfeits the game.
    Expected<void> touch(Square sq);
    std::optional<Square> touched() const { return touched_; }

    void resign(Color side);
    void agree_draw();
    // A match clock ran out: `side` loses. Undo takes it back like a resignation.
    void lose_on_time(Color side);
    // `side` left a network game and did not come back, and the other player claimed the round
    // (engine/absence.h says when that may be): `side` loses, or (`draw`: the other player claimed a
    // draw) nobody does. Undo takes it back like a resignation.
    void abandon(Color side, bool draw = false);

  private:
    void judge();

    Position pos_;
    std::vector<Move> moves_;
    std::vector<std::uint64_t> keys_;  // keys_[i]: the position before moves_[i]; back() is current
    std::vector<Move> redo_;
    std::optional<Square> touched_;
    Ending end_event_ = Ending::None;  // Forfeit, Resignation, Agreement, Time or Abandoned: not of the board
    Color end_side_ = Color::White;    // who forfeited or resigned (or left)
    bool end_drawn_ = false;           // Abandoned: the player who stayed claimed a draw
    Result result_;
};

}  // namespace gobblet
