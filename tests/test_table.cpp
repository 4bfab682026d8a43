// The table (ui/table.h) driven as the game screen drives it, without a terminal: moves, the ends of
// rounds and who chooses the next starter, draw offers (to a player here and to the computer), the clock's
// ticks and flags on a fake clock, the autosave and the archive, and a network game's events between a
// hosting table and a joining one over loopback. What the table says is recorded as the screen would show
// it; its questions are answered as a player's key would.
#include <poll.h>
#include <sys/stat.h>

#include <chrono>
#include <functional>
#include <sstream>
#include <thread>

#include "engine/decisions.h"
#include "saves/record.h"
#include "saves/savefile.h"
#include "support.h"
#include "table_fixtures.h"
#include "table_support.h"
#include "tools/raw_peer.h"
#include "ui/table.h"

using namespace gobblet;
using namespace gobblet::test;
using namespace gobblet::ui;

TEST_CASE("a move made at the table is played, said, followed by the list, and saved", "[table]") {
    At at({named("Liam"), named("Eamon")});
    at.play("W3B2");
    CHECK(at.moves() == "W3B2");
    CHECK(at.report.last() == "Liam played W3B2");
    CHECK(at.report.moves == 1);
    // The autosave holds the match as it stands, players included, and reads back.
    const Expected<std::string> text = saves::read_file(saves::autosave_path());
    REQUIRE(text);
    const Expected<saves::Record, TranscriptError> r = saves::read_record(*text);
    REQUIRE(r);
    CHECK(line_of(r->match.game()) == "W3B2");
    CHECK(r->match.name(0) == "Liam");
    CHECK(r->match.name(1) == "Eamon");
}

TEST_CASE("a move on the computer's turn with nobody here to premove is refused with what to press",
          "[table]") {
    // The computer plays both sides: no human here has a turn to come (a human's opponent premoves:
    // tests/test_premove.cpp).
    At at({computer, computer});
    REQUIRE(at.table.play_human(spec_of("W3B2")) == Table::MoveResult::Refused);
    CHECK(at.report.notices.back().error);
    CHECK(at.report.last().find("turn: press [ to take over White") != std::string::npos);
    CHECK(at.moves() == "");
    CHECK_FALSE(at.table.premove());
}

TEST_CASE("the loser of a round chooses who starts the next, and the starter plays White", "[table][match]") {
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 2, {}});
    at.play(white_wins_row_a);
    CHECK(at.table.match().phase() == MatchPhase::ChoosingStarter);
    CHECK(at.report.rounds_over == 1);
    REQUIRE(at.report.question);
    CHECK(at.report.question->text ==
          "Eamon lost round 1 and chooses who starts round 2 (the starter plays White)");
    CHECK(at.report.keys() == "s o");
    CHECK(at.report.question->default_answer < 0);  // the choice is the loser's: Esc does not make it
    CHECK(at.report.last() == at.report.question->text + ".");

    SECTION("the loser starts") {
        at.report.answer('s');
        CHECK(at.table.match().round_number() == 2);
        CHECK(at.table.match().names_by_colour()[0] == "Eamon");
        CHECK(at.report.last() == "Eamon starts round 2");
    }
    SECTION("the other starts") {
        at.report.answer('o');
        CHECK(at.table.match().round_number() == 2);
        CHECK(at.table.match().names_by_colour()[0] == "Liam");
        CHECK(at.report.last() == "Liam starts round 2");
    }
    // Round 2 is played from the start, and saved so.
    CHECK(at.table.match().phase() == MatchPhase::Playing);
    CHECK(at.table.match().game().moves().empty());
    const Expected<std::string> text = saves::read_file(saves::autosave_path());
    REQUIRE(text);
    CHECK(saves::read_record(*text)->match.round_number() == 2);
}

TEST_CASE("a computer that lost a round chooses by its rule, without a question", "[table][match]") {
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 2, {}});
    at.play("W1A1 K1D1 W2A2 K2D2 W3A3 K3D3");
    at.table.set_seat(1, SeatKind::Computer);  // Black goes to the computer before White's winning move
    at.play("W1A4");
    CHECK_FALSE(at.report.question);
    REQUIRE(at.turn_until([&] { return at.table.match().round_number() == 2; }));
    const int chooser = 1;
    const int starter = starter_after_loss(chooser);
    CHECK(at.table.match().names_by_colour()[0] == at.table.match().name(starter));
    CHECK(at.report.said(at.table.match().name(chooser) + " chose that " + at.table.match().name(starter) +
                         " starts round 2 (and plays White)"));
}

