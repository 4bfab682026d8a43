#include "clock.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

#include "match.h"  // clean_name, for quoting what was typed

namespace gobblet {

namespace {

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ') ++i;
        if (i > start) out.push_back(s.substr(start, i - start));
    }
    return out;
}

bool read_millis(std::string_view w, Millis& out) {
    if (w.empty() || w.size() > 18) return false;
    const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
    return ec == std::errc() && p == w.data() + w.size() && out >= 0 && out <= 100 * max_clock_millis;
}

}  // namespace

std::optional<Millis> parse_duration(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty() || text.size() > 32) return std::nullopt;
    // "M:SS" as a clock face shows it.
    if (const std::size_t colon = text.find(':'); colon != std::string_view::npos) {
        const std::string_view m = text.substr(0, colon), s = text.substr(colon + 1);
        if (m.empty() || s.size() != 2 || !std::all_of(m.begin(), m.end(), ::isdigit) ||
            !std::all_of(s.begin(), s.end(), ::isdigit) || m.size() > 4)
            return std::nullopt;
        const Millis total = (std::stoll(std::string(m)) * 60 + std::stoll(std::string(s))) * 1000;
        if (s[0] > '5' || total > max_clock_millis) return std::nullopt;
        return total;
    }
    double total = 0;
    std::size_t i = 0;
    bool any = false;
    while (i < text.size()) {
        const std::size_t start = i;
        bool dot = false;
        while (i < text.size() &&
               (std::isdigit(static_cast<unsigned char>(text[i])) || (text[i] == '.' && !dot))) {
            dot |= text[i] == '.';
            ++i;
        }
        const std::string number(text.substr(start, i - start));
        if (number.empty() || number == ".") return std::nullopt;
        const double value = std::strtod(number.c_str(), nullptr);
        std::size_t unit_end = i;
        while (unit_end < text.size() && std::isalpha(static_cast<unsigned char>(text[unit_end]))) ++unit_end;
        std::string unit(text.substr(i, unit_end - i));
        for (char& c : unit) c = char(std::tolower(static_cast<unsigned char>(c)));
        i = unit_end;
        double scale;
        if (unit.empty()) {
            if (i != text.size()) return std::nullopt;  // a bare number is seconds, and only at the end
            scale = 1000;
        } else if (unit == "ms") {
            scale = 1;
        } else if (unit == "s" || unit == "sec") {
            scale = 1000;
        } else if (unit == "m" || unit == "min") {
            scale = 60'000;
        } else if (unit == "h") {
            scale = 3'600'000;
        } else {
            return std::nullopt;
        }
        total += value * scale;
        any = true;
        if (!std::isfinite(total) || total > double(max_clock_millis)) return std::nullopt;
    }
    if (!any) return std::nullopt;
    return Millis(std::llround(total));
}

std::string duration_text(Millis ms) {
    if (ms <= 0) return "0s";
    if (ms < 1000) return std::to_string(ms) + "ms";
    std::string out;
    const Millis h = ms / 3'600'000, m = ms / 60'000 % 60, rest = ms % 60'000;
    if (h) out += std::to_string(h) + "h";
    if (m) out += std::to_string(m) + "m";
    if (rest) {
        char buf[32];
        if (rest % 1000 == 0)
            std::snprintf(buf, sizeof buf, "%llds", static_cast<long long>(rest / 1000));
        else {
            std::snprintf(buf, sizeof buf, "%.3f", double(rest) / 1000);
            std::string s = buf;
            while (s.back() == '0') s.pop_back();
            std::snprintf(buf, sizeof buf, "%ss", s.c_str());
        }
        out += buf;
    }
    return out;
}

std::string clock_face(Millis ms) {
    char buf[32];
    if (ms <= 0) return "0:00";
    if (ms < 10'000) {
        std::snprintf(buf, sizeof buf, "%lld.%lld", static_cast<long long>((ms + 99) / 1000),
                      static_cast<long long>((ms + 99) / 100 % 10));
        return buf;
    }
    const long long s = (ms + 999) / 1000;
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
    return buf;
}

std::string clock_settings_text(const ClockSettings& s) {
    switch (s.kind) {
        case ClockKind::None: return "none";
        case ClockKind::Dm:
            return "dm " + duration_text(s.turn) + " " + duration_text(s.reserve) + " " +
                   duration_text(s.chunk);
        case ClockKind::Fischer: return "fischer " + duration_text(s.game) + " " + duration_text(s.increment);
    }
    return "none";
}

Expected<ClockSettings> parse_clock_settings(std::string_view text) {
    const auto fail = [](std::string why) { return Failure{std::move(why)}; };
    const auto w = words(text);
    if (w.empty()) return fail("no clock settings");
    std::vector<Millis> values;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const auto d = parse_duration(w[i]);
        if (!d) return fail("'" + std::string(w[i]) + "' is not a duration");
        values.push_back(*d);
    }
    if (w[0] == "none" && values.empty()) return ClockSettings{};
    if (w[0] == "dm" && values.size() == 3) {
        if (values[0] <= 0) return fail("a DM clock needs a turn time above zero");
        if (values[1] > 0 && values[2] <= 0) return fail("a DM reserve needs a chunk above zero");
        return ClockSettings::dm(values[0], values[1], values[2]);
    }
    if (w[0] == "fischer" && values.size() == 2) {
        if (values[0] <= 0) return fail("a Fischer clock needs a game time above zero");
        return ClockSettings::fischer(values[0], values[1]);
    }
    return fail("clock settings are 'none', 'dm TURN RESERVE CHUNK' or 'fischer GAME INCREMENT'");
}

