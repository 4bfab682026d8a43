// gobblet: reads the command line, checks all of it, then hands over to one front end: the curses game
// (ui/), the engine protocol, a self-play match, a file command (saves/commands.h), a benchmark, the
// server, a bot, a server's lobby, or an operator's tournament command (server/operator_commands.h). Only
// flags and wiring live here: what a value means belongs to its room (a clock spec to engine/clock.h, a seat
// to engine/match.h, an address to net/socket.h), and so does each command.
//
// The order is fixed, so that nothing runs on a command line that is wrong anywhere:
//  1. CLI11 reads the flags and their simple values (a value it refuses is a usage error);
//  2. choose_mode: exactly one mode, and every flag given is one that mode takes (modes[]);
//  3. plan: every value checked and turned into the front end's settings, as a Run;
//  4. the Run runs.
// A usage error is a message on stderr and exit status 2 (the man page's EXIT STATUS); by then nothing
// has been read, written or opened. A new flag is a line in declare(), its name in its modes' rows of
// modes[], and its reading in the mode's plan_ function; a new mode is a row and a plan_ function.
#include <CLI/CLI.hpp>

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "engine/bench.h"
#include "engine/clock.h"
#include "engine/expected.h"
#include "engine/grabble/bench.h"
#include "engine/match.h"
#include "engine/player.h"
#include "engine/protocol.h"
#include "engine/review.h"
#include "engine/selfplay.h"
#include "engine/text.h"
#include "engine/version.h"
#include "net/bot.h"
#include "net/code.h"
#include "net/lobby.h"
#include "net/socket.h"
#include "saves/commands.h"
#include "saves/grabble_commands.h"
#include "saves/identity.h"
#include "saves/machine_load.h"
#include "saves/puzzles.h"
#include "saves/savefile.h"
#include "saves/ssh_identity.h"
#include "saves/transcript_store.h"
#include "saves/word_list.h"
#include "server/operator_commands.h"
#include "server/server.h"
#include "ui/app.h"
#include "ui/grabble/app.h"
#include "ui/lobby_screen.h"
#include "ui/puzzle_session.h"

