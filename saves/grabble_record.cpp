#include "saves/grabble_record.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "engine/clock.h"
#include "engine/match.h"
#include "engine/player.h"
#include "engine/text.h"
#include "saves/record.h"
#include "saves/savefile.h"

namespace gobblet::saves {

namespace fs = std::filesystem;
namespace gr = grabble;

namespace {

struct Keyword {
    gr::Refusal why;
    const char* text;
};
// The refusals a grab of a word can get, as a transcript writes them (stable: saved games depend on it).
constexpr Keyword keywords[] = {
    {gr::Refusal::TooShort, "too short"},
    {gr::Refusal::NotInList, "not in the list"},
    {gr::Refusal::LettersMissing, "letters missing"},
    {gr::Refusal::SplitsWord, "splits a word"},
    {gr::Refusal::AddsNoTile, "adds no tile"},
    {gr::Refusal::Clash, "clash"},
    {gr::Refusal::WaitsForTile, "waits for the next tile"},
    {gr::Refusal::Repeated, "repeated"},
    {gr::Refusal::TooManyShouts, "too many shouts"},
};

// What an error quotes of its line: enough to see which event it is.
constexpr std::size_t quoted = 48;

Failure<TextError> fail(int line, std::string_view written, std::string reason) {
    return Failure{TextError{line, excerpt(written, quoted), std::move(reason)}};
}

std::string outcome_text(const GrabOutcome& o) {
    switch (o.kind) {
        case GrabOutcome::Kind::Unsaid: return "";
        case GrabOutcome::Kind::Made: return "made";
        case GrabOutcome::Kind::Refused: return std::string("refused, ") + refusal_keyword(o.why);
    }
    return "";
}

// "Ali reveals A", "Bala grabs CAT", "Carol passes": an event line without its time and outcome.
std::string event_text(const gr::Settings& s, const gr::Event& e, std::optional<gr::Letter> face) {
    const std::string name = e.by >= 0 && std::size_t(e.by) < s.players.size()
                                 ? s.players[std::size_t(e.by)].name
                                 : "player " + std::to_string(e.by + 1);
    switch (e.action) {
        case gr::Action::Reveal:
            return name + " reveals" + (face ? std::string(" ") + gr::face_char(*face) : std::string());
        case gr::Action::Grab: return name + " grabs " + e.word;
        case gr::Action::Pass: return name + " passes";
    }
    return name;
}

// A grab heard and not yet decided, and the event it came from.
struct Open {
    std::size_t event;
    gr::PlayerId by;
    std::string word;
    Millis at;
};

// One happening of an event replayed: whether it is the event's own answer (the reveal, the grab heard
// or refused, the pass), and which earlier event's grab it decides (made, or refused in a clash).
struct Step {
    const gr::Happening& what;
    bool own = false;
    std::optional<std::size_t> decides;
};

// What a replay of a transcript's events hands each happening to: the writer (for the outcomes and the
// story) and the reader (to check them against what the transcript says).
template <class Visit>
void visit_steps(const gr::Happenings& hs, std::vector<Open>& open, std::optional<std::size_t> event_index,
                 const gr::Event* e, Millis now, Visit&& visit) {
    // The event's own answer: the last happening that answers it (a grab of tie window 0 is heard, then
    // made; a clash first refuses the grabs it clashes with, then the grab itself).
    std::optional<std::size_t> own;
    for (std::size_t j = 0; e && j < hs.size(); ++j) {
        const gr::Happening& h = hs[j];
        bool mine = false;
        switch (e->action) {
            case gr::Action::Reveal:
                if (const auto* r = std::get_if<gr::Revealed>(&h)) mine = !r->automatic;
                if (const auto* r = std::get_if<gr::Refused>(&h)) mine = r->action == gr::Action::Reveal;
                break;
            case gr::Action::Pass:
                mine = std::holds_alternative<gr::Passed>(h);
                if (const auto* r = std::get_if<gr::Refused>(&h)) mine = r->action == gr::Action::Pass;
                break;
            case gr::Action::Grab:
                if (const auto* p = std::get_if<gr::Pending>(&h))
                    mine = p->by == e->by && p->word == e->word && p->at == now;
                if (const auto* r = std::get_if<gr::Refused>(&h))
                    mine =
                        r->action == gr::Action::Grab && r->by == e->by && r->word == e->word && r->at == now;
                break;
        }
        if (mine) own = j;
    }
    for (std::size_t j = 0; j < hs.size(); ++j) {
        const gr::Happening& h = hs[j];
        Step step{h, own == j, std::nullopt};
        const auto settle = [&](gr::PlayerId by, const std::string& word, Millis at) {
            const auto it = std::find_if(open.begin(), open.end(), [&](const Open& o) {
                return o.by == by && o.word == word && o.at == at;
            });
            if (it == open.end()) return;
            step.decides = it->event;
            open.erase(it);
        };
        if (step.own) {
            if (const auto* p = std::get_if<gr::Pending>(&h))
                open.push_back({*event_index, p->by, p->word, p->at});
        } else if (const auto* a = std::get_if<gr::Accepted>(&h)) {
            settle(a->by, a->word, a->at);
        } else if (const auto* r = std::get_if<gr::Refused>(&h);
                   r && r->action == gr::Action::Grab && r->why == gr::Refusal::Clash) {
            settle(r->by, r->word, r->at);
        }
        visit(step);
    }
}

// Whether a happening is part of the story the rules tell by themselves (written as a comment).
bool story(const gr::Happening& h) {
    if (const auto* r = std::get_if<gr::Revealed>(&h)) return r->automatic;
    return std::holds_alternative<gr::Accepted>(h) || std::holds_alternative<gr::LastMinute>(h) ||
           std::holds_alternative<gr::Over>(h);
}

Millis time_of(const gr::Happening& h, Millis fallback) {
    if (const auto* r = std::get_if<gr::Revealed>(&h)) return r->at;
    if (const auto* a = std::get_if<gr::Accepted>(&h)) return a->decided_at;
    if (const auto* o = std::get_if<gr::Over>(&h)) return o->at;
    return fallback;
}

bool digit(char c) { return c >= '0' && c <= '9'; }

std::string_view without_bom(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    return text;
}

std::string level_words() {
    std::string out;
    for (Level l : {Level::Easy, Level::Medium, Level::Hard, Level::Max})
        out += (out.empty() ? "" : ", ") + std::string(level_name(l));
    return out;
}

// An event line's action, after the player's name: "reveals [FACE]", "grabs WORD[: OUTCOME]", "passes".
struct ActionRead {
    gr::Action action = gr::Action::Pass;
    std::string word;
    std::optional<gr::Letter> face;
    GrabOutcome outcome;
};

Expected<ActionRead> read_action(std::string_view text) {
    const std::size_t space = text.find(' ');
    const std::string verb = lower(text.substr(0, space));
    const std::string_view rest = space == std::string_view::npos ? "" : trim(text.substr(space + 1));
    ActionRead a;
    if (verb == "passes") {
        if (!rest.empty()) return Failure{"'passes' takes nothing after it"};
        a.action = gr::Action::Pass;
        return a;
    }
    if (verb == "reveals") {
        a.action = gr::Action::Reveal;
        if (rest.empty()) return a;
        if (rest.size() != 1 || (rest[0] != '?' && !gr::letter_of(rest[0])))
            return Failure{"a reveal shows one letter, or '?' for a blank"};
        a.face = rest[0] == '?' ? gr::blank : *gr::letter_of(rest[0]);
        return a;
    }
    if (verb != "grabs")
        return Failure{
            "a player reveals, grabs WORD or passes: 'Ali reveals A', 'Ali grabs CAT: made', 'Ali passes'"};
    a.action = gr::Action::Grab;
    const std::size_t colon = rest.find(':');
    const std::string_view word = trim(rest.substr(0, colon));
    if (word.empty()) return Failure{"a grab names its word: 'Ali grabs CAT'"};
    if (word.size() > std::size_t(gr::max_word_letters))
        return Failure{"a word has at most " + std::to_string(gr::max_word_letters) + " letters"};
    for (char c : word) {
        const auto l = gr::letter_of(c);
        if (!l) return Failure{"a grab's word is the letters A to Z, one word"};
        a.word += char('A' + *l);
    }
    if (colon == std::string_view::npos) return a;
    const std::string outcome = lower(trim(rest.substr(colon + 1)));
    if (outcome == "made") {
        a.outcome.kind = GrabOutcome::Kind::Made;
        return a;
    }
    static constexpr std::string_view refused = "refused";
    if (outcome.rfind(refused, 0) == 0) {
        std::string_view why = std::string_view(outcome).substr(refused.size());
        if (!why.empty() && why[0] == ',') why.remove_prefix(1);
        if (const auto r = parse_refusal_keyword(trim(why))) {
            a.outcome = {GrabOutcome::Kind::Refused, *r};
            return a;
        }
    }
    std::string known;
    for (const Keyword& k : keywords) known += (known.empty() ? "" : ", ") + std::string(k.text);
    return Failure{"what came of a grab is 'made' or 'refused, REASON' (" + known + ")"};
}

// The settings' field names as check_settings starts its reasons with them, for the line to blame.
const char* const field_keys[] = {"minimum length", "word list",    "tiles",
                                  "tie window",     "reveal pause", "last minute"};

}  // namespace

std::string game_time_text(Millis ms) {
    ms = std::max<Millis>(0, ms);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%lld:%02lld.%03lld", static_cast<long long>(ms / 60000),
                  static_cast<long long>(ms / 1000 % 60), static_cast<long long>(ms % 1000));
    return buf;
}

