// The form a game's facts are kept in, in the database (the table game_facts), apart from the game
// protocol's lines. The wire may change (a verb renamed, a field added) without changing what a stored
// row means: each row says which format it was written in, and this codec reads every format there has
// been with readers of its own, which use nothing of net/wire (no verb, no message table, no parser).
//
// Format 1 is the text the server stored before the format was its own (schema version 7 and older):
// the Act line of the game protocol of that time without its clock (the clock is kept in its own
// column), such as "move 3 2 K1C3" or "away 7 black 5000 30000 claim". It is written down here, word by
// word, so that the rows of that time keep their meaning. A new kind of fact adds its word and fields to
// the current format (no old row changes meaning; the static_assert and the switches without a default
// ask for them). A change of an existing kind's form is a new format: a new number, a new writer, and a
// reader beside the old ones, which stay.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/expected.h"
#include "net/wire.h"

namespace gobblet::server {

// The format stored_fact writes.
constexpr int fact_format = 1;

// Format 1's words for the kinds of facts, one per net::Act::Kind in its order: the first word of a row.
inline constexpr const char* fact_words_1[] = {"move",  "touch",  "resign", "draw",    "undo",
                                               "pause", "resume", "flag",   "starter", "replay",
                                               "claim", "away",   "back",   "moretime"};
static_assert(std::size(fact_words_1) == std::size_t(net::Act::Kind::MoreTime) + 1,
              "one stored word for each kind of fact (MoreTime is the last)");
// A claim of a draw (net::Act's `draw`) is a fact of its own word in format 1, so that the rows of
// "claim" keep their meaning (the round won): "claim-draw 9 black".
inline constexpr const char* claimed_draw_word_1 = "claim-draw";

// A fact as the store keeps it, in format `fact_format`: one line, without the fact's clock (the store
// keeps the clock in its own column).
std::string stored_fact(const net::Act& fact);

// A stored fact read back from its text and the format it was written in: the fact without a clock, or
// why the row cannot be read (a format this program does not know, or a row that is not one).
Expected<net::Act> read_stored_fact(std::string_view text, int format);

}  // namespace gobblet::server
