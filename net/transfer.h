// A whole match sent across: when a player joins or comes back, the host sends every round (who
// started, the moves, an ending the board does not show, a touched piece) and the clock; the joiner
// rebuilds the match with the engine, which checks every move, and compares it with the match it
// holds, if any. A digest of the same lines lets the host confirm that both now hold the same moves.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/expected.h"
#include "engine/match.h"
#include "wire.h"

namespace gobblet::net {

// One round as the wire describes it: comparable, and the form a digest is taken over.
struct RoundRecord {
    RoundInfo info;
    std::vector<std::string> moves;  // canonical
    friend bool operator==(const RoundRecord&, const RoundRecord&) = default;
};

// `version`: the reader's protocol version; before gifts_version a claimed draw is written as a draw
// (what an older joiner can read, and rebuild the same result from).
std::vector<RoundRecord> round_records(const Match& m, int version = protocol_version);
// The lines that carry the records: per round a RoundInfo, then Moves lines of moves_per_line moves.
std::vector<Message> record_messages(const std::vector<RoundRecord>& records);
// FNV-1a (64 bits, 16 hex digits) over those lines: equal digests, equal transcripts (a check against
// mistakes, not a defence against a peer who lies; the engine's checks are that).
std::string records_digest(const std::vector<RoundRecord>& records);

// Rebuilds a match, playing every move through the engine; or why not: a move is illegal, an ending
// does not fit, the rounds do not make a match, or the clock does not fit it.
Expected<Match> build_match(const MatchSettings& settings, std::array<std::string, 2> names,
                            const std::vector<RoundRecord>& records, const GameClock::State& clock,
                            Millis now);

// What a returning joiner holds, compared with what the host sent.
struct Comparison {
    enum class Kind : std::uint8_t {
        Same,
        Behind,   // the held rounds are a strict beginning of the host's: the joiner catches up
        Differs,  // refused: `where` says where ("round 2, move 14: K1C3 here, W3B2 at the host")
    };
    Kind kind = Kind::Same;
    std::string where;
};
Comparison compare_records(const std::vector<RoundRecord>& held, const std::vector<RoundRecord>& host);

}  // namespace gobblet::net
