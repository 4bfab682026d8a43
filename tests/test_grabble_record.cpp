// Grabble's record (saves/grabble_record.h): the transcript of a game, written and read back to the same
// game; a game in progress resumed from it; every kind of bad input refused whole, at its line, in words;
// and mutated transcripts that never crash and always say why.
#include "saves/grabble_record.h"

#include "engine/grabble/robot.h"
#include "engine/text.h"
#include "fuzz/grabble_target.h"
#include "grabble_support.h"
#include "saves/record.h"
#include "support.h"

using gobblet::Level;
using gobblet::Millis;
using gobblet::TextError;
using namespace gobblet::grabble;
using namespace gobblet::grabble::test;
namespace saves = gobblet::saves;

namespace {

const char* const seed_words =
    "at act cat cats scat acts cast pub cup cups put up teacups catsup cut captures";

saves::WordListSource fixed(std::shared_ptr<const Lexicon> lx) {
    return [lx](std::string_view) -> gobblet::Expected<std::shared_ptr<const Lexicon>> { return lx; };
}

// The seed's example, as tests/test_grabble_rules.cpp plays it, with a word list named for the fixture.
Game seed_game() {
    Settings s = seed_settings();
    s.word_list = "seed-words.txt";
    Game g = start_game(s, bag_starting("ATCUSP?"), words(seed_words));
    g.reveal(ali, 1000);
    g.reveal(bala, 2000);
    g.grab(ali, "AT", 2500);
    g.reveal(carol, 3000);
    g.grab(carol, "tac", 3500);
    g.grab(bala, "CAT", 3600);
    g.grab(ding, "ACT", 4400);
    g.reveal(bala, 5000);
    g.grab(bala, "CUT", 5500);
    g.grab(ding, "CATS", 12800);
    g.grab(bala, "SCAT", 12900);
    g.grab(ding, "CATS", 13500);
    g.grab(ali, "ACTS", 14000);
    g.reveal(ali, 15000);
    g.grab(ding, "CAST", 15500);
    g.reveal(bala, 20000);
    g.grab(ding, "PUB", 20500);
    g.grab(carol, "TEACUPS", 21500);
    g.advance(22000);
    REQUIRE(scene(g) == "Pool: empty, Carol: T-ACUPS");
    return g;
}

// Two games are the same: the same events, table, history, scores, passes, grabs in their windows and
// time.
void same_game(const Game& a, const Game& b) {
    CHECK(a.settings() == b.settings());
    CHECK(a.bag() == b.bag());
    CHECK(a.events() == b.events());
    CHECK(a.table() == b.table());
    CHECK(a.history().size() == b.history().size());
    CHECK(a.phase() == b.phase());
    CHECK(a.now() - a.started_at() == b.now() - b.started_at());
    CHECK(a.scores() == b.scores());
    CHECK(a.to_reveal() == b.to_reveal());
    CHECK(a.waiting_words() == b.waiting_words());
    CHECK(a.pending().size() == b.pending().size());
    CHECK(a.deciding_until().has_value() == b.deciding_until().has_value());
    for (std::size_t p = 0; p < a.settings().players.size(); ++p)
        CHECK(a.passed(PlayerId(p)) == b.passed(PlayerId(p)));
}

saves::GrabbleRecord read_ok(const std::string& text, std::shared_ptr<const Lexicon> lx) {
    auto r = saves::read_grabble_record(text, fixed(std::move(lx)));
    INFO(text);
    if (!r) FAIL(r.why().message());
    return std::move(r).take();
}

TextError read_error(const std::string& text, std::shared_ptr<const Lexicon> lx) {
    auto r = saves::read_grabble_record(text, fixed(std::move(lx)));
    INFO(text);
    REQUIRE_FALSE(r);
    return r.why();
}

// A whole game by four robots on the Debian list (seed 5).
Game robot_game(std::uint64_t seed = 5, bool waits = false) {
    Settings s;
    s.players = {{"Ali", true, Level::Easy},
                 {"Bala", true, Level::Medium},
                 {"Carol", true, Level::Hard},
                 {"Ding", true, Level::Max}};
    s.computer_waits = waits;
    s.scoring = Scoring::LengthSquared;
    Game g = start_game(s, shuffled_bag(s.tiles, true, seed), debian_words());
    RobotTable table(g, {Robot(Level::Easy, seed), Robot(Level::Medium, seed), Robot(Level::Hard, seed),
                         Robot(Level::Max, seed)});
    REQUIRE(table.run(4 * 3600 * 1000));
    REQUIRE(g.phase() == Phase::Over);
    return g;
}

// The line of `text` that starts with `start` replaced by `by` (which must differ).
std::string with_line(const std::string& text, std::string_view start, std::string_view by) {
    const std::size_t at = text.find("\n" + std::string(start));
    REQUIRE(at != std::string::npos);
    const std::size_t end = text.find('\n', at + 1);
    return text.substr(0, at + 1) + std::string(by) + text.substr(end);
}

int line_number(const std::string& text, std::string_view start) {
    const std::size_t at = text.find("\n" + std::string(start));
    REQUIRE(at != std::string::npos);
    return int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at) + 1, '\n')) + 1;
}

