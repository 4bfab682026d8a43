#include "engine/grabble/settings.h"

#include <algorithm>

#include "engine/clock.h"
#include "engine/match.h"
#include "engine/text.h"

namespace gobblet::grabble {

const char* blank_rule_name(BlankRule b) {
    switch (b) {
        case BlankRule::None: return "none";
        case BlankRule::Sticking: return "sticking";
        case BlankRule::NonSticking: return "non-sticking";
    }
    return "?";
}

std::optional<BlankRule> parse_blank_rule(std::string_view text) {
    const std::string t = lower(trim(text));
    for (BlankRule b : {BlankRule::None, BlankRule::Sticking, BlankRule::NonSticking})
        if (t == blank_rule_name(b)) return b;
    if (t == "nonsticking") return BlankRule::NonSticking;
    return std::nullopt;
}

const char* scoring_name(Scoring s) {
    switch (s) {
        case Scoring::Letters: return "letters";
        case Scoring::LengthSquared: return "length-squared";
        case Scoring::Tiles: return "tiles";
    }
    return "?";
}

std::optional<Scoring> parse_scoring(std::string_view text) {
    const std::string t = lower(trim(text));
    for (Scoring s : {Scoring::Letters, Scoring::LengthSquared, Scoring::Tiles})
        if (t == scoring_name(s)) return s;
    return std::nullopt;
}

namespace {

Expected<void> check_time(const char* field, Millis t, Millis low, Millis high, bool zero_allowed,
                          const char* zero_means) {
    if ((zero_allowed && t == 0) || (t >= low && t <= high)) return {};
    std::string range = duration_text(low) + " to " + duration_text(high);
    if (zero_allowed) range = "0 (" + std::string(zero_means) + ") or " + range;
    return Failure{std::string(field) + ": " + (t < 0 ? std::to_string(t) + "ms" : duration_text(t)) +
                   " is out of range; give " + range};
}

}  // namespace

Expected<void> check_settings(const Settings& s) {
    if (s.players.empty() || s.players.size() > std::size_t(max_players))
        return Failure{"players: " + std::to_string(s.players.size()) + " players; a game has 1 to " +
                       std::to_string(max_players)};
    for (std::size_t i = 0; i < s.players.size(); ++i) {
        const std::string& name = s.players[i].name;
        if (name.empty() || clean_name(name) != name)
            return Failure{"players: player " + std::to_string(i + 1) + "'s name '" + clean_name(name) +
                           "' must be 1 to " + std::to_string(max_name_length) +
                           " visible characters, without control characters or spaces at either end"};
        for (std::size_t j = 0; j < i; ++j)
            if (lower(s.players[j].name) == lower(name))
                return Failure{"players: " + name + " appears twice; each player needs a name of their own"};
    }
    if (s.min_length < min_word_length || s.min_length > max_min_word_length)
        return Failure{"minimum length: " + std::to_string(s.min_length) + " is out of range; give " +
                       std::to_string(min_word_length) + " to " + std::to_string(max_min_word_length)};
    if (s.word_list.empty()) return Failure{"word list: give a list's name (american-english) or a file"};
    const bool control = std::any_of(s.word_list.begin(), s.word_list.end(),
                                     [](char c) { return std::uint8_t(c) < 0x20 || c == 0x7F; });
    if (s.word_list.size() > max_word_list_name || control)
        return Failure{"word list: the name '" + clean_name(s.word_list) + "' is " +
                       (control ? "not a file name (it has control characters)"
                                : "longer than " + std::to_string(max_word_list_name) + " characters")};
    if (auto ok = check_tile_set(s.tiles); !ok) return ok;
    if (s.tiles.tiles(with_blanks(s)) < s.min_length)
        return Failure{"tiles: " + std::to_string(s.tiles.tiles(with_blanks(s))) +
                       " tiles cannot make a word of the minimum length " + std::to_string(s.min_length)};
    const Timings& t = s.timings;
    if (auto ok =
            check_time("tie window", t.tie_window, 1, max_tie_window, true, "the first grab always wins");
        !ok)
        return ok;
    if (auto ok = check_time("reveal pause", t.reveal_pause, min_reveal_pause, max_reveal_pause, true,
                             "only players reveal");
        !ok)
        return ok;
    if (auto ok = check_time("last minute", t.last_minute, min_last_minute, max_last_minute, false, ""); !ok)
        return ok;
    return {};
}

}  // namespace gobblet::grabble
