// The engine protocol of docs/protocol.md (`./main --gtp`): GTP version 2 framing over text lines, so that
// scripts, tests and tournament managers can drive the engine without a terminal.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis.h"
#include "game.h"
#include "player.h"
#include "timeman.h"

namespace gobblet {

// Reading and writing transcript files, supplied by the front end (saves/) so that the engine itself
// never touches files. Each fails with a message that says what went wrong.
class TranscriptStore {
  public:
    virtual ~TranscriptStore() = default;
    // The file's text.
    virtual Expected<std::string> read(const std::string& path) = 0;
    // Writes the game's save text (transcript with its header).
    virtual Expected<void> write(const std::string& path, const Game& game) = 0;
    // The variant a transcript's header asks for, if it names one (rules, size); else `current`.
    virtual Variant variant_of(std::string_view text, Variant current) = 0;
};

// The longest command line the protocol reads (a command and a file name fit many times over). A longer
// line is not a command of this protocol: it is refused and the session ends, without reading the line
// into memory or waiting for its end.
constexpr std::size_t max_command_bytes = 4096;

class Protocol {
  public:
    // `now` is a monotonic time in ms (main.cpp passes net::monotonic_ms): with it the protocol counts the
    // time its own moves take against its clock between time_left updates. Without it, only time_left does.
    // The searches (genmove, analyze) read settings.time (time_source.h); main.cpp gives both the real clock.
    Protocol(Variant variant, const PlayerSettings& settings, TranscriptStore& store,
             std::function<Millis()> now = {});

    // Answers one input line: the whole reply ("=id result\n\n" or "?id message\n\n"), or "" for a
    // line the protocol ignores (empty, comment).
    std::string handle(std::string_view line);
    // True once `quit` was answered.
    bool done() const { return done_; }
    // Reads commands until `quit` or the end of input, writing replies (flushed) to `out`; returns the
    // exit status: 0, or 1 after a line longer than max_command_bytes.
    int run(std::istream& in, std::ostream& out);

    const Game& game() const { return game_; }
    // The engine's view of the GTP clock (time_settings, time_left, its own moves).
    const GtpClock& clock() const { return clock_; }
    // The budget the computer last thought with (genmove, offer_draw); nullopt without a time limit,
    // when it thinks at its level as on the command line.
    const std::optional<TimeBudget>& last_budget() const { return last_budget_; }
    // The computer player's settings as `level` left them (the think time of --think; a clock is in clock()).
    const PlayerSettings& player_settings() const { return player_.settings(); }

    // A command's name and its one-line help, as `help` and list_commands give them.
    struct CommandInfo {
        std::string_view name;
        std::string_view help;
    };
    // Every command, in the order list_commands gives them.
    static std::vector<CommandInfo> commands();

  private:
    struct Reply {
        bool ok;
        std::string text;
    };
    // One row of the command table: the only list of commands there is. Dispatch, list_commands,
    // known_command and help all read it, and a test checks that docs/protocol.md documents every row.
    struct Command {
        std::string_view name;
        Reply (*handler)(Protocol&, std::string_view args);
        std::string_view help;
    };
    static const Command command_table[];
    static const Command* find_command(std::string_view name);

    Reply help(std::string_view args);
    Reply legal_moves(std::string_view args);
    Reply level(std::string_view args);
    Reply perft(std::string_view args);
    Reply play(std::string_view args);
    Reply genmove(std::string_view args, bool commit);
    Reply load(std::string_view args);
    Reply time_settings(std::string_view args);
    Reply time_left(std::string_view args);
    Reply resign(std::string_view args);
    Reply offer_draw(std::string_view args);
    Reply result() const;
    // The budget for `side`'s next move under the clock, or nullopt when there is no time limit.
    std::optional<TimeBudget> budget_for(Color side) const;
    Reply analyze(std::string_view args);
    // Whether a colour argument names the side to move; else why not ("it is Black's turn").
    Expected<void> check_colour(std::string_view colour) const;
    void new_game(Variant v);

    Game game_;
    Player player_;
    TranscriptStore& store_;
    std::function<Millis()> now_;
    GtpClock clock_;
    std::optional<TimeBudget> last_budget_;
    std::unique_ptr<Analyzer> analyzer_;  // made on the first analyze: its table is 16 MB
    bool done_ = false;
};

}  // namespace gobblet