// No control character (names may be letters of any script).
bool printable(std::string_view s) {
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return static_cast<unsigned char>(c) >= ' ' && c != 0x7F; });
}

}  // namespace

TEST_CASE("the seed's example game as a transcript, and read back", "[grabble][record]") {
    const Game g = seed_game();
    const std::string text = saves::grabble_record_text(g, "2026-11-23 14:03");
    // The fixture is the writer's text, kept so that a change of the format shows in review.
    CHECK(text == gobblet::test::fixture("ali--bala--carol--ding.txt"));
    CHECK(saves::is_grabble_record(text));
    const saves::GrabbleRecord r = read_ok(text, words(seed_words));
    same_game(r.game, g);
    CHECK(r.date == "2026-11-23 14:03");
    CHECK(scene(r.game) == "Pool: empty, Carol: T-ACUPS");
    CHECK(saves::grabble_record_text(r) == text);
    // What the text says of each shout, as the seed tells it.
    CHECK(text.find("0:02.500 Ali grabs AT: refused, too short\n") != std::string::npos);
    CHECK(text.find("0:03.600 Bala grabs CAT: made\n% 0:04.100 Bala grabbed CAT from A + T + C\n") !=
          std::string::npos);
    CHECK(text.find("0:05.500 Bala grabs CUT: refused, splits a word\n") != std::string::npos);
    CHECK(text.find("% 0:12.000 S came out (Carol's turn)\n0:12.800 Ding grabs CATS: refused, clash\n") !=
          std::string::npos);
    CHECK(text.find("0:13.500 Ding grabs CATS: refused, waits for the next tile\n") != std::string::npos);
    CHECK(text.find("0:15.500 Ding grabs CAST: refused, adds no tile\n") != std::string::npos);
    CHECK(text.find("0:20.000 Bala reveals ?\n") != std::string::npos);
}

TEST_CASE("a game by four robots writes, reads back and writes the same text", "[grabble][record]") {
    for (bool waits : {false, true}) {
        INFO("computers wait: " << waits);
        const Game g = robot_game(5, waits);
        const std::string text = saves::grabble_record_text(g, "2026-11-23 14:03", 5);
        CHECK(text.find("% seed: 5\n") != std::string::npos);
        CHECK(text.find("% result: game over: ") != std::string::npos);
        const saves::GrabbleRecord r = read_ok(text, debian_words());
        same_game(r.game, g);
        CHECK(r.seed == 5u);
        CHECK(saves::grabble_record_text(r) == text);
        // The bag line alone, or the seed line alone, says the same bag.
        const std::string bag_only = with_line(text, "% seed:", "% (no seed)");
        same_game(read_ok(bag_only, debian_words()).game, g);
        const std::string seed_only = with_line(text, "% bag:", "% (no bag)");
        same_game(read_ok(seed_only, debian_words()).game, g);
    }
}

