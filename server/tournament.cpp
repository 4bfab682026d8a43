#include "tournament.h"

#include <algorithm>
#include <map>

namespace gobblet::server::tournament {

std::vector<std::vector<Pair>> round_robin(const std::vector<AccountId>& players) {
    // The circle method: the first stays, the others turn one place a round; 0 stands for the bye.
    std::vector<AccountId> ring = players;
    if (ring.size() % 2 == 1) ring.push_back(0);
    const std::size_t n = ring.size();
    std::vector<std::vector<Pair>> rounds;
    std::map<AccountId, int> whites;  // so far: White goes to the one of the two who had it less
    for (std::size_t r = 0; r + 1 < n; ++r) {
        std::vector<Pair> round;
        for (std::size_t i = 0; i < n / 2; ++i) {
            AccountId a = ring[i], b = ring[n - 1 - i];
            if (a == 0 || b == 0) {
                round.push_back(Pair{a == 0 ? b : a, std::nullopt});
                continue;
            }
            if (whites[a] > whites[b] || (whites[a] == whites[b] && (r + i) % 2 == 1)) std::swap(a, b);
            ++whites[a];
            round.push_back(Pair{a, b});
        }
        rounds.push_back(std::move(round));
        std::rotate(ring.begin() + 1, ring.end() - 1, ring.end());
    }
    return rounds;
}

std::vector<Standing> standings(const TournamentRecord& t) {
    std::map<AccountId, Standing> by;
    for (const TournamentPlayer& p : t.players)
        by[p.account] = Standing{p.account, p.name, 0, 0, 0, 0, 0, 0, 0, p.withdrawn, 0};
    // Half points each player took from each other player, for the head-to-head tie-break.
    std::map<std::pair<AccountId, AccountId>, int> against;
    for (const Pairing& p : t.pairings) {
        if (!p.outcome) continue;
        Standing& a = by[p.a];
        if (!p.b) {
            a.half_points += 2;  // a bye: a point, no match
            continue;
        }
        Standing& b = by[*p.b];
        ++a.played;
        ++b.played;
        if (p.score) {
            a.rounds_won += (*p.score)[0];
            a.rounds_lost += (*p.score)[1];
            b.rounds_won += (*p.score)[1];
            b.rounds_lost += (*p.score)[0];
        }
        int ha = 0;
        switch (*p.outcome) {
            case PairingOutcome::A:
                ha = 2;
                ++a.won;
                ++b.lost;
                break;
            case PairingOutcome::B:
                ++b.won;
                ++a.lost;
                break;
            case PairingOutcome::Draw:
                ha = 1;
                ++a.drawn;
                ++b.drawn;
                break;
        }
        a.half_points += ha;
        b.half_points += 2 - ha;
        against[{p.a, *p.b}] += ha;
        against[{*p.b, p.a}] += 2 - ha;
    }
    std::vector<Standing> table;
    for (auto& [id, s] : by) table.push_back(s);
    std::sort(table.begin(), table.end(),
              [](const Standing& x, const Standing& y) { return x.half_points > y.half_points; });
    // Within each group of equal points: the points taken from the others of the group first.
    for (std::size_t from = 0; from < table.size();) {
        std::size_t to = from;
        while (to < table.size() && table[to].half_points == table[from].half_points) ++to;
        std::map<AccountId, int> mini;
        for (std::size_t i = from; i < to; ++i)
            for (std::size_t j = from; j < to; ++j)
                if (i != j)
                    if (const auto it = against.find({table[i].account, table[j].account});
                        it != against.end())
                        mini[table[i].account] += it->second;
        for (std::size_t i = from; i < to; ++i) table[i].head_to_head = mini[table[i].account];
        std::sort(table.begin() + std::ptrdiff_t(from), table.begin() + std::ptrdiff_t(to),
                  [&](const Standing& x, const Standing& y) {
                      if (mini[x.account] != mini[y.account]) return mini[x.account] > mini[y.account];
                      if (x.rounds_won != y.rounds_won) return x.rounds_won > y.rounds_won;
                      if (x.rounds_lost != y.rounds_lost) return x.rounds_lost < y.rounds_lost;
                      return server::name_key(x.name) < server::name_key(y.name);  // by case-blind name
                  });
        from = to;
    }
    return table;
}

std::vector<Standing> table(const TournamentRecord& t) {
    std::vector<Standing> out;
    for (Standing& s : standings(t))
        if (!s.withdrawn || (t.state != TournamentState::Open && s.played > 0)) out.push_back(std::move(s));
    return out;
}

std::vector<Pair> swiss_round(const TournamentRecord& t, int round) {
    std::set<std::pair<AccountId, AccountId>> met;
    std::set<AccountId> had_bye;
    for (const Pairing& p : t.pairings) {
        if (!p.b) {
            had_bye.insert(p.a);
            continue;
        }
        met.insert({p.a, *p.b});
        met.insert({*p.b, p.a});
    }
    std::vector<AccountId> order;
    for (const Standing& s : standings(t))
        if (!s.withdrawn) order.push_back(s.account);
    std::vector<Pair> out;
    if (order.size() % 2 == 1) {
        // The lowest player without a bye yet sits out (everyone has had one: the lowest).
        auto it =
            std::find_if(order.rbegin(), order.rend(), [&](AccountId a) { return !had_bye.contains(a); });
        const AccountId bye = it == order.rend() ? order.back() : *it;
        order.erase(std::find(order.begin(), order.end(), bye));
        out.push_back(Pair{bye, std::nullopt});
    }
    std::vector<bool> taken(order.size(), false);
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (taken[i]) continue;
        taken[i] = true;
        std::size_t pick = order.size();
        for (std::size_t j = i + 1; j < order.size(); ++j)
            if (!taken[j] && !met.contains({order[i], order[j]})) {
                pick = j;
                break;
            }
        if (pick == order.size())
            for (std::size_t j = i + 1; j < order.size(); ++j)
                if (!taken[j]) {
                    pick = j;
                    break;
                }
        if (pick == order.size()) break;
        taken[pick] = true;
        Pair p{order[i], order[pick]};
        if (round % 2 == 0) std::swap(p.a, *p.b);  // colours alternate by round
        out.push_back(p);
    }
    return out;
}

