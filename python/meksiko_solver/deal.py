"""The state of one deal, from the auction to the last trick, with every rule enforced.

Phases: ``auction`` -> ``declare`` (numeric contract: show the talon, discard two,
name trump; ``mexico-club`` Meksiko: name trump only; skipped for ``classic``
Meksiko) -> ``play`` (ten tricks, the declarer leads first) -> ``done``.

>>> from meksiko_solver.cards import DECK
>>> d = DealState([DECK[0:10], DECK[10:20], DECK[20:30]], DECK[30:32], dealer=2)
>>> d.phase, d.to_move
('auction', 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Optional, Sequence, Tuple, Union

from .auction import MEKSIKO, Auction
from .cards import SUITS, Card, parse_cards, parse_seat, parse_trump
from .errors import IllegalPlayError, NotationError, PositionError
from .play import legal_cards, play_error, trick_winner
from .policies import AUCTION, DECLARE, DONE, PLAY, SeatView
from .rules import RuleProfile, get_rules
from .scoring import Scores, score_deal


@dataclass(frozen=True)
class Trick:
    """One trick: who led, the cards in order of play, and who won it (None if unfinished)."""

    leader: int
    cards: Tuple[Card, ...]
    winner: Optional[int]

    @property
    def seats(self) -> Tuple[int, ...]:
        """The seat that played each card."""
        return tuple((self.leader + i) % 3 for i in range(len(self.cards)))


def trump_index(value: object) -> Optional[int]:
    """Trump as a suit index 0..3 or None, from an index or any form :func:`parse_trump` takes."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    return parse_trump(value)


Cards = Tuple[Card, ...]


