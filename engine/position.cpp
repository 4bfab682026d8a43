#include "position.h"

#include <string_view>

namespace gobblet {

std::string square_name(Square sq) { return {char('A' + row_of(sq)), char('1' + col_of(sq))}; }

std::string stack_name(Color owner, int stack) {
    return {owner == Color::White ? 'W' : 'K', char('1' + stack)};
}

std::string move_name(Move m, Color mover) {
    return (m.is_enter() ? stack_name(mover, m.stack()) : square_name(m.from())) + square_name(m.to());
}

std::string line_name(Bitboard line, int size) {
    const Lines& ls = lines_of(size);
    for (int i = 0; i < ls.count; ++i) {
        if (ls.masks[i] != line) continue;
        if (i < 2 * size) {
            int r = i / 2;
            return i % 2 == 0 ? std::string("row ") + char('A' + r) : std::string("column ") + char('1' + r);
        }
        std::string last_row(1, char('A' + size - 1));
        return i == 2 * size ? "diagonal A1-" + last_row + char('0' + size)
                             : "diagonal A" + std::string(1, char('0' + size)) + "-" + last_row + "1";
    }
    return "line";
}

Position::Position(Variant v) : variant_(v) {
    for (auto& side : reserve_)
        for (auto& n : side) n = std::uint8_t(v.size == 4 ? 4 : 2);
}

Position Position::empty_board(Variant v, Color side_to_move) {
    Position p(v);
    p.side_ = side_to_move;
    p.key_ = side_to_move == Color::Black ? zobrist::black_to_move : 0;
    return p;
}

bool Position::put(Square sq, Color c, int size) {
    if (size < 1 || size > variant_.sizes() || !(board() & bit(sq)) || top_size(sq) >= size) return false;
    pieces_[index(c)][size - 1] |= bit(sq);
    key_ ^= zobrist::piece[index(c)][size - 1][sq];
    return true;
}

Expected<void> Position::finish() {
    const int copies = variant_.copies();
    for (Color c : {Color::White, Color::Black}) {
        int on_board[5] = {};
        for (int s = 1; s <= variant_.sizes(); ++s) {
            on_board[s] = popcount(pieces(c, s));
            if (on_board[s] > copies)
                return Failure{std::string(color_name(c)) + " has more than " + std::to_string(copies) +
                               " pieces of size " + std::to_string(s)};
        }
        auto& stacks = reserve_[index(c)];
        if (variant_.size == 3) {
            for (int i = 0; i < 3; ++i) stacks[i] = std::uint8_t(copies - on_board[3 - i]);
            continue;
        }
        // A 4x4 stack gives up its pieces largest first, so fewer pieces of a size can be on the board
        // than of any larger size.
        for (int s = 1; s < 4; ++s)
            if (on_board[s] > on_board[s + 1])
                return Failure{std::string(color_name(c)) + " cannot have more pieces of size " +
                               std::to_string(s) + " than of size " + std::to_string(s + 1) +
                               " on the board"};
        // Stack i keeps the sizes still held by more than i stacks: heights are the conjugate of the
        // per-size reserve counts.
        for (int i = 0; i < 3; ++i) {
            int height = 0;
            for (int s = 1; s <= 4; ++s)
                if (copies - on_board[s] > i) height = s;
            stacks[i] = std::uint8_t(height);
        }
    }
    return {};
}

const char* color_name(Color c) { return c == Color::White ? "White" : "Black"; }
const char* rules_name(Rules r) { return r == Rules::Official ? "official" : "rogers"; }

std::optional<Rules> parse_rules(std::string_view s) {
    if (s == "official") return Rules::Official;
    if (s == "rogers") return Rules::Rogers;
    return std::nullopt;
}

}  // namespace gobblet
