"""The bid hint: what to call, from the bidder's own ten cards.

Each sampled world (the other two hands and the face-down talon) gets the double-dummy best
declaration of the bidding seat (``engine.best_declaration_batch``, every core, GIL released):
the most tricks over the four trumps and every discard, exactly (a search that only asks
each discard whether it beats the best so far, over all trumps at once), and whether Meksiko
(all ten tricks without the talon: with a named trump under ``mexico-club``, without trump
under ``classic``) makes. Meksiko can only make where the best with the talon is 10
(discarding the talon itself is one of the discards tried), so it is solved only in the few
worlds where the best reaches 10.

Per contract c (5..10): ``make`` = the share of worlds with at least c tricks; ``score`` = the
expected deal score of the seat as declarer (the tricks when made, ``-fail_factor * c``
when not; with ``totals``, the change of its running total). Meksiko alike (20 / -20 x factor).

Passing: the seat becomes a defender. The estimate assumes the likeliest declarer (the
current high bidder, else the next seat still in the auction) plays the current contract (5 if
none) with his longest suit as trump after discarding his two least useful cards (the rule of
thumb of :mod:`.heuristics`); one double-dummy solve per world with an optimal line gives the
declarer's tricks and, along that line, the seat's own tricks, which are scored as a
defender's under the profile. The estimate is the average over the worlds.

The call: the legal call with the highest expected score (NEXT valued at the pass estimate;
ties go to the lower call). Raising pays only while its expected score beats passing, and a
higher numeric bid never scores more in expectation than a lower one (same tricks when made,
a bigger loss when not), so the call is the lowest legal bid, Meksiko, or NEXT; the opener,
who may not pass, bids anyway. ``max_bid``: the highest contract whose expected score beats
the pass estimate (how far to compete), or None.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from .. import engine
from ..auction import CONTRACTS, MEKSIKO, NEXT, Auction, Contract, contract_rank
from ..errors import MeksikoError
from ..cards import Card, Suit
from ..play import trick_winner
from ..deal import Phase
from .common import DEFAULT_SAMPLES, HintResult, rnd, start
from .batch import TT_BYTES, check, solve_worlds
from .heuristics import best_suit, simple_declare
from .outcome import Scorer
from .sampling import World

PASS_METHOD = ("defender against the likeliest declarer (high bidder, else the next seat in the auction) "
               "playing the current contract with his longest suit as trump and his two least useful "
               "cards discarded; declarer's tricks and the seat's share along one optimal line, "
               "double-dummy, averaged over the worlds")


@dataclass
class BidOption:
    call: str
    make: Optional[float]  # probability of making (None for NEXT)
    score: float  # expected score change of the seat
    legal: bool

    def to_dict(self) -> Dict[str, Any]:
        return {"call": self.call, "make": None if self.make is None else rnd(self.make),
                "score": rnd(self.score), "legal": self.legal}


@dataclass
class BidHint(HintResult):
    """``call``: the recommendation; ``options``: 5..10, M and NEXT; ``max_bid``: how far to compete."""

    call: str = ""
    max_bid: Optional[str] = None
    options: List[BidOption] = field(default_factory=list)
    tricks: float = 0.0  # expected best tricks with the talon (double-dummy)
    pass_estimate: Dict[str, Any] = field(default_factory=dict)
    predictions: Dict[str, float] = field(default_factory=dict)  # contract -> probability of making

    def to_dict(self) -> Dict[str, Any]:
        return {"hint": "bid", **self.frame(), "call": self.call, "max_bid": self.max_bid,
                "tricks": rnd(self.tricks), "options": [o.to_dict() for o in self.options],
                "pass": {**self.pass_estimate, "score": rnd(self.pass_estimate["score"])}}


def bid_hint(view: object, samples: int = DEFAULT_SAMPLES, seed: int = 0,
             time_budget_ms: Optional[float] = None, checkpoint: Optional[Callable[[], None]] = None
             ) -> BidHint:
    """The bid hint for the seat to call in ``view`` (a View, dict, JSON text or SeatView)."""
    v, worlds, budget = start(view, samples, seed, time_budget_ms, checkpoint)
    if v.phase != Phase.AUCTION:
        raise MeksikoError(f"no call to make: the auction is over (the deal is in the {v.phase} phase)")
    if v.to_move != v.seat:
        raise MeksikoError(f"it is seat {v.to_move}'s turn to call, not seat {v.seat}'s")
    seat, layout = v.seat, worlds.layout
    profile = v.profile
    solved = _best_declarations(v, worlds, seed, budget.fraction(0.6))  # the rest: the pass estimate

    # The opponent who would declare if this seat passes, and the contract he would play.
    auction = Auction(v.dealer, profile, v.auction)
    if auction.high_bidder is not None:
        opponent, their_contract = auction.high_bidder, auction.high_bid
        assert their_contract is not None  # a high bidder has a high bid
    else:
        opponent = next(s for s in ((seat + 1) % 3, (seat + 2) % 3) if s not in auction.passed)
        their_contract = Contract.FIVE

    extra: List[Tuple[int, str, int]] = []  # (world index, kind, trump) for one solve_many call
    positions: List[engine.PositionTuple] = []
    best_tricks: List[int] = []
    meksiko_made: List[bool] = []
    meksiko_trumps = range(4) if profile.meksiko_trump else [Suit.NO_TRUMP]
    for i, (world, best) in enumerate(solved):
        deal = v.world_deal(layout, world)
        hands = deal["hands"]
        best_tricks.append(best)
        meksiko_made.append(False)
        if best == 10:
            for t in meksiko_trumps:
                extra.append((i, "M", t))
                positions.append((hands, t, seat, seat, []))
        their = list(hands)
        if their_contract == MEKSIKO:
            # (classic, after Meksiko only NEXT is legal) without the talon, as he would play it
            trump = Suit.NO_TRUMP if not profile.meksiko_trump else best_suit(hands[opponent])
        else:
            twelve = hands[opponent] | deal["talon"]
            discard, trump = simple_declare(twelve)
            their[opponent] = twelve & ~discard
        extra.append((i, "P", trump))
        positions.append((their, trump, opponent, opponent, []))
    raws = engine.solve_batch(positions, False, True, 0, TT_BYTES) if positions else []
    check(raws)
    pass_scorer = Scorer(v.profile, v.scoring, seat, their_contract, opponent, v.totals)
    pass_total = 0.0
    for (i, kind, trump), raw in zip(extra, raws):
        if kind == "M":
            meksiko_made[i] = meksiko_made[i] or raw.tricks == 10
        else:
            won = _line_tricks(raw.line, opponent, trump)
            pass_total += pass_scorer.score(raw.tricks, won[seat])

    n = len(solved)
    options: List[BidOption] = []
    predictions: Dict[str, float] = {}
    legal = set(v.legal_calls)
    for contract in CONTRACTS:
        scorer = Scorer(v.profile, v.scoring, seat, contract, seat, v.totals)
        if contract == MEKSIKO:
            made = sum(meksiko_made)
            score = sum(scorer.score(10 if m else 0) for m in meksiko_made)
        else:
            made = sum(scorer.makes(t) for t in best_tricks)
            score = sum(scorer.score(t) for t in best_tricks)
        predictions[contract] = made / n
        options.append(BidOption(contract, made / n, score / n, contract in legal))
    pass_score = pass_total / n
    options.append(BidOption(NEXT, None, pass_score, NEXT in legal))

    by_call = {o.call: o for o in options}
    order = [NEXT] + list(CONTRACTS)  # ties go to the lower call
    choice = max((c for c in order if c in legal), key=lambda c: (by_call[c].score, -order.index(c)))
    worth = [c for c in CONTRACTS if by_call[c].score > pass_score]
    max_bid = max(worth, key=contract_rank) if worth else None
    return BidHint(seat=seat, worlds=n, samples=worlds.requested, seed=seed, consistent=worlds.count,
                   elapsed=budget.elapsed(), call=str(choice), max_bid=None if max_bid is None else str(max_bid),
                   options=options,
                   tricks=sum(best_tricks) / n,
                   pass_estimate={"score": pass_score, "declarer": opponent, "contract": their_contract,
                                  "method": PASS_METHOD},
                   predictions=predictions)


_CACHE: "OrderedDict[Tuple[object, ...], List[Tuple[World, int]]]" = OrderedDict()
_CACHE_LOCK = threading.Lock()  # the service runs hints on several threads
CACHE_SIZE = 16


def _best_declarations(v, worlds, seed: int, budget) -> List[Tuple[World, int]]:
    """``(world, best tricks with the talon)`` per solved world. They depend only on the seat's
    hand (calls do not change the worlds), so a complete run is kept for the seat's next call in
    the same auction (a small LRU cache keyed by rules, seat, hand, samples and seed)."""
    key = (v.rules, v.seat, tuple(v.hand), worlds.requested, seed)
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    layout = worlds.layout

    def items_of(world) -> List[Any]:
        deal = v.world_deal(layout, world)
        return [(deal["hands"], deal["talon"], v.seat)]

    def call(items: List[Any]) -> List[Any]:
        results = engine.best_declaration_batch(items, 0, 0, TT_BYTES)
        check(results)
        return results

    solved = [(w, r.tricks)
              for w, (r,) in solve_worlds(worlds.iterator, worlds.requested, items_of, call, budget)]
    if len(solved) == min(worlds.requested, worlds.count):
        with _CACHE_LOCK:
            _CACHE[key] = solved
            if len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
    return solved


def _line_tricks(line: List[int], leader: int, trump: Optional[int]) -> List[int]:
    """Tricks each seat takes along a line of play (card indices, from ``leader``'s lead)."""
    won = [0, 0, 0]
    for first in range(0, len(line) - len(line) % 3, 3):
        cards = [Card(c) for c in line[first:first + 3]]
        leader = trick_winner(cards, leader, trump)
        won[leader] += 1
    return won