std::vector<AccountId> seeding(std::vector<Entrant> entrants) {
    // (Two players who enter within a second were told apart by their accounts' ages before, which is
    // the order in which they first logged in: a race, not a rule.)
    std::sort(entrants.begin(), entrants.end(), [](const Entrant& x, const Entrant& y) {
        if (x.rating != y.rating) return x.rating > y.rating;
        const std::string kx = net::lobby::name_key(x.name), ky = net::lobby::name_key(y.name);
        return kx != ky ? kx < ky : x.account < y.account;
    });
    std::vector<AccountId> out;
    for (const Entrant& e : entrants) out.push_back(e.account);
    return out;
}

std::vector<AccountId> knockout_alive(const TournamentRecord& t) {
    std::map<AccountId, int> seed;
    for (const TournamentPlayer& p : t.players)
        if (p.seed && !p.withdrawn) seed[p.account] = *p.seed;
    for (const Pairing& p : t.pairings) {
        if (!p.outcome || !p.b) continue;
        const int sa = seed.contains(p.a) ? seed[p.a] : 1 << 30,
                  sb = seed.contains(*p.b) ? seed[*p.b] : 1 << 30;
        switch (*p.outcome) {
            case PairingOutcome::A: seed.erase(*p.b); break;
            case PairingOutcome::B: seed.erase(p.a); break;
            case PairingOutcome::Draw: seed.erase(sa <= sb ? *p.b : p.a); break;  // the better seed goes on
        }
    }
    std::vector<std::pair<int, AccountId>> alive;
    for (const auto& [a, s] : seed) alive.emplace_back(s, a);
    std::sort(alive.begin(), alive.end());
    std::vector<AccountId> out;
    for (const auto& [s, a] : alive) out.push_back(a);
    return out;
}

std::vector<Pair> knockout_round(const TournamentRecord& t) {
    std::vector<AccountId> alive = knockout_alive(t);
    std::vector<Pair> out;
    if (alive.size() < 2) return out;
    if (alive.size() % 2 == 1) {
        std::set<AccountId> had_bye;
        for (const Pairing& p : t.pairings)
            if (!p.b) had_bye.insert(p.a);
        auto it = std::find_if(alive.begin(), alive.end(), [&](AccountId a) { return !had_bye.contains(a); });
        if (it == alive.end()) it = alive.begin();
        out.push_back(Pair{*it, std::nullopt});
        alive.erase(it);
    }
    for (std::size_t i = 0; i < alive.size() / 2; ++i)
        out.push_back(Pair{alive[i], alive[alive.size() - 1 - i]});
    return out;
}

std::optional<AccountId> winner(const TournamentRecord& t, const Spec& spec) {
    if (spec.format.knockout) {
        const auto alive = knockout_alive(t);
        if (alive.size() == 1) return alive.front();
    }
    const auto table = standings(t);
    if (table.empty()) return std::nullopt;
    return table.front().account;
}

bool draw_swaps(std::uint64_t seed, int round, AccountId a, AccountId b) {
    // splitmix64 over the seed and the pairing: the same inputs, the same draw.
    std::uint64_t z = seed ^ (std::uint64_t(round) * 0x9E3779B97F4A7C15ULL) ^
                      (std::uint64_t(std::min(a, b)) << 20) ^ (std::uint64_t(std::max(a, b)) << 40);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    // The bit says whether the smaller account plays White, so the draw does not depend on a/b's order.
    const bool smaller_white = (z & 1) != 0;
    return smaller_white != (a < b);
}

AccountId round_one_white(const TournamentRecord& t, net::lobby::First first, int round, AccountId a,
                          AccountId b) {
    for (const StarterChoice& c : t.starters)
        if ((c.starter == a && c.other == b) || (c.starter == b && c.other == a)) return c.starter;
    return first == net::lobby::First::Draw && draw_swaps(t.seed, round, a, b) ? b : a;
}

