// A deliberately naive second implementation of docs/rules.md (vectors of pieces, strings for moves), written
// straight from the rules text and sharing no code with the engine. Tests play both side by side and
// demand the same moves and results everywhere: the bitboard engine is fast, this one is obviously right.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace gobblet::test {

struct RefPiece {
    int color;  // 0 White, 1 Black
    int size;
};

struct RefPosition {
    int n = 4;
    bool official = true;
    std::vector<RefPiece> square[4][4];  // bottom to top
    std::vector<int> stack[2][3];        // piece sizes, bottom to top
    int side = 0;

    RefPosition(int size, bool official_rules) : n(size), official(official_rules) {
        for (int c = 0; c < 2; ++c)
            for (int i = 0; i < 3; ++i) {
                if (n == 4)
                    stack[c][i] = {1, 2, 3, 4};
                else
                    stack[c][i] = {3 - i, 3 - i};
            }
    }

    bool empty(int r, int c) const { return square[r][c].empty(); }
    const RefPiece& top(int r, int c) const { return square[r][c].back(); }

    std::vector<std::vector<std::pair<int, int>>> lines() const {
        std::vector<std::vector<std::pair<int, int>>> out;
        for (int i = 0; i < n; ++i) {
            std::vector<std::pair<int, int>> row, col;
            for (int j = 0; j < n; ++j) {
                row.push_back({i, j});
                col.push_back({j, i});
            }
            out.push_back(row);
            out.push_back(col);
        }
        std::vector<std::pair<int, int>> d1, d2;
        for (int i = 0; i < n; ++i) {
            d1.push_back({i, i});
            d2.push_back({i, n - 1 - i});
        }
        out.push_back(d1);
        out.push_back(d2);
        return out;
    }

    bool has_line(int color) const {
        for (auto& line : lines()) {
            bool all = true;
            for (auto [r, c] : line) all = all && !empty(r, c) && top(r, c).color == color;
            if (all) return true;
        }
        return false;
    }

    // -1 while nobody has won; else the winner per docs/rules.md, judged after the last move.
    int winner() const {
        if (has_line(side)) return side;
        if (has_line(1 - side)) return 1 - side;
        return -1;
    }

    // Official 4x4 only: may an entering piece gobble the opponent piece on (r, c)?
    bool in_opponent_three(int r, int c) const {
        const int them = 1 - side;
        if (empty(r, c) || top(r, c).color != them) return false;
        for (auto& line : lines()) {
            if (std::find(line.begin(), line.end(), std::make_pair(r, c)) == line.end()) continue;
            int count = 0;
            for (auto [lr, lc] : line) count += !empty(lr, lc) && top(lr, lc).color == them;
            if (count == 3) return true;
        }
        return false;
    }

    static std::string sq(int r, int c) { return {char('A' + r), char('1' + c)}; }

    std::vector<std::string> moves() const {
        std::vector<std::string> out;
        std::vector<int> seen_tops;
        for (int i = 0; i < 3; ++i) {
            if (stack[side][i].empty()) continue;
            const int s = stack[side][i].back();
            if (std::find(seen_tops.begin(), seen_tops.end(), s) != seen_tops.end()) continue;
            seen_tops.push_back(s);
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c) {
                    bool ok = empty(r, c);
                    if (!ok && top(r, c).size < s) ok = !(official && n == 4) || in_opponent_three(r, c);
                    if (ok) out.push_back(std::string(1, side == 0 ? 'W' : 'K') + char('1' + i) + sq(r, c));
                }
        }
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                if (empty(r, c) || top(r, c).color != side) continue;
                const int s = top(r, c).size;
                for (int r2 = 0; r2 < n; ++r2)
                    for (int c2 = 0; c2 < n; ++c2)
                        if ((r2 != r || c2 != c) && (empty(r2, c2) || top(r2, c2).size < s))
                            out.push_back(sq(r, c) + sq(r2, c2));
            }
        std::sort(out.begin(), out.end());
        return out;
    }

    void play(const std::string& m) {
        const int tr = m[2] - 'A', tc = m[3] - '1';
        RefPiece p;
        if (m[0] == 'W' || m[0] == 'K') {
            auto& st = stack[side][m[1] - '1'];
            p = {side, st.back()};
            st.pop_back();
        } else {
            auto& from = square[m[0] - 'A'][m[1] - '1'];
            p = from.back();
            from.pop_back();
        }
        square[tr][tc].push_back(p);
        side = 1 - side;
    }
};

}  // namespace gobblet::test