TEST_CASE("one rule says whether a player here may act now, in the sentence the player reads",
          "[table][umpire]") {
    const std::string no_claim =
        "a round is claimed by the player who stayed in a network game whose opponent left and did not come "
        "back";
    SECTION("against the computer, on its turn") {
        At at({human, computer});
        at.play("W3B2");
        const Expected<void> move = at.table.may_act(Intent::Move);
        REQUIRE_FALSE(move);
        CHECK(move.why() == "it is " + at.table.match().name(1) + "'s turn: press ] to take over Black");
        CHECK(at.table.may_act(Intent::Pick).why() == move.why());  // no piece picked up either
        CHECK(at.table.may_act(Intent::OfferDraw));  // the human here offers, whoever is to move
        CHECK(at.table.may_act(Intent::Resign));
        CHECK(at.table.may_act(Intent::Hint));
        CHECK(at.table.may_act(Intent::Claim).why() == no_claim);
        // No clock, and a human plays: nothing to pause; the action says the rule's sentence.
        const Expected<void> pause = at.table.may_act(Intent::Pause);
        CHECK(pause.why() == "pause stops the clocks, or a computer playing itself: there is neither now");
        at.table.pause();
        CHECK(at.report.notices.back().error);
        CHECK(at.report.last() == pause.why());
        CHECK_FALSE(at.table.paused());
        at.table.claim_round();
        CHECK(at.report.last() == no_claim);
    }
    SECTION("two computers playing themselves may be paused") {
        At at({computer, computer});
        CHECK(at.table.may_act(Intent::Pause));
        CHECK(at.table.may_act(Intent::OfferDraw).why() ==
              "a draw can be offered while a round is being played by a human");
        CHECK(at.table.may_act(Intent::Resign).why() ==
              "resigning ends a round in progress played by a human");
        CHECK(at.table.may_act(Intent::Hint).why() == "a hint is for your turn");
    }
    SECTION("a pause of two computers ends when a human takes a seat back; p lifts any pause") {
        At at({human, computer});
        at.table.toggle_computer(Color::White);  // [: the computer plays itself
        at.table.pause();
        REQUIRE(at.table.paused());
        at.table.toggle_computer(Color::White);  // [: White is the human's again
        CHECK(at.report.last() == "computer plays White: off; the pause ends: nothing plays itself now");
        CHECK_FALSE(at.table.paused());
        CHECK(at.table.may_act(Intent::Move));
        at.play("W3B2");
        // With a clock the pause stops something whoever plays: it stands, and p lifts it.
        At timed({human, computer}, MatchSettings{Variant{}, 1, ClockSettings::fischer(60000, 0)});
        timed.table.toggle_computer(Color::White);
        timed.table.pause();
        timed.table.toggle_computer(Color::White);
        CHECK(timed.table.paused());
        CHECK(timed.table.may_act(Intent::Pause));
        timed.table.pause();
        CHECK(timed.report.last() == "resumed");
        CHECK_FALSE(timed.table.paused());
    }
    SECTION("a finished game") {
        At at({named("Liam"), named("Eamon")});
        at.play(white_wins_row_a);
        REQUIRE(at.table.match().phase() == MatchPhase::Over);
        CHECK(at.table.may_act(Intent::Move).why() == "the game is over: n starts a new one, < steps back");
        CHECK(at.table.may_act(Intent::Hint).why() == "the game is over");
        CHECK(at.table.may_act(Intent::OfferDraw).why() ==
              "a draw can be offered while a round is being played by a human");
        CHECK(at.table.may_act(Intent::Resign).why() ==
              "resigning ends a round in progress played by a human");
        // The move's refusal is the rule's sentence, word for word.
        REQUIRE(at.table.play_human(spec_of("K1C3")) == Table::MoveResult::Refused);
        CHECK(at.report.last() == at.table.may_act(Intent::Move).why());
    }
}

TEST_CASE("a draw agreed between two players here: a drawn round is played again", "[table][match]") {
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 2, {}});
    at.play("W3B2 K1C3");
    at.table.offer_draw();
    REQUIRE(at.report.question);
    CHECK(at.report.question->text == "Liam offers a draw: Eamon, do you accept?");
    CHECK(at.report.question->default_answer == 1);  // Esc declines
    SECTION("declined: play goes on") {
        at.report.answer('n');
        CHECK(at.report.last() == "Eamon declines the draw: play goes on");
        CHECK(at.table.match().phase() == MatchPhase::Playing);
        CHECK_FALSE(at.table.match().game().over());
    }
    SECTION("accepted: the round is replayed once a player here says so") {
        at.report.answer('y');
        CHECK(at.table.match().phase() == MatchPhase::Replay);
        CHECK(at.report.rounds_over == 1);
        REQUIRE(at.report.question);
        CHECK(at.report.question->answers.size() == 1);
        CHECK(at.report.question->answers[0].label == "start round 1 again");
        at.report.answer('\n');
        CHECK(at.table.match().phase() == MatchPhase::Playing);
        CHECK(at.table.match().round_number() == 1);
        CHECK(at.table.match().game().moves().empty());
        CHECK(at.report.last() == "round 1 is played again: Liam starts");
    }
}

TEST_CASE("a draw offered to the computer is answered by its rule: it declines a level position",
          "[table][decisions]") {
    At at({named("Liam"), computer});
    at.play("W3B2");
    REQUIRE(at.turn_until([&] { return at.table.match().game().moves().size() == 2; }));  // its reply
    const std::size_t before = at.report.notices.size();
    at.table.offer_draw();
    CHECK(at.report.last().find("Liam offers a draw; ") == 0);
    CHECK(at.report.last().find("is considering it...") != std::string::npos);
    CHECK_FALSE(at.report.question);  // the computer answers, not a player here
    REQUIRE(at.turn_until([&] { return at.report.said("declines"); }));
    CHECK(at.report.last().find("; play goes on") != std::string::npos);
    CHECK_FALSE(at.table.match().game().over());
    CHECK(at.report.notices.size() > before);
}

