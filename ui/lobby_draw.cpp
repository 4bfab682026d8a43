// Drawing the lobby (lobby_screen.h): render from state, for the current terminal size: the frame every
// lobby screen shares (its pages draw their bodies in it: lobby_pages.h), and the lists.
//
//   title: the server's greeting, who we are
//   status: the connection (logged in, reconnecting in 4 s...)
//   Seeks (n)                                  | Players online (n)
//   #12 Liam 1623 rated dm official 4x4 ...    | Liam  1623 playing Eamon
//   Games in progress (n)                      | Tournaments (n)
//   Liam 1-0 Eamon 4:59* 5:00 rated dm ...     | #4 autumn-cup open 3/16 ...
//   details: the row selected, in full (two lines)
//   Chat: the last lines
//   message (two lines when it needs them)
//   prompt (an entry, a question), always showing what is typed
//   footer: the keys that work now, from the key table
#include <curses.h>

#include <algorithm>

#include "lobby_screen.h"
#include "terminal.h"
#include "view.h"

namespace gobblet::ui {

namespace {

attr_t pair_of(Pair p) { return has_colors_on() ? COLOR_PAIR(p) : 0; }

}  // namespace

void LobbyScreen::draw(Millis now) {
    LobbyBody b;
    b.draw = [this, now](int top, int height, int width) { draw_lists(top, height, width, now); };
    b.has_details = true;
    b.details = details(now);
    b.footer = [this](int width) { return keys().footer(*this, Mode::typing, width, 2); };
    draw_frame(now, b);
}

// The frame: everything but the body (the lists, or a page's).
void LobbyScreen::draw_frame(Millis now, const LobbyBody& body) {
    if (help_ && chat_page_)
        return draw_help(chat_log_page("The lobby's chat: the last " + std::to_string(chat_.size()) +
                                           " lines (any key comes back)",
                                       chat_, COLS - 1),
                         help_scroll_);
    if (help_) return draw_help(lobby_help_lines(COLS - 1), help_scroll_);
    erase();
    const int w = COLS - 1;
    if (COLS < lobby_min_cols || LINES < lobby_min_lines) {
        const std::string text = "The terminal is " + std::to_string(COLS) + "x" + std::to_string(LINES) +
                                 ": the lobby needs at least " + std::to_string(lobby_min_cols) + "x" +
                                 std::to_string(lobby_min_lines) + ". Make it larger (q quits).";
        int y = 0;
        for (const std::string& line : wrap(text, std::max(1, w)))
            if (y < LINES) put_text(y++, 0, line, w);
        refresh();
        return;
    }
    // Every line of the frame wraps (a long greeting, a reconnection's reason, a message, a question,
    // the details of the row selected), each to a few lines; the lists and the chat get what is left.
    std::string title = "gobblet lobby: " + net::endpoint_text(options_.server);
    if (!greeting_.empty()) title += " - " + greeting_;
    std::vector<std::string> titles = wrap(title, std::max(1, w));
    keep_lines(titles, 2);
    std::vector<std::string> status = wrap(status_line(now), std::max(1, w));
    keep_lines(status, 2);
    int y = 0;
    for (const std::string& line : titles) put_text(y++, 0, line, w, A_BOLD | pair_of(pair_title));
    using P = lobby::Client::Phase;
    const bool trouble = client_->phase() == P::Waiting || client_->phase() == P::Closed;
    for (const std::string& line : status)
        put_text(y++, 0, line, w, trouble ? (A_BOLD | pair_of(pair_error)) : A_NORMAL);

    // The message takes up to three lines when it needs them (its end is what it asks of the player), the
    // question or entry one to three; the footer two.
    std::vector<std::string> message = wrap(message_, std::max(1, w));
    keep_lines(message, 3);
    if (message.empty()) message.emplace_back();
    // A question: its words, then its keys, wrapped between keys; the words give way to the keys.
    std::vector<std::string> asked(1);
    if (question_) {
        std::string keys;
        for (const auto& a : question_->answers)
            keys += std::string(keys.empty() ? "" : "  ") +
                    (a.key.code == 27 ? std::string("Esc") : std::string(1, char(a.key.code))) + " " +
                    a.label;
        asked = wrap_parts(question_->text + "  " + keys, "  ", std::max(1, w));
        if (asked.size() > 3) {
            std::vector<std::string> answers = wrap_parts(keys, "  ", std::max(1, w));
            keep_lines(answers, 2);
            asked = {question_->text};
            asked.insert(asked.end(), answers.begin(), answers.end());
        }
    }
    // A challenge to the player waits on a line of its own beside the lists (or a page), as an offer waits
    // beside the board: it never takes the keys.
    const std::string challenge = challenge_line();
    std::vector<std::string> waiting = wrap(challenge, std::max(1, w));
    if (challenge.empty()) waiting.clear();
    keep_lines(waiting, 2);
    const int bottom = int(waiting.size() + message.size() + asked.size()) + 2;
    const int body_top = y;
    // The row selected in full: two lines kept for it, up to four when it needs them.
    std::vector<std::string> d = wrap(body.details, std::max(1, w));
    if (!body.has_details) d.clear();
    keep_lines(d, 4);
    int chat_h = std::max(3, (LINES - body_top - bottom) / 4);
    const auto body_height = [&] {
        return LINES - bottom - chat_h - (body.has_details ? std::max(2, int(d.size())) : 0) - body_top;
    };
    // A small terminal with much to say: the details, then the chat, give way to the lists.
    if (body_height() < 5) keep_lines(d, 2);
    if (body_height() < 5) chat_h = 2;
    const int details_h = body.has_details ? std::max(2, int(d.size())) : 0;
    const int body_h = body_height();
    body.draw(body_top, body_h + (body.chat ? 0 : chat_h), w);
    for (int i = 0; i < int(d.size()); ++i)
        put_text(body_top + body_h + i, 0, d[std::size_t(i)], w, pair_of(pair_title));
    if (body.chat) {
        const int chat_top = body_top + body_h + details_h;
        put_text(chat_top, 0, "Chat (Tab to say something)", w, A_BOLD);
        // The last lines, each wrapped (its later lines indented), as many as the box holds.
        const int shown = chat_h - 1;
        std::vector<std::string> lines;
        for (auto it = chat_.rbegin(); it != chat_.rend() && int(lines.size()) < shown; ++it) {
            std::vector<std::string> said = wrap(*it, std::max(10, w - 3));
            for (std::size_t i = 1; i < said.size(); ++i) said[i] = "  " + said[i];
            lines.insert(lines.begin(), said.begin(), said.end());
        }
        const int first = std::max(0, int(lines.size()) - shown);
        for (int i = 0; i < shown && first + i < int(lines.size()); ++i)
            put_text(chat_top + 1 + i, 1, lines[std::size_t(first + i)], w - 1);
    }

    y = LINES - bottom;
    for (const std::string& line : waiting) put_text(y++, 0, line, w, A_BOLD | pair_of(pair_title));
    for (const std::string& line : message)
        put_text(y++, 0, line, w, message_error_ ? (A_BOLD | pair_of(pair_error)) : A_NORMAL);
    int cursor = -1, selected_at = -1;
    if (entry_) {
        // What is typed always shows: the label gives way, then the start of the text.
        const EntryView v = entry_view(entry_->label, entry_->text, entry_hidden_, w);
        asked = {v.line};
        cursor = v.cursor;
        if (entry_->selected) selected_at = v.text_at;
    }
    const int prompt_y = y;
    for (const std::string& line : asked) put_text(y++, 0, line, w, question_ ? A_BOLD : A_NORMAL);
    // A text offered selected is drawn reversed: what is typed replaces it.
    if (selected_at >= 0 && cursor > selected_at && selected_at < w)
        mvchgat(prompt_y, selected_at, std::min(cursor, w) - selected_at, A_REVERSE, 0, nullptr);
    const std::vector<std::string> foot = frame_footer(body, w);
    for (std::size_t i = 0; i < foot.size() && i < 2; ++i) put_text(y + int(i), 0, foot[i], w, A_REVERSE);
    if (cursor >= 0 && !entry_hidden_) {
        move(prompt_y, std::min(cursor, w));
        curs_set(1);
    } else {
        curs_set(0);
    }
    refresh();
}

void LobbyScreen::draw_lists(int top, int height, int width, Millis now) {
    const lobby::Tables& t = client_->tables();
    // The columns share the width: the players' and tournaments' two fifths of it (their rows grow with
    // it: the four ratings from 44 columns, whole names from 57), the seeks' and games' the rest.
    const int right_w = width * 2 / 5;
    const int left_w = width - right_w - 1;
    const int seeks_h = height / 2, games_h = height - seeks_h;
    // The focused list's heading is underlined; the one "> " on the screen is its selected row's.
    const auto heading = [&](int y, int x, LobbyPane p, const std::string& text, int wd) {
        put_text(y, x, "  " + text, wd, A_BOLD | (pane_ == p ? A_UNDERLINE : A_NORMAL));
    };
    const std::string& me = client_->name();
    // Each list scrolls so that its selected row is shown; each keeps its selection, and the focused one
    // shows it.
    const auto rows = [&](LobbyPane p, int y, int h, int n, int x, int wd, const auto& row_text) {
        lists_[int(p)].draw(y, x, h, wd, n, row_text, pane_ == p);
    };
    const auto seeks = seek_rows(t, filter_, role());
    const std::size_t hidden = t.seeks().size() - seeks.size();
    heading(top, 0, LobbyPane::Seeks,
            "Seeks (" + std::to_string(seeks.size()) +
                (hidden ? ", " + std::to_string(hidden) + " hidden: / filters"
                        : std::string("): p posts, a accepts")) +
                (hidden ? ")" : ""),
            left_w);
    rows(LobbyPane::Seeks, top + 1, seeks_h - 1, int(seeks.size()), 0, left_w,
         [&](int i, int wd) { return seek_row(*seeks[std::size_t(i)], me, wd, &client_->tables()); });
    const auto games = game_rows(t);
    heading(top + seeks_h, 0, LobbyPane::Games,
            "Games in progress (" + std::to_string(games.size()) + "): w watches", left_w);
    rows(LobbyPane::Games, top + seeks_h + 1, games_h - 1, int(games.size()), 0, left_w,
         [&](int i, int wd) { return game_row(*games[std::size_t(i)], me, now, wd, &client_->tables()); });
    const auto players = player_rows(t);
    const int x = left_w + 1;
    for (int y = top; y < top + height; ++y) mvaddch(y, left_w, '|');
    heading(top, x, LobbyPane::Players, "Players (" + std::to_string(players.size()) + "): c challenges",
            right_w);
    put_text(top + 1, x, "  " + players_head(right_w - 2), right_w);
    // The tournaments under the players: a list of its own (Enter shows one's standings).
    const auto tours = tournament_rows(t);
    const int tours_h = std::max(3, std::min(int(tours.size()) + 1, height / 3));
    const int ty = top + height - tours_h;
    heading(ty, x, LobbyPane::Tournaments, "Tournaments (" + std::to_string(tours.size()) + "): n creates",
            right_w);
    rows(LobbyPane::Tournaments, ty + 1, tours_h - 1, int(tours.size()), x, right_w,
         [&](int i, int wd) { return tournament_row(*tours[std::size_t(i)], wd); });
    rows(LobbyPane::Players, top + 2, height - 2 - tours_h, int(players.size()), x, right_w,
         [&](int i, int wd) { return player_row(*players[std::size_t(i)], me, wd, &t); });
}

std::string LobbyScreen::details(Millis now) const {
    const lobby::Tables& t = client_->tables();
    const std::string& me = client_->name();
    switch (pane_) {
        case LobbyPane::Seeks:
            if (const auto* s = selected_seek()) {
                lobby::Ratings mine{};
                if (const auto p = t.players().find(lobby::name_key(me)); p != t.players().end())
                    mine = p->second.ratings;
                return seek_details(*s, me, role(),
                                    mine[std::size_t(lobby::variant_index(s->terms.settings.variant))]);
            }
            return "No seek" + std::string(t.seeks().empty() ? "" : " shown (/ filters)") + ": p posts one";
        case LobbyPane::Games:
            if (const auto* g = selected_game()) return game_details(*g, me, now);
            return "No game in progress.";
        case LobbyPane::Players:
            if (const auto* p = selected_player()) return player_details(*p, me, t);
            return "";
        case LobbyPane::Tournaments:
            if (const auto* tour = selected_tournament()) return tournament_details(*tour);
            return "No tournament: n creates one.";
    }
    return "";
}

std::vector<std::string> LobbyScreen::frame_footer(const LobbyBody& body, int width) const {
    if (question_) return {"answer with one key   Esc: " + question_->answers.back().label};
    if (entry_ && entry_->selected)
        return {"typing replaces the text shown   Right edits it   Enter confirm   Esc cancel"};
    if (entry_) return {"Enter confirm   Esc cancel   Ctrl-U empties it"};
    return body.footer(width);
}

}  // namespace gobblet::ui
