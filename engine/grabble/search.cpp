#include "engine/grabble/search.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace gobblet::grabble {

namespace {

// Everything on the table at once: no word can be grabbed that is not within these (its blanks aside).
struct Totals {
    Counts fixed;
    std::uint64_t signature = 0;
    int blanks = 0;
    int tiles = 0;
};

Totals totals_of(const TableView& t) {
    Totals tot;
    tot.fixed = t.pool;
    tot.blanks = t.pool_blanks;
    tot.tiles = t.pool.total() + t.pool_blanks;
    for (int k = 0; k < t.word_count; ++k) {
        tot.fixed = tot.fixed + t.words[k].fixed;
        tot.blanks += t.words[k].free_blanks;
        tot.tiles += t.words[k].length;
    }
    tot.signature = tot.fixed.signature();
    return tot;
}

// The letters' values: sum of count x value, in 16-bit lanes (no lane passes 250 tiles x 100).
int letter_value(const Counts& c, const Counts& values) {
    using Wide = std::uint16_t __attribute__((vector_size(64)));
    const Wide p = __builtin_convertvector(c.v, Wide) * __builtin_convertvector(values.v, Wide);
    std::uint64_t q[8];
    std::memcpy(q, &p, sizeof q);
    const std::uint64_t sum = q[0] + q[1] + q[2] + q[3] + q[4] + q[5] + q[6] + q[7];
    return int((sum * 0x0001000100010001ull) >> 48);
}

// A set of the table's words, one bit each.
using WordBits = std::uint64_t __attribute__((vector_size(16)));
static_assert(max_table_words <= 128);

// Which table words may be within a word W, from the letters W has (bits 0-25 of its signature): a
// word can be within W only if it has no letter W lacks. The 26 bits are three chunks of 9 bits;
// by_chunk[c][v] is the set of table words whose chunk c has no bit v lacks, so the candidates for W
// are three lookups ANDed (with the words shorter than W), however many words the table has. Letters
// twice (the signature's high bits) and the counts are the exact test's, on the few candidates.
struct CandidateIndex {
    static constexpr int chunk_bits = 9;
    std::array<std::array<WordBits, 1 << chunk_bits>, 3> by_chunk;
    std::array<WordBits, max_word_letters + 2> shorter;  // shorter[L]: the words of fewer than L letters

    static unsigned chunk(std::uint64_t signature, int c) {
        return unsigned(signature >> (chunk_bits * c)) & ((1u << chunk_bits) - 1);
    }
    explicit CandidateIndex(const TableView& t) {
        for (int c = 0; c < 3; ++c)
            for (unsigned v = 0; v < (1u << chunk_bits); ++v) {
                WordBits bits{};
                for (int k = 0; k < t.word_count; ++k)
                    if ((chunk(t.words[std::size_t(k)].signature, c) & ~v) == 0)
                        bits[k / 64] |= std::uint64_t(1) << (k % 64);
                by_chunk[std::size_t(c)][v] = bits;
            }
        for (int length = 0; length < max_word_letters + 2; ++length) {
            WordBits bits{};
            for (int k = 0; k < t.word_count; ++k)
                if (t.words[std::size_t(k)].length < length) bits[k / 64] |= std::uint64_t(1) << (k % 64);
            shorter[std::size_t(length)] = bits;
        }
    }
    WordBits of(std::uint64_t signature, int length) const {
        return shorter[std::size_t(length)] & by_chunk[0][chunk(signature, 0)] &
               by_chunk[1][chunk(signature, 1)] & by_chunk[2][chunk(signature, 2)];
    }
};

// The best way to make one word W from a table: its candidates are the table's words within W, and it
// walks their subsets (each subset is one set S of words the grab would take).
class WordSearch {
  public:
    explicit WordSearch(const TableView& t) : t_(t) {}

