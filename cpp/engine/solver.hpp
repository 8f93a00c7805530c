// The engine's public entry point: validate a position, then answer the
// questions of DESIGN.md (tricks, the value of every legal card, a line).
// Each Solver owns its transposition table; use one Solver per thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "position.hpp"
#include "search.hpp"
#include "tt.hpp"

namespace meksiko {

struct CardValue {
  int card;
  int tricks;
};

struct SolveResult {
  std::string error;  // non-empty: the position was rejected, nothing else is set
  int tricks = 0;     // declarer's tricks from here, trick in progress included
  std::vector<CardValue> card_values;  // every legal card of the player to move
  std::vector<int> line;               // one optimal line to the end
  std::uint64_t nodes = 0;
};

struct SolveOptions {
  bool card_values = true;
  bool line = true;
};

class Solver {
 public:
  explicit Solver(std::size_t tt_bytes = TranspositionTable::kDefaultBytes);

  SolveResult solve(const Position& pos, const SolveOptions& options = {});
  // Declarer's tricks only; the position must be valid (see validate()).
  int tricks(const Position& pos);
  // The same, known to lie in [lo, hi].
  int tricks(const Position& pos, int lo, int hi);
  // The same, known to be at least `lo` (searched upwards from it).
  int tricks_from(const Position& pos, int lo);
  // Can the declarer take at least `need` tricks? The position must be valid.
  bool reach(const Position& pos, int need);

  std::uint64_t nodes() const { return search_->nodes(); }
  TranspositionTable& table() { return tt_; }

 private:
  void card_values(int best, std::vector<CardValue>* out);
  void line(int best, std::vector<int>* out);

  TranspositionTable tt_;
  std::unique_ptr<Search> search_;  // for this CPU's instruction set (make_search)
};

}  // namespace meksiko
