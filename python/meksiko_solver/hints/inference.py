"""The evidence in a view and its likelihood in one world: what the other seats did, given the
cards that world gives them.

A view records the other seats' calls, (for a defender) the fact that the declarer discarded
two unseen cards after naming his trump, and their cards played. In one world (a layout of the
unseen cards) each has a probability under the models:

* every call of another seat with a choice: :mod:`.bidding_model` (a function of that seat's
  ten dealt cards in the world; no solving);
* the declarer's declaration, in a defender's view of a numeric contract: his named trump given
  his twelve cards in the world (:func:`.play_model.trump_log_probability`, where the model set
  has that term) and :func:`.play_model.discard_log_probability` of the world's discard given
  them and the trump (no solving);
* the last :func:`~.play_model.lookback` cards played by the other seats (the model set's
  number): the softmax of :mod:`.play_model` over the double-dummy values of that seat's legal
  cards in the world (one solve with card values per card per world, batched on every core).

The log-likelihood of the world is their sum. The models see the other seats only; the viewer's
own calls and cards are the same in every world and cancel in the normalisation.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import engine
from ..auction import MEKSIKO
from ..cards import Card, Suit, cards_to_mask
from ..deal import Phase
from ..play import legal_mask, trick_winner
from ..budget import Budget
from .batch import TT_BYTES, check, solve_worlds
from .bidding_model import auction_steps, steps_log_likelihood
from .play_model import (card_log_probability, discard_log_probability, equal_card_log_probability,
                         lookback as set_lookback, lowest_equals, trump_log_probability, weighs_equals)
from .sampling import DISCARD, HAND, TALON, Layout, World
from .view import View


class Evidence:
    """What the other seats did in ``view``, as far as the models explain it (``any``: something);
    ``lookback``: how many of the other seats' latest cards the play model weighs (None: the model
    set's, :func:`~.play_model.lookback`); ``models``: the
    model set (:data:`~.bidding_model.MODEL_FILES`)."""

    def __init__(self, view: View, layout: Layout, lookback: Optional[int] = None, models: str = "current") -> None:
        self.view, self.layout, self.models = view, layout, models
        lookback = set_lookback(models) if lookback is None else lookback
        others = [s for s in range(3) if s != view.seat]
        self.others = others
        self.steps = auction_steps(view.dealer, view.auction, others, view.rules)
        self.auction = bool(self.steps)
        self.discard = (view.declarer is not None and view.seat != view.declarer and view.talon is not None
                        and view.contract != MEKSIKO and view.phase in (Phase.PLAY, Phase.DONE))
        self.trump = Suit.NO_TRUMP if view.trump is None else int(view.trump)
        # The cards of the other seats to weigh, with the position each was played from.
        self.plays: List[Tuple[int, int, int, List[int], List[int]]] = []  # (seat, card, leader, trick, before[3])
        leader = view.declarer if view.declarer is not None else 0  # no card is played before there is one
        trick: List[int] = []
        before = [0, 0, 0]
        steps: List[Tuple[int, int, int, List[int], List[int]]] = []
        for who, card in view.played:
            steps.append((who, card.index, leader, list(trick), list(before)))
            before[who] |= card.mask
            trick.append(card.index)
            if len(trick) == 3:
                leader = trick_winner([Card(c) for c in trick], leader, view.trump)
                trick = []
        theirs = [s for s in steps if s[0] != view.seat]
        self.plays = theirs[-lookback:] if lookback > 0 else []
        self.by_equals = weighs_equals(models)
        # Their cards before those, where the set weighs them by their equal cards alone.
        self.earlier = theirs[:len(theirs) - len(self.plays)] if weighs_equals(models, whole_play=True) else []
        self.any = self.auction or self.discard or bool(self.plays) or bool(self.earlier)

    def _equals(self, hand: int, step: Tuple[int, int, int, List[int], List[int]], discard: int) -> Dict[int, int]:
        """:func:`~.play_model.lowest_equals` of the player's ``hand`` at ``step``: out of play as
        he knows are the cards of the tricks before and, for the declarer, his ``discard``."""
        who, _, _, trick, before = step
        on_table = sum(1 << c for c in trick)  # still in play: a card of it may win the trick
        gone = (before[0] | before[1] | before[2]) & ~on_table
        return lowest_equals(hand, gone | (discard if who == self.view.declarer else 0))

    def _earlier(self, world: World, deal: Dict[str, Any]) -> float:
        """The earlier cards' terms: each the chance of the card among its equal ones."""
        v = self.view
        now = v.world_hands(self.layout, world)
        total = 0.0
        for step in self.earlier:
            who, card, _, _, before = step
            hand = (now[who] | cards_to_mask(v.played_by(who))) & ~before[who]
            total += equal_card_log_probability(self._equals(hand, step, int(deal["discard"])), card, self.models)
        return total

    def _cheap(self, world: World) -> float:
        """The auction and discard terms (no solving)."""
        v = self.view
        total = 0.0
        deal = v.world_deal(self.layout, world)
        if self.auction:
            total += steps_log_likelihood(self.steps, deal["hands"], self.models)
        if self.discard:
            d = v.declarer
            assert d is not None
            twelve = deal["hands"][d] | deal["talon"]
            total += trump_log_probability(twelve, self.trump, self.models)
            total += discard_log_probability(twelve, deal["discard"], self.trump, self.models, deal["talon"])
        if self.earlier:
            total += self._earlier(world, deal)
        return total

    def log_weights(self, worlds: Sequence[World], budget: Budget) -> List[float]:
        """The log-likelihood of the evidence in each world; fewer than given (a prefix) if the
        budget runs out while solving the play model's positions."""
        if not self.plays:
            return [self._cheap(w) for w in worlds]
        v = self.view
        declarer = v.declarer
        assert declarer is not None
        played_by = [cards_to_mask(v.played_by(s)) for s in range(3)]

        # A card that was the seat's only legal one in the world has probability 1 there: only
        # the others are solved (the same weights, fewer solves).
        weighed: Dict[World, List[int]] = {}  # the indices in self.plays of its solved positions

        # With the lowest of equals, each weighed card's map of equal cards in the player's hand.
        equals: Dict[World, List[Optional[Dict[int, int]]]] = {}
        by_equals = self.by_equals

        def items_of(world: World) -> List[engine.PositionTuple]:
            now = v.world_hands(self.layout, world)
            start = [now[s] | played_by[s] for s in range(3)]
            # the declarer's discard (a defender's view; the declarer's own cards are never weighed)
            discard = int(v.world_deal(self.layout, world)["discard"]) if by_equals and self.discard else 0
            out: List[engine.PositionTuple] = []
            chosen = []
            maps: List[Optional[Dict[int, int]]] = []
            for i, (who, card, leader, trick, before) in enumerate(self.plays):
                hands = [start[s] & ~before[s] for s in range(3)]
                legal = legal_mask(hands[who], trick[0] if trick else None, self.trump)
                if legal & (legal - 1):  # more than one card
                    out.append((hands, self.trump, declarer, leader, trick))
                    chosen.append(i)
                    maps.append(self._equals(hands[who], self.plays[i], discard) if by_equals else None)
            weighed[world] = chosen
            equals[world] = maps
            return out

        def call(items: List[engine.PositionTuple]) -> List[engine.EngineSolveResult]:
            results = engine.solve_batch(items, True, False, 0, TT_BYTES)
            check(results)
            return results

        solved = solve_worlds(iter(worlds), len(worlds), items_of, call, budget, min_worlds=1)
        out = []
        for world, results in solved:
            total = self._cheap(world)
            for i, eq, r in zip(weighed[world], equals[world], results):
                who, card = self.plays[i][:2]
                total += card_log_probability(dict(r.card_values), card, who == v.declarer, self.models, eq)
            out.append(total)
        return out

    def log_weight(self, world: World) -> float:
        """The log-likelihood of one world (the arena's true layout)."""
        return self.log_weights([world], Budget(None))[0]


def true_world(view: View, layout: Layout, hands_now: Sequence[int], talon: int, discard: int) -> World:
    """The real deal as a world of ``layout``: one mask per bucket (for measuring inference)."""
    unseen = 0
    for _, cards in layout.groups:
        for c in cards:
            unseen |= 1 << c
    out = []
    for bucket in layout.buckets:
        if bucket.kind == HAND:
            out.append(hands_now[bucket.seat] & unseen)  # type: ignore[index]
        elif bucket.kind == TALON:
            out.append(talon & unseen)
        else:
            assert bucket.kind == DISCARD
            out.append(discard & unseen)
    return tuple(out)


__all__ = ["Evidence", "true_world"]
