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
    const Expected<StartMatch> missing = read_start(options, {});
    CHECK_FALSE(missing);
    CHECK(missing.why().rfind("gobblet: ", 0) == 0);
    CHECK(missing.why().find("missing.txt") != std::string::npos);

    std::ofstream(dir / "game.txt") << "W3B2\nK1C3\n";
    options.load_path = dir / "game.txt";
    const Expected<StartMatch> read = read_start(options, {});
    INFO(read.why());
    REQUIRE(read);
    const StartMatch& start = *read;
    REQUIRE(start.loaded);
    CHECK_FALSE(start.resumed);
    CHECK(start.loaded->match.game().moves().size() == 2);
    CHECK(loaded_text(start.loaded->match, options, false) == "loaded " + (dir / "game.txt") + " (1 move)");
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
    CHECK_FALSE(fresh);          // not --resume: a new match, nothing to say
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

TEST_CASE("--host --resume without --code reuses the match's code, kept in its autosave", "[setup]") {
    Options options = with_endpoints(net::Endpoint{"127.0.0.1", 7000}, std::nullopt);
    options.resume = true;
    saves::Record saved;
    saved.seats[1].kind = SeatKind::Remote;
    saved.match_id = "0123456789abcdef";
    saved.network = saves::NetworkPlace{true, "127.0.0.1:7000", "ABCD5678"};
    bool fresh = true;
    net::HostConfig hc = host_config(options, SeatKind::Human, SeatKind::Remote, &saved, saved.match, fresh);
    CHECK(hc.code == "ABCD5678");
    CHECK(hc.match_id == "0123456789abcdef");
    options.code = "WXYZ";  // a code given wins
    hc = host_config(options, SeatKind::Human, SeatKind::Remote, &saved, saved.match, fresh);
    CHECK(hc.code == "WXYZ");
}

TEST_CASE("a network game's autosave continues as it was played, and says the command that does it",
          "[setup]") {
    saves::Record saved;
    saved.match.set_name(0, "Liam");
    saved.match.set_name(1, "Eamon");
    saved.seats[0].kind = SeatKind::Remote;  // the joiner's autosave: the host played White
    saved.match_id = "0123456789abcdef";
    saved.network = saves::NetworkPlace{false, "[::1]:7000", "ABCD5678"};
    Options options;
    REQUIRE(network_from_autosave(options, saved));
    REQUIRE(options.join_to);
    CHECK(*options.join_to == (net::Endpoint{"::1", 7000}));
    CHECK(options.code == "ABCD5678");
    CHECK(options.join_seat.name == "Eamon");
    CHECK_FALSE(options.host_at);
    // The command printed when the program ends runs as printed: brackets quoted for the shell.
    CHECK(network_resume_command("./main", *saved.network) ==
          "./main --join '[::1]:7000' --code ABCD-5678 --resume");
    CHECK(network_resume_command("/opt/my games/gobblet", saves::NetworkPlace{true, "7000", "ABCD5678"}) ==
          "'/opt/my games/gobblet' --host 7000 --resume");
    // A host's terms that are not the defaults go with it, written as the flags read them back.
    saves::NetworkPlace hosted{true, "127.0.0.1:7000", "ABCD5678"};
    hosted.grace = 90'000;
    hosted.choice_time = 120'000;
    hosted.allow_help = true;
    CHECK(network_resume_command("./main", hosted) ==
          "./main --host 127.0.0.1:7000 --grace 1m30s --starter-choice 2m --allow-help --resume");
    hosted.grace = 1'500;
    const std::string odd = network_resume_command("./main", hosted);
    const std::size_t at = odd.find(" --grace ") + 9;
    CHECK(parse_duration(odd.substr(at, odd.find(' ', at) - at)) == Millis{1'500});  // read back exactly
    saved.network->at = "not an address:x";
    Options bad;
    CHECK_FALSE(network_from_autosave(bad, saved));
    // An older version's network autosave, without its place: never continued as a local game.
    saved.network.reset();
    Options old;
    old.program = "./main";
    const Expected<void> refused = network_from_autosave(old, saved);
    REQUIRE_FALSE(refused);
    CHECK(refused.why().find("the last game is a network match (Liam against Eamon, no moves), saved without "
                             "its address: ./main --host PORT --resume continues it if you hosted it") == 9);
    saved.match_id.clear();  // a local game goes on here
    CHECK(network_from_autosave(old, saved));
    CHECK_FALSE(old.host_at);
    CHECK_FALSE(old.join_to);
}

TEST_CASE("--host --resume or --join --resume of a local game in progress is refused, nothing replaced",
          "[setup]") {
    saves::Record local;
    REQUIRE(local.match.play(written_moves("W3B2")[0].spec, 0));
    Options options = with_endpoints(net::Endpoint{"127.0.0.1", 0}, std::nullopt);
    options.program = "./main";
    CHECK(check_network_resume(options, &local));  // not --resume: the start asks about it instead
    options.resume = true;
    const Expected<void> refused = check_network_resume(options, &local);
    REQUIRE_FALSE(refused);
    CHECK(refused.why() ==
          "gobblet: the last game is not a network game (White against Black, 1 move): ./main --resume "
          "continues it here; --host without --resume starts a network game, and asks first what becomes "
          "of this one");
    local.match_id = "0123456789abcdef";  // a network match: --host --resume continues it
    CHECK(check_network_resume(options, &local));
}

TEST_CASE("the same game loaded again replaces nothing; another one would", "[setup]") {
    Match a, b;
    REQUIRE(a.play(written_moves("W3B2")[0].spec, 0));
    b = a;
    CHECK(same_game(a, b));
    REQUIRE(b.play(written_moves("K1C3")[0].spec, 0));
    CHECK_FALSE(same_game(a, b));
    CHECK(saves::unfinished(a));
    CHECK_FALSE(saves::unfinished(Match{}));
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
