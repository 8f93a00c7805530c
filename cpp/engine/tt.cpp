#include "tt.hpp"

#include <cstdlib>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace meksiko {

TranspositionTable::TranspositionTable(std::size_t bytes) {
  std::size_t want = bytes / sizeof(Bucket);
  buckets_ = 1;
  while (buckets_ * 2 <= want) buckets_ *= 2;  // power of two for masking
  // Huge pages where the OS offers them: random probes into a table of many
  // megabytes otherwise spend more time on TLB misses than on the search.
  constexpr std::size_t kAlign = std::size_t{2} << 20;
  std::size_t size = buckets_ * sizeof(Bucket);
  std::size_t rounded = (size + kAlign - 1) / kAlign * kAlign;
  void* raw = std::aligned_alloc(size >= kAlign ? kAlign : alignof(Bucket), size >= kAlign ? rounded : size);
  if (!raw) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (size >= kAlign) madvise(raw, rounded, MADV_HUGEPAGE);
#endif
  Bucket* buckets = static_cast<Bucket*>(raw);
  for (std::size_t i = 0; i < buckets_; ++i) new (&buckets[i]) Bucket();
  table_.reset(buckets);
}

void TranspositionTable::Free::operator()(Bucket* p) const { std::free(p); }

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < buckets_; ++i) table_[i] = Bucket{};
}

std::size_t TranspositionTable::index(const TTKey& key) const {
  std::uint64_t h = key.cards ^ (std::uint64_t{key.context} * 0x9E3779B97F4A7C15ULL);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 32;
  return static_cast<std::size_t>(h) & (buckets_ - 1);
}

const TTEntry* TranspositionTable::probe(const TTKey& key) const {
  const Bucket& b = table_[index(key)];
  for (const TTEntry& e : b.slot)
    if (e.cards == key.cards && e.context == key.context) return &e;
  return nullptr;
}

void TranspositionTable::store(const TTKey& key, int lo, int hi, int best, int depth) {
  Bucket& b = table_[index(key)];
  TTEntry* victim = nullptr;
  for (TTEntry& e : b.slot) {
    if (e.cards == key.cards && e.context == key.context) {
      if (lo > e.lo) e.lo = static_cast<std::int8_t>(lo);
      if (hi < e.hi) e.hi = static_cast<std::int8_t>(hi);
      if (best != 0xFF) e.best = static_cast<std::uint8_t>(best);
      e.generation = generation_;
      return;
    }
  }
  // Replace an empty slot, else the oldest, shallowest entry.
  int worst = 1 << 30;
  for (TTEntry& e : b.slot) {
    int score = e.context == 0xFF ? -(1 << 20)
                                  : (static_cast<std::uint8_t>(generation_ - e.generation) == 0 ? 64 : 0) + e.depth;
    if (score < worst) {
      worst = score;
      victim = &e;
    }
  }
  victim->cards = key.cards;
  victim->context = key.context;
  victim->lo = static_cast<std::int8_t>(lo);
  victim->hi = static_cast<std::int8_t>(hi);
  victim->best = static_cast<std::uint8_t>(best);
  victim->depth = static_cast<std::uint8_t>(depth);
  victim->generation = generation_;
}

}  // namespace meksiko