TEST_CASE("a draw offered to the computer in a lost position is accepted, and the game ends",
          "[table][decisions]") {
    // Black to move loses in 2 plies whatever it does (tests/test_decisions.cpp).
    At at({named("Liam"), computer}, MatchSettings{}, ticking(PlayerSettings{Level::Max, 0.2, 1}));
    Match m;
    m.game() = game_after("W1C2 K1C3 W1B4 K1B2 C2D3 C3D1 W2D4 D1B1 W1C4 B2A3 W3D2");
    at.table.set_match(std::move(m));
    at.table.install_seats({named("Liam"), computer});
    at.table.offer_draw();
    REQUIRE(at.turn_until([&] { return at.table.match().game().over(); }));
    CHECK(at.table.match().game().result().ending == Ending::Agreement);
    CHECK(at.report.said("accepts"));
    // A finished single game goes to the archive, once, and the message says where.
    CHECK(at.report.last().find("The game is over and kept in ") == 0);
    REQUIRE_FALSE(at.table.records().archive_path().empty());
    CHECK(std::filesystem::exists(at.table.records().archive_path()));
    CHECK(at.table.archive_if_over().kind == Kept::Kind::Nothing);
}

TEST_CASE(
    "the clock ticks on the table's time: a turn's time spent comes from the reserve, and a flag "
    "ends the game",
    "[table][clock]") {
    SECTION("Dm: the turn's time ran out, a chunk of the reserve goes") {
        At at({named("Liam"), named("Eamon")},
              MatchSettings{Variant{}, 1, ClockSettings::dm(1000, 5000, 1000)});
        at.play("W3B2");  // the clocks start with White's first move: Eamon's runs
        CHECK(at.table.until_next(at.t, false) >= 0);
        CHECK(at.table.until_next(at.t, false) <= 1000);
        at.t = 1500;
        at.table.take_answers(at.t);
        CHECK(at.report.last().find("Eamon's turn time ran out: ") == 0);
        CHECK(at.report.last().find("taken from the reserve") != std::string::npos);
        CHECK_FALSE(at.table.match().game().over());
    }
    SECTION("Fischer: the flag falls, the game is lost on time") {
        At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 1, ClockSettings::fischer(2000, 0)});
        at.play("W3B2");  // Liam's clock stops, Eamon's runs
        at.t = 1999;
        at.table.take_answers(at.t);
        CHECK_FALSE(at.table.match().game().over());
        at.t = 2001;
        at.table.take_answers(at.t);
        REQUIRE(at.table.match().game().over());
        CHECK(at.table.match().game().result().ending == Ending::Time);
        CHECK(at.report.rounds_over == 1);
        CHECK(at.report.last().find("The game is over") == 0);
    }
    SECTION("paused, the clock does not run, and moves wait") {
        At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 1, ClockSettings::fischer(2000, 0)});
        at.play("W3B2");  // Eamon's clock runs
        at.t = 500;
        at.table.pause();
        CHECK(at.table.paused());
        CHECK(at.report.last() == "paused: the clocks are stopped; p resumes");
        at.t = 10'000;
        at.table.take_answers(at.t);
        CHECK_FALSE(at.table.match().game().over());
        CHECK(at.table.play_human(spec_of("K1C3")) == Table::MoveResult::Refused);
        CHECK(at.report.last() == "the game is paused: press p to resume");
        at.table.pause();
        CHECK(at.report.last() == "resumed");
        CHECK(at.table.match().clock().time_left(Color::Black, at.t) == 1500);
    }
}

