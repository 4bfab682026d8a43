#include "protocol.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <ostream>

#include "decisions.h"
#include "movegen.h"
#include "notation.h"

namespace gobblet {

namespace {

constexpr std::string_view program_version = "0.1.0";

// Every command, in the order list_commands gives them.
constexpr std::array<std::string_view, 26> commands = {
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "rules",
    "clear_board",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "legal_moves",
    "to_move",
    "result",
    "showboard",
    "loadtranscript",
    "savetranscript",
    "time_settings",
    "time_left",
    "resign",
    "offer_draw",
    "level",
    "perft",
    "analyze",
};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

// Splits off the first space-separated word of s.
std::string_view next_word(std::string_view& s) {
    s = trim(s);
    const std::size_t end = std::min(s.find(' '), s.size());
    std::string_view word = s.substr(0, end);
    s = trim(s.substr(end));
    return word;
}

// GTP's preprocessing: control characters other than tab and newline are removed, tabs become spaces,
// and everything from '#' on is a comment.
std::string clean(std::string_view line) {
    std::string out;
    for (char c : line) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (c == '#') break;
        if (c == '\t')
            out += ' ';
        else if (u >= 32 && u != 127)
            out += c;
    }
    return out;
}

std::optional<Color> parse_colour(std::string_view word) {
    const std::string w = lower(word);
    if (w == "white" || w == "w") return Color::White;
    if (w == "black" || w == "b") return Color::Black;
    return std::nullopt;
}

bool parse_number(std::string_view s, double& out) {
    const std::string text(s);
    if (text.empty() || text.size() > 32) return false;
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && out >= 0 && out < 1e9;
}

// GTP's stones: a whole number.
bool parse_stones(std::string_view s, int& out) {
    double d = 0;
    if (!parse_number(s, d) || d != std::floor(d) || d > 1e6) return false;
    out = int(d);
    return true;
}

Millis millis(double seconds) { return Millis(std::llround(seconds * 1000)); }

}  // namespace

Protocol::Protocol(Variant variant, const PlayerSettings& settings, TranscriptStore& store,
                   std::function<Millis()> now)
    : game_(variant), player_(settings), store_(store), now_(std::move(now)) {}

void Protocol::new_game(Variant v) {
    game_ = Game(v);
    player_.new_game();
}

