#include "analysis.hpp"

#include <algorithm>
#include <tuple>

#include "search.hpp"

namespace meksiko {

namespace {

// Cheap guess of how little a card is worth keeping: low side cards of short
// suits first (a void can ruff), trumps and high cards last.
int keep_value(int card, Mask twelve, int trump) {
  int s = suit_of(card);
  int value = rank_of(card) * 4 + popcount(twelve & suit_bits(s));
  if (s == trump) value += 64;
  return value;
}

constexpr int kDiscards = 66;  // pairs of the declarer's twelve cards

struct Candidate {
  int a, b;        // the discarded cards
  int order;       // lower first
  int group;       // candidates with equal relative positions share a group
};

}  // namespace

std::string validate_deal(const Mask hands[kSeats], Mask talon) {
  Mask seen = 0;
  for (int s = 0; s < kSeats; ++s) {
    if (popcount(hands[s]) != kMaxHandCards)
      return "seat " + std::to_string(s) + " holds " + std::to_string(popcount(hands[s])) +
             " cards, a deal gives 10";
    if (seen & hands[s]) return "duplicate card " + card_string(lowest_card(seen & hands[s])) + " in seat " + std::to_string(s);
    seen |= hands[s];
  }
  if (popcount(talon) != 2) return "the talon holds " + std::to_string(popcount(talon)) + " cards, not 2";
  if (seen & talon) return "duplicate card " + card_string(lowest_card(seen & talon)) + " in the talon";
  return {};
}

namespace {

// The 66 discards from the declarer's twelve cards into `out`, cheapest-looking first (the
// earlier pair first among equals); discards that leave the same relative position share a
// group number (below kDiscards). On the stack: an analysis asks this four times, and
// the heap's allocations and a hash map had cost about 1 % of its time.
void discard_candidates(const Mask hands[kSeats], Mask twelve, int declarer, int trump,
                       Candidate out[kDiscards]) {
  int cards[12], n = 0;
  for (Mask m = twelve; m; m &= m - 1) cards[n++] = lowest_card(m);
  std::pair<std::uint64_t, int> keys[kDiscards];  // relative position, candidate
  int k = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j, ++k) {
      Mask left[kSeats] = {hands[0], hands[1], hands[2]};
      left[declarer] = twelve & ~card_bit(cards[i]) & ~card_bit(cards[j]);
      keys[k] = {relative_cards_key(left), k};
      out[k] = {cards[i], cards[j], keep_value(cards[i], twelve, trump) + keep_value(cards[j], twelve, trump), 0};
    }
  std::sort(keys, keys + kDiscards);
  int groups = 0;
  for (int i = 0; i < kDiscards; ++i) {
    if (i > 0 && keys[i].first != keys[i - 1].first) ++groups;
    out[keys[i].second].group = groups;
  }
  // Cheapest first; among equals in the order made (cards ascending), as a stable sort.
  std::sort(out, out + kDiscards, [](const Candidate& x, const Candidate& y) {
    return std::tie(x.order, x.a, x.b) < std::tie(y.order, y.a, y.b);
  });
}

Position declarer_leads(const Mask hands[kSeats], int declarer, int trump) {
  Position pos;
  for (int s = 0; s < kSeats; ++s) pos.hands[s] = hands[s];
  pos.trump = trump;
  pos.declarer = declarer;
  pos.leader = declarer;
  return pos;
}

}  // namespace