namespace {

using namespace gobblet;

constexpr int usage_error = 2;  // the exit status of a command line that cannot be run (the man page)

// --think SECONDS: a plain decimal number in the player's range. CLI11's own range check let nan through
// (every comparison with nan is false), and a search with nan seconds never ends.
const CLI::Validator think_range(
    [](std::string& text) -> std::string {
        const auto v = parse_seconds(text);
        if (v && *v >= min_think_seconds && *v <= max_think_seconds) return {};
        return "SECONDS is a number from 0.01 to 3600 (fractions allowed, like 0.5), not '" + excerpt(text) +
               "'";
    },
    "SECONDS");

// --seed N: a whole number that fits 64 bits. CLI11 wrapped -1 and 2^64 around silently.
const CLI::Validator seed_range(
    [](std::string& text) -> std::string {
        if (parse_seed(text)) return {};
        return "N is a whole number from 0 to 18446744073709551615, not '" + excerpt(text, 32) + "'";
    },
    "N");

// Every flag's value as the command line gives it (CLI11 has checked the simple ones: numbers in range,
// names from a list).
struct Flags {
    std::string rules = "official", size = "4";
    // The game: who plays, the match and its clock.
    std::string white = "human", black = "human", level = "medium";
    double think = PlayerSettings{}.think_seconds;
    std::string seed;
    std::uint64_t nodes = 0;
    int threads = 0;  // 0: not given (see threads_of)
    int first_to = 1;
    ClockSpec clock;
    ui::Options ui;  // the game's own flags go straight in: --resume, --load, --no-color, ...
    std::string host, join, code, grace, starter_choice;
    std::string puzzles;
    // Other front ends and measurements.
    int perft = 0;
    std::string replay, review;
    JudgeLimits review_limits;
    std::string make_puzzles;
    std::vector<std::string> verify;
    bool gtp = false;
    int bench = 0;
    std::string game = "gobblet";
    bool bench_paste = false;
    std::string match;
    int games = 100;
    // The server's.
    std::string db;
    bool serve = false, ratings = false, bench_store = false;
    std::vector<std::string> listen, ssh_users, shared_addresses;
    std::string greeting, bot, name, seek, enter;
    long max_connections = 0;  // 0: the server's default
    long per_address = 0;      // 0: the server's default
    std::string lobby;
    bool guest = false;
    // The operator's tournaments.
    std::string new_tournament, start_tournament, standings, format = "round-robin", first = "schedule";
    std::string profile;
    std::string account_kind, kind;
    std::string tournament_first, starter, against;
};

// Every flag, with its help line (which --help prints and tests/cli/manpage.sh holds the man page to).
void declare(CLI::App& app, Flags& f) {
    app.set_version_flag("--version", "gobblet " + std::string(program_version));
    app.add_option("--rules", f.rules, "Rule set: official (Blue Orange) or rogers (Ed Rogers' house rules)")
        ->check(CLI::IsMember({"official", "rogers"}));
    // (Read as text: CLI11's message for a size that is not a number was the bare value, "--size: abc".)
    app.add_option("--size", f.size, "Board size: 4 (Gobblet) or 3 (Gobblet Jr.)")
        ->check(CLI::IsMember({"3", "4"}));

    // The game: who plays, the match and its clock.
    app.add_option("--white", f.white,
                   "Who plays White (and starts round 1): human, computer, computer:LEVEL or a human's name");
    app.add_option("--black", f.black, "Who plays Black: human, computer, computer:LEVEL or a human's name");
    app.add_option("--level", f.level, "Computer strength: easy, medium, hard or max (default medium)")
        ->check(CLI::IsMember({"easy", "medium", "hard", "max"}));
    app.add_option("--think", f.think,
                   "Seconds the computer thinks a move at its top level (default 1; from 0.01 to 3600)")
        ->check(think_range);
    app.add_option("--seed", f.seed, "Seed for the computer's choices, for reproducible games")
        ->check(seed_range);
    app.add_option("--nodes", f.nodes,
                   "Nodes the computer may search a move (default 0: no limit); with a long --think its play "
                   "no longer depends on the machine's speed, for strength tests")
        ->check(CLI::Range(std::uint64_t(0), std::uint64_t(1) << 40));
    app.add_option("--threads", f.threads,
                   "Threads the computer searches with (default: the cores free at each search, at most " +
                       std::to_string(default_threads_cap) +
                       "; 1 with --seed or --nodes, so that games repeat)")
        ->check(CLI::Range(1, max_search_threads));
    app.add_option("--first-to", f.first_to, "Play rounds until a player has N wins (default 1: one game)")
        ->check(CLI::Range(1, max_first_to));
    // The clock's flags, as engine/clock.h describes each kind's and each preset's.
    for (std::size_t i = 0; i < std::size(clock_fields); ++i)
        app.add_option(std::string(clock_fields[i].flag), f.clock.text[i], std::string(clock_fields[i].help));
    for (std::size_t i = 0; i < std::size(clock_presets); ++i)
        app.add_flag(std::string(clock_presets[i].flag), f.clock.presets[i],
                     std::string(clock_presets[i].help));
    CLI::Option* resume = app.add_flag("--resume", f.ui.resume, "Continue the last unfinished game");
    app.add_option("--load", f.ui.load_path, "Open a saved game (a transcript file)")->excludes(resume);
    app.add_flag("--no-color", f.ui.no_color, "Draw without colour (so does NO_COLOR=1)");
    app.add_flag("--coach", f.ui.coach,
                 "The coach: warns of a human's bad moves against the computer and offers to take them back");
    app.add_option("--speed", f.ui.speed,
                   "How fast the computer plays itself, for watching: fast, normal (default) or slow")
        ->check(CLI::IsMember({"fast", "normal", "slow"}));
    app.add_option("--host", f.host,
                   "Host a network game on [ADDR:]PORT; the other player joins (docs/network.md)");
    app.add_option("--join", f.join, "Join a network game at HOST:PORT ([v6]:PORT for IPv6)");
    app.add_option("--code", f.code, "The join code (the host's own, or the one to join with)");
    app.add_option("--grace", f.grace,
                   "Network host and server: how long, over a whole game, each player's absences may stop "
                   "the clocks (one grace per player in all; default 30s)");
    app.add_option("--starter-choice", f.starter_choice,
                   "Network host and server: seconds the loser of a round has to choose who starts the next "
                   "before the rule decides (the loser starts; default 30, from 5 to 3600)");
    app.add_flag("--allow-help", f.ui.allow_help,
                 "Network host: the engine may help both players (a computer on a seat, hints, analysis); "
                 "without it a network game allows none while it is played");
    app.add_option("--puzzles", f.puzzles,
                   "Solve puzzles: official, rogers or 3x3 (default: the set of --rules and --size)")
        ->expected(0, 1);
    app.add_flag("--tutorial", f.ui.tutorial,
                 "Start with the tutorial (it shows by itself only on a plain first start)");

    // Other front ends and measurements.
    app.add_option("--perft", f.perft, "Count leaf positions N plies from the start, with time and speed")
        ->check(CLI::Range(0, 12));
    app.add_option("--replay", f.replay, "Replay a transcript and print the final position and state");
    app.add_option(
        "--review", f.review,
        "Judge every move of a transcript (good, inaccuracy, mistake, blunder) and print the review");
    app.add_option("--review-time", f.review_limits.seconds,
                   "Seconds of search a move for --review (default: a search to depth 6 a move)")
        ->check(CLI::Range(0.01, 3600.0));
    app.add_option("--make-puzzles", f.make_puzzles,
                   "Generate the puzzle sets from self-play into a folder (--seed picks the games)");
    app.add_option("--verify-puzzles", f.verify,
                   "Prove every puzzle of the given files, or of the sets built into the program")
        ->expected(0, -1);
    app.add_flag("--gtp", f.gtp, "Answer the engine protocol (GTP-style text commands) on stdin/stdout");
    app.add_option("--bench", f.bench,
                   "Search the benchmark positions (to depth N) and print nodes, speed and signature")
        ->expected(0, 1)
        ->check(CLI::Range(0, 30));
    app.add_option("--game", f.game,
                   "The game: gobblet (the default) or grabble, the word game, which has flags of its own "
                   "(--game grabble --help lists them)")
        ->check(CLI::IsMember({"gobblet", "grabble"}));
    app.add_flag("--bench-paste", f.bench_paste, "Time applying and drawing a pasted 1,000-move transcript");
    app.add_option("--match", f.match,
                   "Self-play A:B between levels or abN (fixed-depth alpha-beta), e.g. max:ab4");
    app.add_option("--games", f.games,
                   "Games in a --match (default 100); with --first-to or a clock, matches (default 1)")
        ->check(CLI::Range(1, 100000));

    // The server and its database.
    app.add_option("--db", f.db, "The server's database file (default $XDG_DATA_HOME/gobblet/server.db)");
    app.add_flag("--serve", f.serve, "Run the server in the foreground (docs/server.md)");
    app.add_option("--listen", f.listen,
                   "--serve: listen on [ADDR:]PORT or unix:PATH, again for more (default 127.0.0.1 and ::1, "
                   "port 7300)")
        ->allow_extra_args(false);
    app.add_option("--greeting", f.greeting, "--serve: the server's greeting in the lobby");
    app.add_option(
           "--ssh-user", f.ssh_users,
           "--serve: believe the SSH key and address that this user's lobby clients say they came with "
           "(the account sshd runs the lobby for; on a unix socket only); again for more")
        ->allow_extra_args(false);
    app.add_option(
           "--shared-address", f.shared_addresses,
           "--serve: an address many players share (a club behind one router; unix:uid=N for a local "
           "user): rated matches between its players count, and they watch each other's games; again for "
           "more")
        ->allow_extra_args(false);
    app.add_option("--max-connections", f.max_connections,
                   "--serve: connections at most (default 20000; each is a descriptor: see ulimit -n)");
    app.add_option("--per-address", f.per_address,
                   "--serve: connections, and players logged in, one address may have (default 128 and 32, "
                   "and a quarter of --max-connections at most)");
    app.add_option("--bot", f.bot, "A computer player in a server's lobby at HOST:PORT or unix:PATH");
    app.add_option("--name", f.name, "--bot, --lobby: the name to play under");
    app.add_option("--lobby", f.lobby, "The lobby of a server at HOST:PORT or unix:PATH (docs/lobby.md)");
    app.add_flag("--guest", f.guest, "--lobby: play as a guest (unrated, the name not registered)");
    app.add_option("--seek", f.seek,
                   "--bot: post a seek of its own with this clock: none, dm, or G+I (5m+2s); 'bots' after it "
                   "welcomes computers, LOW-HIGH limits the ratings (5m+2s bots 1400-1800)");
    app.add_option("--enter", f.enter, "--bot: enter the tournament of this name (and play its matches)");
    // The operator's tournaments (docs/server.md), beside a running server.
    app.add_option("--new-tournament", f.new_tournament,
                   "Make a tournament in the server's database (--db): --format, the match flags, --first");
    app.add_option("--format", f.format, "--new-tournament: round-robin (default), knockout or swiss-N");
    app.add_option("--first", f.first,
                   "--new-tournament: who starts round 1 of each match: schedule (colours balanced) or draw "
                   "(--seed makes the draw repeat)");
    app.add_option("--start-tournament", f.start_tournament, "Start a tournament made with --new-tournament");
    app.add_option("--tournament-first", f.tournament_first,
                   "Choose who starts round 1 of a match of a tournament made with --new-tournament: "
                   "--starter PLAYER --against OPPONENT");
    app.add_option("--starter", f.starter, "--tournament-first: the player who plays White in round 1");
    app.add_option("--against", f.against, "--tournament-first: the starter's opponent in that match");
    app.add_option("--standings", f.standings,
                   "Print a tournament's table; 'final' once every match is over");
    app.add_option("--account-kind", f.account_kind,
                   "Make a registered account a person's or a computer's (--kind human|bot) in the server's "
                   "database (--db)");
    app.add_option("--kind", f.kind, "--account-kind: human (a person's account) or bot (a computer's)");
    app.add_option("--profile", f.profile,
                   "Print a registered player's profile from the server's database (--db): ratings, record, "
                   "last games");
    app.add_flag("--ratings", f.ratings,
                 "Print the ratings kept in the server's database (--db); --rules and --size pick one list");
    app.add_flag("--bench-store", f.bench_store,
                 "Time the server's database on this machine (in a temporary folder, or at --db FILE)");
}

// What the command line asks the program to do: one mode, asked for by its flag (the game without one).
enum class Mode {
    Game,
    Gtp,
    Replay,
    Review,
    Perft,
    Bench,
    BenchPaste,
    Match,
    MakePuzzles,
    VerifyPuzzles,
    Serve,
    Bot,
    Lobby,
    NewTournament,
    StartTournament,
    TournamentFirst,
    Standings,
    Profile,
    AccountKind,
    Ratings,
    BenchStore
};

// Lists of flags, and the groups that several modes take.
using FlagList = std::vector<std::string_view>;
FlagList operator+(FlagList a, const FlagList& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}
const FlagList variant_flags = {"--rules", "--size"};
const FlagList player_flags = {"--level", "--think", "--seed", "--threads"};
const FlagList clock_flags = clock_flag_names();
const FlagList match_flags = FlagList{"--first-to"} + clock_flags;

// Each mode's flag and the flags that go with it; any other flag is refused (--help and --version
// answer on their own).
struct ModeRow {
    Mode mode;
    std::string_view flag;  // empty for the game
    FlagList takes;
};
const std::vector<ModeRow> modes = {
    {Mode::Game, "",
     variant_flags + player_flags + match_flags +
         FlagList{"--white", "--black", "--resume", "--load", "--no-color", "--coach", "--speed", "--host",
                  "--join", "--code", "--grace", "--starter-choice", "--allow-help", "--puzzles",
                  "--tutorial", "--game"}},
    {Mode::Gtp, "--gtp", variant_flags + player_flags + FlagList{"--nodes"}},
    {Mode::Replay, "--replay", variant_flags},
    {Mode::Review, "--review", variant_flags + FlagList{"--review-time"}},
    {Mode::Perft, "--perft", variant_flags},
    {Mode::Bench, "--bench", {"--game", "--threads"}},
    {Mode::BenchPaste, "--bench-paste", {}},
    {Mode::Match, "--match",
     variant_flags + FlagList{"--think", "--seed", "--nodes", "--threads", "--games"} + match_flags},
    {Mode::MakePuzzles, "--make-puzzles", {"--seed"}},
    {Mode::VerifyPuzzles, "--verify-puzzles", {}},
    {Mode::Serve,
     "--serve",
     {"--listen", "--greeting", "--ssh-user", "--shared-address", "--max-connections", "--per-address",
      "--db", "--grace", "--starter-choice"}},
    {Mode::Bot, "--bot",
     variant_flags + player_flags + FlagList{"--first-to", "--name", "--seek", "--enter"}},
    // The lobby takes what its game screens use: colours, and the computer's level for reviews and hints.
    {Mode::Lobby, "--lobby", player_flags + FlagList{"--name", "--guest", "--no-color"}},
    {Mode::NewTournament, "--new-tournament",
     variant_flags + match_flags + FlagList{"--db", "--format", "--first", "--seed"}},
    {Mode::StartTournament, "--start-tournament", {"--db"}},
    {Mode::TournamentFirst, "--tournament-first", {"--db", "--starter", "--against"}},
    {Mode::Standings, "--standings", {"--db"}},
    {Mode::Profile, "--profile", {"--db"}},
    {Mode::AccountKind, "--account-kind", {"--db", "--kind"}},
    {Mode::Ratings, "--ratings", variant_flags + FlagList{"--db"}},
    {Mode::BenchStore, "--bench-store", {"--db"}},
};

bool takes(const ModeRow& row, std::string_view flag) {
    return std::find(row.takes.begin(), row.takes.end(), flag) != row.takes.end();
}

// The mode flags of `rows` that take `flag`, for "--db goes with --serve, --ratings or --bench-store".
std::string modes_taking(const std::vector<ModeRow>& rows, std::string_view flag) {
    std::vector<std::string_view> names;
    for (const ModeRow& row : rows)
        if (!row.flag.empty() && takes(row, flag)) names.push_back(row.flag);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i]);
    return out;
}

