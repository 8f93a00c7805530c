// Declarer analysis of a deal as dealt: for a seat taking the talon, the best
// two-card discard for each trump and every discard that reaches it; and the
// Meksiko values (the talon out of play) for each trump and without trump.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cards.hpp"
#include "solver.hpp"

namespace meksiko {

struct DeclarerAnalysis {
  std::string error;  // non-empty: the deal was rejected, nothing else is set
  int declarer = 0;
  int with_talon[kSuits] = {0, 0, 0, 0};                        // best tricks per trump
  std::vector<std::pair<int, int>> discards[kSuits];           // every optimal discard
  int meksiko[kSuits + 1] = {-1, -1, -1, -1, -1};              // S H D C, no trump; -1: not asked
  std::uint64_t nodes = 0;
};

// The best a declarer can do with the talon, over every trump and discard:
// all a bidder needs. `tricks` is exact when at least `floor`, else floor - 1
// (with trump -1): contracts below 5 do not exist, so a bid hint asks floor 5.
struct BestDeclaration {
  std::string error;
  int tricks = 0;
  int trump = -1;
  int discard[2] = {-1, -1};
  std::uint64_t nodes = 0;
};

// Empty when hands (10 cards each) and talon (2 cards) form a deal.
std::string validate_deal(const Mask hands[kSeats], Mask talon);

// `meksiko_trumps`: bit t set asks for the Meksiko value with trump t
// (t = 4: no trump).
DeclarerAnalysis analyze_declarer(Solver& solver, const Mask hands[kSeats], Mask talon, int declarer,
                                  unsigned meksiko_trumps);

// An analysis is made of independent parts, so that many deals spread evenly
// over threads: part t < 4 is trump t (best discards, and the Meksiko value
// with t if asked), part 4 the Meksiko value without trump (if asked). Each
// part writes only its own fields of `out` and returns the nodes it searched.
constexpr int kAnalysisParts = kSuits + 1;
std::uint64_t analyze_part(Solver& solver, const Mask hands[kSeats], Mask talon, int declarer,
                           unsigned meksiko_trumps, int part, DeclarerAnalysis* out);
// The error for a deal analysis (empty when it is a deal and a seat).
std::string validate_analysis(const Mask hands[kSeats], Mask talon, int declarer);

BestDeclaration best_declaration(Solver& solver, const Mask hands[kSeats], Mask talon, int declarer, int floor);

// The best discard search for one trump: the best tricks and every discard
// pair (lower card first) that reaches them. `twelve`: the declarer's ten cards
// and the talon, a validated deal's (validate_analysis).
int best_discards(Solver& solver, const Mask hands[kSeats], Mask twelve, int declarer, int trump,
                  std::vector<std::pair<int, int>>* discards);

}  // namespace meksiko
