// The lobby's rows, selection, typed challenges, login advice and help (lobby_view.h): plain logic.
#include "lobby_view.h"

#include <algorithm>
#include <cstdio>

#include "engine/text.h"
#include "keys.h"
#include "net/lobby_text.h"
#include "text.h"

namespace gobblet::ui {

const char* pane_name(LobbyPane p) {
    switch (p) {
        case LobbyPane::Seeks: return "seeks";
        case LobbyPane::Games: return "games";
        case LobbyPane::Players: return "players";
        case LobbyPane::Tournaments: return "tournaments";
    }
    return "";
}

std::string lobby_clock(Millis ms) {
    const long long s = std::max<Millis>(0, ms) / 1000;
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
    return buf;
}

std::string rating_cell(const std::optional<lobby::Rating>& r) {
    if (!r) return "-";
    return std::to_string(r->rating) + (r->deviation > 150 ? "?" : "");
}

namespace {

bool same(const std::string& a, const std::string& b) { return lobby::name_key(a) == lobby::name_key(b); }

std::string pad(std::string s, std::size_t n) {
    const std::size_t w = std::size_t(text_width(s));
    if (w < n) s.append(n - w, ' ');
    return s;
}

// A match's terms as a row says them, fullest first: "rated 5m+2s official 4x4 first to 3", then with
// the variant as the players' head names it ("off4"), then each without the match's length. A row takes
// the first that fits (text.h's first_fit); the details line has them all.
std::vector<std::string> terms_forms(const lobby::Terms& t) {
    const Variant v = t.settings.variant;
    const std::string rated = t.rated ? "rated " : "casual ";
    const std::string clock = lobby::terms_clock_text(t.settings.clock);
    const std::string size = std::to_string(v.size);
    const std::string variant = std::string(rules_name(v.rules)) + " " + size + "x" + size;
    const std::string compact = std::string(rules_name(v.rules)).substr(0, 3) + size;
    const std::string length =
        t.settings.first_to > 1 ? " first to " + std::to_string(t.settings.first_to) : "";
    std::vector<std::string> out = {lobby::terms_short(t)};
    if (!length.empty())
        out.insert(out.end(), {rated + clock + " " + compact + length, rated + clock + " " + variant});
    out.push_back(rated + clock + " " + compact);
    return out;
}

// Each of `forms` after `head` (and before `tail`, dropped first): the candidates of a row, fullest first.
std::vector<std::string> row_forms(const std::string& head, const std::vector<std::string>& forms,
                                   const std::string& tail = "") {
    std::vector<std::string> out;
    if (!tail.empty()) out.push_back(head + forms.front() + tail);
    for (const std::string& f : forms) out.push_back(head + f);
    return out;
}

}  // namespace

namespace {

// "playing Eamon", "watching Liam - Eamon" (the game's names when the tables have it), or ""; `brief`:
// "vs Eamon", "sees Liam-Eamon".
std::string doing(const lobby::PlayerItem& p, const lobby::Tables* t, bool brief = false) {
    if (p.playing) return p.opponent.empty() ? "playing" : (brief ? "vs " : "playing ") + p.opponent;
    if (p.watching.empty()) return "";
    if (t)
        if (const auto g = t->games().find(p.watching); g != t->games().end())
            return (brief ? "sees " : "watching ") + g->second.item.names[0] + (brief ? "-" : " - ") +
                   g->second.item.names[1];
    return brief ? "sees a game" : "watching a game";
}

std::string who(const lobby::PlayerItem& p, const std::string& me) {
    return p.name + (p.role == lobby::Role::Bot ? " (bot)" : same(p.name, me) ? " (you)" : "");
}

}  // namespace

namespace {

// The players' name column: wider where the row has room (a name of 20 and " (you)" whole from 57
// columns), at least 11; the four ratings need 24 more, and "doing" 6.
int name_column(int width) { return width >= 44 ? std::clamp(width - 30, 15, 27) : 11; }

}  // namespace

std::string players_head(int width) {
    // The four ratings in the order they travel from 44 columns; official 4x4's alone below.
    const int name_w = name_column(width);
    if (width >= 44) return pad("name", std::size_t(name_w)) + "off4  rog4  off3  rog3  doing";
    return pad("name", std::size_t(name_w)) + "off4  doing";
}

std::string player_row(const lobby::PlayerItem& p, const std::string& me, int width, const lobby::Tables* t) {
    std::string row;
    const int name_w = name_column(width);
    if (width >= 44) {
        row = pad(who(p, me), std::size_t(name_w - 1));
        for (const auto& r : p.ratings) row += " " + pad(rating_cell(r), 5);
    } else {
        row = pad(who(p, me), std::size_t(name_w - 1)) + " " + pad(rating_cell(p.ratings[0]), 5);
    }
    // What they do in words where the four ratings show and it fits, else briefly ("vs Eamon", "sees
    // Liam-Eamon").
    const std::string full = doing(p, t), brief = doing(p, t, true);
    if (width < 44 || full.empty()) return brief.empty() ? row : row + " " + brief;
    return first_fit({row + " " + full, row + " " + brief}, width);
}

// " (bot)" when the players list says `name` logged in as a computer (issue 25: computers are marked in
// every list), else "".
std::string bot_mark(const std::string& name, const lobby::Tables* t) {
    if (!t) return "";
    const auto it = t->players().find(lobby::name_key(name));
    return it != t->players().end() && it->second.role == lobby::Role::Bot ? " (bot)" : "";
}

std::string seek_row(const lobby::SeekItem& s, const std::string& me, int width, const lobby::Tables* t) {
    // Who and whose first; then the terms, what matters first (rated or casual, the clock, the variant),
    // and who it is for: the right end may be cut, the details line has it all.
    std::string row =
        "#" + std::to_string(s.id) + " " + s.from + bot_mark(s.from, t) + " " + rating_cell(s.rating);
    if (same(s.from, me))
        row += s.to.empty() ? " (yours)" : " (yours, to " + s.to + ")";
    else if (!s.to.empty())
        row += s.colour ? " REMATCH" : " CHALLENGES YOU";
    return first_fit(row_forms(row + " ", terms_forms(s.terms), lobby::audience_text(s.audience)), width);
}

std::string game_row(const lobby::GameRow& g, const std::string& me, Millis now, int width,
                     const lobby::Tables* t) {
    const lobby::GameItem& it = g.item;
    std::string row = it.names[0] + bot_mark(it.names[0], t) + " " + std::to_string(it.score[0]) + "-" +
                      std::to_string(it.score[1]) + " " + it.names[1] + bot_mark(it.names[1], t);
    if (it.left[0] || it.left[1]) {
        std::string clocks;
        for (int p : {0, 1}) {
            const auto left = lobby::Tables::time_left(g, p, now);
            clocks += (p ? " " : "") + (left ? lobby_clock(*left) : std::string("-")) +
                      (it.running == p ? "*" : "");
        }
        row += " " + clocks;
    }
    // Ours first, so that no width cuts it off: Enter on it goes back to the match.
    if (same(it.names[0], me) || same(it.names[1], me)) row = "YOUR MATCH " + row;
    std::vector<std::string> terms = terms_forms(it.terms);
    // At the narrowest, the clock's kind and the variant alone ("dm off4").
    terms.push_back(terms.back().substr(terms.back().find(' ') + 1));
    return first_fit(
        row_forms(row + " ", terms, it.watchers > 0 ? ", " + std::to_string(it.watchers) + " watching" : ""),
        width);
}

std::string history_title(const lobby::HistoryItem& h) {
    return h.names[0] + " - " + h.names[1] + ", " + h.date;
}

std::string history_row(const lobby::HistoryItem& h, int width) {
    // The day, then the game in words, who won first (the time of day is in the details).
    std::string text = lobby::history_text(h);
    text = h.date.substr(0, 10) + " " + text.substr(0, text.rfind(" ("));
    // Briefer: without the ratings' changes, then without the terms ("2026-11-23 Liam won 1-0 against
    // Eamon"; names never hold ", " or ": ").
    const std::size_t changes = text.find(": "), terms = text.find(", ");
    return first_fit({text, text.substr(0, changes), text.substr(0, terms)}, width);
}

std::string seek_details(const lobby::SeekItem& s, const std::string& me, lobby::Role role,
                         const std::optional<lobby::Rating>& mine) {
    std::string out = "#" + std::to_string(s.id) + " by " + s.from + " (" + lobby::rating_text(s.rating) +
                      "): " + lobby::terms_description(s.terms);
    if (!s.to.empty()) {
        out += s.colour ? "; a rematch to " + s.to + ", " + s.from + " plays " + color_name(*s.colour) +
                              " in round 1"
                        : "; a challenge to " + s.to;
    } else {
        out += "; " + lobby::audience_description(s.audience);
    }
    if (same(s.from, me)) return out + ". x withdraws it";
    if (!s.to.empty()) return out + ". a accepts, x declines";
    if (const Expected<void> ok = lobby::admits(s.audience, role, mine); !ok)
        return out + ". Not for you: " + ok.why();
    return out + ". Enter accepts";
}

std::string game_details(const lobby::GameRow& g, const std::string& me, Millis now) {
    const lobby::GameItem& it = g.item;
    std::string out = it.names[0] + " (White in round 1) " + std::to_string(it.score[0]) + "-" +
                      std::to_string(it.score[1]) + " " + it.names[1];
    if (it.left[0] || it.left[1]) {
        out += "; clocks";
        for (int p : {0, 1}) {
            const auto left = lobby::Tables::time_left(g, p, now);
            out += std::string(p ? ", " : " ") + it.names[std::size_t(p)] + " " +
                   (left ? lobby_clock(*left) : std::string("-")) + (it.running == p ? " (running)" : "");
        }
    }
    out += "; " + lobby::terms_description(it.terms);
    if (it.tournament) out += "; tournament #" + std::to_string(it.tournament);
    out += it.watchers == 1 ? "; one watching" : "; " + std::to_string(it.watchers) + " watching";
    const bool mine = same(it.names[0], me) || same(it.names[1], me);
    return out + (mine ? ". Enter takes you back to your match" : ". Enter watches");
}

std::string player_details(const lobby::PlayerItem& p, const std::string& me, const lobby::Tables& t) {
    std::string out = who(p, me) + ":";
    for (int i = 0; i < 4; ++i) {
        const Variant v = lobby::variant_at(i);
        const std::string size = std::to_string(v.size);
        out += std::string(i ? ", " : " ") + rules_name(v.rules) + " " + size + "x" + size + " " +
               lobby::rating_text(p.ratings[std::size_t(i)]);
    }
    const std::string now = doing(p, &t);
    out += now.empty() ? "; idle" : "; " + now;
    if (same(p.name, me)) return out + ". Enter shows your profile";
    return out + ". Enter shows the profile, c challenges" +
           (p.watching.empty() ? "" : ", w watches with them");
}

std::string machine_name(const lobby::MachineItem& m) {
    if (m.kind == lobby::MachineKind::Key)
        return (m.current ? "this connection's SSH key " : "the SSH key ") + m.fingerprint;
    if (m.current) return "this machine";
    return "the machine last used " +
           (m.address.empty() ? std::string("from somewhere unknown") : "from " + m.address);
}

std::string machine_row(const lobby::MachineItem& m, int width) {
    const std::string what = m.kind == lobby::MachineKind::Key
                                 ? (m.current ? "this SSH key " : "SSH key ") + m.fingerprint
                             : m.current ? std::string("this machine")
                                         : "machine #" + std::to_string(m.id);
    const std::string from = " from " + (m.address.empty() ? std::string("?") : m.address);
    return first_fit({pad(what, 22) + "  last used " + m.last_used + from,
                      what + "  last used " + m.last_used, what + from, what},
                     width);
}

namespace {

std::string state_text(const lobby::TournamentItem& t) {
    switch (t.state) {
        case lobby::TournamentState::Open: return "open";
        case lobby::TournamentState::Playing: return "round " + std::to_string(t.round);
        case lobby::TournamentState::Over: return "over";
    }
    return "";
}

std::string organizer_text(const lobby::TournamentItem& t) {
    return t.organizer.empty() ? "the operator" : t.organizer;
}

}  // namespace

std::string tournament_row(const lobby::TournamentItem& t, int width) {
    // What it is and whether it can be entered first; then its format, organizer and terms as they fit.
    const std::string head = "#" + std::to_string(t.id) + " " + (t.name.empty() ? "" : t.name + " ") +
                             state_text(t) + " " + std::to_string(t.players) + "/" +
                             std::to_string(t.max_players);
    const std::string format = head + " " + lobby::format_text(t.format);
    const std::string by = format + " by " + organizer_text(t);
    std::vector<std::string> forms = row_forms(by + ", ", terms_forms(t.terms));
    forms.insert(forms.end(), {by, format, head});
    return first_fit(forms, width);
}

std::string tournament_details(const lobby::TournamentItem& t) {
    std::string keys;
    switch (t.state) {
        case lobby::TournamentState::Open: keys = "Enter shows its entrants, e enters it"; break;
        case lobby::TournamentState::Playing: keys = "Enter shows its standings, live"; break;
        case lobby::TournamentState::Over: keys = "Enter shows its final standings"; break;
    }
    return "#" + std::to_string(t.id) + " " + (t.name.empty() ? "a tournament" : t.name) + ": " +
           lobby::format_text(t.format) + " by " + organizer_text(t) + ", " + state_text(t) + ", " +
           std::to_string(t.players) + " of " + std::to_string(t.max_players) + " players, " +
           (t.first == lobby::First::Draw ? "who starts drawn" : "who starts by the schedule") + "; " +
           lobby::terms_description(t.terms) + ". " + keys;
}

std::string standings_title(const lobby::TournamentItem& t, int width) {
    // "final" first, so that no width cuts it off.
    const std::string head = (t.state == lobby::TournamentState::Over ? "final: " : "") +
                             (t.name.empty() ? "tournament" : t.name) + " (#" + std::to_string(t.id) +
                             "): " + lobby::format_text(t.format) + " by " + organizer_text(t) + ", " +
                             state_text(t);
    const std::string players =
        head + ", " + std::to_string(t.players) + "/" + std::to_string(t.max_players) + " players";
    std::vector<std::string> forms = row_forms(players + ", ", terms_forms(t.terms));
    forms.insert(forms.begin(), players + ", " + lobby::terms_text(t.terms));
    forms.insert(forms.end(), {players, head});
    return first_fit(forms, width);
}

std::string standings_head(int width) {
    return elide("rank " + pad("name", 18) + " points  h2h  played won lost drawn  rounds+ rounds-", width);
}

std::string standing_row(const lobby::StandingItem& s, const std::string& me, int width) {
    char nums[96];
    std::snprintf(nums, sizeof nums, "%6s  %3s  %6d %3d %4d %5d  %7d %7d",
                  lobby::points_text(s.half_points).c_str(), lobby::points_text(s.head_to_head).c_str(),
                  s.played, s.won, s.lost, s.drawn, s.rounds_won, s.rounds_lost);
    std::string rank = std::to_string(s.rank) + ".";
    return elide(pad(rank, 5) + pad(s.name + (same(s.name, me) ? " (you)" : ""), 18) + " " + nums, width);
}

bool in_standings(const std::vector<lobby::StandingItem>& table, const std::string& me) {
    return std::any_of(table.begin(), table.end(),
                       [&me](const lobby::StandingItem& s) { return same(s.name, me); });
}

Expected<SeekFilter> parse_seek_filter(std::string_view text) {
    SeekFilter f;
    std::string word;
    std::string_view rest = text;
    while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        word = lower(fit(rest.substr(0, space), 24));
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
        if (word.empty() || word == "all") continue;
        if (word == "rated" || word == "casual") {
            f.rated = word == "rated";
        } else if (const auto r = parse_rules(word)) {
            f.rules = *r;
        } else if (word == "4" || word == "4x4" || word == "3" || word == "3x3") {
            f.size = word[0] - '0';
        } else if (const auto sp = lobby::parse_speed(word)) {
            f.speeds |= 1U << unsigned(*sp);
        } else if (const auto st = lobby::parse_seek_terms("official 4 none first-to 1 casual " + word);
                   st && st->audience.range) {
            f.range = st->audience.range;
        } else {
            return Failure{
                "filter: '" + word +
                "' is none of rated, casual, official, rogers, 4, 3, a speed (bullet, blitz, rapid, "
                "classical, ultrabullet, unlimited) or a rating range such as 1400-1800"};
        }
    }
    return f;
}

