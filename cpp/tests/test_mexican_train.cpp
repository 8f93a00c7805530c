// Unit tests of the Mexican Train opening optimiser (cpp/mexican_train/opening.cpp).
#include <doctest/doctest.h>

#include "opening.hpp"

using meksiko::mexican_train::best_opening;
using meksiko::mexican_train::TilePair;
using meksiko::mexican_train::validate_opening;

TEST_CASE("mexican train: the longest train, then the most pips") {
  // hand order is the caller's (heaviest first); indices name the tiles
  std::vector<TilePair> hand = {{12, 7}, {12, 5}, {12, 3}, {9, 1}, {5, 3}, {3, 3}};
  auto r = best_opening(hand, 12, true, 100);
  REQUIRE(r.error.empty());
  CHECK(r.best == std::vector<int>{1, 4, 5, 2, 0});  // 12-5 5-3 3-3 3-12 12-7
  CHECK(r.tie_count == 2);                           // ... or 12-3 3-3 3-5 5-12 12-7
  CHECK(r.ties.size() == 2);
  CHECK(r.ties[0] == r.best);
}

TEST_CASE("mexican train: no matching tile gives an empty train") {
  auto r = best_opening({{5, 3}, {1, 1}}, 12, true, 10);
  CHECK(r.error.empty());
  CHECK(r.best.empty());
  CHECK(r.tie_count == 1);  // the empty train
}

TEST_CASE("mexican train: a dense hand of 15 tiles among five values") {
  std::vector<TilePair> hand;
  for (int a = 12; a >= 8; --a)
    for (int b = a; b >= 8; --b)
      if (!(a == 12 && b == 12)) hand.push_back({a, b});
  hand.push_back({8, 7});
  auto r = best_opening(hand, 12, true, 5);
  REQUIRE(r.error.empty());
  CHECK(r.best.size() == 14);
  CHECK(r.ties.size() == 5);
  CHECK(r.tie_count > 5);
}

TEST_CASE("mexican train: bad input is refused at the edge") {
  CHECK(!validate_opening({{12, 5}, {5, 12}}, 12).empty());
  CHECK(!validate_opening({{13, 5}}, 12).empty());
  CHECK(!validate_opening({{12, 12}}, 12).empty());
  CHECK(!validate_opening({}, 13).empty());
  std::vector<TilePair> many(21, {0, 0});
  CHECK(!validate_opening(many, 12).empty());
  CHECK(!best_opening(many, 12, false, 0).error.empty());
}
