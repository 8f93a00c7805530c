#include "solver.hpp"

namespace meksiko {

Solver::Solver(std::size_t tt_bytes) : tt_(tt_bytes), search_(make_search(tt_)) {}

int Solver::tricks(const Position& pos) {
  tt_.new_generation();
  search_->set_position(pos);
  // Probing near the likely value first saves the costly probes far from it.
  return search_->value(0, search_->tricks_left(), search_->guess());
}

int Solver::tricks(const Position& pos, int lo, int hi) {
  tt_.new_generation();
  search_->set_position(pos);
  int guess = search_->guess();
  return search_->value(lo, hi, guess < lo ? lo : (guess > hi ? hi : guess));
}

int Solver::tricks_from(const Position& pos, int lo) {
  tt_.new_generation();
  search_->set_position(pos);
  return search_->value(lo, search_->tricks_left(), lo);
}

bool Solver::reach(const Position& pos, int need) {
  tt_.new_generation();
  search_->set_position(pos);
  return search_->reach(need);
}

SolveResult Solver::solve(const Position& pos, const SolveOptions& options) {
  SolveResult result;
  result.error = validate(pos);
  if (!result.error.empty()) return result;
  std::uint64_t start = search_->nodes();
  result.tricks = tricks(pos);
  if (options.card_values) card_values(result.tricks, &result.card_values);
  if (options.line) line(result.tricks, &result.line);
  result.nodes = search_->nodes() - start;
  return result;
}

// The value of each legal card: equivalent cards share their representative's
// value; the best value bounds every other card from one side.
void Solver::card_values(int best, std::vector<CardValue>* out) {
  bool maximizing = search_->to_move() == search_->position().declarer;
  Mask legal = search_->legal_moves();
  int rep_value[kCards];
  for (Mask reps = search_->representative_moves(); reps; reps &= reps - 1) {
    int c = lowest_card(reps);
    int won = search_->play(c);
    int left = search_->tricks_left();
    int bound = best - won < 0 ? 0 : (best - won > left ? left : best - won);
    int v = maximizing ? search_->value(0, bound, bound) : search_->value(bound, left, bound);
    search_->undo();
    rep_value[c] = v + won;
  }
  for (Mask m = legal; m; m &= m - 1) {
    int c = lowest_card(m);
    out->push_back({c, rep_value[search_->representative_of(c)]});
  }
}

// Follow cards that keep the value until the deal ends.
void Solver::line(int best, std::vector<int>* out) {
  int declarer = search_->position().declarer;
  int played = 0;
  int value = best;
  while (search_->tricks_left() > 0) {
    bool maximizing = search_->to_move() == declarer;
    Mask reps = search_->representative_moves();
    int chosen = -1;
    for (Mask m = reps; m; m &= m - 1) {
      int c = lowest_card(m);
      int won = search_->play(c);
      bool keeps = maximizing ? search_->reach(value - won) : !search_->reach(value - won + 1);
      if (keeps) {
        chosen = c;
        value -= won;
        break;
      }
      search_->undo();
    }
    if (chosen < 0) break;  // cannot happen for a correct search
    out->push_back(chosen);
    ++played;
  }
  while (played-- > 0) search_->undo();
}

}  // namespace meksiko