std::string seek_filter_text(const SeekFilter& f) {
    std::string out;
    const auto add = [&out](const std::string& w) { out += (out.empty() ? "" : " ") + w; };
    if (f.rated) add(*f.rated ? "rated" : "casual");
    if (f.rules) add(rules_name(*f.rules));
    if (f.size) add(std::to_string(*f.size) + "x" + std::to_string(*f.size));
    for (std::size_t i = 0; i < std::size(lobby::speed_words); ++i)
        if (f.speeds & (1U << i)) add(lobby::speed_words[i]);
    if (f.range) add(std::to_string(f.range->low) + "-" + std::to_string(f.range->high));
    return out;
}

bool seek_shown(const lobby::SeekItem& s, const SeekFilter& f, const std::string& me, lobby::Role role,
                const lobby::Ratings& mine) {
    if (same(s.from, me) || (!s.to.empty() && same(s.to, me))) return true;
    const Variant v = s.terms.settings.variant;
    if (!lobby::admits(s.audience, role, mine[std::size_t(lobby::variant_index(v))])) return false;
    if (f.rated && *f.rated != s.terms.rated) return false;
    if (f.rules && *f.rules != v.rules) return false;
    if (f.size && *f.size != v.size) return false;
    if (f.speeds && !(f.speeds & (1U << unsigned(lobby::speed_of(s.terms.settings.clock))))) return false;
    if (f.range) {
        const int r = s.rating ? s.rating->rating : 1500;
        if (r < f.range->low || r > f.range->high) return false;
    }
    return true;
}

