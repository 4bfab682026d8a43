// Whether the player has seen the tutorial: a marker file, $XDG_STATE_HOME/gobblet/tutorial.txt (by
// default ~/.local/state/gobblet/tutorial.txt). The curses game shows the tutorial on a plain first start,
// while there is no marker, and writes one once the tutorial is finished or skipped. Deleting the file
// brings the tutorial back on the next start.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "engine/expected.h"

namespace gobblet::saves {

// state_dir()/tutorial.txt; empty when neither XDG_STATE_HOME nor HOME is set.
std::filesystem::path tutorial_marker_path();
// True when the marker exists (whatever it holds).
bool tutorial_seen();
// Writes the marker, saying how the tutorial ended ("finished", "skipped at step 2 of 5"); fails with
// what went wrong.
Expected<void> mark_tutorial_seen(std::string_view how);

}  // namespace gobblet::saves
