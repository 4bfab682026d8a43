// The match model of the tournament rules (docs/rules.md, "Matches"), one case per clause, with a fake
// clock: times are plain numbers.
#include "engine/match.h"

#include "engine/notation.h"
#include "engine/text.h"

#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {
constexpr Millis s = 1000;
constexpr Color W = Color::White, B = Color::Black;

// White makes four in a row on row A while Black plays along row D.
const char* white_wins = "W1A1\nK1D1\nW1A2\nK1D2\nW1A3\nK2C4\nW2A4\n";

// Plays a transcript into the match's current round at time `now`, one move a second.
Millis play_all(Match& m, const std::string& text, Millis now) {
    for (const WrittenMove& w : written_moves(text)) {
        now += s;
        INFO(w.written);
        REQUIRE(m.play(w.spec, now));
    }
    return now;
}

MatchSettings first_to(int n, ClockSettings clock = {}) { return MatchSettings{Variant{}, n, clock}; }
}  // namespace

TEST_CASE("a single game is a match to one win", "[match]") {
    Match m(first_to(1), {"Liam", "Eamon"});
    CHECK(m.single_game());
    play_all(m, white_wins, 0);
    CHECK(m.phase() == MatchPhase::Over);
    CHECK(m.winner() == 0);
    CHECK(m.round_result_text() == "Liam wins: four in a row on row A");
    CHECK(m.match_result_text() == "Liam wins: four in a row on row A");
}

TEST_CASE("a single game ends with a draw", "[match]") {
    Match m(first_to(1), {"Liam", "Eamon"});
    m.agree_draw(0);
    CHECK(m.phase() == MatchPhase::Over);
    CHECK_FALSE(m.winner());
    CHECK(m.round_result_text() == "Draw: agreed by both players");
}

TEST_CASE("first to 2: the match ends when a player has two round wins", "[match]") {
    Match m(first_to(2), {"Liam", "Eamon"});
    play_all(m, white_wins, 0);
    CHECK(m.round_result_text() == "Liam wins the round: four in a row on row A");
    CHECK(m.phase() == MatchPhase::ChoosingStarter);
    CHECK(m.score_text() == "Liam 1 - 0 Eamon");
    m.choose_starter(0, 100 * s);  // Eamon, who lost, lets Liam start again
    CHECK(m.round_number() == 2);
    CHECK(m.player_of(W) == 0);
    play_all(m, white_wins, 100 * s);
    CHECK(m.phase() == MatchPhase::Over);
    CHECK(m.winner() == 0);
    CHECK(m.match_result_text() == "Liam wins the match 2-0");
}

TEST_CASE("the loser of a round chooses who starts the next", "[match]") {
    Match m(first_to(2), {"Liam", "Eamon"});
    play_all(m, white_wins, 0);
    CHECK(m.chooser() == 1);  // Eamon lost round 1
    m.choose_starter(1, 10 * s);
    CHECK(m.round_number() == 2);
    CHECK(m.player_of(W) == 1);  // Eamon starts, as White
    CHECK(m.names_by_colour() == SideNames{"Eamon", "Liam"});
    play_all(m, white_wins, 10 * s);  // Eamon (White) wins round 2
    CHECK(m.round_result_text() == "Eamon wins the round: four in a row on row A");
    CHECK(m.score_text() == "Liam 1 - 1 Eamon");
    CHECK(m.chooser() == 0);  // now Liam chooses
    m.choose_starter(1, 20 * s);
    CHECK(m.round_number() == 3);
    CHECK(m.player_of(B) == 0);
}

