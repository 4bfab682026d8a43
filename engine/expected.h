// The one shape of a producer's answer: a value, or the reason there is none. Parsers, checks and
// anything else that may refuse what it was given return an Expected; the reason is a sentence fit to show
// a player ("--turn-time soon: not a time; ..."), so callers pass it on rather than rewrite it.
//
//     Expected<ClockSettings> r = parse_clock_settings(text);
//     if (!r) return Failure{"clock: " + r.why()};
//     use(*r);
//
// Expected<void> is a check: ok, or why not. Where a caller needs more than the sentence (the line and
// column of a transcript's error, the other rule set that accepts it), the reason is a value of its own:
// Expected<Game, TranscriptError>, built with `return Failure{TranscriptError{...}}`; such a reason type
// says itself in words with message().
//
// Exceptions are for the edges only (a failed allocation, a kernel that gives no random numbers):
// nothing inside a parser or a check throws to say "no".
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace gobblet {

// The reason a producer gives instead of a value: `return Failure{"why"};` converts to any Expected
// whose reason is a string, `return Failure{TextError{...}};` to one whose reason is a TextError.
template <class E = std::string>
struct Failure {
    E why;
};
Failure(const char*) -> Failure<std::string>;
Failure(std::string) -> Failure<std::string>;
template <class E>
Failure(E) -> Failure<E>;

template <class T = void, class E = std::string>
class [[nodiscard]] Expected {
  public:
    Expected(T value) : value_(std::move(value)) {}
    Expected(Failure<E> f) : why_(std::move(f.why)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    // The value; only when ok().
    T& operator*() { return *value_; }
    const T& operator*() const { return *value_; }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }
    // The reason; empty (a default E) when ok().
    const E& why() const { return why_; }
    // The value as an optional, for callers that only ask whether there is one.
    std::optional<T> value() const& { return value_; }
    // Moves the value out (the Expected keeps an empty one); only when ok().
    T take() && { return std::move(*value_); }
    // Holds exactly this value.
    friend bool operator==(const Expected& e, const T& v) { return e.ok() && *e == v; }

  private:
    std::optional<T> value_;
    E why_{};
};

template <class E>
class [[nodiscard]] Expected<void, E> {
  public:
    Expected() = default;
    Expected(Failure<E> f) : ok_(false), why_(std::move(f.why)) {}

    bool ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const E& why() const { return why_; }

  private:
    bool ok_ = true;
    E why_{};
};

}  // namespace gobblet
