"""The hint engine: advice from one seat's view by perfect-information Monte Carlo.

The hidden cards are sampled exactly uniformly over the layouts consistent with what the seat
has seen (:mod:`.sampling`), each world is weighted by the likelihood of what the other seats
did (:mod:`.weights`, :mod:`.inference`, with the models :mod:`.bidding_model` and
:mod:`.play_model`), each world is solved double-dummy on every core, and the action with the
best weighted expected result under the rule profile's scoring is recommended; the bid hint
judges contracts with the declaration chosen per talon (:mod:`.declaration`). See
``docs/hints.md``.

The modules: one per hint (:mod:`.bid`, :mod:`.discard`, and :mod:`.play` -- the *play hint*,
not the trick rules, which are :mod:`meksiko_solver.play`); :mod:`.policy` -- the hint engine
and a rule-based baseline as players (the policy protocol and the random player are
:mod:`meksiko_solver.policies`); :mod:`.view` and :mod:`.sampling` -- what a seat has seen and the
worlds consistent with it; :mod:`.batch` -- solving batches of worlds on every core within a time
budget; :mod:`.outcome` -- scoring a world's result; :mod:`.heuristics` -- rules of thumb on card
masks; :mod:`.arena` -- seeded deals played by chosen policies and judged double-dummy;
:mod:`.duplicate` -- two policies compared in duplicate on the same deals.

>>> from meksiko_solver.hints import bid_hint
>>> bid_hint({"seat": 0, "dealer": 2, "hand": "AKQJT987.AK.-.-", "auction": []}, samples=4).call
'M'
"""

from .arena import ArenaResult, run_arena
from .bid import BidHint, bid_hint
from .discard import DiscardHint, discard_hint
from .play import PlayHint, play_hint
from .policy import BaselinePolicy, HintPolicy
from .sampling import Layout
from .view import View, parse_view

__all__ = [
    "ArenaResult",
    "BaselinePolicy",
    "BidHint",
    "DiscardHint",
    "HintPolicy",
    "Layout",
    "PlayHint",
    "View",
    "bid_hint",
    "discard_hint",
    "parse_view",
    "play_hint",
    "run_arena",
]
