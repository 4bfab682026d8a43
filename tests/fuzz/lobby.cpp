// libFuzzer entry point of the lobby protocol's target (make fuzz): see lobby_target.h.
#include "tests/fuzz/lobby_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return gobblet::fuzz::lobby(data, size);
}
