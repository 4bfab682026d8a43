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
    // In the review, what is said stands under the moment shown (the game's story is not shown there).
    if (play_ && !review_) return play_->say(std::move(text), error);
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
        // The settings in force, the most needed first, each when it fits (the help says them all).
        f.title = "Grabble  bag " + std::to_string(bag);
        for (const std::string& piece :
             {"min " + std::to_string(s.min_length), std::string(gr::blank_rule_name(s.blanks)) + " blanks",
              std::string(gr::scoring_name(s.scoring)) + " scoring",
              std::string(s.computer_waits ? "computers wait" : ""),
              std::filesystem::path(s.word_list).filename().string()})
            if (!piece.empty() && text_width(f.title + "  " + piece) < COLS) f.title += "  " + piece;
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
            for (const StoryLine& note : notes_)
                if (f.story.size() < 3) f.story.push_back(note);
        } else {
            const auto& story = play_->story();
            f.story.assign(
                story.begin() + std::ptrdiff_t(story.size() - std::min<std::size_t>(3, story.size())),
                story.end());
        }
    }
    const std::vector<gr::PlayerId> people = play_ ? play_->people() : std::vector<gr::PlayerId>{};
    if (entry_) {
        const EntryView v = entry_view(entry_->label, entry_->text, false, COLS - 1);
        f.prompt_line = v.line;
        f.prompt_cursor = v.cursor;
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
        const EntryView v = entry_view(label, prompt_, false, COLS - 1);
        f.prompt_line = v.line;
        f.prompt_cursor = v.cursor;
    }
    f.footer = keys().footer(*this, Mode::typing, COLS - 1, 2);
    // Under a list the table's keys do not work: the list's own are in its box, and none in the footer.
    if (overlay_) f.footer.clear();
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
    add_key_help(out, keys().screen(), width, keys().listed(*this));
    return out;
}

// ---- Keys ----------------------------------------------------------------------------------------------

void GrabbleScreen::open_help() {
    help_ = true;
    help_scroll_ = 0;
}

void GrabbleScreen::key(Key k, Millis now) {
    key_time_ = now;
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
    // What was due by now happens before the key (a grab decided, a tile come): its row asks the game.
    if (play_) play_->service(now);
    if (playing()) return typing_key(k);
    press(keys().action(k, Mode::typing));
}

void GrabbleScreen::typing_key(Key k) {
    if (is_enter(k)) return grab();
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
    const Action a = keys().action(k, Mode::typing);
    if (a == Action::None && !k.special && k.code >= 32 && k.code < 127) {
        say(std::string("'") + char(k.code) + "' is no letter: a word is letters a to z (? shows the keys)",
            true);
        return;
    }
    press(a);
}

void GrabbleScreen::press(Action a) {
    if (a == Action::None) return;
    if (const Expected<void> done = keys().press(*this, a); !done) say(done.why(), true);
}

void GrabbleScreen::quit() {
    if (over_another_) return nav_.pop();
    nav_.quit();
}

// ---- The key rows --------------------------------------------------------------------------------------

const KeyRows<GrabbleScreen>& GrabbleScreen::keys() const {
    using S = GrabbleScreen;
    // Every key of the table while a game is played; no letter or digit is one (they type the word).
    static const KeyRows<S> playing_rows(
        screen_grabble,
        {
            {Action::Help, nullptr, [](S& s) { s.open_help(); }},
            {Action::None, nullptr, nullptr},  // "Enter grab": the prompt's, always
            {Action::Reveal, [](const S& s) { return s.may_reveal(); }, [](S& s) { s.reveal(); }},
            {Action::Pass, [](const S& s) { return s.may_pass(); }, [](S& s) { s.pass(); }},
            {Action::Cancel, [](const S& s) { return s.may_clear(); }, [](S& s) { s.prompt_.clear(); }},
            {Action::Quit, nullptr, [](S& s) { s.quit(); }},
            {Action::Save, nullptr, [](S& s) { s.save(s.key_time_); }},
            {Action::Open, nullptr, [](S& s) { s.open_list(); }},
            {Action::NewGame, nullptr, [](S& s) { s.open_form(); }},
            {Action::Copy, nullptr, [](S& s) { s.copy(); }},
        },
        "not while the game is played");
    // Once it is over (or before any game): letters are commands, and the review steps.
    static const KeyRows<S> over_rows(
        screen_grabble_over,
        {
            {Action::Help, nullptr, [](S& s) { s.open_help(); }},
            {Action::Quit, nullptr, [](S& s) { s.quit(); }},
            {Action::Review, [](const S& s) { return s.may_review(); }, [](S& s) { s.start_review(); }},
            {Action::None, [](const S& s) { return s.in_review(); }, nullptr},  // "left right step"
            {Action::Back, [](const S& s) { return s.in_review(); }, [](S& s) { s.review_step(-1); }},
            {Action::Forward, [](const S& s) { return s.in_review(); }, [](S& s) { s.review_step(1); }},
            {Action::ToStart, [](const S& s) { return s.in_review(); },
             [](S& s) { s.review_step(-1 << 20); }},
            {Action::ToEnd, [](const S& s) { return s.in_review(); }, [](S& s) { s.review_step(1 << 20); }},
            {Action::Cancel, [](const S& s) { return s.in_review(); }, [](S& s) { s.review_.reset(); }},
            {Action::NewGame, nullptr, [](S& s) { s.open_form(); }},
            {Action::Save, [](const S& s) { return s.has_game(); }, [](S& s) { s.save(s.key_time_); }},
            {Action::Open, nullptr, [](S& s) { s.open_list(); }},
            {Action::Copy, [](const S& s) { return s.has_game(); }, [](S& s) { s.copy(); }},
        },
        "not once the game is over");
    return playing() ? playing_rows : over_rows;
}