TEST_CASE(
    "players who step away (the puzzles over the game) find the clock and the seats as they left "
    "them",
    "[table][clock]") {
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 1, ClockSettings::fischer(60'000, 0)});
    at.play("W3B2");  // the clocks start with White's first move: Eamon's runs
    at.t = 1000;
    at.table.step_away();
    at.t = 30'000;
    at.table.take_answers(at.t);
    CHECK(at.table.match().clock().time_left(Color::Black, at.t) == 59'000);
    at.table.come_back();
    at.t = 31'000;
    CHECK(at.table.match().clock().time_left(Color::Black, at.t) == 58'000);
}

TEST_CASE(
    "a local timed match's clocks start with White's first move, as a server's do, and stop at the "
    "start again",
    "[table][clock]") {
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 2, ClockSettings::fischer(2000, 0)});
    CHECK(at.table.clock_note() == "the clocks start with White's first move");
    at.t = 10'000;  // long past White's whole time: no clock ran
    at.table.take_answers(at.t);
    CHECK_FALSE(at.table.match().game().over());
    CHECK_FALSE(at.table.match().clock().running());
    CHECK(at.table.match().clock().time_left(Color::White, at.t) == 2000);
    at.play("W3B2");
    CHECK(at.table.clock_note() == "");
    CHECK(at.table.match().clock().running() == Color::Black);
    at.t = 11'000;
    CHECK(at.table.match().clock().time_left(Color::Black, at.t) == 1000);
    CHECK(at.table.match().clock().time_left(Color::White, at.t) == 2000);
    // Taken back to the start, no clock runs again until White moves.
    at.table.undo_last();
    CHECK_FALSE(at.table.match().clock().running());
    at.t = 20'000;
    at.table.take_answers(at.t);
    CHECK_FALSE(at.table.match().game().over());
}

TEST_CASE("the table's computers take a new level at once, and a new match is new games to them",
          "[table][seat]") {
    SECTION("the level and the think time reach both computers, and their names follow") {
        At at({computer, computer}, MatchSettings{}, PlayerSettings{Level::Easy, 1, 3});
        CHECK(at.table.seat_view(0).label == level_name(Level::Easy));
        CHECK(at.table.match().name(1) == "computer (easy) #2");
        at.table.set_level(Level::Hard);
        at.table.set_think(2);
        for (int p : {0, 1}) {
            REQUIRE(at.table.seats().seat(p).settings());
            CHECK(at.table.seats().seat(p).settings()->level == Level::Hard);
            CHECK(at.table.seats().seat(p).settings()->think_seconds == 2);
            CHECK(at.table.seat_view(p).label == level_name(Level::Hard));
        }
        CHECK(at.table.match().name(0) == "computer (hard) #1");
    }
    SECTION("each computer knows whom it plays, for its contempt for draws, as the seats change") {
        At at({named("Liam"), computer}, MatchSettings{}, PlayerSettings{Level::Max, 1, 3});
        REQUIRE(at.table.seats().seat(1).settings());
        CHECK(at.table.seats().seat(1).settings()->opponent == Opponent::Human);
        at.table.set_seat(0, SeatKind::Computer);  // Liam hands his side to the computer
        for (int p : {0, 1}) {
            REQUIRE(at.table.seats().seat(p).settings());
            CHECK(at.table.seats().seat(p).settings()->opponent == Opponent::Computer);
        }
        at.table.set_seat(1, SeatKind::Human);
        CHECK(at.table.seats().seat(0).settings()->opponent == Opponent::Human);
    }
    SECTION("a human seat has no level to take") {
        At at({named("Liam"), computer}, MatchSettings{}, PlayerSettings{Level::Easy, 1, 3});
        at.table.set_level(Level::Hard);
        CHECK_FALSE(at.table.seats().seat(0).settings());
        CHECK(at.table.seat_view(0).label.empty());
        CHECK(at.table.seat_view(1).label == level_name(Level::Hard));
    }
    SECTION("a new match (n) is new games to the computers; the same seed replays the first") {
        // The first moves of two easy computers at a table, in its first match or in the one after n.
        const auto opening = [](bool new_match) {
            At at({computer, computer}, MatchSettings{}, PlayerSettings{Level::Easy, 1, 3});
            at.table.set_speed(0);  // no pace to wait for between their moves
            if (new_match) at.table.new_match(Variant{}, false);
            REQUIRE(at.turn_until([&] {
                return at.table.match().game().over() || at.table.match().game().moves().size() >= 16;
            }));
            return at.moves();
        };
        const std::string first = opening(false);
        CHECK(opening(false) == first);
        CHECK(opening(true) != first);
    }
}

TEST_CASE("a takeback against the computer goes back to the human's turn; none while the clock runs",
          "[table]") {
    SECTION("without a clock") {
        At at({named("Liam"), computer});
        at.play("W3B2");
        REQUIRE(at.turn_until([&] { return at.table.match().game().moves().size() == 2; }));
        REQUIRE(at.table.step_allowed());
        const std::vector<std::string> taken = at.table.take_back();
        REQUIRE(taken.size() == 2);  // the computer's reply, then the human's move
        CHECK(taken[1] == "W3B2");
        CHECK(at.table.match().game().moves().empty());
        CHECK(at.table.reviewing());  // the moves can be replayed; the computer waits meanwhile
        at.table.ask_seats(at.t, false);
        CHECK_FALSE(at.table.seats().thinking());
        CHECK(spec_name(MoveSpec::of(at.table.replay_move(), Color::White)) == "W3B2");
    }
    SECTION("under a clock") {
        At at({named("Liam"), named("Eamon")},
              MatchSettings{Variant{}, 1, ClockSettings::fischer(60'000, 0)});
        at.play("W3B2");
        CHECK_FALSE(at.table.step_allowed());
        CHECK(at.table.step_allowed().why() == "takebacks are off while the clock runs");
    }
}

TEST_CASE("a finished match is reviewed over every round, its endings included, never a takeback",
          "[table][review]") {
    // Round 1: Liam wins on the board; round 2: Liam plays White and Eamon resigns after his first
    // move. A DM clock: the review never asks it.
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 2, ClockSettings::dm(120'000, 0, 0)});
    at.play(white_wins_row_a);
    REQUIRE(at.report.question);
    at.report.answer('o');  // Eamon, who lost, lets the other player, Liam, start round 2
    REQUIRE(at.table.match().round_number() == 2);
    at.play("W3B2");
    at.table.resign();
    at.report.answer('y');
    REQUIRE(at.table.match().phase() == MatchPhase::Over);
    const std::string record = at.table.record_text();
    const auto step = [&](Table::Step s) {
        REQUIRE(at.table.review_takes(s));
        const auto r = at.table.review_step(s);
        return r ? *r : "refused: " + r.why();
    };
    CHECK(at.table.may_step(Table::Step::Back));
    CHECK_FALSE(at.table.may_step(Table::Step::Forward));
    // Back from the end: first the resignation (a step of its own), then the moves, then round 1's end.
    CHECK(step(Table::Step::Back) == "at round 2, White's move 1 of 1");
    CHECK_FALSE(at.table.shown().game().over());
    CHECK(step(Table::Step::Back) == "at round 2, the start of 1 move");
    CHECK(step(Table::Step::Forward) == "at round 2, White's move 1 of 1");
    CHECK(step(Table::Step::Start) == "at round 2, the start of 1 move");
    CHECK(step(Table::Step::Back) == "at round 1, White's move 4 of 4");
    CHECK(at.table.shown().round_number() == 1);
    CHECK(at.table.shown().game().over());  // round 1's end, as it ended
    CHECK(step(Table::Step::Start) == "at round 1, the start of 4 moves");
    CHECK(step(Table::Step::Start) == "refused: this is the start of the match");
    CHECK(step(Table::Step::Back) == "refused: nothing to step back to: this is the start of the match");
    CHECK(at.table.reviewing());
    // A move in the review is refused; the match is as it ended.
    CHECK(at.table.play_human(written_moves("W1B1")[0].spec) == Table::MoveResult::Refused);
    CHECK(at.report.last() ==
          "the match is over: this is its review (End goes to its end; n starts a new one)");
    CHECK(at.table.record_text() == record);
    // g goes to a move of the round shown; End to its end, then the next round's, then the match's.
    REQUIRE(at.table.review_takes_go_to());
    CHECK(*at.table.review_go_to(3) == "at round 1, White's move 2 of 4");
    CHECK(at.table.review_go_to(9).why() == "round 1 ends at White's move 4");
    CHECK(step(Table::Step::End) == "at round 1, White's move 4 of 4");
    CHECK(step(Table::Step::Forward) == "at round 2, the start of 1 move");
    CHECK(step(Table::Step::End) == "the end of the match");
    CHECK_FALSE(at.table.review().open());
    CHECK(at.table.shown().game().result().ending == Ending::Resignation);
    CHECK(at.table.record_text() == record);
}

TEST_CASE("a match in progress steps back from the start of its round into the rounds before",
          "[table][review]") {
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 2, {}});
    at.play(white_wins_row_a);
    at.report.answer('s');  // Eamon starts round 2
    REQUIRE(at.table.match().phase() == MatchPhase::Playing);
    CHECK(at.table.may_step(Table::Step::Back));
    CHECK_FALSE(at.table.review_takes(Table::Step::Forward));  // the game's own stepping
    REQUIRE(at.table.review_takes(Table::Step::Back));
    CHECK(*at.table.review_step(Table::Step::Back) == "at round 1, White's move 4 of 4");
    CHECK(at.table.play_human(written_moves("W1B1")[0].spec) == Table::MoveResult::Refused);
    CHECK(at.report.last() == "this is a review of an earlier round: End goes back to round 2, in play");
    REQUIRE(at.table.review_takes(Table::Step::End));
    CHECK(*at.table.review_step(Table::Step::End) == "back to round 2, in play");
    CHECK_FALSE(at.table.review().open());
    at.play("W3B2");  // play goes on
}

// ---------------------------------------------------------------------------------------------------
// A network game: a hosting table and a joining table over loopback (table_fixtures.h's Pair)

TEST_CASE("a network game at two tables: the joiner's follows the host's moves, offers and answers",
          "[table][net]") {
    Pair p;
    const Expected<void> joined = p.join("abcd-efgh");
    INFO(joined.why());
    REQUIRE(joined);
    CHECK(p.join_report.last() ==
          "connecting to 127.0.0.1:" + std::to_string(p.host.session()->port()) + "...");
    REQUIRE(p.until(
        [&] { return p.host.session()->playing() && p.joiner.welcomed() && p.joiner.session()->playing(); }));
    REQUIRE(p.until([&] { return p.join_report.said("you play Black"); }));
    CHECK(p.host_report.said("Eamon is here"));
    // The seats follow the session: on the joiner's table the host is remote, the joiner a human here.
    CHECK(p.joiner.seats().seat(0).kind() == SeatKind::Remote);
    CHECK(p.joiner.seats().seat(1).kind() == SeatKind::Human);
    CHECK(p.joiner.match().name(0) == "Liam");

    // A move at the host's table reaches the joiner's match (and its move list); the joiner's on Liam's
    // turn waits as a premove (tests/test_premove.cpp), here cancelled.
    REQUIRE(p.joiner.play_human(spec_of("K1C3")) == Table::MoveResult::Premoved);
    CHECK(p.joiner.cancel_premove());
    CHECK(p.join_report.last() == "premove K1C3 cancelled");
    REQUIRE(p.host.play_human(spec_of("W3B2")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] { return p.joiner.match().game().moves().size() == 1; }));
    CHECK(line_of(p.joiner.match().game()) == "W3B2");
    CHECK(p.join_report.moves == 1);
    REQUIRE(
        p.until([&] { return p.host.match().game().moves().size() == 1; }));  // the host's own, as an event

    // The joiner offers a draw: it stands at the host's table without a question (issue 25); Esc there
    // declines it.
    p.joiner.offer_draw();
    CHECK(p.join_report.last() == "offered Liam a draw");
    REQUIRE(p.until([&] { return p.host.standing_offer().has_value(); }));
    CHECK_FALSE(p.host_report.question);
    CHECK(p.host_report.last() == "Eamon offers a draw: = agrees, Esc declines; your move declines it too");
    CHECK(p.host.offer_note() == "Eamon offers a draw: = agrees, Esc declines");
    p.joiner.offer_draw();  // one at a time
    CHECK(p.join_report.notices.back().error);
    CHECK(p.join_report.last() == "your offer of a draw waits for Liam's answer");
    REQUIRE(p.host.decline_offer());
    CHECK(p.host_report.last() == "you declined Eamon's offer of a draw");
    CHECK_FALSE(p.host.decline_offer());  // nothing stands any more
    REQUIRE(p.until([&] { return p.join_report.said("Liam declined your offer of a draw"); }));
    // The same offer again only once each side has moved.
    p.joiner.offer_draw();
    CHECK(p.join_report.last() ==
          "you offered a draw already: you may offer it again once Liam and you have each moved");
    const auto move = [&](Table& t, const char* m, std::size_t n) {
        REQUIRE(t.play_human(spec_of(m)) == Table::MoveResult::Sent);
        REQUIRE(p.until([&] {
            return p.host.match().game().moves().size() == n && p.joiner.match().game().moves().size() == n;
        }));
    };
    move(p.joiner, "K1C3", 2);
    move(p.host, "W1A1", 3);
    p.joiner.offer_draw();
    REQUIRE(p.until([&] { return p.host.standing_offer().has_value(); }));
    move(p.joiner, "K1D4", 4);
    CHECK(p.host.standing_offer() == net::OfferKind::Draw);  // the offerer's own move leaves it standing
    move(p.host, "W2A2", 5);                                 // a move declines it
    CHECK_FALSE(p.host.standing_offer());
    REQUIRE(p.until([&] { return p.join_report.said("your offer of a draw lapsed"); }));
    p.joiner.offer_draw();  // each has moved since it was made (K1D4, W2A2): it may come again
    REQUIRE(p.until([&] { return p.host.standing_offer().has_value(); }));
    p.host.offer_draw();  // = agrees to the offer that stands
    REQUIRE(p.until([&] { return p.host.match().game().over() && p.joiner.match().game().over(); }));
    CHECK(p.joiner.match().game().result().ending == Ending::Agreement);
    CHECK(p.host_report.rounds_over == 1);
    CHECK(p.join_report.rounds_over == 1);

    // The host leaves the finished game: nothing to come back to, so no reconnection is offered.
    p.host.leave();
    REQUIRE(p.until([&] { return p.join_report.said("The game is over: q quits"); }));
    CHECK_FALSE(p.join_report.question.has_value());
}

TEST_CASE(
    "over the network the loser's choice of who starts is timed, and both tables say so; locally it waits",
    "[table][net][match]") {
    Pair p(MatchSettings{Variant{}, 2, {}});
    REQUIRE(p.join("abcd-efgh"));
    REQUIRE(p.until([&] { return p.host.session()->playing() && p.joiner.session()->playing(); }));
    // Liam (the host, White) wins round 1: Eamon, at the joining table, chooses.
    std::istringstream moves(white_wins_row_a);
    std::size_t n = 0;
    for (std::string m; moves >> m;) {
        Table& mover = n % 2 == 0 ? p.host : p.joiner;
        REQUIRE(mover.play_human(spec_of(m)) == Table::MoveResult::Sent);
        ++n;
        REQUIRE(p.until([&] {
            return p.host.match().game().moves().size() == n && p.joiner.match().game().moves().size() == n;
        }));
    }
    REQUIRE(p.until(
        [&] { return p.joiner.match().phase() == MatchPhase::ChoosingStarter && p.join_report.question; }));
    const std::string limit =
        "; in " + std::to_string(starter_choice_time / 1000) + " s the rule decides: Eamon starts";
    CHECK(p.join_report.question->text ==
          "Eamon lost round 1 and chooses who starts round 2 (the starter plays White)" + limit);
    CHECK(p.join_report.question->help.find("Over the network the choice has 30 s") != std::string::npos);
    REQUIRE(p.until([&] { return p.host_report.said("Eamon chooses who starts round 2" + limit); }));
    CHECK_FALSE(p.host_report.question);

    // At a local table the loser's choice waits: nothing says a limit.
    At at({named("Liam"), named("Eamon")}, MatchSettings{Variant{}, 2, {}});
    at.play(white_wins_row_a);
    REQUIRE(at.report.question);
    CHECK(at.report.question->text ==
          "Eamon lost round 1 and chooses who starts round 2 (the starter plays White)");
    CHECK(at.report.question->help.find("There is no default: the choice is Eamon's.") != std::string::npos);
}

TEST_CASE("in a network game the rule of acting now asks the link: the connection, whose side, the host",
          "[table][net][umpire]") {
    Pair p(MatchSettings{}, true);  // the host's terms allow the computer's help
    // Nobody has joined: the host may not move, offer or claim yet, and says how to join.
    const Expected<void> early = p.host.may_act(Intent::Move);
    REQUIRE_FALSE(early);
    CHECK(early.why().find("nobody has joined yet: they join with --join 127.0.0.1:") == 0);
    CHECK(p.host.may_act(Intent::Pick));  // a piece may be picked up; the move waits for the other player
    CHECK_FALSE(p.host.may_act(Intent::OfferDraw));
    CHECK_FALSE(p.host.may_act(Intent::Resign));
    CHECK(p.host.may_act(Intent::Claim).why() ==
          "a round is claimed by the player who stayed in a network game whose opponent left and did not "
          "come back");
    REQUIRE(p.join("abcd-efgh"));
    REQUIRE(p.until(
        [&] { return p.host.session()->playing() && p.joiner.welcomed() && p.joiner.session()->playing(); }));
    // Liam (the host) is to move: the joiner may offer and resign, but not move nor ask for a hint.
    CHECK(p.host.may_act(Intent::Move));
    CHECK(p.host.may_act(Intent::Hint));
    CHECK(p.joiner.may_act(Intent::Move).why() == "it is Liam's turn, across the network");
    CHECK(p.joiner.may_act(Intent::Pick).why() == "it is Liam's turn, across the network");
    CHECK(p.joiner.may_act(Intent::Hint).why() == "a hint is for your turn");
    CHECK(p.joiner.may_act(Intent::OfferDraw));
    CHECK(p.joiner.may_act(Intent::Resign));
    CHECK_FALSE(p.joiner.may_act(Intent::Pause));  // no clock to pause
    // Takebacks are by agreement: the table does not step back itself, and < asks the other player.
    CHECK(p.joiner.step_allowed().why() ==
          "in a network game moves are taken back by agreement: < asks the other player");
    CHECK_FALSE(p.joiner.may_step(Table::Step::Back));
    REQUIRE(p.host.play_human(spec_of("W3B2")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] { return p.joiner.match().game().moves().size() == 1; }));
    CHECK(p.joiner.request_takeback());
    CHECK(p.join_report.notices.back().error);  // said by the session, which checks for itself
    CHECK(p.join_report.last() == "there is no move of yours to take back in this round");
    // A seat across the network is not this side's to hand to the computer.
    p.joiner.toggle_computer(Color::White);
    CHECK(p.join_report.notices.back().error);
    CHECK(p.join_report.last() ==
          "White is Liam's, across the network: only your own side can go to the computer");
    CHECK(p.joiner.seats().seat(0).kind() == SeatKind::Remote);
}

TEST_CASE("a host that turns connections away does not write its autosave for each of them", "[table][net]") {
    // A stranger knocking with wrong codes changes nothing the autosave keeps: writing (and flushing)
    // the whole file for each would let anyone make the host's disk work for every line they send.
    Pair p;
    REQUIRE(p.join("abcd-efgh"));
    REQUIRE(p.until([&] { return p.host.session()->playing() && p.joiner.welcomed(); }));
    REQUIRE(p.host.play_human(spec_of("W3B2")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] { return p.joiner.match().game().moves().size() == 1; }));
    const auto path =
        p.host.records().autosave_path();  // its own slot (saves/autosave.h): the joiner has another
    REQUIRE_FALSE(path.empty());
    struct stat before {};
    REQUIRE(::stat(path.c_str(), &before) == 0);  // written in its place: a new file (inode) each time
    for (int i = 0; i < 20; ++i) {
        RawPeer knock;
        REQUIRE(knock.connect(net::Endpoint{"127.0.0.1", p.host.session()->port()}, 5000, "127.0.0.2"));
        knock.say("hello gobblet 2 WXYZ" + std::to_string(10 + i) + " new Mallory\n");
        REQUIRE(p.until([&] {
            pollfd fd{knock.fd(), knock.events(), 0};
            ::poll(&fd, 1, 0);
            knock.on_poll(fd.revents);
            return knock.closed_by_peer();
        }));
    }
    CHECK(p.host_report.said("was turned away"));
    struct stat after {};
    REQUIRE(::stat(path.c_str(), &after) == 0);
    CHECK(after.st_ino == before.st_ino);
    // A move is something it keeps: the next one is written.
    REQUIRE(p.joiner.play_human(spec_of("K1C3")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] { return p.host.match().game().moves().size() == 2; }));
    struct stat moved {};
    REQUIRE(::stat(path.c_str(), &moved) == 0);
    CHECK(moved.st_ino != before.st_ino);
}