TEST_CASE("an agreed stalemate resets the round with the same starter and score", "[match]") {
    Match m(first_to(2), {"Liam", "Eamon"});
    play_all(m, white_wins, 0);
    m.choose_starter(1, 10 * s);
    play_all(m, "W1A1\nK1D4\n", 10 * s);
    m.agree_draw(20 * s);
    CHECK(m.phase() == MatchPhase::Replay);
    CHECK(m.round_result_text() == "Draw: agreed by both players; round 2 is played again");
    CHECK(m.score(0) == 1);
    CHECK(m.score(1) == 0);
    m.next_round(30 * s);
    CHECK(m.round_number() == 2);
    CHECK(m.player_of(W) == 1);
    CHECK(m.game().moves().empty());
    CHECK(m.score_text() == "Liam 1 - 0 Eamon");
    CHECK(m.rounds().size() == 3);
}

TEST_CASE("threefold repetition resets the round too", "[match]") {
    Match m(first_to(2), {"Liam", "Eamon"});
    play_all(m, "W1A1\nK1D4\nA1A2\nD4D3\nA2A1\nD3D4\nA1A2\nD4D3\nA2A1\nD3D4\n", 0);
    CHECK(m.game().result().ending == Ending::Repetition);
    CHECK(m.phase() == MatchPhase::Replay);
    m.next_round(100 * s);
    CHECK(m.round_number() == 1);
    CHECK(m.player_of(W) == 0);
}

TEST_CASE("both lines made on a turn: the turn player loses the round", "[match]") {
    Match m(first_to(2), {"Liam", "Eamon"});
    play_all(m, "W1A1\nK1D1\nW1A2\nK1D2\nW2A3\nK1D4\nW3D4\nK1D3\nD4A4\n", 0);
    CHECK(m.game().result().ending == Ending::BothLines);
    CHECK(m.score_text() == "Liam 0 - 1 Eamon");
    CHECK(m.chooser() == 0);
    CHECK(m.round_result_text() ==
          "Eamon wins the round: Liam's move made four in a row on row A but uncovered Eamon's on row D, and "
          "the mover loses");
}

TEST_CASE("DM clock in a match: overrun with an empty reserve forfeits the round", "[match][dm]") {
    Match m(first_to(2, ClockSettings::dm(2 * s, 1 * s, 1 * s)), {"Liam", "Eamon"});
    m.start_clock(0);
    CHECK(m.play(MoveSpec::stack_of(W, 0, 0), 1 * s));  // Liam in time
    CHECK(m.clock().running() == B);
    CHECK(m.tick(3 * s).chunks == 1);  // Eamon takes his only chunk
    CHECK(m.clock().reserve_left(B) == 0);
    const ClockUpdate u = m.tick(4 * s);
    CHECK(u.flagged == B);
    CHECK(m.game().result().ending == Ending::Time);
    CHECK(m.round_result_text() == "Eamon ran out of time with no reserve left: Liam wins the round");
    CHECK(m.score_text() == "Liam 1 - 0 Eamon");
    CHECK_FALSE(m.clock().running());
}

TEST_CASE("a move after the flag fell is refused and the round is lost", "[match][dm]") {
    Match m(first_to(2, ClockSettings::dm(2 * s, 0, 1 * s)), {"Liam", "Eamon"});
    m.start_clock(0);
    const Expected<void> played = m.play(MoveSpec::stack_of(W, 0, 0), 2500);
    CHECK_FALSE(played);
    CHECK(played.why() == "too late: Liam ran out of time with no reserve left: Eamon wins the round");
    CHECK(m.game().moves().empty());
    CHECK(m.score(1) == 1);
}

TEST_CASE("the DM reserve carries over to the next round", "[match][dm]") {
    Match m(first_to(2, ClockSettings::dm(2 * s, 5 * s, 1 * s)), {"Liam", "Eamon"});
    m.start_clock(0);
    // Liam's first move takes 2.5 s: one chunk from his reserve.
    CHECK(m.play(MoveSpec::stack_of(W, 0, 0), 2500));
    CHECK(m.clock().reserve_left(W) == 4 * s);
    play_all(m, "K1D1\nW1A2\nK1D2\nW1A3\nK2C4\nW2A4\n", 2500);
    REQUIRE(m.phase() == MatchPhase::ChoosingStarter);
    m.choose_starter(0, 100 * s);
    CHECK(m.clock().reserve_left(W) == 4 * s);
    CHECK(m.clock().reserve_left(B) == 5 * s);
    CHECK(m.clock().running() == W);
    CHECK(m.clock().time_left(W, 100 * s) == 2 * s);
}

