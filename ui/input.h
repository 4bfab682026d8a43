// Turns the keys curses delivers into what the game acts on: single keys, and pastes.
//
// A paste arrives either bracketed (between the markers of bracketed paste mode) or, from terminals
// without it, as a burst of characters far faster than anyone types. Both become one Paste event, so
// that a pasted game is checked as a whole and a pasted 'k' is never taken for the cursor's "up".
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
// A batch of keys read at once that holds more characters than this, or a line break followed by more,
// is a paste that the terminal did not bracket: nobody types that fast.
constexpr std::size_t burst_threshold = 16;
// How long a burst or an unterminated bracketed paste may pause before it counts as finished.
constexpr Millis paste_quiet_ms = 150;
constexpr Millis bracketed_timeout_ms = 2000;

// The key codes curses gives the bracketed paste markers (terminal.cpp defines them).
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

// Appends the UTF-8 encoding of a character; false (and nothing appended) for a value that is not one.
bool append_utf8(std::string& out, int code_point);

}  // namespace gobblet::ui
