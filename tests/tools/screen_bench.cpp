// build/screen-bench: the program as a player meets it, measured through pseudo-terminals of its own
// (forkpty, as tests/tools/pty_run.cpp; no tmux between): what it writes is applied to a screen
// (tests/tools/vt_screen.h), and a wait ends at the read that puts the awaited text on it.
//
//   build/screen-bench moves ADDRESS [--plies N] [--gap SECONDS] [--seed N] [--size COLSxROWS]
//                      [--timeout SECONDS] [--samples]
//       Two lobby clients (`MAIN --lobby ADDRESS --name Ada|Ben`) meet in a casual match without a clock
//       (Ada's seek, Ben's accept: no other seek may be open), then play N moves (40) of a random game that
//       neither ends nor comes back to a position (engine/bench.h, wandering_game; --seed). For each move the
//       mover's keys are typed and seen on its own screen ("Move: W3B2"); the time is from the write of Enter
//       to the read that puts the move into the other client's move list. Moves are --gap seconds apart
//       (0.2). The last line is the summary: `screen: N moves, Enter to the other screen: median ...`.
//   build/screen-bench start [--runs N] [--size COLSxROWS] [--timeout SECONDS] --expect TEXT -- COMMAND...
//       Start-up: N runs (11) of COMMAND, each timed from the fork to the read that puts TEXT on the
//       screen, and its resident memory then; the median, the fastest and the worst.
//   build/screen-bench steps [--size COLSxROWS] [--timeout SECONDS] STEP... -- COMMAND...
//       Runs COMMAND and does the steps in order: --expect TEXT (wait until the screen shows it), --send
//       TEXT (typed in one write), --pause SECONDS (reading meanwhile), --rss LABEL (prints `rss LABEL:
//       N KiB (...)`: VmRSS of /proc/PID/status, its anonymous and file parts, and VmHWM, the peak).
//   build/screen-bench transcript PLIES [--seed N]
//       Prints wandering_game's PLIES moves as a transcript (a long game for `--load`).
//
// MAIN is $GOBBLET_BIN, or ./main. Every program started runs with TERM=xterm-256color, LC_ALL=C.UTF-8
// and a home of its own in a temporary folder (XDG_STATE_HOME, XDG_DATA_HOME, XDG_CONFIG_HOME; the
// tutorial marked seen, as for a returning player), removed at the end. Exit status 0; 1 when a wait
// timed out or a program ended (the screens are shown); 2 for bad arguments.
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/bench.h"
#include "engine/notation.h"
#include "tests/tools/proc_figures.h"
#include "tests/tools/vt_screen.h"

using namespace gobblet;

namespace {

std::int64_t now_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

[[noreturn]] void usage(const std::string& why) {
    std::fprintf(
        stderr,
        "screen-bench: %s\n"
        "usage: screen-bench moves ADDRESS [--plies N] [--gap SECONDS] [--seed N] [--size COLSxROWS] "
        "[--timeout SECONDS] [--samples]\n"
        "       screen-bench start [--runs N] [--size COLSxROWS] [--timeout SECONDS] --expect TEXT -- "
        "COMMAND...\n"
        "       screen-bench steps [--size COLSxROWS] [--timeout SECONDS] [--expect TEXT | --send TEXT "
        "| --pause SECONDS | --rss LABEL]... -- COMMAND...\n"
        "       screen-bench transcript PLIES [--seed N]\n",
        why.c_str());
    std::exit(2);
}

// A home of its own for one program: the save, settings and data folders, the tutorial seen.
class Home {
  public:
    Home() {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/screen-bench.XXXXXX";
        if (!::mkdtemp(pattern.data())) {
            std::perror("screen-bench: mkdtemp");
            std::exit(1);
        }
        dir_ = pattern;
        std::filesystem::create_directories(dir_ + "/state/gobblet");
        std::ofstream(dir_ + "/state/gobblet/tutorial.txt") << "% seen\n";
    }
    ~Home() {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    Home(const Home&) = delete;
    Home& operator=(const Home&) = delete;
    const std::string& dir() const { return dir_; }

  private:
    std::string dir_;
};

struct Size {
    int cols = 110, rows = 32;
};

// A program on a pseudo-terminal of its own, its screen as a person would read it.
class Program {
  public:
    Program(const std::string& name, const std::vector<std::string>& argv, Size size)
        : name_(name), screen_(size.cols, size.rows) {
        winsize ws{};
        ws.ws_col = static_cast<unsigned short>(size.cols);
        ws.ws_row = static_cast<unsigned short>(size.rows);
        started_us_ = now_us();
        pid_ = ::forkpty(&master_, nullptr, nullptr, &ws);
        if (pid_ < 0) {
            std::perror("screen-bench: forkpty");
            std::exit(1);
        }
        if (pid_ == 0) {
            ::setenv("TERM", "xterm-256color", 1);
            ::setenv("LC_ALL", "C.UTF-8", 1);
            for (const char* v : {"LINES", "COLUMNS", "NO_COLOR"}) ::unsetenv(v);
            ::setenv("XDG_STATE_HOME", (home_.dir() + "/state").c_str(), 1);
            ::setenv("XDG_DATA_HOME", (home_.dir() + "/data").c_str(), 1);
            ::setenv("XDG_CONFIG_HOME", (home_.dir() + "/config").c_str(), 1);
            std::vector<char*> args;
            for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            ::execvp(args[0], args.data());
            std::fprintf(stderr, "screen-bench: cannot run %s: %s\n", args[0], std::strerror(errno));
            ::_exit(127);
        }
    }
    ~Program() { stop(); }
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;

