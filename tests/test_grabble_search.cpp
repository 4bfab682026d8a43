// The grab search (engine/grabble/search.h) against a brute-force reference on random small tables, and
// the questions the computer, the clues and the review ask of it.
#include "engine/grabble/search.h"

#include "engine/grabble/bench.h"
#include "engine/hash.h"
#include "grabble_support.h"

using namespace gobblet::grabble;
using namespace gobblet::grabble::test;

namespace {

// The best plan for one word by brute force: every subset of the table's words, every choice of the
// pool's letters and blanks, the rules checked as docs/grabble.md states them. nullopt when none.
struct Reference {
    bool found = false;
    int value = 0;
};

Reference reference(const TableView& t, const Counts& w, int length) {
    Reference best;
    if (length < t.min_length) return best;
    const int n = t.word_count;
    for (int subset = 0; subset < (1 << n); ++subset) {
        Counts fixed;
        int blanks = 0, tiles = 0, own = 0, others = 0, scores = 0, words = 0;
        bool ok = true;
        for (int k = 0; k < n; ++k) {
            if (!((subset >> k) & 1)) continue;
            const SearchWord& s = t.words[std::size_t(k)];
            if (s.length >= length) ok = false;  // a word is never just rearranged: W is longer
            fixed = fixed + s.fixed;
            blanks += s.free_blanks;
            tiles += s.length;
            (s.own ? own : others) += s.score;
            scores += s.score;
            ++words;
        }
        if (!ok || tiles > length || !fixed.within(w)) continue;
        // Every multiset of the pool's letters, with every number of its blanks.
        std::array<int, letter_count> take{};
        for (;;) {
            Counts q;
            int q_tiles = 0;
            for (int l = 0; l < letter_count; ++l)
                q.add(Letter(l), take[std::size_t(l)]), q_tiles += take[std::size_t(l)];
            for (int b = 0; b <= t.pool_blanks; ++b) {
                const Counts made = fixed + q;
                if (tiles + q_tiles + b != length || !made.within(w)) continue;
                if (length - made.total() != blanks + b) continue;
                int value_letters = 0;
                for (int l = 0; l < letter_count; ++l) value_letters += q[l] * t.values[l];
                int score = t.scoring == Scoring::Letters         ? scores + value_letters + b * t.blank_value
                            : t.scoring == Scoring::LengthSquared ? length * length
                                                                  : length;
                const int value = score - own + others;
                if (!best.found || value > best.value) best = {true, value};
            }
            int l = 0;  // the next multiset, as an odometer over the pool's counts
            while (l < letter_count && take[std::size_t(l)] == t.pool[l]) take[std::size_t(l++)] = 0;
            if (l == letter_count) break;
            ++take[std::size_t(l)];
        }
        (void)words;
    }
    return best;
}

// A random table over few letters (so that many words can be made), its words taken from the list.
TableView random_table(const Lexicon& lx, std::uint64_t& state, Scoring scoring, bool sticking) {
    TableView t;
    t.min_length = 2 + int(gobblet::splitmix64(state) % 2);
    t.scoring = scoring;
    t.value_tiles(TileSet::english());
    const int pool = int(gobblet::splitmix64(state) % 7);
    for (int i = 0; i < pool; ++i) t.pool.add(Letter("aeirstnlc"[gobblet::splitmix64(state) % 9] - 'a'));
    t.pool_blanks = int(gobblet::splitmix64(state) % 3 == 0);
    const int words = int(gobblet::splitmix64(state) % 6);
    for (int k = 0; k < words; ++k) {
        const Lexicon::Index i = Lexicon::Index(gobblet::splitmix64(state) % lx.size());
        if (lx.length(i) < t.min_length) continue;
        SearchWord& s = t.words[std::size_t(t.word_count++)];
        s.fixed = lx.counts(i);
        s.length = std::uint8_t(lx.length(i));
        if (!sticking && gobblet::splitmix64(state) % 4 == 0) {  // a free blank in place of its first letter
            s.fixed.add(Letter(lx.word(i)[0] - 'a'), -1);
            s.free_blanks = 1;
        }
        s.signature = s.fixed.signature();
        s.own = gobblet::splitmix64(state) % 2 == 0;
        for (int l = 0; l < letter_count; ++l) s.score += s.fixed[l] * t.values[l];
    }
    return t;
}

// A list of short words over the same few letters.
std::shared_ptr<const Lexicon> random_list(std::uint64_t seed) {
    std::uint64_t state = seed;
    std::string text;
    for (int i = 0; i < 400; ++i) {
        const int len = 2 + int(gobblet::splitmix64(state) % 6);
        for (int c = 0; c < len; ++c) text += "aeirstnlc"[gobblet::splitmix64(state) % 9];
        text += '\n';
    }
    auto lx = Lexicon::build(text);
    REQUIRE(lx);
    return std::make_shared<const Lexicon>(std::move(lx).take());
}

}  // namespace

