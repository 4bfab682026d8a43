// Tools for std::visit over a variant of messages, shared by every protocol (the peer protocol's
// net/wire.h, the lobby's net/lobby.h) and whoever handles their messages: a handler per alternative, so
// that a new one without a handler does not compile.
#pragma once

#include <cstddef>
#include <type_traits>
#include <variant>

namespace gobblet {

// Handlers for std::visit, one lambda per message or family: a message without one does not compile
// (std::visit(Overload{[](const Ping&) {...}, ...}, message)).
template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

// T is one of Ts: for a handler that takes a listed few messages alike (a list, so that a new message
// still needs a handler of its own): [](const OneOf<Ping, Pong> auto&) {...}.
template <class T, class... Ts>
concept OneOf = (std::is_same_v<T, Ts> || ...);

// The position of T among a variant's alternatives (a compile-time error when it is not one): where a
// protocol's table has its row.
template <class T, class V>
struct AlternativeIndex;
template <class T, class... Ts>
struct AlternativeIndex<T, std::variant<Ts...>> {
    static constexpr std::size_t value = [] {
        constexpr bool same[] = {std::is_same_v<T, Ts>...};
        for (std::size_t i = 0; i < sizeof...(Ts); ++i)
            if (same[i]) return i;
        return sizeof...(Ts);
    }();
    static_assert(value < sizeof...(Ts), "not a message of this protocol");
};

}  // namespace gobblet
