#include "fact_format.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <vector>

#include "engine/clock.h"
#include "engine/notation.h"
#include "engine/position.h"

namespace gobblet::server {

namespace {

using net::Act;

// Format 1's bounds: those of the rows it was written with.
constexpr std::int64_t max_state_1 = 1'000'000'000;
constexpr std::int64_t max_number_1 = 100'000;
constexpr std::int64_t max_away_1 = 1'000'000'000'000LL;  // ms: thirty years

const char* side_word_1(Color c) { return c == Color::White ? "white" : "black"; }

// Reads a format-1 row word by word: words are separated by exactly one space. A word that does not
// read leaves `why` set; the row then reads as refused.
class Row {
  public:
    explicit Row(std::string_view text) : rest_(text) {}

    std::string_view word() {
        if (done_) return fail("a field is missing"), std::string_view();
        const auto space = rest_.find(' ');
        const std::string_view w = rest_.substr(0, space);
        done_ = space == std::string_view::npos;
        rest_ = done_ ? std::string_view() : rest_.substr(space + 1);
        return w;
    }
    // A decimal without sign or leading zero in [lo, hi].
    std::int64_t number(std::int64_t lo, std::int64_t hi, const char* what) {
        const std::string_view w = word();
        std::int64_t v = 0;
        bool ok = !w.empty() && w.size() <= 13 && (w.size() == 1 || w[0] != '0');
        for (char c : w) {
            if (c < '0' || c > '9') ok = false;
            if (ok) v = v * 10 + (c - '0');
        }
        if (!ok || v < lo || v > hi) return fail(std::string(what) + " is not a number in range"), 0;
        return v;
    }
    Color side() {
        const std::string_view w = word();
        if (w == side_word_1(Color::White)) return Color::White;
        if (w == side_word_1(Color::Black)) return Color::Black;
        return fail("expected white or black"), Color::White;
    }
    Square square() {
        const std::string_view w = word();
        if (w.size() != 2 || w[0] < 'A' || w[0] > 'D' || w[1] < '1' || w[1] > '4')
            return fail("not a square"), 0;
        return make_square(w[0] - 'A', w[1] - '1');
    }
    std::string move() {
        const std::string_view w = word();
        const auto p = parse_moves(w);
        if (!p || p->size() != 1 || p->front().spec.kind == MoveSpec::From::MoverStack ||
            spec_name(p->front().spec) != w)
            return fail("not a move in canonical notation"), std::string();
        return std::string(w);
    }
    // Nothing may follow the last field.
    void end() {
        if (!done_) fail("more than its fields");
    }
    const std::optional<std::string>& why() const { return why_; }

  private:
    void fail(std::string why) {
        if (!why_) why_ = std::move(why);
    }
    std::string_view rest_;
    bool done_ = false;
    std::optional<std::string> why_;
};

Expected<Act> read_1(std::string_view text) {
    Row r(text);
    const std::string_view verb = r.word();
    const bool claimed_draw = verb == claimed_draw_word_1;
    const auto k = std::find(std::begin(fact_words_1), std::end(fact_words_1), claimed_draw ? "claim" : verb);
    if (k == std::end(fact_words_1)) return Failure{"not a stored fact of format 1"};
    Act a;
    a.kind = Act::Kind(k - std::begin(fact_words_1));
    a.draw = claimed_draw;
    a.state = int(r.number(0, max_state_1, "its number"));
    switch (a.kind) {
        case Act::Kind::Move:
            a.number = int(r.number(1, max_number_1, "the move's number"));
            a.move = r.move();
            break;
        case Act::Kind::Touch: a.square = r.square(); break;
        case Act::Kind::Resign:
        case Act::Kind::Flag:
        case Act::Kind::Claim:
        case Act::Kind::MoreTime:
        case Act::Kind::Back: a.side = r.side(); break;
        case Act::Kind::Away: {
            a.side = r.side();
            a.away_for = r.number(0, max_away_1, "the time away");
            a.grace = r.number(0, max_clock_millis, "the grace");
            const std::string_view after = r.word();
            if (after != "clock" && after != "claim") return Failure{"away: expected clock or claim"};
            a.clock_decides = after == "clock";
            break;
        }
        case Act::Kind::Undo: a.number = int(r.number(0, max_number_1, "the moves kept")); break;
        case Act::Kind::Starter: a.number = int(r.number(0, 1, "the starter")); break;
        case Act::Kind::Draw:
        case Act::Kind::Pause:
        case Act::Kind::Resume:
        case Act::Kind::Replay: break;
    }
    r.end();
    if (r.why()) return Failure{std::string(verb) + ": " + *r.why()};
    return a;
}

}  // namespace

std::string stored_fact(const Act& a) {
    // The row's words after the kind's: its number, then its kind's fields (one case a kind, in
    // Kind's order, no default: a new kind is asked for here).
    std::vector<std::string> w{fact_words_1[std::size_t(a.kind)], std::to_string(a.state)};
    switch (a.kind) {
        case Act::Kind::Move: w.insert(w.end(), {std::to_string(a.number), a.move}); break;
        case Act::Kind::Touch: w.push_back(square_name(a.square)); break;
        case Act::Kind::Resign: w.push_back(side_word_1(a.side)); break;
        case Act::Kind::Draw: break;
        case Act::Kind::Undo: w.push_back(std::to_string(a.number)); break;
        case Act::Kind::Pause: break;
        case Act::Kind::Resume: break;
        case Act::Kind::Flag: w.push_back(side_word_1(a.side)); break;
        case Act::Kind::Starter: w.push_back(std::to_string(a.number)); break;
        case Act::Kind::Replay: break;
        case Act::Kind::Claim:
            if (a.draw) w.front() = claimed_draw_word_1;
            w.push_back(side_word_1(a.side));
            break;
        case Act::Kind::Away:
            w.insert(w.end(), {side_word_1(a.side), std::to_string(a.away_for), std::to_string(a.grace),
                               a.clock_decides ? "clock" : "claim"});
            break;
        case Act::Kind::Back: w.push_back(side_word_1(a.side)); break;
        case Act::Kind::MoreTime: w.push_back(side_word_1(a.side)); break;
    }
    std::string row = w.front();
    for (std::size_t i = 1; i < w.size(); ++i) row += " " + w[i];
    return row;
}

Expected<Act> read_stored_fact(std::string_view text, int format) {
    if (format == 1) return read_1(text);
    if (format > fact_format)
        return Failure{"a fact of format " + std::to_string(format) + ", newer than this gobblet reads (" +
                       std::to_string(fact_format) + "): use a newer gobblet"};
    return Failure{"no fact format " + std::to_string(format)};
}

}  // namespace gobblet::server
