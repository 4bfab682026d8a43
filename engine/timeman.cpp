#include "timeman.h"

#include <algorithm>

#include "match.h"

namespace gobblet {

namespace {

constexpr Millis margin_base = 100;    // thread start and join, applying and drawing the move, and a search
                                       // thread scheduled late (70 ms seen on a loaded 2-core machine)
constexpr double margin_share = 0.05;  // being scheduled late grows with the time at stake
constexpr Millis margin_cap = 1000;    // ... but a second covers any hiccup short of a swap storm
constexpr Millis least = 1;            // every limit: the computer always answers
constexpr int expected_moves = 25;     // a side's moves in a typical 4x4 game, with a margin
constexpr int least_moves_to_go = 10;  // a long game is never assumed to be almost over
constexpr double hard_shares = 3;      // Fischer: one move may take up to three shares

double seconds(Millis ms) { return double(ms) / 1000.0; }

// What the search may use out of `left`: all of it but the margin, and never nothing.
Millis usable(Millis left) { return std::max(least, left - safety_margin(left)); }

}  // namespace

Millis safety_margin(Millis left) {
    return std::min(margin_cap, margin_base + Millis(double(std::max<Millis>(0, left)) * margin_share));
}

TimeBudget time_budget(const TimeSituation& s, Level level, double think_seconds) {
    const double cap = think_limit(level, std::min(think_seconds, max_think_seconds));
    TimeBudget b;
    switch (s.clock.kind) {
        case ClockKind::None:
            // The level's own limit (0 for the fixed-depth levels: no limit at all).
            b.soft = b.hard = b.forced_soft = b.forced_hard = cap;
            return b;
        case ClockKind::Dm: {
            b.soft = b.hard = seconds(usable(s.left));
            b.forced_soft = b.forced_hard = b.hard;
            if (s.reserve > 0) {
                const Millis chunk = s.clock.chunk > 0 ? std::min(s.clock.chunk, s.reserve) : s.reserve;
                b.forced_soft = b.forced_hard = seconds(usable(s.left + chunk));
            }
            break;
        }
        case ClockKind::Fischer: {
            const Millis avail = usable(s.left);
            const int to_go = s.moves_to_go > 0
                                  ? s.moves_to_go
                                  : std::max(least_moves_to_go, expected_moves - s.moves_played);
            const double share = seconds(avail) / to_go + seconds(s.clock.increment);
            b.hard = std::max(seconds(least), std::min(seconds(avail), hard_shares * share));
            b.soft = std::max(seconds(least), std::min(share, b.hard));
            b.forced_soft = b.forced_hard = b.hard;
            break;
        }
    }
    if (cap <= 0) b.soft = b.forced_soft = 0;  // fixed depth: the ceiling alone
    for (double* v : {&b.soft, &b.hard, &b.forced_soft, &b.forced_hard})
        *v = std::min(*v, cap > 0 ? cap : max_think_seconds);
    return b;
}

TimeSituation time_situation(const Match& match, Millis now) {
    const Color side = match.game().side_to_move();
    GameClock clock = match.clock();
    (void)clock.update(now);
    TimeSituation s;
    s.clock = match.settings().clock;
    s.left = clock.time_left(side, now);
    s.reserve = clock.reserve_left(side);
    s.moves_played = int(match.game().moves().size() / 2);
    return s;
}

void GtpClock::set(Millis main, Millis byo, int stones) {
    limited_ = !(byo > 0 && stones == 0) && !(main == 0 && byo == 0);
    byo_ = byo;
    byo_stones_ = stones;
    for (Side& s : side_) s = main > 0 || byo == 0 ? Side{main, 0} : Side{byo, stones};
}

void GtpClock::set_left(Color c, Millis left, int stones) {
    if (!limited_) {
        // No settings to go by: this period is taken to repeat, main time to be absolute.
        limited_ = true;
        byo_ = stones > 0 ? left : 0;
        byo_stones_ = stones;
        side_[1 - index(c)] = Side{left, stones};
    }
    side_[index(c)] = Side{std::max<Millis>(0, left), std::max(0, stones)};
}

void GtpClock::spend(Color c, Millis spent, bool move) {
    if (!limited_) return;
    Side& s = side_[index(c)];
    s.left -= std::max<Millis>(0, spent);
    const bool periods = byo_ > 0 && byo_stones_ > 0;
    if (s.stones == 0) {
        if (s.left > 0 || !periods) {
            s.left = std::max<Millis>(0, s.left);
            return;
        }
        // Main time ran out during this move: byo-yomi started, and the overrun came out of it.
        s.left += byo_;
        s.stones = byo_stones_;
        if (!move) return;
    } else if (!move) {
        s.left = std::max<Millis>(0, s.left);
        return;
    }
    if (s.left < 0) {
        s.left = 0;  // too late: the controller decides what that means
        return;
    }
    if (--s.stones == 0) s = Side{byo_, byo_stones_};  // a period done in time: a fresh one
}

TimeSituation GtpClock::situation(Color c, int moves_played) const {
    TimeSituation t;
    if (!limited_) return t;
    const Side& s = side_[index(c)];
    t.moves_played = moves_played;
    if (s.stones > 0) {
        t.clock = ClockSettings::fischer(byo_, 0);
        t.left = s.left;
        t.moves_to_go = s.stones;
    } else if (byo_ > 0 && byo_stones_ > 0) {
        const Millis share = byo_ / byo_stones_;
        t.clock = ClockSettings::fischer(s.left, share);
        t.left = s.left + share;
    } else {
        t.clock = ClockSettings::fischer(s.left, 0);
        t.left = s.left;
    }
    return t;
}

}  // namespace gobblet
