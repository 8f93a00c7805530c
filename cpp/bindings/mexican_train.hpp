// Bindings of the Mexican Train engine (cpp/mexican_train), registered into meksiko_solver._core.
#pragma once

#include <pybind11/pybind11.h>

namespace meksiko::mexican_train {
void register_bindings(pybind11::module_& m);
}
