"""A model of card play and of the declarer's hidden discard, as seen by the other seats.

**Card play.** P(card | the player's position) is a softmax over the double-dummy values of that
player's legal cards *in the world being weighted*, from his side's point of view (the
declarer's tricks for the declarer, minus them for a defender), with a temperature
``temperature`` fitted by maximum likelihood to the hint policy's own cards (judged in the real
deal), mixed with a floor ``floor`` shared evenly among the legal cards (a card the model thinks
a blunder makes a world less likely, never impossible):

    P(card) = (1 - floor) * exp(v_card / T) / sum_legal exp(v / T) + floor / n_legal

Only the last :func:`lookback` cards of the other seats are modelled (8 in ``current``, 2 in
``v1`` and ``short-play-evidence``; cards before them carry their voids through the sampler, not
through weights): one double-dummy solve with card values per modelled card per world, which is
the cost of the play model. A forced card (one legal card) says nothing and costs nothing.

**The hidden discard** (a defender's view of a numeric contract). P(discard | the declarer's
twelve cards in that world, his named trump): a softmax over minus the summed
:func:`~meksiko_solver.hints.heuristics.keep_value` of the two cards (low side cards of short
suits go first), over the 66 pairs, with a temperature fitted to the hint policy's own discards.
Cost: 66 pair values per world, no solving.

**The named trump** (the same view, in the model set ``trump`` only: level with ``current`` in
duplicate). P(trump | the declarer's
twelve cards) = ``(1 - floor) * softmax(length * n_s) + floor / 4`` over the four suits, n_s the
suit's length among the twelve: the declarer names one of his longest suits 95 % of the time.
Fitted by maximum likelihood to the declarations of the games met (``tools/fit_trump_model.py``).
With the discard it is the declaration's likelihood, P(trump, discard | twelve).

A set may give a defender his own temperature (``temperature_defender``) and score a discarded
card of the exposed talon (``discard.talon``); without them both sides and all cards are alike.

**The lowest of equals** (``play.lowest_of_equals``: the model sets ``lowest-of-equals``,
``equals-whole-play`` and ``equals-tempered``, each level with ``current`` in duplicate). Cards of
one suit in a player's hand with every rank between them in his hand or out of play as far as he
knows (the tricks before, his own discard; :func:`lowest_equals`) are worth the same in every
world he can imagine, and the hint engine plays the lowest of them (its last tie-break). With the
term such cards are one choice of the softmax, taken by the lowest; a higher one is a card the
model did not foresee and gets the floor's share only, so a world where the player held the card
just below the one he played is all but impossible. With ``play.equals_whole_play`` the other
seats' cards before the lookback are weighed too, each by P(card | the choice of its equal cards)
alone (:func:`equal_card_log_probability`; no solve).

>>> from math import isclose
>>> p = card_probabilities({1: 5, 2: 4}, declaring=True, params={"temperature": 0.5, "floor": 0.0})
>>> isclose(p[1] + p[2], 1.0) and p[1] > p[2]
True
"""

from __future__ import annotations

from itertools import combinations
from math import exp, log
from typing import Any, Dict, Mapping, Optional

from .bidding_model import parameters
from .heuristics import keep_values, suit_length


def lookback(models: str = "current") -> int:
    """Cards of the other seats, counted back from the latest, that the set's play model weighs."""
    return int(parameters(models)["play"]["lookback"])


def lowest_equals(hand: int, gone: int) -> Dict[int, int]:
    """Each card of the mask ``hand`` mapped to the lowest card of ``hand`` equal to it: of its
    suit, with every rank between them in ``hand`` or in ``gone`` (the cards the player knows
    are out of play).

    >>> from meksiko_solver.cards import Card, cards_to_mask
    >>> eq = lowest_equals(cards_to_mask([Card("7H"), Card("9H"), Card("JH")]), Card("8H").mask)
    >>> [str(Card(eq[Card(c).index])) for c in ("7H", "9H", "JH")]
    ['7H', '7H', 'JH']
    """
    out: Dict[int, int] = {}
    for suit in range(4):
        lowest = None
        for rank in range(8):
            c = 8 * suit + rank
            if hand >> c & 1:
                lowest = c if lowest is None else lowest
                out[c] = lowest
            elif not gone >> c & 1:
                lowest = None  # a card the player may meet lies between
    return out


