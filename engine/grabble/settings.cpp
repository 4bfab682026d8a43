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

// ---- Players and choices ----------------------------------------------------------------------------

Expected<Seat> parse_player(std::string_view text, Level level) {
    text = trim(text);
    std::string_view name = text, kind;
    if (const std::size_t eq = text.find('='); eq != std::string_view::npos) {
        name = trim(text.substr(0, eq));
        kind = trim(text.substr(eq + 1));
    } else if (lower(text) == "computer" || lower(text).rfind("computer:", 0) == 0) {
        name = {};
        kind = text;
    }
    Seat seat;
    if (!kind.empty() || text.find('=') != std::string_view::npos) {
        const std::string k = lower(kind);
        if (k != "computer" && k.rfind("computer:", 0) != 0)
            return Failure{"'" + clean_name(kind) + "' is not a player kind: write NAME=computer or " +
                           "NAME=computer:LEVEL (easy, medium, hard or max)"};
        seat.computer = true;
        seat.level = level;
        if (k.size() > 9) {
            const auto l = parse_level(k.substr(9));
            if (!l)
                return Failure{"'" + clean_name(k.substr(9)) +
                               "' is not a level: use easy, medium, hard or max"};
            seat.level = *l;
        }
        if (text.find('=') != std::string_view::npos && name.empty())
            return Failure{
                "a name is missing before '=': write NAME=computer:LEVEL, or computer:LEVEL alone"};
    }
    if (!name.empty()) {
        seat.name = clean_name(name);
        if (seat.name.empty() || seat.name.size() < name.size() || seat.name.find(',') != std::string::npos)
            return Failure{"'" + clean_name(name) + "' is not a name: 1 to " +
                           std::to_string(max_name_length) + " visible characters, without commas"};
    } else if (!seat.computer) {
        return Failure{"a player is NAME (a person), computer, computer:LEVEL or NAME=computer:LEVEL"};
    }
    return seat;
}

std::string player_text(const Seat& seat) {
    if (!seat.computer) return seat.name;
    return (seat.name.empty() ? "" : seat.name + "=") + "computer:" + level_name(seat.level);
}

