#include "ui/grabble/app.h"

#include <iostream>

#include "ui/app.h"
#include "ui/game_screen.h"
#include "ui/shell.h"

namespace gobblet::ui {

int run_grabble(const GrabbleOptions& options) {
    Shell shell;
    auto screen = std::make_unique<GrabbleScreen>(shell.context(), options);
    if (const Expected<void> prepared = screen->prepare(); !prepared) {
        std::cerr << "gobblet: --game grabble: " << prepared.why() << "\n";
        return 1;
    }
    // The new-game screen's other game: Gobblet, in Grabble's place (its own start, as ./main alone).
    const std::string program = options.program;
    screen->set_gobblet([program, context = shell.context()](Navigator& nav) -> Expected<void> {
        Options o;
        o.program = program;
        auto game = std::make_unique<GameScreen>(context, o);
        if (const Expected<void> prepared = game->prepare(); !prepared)
            return Failure{"Gobblet cannot start: " + prepared.why()};
        nav.replace(std::move(game));
        return {};
    });
    const bool color = screen->color();
    return shell.run(std::move(screen), color);
}

std::unique_ptr<Screen> open_grabble_over(const ScreenContext& context, const std::string& program,
                                          bool color) {
    GrabbleOptions o;
    o.program = program;
    o.no_color = !color;
    o.resume = true;  // an unfinished game goes on, as --resume would
    auto screen = std::make_unique<GrabbleScreen>(context, o);
    screen->set_over_another();
    screen->set_gobblet([](Navigator& nav) -> Expected<void> {
        nav.pop();  // back to the game under it
        return {};
    });
    if (const Expected<void> prepared = screen->prepare(); !prepared) screen->open_form_with(prepared.why());
    return screen;
}

}  // namespace gobblet::ui
