// Transposition table for trick-start positions.
//
// A key is the position with ranks made relative (cards already played are
// squeezed out of each suit), so one entry serves every position that differs
// only in which low cards are gone. An entry holds proven bounds [lo, hi] on
// the declarer's tricks from that position; bounds are facts, so they stay
// valid across solves and the table is never cleared between them: a
// generation counter only ages entries for replacement.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace meksiko {

struct TTKey {
  std::uint64_t cards;  // per suit 16 bits: owners of the remaining cards, low to high
  std::uint8_t context; // leader | declarer << 2 | trump << 4
  bool operator==(const TTKey& o) const { return cards == o.cards && context == o.context; }
};

struct TTEntry {
  std::uint64_t cards = 0;
  std::uint8_t context = 0xFF;  // 0xFF: empty slot
  std::int8_t lo = 0;
  std::int8_t hi = 0;
  std::uint8_t best = 0xFF;     // best lead as suit * 8 + relative index; 0xFF none
  std::uint8_t depth = 0;       // tricks left; deeper entries are worth more
  std::uint8_t generation = 0;
};

class TranspositionTable {
 public:
  static constexpr std::size_t kDefaultBytes = std::size_t{16} << 20;

  explicit TranspositionTable(std::size_t bytes = kDefaultBytes);
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // The entry for key, or nullptr.
  const TTEntry* probe(const TTKey& key) const;
  // Merge the bounds [lo, hi] (and best move unless 0xFF) into key's entry.
  void store(const TTKey& key, int lo, int hi, int best, int depth);
  // Start loading key's bucket into the cache.
  void prefetch(const TTKey& key) const { __builtin_prefetch(&table_[index(key)]); }
  // Start a new search generation (cheap: no clearing).
  void new_generation() { ++generation_; }
  // Forget everything (only needed to measure cold searches).
  void clear();

  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }

 private:
  static constexpr int kWays = 4;
  struct Bucket {
    TTEntry slot[kWays];
  };
  std::size_t index(const TTKey& key) const;

  struct Free {
    void operator()(Bucket* p) const;
  };
  std::unique_ptr<Bucket[], Free> table_;
  std::size_t buckets_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace meksiko
