// Grabble in the terminal, below the screen: the settings each flag and the settings file give
// (engine/grabble/settings.h's choice), the settings file's grabble-FIELD lines, and a game played on the
// screen's time (ui/grabble/play.h) with a fake time and the computers planning at once (no worker): the
// people's keys, the computers acting when they are due, and the game's time standing while it is paused.
#include "ui/grabble/play.h"

#include "grabble_support.h"
#include "saves/settings.h"
#include "ui/keys.h"

using gobblet::Level;
using gobblet::Millis;
using namespace gobblet::grabble;
using namespace gobblet::grabble::test;
using gobblet::ui::GrabblePlay;
using gobblet::ui::read_typed;

TEST_CASE("a player is a name, or a computer at a level, and reads back", "[grabble][settings]") {
    CHECK(*parse_player("Ali", Level::Easy) == Seat{"Ali"});
    CHECK(*parse_player("computer", Level::Hard) == Seat{"", true, Level::Hard});
    CHECK(*parse_player("computer:max", Level::Easy) == Seat{"", true, Level::Max});
    CHECK(*parse_player(" Robo = computer:EASY ", Level::Max) == Seat{"Robo", true, Level::Easy});
    CHECK(player_text(Seat{"Robo", true, Level::Easy}) == "Robo=computer:easy");
    CHECK(player_text(Seat{"Ali", false}) == "Ali");
    CHECK(parse_player("", Level::Easy).why().find("a player is NAME") != std::string::npos);
    CHECK(parse_player("Robo=robot", Level::Easy).why() ==
          "'robot' is not a player kind: write NAME=computer or NAME=computer:LEVEL (easy, medium, hard or "
          "max)");
    CHECK(parse_player("computer:huge", Level::Easy).why() ==
          "'huge' is not a level: use easy, medium, hard or max");
    CHECK(parse_player("=computer", Level::Easy).why().find("a name is missing") != std::string::npos);
    CHECK(parse_player("Li\x01z", Level::Easy).why().find("is not a name") != std::string::npos);
    // A list: names kept, computers named for them, and it reads back.
    auto players = parse_players("You, computer:easy, Bo=computer:max,computer", Level::Hard);
    REQUIRE(players);
    name_computers(*players);
    CHECK(players_text(*players) == "You, Ada=computer:easy, Bo=computer:max, Alan=computer:hard");
    CHECK(*parse_players(players_text(*players), Level::Easy) == *players);
    CHECK(parse_players("a,b,c,d,e,f,g,h,i", Level::Easy).why().find("more than 8 players") !=
          std::string::npos);
    CHECK(parse_players("Ali,,Bo", Level::Easy).why().rfind("player 2: ", 0) == 0);
    // Computers nobody named take the first free name, whatever its case.
    std::vector<Seat> s = {{"ADA"}, {"", true}, {"", true}};
    name_computers(s);
    CHECK(s[1].name == "Alan");
    CHECK(s[2].name == "Grace");
    CHECK(default_players(Level::Max) == std::vector<Seat>{{"You", false, Level::Max},
                                                           {"Ada", true, Level::Max},
                                                           {"Alan", true, Level::Max},
                                                           {"Grace", true, Level::Max}});
}

