#include "view.h"

#include <curses.h>

#include <cstdio>

#include "engine/movegen.h"
#include "terminal.h"

namespace gobblet::ui {

Layout::Layout(int board_size) : size(board_size) {
    board_x = 2;
    board_y = 2;
    panel_x = board_x + size * cell_w + 3;
    status_y = board_y + size * cell_h + 1;
    width = panel_x + 25;
    height = status_y + 5;  // status, two message lines, prompt, key help
}

namespace {

int pair_attr(short pair) { return has_colors_on() ? COLOR_PAIR(pair) : 0; }

// A piece as text: bigger pieces are wider; White in round brackets, Black in square ones, so the two
// sides stay distinct without colour. "(   W4   )", "[ K2 ]".
std::string piece_text(Color c, int size) {
    const bool white = c == Color::White;
    const std::string pad(size - 1, ' ');
    return std::string(1, white ? '(' : '[') + pad + (white ? 'W' : 'K') + char('0' + size) + pad +
           (white ? ')' : ']');
}

int piece_attr(Color c) { return A_BOLD | pair_attr(c == Color::White ? pair_white : pair_black); }

void centered(int y, int x, int width, const std::string& text, int attr = 0) {
    const int at = x + (width - int(text.size())) / 2;
    attron(attr);
    mvaddstr(y, at < x ? x : at, text.c_str());
    attroff(attr);
}

void draw_grid(const Layout& l) {
    const int n = l.size, w = n * Layout::cell_w, h = n * Layout::cell_h;
    const bool box = unicode_on();  // line-drawing characters in a UTF-8 locale, plain ASCII otherwise
    for (int r = 0; r <= n; ++r) mvhline(l.board_y + r * Layout::cell_h, l.board_x, box ? ACS_HLINE : '-', w);
    for (int c = 0; c <= n; ++c) mvvline(l.board_y, l.board_x + c * Layout::cell_w, box ? ACS_VLINE : '|', h);
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
            mvaddch(l.board_y + r * Layout::cell_h, l.board_x + c * Layout::cell_w, box ? ch : '+');
        }
    for (int c = 0; c < n; ++c)
        centered(l.board_y - 1, l.board_x + c * Layout::cell_w + 1, Layout::cell_w - 1,
                 std::string(1, char('1' + c)), A_BOLD);
    for (int r = 0; r < n; ++r) mvaddch(l.board_y + r * Layout::cell_h + 2, 0, chtype('A' + r) | A_BOLD);
}

// Squares the picked piece may land on.
Bitboard destinations(const Game& game, const UiState& ui) {
    if (!ui.picked || game.over()) return 0;
    MoveList moves;
    game.legal_moves(moves);
    const Position& pos = game.position();
    Bitboard b = 0;
    for (Move m : moves) {
        if (ui.picked->stack) {
            if (m.is_enter() && m.size() == pos.stack_top(pos.side_to_move(), ui.picked->index))
                b |= bit(m.to());
        } else if (!m.is_enter() && m.from() == make_square(ui.picked->row, ui.picked->col)) {
            b |= bit(m.to());
        }
    }
    return b;
}

void draw_cell(const Layout& l, const Game& game, const UiState& ui, int r, int c, Bitboard targets) {
    const Position& pos = game.position();
    const Square sq = make_square(r, c);
    const int x = l.board_x + c * Layout::cell_w + 1, y = l.board_y + r * Layout::cell_h + 1;
    const int w = Layout::cell_w - 1;
    const bool cursor = !ui.cursor.stack && ui.cursor.row == r && ui.cursor.col == c;
    const bool picked = ui.picked && !ui.picked->stack && ui.picked->row == r && ui.picked->col == c;
    const Result& res = game.result();
    const bool win = (res.line & bit(sq)) != 0;
    int base = 0;
    if (targets & bit(sq)) base = pair_attr(pair_target);
    if (win) base = pair_attr(pair_win) | A_BOLD;
    if (cursor) base |= A_REVERSE;
    attron(base);
    for (int i = 0; i < 3; ++i) mvhline(y + i, x, ' ', w);
    attroff(base);
    std::string top;
    if (win)
        top = "= line =";
    else if (picked)
        top = "picked";
    else if (targets & bit(sq))
        top = "*";
    if (!top.empty()) centered(y, x, w, top, base | A_BOLD);
    if (const int s = pos.top_size(sq)) {
        const Color owner = pos.top_color(sq);
        centered(y + 1, x, w, piece_text(owner, s), base | piece_attr(owner));
        if (const int under = pos.height(sq) - 1)
            centered(y + 2, x, w, "+" + std::to_string(under) + " under", base);
    }
}

void draw_panel(const Layout& l, const Game& game, const UiState& ui) {
    const Position& pos = game.position();
    int y = l.board_y - 1;
    for (Color c : {Color::White, Color::Black}) {
        std::string head = std::string(color_name(c)) + (ui.computer[index(c)] ? " (computer)" : " (human)");
        if (!game.over() && pos.side_to_move() == c) head += " <";
        mvaddstr(y, l.panel_x, head.c_str());
        mvchgat(y, l.panel_x, 5, A_BOLD, has_colors_on() ? (c == Color::White ? pair_white : pair_black) : 0,
                nullptr);
        for (int i = 0; i < reserve_stacks; ++i) {
            const bool cur =
                ui.cursor.stack && ui.cursor.index == i && pos.side_to_move() == c && !game.over();
            const bool picked =
                ui.picked && ui.picked->stack && ui.picked->index == i && pos.side_to_move() == c;
            move(y + 1 + i, l.panel_x);
            attron(cur ? A_REVERSE : 0);
            printw(" %c ", "XYZ"[i]);
            attroff(cur ? A_REVERSE : 0);
            const int top = pos.stack_top(c, i);
            if (top) {
                attron(piece_attr(c));
                printw(" %s", piece_text(c, top).c_str());
                attroff(piece_attr(c));
                printw(" %d left%s", pos.stack_count(c, i), picked ? "  picked" : "");
            } else {
                printw(" empty");
            }
        }
        y += 4;
    }
    mvaddstr(y, l.panel_x, "Moves");
    const auto& moves = game.moves();
    const int lines = l.status_y - 1 - y;
    const int pairs = int(moves.size() + 1) / 2;
    const int shown = std::max(0, lines) * 2;
    const int first = std::max(0, pairs - shown);
    for (int p = first; p < pairs; ++p) {
        const int k = p - first;
        const int row = y + 1 + k % std::max(1, lines), col = l.panel_x + (k / std::max(1, lines)) * 13;
        std::string text = std::to_string(p + 1) + "." + move_name(moves[2 * p], Color::White);
        if (std::size_t(2 * p + 1) < moves.size()) text += " " + move_name(moves[2 * p + 1], Color::Black);
        mvaddstr(row, col, text.c_str());
    }
}

}  // namespace

