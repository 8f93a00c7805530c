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
#pragma once

#include <cstdint>

#include "bits.hpp"
#include "position.hpp"
#include "tt.hpp"

namespace meksiko {

// The three hands with ranks made relative (cards out of play squeezed out):
// equal keys mean positions that play out identically.
std::uint64_t relative_cards_key(const Mask hands[kSeats]);

struct FollowOrder;  // a follower's cards in the order they are tried (search.cpp)

class Search {
 public:
  explicit Search(TranspositionTable& tt) : tt_(tt) {}

  // Start from a validated position.
  void set_position(const Position& pos);
  Position position() const;

  bool reach(int need) {
    Mask rel;
    return node(need, &rel);
  }
  // Exact declarer tricks from here, known to lie in [lo, hi]. `guess` is
  // probed first when it lies inside.
  int value(int lo, int hi, int guess = -1);
  int value() { return value(0, tricks_left()); }

  // A quick estimate of value(), to probe first.
  int guess() const;
  int to_move() const {
    int seat = leader_ + count_;
    return seat >= kSeats ? seat - kSeats : seat;
  }
  int tricks_left() const { return popcount(hand_[to_move()]); }
  Mask legal_moves() const;
  // One card per class of equivalent legal cards.
  Mask representative_moves() const;
  // The representative that stands for `card` (a legal card of the mover).
  int representative_of(int card) const;

  // Play a card at the root level; returns 1 if it completed a trick won by
  // the declarer, else 0. undo() takes it back.
  int play(int card);
  void undo();

  std::uint64_t nodes() const { return nodes_; }

 private:
  bool node(int need, Mask* rel);
  bool lead_node(int need, Mask* rel);
  bool second_hand(int need, Mask* rel);
  // The second hand's cards in three groups, tried in that order (see search.cpp).
  void second_hand_order(int p, int led, const FollowOrder& order, Mask groups[3]) const;
  bool third_hand(int need, Mask* rel);
  int last_trick(Mask* rel) const;
  // `seat`'s cards above every other hand's card of their suit.
  Mask top_cards(int seat) const;
  // The suits (whole bytes) of a lead that `hand` cannot ruff: those it holds, every suit when it
  // holds no trump.
  Mask unruffable_suits(Mask hand) const { return whole_suits(hand) | ((hand & trump_bits_) ? 0u : ~0u); }
  // The tricks `seat` can cash at once; 0 when fewer than `enough` are possible. With
  // `entries`: the first plan alone (side suits, then trumps), and the suits it cashes in.
  int quick_tricks(int seat, int enough, Mask* rel, Mask* entries = nullptr) const;
  // Whether the defender not on lead cashes enough to beat the contract once his partner,
  // on lead, leads to him.
  bool partner_quick_tricks(int need, int rem, Mask* rel) const;
  // Leads (of a defender) that the declarer surely refutes, and the cards that decide it.
  struct RefutedLeads {
    Mask leads = 0, rel = 0;
  };
  // The leads after which the declarer, not on lead, wins the trick and then cashes `need` tricks.
  RefutedLeads refuted_leads(int need) const;
  int sure_trump_tricks(int need, int rem, Mask* rel) const;
  // Whether the declarer surely takes `need` tricks while the defenders hold no trump.
  bool unruffed_tricks(int need, Mask* rel) const;
  TTShape shape(const BitPacker& live) const;
  Mask widen_to_run(Mask rel, int card, int seat, Mask live) const;
  // The mover's cards that a failed try of `card` (its result's cards: rel) shows to play alike.
  Mask settled_with(Mask rel, int card, int seat, Mask live) const;
  Mask live_in_trick() const;
  // The lowest card of each run of `hand`'s cards that no other live card separates.
  Mask representatives(Mask hand, Mask live) const;
  // Each lead's key: the higher, the sooner it is searched.
  int lead_keys(Mask moves, std::uint64_t* keys) const;

  TranspositionTable& tt_;
  Mask hand_[kSeats] = {0, 0, 0};
  // Suit lengths, 4 bits per (seat, suit) at 16 * seat + 4 * suit: kept up to
  // date with the hands, for the table key and the bounds.
  std::uint64_t lengths_ = 0;
  // Move `card` out of or back into `seat`'s hand.
  void take(int seat, int card) {
    hand_[seat] ^= card_bit(card);
    lengths_ -= std::uint64_t{1} << (16 * seat + 4 * suit_of(card));
  }
  void give(int seat, int card) {
    hand_[seat] ^= card_bit(card);
    lengths_ += std::uint64_t{1} << (16 * seat + 4 * suit_of(card));
  }
  int trump_ = kNoTrump;
  Mask trump_bits_ = 0;  // the trump suit's cards; none without trump
  int declarer_ = 0;
  int leader_ = 0;
  int count_ = 0;    // cards in the current trick
  int cards_[3] = {-1, -1, -1};
  std::uint64_t nodes_ = 0;
  std::uint32_t history_[kSeats][kCards] = {};

  struct Undo {
    int leader, count, cards[3], seat, card;
  };
  Undo undo_stack_[kSeats * kMaxHandCards];
  int undo_size_ = 0;
};

}  // namespace meksiko