Expected<std::vector<Seat>> parse_players(std::string_view text, Level level) {
    std::vector<Seat> out;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view one = text.substr(0, comma);
        if (out.size() == std::size_t(max_players))
            return Failure{"more than " + std::to_string(max_players) + " players; a game has 1 to " +
                           std::to_string(max_players)};
        auto seat = parse_player(one, level);
        if (!seat) return Failure{"player " + std::to_string(out.size() + 1) + ": " + seat.why()};
        out.push_back(*seat);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

std::string players_text(const std::vector<Seat>& players) {
    std::string out;
    for (const Seat& s : players) out += (out.empty() ? "" : ", ") + player_text(s);
    return out;
}

void name_computers(std::vector<Seat>& players) {
    for (Seat& s : players) {
        if (!s.name.empty()) continue;
        for (std::string_view candidate : computer_names) {
            const bool taken = std::any_of(players.begin(), players.end(),
                                           [&](const Seat& o) { return lower(o.name) == lower(candidate); });
            if (!taken) {
                s.name = std::string(candidate);
                break;
            }
        }
        for (int n = 2; s.name.empty(); ++n) {  // (more computers than names: numbered)
            const std::string candidate = "Computer" + std::to_string(n);
            if (std::none_of(players.begin(), players.end(),
                             [&](const Seat& o) { return o.name == candidate; }))
                s.name = candidate;
        }
    }
}

std::vector<Seat> default_players(Level level) {
    std::vector<Seat> out = {Seat{"You", false, level}};
    for (int i = 0; i < 3; ++i) out.push_back(Seat{"", true, level});
    name_computers(out);
    return out;
}

namespace {

std::optional<bool> parse_on_off(std::string_view v) {
    const std::string t = lower(trim(v));
    if (t == "on" || t == "yes" || t == "true" || t == "1") return true;
    if (t == "off" || t == "no" || t == "false" || t == "0") return false;
    return std::nullopt;
}

}  // namespace

Expected<void> set_choice(Choice& c, std::string_view field, std::string_view value, Level level) {
    const std::string v(trim(value));
    const std::string shown = "'" + clean_text(v, 40) + "'";
    const std::string f(field);
    if (field == "players") {
        auto p = parse_players(v, level);
        if (!p) return Failure{"players: " + p.why()};
        c.players = *p;
    } else if (field == "computers-play") {
        const std::string t = lower(v);
        if (t == "wait" || t == "waiting")
            c.computer_waits = true;
        else if (t == "same-time" || t == "at-once")
            c.computer_waits = false;
        else
            return Failure{
                "computers-play: " + shown +
                " is same-time (they grab as the people do) or wait (they grab once every person has "
                "passed)"};
    } else if (field == "blanks") {
        const auto b = parse_blank_rule(v);
        if (!b) return Failure{"blanks: " + shown + " is none, sticking or non-sticking"};
        c.blanks = *b;
    } else if (field == "min-length") {
        const bool digits =
            !v.empty() && v.size() <= 2 && v.find_first_not_of("0123456789") == std::string::npos;
        const int n = digits ? std::stoi(v) : 0;
        if (n < min_word_length || n > max_min_word_length)
            return Failure{"min-length: " + shown + " is a number from " + std::to_string(min_word_length) +
                           " to " + std::to_string(max_min_word_length)};
        c.min_length = n;
    } else if (field == "words") {
        if (v.empty())
            return Failure{"words: give a list's name (american-english) or a file, one word a line"};
        Settings probe;
        probe.word_list = v;
        probe.players = default_players();
        if (auto ok = check_settings(probe); !ok) return Failure{"words: " + ok.why().substr(11)};
        c.word_list = v;
    } else if (field == "tiles") {
        auto t = parse_tile_set(v);
        if (!t) return Failure{t.why()};  // "tiles: ..." already
        c.tiles = *t;
    } else if (field == "scoring") {
        const auto s = parse_scoring(v);
        if (!s) return Failure{"scoring: " + shown + " is letters, length-squared or tiles"};
        c.scoring = *s;
    } else if (field == "clues") {
        const auto b = parse_on_off(v);
        if (!b) return Failure{"clues: " + shown + " is on or off"};
        c.show_clues = *b;
    } else if (field == "tie-window" || field == "reveal-pause" || field == "last-minute") {
        const auto d = parse_duration(v);
        Settings probe;
        probe.players = default_players();
        Millis* slot = field == "tie-window"     ? &probe.timings.tie_window
                       : field == "reveal-pause" ? &probe.timings.reveal_pause
                                                 : &probe.timings.last_minute;
        if (!d) return Failure{f + ": " + shown + " is not a time: write 300ms, 7s, 1m or 1m30s"};
        *slot = *d;
        if (auto ok = check_settings(probe); !ok) {
            std::string why = ok.why();
            return Failure{f + why.substr(why.find(':'))};
        }
        (field == "tie-window"     ? c.tie_window
         : field == "reveal-pause" ? c.reveal_pause
                                   : c.last_minute) = *d;
    } else {
        return Failure{"no setting is called " + clean_text(field, 40)};
    }
    return {};
}

std::string choice_text(const Settings& s, std::string_view field) {
    if (field == "players") return players_text(s.players);
    if (field == "computers-play") return s.computer_waits ? "wait" : "same-time";
    if (field == "blanks") return blank_rule_name(s.blanks);
    if (field == "min-length") return std::to_string(s.min_length);
    if (field == "words") return s.word_list;
    if (field == "tiles") return tile_set_changes(s.tiles);
    if (field == "scoring") return scoring_name(s.scoring);
    if (field == "clues") return s.show_clues ? "on" : "off";
    if (field == "tie-window") return duration_text(s.timings.tie_window);
    if (field == "reveal-pause") return duration_text(s.timings.reveal_pause);
    if (field == "last-minute") return duration_text(s.timings.last_minute);
    return "";
}

Settings apply_choice(Settings s, const Choice& c) {
    if (c.players) s.players = *c.players;
    if (c.computer_waits) s.computer_waits = *c.computer_waits;
    if (c.blanks) s.blanks = *c.blanks;
    if (c.min_length) s.min_length = *c.min_length;
    if (c.word_list) s.word_list = *c.word_list;
    if (c.tiles) s.tiles = *c.tiles;
    if (c.scoring) s.scoring = *c.scoring;
    if (c.show_clues) s.show_clues = *c.show_clues;
    if (c.tie_window) s.timings.tie_window = *c.tie_window;
    if (c.reveal_pause) s.timings.reveal_pause = *c.reveal_pause;
    if (c.last_minute) s.timings.last_minute = *c.last_minute;
    name_computers(s.players);
    return s;
}

}  // namespace gobblet::grabble
