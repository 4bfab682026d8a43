#include "code.h"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>

namespace gobblet::net {

namespace {
constexpr std::string_view crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr std::size_t max_code = 32;
}  // namespace

std::string random_bytes(std::size_t n) {
    std::string out(n, '\0');
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = getrandom(out.data() + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("no random numbers from the kernel (getrandom failed)");
        }
        got += std::size_t(r);
    }
    return out;
}

std::string new_code(std::size_t length) {
    std::string code;
    for (unsigned char b : random_bytes(length)) code += crockford[b & 31];  // 32 divides 256: no bias
    return code;
}

std::string new_match_id() {
    static constexpr char hex[] = "0123456789abcdef";
    std::string id;
    for (unsigned char b : random_bytes(8)) {
        id += hex[b >> 4];
        id += hex[b & 15];
    }
    return id;
}

std::optional<std::string> normalize_code(std::string_view typed) {
    std::string code;
    for (char c : typed) {
        if (c == '-' || c == ' ') continue;
        if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
        if (c == 'O') c = '0';
        if (c == 'I' || c == 'L') c = '1';
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return std::nullopt;
        code += c;
    }
    if (code.size() < 4 || code.size() > max_code) return std::nullopt;
    return code;
}

std::string code_text(std::string_view code) {
    std::string out;
    const std::size_t group = code.size() == 6 ? 3 : 4;
    for (std::size_t i = 0; i < code.size(); ++i) {
        if (i > 0 && i % group == 0) out += '-';
        out += code[i];
    }
    return out;
}

bool same_code(std::string_view a, std::string_view b) {
    unsigned diff = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < max_code; ++i) {
        const unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
        const unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
        diff |= unsigned(x ^ y);
    }
    return diff == 0 && a.size() <= max_code;
}

void GuessLimiter::top_up(Millis now) {
    if (tokens_ < 0) {
        tokens_ = burst_;
        since_ = now;
        return;
    }
    if (tokens_ >= burst_) {
        since_ = now;
        return;
    }
    const Millis gained = refill_ > 0 ? (now - since_) / refill_ : burst_;
    if (gained <= 0) return;
    tokens_ = int(std::min<Millis>(burst_, tokens_ + gained));
    since_ += gained * refill_;
    if (tokens_ >= burst_) since_ = now;
}

bool GuessLimiter::allow(Millis now) {
    top_up(now);
    return tokens_ > 0;
}

void GuessLimiter::wrong(Millis now) {
    top_up(now);
    if (tokens_ > 0) --tokens_;
}

bool GuessLimiter::full(Millis now) {
    top_up(now);
    return tokens_ >= burst_;
}

bool PerSource::allow(const std::string& source, Millis now) {
    const auto it = sources_.find(source);
    return it == sources_.end() || it->second.limiter.allow(now);
}

void PerSource::spend(const std::string& source, Millis now) {
    auto it = sources_.find(source);
    if (it == sources_.end()) {
        if (sources_.size() >= max_sources)
            std::erase_if(sources_, [&](const auto& x) { return now - x.second.spent >= forget_after_; });
        if (sources_.size() >= max_sources)
            sources_.erase(std::min_element(
                sources_.begin(), sources_.end(),
                [](const auto& x, const auto& y) { return x.second.spent < y.second.spent; }));
        it = sources_.emplace(source, Entry{GuessLimiter(burst_, refill_), now}).first;
    }
    it->second.spent = now;
    it->second.limiter.wrong(now);
}

bool PerSource::recent(const std::string& source, Millis now) const {
    const auto it = sources_.find(source);
    return it != sources_.end() && now - it->second.spent < forget_after_;
}

bool PerSource::crowded(Millis now) const {
    return sources_.size() >= max_sources &&
           std::all_of(sources_.begin(), sources_.end(),
                       [&](const auto& x) { return now - x.second.spent < forget_after_; });
}

GuessGuard::Verdict GuessGuard::allow(const std::string& source, Millis now) {
    if (!sources_.allow(source, now)) return Verdict::ThisSource;
    if (all_.allow(now)) return Verdict::Allowed;
    if (shared_ == Shared::Everyone) return Verdict::Everyone;
    // A source that guessed lately waits; one that did not is held back only when every source
    // remembered guessed lately (a siege of more addresses than the guard can tell apart).
    if (sources_.recent(source, now) || sources_.crowded(now)) return Verdict::Everyone;
    return Verdict::Allowed;
}

void GuessGuard::charge(const std::string& source, Millis now) {
    all_.wrong(now);
    sources_.spend(source, now);
}

}  // namespace gobblet::net
