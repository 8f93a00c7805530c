"""A model of bidding: P(call | hand, auction so far, seat, profile), cheap enough for every world.

The model has two parts, both fitted by ``tools/fit_hint_models.py`` and shipped as package
data (``hints/models.json``, with the fit quality on held-back deals):

* **Strength.** ``strength(hand)``: the expected double-dummy best tricks of a 10-card hand as
  declarer with the talon, a linear function of a few hand features (aces, kings, queens and
  jacks; the lengths of the longest, second and shortest suits; top honours in the longest suit;
  guarded kings), fitted by least squares to the best declaration of random deals.
* **Calls.** The bidder compares that strength with the lowest legal bid c (tricks needed n):
  he bids it with probability ``Phi((strength + margin - n) / spread)``, else says NEXT; Meksiko
  (ten tricks without the talon) likewise with its own margin. ``margin`` and ``spread`` were
  fitted by maximum likelihood to the calls of the hint policy itself (uniform worlds). Every
  call keeps a floor probability (``floor``, shared among the legal calls), so a call the model
  did not foresee lowers a world's weight instead of ruling it out (weight, do not reject).
  The opener, who may not pass, carries no information about strength unless he jumps.
  A set may shift the margin by the call's auction position (``context_margin`` over
  :data:`CONTEXTS`: the seat's first call or a later one, the other seat out or not); without
  it (``v1``) the margin is the same everywhere.

Cost: a few bit counts and one normal CDF per call seen (cached by strength, which takes few
distinct values): microseconds per world, against the milliseconds of solving it. The same
fitted parameters serve every rule profile and scoring mode (they were fitted on
``mexico-club`` Easy; see docs/hints.md).

>>> from meksiko_solver.cards import Hand
>>> strong, weak = Hand("AKQJT.AK.A.A7").mask, Hand("987.987.987.T").mask
>>> round(strength(strong), 1), round(strength(weak), 1)
(9.9, 2.5)
>>> call_probability(strong, "6", ["6", "7", "M", "NEXT"]) > 0.5 > call_probability(weak, "6", ["6", "7", "M", "NEXT"])
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from math import erf, log, sqrt
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..auction import MEKSIKO, NEXT, Auction, tricks_needed
from ..errors import OptionError

FEATURES = ("one", "aces", "kings", "queens", "jacks", "longest", "second", "shortest",
            "top_in_longest", "guarded_kings")


_RANKS = [tuple(r for r in range(7, -1, -1) if x >> r & 1) for x in range(256)]  # per suit byte, high first


def features(hand: int) -> List[float]:
    """The hand features of the strength model, in :data:`FEATURES` order (a 32-bit card mask)."""
    ranks = [_RANKS[hand >> (8 * s) & 0xFF] for s in range(4)]
    order = sorted(range(4), key=lambda s: (len(ranks[s]), ranks[s]), reverse=True)
    count = [0] * 8
    guarded = 0
    for rs in ranks:
        for r in rs:
            count[r] += 1
        if 6 in rs and 7 not in rs and len(rs) >= 2:
            guarded += 1
    top = sum(1 for r in ranks[order[0]] if r >= 5)
    return [1.0, count[7], count[6], count[5], count[4], len(ranks[order[0]]), len(ranks[order[1]]),
            len(ranks[order[3]]), top, guarded]


#: The fitted models by name: ``current`` is what ``hint`` uses (refitted as the engine changes);
#: ``v1`` is frozen with the policy ``hint-v1`` (issue 54) and is never edited; ``trump`` is
#: ``current`` with the model of the declarer's named trump, which ``current`` leaves out (it was
#: level with it in duplicate; the policy ``hint-trump-model``).
#: ``calls-untempered``: ``current`` with the bid and discard hints' weights untempered (tau 1:
#: there the only evidence is the calls, and the worlds keep most of their ESS; the policy
#: ``hint-calls-untempered``). ``short-play-evidence``: ``current`` with the play weighed as
#: before (the other seats' last 2 cards, the play's hints tempered like the rest; the ablation
#: ``hint-short-play-evidence``). ``play-untempered``: ``current`` with the play hints' weights
#: untempered (tau 1; the policy ``hint-play-untempered``). ``lowest-of-equals``: ``current`` with
#: the play model taking a player's equal cards as one choice, played by the lowest (the policy
#: ``hint-lowest-of-equals``); ``equals-whole-play``: that, with the other seats' cards before the
#: play model's lookback weighed by their equal cards alone (``hint-equals-whole-play``);
#: ``equals-tempered``: ``lowest-of-equals`` with the play hints tempered at 0.4, where the sharper
#: likelihood keeps more of the true layout and more effective worlds than ``current`` at 0.7
#: (``hint-equals-tempered``).
MODEL_FILES = {"current": "models.json", "v1": "models-v1.json", "trump": "models.json",
               "calls-untempered": "models.json", "short-play-evidence": "models.json",
               "play-untempered": "models.json", "lowest-of-equals": "models.json",
               "equals-whole-play": "models.json", "equals-tempered": "models.json"}
#: The terms of its file that a set leaves out.
DROPPED_TERMS = {"current": ("trump",), "calls-untempered": ("trump",), "short-play-evidence": ("trump",),
                 "play-untempered": ("trump",), "lowest-of-equals": ("trump",),
                 "equals-whole-play": ("trump",), "equals-tempered": ("trump",)}
#: The values a set changes in its file's terms (term: {key: value}).
CHANGED_VALUES: Dict[str, Dict[str, Dict[str, Any]]] = {
    "calls-untempered": {"tempering_by_phase": {"auction": 1.0, "declare": 1.0}},
    "short-play-evidence": {"play": {"lookback": 2}, "tempering_by_phase": {"play": 0.5}},
    "play-untempered": {"tempering_by_phase": {"play": 1.0}},
    "lowest-of-equals": {"play": {"lowest_of_equals": True}},
    "equals-whole-play": {"play": {"lowest_of_equals": True, "equals_whole_play": True}},
    "equals-tempered": {"play": {"lowest_of_equals": True}, "tempering_by_phase": {"play": 0.4}},
}


def check_models(name: object) -> str:
    if not isinstance(name, str) or name not in MODEL_FILES:
        raise OptionError(f"models must be one of {', '.join(MODEL_FILES)}, not {name!r}")
    return name


@lru_cache(maxsize=None)
def parameters(models: str = "current") -> Dict[str, Any]:
    """The fitted parameters of the model set ``models`` (``hints/models.json`` for ``current``),
    less the terms of :data:`DROPPED_TERMS`, with the values of :data:`CHANGED_VALUES`."""
    text = resources.files("meksiko_solver.hints").joinpath(MODEL_FILES[check_models(models)]).read_text()
    data = json.loads(text)
    for term in DROPPED_TERMS.get(models, ()):
        del data[term]
    for term, values in CHANGED_VALUES.get(models, {}).items():
        data[term].update(values)
    return data


@lru_cache(maxsize=1 << 14)  # the same hands recur across worlds late in the play
def strength(hand: int, models: str = "current") -> float:
    """Expected double-dummy best tricks of the 10-card hand as declarer with the talon."""
    coef = parameters(models)["bidding"]["strength"]
    return sum(c * f for c, f in zip(coef, features(hand)))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + erf(x / sqrt(2.0)))


#: Where a call is made in the auction (:func:`call_context`): the opener, a seat's first call,
#: a seat's later call (he bid before and was outbid), each of the last two after the other
#: seat still in the auction besides the high bidder has said NEXT (``-alone``: the bidder
#: then faces the high bidder only, whose partner-to-be has already passed).
CONTEXTS = ("open", "first", "first-alone", "again", "again-alone")


def call_context(auction: Auction, seat: int) -> str:
    """The :data:`CONTEXTS` entry of ``seat``'s call, the auction being at its turn."""
    made = auction.seat_calls
    if not made:
        return "open"
    again = any(s == seat and c != NEXT for s, c in made)
    passed = any(s != seat and c == NEXT for s, c in made)
    return ("again" if again else "first") + ("-alone" if passed else "")