Expected<StarterChoice> starter_choice(const TournamentRecord& t, std::string_view name,
                                       std::string_view opponent) {
    const auto player = [&](std::string_view n) -> const TournamentPlayer* {
        for (const TournamentPlayer& p : t.players)
            if (net::lobby::name_key(p.name) == net::lobby::name_key(n)) return &p;
        return nullptr;
    };
    if (t.state == TournamentState::Over) return Failure{"tournament " + t.name + " is over"};
    const TournamentPlayer *s = player(name), *o = player(opponent);
    for (const auto& [p, n] : {std::pair{s, name}, std::pair{o, opponent}}) {
        if (!p) return Failure{std::string(n) + " is not a player of tournament " + t.name};
        if (p->withdrawn) return Failure{p->name + " has left tournament " + t.name};
    }
    if (s == o) return Failure{"a match is between two players: name the starter's opponent too"};
    for (const Pairing& p : t.pairings)
        if (p.b && p.game &&
            ((p.a == s->account && *p.b == o->account) || (p.a == o->account && *p.b == s->account)))
            return Failure{"the match between " + s->name + " and " + o->name +
                           " has started: the loser of each round chooses who starts the next"};
    return StarterChoice{s->account, o->account};
}

Expected<int> may_start(const TournamentRecord& t) {
    if (t.state != TournamentState::Open) return Failure{"it has started already"};
    const int players = int(std::count_if(t.players.begin(), t.players.end(),
                                          [](const TournamentPlayer& p) { return !p.withdrawn; }));
    if (players < 2)
        return Failure{"a tournament needs two players at least (" + std::to_string(players) +
                       " so far): wait for more to join"};
    return players;
}

std::string spec_text(const Spec& s) {
    static_assert(spec_format == 1, "spec_text writes format 1");
    const std::string format = s.format.knockout ? spec_format_words_1[2]
                               : s.format.swiss  ? spec_format_words_1[1] + std::to_string(s.format.rounds)
                                                 : spec_format_words_1[0];
    return format + " " + std::to_string(s.max_players) + " " + spec_first_words_1[std::size_t(s.first)] +
           " " + net::lobby::terms_text(s.terms);
}

namespace {

// The next word of `text` (up to a space), taken off it.
std::string_view take_word(std::string_view& text) {
    const std::size_t space = std::min(text.find(' '), text.size());
    const std::string_view w = text.substr(0, space);
    text.remove_prefix(std::min(space + 1, text.size()));
    return w;
}

// A decimal of one to three digits in [lo, hi].
std::optional<int> stored_number(std::string_view w, int lo, int hi) {
    if (w.empty() || w.size() > 3 || (w.size() > 1 && w[0] == '0')) return std::nullopt;
    int n = 0;
    for (char c : w) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    if (n < lo || n > hi) return std::nullopt;
    return n;
}

Expected<Spec> parse_spec_1(std::string_view text) {
    Spec s;
    const std::string_view format = take_word(text);
    if (format == spec_format_words_1[0]) {
        s.format = net::lobby::Format{};
    } else if (format == spec_format_words_1[2]) {
        s.format = net::lobby::Format{false, 0, true};
    } else if (format.starts_with(spec_format_words_1[1])) {
        const auto rounds = stored_number(format.substr(std::string_view(spec_format_words_1[1]).size()), 1,
                                          net::lobby::max_swiss_rounds);
        if (!rounds) return Failure{"not a Swiss tournament's rounds: " + clean_text(format, 16)};
        s.format = net::lobby::Format{true, *rounds};
    } else {
        return Failure{"not a tournament's format: " + clean_text(format, 16)};
    }
    const auto most = stored_number(take_word(text), 2, net::lobby::max_tournament_players);
    if (!most) return Failure{"no number of players"};
    s.max_players = *most;
    // Who starts; none in the rows stored before the lobby's version 2 (the schedule, and no knockout).
    bool first = false;
    for (std::size_t i = 0; i < std::size(spec_first_words_1); ++i)
        if (text.substr(0, std::min(text.find(' '), text.size())) == spec_first_words_1[i]) {
            take_word(text);
            s.first = net::lobby::First(i);
            first = true;
        }
    if (!first && s.format.knockout) return Failure{"a knockout without who starts"};
    const Expected<net::lobby::Terms> terms = net::lobby::parse_terms(text);
    if (!terms) return Failure{terms.why()};
    s.terms = *terms;
    return s;
}

}  // namespace

Expected<Spec> parse_spec(std::string_view text, int format) {
    if (format == 1) return parse_spec_1(text);
    return Failure{"terms in format " + std::to_string(format) + ", which this gobblet does not know"};
}

int rounds_of(const Spec& s, int players) {
    if (s.format.swiss) return s.format.rounds;
    if (s.format.knockout) {
        int rounds = 0;
        for (int left = players; left > 1; left = (left + 1) / 2) ++rounds;
        return rounds;
    }
    return players % 2 == 1 ? players : players - 1;
}

}  // namespace gobblet::server::tournament
