#include "match.h"

#include <ostream>

namespace gobblet {

// Placeholder until the search lands (computer-player issue); replaced in the same session.
int run_match(const MatchOptions&, std::ostream&, std::ostream& err) {
    err << "gobblet: --match needs the search, which is not built yet\n";
    return 2;
}

}  // namespace gobblet
