// The record format of saves, the autosave and the archive: single games and matches round-trip, and
// a broken record is refused with its line and reason.
#include "saves/record.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <thread>

#include "support.h"

using namespace gobblet;
using namespace gobblet::test;

namespace {
constexpr Millis s = 1000;

void play_all(Match& m, const std::string& text, Millis now = 0) {
    for (const WrittenMove& w : written_moves(text)) REQUIRE(m.play(w.spec, now));
}

const char* white_wins = "W1A1\nK1D1\nW1A2\nK1D2\nW1A3\nK2C4\nW2A4\n";
const std::array<SeatSpec, 2> human_vs_max = {SeatSpec{}, SeatSpec{SeatKind::Computer, "", Level::Max}};

}  // namespace

TEST_CASE("a single game record is today's save format with names and seats", "[record]") {
    Match m(MatchSettings{Variant{4, Rules::Rogers}, 1, {}}, {"Liam", "computer (max)"});
    play_all(m, "W3B2\nK1C3\n");
    const std::string text = saves::record_text(m, human_vs_max, nullptr, "2026-11-23 14:03");
    CHECK(text ==
          "% gobblet game\n% rules: rogers\n% size: 4\n% date: 2026-11-23 14:03\n% white: Liam\n"
          "% black: computer (max)\n% seat white: human\n% seat black: computer max\nW3B2\nK1C3\n");
    const Expected<saves::Record, TranscriptError> r = saves::read_record(text);
    INFO(r.why().message());
    REQUIRE(r);
    CHECK_FALSE(r->is_match);
    CHECK(r->match.name(1) == "computer (max)");
    CHECK(r->seats == human_vs_max);
    CHECK(r->match.variant() == Variant{4, Rules::Rogers});
    CHECK(r->match.game().moves() == m.game().moves());
    CHECK(r->date == "2026-11-23 14:03");
}

TEST_CASE("endings the moves do not show are recorded and read back", "[record]") {
    for (const char* ending : {"resignation white", "agreement", "time black", "abandoned black"}) {
        Match m;
        play_all(m, "W3B2\nK1C3\n");
        if (std::string(ending) == "abandoned black") m.abandon(Color::Black, 0);
        if (std::string(ending) == "resignation white") m.resign(Color::White, 0);
        if (std::string(ending) == "agreement") m.agree_draw(0);
        if (std::string(ending) == "time black") m.game().lose_on_time(Color::Black);
        const std::string text = saves::record_text(m, {}, nullptr, "");
        CHECK(text.find(std::string("% ending: ") + ending + "\n") != std::string::npos);
        const auto r = saves::read_record(text);
        REQUIRE(r);
        CHECK(r->match.game().result().ending == m.game().result().ending);
        CHECK(r->match.round_result_text() == m.round_result_text());
    }
}

TEST_CASE("a forfeit line must fit the position", "[record]") {
    const auto r = saves::read_record("% gobblet game\n% size: 3\nW1A1\nK1B2\n% ending: forfeit A1\n");
    REQUIRE_FALSE(r);
    CHECK(r.why().where.line == 5);
    CHECK(r.why().where.reason == "the piece on A1 can move, so touching it forfeits nothing");
}

TEST_CASE("a match record round-trips: settings, rounds, starters, draws, score and clock", "[record]") {
    const ClockSettings dm = ClockSettings::dm(120 * s, 300 * s, 30 * s);
    Match m(MatchSettings{Variant{}, 2, dm}, {"Liam", "Eamon"});
    m.start_clock(0);
    play_all(m, white_wins, 1 * s);  // round 1: Liam
    m.choose_starter(1, 10 * s);     // Eamon starts round 2
    play_all(m, "W1A1\nK1D4\n", 11 * s);
    m.agree_draw(12 * s);  // round 2 drawn, played again
    m.next_round(13 * s);
    play_all(m, "W3B2\n", 14 * s);
    const GameClock::State st = m.clock().state(20 * s);
    const std::string text = saves::record_text(m, {}, &st, "2026-11-23 14:03");
    for (const char* want :
         {"% gobblet match\n", "% first to: 2\n", "% clock: dm 2m 5m 30s\n", "% score: Liam 1 - 0 Eamon\n",
          "% round 1: Liam (player 1) plays White\n",
          "% result: Liam wins the round: four in a row on row A\n",
          "% round 2: Eamon (player 2) plays White\n", "% ending: agreement\n",
          "% result: Draw: agreed by both players; round 2 is played again\n", "% clock state: "}) {
        INFO(want);
        CHECK(text.find(want) != std::string::npos);
    }
    CHECK(text.find("% round 2: Eamon (player 2) plays White\nW3B2\n% clock state:") != std::string::npos);
    const auto r = saves::read_record(text);
    INFO(r.why().message());
    REQUIRE(r);
    const Match& back = r->match;
    CHECK(r->is_match);
    CHECK(back.settings() == m.settings());
    CHECK(back.rounds().size() == 3);
    CHECK(back.round_number() == 2);
    CHECK(back.player_of(Color::White) == 1);
    CHECK(back.score_text() == "Liam 1 - 0 Eamon");
    CHECK(back.game().moves() == m.game().moves());
    REQUIRE(r->clock);
    CHECK(*r->clock == st);
    // Writing the read record again gives the same text.
    CHECK(saves::record_text(back, {}, &*r->clock, "2026-11-23 14:03") == text);
}

