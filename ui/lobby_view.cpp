// The lobby's rows, selection, typed challenges, login advice and help (lobby_view.h): plain logic.
#include "lobby_view.h"

#include <algorithm>
#include <cstdio>

#include "keys.h"
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

std::string fit(std::string_view text, int width) {
    std::string out;
    int chars = 0;
    for (std::size_t i = 0; i < text.size() && chars < width;) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || i + len > text.size()) {  // not UTF-8: never passed on
            ++i;
            continue;
        }
        const std::string_view one = text.substr(i, len);
        i += len;
        // Control characters, C0 and DEL, and C1 (U+0080-U+009F, as two bytes C2 80-9F).
        if (len == 1 && (c < 32 || c == 127)) continue;
        if (len == 2 && c == 0xC2 && static_cast<unsigned char>(one[1]) < 0xA0) continue;
        out += one;
        ++chars;
    }
    return out;
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
    if (s.size() < n) s.resize(n, ' ');
    return s;
}

}  // namespace

std::string player_row(const lobby::PlayerItem& p, const std::string& me, int width) {
    // The four ratings in the order they travel: official 4x4, rogers 4x4, official 3x3, rogers 3x3.
    std::string row = pad(p.name + (p.role == lobby::Role::Bot ? " (bot)"
                                    : same(p.name, me)         ? " (you)"
                                                               : ""),
                          16);
    for (const auto& r : p.ratings) row += " " + pad(rating_cell(r), 5);
    if (p.playing) row += " playing";
    return fit(row, width);
}

std::string seek_row(const lobby::SeekItem& s, const std::string& me, int width) {
    // Who and whose first: the terms may be cut at the right.
    std::string who = s.from + " " + rating_cell(s.rating);
    if (same(s.from, me))
        who += s.to.empty() ? " (yours)" : " (yours, to " + s.to + ")";
    else if (!s.to.empty())
        who += " CHALLENGES YOU";
    return fit("#" + std::to_string(s.id) + " " + pad(who, 24) + " " + lobby::terms_text(s.terms), width);
}

std::string game_row(const lobby::GameRow& g, const std::string& me, Millis now, int width) {
    const lobby::GameItem& it = g.item;
    std::string row = it.names[0] + " " + std::to_string(it.score[0]) + "-" + std::to_string(it.score[1]) +
                      " " + it.names[1];
    if (it.left[0] || it.left[1]) {
        std::string clocks;
        for (int p : {0, 1}) {
            const auto left = lobby::Tables::time_left(g, p, now);
            clocks += (p ? " | " : "") + (left ? lobby_clock(*left) : std::string("-")) +
                      (it.running == p ? "*" : "");
        }
        row = pad(row, 28) + " " + clocks;
    }
    row += "  " + lobby::terms_text(it.terms);
    if (it.watchers > 0) row += ", " + std::to_string(it.watchers) + " watching";
    // Ours first, so that no width cuts it off: Enter on it goes back to the match.
    if (same(it.names[0], me) || same(it.names[1], me)) row = "YOUR MATCH " + row;
    return fit(row, width);
}

std::string history_title(const lobby::HistoryItem& h) {
    return h.names[0] + " - " + h.names[1] + ", " + h.date;
}

