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

namespace {

// The fields of a kind, in the order of its texts.
std::vector<const ClockField*> fields_of(ClockKind k) {
    std::vector<const ClockField*> out;
    for (const ClockField& f : clock_fields)
        if (f.kind == k) out.push_back(&f);
    return out;
}

// "a, b or c".
std::string listed(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
    return out;
}

// How the lobby quotes a word that is not what it should be (as net/fields.h's shown).
std::string shown(std::string_view word) {
    const std::string s = clean_text(word, 16);
    return s.empty() ? "(nothing)" : "'" + s + "'";
}

// The usage of a form, from the kinds' rows: "'none', 'dm TURN RESERVE CHUNK' or 'fischer GAME
// INCREMENT'" (Line), "none, dm, dm TURN RESERVE CHUNK or GAME+INCREMENT (5m+2s)" (Terms).
std::string usage(ClockForm form) {
    std::vector<std::string> items;
    for (const ClockKindInfo& k : clock_kinds) {
        if (form == ClockForm::Terms)
            for (const ClockPreset& p : clock_presets)
                if (p.settings.kind == k.kind) items.emplace_back(p.name);
        const bool joined = form == ClockForm::Terms && k.terms_word.empty();
        std::string item(form == ClockForm::Line ? k.word : k.terms_word);
        for (const ClockField* f : fields_of(k.kind))
            item += (item.empty() ? "" : joined ? "+" : " ") + std::string(f->placeholder);
        if (form == ClockForm::Line)
            item = "'" + item + "'";
        else if (joined)
            item += " (" + write_clock(k.example, form) + ")";
        items.push_back(item);
    }
    return listed(items);
}

}  // namespace

std::string write_clock(const ClockSettings& s, ClockForm form) {
    const ClockKindInfo& k = clock_kind(s.kind);
    if (form == ClockForm::Terms)
        for (const ClockPreset& p : clock_presets)
            if (p.settings == s) return std::string(p.name);
    const bool joined = form == ClockForm::Terms && k.terms_word.empty();
    std::string out(form == ClockForm::Line ? k.word : k.terms_word);
    for (const ClockField* f : fields_of(s.kind))
        out += (out.empty() ? "" : joined ? "+" : " ") + duration_text(s.*(f->value));
    return out;
}

Expected<ClockSettings> read_clock(std::string_view text, ClockForm form) {
    const auto w = words(text);
    if (form == ClockForm::Line) {
        if (w.empty()) return Failure{"no clock settings"};
        std::vector<Millis> values;
        for (std::size_t i = 1; i < w.size(); ++i) {
            const auto d = parse_duration(w[i]);
            if (!d) return Failure{"'" + std::string(w[i]) + "' is not a duration"};
            values.push_back(*d);
        }
        for (const ClockKindInfo& k : clock_kinds) {
            const auto fields = fields_of(k.kind);
            if (w[0] != k.word || values.size() != fields.size()) continue;
            ClockSettings s;
            s.kind = k.kind;
            for (std::size_t i = 0; i < fields.size(); ++i) s.*(fields[i]->value) = values[i];
            if (auto ok = clock_playable(s); !ok) return Failure{ok.why()};
            return s;
        }
        return Failure{"clock settings are " + usage(form)};
    }
    if (w.size() == 1)
        for (const ClockPreset& p : clock_presets)
            if (w[0] == p.name) return p.settings;
    for (const ClockKindInfo& k : clock_kinds) {
        const auto fields = fields_of(k.kind);
        std::vector<std::string_view> texts;  // the durations' texts
        if (!k.terms_word.empty() && !w.empty() && w[0] == k.terms_word && w.size() == fields.size() + 1) {
            texts.assign(w.begin() + 1, w.end());
        } else if (k.terms_word.empty() && w.size() == 1 &&
                   std::size_t(std::count(w[0].begin(), w[0].end(), '+')) + 1 == fields.size()) {
            for (std::string_view rest = w[0];;) {
                const std::size_t plus = rest.find('+');
                texts.push_back(rest.substr(0, plus));
                if (plus == std::string_view::npos) break;
                rest.remove_prefix(plus + 1);
            }
        } else {
            continue;
        }
        ClockSettings s;
        s.kind = k.kind;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const auto d = parse_duration(texts[i]);
            if (!d) return Failure{"not a duration: " + shown(texts[i])};
            s.*(fields[i]->value) = *d;
        }
        return s;
    }
    return Failure{"the clock is " + usage(form)};
}

Expected<void> clock_playable(const ClockSettings& s) {
    switch (s.kind) {
        case ClockKind::None: return {};
        case ClockKind::Dm:
            if (s.turn <= 0) return Failure{"a DM clock needs a turn time above zero"};
            if (s.reserve > 0 && s.chunk <= 0) return Failure{"a DM reserve needs a chunk above zero"};
            return {};
        case ClockKind::Fischer:
            if (s.game <= 0) return Failure{"a Fischer clock needs a game time above zero"};
            return {};
    }
    return Failure{"an unknown clock"};
}

