// The key table: one list of every command key of the board screens (the game, the puzzles, the
// tutorial), which drives the dispatch, the footer and the help screen, so that the three can never
// disagree. Keys that only edit or move inside something open are read where it is handled, not bound
// here: the prompt's and a line entry's editing keys (controls.h), a list overlay's selection keys
// (controls.h's overlay_select_key) and the help's scrolling keys (view.h's help_scroll_key).
//
// Input modes. The game is always in one of two modes, and the footer says which:
//  - typing (the default): on an empty prompt a key bound to a command acts; any other character
//    starts a typed move, and once the prompt holds something every character goes to it. No command
//    key can begin a move (moves begin with a-d, w, k, x-z or a digit). Enter plays what the prompt
//    holds; on an empty prompt it never picks up a piece.
//  - cursor: an arrow key or a mouse click enters it; arrows and h j k l move the cursor over the board
//    and the stacks, Enter or Space picks up and puts down, Esc goes back to typing. Any other character
//    goes back to typing with it (so K1C3 can be typed, k alone moves the cursor up).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace gobblet::ui {

enum class Action : std::uint8_t {
    None,
    Help,
    Quit,
    Back,     // undo, or a step back through the game
    Forward,  // redo, or a step forward
    ToStart,
    ToEnd,
    GotoMove,
    Save,
    Copy,
    NewGame,
    Open,  // the list of saved and archived games
    Menu,  // settings
    ComputerWhite,
    ComputerBlack,
    Hint,
    Analysis,
    Pause,
    OfferDraw,
    Resign,
    Claim,     // network game: claim the round (or a draw) of an opponent who left and did not come back
    MoreTime,  // network game: give the other player more time (lichess's moretime)
    Chat,
    ChatLog,  // the chat's last lines (a network or server game, the lobby)
    Puzzles,
    Tutorial,
    Next,      // puzzles: the next puzzle; tutorial: the next step
    Retry,     // puzzles: the same puzzle again
    Solution,  // puzzles: show the solution
    GotoPuzzle,
    Leave,   // leave the puzzles, skip the tutorial
    ListUp,  // scroll the move list
    ListDown,
    CursorUp,
    CursorDown,
    CursorLeft,
    CursorRight,
    Pick,    // cursor mode: pick up or put down
    Cancel,  // Esc: clear the prompt, put a piece back, leave cursor mode
    // The lobby (ui/lobby_screen.h).
    Select,           // Enter: act on the row selected (accept a seek, watch a game, challenge a player...)
    Post,             // post a seek
    Challenge,        // challenge a player by name
    Accept,           // accept the seek or challenge selected
    Withdraw,         // withdraw your seek, decline a challenge to you, or leave the tournament selected
    Watch,            // watch the game selected
    History,          // the finished games of yours (or of the player selected)
    Password,         // set the password of your name
    Machines,         // the machines that log in as you (and forgetting one)
    Reconnect,        // connect again now, instead of at the end of the backoff
    NextList,         // the next list: seeks, games, players, tournaments
    NewTournament,    // create a tournament (typed: name, format, players, who starts, terms)
    EnterTournament,  // enter the tournament selected
    StartTournament,  // the organizer starts the tournament selected
    ChooseStarter,    // the organizer chooses who starts a match of it (typed: the starter, the opponent)
    Login,            // not logged in: log in with the name's password
    Guest,            // not logged in: log in as a guest
    Profile,          // a player's profile (FICS finger): the one selected, or yours
    Leaders,          // the leaderboard (FICS best): the top settled ratings of each variant
    Filter,           // the seek list's filter: rated or casual, rules, board, the seekers' ratings
    Bell,             // the bell of notifications on or off (kept in the settings file)
    Abort,            // a server's match before each side has moved: end it without a result
    NoPlay,           // refuse a player's challenges and tells, or take them again (FICS noplay)
    Tell,             // a private line to a player (FICS tell)
    Observe,          // watch the game a player plays, by their name (FICS observe)
    // Grabble (ui/grabble/screen.h).
    Reveal,  // reveal the next tile
    Pass,    // nothing to grab: pass
    Review,  // a finished game, step by step, with the words nobody took
};

// A key as curses delivers it: a character, or a special key (KEY_HOME...), never confused.
struct Key {
    int code = 0;
    bool special = false;
    friend bool operator==(const Key&, const Key&) = default;
};
constexpr Key ch(int c) { return {c, false}; }
constexpr Key special(int code) { return {code, true}; }

// Where a binding works.
enum Mode : unsigned { typing = 1, cursor = 2, both = typing | cursor };
// On which screen a binding works: the game's (a game of this program, or a server's match or a review
// opened from the lobby, where q goes back to the lobby), one of the exercises on the same board
// (ui/exercise.h), or the lobby (ui/lobby_screen.h).
enum ScreenKind : unsigned {
    screen_local = 1,
    screen_puzzles = 2,
    screen_tutorial = 4,
    screen_served = 8,  // the game screen over the lobby: a server's match, a game watched, a review
    screen_lobby = 16,
    // Grabble's table while a game is played: every letter and digit types a word (ui/grabble/screen.h),
    // so its commands are other keys; once the game is over (and in its review) letters are commands.
    screen_grabble = 32,
    screen_grabble_over = 64,
    screen_grabbles = screen_grabble | screen_grabble_over,
    screen_game = screen_local | screen_served,
    screen_exercises = screen_puzzles | screen_tutorial,
    screen_all = screen_game | screen_exercises,
};

struct KeyBinding {
    std::vector<Key> keys;
    Action action;
    const char* keys_text;  // how the help and the footer name the keys: "< u", "PgUp PgDn"
    const char* footer;     // a word or two for the footer, or nullptr to list it in the help only
    const char* help;       // what it does, for the help screen
    unsigned modes;
    unsigned screens = screen_game;
};

const std::vector<KeyBinding>& key_table();

// The action bound to a key in a mode on a screen; Action::None when the key is not a command there (in
// typing mode, a character then goes to the prompt).
Action action_for(Key key, Mode mode, ScreenKind screen = screen_game);

// Adds the help's list of keys to `out`: a blank line, "Keys:", and every binding of the key table on
// `screen` with what it does (those of the actions `shown` accepts, when given), the keys in a column of
// their own and the words wrapped to `width` beside them.
void add_key_help(std::vector<std::string>& out, ScreenKind screen, int width,
                  const std::function<bool(Action)>& shown = {});

// The footer: "key word" pairs for the bindings of `mode` on `screen` that `available` accepts, in
// table order, as many as fit in `lines` lines of `width` columns.
template <class Available>
std::vector<std::string> footer_lines(Mode mode, int width, int lines, Available available,
                                      ScreenKind screen = screen_game) {
    std::vector<std::string> out(1);
    for (const KeyBinding& b : key_table()) {
        if (!b.footer || !(b.modes & mode) || !(b.screens & screen) || !available(b.action)) continue;
        const std::string item = std::string(b.keys_text) + " " + b.footer;
        if (!out.back().empty() && int(out.back().size() + 2 + item.size()) > width) {
            if (int(out.size()) == lines) break;
            out.emplace_back();
        }
        if (!out.back().empty()) out.back() += "  ";
        out.back() += item;
    }
    return out;
}

}  // namespace gobblet::ui
