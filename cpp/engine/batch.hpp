// Many independent questions on every core: each worker thread owns a Solver
// (and so its transposition table) and takes the next item until none is left.
// Results come back in input order and do not depend on the thread count.
#pragma once

#include <cstddef>
#include <vector>

#include "analysis.hpp"
#include "solver.hpp"

namespace meksiko {

struct DealInput {
  Mask hands[kSeats] = {0, 0, 0};
  Mask talon = 0;
  int declarer = 0;
};

// The most threads one batch call starts; more are asked for, this many are used.
constexpr int kMaxThreads = 256;

// A thread's table in the hints' batches of sampled worlds: small positions, and on two threads
// a table in each core's L2 took 0.86-1.00 of 4 MiB's time (docs/engine.md, twelfth round).
constexpr std::size_t kHintTableBytes = std::size_t{1} << 20;

// threads <= 0: one per hardware thread; never more than kMaxThreads, nor four per hardware thread.
std::vector<SolveResult> solve_many(const std::vector<Position>& positions, const SolveOptions& options,
                                    int threads, std::size_t tt_bytes);

std::vector<DeclarerAnalysis> analyze_many(const std::vector<DealInput>& deals, unsigned meksiko_trumps,
                                           int threads, std::size_t tt_bytes);

std::vector<BestDeclaration> best_declaration_many(const std::vector<DealInput>& deals, int floor, int threads,
                                                  std::size_t tt_bytes);

int default_threads();

}  // namespace meksiko