TEST_CASE("the search finds exactly the grabs a brute force finds, each at its best value",
          "[grabble][search]") {
    std::uint64_t state = 2024;
    int compared = 0, grabbable = 0;
    for (int round = 0; round < 40; ++round) {
        const auto lx = random_list(state + std::uint64_t(round));
        const Scoring scoring =
            std::array{Scoring::Letters, Scoring::LengthSquared, Scoring::Tiles}[round % 3];
        const TableView t = random_table(*lx, state, scoring, round % 5 == 0);
        const std::vector<GrabPlan> found = all_grabs(t, *lx);
        std::vector<int> value(lx->size(), -1);
        for (const GrabPlan& p : found) value[p.entry] = p.value();
        int best = -1;
        for (Lexicon::Index i = 0; i < lx->size(); ++i) {
            const Reference r = reference(t, lx->counts(i), lx->length(i));
            INFO("round " << round << ", word " << lx->word(i));
            CHECK(value[i] == (r.found ? r.value : -1));
            const auto one = plan_for(t, *lx, i);
            CHECK(bool(one) == r.found);
            if (one) CHECK(one->value() == r.value);
            if (r.found) best = std::max(best, r.value), ++grabbable;
            ++compared;
        }
        const auto b = best_grab(t, *lx);
        CHECK(bool(b) == (best >= 0));
        if (b) {
            CHECK(b->value() == best);
            CHECK(b->entry == found.front().entry);  // best_grab's choice heads all_grabs
        }
    }
    CHECK(compared > 10000);
    CHECK(grabbable > 500);  // the tables are not all empty
}

TEST_CASE("a plan says which words and pool tiles it takes, and what it is worth", "[grabble][search]") {
    // Ali's ACTS (own), Ding's PU- (the blank free), a pool of R and E: CAPTURES takes both words and the R.
    const auto lx = words("captures teacups pure");
    TableView t;
    t.value_tiles(TileSet::english());
    t.pool = Counts::of("re");
    t.word_count = 2;
    t.words[0] = {Counts::of("acts"), Counts::of("acts").signature(), 0, 4, true, 6};
    t.words[1] = {Counts::of("pu"), Counts::of("pu").signature(), 1, 3, false, 4};
    const auto p = plan_for(t, *lx, *lx->find("captures"));
    REQUIRE(p);
    CHECK(p->word_count == 2);
    CHECK(p->words[0] == 0);
    CHECK(p->words[1] == 1);
    CHECK(p->pool_letters == Counts::of("r"));  // the blank is the E: the pool's E stays
    CHECK(p->pool_blanks == 0);
    CHECK(p->score == 11);  // ACTS 6 + PU- 4 + R 1
    CHECK(p->gain == 5);    // less Ali's own ACTS
    CHECK(p->taken == 4);   // Ding loses PU-
    CHECK(p->value() == 9);
    // The best grab: CAPTURES (9), longer than PURE (PU- and the R: 5 + 4), then TEACUPS (ACTS and PU-,
    // the blank an E, no pool tile: 10 - 6 + 4).
    const auto best = best_grab(t, *lx);
    REQUIRE(best);
    CHECK(lx->word(best->entry) == "captures");
    const std::vector<GrabPlan> all = all_grabs(t, *lx);
    REQUIRE(all.size() == 3);
    CHECK(lx->word(all[1].entry) == "pure");
    CHECK(all[1].value() == 9);
    CHECK(lx->word(all[2].entry) == "teacups");
    CHECK(all[2].value() == 8);
    CHECK(all[2].pool_tiles() == 0);
}

TEST_CASE("the clues are every grab on the table now", "[grabble][search]") {
    Game g = start_game(seed_settings(), bag_starting("CATSUP"), words("cat act cats acts catsup up cup"));
    for (int i = 0; i < 6; ++i) g.reveal(g.to_reveal(), 100 * (i + 1));
    std::vector<std::string> clues;
    for (const GrabPlan& p : all_grabs(g.view(ali), g.lexicon()))
        clues.emplace_back(g.lexicon().word(p.entry));
    // The most valuable first: CATSUP 10, CUP 7, CATS and ACTS 6, CAT and ACT 5 (UP is too short).
    CHECK(clues == std::vector<std::string>{"catsup", "cup", "cats", "acts", "cat", "act"});
}

TEST_CASE("the easy computer knows the common words only", "[grabble][search]") {
    auto lx = Lexicon::build("cat\ncatsup\nact\n");
    REQUIRE(lx);
    lx->mark_common(*Lexicon::build("cat\n"));
    TableView t;
    t.value_tiles(TileSet::english());
    t.pool = Counts::of("catsup");
    SearchOptions easy;
    easy.common_only = true;
    const auto all = all_grabs(t, *lx, easy);
    REQUIRE(all.size() == 1);
    CHECK(lx->word(all[0].entry) == "cat");
    SearchOptions short_words;
    short_words.max_length = 3;
    CHECK(all_grabs(t, *lx, short_words).size() == 2);
    CHECK(all_grabs(t, *lx).size() == 3);
}

TEST_CASE("the benchmark's late-game table has 25 pool tiles and 12 words", "[grabble][search]") {
    std::string text;
    std::uint64_t state = 5;
    for (int i = 0; i < 20000; ++i) {
        const int len = 3 + int(gobblet::splitmix64(state) % 6);
        for (int c = 0; c < len; ++c) text += char('a' + gobblet::splitmix64(state) % 26);
        text += '\n';
    }
    const auto lx = Lexicon::build(text);
    REQUIRE(lx);
    const TableView t = late_game_table(*lx);
    CHECK(t.pool.total() + t.pool_blanks == 25);
    CHECK(t.pool_blanks == 1);
    CHECK(t.word_count == 12);
    int blanks = 0;
    for (int k = 0; k < t.word_count; ++k) blanks += t.words[std::size_t(k)].free_blanks;
    CHECK(blanks == 2);
    CHECK(best_grab(t, *lx));
}
