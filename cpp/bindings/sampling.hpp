// Bindings of the layout draw of the hints' sampling (cpp/sampling), registered into meksiko_solver._core.
#pragma once

#include <pybind11/pybind11.h>

namespace meksiko::sampling {
void register_bindings(pybind11::module_& m);
}
