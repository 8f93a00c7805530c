// Bit tricks on card masks (4 suits of 8 bits).
#pragma once

#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

// For the small helpers of the search's hot loop, which the compiler would
// otherwise leave as calls.
#define MEKSIKO_INLINE inline __attribute__((always_inline))

namespace meksiko {

// The bits of x at the positions of mask's set bits, packed to the bottom.
inline std::uint32_t pext32(std::uint32_t x, std::uint32_t mask) {
#if defined(__BMI2__)
  return _pext_u32(x, mask);
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
  return _pdep_u32(x, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (x & bit) out |= mask & (0u - mask);
  return out;
#endif
}

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
