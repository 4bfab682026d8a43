// The fuzz targets' bodies, shared by the libFuzzer entry points (tests/fuzz/NAME.cpp, `make fuzz`) and
// the Catch2 case that replays the seed corpora and every input that ever crashed (tests/test_fuzz.cpp).
// Each takes arbitrary bytes, drives one reader with them and checks what must hold whatever the input;
// a broken promise aborts, which the fuzzer reports as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/notation.h"
#include "engine/protocol.h"
#include "engine/time_source.h"
#include "saves/savefile.h"
#include "saves/transcript_store.h"

namespace gobblet::fuzz {

// Aborts when a promise of the code under test is broken (assert() would vanish under -DNDEBUG).
inline void require(bool ok) {
    if (!ok) std::abort();
}

// An error message quotes only short, printable ASCII excerpts: no byte outside ' '..'~'.
inline void require_printable(std::string_view message) {
    for (char c : message) require(c >= ' ' && c <= '~');
}

// A TranscriptStore that never touches the disk: reading a name gives a fixed game, writing succeeds,
// so that loadtranscript and savetranscript are exercised without any file.
class DisklessStore : public TranscriptStore {
  public:
    Expected<std::string> read(const std::string& path) override {
        if (path.find('!') != std::string::npos)
            return Failure{"cannot read " + excerpt(path) + ": no such file"};
        return std::string(path.find('3') != std::string::npos ? "% size: 3\nW1B2\nK2A1\n" : "W3B2\nK1C3\n");
    }
    Expected<void> write(const std::string&, const Game& game) override {
        written = saves::save_text(game, "");
        return {};
    }
    Variant variant_of(std::string_view text, Variant current) override {
        return saves::FileStore().variant_of(text, current);
    }
    std::string written;
};

// (1) The transcript and notation reader: parse_moves, Game::play_transcript, parse_diagram.
inline int transcript(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(text);
    require(parsed.ok() == parsed.value().has_value());  // moves exactly when there is no error
    if (parsed.ok()) require(parsed->size() <= max_transcript_moves);
    if (!parsed.ok()) require_printable(parsed.why().message());
    for (Variant v : {Variant{4, Rules::Official}, Variant{4, Rules::Rogers}, Variant{3, Rules::Official}}) {
        Game game(v);
        if (const auto played = game.play_transcript(text); !played.ok()) {
            require(game.moves().empty());  // nothing half-applied
            require_printable(played.why().message());
            continue;
        }
        // What was played reads back, canonical, to the same position.
        Game again(v);
        require(again.play_transcript(transcript_text(game.moves())).ok());
        require(again.position() == game.position());
        require(again.result().outcome == game.result().outcome);
    }
    for (Color side : {Color::White, Color::Black}) {
        const Expected<Position> d = parse_diagram(text, Variant{4, Rules::Official}, side);
        require(d.ok() == d.why().empty());
        if (d.ok())
            require(d->side_to_move() == side);
        else
            require_printable(d.why());
    }
    return 0;
}

// (2) The save-file reader: read_header and load_text, with and without rules and size forced.
inline int savefile(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const saves::Header h = saves::read_header(text);
    require(!h.size || *h.size == 3 || *h.size == 4);
    for (const saves::VariantChoice& forced : {saves::VariantChoice{}, saves::VariantChoice{Rules::Rogers, 3},
                                               saves::VariantChoice{Rules::Official, 4}}) {
        const Expected<Game, TranscriptError> loaded = saves::load_text(text, forced);
        if (!loaded.ok()) {
            require(!loaded.value().has_value());  // no game, not even its first moves
            require_printable(loaded.why().message());
            continue;
        }
        // A game that loads saves and loads back to the same game.
        const Expected<Game, TranscriptError> again =
            saves::load_text(saves::save_text(*loaded, "2026-01-01 00:00"), {});
        require(again.ok());
        require(again->variant() == loaded->variant());
        require(again->position() == loaded->position());
    }
    return 0;
}

// The searches' clock (the engine reads no real one): a millisecond passes at every reading, so a time
// limit (analyze's) ends a search after a number of nodes that does not depend on the machine.
struct TickingClock final : TimeSource {
    std::int64_t now_us() const override { return 1000 * now++; }
    mutable Millis now = 0;
};

// (3) The protocol: a whole `--gtp` session, the input split into lines and fed to Protocol::handle.
// Searches are bounded by nodes and the ticking clock, never real time, so a run repeats exactly. Skipped,
// as they only cost time: perft deeper than 2, more than a few genmoves an input, and genmove by the exact
// 3x3 player (hard and max on 3x3), whose solving from the start takes seconds under the fuzzer's
// instrumentation.
inline int protocol(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    DisklessStore store;
    const TickingClock clock;
    PlayerSettings settings{Level::Easy, 0.01, 1};
    settings.time = &clock;
    settings.max_nodes = 2000;
    settings.table_bits = 10;
    Protocol session(Variant{}, settings, store);
    int searches = 0;
    std::size_t begin = 0;
    while (begin <= input.size() && !session.done()) {
        std::size_t end = input.find('\n', begin);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view line = input.substr(begin, end - begin);
        begin = end + 1;
        // The command as the protocol will see it: control characters dropped (so "genmov\x05e" is
        // genmove), lower case.
        std::string lower;
        for (char c : line)
            if (static_cast<unsigned char>(c) >= 32 && c != 127)
                lower += char(c >= 'A' && c <= 'Z' ? c + 32 : c);
        if (lower.find("perft") != std::string::npos && lower.find_first_of("3456789") != std::string::npos)
            continue;
        if (lower.find("genmove") != std::string::npos) {
            const bool exact =
                session.game().variant().size == 3 && session.player_settings().level >= Level::Hard;
            if (exact || ++searches > 4) continue;
        }
        if (line.size() > max_command_bytes) continue;  // Protocol::run refuses these before handle
        const std::string reply = session.handle(line);
        if (reply.empty()) continue;
        // Every reply is framed: '=' or '?', then text without an empty line, then one empty line.
        require(reply[0] == '=' || reply[0] == '?');
        require(reply.size() >= 3 && reply.compare(reply.size() - 2, 2, "\n\n") == 0);
        require(reply.substr(0, reply.size() - 2).find("\n\n") == std::string::npos);
        if (reply[0] == '?') require_printable(reply.substr(0, reply.size() - 2));
    }
    return 0;
}

}  // namespace gobblet::fuzz
