// The search (search.hpp) for one instruction set. search.cpp includes this file once for each
// instruction set it compiles the search for, each time inside a namespace of its own and, but for
// the baseline, under `#pragma GCC target`, so that every function here, and every inline helper
// (cards.hpp, bits.hpp, tt.hpp) inlined into them, is compiled for that set. The helpers' own
// copies stay compiled for the baseline, so no code for a newer CPU leaks into code that every
// CPU runs. Hence no include guard, and no #include here: search.cpp includes the headers
// first. MEKSIKO_KERNEL_BMI2 and MEKSIKO_KERNEL_AVX2 say whether this copy may use BMI2 (pext,
// pdep) and AVX2 (the table's slot comparisons).

#if MEKSIKO_KERNEL_BMI2
using BitPacker = Bmi2BitPacker;
inline std::uint32_t pext32(std::uint32_t x, std::uint32_t mask) { return bmi2_pext32(x, mask); }
inline std::uint32_t pdep32(std::uint32_t x, std::uint32_t mask) { return bmi2_pdep32(x, mask); }
#else
using BitPacker = SoftBitPacker;
#endif

struct FollowOrder;  // a follower's cards in the order they are tried (below)

class SearchKernel final : public Search {
 public:
  explicit SearchKernel(TranspositionTable& tt) : tt_(tt) {}

  // Start from a validated position.
  void set_position(const Position& pos) override;
  Position position() const override;

  bool reach(int need) override {
    Mask rel;
    return node(need, &rel);
  }
  // Exact declarer tricks from here, known to lie in [lo, hi]. `guess` is
  // probed first when it lies inside.
  int value(int lo, int hi, int guess) override;

  // A quick estimate of value(), to probe first.
  int guess() const override;
  int to_move() const override {
    int seat = leader_ + count_;
    return seat >= kSeats ? seat - kSeats : seat;
  }
  int tricks_left() const override { return popcount(hand_[to_move()]); }
  Mask legal_moves() const override;
  // One card per class of equivalent legal cards.
  Mask representative_moves() const override;
  // The representative that stands for `card` (a legal card of the mover).
  int representative_of(int card) const override;

  // Play a card at the root level; returns 1 if it completed a trick won by
  // the declarer, else 0. undo() takes it back.
  int play(int card) override;
  void undo() override;

  std::uint64_t nodes() const override { return nodes_; }

