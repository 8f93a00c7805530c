#include "notation.hpp"

#include <string_view>

namespace py = pybind11;

namespace meksiko {

namespace {

// Ranks 7 8 9 T J Q K A (either case); -1 for anything else.
int rank_char(char c) {
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

int suit_char(char c) {
  switch (c) {
    case 'S': case 's': return 0;
    case 'H': case 'h': return 1;
    case 'D': case 'd': return 2;
    case 'C': case 'c': return 3;
    default: return -1;
  }
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view strip(std::string_view t) {
  while (!t.empty() && is_space(t.front())) t.remove_prefix(1);
  while (!t.empty() && is_space(t.back())) t.remove_suffix(1);
  return t;
}

// The text of a str object, only when it is plain ASCII (the Python parser
// also knows suit symbols and Unicode spaces: those take the slow path).
bool ascii_text(py::handle h, std::string_view* out) {
  if (!PyUnicode_Check(h.ptr()) || !PyUnicode_IS_ASCII(h.ptr())) return false;
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(h.ptr(), &size);
  if (!data) {
    PyErr_Clear();
    return false;
  }
  *out = std::string_view(data, static_cast<std::size_t>(size));
  return true;
}

// A card with its suit last ("AS", "10h"), as Card() reads it.
bool card_text(std::string_view t, int* card) {
  t = strip(t);
  if (t.size() < 2) return false;
  int suit = suit_char(t.back());
  if (suit < 0) return false;
  std::string_view rank = t.substr(0, t.size() - 1);
  int r = rank == "10" ? 3 : (rank.size() == 1 ? rank_char(rank[0]) : -1);
  if (r < 0) return false;
  *card = suit * 8 + r;
  return true;
}

// Exact types only: a subclass may behave differently.
// The objects cached here are never released: a static py::object would be
// released after the interpreter has shut down.
PyTypeObject* library_type(const char* name) {
  static PyObject* card_type = nullptr;
  static PyObject* hand_type = nullptr;
  PyObject*& slot = name[0] == 'C' ? card_type : hand_type;
  if (!slot) slot = py::object(py::module_::import("meksiko_solver.cards").attr(name)).release().ptr();
  return reinterpret_cast<PyTypeObject*>(slot);
}

bool int_value(py::handle h, long lo, long hi, long* out) {
  if (!PyLong_Check(h.ptr()) || PyBool_Check(h.ptr())) return false;
  int overflow = 0;
  long v = PyLong_AsLongAndOverflow(h.ptr(), &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return false;
  }
  if (v < lo || v > hi) return false;
  *out = v;
  return true;
}

// A str or a Card.
bool card_object(py::handle h, int* card) {
  std::string_view t;
  if (ascii_text(h, &t)) return card_text(t, card);
  if (Py_TYPE(h.ptr()) != library_type("Card")) return false;
  PyObject* index = PyObject_GetAttrString(h.ptr(), "index");
  if (!index) {
    PyErr_Clear();
    return false;
  }
  long v = 0;
  bool ok = int_value(index, 0, kCards - 1, &v);
  Py_DECREF(index);
  *card = static_cast<int>(v);
  return ok;
}

// Adds a card, refusing duplicates (the Python parser names them).
bool add_card(int card, Mask* mask) {
  if (*mask & card_bit(card)) return false;
  *mask |= card_bit(card);
  return true;
}

// A holding "S.H.D.C" or a space or comma separated list of cards.
bool holding_text(std::string_view t, Mask* mask) {
  t = strip(t);
  *mask = 0;
  if (t.find('.') == std::string_view::npos) {
    std::size_t i = 0;
    while (i < t.size()) {
      while (i < t.size() && (is_space(t[i]) || t[i] == ',')) ++i;
      std::size_t j = i;
      while (j < t.size() && !is_space(t[j]) && t[j] != ',') ++j;
      if (j > i) {
        int card = 0;
        if (!card_text(t.substr(i, j - i), &card) || !add_card(card, mask)) return false;
      }
      i = j;
    }
    return true;
  }
  int suit = 0;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = t.find('.', start);
    std::string_view field = strip(t.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (suit > 3) return false;
    if (field != "-") {
      for (std::size_t i = 0; i < field.size(); ++i) {
        if (is_space(field[i])) continue;
        int r = -1;
        if (field[i] == '1' && i + 1 < field.size() && field[i + 1] == '0') {
          r = 3;
          ++i;
        } else {
          r = rank_char(field[i]);
        }
        if (r < 0 || !add_card(suit * 8 + r, mask)) return false;
      }
    }
    ++suit;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return suit == 4;
}

bool card_list(py::handle h, Mask* mask, int* order, int max_cards, int* count) {
  if (!PyList_Check(h.ptr()) && !PyTuple_Check(h.ptr())) return false;
  py::sequence seq = py::reinterpret_borrow<py::sequence>(h);
  std::size_t n = seq.size();
  if (static_cast<int>(n) > max_cards) return false;
  *mask = 0;
  for (std::size_t i = 0; i < n; ++i) {
    int card = 0;
    if (!card_object(seq[i], &card) || !add_card(card, mask)) return false;
    if (order) order[i] = card;
  }
  if (count) *count = static_cast<int>(n);
  return true;
}

bool hand_object(py::handle h, Mask* mask) {
  std::string_view t;
  if (ascii_text(h, &t)) return holding_text(t, mask);
  if (Py_TYPE(h.ptr()) == library_type("Hand")) {
    PyObject* m = PyObject_GetAttrString(h.ptr(), "mask");
    if (!m) {
      PyErr_Clear();
      return false;
    }
    long v = 0;
    bool ok = int_value(m, 0, 0xFFFFFFFFL, &v);
    Py_DECREF(m);
    *mask = static_cast<Mask>(v);
    return ok;
  }
  long v = 0;
  if (int_value(h, 0, 0xFFFFFFFFL, &v)) {  // Hand(mask)
    *mask = static_cast<Mask>(v);
    return true;
  }
  return card_list(h, mask, nullptr, kCards, nullptr);
}

bool trump_object(py::handle h, int* trump) {
  if (h.is_none()) {
    *trump = kNoTrump;
    return true;
  }
  std::string_view t;
  if (!ascii_text(h, &t)) return false;
  t = strip(t);
  if (t.size() == 1) {
    if (suit_char(t[0]) >= 0) {
      *trump = suit_char(t[0]);
      return true;
    }
    if (t[0] == 'N' || t[0] == 'n' || t[0] == '-') {
      *trump = kNoTrump;
      return true;
    }
    return false;
  }
  char low[9] = {};
  if (t.size() > 8) return false;
  for (std::size_t i = 0; i < t.size(); ++i) low[i] = static_cast<char>(t[i] | 0x20);
  std::string_view l(low, t.size());
  static const char* const kNames[] = {"spades", "hearts", "diamonds", "clubs"};
  for (int s = 0; s < kSuits; ++s)
    if (l == kNames[s]) {
      *trump = s;
      return true;
    }
  if (t.empty() || l == "nt" || l == "none") {
    *trump = kNoTrump;
    return true;
  }
  return false;
}

bool seat_object(py::handle h, int* seat) {
  long v = 0;
  if (int_value(h, 0, kSeats - 1, &v)) {
    *seat = static_cast<int>(v);
    return true;
  }
  std::string_view t;
  if (!ascii_text(h, &t)) return false;
  t = strip(t);
  if (t.size() != 1 || t[0] < '0' || t[0] > '2') return false;
  *seat = t[0] - '0';
  return true;
}

}  // namespace

bool parse_notation(py::handle hands, py::handle trump, py::handle declarer, py::handle leader, py::handle played,
                    Position* out) {
  if (!PyList_Check(hands.ptr()) && !PyTuple_Check(hands.ptr())) return false;
  py::sequence seq = py::reinterpret_borrow<py::sequence>(hands);
  if (seq.size() != kSeats) return false;
  Position pos;
  for (int s = 0; s < kSeats; ++s)
    if (!hand_object(seq[s], &pos.hands[s])) return false;
  Mask played_mask = 0;
  if (!trump_object(trump, &pos.trump) || !seat_object(declarer, &pos.declarer) ||
      !seat_object(leader, &pos.leader) || !card_list(played, &played_mask, pos.played, 2, &pos.num_played))
    return false;
  if (!validate(pos).empty()) return false;
  *out = pos;
  return true;
}

py::object hand_of(Mask mask) {
  // As object.__new__(Hand) and object.__setattr__(hand, "mask", mask) do:
  // Hand's own __setattr__ refuses every change.
  PyTypeObject* type = library_type("Hand");
  py::object hand = py::reinterpret_steal<py::object>(type->tp_alloc(type, 0));
  if (!hand) throw py::error_already_set();
  static PyObject* name = py::str("mask").release().ptr();
  py::int_ value(mask);
  if (PyObject_GenericSetAttr(hand.ptr(), name, value.ptr()) != 0) throw py::error_already_set();
  return hand;
}

py::object card_of(int card) {
  static PyObject* cards[kCards] = {};
  if (!cards[card])
    cards[card] = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(library_type("Card")))(card).release().ptr();
  return py::reinterpret_borrow<py::object>(cards[card]);
}

py::str card_name(int card) {
  static PyObject* names[kCards] = {};
  if (!names[card]) names[card] = py::str(card_string(card)).release().ptr();
  return py::reinterpret_borrow<py::str>(names[card]);
}

}  // namespace meksiko
