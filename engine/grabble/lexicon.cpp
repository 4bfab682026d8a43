#include "engine/grabble/lexicon.h"

#include <algorithm>
#include <cstring>

namespace gobblet::grabble {

namespace {

// FNV-1a: words are short, so a byte at a time is as fast as anything here. (build() computes it inline,
// in the same pass that checks the letters.)
std::uint32_t hash_of(std::string_view w) {
    std::uint32_t h = 2166136261u;
    for (char c : w) h = (h ^ std::uint8_t(c)) * 16777619u;
    return h;
}

// The first power of two at least n.
std::size_t power_of_two_at_least(std::size_t n) {
    std::size_t p = 16;
    while (p < n) p <<= 1;
    return p;
}

enum class LineKind { Word, Capitals, Apostrophes, Other };

// What a candidate word is made of: only a-z is a word.
LineKind kind_of(std::string_view w) {
    bool capitals = false, apostrophes = false, other = false;
    for (char c : w) {
        if (c >= 'a' && c <= 'z') continue;
        if (c >= 'A' && c <= 'Z')
            capitals = true;
        else if (c == '\'')
            apostrophes = true;
        else
            other = true;
    }
    return capitals      ? LineKind::Capitals
           : apostrophes ? LineKind::Apostrophes
           : other       ? LineKind::Other
                         : LineKind::Word;
}

// Whether `sorted` is the letters of `word` (a-z) in order, as an anagram list's first column is.
bool sorted_letters_of(std::string_view sorted, std::string_view word) {
    if (sorted.size() != word.size()) return false;
    for (std::size_t i = 0; i < sorted.size(); ++i)
        if (sorted[i] < 'a' || sorted[i] > 'z' || (i > 0 && sorted[i] < sorted[i - 1])) return false;
    return Counts::of(sorted) == Counts::of(word);
}

std::string_view trim_line(std::string_view s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    return s;
}

}  // namespace

std::string ListReport::summary() const {
    std::string out = std::to_string(words) + (words == 1 ? " word" : " words");
    if (left_out() == 0) return out;
    out += "; " + std::to_string(left_out()) + (left_out() == 1 ? " line" : " lines") + " left out: ";
    const std::string longer = "longer than " + std::to_string(max_word_letters) + " letters";
    const std::pair<std::size_t, std::string_view> parts[] = {
        {capitals, "with capitals"},      {apostrophes, "with apostrophes"},
        {other, "with other characters"}, {too_long, longer},
        {repeated, "repeated"},           {mismatched, "whose sorted letters are not the word's"}};
    bool first = true;
    for (const auto& [n, what] : parts) {
        if (n == 0) continue;
        out += (first ? "" : ", ") + std::to_string(n) + " ";
        out += what;
        first = false;
    }
    return out;
}

Expected<Lexicon> Lexicon::build(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark
    Lexicon lx;
    ListReport& r = lx.report_;
    // A line of a list is about ten bytes, and a list keeps most lines: the hash starts at a slot for every
    // eight bytes and doubles when half full, so it is rarely rebuilt.
    lx.slots_.assign(power_of_two_at_least(text.size() / 8), 0);
    lx.text_.reserve(text.size());
    std::vector<std::uint32_t> offsets, hashes;
    std::vector<std::uint8_t> lengths;
    offsets.reserve(text.size() / 10);
    hashes.reserve(text.size() / 10);
    lengths.reserve(text.size() / 10);

    for (std::size_t at = 0; at < text.size();) {
        const char* nl = static_cast<const char*>(std::memchr(text.data() + at, '\n', text.size() - at));
        const std::size_t end = nl ? std::size_t(nl - text.data()) : text.size();
        std::string_view line = trim_line(text.substr(at, end - at));
        at = end + 1;
        if (line.empty()) continue;
        ++r.lines;
        std::string_view word = line, sorted;
        if (const std::size_t tab = line.find('\t'); tab != std::string_view::npos) {
            sorted = trim_line(line.substr(0, tab));
            word = trim_line(line.substr(tab + 1));
        }
        // One pass: the hash of a word of a-z, or what else the line has.
        std::uint32_t h = 2166136261u;
        bool letters = !word.empty();
        for (char c : word) {
            if (std::uint8_t(c - 'a') >= 26) {
                letters = false;
                break;
            }
            h = (h ^ std::uint8_t(c)) * 16777619u;
        }
        if (!letters) {
            switch (kind_of(word)) {
                case LineKind::Capitals: ++r.capitals; break;
                case LineKind::Apostrophes: ++r.apostrophes; break;
                case LineKind::Other:
                case LineKind::Word: ++r.other; break;  // (Word: the empty word after a tab)
            }
            continue;
        }
        if (word.size() > std::size_t(max_word_letters)) {
            ++r.too_long;
            continue;
        }
        if (sorted.data() != nullptr && !sorted_letters_of(sorted, word)) {
            ++r.mismatched;
            continue;
        }
        std::size_t mask = lx.slots_.size() - 1;
        std::size_t slot = h & mask;
        bool repeat = false;
        for (; lx.slots_[slot] != 0; slot = (slot + 1) & mask) {
            const std::uint32_t k = lx.slots_[slot] - 1;
            if (hashes[k] == h && lengths[k] == word.size() &&
                std::memcmp(lx.text_.data() + offsets[k], word.data(), word.size()) == 0) {
                repeat = true;
                break;
            }
        }
        if (repeat) {
            ++r.repeated;
            continue;
        }
        if (offsets.size() == max_lexicon_words)
            return Failure{"the word list has more than " + std::to_string(max_lexicon_words) +
                           " words; choose a smaller list"};
        offsets.push_back(std::uint32_t(lx.text_.size()));
        lengths.push_back(std::uint8_t(word.size()));
        hashes.push_back(h);
        lx.text_.append(word);
        if (2 * offsets.size() > lx.slots_.size()) {  // half full: twice the slots, every word again
            lx.slots_.assign(lx.slots_.size() * 2, 0);
            mask = lx.slots_.size() - 1;
            for (std::size_t k = 0; k < offsets.size(); ++k) {
                std::size_t s = hashes[k] & mask;
                while (lx.slots_[s] != 0) s = (s + 1) & mask;
                lx.slots_[s] = std::uint32_t(k + 1);
            }
        } else {
            lx.slots_[slot] = std::uint32_t(offsets.size());
        }
    }
    r.words = offsets.size();
    if (r.words == 0)
        return Failure{r.lines == 0
                           ? std::string("the word list is empty: it needs one word a line")
                           : "the word list has no words of the letters a to z (" + r.summary() + ")"};

    // Ordered by length (a counting sort keeps the list's order within a length), the hash renumbered.
    const std::size_t n = offsets.size();
    lx.by_length_.assign(max_word_letters + 2, 0);
    for (std::uint8_t len : lengths) ++lx.by_length_[len + 1];
    for (int len = 1; len <= max_word_letters + 1; ++len) lx.by_length_[len] += lx.by_length_[len - 1];
    std::vector<Index> next(lx.by_length_.begin(), lx.by_length_.end());
    std::vector<Index> place(n);
    lx.offset_.resize(n);
    lx.length_.resize(n);
    lx.counts_.resize(n);
    lx.signature_.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        const Index i = next[lengths[k]]++;
        place[k] = i;
        lx.offset_[i] = offsets[k];
        lx.length_[i] = lengths[k];
        Counts c;
        for (char ch : lx.word(i)) c.v[ch - 'a'] = std::uint8_t(c.v[ch - 'a'] + 1);
        lx.counts_[i] = c;
        lx.signature_[i] = c.signature();
    }
    for (std::uint32_t& s : lx.slots_)
        if (s != 0) s = place[s - 1] + 1;
    lx.common_.assign(n, 0);
    return lx;
}

std::optional<Lexicon::Index> Lexicon::find(std::string_view w) const {
    if (w.empty() || w.size() > std::size_t(max_word_letters)) return std::nullopt;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t slot = hash_of(w) & mask; slots_[slot] != 0; slot = (slot + 1) & mask) {
        const Index i = slots_[slot] - 1;
        if (word(i) == w) return i;
    }
    return std::nullopt;
}

std::size_t Lexicon::mark_common(const Lexicon& common) {
    for (Index j = 0; j < common.size(); ++j)
        if (const auto i = find(common.word(j)); i && !common_[*i]) {
            common_[*i] = 1;
            ++common_count_;
        }
    return common_count_;
}

}  // namespace gobblet::grabble
