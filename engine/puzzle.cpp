#include "puzzle.h"

#include <algorithm>
#include <charconv>
#include <random>
#include <sstream>
#include <unordered_set>

#include "analysis.h"
#include "eval.h"
#include "movegen.h"
#include "player.h"

namespace gobblet {

namespace {

// The exhaustive AND/OR search. plies counts what is left for the attacker: attack(p) with the attacker
// to move and p odd, defend(p) with the defender to move and p even. Positions are judged in Game's
// order: lines, then no legal move, then the third occurrence.
class Prover {
  public:
    explicit Prover(const Game& game) : pos_(game.position()), keys_(game.position_keys()) {
        // rev_[i]: the first index position i could repeat (positions before an entering move never
        // come back: it put one more piece on the board for good).
        rev_.assign(keys_.size(), 0);
        const auto& moves = game.moves();
        for (std::size_t i = 0; i + 1 < keys_.size() && i < moves.size(); ++i)
            rev_[i + 1] = moves[i].is_enter() ? int(i + 1) : rev_[i];
    }

    enum class After { Ongoing, MoverWon, MoverLost, Draw };

    After play(Move m) {
        const Color mover = pos_.side_to_move();
        pos_.play(m);
        keys_.push_back(pos_.key());
        rev_.push_back(m.is_enter() ? int(keys_.size() - 1) : rev_.back());
        if (const auto w = pos_.winner()) return *w == mover ? After::MoverWon : After::MoverLost;
        if (count_moves(pos_) == 0) return After::MoverWon;  // the side to move has no move: it loses
        int seen = 0;
        const std::uint64_t key = keys_.back();
        for (int i = int(keys_.size()) - 1; i >= rev_.back(); --i) seen += keys_[i] == key;
        return seen >= 3 ? After::Draw : After::Ongoing;
    }
    void undo(Move m) {
        pos_.undo(m);
        keys_.pop_back();
        rev_.pop_back();
    }

    // Can the side to move force a win within `plies` (odd)?
    bool attack(int plies) {
        if (find_win(pos_)) return true;  // exact: every candidate is played and judged
        if (plies <= 1) return false;
        MoveList moves;
        generate_moves(pos_, moves);
        order(moves, pos_.side_to_move(), true);
        for (Move m : moves) {
            const After a = play(m);
            const bool wins = a == After::MoverWon || (a == After::Ongoing && defend(plies - 1));
            undo(m);
            if (wins) return true;
        }
        return false;
    }

    // Does every move of the side to move lose within `plies` (even)? The full width: one defence that
    // holds (a win, a draw, or no forced loss in time) is enough to say no.
    bool defend(int plies) {
        MoveList moves;
        generate_moves(pos_, moves);
        if (plies > 2) order(moves, ~pos_.side_to_move(), false);
        for (Move m : moves) {
            const After a = play(m);
            const bool holds =
                a == After::MoverWon || a == After::Draw || (a == After::Ongoing && !attack(plies - 1));
            undo(m);
            if (holds) return false;
        }
        return true;
    }

  private:
    // Only for speed: the attacker tries moves that leave it the most threats first; the defender tries
    // first the moves that leave the attacker the fewest and itself the most.
    void order(MoveList& moves, Color attacker, bool attacking) {
        int scores[MoveList::capacity];
        for (int i = 0; i < moves.size(); ++i) {
            pos_.play(moves[i]);
            const int theirs = popcount(threat_squares(pos_, attacker));
            const int ours = popcount(threat_squares(pos_, ~attacker));
            scores[i] = attacking ? theirs * 4 - ours : ours - theirs * 4;
            pos_.undo(moves[i]);
        }
        for (int i = 1; i < moves.size(); ++i)  // insertion sort, stable: generation order breaks ties
            for (int j = i; j > 0 && scores[j] > scores[j - 1]; --j) {
                std::swap(scores[j], scores[j - 1]);
                std::swap(moves[j], moves[j - 1]);
            }
    }