TEST_CASE("a game in progress written at any moment resumes to the same game", "[grabble][record]") {
    const Game whole = robot_game(9);
    const std::vector<Event>& events = whole.events();
    REQUIRE(events.size() > 100);
    const auto start = Game::start(whole.settings(), whole.bag(), whole.shared_lexicon(), 0);
    REQUIRE(start);
    int resumed = 0;
    for (std::size_t cut = 1; cut < events.size(); cut += 13) {
        INFO("cut at event " << cut);
        // The game after `cut` events, written a moment after the last (within a grab's tie window,
        // sometimes), read back, then given the rest of the events: the same end as the whole game.
        Game part = *start;
        for (std::size_t i = 0; i < cut; ++i) part.apply(events[i]);
        part.advance(std::min(events[cut - 1].at + Millis(cut % 5) * 90, events[cut].at));
        const std::string text = saves::grabble_record_text(part, "");
        saves::GrabbleRecord r = read_ok(text, debian_words());
        same_game(r.game, part);
        for (std::size_t i = cut; i < events.size(); ++i) r.game.apply(events[i]);
        r.game.advance(whole.now());
        same_game(r.game, whole);
        ++resumed;
    }
    CHECK(resumed > 7);
}

TEST_CASE("bad transcripts are refused whole, at their line, saying what is wrong", "[grabble][record]") {
    const std::string good = saves::grabble_record_text(seed_game(), "2026-11-23 14:03");
    const auto lx = words(seed_words);
    struct Bad {
        const char* what;
        std::string text;
        int line;  // -1: the line of `at` in the text
        std::string at;
        std::string reason;
    };
    const auto edit = [&](std::string_view start, std::string_view by) { return with_line(good, start, by); };
    std::string events_flood = good.substr(0, good.find("0:01.000"));
    for (std::size_t i = 0; i <= saves::max_grabble_events; ++i)
        events_flood += "0:01.000 Ali grabs ZZZ: refused, not in the list\n";
    // A bag of three tiles: empty after the third reveal, the game over a minute later.
    const std::string ended =
        "% grabble game\n% player 1: Ali, human\n% player 2: Bala, human\n% blanks: none\n"
        "% tiles: C1:3 A1:1 T1:1\n% bag: CAT\n0:01.000 Ali reveals C\n0:02.000 Bala reveals A\n"
        "0:03.000 Ali reveals T\n1:10.000 Ali grabs CAT\n";
    const std::vector<Bad> cases = {
        {"empty", "", 0, "", "the transcript is empty"},
        {"a Gobblet transcript", gobblet::test::fixture("liam-white--eamon-black.txt"), 1, "",
         "a Grabble transcript starts with the line '% grabble game'"},
        {"over 1 MiB", good + std::string(1 << 20, '\n'), 0, "", "more than the 1048576 (1 MiB)"},
        {"too many lines", good + std::string(saves::max_grabble_lines, '\n'), 0, "",
         "lines, more than the 50000"},
        {"a line too long", good + "% " + std::string(5000, 'x') + "\n", -1, "% xxx", "a line may hold"},
        {"no bag", edit("% bag:", "% nothing"), 1, "", "does not say the bag's order"},
        {"a bag of other tiles", edit("% bag:", "% bag: ABC"), -1, "% bag:", "bag: "},
        {"a seed that gives another bag",
         edit("% bag:",
              "% seed: 3\n" + good.substr(good.find("% bag:"),
                                          good.find('\n', good.find("% bag:")) - good.find("% bag:"))),
         -1, "% bag:", "is not in the order seed 3 gives"},
        {"a bad seed", edit("% bag:", "% seed: -1"), -1, "% seed:", "a seed is a whole number"},
        {"player 2 missing", edit("% player 2:", "% player 5: Eve, human"), -1,
         "% player 3:", "player 2 is missing"},
        {"a player twice", edit("% player 2:", "% player 1: Eve, human"), -1, "% player 1: Eve",
         "player 1 is given twice (first on line 3)"},
        {"player 9", edit("% player 2:", "% player 9: Eve, human"), -1, "% player 9", "numbered 1 to 8"},
        {"a player of no kind", edit("% player 2:", "% player 2: Bala, robot"), -1,
         "% player 2:", "a player is 'NAME, human' or 'NAME, computer LEVEL'"},
        {"a player without a kind", edit("% player 2:", "% player 2: Bala"), -1,
         "% player 2:", "a player is 'NAME, human'"},
        {"an unknown level", edit("% player 2:", "% player 2: Bala, computer genius"), -1,
         "% player 2:", "a computer's level is one of easy, medium, hard, max"},
        {"the same name twice", edit("% player 2:", "% player 2: ali, human"), 3, "",
         "players: ali appears twice"},
        {"a name of control characters", edit("% player 2:", "% player 2: B\x1b[2Jala, human"), 3, "",
         "must be 1 to 24 visible characters"},
        {"unknown blanks", edit("% blanks:", "% blanks: wild"), -1,
         "% blanks:", "blanks are none, sticking or non-sticking"},
        {"a minimum length of 1", edit("% minimum length:", "% minimum length: 1"), -1,
         "% minimum length:", "minimum length: 1 is out of range; give 2 to 10"},
        {"a minimum length of words", edit("% minimum length:", "% minimum length: three"), -1,
         "% minimum length:", "the minimum length is a number of letters"},
        {"unknown scoring", edit("% scoring:", "% scoring: points"), -1, "% scoring:", "scoring is letters"},
        {"clues maybe", edit("% clues:", "% clues: maybe"), -1, "% clues:", "clues are on or off"},
        {"computers that dance", edit("% computers:", "% computers: dance"), -1,
         "% computers:", "'play at the same time' or 'wait for the people'"},
        {"a tie window of no time", edit("% tie window:", "% tie window: soon"), -1,
         "% tie window:", "tie window is a time such as 300ms"},
        {"a tie window too long", edit("% tie window:", "% tie window: 1m"), -1,
         "% tie window:", "tie window: 1m is out of range"},
        {"a reveal pause too short", edit("% reveal pause:", "% reveal pause: 10ms"), -1,
         "% reveal pause:", "reveal pause: 10ms is out of range"},
        {"tiles that do not read", edit("% scoring:", "% tiles: A9:1 B2:x"), -1, "% tiles:", "tiles: "},
        {"a setting twice", edit("% scoring:", "% scoring: letters\n% scoring: tiles"), -1,
         "% scoring: tiles", "scoring is given twice"},
        {"a date with control characters", edit("% date:", "% date: \x1b[31mtoday"), -1,
         "% date:", "a date is at most 64 printable characters"},
        {"not an event", edit("0:01.000 Ali", "Ali reveals A"), -1, "Ali reveals A", "not an event"},
        {"a time that does not read", edit("0:01.000 Ali", "0:1.0 Ali reveals A"), -1, "0:1.0",
         "an event's time is"},
        {"seconds past 59", edit("0:01.000 Ali", "0:61.000 Ali reveals A"), -1, "0:61", "an event's time is"},
        {"nobody of that name", edit("0:01.000 Ali", "0:01.000 Zed reveals A"), -1, "0:01.000 Zed",
         "no player of this game is named here (the players: Ali, Bala, Carol, Ding)"},
        {"an unknown verb", edit("0:01.000 Ali", "0:01.000 Ali shouts A"), -1, "0:01.000 Ali",
         "a player reveals, grabs WORD or passes"},
        {"a reveal of two letters", edit("0:01.000 Ali", "0:01.000 Ali reveals AB"), -1, "0:01.000 Ali",
         "a reveal shows one letter"},
        {"a pass with words", edit("0:01.000 Ali", "0:01.000 Ali passes now"), -1, "0:01.000 Ali",
         "'passes' takes nothing after it"},
        {"a grab of no word", edit("0:03.600 Bala", "0:03.600 Bala grabs"), -1, "0:03.600 Bala",
         "a grab names its word"},
        {"a grab of not letters", edit("0:03.600 Bala", "0:03.600 Bala grabs C4T: made"), -1, "0:03.600 Bala",
         "the letters A to Z, one word"},
        {"a grab too long", edit("0:03.600 Bala", "0:03.600 Bala grabs " + std::string(33, 'A')), -1,
         "0:03.600 Bala", "at most 32 letters"},
        {"an unknown outcome", edit("0:03.600 Bala", "0:03.600 Bala grabs CAT: won"), -1, "0:03.600 Bala",
         "what came of a grab is 'made' or 'refused, REASON' (too short, not in the list"},
        {"an unknown refusal", edit("0:03.600 Bala", "0:03.600 Bala grabs CAT: refused, rude"), -1,
         "0:03.600 Bala", "what came of a grab is"},
        {"time going back", edit("0:03.000 Carol", "0:01.500 Carol reveals C"), -1, "0:01.500 Carol",
         "this event comes before the one on line"},
        {"a reveal out of turn", edit("0:03.000 Carol", "0:03.000 Ding reveals C"), -1, "0:03.000 Ding",
         "the rules refuse this reveal: it is Carol's turn to reveal"},
        {"a face the bag does not give", edit("0:03.000 Carol", "0:03.000 Carol reveals E"), -1,
         "0:03.000 Carol", "the bag gives C here, not E"},
        {"a refused grab said made", edit("0:05.500 Bala", "0:05.500 Bala grabs CUT: made"), -1,
         "0:05.500 Bala",
         "the rules refuse it: CUT splits Bala's CAT: a word is taken whole ('refused, splits a word'); but "
         "the "
         "transcript says it was made"},
        {"a refusal for another reason", edit("0:05.500 Bala", "0:05.500 Bala grabs CUT: refused, too short"),
         -1, "0:05.500 Bala", "('refused, splits a word'); but the transcript says 'refused, too short'"},
        {"a grab made said refused", edit("0:03.600 Bala", "0:03.600 Bala grabs CAT: refused, clash"), -1,
         "0:03.600 Bala", "the rules make it at 0:04.100, but the transcript says 'refused, clash'"},
        {"a grab heard said refused at once",
         edit("0:03.600 Bala", "0:03.600 Bala grabs CAT: refused, repeated"), -1, "0:03.600 Bala",
         "the rules hear it (it can be made), but the transcript says 'refused, repeated'"},
        {"a clashed grab said made", edit("0:12.800 Ding", "0:12.800 Ding grabs CATS: made"), -1,
         "0:12.800 Ding",
         "the rules refuse it: CATS clashes with Bala's SCAT: both wait for the next tile; but the "
         "transcript "
         "says it was made"},
        {"a pass twice",
         edit("0:15.000 Ali", "0:14.900 Carol passes\n0:14.950 Carol passes\n0:15.000 Ali reveals P"), -1,
         "0:14.950 Carol", "Carol has passed already since the last change"},
        {"a time before the last event", edit("% time:", "% time: 0:21.000"), -1,
         "% time:", "the game's time is before its last event"},
        {"a made grab still in its window", edit("% time:", "% time: 0:21.600"), -1, "0:21.500 Carol",
         "it is still being decided at the transcript's end (0:21.600)"},
        {"an event after the end", ended, -1, "1:10.000 Ali", "the rules refuse it: the game is over"},
        {"too many events", events_flood, int(std::count(events_flood.begin(), events_flood.end(), '\n')), "",
         "more than 20000 events"},
    };
    for (const Bad& b : cases) {
        INFO(b.what);
        const TextError e = read_error(b.text, lx);
        const int line = b.line >= 0 ? b.line : line_number(b.text, b.at);
        CHECK(e.line == line);
        CHECK(e.message().find(b.reason) != std::string::npos);
        CHECK(printable(e.message()));
        if (e.line > 0) CHECK(e.message().rfind("line " + std::to_string(e.line) + ": ", 0) == 0);
    }
    // The word list the transcript names cannot be read: an error at its line.
    const auto missing = saves::read_grabble_record(good, [](std::string_view name) {
        return gobblet::Expected<std::shared_ptr<const Lexicon>>(
            gobblet::Failure{"cannot read " + std::string(name) + ": No such file or directory"});
    });
    REQUIRE_FALSE(missing);
    CHECK(missing.why().message() ==
          "line " + std::to_string(line_number(good, "% word list:")) +
              ": seed-words.txt: word list: cannot read seed-words.txt: No such file or "
              "directory");
}

