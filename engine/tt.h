// The transposition table: what the search learned about a position, keyed on its Zobrist key.
// Fixed size, allocated once; two-entry buckets (one kept by depth, one always replaced).
//
// The search's threads share one table (Lazy SMP, search.h) without locks. Each slot is two 64-bit
// words written and read separately: the entry's data and the key XOR the data. A slot half-written by
// one thread while another reads it fails the XOR check and reads as a miss, so a thread never takes one
// position's score for another's (Hyatt's lockless hashing).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "types.h"

namespace gobblet {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

// One entry as read from the table (a copy: the slot may change under the reader).
struct TTEntry {
    Move move;
    int score = 0;
    int depth = -1;
    Bound bound = Bound::None;
};

class TranspositionTable {
  public:
    explicit TranspositionTable(int bits = 20)
        : slots_(new Slot[std::size_t(1) << bits]),
          mask_((std::size_t(1) << bits) - 2),
          count_(std::size_t(1) << bits) {}

    // Not while a search runs; a helper still stopping may write a few entries after it, which are as
    // true as any (a position's value does not depend on when it was found).
    void clear() {
        for (std::size_t i = 0; i < count_; ++i) slots_[i].write(0, 0);
        age_.store(0, std::memory_order_relaxed);
    }
    void new_search() {
        age_.store(std::uint8_t(age_.load(std::memory_order_relaxed) + 1), std::memory_order_relaxed);
    }

    // The entry for `key` that holds a usable bound, if any.
    bool probe(std::uint64_t key, TTEntry& out) const {
        const Slot* b = &slots_[key & mask_];
        for (int i = 0; i < 2; ++i) {
            std::uint64_t data = 0;
            if (b[i].read(key, data) && bound_of(data) != Bound::None) {
                out = decode(data);
                return true;
            }
        }
        return false;
    }

    // The best move known for a position, also from entries that hold no usable score (a result that
    // rested on a repetition keeps only its move): for reading principal variations back.
    Move probe_move(std::uint64_t key) const {
        const Slot* b = &slots_[key & mask_];
        for (int i = 0; i < 2; ++i) {
            std::uint64_t data = 0;
            if (b[i].read(key, data) && Move::from_raw(std::uint16_t(data)))
                return Move::from_raw(std::uint16_t(data));
        }
        return {};
    }

    // Keeps the deeper (or fresher) result in the first slot; anything else goes to the second.
    void store(std::uint64_t key, Move move, int score, int depth, Bound bound) {
        Slot* b = &slots_[key & mask_];
        const std::uint8_t age = age_.load(std::memory_order_relaxed);
        std::uint64_t data0 = 0, data1 = 0;
        const bool own0 = b[0].read(key, data0), own1 = b[1].read(key, data1);
        const std::uint64_t first = b[0].data.load(std::memory_order_relaxed);
        Slot* slot = &b[1];
        std::uint64_t old = own1 ? data1 : 0;
        bool own = own1;
        if (own0 || depth_of(first) <= depth || age_of(first) != age) {
            slot = &b[0];
            old = data0;
            own = own0;
        }
        if (own && move.is_none()) move = Move::from_raw(std::uint16_t(old));  // keep the known best move
        const std::uint64_t data = std::uint64_t(move.raw()) | std::uint64_t(std::uint16_t(score)) << 16 |
                                   std::uint64_t(std::uint8_t(std::int8_t(depth))) << 32 |
                                   std::uint64_t(bound) << 40 | std::uint64_t(age) << 48;
        slot->write(key, data);
    }

    std::size_t bytes() const { return count_ * sizeof(Slot); }

  private:
    struct Slot {
        std::atomic<std::uint64_t> check{0};  // key ^ data
        std::atomic<std::uint64_t> data{0};
        bool read(std::uint64_t key, std::uint64_t& out) const {
            const std::uint64_t d = data.load(std::memory_order_relaxed);
            if ((check.load(std::memory_order_relaxed) ^ d) != key) return false;
            out = d;
            return true;
        }
        void write(std::uint64_t key, std::uint64_t d) {
            check.store(key ^ d, std::memory_order_relaxed);
            data.store(d, std::memory_order_relaxed);
        }
    };
    static int depth_of(std::uint64_t d) { return std::int8_t(std::uint8_t(d >> 32)); }
    static Bound bound_of(std::uint64_t d) { return Bound(std::uint8_t(d >> 40)); }
    static std::uint8_t age_of(std::uint64_t d) { return std::uint8_t(d >> 48); }
    static TTEntry decode(std::uint64_t d) {
        return TTEntry{Move::from_raw(std::uint16_t(d)), std::int16_t(std::uint16_t(d >> 16)), depth_of(d),
                       bound_of(d)};
    }

    std::unique_ptr<Slot[]> slots_;
    std::size_t mask_;
    std::size_t count_;
    std::atomic<std::uint8_t> age_{0};  // written by the calling thread between runs, read by every thread
};

}  // namespace gobblet
