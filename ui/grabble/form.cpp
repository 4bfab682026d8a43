// Grabble's new-game screen (screen.h): every setting of the next game, each a row (and each a flag of
// `--game grabble`); a change is kept in the settings file (grabble-FIELD) for the next time.
#include <curses.h>

#include <algorithm>
#include <filesystem>

#include "engine/clock.h"
#include "engine/text.h"
#include "saves/settings.h"
#include "saves/word_list.h"
#include "ui/controls.h"
#include "ui/grabble/screen.h"
#include "ui/terminal.h"

namespace gobblet::ui {

namespace gr = grabble;

namespace {

// The Debian lists the word list's row steps through (the installed ones).
const char* const debian_lists[] = {
    "american-english-small", "american-english", "american-english-large", "american-english-huge",
    "british-english-small",  "british-english",  "british-english-large",  "british-english-huge"};

std::vector<std::string> installed_lists(const std::string& current) {
    std::vector<std::string> out;
    for (const char* name : debian_lists) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(std::filesystem::path(saves::dict_dir) / name, ec))
            out.push_back(name);
    }
    if (std::find(out.begin(), out.end(), current) == out.end()) out.insert(out.begin(), current);
    return out;
}

template <class T>
T step(const std::vector<T>& values, const T& now, int delta) {
    auto it = std::find(values.begin(), values.end(), now);
    int i = it == values.end() ? 0 : int(it - values.begin());
    const int n = int(values.size());
    return values[std::size_t(((i + delta) % n + n) % n)];
}

std::string seat_value(const gr::Seat& s) {
    return s.computer ? s.name + ", computer " + level_name(s.level) : s.name + ", a person here";
}

}  // namespace

void GrabbleScreen::keep(std::string_view field) {
    const Expected<void> kept = saves::save_setting(saves::grabble_key(field), gr::choice_text(next_, field));
    if (!kept) say("this holds for the next game, but is not kept for the next time: " + kept.why(), true);
}

void GrabbleScreen::form_rows() {
    // The selection stays on its setting while rows come and go above it (a player added or removed).
    std::optional<FormRow> chosen;
    if (overlay_ && overlay_kind_ == OverlayKind::Form && overlay_->selected < int(form_.size()))
        chosen = form_[std::size_t(overlay_->selected)];
    form_.clear();
    Overlay o;
    o.title = "New game: the next game's settings (Esc: back to the game)";
    const auto row = [&](FormItem item, std::string text, std::string value, int player = 0) {
        form_.push_back({item, player});
        o.rows.push_back({std::move(text), std::move(value)});
    };
    row(FormItem::Start, "Start the game", "Enter");
    for (std::size_t p = 0; p < next_.players.size(); ++p)
        row(FormItem::Player, "Player " + std::to_string(p + 1), seat_value(next_.players[p]), int(p));
    if (int(next_.players.size()) < gr::max_players) row(FormItem::AddPlayer, "Add a player", "Enter");
    if (next_.players.size() > 1) row(FormItem::RemovePlayer, "Remove the last player", "Enter");
    row(FormItem::Computers, "The computers",
        next_.computer_waits ? "wait until every person passes" : "play at the same time");
    row(FormItem::Blanks, "Blanks", gr::blank_rule_name(next_.blanks));
    row(FormItem::MinLength, "Minimum word length", std::to_string(next_.min_length));
    row(FormItem::Words, "Word list", next_.word_list);
    row(FormItem::Tiles, "Tiles", gr::choice_text(next_, "tiles"));
    row(FormItem::Scoring, "Scoring", gr::scoring_name(next_.scoring));
    row(FormItem::Clues, "Show clues (the words there are to grab)", next_.show_clues ? "on" : "off");
    row(FormItem::TieWindow, "Tie window (grabs closer are both refused)",
        next_.timings.tie_window ? duration_text(next_.timings.tie_window) : "0 (the first wins)");
    row(FormItem::RevealPause, "Reveal pause (then a tile comes by itself)",
        next_.timings.reveal_pause ? duration_text(next_.timings.reveal_pause) : "off");
    row(FormItem::LastMinute, "Last minute (after the last tile)", duration_text(next_.timings.last_minute));
    row(FormItem::Colours, "Colours",
        has_colors() ? (color_ ? "on" : "off") : "off (this terminal has none)");
    if (open_gobblet_) row(FormItem::Gobblet, "Play Gobblet instead (the board game)", "Enter");
    o.selected = 0;
    if (chosen) {
        o.selected = std::min(overlay_->selected, int(o.rows.size()) - 1);
        for (std::size_t i = 0; i < form_.size(); ++i)
            if (form_[i].item == chosen->item && form_[i].player == chosen->player) o.selected = int(i);
        // The last player's row gone: the row of the one before it, then the row to add one.
        if (form_[std::size_t(o.selected)].item != chosen->item) {
            const FormItem instead =
                chosen->item == FormItem::RemovePlayer ? FormItem::AddPlayer : chosen->item;
            for (std::size_t i = 0; i < form_.size(); ++i)
                if (form_[i].item == instead) o.selected = int(i);
        }
    }
    o.footer = "up/down choose  left/right change  Enter start, type or change  Esc back  ? help";
    o.help = HelpPage{
        "New game (^N, or n after a game)",
        {"Each row is a setting of the next game; left and right change the one chosen, Enter types a value "
         "(a player's name, a word list, the tiles, a time) or starts the game on the first row. The game on "
         "the table, if it is under way, is kept in your saves when the new one starts.",
         "A player is a person at this keyboard or a computer at a level: easy knows the common words only "
         "and is slow to see them, medium and hard know more and see faster, max sees the best grab at "
         "once. Typing a player's name: NAME for a person, NAME=computer:LEVEL for a computer.",
         "The word list is a Debian list's name (american-english, american-english-huge...) or a file of "
         "one word a line (or the seed's anagram list: sorted letters, a tab, the word). The tiles are "
         "'english' (the classic 100) or changes to it: 'english Q0 ?4' drops the Q and has four blanks.",
         "Every choice is kept for the next time in " + saves::settings_path().string() +
             " (grabble-players = ..., grabble-blanks = ...); the flags of --game grabble win over it for "
             "their run."},
        {{"up down", "choose a row"},
         {"left right", "change it"},
         {"Enter", "start the game, type a value, or change it"},
         {"Esc", "back to the game (its time runs again)"},
         {"?", "this help; any key comes back"}}};
    overlay_ = std::move(o);
    overlay_kind_ = OverlayKind::Form;
}

