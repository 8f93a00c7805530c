"""The hint engine: advice from one seat's view by perfect-information Monte Carlo.

The hidden cards are sampled exactly uniformly over the layouts consistent with what the seat
has seen (:mod:`.sampling`), each world is solved double-dummy on every core, and the action
with the best expected result under the rule profile's scoring is recommended. See
``docs/hints.md``.

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
