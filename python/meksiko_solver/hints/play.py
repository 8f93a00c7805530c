"""The play hint: which card to play, from what the seat to play has seen.

Every sampled world is solved double-dummy from the current position with the value of each
legal card (``engine.solve_batch`` with card values, every core, GIL released). Per card:

* ``tricks``: the declarer's expected tricks in the whole deal after that card;
* ``make``: the probability that the contract makes;
* ``score``: the expected score change of the seat for the deal (the declarer's is exact; a
  defender's own tricks are not known double-dummy, so the defenders' remaining tricks are
  split by fair coin tosses, see :mod:`.outcome`);
* ``best``: the share of worlds in which the card is double-dummy optimal for the seat's side.

The recommended card maximises the side's expected result. Declarer: the highest expected
score, then the highest probability of making, then the most expected tricks. Defender:
the lowest probability that the contract makes (defeat first), then the fewest expected
declarer tricks, then the seat's own expected score. Remaining ties (equal in every world,
such as touching honours) go to the lowest card (rank 7 first, then suits S H D C). The
comparisons are made on exact sums over the same worlds, so they do not depend on rounding.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from .. import engine
from ..cards import Card, Suit
from ..errors import MeksikoError
from ..deal import Phase
from ..options import check_flag
from .common import DEFAULT_SAMPLES, HintResult, rnd, settle, start
from .batch import TT_BYTES, check, solve_worlds
from .outcome import Scorer
from .weights import draw, weighted_frame

TIE_BREAK = ("declarer: expected score, then probability of making, then expected tricks; "
             "defender: probability of defeat, then fewer expected declarer tricks, then own expected "
             "score; then the lowest card")


@dataclass
class CardOption:
    card: Card
    tricks: float  # the declarer's expected tricks in the deal
    make: float  # probability that the contract makes
    score: float  # the seat's expected score change
    best: float  # share of worlds where the card is double-dummy optimal for the seat's side

    def to_dict(self) -> Dict[str, Any]:
        return {"card": str(self.card), "tricks": rnd(self.tricks), "make": rnd(self.make),
                "score": rnd(self.score), "best": rnd(self.best)}


@dataclass
class PlayHint(HintResult):
    """``card``: the recommendation; ``options``: every legal card, best first."""

    card: Optional[Card] = None
    options: List[CardOption] = field(default_factory=list)
    declarer: int = 0
    contract: str = ""

    def to_dict(self) -> Dict[str, Any]:
        return {"hint": "play", **self.frame(), **self.weighting, "declarer": self.declarer, "contract": self.contract,
                "card": str(self.card), "options": [o.to_dict() for o in self.options],
                "tie_break": TIE_BREAK}


def play_hint(view: object, samples: int = DEFAULT_SAMPLES, seed: int = 0,
              time_budget_ms: Optional[float] = None, inference: bool = True,
              checkpoint: Optional[Callable[[], None]] = None) -> PlayHint:
    """The play hint for the seat to play in ``view`` (a View, dict, JSON text or SeatView);
    ``inference=False``: uniform worlds."""
    v, worlds, budget = start(view, samples, seed, time_budget_ms, checkpoint)
    if v.phase != Phase.PLAY:
        raise MeksikoError(f"no card to play: the deal is in the {v.phase} phase")
    if v.to_move != v.seat:
        raise MeksikoError(f"it is seat {v.to_move}'s turn to play, not seat {v.seat}'s")
    assert v.declarer is not None and v.contract is not None and v.leader is not None
    legal = list(v.legal_cards)
    trump = Suit.NO_TRUMP if v.trump is None else v.trump
    played = [c.index for c in v.trick]
    layout = worlds.layout

    def items_of(world) -> List[Any]:
        return [(v.world_hands(layout, world), trump, v.declarer, v.leader, played)]

    def call(items: List[Any]) -> List[Any]:
        results = engine.solve_batch(items, True, False, 0, TT_BYTES)
        check(results)
        return results

    weighted = draw(v, worlds, seed, budget, check_flag(inference, "inference"))
    solved = solve_worlds(iter(weighted.worlds), worlds.requested if weighted.drawn == 0 else weighted.drawn,
                          items_of, call, budget)
    scorer = Scorer(v.profile, v.scoring, v.seat, v.contract, v.declarer, v.totals)
    declaring = v.seat == v.declarer
    won = v.tricks_won
    partner = 3 - v.seat - v.declarer if not declaring else v.seat
    sums = {c.index: [0, 0, 0.0, 0] for c in legal}  # tricks, makes, score, best
    n = 0.0  # total weight
    for world, (result,) in solved:
        w = weighted.of(world)
        n += w
        values = dict(result.card_values)
        side_best = max(values.values()) if declaring else min(values.values())
        for card, value in values.items():
            total = won[v.declarer] + value
            acc = sums[card]
            acc[0] += w * total
            acc[1] += w * scorer.makes(total)
            acc[2] += w * (scorer.score(total) if declaring
                           else scorer.defender_expected(total, won[v.seat], won[partner]))
            acc[3] += w * (value == side_best)

    def key(card: Card) -> Tuple[float, ...]:
        tricks, makes, score, _ = sums[card.index]
        side = (score, makes, tricks) if declaring else (-makes, -tricks, score)
        return side + (-card.rank, -card.suit)

    ranked = sorted(legal, key=key, reverse=True)
    options = [CardOption(c, *(settle(x / n) for x in sums[c.index])) for c in ranked]
    return PlayHint(seat=v.seat, worlds=len(solved), samples=worlds.requested, seed=seed, consistent=worlds.count,
                    elapsed=budget.elapsed(), budget_ran_out=budget.ran_out, card=ranked[0], options=options,
                    declarer=v.declarer, contract=v.contract, weighted=weighted,
                    weighting=weighted_frame(weighted, [w for w, _ in solved], inference))
