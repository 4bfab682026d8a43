#include "server.h"

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "net/lobby.h"
#include "net/signals.h"
#include "server/db.h"
#include "server/secrets.h"

namespace gobblet::server {

namespace {

// Connections given only bulk lines (news for every lobby connection) written per round: a few ms of
// system calls, so that a move's relay never waits long behind the lobby's fan-out.
constexpr std::size_t bulk_per_round = 256;
constexpr Millis quiet_before_trim =
    5000;  // quiet this long after being busy: the heap's free room goes back
// A server with thousands of players is never quiet that long: every so often, a heap holding this much
// room nobody uses gives it back all the same (a trim costs milliseconds: only after a burst).
constexpr Millis trim_check_every = 5000;
constexpr std::size_t unused_worth_trimming = 16 << 20;

// epoll's tokens: a connection's is its ConnId (from 1); a listening socket's and the workers' wake-up
// have the top bits.
constexpr std::uint64_t listener_token = std::uint64_t(1) << 63;
constexpr std::uint64_t wake_token = std::uint64_t(1) << 62;

// What epoll should watch a connection for, as LineConn::events asks (no reading while its input is
// full, writing while output waits).
std::uint32_t epoll_mask(short events) {
    return ((events & POLLIN) ? std::uint32_t(EPOLLIN) : 0u) |
           ((events & POLLOUT) ? std::uint32_t(EPOLLOUT) : 0u);
}

}  // namespace

Server::Server(std::ostream& log) : log_(log) {}

Server::~Server() = default;

Expected<std::unique_ptr<Server>> Server::start(const ServerConfig& config, std::ostream& log, Millis now) {
    std::unique_ptr<Server> s(new Server(log));
    s->epoll_ = net::Fd(::epoll_create1(EPOLL_CLOEXEC));
    if (!s->epoll_) {
        return Failure{std::string("cannot make an epoll instance: ") + std::strerror(errno)};
    }
    s->max_connections_ = config.max_connections;
    s->output_limit_ = config.output_limit;
    const std::filesystem::path db = config.db.empty() ? default_db_path() : config.db;
    std::vector<net::Endpoint> listen = config.listen;
    const bool defaults = listen.empty();
    if (defaults) listen = {net::Endpoint{"127.0.0.1", default_port}, net::Endpoint{"::1", default_port}};
    for (const net::Endpoint& e : listen) {
        auto l = net::Listener::open(e, 128);
        if (!l) {
            // Without IPv6 the default's ::1 is skipped; anything asked for by name must work.
            if (defaults && e.host == "::1") {
                s->log_.line(std::time(nullptr),
                             "not listening on [::1]:" + std::to_string(e.port) + ": " + l.why());
                continue;
            }
            return Failure{l.why()};  // "cannot listen on ADDRESS: why"
        }
        s->listeners_.push_back(std::move(*l));
    }
    const std::time_t unix_at = config.unix_at_start.value_or(std::time(nullptr));
    // Whatever fails from here on throws: the database (db::Error), libsodium that cannot start, the
    // password workers' wake pipe (std::runtime_error), memory. Each reaches the operator as its one line.
    try {
        init_crypto();  // now, so that a libsodium that cannot start never fails later, inside the loop
        s->store_.emplace(Store::open(db));
        s->store_->checkpoint_in_background();
        Hub::Settings hub = config.hub;
        if (config.per_address) {
            hub.held_per_source = *config.per_address;
            hub.players_per_source = *config.per_address;
        } else {
            hub.held_per_source =
                std::min(hub.held_per_source, std::max<std::size_t>(1, config.max_connections / 4));
        }
        s->hub_ = std::make_unique<Hub>(hub, *s->store_, *s, s->log_, unix_at, now);
    } catch (const std::exception& e) {
        return Failure{e.what()};
    }
    bool watched = s->watch(s->hub_->wake_fd(), EPOLLIN, wake_token);
    for (const net::Listener& l : s->listeners_)
        for (const net::Fd& fd : l.fds())
            watched = watched && s->watch(fd.get(), EPOLLIN, listener_token | std::uint64_t(fd.get()));
    if (!watched) {
        return Failure{std::string("cannot watch the sockets: ") + std::strerror(errno)};
    }
    // From here on, what a turn of the loop writes is one transaction, committed before anything of it
    // goes out (Server::before_writing).
    s->store_->group_commits(true);
    std::string where;
    for (const std::string& a : s->addresses()) where += (where.empty() ? "" : ", ") + a;
    s->log_.line(unix_at, "serving on " + where + " with " + db.string() + "; " +
                              "games in progress: " + std::to_string(s->hub_->restored_games()) +
                              "; the loser's choice of starter: " +
                              std::to_string(config.hub.limits.choice_time / 1000) + " s");
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

bool Server::watch(int fd, std::uint32_t events, std::uint64_t token) {
    epoll_event e{};
    e.events = events;
    e.data.u64 = token;
    return ::epoll_ctl(epoll_.get(), EPOLL_CTL_ADD, fd, &e) == 0;
}

void Server::before_writing() { store_->commit_group(); }

void Server::rearm(ConnId id, Link& link, bool output) {
    std::uint32_t want = epoll_mask(link.conn.events());
    // (output queued this turn is written at its end, and the connection rearmed then: watching for
    // writability meanwhile would cost two epoll_ctl calls a move for nothing)
    if (!output) want = (want & ~std::uint32_t(EPOLLOUT)) | (link.mask & std::uint32_t(EPOLLOUT));
    if (want == link.mask) return;
    epoll_event e{};
    e.events = want;
    e.data.u64 = id;
    ::epoll_ctl(epoll_.get(), EPOLL_CTL_MOD, link.conn.fd(), &e);
    link.mask = want;
}

void Server::pollfds(std::vector<pollfd>& fds) const {
    // Every socket and the workers' wake-up are watched by one epoll instance, readable when any of them
    // is ready: one descriptor to poll however many connections there are.
    fds.push_back({epoll_.get(), POLLIN, 0});
}

void Server::on_poll(std::span<const pollfd>, Millis now) {
    // Only the connections epoll reported on, and those with lines left from the last round: an idle
    // connection costs nothing here.
    std::vector<std::pair<ConnId, short>> ready;
    bool accept = false, wake = false;
    // One look a round (level-triggered: what is left over is reported again on the next, after the
    // others epoll has ready: its list goes round).
    const int n = ::epoll_wait(epoll_.get(), events_.data(), int(events_.size()), 0);
    for (int i = 0; i < n; ++i) {
        const epoll_event& e = events_[std::size_t(i)];
        if (e.data.u64 & listener_token) {
            accept = true;
        } else if (e.data.u64 == wake_token) {
            wake = true;
        } else {
            short revents = 0;
            if (e.events & EPOLLIN) revents |= POLLIN;
            if (e.events & EPOLLOUT) revents |= POLLOUT;
            if (e.events & EPOLLHUP) revents |= POLLHUP;
            if (e.events & EPOLLERR) revents |= POLLERR;
            ready.emplace_back(ConnId(e.data.u64), revents);
        }
    }
    for (ConnId id : std::exchange(backlog_, {})) ready.emplace_back(id, short(0));
    if (accept)
        for (const net::Listener& l : listeners_)
            for (const net::Fd& fd : l.fds()) accept_all(l, fd.get(), now);
    if (wake) hub_->on_wake(now);
    bury(now);
    for (const auto& [id, revents] : ready) {
        if (!links_.contains(id)) continue;  // closed meanwhile
        io(id, revents, now);
        bury(now);
    }
    hub_->tick(now);
    bury(now);
    flush_all(now);
    before_writing();  // (what was written for nobody to hear is committed too: the write lock goes)
    if (!ready.empty()) last_busy_ = now;
    if (now - last_busy_ >= quiet_before_trim && last_trim_ < last_busy_) {
        ::malloc_trim(0);
        last_trim_ = now;
    } else if (now - last_trim_check_ >= trim_check_every) {
        last_trim_check_ = now;
        if (::mallinfo2().fordblks >= unused_worth_trimming) {
            ::malloc_trim(0);
            last_trim_ = now;
        }
    }
}

void Server::flush_all(Millis now) {
    const auto flush = [&](ConnId id) {
        const auto it = links_.find(id);
        if (it == links_.end()) return;
        before_writing();
        if (!it->second.conn.flush())
            broken_.push_back(id);
        else
            rearm(id, it->second);  // what the socket did not take waits for it to be writable
    };
    while (!unflushed_.empty()) {
        for (ConnId id : std::exchange(unflushed_, {})) flush(id);
        bury(now);  // (the hub's news of a closed connection may give others lines: the loop writes them)
    }
    for (std::size_t k = 0; k < bulk_per_round && !bulk_.empty(); ++k) {
        const ConnId id = bulk_.front();
        bulk_.pop_front();
        if (const auto it = links_.find(id); it != links_.end() && it->second.bulk) {
            it->second.bulk = false;
            flush(id);
        }
    }
    bury(now);
    while (!unflushed_.empty()) {  // (lines that a buried connection's news gave)
        for (ConnId id : std::exchange(unflushed_, {})) flush(id);
        bury(now);
    }
}

void Server::unlink(ConnId id) {
    const auto it = links_.find(id);
    if (it == links_.end()) return;
    ::epoll_ctl(epoll_.get(), EPOLL_CTL_DEL, it->second.conn.fd(), nullptr);
    links_.erase(it);
}

void Server::accept_all(const net::Listener& l, int fd, Millis now) {
    for (;;) {
        std::string peer, source;
        net::Fd conn = l.accept(fd, &peer, &source);
        if (!conn) return;
        if (links_.size() >= max_connections_) {
            before_writing();
            net::LineConn full(std::move(conn));
            full.send(
                net::lobby::format_message(net::lobby::Bye{"busy: the server is full; try again later"}));
            continue;
        }
        const ConnId id = next_id_++;
        if (!watch(conn.get(), EPOLLIN, id)) continue;  // (the kernel is out of memory: it closes)
        links_.emplace(id, Link{net::LineConn(std::move(conn), output_limit_), EPOLLIN});
        hub_->open(id, Peer{peer, source}, now);
    }
}

void Server::io(ConnId id, short revents, Millis now) {
    Link& link = links_.at(id);
    if (revents & POLLOUT) before_writing();
    if ((revents & POLLOUT) && !link.conn.flush()) {
        unlink(id);
        return hub_->closed(id, "the connection failed", now);
    }
    Expected<net::LineConn::Read> got = net::LineConn::Read::Ok;
    if (revents & (POLLIN | POLLHUP | POLLERR)) got = link.conn.read();
    // Every line when the client has gone (its last words), else a fair share per round.
    const int budget = got == net::LineConn::Read::Ok ? net::lines_per_poll : 1 << 20;
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
    if (got == net::LineConn::Read::Ok) {
        if (const auto it = links_.find(id); it != links_.end()) rearm(id, it->second, revents & POLLOUT);
        return;
    }
    if (!links_.contains(id)) return;
    unlink(id);
    hub_->closed(id, got ? "the client closed the connection" : "the connection failed: " + got.why(), now);
}

Millis Server::until_next(Millis now) const {
    if (!backlog_.empty() || !bulk_.empty()) return 0;
    Soonest soonest;
    soonest.also(hub_->until_next(now));
    if (last_trim_ < last_busy_) soonest.at(last_busy_ + quiet_before_trim - now);
    return soonest.get();
}

void Server::send(ConnId to, std::string_view line) {
    const auto it = links_.find(to);
    if (it == links_.end()) return;
    // Output past the limit means the client stopped reading (a failed write, at the end of the round,
    // that it is gone).
    // A line of its own goes out this round, with the bulk lines queued before it (in order).
    const bool idle = !it->second.conn.has_output() || it->second.bulk;
    if (!it->second.conn.queue(line)) {
        broken_.push_back(to);
    } else if (idle) {
        it->second.bulk = false;
        unflushed_.push_back(to);
    }
}

void Server::send_bulk(ConnId to, std::string_view line) {
    const auto it = links_.find(to);
    if (it == links_.end()) return;
    const bool idle = !it->second.conn.has_output();
    if (!it->second.conn.queue(line)) {
        broken_.push_back(to);
    } else if (idle) {
        it->second.bulk = true;
        bulk_.push_back(to);
    }
}

void Server::close(ConnId to, std::string_view last) {
    const auto it = links_.find(to);
    if (it == links_.end()) return;
    if (!last.empty()) {
        before_writing();
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
    before_writing();
    for (auto& [id, link] : links_) link.conn.flush();
    links_.clear();
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
    Expected<std::unique_ptr<Server>> started = Server::start(config, log, net::monotonic_ms());
    if (!started) {
        log << "gobblet: " << started.why() << "\n";
        return 1;
    }
    const std::unique_ptr<Server> server = std::move(started).take();
    try {
        for (;;) {
            std::vector<pollfd> fds = {{signals.fd(), POLLIN, 0}};
            server->pollfds(fds);  // (one descriptor: the server's epoll)
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