    // Whether W (the lexicon's `entry`) can be grabbed; its best plan is then best(). `maybe` holds the
    // table words that may be within W (CandidateIndex); those that are are W's candidates.
    bool run(Lexicon::Index entry, const Counts& w, int length, std::uint64_t signature,
             const WordBits& maybe) {
        w_ = &w;
        length_ = length;
        found_ = false;
        best_.entry = entry;
        n_ = 0;
        for (int half = 0; half < 2; ++half)
            for (std::uint64_t bits = maybe[half]; bits != 0; bits &= bits - 1) {
                const int k = 64 * half + std::countr_zero(bits);
                const SearchWord& s = t_.words[std::size_t(k)];
                if ((s.signature & ~signature) == 0 && s.fixed.within(w))
                    candidates_[std::size_t(n_++)] = std::uint8_t(k);
            }
        chosen_n_ = 0;
        if (n_ == 0)
            evaluate(Counts{}, 0, 0, 0, 0, 0);  // the pool alone
        else
            walk(0, Counts{}, 0, 0, 0, 0, 0);
        return found_;
    }
    // The same for a word without an index: every table word is tried.
    bool run(Lexicon::Index entry, const Counts& w, int length) {
        WordBits all{};
        for (int k = 0; k < t_.word_count; ++k)
            if (t_.words[std::size_t(k)].length < length) all[k / 64] |= std::uint64_t(1) << (k % 64);
        return run(entry, w, length, w.signature(), all);
    }
    const GrabPlan& best() const { return best_; }

  private:
    // The subset chosen so far: its letters F, its free blanks B, its tiles, its owners' scores.
    void walk(int from, const Counts& F, int B, int tiles, int own, int others, int scores) {
        evaluate(F, B, tiles, own, others, scores);
        for (int j = from; j < n_; ++j) {
            const SearchWord& s = t_.words[candidates_[std::size_t(j)]];
            if (tiles + s.length > length_ || chosen_n_ == max_grab_words) continue;
            const Counts with = F + s.fixed;
            if (!with.within(*w_)) continue;
            chosen_[std::size_t(chosen_n_++)] = candidates_[std::size_t(j)];
            walk(j + 1, with, B + s.free_blanks, tiles + s.length, own + (s.own ? s.score : 0),
                 others + (s.own ? 0 : s.score), scores + s.score);
            --chosen_n_;
        }
    }

    // Whether the pool completes the chosen words into W, and how well. The pool must give
    // need = W - F: its letters where it has them, blanks (the words' free ones, then its own) for what
    // it lacks, and exactly length - tiles tiles in all.
    void evaluate(const Counts& F, int B, int tiles, int own, int others, int scores) {
        const Counts need = *w_ - F;
        const int lacking = beyond(need, t_.pool).total();
        if (lacking > B + t_.pool_blanks) return;
        const int pool_blanks = std::max(0, lacking - B);
        const int from_pool = length_ - tiles - pool_blanks;  // letter tiles the pool gives
        Counts take = common(need, t_.pool);
        // The words' free blanks may stand for letters the pool has: it then gives only its best ones.
        for (int extra = take.total() - from_pool; extra > 0; --extra) {
            int cheapest = -1;
            for (int l = 0; l < letter_count; ++l)
                if (take[l] > 0 && (cheapest < 0 || t_.values[l] < t_.values[cheapest])) cheapest = l;
            take.v[cheapest] = std::uint8_t(take.v[cheapest] - 1);
        }
        int score = 0;
        switch (t_.scoring) {
            case Scoring::Letters:
                score = scores + letter_value(take, t_.values) + pool_blanks * t_.blank_value;
                break;
            case Scoring::LengthSquared: score = length_ * length_; break;
            case Scoring::Tiles: score = length_; break;
        }
        const int gain = score - own;
        if (found_ && (gain + others < best_.value() ||
                       (gain + others == best_.value() && pool_blanks >= best_.pool_blanks)))
            return;
        found_ = true;
        best_.word_count = chosen_n_;
        std::copy_n(chosen_.begin(), chosen_n_, best_.words.begin());
        best_.pool_letters = take;
        best_.pool_blanks = pool_blanks;
        best_.score = score;
        best_.gain = gain;
        best_.taken = others;
    }

