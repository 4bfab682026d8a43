// The lobby's words for what a player reads (net/lobby_text.h): a finished game says its score only
// where there is one to say (issue 33, item 13: "drew 0-0" for one drawn game).
#include "net/lobby_text.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::net::lobby;

namespace {

HistoryItem finished(std::string_view terms, Verdict result, std::array<int, 2> score) {
    HistoryItem h;
    h.game = "g1";
    h.date = "2026-11-29 10:00";
    h.names = {"Liam", "Zoe"};
    h.score = score;
    h.result = result;
    const Expected<Terms> t = parse_terms(terms);
    REQUIRE(t);
    h.terms = *t;
    return h;
}

}  // namespace

TEST_CASE("a single game drawn is said drawn, without a score of none to none", "[net][lobby][words]") {
    const std::string one =
        history_text(finished("official 4 none first-to 1 casual", Verdict::Draw, {0, 0}));
    CHECK(one == "Liam and Zoe drew, casual none official 4x4 (2026-11-29 10:00)");
    CHECK(one.find("0-0") == std::string::npos);
    // A match's score says how it was drawn.
    CHECK(history_text(finished("official 4 none first-to 2 casual", Verdict::Draw, {1, 1})) ==
          "Liam and Zoe drew 1-1, casual none official 4x4 first to 2 (2026-11-29 10:00)");
    CHECK(history_text(finished("official 4 none first-to 2 casual", Verdict::Player1, {0, 2})) ==
          "Zoe won 2-0 against Liam, casual none official 4x4 first to 2 (2026-11-29 10:00)");
}