std::vector<std::string> leader_lines(const std::vector<lobby::LeaderItem>& items, const std::string& me,
                                      int width) {
    const int col = std::max(12, width / 4);
    std::vector<std::vector<std::string>> cols(4);
    for (int i = 0; i < 4; ++i) {
        const Variant v = lobby::variant_at(i);
        cols[std::size_t(i)].push_back(std::string(rules_name(v.rules)) + " " + std::to_string(v.size) + "x" +
                                       std::to_string(v.size));
    }
    for (const lobby::LeaderItem& l : items) {
        const std::string rating = rating_cell(l.rating);  // "1662?" while provisional
        std::string name = l.name + (same(l.name, me) ? "*" : "");
        const int name_w = col - 1 - int(std::to_string(l.rank).size()) - 2 - int(rating.size()) - 1;
        name = pad(elide(name, std::max(1, name_w)), std::size_t(std::max(1, name_w)));
        cols[std::size_t(lobby::variant_index(l.variant))].push_back(std::to_string(l.rank) + ". " + name +
                                                                     " " + rating);
    }
    std::size_t rows = 2;  // the heads, and at least a line under them
    for (const auto& c : cols) rows = std::max(rows, c.size());
    std::vector<std::string> out;
    for (std::size_t r = 0; r < rows; ++r) {
        std::string line;
        for (int i = 0; i < 4; ++i) {
            const auto& c = cols[std::size_t(i)];
            std::string cell = r < c.size() ? c[r] : (r == 1 ? "(nobody yet)" : "");
            line += pad(elide(cell, col - 1), std::size_t(i < 3 ? col : 0));
        }
        out.push_back(elide(line, width));
    }
    return out;
}