TEST_CASE("each setting of a game reads from its text, says what is wrong, and reads back",
          "[grabble][settings]") {
    Choice c;
    const std::pair<const char*, const char*> good[] = {{"computers-play", "wait"},
                                                        {"blanks", "sticking"},
                                                        {"min-length", "4"},
                                                        {"words", "/tmp/My Words.txt"},
                                                        {"tiles", "english Q0 ?4"},
                                                        {"scoring", "tiles"},
                                                        {"clues", "on"},
                                                        {"tie-window", "500ms"},
                                                        {"reveal-pause", "3s"},
                                                        {"last-minute", "30s"},
                                                        {"players", "Ali, computer:easy"}};
    for (const auto& [field, value] : good) {
        INFO(field << " = " << value);
        CHECK(set_choice(c, field, value, Level::Medium));
    }
    const Settings s = apply_choice(Settings{}, c);
    CHECK(s.computer_waits);
    CHECK(s.blanks == BlankRule::Sticking);
    CHECK(s.min_length == 4);
    CHECK(s.word_list == "/tmp/My Words.txt");  // a path keeps its case and spaces
    CHECK(s.tiles.count[blank] == 4);
    CHECK(s.tiles.count['Q' - 'A'] == 0);
    CHECK(s.scoring == Scoring::Tiles);
    CHECK(s.show_clues);
    CHECK(s.timings == Timings{500, 3000, 30000});
    CHECK(s.players == std::vector<Seat>{{"Ali"}, {"Ada", true, Level::Easy}});
    for (const auto& [field, value] : good) {
        INFO(field);
        // Each reads back as it was written (the tiles as their changes to the classic set too).
        CHECK(choice_text(s, field) ==
              (std::string(field) == "players" ? "Ali, Ada=computer:easy" : std::string(value)));
        Choice again;
        CHECK(set_choice(again, field, choice_text(s, field), Level::Medium));
    }
    // Each refusal names the field and says what it takes.
    const std::pair<const char*, const char*> bad[] = {{"computers-play", "sometimes"},
                                                       {"blanks", "some"},
                                                       {"min-length", "1"},
                                                       {"min-length", "11"},
                                                       {"min-length", "three"},
                                                       {"words", ""},
                                                       {"tiles", "Q99"},
                                                       {"scoring", "points"},
                                                       {"clues", "maybe"},
                                                       {"tie-window", "6s"},
                                                       {"reveal-pause", "500ms"},
                                                       {"last-minute", "0"},
                                                       {"last-minute", "soon"},
                                                       {"players", "Ali,ali"}};
    for (const auto& [field, value] : bad) {
        Choice d;
        const auto set = set_choice(d, field, value, Level::Medium);
        INFO(field << " = '" << value << "': " << (set ? std::string("accepted") : set.why()));
        if (std::string(field) == "players") {
            // Names are checked together with the whole (check_settings): a list reads, twins are refused
            // there.
            REQUIRE(set);
            Settings t;
            t.players = *d.players;
            CHECK(check_settings(t).why() ==
                  "players: ali appears twice; each player needs a name of their own");
            continue;
        }
        REQUIRE_FALSE(set);
        CHECK(set.why().rfind(std::string(field) + ": ", 0) == 0);
        CHECK(d == Choice{});
    }
    CHECK(set_choice(c, "colour", "red").why() == "no setting is called colour");
    CHECK(set_choice(c, "tiles", "Q99").why() ==
          "tiles: 'Q99' needs a count from 0 to 50 after the face (A9:1)");
    CHECK(set_choice(c, "blanks", "some").why() == "blanks: 'some' is none, sticking or non-sticking");
    CHECK(set_choice(c, "tie-window", "6s").why() ==
          "tie-window: 6s is out of range; give 0 (the first grab always wins) or 1ms to 5s");
}

TEST_CASE("the settings file keeps Grabble's next game as grabble-FIELD lines", "[grabble][settings]") {
    const auto parsed = gobblet::saves::parse_settings(
        "level = hard\n"
        "grabble-players = Liam, computer:easy, Zoë=computer\n"
        "grabble-words = /home/Liam/My Words.txt\n"
        "grabble-blanks = sometimes\n"
        "grabble-reveal-pause = 3s\n"
        "grabble-future-thing = 1\n");
    const Choice& c = parsed.settings.grabble;
    REQUIRE(c.players);
    CHECK(*c.players == std::vector<Seat>{{"Liam"}, {"", true, Level::Easy}, {"Zoë", true, Level::Hard}});
    CHECK(c.word_list == "/home/Liam/My Words.txt");
    CHECK(c.reveal_pause == 3000);
    CHECK_FALSE(c.blanks);
    REQUIRE(parsed.problems.size() == 1);
    CHECK(
        parsed.problems[0].message() ==
        "line 4: grabble-blanks = sometimes: blanks: 'sometimes' is none, sticking or non-sticking; ignored");
    // Rewriting one key keeps the others' case.
    const std::string text = gobblet::saves::set_setting("grabble-words = /A/B.txt\nlevel = max\n",
                                                         gobblet::saves::grabble_key("blanks"), "none");
    CHECK(text == "grabble-words = /A/B.txt\nlevel = max\ngrabble-blanks = none\n");
}

namespace {

// You (a person) and Robo (a computer at max), on a list of three-letter words.
Game you_and_robo(Millis reveal_pause = 7000, bool waits = false) {
    Settings s = seed_settings();
    s.players = {{"You"}, {"Robo", true, Level::Max}};
    s.computer_waits = waits;
    s.timings.reveal_pause = reveal_pause;
    return start_game(s, bag_starting("CATSDOG"), words("cat act cats dog god"));
}

std::string last(const GrabblePlay& p) { return p.story().empty() ? "" : p.story().back().text; }

}  // namespace

