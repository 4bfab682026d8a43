// The overlays over the game (game_overlays.h): the settings menu and the list of saved and archived games.
#include <curses.h>

#include <algorithm>
#include <cstdlib>

#include "controls.h"
#include "game_overlays.h"
#include "game_screen.h"
#include "saves/autosave.h"
#include "terminal.h"

namespace gobblet::ui {

namespace {

// The settings menu's last row: Grabble, the other game.
constexpr int grabble_row = 10;

// The keys of an overlay's help: the ones every overlay takes (the arrows choose `row`, Enter and Space do
// `enter`, Esc and `close` close it, q quits, ? is this help) with its own `extra` second.
std::vector<std::pair<std::string, std::string>> overlay_keys(const std::string& row,
                                                              std::pair<std::string, std::string> extra,
                                                              const std::string& enter, char close,
                                                              const std::string& name) {
    return {{"up down j k", "choose " + row},
            std::move(extra),
            {"Enter Space", enter},
            {std::string("Esc ") + close, "close " + name},
            {"q", quit_help},
            {"?", "this help; any key comes back to " + name}};
}

}  // namespace

void GameOverlays::keep_setting(std::string_view key, const std::string& value) {
    if (const Expected<void> kept = saves::save_setting(key, value); !kept)
        say("this setting holds until you quit, but is not kept for the next time: " + kept.why(), true);
}

void GameOverlays::open_menu() {
    Overlay o;
    o.title = "Settings";
    const auto onoff = [](bool b) { return std::string(b ? "on" : "off"); };
    o.rows = {
        {"Computer level", level_name(table_.seats().settings().level)},
        {"Think time a move (max level)",
         duration_text(Millis(table_.seats().settings().think_seconds * 1000))},
        {"Computer plays White", onoff(table_.seats().is_computer(table_.seat_of(Color::White)))},
        {"Computer plays Black", onoff(table_.seats().is_computer(table_.seat_of(Color::Black)))},
        {"Speed when the computer plays itself", speeds[table_.speed()].name},
        {"Rules of the next game", rules_name(next_variant_.rules)},
        {"Board of the next game", next_variant_.size == 4 ? "4x4 (Gobblet)" : "3x3 (Gobblet Jr.)"},
        {"Colours", has_colors() ? onoff(ui_.color) : "off (this terminal has none)"},
        {"Board lines", !utf8_locale() ? "ASCII (not a UTF-8 terminal)"
                        : ascii_       ? "ASCII"
                                       : "box-drawing"},
        {"Coach: warns of your bad moves against the computer", onoff(teacher_.coach_on())},
        {"Play Grabble, the word game (Enter; leaving it comes back here)", "Enter"},
    };
    o.selected = ui_.overlay && ui_.overlay->title == "Settings" ? ui_.overlay->selected : 0;
    o.footer = "up/down choose   left/right or Enter change   Esc or m close   ? help   q quit";
    o.help = HelpPage{
        "Settings (m)",
        {"Each row is a setting; left and right (or Enter) change the one chosen, and it takes effect at "
         "once. The level applies to every computer side; the think time is what the computer uses a move "
         "at the max level (hard uses a quarter of it). The rules and the board are the next game's: n "
         "starts it. The last row opens Grabble, the word game, over this one: leaving it (Ctrl-C, or q once "
         "its game is over) comes back here.",
         "The level, the think time, the speed, the colours, the board lines and the coach are kept for "
         "the next runs in " +
             saves::settings_path().string() +
             " (a plain text file of key = value lines). Flags on the command line (--level, --think, "
             "--speed, --coach, --no-color) win over it for the run they are given to."},
        overlay_keys("a row", {"left right", "change it, one step back or on"}, "change it, one step on", 'm',
                     "the settings")};
    ui_.overlay = o;
    paths_.clear();
}

void GameOverlays::menu_change(int delta) {
    const int row = ui_.overlay->selected;
    const auto cycle = [delta](int value, int count) { return ((value + delta) % count + count) % count; };
    switch (row) {
        case 0: {
            const Level level = Level(cycle(int(table_.seats().settings().level), 4));
            table_.set_level(level);
            keep_setting("level", level_name(level));
            break;
        }
        case 1: {
            static const double steps[] = {0.25, 0.5, 1, 2, 5, 10, 30};
            int i = 0;
            while (i < 6 && steps[i] < table_.seats().settings().think_seconds - 1e-9) ++i;
            table_.set_think(steps[cycle(i, 7)]);
            keep_setting("think", saves::seconds_text(table_.seats().settings().think_seconds));
            break;
        }
        case 2: table_.toggle_computer(Color::White); break;
        case 3: table_.toggle_computer(Color::Black); break;
        case 4:
            table_.set_speed(cycle(table_.speed(), 3));
            keep_setting("speed", speeds[table_.speed()].name);
            break;
        case 5:
            next_variant_.rules = next_variant_.rules == Rules::Official ? Rules::Rogers : Rules::Official;
            say("the next game is played under the " + std::string(rules_name(next_variant_.rules)) +
                " rules (n starts it)");
            break;
        case 6:
            next_variant_.size = next_variant_.size == 4 ? 3 : 4;
            say("the next game is played on " + std::string(next_variant_.size == 4 ? "4x4" : "3x3") +
                " (n starts it)");
            break;
        case 7:
            if (!has_colors()) {
                say("this terminal shows no colours", true);
                break;
            }
            ui_.color = set_colors(!ui_.color);
            say(ui_.color ? "colours on" : "colours off: the sides stay distinct by their brackets");
            keep_setting("color", saves::switch_text(ui_.color));
            break;
        case 8:
            ascii_ = !ascii_;
            set_ascii(ascii_);
            say(!utf8_locale() ? "this terminal is not UTF-8: the board is drawn in ASCII whatever is chosen"
                : ascii_       ? "board lines in ASCII"
                               : "board lines with box-drawing characters");
            keep_setting("ascii", saves::switch_text(ascii_));
            break;
        case 9:
            teacher_.set_coach(!teacher_.coach_on());
            say(teacher_.coach_on()
                    ? "coach on: after your move against the computer it names a better one when yours "
                      "throws away a win, walks into a loss or loses much, and offers to take it back"
                    : "coach off");
            keep_setting("coach", saves::switch_text(teacher_.coach_on()));
            break;
    }
    open_menu();
    table_.autosave();
}

void GameOverlays::open_list() {
    struct Entry {
        std::filesystem::file_time_type time;
        std::filesystem::path path;
    };
    std::vector<Entry> entries;
    for (const auto& dir : {saves::saves_dir(), saves::games_dir()}) {
        std::error_code ec;
        if (dir.empty() || !std::filesystem::is_directory(dir, ec)) continue;
        for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
            if (!e.is_regular_file(ec) || e.path().extension() != ".txt" ||
                e.path().filename().string()[0] == '.')
                continue;
            entries.push_back({e.last_write_time(ec), e.path()});
        }
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.time > b.time; });
    if (entries.size() > 200) entries.resize(200);
    // The autosaves first: this copy's while it holds an unfinished game of an earlier run (not the game on
    // the board), and the unfinished games no copy is playing (saves/autosave.h), the latest first.
    std::vector<Entry> autosaves;
    if (const auto own = table_.records().autosave_path();
        !own.empty() && !table_.records().autosave_written())
        if (const auto r = saves::read_autosave(own); r && *r && saves::unfinished((*r)->match))
            autosaves.push_back(Entry{{}, own});
    if (const auto dir = saves::state_dir(); !dir.empty())
        for (const saves::SlotState& s : saves::waiting_games(saves::autosave_slots(dir)))
            if (s.path != table_.records().autosave_path()) autosaves.push_back(Entry{s.written, s.path});
    entries.insert(entries.begin(), autosaves.begin(), autosaves.end());
    Overlay o;
    o.title = "Saved and archived games, most recent first";
    paths_.clear();
    for (const Entry& e : entries) {
        const Expected<std::string> text = saves::read_file(e.path);
        if (!text) continue;
        const Expected<saves::Record, TranscriptError> r = saves::read_record(*text);
        if (!r) continue;
        const Match& m = r->match;
        std::string result = m.phase() == MatchPhase::Over
                                 ? (m.single_game() ? outcome_text(m.game().result(), m.game().side_to_move())
                                                    : m.match_result_text())
                                 : "in progress, " + moves_text(m.game().moves().size());
        const bool autosave = saves::slot_of(e.path) && e.path.parent_path() == saves::state_dir();
        const std::string kind = autosave                                              ? "autosave"
                                 : e.path.parent_path().filename().string() == "games" ? "archive"
                                                                                       : "save";
        // Briefer where the row is narrow: the day without its time.
        const std::string rest = "  " + m.name(0) + " - " + m.name(1) + "  " + result;
        o.rows.push_back({r->date + rest, kind, r->date.substr(0, 10) + rest});
        paths_.push_back(e.path);
    }
    if (o.rows.empty()) {
        say("no saved or archived games yet: s saves one, and finished games are archived by themselves");
        return;
    }
    o.footer = "up/down choose   Enter open   Esc or o close   ? help   q quit";
    o.help = HelpPage{
        "Saved and archived games (o)",
        {"Your saves (s, and games kept before a new one) and the archive of finished games, most recent "
         "first (and first of all the unfinished games in autosaves, but the one on the board and those on "
         "the boards of other copies of gobblet): the date, the players and the result, or how far a game "
         "in progress got. Opening one replaces the game on the board, which is kept in your saves first; an "
         "opened game is reviewed. An autosave's game moves here: it goes on in this copy's autosave."},
        overlay_keys("a game", {"PgUp PgDn", "ten at a time; Home and End go to the first and the last"},
                     "open the game chosen", 'o', "the list")};
    ui_.overlay = o;
}

