// The clock model with a fake time source: times are plain numbers, nothing sleeps.
#include "engine/clock.h"

#include <set>

#include "support.h"

using namespace gobblet;

namespace {
constexpr Millis s = 1000;
constexpr Color W = Color::White, B = Color::Black;
// The tournament's clock at small numbers: 2 s a turn, 5 s of reserve in 1 s chunks.
const ClockSettings dm = ClockSettings::dm(2 * s, 5 * s, 1 * s);
}  // namespace

TEST_CASE("durations read as players type them", "[clock]") {
    CHECK(parse_duration("90") == 90 * s);
    CHECK(parse_duration("90s") == 90 * s);
    CHECK(parse_duration("2m") == 120 * s);
    CHECK(parse_duration("1m30s") == 90 * s);
    CHECK(parse_duration("1.5") == 1500);
    CHECK(parse_duration("250ms") == 250);
    CHECK(parse_duration("1h") == 3600 * s);
    CHECK(parse_duration("2:30") == 150 * s);
    CHECK(parse_duration(" 2M ") == 120 * s);
    for (const char* bad :
         {"", "-5", "nan", "inf", "5x", "m", "5m2x", "2:3", "2:75", "25h", "1e3", ".", "1..5"})
        CHECK_FALSE(parse_duration(bad));
}

TEST_CASE("duration texts read back to the same value", "[clock]") {
    for (Millis v : {Millis(250), 30 * s, 90 * s, 120 * s, 3600 * s + 1500, Millis(90500)}) {
        INFO(v);
        CHECK(parse_duration(duration_text(v)) == v);
    }
    CHECK(duration_text(90 * s) == "1m30s");
    CHECK(duration_text(2 * 60 * s) == "2m");
}

TEST_CASE("a clock face rounds up, and shows tenths in the last ten seconds", "[clock]") {
    CHECK(clock_face(120 * s) == "2:00");
    CHECK(clock_face(119 * s + 1) == "2:00");
    CHECK(clock_face(65 * s) == "1:05");
    CHECK(clock_face(9400) == "9.4");
    CHECK(clock_face(9401) == "9.5");
    CHECK(clock_face(50) == "0.1");
    CHECK(clock_face(0) == "0:00");
    CHECK(clock_face(3725 * s) == "1:02:05");
}

TEST_CASE("clock settings travel as one line", "[clock]") {
    CHECK(clock_settings_text(ClockSettings::dm(120 * s, 300 * s, 30 * s)) == "dm 2m 5m 30s");
    CHECK(clock_settings_text(ClockSettings::fischer(300 * s, 3 * s)) == "fischer 5m 3s");
    CHECK(clock_settings_text({}) == "none");
    for (const ClockSettings& c : {ClockSettings{}, dm, ClockSettings::fischer(300 * s, 3 * s)})
        CHECK(parse_clock_settings(clock_settings_text(c)) == c);
    CHECK(parse_clock_settings("dm 2m 5m 0s").why() == "a DM reserve needs a chunk above zero");
    CHECK(parse_clock_settings("dm 0 0 0").why() == "a DM clock needs a turn time above zero");
    CHECK(parse_clock_settings("sudden 5m").why() ==
          "clock settings are 'none', 'dm TURN RESERVE CHUNK' or 'fischer GAME INCREMENT'");
    CHECK(clock_description(ClockSettings::dm(120 * s, 300 * s, 30 * s)) ==
          "2m a turn, 5m reserve in 30s chunks");
}

TEST_CASE("DM: a move within the turn time takes nothing from the reserve", "[clock][dm]") {
    GameClock c(dm);
    c.start(W, 0);
    CHECK(c.time_left(W, 1500) == 500);
    CHECK(c.update(1999).chunks == 0);
    CHECK(c.stop(1999));
    CHECK(c.reserve_left(W) == 5 * s);
    c.start(B, 1999);
    CHECK(c.time_left(B, 1999) == 2 * s);
}

TEST_CASE("DM: a turn overrun takes one chunk, two overruns take two", "[clock][dm]") {
    GameClock c(dm);
    c.start(W, 0);
    ClockUpdate u = c.update(2 * s);  // the turn time runs out: one chunk moves onto the turn
    CHECK(u.chunks == 1);
    CHECK(c.reserve_left(W) == 4 * s);
    CHECK(c.time_left(W, 2 * s) == 1 * s);
    u = c.update(3 * s + 1);  // and again
    CHECK(u.chunks == 1);
    CHECK(c.reserve_left(W) == 3 * s);
    CHECK(c.stop(3500));
    // Both overruns at once, as when the loop woke late: two chunks in one update.
    c.start(B, 10 * s);
    CHECK(c.update(13500).chunks == 2);
    CHECK(c.reserve_left(B) == 3 * s);
}

