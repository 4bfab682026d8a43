// Catch2's main, alone in its file so that make compiles it once (it is slow to compile).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