std::vector<const lobby::SeekItem*> seek_rows(const lobby::Tables& t, const SeekFilter& f, lobby::Role role) {
    std::vector<const lobby::SeekItem*> rows;
    const std::string me = t.me();
    lobby::Ratings mine{};
    if (const auto p = t.players().find(lobby::name_key(me)); p != t.players().end())
        mine = p->second.ratings;
    for (const auto& [id, s] : t.seeks())
        if (seek_shown(s, f, me, role, mine)) rows.push_back(&s);
    std::stable_sort(rows.begin(), rows.end(), [&me](const lobby::SeekItem* a, const lobby::SeekItem* b) {
        const bool a_to_me = !a->to.empty() && same(a->to, me), b_to_me = !b->to.empty() && same(b->to, me);
        return a_to_me && !b_to_me;
    });
    return rows;
}

std::vector<const lobby::GameRow*> game_rows(const lobby::Tables& t) {
    std::vector<const lobby::GameRow*> rows;
    for (const auto& [id, g] : t.games()) rows.push_back(&g);
    return rows;
}

std::vector<const lobby::PlayerItem*> player_rows(const lobby::Tables& t) {
    std::vector<const lobby::PlayerItem*> rows;
    for (const auto& [key, p] : t.players()) rows.push_back(&p);
    return rows;
}

