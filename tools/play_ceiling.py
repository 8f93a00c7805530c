"""How much any card play could add: the duplicate arena with A's cards chosen on the true hands.

Deal i is played as in the duplicate arena (``hints/duplicate.py``): B in all three seats (the base
game), then for each seat k the *peeking* A in seat k and B in the other two. The peeking seat
calls and declares as the hint policy A does, from its own view, and plays each card as the play
hint ranks cards on one world, the real one: the double-dummy best for the declarer's expected
score, or for a defender's standing with his and his partner's sure tricks searched. No honest
policy plays better in that sense, so the paired difference bounds what card play can add to A's
auction against B (the card play's part is this figure minus A's own duplicate result against B).

    python tools/play_ceiling.py --deals 300 --seed S [--policies hint,hint-uniform] [--samples 50] [--workers 2]

prints the summary as JSON: each measure of ``hints.duplicate.MEASURES`` overall, per role and
clustered by deal, as ``arena --duplicate`` reports them, and ``seat_deals``: per deal, seat k's
role and measures (to pair them with A's own duplicate run on the same seed: the auction is the
same, so the difference is the card play's alone).
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import contextmanager
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from meksiko_solver.deal import Phase, SeatView, deal_cards
from meksiko_solver.errors import MeksikoError
from meksiko_solver.game import play_deal
from meksiko_solver.hints import play as play_module
from meksiko_solver.hints.arena import deal_seed
from meksiko_solver.hints.duplicate import SeatDeal, differences, make_policy, parse_pair, recorded_world, seat_deal
from meksiko_solver.hints.parallel import ordered_calls
from meksiko_solver.hints.play import play_hint
from meksiko_solver.hints.policy import HintPolicy
from meksiko_solver.hints.sampling import World
from meksiko_solver.hints.view import View
from meksiko_solver.hints.weights import WeightMode, Weighted
from meksiko_solver.record import DealRecord


@contextmanager
def peeking(world: World) -> Iterator[None]:
    """The play hint's worlds are the one real world while inside (its draw replaced, then put back)."""
    draw = play_module.draw

    def the_world(*args: Any, **kwargs: Any) -> Weighted:
        return Weighted(iter([world]), {}, 0, WeightMode.UNIFORM)

    play_module.draw = the_world
    try:
        yield
    finally:
        play_module.draw = draw


class Table:
    """What the peeking seat sees beyond its view: the cards as dealt and the declarer's discard
    (taken from the declaring seat's decision), in the shape of a deal record."""

    def __init__(self, hands: Sequence[Sequence[Any]], talon: Sequence[Any]) -> None:
        self.hands, self.talon = hands, talon
        self.discard: Tuple[Any, ...] = ()
        self.declarer: Optional[int] = None
        self.contract: Any = None


class Recorded:
    """A seat's policy whose declaration the table records."""

    def __init__(self, policy: Any, table: Table) -> None:
        self.policy, self.table = policy, table

    def __call__(self, sv: SeatView) -> object:
        decision = self.policy(sv)
        if sv.phase == Phase.DECLARE:
            self.table.discard = tuple(c for c in sv.hand if str(c) in {str(x) for x in decision[0]})
        return decision


class Peeking(Recorded):
    """The hint policy ``policy`` in the auction and the declaration; in the play, its play hint
    on the real world alone."""

    policy: HintPolicy

    def __call__(self, sv: SeatView) -> object:
        if sv.phase != Phase.PLAY or len(sv.legal_cards) == 1:
            return super().__call__(sv)
        self.table.declarer, self.table.contract = sv.declarer, sv.contract
        view = View.from_seat_view(sv)
        p = self.policy
        with peeking(recorded_world(self.table, view, view.layout())):  # the table stands for the record
            hint = play_hint(view, 1, 0, inference=False, standing=p.standing, own_search=p.own_search,
                             partner_search=p.partner_search)
        return hint.card


def ceiling_game(i: int, a: str, b: str, samples: int, seed: int, peeking_seat: Optional[int]) -> DealRecord:
    """Deal ``i`` as the duplicate arena deals it, the peeking A in ``peeking_seat`` (None: the
    base game, B everywhere) and B in the other seats."""
    table = Table(*deal_cards(deal_seed(seed, i)))
    seats = [Peeking(make_policy(a, samples, seed), table) if s == peeking_seat
             else Recorded(make_policy(b, samples, seed), table) for s in range(3)]
    return play_deal(seats, dealer=i % 3, seed=deal_seed(seed, i))


def play_ceiling_deal(i: int, a: str, b: str, samples: int, seed: int) -> List[Tuple[str, SeatDeal]]:
    """Deal ``i``'s three seat-deals (role of seat k, :func:`seat_deal`) with the peeking A in seat k."""
    base = ceiling_game(i, a, b, samples, seed, None)
    out = []
    for k in range(3):
        record = ceiling_game(i, a, b, samples, seed, k)
        assert record.scores is not None and base.scores is not None
        out.append(("declarer" if record.declarer == k else "defender", seat_deal(record.scores, base.scores, k)))
    return out


def main(argv: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--policies", default="hint,hint-uniform", help="A,B: A peeks in the play (a hint policy)")
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        a, b = parse_pair(args.policies)
    except MeksikoError as exc:  # an unknown policy or not two of them: the arena's own message
        parser.error(str(exc))
    if not isinstance(make_policy(a, 1, 0), HintPolicy):
        parser.error(f"policies: A must be a hint policy, not {a!r}")
    calls = [(i, a, b, args.samples, args.seed) for i in range(args.deals)]
    per_deal = list(ordered_calls(play_ceiling_deal, calls, args.workers))
    summary = {"deals": args.deals, "seed": args.seed, "policies": {"A (peeking in the play)": a, "B": b},
               "samples": args.samples, **differences(per_deal),
               "seat_deals": [[[role, *values] for role, values in deal] for deal in per_deal]}
    print(json.dumps(summary, indent=1))
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
