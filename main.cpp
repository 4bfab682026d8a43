// gobblet: parses the command line and hands over to the curses game, the engine protocol, a replay
// or a benchmark. Nothing else lives here.
#include <CLI/CLI.hpp>

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <optional>
#include <random>
#include <string>

#include "engine/bench.h"
#include "engine/game.h"
#include "engine/match.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/player.h"
#include "engine/protocol.h"
#include "engine/puzzle.h"
#include "engine/review.h"
#include "engine/selfplay.h"
#include "engine/text.h"
#include "net/bot.h"
#include "net/code.h"
#include "net/socket.h"
#include "saves/identity.h"
#include "saves/puzzles.h"
#include "saves/savefile.h"
#include "saves/ssh_identity.h"
#include "saves/store.h"
#include "server/commands.h"
#include "server/server.h"
#include "ui/app.h"
#include "ui/lobby_screen.h"
#include "ui/puzzle_session.h"

namespace {

constexpr const char* version = "gobblet 0.1.0";

using namespace gobblet;

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
std::optional<std::uint64_t> parse_seed(std::string_view text) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}
const CLI::Validator seed_range(
    [](std::string& text) -> std::string {
        if (parse_seed(text)) return {};
        return "N is a whole number from 0 to 18446744073709551615, not '" + excerpt(text, 32) + "'";
    },
    "N");

// --white and --black: "human", "computer", "computer:LEVEL", or the name of a human player.
std::optional<SeatSpec> parse_seat(const std::string& value, std::string& why) {
    SeatSpec seat;
    if (value == "human") return seat;
    if (value == "computer" || value.rfind("computer:", 0) == 0) {
        seat.kind = SeatKind::Computer;
        if (value.size() > 9) {
            seat.level = parse_level(value.substr(9));
            if (!seat.level) {
                why = "unknown level '" + clean_name(value.substr(9)) + "': use easy, medium, hard or max";
                return std::nullopt;
            }
        }
        return seat;
    }
    seat.name = clean_name(value);
    if (seat.name.empty()) {
        why = "a name needs at least one visible character (or use human or computer)";
        return std::nullopt;
    }
    return seat;
}

// The clock flags, read together: a DM clock (--turn-time, --reserve, --reserve-chunk) or a Fischer
// clock (--game-time, --increment), never both.
struct ClockFlags {
    std::string turn, reserve, chunk, game, increment;

    void dm_preset() {
        if (turn.empty()) turn = "2m";
        if (reserve.empty()) reserve = "5m";
        if (chunk.empty()) chunk = "30s";
    }
    std::optional<ClockSettings> settings(std::string& why) const {
        Millis values[5] = {};
        const char* names[5] = {"--turn-time", "--reserve", "--reserve-chunk", "--game-time", "--increment"};
        const std::string* texts[5] = {&turn, &reserve, &chunk, &game, &increment};
        for (int i = 0; i < 5; ++i) {
            if (texts[i]->empty()) continue;
            const auto d = parse_duration(*texts[i]);
            if (!d) {
                why = std::string(names[i]) + " " + clean_name(*texts[i]) +
                      ": not a time; write it as 90, 90s, 2m, 1m30s or 2:30 (at most 24h)";
                return std::nullopt;
            }
            values[i] = *d;
        }
        const bool dm = !turn.empty() || !reserve.empty() || !chunk.empty();
        const bool fischer = !game.empty() || !increment.empty();
        if (dm && fischer) {
            why =
                "choose one clock: --turn-time/--reserve/--reserve-chunk (DM) or --game-time/--increment "
                "(Fischer)";
            return std::nullopt;
        }
        if (dm) {
            if (turn.empty() || values[0] <= 0) {
                why = "a DM clock needs --turn-time above zero (e.g. --turn-time 2m)";
                return std::nullopt;
            }
            const Millis chunk_ms = chunk.empty() ? 30'000 : values[2];
            if (values[1] > 0 && chunk_ms <= 0) {
                why = "--reserve-chunk must be above zero when there is a reserve";
                return std::nullopt;
            }
            return ClockSettings::dm(values[0], values[1], chunk_ms);
        }
        if (fischer) {
            if (game.empty() || values[3] <= 0) {
                why = "a Fischer clock needs --game-time above zero (e.g. --game-time 5m)";
                return std::nullopt;
            }
            return ClockSettings::fischer(values[3], values[4]);
        }
        return ClockSettings{};
    }
};

