// The plain holding notation read at the engine's edge: "S.H.D.C" to a mask.
// Only masks and ints come out; the library wraps them (docs/engine.md).
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string_view>

namespace meksiko {

// The mask of a holding "AK7.QJ.T98.A": four fields split by dots (spades, hearts, diamonds,
// clubs), ranks 7 8 9 T J Q K A in either case or 10, in any order, spaces anywhere, "-" or
// nothing for a void. -1 for anything else (other characters, a duplicate card, not four
// fields): the library's general parser then reads it or names what is wrong.
std::int64_t holding_mask(std::string_view text);

// _core.holding_mask(text) -> int: the above for an ASCII str, -1 for any other object;
// _core.holding_masks(hands) -> (int, int, int) or None: the same for a list or tuple of three.
void register_notation(pybind11::module_& m);

}  // namespace meksiko
