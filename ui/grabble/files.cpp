// Grabble's screen (screen.h) and its files: the start (a new game, --load, --resume), the autosave, saves
// and the archive, the list of games, pastes, and the end.
#include <curses.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <utility>

#include "engine/text.h"
#include "saves/record.h"
#include "saves/savefile.h"
#include "saves/settings.h"
#include "saves/word_list.h"
#include "ui/controls.h"
#include "ui/grabble/screen.h"
#include "ui/loop.h"
#include "ui/terminal.h"

namespace gobblet::ui {

namespace gr = grabble;
namespace fs = std::filesystem;

namespace {

// The autosave is written when the game has changed, at most this often (and at once when the screen is
// covered or closed).
constexpr Millis autosave_ms = 1000;

// A Grabble autosave that no copy holds and whose game is not over, with what it reads as.
struct Waiting {
    saves::SlotFile file;
    std::string text;
};
std::vector<Waiting> waiting_grabble_games() {
    std::vector<Waiting> out;
    const fs::path dir = saves::grabble_autosave_dir();
    if (dir.empty()) return out;
    for (const saves::SlotFile& f : saves::slot_files(dir)) {
        if (f.busy || !f.exists) continue;
        Expected<std::string> text = saves::read_file(f.path);
        if (!text || !saves::is_grabble_record(*text)) continue;
        const auto t = saves::parse_grabble_transcript(*text);
        if (!t || !t->result.empty()) continue;
        out.push_back({f, std::move(*text)});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Waiting& a, const Waiting& b) { return a.file.written > b.file.written; });
    return out;
}

std::string players_line(const gr::Settings& s) {
    std::string out;
    for (std::size_t p = 0; p < s.players.size(); ++p) out += (p ? ", " : "") + s.players[p].name;
    return out;
}

}  // namespace

GrabbleScreen::GrabbleScreen(const ScreenContext& context, GrabbleOptions options)
    : nav_(context.nav),
      loop_(context.loop),
      options_(std::move(options)),
      robot_seed_(std::random_device{}()) {
    // The next game: the defaults, under the settings file, under the flags.
    gr::Choice file;
    const Expected<saves::ParsedSettings> read = saves::read_settings();
    const char* no_color = std::getenv("NO_COLOR");
    std::optional<bool> file_color;
    if (read) {
        file = read->settings.grabble;
        file_color = read->settings.color;
        if (!read->problems.empty())
            start_note_ =
                "settings file " + saves::settings_path().string() + ", " + read->problems.front().message();
    } else {
        start_note_ = read.why() + "; the settings are the defaults this time";
    }
    color_ = !options_.no_color && file_color.value_or(!(no_color && *no_color));
    next_.players = gr::default_players(options_.level.value_or(Level::Medium));
    next_ = gr::apply_choice(next_, file);
    if (options_.level && !options_.choice.players)
        for (gr::Seat& s : next_.players) s.level = *options_.level;
    next_ = gr::apply_choice(next_, options_.choice);
    if (options_.seed) robot_seed_ = *options_.seed;
}

Expected<std::shared_ptr<const gr::Lexicon>> GrabbleScreen::word_list(std::string_view name) {
    if (const auto it = lists_.find(name); it != lists_.end()) return it->second;
    auto list = saves::load_game_word_list(name);
    if (!list) return Failure{list.why()};
    lists_.emplace(std::string(name), *list);
    // Said once, as the first game on it starts: what the list kept and what it left out, in one line.
    list_note_ = "word list " + clean_text(name, 200) + ": " + (*list)->report().summary();
    return *list;
}

Expected<gr::Game> GrabbleScreen::new_game(const gr::Settings& settings) {
    if (const Expected<void> ok = gr::check_settings(settings); !ok) return Failure{ok.why()};
    const auto list = word_list(settings.word_list);
    if (!list) return Failure{"word list: " + list.why()};
    const std::uint64_t seed = options_.seed ? *options_.seed : std::random_device{}();
    seed_ = seed;
    const gr::Bag bag = gr::shuffled_bag(settings.tiles, gr::with_blanks(settings), seed);
    return gr::Game::start(settings, bag, *list, 0);
}

