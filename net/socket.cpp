#include "socket.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace gobblet::net {

Millis monotonic_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

const TimeSource& monotonic_clock() {
    struct Monotonic final : TimeSource {
        std::int64_t now_us() const override {
            using namespace std::chrono;
            return duration_cast<microseconds>(steady_clock::now().time_since_epoch()).count();
        }
    };
    static const Monotonic clock;
    return clock;
}

namespace {

std::string errno_text(int e) { return std::strerror(e); }

// The numeric address and port of a socket address ("[::1]:7000").
std::string address_text(const sockaddr* sa) {
    char host[INET6_ADDRSTRLEN] = "";
    int port = 0;
    if (sa->sa_family == AF_INET) {
        const auto* in = reinterpret_cast<const sockaddr_in*>(sa);
        inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
        port = ntohs(in->sin_port);
        return std::string(host) + ":" + std::to_string(port);
    }
    if (sa->sa_family == AF_INET6) {
        const auto* in6 = reinterpret_cast<const sockaddr_in6*>(sa);
        inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
        port = ntohs(in6->sin6_port);
        return "[" + std::string(host) + "]:" + std::to_string(port);
    }
    return "?";
}

int port_of(const sockaddr* sa) {
    if (sa->sa_family == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in*>(sa)->sin_port);
    if (sa->sa_family == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6*>(sa)->sin6_port);
    return 0;
}

void set_port(sockaddr* sa, int port) {
    if (sa->sa_family == AF_INET) reinterpret_cast<sockaddr_in*>(sa)->sin_port = htons(std::uint16_t(port));
    if (sa->sa_family == AF_INET6)
        reinterpret_cast<sockaddr_in6*>(sa)->sin6_port = htons(std::uint16_t(port));
}

// The socket address of a unix endpoint (parse_endpoint has checked the path's length).
sockaddr_un unix_address(const Endpoint& e) {
    sockaddr_un sa{};
    sa.sun_family = AF_UNIX;
    std::memcpy(sa.sun_path, e.path.data(), std::min(e.path.size(), sizeof sa.sun_path - 1));
    return sa;
}

// What a path holds, for the refusal to replace it: "a regular file", "a folder", ...
std::string file_kind(mode_t mode) {
    if (S_ISREG(mode)) return "a regular file";
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISLNK(mode)) return "a symbolic link";
    if (S_ISFIFO(mode)) return "a pipe";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    return "not a socket";
}

struct AddrInfo {
    addrinfo* list = nullptr;
    ~AddrInfo() {
        if (list) freeaddrinfo(list);
    }
};

// getaddrinfo for TCP into `out`, or why not.
Expected<void> resolve(const Endpoint& e, bool passive, AddrInfo& out) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_protocol = IPPROTO_TCP;
    hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
    const std::string port = std::to_string(e.port);
    const int rc = getaddrinfo(e.host.empty() ? nullptr : e.host.c_str(), port.c_str(), &hints, &out.list);
    if (rc != 0)
        return Failure{endpoint_text(e) + ": " + (rc == EAI_SYSTEM ? errno_text(errno) : gai_strerror(rc))};
    return {};
}

}  // namespace

Fd& Fd::operator=(Fd&& o) noexcept {
    if (this != &o) {
        reset();
        fd_ = o.fd_;
        o.fd_ = -1;
    }
    return *this;
}

void Fd::reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