// The engine never reads the time; front ends that need "now" get it from here: milliseconds of
// steady_clock, which never jumps.
Millis monotonic_millis() {
    return Millis(std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

// The network flags' combinations (docs/network.md): "" or why the command line cannot be played.
std::string network_flag_problem(const CLI::App& app, const std::string& host_at, const std::string& join_to,
                                 const std::string& code) {
    const bool host = app.count("--host") > 0, join = app.count("--join") > 0;
    if (!host && !join) {
        if (app.count("--code")) return "--code goes with --host or --join";
        if (app.count("--grace") && !app.count("--serve"))
            return "--grace goes with --host or --serve: the host decides when an absent player's time runs";
        return "";
    }
    if (host && join) return "--host and --join cannot be combined: one machine hosts, the other joins";
    for (const char* other :
         {"--load", "--gtp", "--replay", "--match", "--perft", "--bench", "--bench-paste"})
        if (app.count(other))
            return std::string(host ? "--host" : "--join") + " cannot be combined with " + other;
    std::string why;
    const auto at = net::parse_endpoint(host ? host_at : join_to, &why);
    if (!at)
        return std::string(host ? "--host " : "--join ") + clean_name(host ? host_at : join_to) + ": " + why;
    if (join && (at->host.empty() || at->port == 0))
        return "--join " + clean_name(join_to) +
               ": give the host and its port, like 192.168.1.5:7000 or [::1]:7000";
    if (!code.empty() && !net::normalize_code(code))
        return "--code " + clean_name(code) +
               ": a code is 4 to 32 letters and digits (dashes and spaces do not matter)";
    if (host && app.count("--white") && app.count("--black"))
        return "with --host, give your own side only (--white or --black): the other is the remote player";
    if (join)
        for (const char* game : {"--rules", "--size", "--first-to", "--turn-time", "--reserve",
                                 "--reserve-chunk", "--game-time", "--increment", "--dm", "--grace"})
            if (app.count(game))
                return std::string(game) + " cannot be given with --join: the host sets the game";
    return "";
}

// --perft N: leaf count, time and speed, for spotting move generator regressions.
int run_perft(int depth, Variant v) {
    Position pos(v);
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t leaves = perft(pos, depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("perft %d (%dx%d, %s rules): %llu leaves in %.3f s, %.1f million leaves/s\n", depth, v.size,
                v.size, rules_name(v.rules), static_cast<unsigned long long>(leaves), seconds,
                seconds > 0 ? double(leaves) / seconds / 1e6 : 0.0);
    return 0;
}

// The game of a transcript or save file given on the command line; on error, says why on stderr.
std::optional<Game> game_from_file(const std::string& path, const saves::VariantChoice& choice) {
    std::string text;
    if (std::string err = saves::read_file(path, text); !err.empty()) {
        std::cerr << "gobblet: " << err << "\n";
        return std::nullopt;
    }
    saves::Loaded loaded = saves::load_text(text, choice);
    if (loaded.error) {
        std::cerr << "gobblet: " << path << ": " << loaded.error->message("--rules") << "\n";
        return std::nullopt;
    }
    return std::move(loaded.game);
}

// --replay FILE: the final position and state as plain text; errors to stderr, non-zero exit.
int run_replay(const std::string& path, const saves::VariantChoice& choice) {
    const std::optional<Game> g = game_from_file(path, choice);
    if (!g) return 1;
    std::cout << board_text(g->position()) << result_text(g->result(), g->variant().size, g->side_to_move())
              << "\n";
    return 0;
}

// --review FILE: every move judged, one line a move, then a summary a side (review.h's format).
int run_review(const std::string& path, const saves::VariantChoice& choice, const JudgeLimits& limits) {
    const std::optional<Game> g = game_from_file(path, choice);
    if (!g) return 1;
    std::cout << review_text(review_game(*g, limits)) << std::flush;
    return 0;
}

// The shipped sets: name, variant and how many puzzles of each length (1, 2, 3 moves).
struct SetRecipe {
    const char* name;
    Variant variant;
    int wanted[max_puzzle_moves];
};
constexpr SetRecipe shipped_recipes[] = {
    {"official-4x4", {4, Rules::Official}, {70, 80, 70}},
    {"rogers-4x4", {4, Rules::Rogers}, {70, 80, 70}},
    {"3x3", {3, Rules::Official}, {20, 20, 20}},
};

std::string set_summary(const PuzzleSet& set) {
    int length[max_puzzle_moves] = {}, unique = 0;
    for (const Puzzle& p : set.puzzles) {
        ++length[p.length - 1];
        unique += p.unique();
    }
    char buf[200];
    std::snprintf(buf, sizeof buf, "%zu puzzles (%d win in 1, %d in 2, %d in 3; %d with a unique first move)",
                  set.puzzles.size(), length[0], length[1], length[2], unique);
    return buf;
}

// --make-puzzles DIR: generates the shipped sets from self-play into DIR/<set>.txt, proving each.
int run_make_puzzles(const std::string& dir, std::uint64_t seed) {
    for (const SetRecipe& r : shipped_recipes) {
        PuzzleRecipe recipe;
        recipe.name = r.name;
        recipe.variant = r.variant;
        std::copy(std::begin(r.wanted), std::end(r.wanted), recipe.wanted);
        recipe.seed = seed;
        const auto start = std::chrono::steady_clock::now();
        const PuzzleSet set = make_puzzles(recipe, nullptr, [&](int found, int wanted, int games) {
            if (games % 50 == 0)
                std::cerr << r.name << ": " << found << "/" << wanted << " after " << games << " games\n";
        });
        const std::string path = dir + "/" + r.name + ".txt";
        if (std::string err = saves::write_file(path, puzzle_set_text(set)); !err.empty()) {
            std::cerr << "gobblet: " << err << "\n";
            return 1;
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%s: %s: written to %s in %.1f s\n", r.name, set_summary(set).c_str(), path.c_str(),
                    seconds);
    }
    return 0;
}

// --verify-puzzles [FILE...]: proves every puzzle of the files, or of the sets built into the program.
int run_verify_puzzles(const std::vector<std::string>& files) {
    std::vector<std::pair<std::string, std::string>> texts;  // where, text
    if (files.empty()) {
        for (const saves::EmbeddedText& t : saves::shipped_puzzle_texts())
            texts.emplace_back("built-in " + std::string(t.name), std::string(t.text));
    }
    for (const std::string& path : files) {
        std::string text;
        if (std::string err = saves::read_file(path, text); !err.empty()) {
            std::cerr << "gobblet: " << err << "\n";
            return 1;
        }
        texts.emplace_back(path, text);
    }
    int failures = 0;
    for (const auto& [where, text] : texts) {
        const ParsedPuzzleSet parsed = parse_puzzle_set(text);
        if (parsed.error) {
            std::cerr << "gobblet: " << where << ": " << parsed.error->message() << "\n";
            ++failures;
            continue;
        }
        const auto start = std::chrono::steady_clock::now();
        for (const Puzzle& p : parsed.set.puzzles)
            if (std::string why = verify_puzzle(parsed.set, p); !why.empty()) {
                std::cerr << "gobblet: " << where << ": puzzle " << p.id << ": " << why << "\n";
                ++failures;
            }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%s: %s: proven in %.2f s\n", where.c_str(), set_summary(parsed.set).c_str(), seconds);
    }
    if (failures) std::printf("%d problem%s\n", failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}

// --lobby (docs/lobby.md): a server's address, a name (registered names, and a guest's too: the server
// makes it ~NAME), and nothing that sets up another game. "" or what is wrong.
// `via_ssh`: run by sshd's ForceCommand (docs/server.md, "The SSH front door"), where the player gives
// the name on ssh's command line.
std::string lobby_flag_problem(const CLI::App& app, const std::string& lobby_at, const std::string& name,
                               bool via_ssh) {
    if (lobby_at.empty()) return app.count("--guest") ? "--guest goes with --lobby" : "";
    for (const char* other : {"--host", "--join", "--serve", "--bot", "--gtp", "--replay", "--match",
                              "--load", "--resume", "--puzzles", "--tutorial", "--review", "--seek"})
        if (app.count(other)) return std::string("--lobby cannot be combined with ") + other;
    std::string why;
    const auto at = net::parse_endpoint(lobby_at, &why);
    if (!at || (!at->is_unix() && (at->host.empty() || at->port == 0)))
        return "--lobby " + clean_name(lobby_at) + ": " +
               (at ? "give the server's host and port (example.org:7300) or unix:PATH" : why);
    if (!net::lobby::valid_name(name) && via_ssh) {
        const passwd* pw = getpwuid(getuid());
        return "say the name you play under after the server's address: ssh -t " +
               clean_name(pw ? pw->pw_name : "play") +
               "@SERVER NAME (2 to 20 letters, digits, '-' or '_', starting with a letter)";
    }
    if (!net::lobby::valid_name(name))
        return name.empty() ? "--lobby needs --name NAME: the name you play under (2 to 20 letters, digits, "
                              "'-' or '_', starting with a letter; with --guest too)"
                            : "--name " + clean_name(name) +
                                  ": 2 to 20 letters, digits, '-' or '_', starting with a letter";
    return "";
}

// --serve and --bot (docs/server.md): the flags that go with each, read into their configurations.
struct ServiceFlags {
    bool serve = false;
    std::vector<std::string> listen;
    std::vector<std::string> ssh_users;
    std::string greeting, bot, name, seek, enter;
    long max_connections = 0;  // 0: the server's default
};

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

int run_service(const CLI::App& app, const ServiceFlags& f, const std::string& db, const std::string& grace,
                const PlayerSettings& player, const Variant& variant, int first_to) {
    const auto refuse = [](const std::string& why) {
        std::cerr << "gobblet: " << why << "\n";
        return 2;
    };
    if (f.serve && !f.bot.empty()) return refuse("--serve and --bot are two programs: run each on its own");
    for (const char* other : {"--host", "--join", "--gtp", "--replay", "--match", "--ratings", "--load"})
        if (app.count(other))
            return refuse(std::string(f.serve ? "--serve" : "--bot") + " cannot be combined with " + other);
    if (f.serve) {
        server::ServerConfig c;
        for (const std::string& l : f.listen) {
            std::string why;
            const auto e = net::parse_endpoint(l, &why);
            if (!e) return refuse("--listen " + clean_name(l) + ": " + why);
            c.listen.push_back(*e);
        }
        c.db = db;
        if (!grace.empty()) {
            const auto d = parse_duration(grace);
            if (!d)
                return refuse("--grace " + clean_name(grace) +
                              ": not a time; write it as 30s, 2m or 1m30s (at most 24h)");
            c.hub.limits.grace = *d;
        }
        if (!f.greeting.empty()) c.hub.greeting = clean_text(f.greeting, net::lobby::max_text);
        for (const std::string& u : f.ssh_users) {
            const auto uid = user_id(u);
            if (!uid)
                return refuse(
                    "--ssh-user " + clean_name(u) +
                    ": no such user here: give the account sshd lets players in as (its name or uid)");
            c.hub.ssh_uids.push_back(*uid);
        }
        if (!f.ssh_users.empty() && std::none_of(c.listen.begin(), c.listen.end(),
                                                 [](const net::Endpoint& e) { return e.is_unix(); }))
            return refuse(
                "--ssh-user goes with --listen unix:PATH: sshd's players come in through a unix socket");
        if (app.count("--max-connections")) {
            if (f.max_connections < 1 || f.max_connections > 1'000'000)
                return refuse("--max-connections " + std::to_string(f.max_connections) + ": 1 to 1000000");
            c.max_connections = std::size_t(f.max_connections);
        }
        return server::run_server(c, std::cerr);
    }
    net::BotConfig c;
    std::string why;
    const auto at = net::parse_endpoint(f.bot, &why);
    if (!at || (!at->is_unix() && (at->host.empty() || at->port == 0)))
        return refuse("--bot " + clean_name(f.bot) + ": " + (at ? "give the server's host and port" : why));
    if (!net::lobby::valid_name(f.name))
        return refuse("--bot needs --name NAME: 2 to 20 letters, digits, '-' or '_', starting with a letter");
    c.server = *at;
    c.name = f.name;
    c.player = player;
    if (!f.enter.empty() && !net::lobby::valid_tournament_name(f.enter))
        return refuse("--enter " + clean_name(f.enter) +
                      ": a tournament's name has 2 to 32 letters, digits, '-', '_' or '.'");
    c.enter = f.enter;
    if (!f.seek.empty()) {
        const auto clock = net::lobby::parse_terms_clock(f.seek, &why);
        if (!clock) return refuse("--seek " + clean_name(f.seek) + ": " + why);
        net::lobby::Terms t{MatchSettings{variant, first_to, *clock}, clock->enabled()};
        if (std::string problem = net::lobby::terms_problem(t); !problem.empty())
            return refuse("--seek: " + problem);
        c.seek = t;
    }
    const saves::Secret secret = saves::lobby_secret(saves::secrets_dir(), net::endpoint_text(*at), f.name);
    if (!secret.error.empty()) return refuse(secret.error);
    c.secret = secret.secret;
    return net::run_bot(c, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"gobblet: the nesting tic-tac-toe of Blue Orange Games, in a terminal"};
    app.set_version_flag("--version", version);

    std::string rules = "official";
    int size = 4;
    int perft_depth = 0;
    std::string replay_path;
    bool gtp = false;
    CLI::Option* rules_opt =
        app.add_option("--rules", rules,
                       "Rule set: official (Blue Orange) or rogers (Ed Rogers' house rules)")
            ->check(CLI::IsMember({"official", "rogers"}));
    CLI::Option* size_opt = app.add_option("--size", size, "Board size: 4 (Gobblet) or 3 (Gobblet Jr.)")
                                ->check(CLI::IsMember({3, 4}));

    // The game: who plays, the match and its clock.
    ui::Options ui_options;
    std::string white = "human", black = "human", level = "medium";
    app.add_option("--white", white,
                   "Who plays White (and starts round 1): human, computer, computer:LEVEL or a human's name");
    app.add_option("--black", black, "Who plays Black: human, computer, computer:LEVEL or a human's name");
    app.add_option("--level", level, "Computer strength: easy, medium, hard or max (default medium)")
        ->check(CLI::IsMember({"easy", "medium", "hard", "max"}));
    app.add_option("--think", ui_options.player.think_seconds,
                   "Seconds the computer thinks a move at its top level (default 1; from 0.01 to 3600)")
        ->check(think_range);
    std::string seed_text;
    app.add_option("--seed", seed_text, "Seed for the computer's choices, for reproducible games")
        ->check(seed_range);
    int first_to = 1;
    CLI::Option* first_to_opt =
        app.add_option("--first-to", first_to, "Play rounds until a player has N wins (default 1: one game)")
            ->check(CLI::Range(1, max_first_to));
    ClockFlags clock_flags;
    app.add_option("--turn-time", clock_flags.turn, "DM clock: time for each turn (90, 90s, 2m, 1m30s)");
    app.add_option("--reserve", clock_flags.reserve, "DM clock: reserve for the whole match (default 0)");
    app.add_option("--reserve-chunk", clock_flags.chunk,
                   "DM clock: what an overrun takes from the reserve (default 30s)");
    app.add_option("--game-time", clock_flags.game, "Fischer clock: time per player per round");
    app.add_option("--increment", clock_flags.increment, "Fischer clock: time added after each move");
    bool dm = false;
    app.add_flag("--dm", dm,
                 "The tournament's death match: --size 4 --first-to 2 --turn-time 2m --reserve 5m "
                 "--reserve-chunk 30s (each can be overridden)");
    app.add_flag("--resume", ui_options.resume, "Continue the last unfinished game");
    CLI::Option* load_opt =
        app.add_option("--load", ui_options.load_path, "Open a saved game (a transcript file)");
    app.add_flag("--no-color", ui_options.no_color, "Draw without colour (so does NO_COLOR=1)");
    app.add_flag("--coach", ui_options.coach,
                 "The coach: warns of a human's bad moves against the computer and offers to take them back");
    app.add_option("--speed", ui_options.speed,
                   "How fast the computer plays itself, for watching: fast, normal (default) or slow")
        ->check(CLI::IsMember({"fast", "normal", "slow"}));
    load_opt->excludes(app.get_option("--resume"));
    std::string host_at, join_to, code;
    app.add_option("--host", host_at,
                   "Host a network game on [ADDR:]PORT; the other player joins (docs/network.md)");
    app.add_option("--join", join_to, "Join a network game at HOST:PORT ([v6]:PORT for IPv6)");
    app.add_option("--code", code, "The join code (the host's own, or the one to join with)");
    std::string grace;
    app.add_option("--grace", grace,
                   "Network host: how long a player whose connection dropped may take to come back before "
                   "play goes on without them (default 30s)");
    std::string puzzles_set;
    CLI::Option* puzzles_opt =
        app.add_option("--puzzles", puzzles_set,
                       "Solve puzzles: official, rogers or 3x3 (default: the set of --rules and --size)")
            ->expected(0, 1);
    app.add_flag("--tutorial", ui_options.tutorial,
                 "Start with the tutorial (it shows by itself only on a plain first start)");

    // Other front ends and measurements.
    app.add_option("--perft", perft_depth, "Count leaf positions N plies from the start, with time and speed")
        ->check(CLI::Range(0, 12));
    app.add_option("--replay", replay_path, "Replay a transcript and print the final position and state");
    std::string review_path;
    JudgeLimits review_limits;
    app.add_option(
        "--review", review_path,
        "Judge every move of a transcript (good, inaccuracy, mistake, blunder) and print the review");
    CLI::Option* review_time_opt =
        app.add_option("--review-time", review_limits.seconds,
                       "Seconds of search a move for --review (default: a search to depth 6 a move)")
            ->check(CLI::Range(0.01, 3600.0));
    std::string make_puzzles_dir;
    app.add_option("--make-puzzles", make_puzzles_dir,
                   "Generate the puzzle sets from self-play into a folder (--seed picks the games)");
    std::vector<std::string> verify_files;
    CLI::Option* verify_opt =
        app.add_option("--verify-puzzles", verify_files,
                       "Prove every puzzle of the given files, or of the sets built into the program")
            ->expected(0, -1);
    app.add_flag("--gtp", gtp, "Answer the engine protocol (GTP-style text commands) on stdin/stdout");
    int bench_depth = 0;
    app.add_option("--bench", bench_depth,
                   "Search the benchmark positions (to depth N) and print nodes, speed and signature")
        ->expected(0, 1)
        ->check(CLI::Range(0, 30));
    bool bench_paste = false;
    app.add_flag("--bench-paste", bench_paste, "Time applying and drawing a pasted 1,000-move transcript");
    MatchOptions match;
    std::string match_spec;
    app.add_option("--match", match_spec,
                   "Self-play A:B between levels or abN (fixed-depth alpha-beta), e.g. max:ab4");
    app.add_option("--games", match.games,
                   "Games in a --match (default 100); with --first-to or a clock, matches (default 1)")
        ->check(CLI::Range(1, 100000));

    // The server's database.
    std::string db_path;
    app.add_option("--db", db_path, "The server's database file (default $XDG_DATA_HOME/gobblet/server.db)");
    bool ratings = false, bench_store = false;
    ServiceFlags service;
    app.add_flag("--serve", service.serve, "Run the server in the foreground (docs/server.md)");
    app.add_option("--listen", service.listen,
                   "--serve: listen on [ADDR:]PORT or unix:PATH, again for more (default 127.0.0.1 and ::1, "
                   "port 7300)")
        ->allow_extra_args(false);
    app.add_option("--greeting", service.greeting, "--serve: the server's greeting in the lobby");
    app.add_option(
           "--ssh-user", service.ssh_users,
           "--serve: believe the SSH key and address that this user's lobby clients say they came with "
           "(the account sshd runs the lobby for; on a unix socket only); again for more")
        ->allow_extra_args(false);
    app.add_option("--max-connections", service.max_connections,
                   "--serve: connections at most (default 20000; each is a descriptor: see ulimit -n)");
    app.add_option("--bot", service.bot, "A computer player in a server's lobby at HOST:PORT or unix:PATH");
    app.add_option("--name", service.name, "--bot, --lobby: the name to play under");
    std::string lobby_at;
    bool guest = false;
    app.add_option("--lobby", lobby_at, "The lobby of a server at HOST:PORT or unix:PATH (docs/lobby.md)");
    app.add_flag("--guest", guest, "--lobby: play as a guest (unrated, the name not registered)");
    app.add_option("--seek", service.seek,
                   "--bot: post a seek of its own with this clock: none, dm, or G+I (5m+2s)");
    app.add_option("--enter", service.enter,
                   "--bot: enter the tournament of this name (and play its matches)");
    // The operator's tournaments (docs/server.md), beside a running server.
    std::string new_tournament, start_tournament, standings, tournament_format = "round-robin",
                                                             first = "schedule";
    app.add_option("--new-tournament", new_tournament,
                   "Make a tournament in the server's database (--db): --format, the match flags, --first");
    app.add_option("--format", tournament_format,
                   "--new-tournament: round-robin (default), knockout or swiss-N");
    app.add_option("--first", first,
                   "--new-tournament: who starts round 1 of each match: schedule (colours balanced) or draw "
                   "(--seed makes the draw repeat)");
    app.add_option("--start-tournament", start_tournament, "Start a tournament made with --new-tournament");
    app.add_option("--standings", standings, "Print a tournament's table; 'final' once every match is over");
    app.add_flag("--ratings", ratings,
                 "Print the ratings kept in the server's database (--db); --rules and --size pick one list");
    app.add_flag("--bench-store", bench_store,
                 "Time the server's database on this machine (in a temporary folder, or at --db FILE)");

    CLI11_PARSE(app, argc, argv);

    if (dm) {  // the preset fills in what the command line left open
        if (!size_opt->count()) size = 4;
        if (!first_to_opt->count()) first_to = 2;
        clock_flags.dm_preset();
    }
    const Variant variant{size, *parse_rules(rules)};
    if (std::string err = network_flag_problem(app, host_at, join_to, code); !err.empty()) {
        std::cerr << "gobblet: " << err << "\n";
        return 2;
    }
    if (puzzles_opt->count()) {
        const PuzzleSet* set =
            puzzles_set.empty() ? saves::shipped_puzzle_set(variant) : ui::find_puzzle_set(puzzles_set);
        if (!set) {
            std::cerr << "gobblet: --puzzles " << clean_name(puzzles_set) << ": no such puzzle set; choose "
                      << ui::puzzle_set_choices << " (without a name, the set of --rules and --size)\n";
            return 2;
        }
        if (app.count("--host") || app.count("--join")) {
            std::cerr << "gobblet: --puzzles cannot be combined with --host or --join\n";
            return 2;
        }
        ui_options.puzzles = true;
        ui_options.puzzle_set = set->name;
    }
    for (const char* f : {"--listen", "--greeting", "--ssh-user", "--max-connections"})
        if (app.count(f) && !service.serve) {
            std::cerr << "gobblet: " << f << " goes with --serve\n";
            return 2;
        }
    // Through sshd's ForceCommand, on the server's own unix socket: the player's address and SSH key.
    const auto lobby_endpoint = lobby_at.empty() ? std::nullopt : net::parse_endpoint(lobby_at);
    const saves::SshIdentity ssh = lobby_endpoint && lobby_endpoint->is_unix() && !guest
                                       ? saves::ssh_identity_from_env()
                                       : saves::SshIdentity{};
    // There the player's name is what they typed after the address (`ssh -t play@host Liam`): sshd runs
    // the ForceCommand instead and gives the words in $SSH_ORIGINAL_COMMAND, which are only ever a name.
    if (ssh.present && !app.count("--name")) {
        const char* typed = std::getenv("SSH_ORIGINAL_COMMAND");
        service.name = typed ? std::string(trim(std::string_view(typed).substr(0, 64))) : std::string();
    }
    if (std::string err = lobby_flag_problem(app, lobby_at, service.name, ssh.present); !err.empty()) {
        std::cerr << "gobblet: " << err << "\n";
        return 2;
    }
    if (app.count("--name") && service.bot.empty() && lobby_at.empty()) {
        std::cerr << "gobblet: --name goes with --bot or --lobby\n";
        return 2;
    }
    for (const char* f : {"--seek", "--enter"})
        if (app.count(f) && service.bot.empty()) {
            std::cerr << "gobblet: " << f << " goes with --bot\n";
            return 2;
        }
    if (service.serve || !service.bot.empty()) {
        PlayerSettings player = ui_options.player;
        player.level = *parse_level(level);
        player.seed = app.count("--seed") ? *parse_seed(seed_text) : std::random_device{}();
        return run_service(app, service, db_path, grace, player, variant, first_to);
    }
    for (const char* f : {"--format", "--first"})
        if (app.count(f) && new_tournament.empty()) {
            std::cerr << "gobblet: " << f << " goes with --new-tournament\n";
            return 2;
        }
    if (!new_tournament.empty() || !start_tournament.empty() || !standings.empty()) {
        const std::filesystem::path db =
            db_path.empty() ? server::default_db_path() : std::filesystem::path(db_path);
        if (!start_tournament.empty())
            return server::start_tournament(std::cout, std::cerr, db, start_tournament);
        if (!standings.empty()) return server::print_standings(std::cout, std::cerr, db, standings);
        std::string why;
        const auto clock = clock_flags.settings(why);
        const auto starts = net::lobby::parse_first(first);
        if (!clock || !starts) {
            std::cerr << "gobblet: " << (clock ? "--first " + clean_name(first) + ": schedule or draw" : why)
                      << "\n";
            return 2;
        }
        const std::uint64_t seed = app.count("--seed") ? *parse_seed(seed_text) : std::random_device{}();
        return server::new_tournament(std::cout, std::cerr, db, new_tournament, tournament_format,
                                      net::lobby::max_tournament_players, *starts,
                                      net::lobby::Terms{MatchSettings{variant, first_to, *clock}, false},
                                      seed, std::time(nullptr));
    }
    if (app.count("--perft")) return run_perft(perft_depth, variant);
    if (app.count("--bench")) return run_bench(std::cout, bench_depth);
    if (bench_paste) return ui::bench_paste(std::cout);
    if (bench_store) return server::run_store_bench(std::cout, std::cerr, db_path);
    if (ratings)
        return server::print_ratings(
            std::cout, std::cerr,
            db_path.empty() ? server::default_db_path() : std::filesystem::path(db_path),
            rules_opt->count() ? std::optional(variant.rules) : std::nullopt,
            size_opt->count() ? std::optional(variant.size) : std::nullopt, std::time(nullptr));

    if (!make_puzzles_dir.empty())
        return run_make_puzzles(make_puzzles_dir, app.count("--seed") ? *parse_seed(seed_text) : 1);
    if (verify_opt->count()) {
        // Given without a file, CLI11 hands over one empty name.
        std::erase(verify_files, std::string());
        return run_verify_puzzles(verify_files);
    }

    ui_options.player.level = *parse_level(level);
    // Without --seed every run plays differently; with it, the same games come back.
    ui_options.player.seed = app.count("--seed") ? *parse_seed(seed_text) : std::random_device{}();
    std::string why;
    const auto clock = clock_flags.settings(why);
    if (!clock) {
        std::cerr << "gobblet: " << why << "\n";
        return 2;
    }
    if (!match_spec.empty()) {
        const auto colon = match_spec.find(':');
        if (colon == std::string::npos) {
            std::cerr << "gobblet: --match wants two players as A:B, e.g. max:ab4\n";
            return 2;
        }
        match.first = match_spec.substr(0, colon);
        match.second = match_spec.substr(colon + 1);
        match.variant = variant;
        match.think_seconds = ui_options.player.think_seconds;
        if (app.count("--seed")) match.seed = ui_options.player.seed;  // else a fixed seed: matches repeat
        match.first_to = first_to;
        match.clock = *clock;
        if (match.match_play() && !app.count("--games")) match.games = 1;  // one match, unless asked
        match.now = monotonic_millis;
        return run_match(match, std::cout, std::cerr);
    }

    saves::VariantChoice choice;
    if (rules_opt->count()) choice.rules = variant.rules;
    if (size_opt->count()) choice.size = variant.size;
    if (!replay_path.empty()) return run_replay(replay_path, choice);
    if (!review_path.empty()) {
        if (review_time_opt->count()) review_limits.depth = 0;
        return run_review(review_path, choice, review_limits);
    }
    // A save interrupted by a kill leaves its temporary file behind: the game and the protocol, the two
    // front ends that write files, clear out old ones as they start.
    saves::remove_stale_temporaries();
    if (gtp) {
        saves::FileStore store;
        Protocol protocol(variant, ui_options.player, store, monotonic_millis);
        return protocol.run(std::cin, std::cout);
    }

    for (const auto& [flag, value, seat] : {std::tuple{"--white", &white, &ui_options.seats[0]},
                                            std::tuple{"--black", &black, &ui_options.seats[1]}}) {
        const auto parsed = parse_seat(*value, why);
        if (!parsed) {
            std::cerr << "gobblet: " << flag << " " << clean_name(*value) << ": " << why << "\n";
            return 2;
        }
        *seat = *parsed;
    }
    ui_options.choice = choice;
    // Messages name the program as it was run ("./main", "gobblet"), without control characters.
    ui_options.program.clear();
    for (const char* p = argc > 0 ? argv[0] : "gobblet"; *p && ui_options.program.size() < 200; ++p)
        if (static_cast<unsigned char>(*p) >= 32 && *p != 127) ui_options.program += *p;
    ui_options.seats_given = app.count("--white") || app.count("--black");
    ui_options.level_given = app.count("--level") > 0;
    ui_options.think_given = app.count("--think") > 0;
    ui_options.speed_given = app.count("--speed") > 0;
    if (!host_at.empty()) {
        ui_options.host_at = net::parse_endpoint(host_at);
        // The host names its own side; the other is the remote player (White by default is the host's).
        const int remote = app.count("--black") ? 0 : 1;
        ui_options.seats[remote] = SeatSpec{SeatKind::Remote, "", std::nullopt};
    }
    if (!join_to.empty()) {
        ui_options.join_to = net::parse_endpoint(join_to);
        ui_options.join_seat = app.count("--black") ? ui_options.seats[1] : ui_options.seats[0];
    }
    if (!code.empty()) ui_options.code = *net::normalize_code(code);
    if (!grace.empty()) {
        const auto d = parse_duration(grace);
        if (!d) {
            std::cerr << "gobblet: --grace " << clean_name(grace)
                      << ": not a time; write it as 30, 30s, 2m or 1m30s (at most 24h)\n";
            return 2;
        }
        ui_options.grace = *d;
    }
    ui_options.match = MatchSettings{variant, first_to, *clock};
    ui_options.match_given = first_to_opt->count() || dm || clock->enabled();
    for (const char* flag :
         {"--white", "--black", "--first-to", "--turn-time", "--reserve", "--reserve-chunk", "--game-time",
          "--increment", "--dm", "--rules", "--size", "--load", "--resume", "--host", "--join", "--code"})
        if (app.count(flag)) ui_options.game_asked = true;
    if (!lobby_at.empty()) {
        ui::LobbyOptions lobby{*net::parse_endpoint(lobby_at), service.name, guest, ssh};
        return ui::run_lobby(ui_options, lobby);
    }
    return ui::run(ui_options);
}
