// Uniform layouts of the unseen cards, drawn exactly as hints/sampling.py's Layout.draw draws them,
// with the random numbers of Python's random.Random continued from its state: the same worlds as
// the Python loop, which spent about half a millisecond a hint calling getrandbits.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace meksiko::sampling {

// Python's random.Random: MT19937 as CPython's _randommodule.c runs it, getrandbits included.
class PyRandom {
 public:
  static constexpr int kWords = 624;
  // The state random.Random.getstate()[1] holds: 624 words, then the index of the next word.
  PyRandom(const std::array<std::uint32_t, kWords>& words, int index) : mt_(words), index_(index) {}
  // getrandbits(k) for 1 <= k <= 64: whole 32-bit words, least significant first, the last one
  // keeping its top bits.
  std::uint64_t bits(int k);
  const std::array<std::uint32_t, kWords>& words() const { return mt_; }
  int index() const { return index_; }

 private:
  std::uint32_t next();
  std::array<std::uint32_t, kWords> mt_;
  int index_;
};

// Layout.draw's choices, flattened. A state is a group and the room left in each bucket; state 0
// is the first group with every bucket empty. Each state lists the splits of its group that have
// completions, with their cumulative weights (exact counts of layouts) and the state each leaves
// (-1 after the last group).
struct DrawTable {
  int buckets = 0;
  std::vector<std::vector<int>> group_cards;  // per group, its cards in the Layout's order
  std::vector<int> state_group;               // per state, its group
  std::vector<std::size_t> first_option;      // per state, its first option; then one past the last
  std::vector<std::uint64_t> cumulative;      // per option
  std::vector<int> next_state;                // per option
  std::vector<int> split;                     // per option, `buckets` counts
};

// Why the table cannot be drawn from, or empty: checked before any draw.
std::string check_table(const DrawTable& table, std::size_t count);

// `count` distinct layouts (a card mask per bucket) in the order Layout.sample draws them: each
// drawn as Layout.draw does, repeats skipped, and so are the layouts of `seen` (drawn before, by
// an earlier call: the draws then go on as one call would have). count must not exceed the
// number of layouts not seen. A
// table whose weights promise more layouts than its cards make would repeat forever: after 64
// draws a layout asked for (and 1000 more) it stops and says so in `error`.
std::vector<std::vector<std::uint32_t>> draw_distinct(const DrawTable& table, PyRandom& rng, std::size_t count,
                                                      const std::vector<std::vector<std::uint32_t>>& seen,
                                                      std::string* error);

}  // namespace meksiko::sampling