void GrabbleScreen::open_form() {
    overlay_.reset();
    form_rows();
}

void GrabbleScreen::form_change(int delta, Millis now) {
    const FormRow r = form_[std::size_t(overlay_->selected)];
    switch (r.item) {
        case FormItem::Start:
        case FormItem::AddPlayer:
        case FormItem::RemovePlayer:
        case FormItem::Gobblet: return form_enter(now);
        case FormItem::Player: {
            // A person, then the computer's levels.
            gr::Seat& s = next_.players[std::size_t(r.player)];
            const int kind = s.computer ? 1 + int(s.level) : 0;
            const int next = ((kind + delta) % 5 + 5) % 5;
            s.computer = next > 0;
            if (s.computer) s.level = Level(next - 1);
            keep("players");
            break;
        }
        case FormItem::Computers:
            next_.computer_waits = !next_.computer_waits;
            keep("computers-play");
            break;
        case FormItem::Blanks:
            next_.blanks = step<gr::BlankRule>(
                {gr::BlankRule::None, gr::BlankRule::Sticking, gr::BlankRule::NonSticking}, next_.blanks,
                delta);
            keep("blanks");
            break;
        case FormItem::MinLength:
            next_.min_length =
                std::clamp(next_.min_length + delta, gr::min_word_length, gr::max_min_word_length);
            keep("min-length");
            break;
        case FormItem::Words:
            next_.word_list = step(installed_lists(next_.word_list), next_.word_list, delta);
            keep("words");
            break;
        case FormItem::Tiles:
            next_.tiles = gr::TileSet::english();
            keep("tiles");
            say("the classic 100 English tiles; Enter types other tiles ('english Q0 ?4')");
            break;
        case FormItem::Scoring:
            next_.scoring = step<gr::Scoring>(
                {gr::Scoring::Letters, gr::Scoring::LengthSquared, gr::Scoring::Tiles}, next_.scoring, delta);
            keep("scoring");
            break;
        case FormItem::Clues:
            next_.show_clues = !next_.show_clues;
            keep("clues");
            break;
        case FormItem::TieWindow:
            next_.timings.tie_window =
                step<Millis>({0, 100, 200, 300, 500, 1000, 2000}, next_.timings.tie_window, delta);
            keep("tie-window");
            break;
        case FormItem::RevealPause:
            next_.timings.reveal_pause =
                step<Millis>({0, 3000, 5000, 7000, 10000, 15000, 30000}, next_.timings.reveal_pause, delta);
            keep("reveal-pause");
            break;
        case FormItem::LastMinute:
            next_.timings.last_minute =
                step<Millis>({15000, 30000, 60000, 120000, 300000}, next_.timings.last_minute, delta);
            keep("last-minute");
            break;
        case FormItem::Colours:
            if (!has_colors()) {
                say("this terminal shows no colours", true);
                break;
            }
            color_ = set_colors(!color_);
            if (const auto kept = saves::save_setting("color", saves::switch_text(color_)); !kept)
                say(kept.why(), true);
            break;
    }
    form_rows();
}