    const std::string& name() const { return name_; }
    int fd() const { return master_; }
    pid_t pid() const { return pid_; }
    bool closed() const { return closed_; }
    const tools::VtScreen& screen() const { return screen_; }
    std::int64_t started_us() const { return started_us_; }

    // Reads what the program has written (it is ready to be read); false once its terminal is closed.
    bool read_some() {
        char buf[65536];
        const ssize_t n = ::read(master_, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
        if (n <= 0) {
            closed_ = true;  // EIO: the program has ended
            return false;
        }
        screen_.feed(std::string_view(buf, std::size_t(n)));
        return true;
    }

    void send(std::string_view keys) {
        if (::write(master_, keys.data(), keys.size()) != ssize_t(keys.size())) {
            std::fprintf(stderr, "screen-bench: cannot type at %s: %s\n", name_.c_str(),
                         std::strerror(errno));
            std::exit(1);
        }
    }

    // Ends the program: SIGTERM (it leaves as on a closed terminal), SIGKILL after 5 s.
    void stop() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGTERM);
        const std::int64_t until = now_us() + 5'000'000;
        while (::waitpid(pid_, nullptr, WNOHANG) == 0) {
            if (now_us() > until) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, nullptr, 0);
                break;
            }
            pollfd p{master_, POLLIN, 0};
            if (closed_)
                ::usleep(5'000);  // (a closed terminal is always readable)
            else if (::poll(&p, 1, 20) > 0)
                read_some();
        }
        ::close(master_);
        pid_ = -1;
    }

  private:
    std::string name_;
    Home home_;
    tools::VtScreen screen_;
    int master_ = -1;
    pid_t pid_ = -1;
    bool closed_ = false;
    std::int64_t started_us_ = 0;
};

// Thrown when a measure cannot go on, once the screens are shown: the programs are ended and their homes
// removed on the way out.
struct GaveUp {};

[[noreturn]] void give_up(const std::vector<Program*>& all, const std::string& why) {
    std::fprintf(stderr, "screen-bench: %s\n", why.c_str());
    for (const Program* p : all)
        std::fprintf(stderr, "--- the screen of %s%s:\n%s", p->name().c_str(),
                     p->closed() ? " (its program has ended)" : "", p->screen().text().c_str());
    throw GaveUp{};
}

// When the reads that `done` is asked after began (for a predicate that times several things).
std::int64_t last_read_us = 0;

// Reads every program's output until `done` holds, checked after each read; the time of the read that
// made it hold. Gives up after `timeout_us`, or when a program ends.
std::int64_t wait_until(const std::vector<Program*>& all, const std::function<bool()>& done,
                        std::int64_t timeout_us, const std::string& what) {
    if (done()) return now_us();
    const std::int64_t until = now_us() + timeout_us;
    std::vector<pollfd> fds(all.size());
    for (;;) {
        const std::int64_t left = until - now_us();
        if (left <= 0) give_up(all, "timed out waiting for " + what);
        for (std::size_t i = 0; i < all.size(); ++i) fds[i] = {all[i]->fd(), POLLIN, 0};
        if (::poll(fds.data(), fds.size(), int(std::min<std::int64_t>(left / 1000 + 1, 100))) <= 0) continue;
        const std::int64_t t = last_read_us = now_us();
        bool read = false;
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            if (!all[i]->read_some())
                give_up(all, all[i]->name() + "'s program ended while waiting for " + what);
            read = true;
        }
        if (read && done()) return t;
    }
}

