// Prompt, cursor, mouse and line-entry handling shared by the game and the exercise screens (puzzles,
// the tutorial), so that a key does the same on both.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "engine/expected.h"
#include "keys.h"
#include "state.h"
#include "view.h"

namespace gobblet::ui {

inline constexpr std::size_t max_prompt = 120;  // characters a typed move may have

// Enter and Backspace as the prompt takes them (Return or the keypad's Enter; Backspace, Delete or ^H).
bool is_enter(Key k);
bool is_backspace(Key k);

// PgUp (`up`) or PgDn on the move list of a game of `moves` moves: the first move pair shown moves by
// ten; -1 follows the last move.
void scroll_moves(int& list_scroll, std::size_t moves, bool up);

// The prompt line: the move typed so far (with the text cursor after it), or where the cursor is.
void prompt_chrome(const UiState& ui, Chrome& c);
// The prompt line and the footer of an open line entry, for a screen `width` columns wide (what is typed
// always shows: text.h's entry_view).
void entry_chrome(const LineEntry& e, Chrome& c, int width);

// Adds a typed character to the prompt (a control character is ignored), or says why not.
Expected<void> add_to_prompt(std::string& prompt, int c);

// A selection key of a list overlay (the game's menu and list of games, Grabble's new-game screen and
// list): Up and Down (j and k) a row, PgUp and PgDn ten, Home and End the first and the last, kept within
// its rows (scroll_list.h's move_selection). False, and nothing moved, for any other key.
bool overlay_select_key(Overlay& o, Key k);

// Moves the cursor on a board of `size`; right of the last column are the side to move's stacks.
void step_cursor(Spot& c, int size, int drow, int dcol);

// A key for an open line entry: edits its text, or says it is to be submitted (Enter) or cancelled
// (Esc, Ctrl-C). The caller closes the entry and acts.
enum class EntryOutcome { Edited, Submit, Cancel };
EntryOutcome edit_entry(LineEntry& e, Key k);
// A paste into an open line entry (a chat line, the join code, a seek's terms), as if typed: line breaks
// and tabs become one space, other control characters are dropped, and whole characters are added while
// the entry has room; spaces at the end are left out.
void paste_into_entry(LineEntry& e, std::string_view text);
// A key for the open line entry `entry`, whole: edits it, or closes it and submits its text (Enter), or
// closes it, says "cancelled" through `say` and runs its cancel (Esc, Ctrl-C).
void key_to_entry(std::optional<LineEntry>& entry, Key k, const std::function<void(std::string)>& say);

}  // namespace gobblet::ui
