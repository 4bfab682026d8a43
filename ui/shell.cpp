#include "shell.h"

#include <curses.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "terminal.h"

namespace gobblet::ui {

Shell::Shell() : origin_(monotonic_ms()) {}

ScreenContext Shell::context() {
    return {nav_, loop_, [this] { return now_; }};
}

Millis Shell::read_time() {
    now_ = monotonic_ms() - origin_;
    return now_;
}

int Shell::run(std::unique_ptr<Screen> first, bool color) {
    if (const Expected<void> opened = open_terminal(color); !opened) {
        std::cerr << opened.why() << "\n";
        return 1;
    }
    const Millis start = read_time();
    push(std::move(first), start);
    apply(start);
    std::vector<pollfd> fds;
    struct Polled {
        std::uint64_t serial;
        std::size_t first, count;  // its entries in fds
    };
    std::vector<Polled> polled;
    EventLoop::Ready ready;  // what the last turn's wait found (nothing before the first)
    for (;;) {
        // The turn's one reading of the time: everything below, and every screen's clock, sees it.
        const Millis t = read_time();
        // What the wait found: the keys read, the descriptors' results back to the screen that asked for
        // them, by serial, since a key may have replaced it.
        if (ready.input) read_input(t);
        for (const Polled& p : polled)
            for (const Entry& e : stack_)
                if (e.serial == p.serial)
                    e.screen->on_poll(std::span<const pollfd>(fds).subspan(p.first, p.count), t);
        apply(t);
        if (done() || quit_requested) break;

        std::vector<InputEvent> events;
        input_.idle(t, events);
        for (const InputEvent& e : events) {
            if (done()) break;
            dispatch(e, t);
        }
        // Every screen, on top or not; a change one asks for waits until all have had their turn.
        for (const Entry& e : stack_) e.screen->service(t);
        apply(t);
        if (done()) break;
        last_draw_ = t;
        top().draw(t);

        fds.clear();
        polled.clear();
        for (const Entry& e : stack_) {
            const std::size_t begin = fds.size();
            e.screen->pollfds(fds);
            polled.push_back({e.serial, begin, fds.size() - begin});
        }
        ready = loop_.wait(fds, timeout_ms(t));
    }
    const Millis t = read_time();
    while (!stack_.empty()) {
        out_ += top().close(t);
        stack_.pop_back();
    }
    close_terminal();
    if (nav_.status() != 0 && !nav_.error().empty()) {
        std::cerr << "gobblet: " << nav_.error() << "\n";
        return nav_.status();
    }
    std::cout << out_;
    return nav_.status();
}

void Shell::dispatch(const InputEvent& e, Millis now) {
    if (e.kind == InputEvent::Kind::Key && e.key.special && e.key.code == KEY_RESIZE) return;  // just redraw
    if (e.kind == InputEvent::Kind::Paste)
        top().paste(e, now);
    else
        top().key(e.key, now);
    apply(now);  // the keys that follow go to the screen now on top
}

void Shell::apply(Millis now) {
    for (auto changes = nav_.take_changes(); !changes.empty(); changes = nav_.take_changes()) {
        for (Navigator::Change& c : changes) {
            switch (c.kind) {
                case Navigator::Kind::Push:
                    if (!stack_.empty()) top().covered(now);
                    push(std::move(c.screen), now);
                    break;
                case Navigator::Kind::Pop: {
                    if (stack_.empty()) break;
                    const std::string farewell = top().farewell();
                    std::string left = top().close(now);
                    stack_.pop_back();
                    if (stack_.empty())
                        out_ += left;  // the program ends with it
                    else
                        top().uncovered(farewell, now);
                    break;
                }
                case Navigator::Kind::Replace:
                    if (!stack_.empty()) {
                        top().close(now);
                        stack_.pop_back();
                    }
                    push(std::move(c.screen), now);
                    break;
            }
        }
    }
}

void Shell::push(std::unique_ptr<Screen> screen, Millis now) {
    stack_.push_back({std::move(screen), ++serials_});
    top().enter(now);
}

// Reads what the terminal has: keys through curses, and the body of a paste straight from the terminal
// in large chunks (curses reads a byte at a time: a 1 MB paste would keep the game busy for seconds).
void Shell::read_input(Millis t) {
    std::vector<InputEvent> events;
    for (int round = 0; round < 256 && !done(); ++round) {
        if (input_.collecting()) {
            char buf[1 << 16];
            pollfd pfd{STDIN_FILENO, POLLIN, 0};
            if (poll(&pfd, 1, 0) != 1 || !(pfd.revents & POLLIN)) break;
            const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
            if (n <= 0) break;
            const std::size_t used = input_.feed_bytes(std::string_view(buf, std::size_t(n)), t, events);
            // Keys typed after the paste's end marker go back to curses, which reads them as keys
            // (escape sequences included). Its queue is short; a flood after a paste is dropped.
            const std::size_t rest = std::min<std::size_t>(std::size_t(n) - used, 64);
            for (std::size_t i = rest; i > 0; --i) ungetch(static_cast<unsigned char>(buf[used + i - 1]));
            continue;
        }
        std::vector<Key> batch;
        for (int waits = 0; waits < 4; ++waits) {
            wint_t ch;
            int r;
            bool marker = false;
            while (batch.size() < max_batch && (r = get_wch(&ch)) != ERR) {
                batch.push_back(Key{int(ch), r == KEY_CODE_YES});
                if ((marker = r == KEY_CODE_YES && int(ch) == paste_begin_code())) break;
            }
            // Several characters at once may be the first of a paste that the terminal does not
            // bracket: give the rest a moment to arrive, so that it is seen as one.
            if (marker || batch.size() < 2 || batch.size() >= max_batch) break;
            pollfd pfd{STDIN_FILENO, POLLIN, 0};
            if (poll(&pfd, 1, 5) != 1) break;
        }
        if (batch.empty()) break;
        input_.feed(batch, t, events);
    }
    for (const InputEvent& e : events) {
        if (done()) break;
        dispatch(e, t);
    }
}

int Shell::timeout_ms(Millis t) const {
    Millis wait = redraw_ms - (t - last_draw_);
    const auto consider = [&wait](Millis m) {
        if (m >= 0 && m < wait) wait = m;
    };
    consider(input_.until_due(t));
    for (const Entry& e : stack_) consider(e.screen->until_next(t));
    return int(std::clamp<Millis>(wait, 0, redraw_ms));
}

}  // namespace gobblet::ui
