#include "batch.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <memory>
#include <new>
#include <numeric>
#include <thread>

namespace meksiko {

namespace {

constexpr int kThreadsPerCore = 4;  // the most threads a batch starts per hardware thread

// How run_parallel hands out the items: one at a time, or in runs of consecutive items
// (a thread then solves neighbours in a row, and its table keeps what they share).
enum class Handout { kOneByOne, kRuns };

// Runs work(solver, i) for every i < count on up to `threads` threads. When the system refuses
// a thread (or the memory of a thread's Solver), the threads already running share the work;
// with none running the calling thread does it all, so a bad_alloc there is the only failure
// that reaches the caller (std::thread objects are always joined: no std::terminate).
template <typename Work>
void run_parallel(std::size_t count, int threads, std::size_t tt_bytes, Handout handout, Work work) {
  if (threads <= 0) threads = default_threads();
  if (threads > kMaxThreads) threads = kMaxThreads;
  // More threads than a few per core add no speed, only a stack and a table each: under an
  // address-space limit that memory can run out inside glibc (which aborts), not just here.
  if (threads > kThreadsPerCore * default_threads()) threads = kThreadsPerCore * default_threads();
  if (static_cast<std::size_t>(threads) > count) threads = static_cast<int>(count);
  std::atomic<std::size_t> next{0};
  // A run is 1 / (2 * threads) of the items left: long runs first, single items at the end, so
  // that the threads still finish together.
  std::size_t share = 2 * static_cast<std::size_t>(threads);
  auto take_all = [&](Solver& solver) {
    for (std::size_t first = next.load(); first < count;) {
      std::size_t run = handout == Handout::kRuns ? std::max<std::size_t>(1, (count - first) / share) : 1;
      if (!next.compare_exchange_weak(first, first + run)) continue;  // `first` now holds the new value
      for (std::size_t i = first; i < first + run; ++i) work(solver, i);
      first = next.load();
    }
  };
  auto worker = [&]() {
    std::unique_ptr<Solver> solver;
    try {
      solver = std::make_unique<Solver>(tt_bytes);
    } catch (const std::bad_alloc&) {
      return;  // this thread takes no item; the others (or the calling thread) do them
    }
    take_all(*solver);
  };
  std::vector<std::thread> pool;
  if (threads > 1) {
    pool.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) {
      try {
        pool.emplace_back(worker);
      } catch (const std::exception&) {  // std::system_error (no more threads) or std::bad_alloc
        break;
      }
    }
  }
  for (std::thread& t : pool) t.join();
  if (next.load() < count) {  // no thread started (or none got its table): do it here
    Solver solver(tt_bytes);
    take_all(solver);
  }
}

}  // namespace

int default_threads() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

namespace {

// The order positions are solved in: those with the same suit lengths (the table's key) and
// then the same cards one after another, so that each finds more of the last ones' entries
// (a hint's sampled worlds: 6 % fewer nodes than in the order drawn).
std::vector<std::size_t> solving_order(const std::vector<Position>& positions) {
  std::vector<std::array<std::uint64_t, 3>> keys(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Mask* h = positions[i].hands;
    keys[i] = {std::uint64_t{byte_counts(h[0])} << 32 | byte_counts(h[1]), byte_counts(h[2]),
               std::uint64_t{h[0]} << 32 | h[1]};
  }
  std::vector<std::size_t> order(positions.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  return order;
}

}  // namespace

std::vector<SolveResult> solve_many(const std::vector<Position>& positions, const SolveOptions& options,
                                    int threads, std::size_t tt_bytes) {
  std::vector<SolveResult> results(positions.size());
  std::vector<std::size_t> order = solving_order(positions);
  run_parallel(positions.size(), threads, tt_bytes, Handout::kRuns, [&](Solver& solver, std::size_t k) {
    std::size_t i = order[k];
    results[i] = solver.solve(positions[i], options);
  });
  return results;
}

std::vector<DeclarerAnalysis> analyze_many(const std::vector<DealInput>& deals, unsigned meksiko_trumps,
                                           int threads, std::size_t tt_bytes) {
  std::vector<DeclarerAnalysis> results(deals.size());
  for (std::size_t i = 0; i < deals.size(); ++i) {
    results[i].error = validate_analysis(deals[i].hands, deals[i].talon, deals[i].declarer);
    if (results[i].error.empty()) results[i].declarer = deals[i].declarer;
  }
  // Threads take the parts of the analyses (one trump each) rather than whole
  // deals: a costly deal then no longer leaves one thread working alone at
  // the end. The cheap parts (the Meksiko value without trump) come last, to
  // even out the finish.
  std::size_t n = deals.size();
  auto deal_of = [n](std::size_t task) { return task < n * kSuits ? task / kSuits : task - n * kSuits; };
  auto part_of = [n](std::size_t task) { return task < n * kSuits ? static_cast<int>(task % kSuits) : kSuits; };
  std::vector<std::uint64_t> nodes(n * kAnalysisParts, 0);
  run_parallel(nodes.size(), threads, tt_bytes, Handout::kOneByOne, [&](Solver& solver, std::size_t task) {
    std::size_t i = deal_of(task);
    int part = part_of(task);
    if (!results[i].error.empty()) return;
    const DealInput& d = deals[i];
    nodes[task] = analyze_part(solver, d.hands, d.talon, d.declarer, meksiko_trumps, part, &results[i]);
  });
  for (std::size_t task = 0; task < nodes.size(); ++task) results[deal_of(task)].nodes += nodes[task];
  return results;
}

std::vector<BestDeclaration> best_declaration_many(const std::vector<DealInput>& deals, int floor, int threads,
                                                  std::size_t tt_bytes) {
  std::vector<BestDeclaration> results(deals.size());
  run_parallel(deals.size(), threads, tt_bytes, Handout::kOneByOne, [&](Solver& solver, std::size_t i) {
    results[i] = best_declaration(solver, deals[i].hands, deals[i].talon, deals[i].declarer, floor);
  });
  return results;
}

}  // namespace meksiko
