// The network reader's fuzz target (tests/fuzz/wire.cpp): arbitrary bytes as they would come from a
// peer, through the line reader, the message parser and, for whatever parses, the writer and the
// match builder a joiner runs on a welcome. What must hold whatever the input:
//  - no crash, no hang, no unbounded memory (the reader refuses a line at 512 bytes);
//  - every message read is written back within the line limit, as valid UTF-8 without control
//    characters, and reads back to the same message;
//  - free text that reaches a caller (names, chat, reasons, errors) is printable.
// Also replayed over the seed corpus by the unit tests ("[net][fuzz]").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "net/transfer.h"
#include "net/wire.h"

namespace gobblet::fuzz {

// Aborts when a promise is broken (assert() would vanish under -DNDEBUG).
inline void wire_check(bool ok) {
    if (!ok) std::abort();
}

inline void wire_check_printable(std::string_view text) {
    wire_check(net::valid_utf8(text));
    for (char c : text) wire_check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f);
}

inline int wire(const std::uint8_t* data, std::size_t size) {
    net::LineReader reader;
    reader.feed(std::string_view(reinterpret_cast<const char*>(data), size));
    std::optional<net::Welcome> welcome;
    std::array<std::string, 2> names = {"White", "Black"};
    std::vector<net::RoundRecord> records;
    std::optional<GameClock::State> clock;
    std::string line;
    while (reader.next(line) == net::LineReader::Status::Line) {
        const auto p = net::parse_message(line);
        if (!p) {
            wire_check(!p.why().empty());
            wire_check_printable(p.why());
            continue;
        }
        const std::string out = net::format_message(*p);
        wire_check(out.size() <= net::max_line && out.back() == '\n');
        wire_check_printable(std::string_view(out).substr(0, out.size() - 1));
        const auto again = net::parse_message(std::string_view(out).substr(0, out.size() - 1));
        wire_check(again == *p);
        const net::Message& m = *p;
        if (const auto* x = std::get_if<net::Name>(&m)) wire_check_printable(x->name);
        if (const auto* x = std::get_if<net::Chat>(&m)) wire_check_printable(x->text);
        if (const auto* x = std::get_if<net::Bye>(&m)) wire_check_printable(x->reason);
        if (const auto* x = std::get_if<net::Error>(&m)) wire_check_printable(x->reason);
        if (const auto* x = std::get_if<net::Hello>(&m)) wire_check_printable(x->name);
        // What a joiner gathers from a welcome, bounded as the session bounds it.
        if (const auto* x = std::get_if<net::Welcome>(&m)) welcome = *x;
        if (const auto* x = std::get_if<net::Name>(&m)) names[std::size_t(x->player)] = x->name;
        if (const auto* x = std::get_if<net::RoundInfo>(&m); x && records.size() < 64)
            records.push_back({*x, {}});
        if (const auto* x = std::get_if<net::Moves>(&m);
            x && !records.empty() && records.back().moves.size() < 4096)
            records.back().moves.insert(records.back().moves.end(), x->moves.begin(), x->moves.end());
        if (const auto* x = std::get_if<net::State>(&m)) clock = x->clock;
    }
    if (welcome && clock && !records.empty()) {
        const auto match = net::build_match(welcome->settings, names, records, *clock, 0);
        if (match) {
            // What the joiner rebuilt is what the host would send again.
            wire_check(net::records_digest(net::round_records(*match)) == net::records_digest(records));
        } else {
            wire_check(!match.why().empty());
        }
    }
    return 0;
}

}  // namespace gobblet::fuzz
