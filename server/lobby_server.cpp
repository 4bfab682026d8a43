#include "lobby_server.h"

#include <algorithm>
#include <cmath>

#include "engine/dates.h"
#include "net/lobby_text.h"
#include "net/socket.h"
#include "saves/record.h"

namespace gobblet::server {

namespace {

using lobby::Refusal;

lobby::Verdict verdict_of(GameOutcome o) {
    switch (o) {
        case GameOutcome::Player0: return lobby::Verdict::Player0;
        case GameOutcome::Player1: return lobby::Verdict::Player1;
        case GameOutcome::Draw: return lobby::Verdict::Draw;
        case GameOutcome::Aborted: return lobby::Verdict::Aborted;
    }
    return lobby::Verdict::Aborted;
}

std::string variant_words(Variant v) {
    return std::string(rules_name(v.rules)) + " " + std::to_string(v.size) + "x" + std::to_string(v.size);
}

int rounded(double v, int hi) { return std::clamp(int(std::lround(v)), 0, hi); }

lobby::Changes changes_of(const std::optional<std::array<RatingChange, 2>>& r) {
    lobby::Changes out{};
    if (r)
        for (int p : {0, 1})
            out[std::size_t(p)] = lobby::RatingChange{rounded((*r)[std::size_t(p)].before, 9999),
                                                      rounded((*r)[std::size_t(p)].after, 9999)};
    return out;
}

}  // namespace

lobby::HistoryItem history_item(const GameRecord& g) {
    lobby::HistoryItem h;
    h.game = wire_id(g.id);
    h.date = date_text(g.ended.value_or(g.created), DateForm::Minute);
    h.names = {g.players[0].name, g.players[1].name};
    h.score = g.score.value_or(std::array<int, 2>{0, 0});
    h.result = verdict_of(g.outcome.value_or(GameOutcome::Aborted));
    h.terms = lobby::Terms{g.settings, g.rated};
    h.changes = changes_of(g.ratings);
    return h;
}

std::vector<lobby::Message> profile_of(Store& store, const Account& a, UnixTime now, bool online) {
    std::vector<lobby::Message> out;
    out.push_back(lobby::ProfileItem{
        a.name, a.bot ? lobby::Role::Bot : lobby::Role::Human, date_text(a.created, DateForm::Minute),
        online ? std::string("online") : date_text(a.last_seen.value_or(a.created), DateForm::Minute)});
    for (int i = 0; i < 4; ++i) {
        const Variant v = lobby::variant_at(i);
        const RatingRecord r = store.ratings().rating_of(a.id, v, now);
        lobby::StatsItem st{v, std::nullopt, r.games, r.wins, r.losses, r.draws};
        if (r.games > 0)
            st.rating = lobby::Rating{rounded(r.rating.rating, 9999), rounded(r.rating.deviation, 999)};
        out.push_back(st);
    }
    // The rating over time: each variant's ratings after its last rated games (version 4's `trend`).
    std::array<std::deque<RatedPoint>, 4> points;
    for (const RatedPoint& p : store.games().rating_history(a.id, trend_window)) {
        std::deque<RatedPoint>& of = points[std::size_t(lobby::variant_index(p.variant))];
        of.push_back(p);
        if (of.size() > std::size_t(lobby::max_trend_points)) of.pop_front();
    }
    for (int i = 0; i < 4; ++i) {
        const std::deque<RatedPoint>& of = points[std::size_t(i)];
        if (of.empty()) continue;
        lobby::TrendItem t{lobby::variant_at(i),
                           date_text(of.front().ended, DateForm::Minute),
                           date_text(of.back().ended, DateForm::Minute),
                           {}};
        for (const RatedPoint& p : of) t.ratings.push_back(rounded(p.rating, 9999));
        out.push_back(std::move(t));
    }
    for (const GameRecord& g : store.games().finished_games_page(a.id, lobby::profile_games, 0))
        out.push_back(history_item(g));
    return out;
}

Lobby::Lobby(Env& env, Games& games, Workers& workers, Settings settings)
    : env_(env),
      games_(games),
      workers_(workers),
      settings_(std::move(settings)),
      shown_players_(settings_.listed_players),
      shown_games_(settings_.listed_games) {}

// ---------------------------------------------------------------------------------------------------
// Sending.

void Lobby::send(ConnId to, const lobby::Message& m) {
    const auto it = conns_.find(to);
    env_.out.send(
        to, lobby::format_message(m, it == conns_.end() ? lobby::protocol_version : it->second.version));
}

void Lobby::to_all(const lobby::Message& m) { to_all(std::vector<lobby::Message>{m}); }

void Lobby::to_all(const std::vector<lobby::Message>& ms) {
    if (ms.empty()) return;
    // Formatted once per version, and sent as one block: a connection costs one call however many lines.
    std::array<std::string, lobby::protocol_version + 1> lines;
    for (const auto& [conn, c] : conns_) {
        if (c.phase != Conn::Phase::In) continue;
        std::string& block = lines[std::size_t(c.version)];
        if (block.empty())
            for (const lobby::Message& m : ms) block += lobby::format_message(m, c.version);
        env_.out.send_bulk(conn, block);
    }
}

lobby::GameItem Lobby::game_item(const HostedGame& g, Millis now) {
    lobby::GameItem i = g.item(now);
    i.tournament = g.setup().tournament.value_or(0);
    return i;
}

void Lobby::to_player(const std::string& key, const lobby::Message& m) {
    const auto it = online_.find(key);
    if (it != online_.end()) send(it->second, m);
}

void Lobby::each_online(const std::function<void(ConnId, int version)>& f) const {
    for (const auto& [key, conn] : online_)
        if (const auto it = conns_.find(conn); it != conns_.end()) f(conn, it->second.version);
}

const Lobby::Player* Lobby::online_player(const std::string& key) const {
    const auto on = online_.find(key);
    if (on == online_.end()) return nullptr;
    const auto it = conns_.find(on->second);
    return it == conns_.end() || !it->second.player ? nullptr : &*it->second.player;
}

std::vector<GameId> Lobby::games_of(const std::string& key) const {
    const auto mine = games_of_.find(key);
    return mine == games_of_.end() ? std::vector<GameId>() : mine->second;
}

void Lobby::to_viewers(const std::string& key, const lobby::Message& m) {
    if (shown_players_.listed(key)) return to_all(m);
    to_player(key, m);
}

void Lobby::to_viewers(const HostedGame& g, const lobby::Message& m) {
    if (shown_games_.listed(g.id())) return to_all(m);
    for (int seat : {0, 1})
        if (const Player* p = holder(g, seat)) to_player(p->key, m);
}

void Lobby::add_game(const HostedGame& g) {
    (void)shown_games_.add(g.id(), g.setup().tournament.has_value());
    // A guest's seat is indexed under its name only while its own login is online (after a restart, or
    // once it has left, the name may be another guest's).
    for (int seat : {0, 1}) {
        const GamePlayer& gp = g.setup().players[std::size_t(seat)];
        if (!gp.account && !holder(g, seat)) continue;
        std::vector<GameId>& of = games_of_[key_of(gp)];
        if (std::find(of.begin(), of.end(), g.id()) == of.end()) of.push_back(g.id());
    }
}

bool Lobby::holds(const Player& p, GameId id, int seat) const {
    if (p.account) return true;  // (its seat was found by its account)
    const auto it = guest_seats_.find(id);
    return p.guest != 0 && it != guest_seats_.end() && it->second[std::size_t(seat)] == p.guest;
}

const Lobby::Player* Lobby::holder(const HostedGame& g, int seat) const {
    const Player* p = online_player(key_of(g.setup().players[std::size_t(seat)]));
    if (!p || g.player_of(seat_of(*p)) != seat || !holds(*p, g.id(), seat)) return nullptr;
    return p;
}

void Lobby::refuse(ConnId to, std::string_view verb, const Denial& why) {
    send(to, lobby::Refused{std::string(verb), why.code, why.text});
}

void Lobby::fail(ConnId conn, const std::string& reason, Millis now) {
    env_.note(now, "lobby: " + conns_[conn].peer.address + " broke the protocol: " + reason);
    leave_lobby(conn, now);
    env_.out.close(conn, lobby::format_message(lobby::Error{reason}));
}

// ---------------------------------------------------------------------------------------------------
// Connections and logins.

void Lobby::opened(ConnId conn, const Peer& peer, Millis, int version) {
    if (const auto it = conns_.find(conn); it != conns_.end()) forget(it);
    conns_[conn].peer = peer;
    conns_[conn].version = version;
    conns_[conn].queries = net::GuessLimiter{settings_.query_burst, query_every};
    desk_.opened(conn, peer);
    send(conn, lobby::Server{version, settings_.greeting});
}

const Peer* Lobby::peer(ConnId conn) const {
    const auto it = conns_.find(conn);
    return it == conns_.end() ? nullptr : &it->second.peer;
}

bool Lobby::logged_in(ConnId conn) const {
    const auto it = conns_.find(conn);
    return it != conns_.end() && it->second.phase == Conn::Phase::In;
}

void Lobby::closed(ConnId conn, Millis now) { leave_lobby(conn, now); }

void Lobby::forget(std::map<ConnId, Conn>::iterator it) {
    desk_.closed(it->first);
    if (it->second.phase == Conn::Phase::In)
        if (const auto from = players_from_.find(it->second.peer.source);
            from != players_from_.end() && --from->second == 0)
            players_from_.erase(from);
    conns_.erase(it);
}

void Lobby::leave_lobby(ConnId conn, Millis now) {
    const auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    const std::optional<Player> p = it->second.player;
    forget(it);
    if (!p) return;
    const auto on = online_.find(p->key);
    if (on == online_.end() || on->second != conn) return;  // taken over by a newer connection
    online_.erase(on);
    if (p->account) env_.store.accounts().seen(*p->account, env_.unix(now));
    env_.note(now, "lobby: " + p->name + " left");
    seeks_.drop_of(p->key, lobby::SeekEnd::Left);
    if (!p->account) {
        seeks_.guest_left(p->key);
        games_of_.erase(p->key);  // (its games go on, and are no longer its name's)
    }
    // (The longest waiting player online takes the place in everyone's list at the next refill.)
    if (shown_players_.remove(p->key)) to_all(lobby::Left{p->name});
}

void Lobby::message(ConnId conn, const lobby::Message& m, Millis now) {
    const auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    Conn& c = it->second;
    // The login step's messages (net/lobby.h's table) each have their handler here; the lobby's are
    // requests once logged in. A new message of the login step does not compile without its handler.
    const auto after_login = [&] {
        if (c.phase != Conn::Phase::In)
            return fail(conn, std::string("log in first, not ") + lobby::verb(m), now);
        request(conn, *c.player, m, now);
    };
    std::visit(
        Overload{
            [&](const lobby::Ssh& x) {
                if (c.phase != Conn::Phase::Greeted || desk_.logging_in(conn))
                    return fail(conn, std::string(lobby::verb(m)) + " comes before the login", now);
                if (desk_.ssh_said(conn))
                    return fail(conn, "one " + std::string(lobby::verb(m)) + " line a connection", now);
                if (const Reply r = desk_.ssh(conn, x, now); !r) refuse(conn, lobby::verb(m), r.why());
            },
            [&](const lobby::Login& l) {
                if (c.phase == Conn::Phase::In) return fail(conn, "you are logged in already", now);
                if (desk_.logging_in(conn))
                    return fail(conn, "one login at a time: wait for its answer", now);
                if (!room_for(conn, l)) return send_away(conn, now);
                if (const Reply r = desk_.login(conn, l, now); !r) refuse(conn, lobby::verb(m), r.why());
            },
            [&](const lobby::FromClientNotAt<lobby::Step::Login> auto&) { after_login(); },
            // Keep-alives and goodbyes are the hub's (Hub::handle), and it refuses what only a
            // server sends: never here, and request() refuses them should one come.
            [&](const OneOf<lobby::Ping, lobby::Pong, lobby::Bye, lobby::Error> auto&) { after_login(); },
            [&](const lobby::FromServer auto&) { after_login(); },
        },
        m);
}

bool Lobby::room_for(ConnId conn, const lobby::Login& l) const {
    const Conn& c = conns_.at(conn);
    const auto from = players_from_.find(c.peer.source);
    if (from == players_from_.end() || from->second < settings_.players_per_source) return true;
    if (l.method == lobby::Method::Guest) return false;
    const auto on = online_.find(lobby::name_key(l.name));
    return on != online_.end() && conns_.at(on->second).peer.source == c.peer.source;
}

void Lobby::send_away(ConnId conn, Millis now) {
    // Whatever else it tries from there would meet the same limit: come back later.
    const Conn& c = conns_[conn];
    env_.note(now, "lobby: " + c.peer.address +
                       " sent away: " + std::to_string(settings_.players_per_source) +
                       " players logged in from " + c.peer.source + " already");
    const std::string bye =
        lobby::format_message(lobby::Bye{"busy: too many players logged in from your address (" +
                                         std::to_string(settings_.players_per_source) + "); try again later"},
                              c.version);
    forget(conns_.find(conn));
    env_.out.close(conn, bye);
}

void Lobby::vouch(ConnId conn, Peer peer) { conns_[conn].peer = std::move(peer); }

lobby::Ratings Lobby::ratings_of(AccountId account, Millis now) {
    lobby::Ratings out{};
    for (int i = 0; i < 4; ++i) {
        const RatingRecord r = env_.store.ratings().rating_of(account, lobby::variant_at(i), env_.unix(now));
        if (r.games > 0)
            out[std::size_t(i)] =
                lobby::Rating{rounded(r.rating.rating, 9999), rounded(r.rating.deviation, 999)};
    }
    return out;
}

void Lobby::welcome(ConnId conn, Player p, lobby::How how, Millis now) {
    Conn& c = conns_[conn];
    if (p.account) p.ratings = ratings_of(*p.account, now);
    // A name already online is taken over: the older connection is told and closed.
    if (const auto on = online_.find(p.key); on != online_.end() && on->second != conn) {
        const ConnId old = on->second;
        if (const auto it = conns_.find(old); it != conns_.end()) forget(it);
        online_.erase(on);
        env_.out.close(old, lobby::format_message(lobby::Error{"you logged in from another connection"}));
    }
    c.phase = Conn::Phase::In;
    c.player = p;
    ++players_from_[c.peer.source];
    online_[p.key] = conn;
    if (p.account) env_.store.accounts().seen(*p.account, env_.unix(now));
    env_.note(now, "lobby: " + p.name + " logged in (" + lobby::how_word(how) + ") from " + c.peer.address);
    send(conn, lobby::Welcome{p.name, p.role, how, p.ratings});
    // The newcomer to everyone when listed (a name taken over keeps its place), else to themselves
    // alone; then the players listed, and their own games beside the games listed.
    (void)shown_players_.add(p.key);
    to_viewers(p.key, item(p));
    for (const std::string& key : shown_players_.shown())
        if (const auto on = online_.find(key); key != p.key && on != online_.end())
            send(conn, item(*conns_[on->second].player));
    send(conn, lobby::End{lobby::List::Players});
    // The open seeks and the player's own seeks and challenges, in the order they were made.
    seeks_.greet(conn, p.key);
    std::vector<GameId> games = shown_games_.shown();
    if (const auto mine = games_of_.find(p.key); mine != games_of_.end())
        for (const GameId id : mine->second)
            if (!shown_games_.listed(id)) games.push_back(id);
    for (const GameId id : games)
        if (const HostedGame* g = games_.peek(id)) send(conn, game_item(*g, now));
    send(conn, lobby::End{lobby::List::Games});
    // The tournaments, and the tables of those under way or just over, which then change live (version 2).
    director_.greet(conn, c.version);
    // The player's matches in progress, again (a guest's identity is its connection: not theirs).
    if (p.account)
        if (const auto mine = games_of_.find(p.key); mine != games_of_.end())
            for (const GameId id : std::vector<GameId>(mine->second))
                if (HostedGame* g = games_.find(wire_id(id)))
                    if (const int seat = g->player_of(seat_of(p)); seat >= 0) {
                        // An account is a person's or a bot's for good (the login desk refuses the other
                        // role); only the operator changes it. A seat keeps the kind it had in a rated
                        // match: its rating is a person's or a computer's.
                        const bool bot = p.role == lobby::Role::Bot;
                        if (bot != g->setup().players[std::size_t(seat)].bot) {
                            if (g->setup().rated) {
                                env_.note(now, "lobby: " + p.name + " logged in as " +
                                                   (bot ? "a computer" : "a person") + ": rated game " +
                                                   g->wire() + " keeps its seat as it began");
                                send(conn, lobby::Notice{"your rated match " + g->wire() + " began as " +
                                                         (bot ? "a person's" : "a computer's") +
                                                         ": it cannot be played as another kind of player"});
                                continue;
                            }
                            if (bot) g->mark_bot(seat);  // a bot plays it as a computer
                        }
                        send(conn, match_line(*g, seat, 0, now));
                    }
}

// ---------------------------------------------------------------------------------------------------
// Requests.

void Lobby::request(ConnId conn, Player& p, const lobby::Message& m, Millis now) {
    const auto unexpected = [&]() -> Reply {
        fail(conn, std::string("unexpected ") + lobby::verb(m), now);
        return {};
    };
    // The questions answered from the database cost the loop's time while the games wait: limited.
    const bool question =
        std::holds_alternative<lobby::BestQuery>(m) || std::holds_alternative<lobby::HistoryQuery>(m) ||
        std::holds_alternative<lobby::FingerQuery>(m) || std::holds_alternative<lobby::RecordQuery>(m) ||
        std::holds_alternative<lobby::RatingsQuery>(m) || std::holds_alternative<lobby::StandingsQuery>(m);
    if (question)
        if (const Reply may = may_query(conn, now); !may) return refuse(conn, lobby::verb(m), may.why());
    // A handler for each request; a new one that has none does not compile. Each returns its Reply, and a
    // refusal is sent here, once, naming the request by its verb in the table.
    const Reply done = std::visit(
        Overload{
            [&](const lobby::SetPassword& x) { return desk_.set_password(conn, p, x, now); },
            [&](const lobby::AddSecret& x) { return desk_.add_secret(conn, p, x, now); },
            [&](const lobby::AddKey&) { return desk_.add_key(conn, p, now); },
            [&](const lobby::MachinesQuery&) { return desk_.machines(conn, p); },
            [&](const lobby::Forget& x) { return desk_.forget_machine(conn, p, x, now); },
            [&](const lobby::Post& x) { return seeks_.post(conn, p, x, now); },
            [&](const lobby::Challenge& x) { return seeks_.challenge(conn, p, x, now); },
            [&](const lobby::Accept& x) { return seeks_.accept(conn, p, x, now); },
            [&](const lobby::Decline& x) { return seeks_.decline(conn, p, x, now); },
            [&](const lobby::Withdraw& x) { return seeks_.withdraw(conn, p, x, now); },
            [&](const lobby::Watch& x) { return watch(conn, p, x, now); },
            [&](const lobby::Rematch& x) { return seeks_.rematch(conn, p, x, now); },
            [&](const lobby::Abort& x) { return abort(p, x, now); },
            [&](const lobby::FingerQuery& x) { return finger(conn, x, now); },
            [&](const lobby::BestQuery&) { return best(conn, now); },
            [&](const lobby::Kibitz& x) { return kibitz(conn, p, x, now); },
            [&](const lobby::NoPlay& x) { return seeks_.noplay(conn, p, x, now); },
            [&](const lobby::Tell& x) { return tell(conn, p, x, now); },
            [&](const lobby::Observe& x) { return observe(conn, p, x, now); },
            [&](const lobby::Say& x) { return say(conn, p, x, now); },
            [&](const lobby::HistoryQuery& x) { return history(conn, x); },
            [&](const lobby::RecordQuery& x) { return record(conn, x); },
            [&](const lobby::RatingsQuery& x) { return ratings(conn, x, now); },
            [&](const lobby::Create& x) { return director_.create(p, x, now); },
            [&](const lobby::Join& x) { return director_.join(p, x, now); },
            [&](const lobby::Leave& x) { return director_.leave(p, x, now); },
            [&](const lobby::Start& x) { return director_.start(p, x, now); },
            [&](const lobby::StandingsQuery& x) { return director_.standings(conn, x); },
            [&](const lobby::ChooseStarter& x) { return director_.choose_starter(conn, p, x, now); },
            // A greeting again; the login and ssh lines are message()'s, keep-alives and goodbyes the hub's
            // (Hub::handle), and what only a server sends the hub refuses: never a request.
            [&](const OneOf<lobby::Hello, lobby::Login, lobby::Ssh, lobby::Ping, lobby::Pong, lobby::Bye,
                            lobby::Error> auto&) { return unexpected(); },
            [&](const lobby::FromServer auto&) { return unexpected(); },
        },
        m);
    if (!done) refuse(conn, lobby::verb(m), done.why());
}

lobby::PlayerItem Lobby::item(const Player& p) {
    lobby::PlayerItem i{p.name, p.role, playing(p.key), p.ratings, {}, {}};
    if (const auto mine = games_of_.find(p.key); mine != games_of_.end()) {
        if (const HostedGame* g = games_.peek(mine->second.front()))
            for (const GamePlayer& gp : g->setup().players)
                if (key_of(gp) != p.key) i.opponent = gp.name;
    } else if (const auto w = watching_.find(p.key); w != watching_.end()) {
        i.watching = wire_id(w->second);
    }
    return i;
}

bool Lobby::playing(const std::string& key) const { return games_of_.contains(key); }

Expected<void> Lobby::two_people(ConnId a, ConnId b) const {
    const auto ca = conns_.find(a), cb = conns_.find(b);
    if (ca == conns_.end() || cb == conns_.end()) return {};
    const std::string& source = ca->second.peer.source;
    const auto& shared = settings_.shared_sources;
    if (source == cb->second.peer.source && std::find(shared.begin(), shared.end(), source) == shared.end())
        return Failure{"connect from one address"};
    if (desk_.one_machine(a, b)) return Failure{"log in from one machine"};
    return {};
}

Reply Lobby::may_rate(const std::string& a, const std::string& b) const {
    const auto x = online_.find(a), y = online_.find(b);
    if (x == online_.end() || y == online_.end()) return {};
    const auto cx = conns_.find(x->second), cy = conns_.find(y->second);
    if (cx == conns_.end() || cy == conns_.end() || !cx->second.player || !cy->second.player) return {};
    if (const Expected<void> two = two_people(x->second, y->second); !two)
        return deny(Refusal::NotAllowed, cx->second.player->name + " and " + cy->second.player->name + " " +
                                             two.why() + ": a rated match needs two");
    return {};
}

Reply Lobby::may_watch(ConnId conn, const Player& p, const HostedGame& g) const {
    // Spectators talk among themselves (kibitz): a player among them would hear their advice.
    const std::string never = ": a player never watches their own game";
    for (const GamePlayer& gp : g.setup().players) {
        const std::string key = key_of(gp);
        if (key == p.key) return deny(Refusal::NotAllowed, "you play in game " + g.wire() + never);
        const auto on = online_.find(key);
        if (on == online_.end()) continue;
        if (const Expected<void> two = two_people(conn, on->second); !two)
            return deny(Refusal::NotAllowed, "you and " + gp.name + " " + two.why() + ", and " + gp.name +
                                                 " plays in game " + g.wire() + never);
    }
    return {};
}

Reply Lobby::may_change(ConnId conn, Change what, Millis now) {
    Conn& c = conns_[conn];
    const bool mine = c.changes.allow(now);
    if (!mine || !changes_.allow(c.peer.source, now))
        return deny(
            Refusal::SlowDown,
            std::string(what == Change::Machines ? "too many machines added and forgotten "
                                                 : "too many seeks and challenges posted and withdrawn ") +
                (mine ? "from your address " : "") + "lately: wait a second");
    c.changes.wrong(now);  // (the bucket counts changes made)
    changes_.spend(c.peer.source, now);
    return {};
}

Reply Lobby::may_query(ConnId conn, Millis now) {
    Conn& c = conns_[conn];
    const bool mine = c.queries.allow(now);
    if (!mine || !queries_.allow(c.peer.source, now))
        return deny(Refusal::SlowDown, std::string("too many questions asked ") +
                                           (mine ? "from your address " : "") + "lately: wait a second");
    c.queries.wrong(now);  // (the bucket counts questions asked)
    queries_.spend(c.peer.source, now);
    return {};
}

HostedGame* Lobby::start_match(const std::array<GamePlayer, 2>& players, const lobby::Terms& terms,
                               std::optional<TournamentId> tournament, int round, Millis now) {
    // A rated match between players from one address or machine is played casual: a tournament's
    // pairing, which nobody chose (a seek, a challenge or a rematch was refused before it came here).
    lobby::Terms played = terms;
    std::string casual_why;
    if (terms.rated)
        if (const Reply may = may_rate(key_of(players[0]), key_of(players[1])); !may) {
            played.rated = false;
            casual_why = may.why().text;
        }
    // Committed (the game, its players, terms and codes) before anyone hears of it.
    Games::Started s = games_.start(GameSetup{played.settings, played.rated, players, tournament}, now);
    HostedGame& g = *s.game;
    std::array<std::uint64_t, 2> guests{};
    for (int p : {0, 1})
        if (const Player* on = online_player(key_of(players[std::size_t(p)])); on && !on->account)
            guests[std::size_t(p)] = on->guest;
    if (guests != std::array<std::uint64_t, 2>{}) {
        guest_seats_[g.id()] = guests;
        guest_seats_order_.push_back(g.id());
        if (guest_seats_order_.size() > max_guest_games) {
            guest_seats_.erase(guest_seats_order_.front());
            guest_seats_order_.pop_front();
        }
    }
    env_.note(now, "game " + g.wire() + " starts: " + players[0].name + " (white) against " +
                       players[1].name + ", " + lobby::terms_text(played) +
                       (casual_why.empty() ? "" : " (not rated: " + casual_why + ")"));
    add_game(g);
    for (const GamePlayer& gp : players) {
        const std::string key = key_of(gp);
        seeks_.drop_of(key, lobby::SeekEnd::Playing);
        if (const auto on = online_.find(key); on != online_.end())
            to_viewers(key, item(*conns_[on->second].player));
    }
    for (int p : {0, 1}) {
        if (!casual_why.empty())
            to_player(key_of(players[std::size_t(p)]), lobby::Notice{"this match is casual: " + casual_why});
        to_player(key_of(players[std::size_t(p)]), match_line(g, p, round, now));
    }
    to_viewers(g, game_item(g, now));
    return &g;
}

lobby::MatchStart Lobby::match_line(HostedGame& g, int player, int round, Millis now) {
    lobby::MatchStart m;
    m.game = g.wire();
    m.colour = player == 0 ? Color::White : Color::Black;
    m.opponent = g.setup().players[std::size_t(1 - player)].name;
    m.code = games_.code_for(g, player);
    m.terms = lobby::Terms{g.setup().settings, g.setup().rated};
    const Variant v = g.setup().settings.variant;
    m.mine = rating_of_seat(g.setup().players[std::size_t(player)], v, now);
    m.theirs = rating_of_seat(g.setup().players[std::size_t(1 - player)], v, now);
    if (g.setup().tournament) {
        m.tournament = *g.setup().tournament;
        m.round = round;
        if (m.round == 0)  // again after a login: the round its pairing belongs to
            if (const auto t = env_.store.tournaments().tournament(*g.setup().tournament))
                for (const Pairing& pr : t->pairings)
                    if (pr.game == g.id()) m.round = pr.round;
        m.round = std::max(1, m.round);
    }
    return m;
}

Reply Lobby::watch(ConnId conn, Player& p, const lobby::Watch& m, Millis now) {
    HostedGame* g = games_.find(m.game);
    if (!g) return deny(Refusal::NotFound, "no game " + m.game + " in progress");
    if (Reply may = may_watch(conn, p, *g); !may) return may;
    // A code of the spectator's own: the game knows who watches (and says so when they are at its board).
    // An address holds a few of a game's codes at once, unless the operator says many players share it.
    const std::string& source = conns_[conn].peer.source;
    const auto& shared = settings_.shared_sources;
    const bool per_source = std::find(shared.begin(), shared.end(), source) == shared.end();
    const auto code = games_.watch_code(*g, p.name, source, per_source, now);
    if (!code && code.why() == NoWatchCode::GameFull)
        return deny(Refusal::Busy, "too many spectators of game " + m.game + ": try again later");
    if (!code)
        return deny(Refusal::Limit, "your address holds " + std::to_string(watch_codes_per_source) +
                                        " codes to watch game " + m.game +
                                        ": unused, they lapse in a minute");
    send(conn, lobby::Watching{g->wire(), *code});
    return {};
}

Reply Lobby::observe(ConnId conn, Player& p, const lobby::Observe& m, Millis now) {
    // The game the player of that name plays (online or not: a game goes on without its lobby
    // connection), the newest if they have several; then the rules of `watch`, whose answer it is.
    const std::string key = lobby::name_key(m.name);
    const auto of = games_of_.find(key);
    if (of == games_of_.end() || of->second.empty())
        return deny(Refusal::NotFound, (key == p.key ? std::string("you play") : m.name + " plays") +
                                           " no game now: observe watches the game a player plays");
    const HostedGame* g = games_.peek(of->second.back());
    if (!g) return deny(Refusal::NotFound, m.name + " plays no game now");
    return watch(conn, p, lobby::Watch{g->wire()}, now);
}

std::optional<lobby::Rating> Lobby::rating_of_seat(const GamePlayer& gp, Variant v, Millis now) {
    // A registered player's rating even before a rated game (the newcomer's 1500, uncertain); a guest's
    // none.
    if (!gp.account) return std::nullopt;
    const RatingRecord r = env_.store.ratings().rating_of(*gp.account, v, env_.unix(now));
    return lobby::Rating{rounded(r.rating.rating, 9999), rounded(r.rating.deviation, 999)};
}

void Lobby::sync_watchers(const HostedGame& g, bool over) {
    std::vector<std::string> now_watching;
    if (!over)
        for (const std::string& name : g.spectators()) now_watching.push_back(lobby::name_key(name));
    std::vector<std::string>& before = watchers_of_[g.id()];
    std::vector<std::string> changed;
    for (const std::string& key : before)
        if (std::find(now_watching.begin(), now_watching.end(), key) == now_watching.end()) {
            if (const auto w = watching_.find(key); w != watching_.end() && w->second == g.id())
                watching_.erase(w);
            changed.push_back(key);
        }
    for (const std::string& key : now_watching)
        if (std::find(before.begin(), before.end(), key) == before.end()) {
            watching_[key] = g.id();  // (watching another game before: this one now)
            changed.push_back(key);
        }
    before = std::move(now_watching);
    if (before.empty()) watchers_of_.erase(g.id());
    for (const std::string& key : changed)
        if (const auto on = online_.find(key); on != online_.end())
            to_viewers(key, item(*conns_[on->second].player));
}

Reply Lobby::abort(Player& p, const lobby::Abort& m, Millis now) {
    HostedGame* g = games_.find(m.game);
    int seat = g ? g->player_of(seat_of(p)) : -1;
    if (seat >= 0 && !holds(p, g->id(), seat)) seat = -1;  // a guest's name, not its login
    if (seat < 0) return deny(Refusal::NotFound, "no match " + m.game + " of yours in progress");
    if (const Expected<void> done = g->abort(seat, now); !done) return deny(Refusal::NotAllowed, done.why());
    return {};
}

Reply Lobby::finger(ConnId conn, const lobby::FingerQuery& q, Millis now) {
    const auto by_key = env_.store.accounts().find_lobby_account(lobby::name_key(q.name));
    const auto a = by_key ? by_key : env_.store.accounts().find_account(q.name);
    if (!a || a->name == operator_name) return deny(Refusal::NotFound, "nobody is registered as " + q.name);
    const int version = conns_[conn].version;
    for (const lobby::Message& m :
         profile_of(env_.store, *a, env_.unix(now), online_.contains(lobby::name_key(a->name))))
        if (version >= 4 || !std::holds_alternative<lobby::TrendItem>(m)) send(conn, m);
    send(conn, lobby::End{lobby::List::Profile});
    return {};
}

const std::array<std::vector<RatingsRow>, 4>& Lobby::leaders(Millis now) {
    const UnixTime t = env_.unix(now);
    if (leaders_until_ && t <= *leaders_until_) return leaders_;
    // Read again: the settled ratings that lapsed go first (a batch), then an index lookup per variant.
    (void)env_.store.ratings().prune_settled(t, prune_settled_batch);
    UnixTime until = t + leaders_kept_for / 1000;
    for (int i = 0; i < 4; ++i) {
        const Variant v = lobby::variant_at(i);
        std::vector<RatingsRow>& settled = leaders_[std::size_t(i)];
        settled = env_.store.ratings().leaders(v, t, lobby::leaders_per_variant);
        // A leader whose rating stops being settled leaves the board then.
        for (const RatingsRow& r : settled)
            if (r.record.settled_until) until = std::min(until, *r.record.settled_until);
        // A board not full takes the best provisional ratings after the settled ones (version 4): the
        // best rows of the variant hold them, since every settled rating is among `settled`.
        std::vector<RatingsRow>& provisional = provisional_[std::size_t(i)];
        provisional.clear();
        const int room = lobby::leaders_per_variant - int(settled.size());
        if (room > 0)
            for (RatingsRow& r :
                 env_.store.ratings().ratings_list(v, t, lobby::leaders_per_variant + int(settled.size()))) {
                const bool listed = std::any_of(settled.begin(), settled.end(),
                                                [&](const RatingsRow& x) { return x.account == r.account; });
                if (!listed && int(provisional.size()) < room) provisional.push_back(std::move(r));
            }
    }
    leaders_until_ = until;
    leaders_read_at_ = t;
    return leaders_;
}

Reply Lobby::best(ConnId conn, Millis now) {
    const UnixTime t = env_.unix(now);
    const auto& board = leaders(now);
    const bool provisional = conns_[conn].version >= 4;  // older clients read settled ratings only
    // The deviations as of now: the store aged them to when the board was read, and they grow on while it
    // is kept (by the time since then, never again from the last game: that counted it twice).
    const double kept = glicko2::periods_between(leaders_read_at_, t);
    for (int i = 0; i < 4; ++i) {
        const Variant v = lobby::variant_at(i);
        int rank = 0;
        for (const RatingsRow& r : board[std::size_t(i)]) {
            const glicko2::Rating g = glicko2::after_inactivity(r.record.rating, kept);
            send(conn, lobby::LeaderItem{v, ++rank, r.name,
                                         lobby::Rating{rounded(g.rating, 9999),
                                                       rounded(g.deviation, lobby::settled_deviation)},
                                         r.record.games});
        }
        if (provisional)
            for (const RatingsRow& r : provisional_[std::size_t(i)]) {
                const glicko2::Rating g = glicko2::after_inactivity(r.record.rating, kept);
                send(conn, lobby::LeaderItem{
                               v, ++rank, r.name,
                               lobby::Rating{rounded(g.rating, 9999), std::max(lobby::settled_deviation + 1,
                                                                               rounded(g.deviation, 999))},
                               r.record.games});
            }
    }
    send(conn, lobby::End{lobby::List::Best});
    return {};
}

Reply Lobby::history(ConnId conn, const lobby::HistoryQuery& q) {
    if (q.page > max_list_page)
        return deny(Refusal::Limit, "a history goes back " + std::to_string(max_list_page) +
                                        " pages (the last " +
                                        std::to_string(max_list_page * lobby::page_size) + " games)");
    const auto account = env_.store.accounts().find_lobby_account(lobby::name_key(q.name));
    const auto found = account ? account : env_.store.accounts().find_account(q.name);
    if (!found) return deny(Refusal::NotFound, "no registered player " + q.name);
    for (const GameRecord& g :
         env_.store.games().finished_games_page(found->id, lobby::page_size, (q.page - 1) * lobby::page_size))
        send(conn, history_item(g));
    send(conn, lobby::End{lobby::List::History});
    return {};
}

Reply Lobby::record(ConnId conn, const lobby::RecordQuery& q) {
    const auto id = game_id_of(q.game);
    const auto g = id ? env_.store.games().game_record(*id) : std::nullopt;
    if (!g) return deny(Refusal::NotFound, "no game " + q.game);
    if (g->status != GameStatus::Over)
        return deny(Refusal::NotFound, "game " + q.game + " is still in progress: watch it");
    saves::MoveClocks clocks;
    const Expected<Match> match = match_of(*g, &clocks);
    if (!match) return deny(Refusal::NotFound, "game " + q.game + " cannot be read back: " + match.why());
    // A bot's seat was its computer's: the record says so.
    std::array<SeatSpec, 2> seats;
    for (int p : {0, 1})
        seats[p] = SeatSpec{g->players[p].bot ? SeatKind::Computer : SeatKind::Human, g->players[p].name,
                            std::nullopt};
    const std::string date = date_text(g->ended.value_or(g->created), DateForm::Plain);
    // A tournament's game says which (every game of an event is archived with its name).
    std::string event;
    if (g->tournament)
        if (const auto t = env_.store.tournaments().tournament(*g->tournament)) event = t->name;
    // Each move's clock reading (lichess's %clk), and whether it was rated, with both ratings.
    saves::ServerNotes notes;
    notes.clocks = &clocks;
    notes.rated = "no";
    if (g->rated && g->ratings) {
        notes.rated.clear();
        for (int p : {0, 1}) {
            const RatingChange& rc = (*g->ratings)[std::size_t(p)];
            const lobby::RatingChange c{rounded(rc.before, 9999), rounded(rc.after, 9999)};
            notes.rated += (p ? ", " : "") + g->players[std::size_t(p)].name + " " +
                           std::to_string(c.before) + " -> " + lobby::change_text(c);
        }
    } else if (g->rated) {
        notes.rated = "yes, without a result";
    }
    const std::string text =
        saves::record_text(*match, seats, nullptr, date, wire_id(g->id), event, nullptr, notes);
    std::size_t lines = 0, start = 0;
    while (start < text.size() && lines < lobby::max_record_lines) {
        const std::size_t nl = text.find('\n', start);
        const std::size_t end = nl == std::string::npos ? text.size() : nl;
        send(conn, lobby::RecordLine{text.substr(start, end - start)});
        ++lines;
        start = end + 1;
    }
    send(conn, lobby::End{lobby::List::Record});
    return {};
}

Reply Lobby::ratings(ConnId conn, const lobby::RatingsQuery& q, Millis now) {
    if (q.page > max_list_page)
        return deny(Refusal::Limit, "the ratings list goes down " + std::to_string(max_list_page) +
                                        " pages (the first " +
                                        std::to_string(max_list_page * lobby::page_size) + " players)");
    const int offset = (q.page - 1) * lobby::page_size;
    int rank = offset;
    for (const RatingsRow& r :
         env_.store.ratings().ratings_list(q.variant, env_.unix(now), lobby::page_size, offset)) {
        lobby::RatingItem i;
        i.rank = ++rank;
        i.name = r.name;
        i.rating =
            lobby::Rating{rounded(r.record.rating.rating, 9999), rounded(r.record.rating.deviation, 999)};
        i.games = r.record.games;
        i.wins = r.record.wins;
        i.losses = r.record.losses;
        i.draws = r.record.draws;
        send(conn, i);
    }
    send(conn, lobby::End{lobby::List::Ratings});
    return {};
}

// ---------------------------------------------------------------------------------------------------
// The games' news.

void Lobby::game_changed(const HostedGame& g, Millis now) {
    sync_watchers(g, false);
    to_viewers(g, game_item(g, now));
}

void Lobby::game_over(const HostedGame& g, Millis now) {
    const GameEnd& end = *g.end();
    if (end.ratings) leaders_until_.reset();  // the leaderboard may have changed: read it again
    sync_watchers(g, true);
    to_viewers(g,
               lobby::Over{g.wire(), verdict_of(end.outcome), end.score, end.text, changes_of(end.ratings)});
    for (const GamePlayer& gp : g.setup().players) unindex(games_of_, key_of(gp), g.id());
    // (The longest waiting game in progress takes the place in everyone's list at the next refill.)
    (void)shown_games_.remove(g.id());
    const Variant v = g.setup().settings.variant;
    for (int p : {0, 1}) {
        const GamePlayer& gp = g.setup().players[std::size_t(p)];
        const auto on = online_.find(key_of(gp));
        if (on == online_.end() || !holder(g, p)) continue;
        Player& player = *conns_[on->second].player;
        if (end.ratings && player.account) {
            player.ratings = ratings_of(*player.account, now);
            const RatingChange& rc = (*end.ratings)[std::size_t(p)];
            send(on->second, lobby::Notice{"your " + variant_words(v) +
                                           " rating: " + std::to_string(rounded(rc.before, 9999)) + " -> " +
                                           std::to_string(rounded(rc.after, 9999))});
        }
        to_viewers(player.key, item(player));
    }
    director_.game_over(g, now);
}

// ---------------------------------------------------------------------------------------------------
// Restarting.

void Lobby::restore(Millis now) {
    for (const HostedGame* g : games_.in_progress()) add_game(*g);
    director_.restore(now);
}

// ---------------------------------------------------------------------------------------------------
// Time.

void Lobby::refill(Millis now) {
    next_refill_ = now + refill_every;
    std::vector<lobby::Message> news;
    for (const std::string& key : shown_players_.refill())
        if (const auto on = online_.find(key); on != online_.end())
            news.push_back(item(*conns_[on->second].player));
    for (const GameId id : shown_games_.refill())
        if (const HostedGame* g = games_.peek(id)) news.push_back(game_item(*g, now));
    to_all(news);
}

void Lobby::tick(Millis now) {
    if (now >= next_refill_ && (shown_players_.gaps() || shown_games_.gaps())) refill(now);
    seeks_.tick(now);
    director_.tick(now);
}

Millis Lobby::until_next(Millis now) const {
    Soonest soonest;
    soonest.also(seeks_.until_next(now));
    soonest.also(director_.until_next(now));
    if (shown_players_.gaps() || shown_games_.gaps()) soonest.at(next_refill_ - now);
    return soonest.get();
}

void Lobby::close_all(std::string_view last) {
    for (const auto& [conn, c] : conns_) {
        desk_.closed(conn);
        env_.out.close(conn, last);
    }
    conns_.clear();
    online_.clear();
    players_from_.clear();
}

}  // namespace gobblet::server
