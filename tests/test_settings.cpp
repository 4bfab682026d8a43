// The settings file ($XDG_CONFIG_HOME/gobblet/settings): what it says, what is reported and ignored, how
// one key is rewritten without touching the rest, and the file itself.
#include <sys/stat.h>
#include <unistd.h>

#include "saves/settings.h"
#include "support.h"

using namespace gobblet;
using namespace gobblet::test;
namespace fs = std::filesystem;

TEST_CASE("a settings file sets the level, think time, coach, speed, colour, ASCII and the bell",
          "[settings]") {
    const auto p = saves::parse_settings(
        "# my settings\n\nlevel = hard\nthink=2.5\n  Coach = ON \nspeed = slow\ncolor = no\nascii = 1\n"
        "bell = off\n");
    CHECK(p.problems.empty());
    CHECK(p.settings.level == Level::Hard);
    CHECK(p.settings.think == 2.5);
    CHECK(p.settings.coach == true);
    CHECK(p.settings.speed == "slow");
    CHECK(p.settings.color == false);
    CHECK(p.settings.ascii == true);
    CHECK(p.settings.bell == false);
    CHECK_FALSE(saves::parse_settings("").settings.bell);  // unset: the lobby rings
    CHECK(saves::parse_settings("bell = loud").problems.at(0).why == "not a switch: use on or off");
}

TEST_CASE("an empty or missing settings file sets nothing", "[settings]") {
    const auto p = saves::parse_settings("");
    CHECK(p.settings == saves::Settings{});
    CHECK(p.problems.empty());
}

TEST_CASE("a bad value is reported with its line and ignored; the rest still counts", "[settings]") {
    const auto p = saves::parse_settings(
        "level = huge\nthink = 0\nthink = nan\ncoach = maybe\nspeed = warp\nnonsense\nlevel = easy\n"
        "color = off\n");
    REQUIRE(p.problems.size() == 6);
    CHECK(p.problems[0].message() ==
          "line 1: level = huge: not a level: use easy, medium, hard or max; ignored");
    CHECK(p.problems[1].line == 2);
    CHECK(p.problems[1].why == "not a think time: seconds from 0.01 to 3600, like 1 or 2.5");
    CHECK(p.problems[2].line == 3);
    CHECK(p.problems[3].message() == "line 4: coach = maybe: not a switch: use on or off; ignored");
    CHECK(p.problems[4].why == "not a speed: use fast, normal or slow");
    CHECK(p.problems[5].message() ==
          "line 6: nonsense: not a setting: write key = value, like level = hard; ignored");
    CHECK(p.settings.level == Level::Easy);  // the good line after the bad one
    CHECK(p.settings.color == false);
    CHECK_FALSE(p.settings.think);
    CHECK_FALSE(p.settings.coach);
    CHECK_FALSE(p.settings.speed);
}

TEST_CASE("a reported line is quoted printable and short", "[settings]") {
    const auto p = saves::parse_settings("level = \x1b[2J" + std::string(200, 'x') + "\n");
    REQUIRE(p.problems.size() == 1);
    CHECK(p.problems[0].text.find('\x1b') == std::string::npos);
    CHECK(p.problems[0].text.size() <= 43);
    CHECK(p.problems[0].text.substr(p.problems[0].text.size() - 3) == "...");
}

TEST_CASE("unknown keys are neither reported nor lost", "[settings]") {
    const std::string text = "# kept\nlevel = max\ntheme = dark   # a later version's\n";
    const auto p = saves::parse_settings(text);
    CHECK(p.problems.empty());
    CHECK(p.settings.level == Level::Max);
    CHECK(saves::set_setting(text, "level", "easy") ==
          "# kept\nlevel = easy\ntheme = dark   # a later version's\n");
}

TEST_CASE("setting a key replaces its line in place and drops its repeats; other lines stay", "[settings]") {
    const std::string text =
        "speed = slow\nlevel = huge\n\n# comment\nlevel = max\ncoach = maybe\nLEVEL=medium";
    CHECK(saves::set_setting(text, "level", "hard") ==
          "speed = slow\nlevel = hard\n\n# comment\ncoach = maybe\n");
    CHECK(saves::set_setting(text, "think", "2.5") ==
          "speed = slow\nlevel = huge\n\n# comment\nlevel = max\n"
          "coach = maybe\nLEVEL=medium\nthink = 2.5\n");
    CHECK(
        saves::set_setting("", "color", "off") ==
        "# gobblet settings: the game's menu (m) writes them; flags on the command line win\ncolor = off\n");
    // What is written reads back.
    CHECK(saves::parse_settings(saves::set_setting(text, "level", "hard")).settings.level == Level::Hard);
}

