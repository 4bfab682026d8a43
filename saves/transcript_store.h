// The engine protocol's transcript files, kept on disk with the save-file format.
#pragma once

#include "engine/protocol.h"

namespace gobblet::saves {

class FileStore : public TranscriptStore {
  public:
    Expected<std::string> read(const std::string& path) override;
    // Writes the save text (header with rules, size and date, then the moves), atomically.
    Expected<void> write(const std::string& path, const Game& game) override;
    Variant variant_of(std::string_view text, Variant current) override;
};

}  // namespace gobblet::saves
