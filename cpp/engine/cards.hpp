// Cards and card sets as bits: card = suit * 8 + rank, suits S H D C = 0..3,
// ranks 7 8 9 T J Q K A = 0..7. A hand is a 32-bit mask of cards.
#pragma once

#include <cstdint>
#include <string>

#include "builtins.hpp"

namespace meksiko {

using Mask = std::uint32_t;

constexpr int kSuits = 4;
constexpr int kRanks = 8;
constexpr int kCards = 32;
constexpr int kSeats = 3;
constexpr int kNoTrump = 4;      // trump value meaning "played without trump"
constexpr int kMaxHandCards = 10;

constexpr int suit_of(int card) { return card >> 3; }
constexpr int rank_of(int card) { return card & 7; }
constexpr Mask card_bit(int card) { return Mask{1} << card; }
constexpr Mask suit_bits(int suit) { return Mask{0xFF} << (8 * suit); }
constexpr int next_seat(int seat) { return seat == 2 ? 0 : seat + 1; }

inline int popcount(Mask m) { return popcount32(m); }
inline int lowest_card(Mask m) { return lowest_bit32(m); }
inline int highest_card(Mask m) { return highest_bit32(m); }

// Does card a beat card b when b is the card currently winning the trick?
inline bool beats(int a, int b, int trump) {
  if (suit_of(a) == suit_of(b)) return rank_of(a) > rank_of(b);
  return suit_of(a) == trump;
}

// "AS", "TH", ... for messages.
inline std::string card_string(int card) {
  return {"789TJQKA"[rank_of(card)], "SHDC"[suit_of(card)]};
}

}  // namespace meksiko
