// Exercises on the game's board (exercise.h): the screen's input and drawing.
#include "exercise.h"

#include <curses.h>

#include <algorithm>
#include <cctype>

#include "controls.h"
#include "game_screen.h"

namespace gobblet::ui {

// ---------------------------------------------------------------------------------------------------
// The screen

ExerciseScreen::ExerciseScreen(Navigator& nav, bool color) : nav_(nav) { ui_.color = color; }

std::vector<KeyRow<ExerciseScreen>> ExerciseScreen::with_board_rows(std::vector<KeyRow<ExerciseScreen>> own) {
    using S = ExerciseScreen;
    std::vector<KeyRow<S>> rows = {
        {Action::Help, nullptr,
         [](S& s) {
             s.ui_.help = true;
             s.ui_.help_scroll = 0;
         }},
        {Action::CursorUp, nullptr, [](S& s) { s.move_cursor(-1, 0); }},
        {Action::CursorDown, nullptr, [](S& s) { s.move_cursor(1, 0); }},
        {Action::CursorLeft, nullptr, [](S& s) { s.move_cursor(0, -1); }},
        {Action::CursorRight, nullptr, [](S& s) { s.move_cursor(0, 1); }},
        {Action::Pick, nullptr, [](S& s) { s.pick(s.ui_.cursor); }},
        {Action::Cancel, nullptr, [](S& s) { s.cancel(); }},
        {Action::ListUp, nullptr,
         [](S& s) { scroll_moves(s.ui_.list_scroll, s.board_.game().moves().size(), true); }},
        {Action::ListDown, nullptr,
         [](S& s) { scroll_moves(s.ui_.list_scroll, s.board_.game().moves().size(), false); }},
    };
    rows.insert(rows.end(), own.begin(), own.end());
    return rows;
}

void ExerciseScreen::show(const Game& game, Color player, const std::string& other_name) {
    std::array<std::string, 2> names = {"you", other_name};
    if (player == Color::Black) std::swap(names[0], names[1]);
    board_ = Match(MatchSettings{game.variant()}, names);
    board_.game() = game;
}

void ExerciseScreen::say(std::string text, bool error) {
    ui_.message = std::move(text);
    ui_.message_is_error = error;
}

void ExerciseScreen::enter_on_empty() {
    if (const Expected<void> allowed = move_allowed(); !allowed) return say(allowed.why(), true);
    say("Type a move (like W3B2) and press Enter, or press an arrow key to pick pieces with the cursor.");
}

void ExerciseScreen::key(Key k, Millis) {
    if (!k.special && (k.code == 3 || k.code == 0x1c)) return nav_.quit();  // Ctrl-C, Ctrl-\: from anywhere
    if (ui_.help) {
        if (!help_scroll_key(k, ui_.help_scroll)) ui_.help = false;
        return;
    }
    if (ui_.question) return question_key(k);
    if (ui_.entry) return entry_key(k);
    if (k.special && k.code == KEY_MOUSE) return mouse();
    if (ui_.mode == Mode::typing) {
        if (is_enter(k)) return ui_.prompt.empty() ? enter_on_empty() : submit();
        if (is_backspace(k)) {
            if (!ui_.prompt.empty()) ui_.prompt.pop_back();
            return;
        }
        if (!ui_.prompt.empty() && !k.special && k.code != 27) return type_char(k.code);
    }
    if (const Action a = keys().action(k, ui_.mode); a != Action::None) {
        if (const Expected<void> done = keys().press(*this, a); !done) say(done.why(), true);
        return;
    }
    // Any other character starts a typed move.
    if (!k.special && k.code > 32 && k.code != 127) {
        ui_.mode = Mode::typing;
        type_char(k.code);
    }
}

void ExerciseScreen::type_char(int c) {
    if (c < 32 || c == 127) return;
    if (ui_.prompt.empty()) starting_move();
    if (const Expected<void> added = add_to_prompt(ui_.prompt, c); !added) say(added.why(), true);
}

void ExerciseScreen::submit() {
    const std::string text = ui_.prompt;
    ui_.prompt.clear();
    const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(text);
    if (!parsed) return say(printable(parsed.why().written) + ": " + parsed.why().reason, true);
    if (parsed->empty()) return;
    if (parsed->size() > 1) return say("one move at a time here: " + printable(text), true);
    if (const Expected<void> allowed = move_allowed(); !allowed) return say(allowed.why(), true);
    move(parsed->front().spec);
}

// Esc: clears the prompt, puts a picked piece back, leaves cursor mode; with nothing of that to undo, it
// leaves the screen.
void ExerciseScreen::cancel() {
    if (!ui_.prompt.empty()) {
        ui_.prompt.clear();
        return;
    }
    if (ui_.picked) {
        ui_.picked.reset();
        say("put back");
        return;
    }
    if (ui_.mode == Mode::cursor) {
        ui_.mode = Mode::typing;
        return;
    }
    if (const Expected<void> left = keys().press(*this, Action::Leave); !left) say(left.why(), true);
}

void ExerciseScreen::pick(const Spot& spot) {
    starting_move();
    if (!move_allowed()) {  // no move now: Enter in cursor mode does what it does on the prompt
        ui_.picked.reset();
        return enter_on_empty();
    }
    const Position& pos = board_.game().position();
    const Color us = pos.side_to_move();
    if (!ui_.picked) {
        if (spot.stack) {
            if (!pos.stack_top(us, spot.index))
                return say(std::string("stack ") + "XYZ"[spot.index] + " is empty", true);
            ui_.picked = spot;
            return say(std::string("picked up ") + stack_name(us, spot.index) + ": choose where to put it");
        }
        const Square sq = make_square(spot.row, spot.col);
        if (!pos.top_size(sq)) return say(square_name(sq) + " is empty", true);
        if (pos.top_color(sq) != us)
            return say("the piece on " + square_name(sq) + " is " + color_name(~us) + "'s", true);
        ui_.picked = spot;
        return say("picked up the piece on " + square_name(sq) + ": choose where to put it");
    }
    const Spot from = *ui_.picked;
    if (spot == from) {
        ui_.picked.reset();
        return say("put back");
    }
    if (spot.stack) {  // another stack instead
        ui_.picked.reset();
        return pick(spot);
    }
    const Square to = make_square(spot.row, spot.col);
    if (move(from.stack ? MoveSpec::stack_of(us, from.index, to)
                        : MoveSpec::square(make_square(from.row, from.col), to)))
        ui_.picked.reset();
}

void ExerciseScreen::move_cursor(int drow, int dcol) {
    starting_move();
    if (ui_.mode != Mode::cursor) {
        ui_.mode = Mode::cursor;  // an arrow in typing mode enters cursor mode (and moves)
        ui_.prompt.clear();
    }
    step_cursor(ui_.cursor, board_.variant().size, drow, dcol);
}

void ExerciseScreen::mouse() {
    MEVENT ev;
    if (getmouse(&ev) != OK) return;
    const Layout l = make_layout(board_.variant().size, COLS, LINES);
    if (!l.fits()) return;
    const std::optional<Spot> spot = hit(l, board_.game().side_to_move(), 0, ev.y, ev.x);  // no clock here
    if (!spot) return;
    ui_.mode = Mode::cursor;
    ui_.cursor = *spot;
    pick(*spot);
}

void ExerciseScreen::ask(Question q) {
    say(q.text + "?");
    ui_.question = std::move(q);
}

void ExerciseScreen::question_key(Key k) {
    const Question q = *ui_.question;
    const auto answer = [this](const Question::Answer& a) {
        ui_.question.reset();
        if (a.act) a.act();
    };
    for (const Question::Answer& a : q.answers)
        if (!k.special && !a.key.special && std::tolower(k.code) == std::tolower(a.key.code))
            return answer(a);
    if (!k.special && k.code == 27 && q.default_answer >= 0)
        return answer(q.answers.at(std::size_t(q.default_answer)));
    say(q.text + "?");  // any other key asks again
}

void ExerciseScreen::entry_key(Key k) {
    key_to_entry(ui_.entry, k, [this](std::string text) { say(std::move(text)); });
}

void ExerciseScreen::paste(const InputEvent& e, Millis) {
    if (e.too_big || e.not_text) return say("paste refused: it is not a move", true);
    const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(e.text);
    if (!parsed) return say("paste refused: " + parsed.why().message(), true);
    if (parsed->size() != 1 || e.text.find('\n') != std::string::npos)
        return say("paste refused: here moves are played one at a time", true);
    ui_.mode = Mode::typing;
    ui_.prompt = e.text.substr(0, max_prompt);
}

void ExerciseScreen::draw(Millis now) {
    if (ui_.help)
        return draw_help(help_lines(board_, COLS - 1, keys().screen(), help_intro(), keys().listed(*this)),
                         ui_.help_scroll);
    ui_.title_note = title_note();
    Chrome c;
    c.status = status();
    if (ui_.question) {
        c.prompt_line = question_prompt(*ui_.question);
        c.footer = {"answer with one key   Ctrl-C quits"};
    } else if (ui_.entry) {
        entry_chrome(*ui_.entry, c, COLS - 1);
    } else {
        prompt_chrome(ui_, c);
        c.footer = keys().footer(*this, ui_.mode, std::max(20, COLS - 1), 2);
    }
    ui::draw(board_, ui_, c, now);
}

}  // namespace gobblet::ui