// Reads every program's output for `us` microseconds (they must never block on a full terminal).
void pump(const std::vector<Program*>& all, std::int64_t us) {
    const std::int64_t until = now_us() + us;
    std::vector<pollfd> fds(all.size());
    for (std::int64_t left = us; left > 0; left = until - now_us()) {
        for (std::size_t i = 0; i < all.size(); ++i) fds[i] = {all[i]->fd(), POLLIN, 0};
        if (::poll(fds.data(), fds.size(), int((left + 999) / 1000)) <= 0) continue;
        for (std::size_t i = 0; i < all.size(); ++i)
            if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) && !all[i]->read_some())
                give_up(all, all[i]->name() + "'s program ended");
    }
}

std::function<bool()> shows(const Program& p, std::string text) {
    return [&p, text = std::move(text)] { return p.screen().contains(text); };
}

// Whether a row of the move list shows move pair `pair` as `white` alone or `white black`.
bool shows_pair(const tools::VtScreen& s, int pair, const std::string& white, const std::string& black) {
    const std::string number = std::to_string(pair) + ".";
    for (int r = 0; r < s.rows(); ++r) {
        const std::string row = s.row(r);
        for (std::size_t at = row.find(number); at != std::string::npos; at = row.find(number, at + 1)) {
            if (at > 0 && row[at - 1] != ' ') continue;
            std::istringstream words(row.substr(at + number.size()));
            std::string w, b;
            words >> w >> b;
            if (w == white && (black.empty() || b == black)) return true;
        }
    }
    return false;
}

std::string main_program() {
    const char* bin = std::getenv("GOBBLET_BIN");
    return bin && *bin ? bin : "./main";
}

double number(const std::string& flag, const char* text, double low, double high) {
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    if (end == text || *end != '\0' || !(v >= low && v <= high))
        usage(flag + " is a number from " + std::to_string(low) + " to " + std::to_string(high));
    return v;
}

Size parse_size(const char* text) {
    Size s;
    if (std::sscanf(text, "%dx%d", &s.cols, &s.rows) != 2 || s.cols < 20 || s.rows < 10 || s.cols > 500 ||
        s.rows > 200)
        usage("--size is COLSxROWS, like 110x32");
    return s;
}

// The nearest-rank percentile of sorted samples.
double percentile(const std::vector<double>& sorted, double q) {
    std::size_t rank = std::size_t(q * double(sorted.size()) + 0.999999);
    rank = std::clamp<std::size_t>(rank, 1, sorted.size());
    return sorted[rank - 1];
}

