// The engine alone on a file of positions or deals, for profiling (perf,
// valgrind --tool=callgrind) without Python in the way.
//
//   engine_bench tricks|values FILE [TABLE_MIB]    lines: hand0 hand1 hand2 trump declarer leader (masks)
//   engine_bench analyze FILE [TABLE_MIB]          lines: hand0 hand1 hand2 talon declarer
//
// TABLE_MIB: the transposition table's size (default: the Solver's, 1 MiB).
//
// Prints the wall-clock and CPU time per item (the CPU time counts only this
// thread's turns on a shared machine), the nodes and a checksum of the answers.
#include <array>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "analysis.hpp"
#include "solver.hpp"

using namespace meksiko;

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: engine_bench tricks|values|analyze FILE [TABLE_MIB]\n");
    return 2;
  }
  std::size_t table_bytes = TranspositionTable::kDefaultBytes;
  if (argc == 4) {
    long mib = std::strtol(argv[3], nullptr, 10);
    if (mib < 1 || mib > 1024) {
      std::fprintf(stderr, "TABLE_MIB %s: not a size from 1 to 1024\n", argv[3]);
      return 2;
    }
    table_bytes = static_cast<std::size_t>(mib) << 20;
  }
  const char* mode = argv[1];
  bool analyze = std::strcmp(mode, "analyze") == 0;
  std::FILE* f = std::fopen(argv[2], "r");
  if (!f) {
    std::perror(argv[2]);
    return 2;
  }
  std::vector<std::array<unsigned, 6>> rows;
  std::array<unsigned, 6> r{};
  int fields = analyze ? 5 : 6;
  while (true) {
    int got = analyze ? std::fscanf(f, "%u %u %u %u %u", &r[0], &r[1], &r[2], &r[3], &r[4])
                      : std::fscanf(f, "%u %u %u %u %u %u", &r[0], &r[1], &r[2], &r[3], &r[4], &r[5]);
    if (got != fields) break;
    rows.push_back(r);
  }
  std::fclose(f);
  Solver solver(table_bytes);
  std::uint64_t checksum = 0, nodes = 0;
  auto cpu_seconds = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  };
  double cpu_start = cpu_seconds();
  auto start = std::chrono::steady_clock::now();
  for (const auto& row : rows) {
    if (analyze) {
      Mask hands[kSeats] = {row[0], row[1], row[2]};
      DeclarerAnalysis a = analyze_declarer(solver, hands, row[3], static_cast<int>(row[4]), 0x1F);
      for (int t = 0; t < kSuits; ++t) checksum = checksum * 31 + a.with_talon[t] + a.discards[t].size();
      for (int t = 0; t < 5; ++t) checksum = checksum * 31 + a.meksiko[t];
      nodes += a.nodes;
      continue;
    }
    Position pos;
    for (int s = 0; s < kSeats; ++s) pos.hands[s] = row[s];
    pos.trump = static_cast<int>(row[3]);
    pos.declarer = static_cast<int>(row[4]);
    pos.leader = static_cast<int>(row[5]);
    SolveResult res = solver.solve(pos, SolveOptions{std::strcmp(mode, "values") == 0, false});
    checksum = checksum * 31 + res.tricks;
    for (const CardValue& v : res.card_values) checksum = checksum * 31 + v.card * 16 + v.tricks;
    nodes += res.nodes;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double cpu = cpu_seconds() - cpu_start;
  std::printf("%zu items  %.4f ms each  %.4f ms CPU each  %.0f nodes each  checksum %llu\n", rows.size(),
              1e3 * seconds / rows.size(), 1e3 * cpu / rows.size(), static_cast<double>(nodes) / rows.size(),
              static_cast<unsigned long long>(checksum));
  return 0;
}