Expected<Endpoint> parse_endpoint(std::string_view text) {
    const auto fail = [](std::string why) { return Failure{std::move(why)}; };
    Endpoint e;
    if (text.starts_with("unix:")) {
        const std::string_view path = text.substr(5);
        if (path.empty())
            return fail("give the socket's path after unix:, as in unix:/run/gobblet/lobby.sock");
        for (char c : path)
            if (static_cast<unsigned char>(c) < ' ' || c == 127)
                return fail("a socket path cannot hold control characters");
        if (path.size() > max_unix_path)
            return fail("a socket path has at most " + std::to_string(max_unix_path) +
                        " bytes (this one has " + std::to_string(path.size()) +
                        "): choose a shorter one, or a path relative to here");
        e.path = std::string(path);
        return e;
    }
    std::string_view port = text;
    if (!text.empty() && text[0] == '[') {
        const auto close = text.find(']');
        if (close == std::string_view::npos) return fail("an IPv6 address needs its closing ']'");
        e.host = std::string(text.substr(1, close - 1));
        if (e.host.empty()) return fail("empty brackets: write an address such as [::1]:7000");
        if (close + 1 >= text.size() || text[close + 1] != ':')
            return fail("a port is needed after the address, as in [::1]:7000");
        port = text.substr(close + 2);
    } else if (const auto colon = text.rfind(':'); colon != std::string_view::npos) {
        e.host = std::string(text.substr(0, colon));
        if (e.host.find(':') != std::string::npos)
            return fail("write an IPv6 address in brackets with its port, as in [::1]:7000");
        if (e.host.empty()) return fail("nothing before ':': give a host, or the port alone");
        port = text.substr(colon + 1);
    } else if (std::any_of(text.begin(), text.end(),
                           [](char c) { return c == '.' || std::isalpha(static_cast<unsigned char>(c)); })) {
        // A host without its port ("127.0.0.1", "example.org"), not a port that is no number.
        return fail("the port is missing: write the host and its port, as in 127.0.0.1:7300");
    }
    for (char c : e.host)
        if (static_cast<unsigned char>(c) <= ' ' || c == '[' || c == ']' || c == '/' || c == 127)
            return fail("not a host name or address");
    if (e.host.size() > 253) return fail("a host name has at most 253 characters");
    if (port.empty())
        return fail("the port is missing after ':': write the host and its port, as in 127.0.0.1:7300");
    if (port.size() > 5) return fail("the port is a number from 0 to 65535");
    int p = 0;
    for (char c : port) {
        if (c < '0' || c > '9') return fail("the port is a number from 0 to 65535");
        p = p * 10 + (c - '0');
    }
    if (p > 65535) return fail("the port is a number from 0 to 65535");
    e.port = p;
    return e;
}

std::string endpoint_text(const Endpoint& e) {
    if (e.is_unix()) return "unix:" + e.path;
    if (e.host.find(':') != std::string::npos) return "[" + e.host + "]:" + std::to_string(e.port);
    return e.host + ":" + std::to_string(e.port);
}