Expected<void> GrabbleScreen::prepare() {
    const fs::path dir = saves::grabble_autosave_dir();
    const saves::WordListSource lists = [this](std::string_view name) { return word_list(name); };
    if (!options_.load_path.empty()) {
        auto record = saves::read_grabble_record_file(options_.load_path, lists);
        if (!record)
            return Failure{"--load " + clean_text(options_.load_path, 300) + ": " + record.why().message()};
        waiting_game_ = std::move(record->game);
        seed_ = record->seed;
        date_ = record->date;
        start_note_ = "opened " + options_.load_path;
    } else if (options_.resume) {
        std::vector<Waiting> waiting = waiting_grabble_games();
        for (Waiting& w : waiting) {
            auto record = saves::read_grabble_record(w.text, lists);
            if (!record) {
                start_note_ = "the autosave " + w.file.path.string() + " could not be read (" +
                              record.why().message() + "); a new game";
                continue;
            }
            if (auto slot = saves::claim_slot(dir, w.file.number); slot) slot_ = std::move(*slot);
            waiting_game_ = std::move(record->game);
            seed_ = record->seed;
            date_ = record->date;
            start_note_ = "resumed: " + players_line(waiting_game_->settings()) + ", " +
                          std::to_string(waiting_game_->bag_left()) + " tiles in the bag" +
                          (waiting.size() > 1 ? " (^O lists the other unfinished games)" : "");
            break;
        }
        // (Opened from the other game's menu, a new game needs no word.)
        if (!waiting_game_ && start_note_.empty() && !over_another_)
            start_note_ = "no Grabble game to resume: a new game";
    }
    if (!waiting_game_) {
        auto game = new_game(next_);
        if (!game) return Failure{game.why()};
        waiting_game_ = std::move(*game);
        date_ = saves::now_text();
    }
    if (!slot_.held() && !dir.empty()) {
        if (auto slot = saves::claim_free_slot(dir); slot)
            slot_ = std::move(*slot);
        else
            start_note_ = "this game is not autosaved: " + slot.why();
    }
    return {};
}

void GrabbleScreen::enter(Millis now) {
    if (waiting_game_) {
        gr::Game g = std::move(*waiting_game_);
        waiting_game_.reset();
        start_game(std::move(g), seed_, date_, now);
        // What the autosave held is the game: nothing to write until it changes.
        saved_events_ = play_->game().events().size();
        saved_over_ = play_->game().phase() == gr::Phase::Over;
    }
    if (!start_note_.empty()) say(start_note_, start_note_.find("could not") != std::string::npos);
}

void GrabbleScreen::start_game(gr::Game game, std::optional<std::uint64_t> seed, std::string date,
                               Millis now) {
    play_.reset();  // (its job on the worker stops first)
    seed_ = seed;
    date_ = std::move(date);
    review_.reset();
    missed_.clear();
    prompt_.clear();
    archived_ = game.phase() == gr::Phase::Over;  // a finished game opened is in the archive already
    saved_events_ = 0;
    saved_over_ = false;
    play_ = std::make_unique<GrabblePlay>(std::move(game), robot_seed_++, now, loop_.waker());
    const std::vector<gr::PlayerId> people = play_->people();
    if (play_->game().history().empty() && !people.empty() && play_->game().to_reveal() == people.front())
        say("a new game: Space reveals the first tile; type a word and Enter to grab it");
    if (!list_note_.empty()) say(std::exchange(list_note_, {}));
}

void GrabbleScreen::start_new(Millis now) {
    auto game = new_game(next_);
    if (!game) return say(game.why(), true);
    std::optional<StoryLine> kept;
    if (play_ && playing() && !play_->game().events().empty())
        kept = keep_in_saves("kept before the new game");
    overlay_.reset();
    overlay_kind_ = OverlayKind::None;
    start_game(std::move(*game), seed_, saves::now_text(), now);
    if (kept) say(kept->text, kept->error);
    autosave(now, true);
}

std::string GrabbleScreen::transcript() const {
    return saves::grabble_record_text(play_->game(), date_, seed_);
}

void GrabbleScreen::autosave(Millis now, bool force) {
    if (!play_ || !slot_.held()) return;
    const gr::Game& g = play_->game();
    const bool over = g.phase() == gr::Phase::Over;
    if (g.events().size() == saved_events_ && over == saved_over_) return;
    if (!force && !over && now - saved_at_ < autosave_ms) return;
    if (const Expected<void> w = saves::write_file(slot_.path(), transcript()); !w) {
        say("the autosave failed: " + w.why(), true);
    }
    saved_events_ = g.events().size();
    saved_over_ = over;
    saved_at_ = now;
}