TEST_CASE("a game on the screen's time: the people's keys, the computer when it is due", "[grabble][play]") {
    // The screen's time starts at 5000; the game's at 0.
    GrabblePlay play(you_and_robo(), 1, 5000, std::nullopt);
    CHECK(play.game_time(5000) == 0);
    CHECK(play.people() == std::vector<PlayerId>{0});
    CHECK(*play.person(std::nullopt, "cats") == 0);
    CHECK(play.person(2, "cats").why() == "2 is Robo, a computer");
    CHECK(play.person(3, "cats").why() == "there is no player 3: the players are numbered 1 to 2");
    play.reveal(0, 5100);
    CHECK(last(play) == "You revealed C");
    play.grab(0, "at", 5200);
    CHECK(play.story().back().error);
    CHECK(last(play) == "You: AT is too short: a word here has at least 3 letters");
    // Robo reveals A on its turn, after its look at the table (1.2 s, spread by 0.3 s).
    play.service(5100 + 900 - 1);
    CHECK(play.game().table().pool.size() == 1);
    play.service(5100 + 1500);
    REQUIRE(play.game().table().pool.size() == 2);
    CHECK(last(play) == "Robo revealed A");
    CHECK(play.until_next(5100 + 1500) >= 0);
    play.reveal(0, 7000);
    CHECK(last(play) == "You revealed T");
    // At max Robo grabs CAT the moment it can: heard now, made once the tie window has passed.
    play.service(7000);
    CHECK(last(play) == "Robo shouted CAT");
    play.service(7000 + 499);
    CHECK(last(play) == "Robo shouted CAT");
    play.service(7000 + 500);  // the seed's settings' tie window
    CHECK(last(play) == "Robo grabbed CAT from C + A + T");
    CHECK(play.game().score(1) == 5);
}

TEST_CASE("the game's time stands while it is paused: no tile comes, the computers wait", "[grabble][play]") {
    GrabblePlay play(you_and_robo(3000), 1, 0, std::nullopt);
    play.reveal(0, 100);
    play.set_paused(true, 200);
    CHECK(play.until_next(200) == -1);
    play.service(60'000);  // a minute under the help: nothing happened
    CHECK(play.game().table().pool.size() == 1);
    CHECK(play.game_time(60'000) == 100 + 100);
    play.set_paused(false, 60'000);
    CHECK(play.game_time(60'000) == 200);
    // Robo reveals after its look, counted on the game's time.
    play.service(60'000 + 1500);
    CHECK(play.game().table().pool.size() == 2);
}

TEST_CASE("with several people at the keyboard a grab says whose it is", "[grabble][play]") {
    Settings s = seed_settings();  // Ali, Bala, Carol and Ding, all people
    GrabblePlay play(start_game(s, bag_starting("CATS"), words("cat cats")), 1, 0, std::nullopt);
    CHECK(play.person(std::nullopt, "cats").why() ==
          "say whose it is, with the player's number first: 1cats for Ali, 2cats for Bala, 3cats for Carol");
    CHECK(*play.person(3, "cats") == 2);
    CHECK(*read_typed("3cats") == gobblet::ui::Typed{3, "cats"});
    CHECK(*read_typed("cats") == gobblet::ui::Typed{std::nullopt, "cats"});
    CHECK(*read_typed("2") == gobblet::ui::Typed{2, ""});
    CHECK(read_typed("12cats").why().find("one digit") != std::string::npos);
    CHECK(read_typed("ca2ts").why().find("a word is letters") != std::string::npos);
}

TEST_CASE("while a game is played no letter or digit is a command key", "[grabble][keys]") {
    using namespace gobblet::ui;
    using UiAction = gobblet::ui::Action;
    for (const KeyBinding& b : key_table()) {
        if (!(b.screens & screen_grabble) || b.action == UiAction::None) continue;
        for (const Key& k : b.keys) {
            INFO(b.keys_text);
            CHECK((k.special || !std::isalnum(k.code)));
        }
    }
    CHECK(action_for(ch(' '), Mode::typing, screen_grabble) == UiAction::Reveal);
    CHECK(action_for(ch('.'), Mode::typing, screen_grabble) == UiAction::Pass);
    CHECK(action_for(ch('q'), Mode::typing, screen_grabble) == UiAction::None);
    CHECK(action_for(ch('q'), Mode::typing, screen_grabble_over) == UiAction::Quit);
    CHECK(action_for(ch('r'), Mode::typing, screen_grabble_over) == UiAction::Review);
    // Gobblet's keys stay Gobblet's.
    CHECK(action_for(ch(' '), Mode::typing) == UiAction::None);
}