TEST_CASE("a join the host refuses is reported as failed, with the host's reason", "[table][net]") {
    Pair p;
    const Expected<void> sent = p.join("ZZZZ-ZZZZ");  // sent: the host decides
    INFO(sent.why());
    REQUIRE(sent);
    REQUIRE(p.until([&] { return !p.join_report.failed.empty(); }));
    CHECK(p.join_report.failed.find("code") != std::string::npos);
    CHECK_FALSE(p.joiner.welcomed());
}

// ---------------------------------------------------------------------------------------------------
// The engine's help: one rule (ui/engine_help.h), asked by every key that asks the engine

TEST_CASE("one rule for the engine's help: what each kind of game allows now, and why not", "[table][help]") {
    const Help all[] = {Help::ComputerSeat, Help::Hint, Help::Analysis, Help::Coach, Help::Review};
    const HelpGame server{HelpGame::Kind::Server};
    for (Help h : all) CHECK_FALSE(help_allowed(server, h));
    CHECK(help_allowed(server, Help::ComputerSeat).why() ==
          "no computer plays for you in a game on a server while it is played: it is won at the board "
          "(computers play there as bot accounts); the review after it has it all");
    CHECK(help_allowed(server, Help::Hint).why().starts_with("no hint in a game on a server"));
    const HelpGame watching{HelpGame::Kind::Spectator};
    CHECK(help_allowed(watching, Help::Analysis).why() ==
          "no analysis while the game is live: the review after it has it all");
    CHECK_FALSE(help_allowed(watching, Help::Review));
    const HelpGame peer{HelpGame::Kind::Peer};
    CHECK(help_allowed(peer, Help::Hint).why() ==
          "no hint in this network game while it is played: the host's terms allow no engine help "
          "(--allow-help would)");
    for (Help h : all) {
        CHECK(help_allowed(HelpGame{HelpGame::Kind::Peer, true}, h));  // the host allowed it
        HelpGame over = server;
        over.over = true;  // the review after the game has it all
        CHECK(help_allowed(over, h));
        over.kind = HelpGame::Kind::Spectator;
        CHECK(help_allowed(over, h));
        CHECK(help_allowed(HelpGame{}, h));  // a local game without a clock: all of it
    }
    CHECK(
        help_note(server).starts_with("No engine help (a computer on your seat, hints, analysis) in a game"));
    CHECK(help_note(HelpGame{}) == "");
}