TEST_CASE("a hand-written transcript needs only the bag and the events", "[grabble][record]") {
    const std::string text =
        "\xEF\xBB\xBF\r\n% grabble game\r\n"
        "% player 1: Ali, human\r\n% player 2: Bala Bartók, computer max\r\n"
        "% bag: CAT" +
        bag_text(bag_starting("CAT")).substr(3) +
        "\r\n"
        "# a comment\r\n% a comment too\r\n"
        "0:01 Ali reveals\r\n0:02 bala bartók reveals a\r\n0:03.000 Ali reveals T\r\n"
        "0:03.500 Bala Bartók grabs cat\r\n";
    const saves::GrabbleRecord r = read_ok(text, words("cat"));
    CHECK(r.game.settings().players[1] == Seat{"Bala Bartók", true, Level::Max});
    CHECK(r.game.settings().timings == Timings{});
    CHECK(r.game.settings().min_length == 3);
    CHECK(r.game.now() == 3500);  // no '% time:' line: the last event's time
    CHECK(r.game.pending().size() == 1);
    // Without an outcome nothing is claimed; written back, it says what it can.
    const std::string again = saves::grabble_record_text(r);
    CHECK(again.find("\n0:03.500 Bala Bartók grabs CAT\n% time: 0:03.500\n") != std::string::npos);
    same_game(read_ok(again, words("cat")).game, r.game);
}