TEST_CASE("values are written as the file reads them", "[settings]") {
    CHECK(saves::switch_text(true) == "on");
    CHECK(saves::switch_text(false) == "off");
    CHECK(saves::seconds_text(1) == "1");
    CHECK(saves::seconds_text(0.25) == "0.25");
    CHECK(saves::seconds_text(2.5) == "2.5");
    CHECK(saves::seconds_text(3600) == "3600");
    CHECK(saves::parse_settings("think = " + saves::seconds_text(0.25)).settings.think == 0.25);
}

TEST_CASE("the settings live in XDG_CONFIG_HOME/gobblet/settings, else ~/.config", "[settings]") {
    {
        EnvVar config("XDG_CONFIG_HOME", "/tmp/config-x");
        CHECK(saves::settings_path() == fs::path("/tmp/config-x/gobblet/settings"));
    }
    EnvVar config("XDG_CONFIG_HOME", "relative/is/ignored");
    EnvVar home("HOME", "/home/someone");
    CHECK(saves::settings_path() == fs::path("/home/someone/.config/gobblet/settings"));
}

TEST_CASE("a setting is saved atomically into the file, keeping what else it holds", "[settings]") {
    TempDir dir;
    EnvVar config("XDG_CONFIG_HOME", dir.path.c_str());
    const Expected<saves::ParsedSettings> none = saves::read_settings();
    REQUIRE(none);  // no file yet: no settings, no error
    CHECK(none->settings == saves::Settings{});
    REQUIRE(saves::save_setting("level", "hard"));
    REQUIRE(saves::save_setting("coach", "on"));
    std::ofstream(dir.path / "gobblet" / "settings", std::ios::app) << "theme = dark\nspeed = warp\n";
    REQUIRE(saves::save_setting("level", "easy"));
    const std::string text = read_text((dir.path / "gobblet" / "settings").string());
    CHECK(text ==
          "# gobblet settings: the game's menu (m) writes them; flags on the command line win\n"
          "level = easy\ncoach = on\ntheme = dark\nspeed = warp\n");
    const Expected<saves::ParsedSettings> f = saves::read_settings();
    REQUIRE(f);
    CHECK(f->settings.level == Level::Easy);
    CHECK(f->settings.coach == true);
    REQUIRE(f->problems.size() == 1);
    CHECK(f->problems[0].line == 5);
    int entries = 0;  // no temporary file left behind
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path / "gobblet")) ++entries;
    CHECK(entries == 1);
}

TEST_CASE("an unwritable settings folder is a message naming the path, and the file is kept", "[settings]") {
    TempDir dir;
    EnvVar config("XDG_CONFIG_HOME", (dir.path / "file").c_str());
    std::ofstream(dir.path / "file") << "not a folder\n";
    const Expected<void> saved = saves::save_setting("level", "hard");
    CHECK_FALSE(saved);
    CHECK(saved.why().find("cannot write " + (dir.path / "file" / "gobblet" / "settings").string()) == 0);
    CHECK(read_text((dir.path / "file").string()) == "not a folder\n");
    if (geteuid() != 0) {  // root writes anywhere
        TempDir locked;
        EnvVar config2("XDG_CONFIG_HOME", locked.path.c_str());
        REQUIRE(saves::save_setting("level", "max"));
        fs::permissions(locked.path / "gobblet", fs::perms::owner_read | fs::perms::owner_exec);
        CHECK(saves::save_setting("level", "easy").why().find("Permission denied") != std::string::npos);
        fs::permissions(locked.path / "gobblet", fs::perms::owner_all);
        const Expected<saves::ParsedSettings> kept = saves::read_settings();
        REQUIRE(kept);
        CHECK(kept->settings.level == Level::Max);
    }
}

TEST_CASE("a settings file that cannot be read is reported and never replaced", "[settings]") {
    TempDir dir;
    EnvVar config("XDG_CONFIG_HOME", dir.path.c_str());
    fs::create_directories(dir.path / "gobblet" / "settings");  // a folder in its place
    const Expected<saves::ParsedSettings> f = saves::read_settings();
    CHECK_FALSE(f);
    CHECK(f.why().find("cannot read " + (dir.path / "gobblet" / "settings").string()) == 0);
    CHECK(saves::save_setting("level", "hard").why().find("so it is not rewritten") != std::string::npos);
    CHECK(fs::is_directory(dir.path / "gobblet" / "settings"));
}
