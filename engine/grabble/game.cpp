#include "engine/grabble/game.h"

#include <algorithm>
#include <cassert>

#include "engine/notation.h"
#include "engine/text.h"

namespace gobblet::grabble {

namespace {

std::string name_of(const std::vector<Seat>& players, PlayerId p) {
    if (p >= 0 && std::size_t(p) < players.size()) return players[std::size_t(p)].name;
    return "player " + std::to_string(p + 1);
}

// "Bala's"; "your" for the player this program names You when nobody names them (settings.h).
std::string possessive(const std::vector<Seat>& players, PlayerId p) {
    const std::string name = name_of(players, p);
    return name == "You" ? "your" : name + "'s";
}

std::string face_text(Letter f) { return f == blank ? std::string("a blank") : std::string(1, face_char(f)); }

std::string letters_text(const Counts& c) {
    std::string out;
    for (int l = 0; l < letter_count; ++l) out.append(std::size_t(c[l]), face_char(Letter(l)));
    return out;
}

}  // namespace

std::string marked(const TableWord& w, char mark) {
    std::string out = w.text;
    for (int i = 0; i < w.length(); ++i)
        if (w.blank_at(i)) out[std::size_t(i)] = mark;
    return out;
}

std::string refusal_text(const Refused& r, const std::vector<Seat>& players) {
    const std::string& w = r.word;
    switch (r.why) {
        case Refusal::UnknownPlayer: return "there is no " + name_of(players, r.by) + " in this game";
        case Refusal::GameOver: return "the game is over";
        case Refusal::NotYourTurn: return "it is " + possessive(players, r.other) + " turn to reveal";
        case Refusal::BagEmpty: return "the bag is empty";
        case Refusal::GrabBeingDecided: return "a grab is being decided: reveal in a moment";
        case Refusal::NotLetters: return "'" + w + "' is not a word: only the letters A to Z make words";
        case Refusal::TooLong:
            return "'" + w + "' is too long: no word has more than " + std::to_string(max_word_letters) +
                   " letters";
        case Refusal::TooShort:
            return w + " is too short: a word here has at least " + std::to_string(r.minimum) + " letters";
        case Refusal::NotInList: return w + " is not in the word list";
        case Refusal::LettersMissing: return w + " needs letters that are not on the table: " + r.letters;
        case Refusal::SplitsWord:
            return w + " splits " + possessive(players, r.other) + " " + r.other_word +
                   ": a word is taken whole";
        case Refusal::AddsNoTile:
            if (r.other_word == w) return w + " is " + possessive(players, r.other) + " word already";
            return w + " adds no tile to " + possessive(players, r.other) + " " + r.other_word +
                   ": take a word with at least one tile from the pool";
        case Refusal::Clash:
            return w + " clashes with " + possessive(players, r.other) + " " + r.other_word +
                   ": both wait for the next tile";
        case Refusal::WaitsForTile:
            return w + " clashed with " + possessive(players, r.other) + " " + r.other_word +
                   " and waits for the next tile";
        case Refusal::Repeated: return w + " is already being decided";
        case Refusal::TooManyShouts: return "too many grabs at once: " + w + " was not heard";
    }
    return "refused";
}

std::string describe(const Happening& h, const std::vector<Seat>& players) {
    struct Describe {
        const std::vector<Seat>& players;
        std::string operator()(const Revealed& r) const {
            if (r.automatic)
                return face_text(r.tile.face) + " came out (" + possessive(players, r.by) + " turn)";
            return name_of(players, r.by) + " revealed " + face_text(r.tile.face);
        }
        std::string operator()(const Pending& p) const {
            return name_of(players, p.by) + " shouted " + p.word;
        }
        std::string operator()(const Accepted& a) const {
            std::string from;
            for (const TableWord& t : a.taken)
                from += (from.empty() ? "" : " + ") + possessive(players, t.owner) + " " + marked(t);
            for (const Tile& t : a.from_pool)
                from += (from.empty() ? "" : " + ") + std::string(1, face_char(t.face));
            return name_of(players, a.by) + " grabbed " + marked(a.made) + " from " + from;
        }
        std::string operator()(const Refused& r) const {
            return name_of(players, r.by) + ": " + refusal_text(r, players);
        }
        std::string operator()(const Passed& p) const { return name_of(players, p.by) + " passed"; }
        std::string operator()(const LastMinute&) const { return "the bag is empty: last words"; }
        std::string operator()(const Over& o) const {
            if (o.winners.empty()) return "game over";
            std::string names;
            for (std::size_t i = 0; i < o.winners.size(); ++i)
                names += (i == 0                      ? ""
                          : i + 1 == o.winners.size() ? " and "
                                                      : ", ") +
                         name_of(players, o.winners[i]);
            const int top = o.scores[std::size_t(o.winners.front())];
            const bool you = o.winners.size() == 1 && names == "You";  // the program's name for a person
            return "game over: " + names +
                   (o.winners.size() > 1 ? " share the win"
                    : you                ? " win"
                                         : " wins") +
                   " with " + std::to_string(top);
        }
    };
    return std::visit(Describe{players}, h);
}

Expected<Game> Game::start(const Settings& settings, const Bag& bag, std::shared_ptr<const Lexicon> lexicon,
                           Millis start) {
    if (auto ok = check_settings(settings); !ok) return Failure{ok.why()};
    if (auto b = parse_bag(bag_text(bag), settings.tiles, with_blanks(settings)); !b) return Failure{b.why()};
    if (!lexicon) return Failure{"no word list"};
    return Game(settings, bag, std::move(lexicon), start);
}

Game::Game(const Settings& s, const Bag& b, std::shared_ptr<const Lexicon> lx, Millis start)
    : settings_(s),
      bag_(b),
      lexicon_(std::move(lx)),
      start_(start),
      now_(start),
      last_change_(start),
      passed_(s.players.size(), false) {}

// ---- Time ---------------------------------------------------------------------------------------------

std::optional<Millis> Game::internal_deadline() const {
    if (!shouts_.empty()) {
        Millis d = shouts_.front().at;
        for (const Shout& s : shouts_) d = std::min(d, s.at);
        return d + settings_.timings.tie_window;
    }
    switch (phase_) {
        case Phase::Playing:
            if (all_passed()) return now_;
            if (settings_.timings.reveal_pause > 0) return last_change_ + settings_.timings.reveal_pause;
            return std::nullopt;
        case Phase::LastMinute: return all_passed() ? now_ : ends_;
        case Phase::Over: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Millis> Game::next_deadline() const { return internal_deadline(); }

void Game::settle(Millis t, Happenings& out) {
    t = std::max(t, now_);
    for (auto d = internal_deadline(); d && *d <= t; d = internal_deadline()) {
        now_ = std::max(now_, *d);
        fire(out);
    }
    now_ = t;
}

void Game::fire(Happenings& out) {
    if (!shouts_.empty()) {
        // The first shout whose window has ended (the earliest shout: windows are all the same length).
        auto first = shouts_.begin();
        for (auto s = shouts_.begin(); s != shouts_.end(); ++s)
            if (s->at < first->at) first = s;
        const std::size_t i = std::size_t(first - shouts_.begin());
        if (shouts_[i].clashed)
            shouts_.erase(shouts_.begin() + std::ptrdiff_t(i));  // refused when it clashed
        else
            decide(i, out);
        return;
    }
    if (phase_ == Phase::Playing)
        do_reveal(to_reveal_, true, out);
    else if (phase_ == Phase::LastMinute)
        end(out);
}

Happenings Game::advance(Millis now) {
    Happenings out;
    settle(now, out);
    return out;
}

// ---- Reveals, passes and the end ---------------------------------------------------------------------

void Game::do_reveal(PlayerId by, bool automatic, Happenings& out) {
    const Tile tile{TileId(revealed_), bag_.faces[std::size_t(revealed_)]};
    ++revealed_;
    table_.pool.push_back(tile);
    to_reveal_ = PlayerId((std::size_t(by) + 1) % settings_.players.size());
    last_change_ = now_;
    std::fill(passed_.begin(), passed_.end(), false);
    waiting_.clear();
    const Revealed r{by, tile, automatic, now_, bag_left()};
    history_.push_back({r, table_});
    out.push_back(r);
    if (bag_left() == 0) {
        phase_ = Phase::LastMinute;
        ends_ = now_ + settings_.timings.last_minute;
        out.push_back(LastMinute{ends_});
    }
}

void Game::end(Happenings& out) {
    phase_ = Phase::Over;
    out.push_back(Over{now_, scores(), leaders()});
}

Happenings Game::reveal(PlayerId by, Millis at) {
    Happenings out;
    settle(at, out);
    if (std::optional<Refused> r = reveal_refused(by)) {
        out.push_back(std::move(*r));
        return out;
    }
    do_reveal(by, false, out);
    events_.push_back({Action::Reveal, by, "", now_});
    return out;
}

std::optional<Refused> Game::reveal_refused(PlayerId by) const {
    Refused r{by, Action::Reveal, "", Refusal::UnknownPlayer, "", nobody, "", 0, now_};
    if (by < 0 || std::size_t(by) >= settings_.players.size())
        r.why = Refusal::UnknownPlayer;
    else if (phase_ == Phase::Over)
        r.why = Refusal::GameOver;
    else if (phase_ == Phase::LastMinute)
        r.why = Refusal::BagEmpty;
    else if (!shouts_.empty())
        r.why = Refusal::GrabBeingDecided;
    else if (by != to_reveal_)
        r.why = Refusal::NotYourTurn, r.other = to_reveal_;
    else
        return std::nullopt;
    return r;
}

Happenings Game::pass(PlayerId by, Millis at) {
    Happenings out;
    settle(at, out);
    if (by < 0 || std::size_t(by) >= settings_.players.size() || phase_ == Phase::Over) {
        out.push_back(Refused{by, Action::Pass, "",
                              phase_ == Phase::Over ? Refusal::GameOver : Refusal::UnknownPlayer, "", nobody,
                              "", 0, now_});
        return out;
    }
    if (passed_[std::size_t(by)]) return out;
    passed_[std::size_t(by)] = true;
    out.push_back(Passed{by, now_});
    events_.push_back({Action::Pass, by, "", now_});
    settle(now_, out);  // everyone has passed: the next tile, or the end
    return out;
}

bool Game::all_passed() const {
    return std::all_of(passed_.begin(), passed_.end(), [](bool p) { return p; });
}

bool Game::all_humans_passed() const {
    for (std::size_t p = 0; p < passed_.size(); ++p)
        if (!settings_.players[p].computer && !passed_[p]) return false;
    return true;
}

std::optional<Millis> Game::reveal_due() const {
    if (phase_ != Phase::Playing || settings_.timings.reveal_pause == 0) return std::nullopt;
    return last_change_ + settings_.timings.reveal_pause;
}

std::optional<Millis> Game::ends_at() const {
    if (phase_ == Phase::Playing) return std::nullopt;
    return ends_;
}

// ---- Grabs ---------------------------------------------------------------------------------------------

bool Game::held(WordId w) const {
    for (const Shout& s : shouts_)
        if (std::find(s.words.begin(), s.words.end(), w) != s.words.end()) return true;
    return false;
}

bool Game::held(TileId t) const {
    for (const Shout& s : shouts_)
        if (std::find(s.pool.begin(), s.pool.end(), t) != s.pool.end()) return true;
    return false;
}

namespace {

// The view of a table for `player`, without the words and pool tiles `out` says are out; index[k] is the
// table word of the view's word k.
template <class Out>
TableView view_without(const Table& table, const Settings& settings, PlayerId player, const Out& out,
                       std::vector<std::size_t>& index) {
    TableView v;
    v.min_length = settings.min_length;
    v.scoring = settings.scoring;
    v.value_tiles(settings.tiles);
    for (const Tile& t : table.pool) {
        if (out(t)) continue;
        if (t.face == blank)
            ++v.pool_blanks;
        else
            v.pool.add(t.face);
    }
    index.clear();
    for (std::size_t k = 0; k < table.words.size(); ++k) {
        const TableWord& w = table.words[k];
        if (out(w)) continue;
        SearchWord& s = v.words[std::size_t(v.word_count++)];
        for (int i = 0; i < w.length(); ++i) {
            if (w.blank_at(i) && settings.blanks == BlankRule::NonSticking)
                ++s.free_blanks;
            else
                s.fixed.add(Letter(w.text[std::size_t(i)] - 'A'));
        }
        s.signature = s.fixed.signature();
        s.length = std::uint8_t(w.length());
        s.own = w.owner == player;
        s.score = word_score(w, settings);
        index.push_back(k);
    }
    return v;
}

}  // namespace

TableView table_view(const Table& table, const Settings& settings, PlayerId player) {
    std::vector<std::size_t> index;
    return view_without(
        table, settings, player, [](const auto&) { return false; }, index);
}

TableView Game::view(PlayerId player) const { return table_view(table_, settings_, player); }

TableView Game::view_of(PlayerId player, bool free_only, std::vector<std::size_t>& index) const {
    struct Held {
        const Game& g;
        bool free_only;
        bool operator()(const Tile& t) const { return free_only && g.held(t.id); }
        bool operator()(const TableWord& w) const { return free_only && g.held(w.id); }
    };
    return view_without(table_, settings_, player, Held{*this, free_only}, index);
}

Game::Shout Game::shout_of(PlayerId by, const std::string& word, Millis at, const GrabPlan& plan,
                           const std::vector<std::size_t>& index, bool free_only) const {
    Shout s{by, word, at, {}, {}, false};
    for (int k = 0; k < plan.word_count; ++k)
        s.words.push_back(table_.words[index[plan.words[std::size_t(k)]]].id);
    // The pool's tiles of those letters that came first.
    Counts letters = plan.pool_letters;
    int blanks = plan.pool_blanks;
    for (const Tile& t : table_.pool) {
        if (free_only && held(t.id)) continue;
        if (t.face == blank ? blanks > 0 : letters[t.face] > 0) {
            s.pool.push_back(t.id);
            if (t.face == blank)
                --blanks;
            else
                letters.add(t.face, -1);
        }
    }
    return s;
}

Refused Game::diagnose(PlayerId by, const std::string& word, Lexicon::Index entry) const {
    Refused r{by, Action::Grab, word, Refusal::LettersMissing, "", nobody, "", 0, now_};
    std::vector<std::size_t> index;
    const TableView v = view_of(by, false, index);
    const Counts& w = lexicon_->counts(entry);
    const int length = lexicon_->length(entry);
    Counts all = v.pool;
    int blanks = v.pool_blanks;
    for (int k = 0; k < v.word_count; ++k) {
        all = all + v.words[std::size_t(k)].fixed;
        blanks += v.words[std::size_t(k)].free_blanks;
    }
    const Counts lacking = beyond(w, all);
    if (lacking.total() > blanks) {
        r.letters = letters_text(lacking);
        return r;
    }
    const auto name = [&](int k) {
        const TableWord& t = table_.words[index[std::size_t(k)]];
        r.other_word = t.text;
        r.other = t.owner;
    };
    for (int k = 0; k < v.word_count; ++k) {
        const SearchWord& s = v.words[std::size_t(k)];
        if (s.length == length && s.fixed.within(w)) {
            r.why = Refusal::AddsNoTile;
            name(k);
            return r;
        }
    }
    // The word whose letters the grab needs most beyond the pool, preferring one that cannot be used whole.
    const Counts needed = beyond(w, v.pool);
    int best = -1, best_overlap = 0;
    bool best_whole = true;
    for (int k = 0; k < v.word_count; ++k) {
        const SearchWord& s = v.words[std::size_t(k)];
        const int overlap = common(s.fixed, needed).total();
        const bool whole = s.length < length && s.fixed.within(w);
        if (overlap > 0 &&
            (best < 0 || (best_whole && !whole) || (best_whole == whole && overlap > best_overlap))) {
            best = k;
            best_overlap = overlap;
            best_whole = whole;
        }
    }
    if (best >= 0) {
        r.why = Refusal::SplitsWord;
        name(best);
    } else {
        r.letters = letters_text(needed);
    }
    return r;
}

Happenings Game::grab(PlayerId by, std::string_view text, Millis at) {
    Happenings out;
    settle(at, out);
    Refused r{by, Action::Grab, "", Refusal::UnknownPlayer, "", nobody, "", 0, now_};
    const auto refuse = [&](Refusal why) {
        r.why = why;
        out.push_back(r);
        return out;
    };
    text = trim(text);
    if (by < 0 || std::size_t(by) >= settings_.players.size()) return refuse(Refusal::UnknownPlayer);
    r.word = excerpt(text, max_word_letters);
    if (phase_ == Phase::Over) return refuse(Refusal::GameOver);
    if (text.size() > std::size_t(max_word_letters)) return refuse(Refusal::TooLong);
    std::string word, lower_word;
    for (char c : text) {
        const auto l = letter_of(c);
        if (!l) return refuse(Refusal::NotLetters);
        word += char('A' + *l);
        lower_word += char('a' + *l);
    }
    if (word.empty()) return refuse(Refusal::NotLetters);
    // A word: the player who shouts it is still looking (their pass is withdrawn), and the log keeps it
    // when it changed the game, or for the story.
    const bool had_passed = passed_[std::size_t(by)];
    passed_[std::size_t(by)] = false;
    const std::size_t before = out.size();
    shout(by, word, lower_word, out);
    bool changed = had_passed;
    for (std::size_t i = before; i < out.size(); ++i) {
        if (std::holds_alternative<Pending>(out[i])) changed = true;
        if (const auto* x = std::get_if<Refused>(&out[i]); x && x->why == Refusal::Clash) changed = true;
    }
    if (changed || logged_refusals_ < max_logged_refusals) {
        if (!changed) ++logged_refusals_;
        events_.push_back({Action::Grab, by, word, now_});
    }
    return out;
}

void Game::shout(PlayerId by, const std::string& word, const std::string& lower_word, Happenings& out) {
    Refused r{by, Action::Grab, word, Refusal::UnknownPlayer, "", nobody, "", 0, now_};
    const auto refuse = [&](Refusal why) {
        r.why = why;
        out.push_back(r);
    };
    if (int(word.size()) < settings_.min_length) {
        r.minimum = settings_.min_length;
        return refuse(Refusal::TooShort);
    }
    const auto entry = lexicon_->find(lower_word);
    if (!entry) return refuse(Refusal::NotInList);
    for (const Waiting& w : waiting_)
        if (w.word == word) {
            r.other_word = w.other_word;
            r.other = w.other;
            return refuse(Refusal::WaitsForTile);
        }
    for (const Shout& s : shouts_)
        if (s.by == by && s.word == word && !s.clashed) return refuse(Refusal::Repeated);
    if (shouts_.size() >= max_pending) return refuse(Refusal::TooManyShouts);

    // With the tiles no other shout holds, it waits for its tie window.
    std::vector<std::size_t> index;
    if (const auto plan = plan_for(view_of(by, true, index), *lexicon_, *entry)) {
        shouts_.push_back(shout_of(by, word, now_, *plan, index, true));
        out.push_back(Pending{by, word, now_, now_ + settings_.timings.tie_window});
        settle(now_, out);  // a tie window of 0: decided at once
        return;
    }
    const auto plan = plan_for(view_of(by, false, index), *lexicon_, *entry);
    if (!plan) {
        out.push_back(diagnose(by, word, *entry));
        return;
    }
    // It needs tiles another shout holds: a clash, and every shout it touches is refused with it.
    Shout mine = shout_of(by, word, now_, *plan, index, false);
    const Shout* partner = nullptr;
    for (Shout& s : shouts_) {
        const bool shares =
            std::any_of(
                mine.words.begin(), mine.words.end(),
                [&](WordId w) { return std::find(s.words.begin(), s.words.end(), w) != s.words.end(); }) ||
            std::any_of(mine.pool.begin(), mine.pool.end(),
                        [&](TileId t) { return std::find(s.pool.begin(), s.pool.end(), t) != s.pool.end(); });
        if (!shares) continue;
        if (!partner) partner = &s;
        if (s.clashed) continue;
        s.clashed = true;
        waiting_.push_back({s.word, word, by});
        out.push_back(Refused{s.by, Action::Grab, s.word, Refusal::Clash, word, by, "", 0, s.at});
    }
    r.other_word = partner->word;
    r.other = partner->by;
    mine.clashed = true;
    waiting_.push_back({word, partner->word, partner->by});
    shouts_.push_back(std::move(mine));
    refuse(Refusal::Clash);
}

Happenings Game::apply(const Event& e) {
    switch (e.action) {
        case Action::Reveal: return reveal(e.by, e.at);
        case Action::Grab: return grab(e.by, e.word, e.at);
        case Action::Pass: return pass(e.by, e.at);
    }
    return {};
}

void Game::decide(std::size_t i, Happenings& out) {
    const Shout s = std::move(shouts_[i]);
    shouts_.erase(shouts_.begin() + std::ptrdiff_t(i));
    Accepted a{s.by, s.word, s.at, now_, {}, {}, {}};
    // The tiles it takes, in order: the words' (fixed or free, by the blank rule), then the pool's.
    struct Source {
        TileId id;
        Letter as;  // the letter it gives, or unassigned for a free blank
        bool blank;
        bool used;
    };
    std::vector<Source> sources;
    for (WordId id : s.words) {
        const auto it = std::find_if(table_.words.begin(), table_.words.end(),
                                     [id](const TableWord& w) { return w.id == id; });
        for (int k = 0; k < it->length(); ++k) {
            const bool b = it->blank_at(k);
            const bool free = b && settings_.blanks == BlankRule::NonSticking;
            sources.push_back({it->tiles[std::size_t(k)],
                               free ? unassigned : Letter(it->text[std::size_t(k)] - 'A'), b, false});
        }
        a.taken.push_back(std::move(*it));
        table_.words.erase(it);
    }
    for (TileId id : s.pool) {
        const auto it =
            std::find_if(table_.pool.begin(), table_.pool.end(), [id](const Tile& t) { return t.id == id; });
        sources.push_back({id, it->face == blank ? unassigned : it->face, it->face == blank, false});
        a.from_pool.push_back(*it);
        table_.pool.erase(it);
    }
    // Each letter from a tile that gives it, else from a free blank.
    TableWord made{next_word_++, s.by, s.word, {}, 0};
    for (std::size_t p = 0; p < s.word.size(); ++p) {
        const Letter want = Letter(s.word[p] - 'A');
        auto src = std::find_if(sources.begin(), sources.end(),
                                [want](const Source& x) { return !x.used && x.as == want; });
        if (src == sources.end())
            src = std::find_if(sources.begin(), sources.end(),
                               [](const Source& x) { return !x.used && x.as == unassigned; });
        assert(src != sources.end());  // the plan has a tile for every letter
        src->used = true;
        made.tiles.push_back(src->id);
        if (src->blank) made.blanks |= 1u << p;
    }
    a.made = made;
    table_.words.push_back(std::move(made));
    to_reveal_ = s.by;
    last_change_ = now_;
    std::fill(passed_.begin(), passed_.end(), false);
    history_.push_back({a, table_});
    out.push_back(std::move(a));
}

std::vector<Pending> Game::pending() const {
    std::vector<Pending> out;
    for (const Shout& s : shouts_)
        if (!s.clashed) out.push_back({s.by, s.word, s.at, s.at + settings_.timings.tie_window});
    return out;
}

std::optional<Millis> Game::deciding_until() const {
    std::optional<Millis> until;
    for (const Shout& s : shouts_) until = std::max(until.value_or(s.at), s.at);
    if (until) *until += settings_.timings.tie_window;
    return until;
}

std::vector<std::string> Game::waiting_words() const {
    std::vector<std::string> out;
    for (const Waiting& w : waiting_) out.push_back(w.word);
    return out;
}

// ---- Scores ----------------------------------------------------------------------------------------------

int word_score(const TableWord& w, const Settings& settings) {
    switch (settings.scoring) {
        case Scoring::Letters: {
            int s = 0;
            for (int i = 0; i < w.length(); ++i)
                s += settings.tiles.value[w.blank_at(i) ? blank : std::size_t(w.text[std::size_t(i)] - 'A')];
            return s;
        }
        case Scoring::LengthSquared: return w.length() * w.length();
        case Scoring::Tiles: return w.length();
    }
    return 0;
}

int Game::score(PlayerId p) const {
    int s = 0;
    for (const TableWord& w : table_.words)
        if (w.owner == p) s += word_score(w, settings_);
    return s;
}

std::vector<int> Game::scores() const {
    std::vector<int> out;
    for (std::size_t p = 0; p < settings_.players.size(); ++p) out.push_back(score(PlayerId(p)));
    return out;
}

std::vector<PlayerId> Game::leaders() const {
    const std::vector<int> s = scores();
    const int top = *std::max_element(s.begin(), s.end());
    std::vector<PlayerId> out;
    for (std::size_t p = 0; p < s.size(); ++p)
        if (s[p] == top) out.push_back(PlayerId(p));
    return out;
}

}  // namespace gobblet::grabble
