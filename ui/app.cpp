#include "app.h"

#include <iostream>

namespace gobblet::ui {

// Placeholder until the curses game lands (curses-game issue); replaced in the same session.
int run(const Options&) {
    std::cerr << "gobblet: the terminal game is not built yet; try --replay FILE or --gtp\n";
    return 2;
}

int bench_paste(std::ostream& out) {
    out << "gobblet: --bench-paste needs the terminal game, which is not built yet\n";
    return 2;
}

}  // namespace gobblet::ui
