// Join codes, match ids and the guard against guessing codes. The host shows a short random code while
// it waits; the joiner types it (any case, with or without the dash); a wrong one is refused without a
// hint, and wrong guesses are rate-limited so that the code space cannot be searched.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/clock.h"

namespace gobblet::net {

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

// Wrong codes counted per source address (socket.h's source_key), so that one address's guesses never
// keep another's right code out: each source has its own GuessLimiter (5 at once, then one every 2 s).
// All sources together also share a larger bucket (all_burst at once, then one every all_refill ms), so
// that many addresses cannot search the code space either; only a guesser with dozens of addresses
// can empty it, and then it holds everyone back, as the single bucket did before. Only sources that gave
// a wrong code are remembered, at most max_sources of them: beyond that, a source whose bucket is full
// again is forgotten first, else the one unused for longest (what a forgotten source gains is bounded
// by the shared bucket).
class GuessGuard {
  public:
    static constexpr std::size_t max_sources = 1024;
    static constexpr int all_burst = 50;
    static constexpr Millis all_refill = 100;
    enum class Verdict : std::uint8_t {
        Allowed,
        ThisSource,  // this source gave too many wrong codes lately
        Everyone,    // all sources together did: nobody may try for a moment
    };
    // May `source` try a code at `now`?
    Verdict allow(const std::string& source, Millis now);
    // `source` tried a wrong code at `now`.
    void wrong(const std::string& source, Millis now);
    // Sources remembered.
    std::size_t sources() const { return buckets_.size(); }

  private:
    struct Bucket {
        std::string source;
        GuessLimiter limiter;
        Millis used = 0;
    };
    Bucket* find(const std::string& source);
    std::vector<Bucket> buckets_;  // looked through once per hello: at most max_sources
    GuessLimiter all_{all_burst, all_refill};
};

}  // namespace gobblet::net
