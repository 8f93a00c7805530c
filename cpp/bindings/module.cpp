// pybind11 bindings: meksiko_solver._core. Thin: masks and ints in, plain
// values out; the GIL is released around every search.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <vector>

#include <algorithm>

#include "analysis.hpp"
#include "batch.hpp"
#include "notation.hpp"
#include "position.hpp"
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

using PositionTuple = std::tuple<std::array<Mask, 3>, int, int, int, std::vector<int>>;
using DealTuple = std::tuple<std::array<Mask, 3>, Mask, int>;

DealInput make_deal(const DealTuple& t) {
  DealInput d;
  for (int s = 0; s < 3; ++s) d.hands[s] = std::get<0>(t)[s];
  d.talon = std::get<1>(t);
  d.declarer = std::get<2>(t);
  return d;
}

// (hands, trump, declarer, leader, played) as Position keeps them: three
// Hands, trump None without trump, a tuple of the played Cards.
py::tuple position_tuple(const Position& pos) {
  py::tuple played(pos.num_played);
  for (int i = 0; i < pos.num_played; ++i) played[i] = card_of(pos.played[i]);
  py::object trump = pos.trump == kNoTrump ? py::object(py::none()) : py::object(py::int_(pos.trump));
  return py::make_tuple(py::make_tuple(hand_of(pos.hands[0]), hand_of(pos.hands[1]), hand_of(pos.hands[2])), trump,
                        pos.declarer, pos.leader, played);
}

// (tricks, {card string: tricks} in canonical card order, line as card
// strings, nodes): what the library's SolveResult holds.
py::tuple result_tuple(SolveResult& r) {
  // Canonical order: suits S H D C, high card first.
  std::sort(r.card_values.begin(), r.card_values.end(), [](const CardValue& a, const CardValue& b) {
    return suit_of(a.card) * 8 + 7 - rank_of(a.card) < suit_of(b.card) * 8 + 7 - rank_of(b.card);
  });
  py::dict values;
  for (const CardValue& v : r.card_values) values[card_name(v.card)] = py::int_(v.tricks);
  py::list line(r.line.size());
  for (std::size_t i = 0; i < r.line.size(); ++i) line[i] = card_name(r.line[i]);
  return py::make_tuple(r.tricks, values, line, r.nodes);
}

SolveResult solve_released(Solver& solver, const Position& pos, bool card_values, bool line) {
  py::gil_scoped_release release;
  return solver.solve(pos, SolveOptions{card_values, line});
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Meksiko double-dummy engine (C++). Use the meksiko_solver package instead.";
  m.attr("NO_TRUMP") = kNoTrump;
  m.attr("DEFAULT_TT_BYTES") = TranspositionTable::kDefaultBytes;

  m.def(
      "validate",
      [](const std::array<Mask, 3>& hands, int trump, int declarer, int leader,
         const std::vector<int>& played) {
        return validate(make_position(hands, trump, declarer, leader, played));
      },
      py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"),
      py::arg("played"), "Empty string if the position is consistent, else the reason.");

  m.def(
      "parse_position",
      [](py::handle hands, py::handle trump, py::handle declarer, py::handle leader, py::handle played) -> py::object {
        Position pos;
        if (!parse_notation(hands, trump, declarer, leader, played, &pos)) return py::none();
        return position_tuple(pos);
      },
      py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"), py::arg("played"),
      "The common notation parsed and validated in C++: (three Hands, trump or None, declarer, leader, the "
      "played Cards), or None when the Python parser must decide (other spellings, or bad input).");

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
            Position pos = make_position(hands, trump, declarer, leader, played);
            SolveResult r;
            {
              py::gil_scoped_release release;
              r = self.solve(pos, SolveOptions{card_values, line});
            }
            if (!r.error.empty()) throw py::value_error(r.error);
            return r;
          },
          py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"),
          py::arg("played") = std::vector<int>{}, py::arg("card_values") = true,
          py::arg("line") = true)
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
      .def(
          "solve_notation",
          [](Solver& self, py::handle hands, py::handle trump, py::handle declarer, py::handle leader,
             py::handle played, bool card_values, bool line) -> py::object {
            Position pos;
            if (!parse_notation(hands, trump, declarer, leader, played, &pos)) return py::none();
            SolveResult r = solve_released(self, pos, card_values, line);
            return py::make_tuple(position_tuple(pos), result_tuple(r));
          },
          py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"), py::arg("played"),
          py::arg("card_values"), py::arg("line"),
          "parse_position() and solve_tuple() in one call: (position tuple, result tuple), or None when the "
          "Python parser must decide.")
      .def(
          "solve_tuple",
          [](Solver& self, const std::array<Mask, 3>& hands, int trump, int declarer, int leader,
             const std::vector<int>& played, bool card_values, bool line) {
            SolveResult r = solve_released(self, make_position(hands, trump, declarer, leader, played), card_values, line);
            if (!r.error.empty()) throw py::value_error(r.error);
            return result_tuple(r);
          },
          py::arg("hands"), py::arg("trump"), py::arg("declarer"), py::arg("leader"), py::arg("played"),
          py::arg("card_values"), py::arg("line"),
          "(tricks, {card: tricks} in canonical order, line as card strings, nodes).")
      .def("table_bytes", [](Solver& self) { return self.table().bytes(); })
      .def("clear_table", [](Solver& self) { self.table().clear(); });
}
