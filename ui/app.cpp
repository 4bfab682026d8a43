// The curses program (app.h): the shell with the game's screen first, and --bench-paste.
#include "app.h"

#include <curses.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>

#include "engine/movegen.h"
#include "game_screen.h"
#include "shell.h"

namespace gobblet::ui {

namespace {

// A long game for --bench-paste: random legal moves that neither end the game nor repeat a position.
std::vector<Move> long_game(int plies) {
    std::mt19937_64 rng(12345);
    Game g;
    while (int(g.moves().size()) < plies) {
        MoveList moves;
        g.legal_moves(moves);
        std::shuffle(moves.begin(), moves.end(), rng);
        bool played = false;
        for (Move m : moves) {
            g.play(m);
            if (!g.over() && g.occurrences() == 1) {
                played = true;
                break;
            }
            g.undo();
        }
        if (!played) break;
    }
    return g.moves();
}

}  // namespace

int run(const Options& options) {
    Shell shell;
    auto game = std::make_unique<GameScreen>(shell.context(), options);
    if (std::string err = game->prepare(); !err.empty()) {
        std::cerr << err << "\n";
        return 1;
    }
    const bool color = game->color();
    return shell.run(std::move(game), color);
}

int bench_paste(std::ostream& out) {
    const std::vector<Move> moves = long_game(1000);
    const std::string text = transcript_text(moves);
    FILE* sink = std::fopen("/dev/null", "w");
    FILE* source = std::fopen("/dev/null", "r");
    if (!std::getenv("TERM")) setenv("TERM", "xterm-256color", 1);
    SCREEN* screen = sink && source ? newterm(nullptr, sink, source) : nullptr;
    if (!screen) {
        out << "bench-paste: cannot open an off-screen terminal (set TERM)\n";
        return 1;
    }
    set_term(screen);
    resizeterm(40, 120);
    std::vector<double> ms;
    for (int run = 0; run < 21; ++run) {
        const auto start = std::chrono::steady_clock::now();
        Match match;
        if (const auto err = match.game().play_transcript(text)) {
            endwin();
            out << "bench-paste: " << err->message() << "\n";
            return 1;
        }
        UiState ui;
        draw(match, ui, Chrome{}, 0);
        doupdate();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    endwin();
    delscreen(screen);
    std::fclose(sink);
    std::fclose(source);
    std::sort(ms.begin(), ms.end());
    char line[160];
    std::snprintf(
        line, sizeof line,
        "bench-paste: %zu-move transcript parsed, checked, applied and drawn: median %.2f ms, worst %.2f ms "
        "over %zu runs\n",
        moves.size(), ms[ms.size() / 2], ms.back(), ms.size());
    out << line;
    return 0;
}

}  // namespace gobblet::ui