std::optional<Millis> parse_game_time(std::string_view t) {
    const std::size_t colon = t.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 7) return std::nullopt;
    long long minutes = 0;
    for (char c : t.substr(0, colon)) {
        if (!digit(c)) return std::nullopt;
        minutes = minutes * 10 + (c - '0');
    }
    const std::string_view rest = t.substr(colon + 1);
    if (rest.size() != 2 && rest.size() != 6) return std::nullopt;
    if (!digit(rest[0]) || !digit(rest[1]) || rest[0] > '5') return std::nullopt;
    long long ms = ((rest[0] - '0') * 10 + (rest[1] - '0')) * 1000;
    if (rest.size() == 6) {
        if (rest[2] != '.' || !digit(rest[3]) || !digit(rest[4]) || !digit(rest[5])) return std::nullopt;
        ms += (rest[3] - '0') * 100 + (rest[4] - '0') * 10 + (rest[5] - '0');
    }
    return Millis(minutes * 60000 + ms);
}

const char* refusal_keyword(gr::Refusal why) {
    for (const Keyword& k : keywords)
        if (k.why == why) return k.text;
    return "refused";
}

std::optional<gr::Refusal> parse_refusal_keyword(std::string_view text) {
    const std::string t = lower(trim(text));
    for (const Keyword& k : keywords)
        if (t == k.text) return k.why;
    return std::nullopt;
}

