#include "commands.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <utility>

#include "engine/notation.h"
#include "engine/puzzle.h"
#include "engine/time_source.h"
#include "puzzles.h"
#include "record.h"

namespace gobblet::saves {

namespace {

// The record of a transcript or save file (a single game, or a match with every round); on error, says
// why on `err`. Every file the program writes reads here as it reads in the game (read_record).
std::optional<Record> record_from_file(std::ostream& err, const std::string& path,
                                       const VariantChoice& choice) {
    const Expected<std::string> text = read_file(path);
    if (!text) {
        err << "gobblet: " << text.why() << "\n";
        return std::nullopt;
    }
    Expected<Record, TranscriptError> loaded = read_record(*text, choice);
    if (!loaded) {
        err << "gobblet: " << path << ": " << loaded.why().message("--rules") << "\n";
        return std::nullopt;
    }
    return std::move(loaded).take();
}

// The line that opens a round of a match in the reports: "% round 2: Eamon plays White". Nothing for a
// single game, whose report stays what it always was.
std::string round_heading(const Record& r, std::size_t index) {
    if (!r.is_match) return "";
    const Round& round = r.match.rounds()[index];
    return "% round " + std::to_string(round.number) + ": " + r.match.name(round.white) + " plays White\n";
}

// The match's result after its rounds ("% match result: Liam wins the match 2-1"), when it is over.
std::string match_footing(const Record& r) {
    if (!r.is_match || r.match.phase() != MatchPhase::Over) return "";
    return "% match result: " + r.match.match_result_text() + "\n";
}

// The shipped sets: name, variant and how many puzzles of each length (1, 2, 3 moves).
struct SetRecipe {
    const char* name;
    Variant variant;
    int wanted[max_puzzle_moves];
};
constexpr SetRecipe shipped_recipes[] = {
    {"official-4x4", {4, Rules::Official}, {70, 80, 70}},
    {"rogers-4x4", {4, Rules::Rogers}, {70, 80, 70}},
    {"3x3", {3, Rules::Official}, {20, 20, 20}},
};

std::string set_summary(const PuzzleSet& set) {
    int length[max_puzzle_moves] = {}, unique = 0;
    for (const Puzzle& p : set.puzzles) {
        ++length[p.length - 1];
        unique += p.unique();
    }
    char buf[200];
    std::snprintf(buf, sizeof buf, "%zu puzzles (%d win in 1, %d in 2, %d in 3; %d with a unique first move)",
                  set.puzzles.size(), length[0], length[1], length[2], unique);
    return buf;
}

// Seconds since `start_us` on `time`, for the reports (real time: these commands are measurements too).
double seconds_since(const TimeSource& time, std::int64_t start_us) {
    return seconds_between(start_us, time.now_us());
}

// Seconds with `decimals` decimals, as printf's %.Nf writes them.
std::string seconds_text(double seconds, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, seconds);
    return buf;
}

}  // namespace

int run_replay(std::ostream& out, std::ostream& err, const std::string& path, const VariantChoice& choice) {
    const std::optional<Record> r = record_from_file(err, path, choice);
    if (!r) return 1;
    for (std::size_t i = 0; i < r->match.rounds().size(); ++i) {
        const Game& g = r->match.rounds()[i].game;
        out << round_heading(*r, i) << board_text(g.position())
            << result_text(g.result(), g.variant().size, g.side_to_move()) << "\n";
    }
    out << match_footing(*r);
    return 0;
}

int run_review(std::ostream& out, std::ostream& err, const std::string& path, const VariantChoice& choice,
               const JudgeLimits& limits) {
    const std::optional<Record> r = record_from_file(err, path, choice);
    if (!r) return 1;
    for (std::size_t i = 0; i < r->match.rounds().size(); ++i)
        out << round_heading(*r, i) << review_text(review_game(r->match.rounds()[i].game, limits))
            << std::flush;
    out << match_footing(*r) << std::flush;
    return 0;
}

int run_make_puzzles(std::ostream& out, std::ostream& err, const std::string& dir, std::uint64_t seed,
                     const TimeSource& time) {
    for (const SetRecipe& r : shipped_recipes) {
        PuzzleRecipe recipe;
        recipe.name = r.name;
        recipe.variant = r.variant;
        std::copy(std::begin(r.wanted), std::end(r.wanted), recipe.wanted);
        recipe.seed = seed;
        const std::int64_t start = time.now_us();
        const PuzzleSet set = make_puzzles(recipe, nullptr, [&](int found, int wanted, int games) {
            if (games % 50 == 0)
                err << r.name << ": " << found << "/" << wanted << " after " << games << " games\n";
        });
        const std::string path = dir + "/" + r.name + ".txt";
        if (const Expected<void> written = write_file(path, puzzle_set_text(set)); !written) {
            err << "gobblet: " << written.why() << "\n";
            return 1;
        }
        out << r.name << ": " << set_summary(set) << ": written to " << path << " in "
            << seconds_text(seconds_since(time, start), 1) << " s\n"
            << std::flush;
    }
    return 0;
}

int run_verify_puzzles(std::ostream& out, std::ostream& err, const std::vector<std::string>& files,
                       const TimeSource& time) {
    std::vector<std::pair<std::string, std::string>> texts;  // where, text
    if (files.empty()) {
        for (const EmbeddedText& t : shipped_puzzle_texts())
            texts.emplace_back("built-in " + std::string(t.name), std::string(t.text));
    }
    for (const std::string& path : files) {
        Expected<std::string> text = read_file(path);
        if (!text) {
            err << "gobblet: " << text.why() << "\n";
            return 1;
        }
        texts.emplace_back(path, std::move(text).take());
    }
    int failures = 0;
    for (const auto& [where, text] : texts) {
        const Expected<PuzzleSet, TextError> parsed = parse_puzzle_set(text);
        if (!parsed) {
            err << "gobblet: " << where << ": " << parsed.why().message() << "\n";
            ++failures;
            continue;
        }
        const std::int64_t start = time.now_us();
        for (const Puzzle& p : parsed->puzzles)
            if (const Expected<void> proven = verify_puzzle(*parsed, p); !proven) {
                err << "gobblet: " << where << ": puzzle " << p.id << ": " << proven.why() << "\n";
                ++failures;
            }
        out << where << ": " << set_summary(*parsed) << ": proven in "
            << seconds_text(seconds_since(time, start), 2) << " s\n"
            << std::flush;
    }
    if (failures) out << failures << " problem" << (failures == 1 ? "" : "s") << "\n";
    return failures ? 1 : 0;
}

}  // namespace gobblet::saves
