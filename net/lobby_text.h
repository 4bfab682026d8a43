// The lobby's values in words for a player to read: terms, who a seek is for, a rating's change, a
// finished game, a profile. The lobby screen (ui/lobby_*) and the server's commands (--profile, a
// record's notes) show them; the protocol never carries them (net/lobby.h has the lines' own forms).
#pragma once

#include <string>
#include <vector>

#include "lobby.h"

namespace gobblet::net::lobby {

// How a player reads terms: "official rules, 4x4, first to 2, 2m a turn, 5m reserve in 30s chunks, rated".
std::string terms_description(const Terms& t);
// The same in a few words, what matters first, for a list's row: "rated 5m+2s official 4x4",
// "casual dm rogers 3x3 first to 2".
std::string terms_short(const Terms& t);
// "for people only", "computers welcome, ratings 1400-1800".
std::string audience_description(const Audience& a);
// "1662 (+162)", "1338 (-162)", "1500 (+0)".
std::string change_text(const RatingChange& c);
// A finished game in one line of words, who won first: "Liam won 2-1 against Eamon, rated dm official
// 4x4 first to 2: Liam 1662 (+162), Eamon 1338 (-162)".
std::string history_text(const HistoryItem& h);
// A player's profile in lines of words (the lobby screen's and --profile's): who, since when, last
// seen; each variant's rating with its deviation and record; the last games.
std::vector<std::string> profile_text(const ProfileItem& p, const std::vector<StatsItem>& stats,
                                      const std::vector<HistoryItem>& games);
// A player's rating over time as a chart for a terminal, in plain ASCII (the profile page, --profile): a
// head line ("official 4x4 rating after each of the last 12 rated games, 2026-11-01 to 2026-11-28: 1500
// to 1662"), then `rows` lines (at least 2), the highest rating shown at the left of the first and the
// lowest at the left of the last, and a `*` in its row for the rating after each game, oldest at the
// left, as many of the last games as `width` holds. Each line has at most `width` columns (the head
// wraps on the caller's screen).
std::vector<std::string> trend_chart(const TrendItem& t, int width, int rows);
// The trend of the variant with the most rated games among `trends` (the first in their order on a
// tie), or nullptr for none: the one a screen with room for a chart draws.
const TrendItem* busiest_trend(const std::vector<TrendItem>& trends);

}  // namespace gobblet::net::lobby