TEST_CASE("a Grabble transcript is told from a Gobblet one", "[grabble][record]") {
    CHECK(saves::is_grabble_record("% grabble game\n"));
    CHECK(saves::is_grabble_record("\xEF\xBB\xBF\r\n  % Grabble Game  \r\n% bag: X"));
    CHECK_FALSE(saves::is_grabble_record(gobblet::test::fixture("liam-white--eamon-black.txt")));
    CHECK_FALSE(saves::is_grabble_record("% gobblet game\n% rules: official\nW3B2\n"));
    CHECK_FALSE(saves::is_grabble_record("0:01.000 Ali reveals A\n% grabble game\n"));
    CHECK_FALSE(saves::is_grabble_record(""));
}

TEST_CASE("a game's times read and write as minutes, seconds and milliseconds", "[grabble][record]") {
    CHECK(saves::game_time_text(0) == "0:00.000");
    CHECK(saves::game_time_text(3600) == "0:03.600");
    CHECK(saves::game_time_text(725250) == "12:05.250");
    CHECK(saves::game_time_text(-5) == "0:00.000");
    for (Millis t :
         {Millis(0), Millis(999), Millis(59999), Millis(60000), Millis(3600000), Millis(123456789)})
        CHECK(saves::parse_game_time(saves::game_time_text(t)) == t);
    CHECK(saves::parse_game_time("1:05") == 65000);
    for (const char* bad :
         {"", "1", ":05", "1:5", "1:60.000", "1:05.5", "1:05.0000", "-1:05", "1:05,000", "12345678:00"})
        CHECK_FALSE(saves::parse_game_time(bad));
}

