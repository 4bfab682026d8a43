// lobby-load's matches mode (tests/tools/lobby_load.cpp): N concurrent matches with a spectator each, one
// process, every connection on one epoll. It must stay light beside the server (they share the
// machine's cores), so the lobby connections are bare lines (a guest logs in, challenges its partner or
// accepts, answers pings; one more, the viewer, from an address of its own, asks for every match's watch
// code, since a player never watches their own game nor one whose player shares their address (on a unix
// socket every connection is one source: the server needs --shared-address unix:uid=N); the rest is read
// and dropped: a full lobby client keeps
// every table, and thousands of them in one process would measure the load, not the server), while the
// game connections are the real net::Session that players and spectators run, which checks every fact.
#include "tests/tools/load_matches.h"

#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <iostream>
#include <memory>
#include <queue>
#include <random>
#include <unordered_map>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "net/code.h"
#include "net/lobby.h"
#include "net/session.h"
#include "server/games.h"
#include "server/lobby_server.h"
#include "tests/tools/proc_figures.h"

namespace gobblet::load {

namespace lobby = net::lobby;

namespace {

std::int64_t now_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
Millis now_ms() { return Millis(now_us() / 1000); }

double own_cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// SIGUSR1 ends the paced part early (tests/bench/screen.sh: when its own measurement is done); the report
// follows as at the end of --seconds.
volatile sig_atomic_t stop_measuring = 0;
void on_usr1(int) { stop_measuring = 1; }

[[noreturn]] void die(const std::string& why) {
    std::cerr << "lobby-load: " << why << "\n";
    std::exit(1);
}

// The load mirrors the server's token buckets to wait at its limits rather than be refused, refilling a
// quarter slower: its clock starts a bucket when it sends, the server's when the line arrives, a little
// later, and so fills a little later too.
constexpr Millis slower(Millis every) { return every + every / 4; }

// A bare lobby connection: the lines this load needs, the others dropped.
struct LobbyLine {
    net::LineConn conn;
    std::string name;  // as logged in ("~L0")
    std::string from;  // the address it comes from ("" for the system's choice)
    bool in = false;   // welcomed
    std::optional<lobby::MatchStart> start;
    lobby::Id challenge = 0;  // a challenge to this player, to accept
    lobby::Id own_seek = 0;   // its own open seek, as the server listed it
    // The server's limit on the changes everyone hears of (posts, challenges, withdrawals), per
    // connection: the load waits at it rather than be told to slow down.
    net::GuessLimiter changes{server::changes_burst, slower(server::changes_every)};
    int fd = -1;  // as epoll has it
    std::uint32_t mask = 0;
};

// A game connection: a player's or a spectator's.
struct Seat {
    std::unique_ptr<net::Session> session;
    const Match& match() const { return session->match(); }
    int fd = -1;
    std::uint32_t mask = 0;  // what epoll watches for it
    bool started = false;
    bool held = false;  // waited for its address's turn to join (counted once)
    int of = 0;         // the match it belongs to
};

// Where a match is in its life: played, or (with --rematch, once it is over) its players back in the
// lobby on the way to the next.
enum class Stage : std::uint8_t {
    Play,
    Over,      // waiting for its three connections to agree on how it ended
    Post,      // its first player posts an open seek ...
    Withdraw,  // ... and withdraws it once listed
    Rematch,   // ... then offers a rematch
    Accept,    // the other accepts it
    Started,   // both have the new match: its first player asks for a watch code
    Join,      // the three game connections join it
};

struct Pace {
    Stage stage = Stage::Play;
    std::string game;        // the match's game id
    std::int64_t due = 0;    // when the next move is due
    std::int64_t since = 0;  // when the move in flight was sent; 0: none in flight
    int waiting = 0;         // the three connections that have not seen it yet (the mover's echo too)
    std::size_t mover = 0;   // its seat
    bool over = false;       // the match ended (it is not paced any more)
    bool late = false;       // counted late once for the move in flight
};

class Bench {
  public:
    Bench(const net::Endpoint& where, const MatchesOptions& o) : where_(where), o_(o) {
        ep_ = ::epoll_create1(EPOLL_CLOEXEC);
        if (ep_ < 0) die("epoll_create1 failed");
    }
    ~Bench() { ::close(ep_); }

    int run();

  private:
    // epoll's token: lobby connection i is i, game seat i is (1 << 30) + i.
    static constexpr std::uint64_t seat_tag = 1u << 30;

