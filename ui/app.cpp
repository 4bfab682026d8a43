// The curses program (app.h): the shell with the game's screen first, and --bench-paste.
#include "app.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>

#include "engine/movegen.h"
#include "game_screen.h"
#include "lobby_screen.h"
#include "shell.h"
#include "terminal.h"

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
            (void)g.play(m);  // a legal move of the position
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
    const std::vector<Move> moves = long_game(1000);
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