    Position pos_;
    std::vector<std::uint64_t> keys_;
    std::vector<int> rev_;
};

}  // namespace

bool wins_within(const Game& game, int moves) {
    if (game.over() || moves < 1) return false;
    Prover p(game);
    return p.attack(2 * moves - 1);
}

bool move_wins_within(const Game& game, Move m, int moves) {
    if (game.over() || moves < 1) return false;
    Prover p(game);
    const Prover::After a = p.play(m);
    if (a == Prover::After::MoverWon) return true;
    return a == Prover::After::Ongoing && moves > 1 && p.defend(2 * moves - 2);
}

std::optional<int> forced_win_length(const Game& game, int max_moves) {
    for (int n = 1; n <= max_moves; ++n)
        if (wins_within(game, n)) return n;
    return std::nullopt;
}

std::vector<Move> winning_moves(const Game& game, int moves) {
    std::vector<Move> out;
    MoveList legal;
    game.legal_moves(legal);
    for (Move m : legal)
        if (move_wins_within(game, m, moves)) out.push_back(m);
    return out;
}

Move longest_defence(const Game& game, int moves) {
    MoveList legal;
    game.legal_moves(legal);
    Move best;
    int best_rank = -1;
    const Color defender = game.side_to_move();
    for (Move r : legal) {
        Game after = game;
        (void)after.play(r);  // a legal move of the position
        // A win beats a draw, which beats no forced loss in time, which beats the slowest forced loss.
        int rank;
        if (after.over())
            rank = after.result().winner() == defender ? 1003 : !after.result().winner() ? 1002 : 0;
        else
            rank = forced_win_length(after, moves).value_or(1001);
        if (rank > best_rank) {
            best_rank = rank;
            best = r;
        }
    }
    return best;
}

Game puzzle_game(const PuzzleSet& set, const Puzzle& p) {
    Game g(set.variant);
    for (Move m : p.moves)
        if (!g.play(m)) break;
    return g;
}

namespace {

// The main line of a proven puzzle: the first winning move, then the longest defence and the fastest
// win, move after move.
std::vector<Move> main_line(Game g, Move first, int length) {
    std::vector<Move> line{first};
    // Every move below is one of the position's legal moves.
    (void)g.play(first);
    int left = length - 1;
    while (!g.over() && left > 0) {
        const Move defence = longest_defence(g, left);
        line.push_back(defence);
        (void)g.play(defence);
        if (g.over()) break;
        const int need = forced_win_length(g, left).value_or(left);
        MoveList legal;
        g.legal_moves(legal);
        for (Move m : legal)
            if (move_wins_within(g, m, need)) {
                line.push_back(m);
                (void)g.play(m);
                break;
            }
        left = need - 1;
    }
    return line;
}

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

std::optional<int> parse_int(std::string_view s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace

std::string puzzle_set_text(const PuzzleSet& set) {
    std::string out = "% gobblet puzzles: " + set.name + "\n";
    out += std::string("% rules: ") + rules_name(set.variant.rules) + "\n";
    out += "% size: " + std::to_string(set.variant.size) + "\n";
    if (set.variant.size == 3)
        out += "% Gobblet Jr. plays the same under both rule sets: these hold for both.\n";
    out +=
        "% Each puzzle: \"moves\" is the game so far from the start; the side to move forces a win in \"win\n"
        "% in\" of its own moves whatever the defence (proven by an exhaustive search, repetitions\n"
        "% included). \"first moves\" lists every first move that does so: one means the solution is\n"
        "% unique. \"solution\" is a main line: a winning first move, the longest defence, ... the win.\n"
        "% Made by ./main --make-puzzles, checked by ./main --verify-puzzles.\n";
    for (const Puzzle& p : set.puzzles) {
        const Color mover = p.moves.size() % 2 == 0 ? Color::White : Color::Black;
        out += "\npuzzle: " + std::to_string(p.id) + "\n";
        out += std::string("to move: ") + color_name(mover) + "\n";
        out += "win in: " + std::to_string(p.length) + "\n";
        std::string firsts;
        for (Move m : p.first_moves) firsts += (firsts.empty() ? "" : " ") + move_name(m, mover);
        out += "first moves: " + firsts + "\n";
        out += "moves: " + line_text(p.moves, Color::White) + "\n";
        out += "solution: " + line_text(p.solution, mover) + "\n";
    }
    return out;
}

Expected<PuzzleSet, TextError> parse_puzzle_set(std::string_view text) {
    PuzzleSet set;
    std::optional<TextError> error;
    std::optional<Rules> rules;
    std::optional<int> size;
    std::optional<Puzzle> current;
    Game position;  // the current puzzle's position, once its moves are read
    int line_no = 0, puzzle_line = 0;
    bool have[6] = {};  // puzzle, to move, win in, first moves, moves, solution
    std::optional<std::string> pending_to_move, pending_firsts, pending_solution;
    int firsts_line = 0, solution_line = 0, to_move_line = 0;

    // Records the error and gives the result to return (the error, nothing else).
    const auto fail = [&](int line, std::string written, std::string reason) {
        error = TextError{line, std::move(written), std::move(reason)};
        return Failure{*error};
    };
    // Plays moves written from `from` (they must all be legal), or says why not.
    const auto read_moves = [&](const Game& from, const std::string& written, int line,
                                std::vector<Move>& moves) -> bool {
        const Expected<std::vector<WrittenMove>, TextError> parsed = parse_moves(written);
        if (!parsed) {
            fail(line, parsed.why().written, parsed.why().reason);
            return false;
        }
        Game g = from;
        for (const WrittenMove& wm : *parsed) {
            if (const Expected<void> played = g.play(wm.spec); !played) {
                fail(line, wm.written, played.why());
                return false;
            }
            moves.push_back(g.moves().back());
        }
        return true;
    };
    // Completes the current puzzle: the fields that need its position are read now.
    const auto finish = [&]() -> bool {
        if (!current) return true;
        static const char* const names[] = {"puzzle",      "to move", "win in",
                                            "first moves", "moves",   "solution"};
        for (int i = 0; i < 6; ++i)
            if (!have[i]) {
                fail(puzzle_line, "puzzle " + std::to_string(current->id),
                     std::string("no \"") + names[i] + "\"");
                return false;
            }
        if (color_name(position.side_to_move()) != *pending_to_move) {
            fail(to_move_line, *pending_to_move,
                 std::string("the moves leave ") + color_name(position.side_to_move()) + " to move");
            return false;
        }
        const Expected<std::vector<WrittenMove>, TextError> firsts = parse_moves(*pending_firsts);
        if (!firsts || firsts->empty()) {
            fail(firsts_line, *pending_firsts, !firsts ? firsts.why().reason : "no move");
            return false;
        }
        for (const WrittenMove& wm : *firsts) {
            Game g = position;
            if (const Expected<void> played = g.play(wm.spec); !played) {
                fail(firsts_line, wm.written, played.why());
                return false;
            }
            current->first_moves.push_back(g.moves().back());
        }
        if (!read_moves(position, *pending_solution, solution_line, current->solution)) return false;
        set.puzzles.push_back(*current);
        current.reset();
        return true;
    };

    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        ++line_no;
        if (line.empty()) continue;
        if (line[0] == '%' || line[0] == '#') {
            // Header lines: rules and size, before the first puzzle.
            const std::string body = trim(std::string_view(line).substr(1));
            const std::size_t colon = body.find(':');
            if (colon == std::string::npos) continue;
            const std::string key = trim(std::string_view(body).substr(0, colon));
            const std::string value = trim(std::string_view(body).substr(colon + 1));
            if (key == "gobblet puzzles") set.name = value;
            if (key == "rules") {
                rules = parse_rules(value);
                if (!rules) return fail(line_no, value, "unknown rules: official or rogers");
            }
            if (key == "size") {
                size = parse_int(value);
                if (size != 3 && size != 4) return fail(line_no, value, "the size is 3 or 4");
            }
            continue;
        }
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) return fail(line_no, line, "expected \"key: value\"");
        const std::string key = trim(std::string_view(line).substr(0, colon));
        const std::string value = trim(std::string_view(line).substr(colon + 1));
        if (key == "puzzle") {
            if (!finish()) return Failure{*error};
            if (!rules || !size) return fail(line_no, line, "the header must give the rules and the size");
            set.variant = Variant{*size, *rules};
            const auto id = parse_int(value);
            if (!id || *id < 1) return fail(line_no, value, "a puzzle number is 1 or more");
            current = Puzzle{};
            current->id = *id;
            position = Game(set.variant);
            std::fill(std::begin(have), std::end(have), false);
            have[0] = true;
            puzzle_line = line_no;
            continue;
        }
        if (!current) return fail(line_no, line, "a puzzle starts with \"puzzle: N\"");
        int field = -1;
        if (key == "to move") field = 1;
        if (key == "win in") field = 2;
        if (key == "first moves") field = 3;
        if (key == "moves") field = 4;
        if (key == "solution") field = 5;
        if (field < 0) return fail(line_no, key, "unknown field");
        if (have[field]) return fail(line_no, key, "given twice");
        have[field] = true;
        switch (field) {
            case 1:
                pending_to_move = value;
                to_move_line = line_no;
                break;
            case 2: {
                const auto n = parse_int(value);
                if (!n || *n < 1 || *n > max_puzzle_moves)
                    return fail(line_no, value, "a puzzle wins in 1 to 3 moves");
                current->length = *n;
                break;
            }
            case 3:
                pending_firsts = value;
                firsts_line = line_no;
                break;
            case 4:
                if (!read_moves(Game(set.variant), value, line_no, current->moves)) return Failure{*error};
                // Legal: read_moves has just played them from the same start.
                for (Move m : current->moves) (void)position.play(m);
                if (position.over()) return fail(line_no, value, "the game is already over");
                break;
            case 5:
                pending_solution = value;
                solution_line = line_no;
                break;
        }
    }
    if (!finish()) return Failure{*error};
    if (!rules || !size) return fail(line_no, "", "the header must give the rules and the size");
    return set;
}

Expected<void> verify_puzzle(const PuzzleSet& set, const Puzzle& p) {
    const Game g = puzzle_game(set, p);
    if (int(g.moves().size()) != int(p.moves.size())) return Failure{"the moves are not legal"};
    if (g.over()) return Failure{"the game is already over"};
    if (p.length < 1 || p.length > max_puzzle_moves) return Failure{"the length is not 1 to 3"};
    const Color mover = g.side_to_move();
    if (p.length > 1 && wins_within(g, p.length - 1))
        return Failure{"a shorter win exists: " + std::to_string(*forced_win_length(g, p.length - 1)) +
                       " moves"};
    const std::vector<Move> firsts = winning_moves(g, p.length);
    if (firsts != p.first_moves) {
        std::string found;
        for (Move m : firsts) found += " " + move_name(m, mover);
        return Failure{"the first moves that win are:" + (found.empty() ? std::string(" none") : found)};
    }
    // The solution: legal, starting with a winning move, won by the mover within the length.
    if (p.solution.empty() || std::find(firsts.begin(), firsts.end(), p.solution[0]) == firsts.end())
        return Failure{"the solution does not start with a winning move"};
    if (int(p.solution.size()) > 2 * p.length - 1) return Failure{"the solution is longer than the puzzle"};
    Game line = g;
    for (Move m : p.solution)
        if (!line.play(m)) return Failure{"the solution is not legal"};
    if (line.result().winner() != mover) return Failure{"the solution does not end in the win"};
    return {};
}

PuzzleSet make_puzzles(const PuzzleRecipe& recipe, const std::atomic<bool>* stop,
                       const std::function<void(int, int, int)>& progress) {
    PuzzleSet set;
    set.name = recipe.name;
    set.variant = recipe.variant;
    std::mt19937_64 rng(recipe.seed);
    std::unordered_set<std::uint64_t> taken;
    int found[max_puzzle_moves] = {}, several[max_puzzle_moves] = {};
    int wanted_total = 0;
    for (int n : recipe.wanted) wanted_total += n;
    const auto need = [&](int length) { return recipe.wanted[length - 1] - found[length - 1]; };

    // Offers the positions of one episode (a side keeping a forced win, move after move: one
    // combination played on) and takes at most one: of the length most wanted, unique if possible.
    using Candidates = std::vector<std::pair<int, Game>>;
    const auto take_one = [&](Candidates& episode) {
        std::stable_sort(episode.begin(), episode.end(),
                         [&](const auto& a, const auto& b) { return need(a.first) > need(b.first); });
        for (const auto& [length, position] : episode) {
            if (need(length) <= 0 || taken.count(position.position().key())) continue;
            Puzzle p;
            p.length = length;
            p.first_moves = winning_moves(position, length);
            // A few puzzles of each length (a fifth at most) may have two first moves; the file says so.
            if (!p.unique() &&
                (p.first_moves.size() > 2 || several[length - 1] >= recipe.wanted[length - 1] / 5))
                continue;
            p.moves = position.moves();
            p.solution = main_line(position, p.first_moves[0], length);
            set.puzzles.push_back(p);
            taken.insert(position.position().key());
            ++found[length - 1];
            if (!p.unique()) ++several[length - 1];
            break;
        }
        episode.clear();
    };

    Player players[2];  // made once: each holds a large table
    for (int game_no = 0; game_no < recipe.max_games && int(set.puzzles.size()) < wanted_total; ++game_no) {
        if (stop && stop->load()) break;
        // Lower levels make the mistakes that leave a forced win; a random first ply varies the games.
        for (Player& p : players) {
            const Level level = rng() % 2 ? Level::Easy : Level::Medium;
            p.set_settings(PlayerSettings{level, 1.0, rng()});
            p.new_game();
        }
        Game g(recipe.variant);
        MoveList first;
        g.legal_moves(first);
        // Legal moves of the position, the first chosen at random, then the players'.
        (void)g.play(first[int(rng() % std::uint64_t(first.size()))]);
        Candidates episodes[2];  // one open episode a side
        while (!g.over() && g.moves().size() < 200) {
            const int side = index(g.side_to_move());
            if (const auto length = forced_win_length(g, max_puzzle_moves))
                episodes[side].emplace_back(*length, g);
            else
                take_one(episodes[side]);
            (void)g.play(players[side].choose(g).move);
        }
        take_one(episodes[0]);
        take_one(episodes[1]);
        if (progress) progress(int(set.puzzles.size()), wanted_total, game_no + 1);
    }
    // Shortest first, in the order found: the set reads from easy to hard.
    std::stable_sort(set.puzzles.begin(), set.puzzles.end(),
                     [](const Puzzle& a, const Puzzle& b) { return a.length < b.length; });
    for (std::size_t i = 0; i < set.puzzles.size(); ++i) set.puzzles[i].id = int(i) + 1;
    return set;
}

}  // namespace gobblet