// The one mode the command line asks for, or why it cannot be run: two modes at once, or a flag its
// mode does not take.
Expected<const ModeRow*> choose_mode(const CLI::App& app, const std::vector<ModeRow>& rows = modes) {
    const ModeRow* chosen = &rows.front();
    for (const ModeRow& row : rows) {
        if (row.flag.empty() || app.count(std::string(row.flag)) == 0) continue;
        if (!chosen->flag.empty())
            return Failure{std::string(chosen->flag) + " and " + std::string(row.flag) +
                           " cannot be combined: each runs on its own, so give one of them"};
        chosen = &row;
    }
    for (const CLI::Option* o : app.get_options()) {
        const std::string name = o->get_name();
        if (o->count() == 0 || name == "--help" || name == "--version" || name == chosen->flag) continue;
        if (takes(*chosen, name)) continue;
        if (chosen->flag.empty()) return Failure{name + " goes with " + modes_taking(rows, name)};
        return Failure{name + " cannot be combined with " + std::string(chosen->flag)};
    }
    return chosen;
}

// What runs once the whole command line has been checked: returns the exit status.
using Run = std::function<int()>;

bool given(const CLI::App& app, std::string_view flag) { return app.count(std::string(flag)) > 0; }

// --rules and --size, with a clock preset's size (--dm's 4; each flag wins over the preset).
Variant variant_of(const CLI::App& app, const Flags& f) {
    const ClockPreset* preset = f.clock.preset();
    const int size = preset && !given(app, "--size") ? preset->size : std::stoi(f.size);  // "3" or "4"
    return Variant{size, *parse_rules(f.rules)};
}
// --first-to, with a clock preset's round wins (--dm's two).
int first_to_of(const CLI::App& app, const Flags& f) {
    const ClockPreset* preset = f.clock.preset();
    return preset && !given(app, "--first-to") ? preset->first_to : f.first_to;
}
// --threads: as given; else one with --seed or --nodes (a multi-threaded search depends on timing, and
// they promise the same games), else up to the cores the process may use, capped at default_threads_cap,
// and each search runs as many of them as there are cores free as it searches (free_cores_of): a helper
// on a core that other work keeps busy takes its time from the search itself.
int threads_of(const CLI::App& app, const Flags& f) {
    if (given(app, "--threads")) return f.threads;
    if (given(app, "--seed") || given(app, "--nodes")) return 1;
    return default_threads(unsigned(saves::usable_cores()));
}
// The meter that decides each search's threads, when threads_of chose them: none for an explicit
// --threads (obeyed as given) nor for one thread.
const CoreMeter* free_cores_of(const CLI::App& app, const Flags& f) {
    return given(app, "--threads") || threads_of(app, f) == 1 ? nullptr : &saves::machine_cores();
}
// --level, --think and --seed; without --seed every run plays differently.
PlayerSettings player_of(const CLI::App& app, const Flags& f) {
    PlayerSettings p;
    p.level = *parse_level(f.level);
    p.think_seconds = f.think;
    p.seed = given(app, "--seed") ? *parse_seed(f.seed) : std::random_device{}();
    p.time = &net::monotonic_clock();
    p.max_nodes = f.nodes;
    p.threads = threads_of(app, f);
    p.cores = free_cores_of(app, f);
    return p;
}
// --rules and --size when given, for readers of files that name their own.
saves::VariantChoice choice_of(const CLI::App& app, const Variant& v) {
    saves::VariantChoice choice;
    if (given(app, "--rules")) choice.rules = v.rules;
    if (given(app, "--size")) choice.size = v.size;
    return choice;
}
// --grace, for the network host and the server.
Expected<Millis> grace_of(const std::string& text) {
    const auto d = parse_duration(text);
    if (!d)
        return Failure{"--grace " + clean_name(text) +
                       ": not a time; write it as 30, 30s, 2m or 1m30s (at most 24h)"};
    return *d;
}
// --starter-choice, for the network host and the server: whole seconds, within engine/match.h's bounds.
Expected<Millis> starter_choice_of(const std::string& text) {
    const auto d = parse_duration(text);
    if (!d || *d % 1000 != 0)
        return Failure{"--starter-choice " + clean_name(text) +
                       ": not a time in whole seconds; write it as 30, 90s, 2m or 1m30s"};
    if (*d < min_starter_choice_time || *d > max_starter_choice_time)
        return Failure{"--starter-choice " + clean_name(text) + ": the loser's choice of who starts has " +
                       std::to_string(min_starter_choice_time / 1000) + " to " +
                       std::to_string(max_starter_choice_time / 1000) + " s (default " +
                       std::to_string(starter_choice_time / 1000) + ")"};
    return *d;
}