TEST_CASE("a record is written to a file atomically and read back", "[grabble][record]") {
    gobblet::test::TempDir dir;
    const Game g = seed_game();
    const saves::GrabbleRecord r{g, "2026-11-23 14:03", std::nullopt};
    REQUIRE(saves::write_grabble_record(dir.path / "game.txt", r));
    const auto back = saves::read_grabble_record_file(dir.path / "game.txt", fixed(words(seed_words)));
    REQUIRE(back);
    same_game(back->game, g);
    const auto none = saves::read_grabble_record_file(dir.path / "none.txt", fixed(words(seed_words)));
    REQUIRE_FALSE(none);
    CHECK(none.why().line == 0);
    CHECK(none.why().message().find("none.txt") != std::string::npos);
    const auto folder = saves::read_grabble_record_file(dir.path, fixed(words(seed_words)));
    CHECK_FALSE(folder);
}

TEST_CASE("a finished game's file is named after its players", "[grabble][record]") {
    Settings s = seed_settings();
    CHECK(saves::grabble_archive_stem(s) == "ali--bala--carol--ding");
    s.players = {{"Łukasz"}, {"Zoë Ann"}, {"!!!"}, {"Ника"}};
    CHECK(saves::grabble_archive_stem(s) == "lukasz--zoe-ann--player-3--Ника");
    s.players.clear();
    for (int i = 0; i < max_players; ++i) s.players.push_back({std::string(24, char('a' + i))});
    const std::string stem = saves::grabble_archive_stem(s);
    CHECK(stem.size() <= 200);
    CHECK(stem.rfind(std::string(24, 'a') + "--" + std::string(24, 'b'), 0) == 0);
    CHECK(stem.size() > 150);
    // write_new_file takes the stem as the Gobblet archive does, and never replaces a file.
    gobblet::test::TempDir dir;
    const auto first = saves::write_new_file(dir.path, saves::grabble_archive_stem(seed_settings()), "x");
    const auto second = saves::write_new_file(dir.path, saves::grabble_archive_stem(seed_settings()), "y");
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->filename() == "ali--bala--carol--ding.txt");
    CHECK(second->filename() == "ali--bala--carol--ding-2.txt");
}

