#include "tt.hpp"

#include "bits.hpp"

#include <cstdlib>
#include <new>
#if defined(__SSE4_1__)
#include <immintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace meksiko {

TranspositionTable::TranspositionTable(std::size_t bytes) {
  buckets_ = bytes / sizeof(Bucket);
  if (buckets_ == 0) buckets_ = 1;
  // Huge pages where the OS offers them: random probes into a table of many
  // megabytes otherwise spend much of their time on TLB misses.
  constexpr std::size_t kAlign = std::size_t{2} << 20;
  std::size_t size = buckets_ * sizeof(Bucket);
  bool huge = size >= kAlign;
  std::size_t rounded = huge ? (size + kAlign - 1) / kAlign * kAlign : (size + 63) / 64 * 64;
  void* raw = std::aligned_alloc(huge ? kAlign : 64, rounded);
  if (!raw) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (huge) madvise(raw, rounded, MADV_HUGEPAGE);
#endif
  Bucket* buckets = static_cast<Bucket*>(raw);
  for (std::size_t i = 0; i < buckets_; ++i) new (&buckets[i]) Bucket();
  table_.reset(buckets);
}

void TranspositionTable::Free::operator()(Bucket* p) const { std::free(p); }

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < buckets_; ++i) table_[i] = Bucket{};
}

// All eight slots at once: which slots match is unpredictable, and a
// mispredicted branch costs more than looking at every slot.
MEKSIKO_INLINE unsigned TranspositionTable::matching_slots(const Bucket& b, std::uint64_t key, std::uint64_t code) {
#if defined(__AVX2__)
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

MEKSIKO_INLINE unsigned TranspositionTable::slots_with(const Bucket& b, std::uint64_t key) {
#if defined(__AVX2__)
  __m256i k = _mm256_set1_epi64x(static_cast<long long>(key));
  __m256i low = _mm256_cmpeq_epi64(k, _mm256_load_si256(reinterpret_cast<const __m256i*>(b.key)));
  __m256i high = _mm256_cmpeq_epi64(k, _mm256_load_si256(reinterpret_cast<const __m256i*>(b.key + 4)));
  return static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(low)) |
                               _mm256_movemask_pd(_mm256_castsi256_pd(high)) << 4);
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

TTAnswer TranspositionTable::probe(const TTShape& shape) const {
  TTAnswer answer;
  std::uint64_t key = full_key(shape);
  const Bucket& b = table_[shape.bucket];
  for (unsigned found = matching_slots(b, key, shape.code); found; found &= found - 1) {
    int i = __builtin_ctz(found);
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

void TranspositionTable::store(const TTShape& shape, TTMask mask, int lo, int hi) {
  std::uint64_t key = full_key(shape);
  std::uint64_t pattern = shape.code & mask;
  std::uint32_t kept = static_cast<std::uint32_t>(mask);
  Bucket& b = table_[shape.bucket];
  for (unsigned found = slots_with(b, key); found; found &= found - 1) {
    int i = __builtin_ctz(found);
    if (b.kept[i] == kept && b.pattern[i] == pattern) {
      if (lo > b.lo[i]) b.lo[i] = static_cast<std::int8_t>(lo);
      if (hi < b.hi[i]) b.hi[i] = static_cast<std::int8_t>(hi);
      b.written[i] = generation_;
      return;
    }
  }
  // Replace an empty slot, else one of the oldest: by the solves since it was last written,
  // counted up to 3. Among equals, the first from a slot that moves on at every replacement.
  // Most of a bucket's entries share one key and so one depth: always taking the first of
  // equals, as before, kept seven of them for good and churned the eighth (docs/engine.md,
  // fourteenth round: 2 to 10 % fewer nodes).
#if defined(__SSE4_1__)
  // All eight at once, each as score << 3 | its turn after the rotor (0 to 7): the lowest wins.
  __m128i written = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(b.written)));
  __m128i since = _mm_and_si128(_mm_sub_epi16(_mm_set1_epi16(generation_), written), _mm_set1_epi16(0xFF));
  __m128i score = _mm_sub_epi16(_mm_set1_epi16(4), _mm_min_epu16(since, _mm_set1_epi16(3)));
  __m128i slot_bits = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
  __m128i empty = _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16(static_cast<short>(slots_with(b, 0))), slot_bits),
                                  slot_bits);
  __m128i turn = _mm_and_si128(_mm_sub_epi16(_mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7), _mm_set1_epi16(rotor_)),
                               _mm_set1_epi16(kWays - 1));
  __m128i keyed = _mm_or_si128(_mm_slli_epi16(_mm_andnot_si128(empty, score), 3), turn);
  int victim = _mm_extract_epi16(_mm_minpos_epu16(keyed), 1);
#else
  int victim = 0;
  int lowest = 1 << 30;
  for (int i = 0; i < kWays; ++i) {
    int since = (generation_ - b.written[i]) & 0xFF;
    int score = b.key[i] == 0 ? 0 : 4 - (since < 3 ? since : 3);
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
