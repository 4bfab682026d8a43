#include "keys.h"

#include <curses.h>

#include <algorithm>

#include "text.h"

namespace gobblet::ui {

namespace {
constexpr int ctrl(char c) { return c & 0x1f; }
constexpr int tab = '\t';
}  // namespace

// The order is the footer's order: what a player needs most comes first. Entries with Action::None
// name a group of keys once, for the footer and the help; the entries that dispatch those keys carry
// no text of their own.
const std::vector<KeyBinding>& key_table() {
    // clang-format off
    static const std::vector<KeyBinding> table = {
        {{ch('?'), special(KEY_F(1))}, Action::Help, "?", "help", "this help: the rules in force and every key", both, screen_all},
        {{ch('?'), special(KEY_F(1))}, Action::Help, "?", "help", "this help: every key of the lobby", both, screen_lobby},
        {{ch('q'), ch(ctrl('c')), ch(0x1c)}, Action::Quit, "q", "quit", "quit (the game is saved; --resume continues it)", both, screen_local},
        {{ch('q'), ch(ctrl('c')), ch(0x1c)}, Action::Quit, "q", "leave",
         "leave: back to the lobby (a match in progress asks first: the server keeps it, your clock runs after the grace while you are away, and Enter on it in the lobby takes you back)", both, screen_served},
        {{ch('q'), ch(ctrl('c')), ch(0x1c)}, Action::Quit, "q", "quit",
         "quit the program (asks first while a match of yours is in progress: the server keeps it)", both, screen_lobby},
        // The lobby (ui/lobby_screen.h).
        {{ch('\n'), ch('\r'), special(KEY_ENTER)}, Action::Select, "Enter", "act",
         "on the row selected: accept a seek (or withdraw one of yours), watch a game (or go back to your match), show a player's profile (c challenges them), show a tournament's live standings; in the history, review the game", both, screen_lobby},
        {{}, Action::None, "arrows", "select", "Up and Down select a row; Left and Right go to the other lists (seeks, games, players, tournaments)", both, screen_lobby},
        {{special(KEY_UP)}, Action::CursorUp, "", nullptr, "", both, screen_lobby},
        {{special(KEY_DOWN)}, Action::CursorDown, "", nullptr, "", both, screen_lobby},
        {{special(KEY_LEFT)}, Action::NextList, "", nullptr, "", both, screen_lobby},
        {{special(KEY_RIGHT)}, Action::NextList, "", nullptr, "", both, screen_lobby},
        {{ch('p')}, Action::Post, "p", "seek", "post a seek in your own words: 3+2 (3 minutes and 2 s a move), 3+2 rated, dm, rogers 3 none... in any order; what you leave out is as in your last seek (offered, selected: typing replaces it, Enter posts it as it is). Words: a clock (3+2, 5m+2s, dm, none), official or rogers, 4 or 3, first-to N, rated or casual, and who it is for: bots, a rating range (1400-1800)", both, screen_lobby},
        {{ch('a')}, Action::Accept, "a", "accept", "accept the seek or challenge selected: the match starts", both, screen_lobby},
        {{ch('c')}, Action::Challenge, "c", "challenge", "challenge a player: type NAME and what differs from your last terms (Eamon 3+2, Eamon rogers 3 none first-to 1 casual); the name alone challenges on your last terms", both, screen_lobby},
        {{ch('w')}, Action::Watch, "w", "watch", "watch the game selected (you see the board, clocks and moves, never the players' chat; Tab there talks to the other spectators)", both, screen_lobby},
        {{ch('o')}, Action::Observe, "o", nullptr, "observe: watch the game a player plays, by their name (FICS observe; the player selected is offered)", both, screen_lobby},
        {{ch('/')}, Action::Filter, "/", "filter", "filter the seeks: any of rated or casual, official or rogers, 4 or 3, the speeds as lichess names them (bullet, blitz, rapid, classical; ultrabullet, unlimited), the seekers' ratings (1400-1800); the filter in force is offered selected (typing replaces it), empty shows all. Seeks not for you (a rating range without yours) never show", both, screen_lobby},
        {{ch('i')}, Action::Profile, "i", "profile", "the profile of the player selected, or yours (FICS finger): ratings with deviations, games won, lost and drawn, the last games, registered and last seen", both, screen_lobby},
        {{ch('b')}, Action::Leaders, "b", "best", "the leaderboard (FICS best): the top players of each variant, only settled ratings", both, screen_lobby},
        {{ch('x')}, Action::Withdraw, "x", "withdraw", "withdraw your seek selected, decline a challenge to you, leave the tournament selected (after its start, leaving loses your remaining matches), or forget the machine selected in your machines (K)", both, screen_lobby},
        {{ch('e')}, Action::EnterTournament, "e", "enter", "enter the tournament selected (or shown) before it starts; x leaves it", both, screen_lobby},
        {{ch('S')}, Action::StartTournament, "S", "start", "start the tournament selected (or shown), when you organize it and two players or more have entered", both, screen_lobby},
        {{ch('f')}, Action::ChooseStarter, "f", "who starts", "choose who plays White in round 1 of a match of the tournament selected (or shown), when you organize it, before that match starts: type NAME OPPONENT (Eamon Liam)", both, screen_lobby},
        {{ch('n')}, Action::NewTournament, "n", "tournament", "new tournament that you organize: type NAME FORMAT MAX FIRST and the terms (autumn-dm round-robin 16 schedule official 4 dm first-to 2 rated; FORMAT round-robin, knockout or swiss-N; FIRST schedule or draw)", both, screen_lobby},
        {{ch(tab)}, Action::Chat, "Tab", "chat", "say something to everyone in the lobby; a line /tell NAME TEXT tells one player, /observe NAME watches their game", both, screen_lobby},
        {{ch('t')}, Action::Tell, "t", "tell", "tell a player something privately (FICS tell): type NAME and the text (the player selected, or whoever told you last, is offered); it rings their bell. On a game screen over the lobby, Tab then /tell NAME TEXT", both, screen_lobby},
        {{ch('M')}, Action::ChatLog, "M", "chat log", "the lobby's chat: its last 200 lines, to scroll (any other key comes back)", both, screen_lobby},
        {{ch('h')}, Action::History, "h", "history", "your finished games (or the selected player's): Enter reviews one on the board, s saves it", both, screen_lobby},
        {{ch('s')}, Action::Save, "s", "save", "history: save the game selected as a transcript (liam-white--eamon-black.txt)", both, screen_lobby},
        {{ch('P')}, Action::Password, "P", nullptr, "set a password for your name, to log in as you from another machine (typed twice, never shown; then y forgets every other machine, n keeps them)", both, screen_lobby},
        {{ch('K')}, Action::Machines, "K", nullptr, "the machines that log in as you (their last use, and from where): x forgets the one selected", both, screen_lobby},
        {{ch('N')}, Action::NoPlay, "N", nullptr, "refuse the challenges, rematches and tells of whoever challenges you (the challenge waiting) or of the player selected, or take them again: the server keeps refusing them while it runs (FICS noplay)", both, screen_lobby},
        {{ch('B')}, Action::Bell, "B", nullptr, "the bell on or off: a challenge, your seek taken and a tournament's round ring the terminal's bell (kept in the settings file as bell = on|off)", both, screen_lobby},
        {{ch('r')}, Action::Reconnect, "r", "reconnect", "connect to the server again now, without waiting", both, screen_lobby},
        {{ch('l')}, Action::Login, "l", "log in", "not logged in: log in with the name's password (typed, never shown)", both, screen_lobby},
        {{ch('g')}, Action::Guest, "g", "guest", "not logged in: log in as a guest (~NAME, unrated, nothing registered)", both, screen_lobby},
        {{ch(27)}, Action::Cancel, "Esc", "back", "close the history or a tournament's standings, or the entry being typed", both, screen_lobby},
        {{}, Action::None, "Enter", "play", "play the move typed at the prompt (Backspace edits it)", typing, screen_all},
        {{}, Action::None, "arrows", "cursor", "cursor mode: move a cursor over the board and your stacks", typing, screen_all},
        {{}, Action::None, "arrows hjkl", "move", "move the cursor; right of the board are your stacks", cursor, screen_all},
        {{}, Action::None, "Enter Space", "pick up/put down",
         "pick up the piece under the cursor, or put the picked piece down (mouse clicks do the same)", cursor, screen_all},
        {{special(KEY_UP)}, Action::CursorUp, "", nullptr, "", both, screen_all},
        {{special(KEY_DOWN)}, Action::CursorDown, "", nullptr, "", both, screen_all},
        {{special(KEY_LEFT)}, Action::CursorLeft, "", nullptr, "", both, screen_all},
        {{special(KEY_RIGHT)}, Action::CursorRight, "", nullptr, "", both, screen_all},
        {{ch('k')}, Action::CursorUp, "", nullptr, "", cursor, screen_all},
        {{ch('j')}, Action::CursorDown, "", nullptr, "", cursor, screen_all},
        {{ch('h')}, Action::CursorLeft, "", nullptr, "", cursor, screen_all},
        {{ch('l')}, Action::CursorRight, "", nullptr, "", cursor, screen_all},
        {{ch('\n'), ch('\r'), special(KEY_ENTER), ch(' ')}, Action::Pick, "", nullptr, "", cursor, screen_all},
        {{ch(27)}, Action::Cancel, "Esc", "typing", "clear the prompt, cancel a premove, or decline an offer that stands; in cursor mode, put a piece back and go back to typing", cursor, screen_all},
        {{ch(27)}, Action::Cancel, "", nullptr, "", typing, screen_all},
        {{ch('<'), ch('u')}, Action::Back, "< u", "undo", "undo, or step back through the game (against the computer, back to your turn); a network game: ask to take back your move, or agree to the other player's request that stands", both},
        {{ch('>'), ch('r')}, Action::Forward, "> r", "redo", "redo, or step forward; a new move after stepping back starts a new line", both},
        // (The group's entry names ComputerWhite so that the footer offers it only when the engine's help
        // allows a computer seat: ui/engine_help.h.)
        {{}, Action::ComputerWhite, "[ ]", "computer", "the computer plays White / Black: on or off, at any moment (a network game: your own side, when the host allows the engine's help)", both},
        {{ch('[')}, Action::ComputerWhite, "", nullptr, "", both},
        {{ch(']')}, Action::ComputerBlack, "", nullptr, "", both},
        {{ch('!')}, Action::Hint, "!", "hint", "hint: the move the computer would play, and why (not in a game on a server while it is played, nor in a network game unless the host allows the engine's help)", both},
        {{ch('p')}, Action::Pause, "p", "pause", "pause or resume the clocks (and a computer playing itself); a network game: offer it, or agree to the other player's offer that stands", both},
        {{ch('=')}, Action::OfferDraw, "=", "draw", "offer a draw (the opponent accepts or declines); a network game: agree to the other player's draw offer that stands", both},
        {{ch('R')}, Action::Resign, "R", "resign", "resign the game or round (asks first)", both},
        // c begins moves too (C3B2): it claims only while a claim stands, when no move of yours can be typed.
        {{ch('c')}, Action::Claim, "c", "claim", "network game: claim the round, or a draw, from an opponent who left and did not come back: under a clock as soon as their grace is over, without one 5 minutes later on their turn (a peer's host, a server's player)", both},
        {{ch('+')}, Action::MoreTime, "+", nullptr, "timed network game: give the other player 15 s more on their clock (at most 8 times a match; not in a tournament)", both},
        {{ch('E')}, Action::Abort, "E", "abort", "a server's match before each side has moved: abort it (no result, no rating; not in a tournament)", both, screen_served},
        {{ch(tab)}, Action::Chat, "Tab", "chat", "network game: say something to the other player; watching a server's game: to the other spectators (never to the players); a server's game: /tell NAME TEXT tells a player in the lobby", both},
        {{ch('M')}, Action::ChatLog, "M", "chat log", "network game: the chat's last 100 lines, both ways (any other key comes back)", both},
        {{ch('i')}, Action::Analysis, "i", "analysis", "analysis panel on or off: the best lines for the side to move, deepening while you think (in a timed match, switch it on before the first move; not in a game against a person on a server, nor watching a live one)", both},
        {{ch('s')}, Action::Save, "s", "save", "save the game under a new name", both},
        {{ch('o')}, Action::Open, "o", "open", "open a saved or archived game", both},
        {{ch('m')}, Action::Menu, "m", "menu", "settings: level, think time, computer sides, speed, the next game's rules and board, colours, board lines, the coach; its last row opens Grabble, the word game", both},
        {{ch('n')}, Action::NewGame, "n", "new", "new game (asks first; the current one is kept)", both},
        {{ch('t')}, Action::Copy, "t", nullptr, "copy the transcript to the terminal's clipboard (OSC 52)", both},
        {{special(KEY_HOME)}, Action::ToStart, "Home", nullptr, "go to the start of the game (review)", both},
        {{special(KEY_END)}, Action::ToEnd, "End", nullptr, "go to the last move played", both},
        {{ch('g')}, Action::GotoMove, "g", nullptr, "go to move N (type the number, then Enter)", both},
        {{}, Action::None, "PgUp PgDn", nullptr, "scroll the move list", both, screen_all},
        {{special(KEY_PPAGE)}, Action::ListUp, "", nullptr, "", both, screen_all},
        {{special(KEY_NPAGE)}, Action::ListDown, "", nullptr, "", both, screen_all},
        {{ch('P')}, Action::Puzzles, "P", nullptr, "puzzles: find the forced win (q comes back to this game)", both},
        {{ch('T')}, Action::Tutorial, "T", nullptr, "the tutorial: the rules played out on the board, a step at a time", both},
        // Grabble (ui/grabble/screen.h). While a game is played every letter and digit types a word, so
        // its commands are Space, '.', Esc and control keys; once it is over letters are commands too.
        {{ch('?'), special(KEY_F(1))}, Action::Help, "?", "help", "this help: the rules in force and every key (the game's time stands while the help, a list or the new-game screen is open)", both, screen_grabbles},
        {{}, Action::None, "Enter", "grab", "grab the word typed at the prompt (Backspace edits it); with several people at this keyboard, the player's number first: 2cats is player 2's CATS", typing, screen_grabble},
        {{ch(' ')}, Action::Reveal, "Space", "reveal", "reveal the next tile, when it is the turn of a person at this keyboard (a computer reveals on its own turn)", both, screen_grabble},
        {{ch('.')}, Action::Pass, ".", "pass", "pass: you see nothing to grab; once everyone has passed the next tile comes at once (in the last minute, the game ends). With several people here, . passes for all of them and 2. for player 2 alone", both, screen_grabble},
        {{ch(27)}, Action::Cancel, "Esc", "clear", "clear the word typed", both, screen_grabble},
        {{ch(ctrl('c')), ch(0x1c)}, Action::Quit, "^C", "quit", "quit (the game is saved: --game grabble --resume continues it)", both, screen_grabble},
        {{ch(ctrl('s')), special(KEY_F(2))}, Action::Save, "^S", "save", "save the game under a new name (F2 too)", both, screen_grabble},
        {{ch(ctrl('o')), special(KEY_F(3))}, Action::Open, "^O", "open", "open a saved, archived or autosaved Grabble game (F3 too); the game on the table is kept in your saves first", both, screen_grabble},
        {{ch(ctrl('n')), special(KEY_F(4))}, Action::NewGame, "^N", "new", "a new game: the new-game screen, every setting of the next game (F4 too); the game on the table is kept in your saves", both, screen_grabble},
        {{ch(ctrl('t'))}, Action::Copy, "^T", nullptr, "copy the game's transcript to the terminal's clipboard (OSC 52)", both, screen_grabble},
        {{ch('q'), ch(ctrl('c')), ch(0x1c)}, Action::Quit, "q", "quit", "quit (the finished game is kept in the archive)", both, screen_grabble_over},
        {{ch('r')}, Action::Review, "r", "review", "review the game tile by tile, with the best words nobody took at each reveal", both, screen_grabble_over},
        {{}, Action::None, "left right", "step", "in the review: a step back or on (Home and End: the start and the end)", both, screen_grabble_over},
        {{special(KEY_LEFT), ch('<')}, Action::Back, "", nullptr, "", both, screen_grabble_over},
        {{special(KEY_RIGHT), ch('>')}, Action::Forward, "", nullptr, "", both, screen_grabble_over},
        {{special(KEY_HOME)}, Action::ToStart, "", nullptr, "", both, screen_grabble_over},
        {{special(KEY_END)}, Action::ToEnd, "", nullptr, "", both, screen_grabble_over},
        {{ch(27)}, Action::Cancel, "Esc", "back", "leave the review: the table as the game ended", both, screen_grabble_over},
        {{ch('n'), ch(ctrl('n')), special(KEY_F(4))}, Action::NewGame, "n", "new", "a new game: the new-game screen, every setting of the next game", both, screen_grabble_over},
        {{ch('s'), ch(ctrl('s')), special(KEY_F(2))}, Action::Save, "s", "save", "save the game under a new name", both, screen_grabble_over},
        {{ch('o'), ch(ctrl('o')), special(KEY_F(3))}, Action::Open, "o", "open", "open a saved, archived or autosaved Grabble game", both, screen_grabble_over},
        {{ch('t'), ch(ctrl('t'))}, Action::Copy, "t", nullptr, "copy the game's transcript to the terminal's clipboard (OSC 52)", both, screen_grabble_over},
        // The puzzles (P, --puzzles).
        {{ch('n')}, Action::Next, "n", "next", "the next puzzle: the first one after this that is not solved yet", both, screen_puzzles},
        {{ch('r')}, Action::Retry, "r", "retry", "this puzzle again from its start (a retry is not counted)", both, screen_puzzles},
        {{ch('s')}, Action::Solution, "s", "solution", "show the solution (counts as failed)", both, screen_puzzles},
        {{ch('g')}, Action::GotoPuzzle, "g", nullptr, "go to puzzle N of the set", both, screen_puzzles},
        {{ch('q')}, Action::Leave, "q", "leave", "leave the puzzles (Esc too, on an empty prompt): back to the game, or quit after --puzzles", both, screen_puzzles},
        // The tutorial (T, --tutorial, and once on the first start).
        {{ch('n')}, Action::Next, "n", "next step", "the next step, once this one is done (Enter too)", both, screen_tutorial},
        {{}, Action::None, "Esc q", "skip", "skip the tutorial (Esc on an empty prompt), after a question: y skips it (it is not shown again, T brings it back), n or Esc goes on", both, screen_tutorial},
        {{ch('q')}, Action::Leave, "", nullptr, "", both, screen_tutorial},
    };
    // clang-format on
    return table;
}

Action action_for(Key key, Mode mode, ScreenKind screen) {
    for (const KeyBinding& b : key_table()) {
        if (!(b.modes & mode) || !(b.screens & screen) || b.action == Action::None) continue;
        for (const Key& k : b.keys)
            if (k == key) return b.action;
    }
    return Action::None;
}

void add_key_help(std::vector<std::string>& out, ScreenKind screen, int width,
                  const std::function<bool(Action)>& shown) {
    out.emplace_back();
    out.push_back("Keys:");
    for (const KeyBinding& b : key_table()) {
        if (!b.help || !*b.help || !(b.screens & screen)) continue;
        if (shown && !shown(b.action)) continue;
        std::string keys = b.keys_text;
        keys.resize(std::max<std::size_t>(keys.size(), 12), ' ');
        const auto lines = wrap(b.help, std::max(10, width - 14));
        for (std::size_t i = 0; i < lines.size(); ++i)
            out.push_back("  " + (i == 0 ? keys : std::string(12, ' ')) + lines[i]);
    }
}

}  // namespace gobblet::ui
