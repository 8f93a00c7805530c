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
  std::size_t bucket = 0;  // where the table keeps it: set by locate()
};

// Which code bits an entry keeps: per suit, the top k cards (the same
// positions in both halves).
using TTMask = std::uint64_t;

// What the table knows of a position.
struct TTAnswer {
  int lo = 0, hi = 99;
  TTMask lo_mask = 0, hi_mask = 0;  // the entries giving lo and hi
};

class TranspositionTable {
 public:
  // Half a core's L2 cache on the machine we measure (512 KiB a core): probes
  // then hit it, which saves more time than the nodes a larger table would
  // save cost (measured from 128 KiB to 4 MiB: see docs/engine.md).
  static constexpr std::size_t kDefaultBytes = std::size_t{256} << 10;

  explicit TranspositionTable(std::size_t bytes = kDefaultBytes);
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Find the shape's bucket (kept in shape.bucket for probe and store) and
  // start fetching it into the cache.
  void locate(TTShape* shape) const {
    shape->bucket = index(*shape);
    const char* bucket = reinterpret_cast<const char*>(&table_[shape->bucket]);
    for (std::size_t line = 0; line < sizeof(Bucket); line += 64) __builtin_prefetch(bucket + line);
  }
  TTAnswer probe(const TTShape& shape) const;  // shape: located
  // Record lo <= value <= hi for every position matching `shape` on the code
  // bits of `mask`.
  void store(const TTShape& shape, TTMask mask, int lo, int hi);
  void new_generation() { ++generation_; }
  void clear();
  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }

 private:
  static constexpr int kWays = 8;
  // Eight entries in three cache lines, field by field, so that a probe
  // compares all eight keys at once. An entry holds: the key (lengths |
  // context << 48 | 1 << 63 when used), the pattern (code & mask), kept (the
  // low half of the mask; both halves are equal), bounds lo and hi on the
  // declarer's tricks, and the generation (solve) that last wrote it. (No best
  // lead: the lead order finds it as well, docs/engine.md, sixteenth round.)
  struct alignas(64) Bucket {
    std::uint64_t key[kWays] = {};
    std::uint64_t pattern[kWays] = {};
    std::uint32_t kept[kWays] = {};
    std::int8_t lo[kWays] = {};
    std::int8_t hi[kWays] = {};
    std::uint8_t written[kWays] = {};
  };
  // Bit i set when slot i holds `key` and its pattern matches `code`.
  static unsigned matching_slots(const Bucket& b, std::uint64_t key, std::uint64_t code);
  // Bit i set when slot i holds `key`.
  static unsigned slots_with(const Bucket& b, std::uint64_t key);
  struct Free {
    void operator()(Bucket* p) const;
  };
  static std::uint64_t full_key(const TTShape& shape) {
    return shape.lengths | std::uint64_t{shape.context} << 48 | std::uint64_t{1} << 63;
  }
  std::size_t index(const TTShape& shape) const {
    std::uint64_t h = full_key(shape);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    // Map the hash onto [0, buckets) without a division (any table size works).
    return static_cast<std::size_t>((static_cast<unsigned __int128>(h) * buckets_) >> 64);
  }

  std::unique_ptr<Bucket[], Free> table_;
  std::size_t buckets_ = 0;
  std::uint8_t generation_ = 0;
  std::uint8_t rotor_ = 0;  // the slot a replacement's search starts from; moves on each time
};

}  // namespace meksiko
