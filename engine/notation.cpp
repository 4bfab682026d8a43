#include "notation.h"

#include <cctype>

#include "text.h"

namespace gobblet {

std::string spec_name(const MoveSpec& spec) {
    std::string origin;
    switch (spec.kind) {
        case MoveSpec::From::Board: origin = square_name(spec.from); break;
        case MoveSpec::From::Stack: origin = stack_name(spec.owner, spec.stack); break;
        case MoveSpec::From::MoverStack: origin = std::string(1, char('X' + spec.stack)); break;
    }
    return origin + square_name(spec.to);
}

std::string excerpt(std::string_view text, std::size_t max_chars) {
    std::string out;
    for (std::size_t i = 0; i < text.size() && out.size() <= max_chars; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            out += char(c);
            continue;
        }
        out += '?';
        if (c >= 0xC0)  // a UTF-8 lead byte: its continuation bytes belong to the same '?'
            while (i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xC0) == 0x80) ++i;
    }
    if (out.size() > max_chars) out = out.substr(0, max_chars - 3) + "...";
    return out;
}

std::string TextError::message() const {
    std::string m = line > 0 ? "line " + std::to_string(line) + ": " : "";
    if (!written.empty()) m += written + ": ";
    return m + reason;
}

namespace {

// One half of a move: a square, a named stack, or X/Y/Z.
struct Atom {
    enum class Kind { Square, Stack, MoverStack } kind;
    Square square = 0;
    Color owner = Color::White;
    int stack = 0;
    std::size_t begin = 0, end = 0;  // columns in the line
};

bool is_separator(std::string_view line, std::size_t i, std::size_t* width) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    *width = 1;
    if (c == ' ' || c == '\t' || c == '-' || c == '>' || c == ',' || c == ';' || c == '\r' || c == '\f' ||
        c == '\v')
        return true;
    if (line.substr(i, 3) == "\u2192") {  // →
        *width = 3;
        return true;
    }
    return false;
}

// The word (the run of characters between separators) that holds column i, as written, for error
// messages: a mistyped "ZZ99" is quoted whole, not from where the reader gave up.
std::string word_at(std::string_view line, std::size_t i) {
    std::size_t w = 1;
    for (std::size_t k = 0; k < i;) {  // the start of the word: just after the last separator before i
        if (is_separator(line, k, &w)) {
            k += w;
            if (k <= i) {
                line.remove_prefix(k);
                i -= k;
                k = 0;
            }
        } else {
            ++k;
        }
    }
    std::size_t j = i;
    while (j < line.size() && !is_separator(line, j, &w)) ++j;
    return excerpt(line.substr(0, j));
}

// The atoms of one line, or why it cannot be read: the error's `written` is the offending characters
// (its line is left for the caller to set).
Expected<std::vector<Atom>, TextError> read_atoms(std::string_view line) {
    std::vector<Atom> atoms;
    const auto bad = [&line](std::size_t i, std::string reason) {
        return Failure{TextError{0, word_at(line, i), std::move(reason)}};
    };
    std::size_t i = 0, width = 1;
    while (i < line.size()) {
        if (is_separator(line, i, &width)) {
            i += width;
            continue;
        }
        const char c = char(std::toupper(static_cast<unsigned char>(line[i])));
        const bool digit_next = i + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[i + 1]));
        if (std::isdigit(static_cast<unsigned char>(c))) {
            // A move number such as "12." or "3)" is skipped; any other number is an error.
            std::size_t j = i;
            while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
            if (j < line.size() && (line[j] == '.' || line[j] == ')')) {
                i = j + 1;
                continue;
            }
            return bad(i, "a move starts with a square (A1-D4) or a stack (W1-W3, K1-K3, X, Y, Z)");
        }
        Atom a{};
        a.begin = i;
        if (c >= 'A' && c <= 'D') {
            const char d = digit_next ? line[i + 1] : 0;
            if (d < '1' || d > '4')
                return bad(i, "not a square: squares are a row A-D and a column 1-4, like B2");
            a.kind = Atom::Kind::Square;
            a.square = make_square(c - 'A', d - '1');
            i += 2;
        } else if (c == 'W' || c == 'K') {
            const char d = digit_next ? line[i + 1] : 0;
            if (d < '1' || d > '3')
                return bad(i, "not a reserve stack: White's stacks are W1-W3, Black's K1-K3");
            a.kind = Atom::Kind::Stack;
            a.owner = c == 'W' ? Color::White : Color::Black;
            a.stack = d - '1';
            i += 2;
        } else if (c == 'X' || c == 'Y' || c == 'Z') {
            if (digit_next)
                return bad(i,
                           "X, Y and Z name your stacks on their own (XB2); use W1-W3 or K1-K3 for a "
                           "numbered stack");
            a.kind = Atom::Kind::MoverStack;
            a.stack = c - 'X';
            i += 1;
        } else {
            if (std::isalpha(static_cast<unsigned char>(c)) && digit_next)
                return bad(
                    i, std::string(1, c) + line[i + 1] +
                           " is not a square or a stack: squares are a row A-D and a column 1-4 (like B2), "
                           "stacks W1-W3, K1-K3, X, Y, Z");
            return bad(i, "not a move: a move is an origin and a square, like W3B2, XB2 or C2A2");
        }
        a.end = i;
        atoms.push_back(a);
    }
    return atoms;
}

}  // namespace

