// Grabble's record: the transcript of a game, as a text a person can read, paste to resume, or replay.
// It holds what the players agreed (the settings), the bag's order, and every event the game was given
// (Game::events(): each reveal, grab and pass, with its time from the start and, for a grab, what came
// of it); the rules make the rest again, so replaying the events through grabble::Game gives the same
// game exactly. The story the rules add (a tile that came by itself, a grab made, the last minute, the
// result) is written too, as '%' comments, for the reader:
//
//     % grabble game
//     % date: 2026-11-23 14:03
//     % player 1: Ali, human             (in turn order: NAME, human | computer LEVEL)
//     % player 2: Bala, computer hard
//     % computers: play at the same time (or: wait for the people)
//     % blanks: non-sticking             (none, sticking, non-sticking)
//     % minimum length: 3
//     % word list: american-english      (a Debian list's name or a file's path)
//     % tiles: english Q0:10 ?4:0        (only when not the standard English set; tiles.h's text)
//     % scoring: letters                 (letters, length-squared, tiles)
//     % clues: off
//     % tie window: 300ms
//     % reveal pause: 7s
//     % last minute: 1m
//     % seed: 42                         (when the bag was shuffled from a seed: it must give the bag)
//     % bag: ATCUS?P...                  (the faces in the order they come out; '?' a blank)
//     0:01.000 Ali reveals A             (M:SS.mmm from the start, a player, what they did)
//     0:02.500 Ali grabs AT: refused, too short
//     0:03.600 Bala grabs CAT: made
//     % 0:04.100 Bala grabbed CAT from A + T + C
//     0:12.800 Ding grabs CATS: refused, clash
//     0:20.000 Carol passes
//     % 0:21.000 S came out (Carol's turn)
//     % time: 1:05.000                   (the game's time when written)
//     % result: game over: Carol wins with 42
//
// A grab says what came of it: "made", "refused, REASON" (too short, not in the list, letters missing,
// splits a word, adds no tile, clash, waits for the next tile, repeated, too many shouts), or nothing
// while it is still being decided. Only the bag (or the seed) is required; the other settings default
// as grabble::Settings does. Lines starting "% " and a digit, and '%' or '#' lines that are not a setting
// above, are comments.
//
// The text is untrusted (a file, a paste): at most max_transcript_bytes (1 MiB), lines of at most
// max_line_bytes, max_grabble_lines lines, max_grabble_events events; times never go back. Reading is
// whole or nothing: an error names the line, quotes it (printable, short) and says what is wrong and
// what is expected, and a transcript whose events the rules take otherwise than it says (a reveal out
// of turn, a face the bag does not give, a grab made that it says was refused, or refused for another
// reason) is an error at that event's line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "engine/grabble/game.h"
#include "engine/notation.h"

namespace gobblet::saves {

constexpr std::size_t max_grabble_lines = 50000;
constexpr std::size_t max_grabble_events = 20000;

// A game's time as the transcript writes it, "M:SS.mmm" ("0:03.600", "12:05.250"), and back (nullopt for
// anything else; M:SS without the milliseconds reads too).
std::string game_time_text(Millis ms);
std::optional<Millis> parse_game_time(std::string_view text);

// What a transcript says came of a grab.
struct GrabOutcome {
    enum class Kind : std::uint8_t { Unsaid, Made, Refused } kind = Kind::Unsaid;
    grabble::Refusal why = grabble::Refusal::NotInList;  // Refused
    friend bool operator==(const GrabOutcome&, const GrabOutcome&) = default;
};
// The words of a refusal in a transcript ("too short"), and back (nullopt: not a grab's refusal).
const char* refusal_keyword(grabble::Refusal why);
std::optional<grabble::Refusal> parse_refusal_keyword(std::string_view text);

// An event line as read: the event (its time from the start), the line it is on, the face it says a
// reveal shows (nullopt when it does not say), and what it says came of a grab.
struct TranscriptEvent {
    grabble::Event event;
    int line = 0;
    std::optional<grabble::Letter> face;
    GrabOutcome outcome;
};

// A transcript read, before the rules replay it (no word list needed yet: a caller reads the list the
// settings name, then replays).
struct GrabbleTranscript {
    grabble::Settings settings;
    grabble::Bag bag;
    std::optional<std::uint64_t> seed;
    std::string date;
    std::vector<TranscriptEvent> events;
    std::optional<Millis> time;  // the "% time:" line, else the last event's time is the game's
    std::string result;          // the "% result:" line (a finished game's, for the list of games; the
                                 // replay says the result again)
    int word_list_line = 0;      // where the word list is named (0: the default)
    int time_line = 0;
};

// A game read back: the game replayed to the transcript's time (it started at 0), with the date and the
// bag's seed as the transcript gave them.
struct GrabbleRecord {
    grabble::Game game;
    std::string date;
    std::optional<std::uint64_t> seed;
};

// Whether a text is a Grabble transcript: its first line with anything on it is "% grabble game" (so a
// paste or a file can be told from a Gobblet transcript, whose header is "% gobblet ...").
bool is_grabble_record(std::string_view text);

// The transcript of `game` (its times from the game's start), with the date and the bag's seed when
// known. Replays the game's events to say what came of each grab (a few milliseconds for a whole game).
std::string grabble_record_text(const grabble::Game& game, std::string_view date,
                                std::optional<std::uint64_t> seed = std::nullopt);
std::string grabble_record_text(const GrabbleRecord& record);

// The one parser of the format: the settings, the bag and the events, checked for form and range.
Expected<GrabbleTranscript, TextError> parse_grabble_transcript(std::string_view text);
// Replays a transcript's events through the rules with the word list given, checking each against what
// the transcript says came of it.
Expected<GrabbleRecord, TextError> replay_grabble_transcript(const GrabbleTranscript& transcript,
                                                             std::shared_ptr<const grabble::Lexicon> lexicon);

// The word list a transcript names, by its name: load_game_word_list (saves/word_list.h) in the
// program; a fixed list in tests.
using WordListSource =
    std::function<Expected<std::shared_ptr<const grabble::Lexicon>>(std::string_view name)>;
// Both steps: parse, get the list, replay. An unreadable list is an error at its line.
Expected<GrabbleRecord, TextError> read_grabble_record(std::string_view text, const WordListSource& lists);

// Writes the record's text to `path` atomically (savefile.h's write_file), and reads one back (a file of
// at most max_file_bytes; an unreadable file is an error of line 0 naming the path).
Expected<void> write_grabble_record(const std::filesystem::path& path, const GrabbleRecord& record);
Expected<GrabbleRecord, TextError> read_grabble_record_file(const std::filesystem::path& path,
                                                            const WordListSource& lists);

// A finished game's file name (without ".txt") after its players in turn order, as the Gobblet archive
// names its games (record.h): each name as a file name's part, players apart by "--":
// "ali--bala--carol--ding"; a name with nothing left of it is "player-N". At most 200 bytes: past that
// the last names are cut (a file name holds 255). write_new_file (record.h) adds "-2"... when taken.
std::string grabble_archive_stem(const grabble::Settings& settings);

// Where Grabble's autosaves live (one slot for each copy playing at once, saves/autosave.h): a folder of
// their own in state_dir(), beside Gobblet's, so that neither reads the other's.
std::filesystem::path grabble_autosave_dir();

}  // namespace gobblet::saves