const ClockPreset* ClockSpec::preset() const {
    for (std::size_t i = 0; i < presets.size(); ++i)
        if (presets[i]) return &clock_presets[i];
    return nullptr;
}

std::vector<std::string_view> clock_flag_names() {
    std::vector<std::string_view> out;
    for (const ClockField& f : clock_fields) out.push_back(f.flag);
    for (const ClockPreset& p : clock_presets) out.push_back(p.flag);
    return out;
}

Expected<ClockSettings> clock_from_spec(const ClockSpec& spec) {
    const ClockPreset* preset = spec.preset();
    if (std::count(spec.presets.begin(), spec.presets.end(), true) > 1) {
        std::vector<std::string> flags;
        for (const ClockPreset& p : clock_presets) flags.emplace_back(p.flag);
        return Failure{"give one clock preset: " + listed(flags)};
    }
    // The kinds whose flags are given.
    std::vector<ClockKind> kinds;
    for (std::size_t i = 0; i < std::size(clock_fields); ++i)
        if (!spec.text[i].empty() &&
            std::find(kinds.begin(), kinds.end(), clock_fields[i].kind) == kinds.end())
            kinds.push_back(clock_fields[i].kind);
    if (preset) {
        const ClockKind own = preset->settings.kind;
        std::vector<std::string> others;
        for (const ClockField& f : clock_fields)
            if (f.kind != own) others.emplace_back(f.flag);
        if (std::any_of(kinds.begin(), kinds.end(), [&](ClockKind k) { return k != own; }))
            return Failure{std::string(preset->flag) + " is a " + std::string(clock_kind(own).name) +
                           " clock: it cannot be combined with " + listed(others)};
        kinds = {own};
    }
    ClockSettings s;
    for (std::size_t i = 0; i < std::size(clock_fields); ++i) {
        const ClockField& f = clock_fields[i];
        if (spec.text[i].empty()) {
            s.*(f.value) =
                preset && f.kind == preset->settings.kind ? preset->settings.*(f.value) : f.fallback;
            continue;
        }
        const auto d = parse_duration(spec.text[i]);
        if (!d)
            return Failure{std::string(f.flag) + " " + clean_name(spec.text[i]) +
                           ": not a time; write it as 90, 90s, 2m, 1m30s or 2:30 (at most 24h)"};
        s.*(f.value) = *d;
    }
    if (kinds.size() > 1) {
        std::vector<std::string> choices;
        for (const ClockKindInfo& k : clock_kinds) {
            std::string flags;
            for (const ClockField* f : fields_of(k.kind))
                flags += (flags.empty() ? "" : "/") + std::string(f->flag);
            if (!flags.empty()) choices.push_back(flags + " (" + std::string(k.name) + ")");
        }
        return Failure{"choose one clock: " + listed(choices)};
    }
    s.kind = kinds.empty() ? ClockKind::None : kinds.front();
    // Only the kind's own fields: the others stay zero, as the settings' factories leave them.
    for (const ClockField& f : clock_fields)
        if (f.kind != s.kind) s.*(f.value) = 0;
    // What each kind needs, said with its flags.
    switch (s.kind) {
        case ClockKind::None: break;
        case ClockKind::Dm:
            if (s.turn <= 0) return Failure{"a DM clock needs --turn-time above zero (e.g. --turn-time 2m)"};
            if (s.reserve > 0 && s.chunk <= 0)
                return Failure{"--reserve-chunk must be above zero when there is a reserve"};
            break;
        case ClockKind::Fischer:
            if (s.game <= 0)
                return Failure{"a Fischer clock needs --game-time above zero (e.g. --game-time 5m)"};
            break;
    }
    return s;
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

Millis clock_full(const ClockSettings& s) {
    switch (s.kind) {
        case ClockKind::None: return 0;
        case ClockKind::Dm: return s.turn + s.reserve;
        case ClockKind::Fischer: return s.game;
    }
    return 0;
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

void GameClock::give(Color side, Millis ms, Millis now) {
    if (!enabled() || flagged_) return;
    update(now);
    if (flagged_ == side) return;
    const auto more = [ms](Millis& held) { held = std::min(max_clock_millis, held + ms); };
    switch (settings_.kind) {
        case ClockKind::None: break;
        case ClockKind::Dm: more(reserve_[index(side)]); break;
        case ClockKind::Fischer:
            if (running_ == side)
                more(budget_);  // the turn under way ends with it (stop settles the game time from it)
            else
                more(left_[index(side)]);
            break;
    }
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
