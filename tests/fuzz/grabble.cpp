// libFuzzer entry point of Grabble's transcript and game events target (make fuzz): see grabble_target.h.
#include "tests/fuzz/grabble_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return gobblet::fuzz::grabble(data, size);
}