void draw(const Game& game, const UiState& ui) {
    erase();
    const Layout l(game.variant().size);
    if (COLS < l.width || LINES < l.height) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "Terminal too small: the %dx%d board needs %dx%d, this one is %dx%d.",
                      l.size, l.size, l.width, l.height, COLS, LINES);
        mvaddstr(0, 0, buf);
        mvaddstr(2, 0, "Enlarge the window (or press q to quit).");
        refresh();
        return;
    }
    char head[120];
    std::snprintf(head, sizeof head, "gobblet  %s rules  %dx%d", rules_name(game.variant().rules), l.size,
                  l.size);
    mvaddstr(0, 0, head);
    mvchgat(0, 0, 7, A_BOLD, has_colors_on() ? pair_title : 0, nullptr);

    draw_grid(l);
    const Bitboard targets = destinations(game, ui);
    for (int r = 0; r < l.size; ++r)
        for (int c = 0; c < l.size; ++c) draw_cell(l, game, ui, r, c, targets);
    draw_panel(l, game, ui);

    std::string status = result_text(game.result(), l.size, game.side_to_move());
    if (ui.thinking) {
        status += ui.hinting ? "    finding a hint" : "    computer thinking";
        if (ui.info.depth > 0)
            status += ": depth " + std::to_string(ui.info.depth) + ", best " +
                      move_name(ui.info.best, game.side_to_move());
        status += "...";
    }
    mvaddstr(l.status_y, 0, status.c_str());
    mvchgat(l.status_y, 0, int(outcome_text(game.result(), game.side_to_move()).size()), A_BOLD, 0, nullptr);
    if (!ui.message.empty()) {
        const int attr = ui.message_is_error ? pair_attr(pair_error) | A_BOLD : 0;
        // Up to two lines, broken at a space.
        std::string first = ui.message, second;
        if (int(first.size()) > COLS - 1) {
            std::size_t cut = first.rfind(' ', std::size_t(COLS - 1));
            if (cut == std::string::npos || cut == 0) cut = std::size_t(COLS - 1);
            second = first.substr(cut + (first[cut] == ' ' ? 1 : 0));
            first.resize(cut);
        }
        attron(attr);
        mvaddnstr(l.status_y + 1, 0, first.c_str(), COLS - 1);
        mvaddnstr(l.status_y + 2, 0, second.c_str(), COLS - 1);
        attroff(attr);
    }
    mvaddstr(l.status_y + 4, 0, "< > undo/redo  s save  t copy  n new  [ ] computer  ! hint  ? help  q quit");
    const std::string prompt = "Move: " + ui.prompt;
    mvaddstr(l.status_y + 3, 0, prompt.c_str());
    move(l.status_y + 3, int(prompt.size()));
    refresh();
}