TEST_CASE("a DM reserve stays with its player when the colours change", "[match][dm]") {
    Match m(first_to(2, ClockSettings::dm(2 * s, 5 * s, 1 * s)), {"Liam", "Eamon"});
    m.start_clock(0);
    CHECK(m.play(MoveSpec::stack_of(W, 0, 0), 2500));  // Liam (White) takes a chunk
    play_all(m, "K1D1\nW1A2\nK1D2\nW1A3\nK2C4\nW2A4\n", 2500);
    m.choose_starter(1, 100 * s);  // Eamon starts round 2 as White
    CHECK(m.colour_of(0) == B);
    CHECK(m.clock().reserve_left(B) == 4 * s);  // Liam's reserve, now on the Black side
    CHECK(m.clock().reserve_left(W) == 5 * s);
}

TEST_CASE("Fischer clock in a match: increment after each move, flag fall loses the round",
          "[match][fischer]") {
    Match m(first_to(1, ClockSettings::fischer(5 * s, 1 * s)), {"Liam", "Eamon"});
    m.start_clock(0);
    CHECK(m.play(MoveSpec::stack_of(W, 0, 0), 2 * s));
    CHECK(m.clock().time_left(W, 2 * s) == 4 * s);  // 5 - 2 + 1
    CHECK(m.tick(7 * s).flagged == B);
    CHECK(m.round_result_text() == "Eamon ran out of time: Liam wins");
}

TEST_CASE("resigning loses the round", "[match]") {
    Match m(first_to(2), {"Liam", "Eamon"});
    m.resign(W, 0);
    CHECK(m.round_result_text() == "Eamon wins the round: Liam resigned");
    CHECK(m.chooser() == 0);
}

TEST_CASE("a player who left and did not come back loses the round when it is claimed", "[match][absence]") {
    Match m(first_to(2, ClockSettings::dm(2 * s, 10 * s, 5 * s)), {"Liam", "Eamon"});
    m.start_clock(0);
    play_all(m, "W3B2\n", 0);
    m.abandon(B, 5 * s);
    CHECK(m.game().over());
    CHECK(m.game().result().ending == Ending::Abandoned);
    CHECK(m.game().result().loser == B);
    CHECK(m.round_result_text() == "Eamon left and did not come back: Liam wins the round");
    CHECK(m.score_text() == "Liam 1 - 0 Eamon");
    CHECK(m.chooser() == 1);  // the loser chooses who starts the next, as after any decided round
    CHECK_FALSE(m.clock().running());
    CHECK(m.clock().reserve_left(B) == 10 * s - 5 * s);  // the time it had used stays used

    Match single(first_to(1), {"Liam", "Eamon"});
    single.abandon(W, 0);
    CHECK(single.round_result_text() == "Liam left and did not come back: Eamon wins");
    CHECK(ending_text(single.game().result(), 4) == "White left and did not come back");
    // Like a resignation, it is undone as one step, the moves kept.
    CHECK(single.game().undo());
    CHECK_FALSE(single.game().over());
}