TEST_CASE("a network match keeps its id", "[record]") {
    Match m;
    const std::array<SeatSpec, 2> seats = {SeatSpec{}, SeatSpec{SeatKind::Remote, "", std::nullopt}};
    const std::string text = saves::record_text(m, seats, nullptr, "", "3f9c-a1");
    CHECK(text.find("% seat black: remote\n% match id: 3f9c-a1\n") != std::string::npos);
    const auto r = saves::read_record(text);
    REQUIRE(r);
    CHECK(r->match_id == "3f9c-a1");
    CHECK(r->seats == seats);
    CHECK_FALSE(saves::read_record("% match id: a b\n"));
}

TEST_CASE("a finished match ends with its result", "[record]") {
    Match m(MatchSettings{Variant{}, 2, {}}, {"Liam", "Eamon"});
    play_all(m, white_wins);
    m.choose_starter(0, 0);
    play_all(m, white_wins);
    const std::string text = saves::record_text(m, {}, nullptr, "");
    CHECK(text.substr(text.size() - 40) == "% match result: Liam wins the match 2-0\n");
    const auto r = saves::read_record(text);
    REQUIRE(r);
    CHECK(r->match.phase() == MatchPhase::Over);
}

TEST_CASE("a broken match record is refused with its line and reason", "[record]") {
    Match m(MatchSettings{Variant{}, 2, {}}, {"Liam", "Eamon"});
    play_all(m, white_wins);
    m.choose_starter(1, 0);
    play_all(m, "W3B2\n");
    const std::string good = saves::record_text(m, {}, nullptr, "");
    // The 1-based line of `text` where `what` starts.
    const auto line_of = [](const std::string& text, const std::string& what) {
        const auto at = text.find(what);
        REQUIRE(at != std::string::npos);
        return std::to_string(1 + std::count(text.begin(), text.begin() + long(at), '\n'));
    };
    const auto refused = [](const std::string& text) {
        const auto r = saves::read_record(text);
        REQUIRE_FALSE(r);
        return "line " + std::to_string(r.why().where.line) + ": " + r.why().where.reason;
    };
    std::string bad = good;
    bad.replace(bad.find("% score: Liam 1 - 0 Eamon"), 25, "% score: Liam 2 - 0 Eamon");
    CHECK(refused(bad) == "line " + line_of(bad, "% score") + ": the rounds give the score Liam 1 - 0 Eamon");
    bad = good;
    bad.replace(bad.find("% round 2"), 9, "% round 5");
    CHECK(refused(bad).find("after round 1 comes round 2") != std::string::npos);
    bad = good;
    bad.replace(bad.find("W3B2"), 4, "W3B9");
    CHECK(refused(bad).rfind("line " + line_of(bad, "W3B9") + ": ", 0) == 0);
    bad = good;
    bad.replace(bad.find("% first to: 2"), 13, "% first to: 0");
    CHECK(refused(bad) == "line " + line_of(bad, "% first to") + ": a match is played to 1-99 round wins");
    CHECK(refused("% gobblet game\n% clock: dm 2m\n") ==
          "line 2: clock settings are 'none', 'dm TURN RESERVE CHUNK' or 'fischer GAME INCREMENT'");
    CHECK(refused("W3B2\n% ending: resignation purple\n") ==
          "line 2: the ending names no side (white or black)");
    CHECK(refused("W3B2\n% ending: abandoned\n") == "line 2: the ending names no side (white or black)");
    CHECK(refused("W3B2\n% ending: vanished white\n") ==
          "line 2: unknown ending (resignation, agreement, time, abandoned or forfeit)");
    CHECK(refused("% round 1: Liam plays White\nW3B2\n") ==
          "line 1: a round line is '% round N: NAME (player P) plays White'");
}

TEST_CASE("names from a record are cleaned of control characters", "[record]") {
    const auto r = saves::read_record(
        "% white: Li\x1b[31mam\n% black: \x07"
        "Eamon\nW3B2\n");
    REQUIRE(r);
    CHECK(r->match.name(0) == "Li[31mam");
    CHECK(r->match.name(1) == "Eamon");
}