std::string history_row(const lobby::HistoryItem& h, int width) {
    std::string result;
    switch (h.result) {
        case lobby::Verdict::Player0: result = h.names[0] + " won"; break;
        case lobby::Verdict::Player1: result = h.names[1] + " won"; break;
        case lobby::Verdict::Draw: result = "drawn"; break;
        case lobby::Verdict::Aborted: result = "aborted"; break;
    }
    return fit(h.date + "  " +
                   pad(h.names[0] + " " + std::to_string(h.score[0]) + "-" + std::to_string(h.score[1]) +
                           " " + h.names[1],
                       30) +
                   " " + pad(result, 16) + " " + lobby::terms_text(h.terms),
               width);
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
    return fit(
        pad(what, 22) + "  last used " + m.last_used + " from " + (m.address.empty() ? "?" : m.address),
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
    return fit("#" + std::to_string(t.id) + " " + (t.name.empty() ? "" : t.name + " ") +
                   lobby::format_text(t.format) + " by " + organizer_text(t) + ", " + state_text(t) + ", " +
                   std::to_string(t.players) + "/" + std::to_string(t.max_players) + " players, " +
                   lobby::terms_text(t.terms),
               width);
}

std::string standings_title(const lobby::TournamentItem& t, int width) {
    // "final" first, so that no width cuts it off.
    const std::string head = t.state == lobby::TournamentState::Over ? "final: " : "";
    return fit(head + (t.name.empty() ? "tournament" : t.name) + " (#" + std::to_string(t.id) +
                   "): " + lobby::format_text(t.format) + " by " + organizer_text(t) + ", " + state_text(t) +
                   ", " + std::to_string(t.players) + "/" + std::to_string(t.max_players) + " players, " +
                   lobby::terms_text(t.terms),
               width);
}

std::string standings_head(int width) {
    return fit("rank " + pad("name", 22) + " points  h2h  played  won lost drawn  rounds won lost", width);
}

std::string standing_row(const lobby::StandingItem& s, const std::string& me, int width) {
    char nums[96];
    std::snprintf(nums, sizeof nums, "%6s  %3s  %6d  %3d %4d %5d  %10d %4d",
                  lobby::points_text(s.half_points).c_str(), lobby::points_text(s.head_to_head).c_str(),
                  s.played, s.won, s.lost, s.drawn, s.rounds_won, s.rounds_lost);
    std::string rank = std::to_string(s.rank) + ".";
    return fit(pad(rank, 5) + pad(s.name + (same(s.name, me) ? " (you)" : ""), 22) + " " + nums, width);
}

bool in_standings(const std::vector<lobby::StandingItem>& table, const std::string& me) {
    return std::any_of(table.begin(), table.end(),
                       [&me](const lobby::StandingItem& s) { return same(s.name, me); });
}

std::vector<const lobby::SeekItem*> seek_rows(const lobby::Tables& t) {
    std::vector<const lobby::SeekItem*> rows;
    for (const auto& [id, s] : t.seeks()) rows.push_back(&s);
    const std::string me = t.me();
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

int move_selection(int selected, int rows, int delta) {
    if (rows <= 0) return -1;
    return std::clamp(std::max(selected, 0) + delta, 0, rows - 1);
}

Expected<TypedChallenge> parse_challenge(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    const std::size_t space = text.find(' ');
    const std::string name(text.substr(0, space));
    if (name.empty() || space == std::string_view::npos)
        return Failure{"type a name and the terms: Eamon official 4 5m+2s first-to 1 casual"};
    if (!lobby::valid_name(name) && !lobby::valid_guest_name(name))
        return Failure{"'" + fit(name, 24) + "' is not a player's name: 2 to 20 letters, digits, - or _"};
    std::string_view rest = text.substr(space + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const auto terms = lobby::parse_terms(rest);
    if (!terms) return Failure{"the terms: " + terms.why()};
    return TypedChallenge{name, *terms};
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
    const auto p = lobby::parse_message("create " + fit(text, 400));
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
        "3x3; a ? after a rating: still uncertain), the open seeks, the games in progress with their score "
        "and clocks (* marks the clock that runs), and the lobby's chat.");
    para(
        "A seek's terms: RULES SIZE CLOCK first-to N rated|casual, like official 4 5m+2s first-to 1 casual "
        "or official 4 dm first-to 2 rated. RULES: official or rogers; SIZE: 4 or 3; CLOCK: none, dm (2m a "
        "turn, 5m reserve in 30s chunks), dm TURN RESERVE CHUNK, or GAME+INCREMENT (5m+2s). A rated match "
        "needs a clock and registered players.");
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
