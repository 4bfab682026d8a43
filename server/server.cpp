#include "server.h"

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "net/lobby.h"
#include "net/signals.h"
#include "server/db.h"

namespace gobblet::server {

namespace {

constexpr int lines_per_poll = 64;  // lines of one connection handled per poll round; the rest on the next
constexpr Millis quiet_before_trim =
    5000;  // quiet this long after being busy: the heap's free room goes back

}  // namespace

Server::Server(std::ostream& log) : log_(log) {}

Server::~Server() = default;

std::unique_ptr<Server> Server::start(const ServerConfig& config, std::ostream& log, Millis now,
                                      std::string* why) {
    std::unique_ptr<Server> s(new Server(log));
    s->max_connections_ = config.max_connections;
    s->output_limit_ = config.output_limit;
    const std::filesystem::path db = config.db.empty() ? default_db_path() : config.db;
    std::vector<net::Endpoint> listen = config.listen;
    const bool defaults = listen.empty();
    if (defaults) listen = {net::Endpoint{"127.0.0.1", default_port}, net::Endpoint{"::1", default_port}};
    for (const net::Endpoint& e : listen) {
        std::string problem;
        auto l = net::Listener::open(e, &problem, 128);
        if (!l) {
            // Without IPv6 the default's ::1 is skipped; anything asked for by name must work.
            if (defaults && e.host == "::1") {
                s->log_.line(std::time(nullptr),
                             "not listening on [::1]:" + std::to_string(e.port) + ": " + problem);
                continue;
            }
            if (why) *why = problem;  // "cannot listen on ADDRESS: why"
            return nullptr;
        }
        s->listeners_.push_back(std::move(*l));
    }
    const std::time_t unix_at = config.unix_at_start.value_or(std::time(nullptr));
    try {
        s->store_.emplace(Store::open(db));
        s->hub_ = std::make_unique<Hub>(config.hub, *s->store_, *s, s->log_, unix_at, now);
    } catch (const db::Error& e) {
        if (why) *why = e.what();
        return nullptr;
    }
    std::string where;
    for (const std::string& a : s->addresses()) where += (where.empty() ? "" : ", ") + a;
    s->log_.line(unix_at, "serving on " + where + " with " + db.string() + "; " +
                              "games in progress: " + std::to_string(s->hub_->restored_games()));
    return s;
}

std::vector<std::string> Server::addresses() const {
    std::vector<std::string> out;
    for (const net::Listener& l : listeners_)
        for (const std::string& a : l.addresses()) out.push_back(a);
    return out;
}

std::vector<int> Server::ports() const {
    std::vector<int> out;
    for (const net::Listener& l : listeners_) out.push_back(l.port());
    return out;
}

void Server::pollfds(std::vector<pollfd>& fds) const {
    for (const net::Listener& l : listeners_)
        for (const net::Fd& fd : l.fds()) fds.push_back({fd.get(), POLLIN, 0});
    if (hub_) fds.push_back({hub_->wake_fd(), POLLIN, 0});
    for (const auto& [id, link] : links_) fds.push_back({link.conn.fd(), link.conn.events(), 0});
}

void Server::on_poll(std::span<const pollfd> fds, Millis now) {
    // Only the connections poll reported on, and those with lines left from the last round: an idle
    // connection costs nothing here.
    std::vector<std::pair<ConnId, short>> ready;
    for (const pollfd& p : fds) {
        if (!p.revents) continue;
        if (hub_ && p.fd == hub_->wake_fd()) continue;
        if (const auto it = by_fd_.find(p.fd); it != by_fd_.end()) ready.emplace_back(it->second, p.revents);
    }
    for (ConnId id : std::exchange(backlog_, {})) ready.emplace_back(id, short(0));
    for (const net::Listener& l : listeners_)
        for (const net::Fd& fd : l.fds())
            for (const pollfd& p : fds)
                if (p.fd == fd.get() && (p.revents & POLLIN)) accept_all(l, fd.get(), now);
    for (const pollfd& p : fds)
        if (hub_ && p.fd == hub_->wake_fd() && (p.revents & POLLIN)) hub_->on_wake(now);
    bury(now);
    for (const auto& [id, revents] : ready) {
        if (!links_.contains(id)) continue;  // closed meanwhile
        io(id, revents, now);
        bury(now);
    }
    hub_->tick(now);
    bury(now);
    flush_all(now);
    if (!ready.empty()) last_busy_ = now;
    if (now - last_busy_ >= quiet_before_trim && last_trim_ < last_busy_) {
        ::malloc_trim(0);
        last_trim_ = now;
    }
}

void Server::flush_all(Millis now) {
    while (!unflushed_.empty()) {
        for (ConnId id : std::exchange(unflushed_, {})) {
            const auto it = links_.find(id);
            if (it != links_.end() && !it->second.conn.flush()) broken_.push_back(id);
        }
        bury(now);  // (the hub's news of a closed connection may give others lines: the loop writes them)
    }
}

void Server::unlink(ConnId id) {
    const auto it = links_.find(id);
    if (it == links_.end()) return;
    by_fd_.erase(it->second.conn.fd());
    links_.erase(it);
}

void Server::accept_all(const net::Listener& l, int fd, Millis now) {
    for (;;) {
        std::string peer, source;
        net::Fd conn = l.accept(fd, &peer, &source);
        if (!conn) return;
        if (links_.size() >= max_connections_) {
            net::LineConn full(std::move(conn));
            full.send(
                net::lobby::format_message(net::lobby::Bye{"busy: the server is full; try again later"}));
            continue;
        }
        const ConnId id = next_id_++;
        by_fd_[conn.get()] = id;
        links_.emplace(id, Link{net::LineConn(std::move(conn), output_limit_)});
        hub_->open(id, Peer{peer, source}, now);
    }
}

void Server::io(ConnId id, short revents, Millis now) {
    Link& link = links_.at(id);
    if ((revents & POLLOUT) && !link.conn.flush()) {
        unlink(id);
        return hub_->closed(id, "the connection failed", now);
    }
    net::LineConn::Read got = net::LineConn::Read::Ok;
    std::string why;
    if (revents & (POLLIN | POLLHUP | POLLERR)) got = link.conn.read(&why);
    // Every line when the client has gone (its last words), else a fair share per round.
    const int budget = got == net::LineConn::Read::Ok ? lines_per_poll : 1 << 20;
    for (int n = 0;; ++n) {
        const auto it = links_.find(id);
        if (it == links_.end()) return;  // the hub closed it
        if (n == budget) {
            if (it->second.conn.input().has_line()) backlog_.push_back(id);
            break;
        }
        std::string line;
        const net::LineReader::Status st = it->second.conn.input().next(line);
        if (st == net::LineReader::Status::NeedMore) break;
        if (st == net::LineReader::Status::TooLong) return hub_->too_long(id, now);
        hub_->received(id, line, now);
        bury(now);
    }
    if (got == net::LineConn::Read::Ok || !links_.contains(id)) return;
    unlink(id);
    hub_->closed(id,
                 got == net::LineConn::Read::Closed ? "the client closed the connection"
                                                    : "the connection failed: " + why,
                 now);
}

Millis Server::until_next(Millis now) const {
    if (!backlog_.empty()) return 0;
    Millis best = hub_->until_next(now);
    if (last_trim_ < last_busy_) {
        const Millis t = std::max<Millis>(0, last_busy_ + quiet_before_trim - now);
        best = best < 0 ? t : std::min(best, t);
    }
    return best;
}

void Server::send(ConnId to, std::string_view line) {
    const auto it = links_.find(to);
    if (it == links_.end()) return;
    // Output past the limit means the client stopped reading (a failed write, at the end of the round,
    // that it is gone).
    const bool idle = !it->second.conn.has_output();
    if (!it->second.conn.queue(line))
        broken_.push_back(to);
    else if (idle)
        unflushed_.push_back(to);
}

void Server::close(ConnId to, std::string_view last) {
    const auto it = links_.find(to);
    if (it == links_.end()) return;
    if (!last.empty()) {
        it->second.conn.send(last);
        it->second.conn.flush();
    }
    unlink(to);
}

void Server::bury(Millis now) {
    while (!broken_.empty()) {
        const ConnId id = broken_.back();
        broken_.pop_back();
        if (!links_.contains(id)) continue;
        unlink(id);
        hub_->closed(id, "it stopped reading (its output passed the limit) or the connection failed", now);
    }
}

void Server::stop(std::string_view why, Millis now) {
    hub_->shutdown(why, now);
    flush_all(now);
    for (auto& [id, link] : links_) link.conn.flush();
    links_.clear();
    by_fd_.clear();
    listeners_.clear();
}

int run_server(const ServerConfig& config, std::ostream& log) {
    // A connection is a descriptor: as many as the system lets this process have.
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &files);
    }
    net::StopSignals signals;
    if (!signals.install()) {
        log << "gobblet: cannot make the signal pipe: " << std::strerror(errno) << "\n";
        return 1;
    }
    std::string why;
    std::unique_ptr<Server> server = Server::start(config, log, net::monotonic_ms(), &why);
    if (!server) {
        log << "gobblet: " << why << "\n";
        return 1;
    }
    try {
        for (;;) {
            std::vector<pollfd> fds = {{signals.fd(), POLLIN, 0}};
            server->pollfds(fds);
            const Millis wait = server->until_next(net::monotonic_ms());
            ::poll(fds.data(), fds.size(), wait < 0 ? 60'000 : int(std::min<Millis>(wait + 1, 60'000)));
            const Millis now = net::monotonic_ms();
            if (signals.fired()) {
                server->stop("the server is shutting down: come back later", now);
                return 0;
            }
            server->on_poll(fds, now);
        }
    } catch (const db::Error& e) {
        // Nothing unrecorded was announced: the clients come back to a restarted server.
        log << "gobblet: the database failed: " << e.what() << "; the server stops\n";
        return 1;
    }
}

}  // namespace gobblet::server
