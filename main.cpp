// gobblet: parses the command line and hands over to the curses game, the engine protocol, a replay
// or a benchmark. Nothing else lives here.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>

#include "engine/bench.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/protocol.h"
#include "engine/selfplay.h"
#include "saves/savefile.h"
#include "saves/store.h"
#include "ui/app.h"

namespace {

constexpr const char* version = "gobblet 0.1.0";

using namespace gobblet;

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

// --replay FILE: the final position and state as plain text; errors to stderr, non-zero exit.
int run_replay(const std::string& path, const saves::VariantChoice& choice) {
    std::string text;
    if (std::string err = saves::read_file(path, text); !err.empty()) {
        std::cerr << "gobblet: " << err << "\n";
        return 1;
    }
    saves::Loaded loaded = saves::load_text(text, choice);
    if (loaded.error) {
        std::cerr << "gobblet: " << path << ": " << loaded.error->message("--rules") << "\n";
        return 1;
    }
    const Game& g = loaded.game;
    std::cout << board_text(g.position()) << result_text(g.result(), g.variant().size, g.side_to_move())
              << "\n";
    return 0;
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

    // The game.
    ui::Options ui_options;
    std::string white = "human", black = "human", level = "medium";
    app.add_option("--white", white, "Who plays White: human or computer")
        ->check(CLI::IsMember({"human", "computer"}));
    app.add_option("--black", black, "Who plays Black: human or computer")
        ->check(CLI::IsMember({"human", "computer"}));
    app.add_option("--level", level, "Computer strength: easy, medium, hard or max (default medium)")
        ->check(CLI::IsMember({"easy", "medium", "hard", "max"}));
    app.add_option("--think", ui_options.player.think_seconds,
                   "Seconds the computer thinks a move at its top level (default 1)")
        ->check(CLI::Range(0.01, 3600.0));
    app.add_option("--seed", ui_options.player.seed,
                   "Seed for the computer's choices, for reproducible games");
    app.add_flag("--resume", ui_options.resume, "Continue the last unfinished game");
    CLI::Option* load_opt =
        app.add_option("--load", ui_options.load_path, "Open a saved game (a transcript file)");
    app.add_flag("--no-color", ui_options.no_color, "Draw without colour (so does NO_COLOR=1)");
    load_opt->excludes(app.get_option("--resume"));

    // Other front ends and measurements.
    app.add_option("--perft", perft_depth, "Count leaf positions N plies from the start, with time and speed")
        ->check(CLI::Range(0, 12));
    app.add_option("--replay", replay_path, "Replay a transcript and print the final position and state");
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
    app.add_option("--games", match.games, "Games in a --match (default 100)")->check(CLI::Range(1, 100000));

    CLI11_PARSE(app, argc, argv);

    const Variant variant{size, *parse_rules(rules)};
    if (app.count("--perft")) return run_perft(perft_depth, variant);
    if (app.count("--bench")) return run_bench(std::cout, bench_depth);
    if (bench_paste) return ui::bench_paste(std::cout);

    ui_options.player.level = *parse_level(level);
    // Without --seed every run plays differently; with it, the same games come back.
    if (!app.count("--seed")) ui_options.player.seed = std::random_device{}();
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
        return run_match(match, std::cout, std::cerr);
    }

    saves::VariantChoice choice;
    if (rules_opt->count()) choice.rules = variant.rules;
    if (size_opt->count()) choice.size = variant.size;
    if (!replay_path.empty()) return run_replay(replay_path, choice);
    if (gtp) {
        saves::FileStore store;
        Protocol protocol(variant, ui_options.player, store);
        return protocol.run(std::cin, std::cout);
    }

    ui_options.choice = choice;
    ui_options.white_computer = white == "computer";
    ui_options.black_computer = black == "computer";
    return ui::run(ui_options);
}