bool is_grabble_record(std::string_view text) {
    text = without_bom(text.substr(0, max_transcript_bytes));
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = trim(text.substr(start, end - start));
        if (!line.empty()) {
            if (line[0] != '%') return false;
            return lower(trim(line.substr(1))) == "grabble game";
        }
        start = end + 1;
    }
    return false;
}

// ---- Writing ----------------------------------------------------------------------------------------

std::string grabble_record_text(const gr::Game& game, std::string_view date,
                                std::optional<std::uint64_t> seed) {
    const gr::Settings& s = game.settings();
    std::string out = "% grabble game\n";
    if (!date.empty()) out += "% date: " + std::string(date) + "\n";
    for (std::size_t p = 0; p < s.players.size(); ++p) {
        const gr::Seat& seat = s.players[p];
        out += "% player " + std::to_string(p + 1) + ": " + seat.name + ", " +
               (seat.computer ? std::string("computer ") + level_name(seat.level) : std::string("human")) +
               "\n";
    }
    out += std::string("% computers: ") +
           (s.computer_waits ? "wait for the people" : "play at the same time") + "\n";
    out += std::string("% blanks: ") + gr::blank_rule_name(s.blanks) + "\n";
    out += "% minimum length: " + std::to_string(s.min_length) + "\n";
    out += "% word list: " + s.word_list + "\n";
    if (s.tiles != gr::TileSet::english()) out += "% tiles: " + gr::tile_set_text(s.tiles) + "\n";
    out += std::string("% scoring: ") + gr::scoring_name(s.scoring) + "\n";
    out += std::string("% clues: ") + (s.show_clues ? "on" : "off") + "\n";
    out += "% tie window: " + duration_text(s.timings.tie_window) + "\n";
    out += "% reveal pause: " + duration_text(s.timings.reveal_pause) + "\n";
    out += "% last minute: " + duration_text(s.timings.last_minute) + "\n";
    if (seed) out += "% seed: " + std::to_string(*seed) + "\n";
    out += "% bag: " + gr::bag_text(game.bag()) + "\n";

    // The events replayed, for what came of each grab and the story between them.
    const Millis start = game.started_at();
    auto replayed = gr::Game::start(s, game.bag(), game.shared_lexicon(), start);
    if (!replayed) return out + "% (the game cannot be replayed: " + replayed.why() + ")\n";
    gr::Game g = std::move(replayed).take();
    const std::vector<gr::Event>& events = game.events();
    std::vector<std::string> lines;
    std::vector<std::size_t> line_of(events.size(), 0);
    std::vector<GrabOutcome> outcomes(events.size());
    std::vector<Open> open;
    const auto visit = [&](std::optional<std::size_t> i, const gr::Event* e) {
        return [&, i, e](const Step& step) {
            if (step.own && e) {
                std::optional<gr::Letter> face;
                if (const auto* r = std::get_if<gr::Revealed>(&step.what)) face = r->tile.face;
                if (const auto* r = std::get_if<gr::Refused>(&step.what))
                    outcomes[*i] = {GrabOutcome::Kind::Refused, r->why};
                line_of[*i] = lines.size();
                lines.push_back(game_time_text(e->at - start) + " " + event_text(s, *e, face));
            } else if (step.decides) {
                outcomes[*step.decides] = std::holds_alternative<gr::Accepted>(step.what)
                                              ? GrabOutcome{GrabOutcome::Kind::Made, gr::Refusal::NotInList}
                                              : GrabOutcome{GrabOutcome::Kind::Refused, gr::Refusal::Clash};
            }
            if (story(step.what))
                lines.push_back("% " + game_time_text(time_of(step.what, g.now()) - start) + " " +
                                gr::describe(step.what, s.players));
        };
    };
    for (std::size_t i = 0; i < events.size(); ++i) {
        const gr::Happenings hs = g.apply(events[i]);
        visit_steps(hs, open, i, &events[i], g.now(), visit(i, &events[i]));
    }
    visit_steps(g.advance(game.now()), open, std::nullopt, nullptr, g.now(), visit(std::nullopt, nullptr));
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].action == gr::Action::Grab && outcomes[i].kind != GrabOutcome::Kind::Unsaid)
            lines[line_of[i]] += ": " + outcome_text(outcomes[i]);
    for (const std::string& l : lines) out += l + "\n";
    out += "% time: " + game_time_text(game.now() - start) + "\n";
    if (game.phase() == gr::Phase::Over) {
        std::string scores;
        for (std::size_t p = 0; p < s.players.size(); ++p)
            scores += (p ? ", " : "") + s.players[p].name + " " + std::to_string(game.score(gr::PlayerId(p)));
        out += "% result: " + gr::describe(gr::Over{game.now(), game.scores(), game.leaders()}, s.players) +
               " (" + scores + ")\n";
    }
    return out;
}

