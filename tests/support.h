// Shared helpers for the unit tests.
#pragma once

#include <catch2/catch.hpp>

#include <stdlib.h>

#include <atomic>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/expected.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/player.h"
#include "engine/time_source.h"

namespace gobblet::test {

// The repository's game transcripts (tests/fixtures), found from the test binary's working folder:
// make test runs it from the top of the checkout. $GOBBLET_FIXTURES points elsewhere.
inline std::filesystem::path fixtures_dir() {
    if (const char* env = std::getenv("GOBBLET_FIXTURES"); env && *env) return env;
    return std::filesystem::path("tests") / "fixtures";
}

inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    INFO("reading " << p.string());
    REQUIRE(in.good());
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The rows of a document's tables whose first cell names something in code (starts with a backquote,
// as docs/network.md's and docs/lobby.md's message tables): each row's cells, trimmed.
inline std::vector<std::vector<std::string>> code_rows(const std::string& doc) {
    std::vector<std::vector<std::string>> out;
    std::istringstream in(doc);
    for (std::string row; std::getline(in, row);) {
        if (!row.starts_with("| `")) continue;
        std::vector<std::string> cells;
        for (std::size_t p = 1; p < row.size();) {
            const std::size_t bar = row.find(" |", p);
            if (bar == std::string::npos) break;
            std::string cell = row.substr(p, bar - p);
            cell.erase(0, cell.find_first_not_of(' '));
            cell.erase(cell.find_last_not_of(' ') + 1);
            cells.push_back(cell);
            p = bar + 2;
        }
        out.push_back(std::move(cells));
    }
    return out;
}

// The entries of a libFuzzer dictionary (tests/fuzz/*.dict): its quoted strings, escapes as written.
inline std::vector<std::string> dict_entries(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const std::size_t open = line.find('"'), close = line.rfind('"');
        if (line.starts_with("#") || open == std::string::npos || close <= open) continue;
        out.push_back(line.substr(open + 1, close - open - 1));
    }
    return out;
}

// Whether a dictionary's entries hold `verb` as a message's first word ("ready", "sync ...").
inline bool dict_has_verb(const std::vector<std::string>& entries, const std::string& verb) {
    for (const std::string& e : entries)
        if (e == verb || e.starts_with(verb + " ")) return true;
    return false;
}

inline std::string fixture(const std::string& name) { return read_text(fixtures_dir() / name); }

// A game after a transcript that must be legal.
inline Game game_after(const std::string& transcript, Variant v = {}) {
    Game g(v);
    REQUIRE(g.play_transcript(transcript));
    return g;
}

// The moves of `text`, which must read.
inline std::vector<WrittenMove> written_moves(const std::string& text) {
    Expected<std::vector<WrittenMove>, TextError> p = parse_moves(text);
    REQUIRE(p);
    return std::move(p).take();
}

// The one move of `text`, which must read as exactly one move.
inline MoveSpec spec_of(const std::string& text) {
    const Expected<std::vector<WrittenMove>, TextError> p = parse_moves(text);
    REQUIRE(p);
    REQUIRE(p->size() == 1);
    return p->front().spec;
}

// The move `text` names in the game's position, which must be legal there (the game is not changed).
inline Move move_in(const Game& g, const std::string& text) {
    Game trial = g;
    REQUIRE(trial.play(spec_of(text)));
    return trial.moves().back();
}

// The reason a move is refused after a transcript ("" when it is legal and played).
inline std::string refusal(Game& g, const std::string& move) { return g.play(spec_of(move)).why(); }

// The engine's fake clock (engine/time_source.h): it shows `now` ms, which the test sets, and each
// reading then moves it on by `tick` ms. With a tick, time passes as the search reads it (once every 1024
// nodes), so a search's time limit ends it after a number of nodes that does not depend on the machine.
// Atomic: a computer seat reads it on its worker thread.
struct FakeClock final : TimeSource {
    explicit FakeClock(Millis tick_ms = 0) : tick(tick_ms) {}
    std::int64_t now_us() const override { return 1000 * now.fetch_add(tick); }

    mutable std::atomic<Millis> now{0};
    Millis tick;
};

