// What a game screen starts from (ui/game_setup.h), read without a terminal: the settings file under the
// flags, the match the command line asks for, the host's and the joiner's configurations, the join code's
// entry and a refused join's question.
#include <fstream>

#include "support.h"
#include "ui/game_setup.h"

using namespace gobblet;
using namespace gobblet::test;
using namespace gobblet::ui;

namespace {

// Options with --host's and --join's addresses (made out of line: g++ 12 warns falsely of an uninitialized
// optional when a test sets them in place).
[[gnu::noinline]] Options with_endpoints(std::optional<net::Endpoint> host,
                                         std::optional<net::Endpoint> join) {
    Options o;
    o.host_at = std::move(host);
    o.join_to = std::move(join);
    return o;
}

}  // namespace

TEST_CASE("the settings file gives what the flags do not, and says what it had wrong", "[setup]") {
    TempDir dir;
    EnvVar config("XDG_CONFIG_HOME", dir.path.c_str());
    EnvVar no_color("NO_COLOR", nullptr);
    std::filesystem::create_directories(dir.path / "gobblet");
    std::ofstream(dir.path / "gobblet" / "settings") << "level = max\nspeed = fast\nascii = on\nthink = 0\n";
    Options options;
    options.speed = "slow";
    options.speed_given = true;  // the flag wins for this run
    const ScreenSettings s = read_screen_settings(options);
    CHECK(options.player.level == Level::Max);
    CHECK(options.speed == "slow");
    CHECK(s.ascii);
    CHECK(s.color);
    CHECK_FALSE(s.coach);
    CHECK(s.problem.find("settings file ") == 0);
    CHECK(s.problem.find("line 4: think = 0") != std::string::npos);
    options.no_color = true;  // --no-color wins over the file
    CHECK_FALSE(read_screen_settings(options).color);
}

TEST_CASE("the start reads --load, and a file that does not read stops the program with why", "[setup]") {
    TempDir dir;
    Options options;
    options.load_path = dir / "missing.txt";
    const Expected<StartMatch> missing = read_start(options);
    CHECK_FALSE(missing);
    CHECK(missing.why().rfind("gobblet: ", 0) == 0);
    CHECK(missing.why().find("missing.txt") != std::string::npos);

    std::ofstream(dir / "game.txt") << "W3B2\nK1C3\n";
    options.load_path = dir / "game.txt";
    const Expected<StartMatch> read = read_start(options);
    INFO(read.why());
    REQUIRE(read);
    const StartMatch& start = *read;
    REQUIRE(start.loaded);
    CHECK_FALSE(start.resumed);
    CHECK(start.loaded->match.game().moves().size() == 2);
    CHECK(loaded_text(start.loaded->match, options, false) == "loaded " + (dir / "game.txt") + " (2 moves)");
}

TEST_CASE("--host's configuration: the remote seat, and a resumed network match's id", "[setup]") {
    Options options = with_endpoints(net::Endpoint{"127.0.0.1", 0}, std::nullopt);
    options.code = "ABCD";
    Match match;
    bool fresh = true;
    net::HostConfig hc = host_config(options, SeatKind::Computer, SeatKind::Remote, nullptr, match, fresh);
    CHECK(hc.remote_player == 1);
    CHECK(hc.seat == SeatKind::Computer);
    CHECK(hc.code == "ABCD");
    CHECK(hc.match_id.empty());
    CHECK_FALSE(fresh);  // not --resume: a new match, nothing to say
    CHECK_FALSE(hc.allow_help);  // no engine help unless the host allows it
    options.allow_help = true;
    CHECK(host_config(options, SeatKind::Computer, SeatKind::Remote, nullptr, match, fresh).allow_help);
    options.allow_help = false;

    options.resume = true;
    saves::Record saved;
    saved.match = match;
    saved.seats[0].kind = SeatKind::Remote;
    saved.match_id = "m-42";
    hc = host_config(options, SeatKind::Human, SeatKind::Remote, &saved, match, fresh);
    CHECK(hc.match_id == "m-42");
    CHECK(hc.remote_player == 0);  // as the saved match had it
    CHECK_FALSE(fresh);
    saved.match_id.clear();  // the last game was not a network match: a new one, and the screen says so
    hc = host_config(options, SeatKind::Human, SeatKind::Remote, &saved, match, fresh);
    CHECK(hc.match_id.empty());
    CHECK(fresh);
}

TEST_CASE("--join's code entry joins with a code that reads and refuses one that does not", "[setup]") {
    Options options = with_endpoints(std::nullopt, net::Endpoint{"127.0.0.1", 7777});
    options.join_seat.name = "Eamon";
    std::string joined, refused;
    bool quit = false;
    LineEntry entry = join_code_entry(
        *options.join_to, [&](const std::string& code) { joined = code; },
        [&](const std::string& why) { refused = why; }, [&] { quit = true; });
    CHECK(entry.label == "Join code for 127.0.0.1:7777 (Esc quits)");
    REQUIRE(entry.help);
    entry.submit("no!");
    CHECK(joined.empty());
    CHECK(refused == "'no!' is not a join code: 4 to 32 letters and digits, as the host shows it");
    entry.submit("7qk-m4x");
    CHECK_FALSE(joined.empty());
    const net::JoinConfig jc = join_config(options, joined, std::nullopt, "");
    CHECK(jc.name == "Eamon");
    CHECK(jc.code == joined);
    CHECK(jc.host == *options.join_to);
    entry.cancel();
    CHECK(quit);

    bool left = false;
    const Question q = refused_question("busy", [&] { left = true; });
    CHECK(q.text == "busy");
    CHECK(q.answers.empty());
    CHECK(q.other_label == "leave (or wait 10 s)");
    q.on_other();
    CHECK(left);
}
