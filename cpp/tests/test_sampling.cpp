// The layout draw's pieces (cpp/sampling): Python's generator continued in C++, and the checked
// table. That the draws equal Layout.draw's is tested from Python (tests/test_sampling.py).
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "layout_draw.hpp"

using namespace meksiko::sampling;

namespace {

// MT19937's state after its standard seeding by one word (init_genrand), as std::mt19937 seeds.
PyRandom seeded(std::uint32_t seed) {
  std::array<std::uint32_t, PyRandom::kWords> words;
  words[0] = seed;
  for (std::uint32_t i = 1; i < PyRandom::kWords; ++i) words[i] = 1812433253u * (words[i - 1] ^ (words[i - 1] >> 30)) + i;
  return PyRandom(words, PyRandom::kWords);
}

}  // namespace

TEST_CASE("the generator gives MT19937's words, and getrandbits' wide values from two of them") {
  PyRandom rng = seeded(5489);
  std::mt19937 reference(5489);
  for (int i = 0; i < 2000; ++i) REQUIRE(rng.bits(32) == reference());
  for (int k : {1, 5, 31}) CHECK(rng.bits(k) == reference() >> (32 - k));
  std::uint64_t low = reference(), high = reference() >> 24;
  CHECK(rng.bits(40) == (low | high << 32));
  low = reference();
  high = reference();
  CHECK(rng.bits(64) == (low | high << 32));
}

TEST_CASE("a checked table draws distinct layouts of the right sizes") {
  // Two buckets of 1 and 2 cards; one group of three cards allowed anywhere: 3 layouts.
  DrawTable t;
  t.buckets = 2;
  t.group_cards = {{0, 9, 31}};
  t.state_group = {0};
  t.first_option = {0, 1};
  t.cumulative = {3};
  t.next_state = {-1};
  t.split = {1, 2};
  CHECK(check_table(t, 3).empty());
  CHECK(check_table(t, 4) == "more distinct layouts asked for than there are");
  PyRandom rng = seeded(1);
  std::string error;
  auto drawn = draw_distinct(t, rng, 3, {}, &error);
  CHECK(error.empty());
  // Drawn in two calls, the second told what the first drew: the same layouts in the same order.
  PyRandom again = seeded(1);
  auto first = draw_distinct(t, again, 1, {}, &error);
  auto rest = draw_distinct(t, again, 2, first, &error);
  CHECK(error.empty());
  first.insert(first.end(), rest.begin(), rest.end());
  CHECK(first == drawn);
  std::set<std::vector<std::uint32_t>> distinct(drawn.begin(), drawn.end());
  CHECK(distinct.size() == 3);
  for (const auto& masks : drawn) {
    CHECK(__builtin_popcount(masks[0]) == 1);
    CHECK(__builtin_popcount(masks[1]) == 2);
    CHECK((masks[0] | masks[1]) == (1u | 1u << 9 | 1u << 31));
  }
  // Weights that promise more layouts than the cards make: the draw stops instead of repeating.
  t.cumulative = {4};
  CHECK(check_table(t, 4).empty());
  draw_distinct(t, rng, 4, {}, &error);
  CHECK(error == "the table's weights promise more distinct layouts than its cards make");
  t.cumulative = {3};
  t.group_cards = {{0, 9, 9}};
  CHECK(check_table(t, 1) == "card 9 is in more than one place");
  t.group_cards = {{0, 9, 31}};
  t.split = {2, 2};
  CHECK(check_table(t, 1) == "a split does not deal its group's cards");
  t.split = {1, 2};
  t.next_state = {0};
  CHECK(check_table(t, 1) == "an option leads to the wrong state");
}