TEST_CASE("DM: a chunk once taken is spent even if the move comes a moment later", "[clock][dm]") {
    GameClock c(dm);
    c.start(W, 0);
    CHECK(c.stop(2001));  // the move came 1 ms into the chunk
    CHECK(c.reserve_left(W) == 4 * s);
    c.start(W, 5 * s);  // the next turn starts with the turn time only
    CHECK(c.time_left(W, 5 * s) == 2 * s);
}

TEST_CASE("DM: overrunning with an empty reserve flags", "[clock][dm]") {
    GameClock c(ClockSettings::dm(2 * s, 1 * s, 1 * s));
    c.start(B, 0);
    CHECK(c.update(2 * s).chunks == 1);  // the last chunk
    CHECK(c.reserve_left(B) == 0);
    const ClockUpdate u = c.update(3 * s);
    REQUIRE(u.flagged);
    CHECK(*u.flagged == B);
    CHECK(c.flagged() == B);
    CHECK_FALSE(c.stop(3 * s));  // a move after the flag does not undo it
}

TEST_CASE("DM: the last chunk may be smaller than a chunk", "[clock][dm]") {
    GameClock c(ClockSettings::dm(2 * s, 1500, 1 * s));
    c.start(W, 0);
    CHECK(c.update(3 * s).chunks == 2);
    CHECK(c.reserve_left(W) == 0);
    CHECK(c.time_left(W, 3 * s) == 500);
    CHECK(c.update(3499).flagged == std::nullopt);
    CHECK(c.update(3500).flagged == W);
}

TEST_CASE("DM: the reserve carries over to the next round", "[clock][dm]") {
    GameClock c(dm);
    c.start(W, 0);
    c.stop(2500);
    c.new_round();
    CHECK(c.reserve_left(W) == 4 * s);
    CHECK(c.reserve_left(B) == 5 * s);
    CHECK_FALSE(c.running());
}

TEST_CASE("Fischer: the increment is added after each move and reaching zero flags", "[clock][fischer]") {
    GameClock c(ClockSettings::fischer(10 * s, 2 * s));
    c.start(W, 0);
    CHECK(c.stop(3 * s));
    CHECK(c.time_left(W, 3 * s) == 9 * s);  // 10 - 3 + 2
    c.start(B, 3 * s);
    CHECK(c.update(12 * s).flagged == std::nullopt);
    CHECK(c.time_left(B, 12 * s) == 1 * s);
    CHECK(c.update(13 * s).flagged == B);
    c.new_round();  // a new round gives both the whole game time again
    CHECK(c.time_left(W, 0) == 10 * s);
    CHECK(c.time_left(B, 0) == 10 * s);
    CHECK_FALSE(c.flagged());
}

TEST_CASE("a paused clock does not count the pause", "[clock]") {
    GameClock c(dm);
    c.start(W, 0);
    c.pause(1 * s);
    CHECK(c.update(60 * s).chunks == 0);
    CHECK(c.time_left(W, 60 * s) == 1 * s);
    CHECK(c.until_event(60 * s) == -1);
    c.resume(60 * s);
    CHECK(c.time_left(W, 60500) == 500);
    CHECK(c.until_event(60500) == 500);
}

TEST_CASE("a clock state restores exactly, and the time in between does not count", "[clock]") {
    GameClock c(dm);
    c.start(W, 0);
    c.update(2500);  // one chunk taken
    const GameClock::State st = c.state(2500);
    CHECK(st.elapsed == 2500);
    CHECK(st.budget == 3 * s);
    const auto parsed = GameClock::parse_state(GameClock::state_text(st));
    INFO(parsed.why());
    REQUIRE(parsed);
    CHECK(*parsed == st);
    GameClock back(dm);
    back.set_state(*parsed, 1'000'000);  // the program was closed for a long time
    CHECK(back.running() == W);
    CHECK(back.reserve_left(W) == 4 * s);
    CHECK(back.time_left(W, 1'000'000) == 500);
    CHECK(back.update(1'000'499).chunks == 0);
    CHECK(back.update(1'000'500).chunks == 1);
    CHECK(GameClock::parse_state("left 1 2 reserve").why() == "a clock state has 16 words, this one has 4");
    CHECK_FALSE(GameClock::parse_state(
        "left x 2 reserve 0 0 running white elapsed 0 budget 0 paused no flagged none"));
}

