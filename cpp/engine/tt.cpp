#include "tt.hpp"

#include <cstdlib>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace meksiko {

namespace {

std::uint64_t full_key(const TTShape& shape) {
  return shape.lengths | std::uint64_t{shape.context} << 48 | std::uint64_t{1} << 63;
}

}  // namespace

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

std::size_t TranspositionTable::index(const TTShape& shape) const {
  std::uint64_t h = full_key(shape);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 32;
  // Map the hash onto [0, buckets) without a division (any table size works).
  return static_cast<std::size_t>((static_cast<unsigned __int128>(h) * buckets_) >> 64);
}

TTAnswer TranspositionTable::probe(const TTShape& shape) const {
  TTAnswer answer;
  std::uint64_t key = full_key(shape);
  const Bucket& b = table_[index(shape)];
  for (const TTEntry& e : b.slot) {
    if (e.key != key || ((shape.code ^ e.pattern) & e.mask())) continue;
    if (e.lo > answer.lo) {
      answer.lo = e.lo;
      answer.lo_mask = e.mask();
    }
    if (e.hi < answer.hi) {
      answer.hi = e.hi;
      answer.hi_mask = e.mask();
    }
    if (e.best != 0xFF) answer.best = e.best;
  }
  return answer;
}

void TranspositionTable::store(const TTShape& shape, TTMask mask, int lo, int hi, int best, int depth) {
  std::uint64_t key = full_key(shape);
  std::uint64_t pattern = shape.code & mask;
  std::uint32_t kept = static_cast<std::uint32_t>(mask);
  int generation = generation_ & 15;
  Bucket& b = table_[index(shape)];
  for (TTEntry& e : b.slot) {
    if (e.key == key && e.kept == kept && e.pattern == pattern) {
      if (lo > e.lo) e.lo = static_cast<std::int8_t>(lo);
      if (hi < e.hi) e.hi = static_cast<std::int8_t>(hi);
      if (best != 0xFF) e.best = static_cast<std::uint8_t>(best);
      e.age = static_cast<std::uint8_t>(e.depth() | generation << 4);
      return;
    }
  }
  // Replace an empty slot, else the oldest, shallowest entry.
  TTEntry* victim = &b.slot[0];
  int worst = 1 << 30;
  for (TTEntry& e : b.slot) {
    int score = e.key == 0 ? -1 : (e.generation() == generation ? 64 : 0) + e.depth();
    if (score < worst) {
      worst = score;
      victim = &e;
    }
  }
  victim->key = key;
  victim->pattern = pattern;
  victim->kept = kept;
  victim->lo = static_cast<std::int8_t>(lo);
  victim->hi = static_cast<std::int8_t>(hi);
  victim->best = static_cast<std::uint8_t>(best);
  victim->age = static_cast<std::uint8_t>((depth & 15) | generation << 4);
}

}  // namespace meksiko