std::vector<const lobby::TournamentItem*> tournament_rows(const lobby::Tables& t) {
    std::vector<const lobby::TournamentItem*> rows;
    for (const auto& [id, tour] : t.tournaments()) rows.push_back(&tour);
    return rows;
}

Expected<TypedChallenge> parse_challenge(std::string_view text, const lobby::Terms& defaults) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    const std::size_t space = text.find(' ');
    const std::string name(text.substr(0, space));
    if (name.empty()) return Failure{"type a name, then what differs from your terms: Eamon 3+2"};
    // Terms alone (c where no player is selected): the name is missing, not the terms wrong. (A word of
    // terms that is also a name, "rated", reads as terms when the whole line does.)
    if (lobby::parse_seek_words(text, defaults))
        return Failure{"say whom you challenge: type the name before the terms (Eamon " +
                       fit(std::string(text), 60) + "), or press c on a player in the players' list"};
    if (!lobby::valid_name(name) && !lobby::valid_guest_name(name))
        return Failure{"'" + fit(name, 24) + "' is not a player's name: 2 to 20 letters, digits, - or _"};
    std::string_view rest = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const auto st = lobby::parse_seek_words(rest, defaults);
    if (!st) return Failure{"the terms: " + st.why()};
    if (st->audience != lobby::Audience{})
        return Failure{"a challenge names its player: bots and a rating range are for seeks (p)"};
    return TypedChallenge{name, st->terms};
}

