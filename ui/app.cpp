// The curses program (app.h): the shell with the game's screen first, and --bench-paste.
#include "app.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "engine/bench.h"
#include "engine/notation.h"
#include "game_screen.h"
#include "lobby_screen.h"
#include "shell.h"
#include "terminal.h"

namespace gobblet::ui {

int run(const Options& options) {
    Shell shell;
    auto game = std::make_unique<GameScreen>(shell.context(), options);
    if (const Expected<void> prepared = game->prepare(); !prepared) {
        std::cerr << prepared.why() << "\n";
        return 1;
    }
    const bool color = game->color();
    return shell.run(std::move(game), color);
}

int run_lobby(const Options& options, const LobbyOptions& lobby) {
    Shell shell;
    auto screen = std::make_unique<LobbyScreen>(shell.context(), options, lobby);
    if (const Expected<void> started = screen->start(); !started) {
        std::cerr << "gobblet: --lobby: " << started.why() << "\n";
        return 2;
    }
    const bool color = screen->color();
    return shell.run(std::move(screen), color);
}

int bench_paste(std::ostream& out, const TimeSource& time) {
    const std::vector<Move> moves = wandering_game(1000, 12345);
    const std::string text = transcript_text(moves);
    if (const Expected<void> opened = open_offscreen_terminal(40, 120); !opened) {
        out << "bench-paste: " << opened.why() << "\n";
        return 1;
    }
    std::vector<double> ms;
    for (int run = 0; run < 21; ++run) {
        const std::int64_t start = time.now_us();
        Match match;
        if (const auto played = match.game().play_transcript(text); !played) {
            close_terminal();
            out << "bench-paste: " << played.why().message() << "\n";
            return 1;
        }
        UiState ui;
        draw(match, ui, Chrome{}, 0);  // (draw refreshes the screen)
        ms.push_back(seconds_between(start, time.now_us()) * 1e3);
    }
    close_terminal();
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
