// The table of two-trick endings (endings.hpp), built by brute force: make_endings.cpp runs this
// at build time and writes the table out as C++.
#pragma once

#include <cstdint>
#include <vector>

#include "endings.hpp"

namespace meksiko {

struct EndingsTables {
  std::vector<std::uint8_t> length_index;  // TwoTrickEndings::kLengthCodes
  std::vector<std::uint8_t> owner_index;   // TwoTrickEndings::kOwnerCodes
  std::vector<std::uint16_t> entries;      // TwoTrickEndings::kEntries
};

// For every pattern (see endings.hpp): the declarer's tricks by plain minimax, and for each
// question the cards it depends on, chosen over the pattern's whole class.
EndingsTables build_two_trick_endings();

}  // namespace meksiko
