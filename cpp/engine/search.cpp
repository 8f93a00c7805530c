#include "search.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "bits.hpp"
#include "endings.hpp"

// The search for x86-64-v3 beside the baseline's, in a portable build for x86-64 (GCC: clang
// compiles `#pragma GCC target` regions as the baseline).
#if !defined(MEKSIKO_NATIVE_BUILD) && defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define MEKSIKO_SEARCH_V3 1
#else
#define MEKSIKO_SEARCH_V3 0
#endif

namespace meksiko {

namespace baseline {
#if defined(__BMI2__)
#define MEKSIKO_KERNEL_BMI2 1
#else
#define MEKSIKO_KERNEL_BMI2 0
#endif
#define MEKSIKO_KERNEL_AVX2 false  // (with AVX2 in the baseline, the table's own comparisons use it)
#include "search_kernel.hpp"
#undef MEKSIKO_KERNEL_BMI2
#undef MEKSIKO_KERNEL_AVX2
}  // namespace baseline

#if MEKSIKO_SEARCH_V3
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v3")
namespace x86_64_v3 {
#define MEKSIKO_KERNEL_BMI2 1
#define MEKSIKO_KERNEL_AVX2 true
#include "search_kernel.hpp"
#undef MEKSIKO_KERNEL_BMI2
#undef MEKSIKO_KERNEL_AVX2
}  // namespace x86_64_v3
#pragma GCC pop_options
#endif

namespace {

// Whether the search runs x86-64-v3's code: when this CPU (and its OS, which must save the AVX
// registers) runs it, unless the environment's MEKSIKO_INSTRUCTION_SET=x86-64-v2 asks for the
// baseline's code (to test it, and to compare it, on a newer CPU).
[[maybe_unused]] bool runs_x86_64_v3() {
#if MEKSIKO_SEARCH_V3
  static const bool runs = [] {
    const char* asked = std::getenv("MEKSIKO_INSTRUCTION_SET");
    return __builtin_cpu_supports("x86-64-v3") && !(asked && std::strcmp(asked, "x86-64-v2") == 0);
  }();
  return runs;
#else
  return false;
#endif
}

}  // namespace

std::unique_ptr<Search> make_search(TranspositionTable& tt) {
#if MEKSIKO_SEARCH_V3
  if (runs_x86_64_v3()) return std::make_unique<x86_64_v3::SearchKernel>(tt);
#endif
  return std::make_unique<baseline::SearchKernel>(tt);
}

const char* search_instruction_set() {
#if defined(MEKSIKO_NATIVE_BUILD)
  return "native";
#elif defined(__x86_64__)
  return runs_x86_64_v3() ? "x86-64-v3" : "x86-64-v2";
#else
  return "baseline";
#endif
}

namespace {

inline unsigned suit_byte(Mask m, int suit) { return (m >> (8 * suit)) & 0xFF; }

}  // namespace

std::uint64_t relative_cards_key(const Mask hands[kSeats]) {
  Mask a = hands[0], b = hands[1], c = hands[2];
  Mask live = a | b | c, lo_bits = a | c, hi_bits = b | c;
  std::uint64_t k = 0;
  for (int s = 0; s < kSuits; ++s) {
    unsigned l = suit_byte(live, s);
    unsigned code = pext32(suit_byte(lo_bits, s), l) | pext32(suit_byte(hi_bits, s), l) << 8;
    k |= std::uint64_t{code} << (16 * s);
  }
  return k;
}

}  // namespace meksiko
