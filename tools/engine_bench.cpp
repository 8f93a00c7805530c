// The engine alone on a file of positions or deals, for profiling (perf,
// valgrind --tool=callgrind) without Python in the way.
//
//   engine_bench tricks|values FILE [TABLE]    lines: hand0 hand1 hand2 trump declarer leader (masks)
//   engine_bench analyze FILE [TABLE]          lines: hand0 hand1 hand2 talon declarer; every
//                                              Meksiko value (four trumps and without trump)
//   engine_bench analyze-club FILE [TABLE]     the same with the four trumps' Meksiko values only,
//                                              as mexico-club's analysis (the Python benchmark) asks
//   engine_bench worlds FILE [TABLE]           lines: hand0 hand1 hand2 trump declarer leader
//                                              played card1 card2 (played: 0-2, unused cards 99);
//                                              solved with every legal card's value
//   engine_bench batches FILE [TABLE]          the same lines; each run of lines with the same
//                                              trump, declarer, leader and trick is one batch,
//                                              solved by one solve_many call on one thread, as
//                                              the hints do (a table of TABLE, default 1 MiB, a call)
//
// TABLE: the transposition table's size, in MiB, or in KiB with a K (256K);
// default: the Solver's (256 KiB).
//
// Prints the wall-clock and CPU time per item (the CPU time counts only this
// thread's turns on a shared machine), the nodes and a checksum of the answers.
#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "analysis.hpp"
#include "batch.hpp"
#include "solver.hpp"

using namespace meksiko;

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: engine_bench tricks|values|analyze|analyze-club|worlds|batches FILE [TABLE_MIB | TABLE_KIB K]\n");
    return 2;
  }
  std::size_t table_bytes = TranspositionTable::kDefaultBytes;
  if (argc == 4) {
    char* end = nullptr;
    long size = std::strtol(argv[3], &end, 10);
    bool kib = end && (*end == 'K' || *end == 'k');
    if (kib) ++end;
    if (!end || *end != '\0' || size < 1 || size > (kib ? 1L << 20 : 1024)) {
      std::fprintf(stderr, "TABLE %s: not a size from 1 to 1024 (MiB) or 1K to 1048576K\n", argv[3]);
      return 2;
    }
    table_bytes = static_cast<std::size_t>(size) << (kib ? 10 : 20);
  }
  const char* mode = argv[1];
  bool club = std::strcmp(mode, "analyze-club") == 0;
  bool analyze = club || std::strcmp(mode, "analyze") == 0;
  std::FILE* f = std::fopen(argv[2], "r");
  if (!f) {
    std::perror(argv[2]);
    return 2;
  }
  bool batches = std::strcmp(mode, "batches") == 0;
  bool worlds = batches || std::strcmp(mode, "worlds") == 0;
  if (batches && argc == 3) table_bytes = kHintTableBytes;
  std::vector<std::array<unsigned, 9>> rows;
  std::array<unsigned, 9> r{};
  int fields = analyze ? 5 : (worlds ? 9 : 6);
  while (true) {
    int got = analyze ? std::fscanf(f, "%u %u %u %u %u", &r[0], &r[1], &r[2], &r[3], &r[4])
              : worlds ? std::fscanf(f, "%u %u %u %u %u %u %u %u %u", &r[0], &r[1], &r[2], &r[3], &r[4], &r[5],
                                     &r[6], &r[7], &r[8])
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
  auto position_of = [](const std::array<unsigned, 9>& row) {
    Position pos;
    for (int s = 0; s < kSeats; ++s) pos.hands[s] = row[s];
    pos.trump = static_cast<int>(row[3]);
    pos.declarer = static_cast<int>(row[4]);
    pos.leader = static_cast<int>(row[5]);
    pos.num_played = static_cast<int>(row[6]);
    for (int i = 0; i < pos.num_played; ++i) pos.played[i] = static_cast<int>(row[7 + i]);
    return pos;
  };
  // Adds one answer to the checksum and the nodes; false (after a message) for a rejected position.
  auto add = [&](const SolveResult& res) {
    if (!res.error.empty()) {
      std::fprintf(stderr, "bad position: %s\n", res.error.c_str());
      return false;
    }
    checksum = checksum * 31 + res.tricks;
    for (const CardValue& v : res.card_values) checksum = checksum * 31 + v.card * 16 + v.tricks;
    nodes += res.nodes;
    return true;
  };
  for (std::size_t first = 0; batches && first < rows.size();) {
    std::size_t end = first + 1;
    while (end < rows.size() && std::equal(rows[end].begin() + 3, rows[end].end(), rows[first].begin() + 3)) ++end;
    std::vector<Position> batch;
    for (std::size_t i = first; i < end; ++i) batch.push_back(position_of(rows[i]));
    for (const SolveResult& res : solve_many(batch, SolveOptions{true, false}, 1, table_bytes))
      if (!add(res)) return 2;
    first = end;
  }
  std::size_t one_by_one = batches ? 0 : rows.size();  // the other modes: an item a call
  for (std::size_t k = 0; k < one_by_one; ++k) {
    const auto& row = rows[k];
    if (analyze) {
      Mask hands[kSeats] = {row[0], row[1], row[2]};
      DeclarerAnalysis a = analyze_declarer(solver, hands, row[3], static_cast<int>(row[4]), club ? 0xF : 0x1F);
      if (!a.error.empty()) {
        std::fprintf(stderr, "bad deal: %s\n", a.error.c_str());
        return 2;
      }
      for (int t = 0; t < kSuits; ++t) checksum = checksum * 31 + a.with_talon[t] + a.discards[t].size();
      for (int t = 0; t < 5; ++t) checksum = checksum * 31 + a.meksiko[t];
      nodes += a.nodes;
      continue;
    }
    Position pos = position_of(row);
    if (!add(solver.solve(pos, SolveOptions{worlds || std::strcmp(mode, "values") == 0, false}))) return 2;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double cpu = cpu_seconds() - cpu_start;
  std::printf("%zu items  %.4f ms each  %.4f ms CPU each  %.0f nodes each  checksum %llu\n", rows.size(),
              1e3 * seconds / rows.size(), 1e3 * cpu / rows.size(), static_cast<double>(nodes) / rows.size(),
              static_cast<unsigned long long>(checksum));
  return 0;
}
