#include "engine/grabble/tiles.h"

#include <charconv>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/hash.h"
#include "engine/notation.h"
#include "engine/text.h"

namespace gobblet::grabble {

Counts Counts::of(std::string_view word) {
    Counts c;
    for (char ch : word)
        if (const auto l = letter_of(ch)) c.add(*l);
    return c;
}

std::uint64_t Counts::signature() const {
#if defined(__SSE2__)
    // Two comparisons of all 32 lanes and their sign bits: a few instructions instead of 26 branches
    // (the index computes a signature for every word of a list).
    __m128i lo, hi;
    std::memcpy(&lo, &v, 16);
    std::memcpy(&hi, reinterpret_cast<const char*>(&v) + 16, 16);
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
    const auto mask = [](__m128i a, __m128i b) {
        return std::uint32_t(_mm_movemask_epi8(a)) | std::uint32_t(_mm_movemask_epi8(b)) << 16;
    };
    const std::uint32_t once = mask(_mm_cmpgt_epi8(lo, zero), _mm_cmpgt_epi8(hi, zero));
    const std::uint32_t twice = mask(_mm_cmpgt_epi8(lo, one), _mm_cmpgt_epi8(hi, one));
    return std::uint64_t(once & 0x3FFFFFFu) | std::uint64_t(twice & 0x3FFFFFFu) << 32;
#else
    std::uint64_t s = 0;
    for (int l = 0; l < letter_count; ++l) {
        if (v[l] >= 1) s |= std::uint64_t(1) << l;
        if (v[l] >= 2) s |= std::uint64_t(1) << (32 + l);
    }
    return s;
#endif
}

TileSet TileSet::english() {
    //                                   A  B  C  D  E   F  G  H  I  J  K  L  M  N  O  P  Q  R  S  T  U  V  W
    //                                   X  Y  Z  ?
    static constexpr std::uint8_t n[] = {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6,
                                         8, 2, 1, 6, 4,  6, 4, 2, 2, 1, 2, 1, 2};
    static constexpr std::uint8_t v[] = {1, 3, 3,  2, 1, 4, 2, 4, 1, 8, 5, 1,  3, 1,
                                         1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10, 0};
    TileSet t;
    for (int f = 0; f <= blank; ++f) t.count[f] = n[f], t.value[f] = v[f];
    return t;
}

int TileSet::tiles(bool with_blanks) const {
    int n = 0;
    for (int f = 0; f < letter_count; ++f) n += count[f];
    return n + (with_blanks ? count[blank] : 0);
}

Expected<void> check_tile_set(const TileSet& set) {
    for (int f = 0; f <= blank; ++f) {
        const std::string face(1, face_char(Letter(f)));
        if (set.count[f] > max_letter_tiles)
            return Failure{"tiles: " + face + " has " + std::to_string(set.count[f]) +
                           " tiles; a face has at most " + std::to_string(max_letter_tiles)};
        if (set.value[f] > max_tile_value)
            return Failure{"tiles: " + face + " is worth " + std::to_string(set.value[f]) +
                           "; a tile is worth 0 to " + std::to_string(max_tile_value)};
    }
    if (set.tiles(true) > max_tiles)
        return Failure{"tiles: " + std::to_string(set.tiles(true)) + " tiles in all; a bag holds at most " +
                       std::to_string(max_tiles)};
    if (set.tiles(false) == 0) return Failure{"tiles: the set has no letters"};
    return {};
}

std::string tile_set_text(const TileSet& set) {
    std::string out;
    for (int f = 0; f <= blank; ++f) {
        if (f > 0) out += ' ';
        out += face_char(Letter(f));
        out += std::to_string(set.count[f]) + ':' + std::to_string(set.value[f]);
    }
    return out;
}

std::string tile_set_changes(const TileSet& set) {
    const TileSet english = TileSet::english();
    std::string out = "english";
    for (int f = 0; f <= blank; ++f) {
        if (set.count[f] == english.count[f] && set.value[f] == english.value[f]) continue;
        out += ' ';
        out += face_char(Letter(f));
        out += std::to_string(set.count[f]);
        if (set.value[f] != english.value[f]) out += ':' + std::to_string(set.value[f]);
    }
    const std::string whole = tile_set_text(set);
    return out.size() <= whole.size() ? out : whole;
}

namespace {

// A number of at most three digits, or nullopt.
std::optional<int> small_number(std::string_view s) {
    int n = 0;
    if (s.empty() || s.size() > 3) return std::nullopt;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return n;
}

}  // namespace

Expected<TileSet> parse_tile_set(std::string_view text) {
    text = trim(text);
    if (text.size() > 1024) return Failure{"tiles: the text is too long (at most 1024 characters)"};
    TileSet set;
    std::size_t at = 0;
    bool first = true;
    while (at < text.size()) {
        const std::string_view token = next_piece(text, at, ' ');
        if (token.empty()) continue;
        if (first && lower(token) == "english") {
            set = TileSet::english();
            first = false;
            continue;
        }
        first = false;
        const auto face = token[0] == '?' ? std::optional<Letter>(blank) : letter_of(token[0]);
        const std::string shown = excerpt(token);
        if (!face)
            return Failure{"tiles: '" + shown +
                           "' does not start with a letter or '?' (write A9:1 for nine A worth 1)"};
        const std::string_view rest = token.substr(1);
        const std::size_t colon = rest.find(':');
        const auto count = small_number(rest.substr(0, colon));
        if (!count || *count > max_letter_tiles)
            return Failure{"tiles: '" + shown + "' needs a count from 0 to " +
                           std::to_string(max_letter_tiles) + " after the face (A9:1)"};
        set.count[*face] = std::uint8_t(*count);
        if (colon != std::string_view::npos) {
            const auto value = small_number(rest.substr(colon + 1));
            if (!value || *value > max_tile_value)
                return Failure{"tiles: '" + shown + "' needs a value from 0 to " +
                               std::to_string(max_tile_value) + " after the colon (A9:1)"};
            set.value[*face] = std::uint8_t(*value);
        }
    }
    if (first) return Failure{"tiles: empty; write english, or tokens like A9:1 B2:3 ?2:0"};
    if (auto ok = check_tile_set(set); !ok) return Failure{ok.why()};
    return set;
}

Bag shuffled_bag(const TileSet& set, bool with_blanks, std::uint64_t seed) {
    Bag bag;
    for (int f = 0; f <= blank; ++f)
        if (f < letter_count || with_blanks) bag.faces.insert(bag.faces.end(), set.count[f], Letter(f));
    std::uint64_t state = seed;
    for (std::size_t i = bag.faces.size(); i > 1; --i) {
        // (The modulo's bias is below 2^-56 for a bag's sizes.)
        const std::size_t j = std::size_t(splitmix64(state) % i);
        std::swap(bag.faces[i - 1], bag.faces[j]);
    }
    return bag;
}

std::string bag_text(const Bag& bag) {
    std::string out;
    out.reserve(bag.faces.size());
    for (Letter f : bag.faces) out += face_char(f);
    return out;
}

Expected<Bag> parse_bag(std::string_view text, const TileSet& set, bool with_blanks) {
    text = trim(text);
    if (text.size() > std::size_t(max_tiles))
        return Failure{"bag: longer than any bag (" + std::to_string(text.size()) + " tiles)"};
    Bag bag;
    std::array<int, 27> seen{};
    for (char c : text) {
        const auto face = c == '?' ? std::optional<Letter>(blank) : letter_of(c);
        if (!face)
            return Failure{"bag: '" + excerpt(std::string_view(&c, 1)) +
                           "' is not a tile (A-Z, or ? for a blank)"};
        bag.faces.push_back(*face);
        ++seen[*face];
    }
    for (int f = 0; f <= blank; ++f) {
        const int want = f < letter_count || with_blanks ? set.count[f] : 0;
        if (seen[f] != want)
            return Failure{"bag: " + std::to_string(seen[f]) + " " + face_char(Letter(f)) +
                           (f == blank ? " (blanks)" : "") + " where the tile set has " +
                           std::to_string(want)};
    }
    return bag;
}

}  // namespace gobblet::grabble