def card_probabilities(values: Mapping[int, int], declaring: bool, params: Mapping[str, Any],
                       equals: Optional[Mapping[int, int]] = None) -> Dict[int, float]:
    """P(card) for every legal card given its double-dummy value (the declarer's tricks); a
    defender's temperature is ``temperature_defender`` where the model has one. ``equals``
    (:func:`lowest_equals` of the player's hand) makes equal cards one choice, taken by the
    lowest, where the model has ``lowest_of_equals``."""
    t = params["temperature"] if declaring else params.get("temperature_defender", params["temperature"])
    sign = 1.0 if declaring else -1.0
    top = max(sign * v for v in values.values())
    e = {c: exp((sign * v - top) / t) for c, v in values.items()}
    if equals is not None and params.get("lowest_of_equals", False):
        e = {c: (x if equals.get(c, c) == c or equals[c] not in values else 0.0) for c, x in e.items()}
    z = sum(e.values())
    floor = params["floor"]
    n = len(values)
    return {c: (1.0 - floor) * x / z + floor / n for c, x in e.items()}


def card_log_probability(values: Mapping[int, int], card: int, declaring: bool, models: str = "current",
                         equals: Optional[Mapping[int, int]] = None) -> float:
    return log(card_probabilities(values, declaring, parameters(models)["play"], equals)[card])


def equal_card_log_probability(equals: Mapping[int, int], card: int, models: str = "current") -> float:
    """log P(``card`` | the choice of its equal cards, ``equals`` of :func:`lowest_equals`): the
    lowest with the floor's share of the others, a higher one that share only (the term of a card
    before the model's lookback, whose choice among the unequal cards is not weighed)."""
    k = sum(1 for c in equals if equals[c] == equals[card])
    floor = parameters(models)["play"]["floor"]
    return log((1.0 - floor if equals[card] == card else 0.0) + floor / k)


def weighs_equals(models: str = "current", whole_play: bool = False) -> bool:
    """Whether the set's play model takes equal cards as one choice (``lowest_of_equals``), and
    with ``whole_play``, whether it weighs the cards before its lookback by them too
    (``equals_whole_play``)."""
    play = parameters(models)["play"]
    return bool(play.get("lowest_of_equals", False) and (not whole_play or play.get("equals_whole_play", False)))


def discard_log_probability(twelve: int, discard: int, trump: int, models: str = "current", talon: int = 0) -> float:
    """log P(the declarer discards the two cards of ``discard`` | his twelve cards, his trump,
    the exposed ``talon``: a card of it scores ``talon`` more, where the model has that term)."""
    return discard_log_probability_with(twelve, discard, trump, parameters(models)["discard"], talon)


def discard_log_probability_with(twelve: int, discard: int, trump: int, params: Mapping[str, Any],
                                 talon: int = 0) -> float:
    """:func:`discard_log_probability` under the discard parameters ``params``."""
    t = params["temperature"]
    bonus = params.get("talon", 0.0)
    value = keep_values(twelve, trump)
    cards = list(value)
    low = min(value.values())
    e = {c: exp(-(v - low) / t + (bonus if talon >> c & 1 else 0.0)) for c, v in value.items()}
    s1 = sum(e.values())
    z = (s1 * s1 - sum(x * x for x in e.values())) / 2  # the sum over the 66 pairs of e_a * e_b
    a, b = [c for c in cards if discard >> c & 1]
    floor = params["floor"]
    pairs = len(cards) * (len(cards) - 1) // 2
    if z <= 1e-9 * s1 * s1:  # one card dominates (a low temperature): the same in logarithms
        score = {c: -(v - low) / t + (bonus if talon >> c & 1 else 0.0) for c, v in value.items()}
        both = [score[x] + score[y] for x, y in combinations(cards, 2)]
        top = max(both)
        q = exp(score[a] + score[b] - top) / sum(exp(x - top) for x in both)
        return log((1.0 - floor) * q + floor / pairs)
    return log((1.0 - floor) * e[a] * e[b] / z + floor / pairs)


def trump_log_probability(twelve: int, trump: int, models: str = "current") -> float:
    """log P(the declarer names ``trump`` | his twelve cards); 0 for a set without a trump model
    (it weighs nothing)."""
    params = parameters(models).get("trump")
    return 0.0 if params is None else trump_log_probability_with(twelve, trump, params)


def trump_log_probability_with(twelve: int, trump: int, params: Mapping[str, Any]) -> float:
    """:func:`trump_log_probability` under the trump parameters ``params``."""
    lengths = [suit_length(twelve, s) for s in range(4)]
    top = max(lengths)
    e = [exp(params["length"] * (n - top)) for n in lengths]
    floor = params["floor"]
    return log((1.0 - floor) * e[trump] / sum(e) + floor / 4)
