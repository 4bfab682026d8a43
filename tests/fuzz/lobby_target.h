// The lobby protocol's fuzz target (tests/fuzz/lobby.cpp): arbitrary bytes as they would come from a
// server or a client, through the line reader, the lobby parser and, for what a server sends, the
// client's tables (net/lobby_client.h); a line "terms TEXT" gives TEXT to the terms readers alone, as a
// --seek flag would. What must hold whatever the input:
//  - no crash, no hang, no unbounded memory (lines stop at 512 bytes, tables at max_table entries,
//    answers at their page size or 1 MiB);
//  - every message read is written back within the line limit, without control characters, starts with
//    its verb, and reads back to the same message;
//  - terms read are within the lobby's bounds and written back to the same terms;
//  - every error, and every text the client passes on, is printable.
// Also replayed over the seed corpus by the unit tests ("[fuzz]").
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "net/lobby.h"
#include "net/lobby_client.h"
#include "net/lobby_text.h"
#include "tests/fuzz/wire_target.h"

namespace gobblet::fuzz {

inline void lobby_check_terms(std::string_view text) {
    if (const auto t = net::lobby::parse_terms(text)) {
        wire_check(net::lobby::terms_allowed(*t).ok());
        wire_check(net::lobby::parse_terms(net::lobby::terms_text(*t)) == *t);
        wire_check_printable(net::lobby::terms_description(*t));
    } else {
        wire_check(!t.why().empty());
        wire_check_printable(t.why());
    }
    // A seek's terms and who it is for: written back the same, its words printable.
    if (const auto st = net::lobby::parse_seek_terms(text)) {
        wire_check(net::lobby::parse_seek_terms(net::lobby::seek_terms_text(st->terms, st->audience)) == *st);
        wire_check(!st->audience.range || st->audience.range->low <= st->audience.range->high);
        wire_check_printable(net::lobby::audience_description(st->audience));
    } else {
        wire_check_printable(st.why());
    }
    if (const auto c = net::lobby::parse_terms_clock(text))
        wire_check(net::lobby::parse_terms_clock(net::lobby::terms_clock_text(*c)) == *c);
    else
        wire_check_printable(c.why());
}

inline int lobby(const std::uint8_t* data, std::size_t size) {
    using namespace net::lobby;
    net::LineReader reader;
    reader.feed(std::string_view(reinterpret_cast<const char*>(data), size));
    // The client's side, logged in as Liam with one question of each kind waiting for its answer.
    Tables tables;
    tables.reset("Liam");
    const std::string game = "5f3a9c0e12b47d66";
    tables.asked(HistoryQuery{"Eamon", 1});
    tables.asked(Watch{game});
    tables.asked(RecordQuery{game});
    tables.asked(StandingsQuery{1});
    tables.asked(RatingsQuery{Variant{4, Rules::Official}, 1});
    tables.asked(FingerQuery{"Eamon"});
    tables.asked(BestQuery{});
    std::deque<Event> events;
    bool closed = false;
    Millis now = 0;
    std::string line;
    while (reader.next(line) == net::LineReader::Status::Line) {
        now += 100;
        // "terms TEXT" (not a message) feeds TEXT to the terms readers alone, as a --seek flag would.
        if (line.starts_with("terms ")) {
            lobby_check_terms(std::string_view(line).substr(6));
            continue;
        }
        const auto p = parse_message(line);
        if (!p) {
            wire_check(!p.why().empty());
            wire_check_printable(p.why());
            continue;
        }
        const Message& m = *p;
        const std::string out = format_message(m);
        wire_check(out.size() <= net::max_line && out.back() == '\n');
        const std::string_view body = std::string_view(out).substr(0, out.size() - 1);
        wire_check_printable(body);
        wire_check(body.starts_with(verb(m)));
        const auto again = parse_message(body);
        wire_check(again == m);
        if (closed || sender(m) == Sender::Client) continue;
        if (const auto taken = tables.take(m, now, events); !taken) {
            wire_check_printable(taken.why());
            closed = true;  // the client ends the connection here
        }
        wire_check(tables.players().size() <= max_table && tables.seeks().size() <= max_table &&
                   tables.games().size() <= max_table && tables.tournaments().size() <= max_table);
        while (!events.empty()) {
            const Event& e = events.front();
            // A record's text is lines: each one printable.
            std::string_view text = e.text;
            for (auto nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n')) {
                wire_check(e.kind == Event::Kind::Answer);
                wire_check_printable(text.substr(0, nl));
                text.remove_prefix(nl + 1);
            }
            wire_check_printable(text);
            wire_check(e.text.size() <= max_record_bytes);
            wire_check(e.items.size() <= max_record_lines);
            for (const Message& item : e.items) wire_check(format_message(item).size() <= net::max_line);
            events.pop_front();
        }
        for (const auto& [id, row] : tables.games())
            for (int player : {0, 1})
                if (const auto left = Tables::time_left(row, player, now + 5000)) wire_check(*left >= 0);
    }
    return 0;
}

}  // namespace gobblet::fuzz
