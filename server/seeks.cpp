#include "seeks.h"

#include <algorithm>

#include "net/code.h"

namespace gobblet::server {

namespace {

using lobby::Refusal;

}  // namespace

std::optional<lobby::Rating> Seeks::rating_in(const std::string& key, Variant v) {
    const LobbyPlayer* on = room_.online_player(key);
    if (!on) return std::nullopt;
    const LobbyPlayer& p = *on;
    // A registered player before a rated game has the newcomer's rating, uncertain; a guest none.
    if (const auto& r = p.ratings[std::size_t(lobby::variant_index(v))]) return r;
    if (p.account) return lobby::Rating{1500, 350};
    return std::nullopt;
}

lobby::SeekItem Seeks::item(const Seek& s) {
    const auto name_of = [&](const std::string& key) {
        const LobbyPlayer* on = room_.online_player(key);
        return on ? on->name : key;
    };
    return lobby::SeekItem{s.id,
                           name_of(s.from),
                           rating_in(s.from, s.terms.settings.variant),
                           s.to.empty() ? "" : name_of(s.to),
                           s.terms,
                           s.audience,
                           s.colour};
}

Expected<lobby::Id, Denial> Seeks::take_id(const std::string& key) {
    if (made_by(key) >= max_seeks_per_player)
        return deny(Refusal::Limit, "at most " + std::to_string(max_seeks_per_player) +
                                        " seeks and challenges of yours at once");
    const lobby::Id id = seeks_.size() < lobby::max_table ? new_id() : 0;
    if (id == 0) return deny(Refusal::Busy, "too many seeks: try later");
    return id;
}

lobby::Id Seeks::new_id() {
    // At most one try for each id in use, and then one that is free (the table holds at most max_table).
    const lobby::Id last = std::clamp<lobby::Id>(max_id_, 1, lobby::max_id);
    for (std::size_t tries = 0; tries <= seeks_.size(); ++tries) {
        if (next_ < 1 || next_ > last) next_ = 1;
        const lobby::Id id = next_++;
        if (!seeks_.contains(id)) return id;
    }
    return 0;
}

void Seeks::add(const Seek& s) {
    seeks_[s.id] = s;
    seeks_of_[s.from].push_back(s.id);
    if (!s.to.empty()) {
        seeks_of_[s.to].push_back(s.id);
        expiring_.emplace(s.expires, s.id);
    }
}

int Seeks::made_by(const std::string& key) const {
    const auto it = seeks_of_.find(key);
    if (it == seeks_of_.end()) return 0;
    return int(std::count_if(it->second.begin(), it->second.end(),
                             [&](lobby::Id id) { return seeks_.at(id).from == key; }));
}

void Seeks::drop(lobby::Id id, lobby::SeekEnd why) {
    const auto it = seeks_.find(id);
    if (it == seeks_.end()) return;
    const Seek s = it->second;
    seeks_.erase(it);
    for (const std::string& key : {s.from, s.to}) unindex(seeks_of_, key, id);
    if (!s.to.empty()) expiring_.erase({s.expires, id});
    const lobby::Unseek line{id, why};
    if (s.to.empty()) return room_.to_all(line);
    room_.to_player(s.from, line);
    room_.to_player(s.to, line);
}

void Seeks::drop_of(const std::string& key, lobby::SeekEnd why) {
    const auto it = seeks_of_.find(key);
    if (it == seeks_of_.end()) return;
    for (lobby::Id id : std::vector<lobby::Id>(it->second)) drop(id, why);  // (it shrinks meanwhile)
}

Reply Seeks::end(ConnId conn, lobby::Id id, std::string Seek::*whose, const std::string& key, Millis now,
                 lobby::SeekEnd why, const std::string& none) {
    if (Reply may = room_.may_change(conn, Change::Seeks, now); !may) return may;
    const auto it = seeks_.find(id);
    if (it == seeks_.end() || it->second.*whose != key) return deny(Refusal::NotFound, none);
    drop(id, why);
    return {};
}

Reply Seeks::post(ConnId conn, const LobbyPlayer& p, const lobby::Post& m, Millis now) {
    if (Reply may = room_.may_change(conn, Change::Seeks, now); !may) return may;
    if (const Expected<void> ok = lobby::may_play(m.terms, p.role); !ok)
        return deny(Refusal::BadTerms, ok.why());
    if (room_.playing(p.key)) return deny(Refusal::Busy, "you are playing a match");
    const auto id = take_id(p.key);
    if (!id) return Failure{id.why()};
    Seek s{*id, p.key, "", m.terms, 0, m.audience, std::nullopt};
    add(s);
    env_.note(now, "lobby: " + p.name + " seeks " + lobby::seek_terms_text(m.terms, m.audience) + " (seek " +
                       std::to_string(s.id) + ")");
    room_.to_all(item(s));
    return {};
}

Reply Seeks::challenge(ConnId conn, const LobbyPlayer& p, const lobby::Challenge& m, Millis now) {
    if (Reply may = room_.may_change(conn, Change::Seeks, now); !may) return may;
    const std::string to = lobby::name_key(m.name);
    if (const Expected<void> ok = lobby::may_challenge(p.name, m.name); !ok)
        return deny(Refusal::NotAllowed, ok.why());
    const LobbyPlayer* on = room_.online_player(to);
    if (!on) return deny(Refusal::NotFound, m.name + " is not in the lobby");
    const LobbyPlayer& them = *on;
    if (const Expected<void> ok = lobby::may_play(m.terms, p.role, them.role); !ok)
        return deny(Refusal::BadTerms, ok.why());
    if (room_.playing(p.key)) return deny(Refusal::Busy, "you are playing a match");
    if (room_.playing(to)) return deny(Refusal::Busy, them.name + " is playing a match");
    if (m.terms.rated)
        if (Reply may = room_.may_rate(p.key, to); !may) return may;
    if (Reply may = may_ask(p.key, to, them.name, now); !may) return may;
    const auto id = take_id(p.key);
    if (!id) return Failure{id.why()};
    Seek s{*id, p.key, to, m.terms, now + lobby::challenge_expiry, {}, std::nullopt};
    add(s);
    env_.note(now, "lobby: " + p.name + " challenges " + them.name + " to " + lobby::terms_text(m.terms));
    const lobby::SeekItem line = item(s);
    room_.send(conn, line);
    room_.to_player(to, line);
    return {};
}

Reply Seeks::accept(ConnId, const LobbyPlayer& p, const lobby::Accept& m, Millis now) {
    const auto it = seeks_.find(m.id);
    if (it == seeks_.end() || (!it->second.to.empty() && it->second.to != p.key))
        return deny(Refusal::NotFound, "no seek " + std::to_string(m.id) + " (it may have gone)");
    const Seek s = it->second;
    if (s.from == p.key) return deny(Refusal::NotAllowed, "that seek is yours");
    if (const Expected<void> ok = lobby::may_play(s.terms, p.role); !ok)
        return deny(Refusal::BadTerms, ok.why());
    // An open seek is for whom it says (people, unless computers are welcome; a rating range); a
    // challenge names its player.
    if (s.to.empty())
        if (const Expected<void> ok = lobby::admits(
                s.audience, p.role, p.ratings[std::size_t(lobby::variant_index(s.terms.settings.variant))]);
            !ok)
            return deny(Refusal::NotAllowed, ok.why());
    if (room_.playing(p.key)) return deny(Refusal::Busy, "you are playing a match");
    const LobbyPlayer* on = room_.online_player(s.from);
    if (!on) return deny(Refusal::NotFound, "the seeker has left");
    if (s.terms.rated)
        if (Reply may = room_.may_rate(s.from, p.key); !may) return may;
    if (games_.size() >= lobby::max_table)
        return deny(Refusal::Busy, "the server hosts as many games as it can: try later");
    const LobbyPlayer& seeker = *on;
    // The colours at random (a kernel random bit), or as the seek says (a rematch).
    const bool swap =
        s.colour ? *s.colour == Color::Black : (static_cast<unsigned char>(net::random_bytes(1)[0]) & 1) != 0;
    std::array<GamePlayer, 2> players = {seat_of(seeker), seat_of(p)};
    if (swap) std::swap(players[0], players[1]);
    drop(s.id, lobby::SeekEnd::Taken);
    room_.start_match(players, s.terms, std::nullopt, 0, now);
    return {};
}

Reply Seeks::rematch(ConnId conn, const LobbyPlayer& p, const lobby::Rematch& m, Millis now) {
    // A rematch offered is a challenge posted.
    if (Reply may = room_.may_change(conn, Change::Seeks, now); !may) return may;
    const auto id = game_id_of(m.game);
    const auto g = id ? env_.store.games().game_record(*id) : std::nullopt;
    int seat = -1;
    if (g)
        for (int i : {0, 1})
            if (g->players[std::size_t(i)] == seat_of(p) && room_.holds(p, g->id, i)) seat = i;
    if (seat < 0) return deny(Refusal::NotFound, "no match " + m.game + " of yours");
    if (g->status != GameStatus::Over)
        return deny(Refusal::NotAllowed, "the match is still on: a rematch comes after it");
    if (g->tournament) return deny(Refusal::NotAllowed, "a tournament's match has no rematch");
    const GamePlayer& them = g->players[std::size_t(1 - seat)];
    const std::string to = key_of(them);
    // (A guest opponent: the very login that played it, not another guest given the name since.)
    if (const LobbyPlayer* on = room_.online_player(to); !on || !room_.holds(*on, g->id, 1 - seat))
        return deny(Refusal::NotFound, them.name + " has left the lobby");
    if (room_.playing(p.key)) return deny(Refusal::Busy, "you are playing a match");
    if (room_.playing(to)) return deny(Refusal::Busy, them.name + " is playing a match");
    if (g->rated)
        if (Reply may = room_.may_rate(p.key, to); !may) return may;
    const lobby::Terms terms{g->settings, g->rated};
    // Colours swapped: whoever played White in round 1 plays Black now.
    const Color mine = seat == 0 ? Color::Black : Color::White;
    // The opponent asked first: both want it, so it starts. Asked again: it stands already.
    if (const auto theirs = seeks_of_.find(to); theirs != seeks_of_.end())
        for (const lobby::Id sid : theirs->second) {
            const Seek& s = seeks_.at(sid);
            if (s.from == to && s.to == p.key && s.terms == terms && s.colour == ~mine)
                return accept(conn, p, lobby::Accept{sid}, now);
            if (s.from == p.key && s.to == to && s.terms == terms && s.colour == mine) {
                room_.send(conn, item(s));
                return {};
            }
        }
    if (Reply may = may_ask(p.key, to, them.name, now); !may) return may;
    const auto seek = take_id(p.key);
    if (!seek) return Failure{seek.why()};
    Seek s{*seek, p.key, to, terms, now + lobby::challenge_expiry, {}, mine};
    add(s);
    env_.note(now, "lobby: " + p.name + " offers " + them.name + " a rematch of game " + m.game);
    const lobby::SeekItem line = item(s);
    room_.send(conn, line);
    room_.to_player(to, line);
    return {};
}

Reply Seeks::may_ask(const std::string& from, const std::string& to, const std::string& name, Millis now) {
    if (refuses(to, from)) return deny(Refusal::NotAllowed, name + " does not take challenges from you");
    if (const auto mine = seeks_of_.find(from); mine != seeks_of_.end())
        for (const lobby::Id id : mine->second)
            if (seeks_.at(id).from == from && seeks_.at(id).to == to)
                return deny(Refusal::Limit,
                            "your challenge to " + name + " waits for an answer (a minute at most)");
    if (!asks_.allow(from + " " + to, now))
        return deny(Refusal::SlowDown, name + " did not take " + std::to_string(challenges_burst) +
                                           " of your challenges lately: wait " +
                                           std::to_string(challenges_every / 60'000) +
                                           " minutes before asking again");
    return {};
}

void Seeks::unanswered(const Seek& s, Millis now) { asks_.spend(s.from + " " + s.to, now); }

Reply Seeks::noplay(ConnId conn, const LobbyPlayer& p, const lobby::NoPlay& m, Millis now) {
    const std::string them = lobby::name_key(m.name);
    if (them == p.key) return deny(Refusal::NotAllowed, "your own challenges never reach you");
    std::set<std::string>& refused = noplay_[p.key];
    std::string text;
    if (m.on) {
        if (!refused.contains(them) && refused.size() >= max_noplay) {
            if (refused.empty()) noplay_.erase(p.key);
            return deny(Refusal::Limit, "you refuse the challenges of " + std::to_string(max_noplay) +
                                            " players already: take some back first");
        }
        const bool already = !refused.insert(them).second;
        // Their challenges waiting for the player go at once.
        if (const auto mine = seeks_of_.find(p.key); mine != seeks_of_.end())
            for (const lobby::Id id : std::vector<lobby::Id>(mine->second))
                if (seeks_.at(id).from == them && seeks_.at(id).to == p.key)
                    drop(id, lobby::SeekEnd::Declined);
        text = already ? m.name + "'s challenges and tells were refused already"
                       : m.name + "'s challenges and tells to you are refused now";
        if (!already) env_.note(now, "lobby: " + p.name + " refuses the challenges of " + m.name);
    } else {
        const bool was = refused.erase(them) > 0;
        text = was ? m.name + "'s challenges and tells reach you again"
                   : m.name + "'s challenges and tells were not refused";
        if (was) env_.note(now, "lobby: " + p.name + " takes the challenges of " + m.name + " again");
    }
    if (refused.empty()) noplay_.erase(p.key);
    room_.send(conn, lobby::Ok{lobby::verb_of<lobby::NoPlay>, text});
    return {};
}

Reply Seeks::decline(ConnId conn, const LobbyPlayer& p, const lobby::Decline& m, Millis now) {
    const auto it = seeks_.find(m.id);
    const std::optional<Seek> s = it == seeks_.end() ? std::nullopt : std::optional<Seek>(it->second);
    Reply done = end(conn, m.id, &Seek::to, p.key, now, lobby::SeekEnd::Declined,
                     "no challenge " + std::to_string(m.id) + " to you");
    // (The challenger hears `unseek ID declined`, and their screen says who declined.)
    if (done) {
        unanswered(*s, now);
        const LobbyPlayer* from = room_.online_player(s->from);
        env_.note(now, "lobby: " + p.name + " declines " + (from ? from->name : s->from) + "'s " +
                           (s->colour ? "rematch" : "challenge") + " (challenge " + std::to_string(m.id) +
                           ")");
    }
    return done;
}

Reply Seeks::withdraw(ConnId conn, const LobbyPlayer& p, const lobby::Withdraw& m, Millis now) {
    return end(conn, m.id, &Seek::from, p.key, now, lobby::SeekEnd::Withdrawn,
               "no seek or challenge " + std::to_string(m.id) + " of yours");
}

void Seeks::greet(ConnId conn, const std::string& key) {
    std::vector<lobby::Id> ids;
    for (const auto& [id, s] : seeks_)
        if (s.to.empty()) ids.push_back(id);
    if (const auto mine = seeks_of_.find(key); mine != seeks_of_.end())
        for (lobby::Id id : mine->second)
            if (!seeks_.at(id).to.empty()) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    for (lobby::Id id : ids) room_.send(conn, item(seeks_.at(id)));
    room_.send(conn, lobby::End{lobby::List::Seeks});
}

void Seeks::tick(Millis now) {
    while (!expiring_.empty() && now >= expiring_.begin()->first) {
        const lobby::Id id = expiring_.begin()->second;
        unanswered(seeks_.at(id), now);
        drop(id, lobby::SeekEnd::Expired);
    }
}

Millis Seeks::until_next(Millis now) const {
    if (expiring_.empty()) return -1;
    return std::max<Millis>(0, expiring_.begin()->first - now);
}

}  // namespace gobblet::server