TEST_CASE("a match is rebuilt from its rounds only when they can belong to one match", "[match]") {
    Match m(first_to(2), {"Liam", "Eamon"});
    play_all(m, white_wins, 0);
    m.choose_starter(1, 0);
    play_all(m, "W1A1\n", 0);
    const Expected<Match> back = Match::from_rounds(m.settings(), {"Liam", "Eamon"}, m.rounds());
    REQUIRE(back);
    CHECK(back->score_text() == "Liam 1 - 0 Eamon");
    CHECK(back->round_number() == 2);
    CHECK(back->player_of(W) == 1);
    CHECK(back->game().moves().size() == 1);

    std::vector<Round> rounds = m.rounds();
    rounds[1].number = 3;
    const Expected<Match> renumbered = Match::from_rounds(m.settings(), {"Liam", "Eamon"}, rounds);
    CHECK_FALSE(renumbered);
    CHECK(renumbered.why() == "after round 1 comes round 2");
    rounds = m.rounds();
    rounds.insert(rounds.begin(), Round{1, 0, Game()});
    const Expected<Match> unfinished = Match::from_rounds(m.settings(), {"Liam", "Eamon"}, rounds);
    CHECK_FALSE(unfinished);
    CHECK(unfinished.why() == "round 1 is not over");
    const Expected<Match> after_the_end = Match::from_rounds(first_to(1), {"Liam", "Eamon"}, m.rounds());
    CHECK_FALSE(after_the_end);
    CHECK(after_the_end.why() == "the match was over before round 2");
}

TEST_CASE("a cleaned name never ends in a space, even cut at the limit", "[match]") {
    // 23 characters, then a space, then more: the cut comes where the space was.
    const std::string name = clean_name("abcdefghijklmnopqrstuvw xyz");
    CHECK(name == "abcdefghijklmnopqrstuvw");
    CHECK(clean_name(name) == name);  // cleaning twice changes nothing
    CHECK(clean_text("one two three", 4) == "one");
    CHECK(clean_text("one two three", 5) == "one t");
    CHECK(clean_name("  Liam   Ó  Dálaigh  ") == "Liam Ó Dálaigh");
}

TEST_CASE("cleaning drops every bidirectional control and invisible separator, and keeps the scripts",
          "[match]") {
    // The isolates (U+2066-2069), the marks (U+200E/F, U+061C), the embeddings and overrides
    // (U+202A-202E), the line and paragraph separators (U+2028/9), zero-width spaces and the byte-order
    // mark: none is shown as a character, and a terminal may reorder or break the line around them.
    const std::string controls[] = {"\xE2\x81\xA6", "\xE2\x81\xA7", "\xE2\x81\xA8", "\xE2\x81\xA9",
                                    "\xE2\x80\x8E", "\xE2\x80\x8F", "\xD8\x9C", "\xE2\x80\xAA",
                                    "\xE2\x80\xAE", "\xE2\x80\xA8", "\xE2\x80\xA9", "\xE2\x80\x8B",
                                    "\xEF\xBB\xBF", "\xE2\x81\xA0",
                                    // Invisible, or blank as a name (issue 34): the soft hyphen U+00AD, the
                                    // combining grapheme joiner U+034F, the Hangul fillers U+115F, U+1160,
                                    // U+3164 and U+FFA0, the Mongolian vowel separator U+180E, tag
                                    // characters (U+E0001, U+E0041, U+E007F), the shorthand format
                                    // controls U+1BCA0-1BCA3.
                                    "\xC2\xAD", "\xCD\x8F", "\xE1\x85\x9F", "\xE1\x85\xA0", "\xE3\x85\xA4",
                                    "\xEF\xBE\xA0", "\xE1\xA0\x8E", "\xF3\xA0\x80\x81", "\xF3\xA0\x81\x81",
                                    "\xF3\xA0\x81\xBF", "\xF0\x9B\xB2\xA0", "\xF0\x9B\xB2\xA3"};
    for (std::size_t i = 0; i < std::size(controls); ++i) {
        const std::string& c = controls[i];
        INFO("control number " << i);
        CHECK(clean_text("Li" + c + "am", 24) == "Liam");
        CHECK(clean_name(c) == "");
    }
    // What is written in other scripts stays: Arabic with its joiner, an emoji sequence with ZWJ.
    CHECK(clean_text("\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85", 24) == "\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85");
    CHECK(clean_text("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB", 24) ==
          "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB");
}

