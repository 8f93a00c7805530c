// Bit tricks on card masks (4 suits of 8 bits).
#pragma once

#include <cstdint>

#include "builtins.hpp"
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
// Functions for a newer x86-64 than the build's baseline (pext and pdep here, AVX2 in tt.hpp), for
// code compiled for such a CPU to call: the search's copy for x86-64-v3 (search.cpp).
#define MEKSIKO_X86_TARGETS 1
#define MEKSIKO_BMI2 __attribute__((target("bmi2")))
#define MEKSIKO_AVX2 __attribute__((target("avx2")))
#else
#define MEKSIKO_X86_TARGETS 0
#endif

namespace meksiko {

#if MEKSIKO_X86_TARGETS
// With BMI2 each use is one instruction and nothing is worked out beforehand.
MEKSIKO_BMI2 MEKSIKO_INLINE std::uint32_t bmi2_pext32(std::uint32_t x, std::uint32_t mask) { return _pext_u32(x, mask); }
MEKSIKO_BMI2 MEKSIKO_INLINE std::uint32_t bmi2_pdep32(std::uint32_t x, std::uint32_t mask) { return _pdep_u32(x, mask); }

class Bmi2BitPacker {
 public:
  explicit Bmi2BitPacker(std::uint32_t mask) : mask_(mask) {}
  std::uint32_t mask() const { return mask_; }
  MEKSIKO_BMI2 MEKSIKO_INLINE std::uint32_t extract(std::uint32_t x) const { return _pext_u32(x, mask_); }
  MEKSIKO_BMI2 MEKSIKO_INLINE std::uint32_t deposit(std::uint32_t x) const { return _pdep_u32(x, mask_); }

 private:
  std::uint32_t mask_;
};
#endif

// The bits of x at the positions of mask's set bits, packed to the bottom.
inline std::uint32_t pext32(std::uint32_t x, std::uint32_t mask) {
#if defined(__BMI2__)
  return bmi2_pext32(x, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (x & mask & (0u - mask)) out |= bit;
  return out;
#endif
}

// The low bits of x deposited at the positions of mask's set bits.
inline std::uint32_t pdep32(std::uint32_t x, std::uint32_t mask) {
#if defined(__BMI2__)
  return bmi2_pdep32(x, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (x & bit) out |= mask & (0u - mask);
  return out;
#endif
}

// pext32 and pdep32 by one mask that a node uses several times (the live cards), without
// BMI2 (x86-64-v2, ARM): the bit moves that pack the mask's bits are worked out once, by the
// parallel-suffix method of Hacker's Delight (7-4, 7-5): five shifts of 1, 2, 4, 8 and 16
// places, each moving the bits with that many more unset mask bits below them. A use then
// costs five steps instead of a loop over the mask's bits.
class SoftBitPacker {
 public:
  explicit SoftBitPacker(std::uint32_t mask) : mask_(mask) {
    std::uint32_t m = mask, below = ~mask << 1;  // the unset mask bits, one place up
    for (int i = 0; i < 5; ++i) {
      std::uint32_t odd = below ^ (below << 1);  // bit k: an odd number of them below k
      odd ^= odd << 2;
      odd ^= odd << 4;
      odd ^= odd << 8;
      odd ^= odd << 16;
      std::uint32_t moving = odd & m;
      moves_[i] = moving;
      m = (m ^ moving) | (moving >> (1 << i));
      below &= ~odd;
    }
  }
  std::uint32_t mask() const { return mask_; }
  std::uint32_t extract(std::uint32_t x) const {  // pext32(x, mask())
    x &= mask_;
    for (int i = 0; i < 5; ++i) {
      std::uint32_t t = x & moves_[i];
      x = (x ^ t) | (t >> (1 << i));
    }
    return x;
  }
  std::uint32_t deposit(std::uint32_t x) const {  // pdep32(x, mask())
    for (int i = 4; i >= 0; --i) {
      std::uint32_t t = x << (1 << i);
      x = (x & ~moves_[i]) | (t & moves_[i]);
    }
    return x & mask_;
  }

 private:
  std::uint32_t mask_;
  std::uint32_t moves_[5];
};

#if defined(__BMI2__)
using BitPacker = Bmi2BitPacker;
#else
using BitPacker = SoftBitPacker;
#endif

// Each byte of the result holds the number of bits set in that byte of x.
inline std::uint32_t byte_counts(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (x + (x >> 4)) & 0x0F0F0F0Fu;
}

// Each byte: every bit at or below the highest bit set in that byte of x.
inline std::uint32_t smear_down(std::uint32_t x) {
  x |= (x >> 1) & 0x7F7F7F7Fu;
  x |= (x >> 2) & 0x3F3F3F3Fu;
  return x | ((x >> 4) & 0x0F0F0F0Fu);
}

// Each byte: every bit at or above the lowest bit set in that byte of x.
inline std::uint32_t smear_up(std::uint32_t x) {
  x |= (x << 1) & 0xFEFEFEFEu;
  x |= (x << 2) & 0xFCFCFCFCu;
  return x | ((x << 4) & 0xF0F0F0F0u);
}

// Each byte: only the highest bit set in that byte of x.
inline std::uint32_t highest_per_byte(std::uint32_t x) { return x & ~(smear_down(x) >> 1 & 0x7F7F7F7Fu); }

// Each byte: all ones where that byte of x is not zero.
inline std::uint32_t whole_suits(std::uint32_t x) {
  std::uint32_t nonzero = (((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x) & 0x80808080u;
  return (nonzero >> 7) * 0xFFu;
}

}  // namespace meksiko
