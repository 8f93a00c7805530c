// Unit tests of the C++ engine: rules of play, validation, the table, and the
// search cross-checked against a plain minimax on random small positions.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "batch.hpp"
#include "bits.hpp"
#include "endings.hpp"
#include "position.hpp"
#include "solver.hpp"
#include "tt.hpp"

using namespace meksiko;

namespace {

int card(const char* name) {
  const std::string ranks = "789TJQKA", suits = "SHDC";
  return static_cast<int>(suits.find(name[1]) * 8 + ranks.find(name[0]));
}

Mask cards(std::initializer_list<const char*> names) {
  Mask m = 0;
  for (const char* n : names) m |= card_bit(card(n));
  return m;
}

// Plain minimax, no table, no pruning: declarer's tricks from the position.
int brute(Mask hands[3], int trump, int declarer, int leader, int* trick, int count) {
  int p = (leader + count) % 3;
  if (count == 0 && hands[leader] == 0) return 0;
  Mask legal = legal_cards(hands[p], count ? trick[0] : -1, trump);
  bool maximizing = p == declarer;
  int best = maximizing ? -1 : 99;
  for (Mask m = legal; m; m &= m - 1) {
    int c = lowest_card(m);
    hands[p] ^= card_bit(c);
    trick[count] = c;
    int v;
    if (count == 2) {
      int t[3] = {trick[0], trick[1], trick[2]};
      int winner = (leader + trick_winner_index(t, 3, trump)) % 3;
      v = (winner == declarer) + brute(hands, trump, declarer, winner, trick, 0);
      trick[0] = t[0];
      trick[1] = t[1];
    } else {
      v = brute(hands, trump, declarer, leader, trick, count + 1);
    }
    hands[p] ^= card_bit(c);
    best = maximizing ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// A position at a trick start, seat 0 declaring.
Position deal_of(Mask hand0, Mask hand1, Mask hand2, int trump, int leader) {
  Position pos;
  pos.hands[0] = hand0;
  pos.hands[1] = hand1;
  pos.hands[2] = hand2;
  pos.trump = trump;
  pos.leader = leader;
  return pos;
}

// Plain minimax from a position, its trick in progress included.
int minimax(const Position& pos) {
  Mask hands[3] = {pos.hands[0], pos.hands[1], pos.hands[2]};
  int trick[3] = {pos.played[0], pos.played[1], -1};
  return brute(hands, pos.trump, pos.declarer, pos.leader, trick, pos.num_played);
}

Position random_position(std::mt19937& rng, int per_hand, int played) {
  std::vector<int> deck(32);
  for (int i = 0; i < 32; ++i) deck[i] = i;
  std::shuffle(deck.begin(), deck.end(), rng);
  Position pos;
  for (int s = 0; s < 3; ++s)
    for (int k = 0; k < per_hand; ++k) pos.hands[s] |= card_bit(deck[s * per_hand + k]);
  pos.trump = static_cast<int>(rng() % 5);
  pos.declarer = static_cast<int>(rng() % 3);
  pos.leader = static_cast<int>(rng() % 3);
  for (int i = 0; i < played; ++i) {
    int seat = (pos.leader + i) % 3;
    Mask legal = legal_cards(pos.hands[seat], i ? pos.played[0] : -1, pos.trump);
    std::vector<int> options;
    for (Mask m = legal; m; m &= m - 1) options.push_back(lowest_card(m));
    int c = options[rng() % options.size()];
    pos.hands[seat] ^= card_bit(c);
    pos.played[pos.num_played++] = c;
  }
  return pos;
}

}  // namespace

TEST_CASE("the packer's bit moves extract and deposit as pext and pdep do") {
  // The obvious reference: walk the mask's bits from the lowest.
  auto extract = [](std::uint32_t x, std::uint32_t m) {
    std::uint32_t out = 0;
    for (int i = 0, k = 0; i < 32; ++i)
      if (m >> i & 1) out |= (x >> i & 1) << k++;
    return out;
  };
  auto deposit = [](std::uint32_t x, std::uint32_t m) {
    std::uint32_t out = 0;
    for (int i = 0, k = 0; i < 32; ++i)
      if (m >> i & 1) out |= (x >> k++ & 1) << i;
    return out;
  };
  std::mt19937 rng(18);
  for (int n = 0; n < 20000; ++n) {
    std::uint32_t m = static_cast<std::uint32_t>(rng()), x = static_cast<std::uint32_t>(rng());
    if (n % 4 == 1) m &= static_cast<std::uint32_t>(rng());  // sparse masks, like the live cards late
    if (n % 4 == 2) m |= static_cast<std::uint32_t>(rng());
    if (n == 0) m = 0;
    if (n == 1) m = ~0u;
    SoftBitPacker soft(m);
    BitPacker packer(m);
    REQUIRE(soft.extract(x) == extract(x, m));
    REQUIRE(soft.deposit(x) == deposit(x, m));
    REQUIRE(packer.extract(x) == extract(x, m));
    REQUIRE(packer.deposit(x) == deposit(x, m));
    REQUIRE(pext32(x, m) == extract(x, m));
    REQUIRE(pdep32(x, m) == deposit(x, m));
  }
}

TEST_CASE("follow suit, else ruff, else anything") {
  Mask hand = cards({"AS", "7H", "8D"});
  CHECK(legal_cards(hand, card("KS"), 1) == cards({"AS"}));
  CHECK(legal_cards(hand, card("KC"), 1) == cards({"7H"}));          // must ruff
  CHECK(legal_cards(hand, card("KC"), kNoTrump) == hand);            // no trump: anything
  CHECK(legal_cards(cards({"AS", "8D"}), card("KC"), 1) == cards({"AS", "8D"}));
  CHECK(legal_cards(hand, -1, 1) == hand);                           // leading
}

TEST_CASE("the highest trump wins, else the highest card of the led suit") {
  int t1[3] = {card("KS"), card("AS"), card("7H")};
  CHECK(trick_winner_index(t1, 3, 1) == 2);
  CHECK(trick_winner_index(t1, 3, kNoTrump) == 1);
  int t2[3] = {card("9D"), card("AC"), card("TD")};  // a discard never wins
  CHECK(trick_winner_index(t2, 3, 0) == 2);
  int t3[3] = {card("7H"), card("8S"), card("9S")};  // over-ruff
  CHECK(trick_winner_index(t3, 3, 0) == 2);
}

TEST_CASE("validation names the bad value") {
  Position pos = deal_of(cards({"AS", "KS"}), cards({"QS", "JS"}), cards({"TS", "9S"}), 0, 0);
  CHECK(validate(pos).empty());
  Position dup = pos;
  dup.hands[2] = cards({"TS", "AS"});
  CHECK(validate(dup) == "duplicate card AS in seat 2");
  Position uneven = pos;
  uneven.hands[2] = cards({"TS"});
  CHECK(validate(uneven) == "uneven hands: seat 2 holds 1 card, expected 2");
  Position short_first = pos;  // the seat to move is the short one: it is named, not the others
  short_first.hands[0] = cards({"AS"});
  CHECK(validate(short_first) == "uneven hands: seat 0 holds 1 card, expected 2");
  Position all_differ = pos;
  all_differ.hands[0] = cards({"AS", "KS", "8S"});
  all_differ.hands[2] = cards({"TS"});
  CHECK(validate(all_differ) == "uneven hands: seats 0, 1 and 2 hold 3, 2 and 1 cards");
  Position in_trick = deal_of(cards({"KS"}), cards({"QS", "JS"}), cards({"TS", "9S"}), 0, 0);
  in_trick.num_played = 1;  // seat 0 led AS and holds one card fewer
  in_trick.played[0] = card("AS");
  CHECK(validate(in_trick).empty());
  in_trick.hands[1] = cards({"QS"});  // seat 1 has not played yet: it must still hold two
  CHECK(validate(in_trick) == "uneven hands: seat 1 holds 1 card, expected 2 "
                              "(it has not played to the trick in progress yet)");
  in_trick.hands[1] = cards({"QS", "JS"});
  in_trick.hands[0] = cards({"KS", "8S"});  // the leader kept as many as the others
  CHECK(validate(in_trick) == "uneven hands: seat 0 holds 2 cards, expected 1 "
                              "(it has played to the trick in progress)");
  Position seat = pos;
  seat.declarer = 3;
  CHECK(validate(seat) == "declarer seat 3 out of range 0..2");
  Position trump = pos;
  trump.trump = 7;
  CHECK(validate(trump).find("trump 7 out of range") == 0);
  Position illegal = pos;  // seat 1 shows a heart on a spade lead while holding spades
  illegal.hands[0] = cards({"KS"});
  illegal.hands[1] = cards({"QS"});
  illegal.hands[2] = cards({"TS", "9S"});
  illegal.num_played = 2;
  illegal.played[0] = card("AS");
  illegal.played[1] = card("7H");
  CHECK(validate(illegal) == "played card 7H by seat 1 is not legal: must follow S");
  Position empty;
  CHECK(validate(empty) == "no cards left to play");
}

TEST_CASE("the table merges bounds and answers for positions that agree on what mattered") {
  TranspositionTable tt(1 << 16);
  // Three live cards, packed from the lowest: seat 1, seat 0, seat 2 (the top).
  // Owner code bit 0 (seat 0 or 2) in the low half, bit 1 (seat 1 or 2) in the high half.
  auto code = [](std::uint64_t lo, std::uint64_t hi) { return lo | hi << 32; };
  TTShape p{0x333, 5, code(0b110, 0b101)};
  TTMask top_one = code(0b100, 0b100);  // only the owner of the top card mattered
  CHECK(tt.probe(p).hi == 99);
  tt.store(p, top_one, 2, 8);
  tt.store(p, top_one, 3, 9);
  tt.store(p, top_one, 0, 6);
  TTAnswer a = tt.probe(p);
  CHECK(a.lo == 3);
  CHECK(a.hi == 6);
  CHECK(a.lo_mask == top_one);
  TTShape other_small = p;
  other_small.code = code(0b100, 0b111);  // the middle card went to seat 1: still answers
  CHECK(tt.probe(other_small).lo == 3);
  TTShape other_top = p;
  other_top.code = code(0b110, 0b001);  // the top card went to seat 0: no answer
  CHECK(tt.probe(other_top).hi == 99);
  TTShape other_leader = p;
  other_leader.context = 6;
  CHECK(tt.probe(other_leader).hi == 99);
  tt.new_generation();
  CHECK(tt.probe(p).lo == 3);  // bounds stay valid across solves
  tt.clear();
  CHECK(tt.probe(p).hi == 99);
}

// A table of a single bucket of eight, and positions with one key that differ in the owners of
// four cards, each kept: which of them the bucket still holds.
struct OneBucket {
  TranspositionTable tt{1};
  TTShape shape(std::uint64_t owners) {
    TTShape s{0x444, 0, owners};
    tt.locate(&s);
    return s;
  }
  void store(std::uint64_t owners) { tt.store(shape(owners), 0xFull | 0xFull << 32, 1, 4); }
  bool stored(std::uint64_t owners) { return tt.probe(shape(owners)).lo == 1; }
};

TEST_CASE("a full bucket replaces its entries in turn, older solves' first") {
  OneBucket b;
  for (std::uint64_t i = 0; i < 16; ++i) b.store(i);
  // One solve's entries: the last eight stay (the first of equals would have churned one slot).
  for (std::uint64_t i = 0; i < 8; ++i) CHECK_FALSE(b.stored(i));
  for (std::uint64_t i = 8; i < 16; ++i) CHECK(b.stored(i));
  // In the next solve, an entry written again outlives the older ones.
  b.tt.new_generation();
  b.store(8);   // the next in turn, written in this solve
  b.store(16);  // replaces the oldest after it
  CHECK(b.stored(8));
  CHECK_FALSE(b.stored(9));
  CHECK(b.stored(16));
}

TEST_CASE("a full bucket replaces the entry written longest ago, many solves back") {
  OneBucket b;
  for (std::uint64_t i = 0; i < 8; ++i) b.store(i);  // one solve fills it
  for (std::uint64_t i = 0; i < 7; ++i) {             // the next seven write all but the last again
    b.tt.new_generation();
    b.store(i);
  }
  for (int i = 0; i < 5; ++i) b.tt.new_generation();
  // Every entry is 5 to 12 solves old: the one of 12 goes, not the first in turn (slot 0).
  b.store(9);
  CHECK_FALSE(b.stored(7));
  for (std::uint64_t i = 0; i < 7; ++i) CHECK(b.stored(i));
  CHECK(b.stored(9));
}

TEST_CASE("a hand-checked ending") {
  // Trump hearts. Seat 0 (declarer) AS 7H; seat 1 KS QS; seat 2 AD KD.
  // The ace of spades and the only trump win a trick each: 2 tricks.
  Position pos = deal_of(cards({"AS", "7H"}), cards({"KS", "QS"}), cards({"AD", "KD"}), 1, 0);
  Solver solver(1 << 20);
  SolveResult r = solver.solve(pos);
  CHECK(r.error.empty());
  CHECK(r.tricks == 2);
  CHECK(r.line.size() == 6);
  // Declarer seat 1 instead: seat 0 leads, defenders take both tricks.
  pos.declarer = 1;
  CHECK(solver.solve(pos).tricks == 0);
}

TEST_CASE("the two-trick table answers every ending as plain minimax, for each position its cards stand for") {
  // Every ending: six live cards, two a hand, of any suit lengths (the lowest ranks of each suit:
  // the table reads ranks only by their order), any owners, trump, declarer and leader.
  std::vector<std::array<int, 6>> owner_orders;  // the owners of the six cards, in card order
  for (int code = 0; code < 729; ++code) {
    std::array<int, 6> owners;
    int held[3] = {0, 0, 0};
    for (int i = 0, x = code; i < 6; ++i, x /= 3) ++held[owners[i] = x % 3];
    if (held[0] == 2 && held[1] == 2) owner_orders.push_back(owners);
  }
  const int n = static_cast<int>(owner_orders.size());
  REQUIRE(n == 90);
  int endings_seen = 0, wrong = 0, unsound = 0, classes = 0;
  for (int a = 0; a <= 6; ++a)
    for (int b = 0; a + b <= 6; ++b)
      for (int c = 0; a + b + c <= 6; ++c) {
        int lengths[4] = {a, b, c, 6 - a - b - c};
        std::vector<int> six;
        for (int s = 0; s < 4; ++s)
          for (int r = 0; r < lengths[s]; ++r) six.push_back(8 * s + r);
        std::vector<std::array<Mask, 3>> hands(n);
        std::vector<std::uint64_t> suit_lengths(n);  // each hand's length in each suit
        for (int o = 0; o < n; ++o) {
          hands[o] = {0, 0, 0};
          suit_lengths[o] = 0;
          for (int i = 0; i < 6; ++i) {
            hands[o][owner_orders[o][i]] |= card_bit(six[i]);
            suit_lengths[o] += std::uint64_t{1} << (4 * (3 * suit_of(six[i]) + owner_orders[o][i]));
          }
        }
        for (int trump = 0; trump <= kNoTrump; ++trump)
          for (int declarer = 0; declarer < 3; ++declarer)
            for (int leader = 0; leader < 3; ++leader) {
              std::vector<int> value(n);
              for (int o = 0; o < n; ++o) {
                Mask h[3] = {hands[o][0], hands[o][1], hands[o][2]};
                int trick[3] = {-1, -1, -1};
                value[o] = brute(h, trump, declarer, leader, trick, 0);
              }
              for (int o = 0; o < n; ++o) {
                ++endings_seen;
                for (int need = 1; need <= 2; ++need) {
                  Mask rel = 0;
                  bool reached = TwoTrickEndings::reach(hands[o].data(), leader, declarer, trump, need, &rel);
                  wrong += reached != (value[o] >= need);
                  // The positions with the same suit lengths in every hand and the same owners of
                  // each suit's cards from the top down to its lowest card in rel answer alike.
                  Mask live = hands[o][0] | hands[o][1] | hands[o][2];
                  Mask kept = smear_up(rel) & live;
                  for (int v = 0; v < n; ++v) {
                    bool same_class = suit_lengths[v] == suit_lengths[o] && (hands[v][0] & kept) == (hands[o][0] & kept) &&
                                      (hands[v][1] & kept) == (hands[o][1] & kept);
                    classes += same_class;
                    unsound += same_class && (value[v] >= need) != reached;
                  }
                }
              }
            }
      }
  CHECK(endings_seen == 84 * 90 * 5 * 3 * 3);
  CHECK(wrong == 0);
  CHECK(unsound == 0);
  CHECK(classes > 2 * endings_seen);  // the classes are larger than the endings themselves
}

TEST_CASE("the two-trick table reads any ranks by their order") {
  std::mt19937 rng(26);
  int wrong = 0;
  for (int i = 0; i < 20000; ++i) {
    Position pos = random_position(rng, 2, 0);
    int value = minimax(pos);
    for (int need = 1; need <= 2; ++need) {
      Mask rel = 0;
      wrong += TwoTrickEndings::reach(pos.hands, pos.leader, pos.declarer, pos.trump, need, &rel) != (value >= need);
    }
  }
  CHECK(wrong == 0);
}

TEST_CASE("search agrees with plain minimax on random small positions") {
  std::mt19937 rng(2026);
  Solver solver(1 << 20);
  for (int i = 0; i < 600; ++i) {
    int per_hand = 1 + static_cast<int>(rng() % 5);
    int played = static_cast<int>(rng() % 3);
    Position pos = random_position(rng, per_hand, played);
    REQUIRE(validate(pos).empty());
    int expected = minimax(pos);
    SolveResult r = solver.solve(pos);
    REQUIRE(r.error.empty());
    CHECK(r.tricks == expected);
    // Every legal card's value, by minimax after that card.
    int mover = pos.to_move();
    for (const CardValue& cv : r.card_values) {
      Position after = pos;
      after.hands[mover] ^= card_bit(cv.card);
      Mask h[3] = {after.hands[0], after.hands[1], after.hands[2]};
      int t[3] = {pos.played[0], pos.played[1], -1};
      t[pos.num_played] = cv.card;
      int value;
      if (pos.num_played == 2) {
        int winner = (pos.leader + trick_winner_index(t, 3, pos.trump)) % 3;
        value = (winner == pos.declarer) + brute(h, pos.trump, pos.declarer, winner, t, 0);
      } else {
        value = brute(h, pos.trump, pos.declarer, pos.leader, t, pos.num_played + 1);
      }
      CHECK(cv.tricks == value);
    }
    CHECK(static_cast<int>(r.card_values.size()) ==
          popcount(legal_cards(pos.hands[mover], pos.num_played ? pos.played[0] : -1, pos.trump)));
  }
}

TEST_CASE("trumps that cannot all be outranked are counted") {
  // Trump hearts. The declarer's KH QH JH TH 9H lose at most one trick, to the AH: 4 tricks,
  // though none of them is above every trump of the defenders.
  Position pos = deal_of(cards({"KH", "QH", "JH", "TH", "9H"}), cards({"AH", "AS", "KS", "QS", "JS"}),
                         cards({"AD", "KD", "QD", "JD", "TD"}), 1, 0);
  CHECK(minimax(pos) == 4);
  Solver solver(1 << 20);
  CHECK(solver.solve(pos).tricks == 4);
  // Seat 1 declares instead: his AH takes a trick, and seat 0 ruffs his spades.
  pos.declarer = 1;
  CHECK(minimax(pos) == 1);
  CHECK(solver.solve(pos).tricks == 1);
}

TEST_CASE("with no trump left among the defenders the declarer's trumps and top cards all win") {
  // Trump spades, seat 1 leads. The declarer's 7S, AH KH and AD: whatever is led he wins with
  // one of them (he ruffs what he cannot follow), then cashes the rest: all 4 tricks.
  Position pos = deal_of(cards({"7S", "AH", "KH", "AD"}), cards({"QH", "JH", "TH", "9H"}),
                         cards({"KD", "QD", "JD", "7C"}), 0, 1);
  CHECK(minimax(pos) == 4);
  Solver solver(1 << 20);
  CHECK(solver.solve(pos).tricks == 4);
  // Without his trump, a defender's lead of clubs makes him discard one of them.
  pos.hands[0] = cards({"8C", "AH", "KH", "AD"});
  pos.hands[2] = cards({"KD", "QD", "JD", "7S"});
  CHECK(solver.solve(pos).tricks == minimax(pos));
}

TEST_CASE("a declarer not on lead cannot take every trick where a defender holds the top of his suit") {
  // No trump, seat 1 leads. Whatever is led, the AS takes the trick of the declarer's KS QS, so
  // he cannot take all four (the clubs the defenders run take more: plain minimax gives 1).
  Position pos = deal_of(cards({"KS", "QS", "AH", "AD"}), cards({"AS", "7H", "7D", "7C"}),
                         cards({"8H", "8D", "8C", "9C"}), kNoTrump, 1);
  int expected = minimax(pos);
  Solver solver(1 << 20);
  CHECK(expected == 1);
  CHECK(solver.solve(pos).tricks == expected);
  CHECK_FALSE(solver.reach(pos, 4));
  // One card of the suit is enough: played to a lead of it, the AS wins; played to another
  // suit, it is a discard. Here he keeps the lead with the AH and AD, then must play the KS.
  pos = deal_of(cards({"KS", "AH", "AD"}), cards({"AS", "7H", "7D"}), cards({"8H", "8D", "8C"}), kNoTrump, 1);
  CHECK(minimax(pos) < 3);
  CHECK_FALSE(solver.reach(pos, 3));
  CHECK(solver.solve(pos).tricks == minimax(pos));
}

TEST_CASE("the partner of the defender on lead cashes his tricks after a lead to him") {
  // No trump, seat 1 leads, seat 2 holds AS KS QS AH: a spade from seat 1 and the defenders
  // take all four tricks, though seat 1 holds no top card of his own.
  Position pos = deal_of(cards({"JS", "TS", "KH", "AC"}), cards({"8S", "7S", "8D", "7D"}),
                         cards({"AS", "KS", "QS", "AH"}), kNoTrump, 1);
  CHECK(minimax(pos) == 0);
  Solver solver(1 << 20);
  CHECK_FALSE(solver.reach(pos, 1));
  CHECK(solver.solve(pos).tricks == 0);
  // Without a spade or a heart to lead, seat 1 cannot reach his partner's tops.
  pos.hands[1] = cards({"8D", "7D", "8C", "7C"});
  pos.hands[0] = cards({"JS", "TS", "KH", "AD"});
  CHECK(solver.solve(pos).tricks == minimax(pos));
  CHECK(minimax(pos) > 0);
}

TEST_CASE("a declarer who wins the trick of any lead then cashes his tricks") {
  // No trump, seat 1 leads spades or hearts, where the declarer holds the two top cards and
  // seat 2 must follow or discard: he wins the first trick and cashes the other three.
  Position pos = deal_of(cards({"AS", "KS", "AH", "KH"}), cards({"8S", "7S", "8H", "7H"}),
                         cards({"QS", "JS", "QD", "JD"}), kNoTrump, 1);
  CHECK(minimax(pos) == 4);
  Solver solver(1 << 20);
  CHECK(solver.reach(pos, 4));
  CHECK(solver.solve(pos).tricks == 4);
  // With a diamond to lead, seat 1 can give seat 2 the lead.
  pos.hands[1] = cards({"8S", "7S", "8H", "7D"});
  pos.hands[2] = cards({"QS", "JS", "QD", "7H"});
  CHECK(minimax(pos) < 4);
  CHECK(solver.solve(pos).tricks == minimax(pos));
}

namespace {

// The position's value and each lead's value (at a trick start) against plain minimax.
void check_lead_values(Solver& solver, const Position& pos) {
  SolveResult r = solver.solve(pos);
  CHECK(r.tricks == minimax(pos));
  for (const CardValue& cv : r.card_values) {
    Position after = pos;
    after.hands[pos.leader] ^= card_bit(cv.card);
    after.played[0] = cv.card;
    after.num_played = 1;
    CHECK(cv.tricks == minimax(after));
  }
}

}  // namespace

TEST_CASE("a card whose equivalent card failed is settled with it, as minimax agrees") {
  // The cards dealt in turn around the table in card order, so that each hand's cards of a suit
  // lie between other hands' cards: a small card tried first then settles the mover's other small
  // cards of its suit (those below every card that mattered), which are not searched. One table
  // across the positions, and every legal card's value, as in the hints.
  std::mt19937 rng(2112);
  Solver solver(1 << 18);
  for (int i = 0; i < 400; ++i) {
    int per_hand = 3 + static_cast<int>(rng() % 3);
    std::vector<int> deck(32);
    for (int c = 0; c < 32; ++c) deck[c] = c;
    std::shuffle(deck.begin(), deck.end(), rng);
    deck.resize(3 * per_hand);
    std::sort(deck.begin(), deck.end());
    Position pos;
    int first = static_cast<int>(rng() % 3);
    for (int k = 0; k < 3 * per_hand; ++k) pos.hands[(first + k) % 3] |= card_bit(deck[k]);
    pos.trump = static_cast<int>(rng() % 5);
    pos.declarer = static_cast<int>(rng() % 3);
    pos.leader = static_cast<int>(rng() % 3);
    REQUIRE(validate(pos).empty());
    check_lead_values(solver, pos);
  }
}

TEST_CASE("a defender's leads that give the declarer his tricks are refuted one by one") {
  // No trump, seat 1 leads. A spade lets the declarer win with his AS and cash the rest (all
  // four tricks); a diamond, which he cannot follow, gives seat 2 the lead. Only the diamonds
  // are searched, and they decide.
  Position pos = deal_of(cards({"AS", "KS", "AH", "KH"}), cards({"8S", "7S", "8D", "7D"}),
                         cards({"QS", "JS", "QD", "JD"}), kNoTrump, 1);
  int expected = minimax(pos);
  CHECK(expected < 4);
  Solver solver(1 << 20);
  SolveResult r = solver.solve(pos);
  CHECK(r.tricks == expected);
  for (const CardValue& cv : r.card_values) {
    bool spade = suit_of(cv.card) == 0;
    CHECK(cv.tricks == (spade ? 4 : expected));
  }
  // Trump spades. A diamond the declarer ruffs (seat 2 must follow it) and then cashes two
  // hearts; a club seat 2 may overruff with the AS, so the clubs are searched.
  pos = deal_of(cards({"7S", "AH", "KH", "QH"}), cards({"8D", "7D", "JH", "8C"}), cards({"AS", "TH", "9H", "9D"}), 0, 1);
  check_lead_values(solver, pos);
  // No trump. The 8S, led from the AS, lets the declarer win with his KS (seat 2's spades are
  // lower) and then cash his hearts: the trick comes on top of his two quick tricks.
  pos = deal_of(cards({"KS", "AH", "KH", "9C"}), cards({"AS", "8S", "7D", "8D"}), cards({"QS", "JS", "QD", "JD"}),
                kNoTrump, 1);
  check_lead_values(solver, pos);
  // Trump clubs, seat 2 leads, seat 1 declares: further down its search, a trick the declarer
  // wins with a card his plan does not count adds one trick to the plan, not two.
  pos = deal_of(cards({"9D", "QD", "AD", "8C", "QC"}), cards({"JS", "7D", "TD", "JD", "KD"}),
                cards({"7S", "KS", "9H", "TH", "KH"}), 3, 2);
  pos.declarer = 1;
  CHECK(minimax(pos) == 1);
  CHECK(solver.solve(pos).tricks == 1);
  // Trump hearts, seat 1 leads: further down, a ruff with a trump that runs with the others
  // is no trick on top of the plan.
  pos = deal_of(cards({"9H", "QH", "9D", "TD", "KD"}), cards({"9S", "JS", "KS", "9C", "QC"}),
                cards({"7S", "JH", "8D", "JD", "AC"}), 1, 1);
  CHECK(minimax(pos) == 3);
  CHECK(solver.solve(pos).tricks == 3);
  // No trump again, and seat 1 with hearts to lead instead of his diamonds: every lead gives
  // the declarer the lead.
  pos = deal_of(cards({"AS", "KS", "AH", "KH"}), cards({"8S", "7S", "8H", "7H"}), cards({"QS", "JS", "QD", "JD"}),
                kNoTrump, 1);
  CHECK(minimax(pos) == 4);
  CHECK(solver.solve(pos).tricks == 4);
}

TEST_CASE("search agrees with plain minimax where a defender leads") {
  // Random positions of four and five cards a hand with a defender on lead, where the
  // partner's and the declarer's quick tricks are counted, and the leads after which the
  // declarer wins the trick are refuted one by one.
  std::mt19937 rng(5151);
  Solver solver(1 << 18);
  int kept = 0;
  while (kept < 3000) {
    Position pos = random_position(rng, 4 + static_cast<int>(rng() % 2), 0);
    if (pos.leader == pos.declarer) continue;
    ++kept;
    CHECK(solver.solve(pos).tricks == minimax(pos));
  }
}

TEST_CASE("search agrees with plain minimax where both sides hold several trumps") {
  // Random positions kept only when the declarer and a defender hold two trumps or more, where
  // the trump count decides more often than anywhere else.
  std::mt19937 rng(4242);
  Solver solver(1 << 18);
  int kept = 0;
  while (kept < 300) {
    Position pos = random_position(rng, 3 + static_cast<int>(rng() % 3), static_cast<int>(rng() % 3));
    if (pos.trump == kNoTrump) continue;
    Mask trumps = suit_bits(pos.trump);
    int d = pos.declarer;
    if (popcount(pos.hands[d] & trumps) < 2) continue;
    if (std::max(popcount(pos.hands[(d + 1) % 3] & trumps), popcount(pos.hands[(d + 2) % 3] & trumps)) < 2) continue;
    ++kept;
    CHECK(solver.solve(pos).tricks == minimax(pos));
  }
}

TEST_CASE("a cold table and a warm table give the same answers") {
  std::mt19937 rng(77);
  Solver warm(1 << 22);
  for (int i = 0; i < 40; ++i) {
    Position pos = random_position(rng, 8, static_cast<int>(rng() % 3));
    Solver cold(1 << 16);  // a tiny table forces replacements
    CHECK(warm.solve(pos).tricks == cold.solve(pos).tricks);
  }
}

namespace {

// As in a hint's sampled worlds: 40 deals of `base` in which the cards of hands a and b are dealt
// anew (each keeping its length). One table across them must answer as a fresh table for each.
void check_one_table_across_worlds(std::mt19937& rng, const Position& base, int a, int b, std::size_t table_bytes) {
  int per_hand = popcount(base.hands[a]);
  std::vector<int> rest;
  for (Mask m = base.hands[a] | base.hands[b]; m; m &= m - 1) rest.push_back(lowest_card(m));
  Solver warm(table_bytes);
  for (int w = 0; w < 40; ++w) {
    std::shuffle(rest.begin(), rest.end(), rng);
    Position pos = base;
    pos.hands[a] = pos.hands[b] = 0;
    for (int k = 0; k < 2 * per_hand; ++k) pos.hands[k < per_hand ? a : b] |= card_bit(rest[k]);
    Solver cold(table_bytes);
    SolveResult x = warm.solve(pos), y = cold.solve(pos);
    REQUIRE(x.tricks == y.tricks);
    for (std::size_t i = 0; i < x.card_values.size(); ++i) CHECK(x.card_values[i].tricks == y.card_values[i].tricks);
  }
}

}  // namespace

TEST_CASE("one table across sampled worlds answers as a fresh table for each") {
  // As in a declarer's hint: his hand fixed, the defenders' cards dealt anew each time. The
  // worlds share suit lengths with different owners of the cards, so an entry stored as
  // depending on fewer cards than it did gives a wrong answer in a later world.
  std::mt19937 rng(99);
  for (int deal = 0; deal < 12; ++deal) {
    Position base = random_position(rng, 10, 0);
    if (base.trump == kNoTrump) base.trump = deal % 4;
    check_one_table_across_worlds(rng, base, (base.declarer + 1) % 3, (base.declarer + 2) % 3, 1 << 16);
  }
}

TEST_CASE("one table across a defender's sampled worlds answers as a fresh table for each") {
  // As in a defender's hint: his hand fixed, the declarer's and the partner's cards dealt anew,
  // so the top cards of a suit change sides between worlds.
  std::mt19937 rng(314);
  for (int deal = 0; deal < 400; ++deal) {
    Position base = random_position(rng, 4 + deal % 5, 0);
    if (base.leader == base.declarer) base.leader = (base.declarer + 1) % 3;
    int fixed = deal % 2 ? base.leader : 3 - base.leader - base.declarer;
    check_one_table_across_worlds(rng, base, (fixed + 1) % 3, (fixed + 2) % 3, 1 << 14);
  }
}

TEST_CASE("a batch solves its positions in its own order and answers in theirs") {
  // solve_many groups positions of equal suit lengths and hands them to its threads in runs: the
  // results must still come back in the order given, each as a fresh solver finds it, whatever
  // the thread count (3 and 7 split 120 positions into runs that end at no round number).
  std::mt19937 rng(2718);
  std::vector<Position> positions;
  for (int i = 0; i < 120; ++i) positions.push_back(random_position(rng, 3 + i % 6, static_cast<int>(rng() % 3)));
  for (int threads : {1, 2, 3, 7}) {
    std::vector<SolveResult> batch = solve_many(positions, SolveOptions{true, true}, threads, 1 << 16);
    REQUIRE(batch.size() == positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
      Solver fresh(1 << 16);
      SolveResult one = fresh.solve(positions[i]);
      CHECK(batch[i].tricks == one.tricks);
      REQUIRE(batch[i].card_values.size() == one.card_values.size());
      for (std::size_t k = 0; k < one.card_values.size(); ++k) {
        CHECK(batch[i].card_values[k].card == one.card_values[k].card);
        CHECK(batch[i].card_values[k].tricks == one.card_values[k].tricks);
      }
      CHECK(batch[i].line == one.line);
    }
  }
}

TEST_CASE("discard search and best declaration agree with trying every discard") {
  std::mt19937 rng(4242);
  Solver solver(1 << 22);
  for (int deal = 0; deal < 3; ++deal) {
    std::vector<int> deck(32);
    for (int i = 0; i < 32; ++i) deck[i] = i;
    std::shuffle(deck.begin(), deck.end(), rng);
    Mask hands[3] = {0, 0, 0};
    for (int s = 0; s < 3; ++s)
      for (int k = 0; k < 10; ++k) hands[s] |= card_bit(deck[s * 10 + k]);
    Mask talon = card_bit(deck[30]) | card_bit(deck[31]);
    int declarer = deal % 3;
    Mask twelve = hands[declarer] | talon;
    int overall = -1;
    for (int trump = 0; trump < 4; ++trump) {
      std::vector<std::pair<int, int>> expected;
      int best = -1;
      for (Mask a = twelve; a; a &= a - 1)
        for (Mask b = a & (a - 1); b; b &= b - 1) {
          int x = lowest_card(a), y = lowest_card(b);
          Position pos;
          for (int s = 0; s < 3; ++s) pos.hands[s] = hands[s];
          pos.hands[declarer] = twelve & ~card_bit(x) & ~card_bit(y);
          pos.trump = trump;
          pos.declarer = pos.leader = declarer;
          int v = solver.tricks(pos);
          if (v > best) expected.clear(), best = v;
          if (v == best) expected.emplace_back(x, y);
        }
      std::sort(expected.begin(), expected.end());
      std::vector<std::pair<int, int>> found;
      CHECK(best_discards(solver, hands, twelve, declarer, trump, &found) == best);
      CHECK(found == expected);
      overall = std::max(overall, best);
    }
    BestDeclaration d = best_declaration(solver, hands, talon, declarer, 0);
    CHECK(d.error.empty());
    CHECK(d.tricks == overall);
    BestDeclaration high = best_declaration(solver, hands, talon, declarer, overall + 1);
    CHECK(high.tricks == overall);  // below the floor: floor - 1
    CHECK(high.trump == -1);
  }
}
