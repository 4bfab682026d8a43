#include "protocol.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <ostream>

#include "decisions.h"
#include "movegen.h"
#include "notation.h"
#include "text.h"
#include "version.h"

namespace gobblet {

namespace {

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

// A plain decimal number of seconds below a billion: never nan, inf or a sign (parse_seconds).
bool parse_number(std::string_view s, double& out) {
    const auto v = parse_seconds(s);
    if (!v || *v >= 1e9) return false;
    out = *v;
    return true;
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
    Reply r{false, "missing command name after the id"};
    if (const Command* c = find_command(name))
        r = c->handler(*this, rest);
    else if (!name.empty())
        r = {false, "unknown command"};
    std::string out = (r.ok ? "=" : "?") + id;
    if (!r.text.empty()) out += (r.text.front() == '\n' ? "" : " ") + r.text;
    return out + "\n\n";
}

int Protocol::run(std::istream& in, std::ostream& out) {
    std::streambuf* input = in.rdbuf();
    std::string line;
    while (!done_) {
        // One line, read a character at a time so that no more than max_command_bytes is ever held.
        line.clear();
        int c = EOF;
        while ((c = input->sbumpc()) != EOF && c != '\n' && line.size() <= max_command_bytes) line += char(c);
        if (line.size() > max_command_bytes) {
            out << "? the line is longer than " << max_command_bytes
                << " characters, the most a command may hold; the session ends\n\n"
                << std::flush;
            return 1;
        }
        if (c == EOF && line.empty()) break;
        const std::string reply = handle(line);
        if (!reply.empty()) out << reply << std::flush;
        if (c == EOF) break;
    }
    return 0;
}

Expected<void> Protocol::check_colour(std::string_view colour) const {
    const auto c = parse_colour(colour);
    if (!c) return Failure{"unknown colour '" + excerpt(colour) + "': use white or black"};
    if (*c != game_.side_to_move())
        return Failure{std::string("it is ") + color_name(game_.side_to_move()) + "'s turn"};
    return {};
}

// The command table. A new command is one row here (name, handler, help) plus a row in the command
// table of docs/protocol.md; the handlers of more than a few lines are member functions below.
const Protocol::Command Protocol::command_table[] = {
    {"protocol_version",
     [](Protocol&, std::string_view) {
         return Reply{true, "2"};
     },
     "the protocol's version: 2"},
    {"name",
     [](Protocol&, std::string_view) {
         return Reply{true, "gobblet"};
     },
     "the program's name"},
    {"version",
     [](Protocol&, std::string_view) {
         return Reply{true, std::string(program_version)};
     },
     "the program's version"},
    {"known_command",
     [](Protocol&, std::string_view args) {
         return Reply{true, find_command(lower(next_word(args))) ? "true" : "false"};
     },
     "NAME: true if the protocol answers that command, else false"},
    {"list_commands",
     [](Protocol&, std::string_view) {
         std::string out;
         for (const CommandInfo& c : commands())
             out += std::string(out.empty() ? "" : "\n") + std::string(c.name);
         return Reply{true, out};
     },
     "every command, one a line"},
    {"help", [](Protocol& p, std::string_view args) { return p.help(args); },
     "[COMMAND]: what a command does, or every command with a line of help"},
    {"quit",
     [](Protocol& p, std::string_view) {
         p.done_ = true;
         return Reply{true, {}};
     },
     "ends the session"},
    {"boardsize",
     [](Protocol& p, std::string_view args) {
         const std::string_view n = next_word(args);
         if (n != "3" && n != "4") return Reply{false, "unacceptable size: boardsize is 3 or 4"};
         p.new_game(Variant{n[0] - '0', p.game_.variant().rules});
         return Reply{true, {}};
     },
     "3|4: a new game on a board of that size"},
    {"rules",
     [](Protocol& p, std::string_view args) {
         const auto r = parse_rules(lower(next_word(args)));
         if (!r) return Reply{false, "unknown rules: use rules official or rules rogers"};
         p.new_game(Variant{p.game_.variant().size, *r});
         return Reply{true, {}};
     },
     "official|rogers: a new game under those rules"},
    {"clear_board",
     [](Protocol& p, std::string_view) {
         p.new_game(p.game_.variant());
         return Reply{true, {}};
     },
     "a new game with the same size and rules"},
    {"play", [](Protocol& p, std::string_view args) { return p.play(args); },
     "[white|black] MOVE: plays the move for the side to move"},
    {"genmove", [](Protocol& p, std::string_view args) { return p.genmove(args, true); },
     "[white|black]: the computer chooses a move, plays it and answers it"},
    {"reg_genmove", [](Protocol& p, std::string_view args) { return p.genmove(args, false); },
     "[white|black]: the move genmove would play, without playing it"},
    {"undo",
     [](Protocol& p, std::string_view) {
         if (!p.game_.can_undo()) return Reply{false, "cannot undo: no move has been played"};
         p.game_.undo();
         return Reply{true, {}};
     },
     "takes back the last move (or a resignation or agreed draw)"},
    {"legal_moves", [](Protocol& p, std::string_view args) { return p.legal_moves(args); },
     "every legal move, canonical, sorted, space-separated"},
    {"to_move",
     [](Protocol& p, std::string_view) {
         return Reply{true, p.game_.side_to_move() == Color::White ? "white" : "black"};
     },
     "the side to move: white or black"},
    {"result", [](Protocol& p, std::string_view) { return p.result(); },
     "none, white, black or draw, and how when not on the board (resignation, agreement, time, forfeit)"},
    {"showboard",
     [](Protocol& p, std::string_view) {
         const Game& g = p.game_;
         return Reply{true, "\n" + board_text(g.position()) +
                                result_text(g.result(), g.variant().size, g.side_to_move())};
     },
     "the board as text, then the side to move or the result"},
    {"loadtranscript", [](Protocol& p, std::string_view args) { return p.load(args); },
     "FILE: plays a whole transcript or save file from a new game"},
    {"savetranscript",
     [](Protocol& p, std::string_view args) {
         if (args.empty()) return Reply{false, "savetranscript needs a file name"};
         const Expected<void> written = p.store_.write(std::string(args), p.game_);
         return Reply{written.ok(), written.why()};
     },
     "FILE: writes the game as a save file"},
    {"time_settings", [](Protocol& p, std::string_view args) { return p.time_settings(args); },
     "MAIN BYOYOMI STONES: the clock, in GTP's terms (0 T 1: T seconds a move)"},
    {"time_left", [](Protocol& p, std::string_view args) { return p.time_left(args); },
     "white|black SECONDS STONES: the time a side has left"},
    {"resign", [](Protocol& p, std::string_view args) { return p.resign(args); },
     "[white|black]: that side (by default the side to move) resigns"},
    {"offer_draw", [](Protocol& p, std::string_view args) { return p.offer_draw(args); },
     "[white|black]: that side offers a draw; the computer answers accept or decline"},
    {"level", [](Protocol& p, std::string_view args) { return p.level(args); },
     "easy|medium|hard|max: the computer's strength"},
    {"perft", [](Protocol& p, std::string_view args) { return p.perft(args); },
     "N: leaf positions N plies ahead (N from 0 to 10)"},
    {"analyze", [](Protocol& p, std::string_view args) { return p.analyze(args); },
     "[lines K] [depth D | time T]: the best K lines (1 to 5) with their scores in words and numbers"},
};

const Protocol::Command* Protocol::find_command(std::string_view name) {
    for (const Command& c : command_table)
        if (c.name == name) return &c;
    return nullptr;
}

std::vector<Protocol::CommandInfo> Protocol::commands() {
    std::vector<CommandInfo> out;
    for (const Command& c : command_table) out.push_back({c.name, c.help});
    return out;
}

Protocol::Reply Protocol::help(std::string_view args) {
    if (const std::string_view what = next_word(args); !what.empty()) {
        const Command* c = find_command(lower(what));
        if (!c) return {false, "unknown command '" + excerpt(what) + "': list_commands names them all"};
        return {true, std::string(c->name) + " " + std::string(c->help)};
    }
    std::string out;
    for (const Command& c : command_table)
        out += std::string(out.empty() ? "" : "\n") + std::string(c.name) + " " + std::string(c.help);
    return {true, out};
}

Protocol::Reply Protocol::legal_moves(std::string_view) {
    MoveList list;
    game_.legal_moves(list);
    std::vector<std::string> names;
    for (Move m : list) names.push_back(move_name(m, game_.side_to_move()));
    std::sort(names.begin(), names.end());
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : " ") + n;
    return {true, out};
}

Protocol::Reply Protocol::level(std::string_view args) {
    const auto l = parse_level(lower(next_word(args)));
    if (!l) return {false, "unknown level: use easy, medium, hard or max"};
    PlayerSettings s = player_.settings();
    s.level = *l;
    player_.set_settings(s);
    return {true, {}};
}

Protocol::Reply Protocol::perft(std::string_view args) {
    const std::string_view word = next_word(args);
    int depth = -1;
    std::from_chars(word.data(), word.data() + word.size(), depth);
    if (word.empty() || word.size() > 2 || depth < 0 || depth > 10)
        return {false, "perft needs a depth from 0 to 10"};
    Position pos = game_.position();
    return {true, std::to_string(game_.over() ? (depth == 0 ? 1 : 0) : gobblet::perft(pos, depth))};
}

Protocol::Reply Protocol::play(std::string_view args) {
    std::string_view rest = args;
    std::string_view first = next_word(rest);
    if (parse_colour(first) && !rest.empty()) {
        if (const Expected<void> ok = check_colour(first); !ok) return {false, ok.why()};
        args = rest;
    }
    if (trim(args).empty()) return {false, "play needs a move, like play W3B2"};
    const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(args);
    if (!parsed) return {false, "cannot read the move: " + parsed.why().written + ": " + parsed.why().reason};
    if (parsed->size() != 1) return {false, "play takes one move; use loadtranscript for a whole game"};
    if (const Expected<void> played = game_.play(parsed->front().spec); !played)
        return {false, "illegal move: " + played.why()};
    return {true, {}};
}

Protocol::Reply Protocol::genmove(std::string_view args, bool commit) {
    if (std::string_view colour = next_word(args); !colour.empty())
        if (const Expected<void> ok = check_colour(colour); !ok) return {false, ok.why()};
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
        if (const Expected<void> played = game_.play(c.move); !played)
            return {false, "internal error: " + played.why()};
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
    const Expected<std::string> text = store_.read(std::string(args));
    if (!text) return {false, text.why()};
    Game loaded(store_.variant_of(*text, game_.variant()));
    if (const auto played = loaded.play_transcript(*text); !played)
        return {false, played.why().message("rules")};
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
    if (!c || !args.empty()) return {false, "unknown colour '" + excerpt(colour) + "': use white or black"};
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
        return {false, "unknown colour '" + excerpt(colour) + "': use white or black"};
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
    limits.time = player_.settings().time;  // the computer's clock (main.cpp wires the real one)
    limits.threads = player_.settings().threads;
    limits.cores = player_.settings().cores;
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
