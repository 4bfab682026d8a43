// The one shape of a producer's answer: a value, or the reason there is none. Parsers, checks and
// anything else that may refuse what it was given return an Expected; the reason is a sentence fit to show
// a player ("--turn-time soon: not a time; ..."), so callers pass it on rather than rewrite it.
//
//     Expected<ClockSettings> r = parse_clock_settings(text);
//     if (!r) return Failure{"clock: " + r.why()};
//     use(*r);
//
// Expected<void> is a check: ok, or why not. Exceptions are for the edges only (a failed allocation, a
// kernel that gives no random numbers): nothing inside a parser or a check throws to say "no".
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace gobblet {

// The reason a producer gives instead of a value: `return Failure{"why"};` converts to any Expected.
struct Failure {
    std::string why;
};

template <class T = void>
class [[nodiscard]] Expected {
  public:
    Expected(T value) : value_(std::move(value)) {}
    Expected(Failure f) : why_(std::move(f.why)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    // The value; only when ok().
    T& operator*() { return *value_; }
    const T& operator*() const { return *value_; }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }
    // The reason; empty when ok().
    const std::string& why() const { return why_; }
    // The value as an optional, for callers that only ask whether there is one.
    std::optional<T> value() const& { return value_; }
    // Holds exactly this value.
    friend bool operator==(const Expected& e, const T& v) { return e.ok() && *e == v; }

  private:
    std::optional<T> value_;
    std::string why_;
};

template <>
class [[nodiscard]] Expected<void> {
  public:
    Expected() = default;
    Expected(Failure f) : ok_(false), why_(std::move(f.why)) {}

    bool ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const std::string& why() const { return why_; }

  private:
    bool ok_ = true;
    std::string why_;
};

}  // namespace gobblet
