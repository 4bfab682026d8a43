// The puzzle sets that ship: what the files say is what the program has, the counts docs/manual.md promises,
// and every puzzle proven again.
#include <algorithm>
#include <functional>

#include "engine/puzzle.h"
#include "saves/puzzles.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

TEST_CASE("the puzzle sets built into the program are the files of saves/puzzles", "[puzzle][shipped]") {
    const auto& texts = saves::shipped_puzzle_texts();
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator("saves/puzzles"))
        if (entry.path().extension() == ".txt") files.push_back(entry.path().stem().string());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() == texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        CHECK(texts[i].name == files[i]);
        CHECK(texts[i].text == read_text(std::filesystem::path("saves/puzzles") / (files[i] + ".txt")));
    }
}

TEST_CASE("the shipped sets: enough puzzles of every length, mostly with a unique first move",
          "[puzzle][shipped]") {
    const auto& sets = saves::shipped_puzzle_sets();
    REQUIRE(sets.size() == saves::shipped_puzzle_texts().size());  // every file parses
    for (const Variant v : {Variant{4, Rules::Official}, Variant{4, Rules::Rogers},
                            Variant{3, Rules::Official}, Variant{3, Rules::Rogers}}) {
        const PuzzleSet* set = saves::shipped_puzzle_set(v);
        REQUIRE(set);
        INFO(set->name);
        CHECK(set->variant.size == v.size);
        CHECK(int(set->puzzles.size()) >= (v.size == 4 ? 200 : 50));
        int length[max_puzzle_moves] = {}, unique = 0;
        for (const Puzzle& p : set->puzzles) {
            ++length[p.length - 1];
            unique += p.unique();
        }
        for (int n : length) CHECK(n >= int(set->puzzles.size()) / 5);
        CHECK(unique * 5 >= int(set->puzzles.size()) * 4);
    }
}

namespace {

// Proves every puzzle of the shipped sets whose position in its set satisfies `pick`; 3x3 ones under
// both rule sets (Gobblet Jr. plays the same under both).
void prove_shipped(const std::function<bool(int)>& pick) {
    for (const PuzzleSet& set : saves::shipped_puzzle_sets()) {
        for (std::size_t i = 0; i < set.puzzles.size(); ++i) {
            if (!pick(int(i))) continue;
            const Puzzle& p = set.puzzles[i];
            INFO(set.name << " puzzle " << p.id);
            CHECK(verify_puzzle(set, p));
            if (set.variant.size == 3) {
                PuzzleSet other = set;
                other.variant.rules = set.variant.rules == Rules::Official ? Rules::Rogers : Rules::Official;
                CHECK(verify_puzzle(other, p));
            }
        }
    }
}

}  // namespace

TEST_CASE("every shipped puzzle is proven again", "[puzzle][shipped]") {
    prove_shipped([](int) { return true; });
}
