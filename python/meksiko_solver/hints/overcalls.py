"""The other seats' overcalls after a bid, foreseen by the bidding model (one level of the auction).

A bid does not make the seat declarer: the seats still in the auction may bid on. After the
seat's bid c, the next seat still in bids on with the bidding model's probability for his hand
in that world (:func:`~.bidding_model.call_distribution`: any call but NEXT); if he says NEXT,
the one after him may. An overcaller is taken to declare one more than c, with his
double-dummy best declaration, the seat defending; no further calls are foreseen. So a bid's
value in a world is

    P(nobody bids on) x (the seat's score declaring c)
      + sum over the overcallers s of P(s is the one) x (the seat's score defending c + 1 against s)

and the bid hint compares that with passing. A bid whose chance is poor in the worlds where an
opponent is strong, and so likely to bid on, is worth more than its declaring score says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple

from ..auction import CONTRACTS, NEXT, Auction, Contract
from .bidding_model import call_context, call_distribution, parameters, strength


@dataclass(frozen=True)
class Defence:
    """An opponent declaring his double-dummy best in each world: his tricks and the seat's own
    tricks along an optimal line."""

    tricks: Sequence[int]
    own: Sequence[int]


def overcall_chances(auction: Auction, seat: int, bid: Contract, hands: Sequence[Sequence[int]],
                     models: str) -> List[Tuple[int, List[float]]]:
    """``(seat, chance in each world)`` for each seat that may be the first to bid on after
    ``seat`` bids ``bid`` (``hands``: each world's dealt hands, masks), in calling order; the
    chances of one world add up to at most 1."""
    params = parameters(models)["bidding"]
    after = Auction(auction.dealer, auction.rules, [*auction.calls, bid.value])
    out: List[Tuple[int, List[float]]] = []
    still = [1.0] * len(hands)  # the chance that nobody has bid on yet
    while after.turn is not None and after.turn != seat:
        bidder = after.turn
        legal, context = after.legal_calls(), call_context(after, bidder)
        chances = []
        for i, world in enumerate(hands):
            p = 1.0 - call_distribution(strength(world[bidder], models), legal, params, context)[NEXT]
            chances.append(still[i] * p)
            still[i] -= still[i] * p
        out.append((bidder, chances))
        after.call(NEXT)
    return out


def next_contract(bid: Contract) -> Contract:
    """The contract an overcaller is taken to declare: one more than ``bid`` (Meksiko after 10)."""
    return CONTRACTS[CONTRACTS.index(bid) + 1]  # CONTRACTS ends 10, M


def defended(defences: Dict[int, Defence], overcalls: List[Tuple[int, List[float]]], scorers,
             world: int) -> Tuple[float, float]:
    """The seat's expected score in ``world`` from the overcalls, and their total chance there
    (``scorers``: the seat's defender :class:`~.outcome.Scorer` against each overcaller)."""
    score = chance = 0.0
    for bidder, chances in overcalls:
        d, p = defences[bidder], chances[world]
        score += p * scorers[bidder].score(d.tricks[world], d.own[world])
        chance += p
    return score, chance