def call_distribution(strength_value: float, legal: Sequence[str], params: Dict[str, Any],
                      context: Optional[str] = None) -> Dict[str, float]:
    """P(call) over the ``legal`` calls for a bidder of the given strength; ``context`` (a
    :data:`CONTEXTS` entry) shifts the margin by the model's ``context_margin`` for it, if any."""
    p = params
    margin = p["margin"] + p.get("context_margin", {}).get(context, 0.0)
    numeric = [c for c in legal if c not in (NEXT, MEKSIKO)]
    probs: Dict[str, float] = {c: 0.0 for c in legal}
    p_meksiko = _phi((strength_value + p["meksiko_margin"] - 10.0) / p["spread"]) if MEKSIKO in legal else 0.0
    rest = 1.0 - p_meksiko
    if MEKSIKO in legal:
        probs[MEKSIKO] = p_meksiko
    if numeric:
        low = numeric[0]
        p_bid = _phi((strength_value + margin - tricks_needed(low)) / p["spread"]) if NEXT in legal else 1.0
        jumps = numeric[1:]
        p_jump = p["jump"] * p_bid if jumps else 0.0
        probs[low] = rest * (p_bid - p_jump)
        for c in jumps:
            probs[c] = rest * p_jump / len(jumps)
        if NEXT in legal:
            probs[NEXT] = rest * (1.0 - p_bid)
    elif NEXT in legal:
        probs[NEXT] = rest
    floor = p["floor"]
    return {c: (1.0 - floor) * v + floor / len(legal) for c, v in probs.items()}