Expected<ClockSettings> clock_from_spec(const ClockSpec& spec) {
    struct Field {
        const char* flag;
        std::string text;
        const char* preset;  // what --dm fills in when the flag is not given
        Millis ms = 0;
    };
    Field f[5] = {{"--turn-time", spec.turn, "2m"},
                  {"--reserve", spec.reserve, "5m"},
                  {"--reserve-chunk", spec.chunk, "30s"},
                  {"--game-time", spec.game, ""},
                  {"--increment", spec.increment, ""}};
    Field &turn = f[0], &reserve = f[1], &chunk = f[2], &game = f[3], &increment = f[4];
    if (spec.dm && (!game.text.empty() || !increment.text.empty()))
        return Failure{"--dm is a DM clock: it cannot be combined with --game-time or --increment"};
    for (Field& x : f) {
        if (x.text.empty() && spec.dm) x.text = x.preset;
        if (x.text.empty()) continue;
        const auto d = parse_duration(x.text);
        if (!d)
            return Failure{std::string(x.flag) + " " + clean_name(x.text) +
                           ": not a time; write it as 90, 90s, 2m, 1m30s or 2:30 (at most 24h)"};
        x.ms = *d;
    }
    const bool dm = !turn.text.empty() || !reserve.text.empty() || !chunk.text.empty();
    const bool fischer = !game.text.empty() || !increment.text.empty();
    if (dm && fischer)
        return Failure{
            "choose one clock: --turn-time/--reserve/--reserve-chunk (DM) or --game-time/--increment "
            "(Fischer)"};
    if (dm) {
        if (turn.text.empty() || turn.ms <= 0)
            return Failure{"a DM clock needs --turn-time above zero (e.g. --turn-time 2m)"};
        const Millis chunk_ms = chunk.text.empty() ? 30'000 : chunk.ms;
        if (reserve.ms > 0 && chunk_ms <= 0)
            return Failure{"--reserve-chunk must be above zero when there is a reserve"};
        return ClockSettings::dm(turn.ms, reserve.ms, chunk_ms);
    }
    if (fischer) {
        if (game.text.empty() || game.ms <= 0)
            return Failure{"a Fischer clock needs --game-time above zero (e.g. --game-time 5m)"};
        return ClockSettings::fischer(game.ms, increment.ms);
    }
    return ClockSettings{};
}

std::string clock_description(const ClockSettings& s) {
    switch (s.kind) {
        case ClockKind::None: return "no clock";
        case ClockKind::Dm:
            if (s.reserve <= 0) return duration_text(s.turn) + " a turn, no reserve";
            return duration_text(s.turn) + " a turn, " + duration_text(s.reserve) + " reserve in " +
                   duration_text(s.chunk) + " chunks";
        case ClockKind::Fischer:
            return duration_text(s.game) + " + " + duration_text(s.increment) + " a move";
    }
    return "no clock";
}

GameClock::GameClock(const ClockSettings& s) : settings_(s) {
    for (int i = 0; i < 2; ++i) {
        switch (s.kind) {
            case ClockKind::None: break;
            case ClockKind::Dm: reserve_[i] = s.reserve; break;  // the player's for the whole match
            case ClockKind::Fischer: left_[i] = s.game; break;
        }
    }
}

void GameClock::new_round() {
    running_.reset();
    flagged_.reset();
    paused_ = false;
    before_ = budget_ = 0;
    switch (settings_.kind) {
        case ClockKind::None: break;
        case ClockKind::Dm: break;  // reserves carry over
        case ClockKind::Fischer: left_[0] = left_[1] = settings_.game; break;
    }
}

void GameClock::swap_sides() {
    std::swap(reserve_[0], reserve_[1]);
    std::swap(left_[0], left_[1]);
}

Millis GameClock::fresh_turn(Color side) const {
    switch (settings_.kind) {
        case ClockKind::None: return 0;
        case ClockKind::Dm: return settings_.turn;
        case ClockKind::Fischer: return left_[index(side)];
    }
    return 0;
}

Millis GameClock::held(Color side) const {
    switch (settings_.kind) {
        case ClockKind::None: return 0;
        case ClockKind::Dm: return reserve_[index(side)];
        case ClockKind::Fischer: return 0;
    }
    return 0;
}

void GameClock::start(Color side, Millis now) {
    if (!enabled() || flagged_) return;
    running_ = side;
    before_ = 0;
    since_ = now;
    budget_ = fresh_turn(side);
}

Millis GameClock::elapsed(Millis now) const {
    if (!running_) return 0;
    return before_ + (paused_ ? 0 : std::max<Millis>(0, now - since_));
}

