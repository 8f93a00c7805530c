// pybind11 bindings of the Mexican Train opening optimiser: tile pairs in, hand indices out.
#include "mexican_train.hpp"

#include <pybind11/stl.h>

#include "opening.hpp"

namespace py = pybind11;

namespace meksiko::mexican_train {

void register_bindings(py::module_& m) {
  m.def(
      "mt_opening",
      [](const std::vector<TilePair>& tiles, int engine, bool all_ties, std::size_t tie_limit) {
        OpeningResult r;
        {
          py::gil_scoped_release release;
          r = best_opening(tiles, engine, all_ties, tie_limit);
        }
        if (!r.error.empty()) throw py::value_error(r.error);
        return py::make_tuple(r.best, r.ties, r.tie_count);
      },
      py::arg("tiles"), py::arg("engine"), py::arg("all_ties") = false, py::arg("tie_limit") = 10000,
      "Mexican Train opening train: (best hand indices, tied trains, tie count).");
}

}  // namespace meksiko::mexican_train
