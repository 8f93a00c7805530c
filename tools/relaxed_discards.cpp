// How much of the declarer analysis a proof in a relaxed game could stand for: a measurement,
// not part of the engine (docs/engine.md, twenty-fourth round: in the engine such proofs cost
// far more than the searches they would replace).
//
//   relaxed_discards FILE [DEALS]     FILE: engine_bench's analysis lines
//                                     (hand0 hand1 hand2 talon declarer, masks)
//
// For each trump the analysis searches every discard group once against the best so far, and
// each group that reaches the best once more, to prove that it does not beat it. Two relaxed
// games are worth at least as much as each discard of a family, so one proof in them would
// stand for the whole family:
//   * all twelve cards, two of which the declarer may set aside at any moment: every discard.
//     Where it does not reach best + 1, no discard beats the best.
//   * eleven cards (card x discarded), one of which he may set aside: every discard with x.
//     Where it does not reach the best, every discard with x is below it.
// (Setting cards aside only matters when he follows: he may set aside all his cards of the led
// suit, of the trump suit, or both, to ruff or to discard instead. A static discard is one way
// to play the relaxed game, hence the bound.)
//
// The relaxed games are solved by a plain zero-window search (an exact table at trick starts,
// equivalent cards, no bound), checked on every trump against the engine: with nothing to set
// aside it must give the best discard's value, and with two it must reach the best. The tool
// prints what share of the trumps and of the discard groups below the best the two kinds of
// proof cover, and exits 1 if a check fails.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <utility>

#include "analysis.hpp"
#include "position.hpp"
#include "search.hpp"
#include "solver.hpp"

using namespace meksiko;

namespace {

// A trick start: the hands and the leader (the cards set aside are gone from the hands).
struct StartKey {
  Mask hands[kSeats];
  int leader;
  bool operator==(const StartKey& o) const {
    return hands[0] == o.hands[0] && hands[1] == o.hands[1] && hands[2] == o.hands[2] && leader == o.leader;
  }
};

struct StartKeyHash {
  std::size_t operator()(const StartKey& k) const {
    return (std::uint64_t{k.hands[0]} * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t{k.hands[1]} * 0xC2B2AE3D27D4EB4Full) ^
           (std::uint64_t{k.hands[2]} * 0x165667B19E3779F9ull) ^ static_cast<std::uint64_t>(k.leader);
  }
};

// The declarer's game from his lead at the deal's start, with `aside` cards more than tricks that
// he may set aside while following.
class RelaxedGame {
 public:
  RelaxedGame(const Mask hands[kSeats], int trump, int declarer, int aside)
      : trump_(trump), declarer_(declarer), leader_(declarer), aside_(aside) {
    for (int s = 0; s < kSeats; ++s) hands_[s] = hands[s];
    tricks_left_ = popcount(hands_[next_seat(declarer)]);
  }

  // Can the declarer take at least `need` of the tricks left?
  bool reach(int need) {
    if (need <= 0) return true;
    if (need > tricks_left_) return false;
    int seat = (leader_ + count_) % kSeats;
    bool declarer_moves = seat == declarer_;
    StartKey key{{hands_[0], hands_[1], hands_[2]}, leader_};
    if (count_ == 0) {
      auto known = table_.find(key);
      if (known != table_.end() && known->second.first >= need) return true;
      if (known != table_.end() && known->second.second < need) return false;
    }
    bool result = !declarer_moves;
    // Setting cards aside: none, or (declarer following) his led suit, his trumps, or both.
    Mask options[4] = {0, 0, 0, 0};
    int option_count = 1;
    if (count_ > 0 && declarer_moves && aside_ > 0) {
      Mask led = hands_[seat] & suit_bits(suit_of(trick_[0]));
      Mask trumps = trump_ == kNoTrump ? 0 : hands_[seat] & suit_bits(trump_) & ~led;
      if (led && popcount(led) <= aside_) options[option_count++] = led;
      if (!led && trumps && popcount(trumps) <= aside_) options[option_count++] = trumps;
      if (led && trumps && popcount(led | trumps) <= aside_) options[option_count++] = led | trumps;
    }
    Mask plain = legal(hands_[seat]);
    for (int o = 0; o < option_count && result != declarer_moves; ++o) {
      Mask set_aside = options[o];
      // A card he may play without setting anything aside is better played so: he can still
      // set the cards aside later.
      Mask moves = o == 0 ? plain : legal(hands_[seat] & ~set_aside) & ~plain;
      moves = lowest_of_runs(moves, hands_[seat] & ~set_aside);
      while (moves && result != declarer_moves) {
        // Leads highest first, follows lowest first.
        int card = count_ == 0 ? highest_card(moves) : lowest_card(moves);
        moves &= ~card_bit(card);
        if (play(seat, card, set_aside, need) == declarer_moves) result = declarer_moves;
      }
    }
    if (count_ == 0) {
      auto& bounds = table_.try_emplace(key, 0, kMaxHandCards).first->second;
      if (result)
        bounds.first = std::max(bounds.first, need);
      else
        bounds.second = std::min(bounds.second, need - 1);
    }
    return result;
  }

 private:
  Mask legal(Mask hand) const { return legal_cards(hand, count_ ? trick_[0] : -1, trump_); }

  // The lowest card of each run of `moves` that are adjacent among the live cards (the hands
  // after setting aside, `own` for the mover, and the cards on the table): they play alike.
  Mask lowest_of_runs(Mask moves, Mask own) const {
    int seat = (leader_ + count_) % kSeats;
    Mask live = own;
    for (int s = 0; s < kSeats; ++s)
      if (s != seat) live |= hands_[s];
    for (int i = 0; i < count_; ++i) live |= card_bit(trick_[i]);
    Mask out = 0;
    for (Mask m = moves; m; m &= m - 1) {
      int card = lowest_card(m);
      Mask below = live & (card_bit(card) - 1) & suit_bits(suit_of(card));
      if (!below || !(moves & card_bit(highest_card(below)))) out |= card_bit(card);
    }
    return out;
  }

