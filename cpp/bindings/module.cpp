// pybind11 bindings: meksiko_solver._core. Thin: masks and ints in, plain
// values out; the GIL is released around every search.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <vector>

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

  py::class_<SolveResult>(m, "SolveResult")
      .def_readonly("tricks", &SolveResult::tricks)
      .def_readonly("nodes", &SolveResult::nodes)
      .def_readonly("line", &SolveResult::line)
      .def_property_readonly("card_values", [](const SolveResult& r) {
        std::vector<std::pair<int, int>> out;
        for (const CardValue& v : r.card_values) out.emplace_back(v.card, v.tricks);
        return out;
      });

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
      .def("table_bytes", [](Solver& self) { return self.table().bytes(); })
      .def("clear_table", [](Solver& self) { self.table().clear(); });
}