std::string grabble_record_text(const GrabbleRecord& record) {
    return grabble_record_text(record.game, record.date, record.seed);
}

// ---- Reading -------------------------------------------------------------------------------------------

Expected<GrabbleTranscript, TextError> parse_grabble_transcript(std::string_view text) {
    if (text.size() > max_transcript_bytes)
        return fail(0, "",
                    "the transcript is " + std::to_string(text.size()) + " bytes, more than the " +
                        std::to_string(max_transcript_bytes) + " (1 MiB) a game's transcript may hold");
    const std::vector<std::string_view> lines = split_lines(without_bom(text));
    if (lines.size() > max_grabble_lines)
        return fail(0, "",
                    "the transcript has " + std::to_string(lines.size()) + " lines, more than the " +
                        std::to_string(max_grabble_lines) + " a game's transcript may hold");

    // First the settings ('%' lines with a key), wherever they are; then the events, with the players known.
    GrabbleTranscript t;
    std::map<std::string, std::pair<int, std::string_view>> keys;  // key: line, value
    std::map<int, std::pair<int, std::string_view>> players;       // number: line, value
    bool headed = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int no = int(i) + 1;
        if (lines[i].size() > max_line_bytes)
            return fail(no, "",
                        "the line is " + std::to_string(lines[i].size()) + " bytes, more than the " +
                            std::to_string(max_line_bytes) + " a line may hold");
        const std::string_view line = trim(lines[i]);
        if (line.empty()) continue;
        if (!headed) {
            if (line[0] != '%' || lower(trim(line.substr(1))) != "grabble game")
                return fail(no, line,
                            "a Grabble transcript starts with the line '% grabble game' (this is not one)");
            headed = true;
            continue;
        }
        if (line[0] != '%') continue;  // an event (read below) or a '#' comment
        const std::string_view body = trim(line.substr(1));
        const std::size_t colon = body.find(':');
        if (body.empty() || digit(body[0]) || colon == std::string_view::npos) continue;  // a comment
        const std::string key = lower(trim(body.substr(0, colon)));
        const std::string_view value = trim(body.substr(colon + 1));
        if (key.rfind("player ", 0) == 0) {
            const std::string number = key.substr(7);
            const int n = number.size() == 1 && digit(number[0]) ? number[0] - '0' : 0;
            if (n < 1 || n > gr::max_players)
                return fail(no, line,
                            "players are numbered 1 to " + std::to_string(gr::max_players) +
                                ": '% player 1: Ali, human'");
            if (const auto seen = players.find(n); seen != players.end())
                return fail(no, line,
                            "player " + number + " is given twice (first on line " +
                                std::to_string(seen->second.first) + ")");
            players[n] = {no, value};
            continue;
        }
        if (key == "result") {  // for the list of games: the replay finds the result again
            t.result = clean_text(value, 200);
            continue;
        }
        static const char* const known[] = {
            "date",  "computers",  "blanks",       "minimum length", "word list", "tiles", "scoring",
            "clues", "tie window", "reveal pause", "last minute",    "seed",      "bag",   "time"};
        if (std::find(std::begin(known), std::end(known), key) == std::end(known)) continue;  // a comment
        if (const auto seen = keys.find(key); seen != keys.end())
            return fail(no, line,
                        key + " is given twice (first on line " + std::to_string(seen->second.first) + ")");
        keys[key] = {no, value};
    }
    if (!headed)
        return fail(0, "", "the transcript is empty: a Grabble transcript starts with '% grabble game'");

    gr::Settings& s = t.settings;
    s.players.clear();
    for (const auto& [n, at] : players) {
        const auto [no, value] = at;
        if (n != int(s.players.size()) + 1)
            return fail(no, value,
                        "player " + std::to_string(s.players.size() + 1) +
                            " is missing: the players are numbered 1, 2, 3... in turn order");
        const std::size_t comma = value.rfind(',');
        if (comma == std::string_view::npos)
            return fail(no, value,
                        "a player is 'NAME, human' or 'NAME, computer LEVEL' (" + level_words() + ")");
        gr::Seat seat;
        seat.name = std::string(trim(value.substr(0, comma)));
        const std::string kind = lower(trim(value.substr(comma + 1)));
        if (kind == "human") {
            seat.computer = false;
        } else if (kind == "computer") {
            seat.computer = true;
        } else if (kind.rfind("computer ", 0) == 0) {
            const auto level = parse_level(trim(std::string_view(kind).substr(9)));
            if (!level) return fail(no, value, "a computer's level is one of " + level_words());
            seat.computer = true;
            seat.level = *level;
        } else {
            return fail(no, value,
                        "a player is 'NAME, human' or 'NAME, computer LEVEL' (" + level_words() + ")");
        }
        s.players.push_back(std::move(seat));
    }
    const auto has = [&](const char* key) { return keys.count(key) != 0; };
    const auto line_of = [&](const char* key) { return has(key) ? keys.at(key).first : 0; };
    const auto value_of = [&](const char* key) {
        return has(key) ? keys.at(key).second : std::string_view();
    };
    if (has("date")) {
        const std::string_view d = value_of("date");
        if (d.size() > 64 || excerpt(d, 64) != d)
            return fail(line_of("date"), d, "a date is at most 64 printable characters: 2026-11-23 14:03");
        t.date = std::string(d);
    }
    if (has("computers")) {
        const std::string v = lower(value_of("computers"));
        if (v == "play at the same time" || v == "same time")
            s.computer_waits = false;
        else if (v == "wait for the people" || v == "wait")
            s.computer_waits = true;
        else
            return fail(line_of("computers"), v,
                        "the computers 'play at the same time' or 'wait for the people'");
    }
    if (has("blanks")) {
        const auto b = gr::parse_blank_rule(value_of("blanks"));
        if (!b)
            return fail(line_of("blanks"), value_of("blanks"), "blanks are none, sticking or non-sticking");
        s.blanks = *b;
    }
    if (has("minimum length")) {
        const std::string_view v = value_of("minimum length");
        if (v.empty() || v.size() > 2 || !std::all_of(v.begin(), v.end(), digit))
            return fail(line_of("minimum length"), v, "the minimum length is a number of letters, such as 3");
        s.min_length = std::stoi(std::string(v));
    }
    if (has("word list")) {
        s.word_list = std::string(value_of("word list"));
        t.word_list_line = line_of("word list");
    }
    if (has("tiles")) {
        const auto tiles = gr::parse_tile_set(value_of("tiles"));
        if (!tiles) return fail(line_of("tiles"), value_of("tiles"), tiles.why());
        s.tiles = *tiles;
    }
    if (has("scoring")) {
        const auto sc = gr::parse_scoring(value_of("scoring"));
        if (!sc)
            return fail(line_of("scoring"), value_of("scoring"),
                        "scoring is letters, length-squared or tiles");
        s.scoring = *sc;
    }
    if (has("clues")) {
        const std::string v = lower(value_of("clues"));
        if (v != "on" && v != "off") return fail(line_of("clues"), v, "clues are on or off");
        s.show_clues = v == "on";
    }
    for (const auto& [key, field] : {std::pair<const char*, Millis*>{"tie window", &s.timings.tie_window},
                                     {"reveal pause", &s.timings.reveal_pause},
                                     {"last minute", &s.timings.last_minute}}) {
        if (!has(key)) continue;
        const auto d = parse_duration(value_of(key));
        if (!d)
            return fail(line_of(key), value_of(key), std::string(key) + " is a time such as 300ms, 7s or 1m");
        *field = *d;
    }
    if (auto ok = gr::check_settings(s); !ok) {
        int line = players.empty() ? 1 : players.begin()->second.first;
        for (const char* field : field_keys)
            if (ok.why().rfind(std::string(field) + ":", 0) == 0 && line_of(field)) line = line_of(field);
        return fail(line, "", ok.why());
    }
    if (has("seed")) {
        const auto seed = parse_seed(value_of("seed"));
        if (!seed) return fail(line_of("seed"), value_of("seed"), "a seed is a whole number, such as 42");
        t.seed = *seed;
    }
    if (has("bag")) {
        const auto bag = gr::parse_bag(value_of("bag"), s.tiles, gr::with_blanks(s));
        if (!bag) return fail(line_of("bag"), "", bag.why());
        t.bag = *bag;
        if (t.seed && gr::shuffled_bag(s.tiles, gr::with_blanks(s), *t.seed) != t.bag)
            return fail(line_of("bag"), "",
                        "the bag is not in the order seed " + std::to_string(*t.seed) +
                            " gives; keep the bag and remove the seed line (or the other way round)");
    } else if (t.seed) {
        t.bag = gr::shuffled_bag(s.tiles, gr::with_blanks(s), *t.seed);
    } else {
        return fail(1, "",
                    "the transcript does not say the bag's order: add its '% bag:' line (or '% seed:')");
    }

    // The events, in the order of their times.
    std::vector<std::size_t> by_length(s.players.size());
    for (std::size_t p = 0; p < by_length.size(); ++p) by_length[p] = p;
    std::stable_sort(by_length.begin(), by_length.end(), [&](std::size_t a, std::size_t b) {
        return s.players[a].name.size() > s.players[b].name.size();
    });
    std::string names;
    for (const gr::Seat& seat : s.players) names += (names.empty() ? "" : ", ") + seat.name;
    int last_line = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int no = int(i) + 1;
        const std::string_view line = trim(lines[i]);
        if (line.empty() || line[0] == '%' || line[0] == '#') continue;
        if (!digit(line[0]))
            return fail(
                no, line,
                "not an event: an event is 'M:SS.mmm NAME reveals', '... grabs WORD' or '... passes', "
                "a setting starts with '%'");
        const std::size_t space = line.find(' ');
        const auto at = parse_game_time(line.substr(0, space));
        if (!at)
            return fail(no, line.substr(0, space),
                        "an event's time is minutes:seconds.milliseconds, such as 0:03.600");
        const std::string_view rest = space == std::string_view::npos ? "" : trim(line.substr(space + 1));
        // The player: the longest name the line starts with whose action reads.
        std::optional<ActionRead> action;
        std::optional<std::string> why;
        gr::PlayerId by = gr::nobody;
        for (std::size_t p : by_length) {
            const std::string& name = s.players[p].name;
            if (rest.size() <= name.size() || rest[name.size()] != ' ' ||
                lower(rest.substr(0, name.size())) != lower(name))
                continue;
            auto read = read_action(trim(rest.substr(name.size())));
            if (read) {
                action = std::move(read).take();
                by = gr::PlayerId(p);
                break;
            }
            if (!why) why = read.why();
        }
        if (!action)
            return fail(no, line,
                        why ? *why : "no player of this game is named here (the players: " + names + ")");
        if (!t.events.empty() && *at < t.events.back().event.at)
            return fail(no, line,
                        "this event comes before the one on line " + std::to_string(last_line) + " (" +
                            game_time_text(t.events.back().event.at) +
                            "): events are written in the order they came");
        if (t.events.size() == max_grabble_events)
            return fail(no, line,
                        "more than " + std::to_string(max_grabble_events) + " events: a game has far fewer");
        t.events.push_back(
            {gr::Event{action->action, by, action->word, *at}, no, action->face, action->outcome});
        last_line = no;
    }
    if (has("time")) {
        const auto time = parse_game_time(value_of("time"));
        if (!time)
            return fail(line_of("time"), value_of("time"),
                        "the game's time is minutes:seconds.milliseconds, such as 1:05.000");
        if (!t.events.empty() && *time < t.events.back().event.at)
            return fail(line_of("time"), value_of("time"),
                        "the game's time is before its last event (line " + std::to_string(last_line) + ", " +
                            game_time_text(t.events.back().event.at) + ")");
        t.time = *time;
        t.time_line = line_of("time");
    }
    return t;
}

