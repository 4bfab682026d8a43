// What the screen shows apart from the match itself: the input mode and prompt, the message, the
// cursor, questions waiting for an answer, overlays, what the computer is doing. The view draws from
// this and the match alone (render from state).
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/analysis.h"
#include "engine/match.h"
#include "engine/player.h"
#include "keys.h"

namespace gobblet::ui {

// A place the cursor can be: a board square, or one of the side to move's reserve stacks.
struct Spot {
    bool stack = false;
    int row = 0, col = 0;  // board square
    int index = 0;         // stack 0-2
    friend bool operator==(const Spot&, const Spot&) = default;
};

// A page of help of its own, for what is open (a question, an overlay, an entry): ? shows it in the
// place of the game's help. The keys are "key, what it does" pairs.
struct HelpPage {
    std::string title;
    std::vector<std::string> paragraphs;
    std::vector<std::pair<std::string, std::string>> keys;
};

// A question that waits for one key: "start a new game? y/n", "accept the draw? y/n", who starts.
// Its answers are on the prompt line. Every question also takes ? (its help: what it asks and what each
// answer does), q (quit, as anywhere: the game is saved) and Esc when it has a default
// answer; the footer says so. Any other key repeats the question.
struct Question {
    std::string text;
    struct Answer {
        Key key;            // a character (either case), '\n' for Enter, 27 for Esc
        std::string label;  // "yes", "Eamon starts"
        std::function<void()> act;
        std::string help = {};  // what the answer does, for the ? help (else the label says it)
    };
    std::vector<Answer> answers;
    std::string help = {};    // why it is asked and what follows, for the ? help
    int default_answer = -1;  // the answer Esc gives; -1: none, the question needs an answer
    // Any other key, when the question is only an offer (the coach's "take it back?") or a notice ("press
    // any key"); null: any other key repeats the question.
    std::function<void()> on_other = {};
    std::string other_label = "play on";  // what any other key does, for the prompt line
};

// A one-line text entry: "go to move", "say", the join code.
struct LineEntry {
    std::string label;
    std::string text;
    std::size_t max_length = 64;
    std::function<void(const std::string&)> submit;
    std::function<void()> cancel;  // Esc; null: Esc just closes the entry
    // When it has help, ? shows it (? is then never text: the join code's entry); else ? is typed.
    std::optional<HelpPage> help = {};
    std::string esc_word = "cancel";  // what Esc does, for the footer
    // The text is offered selected (the seek filter as it stands, the last seek's terms): the first
    // character typed or pasted replaces it, Backspace empties it, an arrow, Home or End keeps it to edit;
    // Enter takes it as it is. Never appended to by accident.
    bool selected = false;
};

// One row of an overlay list (the settings menu, the list of games).
struct ListRow {
    // A constructor, not an aggregate, so that rows written {text, value} need not name the brief.
    ListRow(std::string t = {}, std::string v = {}, std::string b = {})
        : text(std::move(t)), value(std::move(v)), brief(std::move(b)) {}
    std::string text;
    std::string value;  // shown at the right, for settings
    std::string brief;  // the text in fewer words, where the whole does not fit ("" : none)
};

struct Overlay {
    std::string title;
    std::vector<ListRow> rows;
    int selected = 0;
    std::string footer;
    HelpPage help;  // what ? shows
};

struct SeatView {
    SeatKind kind = SeatKind::Human;
    std::string label;  // a computer's level ("max"); a remote seat's "remote computer" (a server's bot)
};

struct UiState {
    Mode mode = Mode::typing;
    std::string prompt;
    std::string message;
    bool message_is_error = false;
    std::string note;  // a line under the message until the player's first key ("new here? T opens ...")
    // The last chat line heard, shown under the message until the player's next key: news that follows
    // it at once (the other player's move) takes the message line, never the chat away.
    std::string chat_line;
    Spot cursor;
    std::optional<Spot> picked;  // a piece picked up with the cursor or the mouse
    // Whose pieces the cursor picks up, and whose stacks it reaches: the side to move (nullopt), or on the
    // other side's turn the side of the player here who makes a premove (ui/table.h).
    std::optional<Color> picker;
    // The premove that waits, for the status line ("premove W3B2 waits: Esc cancels it"); "" when none.
    std::string premove;
    std::array<SeatView, 2> seats;  // by player
    bool thinking = false;          // a seat or the hint is searching
    bool hinting = false;           // ... for a hint
    ThinkInfo info;
    // The computer thinks for the opponent of a human here: its best move so far is its own plan, which
    // that human (who could premove against it) does not see; only the depth is shown.
    bool plan_hidden = false;
    std::optional<Question> question;
    std::optional<LineEntry> entry;
    std::optional<Overlay> overlay;
    bool help = false;
    int help_scroll = 0;
    bool chat_page = false;  // with `help`: the chat log (M) in the help's place
    int list_scroll = -1;    // first move pair shown in the move list; -1 follows the last move
    bool paused = false;
    // An agreed pause of a network game ends by itself (net/referee.h): "by itself in 9:12", beside PAUSED.
    std::string pause_note;
    // The match ended away from the board (a server's match aborted: the lobby said so), in words for the
    // status line in the place of whose turn it is; "" while it goes on, or once the board says the end.
    std::string ended;
    bool reviewing = false;  // moves were stepped back: the computer waits
    std::string review;      // ... and where the review stands ("REVIEW at 2. W1A1"), on the status line
    // The other player's offer that stands beside the board, on the status line ("Eamon offers a draw: =
    // agrees, Esc declines"); "" when none does. It blocks no key.
    std::string offer;
    // Why a clock that runs in this match stands now ("the clocks stand: the terminal is too small to
    // show them"); "" when none does, or when an agreed pause says so (PAUSED).
    std::string clock_note;
    // The clocks the panel shows instead of the match's, by colour: a reviewed record's readings at the
    // move shown (the clocks of the review's copy never ran); nullopt: the match's own.
    std::optional<std::array<Millis, 2>> clock_faces;
    bool color = true;
    // A match's review: the score after the round shown, for the title (the copy shown stands before the
    // round's end until its last step).
    std::optional<std::array<int, 2>> score_after;
    std::string title_note;  // the network's state, in the title ("waiting for a player, code 7QK-M4X")
    // A joiner before the host's game arrived ("127.0.0.1:7000"): no rules, names or clock are known yet,
    // so the screen shows none, only where it joins.
    std::string joining;
    std::string activity;  // what else is searching, for the status ("the coach looks at your move")
    // The analysis panel, when shown: the latest result for the position shown (the view fits it to its
    // width with teach_text.h's analysis_rows), and a note on why it does not search now, if so.
    bool analysis = false;
    AnalysisResult analysis_result;
    std::string analysis_note;  // "paused while the computer plays", "the game is over"
    // The review's marks of the moves in the list ("", "?!", "?", "??"), by ply from the first move.
    std::vector<std::string> marks;
};

}  // namespace gobblet::ui