    const TableView& t_;
    const Counts* w_ = nullptr;
    int length_ = 0;
    std::array<std::uint8_t, max_table_words> candidates_{};
    int n_ = 0;
    std::array<std::uint8_t, max_grab_words> chosen_{};
    int chosen_n_ = 0;
    GrabPlan best_;
    bool found_ = false;
};

// What a word of `length` letters can score at most, a bound for the pruning of best_grab (the
// letters' scoring bounds each word by its letters instead).
int most_for_length(Scoring scoring, int length) {
    return scoring == Scoring::LengthSquared ? length * length : scoring == Scoring::Tiles ? length : 0;
}

// Calls visit(plan) for every word of the list that can be grabbed, with its best plan, the longest
// words first. With `floor`, words whose plans cannot be worth more than *floor are skipped (best_grab
// raises it as it finds better grabs): a grab's value is at most twice its word's score (the words it
// takes are within it, and score no more than it), and the word's score at most its letters' values
// (each blank's value instead where that is more, when the table has a blank).
template <class Visit>
void scan(const TableView& t, const Lexicon& lx, const SearchOptions& o, Visit&& visit, const int* floor) {
    const Totals tot = totals_of(t);
    const int lo = std::max(t.min_length, 1);
    const int hi = std::min({o.max_length, tot.tiles, max_word_letters});
    Counts most = t.values;
    if (tot.blanks > 0)
        for (int l = 0; l < letter_count; ++l)
            most.v[l] = std::uint8_t(std::max<int>(most.v[l], t.blank_value));
    const bool by_letters = t.scoring == Scoring::Letters;
    const CandidateIndex index(t);
    WordSearch search(t);
    for (int length = hi; length >= lo; --length) {
        if (floor && !by_letters && 2 * most_for_length(t.scoring, length) <= *floor) break;
        const Lexicon::Index end = lx.first_of_length(length + 1);
        const bool common_only = o.common_only || length > o.uncommon_max_length;
        for (Lexicon::Index i = lx.first_of_length(length); i < end; ++i) {
            if (common_only && !lx.common(i)) continue;
            const std::uint64_t signature = lx.signature(i);
            const std::uint64_t missing = signature & ~tot.signature;
            if (missing != 0 && std::popcount(missing) > tot.blanks) continue;
            const Counts& w = lx.counts(i);
            if (floor && by_letters && 2 * letter_value(w, most) <= *floor) continue;
            // No word of the table can be within W and the pool cannot make it alone: the common case,
            // decided before the walk starts.
            const WordBits maybe = index.of(signature, length);
            if ((maybe[0] | maybe[1]) == 0 && beyond(w, t.pool).total() > t.pool_blanks) continue;
            if (search.run(i, w, length, signature, maybe)) visit(search.best());
        }
    }
}

}  // namespace

void TableView::value_tiles(const TileSet& set) {
    for (int l = 0; l < letter_count; ++l) values.v[l] = set.value[std::size_t(l)];
    blank_value = set.value[blank];
}

bool better(const GrabPlan& a, const GrabPlan& b, const Lexicon& lexicon) {
    if (a.value() != b.value()) return a.value() > b.value();
    const int la = lexicon.length(a.entry), lb = lexicon.length(b.entry);
    if (la != lb) return la > lb;
    return a.entry < b.entry;
}

std::optional<GrabPlan> best_grab(const TableView& table, const Lexicon& lexicon,
                                  const SearchOptions& options) {
    std::optional<GrabPlan> best;
    int floor = -1;  // no value is below 0: the new word scores at least the grabber's words in it
    scan(
        table, lexicon, options,
        [&](const GrabPlan& p) {
            if (best && !better(p, *best, lexicon)) return;
            best = p;
            floor = p.value();
        },
        &floor);
    return best;
}

std::vector<GrabPlan> all_grabs(const TableView& table, const Lexicon& lexicon,
                                const SearchOptions& options) {
    std::vector<GrabPlan> out;
    scan(
        table, lexicon, options, [&](const GrabPlan& p) { out.push_back(p); }, nullptr);
    std::sort(out.begin(), out.end(),
              [&](const GrabPlan& a, const GrabPlan& b) { return better(a, b, lexicon); });
    return out;
}

std::optional<GrabPlan> plan_for(const TableView& table, const Lexicon& lexicon, Lexicon::Index entry) {
    const int length = lexicon.length(entry);
    if (length < table.min_length) return std::nullopt;
    WordSearch search(table);
    if (!search.run(entry, lexicon.counts(entry), length)) return std::nullopt;
    return search.best();
}

}  // namespace gobblet::grabble