void GrabbleScreen::archive() {
    if (archived_ || !play_ || play_->game().phase() != gr::Phase::Over) return;
    archived_ = true;
    const fs::path dir = saves::games_dir();
    if (dir.empty()) return;
    const auto path =
        saves::write_new_file(dir, saves::grabble_archive_stem(play_->settings()), transcript());
    if (!path) say("the game could not be archived: " + path.why(), true);
}

StoryLine GrabbleScreen::keep_in_saves(const char* why) {
    const fs::path dir = saves::saves_dir();
    if (dir.empty())
        return {"the game that was on the table is not kept: there is no folder for saves", true};
    const auto path = saves::write_new_file(
        dir, saves::grabble_archive_stem(play_->settings()) + "-" + saves::file_stamp(), transcript());
    if (path) return {std::string("the game that was on the table is ") + why + ": " + path->string(), false};
    return {std::string("the game that was on the table could not be kept: ") + path.why(), true};
}

void GrabbleScreen::save(Millis) {
    if (!play_) return say("there is no game to save", true);
    const fs::path dir = saves::saves_dir();
    if (dir.empty()) return say("there is no folder for saves: set HOME or XDG_DATA_HOME", true);
    const auto path =
        saves::write_new_file(dir, saves::grabble_archive_stem(play_->settings()), transcript());
    if (path)
        say("saved to " + path->string() + " (^O opens it; --game grabble --load reads it)");
    else
        say("not saved: " + path.why(), true);
}

void GrabbleScreen::copy() {
    if (!play_) return;
    copy_to_clipboard(transcript());
    say("the transcript is on the clipboard (if the terminal takes OSC 52): paste it to go on with the game");
}

// ---- The list of games ---------------------------------------------------------------------------------

void GrabbleScreen::open_list() {
    struct Entry {
        fs::file_time_type time;
        fs::path path;
        std::string kind;
    };
    std::vector<Entry> entries;
    for (const Waiting& w : waiting_grabble_games())
        if (w.file.path != slot_.path()) entries.push_back({w.file.written, w.file.path, "autosave"});
    std::vector<Entry> files;
    for (const auto& [dir, kind] :
         {std::pair{saves::saves_dir(), "save"}, std::pair{saves::games_dir(), "archive"}}) {
        std::error_code ec;
        if (dir.empty() || !fs::is_directory(dir, ec)) continue;
        for (const auto& e : fs::directory_iterator(dir, ec)) {
            if (!e.is_regular_file(ec) || e.path().extension() != ".txt" ||
                e.path().filename().string()[0] == '.')
                continue;
            files.push_back({e.last_write_time(ec), e.path(), kind});
        }
    }
    std::sort(files.begin(), files.end(), [](const Entry& a, const Entry& b) { return a.time > b.time; });
    entries.insert(entries.end(), files.begin(), files.end());
    Overlay o;
    o.title = "Grabble games, most recent first";
    list_paths_.clear();
    for (const Entry& e : entries) {
        if (o.rows.size() == 200) break;
        const Expected<std::string> text = saves::read_file(e.path);
        if (!text || !saves::is_grabble_record(*text)) continue;  // a Gobblet game, or not a game
        const auto t = saves::parse_grabble_transcript(*text);
        if (!t) continue;
        const std::string state =
            t->result.empty() ? "in progress" : t->result.substr(t->result.find(':') + 1);
        // Too many players for the row: the first and how many more.
        const auto& players = t->settings.players;
        const std::string brief =
            players.size() > 1 ? players[0].name + " and " + std::to_string(players.size() - 1) + " more"
                               : "";
        o.rows.push_back({t->date + "  " + players_line(t->settings) + "  " + state, e.kind,
                          brief.empty() ? "" : t->date + "  " + brief + "  " + state});
        list_paths_.push_back(e.path);
    }
    if (o.rows.empty())
        return say("no Grabble games saved or archived yet: ^S saves one, and finished games are archived");
    o.footer = "up/down choose   Enter open   Esc close   ? help";
    o.help =
        HelpPage{"Grabble games (^O, or o after a game)",
                 {"The unfinished games in autosaves that no copy of the program is playing, then your saves "
                  "and the archive of finished games, most recent first: the date, the players and the "
                  "result, or 'in progress'. Opening one replaces the game on the table, which is kept in "
                  "your saves first when it is under way; an unfinished game goes on, a finished one can "
                  "be reviewed (r)."},
                 {{"up down", "choose a game"},
                  {"Enter", "open it"},
                  {"Esc", "close the list (the game's time runs again)"},
                  {"?", "this help; any key comes back"}}};
    overlay_ = std::move(o);
    overlay_kind_ = OverlayKind::List;
}

