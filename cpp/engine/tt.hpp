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

#include "bits.hpp"
#if defined(__SSE4_1__) || MEKSIKO_X86_TARGETS
#include <immintrin.h>
#endif

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
    for (std::size_t line = 0; line < sizeof(Bucket); line += 64) prefetch(bucket + line);
  }
  // kAvx2: compare the slots with AVX2 whatever the build's baseline (from code compiled for
  // a CPU with AVX2: the search's copy for x86-64-v3, search.cpp).
  template <bool kAvx2 = false>
  TTAnswer probe(const TTShape& shape) const;  // shape: located
  // Record lo <= value <= hi for every position matching `shape` on the code
  // bits of `mask`.
  template <bool kAvx2 = false>
  void store(const TTShape& shape, TTMask mask, int lo, int hi);
  void new_generation() { ++generation_; }
  void clear();
  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }

 private:
  static constexpr int kWays = 8;
  static constexpr int kAgeCap = 31;  // solves since an entry was written, counted up to this
  // Eight entries in three cache lines, field by field, so that a probe
  // compares all eight keys at once. An entry holds: the key (lengths |
  // context << 48 | 1 << 63 when used), the pattern (code & mask), kept (the
  // low half of the mask; both halves are equal), bounds lo and hi on the
  // declarer's tricks, and the generation (solve) that last wrote it, in 16 bits
  // (the three lines' last 16 bytes). (No best lead: the lead order finds it as
  // well, docs/engine.md, sixteenth round.)
  struct alignas(64) Bucket {
    std::uint64_t key[kWays] = {};
    std::uint64_t pattern[kWays] = {};
    std::uint32_t kept[kWays] = {};
    std::int8_t lo[kWays] = {};
    std::int8_t hi[kWays] = {};
    std::uint16_t written[kWays] = {};
  };
  static_assert(sizeof(Bucket) == 192, "a bucket fills three cache lines");
  // Bit i set when slot i holds `key` and its pattern matches `code`.
  static unsigned matching_slots(const Bucket& b, std::uint64_t key, std::uint64_t code);
  // Bit i set when slot i holds `key`.
  static unsigned slots_with(const Bucket& b, std::uint64_t key);
#if MEKSIKO_X86_TARGETS
  // The same with AVX2. Not forced inline: probe<true> and store<true>, compiled for the
  // baseline, may not inline them; the search's copy for x86-64-v3 calls them (measured: faster
  // than its SSE4.1 comparisons inlined, 1.3 to 1.7 % of the search's time).
  MEKSIKO_AVX2 static unsigned matching_slots_avx2(const Bucket& b, std::uint64_t key, std::uint64_t code);
  MEKSIKO_AVX2 static unsigned slots_with_avx2(const Bucket& b, std::uint64_t key);
#endif
  struct Free {
    void operator()(Bucket* p) const;
  };
  static std::uint64_t full_key(const TTShape& shape) {
    return shape.lengths | std::uint64_t{shape.context} << 48 | std::uint64_t{1} << 63;
  }
  std::size_t index(const TTShape& shape) const {
    // One multiplication (Fibonacci hashing): the bucket comes from the product's top bits, which
    // every bit of the key reaches. A mixer of three steps cost the search 1 to 2 % (docs/engine.md,
    // twenty-sixth round).
    std::uint64_t h = full_key(shape) * 0x9E3779B97F4A7C15ULL;
    // Map the hash onto [0, buckets) without a division (any table size works).
    return static_cast<std::size_t>(mul_high64(h, buckets_));
  }

  std::unique_ptr<Bucket[], Free> table_;
  std::size_t buckets_ = 0;
  std::uint16_t generation_ = 0;
  std::uint8_t rotor_ = 0;  // the slot a replacement's search starts from; moves on each time
};

// The probe and the store are defined here, inline in the search's trick starts: as calls into
// tt.cpp they cost the search 3 to 4 % of its time (docs/engine.md, twenty-third round).

