// Transposition table for trick-start positions, with partition-search
// entries.
//
// A search result rarely depends on every card. The search reports which
// cards mattered: those that won a trick by outranking another card of their
// suit, and those a bound relied on. Per suit, only the top k live cards
// (down to the lowest card that mattered) need their owners kept; the cards
// below are "small": only how many each seat holds counts. An entry stores
// the seats' suit lengths (the hash key), k and the owners of the top k cards
// for each suit, and proven bounds [lo, hi] on the declarer's tricks. It
// answers for every position that agrees with it on all of these.
//
// Bounds are facts, so entries stay valid across solves and the table is
// never cleared between them: a generation counter only ages entries for
// replacement.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace meksiko {

// A trick-start position in the table's terms.
struct TTShape {
  std::uint64_t lengths;  // 4 bits per (seat, suit): the hash key
  std::uint8_t context;   // leader | declarer << 2 | trump << 4
  // The owners of the live cards packed in card order: owner code bit 0
  // (seat 0 or 2) in the low 32 bits, bit 1 (seat 1 or 2) in the high 32.
  std::uint64_t code;
};

// Which code bits an entry keeps: per suit, the top k cards (the same
// positions in both halves).
using TTMask = std::uint64_t;

// What the table knows of a position.
struct TTAnswer {
  int lo = 0, hi = 99;
  TTMask lo_mask = 0, hi_mask = 0;  // the entries giving lo and hi
  int best = 0xFF;                  // a good lead: suit * 8 + index from the lowest live card
};

// 24 bytes: a bucket of 8 fills three cache lines.
struct TTEntry {
  std::uint64_t key = 0;      // lengths | context << 48 | 1 << 63 (used)
  std::uint64_t pattern = 0;  // code & mask
  std::uint32_t kept = 0;     // the low half of the mask (both halves are equal)
  std::int8_t lo = 0, hi = 0;
  std::uint8_t best = 0xFF;
  std::uint8_t age = 0;       // depth (tricks left) | generation << 4
  TTMask mask() const { return kept | std::uint64_t{kept} << 32; }
  int depth() const { return age & 15; }
  int generation() const { return age >> 4; }
};

class TranspositionTable {
 public:
  static constexpr std::size_t kDefaultBytes = std::size_t{16} << 20;

  explicit TranspositionTable(std::size_t bytes = kDefaultBytes);
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  void prefetch(const TTShape& shape) const { __builtin_prefetch(&table_[index(shape)]); }
  TTAnswer probe(const TTShape& shape) const;
  // Record lo <= value <= hi for every position matching `shape` on the code
  // bits of `mask`; best is a lead hint or 0xFF.
  void store(const TTShape& shape, TTMask mask, int lo, int hi, int best, int depth);
  void new_generation() { ++generation_; }
  void clear();
  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }

 private:
  static constexpr int kWays = 8;
  struct Bucket {
    TTEntry slot[kWays];
  };
  struct Free {
    void operator()(Bucket* p) const;
  };
  std::size_t index(const TTShape& shape) const;

  std::unique_ptr<Bucket[], Free> table_;
  std::size_t buckets_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace meksiko
