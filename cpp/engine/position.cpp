#include "position.hpp"

namespace meksiko {

namespace {
std::string cards_text(int n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); }
}  // namespace

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
  // Every seat held the same number of cards when the trick began: a seat that already played
  // to it holds one fewer now. The seat whose count differs from the other two is the one named.
  int held[kSeats], at_start[kSeats];
  for (int s = 0; s < kSeats; ++s) {
    held[s] = popcount(pos.hands[s]);
    at_start[s] = held[s] + ((s - pos.leader + kSeats) % kSeats < pos.num_played);
  }
  if (at_start[0] != at_start[1] || at_start[1] != at_start[2]) {
    if (at_start[0] != at_start[1] && at_start[1] != at_start[2] && at_start[0] != at_start[2])
      return "uneven hands: seats 0, 1 and 2 hold " + std::to_string(held[0]) + ", " +
             std::to_string(held[1]) + " and " + std::to_string(held[2]) + " cards";
    int odd = at_start[1] == at_start[2] ? 0 : at_start[0] == at_start[2] ? 1 : 2;
    int common = at_start[(odd + 1) % kSeats];
    int expected = common - (at_start[odd] != held[odd]);
    if (expected < 0) return "no cards left to play";
    std::string trick = pos.num_played == 0 ? ""
                        : at_start[odd] != held[odd] ? " (it has played to the trick in progress)"
                                                   : " (it has not played to the trick in progress yet)";
    return "uneven hands: seat " + std::to_string(odd) + " holds " + cards_text(held[odd]) +
           ", expected " + std::to_string(expected) + trick;
  }
  if (held[pos.to_move()] == 0) return "no cards left to play";
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