Expected<GrabbleRecord, TextError> replay_grabble_transcript(const GrabbleTranscript& t,
                                                             std::shared_ptr<const gr::Lexicon> lexicon) {
    auto started = gr::Game::start(t.settings, t.bag, std::move(lexicon), 0);
    if (!started) return fail(1, "", started.why());
    gr::Game g = std::move(started).take();
    const gr::Settings& s = t.settings;
    std::vector<Open> open;
    std::optional<TextError> error;
    const auto said_of = [&](std::size_t i) { return t.events[i].outcome; };
    const auto written = [&](std::size_t i) {
        const TranscriptEvent& e = t.events[i];
        std::string w = game_time_text(e.event.at) + " " + event_text(s, e.event, e.face);
        if (e.outcome.kind != GrabOutcome::Kind::Unsaid) w += ": " + outcome_text(e.outcome);
        return w;
    };
    const auto wrong = [&](std::size_t i, std::string reason) {
        if (!error) error = TextError{t.events[i].line, excerpt(written(i), quoted), std::move(reason)};
    };
    const auto says = [&](std::size_t i) {
        const GrabOutcome o = said_of(i);
        return "the transcript says " +
               (o.kind == GrabOutcome::Kind::Made ? std::string("it was made") : "'" + outcome_text(o) + "'");
    };
    const auto visit = [&](std::optional<std::size_t> i) {
        return [&, i](const Step& step) {
            if (step.decides) {
                const std::size_t d = *step.decides;
                const GrabOutcome o = said_of(d);
                if (const auto* a = std::get_if<gr::Accepted>(&step.what)) {
                    if (o.kind == GrabOutcome::Kind::Refused)
                        wrong(d,
                              "the rules make it at " + game_time_text(a->decided_at) + ", but " + says(d));
                } else if (const auto* r = std::get_if<gr::Refused>(&step.what)) {
                    if (o.kind == GrabOutcome::Kind::Made ||
                        (o.kind == GrabOutcome::Kind::Refused && o.why != gr::Refusal::Clash))
                        wrong(d,
                              "the rules refuse it: " + gr::refusal_text(*r, s.players) + "; but " + says(d));
                }
            }
            if (!step.own || !i) return;
            const TranscriptEvent& e = t.events[*i];
            if (const auto* r = std::get_if<gr::Refused>(&step.what)) {
                if (e.event.action != gr::Action::Grab) {
                    wrong(*i, std::string("the rules refuse this ") +
                                  (e.event.action == gr::Action::Reveal ? "reveal: " : "pass: ") +
                                  gr::refusal_text(*r, s.players));
                    return;
                }
                const GrabOutcome o = e.outcome;
                const bool keyword = parse_refusal_keyword(refusal_keyword(r->why)).has_value();
                if (!keyword || o.kind == GrabOutcome::Kind::Made ||
                    (o.kind == GrabOutcome::Kind::Refused && o.why != r->why))
                    wrong(*i,
                          "the rules refuse it: " + gr::refusal_text(*r, s.players) +
                              (keyword ? std::string(" ('refused, ") + refusal_keyword(r->why) + "')" : "") +
                              (o.kind == GrabOutcome::Kind::Unsaid ? "" : "; but " + says(*i)));
            } else if (const auto* rv = std::get_if<gr::Revealed>(&step.what)) {
                if (e.face && *e.face != rv->tile.face)
                    wrong(*i, std::string("the bag gives ") + gr::face_char(rv->tile.face) + " here, not " +
                                  gr::face_char(*e.face));
            } else if (std::holds_alternative<gr::Pending>(step.what)) {
                if (e.outcome.kind == GrabOutcome::Kind::Refused && e.outcome.why != gr::Refusal::Clash)
                    wrong(*i, "the rules hear it (it can be made), but " + says(*i));
            }
        };
    };
    for (std::size_t i = 0; i < t.events.size() && !error; ++i) {
        const gr::Happenings hs = g.apply(t.events[i].event);
        bool answered = false;
        visit_steps(hs, open, i, &t.events[i].event, g.now(), [&](const Step& step) {
            answered = answered || step.own;
            visit(i)(step);
        });
        if (!answered && !error) {
            const TranscriptEvent& e = t.events[i];
            if (e.event.action == gr::Action::Pass)
                wrong(i, s.players[std::size_t(e.event.by)].name +
                             " has passed already since the last change: a pass counts once");
            else
                wrong(i, "the rules take no notice of it");
        }
    }
    if (error) return Failure{*error};
    const Millis end = t.time ? *t.time : (t.events.empty() ? 0 : t.events.back().event.at);
    visit_steps(g.advance(end), open, std::nullopt, nullptr, g.now(), visit(std::nullopt));
    if (error) return Failure{*error};
    for (const Open& o : open)
        if (said_of(o.event).kind != GrabOutcome::Kind::Unsaid)
            return fail(t.events[o.event].line, written(o.event),
                        "it is still being decided at the transcript's end (" + game_time_text(end) +
                            "), so " + says(o.event) +
                            " too early; a '% time:' line after its tie window says when "
                            "the game was written");
    return GrabbleRecord{std::move(g), t.date, t.seed};
}

