#include "lobby_words.h"

#include "fields.h"

namespace gobblet::net::lobby {

const char* role_word(Role r) { return role_words[int(r)]; }
const char* how_word(How h) { return how_words[int(h)]; }
const char* refusal_word(Refusal r) { return refusal_words[int(r)]; }
const char* seek_end_word(SeekEnd e) { return seek_end_words[int(e)]; }
const char* verdict_word(Verdict o) { return verdict_words[int(o)]; }
const char* tournament_state_word(TournamentState s) { return state_words[int(s)]; }
const char* list_word(List l) { return list_words[int(l)]; }
const char* machine_kind_word(MachineKind k) { return machine_kind_words[int(k)]; }
const char* first_word(First f) { return first_words[int(f)]; }

std::optional<First> parse_first(std::string_view w) {
    for (std::size_t i = 0; i < std::size(first_words); ++i)
        if (w == first_words[i]) return First(i);
    return std::nullopt;
}

int variant_index(Variant v) { return (v.size == 3 ? 2 : 0) + (v.rules == Rules::Rogers ? 1 : 0); }

Variant variant_at(int index) {
    return Variant{index >= 2 ? 3 : 4, index % 2 == 1 ? Rules::Rogers : Rules::Official};
}

std::string format_text(const Format& f) {
    if (f.knockout) return "knockout";
    return f.swiss ? "swiss-" + std::to_string(f.rounds) : std::string("round-robin");
}

Expected<Format> parse_format(std::string_view word, int version) {
    try {
        if (word == format_words[0]) return Format{};
        if (word == format_words[2] && version >= format_since[2]) return Format{false, 0, true};
        if (word.starts_with("swiss-"))
            return Format{true, fields::small(word.substr(6), 1, max_swiss_rounds, "swiss rounds")};
        return Failure{"expected " + fields::listed(format_words, format_since, version) + ", not " +
                       fields::shown(word)};
    } catch (const fields::Bad& b) {
        return Failure{b.why};
    }
}

std::string rating_text(const std::optional<Rating>& r) {
    return r ? std::to_string(r->rating) + "/" + std::to_string(r->deviation) : std::string("-");
}

std::string change_field_text(const std::optional<RatingChange>& c) {
    return c ? std::to_string(c->before) + ">" + std::to_string(c->after) : std::string("-");
}

std::string points_text(int half_points) {
    return std::to_string(half_points / 2) + (half_points % 2 ? ".5" : "");
}

}  // namespace gobblet::net::lobby