TEST_CASE("each clock kind is described once: its row, read back through every text form", "[clock]") {
    std::vector<ClockSettings> all;  // each kind's example and each preset
    for (std::size_t i = 0; i < clock_kind_count; ++i) {
        const ClockKindInfo& k = clock_kinds[i];
        CHECK(k.kind == ClockKind(i));  // clock_kind() finds a kind's row by its value
        CHECK(k.example.kind == k.kind);
        CHECK(clock_playable(k.example));
        all.push_back(k.example);
    }
    for (const ClockPreset& p : clock_presets) all.push_back(p.settings);
    for (const ClockSettings& c : all) {
        const ClockKindInfo& k = clock_kind(c.kind);
        for (ClockForm form : {ClockForm::Line, ClockForm::Terms}) {
            const std::string text = write_clock(c, form);
            INFO(text);
            const auto back = read_clock(text, form);
            INFO(back.why());
            REQUIRE(back);
            CHECK(*back == c);
            CHECK(write_clock(*back, form) == text);
        }
        // The line starts with the kind's word; the terms with its word, or hold its durations joined by
        // '+' (a preset is its name alone).
        CHECK(write_clock(c, ClockForm::Line).starts_with(std::string(k.word)));
        const std::string terms = write_clock(c, ClockForm::Terms);
        const bool preset = std::any_of(std::begin(clock_presets), std::end(clock_presets),
                                        [&](const ClockPreset& p) { return p.settings == c; });
        if (!preset && !k.terms_word.empty()) CHECK(terms.starts_with(std::string(k.terms_word)));
        if (!preset && k.terms_word.empty()) CHECK(terms.find('+') != std::string::npos);
        // The command line asks for it with its kind's flags, or with its preset's flag alone.
        ClockSpec spec;
        for (std::size_t i = 0; i < std::size(clock_fields); ++i)
            if (clock_fields[i].kind == c.kind) spec.text[i] = duration_text(c.*(clock_fields[i].value));
        CHECK(clock_from_spec(spec) == c);
    }
    CHECK(write_clock(dm_preset(), ClockForm::Terms) == "dm");
    CHECK(write_clock(dm_preset(), ClockForm::Line) == "dm 2m 5m 30s");
    for (std::size_t i = 0; i < std::size(clock_presets); ++i) {
        INFO(clock_presets[i].name);
        CHECK(read_clock(clock_presets[i].name, ClockForm::Terms) == clock_presets[i].settings);
        ClockSpec spec;
        spec.presets[i] = true;
        CHECK(spec.preset() == &clock_presets[i]);
        CHECK(clock_from_spec(spec) == clock_presets[i].settings);
    }
    // Every flag once, and the usage texts name every kind and preset.
    const std::vector<std::string_view> flags = clock_flag_names();
    CHECK(flags.size() == std::size(clock_fields) + std::size(clock_presets));
    CHECK(std::set<std::string_view>(flags.begin(), flags.end()).size() == flags.size());
    const std::string line_usage = read_clock("sudden 5m", ClockForm::Line).why();
    const std::string terms_usage = read_clock("sudden 5m", ClockForm::Terms).why();
    for (const ClockKindInfo& k : clock_kinds) {
        CHECK(line_usage.find("'" + std::string(k.word)) != std::string::npos);
        if (!k.terms_word.empty()) CHECK(terms_usage.find(std::string(k.terms_word)) != std::string::npos);
    }
    for (const ClockPreset& p : clock_presets)
        CHECK(terms_usage.find(std::string(p.name)) != std::string::npos);
    CHECK(terms_usage == "the clock is none, dm, dm TURN RESERVE CHUNK or GAME+INCREMENT (5m+2s)");
    CHECK(read_clock("5m+soon", ClockForm::Terms).why() == "not a duration: 'soon'");
}