std::string Protocol::handle(std::string_view raw) {
    std::string line = clean(raw);
    std::string_view rest = trim(line);
    if (rest.empty()) return {};

    std::string id;
    if (std::isdigit(static_cast<unsigned char>(rest.front()))) {
        std::string_view word = next_word(rest);
        if (!std::all_of(word.begin(), word.end(),
                         [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            return "? a command starts with an optional number id and a command name\n\n";
        id = std::string(word);
    }
    const std::string name = lower(next_word(rest));
    Reply r = name.empty() ? Reply{false, "missing command name after the id"} : dispatch(name, rest);
    std::string out = (r.ok ? "=" : "?") + id;
    if (!r.text.empty()) out += (r.text.front() == '\n' ? "" : " ") + r.text;
    return out + "\n\n";
}

int Protocol::run(std::istream& in, std::ostream& out) {
    std::string line;
    while (!done_ && std::getline(in, line)) {
        const std::string reply = handle(line);
        if (!reply.empty()) out << reply << std::flush;
    }
    return 0;
}

std::string Protocol::colour_problem(std::string_view colour) const {
    const auto c = parse_colour(colour);
    if (!c) return "unknown colour '" + std::string(colour) + "': use white or black";
    if (*c != game_.side_to_move())
        return std::string("it is ") + color_name(game_.side_to_move()) + "'s turn";
    return {};
}

Protocol::Reply Protocol::dispatch(const std::string& name, std::string_view args) {
    const Variant v = game_.variant();
    if (name == "protocol_version") return {true, "2"};
    if (name == "name") return {true, "gobblet"};
    if (name == "version") return {true, std::string(program_version)};
    if (name == "known_command") {
        const std::string what = lower(next_word(args));
        return {true, std::find(commands.begin(), commands.end(), what) != commands.end() ? "true" : "false"};
    }
    if (name == "list_commands") {
        std::string out;
        for (std::string_view c : commands) out += std::string(out.empty() ? "" : "\n") + std::string(c);
        return {true, out};
    }
    if (name == "quit") {
        done_ = true;
        return {true, {}};
    }
    if (name == "boardsize") {
        const std::string_view n = next_word(args);
        if (n != "3" && n != "4") return {false, "unacceptable size: boardsize is 3 or 4"};
        new_game(Variant{n[0] - '0', v.rules});
        return {true, {}};
    }
    if (name == "rules") {
        const auto r = parse_rules(lower(next_word(args)));
        if (!r) return {false, "unknown rules: use rules official or rules rogers"};
        new_game(Variant{v.size, *r});
        return {true, {}};
    }
    if (name == "clear_board") {
        new_game(v);
        return {true, {}};
    }
    if (name == "play") return play(args);
    if (name == "genmove") return genmove(args, true);
    if (name == "reg_genmove") return genmove(args, false);
    if (name == "undo") {
        if (!game_.can_undo()) return {false, "cannot undo: no move has been played"};
        game_.undo();
        return {true, {}};
    }
    if (name == "legal_moves") {
        MoveList list;
        game_.legal_moves(list);
        std::vector<std::string> names;
        for (Move m : list) names.push_back(move_name(m, game_.side_to_move()));
        std::sort(names.begin(), names.end());
        std::string out;
        for (const std::string& n : names) out += (out.empty() ? "" : " ") + n;
        return {true, out};
    }
    if (name == "to_move") return {true, game_.side_to_move() == Color::White ? "white" : "black"};
    if (name == "result") return result();
    if (name == "showboard")
        return {true, "\n" + board_text(game_.position()) +
                          result_text(game_.result(), v.size, game_.side_to_move())};
    if (name == "loadtranscript") return load(args);
    if (name == "savetranscript") {
        if (args.empty()) return {false, "savetranscript needs a file name"};
        std::string why = store_.write(std::string(args), game_);
        return {why.empty(), why};
    }
    if (name == "time_settings") return time_settings(args);
    if (name == "time_left") return time_left(args);
    if (name == "resign") return resign(args);
    if (name == "offer_draw") return offer_draw(args);
    if (name == "analyze") return analyze(args);
    if (name == "level") {
        const auto l = parse_level(lower(next_word(args)));
        if (!l) return {false, "unknown level: use easy, medium, hard or max"};
        PlayerSettings s = player_.settings();
        s.level = *l;
        player_.set_settings(s);
        return {true, {}};
    }
    if (name == "perft") {
        const std::string_view word = next_word(args);
        int depth = -1;
        std::from_chars(word.data(), word.data() + word.size(), depth);
        if (word.empty() || word.size() > 2 || depth < 0 || depth > 10)
            return {false, "perft needs a depth from 0 to 10"};
        Position pos = game_.position();
        return {true, std::to_string(game_.over() ? (depth == 0 ? 1 : 0) : perft(pos, depth))};
    }
    return {false, "unknown command"};
}

Protocol::Reply Protocol::play(std::string_view args) {
    std::string_view rest = args;
    std::string_view first = next_word(rest);
    if (parse_colour(first) && !rest.empty()) {
        if (std::string why = colour_problem(first); !why.empty()) return {false, why};
        args = rest;
    }
    if (trim(args).empty()) return {false, "play needs a move, like play W3B2"};
    const ParsedMoves parsed = parse_moves(args);
    if (parsed.error)
        return {false, "cannot read the move: " + parsed.error->written + ": " + parsed.error->reason};
    if (parsed.moves.size() != 1) return {false, "play takes one move; use loadtranscript for a whole game"};
    const std::string why = game_.play(parsed.moves[0].spec);
    if (!why.empty()) return {false, "illegal move: " + why};
    return {true, {}};
}

Protocol::Reply Protocol::genmove(std::string_view args, bool commit) {
    if (std::string_view colour = next_word(args); !colour.empty())
        if (std::string why = colour_problem(colour); !why.empty()) return {false, why};
    if (game_.over())
        return {false, "the game is over (" +
                           result_text(game_.result(), game_.variant().size, game_.side_to_move()) + ")"};
    const Color mover = game_.side_to_move();
    last_budget_ = budget_for(mover);
    const Millis start = now_ ? now_() : 0;
    const Choice c = last_budget_ ? player_.choose(game_, *last_budget_) : player_.choose(game_);
    // Only a move played counts against the clock (reg_genmove is a question, not a move).
    if (now_ && commit) clock_.spend(mover, now_() - start);
    if (c.move.is_none()) return {false, "no legal move"};
    if (commit) {
        if (std::string why = game_.play(c.move); !why.empty()) return {false, "internal error: " + why};
    }
    return {true, move_name(c.move, mover)};
}

std::optional<TimeBudget> Protocol::budget_for(Color side) const {
    if (!clock_.limited()) return std::nullopt;
    // Under a GTP clock the clock decides, up to the longest --think; without one, --think does.
    return time_budget(clock_.situation(side, int(game_.moves().size() / 2)), player_.settings().level,
                       max_think_seconds);
}

Protocol::Reply Protocol::load(std::string_view args) {
    if (args.empty()) return {false, "loadtranscript needs a file name"};
    std::string text;
    if (std::string why = store_.read(std::string(args), text); !why.empty()) return {false, why};
    Game loaded(store_.variant_of(text, game_.variant()));
    if (auto err = loaded.play_transcript(text)) return {false, err->message("rules")};
    game_ = std::move(loaded);
    player_.new_game();
    return {true, {}};
}

Protocol::Reply Protocol::time_settings(std::string_view args) {
    double main_time = 0, byo_time = 0, stones = 0;
    const std::string_view a = next_word(args), b = next_word(args), c = next_word(args);
    if (!args.empty() || !parse_number(a, main_time) || !parse_number(b, byo_time) ||
        !parse_number(c, stones))
        return {false, "time_settings needs three non-negative numbers: main time, byo-yomi time, stones"};
    int byo_stones = 0;
    if (!parse_stones(c, byo_stones)) return {false, "time_settings: the stones are a whole number"};
    clock_.set(millis(main_time), millis(byo_time), byo_stones);
    // GTP asks an engine to accept any settings; it says so when it will not use all of a move's time.
    if (const auto budget = budget_for(game_.side_to_move()); budget && budget->hard >= max_think_seconds)
        return {true, "a move gets at most 3600 s, as with --think"};
    return {true, {}};
}

Protocol::Reply Protocol::time_left(std::string_view args) {
    const std::string_view colour = next_word(args), t = next_word(args), st = next_word(args);
    const auto c = parse_colour(colour);
    double left = 0;
    int stones = 0;
    if (!c || !args.empty() || !parse_number(t, left) || !parse_stones(st, stones))
        return {false,
                "time_left needs a colour, the seconds left and the stones left: time_left white 30 0"};
    clock_.set_left(*c, millis(left), stones);
    return {true, {}};
}

Protocol::Reply Protocol::resign(std::string_view args) {
    const std::string_view colour = next_word(args);
    const auto c = colour.empty() ? std::optional(game_.side_to_move()) : parse_colour(colour);
    if (!c || !args.empty())
        return {false, "unknown colour '" + std::string(colour) + "': use white or black"};
    if (game_.over())
        return {false, "the game is over (" +
                           result_text(game_.result(), game_.variant().size, game_.side_to_move()) + ")"};
    game_.resign(*c);
    return {true, {}};
}

Protocol::Reply Protocol::offer_draw(std::string_view args) {
    const std::string_view colour = next_word(args);
    // By default the side that just moved offers, as players offer with their move.
    const auto offerer = colour.empty() ? std::optional(~game_.side_to_move()) : parse_colour(colour);
    if (!offerer || !args.empty())
        return {false, "unknown colour '" + std::string(colour) + "': use white or black"};
    if (game_.over())
        return {false, "the game is over (" +
                           result_text(game_.result(), game_.variant().size, game_.side_to_move()) + ")"};
    const Color to_move = game_.side_to_move();
    last_budget_ = budget_for(to_move);
    const Millis start = now_ ? now_() : 0;
    const DrawAnswer a =
        answer_draw_offer(player_, game_, ~*offerer, last_budget_ ? &*last_budget_ : nullptr);
    // Thinking on its own turn costs the engine its own time, but no move.
    if (now_ && ~*offerer == to_move) clock_.spend(to_move, now_() - start, false);
    if (!a.accept) return {true, "decline"};
    game_.agree_draw();
    return {true, "accept"};
}

Protocol::Reply Protocol::result() const {
    const Result& r = game_.result();
    std::string word;
    switch (r.outcome) {
        case Outcome::Ongoing: return {true, "none"};
        case Outcome::WhiteWins: word = "white"; break;
        case Outcome::BlackWins: word = "black"; break;
        case Outcome::Draw: word = "draw"; break;
    }
    // Endings off the board get a second word; a line, no move or a repetition keep the one word.
    switch (r.ending) {
        case Ending::Resignation: return {true, word + " resignation"};
        case Ending::Agreement: return {true, word + " agreement"};
        case Ending::Time: return {true, word + " time"};
        case Ending::Forfeit: return {true, word + " forfeit"};
        default: return {true, word};
    }
}

// analyze [lines K] [depth D | time T]: the best K lines, one a line,
// "1. White is slightly better (cp +45), depth 9: W1D1 K1A1 W1B2" (on 3x3 "..., solved: ...").
Protocol::Reply Protocol::analyze(std::string_view args) {
    AnalysisLimits limits;
    bool depth_given = false, time_given = false;
    for (std::string_view word = next_word(args); !word.empty(); word = next_word(args)) {
        const std::string key = lower(word);
        const std::string_view value = next_word(args);
        double x = 0;
        if (key == "lines") {
            if (!parse_number(value, x) || x != int(x) || x < 1 || x > AnalysisLimits::max_lines)
                return {false, "analyze: lines takes a number from 1 to 5"};
            limits.lines = int(x);
        } else if (key == "depth") {
            if (!parse_number(value, x) || x != int(x) || x < 1 || x > 99)
                return {false, "analyze: depth takes a number of plies from 1 to 99"};
            limits.depth = int(x);
            depth_given = true;
        } else if (key == "time") {
            if (!parse_number(value, x) || x <= 0 || x > 3600)
                return {false, "analyze: time takes seconds, more than 0 and at most 3600"};
            limits.seconds = x;
            time_given = true;
        } else {
            return {false, "analyze takes lines K, depth D or time T, like analyze lines 3 depth 8"};
        }
    }
    if (depth_given && time_given) return {false, "analyze: give a depth or a time, not both"};
    if (!depth_given && !time_given) limits.seconds = player_.settings().think_seconds;
    if (game_.over())
        return {false, "the game is over (" +
                           result_text(game_.result(), game_.variant().size, game_.side_to_move()) + ")"};
    if (!analyzer_) analyzer_ = std::make_unique<Analyzer>();
    const AnalysisResult r = analyzer_->run(game_, limits);
    std::string out;
    for (std::size_t i = 0; i < r.lines.size(); ++i) {
        const AnalysisLine& l = r.lines[i];
        out += "\n" + std::to_string(i + 1) + ". " + score_words(l.score, r.side_to_move, r.solved) + " (" +
               score_number(l.score, r.solved) + "), " +
               (r.solved ? std::string("solved") : "depth " + std::to_string(r.depth)) + ": " +
               line_text(l.moves, r.side_to_move);
    }
    if (out.empty()) return {false, "analyze: no depth was completed"};
    return {true, out};
}

}  // namespace gobblet