void GrabbleScreen::form_enter(Millis now) {
    const FormRow r = form_[std::size_t(overlay_->selected)];
    // A typed value: set through the field's own reader (the flags' and the settings file's), then kept.
    const auto type = [&](std::string label, std::string_view field, std::string text) {
        LineEntry e;
        e.label = std::move(label);
        e.text = std::move(text);
        e.max_length = 200;
        e.submit = [this, f = std::string(field)](const std::string& value) {
            gr::Choice c;
            const Level level = options_.level.value_or(Level::Medium);
            if (const Expected<void> set = gr::set_choice(c, f, value, level); !set)
                return say(set.why(), true);
            const gr::Settings before = next_;
            next_ = gr::apply_choice(next_, c);
            if (f == "words") {
                const auto list = word_list(next_.word_list);
                if (!list) {
                    next_ = before;
                    return say(list.why(), true);
                }
                list_note_.clear();
                say("word list " + next_.word_list + ": " + (*list)->report().summary());
            }
            keep(f);
            form_rows();
        };
        entry_ = std::move(e);
    };
    switch (r.item) {
        case FormItem::Start: return start_new(now);
        case FormItem::Player: {
            const std::size_t p = std::size_t(r.player);
            LineEntry e;
            e.label = "Player " + std::to_string(p + 1) + " (NAME, or NAME=computer:LEVEL)";
            e.text = gr::player_text(next_.players[p]);
            e.max_length = 60;
            e.submit = [this, p](const std::string& value) {
                const Level level = options_.level.value_or(Level::Medium);
                const Expected<gr::Seat> seat = gr::parse_player(value, level);
                if (!seat) return say(seat.why(), true);
                for (std::size_t q = 0; q < next_.players.size(); ++q)
                    if (q != p && !seat->name.empty() && lower(next_.players[q].name) == lower(seat->name))
                        return say(seat->name + " plays already: each player needs a name of their own",
                                   true);
                next_.players[p] = *seat;
                gr::name_computers(next_.players);
                keep("players");
                form_rows();
            };
            entry_ = std::move(e);
            return;
        }
        case FormItem::AddPlayer:
            next_.players.push_back(gr::Seat{"", true, options_.level.value_or(Level::Medium)});
            gr::name_computers(next_.players);
            keep("players");
            break;
        case FormItem::RemovePlayer:
            next_.players.pop_back();
            keep("players");
            break;
        case FormItem::Words:
            return type("Word list (a Debian list's name, or a file)", "words", next_.word_list);
        case FormItem::Tiles:
            return type("Tiles ('english', or changes: english Q0 ?4)", "tiles",
                        gr::choice_text(next_, "tiles"));
        case FormItem::TieWindow:
            return type("Tie window (0 to 5s)", "tie-window", duration_text(next_.timings.tie_window));
        case FormItem::RevealPause:
            return type("Reveal pause (0: off, or 1s to 2m)", "reveal-pause",
                        duration_text(next_.timings.reveal_pause));
        case FormItem::LastMinute:
            return type("Last minute (1s to 10m)", "last-minute", duration_text(next_.timings.last_minute));
        case FormItem::Gobblet:
            if (open_gobblet_) {
                overlay_.reset();
                overlay_kind_ = OverlayKind::None;
                autosave(now, true);
                if (const Expected<void> opened = open_gobblet_(nav_); !opened) say(opened.why(), true);
                return;
            }
            return;
        default: return form_change(1, now);
    }
    form_rows();
}

void GrabbleScreen::form_key(Key k, Millis now) {
    if (overlay_select_key(*overlay_, k)) return;
    if (k.special) {
        switch (k.code) {
            case KEY_LEFT: return form_change(-1, now);
            case KEY_RIGHT: return form_change(1, now);
            case KEY_ENTER: return form_enter(now);
            default:
                if (k.code == KEY_F(1)) open_help();
                return;
        }
    }
    if (k.code == '?') return open_help();
    if (k.code == 27) {
        overlay_.reset();
        overlay_kind_ = OverlayKind::None;
        return;
    }
    if (k.code == 3 || k.code == 0x1c) return quit();  // Ctrl-C, Ctrl-\: as anywhere
    if (is_enter(k) || k.code == ' ') return form_enter(now);
}

}  // namespace gobblet::ui