TextError too_many_moves(int line) {
    return {line,
            {},
            "more than " + std::to_string(max_transcript_moves) + " moves, the most a transcript may hold"};
}

Expected<std::vector<WrittenMove>, TextError> parse_moves(std::string_view text) {
    if (text.size() > max_transcript_bytes)
        return Failure{TextError{0,
                                 {},
                                 "the text is longer than " + std::to_string(max_transcript_bytes) +
                                     " bytes (1 MiB), the most a transcript may hold"}};
    std::vector<WrittenMove> out;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        std::string_view line = text.substr(pos, nl - pos);
        ++line_no;
        pos = nl + 1;
        if (line.size() > max_line_bytes)
            return Failure{TextError{line_no, excerpt(line),
                                     "the line is longer than " + std::to_string(max_line_bytes) +
                                         " characters, the most a transcript line may hold"}};
        if (const std::size_t comment = line.find_first_of("%#"); comment != std::string_view::npos)
            line = line.substr(0, comment);

        Expected<std::vector<Atom>, TextError> read = read_atoms(line);
        if (!read) {
            TextError error = read.why();
            error.line = line_no;
            return Failure{std::move(error)};
        }
        const std::vector<Atom>& atoms = *read;
        for (std::size_t k = 0; k < atoms.size(); k += 2) {
            const Atom& a = atoms[k];
            if (k + 1 == atoms.size())
                return Failure{TextError{line_no, word_at(line, a.begin),
                                         "incomplete move: a move is an origin and a square, like W3B2"}};
            const Atom& b = atoms[k + 1];
            std::string as_written = std::string(line.substr(a.begin, b.end - a.begin));
            if (b.kind != Atom::Kind::Square)
                return Failure{
                    TextError{line_no, excerpt(as_written), "a move must end on a square, like B2"}};
            MoveSpec spec;
            switch (a.kind) {
                case Atom::Kind::Square: spec = MoveSpec::square(a.square, b.square); break;
                case Atom::Kind::Stack: spec = MoveSpec::stack_of(a.owner, a.stack, b.square); break;
                case Atom::Kind::MoverStack: spec = MoveSpec::mover_stack(a.stack, b.square); break;
            }
            if (out.size() == max_transcript_moves) return Failure{too_many_moves(line_no)};
            out.push_back({spec, line_no, std::move(as_written)});
        }
        if (nl == text.size()) break;
    }
    return out;
}

int move_number(std::size_t ply) { return int(ply / 2) + 1; }

std::string move_number_text(std::size_t ply) {
    return std::to_string(move_number(ply)) + (ply % 2 == 0 ? "." : "...");
}

std::string ply_words(std::size_t ply) {
    return std::string(ply % 2 == 0 ? "White's" : "Black's") + " move " + std::to_string(move_number(ply));
}

std::string moves_text(std::size_t plies) {
    if (plies == 0) return "no moves";
    const std::size_t n = (plies + 1) / 2;
    return std::to_string(n) + (n == 1 ? " move" : " moves");
}

std::string stands_text(std::size_t plies, std::size_t total) {
    if (plies == 0) return total == 0 ? "the start" : "the start of " + moves_text(total);
    return ply_words(plies - 1) + " of " + std::to_string((total + 1) / 2);
}

Expected<std::size_t> parse_move_number(std::string_view text, std::size_t total) {
    const std::string_view t = trim(text);
    std::size_t digits = 0;
    while (digits < t.size() && digits < 6 && std::isdigit(static_cast<unsigned char>(t[digits]))) ++digits;
    const std::string_view rest = t.substr(digits);
    const bool black = rest == "..." || rest == "…";
    const auto last = [total] {
        return total == 0 ? std::string("the game has no moves") : "the last is " + ply_words(total - 1);
    };
    if (digits == 0 || (!rest.empty() && rest != "." && !black))
        return Failure{"'" + excerpt(t) +
                       "' is not a move number: 7 is White's move 7, 7... Black's, 0 the start"};
    const std::size_t n = std::size_t(std::stoul(std::string(t.substr(0, digits))));
    if (n == 0) {
        if (black) return Failure{"there is no Black's move 0: 0 is the start, 1... Black's first move"};
        return std::size_t(0);
    }
    const std::size_t plies = 2 * n - (black ? 0 : 1);
    if (plies > total) return Failure{"'" + excerpt(t) + "' is past the end: " + last()};
    return plies;
}

