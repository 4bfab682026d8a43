// What the lobby screen shows and reads, without curses (ui/lobby_screen.h draws it): the rows of its
// lists (seeks, games in progress with their clocks, players with their ratings and what they do, a
// history page, the leaderboard), the details of the row selected, the seek list's filter, the line
// being typed as it fits, the selection, the typed challenge, what a refused login asks of the player
// next, and the lobby's help. Everything from the server was checked and cleaned by net/lobby_client;
// the rows are cut to the width by whole characters and never hold a control character. Each row says
// what matters first, so that 80 columns show it; the details line says the rest.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.h"
#include "net/lobby_client.h"
#include "scroll_list.h"
#include "text.h"

namespace gobblet::ui {

namespace lobby = net::lobby;

// The lists the arrows select in: the seeks, the games in progress, the players online, the tournaments.
enum class LobbyPane : int { Seeks, Games, Players, Tournaments };
inline constexpr int lobby_panes = 4;
const char* pane_name(LobbyPane p);

// A clock's time as the lobby shows it: "4:59", "1:02:03", "0:09".
std::string lobby_clock(Millis ms);
// A player's rating in one variant: "1623" (with "?" while the deviation is above 150) or "-".
std::string rating_cell(const std::optional<lobby::Rating>& r);

// The rows, each at most `width` characters (cut by whole characters). `me`: the name we are welcomed as.
// A player: name (bot, you), the official 4x4 rating (all four from 44 columns), what they do ("playing
// Eamon", "watching Liam - Eamon" with the game's names from `t` when it has the game).
std::string player_row(const lobby::PlayerItem& p, const std::string& me, int width,
                       const lobby::Tables* t = nullptr);
// The head of the players' columns for that width.
std::string players_head(int width);
// " (bot)" when the players list `t` knows `name` as a computer (issue 25: marked in every list), else "".
std::string bot_mark(const std::string& name, const lobby::Tables* t);
// A seek: "#12 Liam 1623 rated 5m+2s official 4x4 bots 1400-1800", whose and to whom first ("(yours)",
// "CHALLENGES YOU", "REMATCH").
std::string seek_row(const lobby::SeekItem& s, const std::string& me, int width,
                     const lobby::Tables* t = nullptr);
// A game: "Liam 1-0 Eamon 1:50* 5:00 rated dm official 4x4, 3 watching" ("YOUR MATCH" first).
std::string game_row(const lobby::GameRow& g, const std::string& me, Millis now, int width,
                     const lobby::Tables* t = nullptr);
// A finished game: "2026-11-23 Liam won 1-0 against Eamon, rated 5m+2s official 4x4: Liam 1662 (+162), ...".
std::string history_row(const lobby::HistoryItem& h, int width);
// A machine that proves the name: "this machine  last used 2026-11-23T14:03Z from 203.0.113.5", "SSH key
// SHA256:7myu... last used ... from unix" ("a machine" for another's secret, "from somewhere unknown").
std::string machine_row(const lobby::MachineItem& m, int width);
// How a machine is named in a question or a message: "this machine", "the machine last used from
// 203.0.113.5", "the SSH key SHA256:7myupKOVYh9n9+sTw...".
std::string machine_name(const lobby::MachineItem& m);
// A tournament: "#4 autumn-cup open 3/16 swiss-5 by Liam, rated dm official 4x4" (round N while it is
// played; "by the operator" for one made with --new-tournament).
std::string tournament_row(const lobby::TournamentItem& t, int width);

// The details of the row selected, in full (the details line under the lists; it wraps): a seek's terms
// in words, who it is for and whether it is for you; a game's players, score, clocks, terms, watchers;
// a player's four ratings and what they do; a tournament's format, organizer, state and terms. Each
// ends with what Enter does there.
std::string seek_details(const lobby::SeekItem& s, const std::string& me, lobby::Role role,
                         const std::optional<lobby::Rating>& mine);
std::string game_details(const lobby::GameRow& g, const std::string& me, Millis now);
std::string player_details(const lobby::PlayerItem& p, const std::string& me, const lobby::Tables& t);
std::string tournament_details(const lobby::TournamentItem& t);

// The seek list's filter (`/`), in the words of terms: rated or casual, official or rogers, 4 or 3 (or
// 4x4, 3x3), the speeds (bullet, blitz, rapid, classical, ultrabullet, unlimited, as lichess names a
// clock's: lobby::speed_of; several show any of them), and the seekers' rating range (1400-1800); ""
// shows every seek. Seeks that are not for us (computers not welcome for a bot, a rating range without
// ours: lobby::admits, the server's own check) are never shown: nobody could take them.
struct SeekFilter {
    std::optional<bool> rated;
    std::optional<Rules> rules;
    std::optional<int> size;
    std::optional<lobby::RatingRange> range;
    unsigned speeds = 0;  // a bit per lobby::Speed; none: any speed
    friend bool operator==(const SeekFilter&, const SeekFilter&) = default;
};
Expected<SeekFilter> parse_seek_filter(std::string_view text);
std::string seek_filter_text(const SeekFilter& f);
// Whether the seek passes the filter and may be taken by us (`role`, our ratings), or is ours or to us.
bool seek_shown(const lobby::SeekItem& s, const SeekFilter& f, const std::string& me, lobby::Role role,
                const lobby::Ratings& mine);

// The leaderboard (`best`) in columns, one a variant (official 4x4, rogers 4x4, official 3x3, rogers
// 3x3): a head line, then "1. Liam 1662" rows, as many as the items (a provisional rating, its deviation
// above lobby::settled_deviation, marked "1662?" as everywhere); the columns share `width`.
std::vector<std::string> leader_lines(const std::vector<lobby::LeaderItem>& items, const std::string& me,
                                      int width);
// The title of a tournament's table: "autumn-cup (#4): swiss-5 by Liam, round 2, official 4 dm first-to 2
// rated" and, once every match is over, "final".
std::string standings_title(const lobby::TournamentItem& t, int width);
// The head of the table's columns and one of its rows: rank, name, points, head to head ("h2h": the points
// taken from the players level on points), matches played, won, lost and drawn, rounds won and lost. The
// server ranks by points, then head to head, then rounds won, then rounds lost: the order is the server's.
std::string standings_head(int width);
std::string standing_row(const lobby::StandingItem& s, const std::string& me, int width);
// Whether `me` is in the table (entered the tournament and has not left it before the start).
bool in_standings(const std::vector<lobby::StandingItem>& table, const std::string& me);
// "Liam - Eamon, 2026-11-23T14:03Z": how a finished game is named in messages.
std::string history_title(const lobby::HistoryItem& h);

// The tables' rows in the order shown (seeks: challenges to us first, then by id; games by id; players by
// name), so that an index selects the same row the screen draws. The seeks are those seek_shown lets
// through (`role`: ours); without a filter, every one.
std::vector<const lobby::SeekItem*> seek_rows(const lobby::Tables& t, const SeekFilter& f = {},
                                              lobby::Role role = lobby::Role::Human);
std::vector<const lobby::GameRow*> game_rows(const lobby::Tables& t);
std::vector<const lobby::PlayerItem*> player_rows(const lobby::Tables& t);
std::vector<const lobby::TournamentItem*> tournament_rows(const lobby::Tables& t);

// The row selected as `selected` among `rows` (the last when rows went away under it), or nullptr for none.
template <class Row>
const Row* selected_row(const std::vector<const Row*>& rows, int selected) {
    if (rows.empty()) return nullptr;
    return rows[std::size_t(std::min(selected, int(rows.size()) - 1))];
}

// A typed challenge: a name, then the terms in the player's words (lobby::parse_seek_words: "Eamon 3+2",
// "Eamon rogers 3 none first-to 1 casual"), what is not said from `defaults`; the name alone challenges
// on the defaults. Who a seek is for (bots, a range) has no place in a challenge, which names its player.
struct TypedChallenge {
    std::string name;
    lobby::Terms terms;
};
Expected<TypedChallenge> parse_challenge(std::string_view text, const lobby::Terms& defaults);

// A line typed in a chat line: words to say, or, starting with /, a lobby command: `/tell NAME TEXT` (a
// private line, FICS's tell) or `/observe NAME` (watch the game NAME plays). An unknown command, or one
// without its words, is refused with how to write it, and never said to anyone.
struct ChatLine {
    enum class Kind : std::uint8_t { Say, Tell, Observe } kind = Kind::Say;
    std::string name;  // Tell, Observe
    std::string text;  // Say, Tell
};
Expected<ChatLine> parse_chat_line(std::string_view text);
// Whether a tell to us that comes at `now` rings the bell: not when one rang less than tell_bell_every
// before (`last`, which a ring moves to `now`), so that a tell from each of many players rings it once
// while every line is still said.
inline constexpr Millis tell_bell_every = 5000;
bool tell_rings(Millis now, Millis& last);

// A typed tournament: "NAME FORMAT MAX FIRST TERMS" (autumn-dm round-robin 16 schedule official 4 dm
// first-to 2 rated), read by the protocol's own reader of `create` (one parser for the format).
Expected<lobby::Create> parse_tournament(std::string_view text);

// What a refused login leads to: the password to type, or a choice (a password, a guest, quitting)
// with the server's words and what the player can do about them.
struct LoginAdvice {
    bool ask_password = false;  // the server wants the name's password: the prompt opens at once
    std::string text;           // for the message line
};
LoginAdvice login_advice(const lobby::Refused& r, const std::string& name);

// The lobby's help for this width: what the lobby is, then every key of the key table on the lobby.
std::vector<std::string> lobby_help_lines(int width);

}  // namespace gobblet::ui
