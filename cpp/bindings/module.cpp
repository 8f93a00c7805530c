// pybind11 bindings: meksiko_solver._core. Thin: masks and ints in, plain
// values out; the GIL is released around every search.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <vector>

#include "analysis.hpp"
#include "mexican_train.hpp"
#include "notation.hpp"
#include "sampling.hpp"
#include "batch.hpp"
#include "position.hpp"
#include "search.hpp"
#include "solver.hpp"

namespace py = pybind11;
using namespace meksiko;

namespace {

Position make_position(const std::array<Mask, 3>& hands, int trump, int declarer, int leader,
                       const std::vector<int>& played) {
  Position pos;
  for (int s = 0; s < 3; ++s) pos.hands[s] = hands[s];
  pos.trump = trump;
  pos.declarer = declarer;
  pos.leader = leader;
  pos.num_played = static_cast<int>(played.size());
  if (played.size() > 2) {
    pos.num_played = 3;  // validate() rejects it with a message
    return pos;
  }
  for (size_t i = 0; i < played.size(); ++i) pos.played[i] = played[i];
  return pos;
}

// One solve with the GIL released; ValueError with the engine's reason for a bad position.
SolveResult solve_or_raise(Solver& solver, const std::array<Mask, 3>& hands, int trump, int declarer, int leader,
                           const std::vector<int>& played, SolveOptions options) {
  Position pos = make_position(hands, trump, declarer, leader, played);
  SolveResult r;
  {
    py::gil_scoped_release release;
    r = solver.solve(pos, options);
  }
  if (!r.error.empty()) throw py::value_error(r.error);
  return r;
}

using PositionTuple = std::tuple<std::array<Mask, 3>, int, int, int, std::vector<int>>;
using DealTuple = std::tuple<std::array<Mask, 3>, Mask, int>;

DealInput make_deal(const DealTuple& t) {
  DealInput d;
  for (int s = 0; s < 3; ++s) d.hands[s] = std::get<0>(t)[s];
  d.talon = std::get<1>(t);
  d.declarer = std::get<2>(t);
  return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Meksiko double-dummy engine (C++). Use the meksiko_solver package instead.";
  m.attr("NO_TRUMP") = kNoTrump;
  m.attr("DEFAULT_TT_BYTES") = TranspositionTable::kDefaultBytes;
  meksiko::mexican_train::register_bindings(m);
  meksiko::sampling::register_bindings(m);
  register_notation(m);

  m.def(
      "validate",
      [](const std::array<Mask, 3>& hands, int trump, int declarer, int leader,
         const std::vector<int>& played) {
        return validate(make_position(hands, trump, declarer, leader, played));
      },
      py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"),
      py::arg("played"), "Empty string if the position is consistent, else the reason.");

  py::class_<SolveResult>(m, "SolveResult")
      .def_readonly("tricks", &SolveResult::tricks)
      .def_readonly("nodes", &SolveResult::nodes)
      .def_readonly("line", &SolveResult::line)
      .def_readonly("error", &SolveResult::error)
      .def_property_readonly("card_values", [](const SolveResult& r) {
        std::vector<std::pair<int, int>> out;
        for (const CardValue& v : r.card_values) out.emplace_back(v.card, v.tricks);
        return out;
      });

  py::class_<DeclarerAnalysis>(m, "DeclarerAnalysis")
      .def_readonly("error", &DeclarerAnalysis::error)
      .def_readonly("declarer", &DeclarerAnalysis::declarer)
      .def_readonly("nodes", &DeclarerAnalysis::nodes)
      .def_property_readonly("with_talon",
                             [](const DeclarerAnalysis& a) { return std::vector<int>(a.with_talon, a.with_talon + 4); })
      .def_property_readonly("discards",
                             [](const DeclarerAnalysis& a) {
                               return std::vector<std::vector<std::pair<int, int>>>(a.discards, a.discards + 4);
                             })
      .def_property_readonly("meksiko",
                             [](const DeclarerAnalysis& a) { return std::vector<int>(a.meksiko, a.meksiko + 5); });

  py::class_<BestDeclaration>(m, "BestDeclaration")
      .def_readonly("error", &BestDeclaration::error)
      .def_readonly("tricks", &BestDeclaration::tricks)
      .def_readonly("trump", &BestDeclaration::trump)
      .def_readonly("nodes", &BestDeclaration::nodes)
      .def_property_readonly("discard", [](const BestDeclaration& b) {
        return std::vector<int>(b.discard, b.discard + 2);
      });

  m.def(
      "best_declaration_many",
      [](const std::vector<DealTuple>& items, int floor, int threads, std::size_t tt_bytes) {
        std::vector<DealInput> deals;
        deals.reserve(items.size());
        for (const DealTuple& t : items) deals.push_back(make_deal(t));
        py::gil_scoped_release release;
        return best_declaration_many(deals, floor, threads, tt_bytes);
      },
      py::arg("deals"), py::arg("floor") = 0, py::arg("threads") = 0,
      py::arg("tt_bytes") = TranspositionTable::kDefaultBytes,
      "For (hands, talon, declarer) tuples on every core: the most tricks with the talon over every trump "
      "and discard (exact when at least floor, else floor - 1), with one best trump and discard.");

  m.def("default_threads", &default_threads);
  m.def("instruction_set", &search_instruction_set,
        "The instruction set the search runs with on this CPU: x86-64-v3 or x86-64-v2 (a portable x86-64 "
        "build), native (built for the building machine's CPU) or baseline (another architecture's portable "
        "build).");
  m.attr("MAX_THREADS") = kMaxThreads;
  m.attr("HINT_TT_BYTES") = kHintTableBytes;

  m.def(
      "solve_many",
      [](const std::vector<PositionTuple>& items, bool card_values, bool line, int threads, std::size_t tt_bytes) {
        std::vector<Position> positions;
        positions.reserve(items.size());
        for (const PositionTuple& t : items)
          positions.push_back(make_position(std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t),
                                            std::get<4>(t)));
        py::gil_scoped_release release;
        return solve_many(positions, SolveOptions{card_values, line}, threads, tt_bytes);
      },
      py::arg("positions"), py::arg("card_values") = false, py::arg("line") = false, py::arg("threads") = 0,
      py::arg("tt_bytes") = TranspositionTable::kDefaultBytes,
      "Solve (hands, trump, declarer, leader, played) tuples on every core; a result's error is set for a bad one.");