Expected<void> GrabbleScreen::has_game() const {
    if (!play_) return Failure{"no game on the table: n sets up a new one"};
    return {};
}

Expected<void> GrabbleScreen::may_reveal() const {
    const gr::Game& g = play_->game();
    if (g.phase() == gr::Phase::LastMinute)
        return Failure{"the bag is empty: make the last words, or pass (.)"};
    const gr::PlayerId r = g.to_reveal();
    const gr::Seat& who = play_->settings().players[std::size_t(r)];
    if (who.computer)
        return Failure{"it is " + who.name + "'s turn to reveal: a computer reveals on its own"};
    if (const std::optional<gr::Refused> refused = g.reveal_refused(r))
        return Failure{gr::refusal_text(*refused, play_->settings().players)};
    return {};
}

Expected<void> GrabbleScreen::may_pass() const {
    const Expected<Typed> typed = read_typed(prompt_);
    if (!typed || !typed->word.empty())
        return Failure{"a pass is . alone, or a player's number and . (2.): Esc clears the word"};
    const gr::Game& g = play_->game();
    if (typed->number) {
        const Expected<gr::PlayerId> who = play_->person(typed->number, ".");
        if (!who) return Failure{who.why()};
        if (g.passed(*who))
            return Failure{play_->settings().players[std::size_t(*who)].name +
                           " has passed already: the next tile comes when everyone has"};
        return {};
    }
    for (gr::PlayerId p : play_->people())
        if (!g.passed(p)) return {};
    return Failure{play_->people().size() > 1
                       ? "everyone here has passed already: the next tile comes when the computers have"
                       : "you have passed already: the next tile comes when everyone has"};
}

Expected<void> GrabbleScreen::may_clear() const {
    if (prompt_.empty()) return Failure{"nothing typed to clear"};
    return {};
}

Expected<void> GrabbleScreen::may_review() const {
    if (!play_) return Failure{"no game to review: n sets up a new one"};
    if (review_) return Failure{"in the review already: left and right step, Esc leaves it"};
    if (play_->game().history().empty()) return Failure{"nothing happened in this game yet"};
    return {};
}

Expected<void> GrabbleScreen::in_review() const {
    if (!review_) return Failure{"not in the review: r starts it"};
    return {};
}

void GrabbleScreen::grab() {
    const Millis now = key_time_;
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

void GrabbleScreen::reveal() {
    play_->reveal(play_->game().to_reveal(), key_time_);
    autosave(key_time_);
}

void GrabbleScreen::pass() {
    const Millis now = key_time_;
    const Typed typed = read_typed(prompt_).value().value_or(Typed{});
    if (typed.number) {
        prompt_.clear();
        if (const Expected<gr::PlayerId> who = play_->person(typed.number, ".")) play_->pass(*who, now);
    } else {
        for (gr::PlayerId p : play_->people()) play_->pass(p, now);
    }
    autosave(now);
}

// ---- The review ----------------------------------------------------------------------------------------

void GrabbleScreen::start_review() {
    notes_.clear();
    review_ = 0;
    review_step(0);
}

void GrabbleScreen::review_step(int delta) {
    if (!review_) return;
    const long last = long(play_->game().history().size()) - 1;
    review_ = std::size_t(std::clamp(long(*review_) + delta, 0L, last));
    notes_.clear();
    // At a reveal, the words nobody took before the next one (a search, kept for the next visit).
    const gr::Game& g = play_->game();
    if (std::holds_alternative<gr::Revealed>(g.history()[*review_].what) && !missed_.count(*review_))
        missed_[*review_] = gr::missed_at(g, *review_, 4).words;
}

}  // namespace gobblet::ui