// Messages name the program as it was run ("./main", "gobblet"), without control characters.
std::string program_name(const char* argv0) {
    std::string name;
    for (const char* p = argv0 ? argv0 : "gobblet"; *p && name.size() < 200; ++p)
        if (static_cast<unsigned char>(*p) >= 32 && *p != 127) name += *p;
    return name;
}
// The database of the server's commands: --db, or the default.
std::filesystem::path db_of(const Flags& f) {
    return f.db.empty() ? server::default_db_path() : std::filesystem::path(f.db);
}

// The network flags' combinations (docs/network.md).
Expected<void> check_network(const CLI::App& app, const Flags& f) {
    const bool host = given(app, "--host"), join = given(app, "--join");
    if (!host && given(app, "--allow-help"))
        return Failure{"--allow-help goes with --host: the host sets the terms of a network game"};
    if (!host && !join) {
        if (given(app, "--code")) return Failure{"--code goes with --host or --join"};
        if (given(app, "--grace"))
            return Failure{
                "--grace goes with --host or --serve: the host decides when an absent player's time runs"};
        if (given(app, "--starter-choice"))
            return Failure{
                "--starter-choice goes with --host or --serve: the host times the loser's choice of who "
                "starts"};
        return {};
    }
    if (host && join)
        return Failure{"--host and --join cannot be combined: one machine hosts, the other joins"};
    const char* flag = host ? "--host" : "--join";
    for (const char* other : {"--load", "--puzzles"})
        if (given(app, other))
            return Failure{std::string(other) + " cannot be combined with --host or --join"};
    const auto at = net::parse_endpoint(host ? f.host : f.join);
    if (!at) return Failure{std::string(flag) + " " + clean_name(host ? f.host : f.join) + ": " + at.why()};
    if (join && (at->host.empty() || at->port == 0))
        return Failure{"--join " + clean_name(f.join) +
                       ": give the host and its port, like 192.168.1.5:7000 or [::1]:7000"};
    if (!f.code.empty() && !net::normalize_code(f.code))
        return Failure{"--code " + clean_name(f.code) +
                       ": a code is 4 to 32 letters and digits (dashes and spaces do not matter)"};
    if (host && given(app, "--white") && given(app, "--black"))
        return Failure{
            "with --host, give your own side only (--white or --black): the other is the remote player"};
    if (join)
        for (std::string_view game : variant_flags + match_flags + FlagList{"--grace", "--starter-choice"})
            if (given(app, game))
                return Failure{std::string(game) + " cannot be given with --join: the host sets the game"};
    return {};
}

