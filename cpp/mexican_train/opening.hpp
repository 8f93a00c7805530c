// Mexican Train: the exact opening-train optimiser (see python/meksiko_solver/mexican_train/opening.py).
//
// A train is a trail from the engine's value through the hand's tiles (a double is a loop).
// Ranked by: most tiles, most pips, not ending on a double, most tiles left that fit the
// engine (for the Mexican train); ties of all four go to the lexicographically smallest sequence of hand indices.
// Depth-first search with a memo on the mask of tiles used: the open end of a trail from a
// fixed start is a function of its tile set, so the mask is the whole state.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace meksiko::mexican_train {

constexpr int kMaxPips = 12;
constexpr int kMaxOpeningTiles = 20;

using TilePair = std::pair<int, int>;

struct OpeningResult {
  std::vector<int> best;                  // hand indices in train order
  std::vector<std::vector<int>> ties;     // trains tying on tiles and pips, best first, at most the limit
  std::uint64_t tie_count = 0;            // their exact number (when asked)
  std::string error;                      // non-empty: the input was refused, nothing else is set
};

// Empty if the hand and engine are a valid input, else the reason.
std::string validate_opening(const std::vector<TilePair>& tiles, int engine);

OpeningResult best_opening(const std::vector<TilePair>& tiles, int engine, bool all_ties,
                           std::size_t tie_limit);

}  // namespace meksiko::mexican_train