TEST_CASE("mutated transcripts never crash: each reads to a game that writes back, or says why",
          "[grabble][record]") {
    const std::vector<std::string> bases = {saves::grabble_record_text(seed_game(), "2026-11-23 14:03"),
                                            gobblet::fuzz::grabble_sample_text()};
    std::uint64_t state = 12345;
    const auto next = [&](std::uint64_t n) { return gobblet::splitmix64(state) % n; };
    int read = 0, refused = 0;
    for (int round = 0; round < 1500; ++round) {
        std::string text = bases[std::size_t(round) % bases.size()];
        for (int edits = 1 + int(next(3)); edits > 0; --edits) {
            std::vector<std::string> lines;
            for (std::size_t at = 0; at < text.size();) {
                const std::size_t end = std::min(text.find('\n', at), text.size());
                lines.push_back(text.substr(at, end - at));
                at = end + 1;
            }
            if (lines.empty()) lines.push_back("");
            const std::size_t i = next(lines.size()), j = next(lines.size());
            std::string& l = lines[i];
            switch (next(8)) {
                case 0: lines.erase(lines.begin() + std::ptrdiff_t(i)); break;
                case 1: lines.insert(lines.begin() + std::ptrdiff_t(i), lines[j]); break;
                case 2: std::swap(lines[i], lines[j]); break;
                case 3:
                    if (!l.empty()) l[next(l.size())] = char(next(256));
                    break;
                case 4:
                    if (!l.empty()) l.erase(next(l.size()), 1 + next(4));
                    break;
                case 5: l.insert(next(l.size() + 1), 1, " ACEPSTU0123456789:.,?%-\t\x1b"[next(27)]); break;
                case 6:  // another time: a digit changed
                    for (char& c : l)
                        if (c >= '0' && c <= '9' && next(3) == 0) c = char('0' + next(10));
                    break;
                case 7: l += lines[j].substr(0, next(lines[j].size() + 1)); break;
            }
            text.clear();
            for (const std::string& x : lines) text += x + "\n";
        }
        // The fuzz target's promises (it aborts when one is broken), then the same here for the report.
        CHECK(gobblet::fuzz::grabble(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()) == 0);
        const auto r = saves::read_grabble_record(text, fixed(gobblet::fuzz::grabble_words()));
        if (!r) {
            ++refused;
            CHECK(printable(r.why().message()));
            CHECK(r.why().line <= int(std::count(text.begin(), text.end(), '\n')) + 1);
            CHECK_FALSE(r.why().reason.empty());
            continue;
        }
        ++read;
        const std::string again = saves::grabble_record_text(*r);
        const auto back = saves::read_grabble_record(again, fixed(gobblet::fuzz::grabble_words()));
        REQUIRE(back);
        same_game(back->game, r->game);
    }
    CHECK(read > 50);
    CHECK(refused > 500);
}
