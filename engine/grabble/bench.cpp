#include "engine/grabble/bench.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <vector>

#include "engine/hash.h"

namespace gobblet::grabble {

namespace {

std::string ms(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f ms", seconds * 1000);
    return buf;
}

}  // namespace

TableView late_game_table(const Lexicon& lexicon, std::uint64_t seed) {
    const TileSet set = TileSet::english();
    const Bag bag = shuffled_bag(set, true, seed);
    TableView t;
    t.min_length = 3;
    t.scoring = Scoring::Letters;
    t.value_tiles(set);
    // The pool: the first 24 letters out of the bag and a blank; the words come from the rest.
    Counts rest;
    int pool_letters = 0;
    for (Letter f : bag.faces) {
        if (f == blank) continue;
        if (pool_letters < 24) {
            t.pool.add(f);
            ++pool_letters;
        } else {
            rest.add(f);
        }
    }
    t.pool_blanks = 1;
    // Words of 4 to 7 letters, visited in an order the seed fixes, while the rest of the tiles has them.
    std::uint64_t state = seed;
    const Lexicon::Index lo = lexicon.first_of_length(4), hi = lexicon.first_of_length(8);
    for (int tries = 0; t.word_count < 12 && hi > lo && tries < 1'000'000; ++tries) {
        const Lexicon::Index i = lo + Lexicon::Index(splitmix64(state) % (hi - lo));
        const Counts& w = lexicon.counts(i);
        if (!w.within(rest)) continue;
        rest = rest - w;
        SearchWord& s = t.words[std::size_t(t.word_count)];
        s.fixed = w;
        s.length = std::uint8_t(lexicon.length(i));
        if (t.word_count == 3 || t.word_count == 8) {  // a blank stands for the word's first letter
            s.fixed.add(Letter(lexicon.word(i)[0] - 'a'), -1);
            s.free_blanks = 1;
        }
        s.signature = s.fixed.signature();
        s.own = t.word_count % 4 == 0;
        for (int l = 0; l < letter_count; ++l) s.score += s.fixed[l] * t.values[l];
        ++t.word_count;
    }
    return t;
}

int run_bench(std::ostream& out, const TimeSource& time, std::string_view list_name, const ReadText& read) {
    out << "grabble bench: " << list_name << "\n";
    // The list read and indexed five times: the fastest and the median say what a start costs, on a
    // machine that others share.
    constexpr int loads = 5;
    std::vector<double> read_s, index_s, total_s;
    std::optional<Lexicon> lexicon;
    std::size_t bytes = 0;
    for (int r = 0; r < loads; ++r) {
        const std::int64_t t0 = time.now_us();
        const auto text = read();
        const std::int64_t t1 = time.now_us();
        if (!text) {
            out << "cannot run: " << text.why() << "\n";
            return 1;
        }
        auto built = Lexicon::build(*text);
        const std::int64_t t2 = time.now_us();
        if (!built) {
            out << "cannot run: " << built.why() << "\n";
            return 1;
        }
        bytes = text->size();
        read_s.push_back(seconds_between(t0, t1));
        index_s.push_back(seconds_between(t1, t2));
        total_s.push_back(seconds_between(t0, t2));
        lexicon = std::move(built).take();
    }
    const auto fastest = [](std::vector<double> v) { return *std::min_element(v.begin(), v.end()); };
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    out << "  list loaded in " << ms(fastest(total_s)) << " (read " << bytes << " bytes in "
        << ms(fastest(read_s)) << ", indexed in " << ms(fastest(index_s)) << "; fastest of " << loads
        << ", median " << ms(median(total_s)) << "; target 100 ms)\n";
    out << "  " << lexicon->report().summary() << "\n";

    const TableView table = late_game_table(*lexicon);
    int words_tiles = 0;
    for (int k = 0; k < table.word_count; ++k) words_tiles += table.words[std::size_t(k)].length;
    out << "  late-game table: " << table.pool.total() + table.pool_blanks << " tiles in the pool ("
        << table.pool_blanks << " blank), " << table.word_count << " words of " << words_tiles
        << " tiles (2 with a blank)\n";
    constexpr int runs = 20;
    std::vector<double> search_s;
    std::optional<GrabPlan> best;
    for (int r = 0; r < runs; ++r) {
        const std::int64_t a = time.now_us();
        best = best_grab(table, *lexicon);
        search_s.push_back(seconds_between(a, time.now_us()));
    }
    const std::size_t grabs = all_grabs(table, *lexicon).size();
    out << "  best grab: ";
    if (best)
        out << lexicon->word(best->entry) << " (value " << best->value() << ", " << best->word_count
            << " words and " << best->pool_tiles() << " pool tiles)";
    else
        out << "none";
    out << " of " << grabs << " grabs, in " << ms(fastest(search_s)) << " (fastest of " << runs << ", median "
        << ms(median(search_s)) << "; target 5 ms)\n";
    return 0;
}

}  // namespace gobblet::grabble
