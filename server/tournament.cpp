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
        by[p.account] = Standing{p.account, p.name, 0, 0, 0, 0, 0, p.withdrawn};
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
        switch (*p.outcome) {
            case PairingOutcome::A:
                a.half_points += 2;
                ++a.won;
                ++b.lost;
                break;
            case PairingOutcome::B:
                b.half_points += 2;
                ++b.won;
                ++a.lost;
                break;
            case PairingOutcome::Draw:
                ++a.half_points;
                ++b.half_points;
                ++a.drawn;
                ++b.drawn;
                break;
        }
    }
    std::vector<Standing> table;
    for (auto& [id, s] : by) table.push_back(s);
    std::stable_sort(table.begin(), table.end(), [](const Standing& x, const Standing& y) {
        if (x.half_points != y.half_points) return x.half_points > y.half_points;
        if (x.won != y.won) return x.won > y.won;
        return net::lobby::name_key(x.name) < net::lobby::name_key(y.name);
    });
    return table;
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

std::string spec_text(const Spec& s) {
    return net::lobby::format_text(s.format) + " " + std::to_string(s.max_players) + " " +
           net::lobby::terms_text(s.terms);
}

std::optional<Spec> parse_spec(std::string_view text) {
    // The lobby's own reader reads it, as a `create` line.
    const net::lobby::Parsed p = net::lobby::parse_message("create " + std::string(text));
    const auto* c = p.message ? std::get_if<net::lobby::Create>(&*p.message) : nullptr;
    if (!c) return std::nullopt;
    return Spec{c->format, c->max_players, c->terms};
}

int rounds_of(const Spec& s, int players) {
    if (s.format.swiss) return s.format.rounds;
    return players % 2 == 1 ? players : players - 1;
}

}  // namespace gobblet::server::tournament
