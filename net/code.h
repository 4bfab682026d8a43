// Join codes, match ids and the guard against guessing codes. The host shows a short random code while
// it waits; the joiner types it (any case, with or without the dash); a wrong one is refused without a
// hint, and wrong guesses are rate-limited so that the code space cannot be searched.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/clock.h"

namespace gobblet::net {

// What a host (a peer's, a server's games) answers a hello with a code it does not know: the joiner
// recognises it and asks its player for the code again (net::Session::code_refused).
inline constexpr const char* wrong_code_reason = "wrong join code";

// Random bytes from the kernel (getrandom), for codes and ids. Never a seeded generator.
std::string random_bytes(std::size_t n);

// A fresh code: `length` characters of Crockford's base 32 (digits and capitals without I, L, O, U),
// five bits each: six by default, about 30 bits, shown as "7QK-M4X"; a server's are 32 (160 bits).
std::string new_code(std::size_t length = 6);
// 16 lowercase hex digits naming a match, so a returning player can say which match it holds.
std::string new_match_id();

// A code as typed, in the form the wire carries: capitals, no dashes or spaces, and Crockford's
// look-alikes read as digits (O as 0, I and L as 1). nullopt unless 4 to 32 letters and digits remain.
std::optional<std::string> normalize_code(std::string_view typed);
// How a player reads a code: a dash in the middle of six, every four characters otherwise.
std::string code_text(std::string_view code);
// Compares two normalized codes in time that depends on neither content (only on the longest
// allowed code), so the answer's timing says nothing about how close a guess was.
bool same_code(std::string_view a, std::string_view b);

// A token bucket over wrong codes: `burst` wrong guesses at once, then one per `refill` ms. While it is
// empty, codes are not even compared, right or wrong.
class GuessLimiter {
  public:
    explicit GuessLimiter(int burst = 5, Millis refill = 2000) : burst_(burst), refill_(refill) {}
    // May a code be tried at `now`?
    bool allow(Millis now);
    // A wrong code was tried at `now`.
    void wrong(Millis now);
    // Full again at `now`: as good as a bucket never used.
    bool full(Millis now);

  private:
    void top_up(Millis now);
    int burst_;
    Millis refill_;
    int tokens_ = -1;  // -1: not started (full)
    Millis since_ = 0;
};

// A GuessLimiter per source address (socket.h's source_key): what one address may do at once and how
// fast, whatever it does from how many connections. Memory stays bounded: only sources that spent are
// remembered, at most max_sources; beyond that, one that has not spent for `forget_after` (pick it no
// shorter than the time its bucket takes to fill again) is forgotten first, else the one that spent
// longest ago (it comes back with a full bucket: what that gains is the caller's other limits' concern).
class PerSource {
  public:
    static constexpr std::size_t max_sources = 1024;
    PerSource(int burst, Millis refill, Millis forget_after)
        : burst_(burst), refill_(refill), forget_after_(forget_after) {}
    // Has `source` a token at `now`? (A source not remembered has a full bucket.)
    bool allow(const std::string& source, Millis now);
    // `source` spends a token at `now` (none when it has none left).
    void spend(const std::string& source, Millis now);
    // Whether `source` spent within forget_after of `now`.
    bool recent(const std::string& source, Millis now) const;
    // As many sources remembered as can be, and every one of them spent within forget_after of `now`.
    bool crowded(Millis now) const;
    std::size_t size() const { return sources_.size(); }

  private:
    struct Entry {
        GuessLimiter limiter;
        Millis spent = 0;
    };
    int burst_;
    Millis refill_, forget_after_;
    std::unordered_map<std::string, Entry> sources_;
};

// Guesses counted per source address (socket.h's source_key), so that one address's guesses never keep
// another's right code out: each source has its own GuessLimiter (5 at once, then one every 2 s). All
// sources together also share a larger budget (all_burst at once, then one every all_refill ms), so that
// many addresses cannot search the code space either. What an empty shared budget holds back is the
// guard's `Shared` policy:
//  - Suspects (codes, machine secrets, SSH keys: cheap to check): only the sources that guessed wrong in
//    the last suspect_for ms wait; a source that has not is never held back by strangers' guesses, so
//    forty addresses guessing cannot keep a right code out. Only a siege from more than max_sources
//    addresses at once (every source remembered guessed lately, so that a newcomer cannot be told
//    apart from them) holds back everyone, as a single shared bucket would.
//  - Everyone (password checks): every source waits, since each check costs the server the same whoever
//    asks, and right or wrong cannot be known before paying it.
// Only sources that were charged are remembered (PerSource, forgotten after suspect_for first).
class GuessGuard {
  public:
    static constexpr std::size_t max_sources = PerSource::max_sources;
    static constexpr int all_burst = 50;
    static constexpr Millis all_refill = 100;
    static constexpr Millis suspect_for = 60'000;
    enum class Shared : std::uint8_t { Suspects, Everyone };
    enum class Verdict : std::uint8_t {
        Allowed,
        ThisSource,  // this source guessed too much lately
        Everyone,    // all sources together did: this one waits for a moment
    };
    explicit GuessGuard(Shared shared = Shared::Suspects) : shared_(shared) {}
    // May `source` try at `now`?
    Verdict allow(const std::string& source, Millis now);
    // `source` is charged a guess at `now`: a wrong code or secret once it is known wrong, a password
    // check when it starts (so that checks running in parallel cannot pass the limit).
    void charge(const std::string& source, Millis now);
    // Sources remembered.
    std::size_t sources() const { return sources_.size(); }

  private:
    Shared shared_;
    PerSource sources_{5, 2000, suspect_for};
    GuessLimiter all_{all_burst, all_refill};
};

}  // namespace gobblet::net
