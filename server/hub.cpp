#include "hub.h"

#include <algorithm>
#include <limits>

#include "net/peer_link.h"

namespace gobblet::server {

namespace {

const std::string busy_source = "busy: too many connections from your address; try again shortly";
const std::string busy_all = "busy: too many connections at once; try again shortly";

}  // namespace

void Hub::Door::send(ConnId to, std::string_view line) {
    if (const auto it = hub_.conns_.find(to); it != hub_.conns_.end()) it->second.keep.sent(hub_.now_);
    out_.send(to, line);
}

void Hub::Door::send_bulk(ConnId to, std::string_view line) {
    if (const auto it = hub_.conns_.find(to); it != hub_.conns_.end()) it->second.keep.sent(hub_.now_);
    out_.send_bulk(to, line);
}

void Hub::Door::close(ConnId to, std::string_view last) {
    const auto it = hub_.conns_.find(to);
    if (it != hub_.conns_.end()) {
        if (it->second.kind == Kind::Game) hub_.games_.forget(to, hub_.now_);
        hub_.forget(it);
    }
    out_.close(to, last);
}

Hub::Hub(const Settings& settings, Store& store, Outbox& out, Log& log, std::time_t unix_at_start, Millis now)
    : settings_(settings),
      raw_(out),
      door_(*this, out),
      env_{store, door_, log, unix_at_start, now},
      waiting_(settings.waiting_per_source, settings.waiting, net::WaitingRoom::WhenSourceFull::TurnAway),
      held_(settings.held_per_source, std::numeric_limits<std::size_t>::max(),
            net::WaitingRoom::WhenSourceFull::TurnAway),
      now_(now),
      workers_(settings.password_threads),
      games_(env_, *this, settings.limits),
      lobby_(env_, games_, workers_,
             Lobby::Settings{settings.greeting, settings.cost, settings.ssh_uids, settings.listed_players,
                             settings.listed_games, settings.players_per_source, settings.max_seek_id,
                             settings.query_burst, settings.address_query_burst, settings.shared_sources}) {
    restored_ = games_.restore(now);
    lobby_.restore(now);
}

Hub::~Hub() = default;

bool Hub::waiting(ConnId conn, const Conn& c) const {
    return c.kind == Kind::New || (c.kind == Kind::Lobby && !lobby_.logged_in(conn));
}

void Hub::count(ConnId conn, Conn& c) {
    if (waiting(conn, c))
        waiting_.enter(conn, c.peer.source, c.opened);
    else
        waiting_.leave(conn);
}

void Hub::uncount(ConnId conn, Conn&) { waiting_.leave(conn); }

bool Hub::held_counts(const std::string& source) const {
    for (const unsigned uid : settings_.ssh_uids)
        if (source == "unix:uid=" + std::to_string(uid)) return false;
    return true;
}

bool Hub::turned_away(const std::string& source) const {
    return waiting_.room_for(source).turned_away ||
           (held_counts(source) && held_.room_for(source).turned_away);
}

void Hub::hold(ConnId conn, const std::string& source) {
    if (held_counts(source)) held_.enter(conn, source, now_);
}

void Hub::forget(std::unordered_map<ConnId, Conn>::iterator it) {
    uncount(it->first, it->second);
    held_.leave(it->first);
    schedule_.erase({it->second.due, it->first});
    conns_.erase(it);
}

void Hub::file(ConnId conn, Conn& c) {
    const Millis d = deadline(conn, c);
    if (d == c.due) return;  // (filed there already: c.due is -1 when it is not filed)
    if (c.due >= 0) schedule_.erase({c.due, conn});
    schedule_.emplace(d, conn);
    c.due = d;
}

void Hub::open(ConnId conn, const Peer& peer, Millis now) {
    now_ = now;
    // Connections that have not logged in yet: a few per source (more are sent away), and when too many
    // wait in all, the oldest makes way, so that silent connections cannot keep real players out.
    if (turned_away(peer.source)) {
        refusals_.refused(peer, "too many connections from " + peer.source, now);
        raw_.close(conn, lobby::format_message(lobby::Bye{busy_source}));
        return;
    }
    if (const auto oldest = waiting_.room_for(peer.source).made_way)
        drop(*oldest, lobby::format_message(lobby::Bye{busy_all}), "made way", now);
    Conn& c = conns_[conn] = Conn{peer, Kind::New, now, {}};
    c.keep.start(now);
    c.keep.sent(now);
    hold(conn, peer.source);
    count(conn, c);
    file(conn, c);
    // (Logged once its first line is taken: a refused one is counted, not logged line by line.)
}

void Hub::let_in(ConnId conn, Conn& c, Millis now) {
    c.let_in = true;
    env_.note(now, "connection " + std::to_string(conn) + " from " + c.peer.address);
}

void Hub::note_end(ConnId conn, const Conn& c, std::string_view why, Millis now) {
    if (c.let_in)
        env_.note(now, "connection " + std::to_string(conn) + " closed: " + std::string(why));
    else
        refusals_.refused(c.peer, why, now);
}

void Hub::drop(ConnId conn, std::string_view last, std::string_view why, Millis now) {
    const auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    const Kind kind = it->second.kind;
    note_end(conn, it->second, why, now);
    forget(it);
    raw_.close(conn, last);
    if (kind == Kind::Lobby) lobby_.closed(conn, now);
    if (kind == Kind::Game) games_.gone(conn, now);
}

void Hub::closed(ConnId conn, std::string_view why, Millis now) {
    now_ = now;
    const auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    const Kind kind = it->second.kind;
    note_end(conn, it->second, why, now);
    forget(it);
    if (kind == Kind::Lobby) lobby_.closed(conn, now);
    if (kind == Kind::Game) games_.gone(conn, now);
}

void Hub::too_long(ConnId conn, Millis now) {
    now_ = now;
    drop(conn, net::format_message(net::Error{net::line_too_long()}), net::line_too_long(), now);
}

void Hub::first_line(ConnId conn, Conn& c, std::string_view line, Millis now) {
    // The first line's verb says the protocol: the lobby's greeting, or a game's hello (each table's word).
    const auto opens_with = [line](std::string_view verb) {
        return line.size() > verb.size() && line.starts_with(verb) && line[verb.size()] == ' ';
    };
    const std::string greeting = std::string(lobby::verb_of<lobby::Hello>) + " gobblet ";
    if (opens_with(lobby::verb_of<lobby::Hello>)) {
        const auto p = lobby::parse_message(line);
        const auto* h = p ? std::get_if<lobby::Hello>(&*p) : nullptr;
        if (!h)
            return drop(conn,
                        lobby::format_message(lobby::Error{
                            p ? "expected " + greeting + std::to_string(lobby::protocol_version) : p.why()}),
                        "a bad greeting", now);
        if (h->version < lobby::oldest_version || h->version > lobby::protocol_version)
            return drop(
                conn,
                lobby::format_message(lobby::Error{"this server speaks gobblet lobby protocol versions " +
                                                   std::to_string(lobby::oldest_version) + " to " +
                                                   std::to_string(lobby::protocol_version)}),
                "another lobby protocol version", now);
        c.kind = Kind::Lobby;
        c.keep.set_intervals(lobby::ping_after, lobby::dead_after);
        c.version = h->version;
        let_in(conn, c, now);
        return lobby_.opened(conn, c.peer, now, h->version);
    }
    if (opens_with(net::verb_of<net::Hello>)) {
        const auto p = net::parse_message(line);
        const auto* h = p ? std::get_if<net::Hello>(&*p) : nullptr;
        if (!h)
            return drop(conn,
                        net::format_message(
                            net::Error{p ? std::string("expected ") + net::verb_of<net::Hello> : p.why()}),
                        "a bad hello", now);
        if (h->version < net::oldest_hosted_protocol_version || h->version > net::protocol_version)
            return drop(
                conn,
                net::format_message(net::Error{
                    "this server's games need gobblet protocol version " +
                    std::to_string(net::oldest_hosted_protocol_version) + " to " +
                    std::to_string(net::protocol_version) +
                    (h->version > net::protocol_version ? ": this server is older" : ": update gobblet")}),
                "a hello of another version", now);
        c.kind = Kind::Game;
        c.keep.set_intervals(net::ping_after, net::dead_after);
        if (const Expected<void> joined =
                games_.hello(conn, *h, c.peer.source, held_counts(c.peer.source), now);
            !joined)
            return drop(conn, net::format_message(net::Error{joined.why()}), joined.why(), now);
        // (Logged after the game's own line of who joins; the game may have closed it at once: busy.)
        if (const auto still = conns_.find(conn); still != conns_.end()) let_in(conn, still->second, now);
        return;
    }
    drop(conn,
         lobby::format_message(lobby::Error{"expected " + greeting + std::to_string(lobby::protocol_version) +
                                            ", or a game's " + net::verb_of<net::Hello>}),
         "a first line that is neither a lobby's nor a game's", now);
}

void Hub::received(ConnId conn, std::string_view line, Millis now) {
    now_ = now;
    const auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    handle(conn, it->second, line, now);
    // The line may have told the connection apart or logged it in (a Conn's place in the map is stable,
    // but the line may have closed it).
    if (const auto still = conns_.find(conn); still != conns_.end()) count(conn, still->second);
}

template <class Message, class Format>
bool Hub::shared(ConnId conn, Conn& c, const Message& m, const char* who, Format format, Millis now) {
    return std::visit(Overload{
                          [&](const net::Ping& ping) {
                              door_.send(conn, format(net::Pong{ping.token}));
                              return true;
                          },
                          [&](const net::Pong& pong) {
                              c.keep.pong(pong.token, now);
                              return true;
                          },
                          [&](const net::Bye&) {
                              drop(conn, {}, std::string(who) + " left", now);
                              return true;
                          },
                          [&](const net::Error& e) {
                              drop(conn, {}, std::string(who) + " reports: " + e.reason, now);
                              return true;
                          },
                          // The protocol's own messages: its room's (which visits each).
                          [](const auto&) { return false; },
                      },
                      m);
}

void Hub::handle(ConnId conn, Conn& c, std::string_view line, Millis now) {
    c.keep.heard(now);
    if (c.kind == Kind::New) return first_line(conn, c, line, now);
    if (c.kind == Kind::Lobby) {
        const auto p = lobby::parse_message(line, c.version);
        if (!p) return drop(conn, lobby::format_message(lobby::Error{p.why()}), p.why(), now);
        const lobby::Message& m = *p;
        const auto lobby_line = [](const net::Pong& pong) { return lobby::format_message(pong); };
        if (shared(conn, c, m, "the client", lobby_line, now)) return;
        if (lobby::sender(m) != lobby::Sender::Client) {
            const std::string why = std::string("a message only servers send: ") + lobby::verb(m);
            return drop(conn, lobby::format_message(lobby::Error{why}), why, now);
        }
        if (std::holds_alternative<lobby::Ssh>(m)) return ssh(conn, m, now);
        return lobby_.message(conn, m, now);
    }
    const auto p = net::parse_message(line);
    if (!p) return drop(conn, net::format_message(net::Error{p.why()}), p.why(), now);
    const net::Message& m = *p;
    const auto game_line = [](const net::Pong& pong) { return net::format_message(pong); };
    if (shared(conn, c, m, "the player", game_line, now)) return;
    games_.message(conn, m, now);
}

void Hub::ssh(ConnId conn, const lobby::Message& m, Millis now) {
    lobby_.message(conn, m, now);
    const Peer* vouched = lobby_.peer(conn);
    const auto it = conns_.find(conn);
    if (!vouched || it == conns_.end() || it->second.peer.source == vouched->source) return;
    // From now on the player's own address counts, in the limits on connections (not yet logged in, and
    // in all) too.
    uncount(conn, it->second);
    held_.leave(conn);
    const bool over = turned_away(vouched->source);
    it->second.peer = *vouched;
    hold(conn, vouched->source);
    count(conn, it->second);
    if (over)
        drop(conn, lobby::format_message(lobby::Bye{busy_source}), "too many from " + vouched->source, now);
}

void Hub::on_wake(Millis now) {
    now_ = now;
    workers_.run_finished();
    // A password checked on a worker may have logged a connection in.
    for (const ConnId id : waiting_.waiting())
        if (const auto it = conns_.find(id); it != conns_.end()) count(id, it->second);
}

void Hub::tick(Millis now) {
    now_ = now;
    refusals_.tick(now);
    scan(now);
    lobby_.tick(now);
    games_.tick(now);
}

void Hub::scan(Millis now) {
    // Only the connections whose deadline has come. A connection is filed under a deadline that its
    // sends and receipts may since have moved later (never earlier): it is looked at then, and filed
    // again under its true one.
    std::vector<std::pair<ConnId, std::string>> late, dead;
    while (!schedule_.empty() && schedule_.begin()->first <= now) {
        const ConnId id = schedule_.begin()->second;
        schedule_.erase(schedule_.begin());
        const auto it = conns_.find(id);
        if (it == conns_.end()) continue;
        Conn& c = it->second;
        c.due = -1;  // (not filed)
        if (c.kind == Kind::New && now - c.opened >= lobby::hello_timeout) {
            late.emplace_back(id, "no greeting within " + std::to_string(lobby::hello_timeout / 1000) + " s");
            continue;
        }
        if (c.kind == Kind::Lobby && !lobby_.logged_in(id) && now - c.opened >= lobby::login_timeout) {
            late.emplace_back(id, "no login within " + std::to_string(lobby::login_timeout / 1000) + " s");
            continue;
        }
        if (c.kind != Kind::New) {
            if (c.keep.silent(now)) {
                dead.emplace_back(id, "no word for " + std::to_string(c.keep.dead_after() / 1000) + " s");
                continue;
            }
            if (c.keep.ping_due(now)) {
                const net::Ping ping{c.keep.ping(now)};
                raw_.send(id, c.kind == Kind::Game ? net::format_message(ping) : lobby::format_message(ping));
            }
        }
        file(id, c);
    }
    for (const auto& [id, why] : late) drop(id, lobby::format_message(lobby::Error{why}), why, now);
    for (const auto& [id, why] : dead) drop(id, {}, why, now);
}

Millis Hub::deadline(ConnId id, const Conn& c) const {
    if (c.kind == Kind::New) return c.opened + lobby::hello_timeout;
    Millis d = c.keep.due_at();
    if (c.kind == Kind::Lobby && !lobby_.logged_in(id)) d = std::min(d, c.opened + lobby::login_timeout);
    return d;
}

Millis Hub::until_next(Millis now) const {
    Soonest soonest;
    if (!schedule_.empty()) soonest.at(schedule_.begin()->first - now);
    soonest.also(lobby_.until_next(now));
    soonest.also(refusals_.until_next(now));
    soonest.also(games_.until_next(now));
    return soonest.get();
}

void Hub::shutdown(std::string_view why, Millis now) {
    now_ = now;
    const std::string game_bye = net::format_message(net::Bye{std::string(why)});
    const std::string lobby_bye = lobby::format_message(lobby::Bye{std::string(why)});
    lobby_.close_all(lobby_bye);
    games_.close_all(game_bye);
    for (const auto& [id, c] : conns_) raw_.close(id, lobby_bye);
    conns_.clear();
    schedule_.clear();
    waiting_.clear();
    held_.clear();
    env_.note(now, "stopped: " + std::string(why));
}

}  // namespace gobblet::server
