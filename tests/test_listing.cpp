// The lobby's listing: the first `cap` entries shown, the longest waiting listed when one goes.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "server/listing.h"

using gobblet::server::Listing;
using Names = std::vector<std::string>;

TEST_CASE("a listing shows the first entries up to its cap, in the order they came", "[listing]") {
    Listing<std::string> l(2);
    CHECK(l.add("liam"));
    CHECK(l.add("eamon"));
    CHECK_FALSE(l.add("ada"));
    CHECK_FALSE(l.add("bob"));
    CHECK(l.shown() == Names{"liam", "eamon"});
    CHECK(l.size() == 4);
    CHECK(l.listed_count() == 2);
    CHECK(l.listed("eamon"));
    CHECK_FALSE(l.listed("ada"));
    CHECK(l.contains("ada"));
    CHECK_FALSE(l.contains("zoe"));
    // Adding again changes nothing.
    CHECK_FALSE(l.add("ada"));
    CHECK(l.size() == 4);
}

TEST_CASE("when a listed entry goes, the longest waiting takes its place", "[listing]") {
    Listing<std::string> l(2);
    for (const char* n : {"liam", "eamon", "ada", "bob"}) (void)l.add(n);
    const auto r = l.remove("liam");
    CHECK(r.was_listed);
    REQUIRE(r.promoted);
    CHECK(*r.promoted == "ada");
    CHECK(l.shown() == Names{"eamon", "ada"});
    // A waiting entry that goes changes nobody's view.
    const auto w = l.remove("bob");
    CHECK_FALSE(w.was_listed);
    CHECK_FALSE(w.promoted);
    CHECK(l.shown() == Names{"eamon", "ada"});
    // Nobody waits: nobody is promoted, and the next to come is listed.
    const auto e = l.remove("eamon");
    CHECK(e.was_listed);
    CHECK_FALSE(e.promoted);
    CHECK(l.add("cy"));
    CHECK(l.shown() == Names{"ada", "cy"});
    // An unknown entry: nothing.
    CHECK_FALSE(l.remove("zoe").was_listed);
}

TEST_CASE("entries listed always do not count against the cap", "[listing]") {
    Listing<long> l(1);
    CHECK(l.add(1));
    CHECK(l.add(2, true));  // a tournament's game
    CHECK_FALSE(l.add(3));
    CHECK(l.add(4, true));
    CHECK(l.shown() == std::vector<long>{1, 2, 4});
    // An 'always' entry that goes promotes nobody: the cap's one place is still taken.
    const auto a = l.remove(2);
    CHECK(a.was_listed);
    CHECK_FALSE(a.promoted);
    const auto r = l.remove(1);
    REQUIRE(r.promoted);
    CHECK(*r.promoted == 3);
    CHECK(l.shown() == std::vector<long>{3, 4});
}

TEST_CASE("a listing with a cap of zero lists only what is always listed", "[listing]") {
    Listing<int> l(0);
    CHECK_FALSE(l.add(1));
    CHECK(l.add(2, true));
    CHECK(l.shown() == std::vector<int>{2});
    CHECK_FALSE(l.remove(2).promoted);
}
