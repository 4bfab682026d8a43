// Grabble in the terminal: what `./main --game grabble` (or the program run as `grabble`) opens, and what
// the Gobblet screen's menu opens over itself. The two games switch through each other's menus.
#pragma once

#include <memory>

#include "ui/grabble/screen.h"
#include "ui/screen.h"

namespace gobblet::ui {

// Runs Grabble until the player quits; returns the exit status. A game that cannot start (a word list
// that cannot be read, a --load file that does not) is said on stderr, status 1.
int run_grabble(const GrabbleOptions& options);

// Grabble opened over another screen (the Gobblet screen's menu): leaving it comes back there. Its game
// is a new one of the settings file's (or the unfinished one, which --resume would continue), or, when
// that cannot start, the new-game screen with the reason.
std::unique_ptr<Screen> open_grabble_over(const ScreenContext& context, const std::string& program,
                                          bool color);

}  // namespace gobblet::ui
