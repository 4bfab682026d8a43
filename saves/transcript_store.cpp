#include "transcript_store.h"

#include "savefile.h"

namespace gobblet::saves {

Expected<std::string> FileStore::read(const std::string& path) { return read_file(path); }

Expected<void> FileStore::write(const std::string& path, const Game& game) {
    return write_file(path, save_text(game, now_text()));
}

Variant FileStore::variant_of(std::string_view text, Variant current) {
    // A saved game restores its own rules and size; a plain transcript plays under the current ones.
    const Header h = read_header(text);
    return Variant{h.size.value_or(current.size), h.rules.value_or(current.rules)};
}

}  // namespace gobblet::saves
