#include "tutorial.h"

#include <system_error>

#include "savefile.h"

namespace gobblet::saves {

std::filesystem::path tutorial_marker_path() {
    const std::filesystem::path dir = state_dir();
    return dir.empty() ? dir : dir / "tutorial.txt";
}

bool tutorial_seen() {
    const std::filesystem::path path = tutorial_marker_path();
    std::error_code ec;
    return !path.empty() && std::filesystem::exists(path, ec);
}

Expected<void> mark_tutorial_seen(std::string_view how) {
    const std::filesystem::path path = tutorial_marker_path();
    if (path.empty()) return Failure{"neither XDG_STATE_HOME nor HOME is set"};
    return write_file(path, "% gobblet: the tutorial was " + std::string(how) + " on " + now_text() +
                                ".\n% While this file exists it is not shown at start-up (T in the game "
                                "shows it).\n");
}

}  // namespace gobblet::saves