// All eight slots at once: which slots match is unpredictable, and a
// mispredicted branch costs more than looking at every slot.
#if MEKSIKO_X86_TARGETS
inline unsigned TranspositionTable::matching_slots_avx2(const Bucket& b, std::uint64_t key, std::uint64_t code) {
  __m256i k = _mm256_set1_epi64x(static_cast<long long>(key));
  __m256i c = _mm256_set1_epi64x(static_cast<long long>(code));
  unsigned found = 0;
  for (int half = 0; half < 2; ++half) {
    __m256i keys = _mm256_load_si256(reinterpret_cast<const __m256i*>(b.key + 4 * half));
    __m256i patterns = _mm256_load_si256(reinterpret_cast<const __m256i*>(b.pattern + 4 * half));
    __m256i kept = _mm256_cvtepu32_epi64(_mm_load_si128(reinterpret_cast<const __m128i*>(b.kept + 4 * half)));
    __m256i mask = _mm256_or_si256(kept, _mm256_slli_epi64(kept, 32));
    __m256i differ = _mm256_and_si256(_mm256_xor_si256(c, patterns), mask);
    __m256i match = _mm256_and_si256(_mm256_cmpeq_epi64(k, keys), _mm256_cmpeq_epi64(differ, _mm256_setzero_si256()));
    found |= static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(match))) << (4 * half);
  }
  return found;
}
#endif

MEKSIKO_INLINE unsigned TranspositionTable::matching_slots(const Bucket& b, std::uint64_t key, std::uint64_t code) {
#if defined(__AVX2__)
  return matching_slots_avx2(b, key, code);
#elif defined(__SSE4_1__)
  // The same two slots at a time (x86-64-v2).
  __m128i k = _mm_set1_epi64x(static_cast<long long>(key));
  __m128i c = _mm_set1_epi64x(static_cast<long long>(code));
  unsigned found = 0;
  for (int pair = 0; pair < 4; ++pair) {
    __m128i keys = _mm_load_si128(reinterpret_cast<const __m128i*>(b.key + 2 * pair));
    __m128i patterns = _mm_load_si128(reinterpret_cast<const __m128i*>(b.pattern + 2 * pair));
    __m128i kept = _mm_cvtepu32_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(b.kept + 2 * pair)));
    __m128i mask = _mm_or_si128(kept, _mm_slli_epi64(kept, 32));
    __m128i differ = _mm_and_si128(_mm_xor_si128(c, patterns), mask);
    __m128i match = _mm_and_si128(_mm_cmpeq_epi64(k, keys), _mm_cmpeq_epi64(differ, _mm_setzero_si128()));
    found |= static_cast<unsigned>(_mm_movemask_pd(_mm_castsi128_pd(match))) << (2 * pair);
  }
  return found;
#else
  unsigned found = 0;
  for (int i = 0; i < kWays; ++i) {
    std::uint64_t mask = b.kept[i] | std::uint64_t{b.kept[i]} << 32;
    found |= static_cast<unsigned>(b.key[i] == key && ((code ^ b.pattern[i]) & mask) == 0) << i;
  }
  return found;
#endif
}

#if MEKSIKO_X86_TARGETS
inline unsigned TranspositionTable::slots_with_avx2(const Bucket& b, std::uint64_t key) {
  __m256i k = _mm256_set1_epi64x(static_cast<long long>(key));
  __m256i low = _mm256_cmpeq_epi64(k, _mm256_load_si256(reinterpret_cast<const __m256i*>(b.key)));
  __m256i high = _mm256_cmpeq_epi64(k, _mm256_load_si256(reinterpret_cast<const __m256i*>(b.key + 4)));
  return static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(low)) |
                               _mm256_movemask_pd(_mm256_castsi256_pd(high)) << 4);
}
#endif

MEKSIKO_INLINE unsigned TranspositionTable::slots_with(const Bucket& b, std::uint64_t key) {
#if defined(__AVX2__)
  return slots_with_avx2(b, key);
#elif defined(__SSE4_1__)
  __m128i k = _mm_set1_epi64x(static_cast<long long>(key));
  unsigned found = 0;
  for (int pair = 0; pair < 4; ++pair) {
    __m128i keys = _mm_load_si128(reinterpret_cast<const __m128i*>(b.key + 2 * pair));
    found |= static_cast<unsigned>(_mm_movemask_pd(_mm_castsi128_pd(_mm_cmpeq_epi64(k, keys)))) << (2 * pair);
  }
  return found;
#else
  unsigned found = 0;
  for (int i = 0; i < kWays; ++i) found |= static_cast<unsigned>(b.key[i] == key) << i;
  return found;
#endif
}

