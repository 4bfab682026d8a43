#include "director.h"

#include <algorithm>

#include "net/code.h"

namespace gobblet::server {

namespace {

using lobby::Refusal;

lobby::TournamentState state_of(TournamentState s) {
    switch (s) {
        case TournamentState::Open: return lobby::TournamentState::Open;
        case TournamentState::Running: return lobby::TournamentState::Playing;
        case TournamentState::Over: return lobby::TournamentState::Over;
    }
    return lobby::TournamentState::Open;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// Telling the lobby.

void Director::announce(const Tourney& t) {
    const lobby::TournamentItem i = item(t);
    const std::string now_line = lobby::format_message(i);
    const std::string old_line = old_clients_see(t) ? lobby::format_message(i, 1) : std::string();
    room_.each_online([&](ConnId conn, int version) {
        if (version >= 2)
            env_.out.send(conn, now_line);
        else if (!old_line.empty())
            env_.out.send(conn, old_line);
    });
}

void Director::announce_closed(const Tourney& t) {
    const std::string line = lobby::format_message(lobby::Closed{t.id});
    room_.each_online([&](ConnId conn, int version) {
        if (version >= 2 || old_clients_see(t)) env_.out.send(conn, line);
    });
}

void Director::announce_table(const Tourney& t) {
    std::vector<std::string> lines;  // the Outbox takes one line a call
    for (const lobby::StandingItem& s : table_of(t.id)) lines.push_back(lobby::format_message(s));
    room_.each_online([&](ConnId conn, int version) {
        if (version >= 2)
            for (const std::string& line : lines) env_.out.send(conn, line);
    });
}

void Director::greet(ConnId conn, int version) {
    for (const auto& [id, t] : tourneys_)
        if (version >= 2 || old_clients_see(t)) room_.send(conn, item(t));
    room_.send(conn, lobby::End{lobby::List::Tournaments});
    if (version >= 2)
        for (const auto& [id, t] : tourneys_)
            if (t.state != lobby::TournamentState::Open)
                for (const lobby::StandingItem& s : table_of(id)) room_.send(conn, s);
}

void Director::game_over(const HostedGame& g, Millis now) {
    const auto tid = g.setup().tournament;
    if (!tid) return;
    if (g.end()->outcome == GameOutcome::Aborted)
        // A tournament's match nobody finished: half a point each.
        if (const auto rec = env_.store.tournaments().tournament(*tid))
            for (const Pairing& pr : rec->pairings)
                if (pr.game == g.id() && !pr.outcome)
                    env_.store.tournaments().set_pairing_outcome(pr.id, PairingOutcome::Draw);
    const auto it = tourneys_.find(*tid);
    if (it != tourneys_.end()) advance(it->second, now);
}

// ---------------------------------------------------------------------------------------------------
// The tournaments.

std::optional<Director::Tourney> Director::tourney_of(const TournamentRecord& r, Millis now) {
    const auto spec = tournament::parse_spec(r.terms, r.terms_format);
    const auto organizer = env_.store.accounts().account(r.created_by);
    if (!spec || !organizer || !lobby::valid_tournament_name(r.name)) {
        env_.note(now, "tournament " + std::to_string(r.id) + " cannot be read back" +
                           (spec ? std::string() : " (" + spec.why() + ")") + ": left as it is");
        return std::nullopt;
    }
    Tourney t;
    t.id = r.id;
    t.name = r.name;
    t.spec = *spec;
    t.organizer = r.by_operator ? std::string() : organizer->name;
    t.organizer_account = organizer->id;
    t.seed = r.seed;
    t.state = state_of(r.state);
    return t;
}

void Director::restore(Millis now) {
    data_version_ = env_.store.data_version();
    for (TournamentState st : {TournamentState::Open, TournamentState::Running})
        for (const TournamentRecord& r : env_.store.tournaments().tournaments(st)) {
            const auto t = tourney_of(r, now);
            if (!t) continue;
            tourneys_[r.id] = *t;
            if (st == TournamentState::Running) begin(tourneys_[r.id], now);
        }
}

void Director::sync(Millis now) {
    for (TournamentState st : {TournamentState::Open, TournamentState::Running})
        for (const TournamentRecord& r : env_.store.tournaments().tournaments(st)) {
            auto it = tourneys_.find(r.id);
            if (it == tourneys_.end()) {
                const auto t = tourney_of(r, now);
                if (!t) continue;
                Tourney& added = tourneys_[r.id] = *t;
                env_.note(now, "tournament " + std::to_string(r.id) + " (" + r.name +
                                   ") was made outside the server: " + tournament::spec_text(added.spec));
                announce(added);
                if (st == TournamentState::Running) begin(added, now);
                continue;
            }
            if (st == TournamentState::Running && it->second.state == lobby::TournamentState::Open) {
                env_.note(now, "tournament " + std::to_string(r.id) + " (" + r.name +
                                   ") was started outside the server");
                it->second.state = lobby::TournamentState::Playing;
                begin(it->second, now);
            }
        }
}

lobby::TournamentItem Director::item(const Tourney& t) {
    lobby::TournamentItem i;
    i.id = t.id;
    i.name = t.name;
    i.organizer = t.organizer;
    i.format = t.spec.format;
    i.state = t.state;
    i.max_players = t.spec.max_players;
    i.round = t.round;
    i.first = t.spec.first;
    i.terms = t.spec.terms;
    if (const auto rec = env_.store.tournaments().tournament(t.id))
        i.players = int(std::count_if(rec->players.begin(), rec->players.end(),
                                      [](const TournamentPlayer& p) { return !p.withdrawn; }));
    return i;
}

Reply Director::create(const LobbyPlayer& p, const lobby::Create& m, Millis now) {
    if (!p.account) return deny(Refusal::NotAllowed, "a guest cannot organize a tournament");
    const auto mine = std::count_if(tourneys_.begin(), tourneys_.end(), [&](const auto& t) {
        return t.second.organizer_account == *p.account && t.second.state != lobby::TournamentState::Over;
    });
    if (mine >= max_tournaments_per_organizer)
        return deny(Refusal::Limit, "you organize a tournament already");
    if (tourneys_.size() >= lobby::max_table) return deny(Refusal::Busy, "too many tournaments: try later");
    std::string name = m.name;
    if (name.empty())  // a version 1 client's: named after its organizer
        for (int n = 1; name.empty() || env_.store.tournaments().tournament_named(lobby::name_key(name)); ++n)
            name = p.name + "-" + std::to_string(n);
    const tournament::Spec spec{m.format, m.max_players, m.first, m.terms};
    std::uint64_t seed = 0;
    for (char b : net::random_bytes(8)) seed = (seed << 8) | static_cast<unsigned char>(b);
    const Expected<TournamentId> id = env_.store.tournaments().create_tournament(
        NewTournament{name, lobby::name_key(name), tournament::spec_text(spec), *p.account, seed,
                      tournament::spec_format},
        env_.unix(now));
    if (!id) return deny(Refusal::NotAllowed, id.why());
    env_.store.tournaments().join_tournament(*id, *p.account, env_.unix(now));
    Tourney& t = tourneys_[*id];
    t.id = *id;
    t.name = name;
    t.spec = spec;
    t.organizer = p.name;
    t.organizer_account = *p.account;
    t.seed = seed;
    env_.note(now, "tournament " + std::to_string(*id) + " (" + name + ") created by " + p.name + ": " +
                       tournament::spec_text(spec));
    announce(t);
    return {};
}

Reply Director::join(const LobbyPlayer& p, const lobby::Join& m, Millis now) {
    const auto it = tourneys_.find(m.id);
    if (it == tourneys_.end() || it->second.state != lobby::TournamentState::Open)
        return deny(Refusal::NotFound, "no open tournament " + std::to_string(m.id));
    if (!p.account) return deny(Refusal::NotAllowed, "a guest cannot play in a tournament");
    const auto rec = env_.store.tournaments().tournament(m.id);
    const auto active = std::count_if(rec->players.begin(), rec->players.end(),
                                      [](const TournamentPlayer& tp) { return !tp.withdrawn; });
    if (active >= it->second.spec.max_players) return deny(Refusal::Limit, "the tournament is full");
    for (const TournamentPlayer& tp : rec->players)
        if (tp.account == *p.account && !tp.withdrawn)
            return deny(Refusal::NotAllowed, "you are in it already");
    if (!env_.store.tournaments().join_tournament(m.id, *p.account, env_.unix(now)))
        return deny(Refusal::NotAllowed, "you left it: a tournament is joined once");
    env_.note(now, "tournament " + std::to_string(m.id) + ": " + p.name + " joins");
    announce(it->second);
    return {};
}

Reply Director::leave(const LobbyPlayer& p, const lobby::Leave& m, Millis now) {
    const auto it = tourneys_.find(m.id);
    auto rec = it == tourneys_.end() ? std::nullopt : env_.store.tournaments().tournament(m.id);
    const bool in = rec && p.account &&
                    std::any_of(rec->players.begin(), rec->players.end(),
                                [&](const auto& tp) { return tp.account == *p.account && !tp.withdrawn; });
    if (!in || it->second.state == lobby::TournamentState::Over)
        return deny(Refusal::NotFound, "you are not in tournament " + std::to_string(m.id));
    env_.store.tournaments().withdraw_from_tournament(m.id, *p.account);
    env_.note(now, "tournament " + std::to_string(m.id) + ": " + p.name + " leaves");
    if (it->second.state == lobby::TournamentState::Playing) {
        // After the start: the match in progress is lost, and so is every one still to come.
        for (const GameId id : room_.games_of(p.key))
            if (HostedGame* g = games_.find(wire_id(id)); g && g->setup().tournament == m.id)
                if (const int seat = g->player_of(seat_of(p)); seat >= 0)
                    g->forfeit(
                        seat,
                        p.name + " left the tournament: " + g->match().name(1 - seat) + " wins the match",
                        now);
        rec = env_.store.tournaments().tournament(m.id);
        forfeit_pairings(*rec, *p.account, now);
        advance(it->second, now);
    }
    announce(it->second);
    return {};
}

void Director::forfeit_pairings(TournamentRecord& rec, AccountId account, Millis) {
    for (const Pairing& pr : rec.pairings) {
        if (pr.outcome || pr.game || !pr.b) continue;
        if (pr.a == account) env_.store.tournaments().set_pairing_outcome(pr.id, PairingOutcome::B);
        if (*pr.b == account) env_.store.tournaments().set_pairing_outcome(pr.id, PairingOutcome::A);
    }
}

Reply Director::start(const LobbyPlayer& p, const lobby::Start& m, Millis now) {
    const auto it = tourneys_.find(m.id);
    if (it == tourneys_.end()) return deny(Refusal::NotFound, "no tournament " + std::to_string(m.id));
    Tourney& t = it->second;
    if (!p.account || t.organizer_account != *p.account)
        return deny(Refusal::NotAllowed,
                    t.organizer.empty() ? std::string("the server's operator starts it (--start-tournament)")
                                        : "only its organizer, " + t.organizer + ", starts it");
    const auto rec = env_.store.tournaments().tournament(m.id);
    if (!rec) return deny(Refusal::NotFound, "no tournament " + std::to_string(m.id));
    if (const Expected<int> may = tournament::may_start(*rec); !may)
        return deny(Refusal::NotAllowed, "tournament " + t.name + ": " + may.why());
    env_.store.tournaments().set_tournament_state(m.id, TournamentState::Running);
    t.state = lobby::TournamentState::Playing;
    begin(t, now);
    return {};
}

Reply Director::choose_starter(ConnId conn, const LobbyPlayer& p, const lobby::ChooseStarter& m, Millis now) {
    const auto it = tourneys_.find(m.id);
    if (it == tourneys_.end()) return deny(Refusal::NotFound, "no tournament " + std::to_string(m.id));
    const Tourney& t = it->second;
    if (!p.account || t.organizer_account != *p.account)
        return deny(Refusal::NotAllowed,
                    t.organizer.empty()
                        ? std::string("the server's operator chooses who starts (--tournament-first)")
                        : "only its organizer, " + t.organizer + ", chooses who starts");
    const auto rec = env_.store.tournaments().tournament(m.id);
    if (!rec) return deny(Refusal::NotFound, "no tournament " + std::to_string(m.id));
    const auto choice = tournament::starter_choice(*rec, m.name, m.opponent);
    if (!choice) return deny(Refusal::NotAllowed, choice.why());
    env_.store.tournaments().set_starter(t.id, choice->starter, choice->other, env_.unix(now));
    std::string names[2];
    for (const TournamentPlayer& tp : rec->players)
        for (int i : {0, 1})
            if (tp.account == (i == 0 ? choice->starter : choice->other)) names[i] = tp.name;
    const std::string what = names[0] + " plays White in round 1 of the match against " + names[1];
    env_.note(now, "tournament " + std::to_string(t.id) + ": " + what);
    room_.send(conn, lobby::Ok{lobby::verb_of<lobby::ChooseStarter>, what + " in " + t.name});
    for (const std::string& n : names)
        room_.to_player(lobby::name_key(n),
                        lobby::Notice{"tournament " + t.name + ": " + what + " (the organizer's choice)"});
    return {};
}

void Director::begin(Tourney& t, Millis now) {
    const auto rec = env_.store.tournaments().tournament(t.id);
    if (!rec) return;
    t.state = lobby::TournamentState::Playing;
    if (rec->pairings.empty()) {
        std::vector<AccountId> players;
        for (const TournamentPlayer& tp : rec->players)
            if (!tp.withdrawn) players.push_back(tp.account);
        if (t.spec.format.knockout) {
            // Seeded once, by the ratings of the terms' variant as they stand at the start.
            std::vector<tournament::Entrant> entrants;
            for (const TournamentPlayer& tp : rec->players)
                if (!tp.withdrawn)
                    entrants.push_back(
                        {tp.account, tp.name,
                         env_.store.ratings()
                             .rating_of(tp.account, t.spec.terms.settings.variant, env_.unix(now))
                             .rating.rating});
            env_.store.tournaments().set_seeds(t.id, tournament::seeding(std::move(entrants)));
        } else if (!t.spec.format.swiss) {
            // A round robin's rounds are all made at the start.
            int round = 0;
            for (const auto& pairs : tournament::round_robin(players)) {
                ++round;
                for (const tournament::Pair& pr : pairs)
                    env_.store.tournaments().add_pairing(t.id, round, pr.a, pr.b);
            }
        }
        env_.note(now, "tournament " + std::to_string(t.id) + " (" + t.name + ") starts with " +
                           std::to_string(players.size()) + " players");
    }
    advance(t, now);
}

void Director::advance(Tourney& t, Millis now) {
    if (t.state != lobby::TournamentState::Playing) return;
    auto rec = env_.store.tournaments().tournament(t.id);
    if (!rec) return;
    const auto undecided = [&](int round) {
        return std::any_of(rec->pairings.begin(), rec->pairings.end(),
                           [&](const Pairing& p) { return p.round == round && !p.outcome; });
    };
    int round = 0;
    for (const Pairing& p : rec->pairings)
        if (!p.outcome && (round == 0 || p.round < round)) round = p.round;
    if (round == 0) {
        const int made = rec->pairings.empty() ? 0 : rec->pairings.back().round;
        const int active = int(std::count_if(rec->players.begin(), rec->players.end(),
                                             [](const TournamentPlayer& tp) { return !tp.withdrawn; }));
        std::vector<tournament::Pair> next;
        if (t.spec.format.swiss && made < t.spec.format.rounds && active >= 2)
            next = tournament::swiss_round(*rec, made + 1);
        else if (t.spec.format.knockout)
            next = tournament::knockout_round(*rec);
        if (!next.empty()) {
            round = made + 1;
            for (const tournament::Pair& pr : next)
                env_.store.tournaments().add_pairing(t.id, round, pr.a, pr.b);
            rec = env_.store.tournaments().tournament(t.id);
        } else {
            // The last round is decided: the tournament is over.
            t.state = lobby::TournamentState::Over;
            t.closes = now + tournament_shown_after_over;
            env_.store.tournaments().set_tournament_state(t.id, TournamentState::Over);
            const auto table = tournament::standings(*rec);
            const auto won = tournament::winner(*rec, t.spec);
            const auto first = std::find_if(table.begin(), table.end(),
                                            [&](const tournament::Standing& s) { return s.account == won; });
            env_.note(now, "tournament " + std::to_string(t.id) + " (" + t.name + ") is over" +
                               (first == table.end() ? "" : ": " + first->name + " wins"));
            if (first != table.end())
                for (const tournament::Standing& s : table)
                    room_.to_player(lobby::name_key(s.name),
                                    lobby::Notice{"tournament " + t.name + " is over: " + first->name +
                                                  " wins with " + lobby::points_text(first->half_points) +
                                                  (first->half_points == 2 ? " point" : " points")});
            announce(t);
            announce_table(t);
            return;
        }
    }
    t.round = round;
    const auto name_of = [&](AccountId a) {
        for (const TournamentPlayer& tp : rec->players)
            if (tp.account == a) return tp.name;
        return std::string();
    };
    const auto withdrawn = [&](AccountId a) {
        for (const TournamentPlayer& tp : rec->players)
            if (tp.account == a) return tp.withdrawn;
        return true;
    };
    for (const Pairing& pr : rec->pairings) {
        if (pr.round != round || pr.outcome || pr.game) continue;
        if (!pr.b) {
            env_.store.tournaments().set_pairing_outcome(pr.id, PairingOutcome::A);
            room_.to_player(
                lobby::name_key(name_of(pr.a)),
                lobby::Notice{"tournament " + t.name + ": you have a bye in round " + std::to_string(round) +
                              (t.spec.format.knockout ? ": you go through" : ": one point")});
            continue;
        }
        if (withdrawn(pr.a) || withdrawn(*pr.b)) {
            env_.store.tournaments().set_pairing_outcome(
                pr.id, withdrawn(pr.a) ? (withdrawn(*pr.b) ? PairingOutcome::Draw : PairingOutcome::B)
                                       : PairingOutcome::A);
            continue;
        }
        // The pairing's match: its players need not be in the lobby (they get it at their next login;
        // until both are at the board their clocks stand for the grace, then the absence rule applies).
        std::array<GamePlayer, 2> players = {GamePlayer{pr.a, name_of(pr.a)},
                                             GamePlayer{*pr.b, name_of(*pr.b)}};
        // A player in the lobby as a bot plays as one (one who logs in as a bot later is marked then).
        for (GamePlayer& gp : players)
            if (const LobbyPlayer* on = room_.online_player(key_of(gp)))
                gp.bot = on->role == lobby::Role::Bot;
        // Who starts round 1: the organizer's choice, else the schedule's player a or the draw (the loser
        // of each round chooses after).
        if (tournament::round_one_white(*rec, t.spec.first, round, pr.a, *pr.b) != pr.a)
            std::swap(players[0], players[1]);
        HostedGame* g = room_.start_match(players, t.spec.terms, t.id, round, now);
        env_.store.tournaments().set_pairing_game(pr.id, g->id());
    }
    announce(t);
    announce_table(t);
    // Byes and forfeits may have decided the round at once.
    rec = env_.store.tournaments().tournament(t.id);
    if (!undecided(round)) advance(t, now);
}

std::vector<lobby::StandingItem> Director::table_of(lobby::Id id) {
    std::vector<lobby::StandingItem> out;
    const auto rec = env_.store.tournaments().tournament(id);
    if (!rec) return out;
    int rank = 0;
    // Who left without playing has no result to show: an open tournament's table is its entrants, a
    // running one's its players (tournament::table, as --standings prints it).
    for (const tournament::Standing& s : tournament::table(*rec)) {
        if (rank == lobby::max_tournament_players) break;
        out.push_back(lobby::StandingItem{id, ++rank, s.name, s.half_points, s.played, s.won, s.lost, s.drawn,
                                          s.rounds_won, s.rounds_lost, s.head_to_head});
    }
    return out;
}

Reply Director::standings(ConnId conn, const lobby::StandingsQuery& q) {
    if (!env_.store.tournaments().tournament(q.id))
        return deny(Refusal::NotFound, "no tournament " + std::to_string(q.id));
    for (const lobby::StandingItem& s : table_of(q.id)) room_.send(conn, s);
    room_.send(conn, lobby::End{lobby::List::Standings});
    return {};
}

// ---------------------------------------------------------------------------------------------------
// Time.

void Director::tick(Millis now) {
    std::vector<lobby::Id> closing;
    for (const auto& [id, t] : tourneys_)
        if (t.state == lobby::TournamentState::Over && now >= t.closes) closing.push_back(id);
    for (lobby::Id id : closing) {
        announce_closed(tourneys_[id]);
        tourneys_.erase(id);
    }
    if (now >= next_sync_) {
        next_sync_ = now + store_sync_every;
        if (const std::int64_t v = env_.store.data_version(); v != data_version_) {
            data_version_ = v;
            sync(now);
        }
    }
}

Millis Director::until_next(Millis now) const {
    Soonest soonest;
    for (const auto& [id, t] : tourneys_)
        if (t.state == lobby::TournamentState::Over) soonest.at(t.closes - now);
    soonest.at(next_sync_ - now);
    return soonest.get();
}

}  // namespace gobblet::server
