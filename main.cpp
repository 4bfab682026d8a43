// gobblet: parses the command line and hands over to the curses game, the engine protocol, a replay
// or a benchmark. Nothing else lives here.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/protocol.h"
#include "saves/savefile.h"
#include "saves/store.h"

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
    std::cout << board_text(g.position()) << result_text(g.result(), g.variant().size, g.side_to_move()) << "\n";
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
    CLI::Option* rules_opt = app.add_option("--rules", rules, "Rule set: official (Blue Orange) or rogers (Ed Rogers' house rules)")
                                 ->check(CLI::IsMember({"official", "rogers"}));
    CLI::Option* size_opt =
        app.add_option("--size", size, "Board size: 4 (Gobblet) or 3 (Gobblet Jr.)")->check(CLI::IsMember({3, 4}));
    app.add_option("--perft", perft_depth, "Count leaf positions N plies from the start, with time and speed")
        ->check(CLI::Range(0, 12));
    app.add_option("--replay", replay_path, "Replay a transcript and print the final position and state");
    app.add_flag("--gtp", gtp, "Answer the engine protocol (GTP-style text commands) on stdin/stdout");

    CLI11_PARSE(app, argc, argv);

    const Variant variant{size, *parse_rules(rules)};
    if (app.count("--perft")) return run_perft(perft_depth, variant);

    saves::VariantChoice choice;
    if (rules_opt->count()) choice.rules = variant.rules;
    if (size_opt->count()) choice.size = variant.size;
    if (!replay_path.empty()) return run_replay(replay_path, choice);
    if (gtp) {
        saves::FileStore store;
        Protocol protocol(variant, PlayerSettings{}, store);
        return protocol.run(std::cin, std::cout);
    }

    std::cerr << "gobblet: the terminal game is not built yet; try --replay FILE or --perft N\n";
    return 2;
}
