// Which entries of a big table every lobby connection is shown: the first `cap` to come, in the order
// they came, and the longest waiting of the others when listed ones have gone (refill). A lobby with
// thousands online cannot tell everyone of everyone: each login would cost a line to every connection and a
// snapshot of everyone, so that N players arriving cost N² lines. With a listing each event costs a line to
// every connection only when its entry is listed, and a snapshot is at most `cap` lines (docs/lobby.md, "Big
// lobbies"). An entry added as `always` (a tournament's game) is listed whatever the count, and does not
// count against the cap.
//
// Plain data, no I/O: the lobby (server/lobby_server.h) says who is shown what.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace gobblet::server {

template <class Key>
class Listing {
  public:
    explicit Listing(std::size_t cap) : cap_(cap) {}

    // Adds an entry (again: nothing changes); true when it is listed.
    bool add(const Key& key, bool always = false) {
        if (const auto it = entries_.find(key); it != entries_.end()) return it->second.listed;
        const std::uint64_t seq = next_++;
        const bool listed = always || (counted_ < cap_ && waiting_.empty());  // (no jumping the queue)
        entries_.emplace(key, Entry{seq, listed, always});
        if (listed) {
            listed_.emplace(seq, key);
            counted_ += !always;
        } else {
            waiting_.emplace(seq, key);
        }
        return listed;
    }

    // Removes an entry; true when it was listed. Its place stays empty until refill(), so that many
    // going at once (a crowd leaving, a tournament's round ending) cost one promotion each, not one
    // each time a place frees.
    bool remove(const Key& key) {
        const auto it = entries_.find(key);
        if (it == entries_.end()) return false;
        const Entry e = it->second;
        entries_.erase(it);
        if (!e.listed) {
            waiting_.erase(e.seq);
            return false;
        }
        listed_.erase(e.seq);
        counted_ -= !e.always;
        return true;
    }

    // Lists the longest waiting entries in the places that are free; returns them, oldest first.
    std::vector<Key> refill() {
        std::vector<Key> promoted;
        while (!waiting_.empty() && counted_ < cap_) {
            const auto first = waiting_.begin();
            entries_.at(first->second).listed = true;
            listed_.emplace(first->first, first->second);
            ++counted_;
            promoted.push_back(first->second);
            waiting_.erase(first);
        }
        return promoted;
    }
    // Whether refill() would list something.
    bool gaps() const { return !waiting_.empty() && counted_ < cap_; }

    bool contains(const Key& key) const { return entries_.contains(key); }
    bool listed(const Key& key) const {
        const auto it = entries_.find(key);
        return it != entries_.end() && it->second.listed;
    }
    // The listed entries, oldest first.
    std::vector<Key> shown() const {
        std::vector<Key> out;
        out.reserve(listed_.size());
        for (const auto& [seq, key] : listed_) out.push_back(key);
        return out;
    }
    std::size_t size() const { return entries_.size(); }
    std::size_t listed_count() const { return listed_.size(); }
    std::size_t cap() const { return cap_; }

  private:
    struct Entry {
        std::uint64_t seq = 0;
        bool listed = false;
        bool always = false;
    };
    std::size_t cap_;
    std::uint64_t next_ = 0;
    std::size_t counted_ = 0;  // listed entries that count against the cap
    std::unordered_map<Key, Entry> entries_;
    std::map<std::uint64_t, Key> listed_, waiting_;  // by arrival
};

}  // namespace gobblet::server
