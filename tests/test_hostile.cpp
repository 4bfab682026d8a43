// build/hostile-peer against a host Session: every mode of misbehaviour ends with a clear message on
// the host's side (and, where the peer still listens, on the peer's), the game intact and the host
// listening again. The tool runs as a child process; the host runs here, on fake time.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>

#include "net_support.h"

extern char** environ;

using namespace gobblet;
using namespace gobblet::net;
using namespace gobblet::test;

namespace {

// The tool, built by `make build/hostile-peer` (which `make test` and build/unit-tests depend on);
// $GOBBLET_HOSTILE_PEER points elsewhere.
std::string tool_path() {
    if (const char* env = std::getenv("GOBBLET_HOSTILE_PEER"); env && *env) return env;
    return "build/hostile-peer";
}

struct Child {
    pid_t pid = -1;
    int out = -1;  // the child's stdout and stderr, non-blocking
    std::string said;
    int status = -1;

    bool done() {
        char buf[4096];
        for (ssize_t n; (n = ::read(out, buf, sizeof buf)) > 0;) said.append(buf, std::size_t(n));
        if (status >= 0) return true;
        int st = 0;
        if (::waitpid(pid, &st, WNOHANG) == pid) {
            status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
            for (ssize_t n; (n = ::read(out, buf, sizeof buf)) > 0;) said.append(buf, std::size_t(n));
        }
        return status >= 0;
    }
    ~Child() {
        if (status < 0 && pid > 0) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
        }
        if (out >= 0) ::close(out);
    }
};

void spawn(Child& c, const std::vector<std::string>& args) {
    const std::string path = tool_path();
    INFO("the hostile peer is built by `make build/hostile-peer`: " << path);
    REQUIRE(std::filesystem::exists(path));
    int fds[2];
    REQUIRE(::pipe2(fds, O_CLOEXEC) == 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    std::vector<char*> argv;
    std::vector<std::string> all = {path};
    all.insert(all.end(), args.begin(), args.end());
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int rc = posix_spawn(&c.pid, path.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    ::close(fds[1]);
    c.out = fds[0];
    ::fcntl(c.out, F_SETFL, O_NONBLOCK);
    REQUIRE(rc == 0);
}

// Runs the host until the tool exits. The host opens the game when it is White (its first legal
// move) and then sits still, like a person slower than the tool: a reply crossing the tool's second
// move would make that move stale, not out of turn. When the tool has connected and `then` is given,
// `then` runs once (to move the fake clock, say).
void run(Net& net, Side& host, Child& tool, const std::function<void()>& then = {}) {
    bool done_then = false;
    const bool ok = net.until(
        [&] {
            if (host.session->playing() && host.match.game().moves().empty() &&
                host.match.player_of(host.match.game().side_to_move()) == host.session->local_player()) {
                MoveList list;
                host.match.game().legal_moves(list);
                (void)host.session->move(MoveSpec::of(list[0], host.match.game().side_to_move()), net.now);
            }
            if (then && !done_then && tool.said.find("connected to") != std::string::npos) {
                done_then = true;
                then();
            }
            return tool.done();
        },
        2000);
    INFO(tool.said);
    REQUIRE(ok);
}

// A host on 127.0.0.1 (its joiner plays `remote`) and the tool, run against it in `mode` with `args` (after
// the host's address and the mode) until the tool exits; `then` as run's, given the loop.
struct Attacked {
    Net net;
    Side host;
    Child tool;
    Attacked(const std::string& mode, std::vector<std::string> args = {}, int remote = 1,
             const std::function<void(Net&)>& then = {})
        : host(make_host("127.0.0.1:0", {}, remote)) {
        net.players = {&host};
        args.insert(args.begin(), {"127.0.0.1:" + std::to_string(host.session->port()), mode});
        spawn(tool, args);
        if (then)
            run(net, host, tool, [&] { then(net); });
        else
            run(net, host, tool);
    }
};

}  // namespace

TEST_CASE("hostile peer: garbage instead of a hello is refused", "[net][hostile]") {
    Attacked attack("garbage");
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(tool.said.find("> \\xFF") == std::string::npos);  // the tool shows bytes, never prints them raw
    CHECK(tool.said.find("< error a line that is not valid UTF-8") != std::string::npos);
    CHECK(host.last(Event::Kind::Refused).ends_with("sent garbage: closed"));
    CHECK(host.session->phase() == Session::Phase::Listening);
}

TEST_CASE("hostile peer: a megabyte line is cut off after 512 bytes", "[net][hostile]") {
    Attacked attack("long-line");
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(tool.said.find("closed by the host") != std::string::npos);
    CHECK(host.last(Event::Kind::Refused).ends_with("sent garbage: closed"));
}

TEST_CASE("hostile peer: a wrong code is refused and nothing more is said", "[net][hostile]") {
    Attacked attack("wrong-code", {"--code", "ABCD-EFGX"});
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(tool.said.find("< error wrong join code\nclosed by the host") != std::string::npos);
    CHECK(host.last(Event::Kind::Refused).ends_with("gave a wrong code"));
}

TEST_CASE("hostile peer: a silent connection is closed at the hello timeout", "[net][hostile]") {
    Attacked attack("silent", {"--wait", "60"}, 1, [](Net& net) { net.now += hello_timeout; });
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(tool.said.find("< error no hello within 5 s") != std::string::npos);
    CHECK(host.last(Event::Kind::Refused).ends_with("said nothing: closed"));
}

TEST_CASE("hostile peer: an illegal move, a move out of turn, a wrong number", "[net][hostile]") {
    for (const auto& [mode, remote, reason] : std::vector<std::tuple<std::string, int, std::string>>{
             {"illegal", 0, "an illegal move: A1A1"},
             {"illegal", 1, "an illegal move: A1A1"},
             {"out-of-turn", 0, "a move out of turn"},
             {"out-of-turn", 1, "a move out of turn"},
             {"wrong-number", 1, "a wrong move number (6, expected 2)"},
             {"wrong-number", 0, "a wrong move number (5, expected 1)"},
         }) {
        INFO(mode << " as player " << remote);
        Attacked attack(mode, {"--code", "ABCDEFGH"}, remote);
        auto& [net, host, tool] = attack;
        INFO(tool.said);
        CHECK(tool.status == 0);
        CHECK(tool.said.find("< error " + reason) != std::string::npos);
        CHECK(host.last(Event::Kind::Error).find("protocol error from Mallory: " + reason) == 0);
        CHECK(host.session->phase() == Session::Phase::Listening);
        // Whatever the tool got played before it cheated stands; the cheat does not.
        for (Move m : host.match.game().moves()) CHECK(m);
        CHECK_FALSE(host.match.game().over());
    }
}

TEST_CASE("hostile peer: escape sequences in its name and chat come out clean or end the game",
          "[net][hostile]") {
    Attacked attack("escapes", {"--code", "ABCDEFGH"});
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(host.match.name(1) == "31mMallory");
    CHECK(host.last(Event::Kind::Chat) == "2Jhello there");
    CHECK(host.last(Event::Kind::Error) == "protocol error from 31mMallory: a control character in a line");
    for (const Event& e : host.events)
        for (char c : e.text) CHECK((static_cast<unsigned char>(c) >= 0x20 && c != 0x7f));
}

TEST_CASE("hostile peer: bidirectional isolates and marks in its name and chat come out of them",
          "[net][hostile]") {
    Attacked attack("bidi", {"--code", "ABCDEFGH"});
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(host.match.name(1) == "Mallory");
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Chat); }));
    CHECK(host.last(Event::Kind::Chat) == "Liam resigns nowok");
    for (const Event& e : host.events)
        for (const std::string bad : {"\xE2\x81\xA6", "\xE2\x81\xA7", "\xE2\x81\xA9", "\xE2\x80\x8F",
                                      "\xD8\x9C", "\xE2\x80\xA8", "\xE2\x80\xA9"})
            CHECK(e.text.find(bad) == std::string::npos);
}

