// pybind11 bindings of the layout draw: Layout's flattened table and random.Random's state in,
// the distinct layouts and the state after them out.
#include "sampling.hpp"

#include <pybind11/stl.h>

#include "layout_draw.hpp"

namespace py = pybind11;

namespace meksiko::sampling {

namespace {

using TableTuple = std::tuple<int, std::vector<std::vector<int>>, std::vector<int>, std::vector<std::size_t>,
                              std::vector<std::uint64_t>, std::vector<int>, std::vector<int>>;

py::tuple draw_layouts(const TableTuple& t, const std::vector<std::uint32_t>& state, std::size_t count,
                       const std::vector<std::vector<std::uint32_t>>& seen) {
  DrawTable table;
  std::tie(table.buckets, table.group_cards, table.state_group, table.first_option, table.cumulative,
           table.next_state, table.split) = t;
  if (state.size() != PyRandom::kWords + 1 || state.back() > PyRandom::kWords)
    throw py::value_error("a random.Random state is 624 words and an index from 0 to 624");
  std::string error = check_table(table, count);
  for (const auto& world : seen)
    if (error.empty() && world.size() != static_cast<std::size_t>(table.buckets))
      error = "a seen layout has " + std::to_string(world.size()) + " masks, not one per bucket (" +
              std::to_string(table.buckets) + ")";
  if (!error.empty()) throw py::value_error("bad layout table: " + error);
  std::array<std::uint32_t, PyRandom::kWords> words;
  std::copy(state.begin(), state.end() - 1, words.begin());
  PyRandom rng(words, static_cast<int>(state.back()));
  std::vector<std::vector<std::uint32_t>> drawn;
  {
    py::gil_scoped_release release;
    drawn = draw_distinct(table, rng, count, seen, &error);
  }
  if (!error.empty()) throw py::value_error("bad layout table: " + error);
  py::list worlds;
  for (const auto& masks : drawn) {
    py::tuple world(masks.size());
    for (std::size_t b = 0; b < masks.size(); ++b) world[b] = py::int_(masks[b]);
    worlds.append(world);
  }
  std::vector<std::uint32_t> after(rng.words().begin(), rng.words().end());
  after.push_back(static_cast<std::uint32_t>(rng.index()));
  return py::make_tuple(worlds, py::tuple(py::cast(after)));
}

}  // namespace

void register_bindings(py::module_& m) {
  m.def("draw_layouts", &draw_layouts, py::arg("table"), py::arg("state"), py::arg("count"),
        py::arg("seen") = std::vector<std::vector<std::uint32_t>>{},
        "count distinct layouts as hints.sampling.Layout.sample draws them, from random.Random's state "
        "(getstate()[1]), none of them in seen (the layouts drawn before): (worlds, the state after them).");
}

}  // namespace meksiko::sampling
