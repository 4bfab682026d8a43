// Premoves (issue 33, 21; ui/table.h): a move a player here makes on the other side's turn waits at the
// table, unsent, and is played the moment that player's turn starts, on their own clock; illegal then, it
// is dropped with the engine's reason; Esc cancels it. Against the computer on one table, and in a network
// game between a hosting table and a joining one (table_fixtures.h), on fake clocks: the clocks say exactly
// what each side was charged.
#include "table_fixtures.h"

using namespace gobblet;
using namespace gobblet::test;
using ui::Table;

namespace {

// White (a human here) threatens four in row A; Black, handed to the computer, must put a piece on A4.
// White's clock has just stopped at `at.t`.
void threaten_row_a(At& at) {
    at.play("W1A1 K1D1 W2A2 K2D2 W3A3");
    at.table.set_seat(1, SeatKind::Computer);
}

bool said_error(const Recorder& r, const std::string& text) {
    for (const Recorder::Notice& n : r.notices)
        if (n.text == text) return n.error;
    return false;
}

}  // namespace

TEST_CASE("against the computer a move on its turn waits, and is played at once on the player's own clock",
          "[premove][table]") {
    At at({human, human}, MatchSettings{{}, 1, ClockSettings::fischer(60'000, 2'000)});
    threaten_row_a(at);
    const Millis white_left = at.table.match().clock().time_left(Color::White, at.t);
    const Millis black_left = at.table.match().clock().time_left(Color::Black, at.t);
    at.t += 1'000;
    // X is the premover's stack 1: White's, though Black is to move.
    REQUIRE(at.table.play_human(spec_of("XB2")) == Table::MoveResult::Premoved);
    REQUIRE(at.table.premove());
    CHECK(spec_name(at.table.premove()->spec) == "W1B2");
    CHECK(at.report.last() ==
          "premove W1B2: played as soon as computer (medium) has moved, if it is legal then; Esc cancels it");
    CHECK(at.moves() == "W1A1 K1D1 W2A2 K2D2 W3A3");
    CHECK(at.table.match().clock().running() == Color::Black);
    // The computer takes 4 s of its own time; the premove follows it at the same instant.
    at.t += 3'000;
    REQUIRE(at.turn_until([&] { return at.table.match().game().moves().size() == 7; }));
    const std::string moves = at.moves();
    CHECK(moves.substr(moves.size() - 4) == "W1B2");
    CHECK(at.report.said("White played W1B2 (premove)"));
    CHECK_FALSE(at.table.premove());
    const GameClock& clock = at.table.match().clock();
    CHECK(clock.time_left(Color::Black, at.t) == black_left - 4'000 + 2'000);
    CHECK(clock.time_left(Color::White, at.t) == white_left + 2'000);  // charged nothing, the increment added
    CHECK(clock.running() == Color::Black);
}

TEST_CASE("a premove illegal when its turn comes is dropped with the reason, and touches nothing",
          "[premove][table][touch]") {
    At at({human, human});
    threaten_row_a(at);
    // White's 3 entering on A4 would win; the computer blocks A4 first, and the premove is illegal then.
    REQUIRE(at.table.play_human(spec_of("W1A4")) == Table::MoveResult::Premoved);
    REQUIRE(at.turn_until([&] { return at.table.match().game().moves().size() == 6; }));
    at.turn_until([&] { return !at.table.premove(); });
    CHECK_FALSE(at.table.premove());
    const Game& g = at.table.match().game();
    CHECK(g.side_to_move() == Color::White);
    CHECK(g.moves().size() == 6);
    CHECK_FALSE(g.touched());
    CHECK(at.report.notices.back().error);
    // (The computer's piece on A4: a 4, larger than White's 3, or a smaller one that no entering piece
    // may gobble.)
    const std::string why = at.report.last();
    CHECK(
        (why == "premove W1A4 dropped: A4 holds a larger piece" ||
         why ==
             "premove W1A4 dropped: official rules: a new piece may gobble only a piece in a row of three"));
    // White plays on, any piece.
    at.play("W1B2");
}

TEST_CASE("a premove is cancelled by Esc, replaced by another, and never names the other side's stack",
          "[premove][table]") {
    At at({human, computer});
    at.play("W3B2");
    REQUIRE(at.table.play_human(spec_of("K1C3")) == Table::MoveResult::Refused);
    CHECK(at.report.last() ==
          "K1C3: it is computer (medium)'s turn: press ] to take over Black; a premove moves your own pieces "
          "(White's), and K1 is Black's");
    CHECK_FALSE(at.table.premove());
    REQUIRE(at.table.play_human(spec_of("W1A1")) == Table::MoveResult::Premoved);
    REQUIRE(at.table.play_human(spec_of("W2D4")) == Table::MoveResult::Premoved);
    CHECK(at.report.last().rfind("premove W2D4 (in the place of W1A1): ", 0) == 0);
    CHECK(spec_name(at.table.premove()->spec) == "W2D4");
    CHECK(at.table.cancel_premove());
    CHECK(at.report.last() == "premove W2D4 cancelled");
    CHECK_FALSE(at.table.cancel_premove());  // nothing waits any more
    REQUIRE(at.turn_until([&] { return at.table.match().game().moves().size() == 2; }));
    at.turn_until([&] { return at.table.match().game().moves().size() == 3; });  // (never: nothing waits)
    CHECK(at.table.match().game().moves().size() == 2);
    CHECK(at.table.match().game().side_to_move() == Color::White);
}

TEST_CASE("a premove answers the next move only: a takeback or a seat handed over drops it",
          "[premove][table]") {
    At at({human, computer});
    at.play("W3B2");
    REQUIRE(at.table.play_human(spec_of("W1A1")) == Table::MoveResult::Premoved);
    at.table.take_back();
    CHECK_FALSE(at.table.premove());
    at.play("W3B2");
    REQUIRE(at.table.play_human(spec_of("W1A1")) == Table::MoveResult::Premoved);
    at.table.toggle_computer(Color::Black);  // Black is a human's again: the seats changed
    CHECK_FALSE(at.table.premove());
    // Two humans here: each moves on their own turn, and nobody premoves.
    CHECK_FALSE(at.table.premover());
    at.play("K1C3");
}

TEST_CASE("nobody premoves where no human here waits for the other side: the computers' game, a pause",
          "[premove][table]") {
    At both({computer, computer});
    CHECK_FALSE(both.table.premover());
    At timed({human, computer}, MatchSettings{{}, 1, ClockSettings::fischer(60'000, 0)});
    timed.play("W3B2");
    REQUIRE(timed.table.premover());
    CHECK(*timed.table.premover() == 0);
    timed.table.pause();
    REQUIRE(timed.table.paused());
    CHECK_FALSE(timed.table.premover());
    CHECK(timed.table.play_human(spec_of("W1A1")) == Table::MoveResult::Refused);
    CHECK(timed.report.last() == "the game is paused: press p to resume");
}

// ---------------------------------------------------------------------------------------------------
// A network game: the premove stays at the joiner's table until the host's move arrives

TEST_CASE("a joiner's premove is never sent on the host's turn, and is charged nothing of either clock",
          "[premove][table][net]") {
    Pair p(MatchSettings{{}, 1, ClockSettings::fischer(60'000, 2'000)});
    REQUIRE(p.join("abcd-efgh"));
    REQUIRE(p.until([&] { return p.host.session()->playing() && p.joiner.session()->playing(); }));
    REQUIRE(p.joiner.play_human(spec_of("K1C3")) == Table::MoveResult::Premoved);
    CHECK(p.join_report.last() ==
          "premove K1C3: played as soon as Liam has moved, if it is legal then; Esc cancels it");
    // Nothing crosses: the host's board and what it heard stay as they were.
    const std::size_t host_heard = p.host_report.notices.size();
    for (int i = 0; i < 10; ++i) p.step();
    CHECK(p.host.match().game().moves().empty());
    CHECK(p.host_report.notices.size() == host_heard);
    const GameClock& clock = p.host.match().clock();
    const Millis white_left = clock.time_left(Color::White, p.t);
    const Millis black_left = clock.time_left(Color::Black, p.t);
    // Liam thinks 5 s, then moves: the premove goes the moment his move arrives, at the same instant.
    p.t += 5'000;
    REQUIRE(p.host.play_human(spec_of("W3B2")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] {
        return p.host.match().game().moves().size() == 2 && p.joiner.match().game().moves().size() == 2;
    }));
    CHECK(line_of(p.host.match().game()) == "W3B2 K1C3");
    CHECK_FALSE(p.joiner.premove());
    CHECK(p.join_report.said("K1C3 (premove)"));
    CHECK(p.host.match().clock().time_left(Color::White, p.t) == white_left - 5'000 + 2'000);
    CHECK(p.host.match().clock().time_left(Color::Black, p.t) == black_left + 2'000);
    CHECK(p.host.session()->playing());  // no protocol error: it went in turn
    CHECK(p.joiner.session()->playing());
}

TEST_CASE("a joiner's premove illegal after the host's move is dropped there, said why, and never sent",
          "[premove][table][net]") {
    Pair p;
    REQUIRE(p.join("abcd-efgh"));
    REQUIRE(p.until([&] { return p.host.session()->playing() && p.joiner.session()->playing(); }));
    REQUIRE(p.joiner.play_human(spec_of("K1B2")) == Table::MoveResult::Premoved);
    REQUIRE(p.host.play_human(spec_of("W3B2")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] { return p.joiner.match().game().moves().size() == 1 && !p.joiner.premove(); }));
    CHECK(said_error(p.join_report, "premove K1B2 dropped: B2 holds a piece of the same size"));
    for (int i = 0; i < 10; ++i) p.step();
    CHECK(p.host.match().game().moves().size() == 1);
    CHECK(p.joiner.match().game().side_to_move() == Color::Black);
    CHECK(p.host.session()->playing());
    // The host's premove waits for Eamon's move in the same way.
    REQUIRE(p.host.play_human(spec_of("W1A1")) == Table::MoveResult::Premoved);
    REQUIRE(p.joiner.play_human(spec_of("K1C3")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] { return p.host.match().game().moves().size() == 3; }));
    CHECK(line_of(p.host.match().game()) == "W3B2 K1C3 W1A1");
    CHECK(p.until([&] { return p.host_report.last() == "Liam played W1A1 (premove)"; }));
}
