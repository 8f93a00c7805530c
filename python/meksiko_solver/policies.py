"""Players as policies: what a seat sees, and the decisions it returns.

A policy is any callable ``policy(view) -> decision`` taking a :class:`SeatView`:

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
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

from .auction import MEKSIKO, NEXT
from .cards import SUITS, Card
from .play import trick_winner

Policy = Callable[["SeatView"], object]

AUCTION, DECLARE, PLAY, DONE = "auction", "declare", "play", "done"


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may see at its turn (immutable; no link back to the game)."""

    seat: int
    dealer: int
    rules: str
    mode: str
    phase: str  # "auction", "declare", "play" or "done"
    hand: Tuple[Card, ...]  # own cards now (12 for the declarer while declaring)
    talon: Optional[Tuple[Card, ...]]  # the exposed talon (numeric contracts), else None
    discard: Optional[Tuple[Card, ...]]  # own discard if declarer and made, else None
    calls: Tuple[str, ...]  # the auction so far, opener's call first
    declarer: Optional[int]
    contract: Optional[str]
    trump: Optional[int]  # suit index, None for no trump or not named yet
    played: Tuple[Tuple[int, Card], ...]  # (seat, card) in order of play
    legal_calls: Tuple[str, ...] = ()  # in the auction, at this seat's turn
    legal_cards: Tuple[Card, ...] = ()  # in play, at this seat's turn
    totals: Tuple[int, int, int] = (0, 0, 0)  # running totals before this deal

    def tricks(self) -> List[Tuple[int, Tuple[Card, ...], Optional[int]]]:
        """The tricks so far as ``(leader, cards, winner)``; the last may be incomplete (winner None)."""
        out: List[Tuple[int, Tuple[Card, ...], Optional[int]]] = []
        for start in range(0, len(self.played), 3):
            chunk = self.played[start:start + 3]
            leader, cards = chunk[0][0], tuple(c for _, c in chunk)
            winner = trick_winner(cards, leader, self.trump) if len(cards) == 3 else None
            out.append((leader, cards, winner))
        return out

    def current_trick(self) -> Tuple[Card, ...]:
        """The cards of the trick in progress, led card first (empty before a lead)."""
        n = len(self.played) % 3
        return tuple(c for _, c in self.played[len(self.played) - n:]) if n else ()

    def tricks_won(self) -> Tuple[int, int, int]:
        """Tricks taken by seats 0, 1, 2 so far."""
        won = [0, 0, 0]
        for _, _, winner in self.tricks():
            if winner is not None:
                won[winner] += 1
        return (won[0], won[1], won[2])


class RandomPolicy:
    """A random legal policy with its own seeded ``random.Random``.

    Auction: NEXT three times in four when allowed, else a random bid where each step above
    the lowest legal bid halves the chance (Meksiko counts as the step after 10), so every
    legal call is possible but low bids are likely (uniform bidding would make nearly
    every deal a failed Meksiko and a ``classic`` game might never end). Declaring: two
    random cards and a random trump. Play: a uniformly random legal card.
    """

    def __init__(self, seed: object = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, view: SeatView) -> object:
        if view.phase == AUCTION:
            bids = [c for c in view.legal_calls if c != NEXT]
            if not bids or (NEXT in view.legal_calls and self.rng.random() < 0.75):
                return NEXT
            return self.rng.choices(bids, weights=[0.5 ** i for i in range(len(bids))])[0]
        if view.phase == DECLARE:
            discard = () if view.contract == MEKSIKO else tuple(self.rng.sample(view.hand, 2))
            return discard, self.rng.choice(SUITS)
        if view.phase == PLAY:
            return self.rng.choice(view.legal_cards)
        raise ValueError(f"no decision to make in phase {view.phase!r}")

