// Refused connections in the log, summarised per source address per minute: a flood of refusals (244,535
// in 20 s had written two lines each, 43 MB: issue 34) costs a source two lines a minute, the first
// refusal whole and then how many more and the last reason. A connection the hub let in (a lobby's
// greeting taken, a game joined) is logged as before, line by line.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "server/env.h"

namespace gobblet::server {

class RefusalLog {
  public:
    static constexpr Millis window = 60'000;
    // Sources remembered at once; past that, the refusals of new ones are counted together.
    static constexpr std::size_t max_sources = 4096;

    explicit RefusalLog(Env& env) : env_(env) {}
    // A connection from `peer` was refused (sent away, or closed before it was let in) because `why`.
    void refused(const Peer& peer, std::string_view why, Millis now);
    // Writes the summaries of the minutes that have ended.
    void tick(Millis now);
    Millis until_next(Millis now) const;

  private:
    struct Minute {
        Millis since = 0;
        std::size_t more = 0;  // refused after the first, logged whole
        std::string last;      // the last one's reason
    };
    // The line of a minute that has ended (`count` after the number: " more" when its first was logged).
    void summarise(const std::string& source, const Minute& m, const char* count);

    Env& env_;
    std::unordered_map<std::string, Minute> sources_;
    std::set<std::pair<Millis, std::string>> ends_;  // each source's minute, by its end
    Minute others_;                                  // sources beyond max_sources (since: 0 when none)
};

}  // namespace gobblet::server
