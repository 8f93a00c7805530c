#include "position.hpp"

namespace meksiko {

std::string validate(const Position& pos) {
  if (pos.trump < 0 || pos.trump > kNoTrump)
    return "trump " + std::to_string(pos.trump) + " out of range (0..3 for S H D C, 4 for no trump)";
  if (pos.declarer < 0 || pos.declarer >= kSeats)
    return "declarer seat " + std::to_string(pos.declarer) + " out of range 0..2";
  if (pos.leader < 0 || pos.leader >= kSeats)
    return "leader seat " + std::to_string(pos.leader) + " out of range 0..2";
  if (pos.num_played < 0 || pos.num_played > 2)
    return "a trick in progress holds 0 to 2 played cards, not " + std::to_string(pos.num_played);
  Mask seen = 0;
  for (int s = 0; s < kSeats; ++s) {
    if (popcount(pos.hands[s]) > kMaxHandCards)
      return "seat " + std::to_string(s) + " holds " + std::to_string(popcount(pos.hands[s])) +
             " cards, more than 10";
    Mask dup = seen & pos.hands[s];
    if (dup) return "duplicate card " + card_string(lowest_card(dup)) + " in seat " + std::to_string(s);
    seen |= pos.hands[s];
  }
  for (int i = 0; i < pos.num_played; ++i) {
    int c = pos.played[i];
    if (c < 0 || c >= kCards) return "played card index " + std::to_string(c) + " out of range";
    if (seen & card_bit(c)) return "duplicate card " + card_string(c) + " (played and still held)";
    seen |= card_bit(c);
  }
  // Seats that already played to this trick hold one card fewer.
  int n = popcount(pos.hands[pos.to_move()]);
  if (n == 0) return "no cards left to play";
  for (int k = 0; k < kSeats; ++k) {
    int seat = (pos.leader + k) % kSeats;
    int expected = k < pos.num_played ? n - 1 : n;
    if (popcount(pos.hands[seat]) != expected)
      return "uneven hands: seat " + std::to_string(seat) + " holds " +
             std::to_string(popcount(pos.hands[seat])) + " cards, expected " +
             std::to_string(expected);
  }
  // Each card already in the trick must have been a legal play.
  for (int i = 1; i < pos.num_played; ++i) {
    int seat = (pos.leader + i) % kSeats;
    int led = pos.played[0];
    Mask before = pos.hands[seat] | card_bit(pos.played[i]);
    if (!(legal_cards(before, led, pos.trump) & card_bit(pos.played[i]))) {
      bool can_follow = before & suit_bits(suit_of(led));
      return "played card " + card_string(pos.played[i]) + " by seat " + std::to_string(seat) +
             " is not legal: " + (can_follow ? "must follow " : "must ruff, void in ") +
             std::string(1, "SHDC"[suit_of(led)]);
    }
  }
  return {};
}

}  // namespace meksiko