int moves(int argc, char** argv) {
    if (argc < 3) usage("moves needs the server's ADDRESS");
    const std::string address = argv[2];
    int plies = 40;
    double gap = 0.2, timeout = 30;
    std::uint64_t seed = 1;
    Size size;
    bool samples = false;
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--samples") {
            samples = true;
            continue;
        }
        if (i + 1 >= argc) usage("missing the value of " + a);
        const char* v = argv[++i];
        if (a == "--plies")
            plies = int(number(a, v, 1, 1000));
        else if (a == "--gap")
            gap = number(a, v, 0, 60);
        else if (a == "--seed")
            seed = std::uint64_t(number(a, v, 0, 1e15));
        else if (a == "--timeout")
            timeout = number(a, v, 1, 3600);
        else if (a == "--size")
            size = parse_size(v);
        else
            usage("unknown option " + a);
    }
    const std::vector<Move> game = wandering_game(plies, seed);
    if (int(game.size()) < plies)
        usage("seed " + std::to_string(seed) + " gives a shorter game: try another");
    std::vector<std::string> texts;
    {
        std::istringstream lines(transcript_text(game));
        for (std::string m; lines >> m;) texts.push_back(m);
    }
    const std::int64_t wait_us = std::int64_t(timeout * 1e6);
    const std::string program = main_program();
    Program ada("Ada", {program, "--lobby", address, "--name", "Ada"}, size);
    Program ben("Ben", {program, "--lobby", address, "--name", "Ben"}, size);
    const std::vector<Program*> both{&ada, &ben};
    wait_until(
        both,
        [&] {
            return ada.screen().contains("logged in as Ada") && ben.screen().contains("logged in as Ben");
        },
        wait_us, "both clients to log in");
    // Ada posts a seek, Ben accepts it (tests/ui/lib.bash, seek_match).
    ada.send("p");
    ada.send("\x15official 4 none first-to 1 casual\r");
    // (the only seek, selected: its line under the lists names its poster)
    wait_until(both, shows(ben, "by Ada ("), wait_us, "Ada's seek on Ben's screen");
    ben.send("a");
    // Both game screens up and connected: each names both players beside their colours (the host's
    // match arrived; before it the panel shows no names).
    const auto named = [](const auto& s) {
        return (s.contains("White  Ada") || s.contains("White  Ben")) &&
               (s.contains("Black  Ada") || s.contains("Black  Ben"));
    };
    wait_until(
        both, [&] { return named(ada.screen()) && named(ben.screen()); }, wait_us,
        "both game screens, connected");
    // The server draws the colours: the game screen says who is White.
    std::string white_name;
    for (int r = 0; r < ada.screen().rows() && white_name.empty(); ++r) {
        const std::string row = ada.screen().row(r);
        if (const auto at = row.find("White  "); at != std::string::npos) white_name = row.substr(at + 7, 3);
    }
    if (white_name != "Ada" && white_name != "Ben")
        give_up(both, "the game screen does not say who plays White");
    Program& white = white_name == "Ada" ? ada : ben;
    Program& black = white_name == "Ada" ? ben : ada;
    std::printf(
        "screen: two lobby clients (%dx%d, TERM=xterm-256color) at %s, %s White; %d moves of a random game, "
        "a move "
        "every %.2f s\n",
        size.cols, size.rows, address.c_str(), white_name.c_str(), plies, gap);
    std::vector<double> ms, own_ms;
    for (int i = 0; i < plies; ++i) {
        Program& mover = i % 2 == 0 ? white : black;
        Program& other = i % 2 == 0 ? black : white;
        const std::string& m = texts[std::size_t(i)];
        mover.send(m);
        wait_until(both, shows(mover, "Move: " + m), wait_us, "move " + m + " typed at " + mover.name());
        const int pair = i / 2 + 1;
        const std::string w = i % 2 == 0 ? m : texts[std::size_t(i - 1)];
        const std::string b = i % 2 == 0 ? "" : m;
        // Both move lists: the other's (the measure) and the mover's own (the server's echo: a move is
        // shown once the server has committed it), each at the read after which it shows the move.
        std::int64_t own = 0, theirs = 0;
        std::int64_t t0 = now_us();
        mover.send("\r");
        // A move sent while news was on its way to this one (at the start, each player's arrival at the
        // board) is not played: the screen says so, though the news's own line may replace that at once
        // ("Ben is at the board"). A player whose move has not shown 2 s after Enter, with nothing typed
        // left and no premove waiting, types it again, and the time counts from then.
        int again = 0;
        wait_until(
            both,
            [&] {
                const auto& s = mover.screen();
                if (again < 5 && own == 0 && now_us() - t0 >= 2'000'000 && !s.contains("Move: " + m) &&
                    !s.contains("premove") && !shows_pair(s, pair, w, b)) {
                    ++again;
                    mover.send(m + "\r");
                    t0 = now_us();
                }
                if (own == 0 && shows_pair(mover.screen(), pair, w, b)) own = last_read_us;
                if (theirs == 0 && shows_pair(other.screen(), pair, w, b)) theirs = last_read_us;
                return own != 0 && theirs != 0;
            },
            wait_us, "move " + std::to_string(i + 1) + " (" + m + ") on both screens");
        ms.push_back(double(theirs - t0) / 1000);
        own_ms.push_back(double(own - t0) / 1000);
        if (samples)
            std::printf("move %d %s: %.3f ms (on the mover's own screen %.3f ms)\n", i + 1, m.c_str(),
                        ms.back(), own_ms.back());
        std::fflush(stdout);
        pump(both, std::int64_t(gap * 1e6));
    }
    std::sort(own_ms.begin(), own_ms.end());
    std::printf(
        "screen: the mover's own move list (the server's echo): median %.2f ms, p99 %.2f ms, worst %.2f ms\n",
        percentile(own_ms, 0.5), percentile(own_ms, 0.99), own_ms.back());
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf(
        "screen: %zu moves, Enter to the other screen: median %.2f ms, p90 %.2f ms, p99 %.2f ms, worst %.2f "
        "ms\n",
        sorted.size(), percentile(sorted, 0.5), percentile(sorted, 0.9), percentile(sorted, 0.99),
        sorted.back());
    return 0;
}

// COMMAND after "--", the options before it handed to `option` (which returns how many it took).
std::vector<std::string> command_after(int argc, char** argv, int from,
                                       const std::function<int(const std::string&, const char*)>& option) {
    int i = from;
    for (; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--") break;
        if (i + 1 >= argc) usage("missing the value of " + a);
        i += option(a, argv[i + 1]) - 1;
    }
    if (i + 1 >= argc) usage("no command after --");
    return std::vector<std::string>(argv + i + 1, argv + argc);
}

