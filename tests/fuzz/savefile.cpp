// libFuzzer entry point of the savefile target (make fuzz): see targets.h.
#include "tests/fuzz/targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return gobblet::fuzz::savefile(data, size);
}