// The curses game, the puzzles, the tutorial, or a network game.
Expected<Run> plan_game(const CLI::App& app, Flags& f, const char* argv0) {
    ui::Options o = f.ui;
    const Variant variant = variant_of(app, f);
    if (const auto ok = check_network(app, f); !ok) return Failure{ok.why()};
    if (given(app, "--puzzles")) {
        const PuzzleSet* set =
            f.puzzles.empty() ? saves::shipped_puzzle_set(variant) : ui::find_puzzle_set(f.puzzles);
        if (!set)
            return Failure{"--puzzles " + clean_name(f.puzzles) + ": no such puzzle set; choose " +
                           ui::puzzle_set_choices + " (without a name, the set of --rules and --size)"};
        o.puzzles = true;
        o.puzzle_set = set->name;
    }
    for (const auto& [flag, text, seat] :
         {std::tuple{"--white", &f.white, &o.seats[0]}, std::tuple{"--black", &f.black, &o.seats[1]}}) {
        const auto parsed = parse_seat(*text);
        if (!parsed) return Failure{std::string(flag) + " " + clean_name(*text) + ": " + parsed.why()};
        *seat = *parsed;
    }
    const auto clock = clock_from_spec(f.clock);
    if (!clock) return Failure{clock.why()};
    if (!f.grace.empty()) {
        const auto grace = grace_of(f.grace);
        if (!grace) return Failure{grace.why()};
        o.grace = *grace;
    }
    if (!f.starter_choice.empty()) {
        const auto choice = starter_choice_of(f.starter_choice);
        if (!choice) return Failure{choice.why()};
        o.choice_time = *choice;
    }
    o.player = player_of(app, f);
    o.choice = choice_of(app, variant);
    o.program = program_name(argv0);
    o.seats_given = given(app, "--white") || given(app, "--black");
    o.level_given = given(app, "--level");
    o.think_given = given(app, "--think");
    o.speed_given = given(app, "--speed");
    if (!f.host.empty()) {
        o.host_at = net::parse_endpoint(f.host).value();
        // The host names its own side; the other is the remote player (White by default is the host's).
        const int remote = given(app, "--black") ? 0 : 1;
        if (o.seats[1 - remote].kind == SeatKind::Computer && !o.allow_help)
            return Failure{
                "with --host, a computer on your own side needs --allow-help: a network game "
                "allows no engine help otherwise (the joiner sees the terms)"};
        o.seats[remote] = SeatSpec{SeatKind::Remote, "", std::nullopt};
    }
    if (!f.join.empty()) {
        o.join_to = net::parse_endpoint(f.join).value();
        o.join_seat = given(app, "--black") ? o.seats[1] : o.seats[0];
    }
    if (!f.code.empty()) o.code = *net::normalize_code(f.code);
    o.match = MatchSettings{variant, first_to_of(app, f), *clock};
    o.match_given = given(app, "--first-to") || f.clock.preset() || clock->enabled();
    for (std::string_view flag :
         variant_flags + match_flags +
             FlagList{"--white", "--black", "--load", "--resume", "--host", "--join", "--code"})
        if (given(app, flag)) o.game_asked = true;
    return Run([o] {
        // A save interrupted by a kill leaves its temporary file behind: the game and the protocol, the two
        // front ends that write files, clear out old ones as they start.
        saves::remove_stale_temporaries();
        return ui::run(o);
    });
}

// --gtp: the engine protocol on stdin and stdout.
Run plan_gtp(const CLI::App& app, const Flags& f) {
    return [variant = variant_of(app, f), player = player_of(app, f)] {
        saves::remove_stale_temporaries();
        saves::FileStore store;
        Protocol protocol(variant, player, store, net::monotonic_ms);
        return protocol.run(std::cin, std::cout);
    };
}

// --match A:B: self-play between two players.
Expected<Run> plan_match(const CLI::App& app, const Flags& f) {
    const auto colon = f.match.find(':');
    if (colon == std::string::npos) return Failure{"--match wants two players as A:B, e.g. max:ab4"};
    const auto clock = clock_from_spec(f.clock);
    if (!clock) return Failure{clock.why()};
    MatchOptions m;
    m.first = f.match.substr(0, colon);
    m.second = f.match.substr(colon + 1);
    m.variant = variant_of(app, f);
    m.think_seconds = f.think;
    m.nodes = f.nodes;
    m.threads = given(app, "--threads") ? f.threads : 1;     // self-play measures: one thread unless asked
    if (given(app, "--seed")) m.seed = *parse_seed(f.seed);  // else a fixed seed: matches repeat
    m.first_to = first_to_of(app, f);
    m.clock = *clock;
    m.games = f.games;
    if (m.match_play() && !given(app, "--games")) m.games = 1;  // one match, unless asked
    m.time = &net::monotonic_clock();
    return Run([m] { return run_match(m, std::cout, std::cerr); });
}

// --ssh-user USER: a user name or a uid, as the unix socket's peer credentials will show it.
std::optional<unsigned> user_id(const std::string& user) {
    if (!user.empty() && user.size() <= 10 && user.find_first_not_of("0123456789") == std::string::npos) {
        const unsigned long long uid = std::stoull(user);
        if (uid <= 0xfffffffeULL) return unsigned(uid);
        return std::nullopt;
    }
    const passwd* pw = getpwnam(user.c_str());
    if (!pw) return std::nullopt;
    return unsigned(pw->pw_uid);
}

// --serve: the server in the foreground.
Expected<Run> plan_serve(const CLI::App& app, const Flags& f) {
    server::ServerConfig c;
    for (const std::string& l : f.listen) {
        const auto e = net::parse_endpoint(l);
        if (!e) return Failure{"--listen " + clean_name(l) + ": " + e.why()};
        c.listen.push_back(*e);
    }
    c.db = f.db;
    if (!f.grace.empty()) {
        const auto grace = grace_of(f.grace);
        if (!grace) return Failure{grace.why()};
        c.hub.limits.grace = *grace;
    }
    if (!f.starter_choice.empty()) {
        const auto choice = starter_choice_of(f.starter_choice);
        if (!choice) return Failure{choice.why()};
        c.hub.limits.choice_time = *choice;
    }
    if (!f.greeting.empty()) c.hub.greeting = clean_text(f.greeting, net::lobby::max_text);
    for (const std::string& u : f.ssh_users) {
        const auto uid = user_id(u);
        if (!uid)
            return Failure{"--ssh-user " + clean_name(u) +
                           ": no such user here: give the account sshd lets players in as (its name or uid)"};
        c.hub.ssh_uids.push_back(*uid);
    }
    for (const std::string& a : f.shared_addresses) {
        const auto source = net::shared_source(a);
        if (!source) return Failure{"--shared-address " + clean_name(a) + ": " + source.why()};
        c.hub.shared_sources.push_back(*source);
    }
    if (!f.ssh_users.empty() &&
        std::none_of(c.listen.begin(), c.listen.end(), [](const net::Endpoint& e) { return e.is_unix(); }))
        return Failure{
            "--ssh-user goes with --listen unix:PATH: sshd's players come in through a unix socket"};
    if (given(app, "--max-connections")) {
        if (f.max_connections < 1 || f.max_connections > 1'000'000)
            return Failure{"--max-connections " + std::to_string(f.max_connections) + ": 1 to 1000000"};
        c.max_connections = std::size_t(f.max_connections);
    }
    if (given(app, "--per-address")) {
        if (f.per_address < 1 || std::size_t(f.per_address) > c.max_connections)
            return Failure{"--per-address " + std::to_string(f.per_address) + ": 1 to --max-connections (" +
                           std::to_string(c.max_connections) + ")"};
        c.per_address = std::size_t(f.per_address);
    }
    return Run([c] { return server::run_server(c, std::cerr); });
}

