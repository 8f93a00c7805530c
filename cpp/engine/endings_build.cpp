#include "endings_build.hpp"

#include <algorithm>
#include <array>

#include "position.hpp"

namespace meksiko {

namespace {

using E = TwoTrickEndings;
constexpr int kPlaces = E::kPlaces;

// The declarer's tricks from here with best play by all: plain minimax (the positions have two
// tricks). trick: the cards played to the trick so far.
int play_out(Mask hands[kSeats], int leader, int declarer, int trump, int count, int trick[3]) {
  int mover = (leader + count) % kSeats;
  if (count == 0 && hands[mover] == 0) return 0;
  bool maximizing = mover == declarer;
  int best = maximizing ? -1 : 99;
  for (Mask m = legal_cards(hands[mover], count ? trick[0] : -1, trump); m; m &= m - 1) {
    int c = lowest_card(m);
    hands[mover] ^= card_bit(c);
    trick[count] = c;
    int v;
    if (count == 2) {
      int winner = (leader + trick_winner_index(trick, 3, trump)) % kSeats;
      int next[3];
      v = (winner == declarer) + play_out(hands, winner, declarer, trump, 0, next);
    } else {
      v = play_out(hands, leader, declarer, trump, count + 1, trick);
    }
    hands[mover] ^= card_bit(c);
    best = maximizing ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

}  // namespace

EndingsTables build_two_trick_endings() {
  EndingsTables out;
  out.length_index.assign(E::kLengthCodes, 0);
  out.owner_index.assign(E::kOwnerCodes, 0);
  std::vector<std::array<int, kSuits>> length_patterns;
  for (int a = 0; a <= kPlaces; ++a)
    for (int b = 0; a + b <= kPlaces; ++b)
      for (int c = 0; a + b + c <= kPlaces; ++c) {
        int d = kPlaces - a - b - c;
        out.length_index[a + 7 * b + 49 * c + 343 * d] = static_cast<std::uint8_t>(length_patterns.size());
        length_patterns.push_back({a, b, c, d});
      }
  // Owners as hands counted from the leader (0 leads, 1 plays second, 2 third), in card order.
  std::vector<std::array<int, kPlaces>> owner_patterns;
  for (int code = 0; code < 729; ++code) {
    std::array<int, kPlaces> owners;
    int held[kSeats] = {0, 0, 0};
    for (int i = 0, x = code; i < kPlaces; ++i, x /= 3) ++held[owners[i] = x % 3];
    if (held[0] != 2 || held[1] != 2) continue;
    unsigned bits = 0;
    for (int i = 0; i < kPlaces; ++i) bits |= (owners[i] == 1 ? 1u : 0u) << i | (owners[i] == 2 ? 1u : 0u) << (i + kPlaces);
    out.owner_index[bits] = static_cast<std::uint8_t>(owner_patterns.size());
    owner_patterns.push_back(owners);
  }
  const int n = static_cast<int>(owner_patterns.size());
  out.entries.assign(length_patterns.size() * n * 5 * kSeats, 0);

  for (std::size_t li = 0; li < length_patterns.size(); ++li) {
    const auto& len = length_patterns[li];
    int first[kSuits];  // each suit's first place
    for (int s = 0, p = 0; s < kSuits; p += len[s++]) first[s] = p;
    // Per pattern: each hand's length in each suit (the patterns of a class share them), and the
    // owner of each suit's j-th card from the top.
    std::vector<std::array<int, kSuits * kSeats>> held(n);
    std::vector<std::array<std::array<int, kPlaces>, kSuits>> from_top(n);
    for (int w = 0; w < n; ++w) {
      held[w].fill(0);
      for (int s = 0; s < kSuits; ++s)
        for (int j = 0; j < len[s]; ++j) {
          int owner = owner_patterns[w][first[s] + len[s] - 1 - j];
          ++held[w][kSeats * s + owner];
          from_top[w][s][j] = owner;
        }
    }
    // How many of suit s's cards, from the top, have the same owners in v as in w.
    auto agreed = [&](int v, int w, int s) {
      int j = 0;
      while (j < len[s] && from_top[v][s][j] == from_top[w][s][j]) ++j;
      return j;
    };
    for (int trump = 0; trump <= kNoTrump; ++trump)
      for (int declarer = 0; declarer < kSeats; ++declarer) {
        std::vector<int> value(n);
        for (int w = 0; w < n; ++w) {
          Mask hands[kSeats] = {0, 0, 0};
          for (int s = 0; s < kSuits; ++s)
            for (int i = 0; i < len[s]; ++i) hands[owner_patterns[w][first[s] + i]] |= card_bit(8 * s + i);
          int trick[3];
          value[w] = play_out(hands, 0, declarer, trump, 0, trick);
        }
        for (int w = 0; w < n; ++w) {
          unsigned entry = static_cast<unsigned>(value[w]);
          for (int need = 1; need <= 2; ++need) {
            // The patterns of w's class that answer otherwise.
            std::vector<int> other;
            for (int v = 0; v < n; ++v)
              if (held[v] == held[w] && (value[v] >= need) != (value[w] >= need)) other.push_back(v);
            // Suit by suit, keep the fewest top cards that still tell w from every such pattern
            // that agrees with it on what the other suits keep.
            int kept[kSuits] = {len[0], len[1], len[2], len[3]};
            for (int s = 0; s < kSuits; ++s) {
              int k = 0;
              for (int v : other) {
                bool agrees = true;
                for (int t = 0; t < kSuits; ++t) agrees = agrees && (t == s || agreed(v, w, t) >= kept[t]);
                if (agrees) k = std::max(k, agreed(v, w, s) + 1);
              }
              kept[s] = k;
            }
            unsigned rel = 0;
            for (int s = 0; s < kSuits; ++s)
              if (kept[s]) rel |= 1u << (first[s] + len[s] - kept[s]);
            entry |= rel << (need == 1 ? E::kRelOne : E::kRelTwo);
          }
          out.entries[((li * n + w) * 5 + trump) * kSeats + declarer] = static_cast<std::uint16_t>(entry);
        }
      }
  }
  return out;
}

}  // namespace meksiko
