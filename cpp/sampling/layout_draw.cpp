#include "layout_draw.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "../engine/builtins.hpp"

namespace meksiko::sampling {

std::uint32_t PyRandom::next() {
  constexpr int kShift = 397;
  constexpr std::uint32_t kMatrix = 0x9908B0DFu, kUpper = 0x80000000u, kLower = 0x7FFFFFFFu;
  if (index_ >= kWords) {  // a new block of 624 words
    for (int k = 0; k < kWords; ++k) {
      std::uint32_t y = (mt_[k] & kUpper) | (mt_[(k + 1) % kWords] & kLower);
      mt_[k] = mt_[(k + kShift) % kWords] ^ (y >> 1) ^ ((y & 1) ? kMatrix : 0u);
    }
    index_ = 0;
  }
  std::uint32_t y = mt_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9D2C5680u;
  y ^= (y << 15) & 0xEFC60000u;
  y ^= y >> 18;
  return y;
}

std::uint64_t PyRandom::bits(int k) {
  if (k <= 32) return next() >> (32 - k);
  std::uint64_t low = next();
  return low | std::uint64_t{next() >> (64 - k)} << 32;
}

namespace {

int bit_length(std::uint64_t n) { return n == 0 ? 0 : highest_bit64(n) + 1; }

// random's draw below n: bit_length(n) bits until they fall below n.
std::uint64_t below(PyRandom& rng, std::uint64_t n) {
  int k = bit_length(n);
  std::uint64_t r = rng.bits(k);
  while (r >= n) r = rng.bits(k);
  return r;
}

std::vector<std::uint32_t> draw_one(const DrawTable& t, PyRandom& rng) {
  std::vector<std::uint32_t> masks(static_cast<std::size_t>(t.buckets), 0);
  std::vector<int> shuffled;
  for (int state = 0; state >= 0;) {
    std::size_t first = t.first_option[static_cast<std::size_t>(state)];
    std::size_t last = t.first_option[static_cast<std::size_t>(state) + 1];
    auto begin = t.cumulative.begin() + static_cast<std::ptrdiff_t>(first);
    auto end = t.cumulative.begin() + static_cast<std::ptrdiff_t>(last);
    std::uint64_t r = below(rng, *(end - 1));
    std::size_t option = static_cast<std::size_t>(std::upper_bound(begin, end, r) - t.cumulative.begin());
    // The group's cards in a Fisher-Yates shuffle, as random.shuffle does it.
    shuffled = t.group_cards[static_cast<std::size_t>(t.state_group[static_cast<std::size_t>(state)])];
    for (std::size_t i = shuffled.size(); i-- > 1;) std::swap(shuffled[i], shuffled[below(rng, i + 1)]);
    std::size_t start = 0;
    for (int b = 0; b < t.buckets; ++b) {
      int v = t.split[option * static_cast<std::size_t>(t.buckets) + static_cast<std::size_t>(b)];
      for (int j = 0; j < v; ++j) masks[static_cast<std::size_t>(b)] |= std::uint32_t{1} << shuffled[start++];
    }
    state = t.next_state[option];
  }
  return masks;
}

}  // namespace

std::string check_table(const DrawTable& t, std::size_t count) {
  std::size_t states = t.state_group.size(), options = t.cumulative.size();
  if (t.buckets < 1 || t.buckets > 8) return "a layout has 1 to 8 buckets";
  if (states == 0 || t.first_option.size() != states + 1 || t.first_option.front() != 0 ||
      t.first_option.back() != options || t.next_state.size() != options ||
      t.split.size() != options * static_cast<std::size_t>(t.buckets))
    return "the table's lists do not fit together";
  std::uint32_t dealt = 0;
  for (const auto& cards : t.group_cards)
    for (int c : cards) {
      if (c < 0 || c > 31) return "card " + std::to_string(c) + " is not 0 to 31";
      if (dealt >> c & 1) return "card " + std::to_string(c) + " is in more than one place";
      dealt |= std::uint32_t{1} << c;
    }
  for (std::size_t s = 0; s < states; ++s) {
    int g = t.state_group[s];
    if (g < 0 || static_cast<std::size_t>(g) >= t.group_cards.size()) return "a state's group is out of range";
    std::size_t first = t.first_option[s], last = t.first_option[s + 1];
    if (first >= last || last > options) return "every state needs an option";
    std::uint64_t previous = 0;
    for (std::size_t o = first; o < last; ++o) {
      if (t.cumulative[o] <= previous) return "cumulative weights must rise";
      previous = t.cumulative[o];
      int n = 0;
      for (int b = 0; b < t.buckets; ++b) {
        int v = t.split[o * static_cast<std::size_t>(t.buckets) + static_cast<std::size_t>(b)];
        if (v < 0) return "a split has a negative count";
        n += v;
      }
      if (static_cast<std::size_t>(n) != t.group_cards[static_cast<std::size_t>(g)].size())
        return "a split does not deal its group's cards";
      int next = t.next_state[o];
      bool last_group = static_cast<std::size_t>(g) + 1 == t.group_cards.size();
      if (last_group ? next != -1
                     : (next < 0 || static_cast<std::size_t>(next) >= states ||
                        t.state_group[static_cast<std::size_t>(next)] != g + 1))
        return "an option leads to the wrong state";
    }
  }
  if (t.state_group[0] != 0) return "state 0 is the first group's";
  if (count > t.cumulative[t.first_option[1] - 1]) return "more distinct layouts asked for than there are";
  return "";
}

std::vector<std::vector<std::uint32_t>> draw_distinct(const DrawTable& table, PyRandom& rng, std::size_t count,
                                                      const std::vector<std::vector<std::uint32_t>>& before,
                                                      std::string* error) {
  std::vector<std::vector<std::uint32_t>> drawn;
  std::set<std::vector<std::uint32_t>> seen(before.begin(), before.end());
  // Honest weights: asking for at most every layout (Layout.sample asks for half of them when it
  // asks for many) repeats a few times a layout on average, far below this.
  std::size_t attempts = 64 * count + 1000;
  while (drawn.size() < count) {
    if (attempts-- == 0) {
      *error = "the table's weights promise more distinct layouts than its cards make";
      break;
    }
    std::vector<std::uint32_t> world = draw_one(table, rng);
    if (seen.insert(world).second) drawn.push_back(std::move(world));
  }
  return drawn;
}

}  // namespace meksiko::sampling