std::string transcript_text(const std::vector<Move>& moves, Color first_mover) {
    std::string out;
    Color mover = first_mover;
    for (Move m : moves) {
        out += move_name(m, mover);
        out += '\n';
        mover = ~mover;
    }
    return out;
}

std::string board_text(const Position& pos) {
    const int n = pos.size();
    constexpr int cell = 6;
    std::string out = "  ";
    for (int c = 0; c < n; ++c) {
        out += char('1' + c);
        out += std::string(cell - 1, ' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
    for (int r = 0; r < n; ++r) {
        std::string row(1, char('A' + r));
        row += ' ';
        for (int c = 0; c < n; ++c) {
            const Square sq = make_square(r, c);
            std::string text = ".";
            if (const int s = pos.top_size(sq)) {
                text = std::string(1, pos.top_color(sq) == Color::White ? 'W' : 'K') + char('0' + s);
                if (const int under = pos.height(sq) - 1) text += "+" + std::to_string(under);
            }
            row += text;
            if (c + 1 < n) row += std::string(cell - text.size(), ' ');
        }
        out += row + '\n';
    }
    for (Color side : {Color::White, Color::Black}) {
        out += std::string(color_name(side)) + " stacks:";
        for (int i = 0; i < reserve_stacks; ++i) {
            out += (i ? "  " : " ") + stack_name(side, i) + " [";
            const int count = pos.stack_count(side, i), top = pos.stack_top(side, i);
            for (int k = 0; k < count; ++k) {
                if (k) out += ' ';
                out += char('0' + (n == 4 ? top - k : top));
            }
            out += ']';
        }
        out += '\n';
    }
    return out;
}

Expected<Position> parse_diagram(std::string_view diagram, Variant v, Color side_to_move) {
    auto fail = [](std::string why) { return Failure{std::move(why)}; };
    Position pos = Position::empty_board(v, side_to_move);
    int row = 0;
    std::size_t p = 0;
    while (p < diagram.size()) {
        const std::string_view line = next_piece(diagram, p, '\n');
        std::vector<std::string> cells;
        std::string cur;
        // Cells are read only as far as a row can go: a cell holds at most four pieces (8 characters) and a
        // row v.size cells, so a long line is refused without being split up.
        constexpr std::size_t max_cell = 8;
        for (char ch : line) {
            if (std::isspace(static_cast<unsigned char>(ch))) {
                if (!cur.empty()) cells.push_back(std::move(cur)), cur.clear();
                if (int(cells.size()) > v.size) break;
            } else if (cur.size() == max_cell) {
                return fail("cannot read cell '" + excerpt(cur + ch) + "'");
            } else {
                cur += ch;
            }
        }
        if (!cur.empty() && int(cells.size()) <= v.size) cells.push_back(cur);
        if (cells.empty()) continue;
        if (row >= v.size) return fail("more than " + std::to_string(v.size) + " rows");
        if (int(cells.size()) != v.size)
            return fail("row " + std::string(1, char('A' + row)) + " has " +
                        (int(cells.size()) > v.size ? "more than " + std::to_string(v.size)
                                                    : std::to_string(cells.size())) +
                        " cells, not " + std::to_string(v.size));
        for (int col = 0; col < v.size; ++col) {
            const std::string& cell = cells[col];
            if (cell == ".") continue;
            const std::string up = upper(cell);
            if (up.size() % 2) return fail("cannot read cell '" + excerpt(cell) + "'");
            for (std::size_t k = 0; k < up.size(); k += 2) {
                const char who = up[k], sz = up[k + 1];
                if ((who != 'W' && who != 'K') || sz < '1' || sz > char('0' + v.sizes()))
                    return fail("cannot read cell '" + excerpt(cell) + "'");
                if (!pos.put(make_square(row, col), who == 'W' ? Color::White : Color::Black, sz - '0'))
                    return fail("cell '" + excerpt(cell) + "': pieces must grow from the bottom up");
            }
        }
        ++row;
    }
    if (row != v.size)
        return fail("the diagram has " + std::to_string(row) + " rows, not " + std::to_string(v.size));
    if (auto finished = pos.finish(); !finished) return fail(finished.why());
    return pos;
}

}  // namespace gobblet