template <bool kAvx2>
inline TTAnswer TranspositionTable::probe(const TTShape& shape) const {
  TTAnswer answer;
  std::uint64_t key = full_key(shape);
  const Bucket& b = table_[shape.bucket];
  unsigned matching;
#if MEKSIKO_X86_TARGETS
  if constexpr (kAvx2)
    matching = matching_slots_avx2(b, key, shape.code);
  else
#endif
    matching = matching_slots(b, key, shape.code);
  for (unsigned found = matching; found; found &= found - 1) {
    int i = lowest_bit32(found);
    TTMask mask = b.kept[i] | std::uint64_t{b.kept[i]} << 32;
    if (b.lo[i] > answer.lo) {
      answer.lo = b.lo[i];
      answer.lo_mask = mask;
    }
    if (b.hi[i] < answer.hi) {
      answer.hi = b.hi[i];
      answer.hi_mask = mask;
    }
  }
  return answer;
}

template <bool kAvx2>
inline void TranspositionTable::store(const TTShape& shape, TTMask mask, int lo, int hi) {
  std::uint64_t key = full_key(shape);
  std::uint64_t pattern = shape.code & mask;
  std::uint32_t kept = static_cast<std::uint32_t>(mask);
  Bucket& b = table_[shape.bucket];
  auto slots = [&b](std::uint64_t k) {
#if MEKSIKO_X86_TARGETS
    if constexpr (kAvx2) return slots_with_avx2(b, k);
#endif
    return slots_with(b, k);
  };
  for (unsigned found = slots(key); found; found &= found - 1) {
    int i = lowest_bit32(found);
    if (b.kept[i] == kept && b.pattern[i] == pattern) {
      if (lo > b.lo[i]) b.lo[i] = static_cast<std::int8_t>(lo);
      if (hi < b.hi[i]) b.hi[i] = static_cast<std::int8_t>(hi);
      b.written[i] = generation_;
      return;
    }
  }
  // Replace an empty slot, else one of the oldest: by the solves since it was last written,
  // counted up to kAgeCap. Among equals, the first from a slot that moves on at every
  // replacement. Most of a bucket's entries share one key and so one depth: always taking the
  // first of equals, as before, kept seven of them for good and churned the eighth
  // (docs/engine.md, fourteenth round: 2 to 10 % fewer nodes). Counted up to 31 rather than 3,
  // the entries of a declarer analysis's earlier discards outlive those of other trumps and
  // deals (twenty-eighth round: analysis nodes −2.6 %).
#if defined(__SSE4_1__)
  // All eight at once, each as score << 3 | its turn after the rotor (0 to 7): the lowest wins.
  __m128i written = _mm_load_si128(reinterpret_cast<const __m128i*>(b.written));
  __m128i since = _mm_sub_epi16(_mm_set1_epi16(static_cast<short>(generation_)), written);
  __m128i score = _mm_sub_epi16(_mm_set1_epi16(kAgeCap + 1), _mm_min_epu16(since, _mm_set1_epi16(kAgeCap)));
  __m128i slot_bits = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
  __m128i empty = _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16(static_cast<short>(slots(0))), slot_bits),
                                  slot_bits);
  __m128i turn = _mm_and_si128(_mm_sub_epi16(_mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7), _mm_set1_epi16(rotor_)),
                               _mm_set1_epi16(kWays - 1));
  __m128i keyed = _mm_or_si128(_mm_slli_epi16(_mm_andnot_si128(empty, score), 3), turn);
  int victim = _mm_extract_epi16(_mm_minpos_epu16(keyed), 1);
#else
  int victim = 0;
  int lowest = 1 << 30;
  for (int i = 0; i < kWays; ++i) {
    int since = static_cast<std::uint16_t>(generation_ - b.written[i]);
    int score = b.key[i] == 0 ? 0 : kAgeCap + 1 - (since < kAgeCap ? since : kAgeCap);
    int keyed = score << 3 | ((i - rotor_) & (kWays - 1));
    if (keyed < lowest) {
      lowest = keyed;
      victim = i;
    }
  }
#endif
  ++rotor_;
  b.key[victim] = key;
  b.pattern[victim] = pattern;
  b.kept[victim] = kept;
  b.lo[victim] = static_cast<std::int8_t>(lo);
  b.hi[victim] = static_cast<std::int8_t>(hi);
  b.written[victim] = generation_;
}

}  // namespace meksiko
