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

TEST_CASE("when listed entries go, a refill lists the longest waiting in their places", "[listing]") {
    Listing<std::string> l(2);
    for (const char* n : {"liam", "eamon", "ada", "bob", "cy"}) (void)l.add(n);
    CHECK(l.remove("liam"));
    CHECK(l.shown() == Names{"eamon"});
    CHECK(l.gaps());
    // A waiting entry that goes changes nobody's view.
    CHECK_FALSE(l.remove("bob"));
    CHECK(l.refill() == Names{"ada"});
    CHECK_FALSE(l.gaps());
    CHECK(l.shown() == Names{"eamon", "ada"});
    CHECK(l.refill().empty());
    // Two places free at once: one refill fills both, oldest first.
    CHECK(l.add("dee") == false);
    CHECK(l.remove("eamon"));
    CHECK(l.remove("ada"));
    CHECK(l.shown().empty());
    CHECK(l.refill() == Names{"cy", "dee"});
    CHECK(l.shown() == Names{"cy", "dee"});
    // Nobody waits: nothing to list, and the next to come takes a free place at once.
    CHECK(l.remove("cy"));
    CHECK_FALSE(l.gaps());
    CHECK(l.refill().empty());
    CHECK(l.add("eve"));
    CHECK(l.shown() == Names{"dee", "eve"});
    // An unknown entry: nothing.
    CHECK_FALSE(l.remove("zoe"));
}

TEST_CASE("entries listed always do not count against the cap", "[listing]") {
    Listing<long> l(1);
    CHECK(l.add(1));
    CHECK(l.add(2, true));  // a tournament's game
    CHECK_FALSE(l.add(3));
    CHECK(l.add(4, true));
    CHECK(l.shown() == std::vector<long>{1, 2, 4});
    // An 'always' entry that goes frees no place: the cap's one place is still taken.
    CHECK(l.remove(2));
    CHECK_FALSE(l.gaps());
    CHECK(l.remove(1));
    CHECK(l.refill() == std::vector<long>{3});
    CHECK(l.shown() == std::vector<long>{3, 4});
}

TEST_CASE("a listing with a cap of zero lists only what is always listed", "[listing]") {
    Listing<int> l(0);
    CHECK_FALSE(l.add(1));
    CHECK(l.add(2, true));
    CHECK(l.shown() == std::vector<int>{2});
    CHECK(l.remove(2));
    CHECK(l.refill().empty());
}
