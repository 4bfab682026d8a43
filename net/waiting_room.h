// The door of a side that listens: the connections that have not yet said who they are (a peer-to-peer
// host's before their hello, the server's before their login), counted per source address (socket.h's
// source_key) and in all, so that one address cannot keep another out. One value for both hosts, each with
// its numbers and its rule for a source that has as many waiting as it may: a peer-to-peer host lets the
// newcomer replace that source's oldest (the same player trying again), the server turns the newcomer away
// (come back later). When the room is full in all, the oldest makes way.
//
//   room_for(source) ──▶ turned away | the one replaced | the one that makes way ──caller closes them,
//                        they leave()──▶ enter(id, source, at) ... leave(id) once through the door or gone
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/time_source.h"

namespace gobblet::net {

class WaitingRoom {
  public:
    using Id = std::uint64_t;
    enum class WhenSourceFull : std::uint8_t { ReplaceOldest, TurnAway };
    WaitingRoom(std::size_t per_source, std::size_t in_all, WhenSourceFull rule)
        : per_source_(per_source), in_all_(in_all), rule_(rule) {}

    // What a newcomer from `source` means now: it is turned away, or it may enter once the one it replaces
    // (its source's oldest) and the one that makes way (the oldest of all, the room being full) have gone.
    struct Room {
        bool turned_away = false;
        std::optional<Id> replaced;
        std::optional<Id> made_way;
    };
    Room room_for(const std::string& source) const;
    // A connection waits from `at` (its place among the oldest).
    void enter(Id id, const std::string& source, Millis at);
    // It is through the door, or gone (nothing when it was not waiting).
    void leave(Id id);
    bool holds(Id id) const { return where_.contains(id); }
    std::size_t size() const { return where_.size(); }
    // The connections waiting, oldest first.
    std::vector<Id> waiting() const;
    void clear();

  private:
    std::size_t per_source_, in_all_;
    WhenSourceFull rule_;
    std::set<std::pair<Millis, Id>> order_;                         // oldest first
    std::unordered_map<Id, std::pair<Millis, std::string>> where_;  // each one's time and source
    std::unordered_map<std::string, std::size_t> from_;             // how many each source has
};

}  // namespace gobblet::net
