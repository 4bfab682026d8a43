// libFuzzer entry point of the network reader's target: see wire_target.h. Build and run by hand
// until it joins `make fuzz` (docs/network.md, "Fuzzing"):
//   clang++ -std=c++20 -I. -O1 -g -fsanitize=fuzzer,address,undefined tests/fuzz/wire.cpp net/*.cpp \
//       engine/*.cpp -o build/fuzz-wire && build/fuzz-wire -dict=tests/fuzz/wire.dict tests/fuzz/corpus/wire
#include "tests/fuzz/wire_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return gobblet::fuzz::wire(data, size);
}
