#include "opening.hpp"

#include <array>

#include "../engine/builtins.hpp"

namespace meksiko::mexican_train {
namespace {

// A key packs the ranking so that larger is better: tiles, pips, not-a-double, tiles left that
// fit the engine (they can start the Mexican train later).
constexpr std::int32_t pack(int tiles, int pips, bool not_double, int playable) {
  return (tiles << 16) | (pips << 6) | (not_double ? 1 << 5 : 0) | playable;
}
constexpr std::int32_t kEmptyKey = pack(0, 0, true, 0);
constexpr std::int32_t kUnknown = -1;
constexpr std::int32_t kNone = 0;  // no tile can be added (every real key is larger)

class Search {
 public:
  Search(const std::vector<TilePair>& tiles, int engine)
      : tiles_(tiles), engine_(engine), more_(std::size_t{1} << tiles.size(), kUnknown),
        choice_(std::size_t{1} << tiles.size(), -1) {
    adj_.fill(0);
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      adj_[tiles[i].first] |= 1u << i;
      adj_[tiles[i].second] |= 1u << i;
      pips_.push_back(tiles[i].first + tiles[i].second);
    }
  }

  std::vector<int> best() {
    std::vector<int> seq;
    std::uint32_t mask = 0;
    int end = engine_, total = 0;
    bool last_double = false;
    for (;;) {
      std::int32_t sub = more(mask, end, static_cast<int>(seq.size()), total);
      if (sub == kNone || stop(mask, static_cast<int>(seq.size()), total, last_double) > sub) break;
      int i = choice_[mask];
      seq.push_back(i);
      mask |= 1u << i;
      end = other(i, end);
      total += pips_[i];
      last_double = tiles_[i].first == tiles_[i].second;
    }
    target_ = pack(static_cast<int>(seq.size()), total, false, 0) >> 6;
    return seq;
  }

  // Every train tying with best() on tiles and pips: the exact count, and the first `limit`
  // in ranking order (class by criterion 3, lexicographic inside a class = depth-first order).
  void ties(std::size_t limit, std::vector<std::vector<int>>& out, std::uint64_t& count) {
    limit_ = limit;
    classes_.assign(64, {});
    std::vector<int> seq;
    count = walk(0, engine_, seq, 0, false);
    for (int c = 63; c >= 0 && out.size() < limit; --c)
      for (auto& s : classes_[c]) {
        if (out.size() >= limit) break;
        out.push_back(std::move(s));
      }
  }

 private:
  int other(int i, int end) const { return tiles_[i].first == end ? tiles_[i].second : tiles_[i].first; }

  std::int32_t stop(std::uint32_t mask, int count, int total, bool last_double) const {
    if (count == 0) return kEmptyKey;
    return pack(count, total, !last_double, popcount32(adj_[engine_] & ~mask));
  }

  // The best key of the trains that extend this one by at least one tile (kNone if none).
  std::int32_t more(std::uint32_t mask, int end, int count, int total) {
    if (more_[mask] != kUnknown) return more_[mask];
    std::int32_t best = kNone;
    int choice = -1;
    for (std::uint32_t m = adj_[end] & ~mask; m; m &= m - 1) {
      int i = lowest_bit32(m);
      int next = other(i, end);
      std::uint32_t child = mask | 1u << i;
      std::int32_t key = stop(child, count + 1, total + pips_[i], tiles_[i].first == tiles_[i].second);
      std::int32_t sub = more(child, next, count + 1, total + pips_[i]);
      if (sub > key) key = sub;
      if (key > best) best = key, choice = i;
    }
    more_[mask] = best;
    choice_[mask] = static_cast<std::int8_t>(choice);
    return best;
  }

  std::int32_t reach(std::uint32_t mask, int count, int total) const {
    std::int32_t here = pack(count, total, false, 0) >> 6;
    std::int32_t sub = more_[mask];
    return sub > kNone && (sub >> 6) > here ? sub >> 6 : here;
  }

  std::uint64_t walk(std::uint32_t mask, int end, std::vector<int>& seq, int total, bool last_double) {
    std::uint64_t found = 0;
    int count = static_cast<int>(seq.size());
    if ((pack(count, total, false, 0) >> 6) == target_) {
      found = 1;
      int cls = stop(mask, count, total, last_double) & 63;
      if (classes_[cls].size() < limit_) classes_[cls].push_back(seq);
    }
    for (std::uint32_t m = adj_[end] & ~mask; m; m &= m - 1) {
      int i = lowest_bit32(m);
      std::uint32_t child = mask | 1u << i;
      int next = other(i, end);
      more(child, next, count + 1, total + pips_[i]);
      if (reach(child, count + 1, total + pips_[i]) < target_) continue;
      seq.push_back(i);
      found += walk(child, next, seq, total + pips_[i], tiles_[i].first == tiles_[i].second);
      seq.pop_back();
    }
    return found;
  }

  const std::vector<TilePair>& tiles_;
  int engine_;
  std::array<std::uint32_t, kMaxPips + 1> adj_;
  std::vector<int> pips_;
  std::vector<std::int32_t> more_;
  std::vector<std::int8_t> choice_;
  std::int32_t target_ = 0;
  std::size_t limit_ = 0;
  std::vector<std::vector<std::vector<int>>> classes_;
};

}  // namespace

std::string validate_opening(const std::vector<TilePair>& tiles, int engine) {
  if (engine < 0 || engine > kMaxPips) return "engine " + std::to_string(engine) + " is not a value 0 to 12";
  if (tiles.size() > static_cast<std::size_t>(kMaxOpeningTiles))
    return "hand of " + std::to_string(tiles.size()) + " tiles: at most 20";
  std::array<bool, (kMaxPips + 1) * (kMaxPips + 1)> seen{};
  for (const auto& [a, b] : tiles) {
    if (a < 0 || a > kMaxPips || b < 0 || b > kMaxPips)
      return "tile " + std::to_string(a) + "-" + std::to_string(b) + " is not in the double-twelve set";
    int hi = a > b ? a : b, lo = a > b ? b : a;
    if (seen[hi * (kMaxPips + 1) + lo]) return "tile " + std::to_string(hi) + "-" + std::to_string(lo) + " twice";
    seen[hi * (kMaxPips + 1) + lo] = true;
    if (hi == engine && lo == engine) return "the engine double is not a tile of a hand";
  }
  return {};
}

OpeningResult best_opening(const std::vector<TilePair>& tiles, int engine, bool all_ties,
                           std::size_t tie_limit) {
  OpeningResult r;
  r.error = validate_opening(tiles, engine);
  if (!r.error.empty()) return r;
  Search search(tiles, engine);
  r.best = search.best();
  if (all_ties) search.ties(tie_limit, r.ties, r.tie_count);
  return r;
}

}  // namespace meksiko::mexican_train