int best_discards(Solver& solver, const Mask hands[kSeats], Mask twelve, int declarer, int trump,
                  std::vector<std::pair<int, int>>* discards) {
  Position pos = declarer_leads(hands, declarer, trump);
  Candidate candidates[kDiscards];
  discard_candidates(hands, twelve, declarer, trump, candidates);
  constexpr int kUnknown = -1, kBelowBest = -2;
  // Per group: exact value, kBelowBest (below the best at the time) or kUnknown.
  int group_value[kDiscards];
  std::fill(group_value, group_value + kDiscards, kUnknown);

  // Each group is first asked whether it reaches the best so far (most do
  // not: one search), and only then whether it beats it.
  int best = -1;
  for (const Candidate& c : candidates) {
    int g = c.group;
    if (group_value[g] != kUnknown) continue;
    pos.hands[declarer] = twelve & ~card_bit(c.a) & ~card_bit(c.b);
    if (best < 0) {
      best = group_value[g] = solver.tricks(pos);
      continue;
    }
    if (!solver.reach(pos, best)) {
      group_value[g] = kBelowBest;
      continue;
    }
    // Searched upwards from the best: its value is usually the best itself.
    group_value[g] = best = solver.tricks_from(pos, best);
  }
  discards->clear();
  for (const Candidate& c : candidates)
    if (group_value[c.group] == best) discards->emplace_back(std::min(c.a, c.b), std::max(c.a, c.b));
  std::sort(discards->begin(), discards->end());
  return best;
}

BestDeclaration best_declaration(Solver& solver, const Mask hands[kSeats], Mask talon, int declarer, int floor) {
  BestDeclaration out;
  out.error = validate_analysis(hands, talon, declarer);
  if (out.error.empty() && (floor < 0 || floor > kMaxHandCards))
    out.error = "floor " + std::to_string(floor) + " out of range 0..10";
  if (!out.error.empty()) return out;
  std::uint64_t start = solver.nodes();
  Mask twelve = hands[declarer] | talon;
  // Longest trump suits first: they usually hold the best, which then bounds the rest.
  int order[kSuits] = {0, 1, 2, 3};
  std::stable_sort(order, order + kSuits, [&](int a, int b) {
    return popcount(twelve & suit_bits(a)) > popcount(twelve & suit_bits(b));
  });
  int best = floor - 1;
  for (int t : order) {
    Position pos = declarer_leads(hands, declarer, t);
    Candidate candidates[kDiscards];
    discard_candidates(hands, twelve, declarer, t, candidates);
    bool seen[kDiscards] = {};
    for (const Candidate& c : candidates) {
      if (best >= kMaxHandCards) break;
      if (seen[c.group]) continue;
      seen[c.group] = true;
      pos.hands[declarer] = twelve & ~card_bit(c.a) & ~card_bit(c.b);
      if (best + 1 > 0 && !solver.reach(pos, best + 1)) continue;
      best = solver.tricks_from(pos, best + 1);
      out.trump = t;
      out.discard[0] = std::min(c.a, c.b);
      out.discard[1] = std::max(c.a, c.b);
    }
  }
  out.tricks = best;
  out.nodes = solver.nodes() - start;
  return out;
}

std::string validate_analysis(const Mask hands[kSeats], Mask talon, int declarer) {
  std::string error = validate_deal(hands, talon);
  if (error.empty() && (declarer < 0 || declarer >= kSeats))
    error = "declarer seat " + std::to_string(declarer) + " out of range 0..2";
  return error;
}

std::uint64_t analyze_part(Solver& solver, const Mask hands[kSeats], Mask talon, int declarer,
                           unsigned meksiko_trumps, int part, DeclarerAnalysis* out) {
  std::uint64_t start = solver.nodes();
  if (part < kSuits)
    out->with_talon[part] = best_discards(solver, hands, hands[declarer] | talon, declarer, part, &out->discards[part]);
  if (meksiko_trumps >> part & 1) out->meksiko[part] = solver.tricks(declarer_leads(hands, declarer, part));
  return solver.nodes() - start;
}

DeclarerAnalysis analyze_declarer(Solver& solver, const Mask hands[kSeats], Mask talon, int declarer,
                                  unsigned meksiko_trumps) {
  DeclarerAnalysis out;
  out.error = validate_analysis(hands, talon, declarer);
  if (!out.error.empty()) return out;
  out.declarer = declarer;
  for (int part = 0; part < kAnalysisParts; ++part)
    out.nodes += analyze_part(solver, hands, talon, declarer, meksiko_trumps, part, &out);
  return out;
}

}  // namespace meksiko
