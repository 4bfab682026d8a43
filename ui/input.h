// Turns the keys curses delivers into what the game acts on: single keys, and pastes.
//
// The rule: keys that arrive together act as typed keys, one by one and in order, unless they are a
// paste. A paste is
//  - bracketed: everything between the markers of bracketed paste mode, whatever its size; or
//  - a burst too large to be typing: more than burst_threshold characters read at once, from a terminal
//    without bracketed paste.
// So "W3B2 Enter K1C3 Enter s" arriving in one read (type-ahead over a slow SSH link, a terminal that
// sends a typed word at once, keys typed while the machine was busy) plays two moves and saves, exactly
// as if typed slowly; a transcript pasted without brackets is still checked as a whole, and a pasted
// 'k' is never taken for the cursor's "up".
// Everything is bounded: a paste larger than max_paste_bytes is drained and refused as a whole, and no
// key is ever handled by recursion. Plain logic, no curses: the unit tests feed it keys.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/clock.h"
#include "keys.h"

namespace gobblet::ui {

// The largest paste the game reads: far more than any game (a 10,000-move transcript is about 50 KiB).
constexpr std::size_t max_paste_bytes = 256 * 1024;
// A batch of keys read at once (Shell::read_input gathers for at most 20 ms) that holds more characters
// than this is a paste that the terminal did not bracket; up to this many act as typed keys. Typing
// reaches about 10 characters a second, so 64 is some 6 seconds of fast typing held back by a stalled
// SSH link (TCP's retransmissions back off 1, 2, 4 s) or a machine too busy to read the keys, and ten
// moves typed ahead with their Enters; a word a terminal sends at once is far shorter. A transcript of
// 13 moves or more, or any saved game with its header, is longer.
constexpr std::size_t burst_threshold = 64;
// How long a burst or an unterminated bracketed paste may pause before it counts as finished.
constexpr Millis paste_quiet_ms = 150;
constexpr Millis bracketed_timeout_ms = 2000;

// The key codes curses gives the bracketed paste markers (input.cpp defines them; terminal.cpp tells
// curses about them).
int paste_begin_code();
int paste_end_code();

struct InputEvent {
    enum class Kind { Key, Paste } kind = Kind::Key;
    Key key;
    std::string text;        // Paste: the text, UTF-8
    bool bracketed = false;  // Paste: the terminal marked it (else it was a burst of typing speed)
    bool too_big = false;    // Paste: more than max_paste_bytes arrived; text is empty
    bool not_text = false;   // Paste: it held bytes that are not text (invalid UTF-8, control codes)
};

class InputAssembler {
  public:
    // One batch of keys, read together at `now`: appends the events they make to `out`.
    void feed(const std::vector<Key>& batch, Millis now, std::vector<InputEvent>& out);
    // Raw bytes of a paste being collected, read straight from the terminal (curses reads a byte at a
    // time, far too slowly for a large paste). Returns how many bytes it took: the bytes after a
    // bracketed paste's end marker are not taken and belong to the caller.
    std::size_t feed_bytes(std::string_view bytes, Millis now, std::vector<InputEvent>& out);
    // Nothing arrived: a burst or a bracketed paste that has been quiet long enough ends here.
    void idle(Millis now, std::vector<InputEvent>& out);
    // Milliseconds until idle() may end something (for the loop's timeout), or -1.
    Millis until_due(Millis now) const;
    // A paste is being collected.
    bool collecting() const { return state_ != State::Normal; }

  private:
    enum class State { Normal, Bracketed, Burst };
    void add(const Key& k);
    void add_bytes(std::string_view bytes);
    void finish(std::vector<InputEvent>& out);

    State state_ = State::Normal;
    std::string text_;
    bool too_big_ = false;
    bool not_text_ = false;
    std::string held_;  // the end of the last raw read, which may begin the end marker
    Millis last_ = 0;
};

}  // namespace gobblet::ui
