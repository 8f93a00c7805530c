// A fast path for the position notation the Python library accepts most
// often: hands as holding strings ("AK7.QJ.T98.A"), card lists ("AS KS",
// ["AS", "KS"], Card objects) or Hand objects; trump as a suit letter, a suit
// name, a no-trump spelling or None; seats as 0..2; played cards as a list.
//
// It answers only when it is sure to agree with the Python parser
// (meksiko_solver.cards and Position.create) and the position is valid. For
// anything else (other spellings, bad input) it declines, and the Python
// parser parses the input or says what is wrong with it.
#pragma once

#include <pybind11/pybind11.h>

#include "position.hpp"

namespace meksiko {

// True with *out set when the fast path parsed a valid position.
bool parse_notation(pybind11::handle hands, pybind11::handle trump, pybind11::handle declarer,
                    pybind11::handle leader, pybind11::handle played, Position* out);

// A meksiko_solver.cards.Hand of the mask, and the (interned) Card of an index.
pybind11::object hand_of(Mask mask);
pybind11::object card_of(int card);

// "AS", "TH", ...: the library's canonical card strings, made once.
pybind11::str card_name(int card);

}  // namespace meksiko