TEST_CASE("a plain transcript is a single game, and names the other rules when they accept it", "[record]") {
    const auto r = saves::read_record(fixture("liam-white--eamon-black.txt"));
    REQUIRE_FALSE(r);
    CHECK(
        r.why().message() ==
        "line 4: K2B3: official rules: a new piece may gobble only a piece in a row of three; the transcript "
        "is legal under the rogers rules: use --rules rogers");
    const auto ok = saves::read_record(fixture("liam-white--eamon-black.txt"), {Rules::Rogers, std::nullopt});
    REQUIRE(ok);
    CHECK(ok->match.game().moves().size() == 38);
}

TEST_CASE("archive names follow the tournament's transcripts", "[record]") {
    Match m(MatchSettings{}, {"Liam", "Eamon O'Neil"});
    CHECK(saves::archive_stem(m) == "liam-white--eamon-o-neil-black");
    m.set_name(0, "computer (max)");
    m.set_name(1, "?!");  // nothing left after reducing to letters and digits: as if nobody named them
    CHECK(saves::archive_stem(m) == "computer-max-white--black");
}

TEST_CASE("archive names keep the players' letters: Latin ones in ASCII, other scripts as they are",
          "[record]") {
    Match m(MatchSettings{}, {"\xc5\x81ukasz", "Zo\xc3\xab"});  // Łukasz, Zoë
    CHECK(saves::archive_stem(m) == "lukasz-white--zoe-black");
    m.set_name(0,
               "J\xc3\xb6rg Stra\xc3\x9f"
               "e");               // Jörg Straße
    m.set_name(1, "Zoe\xcc\x88");  // Zoë with a combining diaeresis
    CHECK(saves::archive_stem(m) == "jorg-strasse-white--zoe-black");
    m.set_name(0, "\xc8\x98tefan");                     // Ștefan
    m.set_name(1, "\xd0\x98\xd0\xb2\xd0\xb0\xd0\xbd");  // Иван: kept in UTF-8
    CHECK(saves::archive_stem(m) == "stefan-white--\xd0\x98\xd0\xb2\xd0\xb0\xd0\xbd-black");
    m.set_name(1,
               "\xff\xfe"
               "Ann");  // bytes that are not UTF-8 part the words, nothing worse
    CHECK(saves::archive_stem(m) == "stefan-white--ann-black");
}

TEST_CASE("a game without names is archived as a game, not as white-white--black-black", "[record]") {
    Match m;  // "White" and "Black": nobody named them
    const std::string stem = saves::archive_stem(m);
    CHECK(stem.rfind("game-", 0) == 0);
    CHECK(stem.size() == std::string("game-20261123-140312").size());
    m.set_name(0, "Liam");
    CHECK(saves::archive_stem(m) == "liam-white--black");
    m.set_name(0, "White");
    m.set_name(1, "remote player");
    CHECK(saves::archive_stem(m).rfind("game-", 0) == 0);
}

TEST_CASE("new files never replace each other, even written at once", "[record]") {
    TempDir dir;
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i)
        threads.emplace_back([&dir, i] {
            for (int k = 0; k < 5; ++k) {
                CHECK(saves::write_new_file(dir.path, "game", "save " + std::to_string(i * 10 + k) + "\n"));
            }
        });
    for (auto& t : threads) t.join();
    std::set<std::string> contents;
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.path)) {
        ++files;
        contents.insert(read_text(e.path()));
    }
    CHECK(files == 40);
    CHECK(contents.size() == 40);
}

TEST_CASE("every clock kind and preset keeps its header lines through a record", "[record]") {
    std::vector<ClockSettings> all;
    for (const ClockKindInfo& k : clock_kinds) all.push_back(k.example);
    for (const ClockPreset& p : clock_presets) all.push_back(p.settings);
    for (const ClockSettings& c : all) {
        const std::string line = clock_settings_text(c);
        INFO(line);
        Match m(MatchSettings{Variant{4, Rules::Official}, 2, c}, {"Liam", "Ada"});
        play_all(m, "W3B2\nK1C3\n");
        const std::string text = saves::record_text(m, {}, nullptr, "");
        CHECK((text.find("% clock: " + line + "\n") != std::string::npos) == c.enabled());
        // A kind with a reserve keeps each player's, by name.
        const std::string reserve =
            "% reserve: Liam " + duration_text(c.reserve) + ", Ada " + duration_text(c.reserve) + "\n";
        CHECK((text.find(reserve) != std::string::npos) == clock_kind(c.kind).reserve);
        CHECK((text.find("% reserve:") != std::string::npos) == clock_kind(c.kind).reserve);
        const auto r = saves::read_record(text);
        INFO(r.why().message());
        REQUIRE(r);
        CHECK(r->match.settings().clock == c);
        CHECK(saves::record_text(r->match, {}, nullptr, "") == text);
    }
}