TEST_CASE("each kind's clock behaves as its kind: a turn's allowance, what carries over, a flag", "[clock]") {
    // DM: a fresh turn each move, the reserve the player's across rounds.
    GameClock d(ClockSettings::dm(2 * s, 3 * s, 1 * s));
    CHECK(d.until_flag(W, 0) == 5 * s);
    CHECK(clock_full(d.settings()) == 5 * s);
    d.start(W, 0);
    CHECK(d.update(2500).chunks == 1);
    CHECK(d.stop(2500));
    CHECK(d.time_left(W, 2500) == 2 * s);
    CHECK(d.reserve_left(W) == 2 * s);
    d.new_round();
    CHECK(d.reserve_left(W) == 2 * s);
    // Fischer: the game time runs down and the increment comes back; a new round fills it again.
    GameClock f(ClockSettings::fischer(10 * s, 1 * s));
    CHECK(clock_full(f.settings()) == 10 * s);
    f.start(B, 0);
    CHECK(f.update(4 * s).chunks == 0);
    CHECK(f.stop(4 * s));
    CHECK(f.time_left(B, 9 * s) == 7 * s);
    CHECK(f.until_flag(B, 9 * s) == 7 * s);
    f.new_round();
    CHECK(f.time_left(B, 0) == 10 * s);
    f.start(W, 0);
    CHECK(f.update(10 * s).flagged == W);
    // No clock: nothing runs, nothing flags.
    GameClock none;
    none.start(W, 0);
    CHECK_FALSE(none.running());
    CHECK(none.until_flag(W, 0) == -1);
    CHECK(clock_full(none.settings()) == 0);
}

TEST_CASE("a clock spec from the command line: the settings, or why not", "[clock]") {
    const auto spec = [](std::string turn, std::string reserve, std::string chunk, std::string game,
                         std::string increment, bool dm = false) {
        return clock_from_spec(ClockSpec{{turn, reserve, chunk, game, increment}, {dm}});
    };
    CHECK(*spec("", "", "", "", "") == ClockSettings{});
    CHECK(*spec("", "", "", "", "", true) == ClockSettings::dm(120 * s, 300 * s, 30 * s));
    CHECK(*spec("10s", "", "", "", "", true) == ClockSettings::dm(10 * s, 300 * s, 30 * s));
    CHECK(*spec("1m", "", "", "", "") == ClockSettings::dm(60 * s, 0, 30 * s));
    CHECK(*spec("1m", "2m", "10s", "", "") == ClockSettings::dm(60 * s, 120 * s, 10 * s));
    CHECK(*spec("", "", "", "5m", "3s") == ClockSettings::fischer(300 * s, 3 * s));
    CHECK(*spec("", "", "", "5m", "") == ClockSettings::fischer(300 * s, 0));

    const auto why = [](const Expected<ClockSettings>& r) { return r ? std::string("(accepted)") : r.why(); };
    CHECK(why(spec("", "", "", "5m", "", true)) ==
          "--dm is a DM clock: it cannot be combined with --game-time or --increment");
    CHECK(
        why(spec("1m", "", "", "5m", "")) ==
        "choose one clock: --turn-time/--reserve/--reserve-chunk (DM) or --game-time/--increment (Fischer)");
    CHECK(why(spec("soon", "", "", "", "")) ==
          "--turn-time soon: not a time; write it as 90, 90s, 2m, 1m30s or 2:30 (at most 24h)");
    CHECK(why(spec("", "", "", "", "2s")) ==
          "a Fischer clock needs --game-time above zero (e.g. --game-time 5m)");
    CHECK(why(spec("", "", "", "0", "")) ==
          "a Fischer clock needs --game-time above zero (e.g. --game-time 5m)");
    CHECK(why(spec("", "5m", "", "", "")) == "a DM clock needs --turn-time above zero (e.g. --turn-time 2m)");
    CHECK(why(spec("1m", "5m", "0", "", "")) == "--reserve-chunk must be above zero when there is a reserve");
    CHECK(spec("1m", "0", "0", "", ""));  // no reserve: the chunk does not matter
}

TEST_CASE("Soonest: the first of some waits, -1 for none, a past deadline as now", "[clock]") {
    Soonest s;
    CHECK(s.get() == -1);
    s.also(-1);  // another until_next() with nothing to wait for
    CHECK(s.get() == -1);
    s.at(500);
    s.also(800);
    CHECK(s.get() == 500);
    s.at(-20);  // already past
    CHECK(s.get() == 0);
    s.at(100);
    CHECK(s.get() == 0);
}