  m.def(
      "analyze_many",
      [](const std::vector<DealTuple>& items, unsigned meksiko_trumps, int threads, std::size_t tt_bytes) {
        std::vector<DealInput> deals;
        deals.reserve(items.size());
        for (const DealTuple& t : items) deals.push_back(make_deal(t));
        py::gil_scoped_release release;
        return analyze_many(deals, meksiko_trumps, threads, tt_bytes);
      },
      py::arg("deals"), py::arg("meksiko_trumps") = 0x1F, py::arg("threads") = 0,
      py::arg("tt_bytes") = TranspositionTable::kDefaultBytes,
      "Declarer analysis of (hands, talon, declarer) tuples on every core.");

  py::class_<Solver>(m, "Solver")
      .def(py::init<std::size_t>(), py::arg("tt_bytes") = TranspositionTable::kDefaultBytes)
      .def(
          "solve",
          [](Solver& self, const std::array<Mask, 3>& hands, int trump, int declarer, int leader,
             const std::vector<int>& played, bool card_values, bool line) {
            return solve_or_raise(self, hands, trump, declarer, leader, played, SolveOptions{card_values, line});
          },
          py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"),
          py::arg("played") = std::vector<int>{}, py::arg("card_values") = true,
          py::arg("line") = true)
      // The tricks-only question answers two ints and no result object: pybind11's object and the
      // reads of its fields cost 1.8 % of a full deal's solve (docs/engine.md, twenty-sixth round).
      .def(
          "tricks",
          [](Solver& self, const std::array<Mask, 3>& hands, int trump, int declarer, int leader,
             const std::vector<int>& played) {
            SolveResult r = solve_or_raise(self, hands, trump, declarer, leader, played, SolveOptions{false, false});
            return std::make_pair(r.tricks, r.nodes);
          },
          py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"),
          py::arg("played") = std::vector<int>{})
      .def(
          "analyze",
          [](Solver& self, const std::array<Mask, 3>& hands, Mask talon, int declarer, unsigned meksiko_trumps) {
            Mask h[3] = {hands[0], hands[1], hands[2]};
            DeclarerAnalysis a;
            {
              py::gil_scoped_release release;
              a = analyze_declarer(self, h, talon, declarer, meksiko_trumps);
            }
            if (!a.error.empty()) throw py::value_error(a.error);
            return a;
          },
          py::arg("hands"), py::arg("talon"), py::arg("declarer"), py::arg("meksiko_trumps") = 0x1F)
      .def("table_bytes", [](Solver& self) { return self.table().bytes(); })
      .def("clear_table", [](Solver& self) { self.table().clear(); });
}
