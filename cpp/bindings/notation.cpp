#include "notation.hpp"

#include "cards.hpp"

namespace meksiko {

namespace {

// Ranks 7 8 9 T J Q K A (either case); -1 for anything else ("10" is read by the caller).
int rank_of_char(char c) {
  switch (c) {
    case '7': return 0;
    case '8': return 1;
    case '9': return 2;
    case 'T': case 't': return 3;
    case 'J': case 'j': return 4;
    case 'Q': case 'q': return 5;
    case 'K': case 'k': return 6;
    case 'A': case 'a': return 7;
    default: return -1;
  }
}

// The ranks of one suit's field as 8 bits, or -1. Spaces are skipped (as the library's
// parser skips them); a void is "-" alone or nothing.
int field_ranks(std::string_view field) {
  std::size_t first = field.find_first_not_of(' ');
  if (first == std::string_view::npos) return 0;
  std::size_t last = field.find_last_not_of(' ');
  if (first == last && field[first] == '-') return 0;
  int bits = 0;
  for (std::size_t i = first; i <= last; ++i) {
    char c = field[i];
    if (c == ' ') continue;
    int rank = -1;
    if (c == '1' && i + 1 <= last && field[i + 1] == '0') {
      rank = 3;
      ++i;
    } else {
      rank = rank_of_char(c);
    }
    if (rank < 0 || bits >> rank & 1) return -1;
    bits |= 1 << rank;
  }
  return bits;
}

}  // namespace

std::int64_t holding_mask(std::string_view text) {
  std::int64_t mask = 0;
  int suit = 0;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = text.find('.', start);
    if (suit == kSuits) return -1;  // a fifth field
    int bits = field_ranks(text.substr(start, dot == std::string_view::npos ? text.npos : dot - start));
    if (bits < 0) return -1;
    mask |= static_cast<std::int64_t>(bits) << (8 * suit);
    ++suit;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return suit == kSuits ? mask : -1;
}

namespace {

// Exact str only, and ASCII only: Unicode spaces and suit symbols are the library's.
std::int64_t object_holding_mask(PyObject* obj) {
  if (!PyUnicode_CheckExact(obj) || !PyUnicode_IS_ASCII(obj)) return -1;
  const char* data = static_cast<const char*>(PyUnicode_DATA(obj));
  return holding_mask(std::string_view(data, static_cast<std::size_t>(PyUnicode_GET_LENGTH(obj))));
}

}  // namespace

void register_notation(pybind11::module_& m) {
  m.def(
      "holding_masks",
      [](pybind11::handle hands) -> pybind11::object {
        // One call for the three hands of a position: a list or tuple of three holdings.
        PyObject* obj = hands.ptr();
        if (!(PyList_CheckExact(obj) || PyTuple_CheckExact(obj)) || PySequence_Fast_GET_SIZE(obj) != kSeats)
          return pybind11::none();
        std::int64_t masks[kSeats];
        for (int s = 0; s < kSeats; ++s) {
          masks[s] = object_holding_mask(PySequence_Fast_GET_ITEM(obj, s));
          if (masks[s] < 0) return pybind11::none();
        }
        return pybind11::make_tuple(masks[0], masks[1], masks[2]);
      },
      pybind11::arg("hands"),
      "The three masks of a list or tuple of three plain holdings (as holding_mask reads them); None for "
      "anything else.");
  m.def(
      "holding_mask", [](pybind11::handle text) { return object_holding_mask(text.ptr()); },
      pybind11::arg("text"),
      "The mask of a plain ASCII holding 'S.H.D.C' (ranks 7..A or 10, either case, spaces, '-' for a void); "
      "-1 for anything else.");
}

}  // namespace meksiko
