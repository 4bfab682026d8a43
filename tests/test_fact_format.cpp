// The form a game's facts are stored in (server/fact_format.h): every kind written and read back, the
// words its own (a change of the game protocol cannot change what a stored row means), bad rows refused,
// and a database of the rows written before the format was the store's own still restoring its games.
#include <algorithm>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "engine/clock.h"
#include "engine/notation.h"
#include "server/db.h"
#include "server/fact_format.h"
#include "server/hosted_game.h"
#include "server/store.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::server;
using net::Act;

namespace {

Act act(Act::Kind kind, int state) {
    Act a;
    a.kind = kind;
    a.state = state;
    return a;
}

// Every kind of fact with its fields set, and its row in format 1, written out here by hand: these are
// the rows of the databases of schema version 7 and older, whatever the game protocol says today.
std::vector<std::pair<Act, std::string>> every_kind() {
    std::vector<std::pair<Act, std::string>> out;
    Act a = act(Act::Kind::Move, 0);
    a.number = 1;
    a.move = "W3B2";
    out.emplace_back(a, "move 0 1 W3B2");
    a = act(Act::Kind::Touch, 7);
    a.square = make_square(3, 2);
    out.emplace_back(a, "touch 7 D3");
    a = act(Act::Kind::Resign, 12);
    a.side = Color::Black;
    out.emplace_back(a, "resign 12 black");
    out.emplace_back(act(Act::Kind::Draw, 3), "draw 3");
    a = act(Act::Kind::Undo, 9);
    a.number = 4;
    out.emplace_back(a, "undo 9 4");
    out.emplace_back(act(Act::Kind::Pause, 5), "pause 5");
    out.emplace_back(act(Act::Kind::Resume, 6), "resume 6");
    a = act(Act::Kind::Flag, 40);
    a.side = Color::White;
    out.emplace_back(a, "flag 40 white");
    a = act(Act::Kind::Starter, 41);
    a.number = 1;
    out.emplace_back(a, "starter 41 1");
    out.emplace_back(act(Act::Kind::Replay, 42), "replay 42");
    a = act(Act::Kind::Claim, 43);
    a.side = Color::Black;
    out.emplace_back(a, "claim 43 black");
    a = act(Act::Kind::Away, 44);
    a.side = Color::Black;
    a.away_for = 4500;
    a.grace = 30000;
    a.clock_decides = true;
    out.emplace_back(a, "away 44 black 4500 30000 clock");
    a.clock_decides = false;
    a.state = 45;
    out.emplace_back(a, "away 45 black 4500 30000 claim");
    a = act(Act::Kind::Back, 46);
    a.side = Color::Black;
    out.emplace_back(a, "back 46 black");
    // Added to format 1 (issue 33): a claimed draw has a word of its own, so that the rows of "claim"
    // keep meaning the round won; a gift of time is a new kind.
    a = act(Act::Kind::Claim, 47);
    a.side = Color::White;
    a.draw = true;
    out.emplace_back(a, "claim-draw 47 white");
    a = act(Act::Kind::MoreTime, 48);
    a.side = Color::White;
    out.emplace_back(a, "moretime 48 white");
    return out;
}

}  // namespace

TEST_CASE("every kind of fact is stored in format 1 and read back as it was", "[store][facts]") {
    const auto kinds = every_kind();
    std::vector<bool> seen(std::size(Act::words), false);
    for (const auto& [fact, row] : kinds) {
        INFO(row);
        seen[std::size_t(fact.kind)] = true;
        // The clock is not part of the row: the store keeps it in its own column.
        Act with_clock = fact;
        with_clock.clock = GameClock::State{};
        CHECK(stored_fact(with_clock) == row);
        const Expected<Act> back = read_stored_fact(row, 1);
        INFO((back ? "" : back.why()));
        REQUIRE(back);
        CHECK(*back == fact);
    }
    CHECK(std::find(seen.begin(), seen.end(), false) == seen.end());  // every kind was tried
}

TEST_CASE("the stored words are the store's own table, not the game protocol's", "[store][facts]") {
    // Format 1's words as the rows of version 7 hold them: the table here is the test's own, so that a
    // verb renamed on the wire (net::Act::words, net::message_table) fails here rather than changing
    // what an old row means.
    const std::vector<std::string> format_1 = {"move", "touch", "resign", "draw", "undo", "pause", "resume",
                                               "flag", "starter", "replay", "claim", "away", "back",
                                               // added since (issue 33): a new kind adds its word
                                               "moretime"};
    REQUIRE(std::size(fact_words_1) == format_1.size());
    for (std::size_t i = 0; i < format_1.size(); ++i) CHECK(fact_words_1[i] == format_1[i]);
    CHECK(fact_format == 1);
    // The game protocol's other lines are no facts, and a fact with a clock on its line (which the wire
    // reads) is no row the store ever wrote.
    for (const char* line : {"chat hello", "ping 5", "offer 3 draw", "go none", "moves W3B2", ""}) {
        INFO(line);
        CHECK_FALSE(read_stored_fact(line, 1));
    }
    Act m = act(Act::Kind::Move, 0);
    m.number = 1;
    m.move = "W3B2";
    m.clock = GameClock::State{};
    CHECK_FALSE(read_stored_fact("move 0 1 W3B2 " + GameClock::state_text(*m.clock), 1));
}

