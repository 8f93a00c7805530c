#include "tt.hpp"

#include <cstdlib>
#include <new>
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
  void* raw = aligned_malloc(huge ? kAlign : 64, rounded);
  if (!raw) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (huge) madvise(raw, rounded, MADV_HUGEPAGE);
#endif
  Bucket* buckets = static_cast<Bucket*>(raw);
  for (std::size_t i = 0; i < buckets_; ++i) new (&buckets[i]) Bucket();
  table_.reset(buckets);
}

void TranspositionTable::Free::operator()(Bucket* p) const { aligned_free(p); }

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < buckets_; ++i) table_[i] = Bucket{};
}

}  // namespace meksiko
