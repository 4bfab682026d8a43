// libFuzzer entry point of the server's target (make fuzz): see server_target.h.
#include "tests/fuzz/server_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return gobblet::fuzz::server_target(data, size);
}
