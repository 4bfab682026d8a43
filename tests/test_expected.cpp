// Expected<T, E>: a value or the reason there is none, with a sentence or a reason of its own type.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/expected.h"

using namespace gobblet;

namespace {

struct Where {
    int line = 0;
    std::string what;
};

Expected<int> halve(int n) {
    if (n % 2 != 0) return Failure{std::to_string(n) + " is odd: give an even number"};
    return n / 2;
}

Expected<std::vector<int>, Where> read_line(int line, bool good) {
    if (!good) return Failure{Where{line, "not a number"}};
    return std::vector<int>{1, 2, 3};
}

Expected<void> check(bool good) {
    if (!good) return Failure{"not good"};
    return {};
}

}  // namespace

TEST_CASE("Expected holds a value or a sentence that says why not", "[expected]") {
    const Expected<int> ok = halve(8);
    REQUIRE(ok);
    CHECK(*ok == 4);
    CHECK(ok == 4);
    CHECK(ok.why().empty());
    CHECK(ok.value() == std::optional<int>(4));

    const Expected<int> odd = halve(7);
    REQUIRE_FALSE(odd);
    CHECK(odd.why() == "7 is odd: give an even number");
    CHECK_FALSE(odd.value().has_value());
    CHECK_FALSE(odd == 3);
}

TEST_CASE("Expected with a reason of its own type keeps its fields", "[expected]") {
    Expected<std::vector<int>, Where> good = read_line(3, true);
    REQUIRE(good);
    CHECK(good->size() == 3);
    const std::vector<int> taken = std::move(good).take();
    CHECK(taken == std::vector<int>{1, 2, 3});

    const Expected<std::vector<int>, Where> bad = read_line(4, false);
    REQUIRE_FALSE(bad);
    CHECK(bad.why().line == 4);
    CHECK(bad.why().what == "not a number");
}

TEST_CASE("Expected<void> is a check: ok, or why not", "[expected]") {
    CHECK(check(true));
    CHECK(check(true).why().empty());
    const Expected<void> no = check(false);
    CHECK_FALSE(no);
    CHECK(no.why() == "not good");
}