ClockUpdate GameClock::update(Millis now) {
    ClockUpdate u;
    if (!running_ || flagged_) return u;
    const Millis spent = elapsed(now);
    while (spent >= budget_) {
        // What the running side may add to its turn when the turn runs out.
        Millis take = 0;
        switch (settings_.kind) {
            case ClockKind::None: break;
            case ClockKind::Dm: {
                const Millis reserve = reserve_[index(*running_)];
                take = settings_.chunk > 0 ? std::min(settings_.chunk, reserve) : reserve;
                break;
            }
            case ClockKind::Fischer: break;
        }
        if (take > 0) {
            reserve_[index(*running_)] -= take;
            budget_ += take;
            ++u.chunks;
            continue;
        }
        flagged_ = *running_;
        u.flagged = flagged_;
        running_.reset();  // a fallen flag stops the clock, showing zero
        before_ = budget_ = 0;
        break;
    }
    return u;
}

bool GameClock::stop(Millis now) {
    if (flagged_) return false;
    if (!running_) return true;
    update(now);
    if (flagged_) return false;
    const Millis spent = elapsed(now);
    switch (settings_.kind) {
        case ClockKind::None: break;
        case ClockKind::Dm: break;  // the next turn is a fresh one
        case ClockKind::Fischer: left_[index(*running_)] = budget_ - spent + settings_.increment; break;
    }
    running_.reset();
    before_ = budget_ = 0;
    paused_ = false;
    return true;
}

void GameClock::pause(Millis now) {
    if (paused_) return;
    if (running_) before_ = elapsed(now);
    paused_ = true;
}

void GameClock::resume(Millis now) {
    if (!paused_) return;
    paused_ = false;
    since_ = now;
}

Millis GameClock::time_left(Color side, Millis now) const {
    if (flagged_ == side) return 0;
    if (running_ == side) return std::max<Millis>(0, budget_ - elapsed(now));
    return fresh_turn(side);
}

Millis GameClock::until_flag(Color side, Millis now) const {
    if (!enabled()) return -1;
    if (flagged_ == side) return 0;
    if (running_ == side) return std::max<Millis>(0, budget_ - elapsed(now) + held(side));
    return fresh_turn(side) + held(side);
}

Millis GameClock::until_event(Millis now) const {
    if (!running_ || paused_ || flagged_) return -1;
    return std::max<Millis>(0, budget_ - elapsed(now));
}

GameClock::State GameClock::state(Millis now) const {
    State s;
    for (int i = 0; i < 2; ++i) {
        s.left[i] = left_[i];
        s.reserve[i] = reserve_[i];
    }
    s.running = running_;
    s.elapsed = elapsed(now);
    s.budget = budget_;
    s.paused = paused_;
    s.flagged = flagged_;
    return s;
}

void GameClock::set_state(const State& s, Millis now) {
    for (int i = 0; i < 2; ++i) {
        left_[i] = s.left[i];
        reserve_[i] = s.reserve[i];
    }
    running_ = s.running;
    before_ = s.running ? s.elapsed : 0;
    budget_ = s.running ? s.budget : 0;
    since_ = now;
    paused_ = s.paused;
    flagged_ = s.flagged;
}

std::string GameClock::state_text(const State& s) {
    const auto n = [](Millis v) { return std::to_string(v); };
    const auto side = [](std::optional<Color> c) {
        return c ? (*c == Color::White ? "white" : "black") : "none";
    };
    return "left " + n(s.left[0]) + " " + n(s.left[1]) + " reserve " + n(s.reserve[0]) + " " +
           n(s.reserve[1]) + " running " + side(s.running) + " elapsed " + n(s.elapsed) + " budget " +
           n(s.budget) + " paused " + (s.paused ? "yes" : "no") + " flagged " + side(s.flagged);
}

Expected<GameClock::State> GameClock::parse_state(std::string_view text) {
    const auto fail = [](std::string why) { return Failure{std::move(why)}; };
    const auto w = words(text);
    if (w.size() != 16) return fail("a clock state has 16 words, this one has " + std::to_string(w.size()));
    const auto side = [](std::string_view v, std::optional<Color>& out) {
        if (v == "white")
            out = Color::White;
        else if (v == "black")
            out = Color::Black;
        else if (v == "none")
            out.reset();
        else
            return false;
        return true;
    };
    State s;
    const bool ok = w[0] == "left" && read_millis(w[1], s.left[0]) && read_millis(w[2], s.left[1]) &&
                    w[3] == "reserve" && read_millis(w[4], s.reserve[0]) && read_millis(w[5], s.reserve[1]) &&
                    w[6] == "running" && side(w[7], s.running) && w[8] == "elapsed" &&
                    read_millis(w[9], s.elapsed) && w[10] == "budget" && read_millis(w[11], s.budget) &&
                    w[12] == "paused" && (w[13] == "yes" || w[13] == "no") && w[14] == "flagged" &&
                    side(w[15], s.flagged);
    if (!ok) return fail("the clock state is not in the expected form");
    s.paused = w[13] == "yes";
    if (s.running && s.elapsed > s.budget + max_clock_millis)
        return fail("the clock state's times do not fit");
    return s;
}

}  // namespace gobblet
