// The unit tests' precompiled header: Catch2 and the standard headers most test files include. Parsing
// them was a third of each test file's compile time (about 12 of 33 s for test_server.cpp); compiled
// once per build (the Makefile's $(B)/tests/pch.h.gch), every test file starts from it. Only headers
// that never change with the project belong here, so that editing the code does not rebuild it.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>
