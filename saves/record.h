// The record of a game or a match: what the autosave, named saves and the archive hold, and what
// --load, --resume and a paste read back. One format for both, headed by '%' lines (comments to any
// transcript reader, so a saved single game is still a plain transcript):
//
//     % gobblet match                  ("% gobblet game" for a single game)
//     % rules: official
//     % size: 4
//     % date: 2026-11-23 14:03
//     % white: Liam                    (player 1: White in round 1)
//     % black: Eamon
//     % seat white: human              (who plays: human, computer, computer max, remote)
//     % seat black: computer max
//     % match id: 3f9c...              (a network match: what both sides compare when one comes back)
//     % network: host 127.0.0.1:7000   (the autosave of a network game in progress only: this side's
//     % join code: 7QKM4X               role and address, and the code, so that --resume goes on; and
//     % chat: Eamon: good luck          the chat so far, a line each, the oldest first, for the chat log)
//     % event: autumn-dm               (a server's tournament the match was played in)
//     % rated: Liam 1500 -> 1662 (+162), Eamon 1500 -> 1338 (-162)   (a server's game: its ratings
//                                       before and after, or "no" for a casual one)
//     % first to: 2                    (matches)
//     % clock: dm 2m 5m 30s            (when there is a clock: see engine/clock.h)
//     % score: Liam 1 - 0 Eamon        (matches)
//     % reserve: Liam 4m30s, Eamon 5m  (DM clocks)
//     % round 1: Liam plays White      (matches: each round starts so)
//     W3B2 %clk 0:04:58                (a server's record: the mover's clock after the move, as
//     K1C3 %clk 0:04:57                 lichess's %clk; a comment to every transcript reader)
//     ...
//     % ending: resignation black      (an ending the moves do not show: resignation, agreement,
//                                       time, abandoned SIDE (left a network game), forfeit SQUARE)
//     % result: Liam wins the round: four in a row on row B
//     % round 2: Eamon plays White
//     ...
//     % touched: B2                    (a piece touched in the round in progress)
//     % clock state: left ...          (the clock of the round in progress, to resume it exactly)
//     % match result: Liam wins the match 2-1
//
// Reading is strict where it matters (every move is checked by the engine, rounds must make a match,
// the score line must agree with the rounds) and names the line and the reason when it refuses.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/absence.h"
#include "engine/expected.h"
#include "engine/match.h"
#include "savefile.h"

namespace gobblet::saves {

// Where a network game in progress goes on, kept in the autosave only (never in a save or the archive,
// which are shared: the code lets a player in). `at` is the host's listening address with the port it
// got, or the address a joiner joins; `code` the join code, normalized.
// `chat`: what the players said so far, as the chat log shows it ("you: hello"), the oldest first, at most
// max_saved_chat lines, so that the chat log (M) survives a --resume on either side.
constexpr std::size_t max_saved_chat = 100;
constexpr std::size_t max_saved_chat_line = 300;  // characters
struct NetworkPlace {
    bool host = true;
    std::string at;
    std::string code;
    std::vector<std::string> chat = {};
    // A host's terms, for the command that continues the game (network_resume_command prints those that
    // are not the defaults); never written to the file: --resume takes them as flags, as --host does.
    Millis grace = default_grace;
    Millis choice_time = starter_choice_time;
    bool allow_help = false;
    friend bool operator==(const NetworkPlace&, const NetworkPlace&) = default;
};

// Each move's clock reading, by round and by move: the mover's time left after it (nullopt: not known).
using MoveClocks = std::vector<std::vector<std::optional<Millis>>>;

struct Record {
    Match match;
    std::array<SeatSpec, 2> seats;          // by player
    std::optional<GameClock::State> clock;  // the round in progress's clock, when saved
    std::string date;
    bool is_match = false;                // written as a match (first to more than one, or a clock)
    std::string match_id;                 // a network match's id, else empty
    std::string event;                    // the tournament it was played in (a server's record), else empty
    std::optional<NetworkPlace> network;  // an autosaved network game in progress: where it goes on
    std::string rated;  // a server's game: "no", or the ratings before and after; else empty
    MoveClocks clocks;  // empty when the record keeps none
};

// "0:04:58", "1:02:03", "0:00:09.4" (tenths under ten seconds): a %clk reading; and back (nullopt for
// anything else).
std::string clk_text(Millis ms);
std::optional<Millis> parse_clk(std::string_view text);
// What a server's record adds to the text: each move's clock reading and whether (and how) it was rated.
struct ServerNotes {
    const MoveClocks* clocks = nullptr;
    std::string rated;
};

// A record's text as a save keeps it: what record_text wrote, without where a network game goes on (a
// save is shared; the code lets a player in).
std::string saved_text(const Record& r);

// Whether a record holds a game not finished that a player would miss: a match not over with a move
// played (or a round behind it). An unfinished game is never replaced without the player's word.
bool unfinished(const Match& match);

// The text of a record. `clock` is the clock frozen at the moment of saving (nullptr: not written);
// `event`: the tournament's name (letters, digits, '-', '_', '.'), or empty; `network`: where a network
// game goes on (the autosave's only), or nullptr.
std::string record_text(const Match& match, const std::array<SeatSpec, 2>& seats,
                        const GameClock::State* clock, std::string_view date, std::string_view match_id = {},
                        std::string_view event = {}, const NetworkPlace* network = nullptr,
                        const ServerNotes& notes = {});

// A record read from text, or why it is refused: the line, what was written there and the reason, and
// for a single game refused under its rules but legal under the other rules, those rules (the error's
// message() then names the flag: "line 4: K2B3: <reason>; ... use --rules rogers"). `forced` overrides
// the header's rules and size (a flag given on the command line).
Expected<Record, TranscriptError> read_record(std::string_view text, const VariantChoice& forced = {});
// An autosave (autosave.h: a copy's slot) read back as read_record reads it: nullopt when there is none to
// read (no path, no file, a file that cannot be read), else the record or why it is refused.
std::optional<Expected<Record, TranscriptError>> read_autosave(const std::filesystem::path& path,
                                                               const VariantChoice& forced = {});

// Finished games and matches are kept in $XDG_DATA_HOME/gobblet/games, named after the players as the
// tournament's transcripts are: "liam-white--eamon-black.txt" (round 1's colours, lower case, names
// reduced to letters, digits and '-': Latin letters in ASCII, "lukasz-white--zoe-black" for Łukasz
// against Zoë, other scripts' letters kept), with "-2", "-3"... when the name is taken. A player nobody
// named is their colour alone ("liam-white--black"); when neither is named the file is
// "game-STAMP.txt", as a save is.
std::filesystem::path games_dir();
// The local time for file names: "20261123-140312".
std::string file_stamp();
std::string archive_stem(const Match& match);
// A name as a file name's part: Latin letters in ASCII lower case (engine/latin.h's: Łukasz -> lukasz, Zoë ->
// zoe), other scripts' letters kept, digits kept, anything else one '-' between words; combining accents (a
// name typed as "e" + U+0301) are dropped. Empty when nothing is left. (Grabble's archive names use it too.)
std::string slug(std::string_view name);
// Writes `text` to a new file dir/stem.txt (or stem-2.txt...), never replacing one: the name is claimed
// atomically, so two programs saving at once both keep their file. The path written, or why it failed.
Expected<std::filesystem::path> write_new_file(const std::filesystem::path& dir, const std::string& stem,
                                               std::string_view text);

}  // namespace gobblet::saves
