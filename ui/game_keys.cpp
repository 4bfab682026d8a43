// The game screen's keys (game_screen.h): what each key does on the prompt, in cursor mode, with the
// mouse, in the help, a line entry, an overlay or a question, and pastes (read by game_paste.h); a command
// key runs its row (game_rows.cpp) when it works, else says why.
#include <curses.h>

#include <algorithm>
#include <cctype>

#include "controls.h"
#include "game_paste.h"
#include "game_screen.h"
#include "keys.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// Keys

void GameScreen::on_key(Key k) {
    ui_.note.clear();       // said once: the player has seen it
    ui_.chat_line.clear();  // seen too
    if (ui_.help) return help_key(k);
    if (ui_.overlay) return overlay_key(k);
    if (ui_.entry) return entry_key(k);
    if (ui_.question) return question_key(k);
    if (k.special && k.code == KEY_MOUSE) return on_mouse();
    if (ui_.mode == Mode::typing) {
        if (is_enter(k)) return enter_pressed();
        if (is_backspace(k)) {
            if (!ui_.prompt.empty()) ui_.prompt.pop_back();
            return;
        }
        if (!ui_.prompt.empty() && !k.special && k.code != 27 && k.code != 3) return type_char(k.code);
    }
    // A command key runs its row when it works, and otherwise says why (game_rows.cpp). But c claims a
    // round only while a claim stands (it asks first: Esc waits, and C3B2 typed with a capital C is a
    // move); otherwise it begins a move like c3b2.
    if (const Action a = keys().action(k, ui_.mode);
        a != Action::None && (a != Action::Claim || keys().works(*this, a)))
        return say_if(keys().press(*this, a));
    // Any other character starts a typed move (a mistyped one is quoted whole when it is refused).
    if (!k.special && k.code > 32 && k.code != 127) {
        ui_.mode = Mode::typing;
        type_char(k.code);
    }
}

void GameScreen::type_char(int c) { say_if(add_to_prompt(ui_.prompt, c)); }

void GameScreen::enter_pressed() {
    if (!ui_.prompt.empty()) return submit_prompt();
    const Game& g = match().game();
    if (ui_.reviewing && !g.over() && table_.seats().is_computer(table_.seat_of(g.side_to_move()))) {
        table_.drop_redo();
        say("the computer plays on from here; the later moves are dropped");
        table_.after_change(false);
        return;
    }
    say("Type a move (like W3B2) and press Enter, or press an arrow key to pick pieces with the cursor.");
}

void GameScreen::submit_prompt() {
    const std::string text = ui_.prompt;
    ui_.prompt.clear();
    const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(text);
    if (!parsed) {
        say(printable(parsed.why().written) + ": " + parsed.why().reason, true);
        return;
    }
    if (parsed->empty()) return;
    if (parsed->size() > 1) {
        InputEvent e;
        e.kind = InputEvent::Kind::Paste;
        e.text = text;
        return on_paste(e);
    }
    play(parsed->front().spec);
}

void GameScreen::help_key(Key k) {
    if (help_scroll_key(k, ui_.help_scroll)) return;
    if (k.code == 3) leave();
    ui_.help = ui_.chat_page = false;  // any other key closes the help (or the chat log)
    // The game's help names T; a question's or an overlay's help comes back to it.
    if (!own_help() && keys().action(k, ui_.mode) == Action::Tutorial)
        say_if(keys().press(*this, Action::Tutorial));
}

namespace {

bool is_help_key(Key k) { return (!k.special && k.code == '?') || (k.special && k.code == KEY_F(1)); }
// q, and the keys that quit everywhere (Ctrl-C, Ctrl-\), as the key table binds them.
bool is_quit_key(Key k) { return action_for(k, Mode::typing) == Action::Quit; }

// How the prompt line and the help name a key.
std::string key_name(Key k) {
    if (k.special) return k.code == KEY_ENTER ? "Enter" : "?";
    if (k.code == '\n' || k.code == '\r') return "Enter";
    if (k.code == 27) return "Esc";
    if (k.code == ' ') return "Space";
    return std::string(1, char(k.code));
}

}  // namespace

std::string question_prompt(const Question& q) {
    std::string line;
    for (std::size_t i = 0; i < q.answers.size(); ++i) {
        const Question::Answer& a = q.answers[i];
        std::string key = key_name(a.key);
        if (int(i) == q.default_answer && key != "Esc") key += "/Esc";
        line += (line.empty() ? "" : "   ") + key + " " + a.label;
    }
    if (q.on_other)
        line += q.answers.empty() ? "press any key: " + q.other_label : "   any other key: " + q.other_label;
    return line;
}

std::vector<std::string> question_footer(const Question& q, ScreenKind screen) {
    if (q.answers.empty()) return {"? help"};  // a notice: any key goes on
    std::vector<std::string> f = {
        std::string("answer with one key   ? help   ") +
        (screen == screen_served ? "q back to the lobby" : "q quit (the game is saved)")};
    if (q.default_answer < 0 && !q.on_other) f.push_back("no default answer: Esc does not answer it");
    return f;
}

