// The transposition table: what the search learned about a position, keyed on its Zobrist key.
// Fixed size, allocated once; two-entry buckets (one kept by depth, one always replaced).
#pragma once

#include <cstdint>
#include <vector>

#include "types.h"

namespace gobblet {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TTEntry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::int16_t score = 0;
    std::int8_t depth = -1;
    Bound bound = Bound::None;
    std::uint8_t age = 0;
};

class TranspositionTable {
  public:
    explicit TranspositionTable(int bits = 20)
        : entries_(std::size_t(1) << bits), mask_((std::size_t(1) << bits) - 2) {}

    void clear() {
        for (TTEntry& e : entries_) e = TTEntry{};
        age_ = 0;
    }
    void new_search() { ++age_; }

    const TTEntry* probe(std::uint64_t key) const {
        const TTEntry* b = &entries_[key & mask_];
        if (b[0].key == key && b[0].bound != Bound::None) return &b[0];
        if (b[1].key == key && b[1].bound != Bound::None) return &b[1];
        return nullptr;
    }

    // The best move known for a position, also from entries that hold no usable score (a result that
    // rested on a repetition keeps only its move): for reading principal variations back.
    Move probe_move(std::uint64_t key) const {
        const TTEntry* b = &entries_[key & mask_];
        for (int i = 0; i < 2; ++i)
            if (b[i].key == key && b[i].move) return Move::from_raw(b[i].move);
        return {};
    }

    // Keeps the deeper (or fresher) result in the first slot; anything else goes to the second.
    void store(std::uint64_t key, Move move, int score, int depth, Bound bound) {
        TTEntry* b = &entries_[key & mask_];
        TTEntry* slot = &b[1];
        if (b[0].key == key || b[0].depth <= depth || b[0].age != age_) slot = &b[0];
        if (slot->key == key && move.is_none())
            move = Move::from_raw(slot->move);  // keep the known best move
        *slot = TTEntry{key, move.raw(), std::int16_t(score), std::int8_t(depth), bound, age_};
    }

    std::size_t bytes() const { return entries_.size() * sizeof(TTEntry); }

  private:
    std::vector<TTEntry> entries_;
    std::size_t mask_;
    std::uint8_t age_ = 0;
};

}  // namespace gobblet
