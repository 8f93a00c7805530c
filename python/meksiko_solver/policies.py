"""Players as policies for the game runner: the decisions a seat returns from what it sees.

(The hint engine's own players, :class:`~meksiko_solver.hints.HintPolicy` and the rule-based
baseline, are in :mod:`meksiko_solver.hints.policy`; this module has the protocol and the
random player.)

A policy is any callable ``policy(view) -> decision`` taking a :class:`~meksiko_solver.deal.SeatView`:

* phase ``"auction"``: a call, one of ``view.legal_calls``;
* phase ``"declare"`` (the declarer only): ``(discard, trump)`` -- two cards of the
  12-card ``view.hand`` and a suit ``"S" "H" "D" "C"`` for a numeric contract, or
  ``((), trump)`` for a Meksiko that names trump (``mexico-club``);
* phase ``"play"``: a card, one of ``view.legal_cards``.

A view holds only what that seat may know: its own hand, the talon once exposed,
its own discard, the calls, the trump and the cards played, plus the public totals.
"""

from __future__ import annotations

import random
from typing import Callable, Union

from .auction import MEKSIKO, NEXT
from .cards import SUITS
from .deal import Phase, SeatView

Policy = Callable[[SeatView], object]


class RandomPolicy:
    """A random legal policy with its own seeded ``random.Random``.

    Auction: NEXT three times in four when allowed, else a random bid where each step above
    the lowest legal bid halves the chance (Meksiko counts as the step after 10), so every
    legal call is possible but low bids are likely (uniform bidding would make nearly
    every deal a failed Meksiko and a ``classic`` game might never end). Declaring: two
    random cards and a random trump. Play: a uniformly random legal card.
    """

    def __init__(self, seed: Union[int, str, None] = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, view: SeatView) -> object:
        if view.phase == Phase.AUCTION:
            bids = [c for c in view.legal_calls if c != NEXT]
            if not bids or (NEXT in view.legal_calls and self.rng.random() < 0.75):
                return NEXT
            return self.rng.choices(bids, weights=[0.5 ** i for i in range(len(bids))])[0]
        if view.phase == Phase.DECLARE:
            discard = () if view.contract == MEKSIKO else tuple(self.rng.sample(view.hand, 2))
            return discard, self.rng.choice(SUITS)
        if view.phase == Phase.PLAY:
            return self.rng.choice(view.legal_cards)
        raise ValueError(f"no decision to make in phase {str(view.phase)!r}")



__all__ = ["Policy", "RandomPolicy", "SeatView"]