// --bot: a computer player in a server's lobby.
Expected<Run> plan_bot(const CLI::App& app, const Flags& f) {
    net::BotConfig c;
    const auto at = net::parse_endpoint(f.bot);
    if (!at || (!at->is_unix() && (at->host.empty() || at->port == 0)))
        return Failure{"--bot " + clean_name(f.bot) + ": " +
                       (at ? "give the server's host and port" : at.why())};
    if (!net::lobby::valid_name(f.name))
        return Failure{
            "--bot needs --name NAME: 2 to 20 letters, digits, '-' or '_', starting with a letter"};
    c.server = *at;
    c.name = f.name;
    c.player = player_of(app, f);
    if (!f.enter.empty() && !net::lobby::valid_tournament_name(f.enter))
        return Failure{"--enter " + clean_name(f.enter) +
                       ": a tournament's name has 2 to 32 letters, digits, '-', '_' or '.'"};
    c.enter = f.enter;
    if (!f.seek.empty()) {
        // CLOCK, then who the seek is for (computers welcome, a rating range), as a seek's terms end.
        std::string clock_text = f.seek, audience_text;
        for (std::size_t space; (space = clock_text.rfind(' ')) != std::string::npos;) {
            const std::string last = clock_text.substr(space + 1);
            if (last != "bots" && last.find_first_not_of("0123456789-") != std::string::npos) break;
            audience_text = " " + last + audience_text;
            clock_text.resize(space);
        }
        const auto clock = net::lobby::parse_terms_clock(clock_text);
        if (!clock) return Failure{"--seek " + clean_name(f.seek) + ": " + clock.why()};
        net::lobby::Terms t{MatchSettings{variant_of(app, f), first_to_of(app, f), *clock}, clock->enabled()};
        if (auto ok = net::lobby::terms_allowed(t); !ok) return Failure{"--seek: " + ok.why()};
        const auto seek = net::lobby::parse_seek_terms(net::lobby::terms_text(t) + audience_text);
        if (!seek) return Failure{"--seek " + clean_name(f.seek) + ": " + seek.why()};
        c.seek = t;
        c.audience = seek->audience;
    }
    return Run([c]() mutable {
        const Expected<saves::Secret> secret =
            saves::lobby_secret(saves::secrets_dir(), net::endpoint_text(c.server), c.name);
        if (!secret) {
            std::cerr << "gobblet: " << secret.why() << "\n";
            return 1;
        }
        c.secret = secret->secret;
        return net::run_bot(c, std::cerr);
    });
}

// --lobby (docs/lobby.md): a server's address and a name (registered names, and a guest's too: the server
// makes it ~NAME). Its game screens take the colours and the computer's settings from the flags.
Expected<Run> plan_lobby(const CLI::App& app, const Flags& f, const char* argv0) {
    const auto at = net::parse_endpoint(f.lobby);
    if (!at || (!at->is_unix() && (at->host.empty() || at->port == 0)))
        return Failure{"--lobby " + clean_name(f.lobby) + ": " +
                       (at ? "give the server's host and port (example.org:7300) or unix:PATH" : at.why())};
    // Through sshd's ForceCommand, on the server's own unix socket: the player's address and SSH key
    // (docs/server.md, "The SSH front door").
    const saves::SshIdentity ssh =
        at->is_unix() && !f.guest ? saves::ssh_identity_from_env() : saves::SshIdentity{};
    // There the player's name is what they typed after the address (`ssh -t play@host Liam`): sshd runs
    // the ForceCommand instead and gives the words in $SSH_ORIGINAL_COMMAND, which are only ever a name.
    std::string name = f.name;
    if (ssh.present && !given(app, "--name")) {
        const char* typed = std::getenv("SSH_ORIGINAL_COMMAND");
        name = typed ? std::string(trim(std::string_view(typed).substr(0, 64))) : std::string();
    }
    if (!net::lobby::valid_name(name) && ssh.present) {
        const passwd* pw = getpwuid(getuid());
        return Failure{"say the name you play under after the server's address: ssh -t " +
                       clean_name(pw ? pw->pw_name : "play") +
                       "@SERVER NAME (2 to 20 letters, digits, '-' or '_', starting with a letter)"};
    }
    if (!net::lobby::valid_name(name))
        return Failure{name.empty() ? "--lobby needs --name NAME: the name you play under (2 to 20 letters, "
                                      "digits, '-' or '_', starting with a letter; with --guest too)"
                                    : "--name " + clean_name(name) +
                                          ": 2 to 20 letters, digits, '-' or '_', starting with a letter"};
    ui::Options o = f.ui;
    o.player = player_of(app, f);
    o.level_given = given(app, "--level");
    o.think_given = given(app, "--think");
    o.program = program_name(argv0);
    const ui::LobbyOptions lobby{*at, name, f.guest, ssh};
    return Run([o, lobby] {
        saves::remove_stale_temporaries();  // the lobby saves transcripts, as the game does
        return ui::run_lobby(o, lobby);
    });
}

// --new-tournament NAME: a tournament made in the server's database (its name and format are checked by
// server::new_tournament, with the lobby's own reader, before the database is opened).
Expected<Run> plan_new_tournament(const CLI::App& app, const Flags& f) {
    const auto clock = clock_from_spec(f.clock);
    if (!clock) return Failure{clock.why()};
    const auto first = net::lobby::parse_first(f.first);
    if (!first) return Failure{"--first " + clean_name(f.first) + ": schedule or draw"};
    const net::lobby::Terms terms{MatchSettings{variant_of(app, f), first_to_of(app, f), *clock}, false};
    const std::uint64_t seed = given(app, "--seed") ? *parse_seed(f.seed) : std::random_device{}();
    return Run([db = db_of(f), name = f.new_tournament, format = f.format, starts = *first, terms, seed] {
        return server::new_tournament(std::cout, std::cerr, db, name, format,
                                      net::lobby::max_tournament_players, starts, terms, seed,
                                      std::time(nullptr));
    });
}