// Issue 26, 10: in a timed local match i was refused but ! gave "hint: K1D4".
TEST_CASE("a timed local match has the hint and the analysis by the same rule: on before the first move",
          "[table][help]") {
    const MatchSettings timed{Variant{}, 1, ClockSettings::fischer(60'000, 0)};
    SECTION("not switched on: both refused once play has started, in the same words") {
        At at({named("Liam"), named("Eamon")}, timed);
        CHECK(at.table.help(Help::Hint));
        at.play("W3B2");
        CHECK_FALSE(at.table.help(Help::Hint));
        CHECK_FALSE(at.table.help(Help::Analysis));
        CHECK_FALSE(at.table.help(Help::Coach));
        CHECK(at.table.help(Help::Hint).why() ==
              "no hint in a timed match once play has started: the engine's help (i or !) is switched on "
              "before the first move, and then stays on offer for both players");
        CHECK(at.table.help(Help::Analysis).why().starts_with("no analysis in a timed match once play"));
        CHECK(at.table.help(Help::ComputerSeat));  // a local game hands a side to the computer as ever
        at.table.grant_help();                     // too late: play has started
        CHECK_FALSE(at.table.help(Help::Hint));
    }
    SECTION("switched on before the first move: both on offer for the whole match, for both players") {
        At at({named("Liam"), named("Eamon")}, timed);
        at.table.grant_help();
        at.play("W3B2 K1C3");
        CHECK(at.table.help(Help::Hint));
        CHECK(at.table.help(Help::Analysis));
        at.table.new_match(Variant{}, false);  // a new match decides again
        at.play("W3B2");
        CHECK_FALSE(at.table.help(Help::Hint));
    }
    SECTION("without a clock: all of it, always") {
        At at({named("Liam"), named("Eamon")});
        at.play("W3B2 K1C3");
        CHECK(at.table.help(Help::Hint));
        CHECK(at.table.help(Help::Analysis));
    }
}

TEST_CASE("the engine's help in a network game is the host's to allow, for both sides",
          "[table][net][help]") {
    SECTION("without --allow-help: the computer's seat is refused on both tables, with the reason") {
        Pair p;
        REQUIRE(p.join("abcd-efgh"));
        REQUIRE(p.until([&] { return p.host.session()->playing() && p.joiner.session()->playing(); }));
        p.joiner.toggle_computer(Color::Black);
        CHECK(p.join_report.notices.back().error);
        CHECK(p.join_report.last() ==
              "no computer plays for you in this network game while it is played: the host's terms allow no "
              "engine help (--allow-help would)");
        CHECK(p.joiner.seats().seat(1).kind() == SeatKind::Human);
        p.host.toggle_computer(Color::White);
        CHECK(p.host_report.last().starts_with("no computer plays for you in this network game"));
        CHECK(p.host.seats().seat(0).kind() == SeatKind::Human);
        for (Table* t : {&p.host, &p.joiner}) {
            CHECK_FALSE(t->help(Help::Hint));
            CHECK_FALSE(t->help(Help::Analysis));
            CHECK_FALSE(t->help(Help::Review));
        }
        // Once the match is over its review has everything.
        p.host.resign();
        REQUIRE(p.host_report.question);
        p.host_report.answer('y');
        REQUIRE(p.until([&] { return p.joiner.match().phase() == MatchPhase::Over; }));
        CHECK(p.joiner.help(Help::Analysis));
        CHECK(p.host.help(Help::Review));
    }
    SECTION("with --allow-help: the joiner's computer plays for it, and the host is told") {
        Pair p({}, true);
        REQUIRE(p.join("abcd-efgh"));
        REQUIRE(p.until([&] { return p.host.session()->playing() && p.joiner.session()->playing(); }));
        CHECK(p.joiner.help(Help::Hint));
        p.joiner.toggle_computer(Color::Black);
        CHECK(p.joiner.seats().seat(1).kind() == SeatKind::Computer);
        REQUIRE(p.until([&] { return p.host_report.said("Eamon handed their seat to their computer"); }));
    }
}

// Issue 25, 2: the player who stayed moves on their own turn during the other's grace; the clocks stand,
// and no "PAUSED" says that p could lift it (the screen says why the clocks stand instead).
TEST_CASE("during the other player's grace the host's table plays on, and nothing says PAUSED",
          "[table][net][absence]") {
    Pair p(MatchSettings{{}, 1, ClockSettings::fischer(60'000, 0)});
    REQUIRE(p.join("abcd-efgh"));
    REQUIRE(p.until([&] { return p.host.session()->playing() && p.joiner.session()->playing(); }));
    p.joiner.leave();
    REQUIRE(
        p.until([&] { return p.host.session()->absence(p.host.session()->remote_player()).has_value(); }));
    CHECK(p.host.clock_note() == "the clocks stand for what is left of Eamon's grace");
    CHECK_FALSE(p.host.paused());
    REQUIRE(p.host.play_human(spec_of("W3B2")) == Table::MoveResult::Sent);
    REQUIRE(p.until([&] { return p.host.match().game().moves().size() == 1; }));
    CHECK_FALSE(p.host.paused());
    CHECK(p.host.match().clock().paused());  // Eamon's turn, and what is left of his grace holds it
    CHECK(p.host.clock_note() == "the clocks stand for what is left of Eamon's grace");
}
