#include "games.h"

#include <algorithm>
#include <utility>

#include "server/secrets.h"

namespace gobblet::server {

namespace {

std::string digest_key(const Digest& d) { return std::string(d.begin(), d.end()); }

}  // namespace

Games::Games(Env& env, GameListener& listener, HostedGame::Limits limits)
    : env_(env), listener_(listener), limits_(limits) {}

HostedGame* Games::game(GameId id) {
    const auto it = games_.find(id);
    return it == games_.end() ? nullptr : it->second.get();
}

HostedGame* Games::find(std::string_view wire) {
    const auto id = game_id_of(wire);
    HostedGame* g = id ? game(*id) : nullptr;
    if (!g || g->over()) return nullptr;
    touch(g->id());  // (the caller may act on it)
    return g;
}

const HostedGame* Games::peek(GameId id) const {
    const auto it = games_.find(id);
    return it == games_.end() || it->second->over() ? nullptr : it->second.get();
}

std::vector<HostedGame*> Games::in_progress() {
    all_touched_ = true;  // (the caller may act on any)
    std::vector<HostedGame*> out;
    for (auto& [id, g] : games_)
        if (!g->over()) out.push_back(g.get());
    return out;
}

void Games::index(GameId game, int slot, const std::string& digest) {
    Codes& c = codes_[game];
    if (!c.digest[std::size_t(slot)].empty()) by_digest_.erase(c.digest[std::size_t(slot)]);
    c.digest[std::size_t(slot)] = digest;
    by_digest_[digest] = Seat{game, slot, {}};
}

int Games::restore(Millis now) {
    int n = 0;
    for (GameRecord& r : env_.store.games().games_in_progress()) {
        GameSetup setup{r.settings, r.rated, r.players, r.tournament};
        auto g = std::make_unique<HostedGame>(env_, listener_, r.id, setup, limits_, now);
        if (const Expected<void> restored = g->restore(r.facts, now); !restored) {
            env_.note(now, "game " + wire_id(r.id) + " cannot be rebuilt from its facts: " + restored.why() +
                               "; it is left as it is");
            continue;
        }
        if (const auto digests = env_.store.games().join_digests(r.id))
            for (int p : {0, 1}) index(r.id, p, digest_key((*digests)[std::size_t(p)]));
        games_.emplace(r.id, std::move(g));
        touch(r.id);
        ++n;
    }
    return n;
}

Games::Started Games::start(GameSetup setup, Millis now) {
    Started s;
    s.codes = {net::new_code(server_code_length), net::new_code(server_code_length)};
    const NewGame made = env_.store.games().create_game(setup.settings, setup.players, setup.rated,
                                                        env_.unix(now), setup.tournament, s.codes);
    auto g = std::make_unique<HostedGame>(env_, listener_, made.id, std::move(setup), limits_, now);
    s.game = g.get();
    games_.emplace(made.id, std::move(g));
    touch(made.id);
    for (int p : {0, 1}) {
        codes_[made.id].plain[std::size_t(p)] = s.codes[std::size_t(p)];
        index(made.id, p, digest_key(code_digest(s.codes[std::size_t(p)])));
    }
    return s;
}

std::string Games::code_for(HostedGame& g, int player) {
    Codes& c = codes_[g.id()];
    std::string& plain = c.plain[std::size_t(player)];
    if (plain.empty()) {
        // Only the digest survived a restart: a fresh code, which the store keeps in place of the old.
        plain = net::new_code(server_code_length);
        env_.store.games().set_join_code(g.id(), player, plain);
        index(g.id(), player, digest_key(code_digest(plain)));
    }
    return plain;
}

Expected<std::string, NoWatchCode> Games::watch_code(HostedGame& g, const std::string& name,
                                                     const std::string& source, bool per_source, Millis now) {
    Codes& c = codes_[g.id()];
    if (const auto it = c.watchers.find(name); it != c.watchers.end() && !lapsed(it->second, now)) {
        if (it->second.at_board == 0) it->second.since = now;  // asked again: a minute more
        return it->second.code;
    }
    // (A walk over the game's codes, at most 2 * max_spectators, only when one is made.)
    std::size_t from_source = 0;
    for (auto it = c.watchers.begin(); it != c.watchers.end();)
        if (lapsed(it->second, now)) {
            drop_watcher(c, it++);
        } else {
            from_source += it->second.source == source;
            ++it;
        }
    if (c.watchers.size() >= 2 * max_spectators) return Failure{NoWatchCode::GameFull};
    if (per_source && from_source >= watch_codes_per_source) return Failure{NoWatchCode::SourceFull};
    std::string code = net::new_code(server_code_length);
    by_digest_[digest_key(code_digest(code))] = Seat{g.id(), -1, name};
    c.watchers.emplace(name, Watcher{code, source, now, 0});
    return code;
}

void Games::drop_watcher(Codes& c, std::map<std::string, Watcher>::iterator it) {
    by_digest_.erase(digest_key(code_digest(it->second.code)));
    c.watchers.erase(it);
}

void Games::left_board(ConnId conn, Millis now) {
    const auto s = spectators_.find(conn);
    if (s == spectators_.end()) return;
    const auto g = conns_.find(conn);
    if (g != conns_.end())
        if (const auto c = codes_.find(g->second); c != codes_.end())
            if (const auto w = c->second.watchers.find(s->second); w != c->second.watchers.end()) {
                w->second.at_board = std::max(0, w->second.at_board - 1);
                w->second.since = now;
            }
    spectators_.erase(s);
}

void Games::forget(ConnId conn, Millis now) {
    left_board(conn, now);
    conns_.erase(conn);
}

Expected<void> Games::hello(ConnId conn, const net::Hello& h, const std::string& source, bool per_address,
                            Millis now) {
    switch (guesses_.allow(source, now)) {
        case net::GuessGuard::Verdict::Allowed: break;
        case net::GuessGuard::Verdict::ThisSource:
            return Failure{"too many wrong codes lately: wait a minute and try again"};
        case net::GuessGuard::Verdict::Everyone:
            return Failure{"too many wrong codes from many addresses lately: wait a minute and try again"};
    }
    // A digest found by a hash map: its timing says nothing about the code (the digest is one-way).
    const auto it = by_digest_.find(digest_key(code_digest(h.code)));
    HostedGame* g = it == by_digest_.end() ? nullptr : game(it->second.game);
    if (!g || g->over()) {
        guesses_.charge(source, now);
        return Failure{net::wrong_code_reason};
    }
    const int player = it->second.player;
    if (player < 0) {
        Codes& c = codes_[g->id()];
        const auto w = c.watchers.find(it->second.name);
        if (w == c.watchers.end()) return Failure{"wrong join code"};
        if (lapsed(w->second, now)) {
            // (A code given out, not a guess: nothing is charged.)
            drop_watcher(c, w);
            return Failure{"your code to watch game " + g->wire() +
                           " lapsed unused: ask the lobby to watch it again"};
        }
    }
    if (per_address && !hellos_.allow(source, now))
        return Failure{"too many game connections from your address lately: wait a moment and try again"};
    if (player >= 0) {
        net::GuessLimiter& back =
            rejoins_.try_emplace({g->id(), player}, rejoins_burst, rejoins_every).first->second;
        if (!back.allow(now))
            return Failure{"you reconnected to this game too often lately: wait " +
                           std::to_string(rejoins_every / 1000) + " s and try again"};
        back.wrong(now);  // (the bucket counts arrivals)
    }
    if (per_address) hellos_.spend(source, now);
    conns_[conn] = g->id();
    if (player < 0) {
        ++codes_[g->id()].watchers.at(it->second.name).at_board;
        spectators_[conn] = it->second.name;
    }
    touch(g->id());
    const std::string name = it->second.name;  // (join may drop codes through the lobby)
    g->join(conn, player, h.version, now, name);
    return {};
}

void Games::message(ConnId conn, const net::Message& m, Millis now) {
    const auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    touch(it->second);
    if (HostedGame* g = game(it->second)) g->message(conn, m, now);
}

void Games::gone(ConnId conn, Millis now) {
    left_board(conn, now);
    const auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    const GameId id = it->second;
    conns_.erase(it);
    touch(id);
    if (HostedGame* g = game(id)) g->gone(conn, now);
}

void Games::tick_one(GameId id, Millis now) {
    if (const auto d = due_.find(id); d != due_.end()) {
        schedule_.erase({d->second, id});
        due_.erase(d);
    }
    const auto it = games_.find(id);
    if (it == games_.end()) return;
    it->second->tick(now);
    if (it->second->done()) {
        for (const std::string& d : codes_[id].digest)
            if (!d.empty()) by_digest_.erase(d);
        for (const auto& [name, w] : codes_[id].watchers) by_digest_.erase(digest_key(code_digest(w.code)));
        codes_.erase(id);
        for (int p : {0, 1}) rejoins_.erase({id, p});
        games_.erase(it);
        return;
    }
    if (const Millis t = it->second->until_next(now); t >= 0) {
        due_[id] = now + t;
        schedule_.emplace(now + t, id);
    }
}

void Games::tick(Millis now) {
    std::vector<GameId> ids = std::exchange(touched_, {});
    if (std::exchange(all_touched_, false))
        for (const auto& [id, g] : games_) ids.push_back(id);
    for (auto it = schedule_.begin(); it != schedule_.end() && it->first <= now; ++it)
        ids.push_back(it->second);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    // (a game's tick may touch others, through the lobby: they are looked at on the next round)
    for (GameId id : ids) tick_one(id, now);
}

Millis Games::until_next(Millis now) const {
    if (!touched_.empty() || all_touched_) return 0;
    if (schedule_.empty()) return -1;
    return std::max<Millis>(0, schedule_.begin()->first - now);
}

void Games::close_all(std::string_view last) {
    for (auto& [id, g] : games_) g->close_all(last);
    conns_.clear();
    spectators_.clear();
}

}  // namespace gobblet::server
