// The fuzz targets' inputs as unit tests: every seed of tests/fuzz/corpus and every input that ever
// crashed a target (tests/fuzz/crashes) runs clean on every `make test`, not only under `make fuzz`.
#include <filesystem>
#include <functional>
#include <map>

#include "fuzz/grabble_target.h"
#include "fuzz/lobby_target.h"
#include "fuzz/server_target.h"
#include "fuzz/targets.h"
#include "fuzz/wire_target.h"
#include "support.h"

using namespace gobblet;
namespace fs = std::filesystem;

namespace {

const std::map<std::string, std::function<int(const std::uint8_t*, std::size_t)>> targets = {
    {"transcript", fuzz::transcript}, {"savefile", fuzz::savefile},
    {"protocol", fuzz::protocol},     {"wire", fuzz::wire},
    {"lobby", fuzz::lobby},           {"server", fuzz::server_target},
    {"grabble", fuzz::grabble},
};

// Feeds every file under tests/fuzz/<folder>/<target>/ to its target; returns how many.
int replay(const std::string& folder) {
    int fed = 0;
    for (const auto& [name, run] : targets) {
        const fs::path dir = fs::path("tests") / "fuzz" / folder / name;
        if (!fs::is_directory(dir)) continue;
        for (const auto& entry : fs::directory_iterator(dir)) {
            INFO(entry.path().string());
            const std::string bytes = test::read_text(entry.path());
            CHECK(run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()) == 0);
            ++fed;
        }
    }
    return fed;
}

int run_text(const std::string& target, const std::string& text) {
    return targets.at(target)(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

}  // namespace

TEST_CASE("every seed of the fuzz corpora runs clean", "[fuzz]") { CHECK(replay("corpus") >= 9); }

TEST_CASE("every fuzz input that ever crashed runs clean", "[fuzz]") { replay("crashes"); }

TEST_CASE("the fuzz targets take empty, binary and oversized input", "[fuzz]") {
    for (const auto& [name, run] : targets) {
        INFO(name);
        CHECK(run(nullptr, 0) == 0);
        CHECK(run_text(name, std::string("\0\xff\n\r\x1b[2J", 8)) == 0);
        CHECK(run_text(name, std::string(max_line_bytes + 10, 'W')) == 0);
    }
}
