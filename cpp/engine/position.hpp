// A position: the three remaining hands, trump, declarer and the trick in
// progress. Validated once at the engine's edge; the search trusts it.
#pragma once

#include <string>

#include "cards.hpp"

namespace meksiko {

struct Position {
  Mask hands[kSeats] = {0, 0, 0};
  int trump = kNoTrump;  // 0..3, or kNoTrump
  int declarer = 0;
  int leader = 0;        // leader of the current trick
  int num_played = 0;    // cards already played to the current trick (0..2)
  int played[2] = {-1, -1};

  int to_move() const { return (leader + num_played) % kSeats; }
  // Tricks still to be decided, the one in progress included.
  int tricks_left() const { return popcount(hands[to_move()]); }
};

// The cards `seat` may play to a trick whose first card is `led` (-1: leading).
inline Mask legal_cards(Mask hand, int led, int trump) {
  if (led < 0) return hand;
  Mask follow = hand & suit_bits(suit_of(led));
  if (follow) return follow;
  if (trump != kNoTrump) {
    Mask trumps = hand & suit_bits(trump);
    if (trumps) return trumps;
  }
  return hand;
}

// Index (0..2) within `cards` of the card that wins the trick.
inline int trick_winner_index(const int* cards, int count, int trump) {
  int best = 0;
  for (int i = 1; i < count; ++i)
    if (beats(cards[i], cards[best], trump)) best = i;
  return best;
}

// Empty string when the position is consistent, else a message naming the
// bad value and the rule it breaks.
std::string validate(const Position& pos);

}  // namespace meksiko