Expected<ChatLine> parse_chat_line(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (text.empty() || text.front() != '/') return ChatLine{ChatLine::Kind::Say, "", std::string(text)};
    const std::size_t space = text.find(' ');
    const std::string verb = lower(fit(text.substr(0, space), 16));
    std::string_view rest = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const std::size_t end = rest.find(' ');
    const std::string name(rest.substr(0, end));
    std::string_view words = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    while (!words.empty() && words.front() == ' ') words.remove_prefix(1);
    const bool is_name = lobby::valid_name(name) || lobby::valid_guest_name(name);
    if (verb == "/tell") {
        if (!is_name || words.find_first_not_of(' ') == std::string_view::npos)
            return Failure{"/tell NAME TEXT tells one player something: /tell Eamon good game"};
        return ChatLine{ChatLine::Kind::Tell, name, std::string(words)};
    }
    if (verb == "/observe") {
        if (!is_name || !words.empty())
            return Failure{"/observe NAME watches the game a player plays: /observe Eamon"};
        return ChatLine{ChatLine::Kind::Observe, name, ""};
    }
    return Failure{"'" + verb + "' is no command here: /tell NAME TEXT, /observe NAME (nothing was said)"};
}

bool tell_rings(Millis now, Millis& last) {
    if (now - last < tell_bell_every) return false;
    last = now;
    return true;
}

