// build/pty-run: runs a program on a pseudo-terminal of its own and types at it, for the tests that must
// control exactly how keys reach the program (tmux's send-keys delivers them as it likes). Plain C++
// on forkpty: no python, expect or script(1) needed.
//
//   build/pty-run [--size COLSxROWS] [--timeout SECONDS] STEP... -- COMMAND [ARGS...]
//
// Steps, done in order:
//   --expect TEXT     wait until the program has written TEXT (raw bytes, escape sequences included)
//   --send TEXT       write TEXT to the terminal in one write(), as a fast terminal or SSH delivers it
//   --await-file DIR  wait until the folder DIR holds a file whose name does not begin with a dot (a
//                     save written by rename, never its temporary)
// Then it waits for the program to end, reading (and discarding) what it writes all along, so that it
// never blocks on a full terminal.
//
// Exit status: the program's own; 124 when a step or the program's end took longer than --timeout
// (default 30 s; the program is then killed and the end of its output shown on stderr); 2 for bad
// arguments or no terminal.
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace {

struct Step {
    enum class Kind { Expect, Send, AwaitFile } kind;
    std::string text;
};

long long now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Output bytes shown safely: control bytes as \xNN.
std::string shown(const std::string& bytes) {
    std::string out;
    for (unsigned char c : bytes) {
        if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out;
}

bool has_visible_file(const std::string& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return false;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.is_regular_file(ec) && e.path().filename().string()[0] != '.') return true;
    return false;
}

struct Runner {
    int master = -1;
    pid_t child = -1;
    std::string output;  // everything the program wrote (bounded: only its last megabyte is kept)
    std::size_t dropped = 0;
    bool closed = false;  // the program closed its terminal (it ended)
    int status = -1;

    // Reads what the program wrote for up to `wait_ms`; false once its terminal is closed.
    bool pump(int wait_ms) {
        if (closed) return false;
        pollfd p{master, POLLIN, 0};
        if (poll(&p, 1, wait_ms) <= 0) return true;
        char buf[4096];
        const ssize_t n = read(master, buf, sizeof buf);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) return true;
            closed = true;  // EIO: the other side is gone
            return false;
        }
        output.append(buf, std::size_t(n));
        constexpr std::size_t keep = 1 << 20;
        if (output.size() > 2 * keep) {
            dropped += output.size() - keep;
            output.erase(0, output.size() - keep);
        }
        return true;
    }

    bool reaped() {
        if (status >= 0) return true;
        int st = 0;
        if (waitpid(child, &st, WNOHANG) != child) return false;
        status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        return true;
    }

    [[noreturn]] void give_up(const std::string& what) {
        std::fprintf(stderr, "pty-run: timed out %s\n", what.c_str());
        const std::string tail = output.size() > 2000 ? output.substr(output.size() - 2000) : output;
        std::fprintf(stderr, "pty-run: the end of the program's output:\n%s\n", shown(tail).c_str());
        if (status < 0) {
            kill(child, SIGKILL);
            waitpid(child, nullptr, 0);
        }
        std::exit(124);
    }
};

int usage(const char* why) {
    std::fprintf(stderr,
                 "pty-run: %s\nusage: pty-run [--size COLSxROWS] [--timeout SECONDS] [--expect TEXT | "
                 "--send TEXT | --await-file DIR]... -- COMMAND [ARGS...]\n",
                 why);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    winsize size{};
    size.ws_col = 100;
    size.ws_row = 30;
    long long timeout_ms = 30'000;
    std::vector<Step> steps;
    int i = 1;
    for (; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--") break;
        if (i + 1 >= argc) return usage(("missing the value of " + a).c_str());
        const std::string v = argv[++i];
        if (a == "--size") {
            unsigned cols = 0, rows = 0;
            if (std::sscanf(v.c_str(), "%ux%u", &cols, &rows) != 2 || cols < 10 || rows < 5 || cols > 1000 ||
                rows > 1000)
                return usage("--size is COLSxROWS, like 100x30");
            size.ws_col = static_cast<unsigned short>(cols);
            size.ws_row = static_cast<unsigned short>(rows);
        } else if (a == "--timeout") {
            const double s = std::atof(v.c_str());
            if (!(s > 0 && s <= 3600)) return usage("--timeout is a number of seconds, from above 0 to 3600");
            timeout_ms = static_cast<long long>(s * 1000);
        } else if (a == "--expect") {
            steps.push_back({Step::Kind::Expect, v});
        } else if (a == "--send") {
            steps.push_back({Step::Kind::Send, v});
        } else if (a == "--await-file") {
            steps.push_back({Step::Kind::AwaitFile, v});
        } else {
            return usage(("unknown option " + a).c_str());
        }
    }
    if (i + 1 >= argc) return usage("no command after --");
    char** command = argv + i + 1;

    Runner r;
    r.child = forkpty(&r.master, nullptr, nullptr, &size);
    if (r.child < 0) {
        std::perror("pty-run: forkpty");
        return 2;
    }
    if (r.child == 0) {
        execvp(command[0], command);
        std::fprintf(stderr, "pty-run: cannot run %s: %s\n", command[0], std::strerror(errno));
        _exit(127);
    }
    const long long deadline = now_ms() + timeout_ms;
    const auto left = [deadline] { return deadline - now_ms(); };
    std::size_t seen_from = 0;  // --expect looks only at output after what the last --expect found
    for (const Step& s : steps) {
        switch (s.kind) {
            case Step::Kind::Expect:
                for (;;) {
                    const std::size_t base = seen_from > r.dropped ? seen_from - r.dropped : 0;
                    if (const std::size_t at = r.output.find(s.text, base); at != std::string::npos) {
                        seen_from = r.dropped + at + s.text.size();
                        break;
                    }
                    if (left() <= 0 || !r.pump(int(std::min<long long>(left(), 50))))
                        r.give_up("waiting for the output " + shown(s.text));
                }
                break;
            case Step::Kind::Send: {
                const ssize_t n = write(r.master, s.text.data(), s.text.size());
                if (n != ssize_t(s.text.size())) {
                    std::fprintf(stderr, "pty-run: the write of %zu bytes wrote %zd\n", s.text.size(), n);
                    r.give_up("writing");
                }
                break;
            }
            case Step::Kind::AwaitFile:
                while (!has_visible_file(s.text)) {
                    if (left() <= 0) r.give_up("waiting for a file in " + s.text);
                    r.pump(int(std::min<long long>(left(), 50)));
                }
                break;
        }
    }
    while (!r.reaped()) {
        if (left() <= 0) r.give_up("waiting for the program to end");
        if (!r.pump(int(std::min<long long>(left(), 50)))) {
            // Its terminal is closed: it has ended, or is about to.
            if (!r.reaped()) usleep(10'000);
        }
    }
    close(r.master);
    return r.status;
}