GameOverlays::Next GameOverlays::key(Key k) {
    Overlay& o = *ui_.overlay;
    const bool menu = paths_.empty();
    if (overlay_select_key(o, k)) return {};
    if (k.special) {
        switch (k.code) {
            case KEY_LEFT:
                if (menu) menu_change(-1);
                return {};
            case KEY_RIGHT:
                if (menu) menu_change(1);
                return {};
            case KEY_ENTER: break;
            default:
                if (k.code == KEY_F(1)) return {Next::Kind::Help, {}};
                return {};
        }
    } else if (k.code == 27 || (menu && k.code == 'm') || (!menu && k.code == 'o')) {
        ui_.overlay.reset();
        return {};
    } else if (k.code == '?') {
        return {Next::Kind::Help, {}};
    } else if (action_for(k, Mode::typing) == Action::Quit) {  // q, Ctrl-C, Ctrl-\: quit, as anywhere
        return {Next::Kind::Leave, {}};
    } else if (k.code != '\n' && k.code != '\r' && k.code != ' ') {
        return {};
    }
    if (menu) {
        if (o.selected == grabble_row) {
            ui_.overlay.reset();
            return {Next::Kind::Grabble, {}};
        }
        menu_change(1);
        return {};
    }
    Next open{Next::Kind::Open, paths_.at(o.selected)};
    ui_.overlay.reset();
    return open;
}

}  // namespace gobblet::ui
