// The last two tricks, read from a table instead of searched.
//
// With two cards a hand, a trick start plays out by the pattern of its six live cards alone: how
// many of each suit are live, which hand holds each of them in rank order, the trump, and which
// hand declares, counted from the leader. There are 84 * 90 * 5 * 3 such patterns, so the table
// holds them all (222 KiB). For each pattern it keeps the declarer's tricks and, for each question
// the search asks there (reach(1), reach(2)), the cards the answer depends on in the sense of the
// transposition table (tt.hpp): per suit, the owners of the live cards from the top down to a
// lowest card, beside the suit lengths. Every pattern that agrees on those has the same answer, so
// a search above reads them as it reads a child's.
//
// The table is built by brute force at build time (endings_build.cpp, written out as C++ by
// make_endings.cpp), so a program pays nothing for it when it starts.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bits.hpp"
#include "cards.hpp"

namespace meksiko {

class TwoTrickEndings {
 public:
  static constexpr int kPlaces = 6;                   // live cards
  static constexpr int kLengthCodes = 7 * 7 * 7 * 7;  // four suit lengths as digits in base 7
  static constexpr int kLengthPatterns = 84;          // the ways four suit lengths make 6
  static constexpr int kOwnerCodes = 1 << (2 * kPlaces);
  static constexpr int kOwnerPatterns = 90;           // 6! / (2! 2! 2!)
  static constexpr std::size_t kEntries = kLengthPatterns * kOwnerPatterns * 5 * kSeats;
  static constexpr int kRelOne = 2, kRelTwo = 8;  // where an entry keeps each question's cards

  // reach(need), need 1 or 2, at a trick start where every hand holds two cards; rel: the cards
  // the answer depends on. The search reads the table the same way with its own BitPacker
  // (search_kernel.hpp, two_trick_ending).
  static bool reach(const Mask hands[kSeats], int leader, int declarer, int trump, int need, Mask* rel) {
    BitPacker packed(hands[0] | hands[1] | hands[2]);
    int second = next_seat(leader), third = next_seat(second);
    unsigned e = entry(packed.mask(), packed.extract(hands[second]) | packed.extract(hands[third]) << kPlaces,
                       leader, declarer, trump);
    *rel = packed.deposit(rel_places(e, need));
    return reached(e, need);
  }

  // The entry of a trick start where every hand holds two cards: its live cards and their owners
  // packed in card order, as the second hand's bits | the third's << kPlaces.
  static unsigned entry(Mask live, unsigned owners, int leader, int declarer, int trump) {
    std::uint32_t counts = byte_counts(live);
    unsigned lengths = (counts & 0xFF) + 7 * (counts >> 8 & 0xFF) + 49 * (counts >> 16 & 0xFF) + 343 * (counts >> 24);
    int declarer_place = declarer >= leader ? declarer - leader : declarer - leader + kSeats;
    std::size_t index =
        ((std::size_t{kLengthIndex[lengths]} * kOwnerPatterns + kOwnerIndex[owners]) * 5 + trump) * kSeats +
        declarer_place;
    return kEntry[index];
  }
  static bool reached(unsigned entry, int need) { return static_cast<int>(entry & 3) >= need; }
  // The cards reach(need)'s answer depends on, as places among the live cards (to deposit).
  static unsigned rel_places(unsigned entry, int need) {
    return entry >> (need == 1 ? kRelOne : kRelTwo) & ((1u << kPlaces) - 1);
  }

  // The suit lengths of the live cards -> their pattern, 0..83.
  static const std::uint8_t kLengthIndex[kLengthCodes];
  // The owners of the live cards in card order, as the second hand's bits | the third's << 6
  // -> their pattern, 0..89.
  static const std::uint8_t kOwnerIndex[kOwnerCodes];
  // The declarer's tricks | reach(1)'s cards << kRelOne | reach(2)'s << kRelTwo, the cards as
  // places among the live cards in card order (per suit, the lowest card whose owner counts); by
  // ((lengths * 90 + owners) * 5 + trump) * 3 + the declarer's place counted from the leader.
  static const std::uint16_t kEntry[kEntries];
};

}  // namespace meksiko