// Every value of the command line checked for `mode`, and what then runs.
Expected<Run> plan(const ModeRow& mode, const CLI::App& app, Flags& f, const char* argv0) {
    switch (mode.mode) {
        case Mode::Game: return plan_game(app, f, argv0);
        case Mode::Gtp: return plan_gtp(app, f);
        case Mode::Replay:
            return Run([path = f.replay, choice = choice_of(app, variant_of(app, f))] {
                return saves::run_replay(std::cout, std::cerr, path, choice);
            });
        case Mode::Review: {
            JudgeLimits limits = f.review_limits;
            if (given(app, "--review-time")) limits.depth = 0;  // the time, not the default depth
            limits.time = &net::monotonic_clock();
            return Run([path = f.review, choice = choice_of(app, variant_of(app, f)), limits] {
                return saves::run_review(std::cout, std::cerr, path, choice, limits);
            });
        }
        case Mode::Perft:
            return Run([depth = f.perft, v = variant_of(app, f)] {
                return run_perft(std::cout, net::monotonic_clock(), depth, v);
            });
        case Mode::Bench:
            return Run([depth = f.bench, threads = given(app, "--threads") ? f.threads : 1] {
                return run_bench(std::cout, net::monotonic_clock(), depth, threads);
            });
        case Mode::BenchPaste: return Run([] { return ui::bench_paste(std::cout, net::monotonic_clock()); });
        case Mode::Match: return plan_match(app, f);
        case Mode::MakePuzzles:
            return Run([dir = f.make_puzzles, seed = given(app, "--seed") ? *parse_seed(f.seed) : 1] {
                return saves::run_make_puzzles(std::cout, std::cerr, dir, seed, net::monotonic_clock());
            });
        case Mode::VerifyPuzzles: {
            std::vector<std::string> files = f.verify;
            std::erase(files, std::string());  // given without a file, CLI11 hands over one empty name
            return Run([files] {
                return saves::run_verify_puzzles(std::cout, std::cerr, files, net::monotonic_clock());
            });
        }
        case Mode::Serve: return plan_serve(app, f);
        case Mode::Bot: return plan_bot(app, f);
        case Mode::Lobby: return plan_lobby(app, f, argv0);
        case Mode::NewTournament: return plan_new_tournament(app, f);
        case Mode::StartTournament:
            return Run([db = db_of(f), name = f.start_tournament] {
                return server::start_tournament(std::cout, std::cerr, db, name);
            });
        case Mode::TournamentFirst:
            if (!given(app, "--starter") || !given(app, "--against"))
                return Failure{"--tournament-first " + clean_name(f.tournament_first) +
                               " needs --starter PLAYER and --against OPPONENT: the player who plays White "
                               "in round 1 of the match, and their opponent"};
            return Run([db = db_of(f), name = f.tournament_first, starter = f.starter, against = f.against] {
                return server::choose_starter(std::cout, std::cerr, db, name, starter, against,
                                              std::time(nullptr));
            });
        case Mode::Standings:
            return Run([db = db_of(f), name = f.standings] {
                return server::print_standings(std::cout, std::cerr, db, name);
            });
        case Mode::Profile:
            return Run([db = db_of(f), name = f.profile] {
                return server::print_profile(std::cout, std::cerr, db, name, std::time(nullptr));
            });
        case Mode::AccountKind:
            if (f.kind.empty())
                return Failure{"--account-kind " + clean_name(f.account_kind) +
                               " needs --kind human or --kind bot: a person's account or a computer's"};
            return Run([db = db_of(f), name = f.account_kind, kind = f.kind] {
                return server::set_account_kind(std::cout, std::cerr, db, name, kind);
            });
        case Mode::Ratings: {
            const Variant v = variant_of(app, f);
            const auto rules = given(app, "--rules") ? std::optional(v.rules) : std::nullopt;
            const auto size = given(app, "--size") ? std::optional(v.size) : std::nullopt;
            return Run([db = db_of(f), rules, size] {
                return server::print_ratings(std::cout, std::cerr, db, rules, size, std::time(nullptr));
            });
        }
        case Mode::BenchStore:
            return Run([db = f.db] {
                return server::run_store_bench(std::cout, std::cerr, net::monotonic_clock(), db);
            });
    }
    return Failure{"no such mode"};
}

// ---- Grabble -----------------------------------------------------------------------------------------
// `--game grabble`, or the program run as `grabble` (make install links it so): the word game, with a
// command line of its own, read the same way (flags, then one mode, then every value checked).

// The flags of Grabble's settings (engine/grabble/settings.h's choice_fields but the players, which
// --player, --computers and --level give), each read by set_choice, as the settings file's lines are.
struct GrabbleField {
    std::string_view flag;  // "--" and the field's name
    const char* help;
    std::string_view field() const { return flag.substr(2); }
};
constexpr GrabbleField grabble_fields[] = {
    {"--computers-play",
     "same-time (the default: the computers grab as the people do) or wait (they grab once every person has "
     "passed: the seed's \"Comp plays at same time\" off)"},
    {"--blanks", "none, sticking (a blank keeps its first letter) or non-sticking (the default)"},
    {"--min-length", "The shortest word that may be grabbed: 2 to 10 (default 3)"},
    {"--words",
     "The word list: a Debian list's name (default american-english; american-english-huge...) or FILE, one "
     "word a line, or the seed's anagram list (sorted letters, a tab, the word)"},
    {"--tiles",
     "The tiles: english (the classic 100, with 2 blanks) or changes to it, 'english Q0 ?4', or a whole set "
     "'A9:1 B2:3 ...' (FACE COUNT:VALUE)"},
    {"--scoring", "letters (the letters' values, the default), length-squared or tiles"},
    {"--clues", "on or off (the default): the words that could be grabbed now, shown under the table"},
    {"--tie-window",
     "Grabs closer than this that need the same tiles are all refused: 0 to 5s (default 300ms)"},
    {"--reveal-pause", "With no grab for this long a tile comes by itself: 0 (off) or 1s to 2m (default 7s)"},
    {"--last-minute", "The time for the last words once the bag is empty: 1s to 10m (default 1m)"},
};

const FlagList grabble_setting_flags = [] {
    FlagList out;
    for (const GrabbleField& g : grabble_fields) out.push_back(g.flag);
    return out;
}();

struct GrabbleFlags {
    std::string game = "grabble";
    std::vector<std::string> players;
    int computers = 0;
    std::string level = "medium";
    std::string fields[std::size(grabble_fields)];
    std::string seed;
    ui::GrabbleOptions ui;
    std::string replay, review;
    std::string bench;  // --bench takes no value: one given is said to be wrong
};

void declare_grabble(CLI::App& app, GrabbleFlags& f) {
    app.set_version_flag("--version", "gobblet " + std::string(program_version));
    app.add_option("--game", f.game,
                   "The game: grabble (this one) or gobblet (./main --help lists its flags)")
        ->check(CLI::IsMember({"gobblet", "grabble"}));
    app.add_option("--player", f.players,
                   "A player, in turn order; again for each: NAME (a person at this keyboard), computer, "
                   "computer:LEVEL or NAME=computer:LEVEL (default: You and three computers)")
        ->allow_extra_args(false);
    app.add_option("--computers", f.computers, "Add N computers at --level after the players (0 to 7)")
        ->check(CLI::Range(0, grabble::max_players - 1));
    app.add_option("--level", f.level,
                   "The computers' level: easy (common words, slow), medium (default), hard or max (the best "
                   "grab at once)")
        ->check(CLI::IsMember({"easy", "medium", "hard", "max"}));
    for (std::size_t i = 0; i < std::size(grabble_fields); ++i)
        app.add_option(std::string(grabble_fields[i].flag), f.fields[i], grabble_fields[i].help);
    app.add_option("--seed", f.seed,
                   "Seed for the bag's order and the computers' times, for a game that repeats")
        ->check(seed_range);
    CLI::Option* resume = app.add_flag("--resume", f.ui.resume, "Continue the last unfinished Grabble game");
    app.add_option("--load", f.ui.load_path, "Open a Grabble game (a transcript file)")->excludes(resume);
    app.add_flag("--no-color", f.ui.no_color, "Draw without colour (so does NO_COLOR=1)");
    app.add_option("--replay", f.replay,
                   "Print a Grabble transcript's game: each reveal and grab, then the scores");
    app.add_option("--review", f.review,
                   "The same, with the best words nobody took at each reveal (\"nobody saw CATSUP\")");
    app.add_option("--bench", f.bench,
                   "Time loading and indexing the largest installed word list, and the best-grab search")
        ->expected(0, 1)
        ->type_name("");  // it takes nothing (a depth given is refused with a reason, not by CLI11)
}