    void watch_fd(int fd, std::uint32_t mask, std::uint64_t token, int old_fd, std::uint32_t old_mask) {
        if (old_fd == fd && old_mask == mask) return;
        if (old_fd >= 0 && old_fd != fd) ::epoll_ctl(ep_, EPOLL_CTL_DEL, old_fd, nullptr);
        if (fd < 0) return;
        epoll_event e{};
        e.events = mask;
        e.data.u64 = token;
        if (::epoll_ctl(ep_, old_fd == fd ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &e) != 0)
            die(std::string("epoll_ctl failed: ") + std::strerror(errno));
    }
    // (old_fd: the descriptor epoll has for it, -1 for none)
    void sync_lobby(std::size_t i) {
        LobbyLine& l = lobbies_[i];
        const std::uint32_t want = EPOLLIN | (l.conn.has_output() ? EPOLLOUT : 0u);
        watch_fd(l.conn.fd(), want, i, l.fd, l.mask);
        l.fd = l.conn.fd();
        l.mask = want;
    }
    void sync_seat(std::size_t i) {
        Seat& s = seats_[i];
        std::vector<pollfd> fds;
        s.session->pollfds(fds);
        const int fd = fds.empty() ? -1 : fds[0].fd;
        const std::uint32_t want = fds.empty() ? 0u : std::uint32_t(fds[0].events);
        watch_fd(fd, want, seat_tag + i, s.fd, s.mask);
        s.fd = fd;
        s.mask = want;
    }

    void lobby_io(std::size_t i, std::uint32_t events);
    // Timers: the sessions' (keep-alives, handshake deadlines) a few times a second, and a ping on every
    // lobby connection every 5 s (a client that has said nothing for 10 s pings, as lobby clients do).
    void timers(Millis now);
    void seat_io(std::size_t i, std::uint32_t events, Millis now);
    // One round: waits up to `wait_ms` and handles what is ready.
    void step(int wait_ms);
    // Steps until done() or the limit (ms); false on the limit.
    bool until(const std::function<bool()>& done, Millis limit);
    void send_lobby(std::size_t i, const std::string& line) {
        if (!lobbies_[i].conn.send(line)) die(lobbies_[i].name + ": the lobby connection failed");
        sync_lobby(i);
    }
    // Queues a game connection: it joins when its address may open one (the server's limit on game
    // connections arriving per address), at most 32 joining at once.
    void join(std::size_t seat, const std::string& code, const std::string& name, bool watch);
    void start_joins();
    // Whether lobby connection i may post, challenge or withdraw now (its own limit and its address's);
    // if so the change is counted as the server counts it. A change that has to wait is counted once.
    bool may_change(std::size_t i, bool& counted);
    // The three game connections of match k (its players', its spectator's) join its game.
    void join_match(int k);
    // Moves a match that is over on towards its rematch; true when it is in play again.
    void cycle(int k);
    // Whether the three connections of match k saw the same match.
    bool agree(int k) const;
    std::string address_of(int match) const;
    // The mover of match k makes a random legal move (or chooses the next round's starter).
    void act(int k);
    void arrived(std::size_t seat, const net::Event& e);