Expected<GrabbleRecord, TextError> read_grabble_record(std::string_view text, const WordListSource& lists) {
    auto parsed = parse_grabble_transcript(text);
    if (!parsed) return Failure{parsed.why()};
    auto lexicon = lists(parsed->settings.word_list);
    if (!lexicon)
        return fail(parsed->word_list_line, parsed->settings.word_list, "word list: " + lexicon.why());
    return replay_grabble_transcript(*parsed, *lexicon);
}

Expected<void> write_grabble_record(const fs::path& path, const GrabbleRecord& record) {
    return write_file(path, grabble_record_text(record));
}

Expected<GrabbleRecord, TextError> read_grabble_record_file(const fs::path& path,
                                                            const WordListSource& lists) {
    const auto text = read_file(path);
    if (!text) return Failure{TextError{0, "", text.why()}};
    return read_grabble_record(*text, lists);
}

std::string grabble_archive_stem(const gr::Settings& settings) {
    constexpr std::size_t most = 200;
    std::string out;
    for (std::size_t p = 0; p < settings.players.size(); ++p) {
        std::string part = slug(settings.players[p].name);
        if (part.empty()) part = "player-" + std::to_string(p + 1);
        const std::string next = (out.empty() ? "" : "--") + part;
        if (out.size() + next.size() > most) break;
        out += next;
    }
    if (out.empty()) out = "grabble-" + file_stamp();
    return out;
}

fs::path grabble_autosave_dir() {
    const fs::path dir = state_dir();
    return dir.empty() ? dir : dir / "grabble";
}

}  // namespace gobblet::saves
