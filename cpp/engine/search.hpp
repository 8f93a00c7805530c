// Alpha-beta search on the declarer's trick count.
//
// The core question is the zero-window one, reach(need): can the declarer take
// at least `need` more tricks (the trick in progress included) against best
// defence? Exact values come from a few such searches. Cards that are
// equivalent (adjacent among the cards still live) are searched once. Every
// node also reports which cards its result depended on (see tt.hpp), so that
// a trick-start result is stored for all positions that differ only in cards
// that did not matter, and a card that fails spares the mover's other cards
// of its suit that lie below every card that mattered.
//
// The search itself (search_kernel.hpp) is compiled once for each instruction set it runs
// on: in a portable x86-64 build for the baseline and for x86-64-v3 (BMI2's pext and pdep,
// AVX2, LZCNT), and make_search() picks the best one this CPU runs.
#pragma once

#include <cstdint>
#include <memory>

#include "position.hpp"
#include "tt.hpp"

namespace meksiko {

// The three hands with ranks made relative (cards out of play squeezed out):
// equal keys mean positions that play out identically.
std::uint64_t relative_cards_key(const Mask hands[kSeats]);

class Search {
 public:
  virtual ~Search() = default;

  // Start from a validated position.
  virtual void set_position(const Position& pos) = 0;
  virtual Position position() const = 0;

  virtual bool reach(int need) = 0;
  // Exact declarer tricks from here, known to lie in [lo, hi]. `guess` is
  // probed first when it lies inside.
  virtual int value(int lo, int hi, int guess = -1) = 0;

  // A quick estimate of value(), to probe first.
  virtual int guess() const = 0;
  virtual int to_move() const = 0;
  virtual int tricks_left() const = 0;
  virtual Mask legal_moves() const = 0;
  // One card per class of equivalent legal cards.
  virtual Mask representative_moves() const = 0;
  // The representative that stands for `card` (a legal card of the mover).
  virtual int representative_of(int card) const = 0;

  // Play a card at the root level; returns 1 if it completed a trick won by
  // the declarer, else 0. undo() takes it back.
  virtual int play(int card) = 0;
  virtual void undo() = 0;

  virtual std::uint64_t nodes() const = 0;
};

// The search compiled for the best instruction set this CPU runs, on `tt`.
std::unique_ptr<Search> make_search(TranspositionTable& tt);

// The instruction set make_search() picks: "x86-64-v3" or "x86-64-v2" (portable x86-64 builds),
// "native" (a MEKSIKO_NATIVE build, for the building machine's CPU) or "baseline" (any other
// portable build: the compiler's default for the architecture, e.g. aarch64).
const char* search_instruction_set();

}  // namespace meksiko
