// The last two tricks, read from a table instead of searched.
//
// With two cards a hand, a trick start plays out by the pattern of its six live cards alone: how
// many of each suit are live, which hand holds each of them in rank order, the trump, and which
// hand declares, counted from the leader. There are 84 * 90 * 5 * 3 such patterns, so the table
// holds them all (227 KB, built once on first use, shared by every search). For each pattern it
// keeps the declarer's tricks and, for each question the search asks there (reach(1), reach(2)),
// the cards the answer depends on in the sense of the transposition table (tt.hpp): per suit, the
// owners of the live cards from the top down to a lowest card, beside the suit lengths. Every
// pattern that agrees on those has the same answer (checked over its whole class when the table is
// built), so a search above reads them as it reads a child's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bits.hpp"
#include "cards.hpp"

namespace meksiko {

class TwoTrickEndings {
 public:
  static const TwoTrickEndings& instance();

  // reach(need), need 1 or 2, at a trick start where every hand holds two cards; rel: the cards
  // the answer depends on.
  bool reach(const Mask hands[kSeats], int leader, int declarer, int trump, int need, Mask* rel) const {
    Mask live = hands[0] | hands[1] | hands[2];
    BitPacker packed(live);
    int second = next_seat(leader), third = next_seat(second);
    std::uint32_t counts = byte_counts(live);
    unsigned lengths = (counts & 0xFF) + 7 * (counts >> 8 & 0xFF) + 49 * (counts >> 16 & 0xFF) + 343 * (counts >> 24);
    unsigned owners = packed.extract(hands[second]) | packed.extract(hands[third]) << kPlaces;
    int declarer_place = declarer >= leader ? declarer - leader : declarer - leader + kSeats;
    std::size_t index =
        ((std::size_t{length_index_[lengths]} * kOwnerPatterns + owner_index_[owners]) * 5 + trump) * kSeats +
        declarer_place;
    unsigned entry = entries_[index];
    *rel = packed.deposit(entry >> (need == 1 ? kRelOne : kRelTwo) & ((1u << kPlaces) - 1));
    return static_cast<int>(entry & 3) >= need;
  }

 private:
  static constexpr int kPlaces = 6;           // live cards
  static constexpr int kOwnerPatterns = 90;   // 6! / (2! 2! 2!)
  static constexpr int kRelOne = 2, kRelTwo = 8;
  TwoTrickEndings();

  // The suit lengths of the live cards (as digits in base 7) -> their pattern, 0..83.
  std::uint8_t length_index_[7 * 7 * 7 * 7];
  // The owners of the live cards in card order, as the second hand's bits | the third's << 6
  // -> their pattern, 0..89.
  std::uint8_t owner_index_[1 << (2 * kPlaces)];
  // The declarer's tricks | reach(1)'s cards << kRelOne | reach(2)'s << kRelTwo, the cards as
  // places among the live cards (in card order): per suit, the lowest card whose owner counts.
  std::vector<std::uint16_t> entries_;
};

}  // namespace meksiko