// A clock for players that think by time (hard, max): a millisecond passes at every reading. Lives as
// long as the test program, so settings that point at it may be copied anywhere.
inline const FakeClock& ticking_clock() {
    static const FakeClock clock(1);
    return clock;
}

// `s` thinking by the ticking clock.
inline PlayerSettings ticking(PlayerSettings s) {
    s.time = &ticking_clock();
    return s;
}

// What a test's loop on fake time offers once it has `void step(int wait)` (one poll round, waiting at
// most `wait` ms of real time) and a `now`: waiting for a condition, idling, and letting time pass.
// A world derives from FakeTimeSteps<itself, the steps `until` takes by default>.
template <class World, int default_steps>
struct FakeTimeSteps {
    // Steps until `done` holds; false if it never did (a few seconds of real time at most).
    bool until(const std::function<bool()>& done, int steps = default_steps) {
        for (int i = 0; i < steps; ++i) {
            if (done()) return true;
            self().step(20);
        }
        return done();
    }
    // Steps a few times with nothing expected, for checks that something did not happen.
    void idle(int steps = 5) {
        for (int i = 0; i < steps; ++i) self().step(2);
    }
    // Lets `d` ms of fake time pass a second at a time, the loop running meanwhile (keep-alives go back
    // and forth as they would: a jump of a minute at once would look like a dead peer).
    template <class Ms>
    void pass(Ms d) {
        for (; d >= 1000; d -= 1000) {
            self().now += 1000;
            idle(2);
        }
        self().now += d;
        idle(2);
    }

  private:
    World& self() { return static_cast<World&>(*this); }
};

// What a test heard of a program: its events (each with a `kind` and a `text`) as they came.
template <class Event>
struct Heard {
    std::vector<Event> events;

    std::vector<Event> of(typename Event::Kind k) const {
        std::vector<Event> out;
        for (const Event& e : events)
            if (e.kind == k) out.push_back(e);
        return out;
    }
    bool saw(typename Event::Kind k) const { return !of(k).empty(); }
    // The text of the last event of kind `k`, or "(none)".
    std::string last(typename Event::Kind k) const {
        const auto v = of(k);
        return v.empty() ? std::string("(none)") : v.back().text;
    }
};

// The what() of the `E` that `f` throws, or "(no error)" when it throws nothing.
template <class E = std::exception, class F>
std::string thrown_by(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    return "(no error)";
}

// A file's bytes as they are; nothing for a file that cannot be read.
inline std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A fresh temporary folder, removed at the end of the test.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string t = (std::filesystem::temp_directory_path() / "gobblet-test-XXXXXX").string();
        REQUIRE(mkdtemp(t.data()));
        path = t;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::permissions(path, std::filesystem::perms::owner_all, ec);
        std::filesystem::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// Sets an environment variable for the length of a test.
struct EnvVar {
    std::string name;
    std::optional<std::string> old;
    EnvVar(const char* n, const char* value) : name(n) {
        if (const char* o = std::getenv(n)) old = o;
        if (value)
            setenv(n, value, 1);
        else
            unsetenv(n);
    }
    ~EnvVar() {
        if (old)
            setenv(name.c_str(), old->c_str(), 1);
        else
            unsetenv(name.c_str());
    }
};

inline Position diagram(const std::string& d, Color to_move = Color::White, Variant v = {}) {
    const Expected<Position> p = parse_diagram(d, v, to_move);
    REQUIRE(p);
    return *p;
}

}  // namespace gobblet::test

namespace Catch {

// A check on an Expected that fails shows the reason: REQUIRE(g.play(spec)) prints
// "failed: A1 holds a larger piece" rather than "{?}".
template <class T, class E>
struct StringMaker<gobblet::Expected<T, E>> {
    static std::string convert(const gobblet::Expected<T, E>& e) {
        if (e) return "ok";
        if constexpr (std::is_convertible_v<E, std::string>)
            return "failed: " + std::string(e.why());
        else if constexpr (requires { e.why().message(); })
            return "failed: " + e.why().message();
        else
            return "failed";
    }
};

}  // namespace Catch
