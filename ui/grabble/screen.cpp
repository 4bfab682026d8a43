// Grabble's screen (screen.h): its turn of the loop, what it draws, what each key does.
#include <curses.h>

#include <algorithm>

#include "engine/clock.h"
#include "ui/controls.h"
#include "ui/grabble/screen.h"
#include "ui/terminal.h"
#include "ui/text.h"
#include "ui/view.h"

namespace gobblet::ui {

namespace gr = grabble;

namespace {

// The most letters the prompt holds: a word of the longest a list may have, and the player's number.
constexpr std::size_t max_typed = gr::max_word_letters + 1;

std::string seat_label(const gr::Seat& s) {
    return s.computer ? s.name + " (" + level_name(s.level) + ")" : s.name;
}

std::string clock_text(Millis ms) {
    const Millis s = (std::max<Millis>(0, ms) + 999) / 1000;
    return std::to_string(s / 60) + ":" + (s % 60 < 10 ? "0" : "") + std::to_string(s % 60);
}

}  // namespace

GrabbleScreen::~GrabbleScreen() = default;

bool GrabbleScreen::playing() const { return play_ && play_->game().phase() != gr::Phase::Over; }

void GrabbleScreen::update_pause(Millis now) {
    if (!play_) return;
    const bool stand = help_ || overlay_ || entry_ || covered_ || !grabble_fits();
    play_->set_paused(stand, now);
}

void GrabbleScreen::say(std::string text, bool error) {
    if (play_) return play_->say(std::move(text), error);
    notes_.push_back({std::move(text), error});
    while (notes_.size() > 3) notes_.pop_front();
}

// ---- The loop ------------------------------------------------------------------------------------------

void GrabbleScreen::service(Millis now) {
    if (!play_) return;
    update_pause(now);
    play_->service(now);
    autosave(now);
    if (!playing()) archive();
}

Millis GrabbleScreen::until_next(Millis now) const {
    if (!play_) return -1;
    Millis next = play_->until_next(now);
    // The status counts the next tile down in seconds, and the autosave waits for a quiet second.
    if (playing() && !play_->paused()) next = next < 0 ? 1000 : std::min<Millis>(next, 1000);
    return next;
}

void GrabbleScreen::covered(Millis now) {
    covered_ = true;
    update_pause(now);
    autosave(now, true);
}

void GrabbleScreen::uncovered(const std::string& farewell, Millis now) {
    covered_ = false;
    update_pause(now);
    if (!farewell.empty()) say(farewell);
}

// ---- Drawing -------------------------------------------------------------------------------------------

std::string GrabbleScreen::status_text(Millis now) const {
    if (!play_) return "no game: ^N sets up a new one";
    const gr::Game& g = play_->game();
    const std::vector<gr::Seat>& players = g.settings().players;
    if (review_) {
        const gr::Moment& m = g.history()[*review_];
        return "REVIEW " + std::to_string(*review_ + 1) + "/" + std::to_string(g.history().size()) + ": " +
               std::visit([&](const auto& x) { return gr::describe(x, players); }, m.what);
    }
    if (g.phase() == gr::Phase::Over) {
        const auto winners = g.leaders();
        return "GAME OVER: " + gr::describe(gr::Over{g.now(), g.scores(), winners}, players).substr(11) +
               " (r reviews it, n starts a new game)";
    }
    const Millis t = play_->game_time(now);
    std::string out;
    if (play_->paused()) out = "PAUSED: ";
    if (g.phase() == gr::Phase::LastMinute) {
        out += "LAST WORDS: " + clock_text(*g.ends_at() - t) + " left; when everyone has passed (.) it ends";
        return out;
    }
    const gr::PlayerId r = g.to_reveal();
    const gr::Seat& who = players[std::size_t(r)];
    out += who.computer
               ? who.name + " reveals next"
               : (who.name == "You" ? std::string("Your") : who.name + "'s") + " turn to reveal: Space";
    if (const auto due = g.reveal_due()) out += "; a tile comes by itself in " + clock_text(*due - t);
    const auto pending = g.pending();
    if (!pending.empty())
        out += "; deciding " + players[std::size_t(pending.front().by)].name + "'s " + pending.front().word;
    return out;
}

GrabbleFrame GrabbleScreen::frame(Millis now) const {
    GrabbleFrame f;
    if (!play_) {
        f.title = "Grabble";
        f.status = status_text(now);
        f.story.assign(notes_.begin(), notes_.end());
    } else {
        const gr::Game& g = play_->game();
        const gr::Settings& s = g.settings();
        const gr::Table& table = review_ ? g.history()[*review_].after : g.table();
        int bag = g.bag_left();
        if (review_) {
            bag = int(g.bag().faces.size());
            for (std::size_t i = 0; i <= *review_; ++i)
                if (std::holds_alternative<gr::Revealed>(g.history()[i].what)) --bag;
        }
        f.title = "Grabble  bag " + std::to_string(bag) + "  min " + std::to_string(s.min_length) + "  " +
                  gr::blank_rule_name(s.blanks) + " blanks  " + gr::scoring_name(s.scoring) + " scoring" +
                  (s.computer_waits ? "  computers wait" : "");
        // The word list's name when it fits (the help says it always).
        const std::string list = "  " + std::filesystem::path(s.word_list).filename().string();
        if (text_width(f.title + list) < COLS) f.title += list;
        for (const gr::Tile& t : table.pool) f.pool.push_back(gr::face_char(t.face));
        // The newest tile: the last revealed, while it is still in the pool.
        const auto& history = g.history();
        const std::size_t upto = review_ ? *review_ + 1 : history.size();
        for (std::size_t i = upto; i-- > 0;)
            if (const auto* r = std::get_if<gr::Revealed>(&history[i].what)) {
                for (std::size_t k = 0; k < table.pool.size(); ++k)
                    if (table.pool[k].id == r->tile.id) f.pool_new = int(k);
                break;
            }
        const bool over = g.phase() == gr::Phase::Over && !review_;
        const std::vector<gr::PlayerId> winners = over ? g.leaders() : std::vector<gr::PlayerId>{};
        for (std::size_t p = 0; p < s.players.size(); ++p) {
            GrabblePlayerRow row;
            row.name = seat_label(s.players[p]);
            row.number = int(p) + 1;
            for (const gr::TableWord& w : table.words)
                if (w.owner == gr::PlayerId(p)) {
                    row.words.push_back(shown_word(w));
                    row.score += gr::word_score(w, s);
                }
            row.to_reveal = !review_ && g.phase() == gr::Phase::Playing && g.to_reveal() == gr::PlayerId(p);
            row.passed = !review_ && g.phase() != gr::Phase::Over && g.passed(gr::PlayerId(p));
            row.winner = std::find(winners.begin(), winners.end(), gr::PlayerId(p)) != winners.end();
            f.players.push_back(std::move(row));
        }
        // A game that stands under a list (its time stopped, the computers waiting) shows nobody its
        // tiles: a list left open is no way to think without the clock.
        if (playing() && play_->paused() && !review_) {
            f.hidden = true;
            f.pool.clear();
            f.pool_new = -1;
            for (GrabblePlayerRow& row : f.players) row.words.clear();
        }
        f.show_clues = s.show_clues && playing() && !review_ && !f.hidden;
        f.clues = play_->clues();
        f.status = status_text(now);
        f.status_strong = review_ || !playing() || g.phase() == gr::Phase::LastMinute || play_->paused();
        if (review_) {
            // At a reveal: what nobody took; at a grab: the grab.
            const auto it = missed_.find(*review_);
            if (it != missed_.end()) {
                std::string seen = "every word there was, somebody took";
                if (!it->second.empty()) {
                    seen = "nobody saw ";
                    for (std::size_t i = 0; i < it->second.size(); ++i)
                        seen += (i ? ", " : "") + it->second[i];
                }
                f.story.push_back({seen, false});
            }
        } else {
            const auto& story = play_->story();
            f.story.assign(
                story.begin() + std::ptrdiff_t(story.size() - std::min<std::size_t>(3, story.size())),
                story.end());
        }
    }
    const std::vector<gr::PlayerId> people = play_ ? play_->people() : std::vector<gr::PlayerId>{};
    if (entry_) {
        f.prompt_line = entry_->label + ": " + entry_->text;
        f.prompt_cursor = text_width(f.prompt_line);
    } else if (review_) {
        f.prompt_line = "Review: left and right step, Home and End, Esc back to the end";
    } else if (playing()) {
        std::string label = "Grab";
        if (people.size() > 1) {
            label += " (number first:";
            for (gr::PlayerId p : people)
                label += " " + std::to_string(p + 1) + " " + play_->settings().players[std::size_t(p)].name;
            label += ")";
        }
        f.prompt_line = label + ": " + prompt_;
        f.prompt_cursor = text_width(f.prompt_line);
    }
    const ScreenKind screen = playing() ? screen_grabble : screen_grabble_over;
    const bool reviewing = review_.has_value();
    f.footer = footer_lines(
        Mode::typing, COLS - 1, 2,
        [&](Action a) {
            if (a == Action::Review) return play_ && !reviewing && !play_->game().history().empty();
            if (a == Action::Cancel && screen == screen_grabble_over) return reviewing;
            if (a == Action::Save || a == Action::Copy) return play_ != nullptr;
            return true;
        },
        screen);
    if (entry_) f.footer = {"Enter takes it   Esc " + entry_->esc_word};
    if (overlay_) f.overlay = &*overlay_;
    return f;
}

void GrabbleScreen::draw(Millis now) {
    update_pause(now);
    if (help_) {
        std::vector<std::string> lines = help_lines(std::max(20, COLS - 1));
        draw_help(lines, help_scroll_);
        return;
    }
    draw_grabble(frame(now));
}

std::vector<std::string> GrabbleScreen::help_lines(int width) const {
    std::vector<std::string> out;
    const auto para = [&](const std::string& text) {
        if (!out.empty()) out.emplace_back();
        for (const std::string& line : wrap(text, width)) out.push_back(line);
    };
    if (overlay_) {
        for (const std::string& line : help_page_lines(overlay_->help, width)) out.push_back(line);
        return out;
    }
    para(
        "Grabble: Anagrams in real time. Tiles come out of the bag one by one into the pool, revealed by the "
        "players in turn. Whoever first types a word of the word list takes it: from pool tiles alone, or a "
        "word on the table (anyone's, yours too) and at least one pool tile, or two or more words with or "
        "without pool tiles. A word is taken whole (CUT from CAT splits it) and never just rearranged (CAST "
        "from ACTS adds no tile). The grabber takes the tiles, and reveals next.");
    para(
        "Grabs less than the tie window apart that need the same tiles are all refused, and their words wait "
        "for the next tile. When nobody grabs for the reveal pause, or everyone has passed, the next tile "
        "comes by itself. When the bag is empty, the last minute is for the last words; then the highest "
        "score wins. A blank stands for any letter and shows as the lower-case letter it stands for; "
        "non-sticking blanks may stand for another letter each time their word is grabbed.");
    if (play_) {
        const gr::Settings& s = play_->settings();
        std::string players;
        for (std::size_t p = 0; p < s.players.size(); ++p)
            players += (p ? ", " : "") + std::to_string(p + 1) + " " + seat_label(s.players[p]) +
                       (s.players[p].computer ? "" : " (person)");
        para("This game: " + players + ". Minimum length " + std::to_string(s.min_length) + "; blanks " +
             gr::blank_rule_name(s.blanks) + "; scoring " + gr::scoring_name(s.scoring) + "; word list " +
             s.word_list + " (" + std::to_string(play_->game().lexicon().size()) + " words); tie window " +
             duration_text(s.timings.tie_window) + ", reveal pause " +
             (s.timings.reveal_pause ? duration_text(s.timings.reveal_pause) : std::string("off")) +
             ", last minute " + duration_text(s.timings.last_minute) + "; the computers " +
             (s.computer_waits ? "wait until every person has passed"
                               : "play at the same time as the people") +
             "; clues " + (s.show_clues ? "on" : "off") + ".");
    }
    para(
        "Type a word and press Enter to grab it: letters only, in either case. With several people at one "
        "keyboard, each grab starts with its player's number (2cats). Refused grabs say why and change "
        "nothing. The game is saved as it goes (--game grabble --resume continues it); a Grabble transcript "
        "pasted here is opened.");
    add_key_help(out, playing() ? screen_grabble : screen_grabble_over, width);
    return out;
}

// ---- Keys ----------------------------------------------------------------------------------------------

void GrabbleScreen::open_help() {
    help_ = true;
    help_scroll_ = 0;
}

void GrabbleScreen::key(Key k, Millis now) {
    update_pause(now);
    if (help_) {
        if (!help_scroll_key(k, help_scroll_)) help_ = false;
        update_pause(now);
        return;
    }
    if (entry_) {
        key_to_entry(entry_, k, [this](std::string text) { say(std::move(text)); });
        update_pause(now);
        return;
    }
    if (overlay_) {
        if (overlay_kind_ == OverlayKind::Form)
            form_key(k, now);
        else
            list_key(k, now);
        update_pause(now);
        return;
    }
    if (playing()) return typing_key(k, now);
    on_action(action_for(k, Mode::typing, screen_grabble_over), now);
}

void GrabbleScreen::typing_key(Key k, Millis now) {
    if (is_enter(k)) return grab(now);
    if (is_backspace(k)) {
        if (!prompt_.empty()) prompt_.pop_back();
        return;
    }
    const bool letter = !k.special && ((k.code >= 'a' && k.code <= 'z') || (k.code >= 'A' && k.code <= 'Z'));
    const bool digit = !k.special && k.code >= '0' && k.code <= '9';
    if (letter || digit) {
        if (prompt_.size() >= max_typed) {
            say("no word is longer than " + std::to_string(gr::max_word_letters) + " letters", true);
            return;
        }
        prompt_ += char(k.code);
        return;
    }
    const Action a = action_for(k, Mode::typing, screen_grabble);
    if (a == Action::None && !k.special && k.code >= 32 && k.code < 127) {
        say(std::string("'") + char(k.code) + "' is no letter: a word is letters a to z (? shows the keys)",
            true);
        return;
    }
    on_action(a, now);
}

void GrabbleScreen::on_action(Action a, Millis now) {
    switch (a) {
        case Action::Help: return open_help();
        case Action::Quit:
            if (over_another_) return nav_.pop();
            return nav_.quit();
        case Action::Reveal: return reveal(now);
        case Action::Pass: return pass(now);
        case Action::Cancel:
            if (review_) {
                review_.reset();
                return;
            }
            prompt_.clear();
            return;
        case Action::Save: return save(now);
        case Action::Open: return open_list();
        case Action::NewGame: return open_form();
        case Action::Copy: return copy();
        case Action::Review: return start_review();
        case Action::Back: return review_step(-1);
        case Action::Forward: return review_step(1);
        case Action::ToStart: return review_step(-1 << 20);
        case Action::ToEnd: return review_step(1 << 20);
        default: return;
    }
}

void GrabbleScreen::grab(Millis now) {
    if (prompt_.empty()) {
        say("type a word, then Enter grabs it (Space reveals, . passes)");
        return;
    }
    const Expected<Typed> typed = read_typed(prompt_);
    if (!typed) return say(typed.why(), true);
    if (typed->word.empty()) return say("a word after the player's number: " + prompt_ + "cats", true);
    const Expected<gr::PlayerId> who = play_->person(typed->number, typed->word);
    if (!who) return say(who.why(), true);
    prompt_.clear();
    play_->grab(*who, typed->word, now);
    autosave(now);
}

void GrabbleScreen::reveal(Millis now) {
    const gr::Game& g = play_->game();
    if (g.phase() == gr::Phase::LastMinute)
        return say("the bag is empty: make the last words, or pass (.)", true);
    const gr::PlayerId r = g.to_reveal();
    const gr::Seat& who = play_->settings().players[std::size_t(r)];
    if (who.computer)
        return say("it is " + who.name + "'s turn to reveal: a computer reveals on its own", true);
    play_->reveal(r, now);
    autosave(now);
}

void GrabbleScreen::pass(Millis now) {
    const Expected<Typed> typed = read_typed(prompt_);
    if (!typed || !typed->word.empty())
        return say("a pass is . alone, or a player's number and . (2.): Esc clears the word", true);
    if (typed->number) {
        const Expected<gr::PlayerId> who = play_->person(typed->number, ".");
        if (!who) return say(who.why(), true);
        prompt_.clear();
        play_->pass(*who, now);
    } else {
        for (gr::PlayerId p : play_->people()) play_->pass(p, now);
    }
    autosave(now);
}

// ---- The review ----------------------------------------------------------------------------------------

void GrabbleScreen::start_review() {
    if (!play_ || play_->game().history().empty()) return say("nothing happened in this game yet", true);
    review_ = 0;
    review_step(0);
}

void GrabbleScreen::review_step(int delta) {
    if (!review_) return;
    const long last = long(play_->game().history().size()) - 1;
    review_ = std::size_t(std::clamp(long(*review_) + delta, 0L, last));
    // At a reveal, the words nobody took before the next one (a search, kept for the next visit).
    const gr::Game& g = play_->game();
    if (std::holds_alternative<gr::Revealed>(g.history()[*review_].what) && !missed_.count(*review_))
        missed_[*review_] = gr::missed_at(g, *review_, 4).words;
}

}  // namespace gobblet::ui
