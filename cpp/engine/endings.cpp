#include "endings.hpp"

#include <algorithm>
#include <array>

#include "position.hpp"

namespace meksiko {

namespace {

// The declarer's tricks from here with best play by all, for each choice of declarer (out[d]:
// seat d declares, the other two defend together). Plain minimax: the positions have two tricks.
void play_out(Mask hands[kSeats], int leader, int trump, int count, int trick[3], int out[kSeats]) {
  int mover = (leader + count) % kSeats;
  if (count == 0 && hands[mover] == 0) {
    out[0] = out[1] = out[2] = 0;
    return;
  }
  for (int d = 0; d < kSeats; ++d) out[d] = d == mover ? -1 : 99;
  for (Mask m = legal_cards(hands[mover], count ? trick[0] : -1, trump); m; m &= m - 1) {
    int c = lowest_card(m);
    hands[mover] ^= card_bit(c);
    trick[count] = c;
    int v[kSeats];
    if (count == 2) {
      int winner = (leader + trick_winner_index(trick, 3, trump)) % kSeats;
      int next[3];
      play_out(hands, winner, trump, 0, next, v);
      ++v[winner];
    } else {
      play_out(hands, leader, trump, count + 1, trick, v);
    }
    hands[mover] ^= card_bit(c);
    for (int d = 0; d < kSeats; ++d) out[d] = d == mover ? std::max(out[d], v[d]) : std::min(out[d], v[d]);
  }
}

// Another pattern of a pattern's class, and how many of each suit's cards, from the top, have the
// same owners in both.
struct Kin {
  int pattern;
  std::uint32_t agreed;  // a byte per suit
};

}  // namespace

const TwoTrickEndings& TwoTrickEndings::instance() {
  static const TwoTrickEndings table;  // built once, by the first search, before any other reads it
  return table;
}

TwoTrickEndings::TwoTrickEndings() {
  std::fill(std::begin(length_index_), std::end(length_index_), 0);
  std::fill(std::begin(owner_index_), std::end(owner_index_), 0);
  std::vector<std::array<int, kSuits>> length_patterns;
  for (int a = 0; a <= kPlaces; ++a)
    for (int b = 0; a + b <= kPlaces; ++b)
      for (int c = 0; a + b + c <= kPlaces; ++c) {
        int d = kPlaces - a - b - c;
        length_index_[a + 7 * b + 49 * c + 343 * d] = static_cast<std::uint8_t>(length_patterns.size());
        length_patterns.push_back({a, b, c, d});
      }
  // Owners as hands counted from the leader: 0 leads, 1 plays second, 2 third.
  std::vector<std::array<int, kPlaces>> owner_patterns;
  for (int code = 0; code < 729; ++code) {
    std::array<int, kPlaces> owners;
    int held[kSeats] = {0, 0, 0};
    for (int i = 0, x = code; i < kPlaces; ++i, x /= 3) ++held[owners[i] = x % 3];
    if (held[0] != 2 || held[1] != 2) continue;
    unsigned bits = 0;
    for (int i = 0; i < kPlaces; ++i) bits |= (owners[i] == 1 ? 1u : 0u) << i | (owners[i] == 2 ? 1u : 0u) << (i + kPlaces);
    owner_index_[bits] = static_cast<std::uint8_t>(owner_patterns.size());
    owner_patterns.push_back(owners);
  }
  const int n = static_cast<int>(owner_patterns.size());
  entries_.assign(length_patterns.size() * n * 5 * kSeats, 0);

  std::vector<std::array<int, kSeats>> value(n);
  std::vector<std::uint64_t> tops(n);     // per suit (16 bits each), the owners from the top down, 2 bits a card
  std::vector<std::vector<Kin>> same(n);
  std::vector<const Kin*> other[kSeats][2];
  for (auto& by_declarer : other)
    for (auto& list : by_declarer) list.resize(n);
  for (std::size_t li = 0; li < length_patterns.size(); ++li) {
    const auto& len = length_patterns[li];
    int first[kSuits];  // each suit's first place
    for (int s = 0, p = 0; s < kSuits; p += len[s++]) first[s] = p;
    std::vector<std::uint64_t> held(n);  // each hand's length in each suit, 4 bits each
    for (int w = 0; w < n; ++w) {
      held[w] = tops[w] = 0;
      for (int s = 0; s < kSuits; ++s)
        for (int j = 0; j < len[s]; ++j) {
          int owner = owner_patterns[w][first[s] + len[s] - 1 - j];
          held[w] += std::uint64_t{1} << (4 * (kSeats * s + owner));
          tops[w] |= std::uint64_t(owner) << (16 * s + 2 * j);
        }
    }
    // For each pattern w, the others with the same lengths in every hand (its class), each with
    // how many of every suit's cards, from the top, have the same owners as in w.
    for (int w = 0; w < n; ++w) {
      same[w].clear();
      for (int v = 0; v < n; ++v) {
        if (v == w || held[v] != held[w]) continue;
        Kin kin{v, 0};
        for (int s = 0; s < kSuits; ++s) {
          unsigned differ = static_cast<unsigned>((tops[v] ^ tops[w]) >> (16 * s)) & 0xFFFF;
          int agreed = differ ? std::min(len[s], __builtin_ctz(differ) / 2) : len[s];
          kin.agreed |= static_cast<std::uint32_t>(agreed) << (8 * s);
        }
        same[w].push_back(kin);
      }
    }
    for (int trump = 0; trump <= kNoTrump; ++trump) {
      for (int w = 0; w < n; ++w) {
        Mask hands[kSeats] = {0, 0, 0};
        for (int s = 0; s < kSuits; ++s)
          for (int i = 0; i < len[s]; ++i) hands[owner_patterns[w][first[s] + i]] |= card_bit(8 * s + i);
        int trick[3];
        play_out(hands, 0, trump, 0, trick, value[w].data());
      }
      for (int w = 0; w < n; ++w) {
        // The patterns of w's class that answer otherwise, for each declarer and question (without
        // a branch: which ones do is unpredictable).
        int others[kSeats][2] = {};
        for (const Kin& kin : same[w])
          for (int d = 0; d < kSeats; ++d)
            for (int need = 1; need <= 2; ++need) {
              int q = need - 1;
              other[d][q][others[d][q]] = &kin;
              others[d][q] += (value[kin.pattern][d] >= need) != (value[w][d] >= need);
            }
        for (int d = 0; d < kSeats; ++d) {
          unsigned entry = static_cast<unsigned>(value[w][d]);
          for (int q = 0; q < 2; ++q) {
            // Suit by suit, keep the fewest top cards that still tell w from every pattern that
            // answers otherwise and agrees with it on what the other suits keep.
            // (Counts a byte per suit: agreed >= kept in every byte at once.)
            std::uint32_t kept = static_cast<std::uint32_t>(len[0] | len[1] << 8 | len[2] << 16 | len[3] << 24);
            for (int s = 0; s < kSuits; ++s) {
              std::uint32_t k = 0, this_suit = 0x80u << (8 * s);
              for (int i = 0; i < others[d][q]; ++i) {
                std::uint32_t agreed = other[d][q][i]->agreed;
                std::uint32_t at_least = ((agreed | 0x80808080u) - kept) & 0x80808080u;
                if ((at_least | this_suit) == 0x80808080u) k = std::max(k, (agreed >> (8 * s) & 0xFF) + 1);
              }
              kept = (kept & ~(0xFFu << (8 * s))) | k << (8 * s);
            }
            unsigned rel = 0;
            for (int s = 0; s < kSuits; ++s) {
              int k = kept >> (8 * s) & 0xFF;
              if (k) rel |= 1u << (first[s] + len[s] - k);
            }
            entry |= rel << (q == 0 ? kRelOne : kRelTwo);
          }
          entries_[((li * n + w) * 5 + trump) * kSeats + d] = static_cast<std::uint16_t>(entry);
        }
      }
    }
  }
}

}  // namespace meksiko