HelpPage question_help(const Question& q, ScreenKind screen) {
    HelpPage page;
    page.title = "The question: " + q.text;
    if (!q.help.empty()) page.paragraphs.push_back(q.help);
    for (std::size_t i = 0; i < q.answers.size(); ++i) {
        const Question::Answer& a = q.answers[i];
        page.keys.push_back({key_name(a.key), a.help.empty() ? a.label : a.help});
        if (int(i) == q.default_answer && key_name(a.key) != "Esc")
            page.keys.push_back({"Esc", "the same as " + key_name(a.key) + ": " + a.label});
    }
    if (q.on_other)
        page.keys.push_back(
            {q.answers.empty() ? "any key" : "any other key",
             q.answers.empty() ? q.other_label : q.other_label + ": the key then does what it does"});
    if (!q.answers.empty())
        page.keys.push_back(
            {"q", screen == screen_served ? "back to the lobby (the server keeps the match)" : quit_help});
    page.keys.push_back({"?", "this help; any key comes back to the question"});
    if (q.default_answer < 0 && !q.on_other && !q.answers.empty())
        page.paragraphs.push_back(
            "There is no default answer here, so Esc does not answer it: choose one of the keys "
            "below, or leave with q and come back to it later.");
    return page;
}

void GameScreen::question_key(Key k) {
    const Question& q = *ui_.question;
    const auto answer = [this](const Question::Answer& a) {
        const auto act = a.act;
        ui_.question.reset();
        if (act) act();
    };
    for (const auto& a : q.answers) {
        const bool enter_answer = !a.key.special && a.key.code == '\n';
        if ((enter_answer && is_enter(k)) || (!k.special && !a.key.special && !enter_answer &&
                                              std::tolower(k.code) == std::tolower(a.key.code)))
            return answer(a);
    }
    const bool esc = !k.special && k.code == 27;
    if (esc && q.default_answer >= 0) return answer(q.answers.at(std::size_t(q.default_answer)));
    if (is_help_key(k)) return open_help();
    if (is_quit_key(k)) {
        leave();  // the game is saved as it stands: a round's question is asked again after --resume
        return;
    }
    if (q.on_other) {  // an offer declined by going on: the key then does what it does
        const auto other = q.on_other;
        const bool has_answers = !q.answers.empty();
        ui_.question.reset();
        other();
        if (has_answers && !esc) on_key(k);
        return;
    }
    if (esc) {
        std::string keys;
        for (const auto& a : q.answers) keys += (keys.empty() ? "" : " or ") + key_name(a.key);
        say(q.text + " There is no default answer: press " + keys + " (? explains, q quits).");
        return;
    }
    say(q.text, false);  // any other key repeats the question
}

void GameScreen::entry_key(Key k) {
    if (ui_.entry->help && is_help_key(k)) return open_help();
    key_to_entry(ui_.entry, k, [this](std::string text) { say(std::move(text)); });
}

void GameScreen::on_mouse() {
    MEVENT ev;
    if (getmouse(&ev) != OK) return;
    const Layout l = make_layout(match().variant().size, COLS, LINES);
    if (!l.fits()) return;
    const int clock_rows = match().clock().enabled() ? 1 : 0;
    if (const auto spot = hit(l, picker(), clock_rows, ev.y, ev.x)) {
        ui_.mode = Mode::cursor;
        ui_.cursor = *spot;
        on_spot(*spot);
    }
}

void GameScreen::move_cursor(int drow, int dcol) {
    if (ui_.mode != Mode::cursor) {
        ui_.mode = Mode::cursor;  // an arrow in typing mode enters cursor mode (and moves)
        ui_.prompt.clear();
    }
    step_cursor(ui_.cursor, match().variant().size, drow, dcol);
}

void GameScreen::overlay_key(Key k) {
    const GameOverlays::Next next = overlays_.key(k);
    switch (next.kind) {
        case GameOverlays::Next::Kind::Stay: return;
        case GameOverlays::Next::Kind::Help: return open_help();
        case GameOverlays::Next::Kind::Leave: return leave();
        case GameOverlays::Next::Kind::Open: return open_record(next.path);
        case GameOverlays::Next::Kind::Grabble: return open_grabble();
    }
}

// A paste: read by read_paste (game_paste.h), then acted on here.
void GameScreen::on_paste(const InputEvent& e) {
    ui_.note.clear();  // the player is at the keyboard: the start's note has been seen
    // A paste goes to the line being edited (a chat line, the join code, a move number), never to the board.
    if (ui_.entry) return paste_into_entry(*ui_.entry, e.text);
    PasteReading r = read_paste(e, match(), table_.networked(), ui_.prompt);
    if (r.prompt) ui_.prompt = *r.prompt;
    switch (r.kind) {
        case PasteReading::Kind::Refused: return say(r.text, true);
        case PasteReading::Kind::Prompt: ui_.mode = Mode::typing; return;
        case PasteReading::Kind::Continue:
            table_.continue_with(r.moves);
            ui_.picked.reset();
            say(r.text + "; " + outcome_text(match().game().result(), match().game().side_to_move()));
            table_.after_change(true);
            return;
        case PasteReading::Kind::Whole: break;
    }
    ask(Question{
        .text = "the paste is " + r.what + ": replace the current game with it? (the current one is kept)",
        .answers = {{ch('y'), "replace",
                     [this, pending = r.record] {
                         const std::string kept =
                             previous_game_note(table_.replace_match(std::move(*pending)));
                         ui_.picked.reset();
                         teacher_.new_match(true);
                         say("replaced the game with the pasted one (" +
                             moves_text(match().game().moves().size()) + ")" + kept);
                         table_.after_change(false);
                     },
                     "the pasted game replaces the one on the board, which goes to your saves first"},
                    {ch('n'), "keep the current game", [this] { say("cancelled: nothing changed"); },
                     "nothing changes: the paste is dropped"}},
        .help = "The paste does not follow on from the game on the board: it is a game of its own from the "
                "start.",
        .default_answer = 1});
    say(ui_.question->text);
}

}  // namespace gobblet::ui
