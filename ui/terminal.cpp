#include "terminal.h"

#include "input.h"  // before term.h, whose macros (lines, columns...) would rewrite it

#include <curses.h>
#include <langinfo.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace gobblet::ui {

volatile std::sig_atomic_t quit_requested = 0;

namespace {

SCREEN* screen = nullptr;
FILE* offscreen_out = nullptr;  // the off-screen terminal's /dev/null, both ways
FILE* offscreen_in = nullptr;
bool colors_on = false;
bool colors_started = false;
bool unicode = false;
bool ascii_asked = false;

struct termios saved_termios {};
bool have_termios = false;

void on_signal(int) { quit_requested = 1; }

void start_colors() {
    if (colors_started) return;
    colors_started = true;
    start_color();
    use_default_colors();
    init_pair(pair_white, COLOR_YELLOW, -1);
    init_pair(pair_black, COLOR_CYAN, -1);
    init_pair(pair_target, COLOR_BLACK, COLOR_GREEN);
    init_pair(pair_win, COLOR_BLACK, COLOR_YELLOW);
    init_pair(pair_title, COLOR_GREEN, -1);
    init_pair(pair_error, COLOR_RED, -1);
}

// The game is dying (a crash): put the terminal back as far as a signal handler can (write(2) and
// tcsetattr(3) are async-signal-safe; endwin is not), then die of the same signal.
void on_crash(int sig) {
    static const char restore[] = "\033[?1000l\033[?1002l\033[?1006l\033[?2004l\033[?1049l\033[?25h\r\n";
    const ssize_t n = write(STDOUT_FILENO, restore, sizeof restore - 1);
    (void)n;
    if (have_termios) tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
    signal(sig, SIG_DFL);
    raise(sig);
}

constexpr const char* paste_on = "\033[?2004h";
constexpr const char* paste_off = "\033[?2004l";

}  // namespace

Expected<void> open_terminal(bool want_color) {
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return Failure{
            "gobblet: the game needs a terminal (stdin and stdout are not one); to replay a transcript "
            "use "
            "--replay FILE, to drive the engine from a script use --gtp"};
    std::setlocale(LC_ALL, "");
    have_termios = tcgetattr(STDIN_FILENO, &saved_termios) == 0;
    unicode = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    // Probe the terminal type first: a newterm that fails leaks the screen it had begun (ncurses cannot
    // free it), while setupterm fails cleanly and its terminal is freed again on success.
    int term_status = 0;
    if (setupterm(nullptr, STDOUT_FILENO, &term_status) == OK) {
        del_curterm(cur_term);
        screen = newterm(nullptr, stdout, stdin);
    }
    if (!screen) {
        const char* term = std::getenv("TERM");
        return Failure{std::string("gobblet: cannot use this terminal (TERM=") + (term ? term : "unset") +
                       "); set TERM to your terminal's type (e.g. TERM=xterm-256color), or use --replay FILE "
                       "or --gtp"};
    }
    set_term(screen);
    raw();  // Ctrl-C arrives as a key, so quitting goes through the same path as `q`
    noecho();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);  // the event loop waits in poll(); reading keys never blocks
    set_escdelay(25);
    curs_set(1);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, nullptr);
    mouseinterval(0);
    define_key("\033[200~", paste_begin_code());
    define_key("\033[201~", paste_end_code());
    set_colors(want_color);
    std::fputs(paste_on, stdout);
    std::fflush(stdout);
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGQUIT, &sa, nullptr);  // Ctrl-\ quits like q, with the terminal restored
    struct sigaction crash {};
    crash.sa_handler = on_crash;
    sigemptyset(&crash.sa_mask);
    crash.sa_flags = SA_RESETHAND;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(sig, &crash, nullptr);
    return {};
}

bool has_colors_on() { return colors_on; }

bool set_colors(bool want) {
    colors_on = want && screen && has_colors();
    if (colors_on) start_colors();
    return colors_on;
}

bool unicode_on() { return unicode && !ascii_asked; }
bool utf8_locale() { return unicode; }
void set_ascii(bool ascii) { ascii_asked = ascii; }

Expected<void> open_offscreen_terminal(int height, int width) {
    offscreen_out = std::fopen("/dev/null", "w");
    offscreen_in = std::fopen("/dev/null", "r");
    if (!std::getenv("TERM")) setenv("TERM", "xterm-256color", 1);
    screen = offscreen_out && offscreen_in ? newterm(nullptr, offscreen_out, offscreen_in) : nullptr;
    if (!screen) {
        close_terminal();
        return Failure{"cannot open an off-screen terminal (set TERM)"};
    }
    set_term(screen);
    resizeterm(height, width);
    return {};
}

void close_terminal() {
    if (screen) {
        colors_started = false;
        if (!offscreen_out) {
            std::fputs(paste_off, stdout);
            std::fflush(stdout);
        }
        endwin();
        delscreen(screen);
        screen = nullptr;
    }
    for (FILE** f : {&offscreen_out, &offscreen_in})
        if (*f) {
            std::fclose(*f);
            *f = nullptr;
        }
}

void ring_bell() {
    if (!isendwin()) beep();
}

void copy_to_clipboard(std::string_view text) {
    static const char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string b64;
    std::size_t i = 0;
    for (; i + 2 < text.size(); i += 3) {
        const unsigned v =
            (unsigned char)text[i] << 16 | (unsigned char)text[i + 1] << 8 | (unsigned char)text[i + 2];
        b64 += {table[v >> 18], table[(v >> 12) & 63], table[(v >> 6) & 63], table[v & 63]};
    }
    if (i + 1 == text.size()) {
        const unsigned v = (unsigned char)text[i] << 16;
        b64 += {table[v >> 18], table[(v >> 12) & 63], '=', '='};
    } else if (i + 2 == text.size()) {
        const unsigned v = (unsigned char)text[i] << 16 | (unsigned char)text[i + 1] << 8;
        b64 += {table[v >> 18], table[(v >> 12) & 63], table[(v >> 6) & 63], '='};
    }
    std::fputs(("\033]52;c;" + b64 + "\a").c_str(), stdout);
    std::fflush(stdout);
}

}  // namespace gobblet::ui
