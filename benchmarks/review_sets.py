"""The deal records of the review benchmark, and their stored answers.

Regenerate the answers (only when a set's definition changes):

    PYTHONPATH=python python benchmarks/review_sets.py

Two seeded sets of played mexico-club deals, each regenerated from its seed:

* ``arena_deals()``: 200 deals played by :class:`RandomPolicy` at every seat (random calls,
  discard, trump and legal cards): the "random arena" of the issue, many mistakes.
* ``decent_deals()``: 100 deals with random calls, where the declarer takes the best discard
  and trump double-dummy (a random trump on Meksiko) and every seat plays a double-dummy best
  card four times in five (else a random legal card): closer to a real game, fewer mistakes.

The answers hold, per deal, every card's before/after value and best cards, the discard and the
bid, so the benchmark checks what it times.
"""

from __future__ import annotations

import random

from deal_sets import load_answers, write_answers
from meksiko_solver.analysis import analyze_declarer
from meksiko_solver.cards import Hand
from meksiko_solver.deal import DealState
from meksiko_solver.game import deal_cards, play_deal
from meksiko_solver.deal import Phase
from meksiko_solver.policies import RandomPolicy
from meksiko_solver.position import Position
from meksiko_solver.record import DealRecord
from meksiko_solver.solver import Solver

ARENA_ANSWERS = "review_arena_answers.jsonl"
DECENT_ANSWERS = "review_decent_answers.jsonl"


def arena_deals(count: int = 200, seed: int = 2026) -> list:
    rng = random.Random(seed)
    deals = []
    for i in range(count):
        policies = [RandomPolicy(rng.getrandbits(64)) for _ in range(3)]
        deals.append(play_deal(policies, dealer=i % 3, seed=rng.getrandbits(64)))
    return deals


def decent_deals(count: int = 100, seed: int = 7, skill: float = 0.8) -> list:
    rng = random.Random(seed)
    solver = Solver()
    deals = []
    for i in range(count):
        hands, talon = deal_cards(rng.getrandbits(64))
        state = DealState(hands, talon, dealer=i % 3)
        bidders = [RandomPolicy(rng.getrandbits(64)) for _ in range(3)]
        while state.phase == Phase.AUCTION:
            state.call(bidders[state.to_move](state.view(state.to_move)))
        if state.phase == Phase.DECLARE:
            if state.contract == "M":
                state.declare((), rng.choice("SHDC"))
            else:
                best = analyze_declarer(hands, talon, state.declarer).best
                state.declare(best["discard"], best["trump"])
        while state.phase == Phase.PLAY:
            legal = state.legal_cards()
            if len(legal) > 1 and rng.random() < skill:
                pos = Position(tuple(Hand(state.hand(s)) for s in range(3)), state.trump, state.declarer,
                               state.leader, state.trick_cards)
                card = solver.solve_position(pos, card_values=True, line=False).best_cards[0]
            else:
                card = rng.choice(legal)
            state.play(card)
        deals.append(DealRecord.from_state(state))
    return deals


def answer(review) -> dict:
    """The stored answer for one deal review."""
    d = review.to_dict()
    return {
        "values": [[c["before"], c["after"]] for c in d["cards"]],
        "best": [" ".join(c["best"]) for c in d["cards"]],
        "discard": None if d["discard"] is None else {k: d["discard"][k] for k in ("tricks", "best_tricks", "best_trump")},
        "bid": {k: d["bid"][k] for k in ("called", "max_bid", "verdict")},
    }


def main() -> None:
    from meksiko_solver.review import review

    for name, deals in ((ARENA_ANSWERS, arena_deals()), (DECENT_ANSWERS, decent_deals())):
        write_answers(name, [answer(review(d, solver=Solver(table_mb=4))) for d in deals])


if __name__ == "__main__":
    main()


__all__ = ["ARENA_ANSWERS", "DECENT_ANSWERS", "answer", "arena_deals", "decent_deals", "load_answers"]