const std::vector<ModeRow> grabble_modes = {
    {Mode::Game, "",
     grabble_setting_flags + FlagList{"--game", "--player", "--computers", "--level", "--seed", "--resume",
                                      "--load", "--no-color"}},
    {Mode::Replay, "--replay", {"--game", "--words"}},
    {Mode::Review, "--review", {"--game", "--words"}},
    {Mode::Bench, "--bench", {"--game"}},
};

// The word lists a transcript names, or --words for all of them (a transcript from another machine).
saves::WordListSource grabble_lists(const std::string& words) {
    return
        [words](std::string_view name) { return saves::load_game_word_list(words.empty() ? name : words); };
}

Expected<Run> plan_grabble(const ModeRow& mode, const CLI::App& app, GrabbleFlags& f, const char* argv0) {
    std::string words;  // --words
    for (std::size_t i = 0; i < std::size(grabble_fields); ++i)
        if (grabble_fields[i].flag == "--words") words = f.fields[i];
    switch (mode.mode) {
        case Mode::Replay:
        case Mode::Review: {
            const bool review = mode.mode == Mode::Review;
            return Run([path = review ? f.review : f.replay, lists = grabble_lists(words), review] {
                return saves::run_grabble_replay(std::cout, std::cerr, path, lists, review);
            });
        }
        case Mode::Bench:
            if (!f.bench.empty()) return Failure{"--game grabble --bench takes no depth: give --bench alone"};
            return Run([list = saves::largest_word_list()] {
                return grabble::run_bench(std::cout, net::monotonic_clock(), list.string(),
                                          [list] { return saves::read_word_list_text(list); });
            });
        default: break;
    }
    ui::GrabbleOptions o = f.ui;
    o.program = program_name(argv0);
    const Level level = *parse_level(f.level);
    if (given(app, "--level")) o.level = level;
    for (std::size_t i = 0; i < std::size(grabble_fields); ++i) {
        if (!given(app, grabble_fields[i].flag)) continue;
        if (const auto set = grabble::set_choice(o.choice, grabble_fields[i].field(), f.fields[i], level);
            !set)
            return Failure{"--" + set.why()};
    }
    if (given(app, "--player") || given(app, "--computers")) {
        std::vector<grabble::Seat> players;
        for (const std::string& spec : f.players) {
            const auto seat = grabble::parse_player(spec, level);
            if (!seat) return Failure{"--player " + clean_name(spec) + ": " + seat.why()};
            players.push_back(*seat);
        }
        if (!given(app, "--player")) players.push_back(grabble::Seat{"You", false, level});
        for (int i = 0; i < f.computers; ++i) players.push_back(grabble::Seat{"", true, level});
        if (players.size() > std::size_t(grabble::max_players))
            return Failure{"--player and --computers: " + std::to_string(players.size()) +
                           " players; a game has 1 to " + std::to_string(grabble::max_players)};
        grabble::name_computers(players);
        grabble::Settings probe;
        probe.players = players;
        if (const auto ok = grabble::check_settings(probe); !ok) return Failure{"--player: " + ok.why()};
        o.choice.players = players;
    }
    if (given(app, "--seed")) o.seed = *parse_seed(f.seed);
    return Run([o] {
        saves::remove_stale_temporaries();
        return ui::run_grabble(o);
    });
}

int grabble_main(int argc, char** argv) {
    CLI::App app{
        "grabble: Anagrams in real time, in a terminal: take words from the pool and from each "
        "other, against the computer and people at the same keyboard (gobblet --game grabble)"};
    GrabbleFlags flags;
    declare_grabble(app, flags);
    app.allow_extras();  // (Gobblet's flags are named as such below)
    app.failure_message([](const CLI::App* a, const CLI::Error& e) {
        return "gobblet: " + CLI::FailureMessage::simple(a, e);
    });
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : usage_error;
    }
    if (const std::vector<std::string> extra = app.remaining(); !extra.empty()) {
        const std::string& first = extra.front();
        std::cerr
            << "gobblet: "
            << (first.rfind("--", 0) == 0
                    ? clean_name(first) +
                          " cannot be combined with --game grabble (--game grabble --help lists its flags)"
                    : "'" + clean_name(first) +
                          "' is not a flag of --game grabble (--game grabble --help lists them)")
            << "\n";
        return usage_error;
    }
    const auto mode = choose_mode(app, grabble_modes);
    if (!mode) {
        std::cerr << "gobblet: " << mode.why() << "\n";
        return usage_error;
    }
    const auto run = plan_grabble(**mode, app, flags, argc > 0 ? argv[0] : nullptr);
    if (!run) {
        std::cerr << "gobblet: " << run.why() << "\n";
        return usage_error;
    }
    return (*run)();
}

// Grabble's command line reads this one when it asks for Grabble: --game grabble (--game=grabble), or
// the program run as `grabble` without --game gobblet.
bool grabble_asked(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--game" && i + 1 < argc) return std::string_view(argv[i + 1]) == "grabble";
        if (a.rfind("--game=", 0) == 0) return a.substr(7) == "grabble";
    }
    return argc > 0 && std::filesystem::path(argv[0]).filename() == "grabble";
}

}  // namespace

int main(int argc, char** argv) {
    if (grabble_asked(argc, argv)) return grabble_main(argc, argv);
    CLI::App app{"gobblet: the nesting tic-tac-toe of Blue Orange Games, in a terminal"};
    Flags flags;
    declare(app, flags);
    // CLI11's refusals start with the program's name, as every other usage error does.
    app.failure_message([](const CLI::App* a, const CLI::Error& e) {
        return "gobblet: " + CLI::FailureMessage::simple(a, e);
    });
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version end here too, with status 0; anything CLI11 refuses is a usage error.
        return app.exit(e) == 0 ? 0 : usage_error;
    }
    const auto mode = choose_mode(app);
    if (!mode) {
        std::cerr << "gobblet: " << mode.why() << "\n";
        return usage_error;
    }
    const auto run = plan(**mode, app, flags, argc > 0 ? argv[0] : nullptr);
    if (!run) {
        std::cerr << "gobblet: " << run.why() << "\n";
        return usage_error;
    }
    return (*run)();
}