TEST_CASE("a stored row that does not read says why", "[store][facts]") {
    CHECK(read_stored_fact("jump 0 1 W3B2", 1).why() == "not a stored fact of format 1");
    CHECK(read_stored_fact("move 0 1 X9", 1).why() == "move: not a move in canonical notation");
    CHECK(read_stored_fact("move 00 1 W3B2", 1).why() == "move: its number is not a number in range");
    CHECK(read_stored_fact("move 0 1", 1).why() == "move: a field is missing");
    CHECK(read_stored_fact("touch 0 E5", 1).why() == "touch: not a square");
    CHECK(read_stored_fact("resign 2 red", 1).why() == "resign: expected white or black");
    CHECK(read_stored_fact("away 1 black 5000 30000 maybe", 1).why() == "away: expected clock or claim");
    CHECK(read_stored_fact("starter 1 2", 1).why() == "starter: the starter is not a number in range");
    CHECK(read_stored_fact("draw 3 now", 1).why() == "draw: more than its fields");
    CHECK(read_stored_fact("move 0 1 W3B2", 2).why() ==
          "a fact of format 2, newer than this gobblet reads (1): use a newer gobblet");
    CHECK(read_stored_fact("move 0 1 W3B2", 0).why() == "no fact format 0");
}

TEST_CASE("a database of schema version 7 keeps its facts as format 1 and its games restore",
          "[store][facts]") {
    test::TempDir dir;
    const std::string path = dir / "server.db";
    const MatchSettings settings{{4, Rules::Official}, 1, ClockSettings{}};
    const std::string clock = GameClock::state_text(GameClock(settings.clock).state(0));
    // The rows as the server of version 7 wrote them: a game in play and its facts, the wire's lines.
    const std::vector<std::string> rows = {"move 0 1 W3B2", "away 1 black 4000 30000 claim", "back 2 black",
                                           "move 3 2 K1C3", "resign 4 white"};
    {
        db::Database d = db::Database::open(path, {false, 5000});
        d.prepare_for_writing();
        db::migrate(d, schema_steps().first(7), 0x47625376);
        d.exec(
            R"sql(INSERT INTO games(rules, size, clock, first_to, rated, guest0, guest1, token0, token1, created)
                     VALUES ('official', 4, 'none', 1, 0, 'Nia', 'Eamon', zeroblob(32), zeroblob(32), 1800000000))sql");
        for (std::size_t i = 0; i < rows.size(); ++i)
            d.exec("INSERT INTO game_facts(game_id, seq, fact, clock) VALUES (1, " + std::to_string(i) +
                   ", '" + rows[i] + "', '" + clock + "')");
    }
    Store s = Store::open(path);
    CHECK(s.opened_version() == 7);
    const std::vector<GameRecord> games = s.games().games_in_progress();
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].facts.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        CHECK(games[0].facts[i] == Fact{std::int64_t(i), rows[i], clock, 1});
    }
    // Replayed through the engine as the server rebuilds a game: both moves, Black's absence and return,
    // and White's resignation, which ends the match.
    const Expected<Match> m = match_of(games[0]);
    INFO((m ? "" : m.why()));
    REQUIRE(m);
    CHECK(m->phase() == MatchPhase::Over);
    CHECK(m->score(1) == 1);
    REQUIRE(m->rounds().size() == 1);
    CHECK(transcript_text(m->game().moves()) == "W3B2\nK1C3\n");
    // New facts go on in the store's current format beside the old ones.
    Act touch = act(Act::Kind::Touch, 5);
    touch.square = make_square(0, 0);
    s.games().append_fact(1, 5, fact_format, stored_fact(touch), clock);
    CHECK(s.games().game_record(1)->facts.back() == Fact{5, "touch 5 A1", clock, fact_format});
}

TEST_CASE("a fact keeps the format it was stored in", "[store][facts]") {
    Store s = Store::in_memory();
    const MatchSettings settings{{3, Rules::Rogers}, 1, ClockSettings{}};
    const std::string clock = GameClock::state_text(GameClock(settings.clock).state(0));
    const NewGame g = s.games().create_game(
        settings, {GamePlayer{std::nullopt, "A"}, GamePlayer{std::nullopt, "B"}}, false, 1);
    s.games().append_fact(g.id, 0, 1, "move 0 1 W1A1", clock);
    s.games().append_fact(g.id, 1, 2, "a row of a later format", clock);
    CHECK(s.games().game_record(g.id)->facts ==
          std::vector<Fact>{{0, "move 0 1 W1A1", clock, 1}, {1, "a row of a later format", clock, 2}});
    // Which this program cannot replay, and says so rather than guess.
    const Expected<Match> m = match_of(*s.games().game_record(g.id));
    REQUIRE_FALSE(m);
    CHECK(m.why() ==
          "fact 1 (a row of a later format): a fact of format 2, newer than this gobblet reads (1): use a "
          "newer "
          "gobblet");
    // A format is a number from 1: the store refuses another, as the server's own bug.
    CHECK_THROWS_AS(s.games().append_fact(g.id, 2, 0, "move 2 2 K1B1", clock), std::invalid_argument);
    CHECK(s.games().game_record(g.id)->facts.size() == 2);
}