 private:
  bool node(int need, Mask* rel);
  bool lead_node(int need, Mask* rel);
  bool second_hand(int need, Mask* rel);
  // The second hand's cards in three groups, tried in that order (below).
  void second_hand_order(int p, int led, const FollowOrder& order, Mask groups[3]) const;
  bool third_hand(int need, Mask* rel);
  int last_trick(Mask* rel) const;
  // reach(need), need 1 or 2, at a trick start where every hand holds two cards: read from the
  // table of every such ending (endings.hpp).
  bool two_trick_ending(int need, Mask* rel) const;
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

namespace {

// A seat's four suit lengths, 4 bits each.
inline std::uint64_t suit_lengths(Mask hand) {
  std::uint32_t c = byte_counts(hand);
  return (c & 0xF) | (c >> 4 & 0xF0) | (c >> 8 & 0xF00) | (c >> 12 & 0xF000);
}

}  // namespace

void SearchKernel::set_position(const Position& pos) {
  // The same declarer against the same defenders' hands: another discard or trump of one deal's
  // analysis, whose searches cut off with the same leads.
  int d1 = next_seat(pos.declarer), d2 = next_seat(d1);
  bool same_deal = pos.declarer == declarer_ && pos.hands[d1] == hand_[d1] && pos.hands[d2] == hand_[d2];
  lengths_ = 0;
  for (int s = 0; s < kSeats; ++s) {
    hand_[s] = pos.hands[s];
    lengths_ |= suit_lengths(hand_[s]) << (16 * s);
  }
  trump_ = pos.trump;
  trump_bits_ = trump_ == kNoTrump ? 0 : suit_bits(trump_);
  declarer_ = pos.declarer;
  leader_ = pos.leader;
  count_ = pos.num_played;
  // A position holds at most the trick's first two cards; the third is played here.
  for (int i = 0; i < 2; ++i) cards_[i] = i < pos.num_played ? pos.played[i] : -1;
  cards_[2] = -1;
  undo_size_ = 0;
  // Age the cutoff history: recent solves guide the order most, and the counters never overflow
  // however many positions a solver sees. Within one deal only by a sixteenth (analysis nodes
  // −3.8 %; by an eighth −3.6 %, by a half ±0, not at all +0.1 %: docs/engine.md, twenty-second
  // round).
  for (auto& seat : history_)
    for (std::uint32_t& h : seat)
      h = same_deal ? static_cast<std::uint32_t>(std::uint64_t{h} * 15 / 16) : h / 2;
}

Position SearchKernel::position() const {
  Position pos;
  for (int s = 0; s < kSeats; ++s) pos.hands[s] = hand_[s];
  pos.trump = trump_;
  pos.declarer = declarer_;
  pos.leader = leader_;
  pos.num_played = count_;
  for (int i = 0; i < 2; ++i) pos.played[i] = i < count_ ? cards_[i] : -1;
  return pos;
}

Mask SearchKernel::legal_moves() const {
  return legal_cards(hand_[to_move()], count_ ? cards_[0] : -1, trump_);
}

Mask SearchKernel::live_in_trick() const {
  Mask live = hand_[0] | hand_[1] | hand_[2];
  for (int i = 0; i < count_; ++i) live |= card_bit(cards_[i]);
  return live;
}

// Keep the lowest card of each run of the mover's cards that no live card of
// another player separates: the cards of a run are interchangeable.
MEKSIKO_INLINE Mask SearchKernel::representatives(Mask hand, Mask live) const {
#if MEKSIKO_KERNEL_BMI2
  // In the order of the live cards, a run's lowest card is one of ours whose
  // next lower live card is not ours, or the lowest live card of its suit.
  Mask rel = pext32(hand, live);
  Mask starts = live & ~smear_up(live << 1 & 0xFEFEFEFEu);
  Mask rel_reps = rel & (~(rel << 1) | pext32(starts, live));
  return pdep32(rel_reps, live);
#endif
  Mask others = live & ~hand;
  Mask reps = 0;
  Mask rest = hand;
  while (rest) {
    int low = lowest_card(rest);
    reps |= card_bit(low);
    Mask above = others & suit_bits(suit_of(low)) & ~((card_bit(low) << 1) - 1);
    if (above)
      rest &= ~((card_bit(lowest_card(above)) << 1) - 1);  // the run ends below `above`
    else
      rest &= ~suit_bits(suit_of(low));  // the rest of the suit is one run
  }
  return reps;
}

Mask SearchKernel::representative_moves() const {
  return representatives(hand_[to_move()], live_in_trick()) & legal_moves();
}

// A run's representative is its lowest card: the highest one at or below `card`.
int SearchKernel::representative_of(int card) const {
  Mask below = representative_moves() & suit_bits(suit_of(card)) & ((card_bit(card) << 1) - 1);
  return highest_card(below);
}

MEKSIKO_INLINE TTShape SearchKernel::shape(const BitPacker& live) const {
  TTShape sh;
  Mask a = hand_[0], b = hand_[1], c = hand_[2];
  // The owners of the live cards, packed in card order: with equal suit
  // lengths (the key) every position packs each suit at the same place.
  sh.code = live.extract(a | c) | std::uint64_t{live.extract(b | c)} << 32;
  sh.lengths = lengths_;
  sh.context = static_cast<std::uint8_t>(leader_ | declarer_ << 2 | trump_ << 4);
  return sh;
}

// A result found for `card`, the lowest of its run of equivalent cards in
// `seat`'s hand (which holds it), holds for the whole run: if any card of the
// run mattered, the run's lowest card matters too.
MEKSIKO_INLINE Mask SearchKernel::widen_to_run(Mask rel, int card, int seat, Mask live) const {
  // Without branches: whether a run's card mattered is unpredictable.
  Mask suit = suit_bits(suit_of(card));
  Mask others_above = live & ~hand_[seat] & suit & ~((card_bit(card) << 1) - 1);
  Mask below_others = (others_above & (0u - others_above)) - 1;  // everything when none
  Mask run = hand_[seat] & suit & ~(card_bit(card) - 1) & below_others;
  return rel | (card_bit(card) & (0u - static_cast<Mask>((rel & run) != 0)));
}

// The mover's other cards that a try of `card` which did not cut off settles as well: when no card
// of its suit at or below it mattered (rel, already widened to its run), the mover's cards of the
// suit below the lowest card that did are interchangeable with it (the table's partition, applied
// to the move). A card whose run of equivalent cards reaches that lowest card is not among them.
MEKSIKO_INLINE Mask SearchKernel::settled_with(Mask rel, int card, int seat, Mask live) const {
  Mask suit = suit_bits(suit_of(card));
  Mask r = rel & suit;
  Mask lowest = r & (0u - r);
  Mask below = lowest - 1;  // every card when none of the suit mattered
  Mask others = live & ~hand_[seat] & suit & below;
  // When the lowest card that mattered is the mover's, a run ending at it starts above the highest
  // card of another hand below it.
  Mask limit = (lowest & hand_[seat]) ? (others ? card_bit(highest_card(others)) - 1 : 0) : below;
  bool free = (r & ((card_bit(card) << 1) - 1)) == 0;
  return free ? hand_[seat] & suit & limit : 0;
}

// A card that won by outranking another card of its suit matters.
// `trick`: the trick's three cards, `winner` one of them.
inline Mask rank_decided(Mask trick, int winner) {
  bool outranked = popcount(trick & suit_bits(suit_of(winner))) > 1;
  return card_bit(winner) & (0u - static_cast<Mask>(outranked));  // no branch: unpredictable
}

int SearchKernel::last_trick(Mask* rel) const {
  int c[3];
  for (int k = 0; k < 3; ++k) c[k] = lowest_card(hand_[(leader_ + k) % kSeats]);
  int w = trick_winner_index(c, 3, trump_);
  *rel = rank_decided(card_bit(c[0]) | card_bit(c[1]) | card_bit(c[2]), c[w]);
  return (leader_ + w) % kSeats == declarer_ ? 1 : 0;
}

bool SearchKernel::two_trick_ending(int need, Mask* rel) const {
  BitPacker packed(hand_[0] | hand_[1] | hand_[2]);
  int second = next_seat(leader_), third = next_seat(second);
  unsigned entry = TwoTrickEndings::entry(
      packed.mask(), packed.extract(hand_[second]) | packed.extract(hand_[third]) << TwoTrickEndings::kPlaces, leader_,
      declarer_, trump_);
  *rel = packed.deposit(TwoTrickEndings::rel_places(entry, need));
  return TwoTrickEndings::reached(entry, need);
}

namespace {

// The k highest cards of m.
inline Mask highest_cards(Mask m, int k) {
  Mask out = 0;
  for (; k > 0 && m; --k) {
    Mask top = card_bit(highest_card(m));
    out |= top;
    m ^= top;
  }
  return out;
}

// The most cards of `mine` that distinct higher cards of `theirs` (of one suit) can be paired
// with: from the lowest rank up, each of their cards takes an unpaired one of mine below it.
// `order`: the owners of the n cards in rank order, lowest first (bit set: mine).
constexpr int pairs_in_order(unsigned order, int n) {
  int open = 0, pairs = 0;
  for (int i = 0; i < n; ++i) {
    if (order >> i & 1) {
      ++open;
    } else if (open) {
      --open;
      ++pairs;
    }
  }
  return pairs;
}

// pairs_in_order for every order of up to 8 cards, at the order with a 1 above its top (so that
// the index also gives n): a lookup instead of a loop over the cards (3 % of the instructions).
struct PairsTable {
  std::uint8_t pairs[512] = {};
  constexpr PairsTable() {
    for (unsigned index = 1; index < 512; ++index) {
      int n = 0;
      while (index >> (n + 1)) ++n;
      pairs[index] = static_cast<std::uint8_t>(pairs_in_order(index & ((1u << n) - 1), n));
    }
  }
};
constexpr PairsTable kPairs;

inline int beatable(Mask mine, Mask theirs) {
  Mask both = mine | theirs;
  return kPairs.pairs[pext32(mine, both) | 1u << popcount(both)];
}

}  // namespace

// Trump cards above every opposing trump win a trick each, whoever leads; and
// a side's trumps win at least as many as the other side cannot outrank.
// Returns 1 when the declarer surely takes `need` tricks that way, -1 when the
// defenders surely take enough to stop him, else 0; rel: the fewest top
// trumps that decide it (none when one side has no trumps: the suit lengths,
// which the table key holds, decide it then), or the lowest trump counted.
MEKSIKO_INLINE int SearchKernel::sure_trump_tricks(int need, int rem, Mask* rel) const {
  Mask t = trump_bits_;
  Mask dt = hand_[declarer_] & t;
  Mask d1 = hand_[next_seat(declarer_)] & t, d2 = hand_[next_seat(next_seat(declarer_))] & t;
  Mask ft = d1 | d2;
  Mask declarer_tops = ft ? dt & ~((card_bit(highest_card(ft)) << 1) - 1) : dt;
  if (popcount(declarer_tops) >= need) {
    *rel = ft ? highest_cards(declarer_tops, need) : 0;
    return 1;
  }
  int defence_need = rem - need + 1;
  Mask above = dt ? ~((card_bit(highest_card(dt)) << 1) - 1) : ~Mask{0};
  for (Mask d : {d1, d2}) {
    if (popcount(d & above) >= defence_need) {
      *rel = dt ? highest_cards(d & above, defence_need) : 0;
      return -1;
    }
  }
  if (!dt || !ft) return 0;
  // Counting, not only the top trumps: each trump card lies in a trick of its own and wins it
  // unless a higher trump of the other side lies there too, so a side's trumps win at least
  // their number minus the most of them that distinct higher trumps can be paired with. It
  // depends on the trumps from the lowest counted one up (rel).
  int dn = popcount(dt);
  if (dn >= need && dn - beatable(dt, ft) >= need) {
    *rel = card_bit(lowest_card(dt));
    return 1;
  }
  for (Mask d : {d1, d2}) {
    int n = popcount(d);
    if (n >= defence_need && n - beatable(d, dt) >= defence_need) {
      *rel = card_bit(lowest_card(d));
      return -1;
    }
  }
  return 0;
}

// `seat`'s cards above every other hand's card of their suit.
MEKSIKO_INLINE Mask SearchKernel::top_cards(int seat) const {
  Mask others = (hand_[0] | hand_[1] | hand_[2]) & ~hand_[seat];
  return hand_[seat] & ~smear_down(others);
}

// Tricks the leader can cash at once without giving up the lead, the better
// of two plans: (A) side suits first, while every player who holds trumps
// must still follow, then the trumps; (B) when his top trumps outnumber every
// other hand's trumps, draw them all first, then cash the side suits with no
// ruff to fear. A suit whose top cards outnumber every other hand's cards in
// it runs to its last card. Only the top cards counted matter (rel). With `entries`, plan A
// alone, whose suits may be cashed in any order, and the suits in which it cashes a trick.
MEKSIKO_INLINE int SearchKernel::quick_tricks(int seat, int enough, Mask* rel, Mask* entries) const {
  Mask mine = hand_[seat];
  Mask all_tops = top_cards(seat);
  // At most every card of the suits where the leader holds a top: when even
  // that is not `enough` for a cutoff, the exact count does not matter.
  if (popcount(mine & whole_suits(all_tops)) < enough) {
    *rel = 0;
    return 0;
  }
  int q1 = next_seat(seat), q2 = next_seat(q1);
  std::uint64_t len1 = lengths_ >> (16 * q1), len2 = lengths_ >> (16 * q2), own = lengths_ >> (16 * seat);
  bool ruff1 = hand_[q1] & trump_bits_;
  bool ruff2 = hand_[q2] & trump_bits_;
  int plan_a = 0, plan_b = 0;
  int counted_a = 0;  // what the suits in rel_a take: only as many suits as `enough` needs
  Mask rel_a = 0, rel_b = 0;
  bool trumps_drawn = false;
  for (Mask left = all_tops; left;) {
    int s = suit_of(lowest_card(left));
    Mask tops_mask = left & suit_bits(s);
    left &= ~suit_bits(s);
    int tops = popcount(tops_mask);
    int l1 = len1 >> (4 * s) & 0xF, l2 = len2 >> (4 * s) & 0xF;
    int runs = tops >= std::max(l1, l2) ? static_cast<int>(own >> (4 * s) & 0xF) : tops;  // cashed if unruffed
    if (s == trump_) {
      if (entries && runs) *entries |= suit_bits(s);
      plan_a += runs;
      plan_b += runs;
      rel_a |= tops_mask;
      counted_a += runs;
      rel_b |= tops_mask;
      trumps_drawn = tops >= std::max(l1, l2);
      continue;
    }
    int limit = 8;
    if (ruff1) limit = std::min(limit, l1);
    if (ruff2) limit = std::min(limit, l2);
    int a = std::min(runs, limit);
    if (entries && a) *entries |= suit_bits(s);
    plan_a += a;
    plan_b += runs;
    if (a && counted_a < enough) {
      rel_a |= tops_mask;
      counted_a += a;
    }
    rel_b |= tops_mask;
  }
  if (trumps_drawn && plan_b > plan_a && !entries) {
    *rel = rel_b;
    return plan_b;
  }
  *rel = rel_a;
  return plan_a;
}

// While neither defender holds a trump, the declarer's trumps and his side cards above every
// defender's card of their suit all win: until he has the lead he wins with one of them or
// loses with another card (holding a trump, he never has to discard; on lead, he has it), and
// then he keeps the lead while he cashes them. True when they are `need` tricks or more; rel:
// per side suit counted, its lowest top card counted (every live card above it is his).
MEKSIKO_INLINE bool SearchKernel::unruffed_tricks(int need, Mask* rel) const {
  Mask mine = hand_[declarer_];
  Mask dt = mine & trump_bits_;
  if (!dt && leader_ != declarer_) return false;
  Mask others = (hand_[0] | hand_[1] | hand_[2]) & ~mine;
  if (others & trump_bits_) return false;
  Mask side_tops = mine & ~trump_bits_ & ~smear_down(others);
  int count = popcount(dt);
  if (count + popcount(side_tops) < need) return false;
  Mask r = 0;
  for (Mask left = side_tops; count < need;) {
    Mask suit = left & suit_bits(suit_of(lowest_card(left)));
    left &= ~suit;
    Mask used = highest_cards(suit, need - count);
    count += popcount(used);
    r |= card_bit(lowest_card(used));
  }
  *rel = r;
  return true;
}

// The partner of the defender on lead cashes his quick tricks (plan A) when the leader leads
// a card of a suit in which the partner's plan wins a trick: that trick goes as if the partner
// had led his top card of the suit (the leader follows with the card he led, the declarer
// has the same choice either way), and from then on the partner is on lead. Plan A alone,
// since its suits may be cashed in any order. rel: the plan's top cards and the entry suit's.
MEKSIKO_INLINE bool SearchKernel::partner_quick_tricks(int need, int rem, Mask* rel) const {
  int partner = 3 - leader_ - declarer_;
  Mask entries = 0, plan_rel;
  int tricks = quick_tricks(partner, rem - need + 1, &plan_rel, &entries);
  Mask via = entries & hand_[leader_];
  if (rem - tricks >= need || !via) return false;
  *rel = plan_rel | (top_cards(partner) & suit_bits(suit_of(lowest_card(via))));
  return true;
}

// The leads (of a defender) whose trick the declarer surely wins, after which he is on lead and
// cashes his quick tricks (plan A):
// * in a suit in which the plan wins a trick: the trick goes as if he had led his top card of
//   it, so the plan counts it;
// * in a side suit he has none of, holding a trump, when the other defender must follow it or
//   holds no trump: he ruffs with his lowest trump. The plan keeps its count, or loses one trump
//   trick, which the ruff makes up for; when his trumps do not all run (fewer of them are above
//   the defenders' than their longest holding) and one is below, the ruff comes on top of it;
// * below his highest card of the suit, when that card is not a top card (the plan does not
//   count it) and beats every card the other defender holds there, who cannot ruff: the trick
//   comes on top of the plan.
// Those leads are refuted when the plan, and the trick where it comes on top, reach `need`.
MEKSIKO_INLINE SearchKernel::RefutedLeads SearchKernel::refuted_leads(int need) const {
  int other = 3 - leader_ - declarer_;
  Mask lead = hand_[leader_], mine = hand_[declarer_], theirs = hand_[other];
  Mask led_suits = whole_suits(lead);
  Mask no_ruff = unruffable_suits(theirs);
  Mask ruffs = ~unruffable_suits(mine) & ~trump_bits_ & led_suits & no_ruff;
  Mask winners = highest_per_byte(mine) & ~smear_down(theirs) & (no_ruff | trump_bits_) & led_suits;
  if (!(winners | ruffs)) return {};  // no lead whose trick he surely wins
  Mask entries = 0, plan_rel;
  int plan = quick_tricks(declarer_, need, &plan_rel, &entries);
  Mask tops = top_cards(declarer_);
  Mask extra = winners & ~tops;
  Mask extra_leads = lead & smear_down(extra);
  if (plan >= need) {
    Mask suits = led_suits & (entries | ruffs);
    return {(lead & suits) | extra_leads, plan_rel | (tops & suits) | extra};
  }
  if (plan + 1 < need) return {};
  Mask dt = mine & trump_bits_, ft = (lead | theirs) & trump_bits_;
  Mask top_trumps = tops & trump_bits_;  // his trumps above every defender's
  int longest = std::max(popcount(lead & trump_bits_), popcount(theirs & trump_bits_));
  Mask extra_ruffs = ruffs && popcount(top_trumps) < longest && (dt & ~top_trumps) ? ruffs : 0;
  if (!(extra | extra_ruffs)) return {};
  Mask r = extra_ruffs ? card_bit(highest_card(ft)) : 0;  // fixes how many of his trumps are above
  return {extra_leads | (lead & extra_ruffs), plan_rel | extra | r};
}

// The leads' order: the leads that surely win the trick for the leader's side, then the cutoff
// history (see lead_node); among equals the lowest card first. (A best lead kept in the table and
// tried first saved no nodes: docs/engine.md, sixteenth round.) Sure winners: a
// card that tops its suit where no opponent can ruff it; for a defender also any card of a side
// suit where his partner holds such a top card, or which his partner can ruff while the declarer
// must follow. (Against a bonus for every top card: nodes −4 to −14 %, docs/engine.md, fourteenth
// round.) One key a lead, the card in its low bits.
MEKSIKO_INLINE int SearchKernel::lead_keys(Mask moves, std::uint64_t* keys) const {
  int p = leader_;
  Mask sure = highest_per_byte(hand_[0] | hand_[1] | hand_[2]);  // each suit's highest card
  for (int o = next_seat(p); o != p; o = next_seat(o)) {
    bool opponent = p == declarer_ || o == declarer_;
    if (opponent) sure &= unruffable_suits(hand_[o]) | trump_bits_;
  }
  if (p != declarer_) {
    Mask partner = hand_[3 - p - declarer_];
    Mask to_partner = whole_suits(sure & partner);
    to_partner |= ~unruffable_suits(partner) & whole_suits(hand_[declarer_]);  // his ruff
    sure |= moves & to_partner & ~trump_bits_;
  }
  int n = 0;
  for (Mask m = moves; m; m &= m - 1) {
    int c = lowest_card(m);
    std::uint64_t sc = history_[p][c] + ((sure >> c & 1) << 16);
    keys[n++] = sc << 5 | static_cast<std::uint64_t>(31 - c);
  }
  return n;
}

bool SearchKernel::node(int need, Mask* rel) {
  ++nodes_;
  if (count_ == 0) return lead_node(need, rel);
  return count_ == 1 ? second_hand(need, rel) : third_hand(need, rel);
}

namespace {

// The table mask keeping, per suit, the live cards from the top down to the
// lowest card in rel.
TTMask mask_from_rel(Mask rel, const BitPacker& live) {
  std::uint64_t kept = live.extract(smear_up(rel & live.mask()));
  return kept | kept << 32;
}

// The live cards a table mask keeps.
Mask rel_from_mask(TTMask mask, const BitPacker& live) { return live.deposit(static_cast<std::uint32_t>(mask)); }

}  // namespace

bool SearchKernel::lead_node(int need, Mask* rel) {
  *rel = 0;
  int rem = popcount(hand_[leader_]);
  if (need <= 0) return true;
  if (need > rem) return false;
  if (rem == 1) return last_trick(rel) >= need;
  // The last two tricks come from a table of every such ending, with the cards each answer
  // depends on chosen over the ending's whole class (docs/engine.md, twenty-sixth round).
  if (rem == 2) return two_trick_ending(need, rel);

  // Every trick start from three tricks left is stored: the table stays in the
  // cache, so even these small searches are worth keeping. Its bucket is
  // fetched while the sure trump tricks are counted.
  Mask live = hand_[0] | hand_[1] | hand_[2];
  BitPacker packed(live);
  TTShape sh = shape(packed);
  tt_.locate(&sh);
  if (trump_bits_) {
    int sure = sure_trump_tricks(need, rem, rel);
    if (sure) return sure > 0;
  }
  bool maximizing = leader_ == declarer_;
  TTAnswer a = tt_.probe<MEKSIKO_KERNEL_AVX2>(sh);
  if (a.lo >= need) {
    *rel = rel_from_mask(a.lo_mask, packed);
    return true;
  }
  if (a.hi < need) {
    *rel = rel_from_mask(a.hi_mask, packed);
    return false;
  }
  if (trump_bits_ && unruffed_tricks(need, rel)) return true;
  // With three tricks or fewer left the search is cheaper than counting the
  // quick tricks (measured: 4% fewer instructions with card values, 17% in
  // the declarer analysis).
  if (rem > 3) {
    Mask qrel;
    int qt = quick_tricks(leader_, maximizing ? need : rem - need + 1, &qrel);
    if ((maximizing && qt >= need) || (!maximizing && rem - qt < need)) {
      *rel = qrel;
      return maximizing;
    }
  }
  // At a defender's lead: the partner's quick tricks (from four tricks left), then the leads
  // after which the declarer wins the trick and cashes his, which are not searched (from three
  // tricks left: there the count is cheaper than their search).
  RefutedLeads refuted;
  if (!maximizing && rem > 2) {
    if (rem > 3 && partner_quick_tricks(need, rem, rel)) return false;
    refuted = refuted_leads(need);
    if (refuted.leads && !(hand_[leader_] & ~refuted.leads)) {
      *rel = refuted.rel;  // every lead is refuted
      return true;
    }
  }
  if (need == rem) {
    // To win every trick the declarer must win the trick of each of his cards.
    // He cannot with a side card of a suit whose top card a defender holds: if
    // the suit is led the defender plays his top card, and otherwise the
    // declarer's card is a discard. The defender keeps his top card meanwhile
    // (only trumps are ever forced). In trumps, the defender's top trump is a
    // trick of its own.
    Mask tops = highest_per_byte(live);
    Mask lost = tops & ~hand_[declarer_] & whole_suits(hand_[declarer_]);
    if (lost) {
      *rel = card_bit(lowest_card(lost));
      return false;
    }
  }

  Mask reps = representatives(hand_[leader_], live);
  Mask all = 0;
  if (reps & refuted.leads) {
    all = refuted.rel;
    reps &= ~refuted.leads;
  }
  std::uint64_t keys[kMaxHandCards];
  int n = lead_keys(reps, keys);
  int p = leader_;
  Mask settled = 0, failed = 0;
  for (int i = 0; i < n; ++i) {
    // The best lead left, found only when needed: most lead nodes cut off at the first.
    int b = i;
    for (int j = i + 1; j < n; ++j) b = keys[j] > keys[b] ? j : b;
    std::swap(keys[i], keys[b]);
    int c = 31 - static_cast<int>(keys[i] & 31);
    if (settled >> c & 1) continue;
    take(p, c);
    cards_[0] = c;
    count_ = 1;
    ++nodes_;
    Mask r_c;
    bool r = second_hand(need, &r_c);
    count_ = 0;
    give(p, c);
    r_c = widen_to_run(r_c, c, p, live);
    if (r == maximizing) {
      *rel = r_c;
      tt_.store<MEKSIKO_KERNEL_AVX2>(sh, mask_from_rel(r_c, packed), r ? need : 0, r ? rem : need - 1);
      // The cutoff history: the lead that cut off gains the square of the tricks left, and each
      // lead tried before it loses eight times that (down to 0): the losses order the leads
      // better than the gains alone (nodes −6 to −8 %, docs/engine.md, twenty-second round).
      history_[p][c] += static_cast<std::uint32_t>(rem * rem);
      auto loss = static_cast<std::uint32_t>(8 * rem * rem);
      for (Mask m = failed; m; m &= m - 1) {
        std::uint32_t& h = history_[p][lowest_card(m)];
        h -= std::min(h, loss);
      }
      return r;
    }
    failed |= card_bit(c);
    all |= r_c;
    settled |= settled_with(r_c, c, p, live);
  }
  *rel = all;
  tt_.store<MEKSIKO_KERNEL_AVX2>(sh, mask_from_rel(all, packed), maximizing ? 0 : need, maximizing ? need - 1 : rem);
  return !maximizing;
}

// The card of lowest rank in m (the first suit on ties).
inline int lowest_by_rank(Mask m) {
  int r = lowest_card((m | m >> 8 | m >> 16 | m >> 24) & 0xFF);
  return lowest_card(m & (0x01010101u << r));
}

// The cards that beat `winning`, the card now winning the trick.
inline Mask beaters(int winning, Mask trump_bits) {
  Mask suit = suit_bits(suit_of(winning));
  Mask higher = suit & ~((card_bit(winning) << 1) - 1);
  return higher | (trump_bits & ~suit);
}

// The order of a follower's cards: when his side already wins the trick,
// low cards first; else the cheapest winners first. A discard (neither
// following nor ruffing) goes lowest rank first, whatever the suit.
struct FollowOrder {
  Mask first, second, beat;
  bool discarding;
};

inline FollowOrder follow_order(Mask hand, Mask reps, int led, int winning, Mask trump_bits, bool ours) {
  Mask follow = hand & suit_bits(suit_of(led));
  Mask ruff = hand & trump_bits;
  Mask legal = follow ? follow : (ruff ? ruff : hand);
  Mask beat = reps & legal & beaters(winning, trump_bits);
  Mask lose = reps & legal & ~beat;
  return {ours ? lose : beat, ours ? beat : lose, beat, !(follow | ruff)};
}

// The cards of `mine` that no card of `theirs` (a hand's legal cards) beats once played to the
// trick: above all of theirs in their suit, and trumps only when they can play a trump (then
// they can beat any other suit's card).
inline Mask unbeaten(Mask mine, Mask theirs, Mask trump_bits) {
  Mask suits = (theirs & trump_bits) ? trump_bits : ~Mask{0};
  return mine & ~smear_down(theirs) & suits;
}

// The next card to try. Both candidates are worked out and one is picked
// without a branch, which would be hard to predict.
inline int next_follow(Mask moves, bool discarding) {
  int low = lowest_card(moves), low_rank = lowest_by_rank(moves);
  return discarding ? low_rank : low;
}

// The second hand also looks at the third, who plays last (follow_order's groups otherwise):
// * the declarer, after a defender's lead: first his winners the third hand cannot beat, then his
//   other winners, then the rest;
// * a defender, after the declarer's lead: low first when his partner can beat the led card
//   (the trick is the defenders' either way);
// * a defender, after his partner's lead, when the declarer can beat it: first his winners the
//   declarer cannot beat, then low cards, then his other winners.
// Nodes −4 to −9 % (docs/engine.md, fourteenth round).
MEKSIKO_INLINE void SearchKernel::second_hand_order(int p, int led, const FollowOrder& order, Mask groups[3]) const {
  bool ours = (leader_ == declarer_) == (p == declarer_);
  Mask beat = order.beat, rest = ours ? order.first : order.second;
  groups[0] = order.first;
  groups[1] = order.second;
  groups[2] = 0;
  Mask third = legal_cards(hand_[next_seat(p)], led, trump_);
  if (p != declarer_ && !ours) {
    if (beaters(led, trump_bits_) & third) {
      groups[0] = rest;
      groups[1] = beat;
    }
    return;
  }
  if (ours && !(beaters(led, trump_bits_) & third)) return;
  Mask sure = unbeaten(beat, third, trump_bits_);
  if (!sure) return;
  groups[0] = sure;
  groups[1] = ours ? rest : beat & ~sure;
  groups[2] = ours ? beat & ~sure : rest;
}

bool SearchKernel::second_hand(int need, Mask* rel) {
  int p = next_seat(leader_);
  bool maximizing = p == declarer_;
  int led = cards_[0];
  Mask live = hand_[0] | hand_[1] | hand_[2] | card_bit(led);
  bool ours = (leader_ == declarer_) == maximizing;
  FollowOrder order = follow_order(hand_[p], representatives(hand_[p], live), led, led, trump_bits_, ours);
  Mask groups[3];
  second_hand_order(p, led, order, groups);
  Mask all = 0, settled = 0;
  for (Mask group : groups) {
    for (Mask moves = group & ~settled; moves; moves &= ~settled) {
      int c = next_follow(moves, order.discarding);
      moves &= ~card_bit(c);
      take(p, c);
      cards_[1] = c;
      count_ = 2;
      ++nodes_;
      Mask r_c;
      bool r = third_hand(need, &r_c);
      count_ = 1;
      give(p, c);
      r_c = widen_to_run(r_c, c, p, live);
      if (r == maximizing) {
        *rel = r_c;
        return r;
      }
      all |= r_c;
      settled |= settled_with(r_c, c, p, live);
    }
  }
  *rel = all;
  return !maximizing;
}

// Inline in second_hand (and in node, at a root): one call fewer a card of the second hand,
// 2 % of the search's time (docs/engine.md, twenty-third round).
MEKSIKO_INLINE bool SearchKernel::third_hand(int need, Mask* rel) {
  int leader = leader_;
  int p = next_seat(next_seat(leader));
  bool maximizing = p == declarer_;
  int c0 = cards_[0], c1 = cards_[1];
  Mask live = hand_[0] | hand_[1] | hand_[2] | card_bit(c0) | card_bit(c1);
  bool second_wins = beats(c1, c0, trump_);
  int win_seat = second_wins ? next_seat(leader) : leader;
  int winning = second_wins ? c1 : c0;
  bool ours = (win_seat == declarer_) == maximizing;
  FollowOrder order = follow_order(hand_[p], representatives(hand_[p], live), c0, winning, trump_bits_, ours);
  Mask all = 0, settled = 0;
  for (int group = 0; group < 2; ++group) {
    Mask moves = group == 0 ? order.first : order.second;
    bool takes = moves == order.beat;
    int winner = takes ? p : win_seat;
    int child_need = need - (winner == declarer_ ? 1 : 0);
    for (moves &= ~settled; moves; moves &= ~settled) {
      int c = next_follow(moves, order.discarding);
      moves &= ~card_bit(c);
      take(p, c);
      leader_ = winner;
      count_ = 0;
      ++nodes_;
      Mask r_c;
      bool r = lead_node(child_need, &r_c);
      leader_ = leader;
      count_ = 2;
      cards_[0] = c0;
      cards_[1] = c1;
      give(p, c);
      r_c |= rank_decided(card_bit(c0) | card_bit(c1) | card_bit(c), takes ? c : winning);
      r_c = widen_to_run(r_c, c, p, live);
      if (r == maximizing) {
        *rel = r_c;
        return r;
      }
      all |= r_c;
      settled |= settled_with(r_c, c, p, live);
    }
  }
  *rel = all;
  return !maximizing;
}

int SearchKernel::value(int lo, int hi, int guess) {
  if (guess >= lo && guess <= hi && lo < hi) {
    // Values are usually close to the guess: probe it, then step away from
    // it one trick at a time.
    if (reach(guess)) {
      lo = guess;
      while (lo < hi && reach(lo + 1)) ++lo;
      return lo;
    }
    hi = guess - 1;
    while (lo < hi && !reach(hi)) --hi;
    return hi;
  }
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (reach(mid))
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

// A rough estimate of the declarer's tricks: a linear fit on 30000 random
// positions (full deals and shorter ones, any leader) of the declarer's cards
// by their place among the live cards of their suit, trump length, the
// defenders' trump length and the shape of his side suits. The coefficients
// come from tools/fit_first_guess.py (which computes the same features):
// change both together, and refit with it.
int SearchKernel::guess() const {
  Mask live = hand_[0] | hand_[1] | hand_[2] | (count_ ? live_in_trick() : 0);
  Mask mine = hand_[declarer_];
  bool no_trump = trump_ == kNoTrump;
  double side_place[4] = {0, 0, 0, 0}, trump_place[4] = {0, 0, 0, 0};
  int trumps = 0, voids = 0, singletons = 0, longest = 0, defender_trumps = 0;
  for (int s = 0; s < kSuits; ++s) {
    Mask l = live & suit_bits(s);
    int place = 0;
    for (Mask x = l; x && place < 4; ++place) {
      int h = highest_card(x);
      x ^= card_bit(h);
      if (mine & card_bit(h)) (s == trump_ ? trump_place : side_place)[place] += 1;
    }
    int length = popcount(mine & l);
    if (s == trump_) {
      trumps = length;
      for (int q = 1; q < kSeats; ++q) {
        int n = popcount(hand_[(declarer_ + q) % kSeats] & l);
        if (n > defender_trumps) defender_trumps = n;
      }
      continue;
    }
    voids += length == 0;
    singletons += length == 1;
    if (length > longest) longest = length;
  }
  int left = tricks_left();
  double estimate = -1.794 + 0.116 * left + 0.488 * (leader_ == declarer_) - 0.108 * trumps + 1.249 *
                    side_place[0] + 0.397 * side_place[1] + 0.149 * side_place[2] + 0.029 * side_place[3] +
                    1.608 * trump_place[0] + 0.838 * trump_place[1] + 0.413 * trump_place[2] + 0.197 *
                    trump_place[3] - 0.299 * defender_trumps + (no_trump ? 0 : 0.258 * voids - 0.095 *
                    singletons) + 0.050 * longest + 0.216 * no_trump + 0.167 * trumps * trumps - 0.063 *
                    longest * no_trump;
  int g = static_cast<int>(estimate + 0.5);
  int most = tricks_left();
  return g < 0 ? 0 : (g > most ? most : g);
}

int SearchKernel::play(int card) {
  int p = to_move();
  Undo& u = undo_stack_[undo_size_++];
  u.leader = leader_;
  u.count = count_;
  for (int i = 0; i < 3; ++i) u.cards[i] = cards_[i];
  u.seat = p;
  u.card = card;
  take(p, card);
  cards_[count_++] = card;
  if (count_ < 3) return 0;
  int winner = (leader_ + trick_winner_index(cards_, 3, trump_)) % kSeats;
  leader_ = winner;
  count_ = 0;
  return winner == declarer_ ? 1 : 0;
}

void SearchKernel::undo() {
  Undo& u = undo_stack_[--undo_size_];
  leader_ = u.leader;
  count_ = u.count;
  for (int i = 0; i < 3; ++i) cards_[i] = u.cards[i];
  give(u.seat, u.card);
}