    net::Endpoint where_;
    MatchesOptions o_;
    int ep_ = -1;
    std::vector<LobbyLine> lobbies_;  // 2N + 1: match k's players are 2k (White in round 1) and 2k + 1;
                                      // the last, the viewer, asks for the watch codes
    std::size_t viewer() const { return lobbies_.size() - 1; }
    std::unordered_map<std::string, std::string> watch_codes_;  // by game, as the viewer was told
    std::vector<Seat> seats_;  // 3N: match k's players 3k, 3k + 1, its spectator 3k + 2
    std::vector<Pace> pace_;
    std::vector<std::int64_t> latencies_;
    std::int64_t relayed_ = 0, late_ = 0;
    bool measuring_ = false;
    bool close_lobbies_ = false;  // the players close their lobby connections once the matches started
    Millis seats_at_ = 0, lobbies_at_ = 0;  // when the timers last ran over the seats, the lobby connections
    std::size_t seat_cursor_ = 0, lobby_cursor_ = 0;
    std::mt19937_64 random_{12345};
    std::vector<epoll_event> ready_ = std::vector<epoll_event>(4096);
    struct Join {
        std::size_t seat;
        std::string code, name;
        bool watch;
    };
    std::deque<Join> joins_;  // waiting for their address's turn
    // The server's limits per address, as the load mirrors them: game connections arriving, changes.
    std::unordered_map<std::string, net::GuessLimiter> hellos_, changes_;
    std::int64_t held_hellos_ = 0, held_changes_ = 0;  // how often the load waited at each
    std::int64_t rematches_ = 0, games_over_ = 0;
    std::vector<bool> change_counted_;  // per lobby connection: its waiting change is counted
};

std::string Bench::address_of(int match) const {
    if (where_.is_unix()) return "";
    const int a = match / std::max(1, o_.per_address);
    return "127.16." + std::to_string((a >> 8) & 255) + "." + std::to_string(a & 255);
}

bool Bench::may_change(std::size_t i, bool& counted) {
    LobbyLine& l = lobbies_[i];
    const Millis now = now_ms();
    net::GuessLimiter& address =
        changes_.try_emplace(l.from, server::address_changes_burst, slower(server::address_changes_every))
            .first->second;
    if (!l.changes.allow(now) || !address.allow(now)) {
        if (!counted) ++held_changes_;
        counted = true;
        return false;
    }
    l.changes.wrong(now);  // (the buckets count changes made)
    address.wrong(now);
    counted = false;
    return true;
}

void Bench::lobby_io(std::size_t i, std::uint32_t events) {
    LobbyLine& l = lobbies_[i];
    if ((events & EPOLLOUT) && !l.conn.flush()) die(l.name + ": the lobby connection failed");
    if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
        if (l.conn.read() != net::LineConn::Read::Ok)
            die(l.name + ": the server closed the lobby connection");
        std::string line;
        for (;;) {
            const auto st = l.conn.input().next(line);
            if (st == net::LineReader::Status::NeedMore) break;
            if (st == net::LineReader::Status::TooLong) die(l.name + ": a line too long from the server");
            // Only these matter here; the tables' news is dropped unread.
            if (line.starts_with("ping ")) {
                l.conn.send("pong " + line.substr(5) + "\n");
            } else if (line.starts_with("welcome ")) {
                l.in = true;
                l.name = line.substr(8, line.find(' ', 8) - 8);
            } else if (line.starts_with("seek ") || line.starts_with("match ") ||
                       line.starts_with("watching ")) {
                const auto p = lobby::parse_message(line, 3);  // (the version these bare lines speak)
                if (!p) die(l.name + ": " + p.why() + ": " + line);
                if (const auto* s = std::get_if<lobby::SeekItem>(&*p); s && s->to == l.name)
                    l.challenge = s->id;
                if (const auto* s = std::get_if<lobby::SeekItem>(&*p);
                    s && s->to.empty() && s->from == l.name)
                    l.own_seek = s->id;
                if (const auto* m = std::get_if<lobby::MatchStart>(&*p)) l.start = *m;
                if (const auto* w = std::get_if<lobby::Watching>(&*p)) watch_codes_[w->game] = w->code;
            } else if (line.starts_with("refused ") || line.starts_with("error ") ||
                       line.starts_with("bye ")) {
                die(l.name + ": the server says: " + line);
            }
        }
    }
    sync_lobby(i);
}

void Bench::seat_io(std::size_t i, std::uint32_t events, Millis now) {
    Seat& s = seats_[i];
    if (!s.session) return;  // (left, its next not joined yet)
    std::vector<pollfd> fds;
    if (s.fd >= 0) fds.push_back({s.fd, short(s.mask), short(events)});
    // The session hands over one change at a time: the lines already read wait for the next call (epoll
    // would not wake for them), a bounded number of calls.
    for (int round = 0; round < 64; ++round) {
        s.session->on_poll(fds, now);
        while (auto e = s.session->next_event()) {
            switch (e->kind) {
                case net::Event::Kind::Started: s.started = true; break;
                case net::Event::Kind::Act: arrived(i, *e); break;
                case net::Event::Kind::Error:
                case net::Event::Kind::Gone:
                case net::Event::Kind::Dropped:
                    die("match " + std::to_string(s.of) + ", connection " + std::to_string(i % 3) + ": " +
                        e->text);
                default: break;
            }
        }
        if (s.session->until_next(now) != 0) break;
        for (pollfd& p : fds) p.revents = 0;  // read already
    }
    sync_seat(i);
}

void Bench::arrived(std::size_t seat, const net::Event& e) {
    const int k = seats_[seat].of;
    Pace& p = pace_[std::size_t(k)];
    if (p.since == 0 || e.act.kind != net::Act::Kind::Move) return;
    // The mover's own copy comes back too (the fact as the server committed it); the other two are the
    // receipts timed.
    if (seat != p.mover && measuring_) latencies_.push_back(now_us() - p.since);
    if (--p.waiting > 0) return;
    p.since = 0;
    if (measuring_) ++relayed_;
}

void Bench::step(int wait_ms) {
    const int n = ::epoll_wait(ep_, ready_.data(), int(ready_.size()), wait_ms);
    const Millis now = now_ms();
    for (int r = 0; r < n; ++r) {
        const std::uint64_t token = ready_[std::size_t(r)].data.u64;
        if (token >= seat_tag)
            seat_io(std::size_t(token - seat_tag), ready_[std::size_t(r)].events, now);
        else
            lobby_io(std::size_t(token), ready_[std::size_t(r)].events);
    }
}

void Bench::timers(Millis now) {
    // A slice at a time, so that no round stops for all of them at once (the receipts it would delay
    // would time this program, not the server): every seat about every 500 ms, every lobby connection
    // every 5 s.
    const auto slice = [](std::size_t size, Millis& last, Millis period, Millis at) {
        if (size == 0 || at <= last) return std::size_t(0);
        const std::size_t k =
            std::min<std::size_t>(size, std::size_t((at - last) * Millis(size) / period + 1));
        last = at;
        return k;
    };
    for (std::size_t k = slice(seats_.size(), seats_at_, 500, now); k > 0; --k) {
        seat_cursor_ = (seat_cursor_ + 1) % seats_.size();
        if (seats_[seat_cursor_].session) seat_io(seat_cursor_, 0, now);
    }
    for (std::size_t k = slice(lobbies_.size(), lobbies_at_, 5000, now); k > 0; --k) {
        lobby_cursor_ = (lobby_cursor_ + 1) % lobbies_.size();
        if (lobbies_[lobby_cursor_].conn.open())
            send_lobby(lobby_cursor_, "ping " + std::to_string(now) + "\n");
    }
}

bool Bench::until(const std::function<bool()>& done, Millis limit) {
    const Millis end = now_ms() + limit;
    while (now_ms() < end) {
        timers(now_ms());  // (also when done at once: a long set-up of many quick steps keeps pinging)
        start_joins();
        if (done()) return true;
        step(5);
    }
    return done();
}

void Bench::join(std::size_t seat, const std::string& code, const std::string& name, bool watch) {
    if (seats_[seat].session) {
        seats_[seat].session->leave("the match is over", now_ms());
        sync_seat(seat);
        seats_[seat].session.reset();
    }
    seats_[seat].started = seats_[seat].held = false;
    joins_.push_back(Join{seat, code, name, watch});
}

void Bench::start_joins() {
    std::size_t joining = 0;
    for (const Seat& s : seats_) joining += s.session && !s.started;
    const Millis now = now_ms();
    for (auto it = joins_.begin(); it != joins_.end() && joining < 32;) {
        const std::string from = address_of(seats_[it->seat].of);
        net::GuessLimiter& hellos =
            hellos_.try_emplace(from, server::hellos_burst, slower(server::hellos_every)).first->second;
        if (!from.empty() && !hellos.allow(now)) {
            ++it;
            continue;
        }
        if (!from.empty()) hellos.wrong(now);  // (the bucket counts arrivals)
        net::JoinConfig j;
        j.host = where_;
        j.from = from;
        j.code = it->code;
        j.name = it->name;
        j.hosted = true;
        j.watch = it->watch;
        auto joined = net::Session::join(j, Match(), now);
        if (!joined) die(joined.why());
        seats_[it->seat].session = std::move(joined).take();
        sync_seat(it->seat);
        ++joining;
        it = joins_.erase(it);
    }
    // (what waits for its address's turn is counted once)
    for (const Join& j : joins_)
        if (!std::exchange(seats_[j.seat].held, true)) ++held_hellos_;
}

void Bench::join_match(int k) {
    const LobbyLine& w = lobbies_[std::size_t(2 * k)];
    for (int s = 0; s < 3; ++s) {
        const std::size_t seat = std::size_t(3 * k + s);
        if (s < 2) {
            const LobbyLine& l = lobbies_[std::size_t(2 * k + s)];
            join(seat, l.start->code, l.name.substr(1), false);
        } else {
            join(seat, watch_codes_.at(w.start->game), "W" + std::to_string(k), true);
        }
    }
    pace_[std::size_t(k)].game = w.start->game;
}

bool Bench::agree(int k) const {
    const Match& a = seats_[std::size_t(3 * k)].match();
    for (int s = 1; s < 3; ++s) {
        const Match& b = seats_[std::size_t(3 * k + s)].match();
        bool same = a.rounds().size() == b.rounds().size() && a.game().moves() == b.game().moves();
        for (std::size_t r = 0; same && r < a.rounds().size(); ++r)
            same = a.rounds()[r].game.moves() == b.rounds()[r].game.moves();
        if (!same) return false;
    }
    return true;
}

void Bench::cycle(int k) {
    Pace& p = pace_[std::size_t(k)];
    const std::size_t w = std::size_t(2 * k), b = w + 1;
    LobbyLine &first = lobbies_[w], &second = lobbies_[b];
    bool counted = change_counted_[w];
    switch (p.stage) {
        case Stage::Play: return;
        case Stage::Over:
            // Its end reaches all three; then they must have seen the same match.
            for (int s = 0; s < 3; ++s)
                if (seats_[std::size_t(3 * k + s)].match().phase() != MatchPhase::Over) return;
            if (!agree(k)) die("match " + std::to_string(k) + ": its connections saw other moves");
            ++games_over_;
            p.stage = Stage::Post;
            [[fallthrough]];
        case Stage::Post:
            if (!may_change(w, counted)) break;
            first.own_seek = 0;
            send_lobby(w, "post official 4 none first-to " + std::to_string(o_.first_to) + " casual\n");
            p.stage = Stage::Withdraw;
            break;
        case Stage::Withdraw:
            if (first.own_seek == 0 || !may_change(w, counted)) break;
            send_lobby(w, "withdraw " + std::to_string(first.own_seek) + "\n");
            first.own_seek = 0;
            p.stage = Stage::Rematch;
            break;
        case Stage::Rematch:
            if (!may_change(w, counted)) break;
            first.start.reset();
            second.start.reset();
            second.challenge = 0;
            // (the first match of the run is a challenge)
            send_lobby(w, p.game.empty() ? "challenge " + second.name + " official 4 none first-to " +
                                               std::to_string(o_.first_to) + " casual\n"
                                         : "rematch " + p.game + "\n");
            rematches_ += !p.game.empty();
            p.stage = Stage::Accept;
            break;
        case Stage::Accept:
            if (second.challenge == 0) break;
            send_lobby(b, "accept " + std::to_string(second.challenge) + "\n");
            second.challenge = 0;
            p.stage = Stage::Started;
            break;
        case Stage::Started:
            if (!first.start || !second.start) break;
            if (first.start->game != second.start->game || first.start->game == p.game)
                die("match " + std::to_string(k) + ": the rematch started as two games");
            send_lobby(viewer(), "watch " + first.start->game + "\n");
            p.stage = Stage::Join;
            break;
        case Stage::Join:
            if (!watch_codes_.contains(first.start->game)) break;
            if (p.game != first.start->game) {
                watch_codes_.erase(p.game);  // (the last match's)
                join_match(k);               // (its game is p.game now)
            }
            for (int s = 0; s < 3; ++s)
                if (const Seat& seat = seats_[std::size_t(3 * k + s)]; !seat.session || !seat.started) return;
            p = Pace{};
            p.game = first.start->game;
            p.due = now_us();
            break;
    }
    change_counted_[w] = counted;
}

void Bench::act(int k) {
    Pace& p = pace_[std::size_t(k)];
    for (std::size_t seat : {std::size_t(3 * k), std::size_t(3 * k + 1)}) {
        Seat& s = seats_[seat];
        const Match& m = s.match();
        const int me = s.session->local_player();
        if (m.phase() == MatchPhase::Over) {
            p.over = true;
            return;
        }
        if (m.phase() == MatchPhase::ChoosingStarter) {
            if (m.chooser() != me) continue;
            // (refused while an earlier choice is on its way to the server: the next round looks again)
            if (!s.session->choose_starter(me, now_ms()).ok()) return;
            p.due += o_.interval_us;
            sync_seat(seat);
            return;
        }
        if (m.game().over() || m.player_of(m.game().side_to_move()) != me) continue;
        MoveList list;
        generate_moves(m.game().position(), list);
        if (list.size() == 0) return;
        const Move mv = list[int(random_() % std::uint64_t(list.size()))];
        p.since = now_us();
        p.waiting = 3;
        p.mover = seat;
        if (auto sent = s.session->move(MoveSpec::of(mv, m.game().side_to_move()), now_ms()); !sent)
            die("match " + std::to_string(k) + ": " + sent.why());
        p.due += o_.interval_us;
        sync_seat(seat);
        return;
    }
    // Nobody can act yet (a round's end on its way to a player): the next round looks again.
}

int Bench::run() {
    const int n = o_.matches;
    struct sigaction usr1 {};
    usr1.sa_handler = on_usr1;
    ::sigaction(SIGUSR1, &usr1, nullptr);
    // Descriptors: every connection is one here and one in the server (lobby-load's main raised the soft
    // limit to the hard one). Players who keep their lobby connection make 5 a match; closing them
    // once the matches have started makes the peak 3 a match (the game connections), 2 while logging in.
    rlimit files{};
    ::getrlimit(RLIMIT_NOFILE, &files);
    const auto have =
        files.rlim_cur == RLIM_INFINITY ? std::uint64_t(1) << 40 : std::uint64_t(files.rlim_cur);
    const std::uint64_t spare = 64, keeping = 5 * std::uint64_t(n) + spare,
                        closing = 3 * std::uint64_t(n) + spare;
    close_lobbies_ = o_.lobbies == Lobbies::Close || (o_.lobbies == Lobbies::Auto && keeping > have);
    if (close_lobbies_ && o_.rematch)
        die("a rematch needs the players' lobby connections: " + std::to_string(n) + " matches need " +
            std::to_string(keeping) + " descriptors (5 a match) to keep them, and the limit is " +
            std::to_string(have));
    const std::uint64_t need = close_lobbies_ ? closing : keeping;
    if (need > have)
        die(std::to_string(n) + " matches need " + std::to_string(need) +
            " descriptors here (and as many in the server), " +
            (close_lobbies_ ? "3 a match with the lobby connections closed once the matches start"
                            : "5 a match") +
            ", and the limit is " + std::to_string(have) +
            ": raise the hard limit (ulimit -Hn as root, or the container's nofile limit), or ask for fewer "
            "matches");
    const char* how =
        !close_lobbies_ ? "the players keep their lobby connections while they play, as the lobby screen does"
        : o_.lobbies == Lobbies::Close
            ? "the players close their lobby connections once every match has started, as a client that only "
              "plays may (--lobbies close)"
            : "the players close their lobby connections once every match has started, as a client that only "
              "plays may (keeping them, 5 a match, would not fit)";
    std::fprintf(
        stderr,
        "lobby-load: descriptor limit %llu; %s (%llu descriptors at the peak here and in the server)\n",
        static_cast<unsigned long long>(have), how, static_cast<unsigned long long>(need));
    // The set-up's waits grow with the matches (every login and every match start is told to every lobby
    // connection: the set-up is quadratic, the paced part is not).
    const Millis setup_limit = 60'000 + Millis(n) * 30;
    const std::int64_t t_setup = now_us();
    // Where the set-up's time goes, phase by phase (the settling pauses are the fixed part).
    std::string phases;
    std::int64_t t_phase = t_setup;
    const auto phase = [&](const char* what) {
        const std::int64_t t = now_us();
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s%s %.1f s", phases.empty() ? "" : ", ", what,
                      double(t - t_phase) / 1e6);
        phases += buf;
        t_phase = t;
    };
    lobbies_.resize(std::size_t(2 * n + 1));  // (and the viewer)
    seats_.resize(std::size_t(3 * n));
    pace_.assign(std::size_t(n), {});
    change_counted_.assign(lobbies_.size(), false);
    for (int i = 0; i < 3 * n; ++i) seats_[std::size_t(i)].of = i / 3;
    // Logins, at most 32 waiting at once (one address may have 64 connections waiting).
    const auto waiting = [&](std::size_t upto) {
        std::size_t w = 0;
        for (std::size_t i = 0; i < upto; ++i) w += !lobbies_[i].in;
        return w;
    };
    for (std::size_t i = 0; i < lobbies_.size(); ++i) {
        net::Connector c;
        lobbies_[i].from = i == viewer() ? (where_.is_unix() ? "" : "127.17.0.1") : address_of(int(i / 2));
        auto st = c.start(where_, now_ms(), lobbies_[i].from);
        while (st == net::Connector::Status::Pending) {
            pollfd pf{c.fd(), POLLOUT, 0};
            ::poll(&pf, 1, 50);
            st = c.on_poll(pf.revents, now_ms());
        }
        if (st != net::Connector::Status::Connected) die(c.error());
        lobbies_[i].conn = net::LineConn(c.take());
        lobbies_[i].name = "L" + std::to_string(i);
        send_lobby(i, "lobby gobblet 3\nlogin L" + std::to_string(i) + " human guest\n");
        if (!until([&] { return waiting(i + 1) < 32; }, 30'000)) die("logins stalled");
    }
    if (!until([&] { return waiting(lobbies_.size()) == 0; }, setup_limit)) die("not everyone got in");
    phase("logins");
    // The server's memory after the logins' burst has settled (it returns a burst's room within 5 s).
    const auto settle = [&] { until([] { return false; }, Millis(o_.settle * 1000)); };
    settle();
    const long rss_lobby = proc::rss_kib(o_.pid);
    phase("settling");
    if (o_.rematch) {
        // Each match comes about as a rematch does: its first player posts an open seek and withdraws it,
        // then challenges the other, who accepts; a watch code; the three game connections.
        for (Pace& p : pace_) p.stage = Stage::Post;
        if (!until(
                [&] {
                    bool all = true;
                    for (int k = 0; k < n; ++k) {
                        cycle(k);
                        all = all && pace_[std::size_t(k)].stage == Stage::Play;
                    }
                    return all;
                },
                setup_limit))
            die("not every match started");
        phase("seeks, challenges, starts and game connections");
    }
    if (!o_.rematch) {
        // Each match: its first player challenges the other, who accepts (each challenge when its
        // address's limit on changes allows: one address may have more matches than its burst).
        const std::string terms = "official 4 none first-to " + std::to_string(o_.first_to) + " casual";
        std::size_t accepted = 0, challenged = 0;
        std::vector<bool> done(std::size_t(n), false), asked(std::size_t(n), false);
        if (!until(
                [&] {
                    for (int k = 0; k < n && challenged < std::size_t(n); ++k) {
                        const std::size_t w = std::size_t(2 * k);
                        bool counted = change_counted_[w];
                        if (asked[std::size_t(k)] || !may_change(w, counted)) {
                            change_counted_[w] = counted;
                            continue;
                        }
                        change_counted_[w] = false;
                        send_lobby(w, "challenge " + lobbies_[w + 1].name + " " + terms + "\n");
                        asked[std::size_t(k)] = true;
                        ++challenged;
                    }
                    for (int k = 0; k < n; ++k) {
                        LobbyLine& b = lobbies_[std::size_t(2 * k + 1)];
                        if (done[std::size_t(k)] || b.challenge == 0) continue;
                        send_lobby(std::size_t(2 * k + 1), "accept " + std::to_string(b.challenge) + "\n");
                        done[std::size_t(k)] = true;
                        ++accepted;
                    }
                    return accepted == std::size_t(n);
                },
                setup_limit))
            die("not every challenge arrived");
        if (!until(
                [&] {
                    for (std::size_t i = 0; i < viewer(); ++i)
                        if (!lobbies_[i].start) return false;
                    return true;
                },
                setup_limit))
            die("not every match started");
        phase("challenges and starts");
        // The spectators' codes, asked for by the viewer.
        for (int k = 0; k < n; ++k)
            send_lobby(viewer(), "watch " + lobbies_[std::size_t(2 * k)].start->game + "\n");
        if (!until(
                [&] {
                    for (int k = 0; k < n; ++k)
                        if (!watch_codes_.contains(lobbies_[std::size_t(2 * k)].start->game)) return false;
                    return true;
                },
                setup_limit))
            die("not every watch code came");
        phase("watch codes");
        // Every match has started and has its watch code: what a player needs from the lobby is had. (Their
        // lobby connections' going is told to the others that remain, a `left` line each.)
        if (close_lobbies_)
            for (std::size_t i = 0; i < lobbies_.size(); ++i) {
                lobbies_[i].conn.close();
                sync_lobby(i);
            }
        // The game connections, at most 32 joining at once, each when its address may open one.
        for (int k = 0; k < n; ++k) join_match(k);
        if (!until(
                [&] {
                    for (const Seat& s : seats_)
                        if (!s.started) return false;
                    return true;
                },
                setup_limit))
            die("not every game connection reached play");
        phase("game connections");
    }
    settle();
    phase("settling");
    const double setup = double(now_us() - t_setup) / 1e6;
    const long rss_matches = proc::rss_kib(o_.pid);
    std::fprintf(
        stderr,
        "lobby-load: %d matches set up in %.1f s (%s); measuring for %.0f s (pid %d: SIGUSR1 ends it "
        "sooner)\n",
        n, setup, phases.c_str(), o_.seconds, int(::getpid()));

    // Steady pace: match k's moves are due at start + k * interval / n + j * interval.
    const std::int64_t start = now_us(), end = start + std::int64_t(o_.seconds * 1e6);
    for (int k = 0; k < n; ++k) pace_[std::size_t(k)].due = start + o_.interval_us * k / n;
    const double cpu0 = proc::cpu_seconds(o_.pid), own0 = own_cpu_seconds();
    measuring_ = true;
    std::int64_t sent = 0;
    // The matches by when each next acts, soonest first: a round costs the matches that are due, not a
    // walk over all of them (whose time would be counted as the server's latency).
    using Due = std::pair<std::int64_t, int>;
    std::priority_queue<Due, std::vector<Due>, std::greater<>> schedule;
    for (int k = 0; k < n; ++k) schedule.emplace(pace_[std::size_t(k)].due, k);
    constexpr std::int64_t retry_us = 1000;    // a match that could not act looks again this soon
    constexpr std::int64_t cycle_us = 20'000;  // a match on its way to a rematch, as often
    while (now_us() < end && !stop_measuring) {
        const std::int64_t t = now_us();
        while (!schedule.empty() && schedule.top().first <= t) {
            const int k = schedule.top().second;
            schedule.pop();
            Pace& p = pace_[std::size_t(k)];
            if (p.over) {
                // (a match over is over for the run, or on its way to a rematch)
                if (!o_.rematch) continue;
                if (p.stage == Stage::Play) p.stage = Stage::Over;
                cycle(k);
                schedule.emplace(p.stage == Stage::Play ? p.due : t + cycle_us, k);
                continue;
            }
            if (p.since != 0) {
                // The last move has not reached everyone by the next one's time.
                if (!p.late) ++late_;
                p.late = true;
                schedule.emplace(t + retry_us, k);
                continue;
            }
            const std::int64_t before = p.due;
            act(k);
            if (p.over) {
                if (o_.rematch) schedule.emplace(t + cycle_us, k);
                continue;
            }
            if (p.due != before) {
                ++sent;
                p.late = false;
                schedule.emplace(p.due, k);
            } else {
                schedule.emplace(t + retry_us, k);  // nobody could act yet (a round's end on its way)
            }
        }
        const std::int64_t next = schedule.empty() ? end : std::min(end, schedule.top().first);
        // (rounded up: a move due within the millisecond waits for it rather than spinning the CPU the
        // server needs; what arrives meanwhile wakes the wait)
        step(int(std::clamp<std::int64_t>((next - now_us() + 999) / 1000, 0, 5)));
        timers(now_ms());
        start_joins();
    }
    measuring_ = false;
    const double took = double(now_us() - start) / 1e6;
    const double cpu = proc::cpu_seconds(o_.pid) - cpu0, own = own_cpu_seconds() - own0;
    const long rss_end = proc::rss_kib(o_.pid);
    // The moves in flight land; then every match is the same on its three connections, in order.
    if (!until(
            [&] {
                for (const Pace& p : pace_)
                    if (p.since != 0) return false;
                return true;
            },
            30'000))
        die("moves still on their way after 30 s");
    step(50);
    // (a match on its way to a rematch was checked when it ended)
    for (int k = 0; k < n; ++k)
        if (pace_[std::size_t(k)].stage == Stage::Play && !agree(k))
            die("match " + std::to_string(k) + ": its connections saw other moves");
    auto& l = latencies_;
    std::sort(l.begin(), l.end());
    const auto pct = [&](double q) {
        return l.empty() ? 0.0 : double(l[std::size_t(q * double(l.size() - 1))]) / 1000;
    };
    std::printf(
        "load: %d matches (%d players, %d spectators: %d connections while they play, %d of them game "
        "connections); "
        "set up in %.1f s; a move every %.2f s a match: %.0f moves/s asked; %lld sent, %lld relayed in "
        "%.1f s (%.0f/s); %lld times a move was still on its way when the next was due; latency ms p50 "
        "%.3f p99 %.3f p99.9 %.3f worst %.3f over %zu receipts\n",
        n, 2 * n, n, close_lobbies_ ? 3 * n : 5 * n, 3 * n, setup, double(o_.interval_us) / 1e6,
        double(n) * 1e6 / double(o_.interval_us), static_cast<long long>(sent),
        static_cast<long long>(relayed_), took, double(relayed_) / took, static_cast<long long>(late_),
        pct(0.5), pct(0.99), pct(0.999), l.empty() ? 0.0 : double(l.back()) / 1000, l.size());
    {
        const int addresses =
            where_.is_unix() ? 0 : (n + std::max(1, o_.per_address) - 1) / std::max(1, o_.per_address);
        std::printf(
            "limits: %d loopback addresses (%d matches an address); the load waited at the server's limits "
            "per address %lld times for a game connection and %lld times for a lobby change; %lld matches "
            "over, %lld rematches offered\n",
            addresses, o_.per_address, static_cast<long long>(held_hellos_),
            static_cast<long long>(held_changes_), static_cast<long long>(games_over_),
            static_cast<long long>(rematches_));
    }
    if (cpu0 >= 0)
        std::printf(
            "cpu: the server %.2f s (%.0f%% of a core; %.0f moves relayed per CPU second), this load "
            "program %.2f s (%.0f%% of a core)\n",
            cpu, 100 * cpu / took, cpu > 0 ? double(relayed_) / cpu : 0.0, own, 100 * own / took);
    if (rss_lobby > 0 && rss_matches > 0)
        std::printf(
            "memory: server RSS %ld KiB with %d players in the lobby, %ld KiB with the matches "
            "(%.1f KiB per match: the game, its 3 game connections), both after %.0f s to settle; %ld KiB at "
            "the "
            "end\n",
            rss_lobby, 2 * n, rss_matches, double(rss_matches - rss_lobby) / n, o_.settle, rss_end);
    std::printf("server: %d concurrent matches, %lld moves relayed, p50 %.1f ms, p99 %.1f ms, RSS %.0f MiB\n",
                n, static_cast<long long>(relayed_), pct(0.5), pct(0.99),
                double(std::max(rss_end, 0L)) / 1024);
    if (relayed_ == 0) die("no move was relayed");
    return 0;
}

}  // namespace

int run_matches(const net::Endpoint& where, const MatchesOptions& options) {
    Bench bench(where, options);
    return bench.run();
}

}  // namespace gobblet::load
