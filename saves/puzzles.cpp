#include "puzzles.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <system_error>

#include "savefile.h"

namespace gobblet::saves {

namespace fs = std::filesystem;

const std::vector<PuzzleSet>& shipped_puzzle_sets() {
    // The files are checked by the tests (they parse and every puzzle is proven), so a set that does not
    // parse here cannot ship; it is left out rather than stop the game.
    static const std::vector<PuzzleSet> sets = [] {
        std::vector<PuzzleSet> out;
        for (const EmbeddedText& file : shipped_puzzle_texts()) {
            Expected<PuzzleSet, TextError> parsed = parse_puzzle_set(file.text);
            if (!parsed) continue;
            parsed->name = std::string(file.name);
            out.push_back(std::move(parsed).take());
        }
        return out;
    }();
    return sets;
}

const PuzzleSet* shipped_puzzle_set(Variant v) {
    for (const PuzzleSet& s : shipped_puzzle_sets())
        if (s.variant.size == v.size && (v.size == 3 || s.variant.rules == v.rules)) return &s;
    return nullptr;
}

void PuzzleProgress::record(const std::string& set, int id, bool solved) {
    SetProgress& p = sets[set];
    if (solved) {
        p.solved.insert(id);
        p.failed.erase(id);
        p.best_streak = std::max(p.best_streak, ++p.streak);
    } else {
        if (!p.solved.count(id)) p.failed.insert(id);
        p.streak = 0;
    }
}

namespace {

std::string numbers(const std::set<int>& ids) {
    std::string out;
    for (int id : ids) out += " " + std::to_string(id);
    return out;
}

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

bool parse_int(std::string_view s, int& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && out >= 0;
}

}  // namespace

std::string progress_text(const PuzzleProgress& progress) {
    std::string out = "% gobblet puzzle progress\n";
    for (const auto& [name, p] : progress.sets) {
        out += "\nset: " + name + "\n";
        out += "solved:" + numbers(p.solved) + "\n";
        out += "failed:" + numbers(p.failed) + "\n";
        out += "streak: " + std::to_string(p.streak) + "\n";
        out += "best streak: " + std::to_string(p.best_streak) + "\n";
    }
    return out;
}

PuzzleProgress parse_progress(std::string_view text) {
    PuzzleProgress progress;
    SetProgress* current = nullptr;
    std::istringstream in{std::string(text)};
    for (std::string raw; std::getline(in, raw);) {
        const std::string line = trim(raw);
        if (line.empty() || line[0] == '%' || line[0] == '#') continue;
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = trim(std::string_view(line).substr(0, colon));
        const std::string value = trim(std::string_view(line).substr(colon + 1));
        if (key == "set") {
            current = value.empty() ? nullptr : &progress.sets[value];
            continue;
        }
        if (!current) continue;
        int n = 0;
        if (key == "solved" || key == "failed") {
            std::istringstream ids(value);
            for (std::string word; ids >> word;)
                if (parse_int(word, n) && n > 0)
                    (key == "solved" ? current->solved : current->failed).insert(n);
        } else if (key == "streak" && parse_int(value, n)) {
            current->streak = n;
        } else if (key == "best streak" && parse_int(value, n)) {
            current->best_streak = n;
        }
    }
    for (auto& [name, p] : progress.sets) {
        for (int id : p.solved) p.failed.erase(id);
        p.best_streak = std::max(p.best_streak, p.streak);
    }
    return progress;
}

fs::path progress_path() {
    const fs::path dir = data_dir();
    return dir.empty() ? dir : dir / "puzzles.txt";
}

Expected<PuzzleProgress> load_progress(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return PuzzleProgress{};
    const Expected<std::string> text = read_file(path);
    if (!text) return Failure{text.why()};
    return parse_progress(*text);
}

Expected<void> save_progress(const fs::path& path, const PuzzleProgress& progress) {
    if (path.empty()) return Failure{"cannot save puzzle progress: neither XDG_DATA_HOME nor HOME is set"};
    return write_file(path, progress_text(progress));
}

}  // namespace gobblet::saves
