// SplitMix64 (Steele, Lea and Flood): the one source of fixed pseudo-random numbers in the engine. The
// Zobrist keys, the evaluation noise of the weaker levels and the player's per-move seeds all come from
// it, so that the same seed gives the same numbers on every build and machine.
#pragma once

#include <cstdint>

namespace gobblet {

// SplitMix64's output function: scrambles a 64-bit value into a well-mixed one.
constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The next number of the SplitMix64 sequence whose state is `state` (advanced by the call).
constexpr std::uint64_t splitmix64(std::uint64_t& state) { return mix(state += 0x9E3779B97F4A7C15ull); }

}  // namespace gobblet