Expected<lobby::Create> parse_tournament(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty())
        return Failure{
            "type a name, the format, the most players, who starts and the terms: autumn-dm round-robin "
            "16 schedule official 4 dm first-to 2 rated"};
    // The protocol's reader checks every field and says which one is wrong; a line break or control
    // character can never make it another message (fit drops them).
    const auto p = lobby::parse_message(std::string(lobby::verb_of<lobby::Create>) + " " + fit(text, 400));
    if (!p) return Failure{p.why()};
    const auto* c = std::get_if<lobby::Create>(&*p);
    if (!c) return Failure{"not a tournament: NAME FORMAT MAX FIRST TERMS"};
    return *c;
}

LoginAdvice login_advice(const lobby::Refused& r, const std::string& name) {
    using R = lobby::Refusal;
    switch (r.code) {
        case R::PasswordNeeded:
            return {true, r.text + ": type the password of " + name + " (Esc: g logs in as a guest)"};
        case R::WrongPassword: return {true, r.text + ": type it again (Esc: g logs in as a guest)"};
        case R::NameTaken:
        case R::WrongSecret: return {false, r.text + ". l logs in with a password, g as a guest, q quits"};
        case R::TooManyAttempts: return {false, r.text + ". Wait a little, then l tries again; q quits"};
        default: return {false, r.text + ". l logs in with a password, g as a guest, q quits"};
    }
}

std::vector<std::string> lobby_help_lines(int width) {
    width = std::max(20, width);
    std::vector<std::string> out;
    const auto para = [&](const std::string& text) {
        for (std::string& line : wrap(text, width)) out.push_back(std::move(line));
    };
    out.push_back("gobblet help: the lobby");
    out.emplace_back();
    para(
        "The lobby shows who is online with their ratings (official 4x4, rogers 4x4, official 3x3, rogers "
        "3x3; a ? after a rating: still uncertain) and whom they play or what they watch, the open seeks, "
        "the games in progress with their score and clocks (* marks the clock that runs), and the lobby's "
        "chat. The line under the lists says everything about the row selected.");
    para(
        "A seek's terms: RULES SIZE CLOCK first-to N rated|casual, like official 4 5m+2s first-to 1 casual "
        "or official 4 dm first-to 2 rated. RULES: official or rogers; SIZE: 4 or 3; CLOCK: none, dm (2m a "
        "turn, 5m reserve in 30s chunks), dm TURN RESERVE CHUNK, or GAME+INCREMENT (5m+2s). A rated match "
        "needs a clock and registered players. After the terms: bots (computers welcome: a seek is for "
        "people otherwise, and bots take only those and challenges) and a rating range (1400-1800: only "
        "players rated so may take it).");
    para(
        "A challenge to you rings the bell and waits on a line beside the lists, wherever you are, taking no "
        "key from what you type: a accepts, x declines, N refuses that player's challenges (N again takes "
        "them back). Your seek taken and a tournament's round starting ring it too (B turns the bell off); "
        "a challenge of yours declined or lapsed is said. After a match, r offers a rematch (the same terms, "
        "colours swapped), and r accepts one offered to you. Before each "
        "side has moved, E aborts a match on its board (no result, no rating). A server's clocks start with "
        "White's first move. Watching a game, Tab talks to the other spectators, never to the players.");
    para(
        "Tournaments are listed under the players (Right goes there). Enter shows one's standings, live: "
        "rank, points (a match won 1, drawn 1/2), h2h (head to head: the points taken from those level on "
        "points), matches played, won, lost and drawn, rounds won and lost; "
        "the server ranks by points, then head to head, then rounds won, then rounds lost, and the title "
        "says final once every match is over. e enters a tournament before it starts, x leaves it, its "
        "organizer starts it with S. n creates one: NAME FORMAT MAX FIRST and the terms, like autumn-dm "
        "round-robin 16 schedule official 4 dm first-to 2 rated (FORMAT: round-robin, knockout or swiss-N; "
        "MAX: 2 to 64 players; FIRST: schedule, or draw to let the server draw who starts). Each of your "
        "matches opens on the game screen as the server starts it.");
    para(
        "A match opens on the game screen; q there goes back to the lobby (the server keeps the match), "
        "and the lobby comes back by itself when the match ends.");
    add_key_help(out, screen_lobby, width);
    return out;
}

}  // namespace gobblet::ui