std::optional<Spot> hit(const Layout& l, const Position& pos, int y, int x) {
    const int gx = x - l.board_x, gy = y - l.board_y;
    if (gx > 0 && gy > 0 && gx < l.size * Layout::cell_w && gy < l.size * Layout::cell_h &&
        gx % Layout::cell_w != 0 && gy % Layout::cell_h != 0)
        return Spot{false, gy / Layout::cell_h, gx / Layout::cell_w, 0};
    // The side to move's stacks in the panel.
    const int first = l.board_y + (pos.side_to_move() == Color::White ? 0 : 4);
    if (x >= l.panel_x && x < l.panel_x + 25 && y >= first && y < first + 3)
        return Spot{true, 0, 0, y - first};
    return std::nullopt;
}

void draw_help(const Game& game) {
    erase();
    const Variant v = game.variant();
    const bool official = v.rules == Rules::Official;
    const int n = v.size;
    std::vector<std::string> lines = {
        std::string("gobblet help: ") + rules_name(v.rules) + " rules, " + std::to_string(n) + "x" +
            std::to_string(n),
        "",
        n == 4 ? "Each side has 12 pieces, sizes 1-4, in three stacks X, Y, Z (largest on top)."
               : "Each side has 6 pieces, two of each size 1-3, in stacks X (3s), Y (2s), Z (1s).",
        "A turn: enter a stack's top piece onto the board, or move one of your visible pieces.",
        "A piece may land on an empty square or gobble (cover) any smaller piece.",
        n == 4 ? "Four of your visible pieces in a row, column or diagonal win."
               : "Three of your visible pieces in a row, column or diagonal win.",
        "Lifting a piece that uncovers the opponent's line loses, unless the landing covers that line.",
        "The same position three times is a draw; a side with no legal move loses.",
    };
    if (n == 4 && official) {
        lines.push_back("Official rules: an entering piece may land only on an empty square, or gobble an");
        lines.push_back(
            "  opponent piece in a line where the opponent shows three. A board piece you pick up");
        lines.push_back("  must be the piece you move (touched piece).");
    } else if (official) {
        lines.push_back(
            "Official rules: a board piece you pick up must be the piece you move (touched piece).");
    } else {
        lines.push_back(
            "Rogers rules: an entering piece may gobble any smaller piece; no touched-piece rule.");
    }
    const std::vector<std::string> keys = {
        "",
        "Moves: origin then destination: W3B2 (White's stack 3 to B2), K1C3 (Black), XB2 (your stack X),",
        "  C2A2 (the piece on C2 to A2). Case, spaces and - or -> are fine. Enter plays, Esc clears.",
        "Cursor: arrows or h j k l over squares and your stacks; Enter/Space picks up and puts down;",
        "  mouse clicks do the same. Legal destinations are marked *.",
        "Paste a transcript (one move a line) to play it as a whole.",
        "Keys (prompt empty):  < or u undo   > or r redo   s save   t copy to clipboard   n new game",
        "  [ computer plays White on/off   ] computer plays Black on/off   ! hint   ? help   q quit",
        "",
        "Press any key to return to the game.",
    };
    lines.insert(lines.end(), keys.begin(), keys.end());
    for (std::size_t i = 0; i < lines.size() && int(i) < LINES; ++i)
        mvaddnstr(int(i), 0, lines[i].c_str(), COLS - 1);
    refresh();
}

}  // namespace gobblet::ui