int start(int argc, char** argv) {
    int runs = 11;
    double timeout = 30;
    Size size;
    std::string expect;
    const auto command = command_after(argc, argv, 2, [&](const std::string& a, const char* v) {
        if (a == "--runs")
            runs = int(number(a, v, 1, 1000));
        else if (a == "--timeout")
            timeout = number(a, v, 1, 3600);
        else if (a == "--size")
            size = parse_size(v);
        else if (a == "--expect")
            expect = v;
        else
            usage("unknown option " + a);
        return 2;
    });
    if (expect.empty()) usage("start needs --expect TEXT: what the first screen shows");
    std::vector<double> ms, rss;
    for (int run = 0; run < runs; ++run) {
        Program p("the program", command, size);
        const std::int64_t t =
            wait_until({&p}, shows(p, expect), std::int64_t(timeout * 1e6), "\"" + expect + "\"");
        ms.push_back(double(t - p.started_us()) / 1000);
        rss.push_back(double(proc::rss_kib(p.pid())));
    }
    std::sort(ms.begin(), ms.end());
    std::sort(rss.begin(), rss.end());
    std::string shown;
    for (const std::string& a : command) shown += (shown.empty() ? "" : " ") + a;
    std::printf(
        "start: %s to \"%s\" on the screen, %d runs: median %.1f ms, fastest %.1f ms, worst %.1f ms; RSS "
        "then "
        "%.0f KiB (median)\n",
        shown.c_str(), expect.c_str(), runs, percentile(ms, 0.5), ms.front(), ms.back(),
        percentile(rss, 0.5));
    return 0;
}

int steps(int argc, char** argv) {
    struct Step {
        std::string kind, value;
    };
    std::vector<Step> todo;
    double timeout = 30;
    Size size;
    const auto command = command_after(argc, argv, 2, [&](const std::string& a, const char* v) {
        if (a == "--timeout")
            timeout = number(a, v, 1, 3600);
        else if (a == "--size")
            size = parse_size(v);
        else if (a == "--expect" || a == "--send" || a == "--rss")
            todo.push_back({a, v});
        else if (a == "--pause")
            todo.push_back({a, std::to_string(number(a, v, 0, 3600))});
        else
            usage("unknown option " + a);
        return 2;
    });
    Program p("the program", command, size);
    const std::vector<Program*> all{&p};
    for (const Step& s : todo) {
        if (s.kind == "--expect") {
            wait_until(all, shows(p, s.value), std::int64_t(timeout * 1e6), "\"" + s.value + "\"");
        } else if (s.kind == "--send") {
            p.send(s.value);
        } else if (s.kind == "--pause") {
            pump(all, std::int64_t(std::stod(s.value) * 1e6));
        } else {
            const int pid = p.pid();
            std::printf(
                "rss %s: %ld KiB (%ld KiB of it the heap and stacks, %ld KiB mapped files; peak %ld KiB)\n",
                s.value.c_str(), proc::rss_kib(pid), proc::status_kib(pid, "RssAnon:"),
                proc::status_kib(pid, "RssFile:"), proc::peak_rss_kib(pid));
            std::fflush(stdout);
        }
    }
    return 0;
}

int transcript(int argc, char** argv) {
    if (argc < 3) usage("transcript needs PLIES");
    const int plies = int(number("PLIES", argv[2], 1, double(max_transcript_moves)));
    std::uint64_t seed = 12345;
    if (argc == 5 && std::string(argv[3]) == "--seed")
        seed = std::uint64_t(number("--seed", argv[4], 0, 1e15));
    else if (argc != 3)
        usage("transcript PLIES [--seed N]");
    const std::vector<Move> game = wandering_game(plies, seed);
    if (int(game.size()) < plies)
        usage("seed " + std::to_string(seed) + " gives a shorter game: try another");
    std::fputs(transcript_text(game).c_str(), stdout);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    ::signal(SIGPIPE, SIG_IGN);
    if (argc < 2) usage("which measure: moves, start, steps or transcript");
    const std::string mode = argv[1];
    try {
        if (mode == "moves") return moves(argc, argv);
        if (mode == "start") return start(argc, argv);
        if (mode == "steps") return steps(argc, argv);
        if (mode == "transcript") return transcript(argc, argv);
    } catch (const GaveUp&) {
        return 1;
    }
    usage("unknown measure " + mode);
}