def check_deal(hands: Sequence[object], talon: object) -> Tuple[Tuple[Cards, ...], Cards]:
    """Three hands of 10 and a talon of 2 holding each of the 32 cards once, sorted; else PositionError."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 3:
        raise PositionError(f"hands must be a list of 3 hands, not {hands!r}")
    parts: List[Tuple[str, Tuple[Card, ...]]] = []
    for what, value, size in [(f"hands[{i}]", h, 10) for i, h in enumerate(hands)] + [("talon", talon, 2)]:
        try:
            cards = tuple(sorted(parse_cards(value, what)))
        except NotationError as exc:
            raise PositionError(str(exc) if what in str(exc) else f"{what}: {exc}") from None
        if len(cards) != size:
            raise PositionError(f"{what} has {len(cards)} card{'' if len(cards) == 1 else 's'}, it must have {size}")
        parts.append((what, cards))
    seen = {}
    for what, cards in parts:
        for card in cards:
            if card in seen:
                raise PositionError(f"{what}: {card} is dealt twice (also in {seen[card]})")
            seen[card] = what
    return tuple(c for _, c in parts[:3]), parts[3][1]


class DealState:
    """One deal in progress. Mutated only through :meth:`call`, :meth:`declare` and :meth:`play`."""

    def __init__(self, hands: Sequence[object], talon: object, dealer: int,
                 rules: Union[str, RuleProfile, None] = None, mode: Optional[str] = None) -> None:
        self.rules = get_rules(rules)
        self.mode = self.rules.mode(mode)
        self.dealer = parse_seat(dealer, "dealer")
        self.dealt, self.talon = check_deal(hands, talon)
        self.auction = Auction(self.dealer, self.rules)
        self._hands: List[List[Card]] = [list(h) for h in self.dealt]
        self.discard: Tuple[Card, ...] = ()
        self.trump: Optional[int] = None
        self._declared = False
        self.played: List[Tuple[int, Card]] = []
        self.tricks: List[Trick] = []  # completed tricks
        self._trick: List[Card] = []  # the trick in progress
        self._leader: Optional[int] = None
        self.tricks_won = [0, 0, 0]

    # --- state -------------------------------------------------------------------------------
    @property
    def declarer(self) -> Optional[int]:
        return self.auction.declarer

    @property
    def contract(self) -> Optional[str]:
        return self.auction.contract

    @property
    def talon_exposed(self) -> bool:
        """The talon is shown to all once a numeric contract is reached."""
        return self.contract is not None and self.contract != MEKSIKO

    @property
    def phase(self) -> str:
        if not self.auction.is_over:
            return AUCTION
        if not self._declared:
            return DECLARE
        return DONE if len(self.tricks) == 10 else PLAY

    @property
    def to_move(self) -> Optional[int]:
        """The seat whose decision is due, or None when the deal is done."""
        phase = self.phase
        if phase == AUCTION:
            return self.auction.turn
        if phase == DECLARE:
            return self.declarer
        if phase == PLAY:
            assert self._leader is not None
            return (self._leader + len(self._trick)) % 3
        return None

    @property
    def leader(self) -> Optional[int]:
        """The seat leading the trick in progress (None before play)."""
        return self._leader

    @property
    def trick_cards(self) -> Tuple[Card, ...]:
        """Cards of the trick in progress, led card first."""
        return tuple(self._trick)

    def hand(self, seat: int) -> Tuple[Card, ...]:
        """The cards ``seat`` holds now, in canonical order."""
        return tuple(self._hands[seat])

    def legal_calls(self) -> List[str]:
        return self.auction.legal_calls()

    def legal_cards(self) -> List[Card]:
        """Cards the seat to move may play (empty outside the play phase)."""
        if self.phase != PLAY:
            return []
        return legal_cards(self._hands[self.to_move], self._trick, self.trump)  # type: ignore[index]

    def scores(self) -> Optional[Scores]:
        """The deal's score changes once all ten tricks are played, else None."""
        if self.phase != DONE:
            return None
        return score_deal(self.contract, self.declarer, self.tricks_won,  # type: ignore[arg-type]
                          self.rules, self.mode)

    # --- actions -----------------------------------------------------------------------------
    def call(self, value: object) -> None:
        """The next call of the auction (AuctionError if illegal)."""
        self.auction.call(value)
        if not self.auction.is_over:
            return
        declarer = self.auction.declarer
        assert declarer is not None
        self._leader = declarer
        if self.contract != MEKSIKO:
            self._hands[declarer] = sorted(self._hands[declarer] + list(self.talon))
        elif not self.rules.meksiko_trump:
            self._declared = True  # classic Meksiko: no talon, no trump, play at once

    def discard_error(self, discard: Sequence[Card]) -> Optional[str]:
        """Why the declarer may not discard ``discard`` now, or None if he may."""
        if self.phase == AUCTION:
            return "nothing may be discarded before the auction is over"
        if self.contract == MEKSIKO:
            if discard:
                return ("on Meksiko the talon stays out of play and nothing is discarded, "
                        f"not {' '.join(map(str, discard))}")
            return None
        if self.phase != DECLARE:
            return "the discard is already made"
        if len(discard) != 2:
            return f"the declarer must discard exactly two cards, not {len(discard)}"
        for card in discard:
            if card not in self._hands[self.declarer]:  # type: ignore[index]
                return f"{card} is not in the declarer's (seat {self.declarer}) hand"
        return None

    def trump_error(self, trump: Optional[int]) -> Optional[str]:
        """Why ``trump`` (suit index or None) may not be named now, or None if it may."""
        if self.phase != DECLARE:
            if self.phase == AUCTION:
                return "no trump may be named before the auction is over"
            if trump is not None and self.trump is None:
                return f"{self.rules.name} Meksiko is played without trump, not {SUITS[trump]}"
            return "trump is already settled"
        if trump is None:
            return f"the declarer must name trump ({', '.join(SUITS)})"
        return None

    def declare(self, discard: Union[str, Iterable[object]], trump: object) -> None:
        """The declarer's discard (two cards; none on Meksiko) and trump; IllegalPlayError if illegal."""
        cards = tuple(sorted(parse_cards(discard if isinstance(discard, str) else list(discard), "discard")))
        suit = trump_index(trump)
        reason = self.discard_error(cards) or self.trump_error(suit)
        if reason is not None:
            raise IllegalPlayError(reason)
        declarer = self.declarer
        self._hands[declarer] = [c for c in self._hands[declarer] if c not in cards]  # type: ignore[index]
        self.discard, self.trump, self._declared = cards, suit, True

    def play(self, value: object) -> None:
        """The next card of play (IllegalPlayError if not in hand or not a legal card)."""
        phase = self.phase
        if phase != PLAY:
            reason = {AUCTION: "the auction is not over",
                      DECLARE: "the declarer has not discarded and named trump yet",
                      DONE: "the deal is over (all 10 tricks are played)"}[phase]
            raise IllegalPlayError(f"no card may be played now: {reason}")
        card = Card(value)  # type: ignore[arg-type]
        seat = self.to_move
        assert seat is not None and self._leader is not None
        reason = play_error(self._hands[seat], self._trick, self.trump, card, seat)
        if reason is not None:
            raise IllegalPlayError(reason)
        self._hands[seat].remove(card)
        self._trick.append(card)
        self.played.append((seat, card))
        if len(self._trick) == 3:
            winner = trick_winner(self._trick, self._leader, self.trump)
            self.tricks.append(Trick(self._leader, tuple(self._trick), winner))
            self.tricks_won[winner] += 1
            self._trick, self._leader = [], winner

    # --- what a seat sees --------------------------------------------------------------------
    def view(self, seat: int, totals: Sequence[int] = (0, 0, 0)) -> SeatView:
        """What ``seat`` may see now (see :class:`~meksiko_solver.policies.SeatView`)."""
        seat = parse_seat(seat)
        mine = seat == self.to_move
        phase = self.phase
        return SeatView(
            seat=seat, dealer=self.dealer, rules=self.rules.name, mode=self.mode.name, phase=phase,
            hand=self.hand(seat),
            talon=self.talon if self.talon_exposed else None,
            discard=self.discard if seat == self.declarer and self._declared and self.talon_exposed else None,
            calls=self.auction.calls, declarer=self.declarer, contract=self.contract,
            trump=self.trump, played=tuple(self.played),
            legal_calls=tuple(self.legal_calls()) if mine and phase == AUCTION else (),
            legal_cards=tuple(self.legal_cards()) if mine and phase == PLAY else (),
            totals=(totals[0], totals[1], totals[2]),
        )

    def all_tricks(self) -> List[Trick]:
        """Completed tricks plus the trick in progress (if any cards are on it)."""
        if self._trick:
            return self.tricks + [Trick(self._leader, tuple(self._trick), None)]  # type: ignore[arg-type]
        return list(self.tricks)