def call_probability(hand: int, call: str, legal: Sequence[str]) -> float:
    """P(call | hand) for a bidder facing the ``legal`` calls."""
    return call_distribution(strength(hand), legal, parameters()["bidding"])[call]


def auction_steps(dealer: int, calls: Sequence[str], seats: Sequence[int],
                  rules: object) -> List[Tuple[int, Tuple[str, ...], str, str]]:
    """``(seat, legal calls, call, context)`` for every call of ``seats`` with a choice, in order
    (the auction replayed once per view, not once per world; ``context``: :func:`call_context`)."""
    auction = Auction(dealer, rules)  # type: ignore[arg-type]
    out = []
    for call in calls:
        seat = auction.turn
        assert seat is not None
        if seat in seats:
            legal = tuple(auction.legal_calls())
            if len(legal) > 1:
                out.append((seat, legal, call, call_context(auction, seat)))
        auction.call(call)
    return out


@lru_cache(maxsize=1 << 16)  # strengths take few distinct values: a world's calls mostly hit
def call_log_probability(strength_value: float, legal: Tuple[str, ...], call: str, models: str = "current",
                         context: Optional[str] = None) -> float:
    """log P(call) for a bidder of the given strength facing the ``legal`` calls."""
    return log(call_distribution(strength_value, legal, parameters(models)["bidding"], context)[call])


def steps_log_likelihood(steps: Sequence[Tuple[int, Tuple[str, ...], str, str]], hands: Sequence[int],
                         models: str = "current") -> float:
    """log P(the calls of :func:`auction_steps` | the seats' dealt hands)."""
    return sum(call_log_probability(strength(hands[seat], models), legal, call, models, context)
               for seat, legal, call, context in steps)


def auction_log_likelihood(dealer: int, calls: Sequence[str], hands: Sequence[int], seats: Sequence[int],
                           rules: object) -> float:
    """log P(the calls of ``seats`` | their dealt hands) along the auction ``calls``."""
    return steps_log_likelihood(auction_steps(dealer, calls, seats, rules), hands)