Expected<Listener> Listener::open(const Endpoint& where, int backlog) {
    if (where.is_unix()) return open_unix(where, backlog);
    AddrInfo ai;
    if (auto found = resolve(where, true, ai); !found) return Failure{"cannot listen on " + found.why()};
    Listener l;
    l.where_ = where;
    int port = where.port;
    std::string first_error;
    for (addrinfo* a = ai.list; a; a = a->ai_next) {
        if (a->ai_family != AF_INET && a->ai_family != AF_INET6) continue;
        Fd fd(::socket(a->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
        if (!fd) {
            if (first_error.empty()) first_error = errno_text(errno);
            continue;
        }
        const int one = 1;
        setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (a->ai_family == AF_INET6) setsockopt(fd.get(), IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
        set_port(a->ai_addr, port);  // with port 0, the later families take the port the first one got
        if (::bind(fd.get(), a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd.get(), backlog) != 0) {
            if (first_error.empty()) first_error = address_text(a->ai_addr) + ": " + errno_text(errno);
            continue;
        }
        if (port == 0) {
            sockaddr_storage ss{};
            socklen_t len = sizeof ss;
            getsockname(fd.get(), reinterpret_cast<sockaddr*>(&ss), &len);
            port = port_of(reinterpret_cast<sockaddr*>(&ss));
        }
        l.families_.push_back(a->ai_family);
        l.fds_.push_back(std::move(fd));
    }
    if (l.fds_.empty()) return Failure{"cannot listen on " + endpoint_text(where) + ": " + first_error};
    l.port_ = port;
    return l;
}

Expected<Listener> Listener::open_unix(const Endpoint& where, int backlog) {
    const std::string name = endpoint_text(where);
    const auto fail = [&](const std::string& w) { return Failure{"cannot listen on " + name + ": " + w}; };
    const sockaddr_un sa = unix_address(where);
    const auto* addr = reinterpret_cast<const sockaddr*>(&sa);
    Fd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (!fd) return fail(errno_text(errno));
    if (::bind(fd.get(), addr, sizeof sa) != 0) {
        if (errno != EADDRINUSE) return fail(errno_text(errno));
        // Something is at the path. Only a socket that nobody answers on is a dead server's leftover.
        struct stat st {};
        if (::lstat(where.path.c_str(), &st) != 0) return fail(errno_text(errno));
        if (!S_ISSOCK(st.st_mode))
            return fail("the path holds " + file_kind(st.st_mode) +
                        ", not a socket: remove it or choose another path");
        Fd probe(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
        if (!probe) return fail(errno_text(errno));
        if (::connect(probe.get(), addr, sizeof sa) == 0 || errno == EAGAIN)
            return fail("a server is already listening there");
        if (errno != ECONNREFUSED)
            return fail("a socket is there and it cannot be told whether it is in use (" + errno_text(errno) +
                        "): remove it if no server runs");
        if (::unlink(where.path.c_str()) != 0)
            return fail("cannot remove the dead server's socket: " + errno_text(errno));
        if (::bind(fd.get(), addr, sizeof sa) != 0) return fail(errno_text(errno));
    }
    Listener l;
    struct stat st {};
    if (::stat(where.path.c_str(), &st) == 0) {
        l.socket_file_ = where.path;
        l.socket_dev_ = std::uint64_t(st.st_dev);
        l.socket_ino_ = std::uint64_t(st.st_ino);
    }
    if (::listen(fd.get(), backlog) != 0) return fail(errno_text(errno));  // l's destructor removes the file
    l.where_ = where;
    l.families_.push_back(AF_UNIX);
    l.fds_.push_back(std::move(fd));
    return l;
}

Listener::Listener(Listener&& o) noexcept { *this = std::move(o); }

Listener& Listener::operator=(Listener&& o) noexcept {
    if (this != &o) {
        remove_socket_file();
        fds_ = std::move(o.fds_);
        families_ = std::move(o.families_);
        where_ = std::move(o.where_);
        port_ = o.port_;
        socket_file_ = std::move(o.socket_file_);
        socket_dev_ = o.socket_dev_;
        socket_ino_ = o.socket_ino_;
        o.socket_file_.clear();
    }
    return *this;
}

Listener::~Listener() { remove_socket_file(); }

void Listener::remove_socket_file() {
    if (socket_file_.empty()) return;
    // Only our own socket: another server may have replaced it since (after finding it dead).
    struct stat st {};
    if (::lstat(socket_file_.c_str(), &st) == 0 && S_ISSOCK(st.st_mode) &&
        std::uint64_t(st.st_dev) == socket_dev_ && std::uint64_t(st.st_ino) == socket_ino_)
        ::unlink(socket_file_.c_str());
    socket_file_.clear();
}

Expected<std::string> shared_source(std::string_view text) {
    constexpr std::string_view unix_user = "unix:uid=";
    if (text.starts_with(unix_user)) {
        const std::string_view uid = text.substr(unix_user.size());
        if (!uid.empty() && uid.size() <= 10 &&
            std::all_of(uid.begin(), uid.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::string(text);
        return Failure{"a local user is unix:uid=N, N the user's number"};
    }
    const std::string s(text);
    in_addr a4{};
    in6_addr a6{};
    if (inet_pton(AF_INET, s.c_str(), &a4) != 1 && inet_pton(AF_INET6, s.c_str(), &a6) != 1)
        return Failure{"not a numeric address: write it as 192.168.1.20, 2001:db8::5 or unix:uid=1000"};
    return source_key(s);
}

std::string source_key(std::string_view numeric) {
    const std::string text(numeric);
    in6_addr a6{};
    if (inet_pton(AF_INET6, text.c_str(), &a6) != 1) return text;  // IPv4, or not an address
    if (IN6_IS_ADDR_V4MAPPED(&a6)) {
        char host[INET_ADDRSTRLEN] = "";
        inet_ntop(AF_INET, &a6.s6_addr[12], host, sizeof host);
        return host;
    }
    for (int i = 8; i < 16; ++i) a6.s6_addr[i] = 0;
    char host[INET6_ADDRSTRLEN] = "";
    inet_ntop(AF_INET6, &a6, host, sizeof host);
    return std::string(host) + "/64";
}

Fd Listener::accept(int fd, std::string* peer, std::string* source) const {
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    Fd c(::accept4(fd, reinterpret_cast<sockaddr*>(&ss), &len, SOCK_NONBLOCK | SOCK_CLOEXEC));
    if (!c) return c;
    const auto* sa = reinterpret_cast<const sockaddr*>(&ss);
    if (sa->sa_family == AF_UNIX) {
        ucred cred{};
        socklen_t clen = sizeof cred;
        const std::string who = getsockopt(c.get(), SOL_SOCKET, SO_PEERCRED, &cred, &clen) == 0
                                    ? "unix:uid=" + std::to_string(cred.uid)
                                    : std::string("unix:uid=?");
        if (peer) *peer = who;
        if (source) *source = who;
        return c;
    }
    if (peer) *peer = address_text(sa);
    if (source) {
        char host[INET6_ADDRSTRLEN] = "";
        if (sa->sa_family == AF_INET)
            inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(sa)->sin_addr, host, sizeof host);
        else if (sa->sa_family == AF_INET6)
            inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr, host, sizeof host);
        *source = source_key(host);
    }
    return c;
}

std::vector<std::string> Listener::addresses() const {
    if (where_.is_unix()) return {endpoint_text(where_)};
    if (!where_.host.empty()) return {endpoint_text(Endpoint{where_.host, port_})};
    std::vector<std::string> out, loopback;
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) == 0) {
        for (ifaddrs* i = list; i; i = i->ifa_next) {
            if (!i->ifa_addr || !(i->ifa_flags & IFF_UP)) continue;
            const int family = i->ifa_addr->sa_family;
            bool listening = false;
            for (int f : families_) listening |= f == family;
            if (!listening) continue;
            sockaddr_storage ss{};
            std::memcpy(&ss, i->ifa_addr, family == AF_INET ? sizeof(sockaddr_in) : sizeof(sockaddr_in6));
            set_port(reinterpret_cast<sockaddr*>(&ss), port_);
            const std::string text = address_text(reinterpret_cast<sockaddr*>(&ss));
            bool link_local = false;
            if (family == AF_INET6) {
                const auto& a6 = reinterpret_cast<const sockaddr_in6*>(&ss)->sin6_addr;
                link_local = IN6_IS_ADDR_LINKLOCAL(&a6);  // needs a %interface suffix: not worth giving out
            }
            if (link_local) continue;
            ((i->ifa_flags & IFF_LOOPBACK) ? loopback : out).push_back(text);
        }
        freeifaddrs(list);
    }
    return out.empty() ? loopback : out;
}

Connector::Status Connector::start(const Endpoint& where, Millis now, const std::string& from) {
    from_ = from;
    addrs_.clear();
    families_.clear();
    tried_ = 0;
    fd_.reset();
    error_.clear();
    where_ = endpoint_text(where);
    if (where.is_unix()) {
        const sockaddr_un sa = unix_address(where);
        const auto* bytes = reinterpret_cast<const unsigned char*>(&sa);
        addrs_.emplace_back(bytes, bytes + sizeof sa);
        families_.push_back(AF_UNIX);
        return next(now);
    }
    AddrInfo ai;
    if (auto found = resolve(where, false, ai); !found) {
        error_ = "cannot find " + found.why();
        return status_ = Status::Failed;
    }
    for (addrinfo* a = ai.list; a; a = a->ai_next) {
        if (a->ai_family != AF_INET && a->ai_family != AF_INET6) continue;
        const auto* bytes = reinterpret_cast<const unsigned char*>(a->ai_addr);
        addrs_.emplace_back(bytes, bytes + a->ai_addrlen);
        families_.push_back(a->ai_family);
    }
    return next(now);
}

Connector::Status Connector::next(Millis now) {
    fd_.reset();
    while (tried_ < addrs_.size()) {
        const auto& addr = addrs_[tried_];
        const int family = families_[tried_++];
        Fd fd(::socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
        if (!fd) {
            error_ = "cannot connect to " + where_ + ": " + errno_text(errno);
            continue;
        }
        if (!from_.empty()) {
            AddrInfo local;
            addrinfo hints{};
            hints.ai_family = family;
            hints.ai_socktype = SOCK_STREAM;
            hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE;
            if (getaddrinfo(from_.c_str(), nullptr, &hints, &local.list) != 0 || !local.list ||
                ::bind(fd.get(), local.list->ai_addr, local.list->ai_addrlen) != 0) {
                error_ = "cannot connect to " + where_ + " from " + from_ + ": " +
                         (local.list ? errno_text(errno) : "not an address of that family");
                continue;
            }
        }
        if (::connect(fd.get(), reinterpret_cast<const sockaddr*>(addr.data()), socklen_t(addr.size())) ==
            0) {
            fd_ = std::move(fd);
            return status_ = Status::Connected;
        }
        if (errno == EINPROGRESS) {
            fd_ = std::move(fd);
            deadline_ = now + per_address;
            return status_ = Status::Pending;
        }
        // A unix socket whose queue is full answers EAGAIN at once rather than making us wait.
        error_ = "cannot connect to " + where_ + ": " +
                 (family == AF_UNIX && errno == EAGAIN ? std::string("the server's queue is full")
                                                       : errno_text(errno));
    }
    if (error_.empty()) error_ = "cannot connect to " + where_ + ": no address to try";
    return status_ = Status::Failed;
}

Connector::Status Connector::on_poll(short revents, Millis now) {
    if (status_ != Status::Pending) return status_;
    if (revents & (POLLOUT | POLLERR | POLLHUP)) {
        int err = 0;
        socklen_t len = sizeof err;
        if (getsockopt(fd_.get(), SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
        if (err == 0) return status_ = Status::Connected;
        error_ = "cannot connect to " + where_ + ": " + errno_text(err);
        return next(now);
    }
    if (now >= deadline_) {
        error_ =
            "cannot connect to " + where_ + ": no answer within " + std::to_string(per_address / 1000) + " s";
        return next(now);
    }
    return status_;
}

Millis Connector::until_next(Millis now) const {
    if (status_ != Status::Pending) return -1;
    return std::max<Millis>(0, deadline_ - now);
}

LineConn::LineConn(Fd fd, std::size_t output_limit) : fd_(std::move(fd)), output_limit_(output_limit) {
    // Small lines, answered at once: Nagle's delay would only add latency (on a unix socket the option
    // does not exist and the call fails, harmlessly).
    const int one = 1;
    setsockopt(fd_.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

short LineConn::events() const {
    short e = 0;
    if (in_.buffered() < max_input) e |= POLLIN;
    if (has_output()) e |= POLLOUT;
    return e;
}

Expected<LineConn::Read> LineConn::read() {
    char buf[4096];
    while (in_.buffered() < max_input) {
        const ssize_t n = ::recv(fd_.get(), buf, sizeof buf, 0);
        if (n > 0) {
            in_.feed(std::string_view(buf, std::size_t(n)));
            // Less than asked: the socket is empty now. What comes next makes it readable again (every
            // loop polls level-triggered), so a second recv only to hear EAGAIN is saved.
            if (std::size_t(n) < sizeof buf) return Read::Ok;
            continue;
        }
        if (n == 0) return Read::Closed;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return Read::Ok;
        return Failure{errno_text(errno)};
    }
    return Read::Ok;
}

bool LineConn::send(std::string_view line) { return queue(line) && flush(); }

bool LineConn::queue(std::string_view line) {
    if (!fd_) return false;
    if (out_.size() - out_pos_ + line.size() > output_limit_) return false;
    if (out_pos_ > 0 && out_pos_ >= out_.size() / 2) {
        // What was written goes, now and then: the queue holds what waits, not what a busy peer read.
        out_.erase(0, out_pos_);
        out_pos_ = 0;
    }
    out_.append(line);
    return true;
}

bool LineConn::flush() {
    if (!fd_) return false;
    while (out_pos_ < out_.size()) {
        const ssize_t n = ::send(fd_.get(), out_.data() + out_pos_, out_.size() - out_pos_, MSG_NOSIGNAL);
        if (n > 0) {
            out_pos_ += std::size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
        return false;
    }
    // All written: a burst's room is given back, so that an idle connection costs a few bytes. (By a swap:
    // libstdc++'s `out_ = std::string()` copies the empty string into the room it has and keeps it.)
    if (out_.capacity() > 2048)
        std::string().swap(out_);
    else
        out_.clear();
    out_pos_ = 0;
    return true;
}

}  // namespace gobblet::net