  bool play(int seat, int card, Mask set_aside, int need) {
    Mask hand = hands_[seat];
    int aside = aside_, trick[3] = {trick_[0], trick_[1], trick_[2]};
    hands_[seat] &= ~set_aside & ~card_bit(card);
    aside_ -= popcount(set_aside);
    trick_[count_] = card;
    bool r;
    if (count_ < 2) {
      ++count_;
      r = reach(need);
      --count_;
    } else {
      int leader = leader_, winner = (leader_ + trick_winner_index(trick_, 3, trump_)) % kSeats;
      leader_ = winner;
      count_ = 0;
      --tricks_left_;
      r = reach(need - (winner == declarer_ ? 1 : 0));
      ++tricks_left_;
      count_ = 2;
      leader_ = leader;
    }
    hands_[seat] = hand;
    aside_ = aside;
    for (int i = 0; i < 3; ++i) trick_[i] = trick[i];
    return r;
  }

  Mask hands_[kSeats];
  int trump_, declarer_, leader_, aside_;
  int count_ = 0, tricks_left_ = 0;
  int trick_[3] = {-1, -1, -1};
  std::unordered_map<StartKey, std::pair<int, int>, StartKeyHash> table_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: relaxed_discards FILE [DEALS]\n");
    return 2;
  }
  FILE* file = std::fopen(argv[1], "r");
  if (!file) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  int limit = argc == 3 ? std::atoi(argv[2]) : 1 << 30;
  long trumps = 0, no_discard_beats = 0, groups_below = 0, groups_settled = 0, failed_checks = 0;
  int deals = 0;
  unsigned row[5];
  Solver solver;
  while (deals < limit && std::fscanf(file, "%u %u %u %u %u", &row[0], &row[1], &row[2], &row[3], &row[4]) == 5) {
    Mask hands[kSeats] = {row[0], row[1], row[2]};
    Mask talon = row[3];
    int declarer = static_cast<int>(row[4]);
    Mask twelve = hands[declarer] | talon;
    DeclarerAnalysis analysis = analyze_declarer(solver, hands, talon, declarer, 0);
    if (!analysis.error.empty()) {
      std::fprintf(stderr, "deal %d: %s\n", deals, analysis.error.c_str());
      return 2;
    }
    for (int trump = 0; trump < kSuits; ++trump) {
      int best = analysis.with_talon[trump];
      Mask dealt[kSeats] = {hands[0], hands[1], hands[2]};
      // The check: with nothing to set aside, an optimal discard's value.
      auto [a, b] = analysis.discards[trump].front();
      dealt[declarer] = twelve & ~card_bit(a) & ~card_bit(b);
      RelaxedGame plain(dealt, trump, declarer, 0);
      bool plain_ok = plain.reach(best) && !plain.reach(best + 1);
      dealt[declarer] = twelve;
      RelaxedGame every_discard(dealt, trump, declarer, 2);
      bool relaxed_ok = every_discard.reach(best);
      if (!plain_ok || !relaxed_ok) {
        std::fprintf(stderr, "deal %d trump %d: check failed (plain %d, relaxed %d)\n", deals, trump, plain_ok,
                     relaxed_ok);
        ++failed_checks;
      }
      ++trumps;
      no_discard_beats += !every_discard.reach(best + 1);
      // The families: card x discarded, one more to set aside.
      Mask below_families = 0;
      for (Mask m = twelve; m; m &= m - 1) {
        int x = lowest_card(m);
        dealt[declarer] = twelve & ~card_bit(x);
        RelaxedGame family(dealt, trump, declarer, 1);
        if (!family.reach(best)) below_families |= card_bit(x);
      }
      // The discard groups below the best (as the analysis groups them), and those a family settles.
      std::unordered_map<std::uint64_t, std::pair<bool, bool>> groups;  // below, settled
      for (Mask m = twelve; m; m &= m - 1)
        for (Mask n = m & (m - 1); n; n &= n - 1) {
          int x = lowest_card(m), y = lowest_card(n);
          dealt[declarer] = twelve & ~card_bit(x) & ~card_bit(y);
          auto& g = groups[relative_cards_key(dealt)];
          bool listed = false;
          for (auto [p, q] : analysis.discards[trump]) listed |= (p == x && q == y) || (p == y && q == x);
          g.first |= !listed;
          g.second |= (below_families & (card_bit(x) | card_bit(y))) != 0;
          if (listed && g.second) {
            std::fprintf(stderr, "deal %d trump %d: an optimal discard settled below the best\n", deals, trump);
            ++failed_checks;
          }
        }
      for (const auto& entry : groups) {
        groups_below += entry.second.first;
        groups_settled += entry.second.first && entry.second.second;
      }
    }
    ++deals;
  }
  std::printf("%d deals, %ld trumps\n", deals, trumps);
  if (trumps == 0) return 0;
  std::printf("no discard beats the best in the game with two cards to set aside: %ld trumps (%.1f %%)\n",
              no_discard_beats, 100.0 * no_discard_beats / trumps);
  std::printf("discard groups below the best: %ld; settled by one of the twelve families: %ld (%.1f %%)\n",
              groups_below, groups_settled, 100.0 * groups_settled / (groups_below ? groups_below : 1));
  std::printf("failed checks: %ld\n", failed_checks);
  return failed_checks ? 1 : 0;
}
