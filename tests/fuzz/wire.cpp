// libFuzzer entry point of the network reader's target (make fuzz): see wire_target.h.
#include "tests/fuzz/wire_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return gobblet::fuzz::wire(data, size);
}
