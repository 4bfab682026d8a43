#include "view.h"

#include <curses.h>

#include <algorithm>
#include <cstdio>

#include "engine/movegen.h"
#include "scroll_list.h"
#include "teach_text.h"
#include "terminal.h"
#include "text.h"

namespace gobblet::ui {

int pair_attr(short pair) { return has_colors_on() ? COLOR_PAIR(pair) : 0; }

void draw_overlay(const Overlay& o, int cols, int status_y) {
    // Above the status line: the message under it stays in sight (what a change did, or why not).
    const int above = std::max(5, status_y - 1);
    const int w = std::min(cols - 2, 100);
    // The footer wraps between its keys: every key it names shows.
    const std::vector<std::string> foot = wrap_parts(o.footer, "   ", w - 2);
    const int foot_h = int(foot.size());
    const int h = std::min(above, int(o.rows.size()) + 3 + foot_h);
    const int x = (cols - w) / 2, y = 1 + (above - h) / 2;
    for (int i = 0; i < h; ++i) mvhline(y + i, x, ' ', w);
    put_text(y, x + 1, o.title, w - 2, A_BOLD | A_REVERSE);
    const int visible = h - 3 - foot_h;
    // Scrolled as every list is (scroll_list.h): the selected row shows.
    ScrollList list;
    list.select(o.selected);
    const int first = list.first(int(o.rows.size()), visible);
    for (int i = 0; i < visible && first + i < int(o.rows.size()); ++i) {
        const ListRow& r = o.rows[first + i];
        const int attr = first + i == o.selected ? A_REVERSE : 0;
        const int vw = text_width(r.value);
        const int room = w - 4 - vw;
        // The row's brief form when the whole one does not fit (a cut one says so at its end).
        std::string line =
            elide(" " + first_fit({r.text, r.brief.empty() ? r.text : r.brief}, room - 1), room);
        line += std::string(std::max(0, room - text_width(line)), ' ');
        put_text(y + 2 + i, x + 1, line + "  " + r.value, w - 2, attr);
    }
    for (int i = 0; i < foot_h; ++i) put_text(y + h - foot_h + i, x + 1, foot[std::size_t(i)], w - 2);
}

namespace {

void put(int y, int x, std::string_view text, int attr = 0, int width = -1) {
    put_text(y, x, std::string(text), width, attr);
}

void centered(int y, int x, int width, const std::string& text, int attr = 0) {
    const int w = text_width(text);
    put(y, x + std::max(0, (width - w) / 2), text, attr, width);
}

// A piece: bigger pieces are wider, White in round brackets and Black in square ones (so the sides stay
// distinct without colour), with its size as a bare number: "(   4   )", "[ 2 ]". No letter, so that a
// piece never reads like a stack name (W3 is White's stack 3 in the notation).
std::string piece_text(Color c, int size, bool large) {
    static const int pad_small[5] = {0, 0, 1, 2, 3}, pad_large[5] = {0, 0, 2, 4, 5};
    const std::string pad(large ? pad_large[size] : pad_small[size], ' ');
    const bool white = c == Color::White;
    return std::string(1, white ? '(' : '[') + pad + char('0' + size) + pad + (white ? ')' : ']');
}

int piece_attr(Color c) { return A_BOLD | pair_attr(c == Color::White ? pair_white : pair_black); }

void draw_grid(const Layout& l) {
    const int n = l.size, w = n * l.cell_w, h = n * l.cell_h;
    const bool box = unicode_on();  // line-drawing characters in a UTF-8 locale, plain ASCII otherwise
    for (int r = 0; r <= n; ++r) mvhline(l.board_y + r * l.cell_h, l.board_x, box ? ACS_HLINE : '-', w);
    for (int c = 0; c <= n; ++c) mvvline(l.board_y, l.board_x + c * l.cell_w, box ? ACS_VLINE : '|', h);
    for (int r = 0; r <= n; ++r)
        for (int c = 0; c <= n; ++c) {
            chtype ch = ACS_PLUS;
            if (r == 0)
                ch = c == 0 ? ACS_ULCORNER : c == n ? ACS_URCORNER : ACS_TTEE;
            else if (r == n)
                ch = c == 0 ? ACS_LLCORNER : c == n ? ACS_LRCORNER : ACS_BTEE;
            else if (c == 0)
                ch = ACS_LTEE;
            else if (c == n)
                ch = ACS_RTEE;
            mvaddch(l.board_y + r * l.cell_h, l.board_x + c * l.cell_w, box ? ch : '+');
        }
    for (int c = 0; c < n; ++c)
        centered(l.board_y - 1, l.board_x + c * l.cell_w + 1, l.cell_w - 1, std::string(1, char('1' + c)),
                 A_BOLD);
    for (int r = 0; r < n; ++r) mvaddch(l.board_y + r * l.cell_h + l.cell_h / 2, 0, chtype('A' + r) | A_BOLD);
}

// Squares the picked piece may land on: exactly the legal moves of the game (which honour a touched
// piece), so the marks never promise a move the rules refuse.
Bitboard destinations(const Game& game, const UiState& ui) {
    // (A premove's piece, picked on the other side's turn, has none yet: its turn decides.)
    if (!ui.picked || game.over() || ui.picker.value_or(game.side_to_move()) != game.side_to_move()) return 0;
    MoveList moves;
    game.legal_moves(moves);
    const Position& pos = game.position();
    Bitboard b = 0;
    for (Move m : moves) {
        if (ui.picked->stack) {
            if (m.is_enter() && m.size() == pos.stack_top(pos.side_to_move(), ui.picked->index))
                b |= bit(m.to());
        } else if (!m.is_enter() && m.from() == make_square(ui.picked->row, ui.picked->col) &&
                   (!game.touched() || *game.touched() == m.from())) {
            b |= bit(m.to());
        }
    }
    return b;
}

void draw_cell(const Layout& l, const Game& game, const UiState& ui, int r, int c, Bitboard targets) {
    const Position& pos = game.position();
    const Square sq = make_square(r, c);
    const int x = l.board_x + c * l.cell_w + 1, y = l.board_y + r * l.cell_h + 1;
    const int w = l.cell_w - 1, h = l.cell_h - 1;
    const bool cursor =
        ui.mode == Mode::cursor && !ui.cursor.stack && ui.cursor.row == r && ui.cursor.col == c;
    const bool picked = ui.picked && !ui.picked->stack && ui.picked->row == r && ui.picked->col == c;
    const bool touched = game.touched() && *game.touched() == sq && !game.over();
    const bool win = (game.result().line & bit(sq)) != 0;
    bool last_to = false, last_from = false;
    if (!game.moves().empty()) {
        const Move m = game.moves().back();
        last_to = m.to() == sq;
        last_from = !m.is_enter() && m.from() == sq;
    }
    int base = 0;
    if (last_to || last_from) base = A_UNDERLINE;
    if (targets & bit(sq)) base = pair_attr(pair_target);
    if (win) base = pair_attr(pair_win) | A_BOLD;
    if (cursor) base |= A_REVERSE;
    attron(base);
    for (int i = 0; i < h; ++i) mvhline(y + i, x, ' ', w);
    attroff(base);

    std::string mark;
    if (win)
        mark = l.large ? "= line =" : "line";
    else if (picked)
        mark = "picked";
    else if (touched)
        mark = "touched";
    else if (targets & bit(sq))
        mark = "*";
    else if (last_to)
        mark = "last";
    else if (last_from)
        mark = "from";
    const int under = pos.height(sq) - 1;
    const int s = pos.top_size(sq);
    if (l.large) {
        // The piece on its row's letter's line (draw_grid), the mark right under it, then what it covers:
        // a cell reads from the piece down, as the small one does.
        const int piece_y = y + l.cell_h / 2 - 1;
        if (s)
            centered(piece_y, x, w, piece_text(pos.top_color(sq), s, true),
                     base | piece_attr(pos.top_color(sq)));
        if (!mark.empty()) centered(piece_y + 1, x, w, mark, base | A_BOLD);
        if (under > 0) centered(piece_y + 2, x, w, "+" + std::to_string(under) + " under", base);
    } else {
        if (s)
            centered(y, x, w, piece_text(pos.top_color(sq), s, false), base | piece_attr(pos.top_color(sq)));
        if (!mark.empty()) put(y + 1, x, mark, base | A_BOLD, w);
        if (under > 0) {
            const std::string u = "+" + std::to_string(under);
            put(y + 1, x + w - int(u.size()), u, base);
        }
    }
}

// A side's clock in words, as its kind names it: "turn 0:10 reserve 0:30" or "time 4:29". The reserve
// is left out of settings without one unless `always_reserve`; `gap` goes before it.
std::string clock_face_words(const ClockSettings& s, Millis left, Millis reserve, const char* gap,
                             bool always_reserve) {
    const ClockKindInfo& k = clock_kind(s.kind);
    std::string out = std::string(k.face) + " " + clock_face(left);
    if (k.reserve && (always_reserve || s.reserve > 0))
        out += gap + std::string("reserve ") + clock_face(reserve);
    return out;
}

// What a name does not say: a remote seat's computer ("Liam (remote computer)", a server's bot). A
// person's name, here or across the network, needs nothing beside it (the title and the status say whose
// game it is); a computer here is named so ("computer (max)"). `brief`: "(remote)" for a panel too narrow
// for "(remote computer)".
std::string seat_suffix(const SeatView& seat, bool brief = false) {
    if (seat.kind == SeatKind::Remote && !seat.label.empty())
        return " (" + (brief ? std::string("remote") : seat.label) + ")";
    return "";
}

// The running clock's mark, and a paused one's: a pause sign, never `=` (the draw key's): "▶" and "‖",
// or in ASCII ">" and "||".
std::string clock_mark(bool paused) {
    if (unicode_on()) return paused ? "\u2016" : "\u25B6";
    return paused ? "||" : ">";
}

// One player's block: name line, clock line (with a clock), the three stacks. Returns the next row.
int draw_player(const Layout& l, const Match& match, const UiState& ui, Color c, int y, Millis now) {
    const Game& game = match.game();
    const Position& pos = game.position();
    const int player = match.player_of(c);
    const std::string& name = match.name(player);
    std::string head = std::string(color_name(c)) + "  ";
    const bool to_move = !game.over() && game.side_to_move() == c;
    put(y, l.panel_x, head, A_BOLD | pair_attr(c == Color::White ? pair_white : pair_black));
    // A player nobody named is called by their colour in round 1, on the screen as in the file: the
    // head says it already while they play that colour.
    std::string who = name == color_name(c) ? std::string("") : name;
    const std::string turn = to_move ? (who.empty() ? "<" : "  <") : "";
    // What the seat is, briefer where the panel is narrow: the name and the turn's mark come first, and a
    // name too long for the panel is cut (marked) before the turn's mark.
    const int room = l.panel_w - int(head.size());
    who = first_fit({who + seat_suffix(ui.seats[player]) + turn,
                     who + seat_suffix(ui.seats[player], true) + turn, who + turn},
                    room);
    if (text_width(who) > room)
        who = elide(who.substr(0, who.size() - turn.size()), room - int(turn.size()), cut_mark()) + turn;
    put(y, l.panel_x + int(head.size()), who, to_move ? A_BOLD : 0, l.panel_w - int(head.size()));
    ++y;
    const GameClock& clock = match.clock();
    if (clock.enabled() && ui.clock_faces) {
        // A reviewed record's reading at the move shown: the time left before the flag (a DM reserve in it).
        const Millis left = (*ui.clock_faces)[index(c)];
        put(y++, l.panel_x,
            "   " + (clock_kind(clock.settings().kind).reserve
                         ? "left " + clock_face(left)
                         : clock_face_words(clock.settings(), left, 0, "  ", false)));
    } else if (clock.enabled()) {
        const bool running = clock.running() == c;
        const Millis left = clock.time_left(c, now);
        const std::string mark = clock_mark(clock.paused());
        std::string text = !running ? "   " : " " + mark + (text_width(mark) == 1 ? " " : "");
        text += clock_face_words(clock.settings(), left, clock.reserve_left(c), "  ", false);
        int attr = running ? A_BOLD : 0;
        const bool low = (running && left <= 10'000) || clock.flagged() == c;
        if (low) attr = A_BOLD | (has_colors_on() ? pair_attr(pair_error) : A_REVERSE);
        put(y++, l.panel_x, text, attr);
    }
    // The cursor reaches the stacks of the side it picks for (the side to move, or a premove's).
    const bool picks = !game.over() && ui.picker.value_or(game.side_to_move()) == c;
    for (int i = 0; i < reserve_stacks; ++i) {
        const bool cur = ui.mode == Mode::cursor && ui.cursor.stack && ui.cursor.index == i && picks;
        const bool picked = ui.picked && ui.picked->stack && ui.picked->index == i && picks;
        // The stack is labelled with both names the notation uses: X (the mover's stack 1) and W1/K1.
        std::string label = std::string(" ") + "XYZ"[i] + " " + stack_name(c, i) + " ";
        put(y, l.panel_x, label, cur ? A_REVERSE : 0);
        int x = l.panel_x + int(label.size());
        const int top = pos.stack_top(c, i);
        if (top) {
            const std::string p = piece_text(c, top, false);
            put(y, x, p, piece_attr(c) | (picked ? A_REVERSE : 0));
            x += int(p.size());
            put(y, x, " " + std::to_string(pos.stack_count(c, i)) + " left" + (picked ? "  picked" : ""));
        } else {
            put(y, x, "empty");
        }
        ++y;
    }
    return y;
}

void draw_moves(const Layout& l, const Match& match, const UiState& ui, int y, int bottom) {
    const auto& moves = match.game().moves();
    const int pairs = int(moves.size() + 1) / 2;
    const int digits = pairs >= 100 ? 3 : pairs >= 10 ? 2 : 1;
    // The review's marks follow their moves ("12. W1A1?? K1C3?"); with marks, columns get room for them.
    const bool marked_any =
        std::any_of(ui.marks.begin(), ui.marks.end(), [](const std::string& m) { return !m.empty(); });
    const int col_w = digits + 2 + 4 + 1 + 4 + 2 + (marked_any ? 4 : 0);  // "12. W3B2 K1C3" and a gap
    const auto marked = [&](std::size_t ply, Color c) {
        std::string m = move_name(moves[ply], c);
        if (ply < ui.marks.size()) m += ui.marks[ply];
        return m;
    };
    const int cols = std::max(1, (l.panel_w + 2) / col_w);
    const int rows = bottom - y - 1;
    if (rows < 1) return;
    const int shown = rows * cols;
    int first = ui.list_scroll < 0 ? std::max(0, pairs - shown)
                                   : std::clamp(ui.list_scroll, 0, std::max(0, pairs - 1));
    std::string head = "Moves";
    if (pairs > shown || first > 0)
        head += " " + std::to_string(first + 1) + "-" + std::to_string(std::min(pairs, first + shown)) +
                " of " + std::to_string(pairs) + " (PgUp PgDn)";
    put(y, l.panel_x, head, A_BOLD);
    for (int k = 0; k < shown && first + k < pairs; ++k) {
        const int p = first + k;
        char num[16];
        std::snprintf(num, sizeof num, "%*d.", digits, p + 1);
        std::string text = std::string(num) + " " + marked(2 * p, Color::White);
        if (std::size_t(2 * p + 1) < moves.size()) text += " " + marked(2 * p + 1, Color::Black);
        put(y + 1 + k % rows, l.panel_x + (k / rows) * col_w, text);
    }
}

// The analysis panel in the box (y, x, width, height): teach_text.h's rows, and the note on why it does
// not search now (in the last row when the box is full).
void draw_analysis(const UiState& ui, int y, int x, int width, int height) {
    if (height < 1 || width < 10) return;
    std::vector<std::string> rows = analysis_rows(ui.analysis_result, width);
    if (ui.analysis_result.lines.empty() && !ui.analysis_note.empty()) rows = {"Analysis"};
    // The note wrapped at the bottom; the lines give way to it.
    std::vector<std::string> note;
    if (!ui.analysis_note.empty()) {
        note = wrap(ui.analysis_note, width);
        keep_lines(note, std::max(1, height - 1));
        rows.resize(std::size_t(std::clamp(height - int(note.size()), 1, int(rows.size()))));
    }
    const int first_note = int(rows.size());
    rows.insert(rows.end(), note.begin(), note.end());
    for (int i = 0; i < int(rows.size()) && i < height; ++i)
        put(y + i, x, rows[std::size_t(i)], i == 0 ? A_BOLD : i >= first_note ? A_DIM : 0, width);
}

std::string status_text(const Match& match, const UiState& ui) {
    const Game& game = match.game();
    std::string s;
    if (!ui.joining.empty()) {
        s = "not joined yet: the host sets the game";
    } else if (game.over()) {
        s = match.round_result_text();
        if (!match.single_game() && match.phase() == MatchPhase::Over) s += ". " + match.match_result_text();
    } else if (!ui.ended.empty()) {
        s = ui.ended;  // nobody is to move in a match that ended (aborted)
    } else {
        // "Liam (White) to move"; a name in brackets of its own takes the colour into them, never a
        // second pair: "computer (easy, Black) to move".
        const Color c = game.side_to_move();
        const std::string name = match.names_by_colour()[index(c)];
        if (name == color_name(c))
            s = name + " to move";
        else if (name.ends_with(')'))
            s = name.substr(0, name.size() - 1) + ", " + color_name(c) + ") to move";
        else
            s = name + " (" + color_name(c) + ") to move";
    }
    if (!ui.review.empty()) s = ui.review + "    " + s;  // first: what Enter does now
    if (ui.paused) s += "    PAUSED: p resumes" + (ui.pause_note.empty() ? "" : " (" + ui.pause_note + ")");
    if (!ui.offer.empty()) s += "    " + ui.offer;
    if (!ui.premove.empty()) s += "    " + ui.premove;
    if (!ui.clock_note.empty()) s += "    " + ui.clock_note;
    if (ui.thinking) {
        s += ui.hinting ? "    finding a hint" : "    computer thinking";
        if (ui.info.depth > 0) {
            s += ": depth " + std::to_string(ui.info.depth);
            if (!ui.plan_hidden) s += ", best " + move_name(ui.info.best, game.side_to_move());
        }
        s += "...";
    } else if (!ui.activity.empty()) {
        s += "    " + ui.activity + "...";
    }
    return s;
}

// The title: rules, size, and for a match the round, the score and the target; the clock settings when
// they fit (the clocks themselves are always in the panel).
// When the whole title is too wide, the brief form shortens the words around the score ("Liam 0-1
// Eamon to 2"), never the names beside it (the panel lists White first, who is not always the player on
// the left of the score); before anything is scored, still too wide for its note, it says no score at
// all ("round 1 to 2"). The note's parts (a network game's code, an absence, a server's match: separated
// by two spaces) follow as they fit, and those that do not come back in `rest`, for the status line.
struct TitleLine {
    std::string text, rest;
};
TitleLine title_text(const Match& match, const UiState& ui, int width) {
    const Variant v = match.variant();
    const std::string size = std::to_string(v.size) + "x" + std::to_string(v.size);
    // A review shows a round with the score after it (ui.score_after), whatever step it stands at.
    const std::array<int, 2> score =
        ui.score_after.value_or(std::array<int, 2>{match.score(0), match.score(1)});
    const auto build = [&](bool brief, bool scoreless) {
        std::string t = std::string("gobblet  ") + rules_name(v.rules) + (brief ? " " : " rules  ") + size;
        if (!match.single_game())
            t += "  round " + std::to_string(match.round_number()) +
                 (scoreless ? std::string()
                            : "  " + match.name(0) + " " + std::to_string(score[0]) + (brief ? "-" : " - ") +
                                  std::to_string(score[1]) + " " + match.name(1)) +
                 (brief ? " to " : "  first to ") + std::to_string(match.settings().first_to);
        return t;
    };
    const std::string note = ui.title_note.empty() ? "" : "  " + ui.title_note;
    TitleLine out{build(false, false) + note, ""};
    if (text_width(out.text) > width) {
        out.text = build(true, false);
        if (text_width(out.text + note) > width && score[0] == 0 && score[1] == 0)
            out.text = build(true, true);
        for (std::size_t at = 0; at < ui.title_note.size();) {
            const std::size_t end = std::min(ui.title_note.find("  ", at), ui.title_note.size());
            const std::string part = ui.title_note.substr(at, end - at);
            at = end + 2;
            if (part.empty()) continue;
            if (out.rest.empty() && text_width(out.text + "  " + part) <= width)
                out.text += "  " + part;
            else
                out.rest += (out.rest.empty() ? "" : "    ") + part;
        }
    }
    const std::string clock = "  clock: " + clock_description(match.clock().settings());
    if (match.clock().enabled() && out.rest.empty() && text_width(out.text + clock) <= width)
        out.text += clock;
    return out;
}

// The clocks in one line, for a screen too small for the board: "White turn 0:10 reserve 0:30 > Black
// time 4:29", the running one marked (clock_mark: a pause sign while it stands).
std::string clocks_line(const Match& match, Millis now) {
    const GameClock& clock = match.clock();
    std::string out;
    for (Color c : {Color::White, Color::Black}) {
        out += out.empty() ? "" : "  ";
        if (clock.running() == c) out += clock_mark(clock.paused()) + " ";
        out += std::string(color_name(c)) + " " +
               clock_face_words(clock.settings(), clock.time_left(c, now), clock.reserve_left(c), " ", true);
    }
    return out;
}

// No clock runs unseen: a screen too small for the board still shows the clocks (a network game's run
// on), and why a local one stands.
void draw_too_small(const Layout& l, const Match& match, const UiState& ui, Millis now) {
    char buf[200];
    std::snprintf(
        buf, sizeof buf,
        "The terminal is %dx%d; the %dx%d board needs at least %dx%d. Enlarge the window, or press q to "
        "quit.",
        l.cols, l.lines, l.size, l.size, l.need_cols, l.need_lines);
    std::vector<std::string> lines = wrap(buf, std::max(10, l.cols - 1));
    if (match.clock().enabled() && !match.game().over()) {
        for (const std::string& line : wrap(clocks_line(match, now), std::max(10, l.cols - 1)))
            lines.push_back(line);
        if (!ui.clock_note.empty())
            for (const std::string& line : wrap(ui.clock_note, std::max(10, l.cols - 1)))
                lines.push_back(line);
    }
    int y = 0;
    for (const std::string& line : lines) put(y++, 0, line);
}

}  // namespace

Layout make_layout(int n, int cols, int lines) {
    Layout l;
    l.size = n;
    l.cols = cols;
    l.lines = lines;
    const auto compute = [&](bool large) {
        l.large = large;
        l.cell_w = large ? 15 : 11;
        l.cell_h = large ? 5 : 3;
        const int board_w = n * l.cell_w + 1, board_h = n * l.cell_h + 1;
        l.panel_x = l.board_x + board_w + 2;
        l.message_lines = 3;
        l.footer_lines = 2;
        const int bottom = 1 + l.message_lines + 1 + l.footer_lines;
        l.need_cols = l.panel_x + (large ? 44 : 30);
        if (!large && n == 4) l.need_cols = 80;
        l.need_lines = l.board_y + board_h + (large ? 5 : 2) + bottom;
        l.panel_w = cols - l.panel_x;
        l.status_y = lines - bottom;
        l.under_y = l.board_y + board_h;
        l.under_h = std::max(0, l.status_y - l.under_y);
    };
    compute(true);
    if (!l.fits()) compute(false);
    return l;
}

void draw(const Match& match, const UiState& ui, const Chrome& chrome, Millis now) {
    erase();
    const Game& game = match.game();
    const Layout l = make_layout(match.variant().size, COLS, LINES);
    if (!l.fits()) {
        draw_too_small(l, match, ui, now);
        refresh();
        return;
    }
    const TitleLine title = ui.joining.empty() ? title_text(match, ui, l.cols - 1)
                                               : TitleLine{"gobblet  joining " + ui.joining, ""};
    put(0, 0, title.text, 0, l.cols - 1);
    mvchgat(0, 0, 7, A_BOLD, has_colors_on() ? pair_title : 0, nullptr);

    draw_grid(l);
    const Bitboard targets = destinations(game, ui);
    for (int r = 0; r < l.size; ++r)
        for (int c = 0; c < l.size; ++c) draw_cell(l, game, ui, r, c, targets);

    // Before a joiner's game arrives, the panel says what will come instead of players nobody knows yet.
    if (!ui.joining.empty()) {
        int y = l.board_y;
        for (const std::string& line :
             wrap("The host sets the game: the rules, the board, the clock, the colours and the names arrive "
                  "when you join.",
                  std::max(10, l.panel_w - 1)))
            put(y++, l.panel_x, line, 0, l.panel_w);
    }
    // The status line wraps between its parts onto the line above it (free under the board at 80x24),
    // which the panel's list gives up.
    // (with what the title had no room for)
    std::string status = chrome.status.empty() ? status_text(match, ui) : chrome.status;
    if (!title.rest.empty()) status += "    " + title.rest;
    std::vector<std::string> status_lines = wrap_parts(printable(status), "    ", l.cols - 1);
    keep_lines(status_lines, 2);
    const int status_top = l.status_y - (int(status_lines.size()) - 1);

    int y = l.board_y - 1;
    if (ui.joining.empty())
        for (Color c : {Color::White, Color::Black}) y = draw_player(l, match, ui, c, y, now) + 1;
    // The analysis goes under the board when there is room for its five rows (large screens, 3x3), else
    // in the place of the move list.
    const bool under = l.under_h >= 5;
    if (ui.analysis && !under)
        draw_analysis(ui, y - 1, l.panel_x, l.panel_w, status_top - (y - 1));
    else if (ui.joining.empty())
        draw_moves(l, match, ui, y - 1, status_top);
    if (ui.analysis && under) {
        const int top = l.under_y + (l.under_h > 5 ? 1 : 0);
        draw_analysis(ui, top, l.board_x, l.panel_x - 2 - l.board_x, status_top - top);
    }

    for (int i = 0; i < int(status_lines.size()); ++i)
        put(status_top + i, 0, status_lines[std::size_t(i)], 0, l.cols - 1);
    if (game.over() || !ui.thinking)
        mvchgat(status_top, 0,
                std::min(l.cols - 1, text_width(printable(status.substr(0, status.find(':'))))), A_BOLD, 0,
                nullptr);
    const int attr = ui.message_is_error ? pair_attr(pair_error) | A_BOLD : 0;
    std::vector<std::string> msg = wrap(printable(ui.message), l.cols - 1);
    // A chat line not yet seen keeps the last message line (unless the message is that line).
    const bool chat = !ui.chat_line.empty() && ui.chat_line != ui.message;
    keep_lines(msg, l.message_lines - (chat ? 1 : 0));
    for (int i = 0; i < int(msg.size()); ++i) put(l.status_y + 1 + i, 0, msg[i], attr, l.cols - 1);
    if (chat) put(l.status_y + 1 + int(msg.size()), 0, printable(ui.chat_line), 0, l.cols - 1);
    const int used = int(msg.size()) + (chat ? 1 : 0);
    if (!ui.note.empty() && used < l.message_lines) {
        std::vector<std::string> note = wrap(printable(ui.note), l.cols - 1);
        keep_lines(note, l.message_lines - used);
        for (int i = 0; i < int(note.size()); ++i)
            put(l.status_y + 1 + used + i, 0, note[std::size_t(i)], A_DIM, l.cols - 1);
    }
    const int prompt_y = l.status_y + 1 + l.message_lines;
    // A question's answers wrap between answers onto the footer's lines it leaves free (a question's
    // footer is a line); what is typed shows its end (text.h's entry_view, made by the chrome).
    const int footer_h = std::min<int>(l.footer_lines, int(chrome.footer.size()));
    std::vector<std::string> prompt = {chrome.prompt_line};
    if (chrome.prompt_cursor < 0) {
        prompt = wrap_parts(chrome.prompt_line, "   ", l.cols - 1);
        keep_lines(prompt, 1 + l.footer_lines - footer_h);
    }
    for (int i = 0; i < int(prompt.size()); ++i)
        put(prompt_y + i, 0, prompt[std::size_t(i)], ui.question ? A_BOLD : 0, l.cols - 1);
    for (int i = 0; i < footer_h; ++i)
        put(prompt_y + int(prompt.size()) + i, 0, chrome.footer[std::size_t(i)], A_DIM, l.cols - 1);
    if (ui.overlay) draw_overlay(*ui.overlay, l.cols, l.status_y);
    if (chrome.prompt_cursor >= 0 && !ui.overlay) {
        curs_set(1);
        move(prompt_y, std::min(chrome.prompt_cursor, l.cols - 1));
    } else {
        curs_set(0);
    }
    refresh();
}

std::optional<Spot> hit(const Layout& l, Color to_move, int clock_rows, int y, int x) {
    const int gx = x - l.board_x, gy = y - l.board_y;
    if (gx > 0 && gy > 0 && gx < l.size * l.cell_w && gy < l.size * l.cell_h && gx % l.cell_w != 0 &&
        gy % l.cell_h != 0)
        return Spot{false, gy / l.cell_h, gx / l.cell_w, 0};
    // draw_player's blocks: a name line, the clock lines, the stacks, and a blank line between the two.
    const int block = 1 + clock_rows + reserve_stacks + 1;
    const int first = l.board_y - 1 + (to_move == Color::White ? 0 : block) + 1 + clock_rows;
    if (x < l.panel_x || y < first || y >= first + reserve_stacks) return std::nullopt;
    return Spot{true, 0, 0, y - first};
}

std::vector<std::string> help_lines(const Match& match, int width, ScreenKind screen,
                                    const std::string& intro, const std::function<bool(Action)>& shown) {
    const Variant v = match.variant();
    const bool official = v.rules == Rules::Official;
    const int n = v.size;
    std::vector<std::string> out;
    const auto para = [&](const std::string& text, const std::string& indent = "") {
        for (const std::string& line : wrap(text, width - int(indent.size()))) out.push_back(indent + line);
    };
    out.push_back(std::string("gobblet help: ") + rules_name(v.rules) + " rules, " + std::to_string(n) + "x" +
                  std::to_string(n));
    out.emplace_back();
    if (!intro.empty()) {
        para(intro);
        out.emplace_back();
    }
    para(n == 4 ? "Each side has 12 pieces, sizes 1-4, in three stacks X, Y, Z (W1-W3 for White, K1-K3 for "
                  "Black), "
                  "largest on top; only a stack's top piece can be played."
                : "Each side has 6 pieces, two of each size 1-3, in stacks X (the 3s), Y (the 2s) and Z (the "
                  "1s); "
                  "any stack's top piece can be played.");
    para(
        "A turn: enter a stack's top piece onto the board, or move one of your visible pieces. A piece may "
        "land on "
        "an empty square or gobble (cover) any smaller piece. Pieces show their size: (4) is White's "
        "largest, [1] "
        "Black's smallest; +2 in a square means two pieces lie underneath.");
    para(std::string(n == 4 ? "Four" : "Three") +
         " of your visible pieces in a row, column or diagonal win. Lifting a piece that uncovers the "
         "opponent's "
         "line loses, unless the landing covers that line; a move that makes both lines loses too.");
    para("The same position three times is a draw; a side with no legal move loses.");
    if (n == 4 && official)
        para(
            "Official rules: an entering piece may land only on an empty square, or gobble an opponent piece "
            "in a "
            "line where the opponent shows three. A board piece you pick up is touched and must be the piece "
            "you "
            "move; if it cannot move, you lose.");
    else if (official)
        para(
            "Official rules: a board piece you pick up is touched and must be the piece you move; if it "
            "cannot "
            "move, you lose.");
    else
        para("Rogers rules: an entering piece may gobble any smaller piece; there is no touched-piece rule.");
    out.emplace_back();
    para(
        "Moves: origin then destination. W3B2 is White's stack 3 to B2, K1C3 Black's stack 1 to C3, XB2 your "
        "stack X to B2, C2A2 the piece on C2 to A2. Case, spaces and - or -> do not matter. Paste a "
        "transcript "
        "(one move a line) to play it as a whole.");
    para(
        "Typing mode (the default): letters and digits that start a move go to the prompt; Enter plays it. "
        "Cursor "
        "mode: an arrow key or a mouse click enters it; Esc goes back to typing.");
    add_key_help(out, screen, width, shown);
    return out;
}

std::vector<std::string> help_page_lines(const HelpPage& page, int width) {
    std::vector<std::string> out;
    for (const std::string& line : wrap(page.title, width)) out.push_back(line);
    for (const std::string& p : page.paragraphs) {
        out.emplace_back();
        for (const std::string& line : wrap(p, width)) out.push_back(line);
    }
    if (!page.keys.empty()) {
        out.emplace_back();
        out.push_back("Keys:");
    }
    int key_w = 12;
    for (const auto& [keys, what] : page.keys) key_w = std::max(key_w, text_width(keys) + 2);
    key_w = std::min(key_w, 20);
    for (const auto& [keys, what] : page.keys) {
        std::string k = keys + std::string(std::max(2, key_w - text_width(keys)), ' ');
        const auto lines = wrap(what, std::max(10, width - 2 - key_w));
        for (std::size_t i = 0; i < lines.size(); ++i)
            out.push_back("  " + (i == 0 ? k : std::string(std::size_t(key_w), ' ')) + lines[i]);
    }
    return out;
}

std::vector<std::string> chat_log_page(const std::string& title, const std::deque<std::string>& log,
                                       int width) {
    std::vector<std::string> out = wrap(title, width);
    out.emplace_back();
    for (const std::string& said : log) {
        const std::vector<std::string> lines = wrap(printable(said), std::max(10, width - 2));
        for (std::size_t i = 0; i < lines.size(); ++i) out.push_back((i == 0 ? "" : "  ") + lines[i]);
    }
    return out;
}

void draw_help(const std::vector<std::string>& lines, int& scroll) {
    erase();
    const int room = std::max(1, LINES - 1);
    scroll = std::clamp(scroll, 0, std::max(0, int(lines.size()) - room));
    for (int i = 0; i < room && scroll + i < int(lines.size()); ++i)
        put_text(i, 0, lines[std::size_t(scroll + i)], COLS - 1);  // (a name in ASCII in a C locale)
    const std::string foot = "arrows PgUp PgDn scroll  Esc or q close  (" +
                             std::to_string(std::min<int>(lines.size(), scroll + room)) + " of " +
                             std::to_string(lines.size()) + " lines)";
    put_text(LINES - 1, 0, foot, COLS - 1, A_REVERSE);
    curs_set(0);
    refresh();
}

bool help_scroll_key(Key k, int& scroll) {
    const int page = std::max(1, LINES - 2);
    if (k.special) {
        switch (k.code) {
            case KEY_UP: --scroll; return true;
            case KEY_DOWN: ++scroll; return true;
            case KEY_PPAGE: scroll -= page; return true;
            case KEY_NPAGE: scroll += page; return true;
            case KEY_HOME: scroll = 0; return true;
            case KEY_END: scroll = 1 << 20; return true;
            default: return true;  // other special keys (a resize) leave it open
        }
    }
    if (k.code == 'j' || k.code == ' ') {
        scroll += k.code == ' ' ? page : 1;
        return true;
    }
    if (k.code == 'k') {
        --scroll;
        return true;
    }
    return false;
}

}  // namespace gobblet::ui