TEST_CASE("hostile peer: tag characters, a soft hyphen and the Hangul filler in its name and chat come out",
          "[net][hostile]") {
    Attacked attack("invisible", {"--code", "ABCDEFGH"});
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(host.match.name(1) == "Mallory");
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Chat); }));
    CHECK(host.last(Event::Kind::Chat) == "gg");
    for (const Event& e : host.events)
        for (const std::string bad : {"\xC2\xAD", "\xE3\x85\xA4", "\xF3\xA0"})
            CHECK(e.text.find(bad) == std::string::npos);
}

TEST_CASE("hostile peer: hanging up in the middle of a move loses nothing", "[net][hostile]") {
    Attacked attack("mid-move", {"--code", "ABCDEFGH"});
    auto& [net, host, tool] = attack;
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));
    CHECK(host.last(Event::Kind::Gone) == "Mallory closed the connection in the middle of a line");
    CHECK(host.match.clock().paused());
    CHECK(host.session->phase() == Session::Phase::Listening);
}

TEST_CASE("hostile peer: the polite control joins and leaves", "[net][hostile]") {
    Attacked attack("polite", {"--code", "abcd-efgh"});
    auto& [net, host, tool] = attack;
    REQUIRE(net.until([&] { return host.saw(Event::Kind::Gone); }));
    CHECK(host.last(Event::Kind::Gone) == "Mallory left: that was all");
    CHECK_FALSE(host.saw(Event::Kind::Error));
}

TEST_CASE("hostile peer from 127.0.0.2: a flood of wrong codes locks out only its own address",
          "[net][hostile][limits]") {
    Attacked attack("wrong-code", {"--code", "ABCD-EFGX", "--repeat", "9", "--from", "127.0.0.2"});
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(tool.said.find("< error wrong join code") != std::string::npos);
    CHECK(tool.said.find("connected to 127.0.0.1:" + std::to_string(host.session->port()) +
                         " from 127.0.0.2\n> hello gobblet 1 ABCDEFGX new Mallory\n"
                         "< error too many wrong codes lately: wait a minute and try again") !=
          std::string::npos);
    CHECK(host.last(Event::Kind::Refused).starts_with("a connection from 127.0.0.2:"));

    Side joiner = make_joiner(host, net.now);  // from 127.0.0.1, with the right code
    net.players.push_back(&joiner);
    connect(net, host, joiner);
    CHECK(host.match.name(1) == "Eamon");
}

TEST_CASE("hostile peer from 127.0.0.2: silent connections replace each other and never fill the door",
          "[net][hostile][limits]") {
    Attacked attack("silent", {"--repeat", "8", "--from", "127.0.0.2", "--wait", "30"});
    auto& [net, host, tool] = attack;
    INFO(tool.said);
    CHECK(tool.status == 0);
    CHECK(tool.said.find("connection 1 closed by the host: error replaced by a newer connection from the "
                         "same address") != std::string::npos);
    CHECK(tool.said.find("connection 7 closed by the host") != std::string::npos);
    CHECK(tool.said.find("connection 8 closed") == std::string::npos);

    Side joiner = make_joiner(host, net.now);
    net.players.push_back(&joiner);
    connect(net, host, joiner);
}