TEST_CASE("cleaning drops bytes that are not well-formed UTF-8, a control character in disguise too",
          "[match]") {
    // Overlong forms (C0 91 and E0 80 91 would decode to U+0011), a surrogate, beyond U+10FFFF, stray
    // continuation bytes and a sequence cut short: none is a character.
    for (const char* bad : {"\xC0\x91", "\xC1\xBF", "\xE0\x80\x91", "\xED\xA0\x80", "\xF0\x80\x80\x91",
                            "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF", "\x80", "\xC3"}) {
        INFO(gobblet::excerpt(bad));
        CHECK(clean_text(std::string("Li") + bad + "am", 24) == "Liam");
    }
    // The edges that are characters stay: U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+10000, U+10FFFF.
    for (const char* good : {"\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80",
                             "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF"})
        CHECK(gobblet::utf8_length(good, 0) == int(std::string_view(good).size()));
}

TEST_CASE("seats as --white and --black give them", "[match]") {
    CHECK(*parse_seat("human") == SeatSpec{});
    CHECK(*parse_seat("computer") == SeatSpec{SeatKind::Computer, "", std::nullopt});
    CHECK(*parse_seat("computer:max") == SeatSpec{SeatKind::Computer, "", Level::Max});
    CHECK(*parse_seat("Liam") == SeatSpec{SeatKind::Human, "Liam", std::nullopt});
    CHECK(parse_seat("computer:robot").why() == "unknown level 'robot': use easy, medium, hard or max");
    CHECK(parse_seat("\x1b\x07").why() ==
          "a name needs at least one visible character (or use human or computer)");
    CHECK(parse_seed("18446744073709551615") == 18446744073709551615ull);
    CHECK_FALSE(parse_seed("18446744073709551616"));
    CHECK_FALSE(parse_seed("-1"));
    CHECK_FALSE(parse_seed(""));
}

TEST_CASE("a network match's choice of starter has a time limit, and then the match's rule decides",
          "[match][choice]") {
    // The value keeps no clock: `now` comes from the caller.
    const StarterWait c(100 * s);
    CHECK(c.since() == 100 * s);
    CHECK(c.deadline() == 100 * s + starter_choice_time);
    CHECK_FALSE(c.due(100 * s + starter_choice_time - 1));
    CHECK(c.until_due(100 * s + starter_choice_time - 1) == 1);
    CHECK(c.due(100 * s + starter_choice_time));
    CHECK(c.until_due(100 * s + starter_choice_time) == 0);
    CHECK(c.until_due(100 * s + starter_choice_time + 5 * s) == 0);
    CHECK(starter_choice_time == 30 * s);
    // The host's own limit (--starter-choice) in its place.
    const StarterWait longer(100 * s, 300 * s);
    CHECK(longer.limit() == 300 * s);
    CHECK(longer.deadline() == 400 * s);
    CHECK_FALSE(longer.due(100 * s + starter_choice_time));
    CHECK(longer.until_due(100 * s + starter_choice_time) == 270 * s);
    CHECK(longer.due(400 * s));

    // The rule: the chooser, the loser of the round, starts; the text says so of the round it started.
    Match m(first_to(3, ClockSettings::dm(10 * s, 0, 0)), {"Liam", "Eamon"});
    m.start_clock(0);
    play_all(m, white_wins, 0);
    REQUIRE(m.phase() == MatchPhase::ChoosingStarter);
    CHECK(m.rule_starter() == 1);
    m.choose_starter(m.rule_starter(), 40 * s);
    CHECK(m.round_number() == 2);
    CHECK(m.player_of(W) == 1);
    CHECK(m.clock().running() == W);  // the loser's own clock runs first
    CHECK(m.rule_starter_text(starter_choice_time) ==
          "Eamon did not choose who starts round 2 within 30 s: Eamon starts (the rule)");
    CHECK(m.rule_starter_text(300 * s) ==
          "Eamon did not choose who starts round 2 within 300 s: Eamon starts (the rule)");
    play_all(m, white_wins, 40 * s);  // Eamon wins round 2: Liam's choice, and Liam's by the rule
    CHECK(m.rule_starter() == 0);
}