void GrabbleScreen::list_key(Key k, Millis now) {
    Overlay& o = *overlay_;
    if (overlay_select_key(o, k)) return;
    if (k.special && k.code == KEY_F(1)) return open_help();
    if (k.special && k.code != KEY_ENTER) return;
    if (k.code == '?') return open_help();
    if (k.code == 27) {
        overlay_.reset();
        overlay_kind_ = OverlayKind::None;
        return;
    }
    if (k.code == 3 || k.code == 0x1c) return quit();
    if (!is_enter(k)) return;
    const fs::path path = list_paths_.at(std::size_t(o.selected));
    overlay_.reset();
    overlay_kind_ = OverlayKind::None;
    open_file(path, now);
}

void GrabbleScreen::open_file(const fs::path& path, Millis now) {
    const saves::WordListSource lists = [this](std::string_view name) { return word_list(name); };
    auto record = saves::read_grabble_record_file(path, lists);
    if (!record) return say(path.filename().string() + ": " + record.why().message(), true);
    // An autosave of another copy's (now gone) goes on in this copy's own: its slot is left empty.
    const bool autosave = saves::slot_of(path) && path.parent_path() == saves::grabble_autosave_dir();
    take_record(std::move(*record), path.filename().string(), now);
    if (autosave) {
        std::error_code ec;
        fs::remove(path, ec);
    }
}

void GrabbleScreen::take_record(saves::GrabbleRecord record, const std::string& what, Millis now) {
    std::optional<StoryLine> kept;
    if (play_ && playing() && !play_->game().events().empty())
        kept = keep_in_saves("kept before the one opened");
    const bool over = record.game.phase() == gr::Phase::Over;
    start_game(std::move(record.game), record.seed, record.date, now);
    say("opened " + what + (over ? ": the game is over (r reviews it)" : ": the game goes on"));
    if (kept) say(kept->text, kept->error);
    autosave(now, true);
}

void GrabbleScreen::paste(const InputEvent& e, Millis now) {
    update_pause(now);
    if (e.too_big)
        return say("the paste is too large to be a game (more than 256 KiB): nothing was done", true);
    if (entry_) return paste_into_entry(*entry_, e.text);
    if (overlay_ || help_) return;
    if (e.not_text) return say("the paste holds characters that are not text: nothing was done", true);
    if (saves::is_grabble_record(e.text)) {
        const saves::WordListSource lists = [this](std::string_view name) { return word_list(name); };
        auto record = saves::read_grabble_record(e.text, lists);
        if (!record) return say("the pasted transcript: " + record.why().message(), true);
        return take_record(std::move(*record), "the pasted transcript", now);
    }
    // A word pasted at the prompt, as if typed.
    const std::string_view word = trim(e.text);
    if (playing() && !word.empty() && prompt_.size() + word.size() <= gr::max_word_letters + 1 &&
        word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") ==
            std::string_view::npos) {
        prompt_ += word;
        return;
    }
    say("the paste is not a Grabble transcript (its first line is '% grabble game') nor a word: nothing was "
        "done",
        true);
}

std::string GrabbleScreen::close(Millis now) {
    if (!play_) return {};
    autosave(now, true);
    archive();
    const gr::Game& g = play_->game();
    if (g.phase() == gr::Phase::Over)
        return gr::describe(gr::Over{g.now(), g.scores(), g.leaders()}, g.settings().players);
    if (!slot_.held()) return "the game was not autosaved (^S saves it next time)";
    return "the game is saved: " + options_.program + " --game grabble --resume continues it";
}

}  // namespace gobblet::ui
