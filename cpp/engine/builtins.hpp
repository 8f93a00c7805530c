// The compiler built-ins the C++ code uses, for GCC and Clang and for MSVC (the Windows wheels,
// which MSVC builds: it has none of GCC's __builtin_* nor unsigned __int128).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#if defined(_MSC_VER) && !defined(__clang__)
#define MEKSIKO_MSVC 1
#include <intrin.h>
#include <malloc.h>
#else
#define MEKSIKO_MSVC 0
#endif

// For the small helpers of the search's hot loop, which the compiler would otherwise leave as calls.
#if MEKSIKO_MSVC
#define MEKSIKO_INLINE __forceinline
#else
#define MEKSIKO_INLINE inline __attribute__((always_inline))
#endif

namespace meksiko {

// Set bits of x.
inline int popcount32(std::uint32_t x) {
#if MEKSIKO_MSVC
  return static_cast<int>(__popcnt(x));  // POPCNT: in x86-64-v2, the portable build's baseline
#else
  return __builtin_popcount(x);
#endif
}

// The index of x's lowest set bit (x != 0).
inline int lowest_bit32(std::uint32_t x) {
#if MEKSIKO_MSVC
  unsigned long i;
  _BitScanForward(&i, x);
  return static_cast<int>(i);
#else
  return __builtin_ctz(x);
#endif
}

// The index of x's highest set bit (x != 0).
inline int highest_bit32(std::uint32_t x) {
#if MEKSIKO_MSVC
  unsigned long i;
  _BitScanReverse(&i, x);
  return static_cast<int>(i);
#else
  return 31 - __builtin_clz(x);
#endif
}

// The index of x's highest set bit (x != 0).
inline int highest_bit64(std::uint64_t x) {
#if MEKSIKO_MSVC
  unsigned long i;
  _BitScanReverse64(&i, x);
  return static_cast<int>(i);
#else
  return 63 - __builtin_clzll(x);
#endif
}

// The top 64 bits of the 128-bit product a * b.
inline std::uint64_t mul_high64(std::uint64_t a, std::uint64_t b) {
#if MEKSIKO_MSVC
  return __umulh(a, b);
#else
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#endif
}

// Start fetching the cache line at p for a read.
inline void prefetch(const void* p) {
#if MEKSIKO_MSVC
  _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
#else
  __builtin_prefetch(p);
#endif
}

// Memory aligned to `alignment` (a power of two; size a multiple of it), freed by aligned_free.
inline void* aligned_malloc(std::size_t alignment, std::size_t size) {
#if MEKSIKO_MSVC
  return _aligned_malloc(size, alignment);  // (MSVC has no std::aligned_alloc)
#else
  return std::aligned_alloc(alignment, size);
#endif
}

inline void aligned_free(void* p) {
#if MEKSIKO_MSVC
  _aligned_free(p);
#else
  std::free(p);
#endif
}

}  // namespace meksiko
