// A local table's umpire (ui/umpire.h) on its own: each request decided on the match at once, and its
// ruling (what to say, and whether the match changed) as the table then shows and follows it.
#include "support.h"
#include "ui/umpire.h"

using namespace gobblet;
using namespace gobblet::test;
using namespace gobblet::ui;

namespace {

// A match between Liam (White in round 1) and Eamon, and its umpire on a fake clock.
struct Umpired {
    Millis t = 0;
    Match match;
    LocalUmpire umpire;
    explicit Umpired(MatchSettings settings = {})
        : match(settings, {"Liam", "Eamon"}), umpire(match, [this] { return t; }) {
        match.start_clock(t);
    }
    void play(const std::string& moves) {
        for (const WrittenMove& w : written_moves(moves)) {
            const Reply r = umpire.move_here(w.spec);
            INFO(spec_name(w.spec) << ": " << (r.said.empty() ? "" : r.said[0].text));
            REQUIRE(r.kind == Reply::Kind::Made);
        }
    }
};

MoveSpec one(const std::string& move) { return spec_of(move); }

// The notices of a ruling, one a line, errors marked "!".
std::string said(const Reply& r) {
    std::string out;
    for (const Notice& n : r.said) out += (n.error ? "!" : "") + n.text + "\n";
    return out;
}

}  // namespace

TEST_CASE("a local umpire plays a move here at once, and refuses one that breaks the rules with why",
          "[umpire]") {
    Umpired u;
    const Reply played = u.umpire.move_here(one("W3B2"));
    CHECK(played.kind == Reply::Kind::Made);
    CHECK(played.changed);
    CHECK(played.moved);
    CHECK(said(played) == "Liam played W3B2\n");
    CHECK(u.match.game().moves().size() == 1);

    const Reply refused = u.umpire.move_here(one("K1B2"));  // onto a bigger piece
    CHECK(refused.kind == Reply::Kind::Refused);
    CHECK_FALSE(refused.changed);
    REQUIRE(refused.said.size() == 1);
    CHECK(refused.said[0].error);
    CHECK(refused.said[0].text.find("K1B2: ") == 0);
    CHECK(u.match.game().moves().size() == 1);

    // The touch rule: a piece on the board picked up must be the piece moved.
    u.play("K1C3");
    const Reply touched = u.umpire.touch(make_square(1, 1));
    CHECK(touched.kind == Reply::Kind::Made);
    CHECK(touched.said.empty());
    const Reply other = u.umpire.move_here(one("W3A1"));
    CHECK(other.kind == Reply::Kind::Refused);
    REQUIRE(other.said.size() == 1);
    CHECK(other.said[0].error);
    CHECK(other.said[0].text.find("W3A1: ") == 0);
    CHECK(other.said[0].text.find("B2") != std::string::npos);  // names the touched piece
    // Touching the other side's piece is refused, and changes nothing.
    const Reply theirs = u.umpire.touch(make_square(2, 2));
    CHECK(theirs.kind == Reply::Kind::Refused);
    CHECK_FALSE(theirs.changed);
    CHECK(said(theirs).find("!") == 0);
}

TEST_CASE("a computer's move is said with its reason; a flag that fell first ends the game instead",
          "[umpire][clock]") {
    Umpired u(MatchSettings{Variant{}, 1, ClockSettings::fischer(2000, 0)});
    const Reply r = u.umpire.computer_move(one("W3B2"), "it takes the centre");
    CHECK(r.kind == Reply::Kind::Made);
    CHECK(r.moved);
    CHECK(said(r) == "Liam played W3B2: it takes the centre\n");

    u.t = 5000;  // Eamon's two seconds are long gone
    const Reply late = u.umpire.computer_move(one("K1C3"), "");
    CHECK(late.changed);
    CHECK_FALSE(late.moved);
    CHECK(late.said.empty());
    REQUIRE(u.match.game().over());
    CHECK(u.match.game().result().ending == Ending::Time);
}

TEST_CASE(
    "a local umpire decides the ends of rounds: the starter chosen, a drawn round again, a draw answered",
    "[umpire][match]") {
    Umpired u(MatchSettings{Variant{}, 2, {}});
    CHECK(u.umpire.decides_rounds());
    CHECK(u.umpire.runs_clock());
    CHECK(u.umpire.ready_for_move());
    CHECK(u.umpire.moves_allowed());
    CHECK(u.umpire.until_next(0) == -1);

    SECTION("the loser chooses who starts the next round") {
        u.play("W1A1 K1D1 W2A2 K2D2 W3A3 K3D3 W1A4");
        REQUIRE(u.match.phase() == MatchPhase::ChoosingStarter);
        const Reply r = u.umpire.choose_starter(1);
        CHECK(r.changed);
        CHECK(said(r) == "Eamon starts round 2\n");
        CHECK(u.match.names_by_colour()[0] == "Eamon");
    }
    SECTION("a draw declined changes nothing; accepted, the round is played again") {
        u.play("W3B2");
        const Reply no = u.umpire.answer_draw(1, false, "");
        CHECK_FALSE(no.changed);
        CHECK(said(no) == "Eamon declines the draw; play goes on\n");
        const Reply yes = u.umpire.answer_draw(1, true, "accepts: the position is level");
        CHECK(yes.changed);
        CHECK(said(yes) == "Eamon accepts: the position is level\n");
        REQUIRE(u.match.phase() == MatchPhase::Replay);
        const Reply again = u.umpire.replay();
        CHECK(again.changed);
        CHECK(said(again) == "round 1 is played again: Liam starts\n");
        CHECK(u.match.game().moves().empty());
    }
    SECTION("a resignation ends the round for the other") {
        u.play("W3B2");
        const Reply r = u.umpire.resign(0);
        CHECK(r.changed);
        CHECK(r.said.empty());  // the round's end says it
        CHECK(u.match.game().over());
        CHECK(u.match.game().result().ending == Ending::Resignation);
    }
}
