"""A deal: dealing and reading the cards, and the state of one deal from the auction to the
last trick, with every rule enforced.

This module owns the deal: :func:`deal_cards` shuffles one, :func:`check_deal` and
:func:`parse_deal` read one, :class:`DealState` plays one through its :class:`Phase` s:
``auction`` -> ``declare`` (numeric contract: show the talon, discard two,
name trump; ``mexico-club`` Meksiko: name trump only; skipped for ``classic``
Meksiko) -> ``play`` (ten tricks, the declarer leads first) -> ``done``.

>>> from meksiko_solver.cards import DECK
>>> d = DealState([DECK[0:10], DECK[10:20], DECK[20:30]], DECK[30:32], dealer=2)
>>> d.phase, d.to_move
(Phase.AUCTION, 0)
>>> d.phase == "auction"
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Iterable, List, Optional, Sequence, Tuple, Union

from .auction import MEKSIKO, Auction, Contract
from .cards import DECK, REAL_SUITS, SUITS, Card, Suit, mask_to_cards, parse_cards, parse_mask, parse_seat, parse_trump
from .errors import IllegalPlayError, NotationError, PositionError, shown
from .play import legal_cards, play_error, trick_winner
from .position import plain_hand_masks, plain_mask
from .rules import RuleProfile, ScoringMode, get_rules
from .scoring import Scores, score_deal


class Phase(str, Enum):
    """The phase of a deal. A ``str`` enum: ``Phase.PLAY == "play"``, and JSON writes ``"play"``."""

    AUCTION = "auction"  # calls until the auction is over
    DECLARE = "declare"  # the declarer discards and names trump
    PLAY = "play"  # ten tricks
    DONE = "done"  # all ten tricks played

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


Cards = Tuple[Card, ...]
Seed = Union[int, random.Random, None]


def _rng(seed: Seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def deal_cards(seed: Seed = None) -> Tuple[Tuple[Cards, ...], Cards]:
    """Shuffle the 32 cards with ``seed`` (an int or a ``random.Random``): three hands of 10 and the talon."""
    cards = list(DECK)
    _rng(seed).shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * 10:(i + 1) * 10])) for i in range(3))
    return hands, tuple(sorted(cards[30:]))


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


#: Why no card may be played in a phase other than play.
NO_PLAY_REASON = {Phase.AUCTION: "the auction is not over",
                  Phase.DECLARE: "the declarer has not discarded and named trump yet",
                  Phase.DONE: "the deal is over (all 10 tricks are played)"}


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may see at its turn (immutable; no link back to the game).

    What :meth:`DealState.view` shows a player's policy (see :mod:`meksiko_solver.policies`).
    """

    seat: int
    dealer: int
    rules: str
    mode: str
    phase: Phase
    hand: Tuple[Card, ...]  # own cards now (12 for the declarer while declaring)
    talon: Optional[Tuple[Card, ...]]  # the exposed talon (numeric contracts), else None
    discard: Optional[Tuple[Card, ...]]  # own discard if declarer and made, else None
    calls: Tuple[str, ...]  # the auction so far, opener's call first
    declarer: Optional[int]
    contract: Optional[Contract]
    trump: Optional[Suit]  # None while not named yet; Suit.NO_TRUMP without trump
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


def _plain_deal_masks(hands: object, talon: object) -> Optional[Tuple[Tuple[int, int, int], int]]:
    """A deal in the plain spellings (see :func:`~meksiko_solver.position.plain_mask`) read in a
    microsecond, else None: anything else, or a deal with a fault, goes to the general reading,
    which names the fault (the tests compare the two)."""
    if type(hands) not in (list, tuple) or len(hands) != 3:  # type: ignore[arg-type]
        return None
    try:
        masks = plain_hand_masks(hands)  # type: ignore[arg-type]
        t = plain_mask(talon)
    except TypeError:  # an unhashable card
        return None
    if masks is None or t < 0:
        return None
    a, b, c = masks
    if a & b or (a | b) & c or (a | b | c) & t:
        return None
    if bin(a).count("1") != 10 or bin(b).count("1") != 10 or bin(c).count("1") != 10 or bin(t).count("1") != 2:
        return None
    return (a, b, c), t


def deal_masks(hands: Sequence[object], talon: object) -> Tuple[Tuple[int, int, int], int]:
    """:func:`check_deal` as the engine's bit masks (the three hands, the talon), with its errors."""
    plain = _plain_deal_masks(hands, talon)
    if plain is not None:
        return plain
    if not isinstance(hands, (list, tuple)) or len(hands) != 3:
        raise PositionError(f"hands must be a list of 3 hands, not {hands!r}")
    parts: List[Tuple[str, int]] = []
    for what, value, size in [(f"hands[{i}]", h, 10) for i, h in enumerate(hands)] + [("talon", talon, 2)]:
        try:
            mask = parse_mask(value, what)
        except NotationError as exc:  # still a notation error (its kind over HTTP), named by its place
            raise NotationError(str(exc) if what in str(exc) else f"{what}: {exc}") from None
        count = bin(mask).count("1")
        if count != size:
            raise PositionError(f"{what} has {count} card{'' if count == 1 else 's'}, it must have {size}")
        parts.append((what, mask))
    seen = 0
    for what, mask in parts:
        if mask & seen:
            card = mask_to_cards(mask & seen)[0]  # the first of them in canonical order
            first = next(w for w, m in parts if m >> card.index & 1)
            raise PositionError(f"{what}: {card} is dealt twice (also in {first})")
        seen |= mask
    return (parts[0][1], parts[1][1], parts[2][1]), parts[3][1]


def check_deal(hands: Sequence[object], talon: object) -> Tuple[Tuple[Cards, ...], Cards]:
    """Three hands of 10 and a talon of 2 holding each of the 32 cards once, sorted; else NotationError (a card that cannot be read) or PositionError."""
    masks, talon_mask = deal_masks(hands, talon)
    return tuple(tuple(mask_to_cards(m)) for m in masks), tuple(mask_to_cards(talon_mask))


def parse_deal(deal: object) -> Tuple[Tuple[Cards, ...], Cards]:
    """(hands, talon) from ``"<h0> <h1> <h2> <talon>"`` (the talon as a holding or two
    cards), a dict with ``hands`` and ``talon``, or a (hands, talon) pair; checked by :func:`check_deal`."""
    if isinstance(deal, str):
        parts = deal.split()
        if len(parts) < 4:
            raise NotationError(f"deal {shown(deal)} must be three hands and the talon: '<h0> <h1> <h2> <talon>'")
        hands, talon = parts[:3], " ".join(parts[3:])
    elif isinstance(deal, dict):
        if "hands" not in deal or "talon" not in deal:
            raise NotationError("a deal needs 'hands' (three hands of 10) and 'talon' (2 cards)")
        hands, talon = deal["hands"], deal["talon"]
    elif isinstance(deal, (list, tuple)) and len(deal) == 2:
        hands, talon = deal
    else:
        raise NotationError(f"not a deal: {shown(deal)}")
    return check_deal(hands, talon)


class DealState:
    """One deal in progress. Mutated only through :meth:`call`, :meth:`declare` and :meth:`play`."""

    def __init__(self, hands: Sequence[object], talon: object, dealer: int,
                 rules: Union[str, RuleProfile, None] = None, mode: Union[str, ScoringMode, None] = None) -> None:
        self.rules = get_rules(rules)
        self.mode = self.rules.mode(mode)
        self.dealer = parse_seat(dealer, "dealer")
        self.dealt, self.talon = check_deal(hands, talon)
        self.auction = Auction(self.dealer, self.rules)
        self._hands: List[List[Card]] = [list(h) for h in self.dealt]
        self.discard: Tuple[Card, ...] = ()
        self.trump: Optional[Suit] = None  # None until named; Suit.NO_TRUMP for a classic Meksiko
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
    def contract(self) -> Optional[Contract]:
        return self.auction.contract

    @property
    def talon_exposed(self) -> bool:
        """The talon is shown to all once a numeric contract is reached."""
        return self.contract is not None and self.contract != MEKSIKO

    @property
    def phase(self) -> Phase:
        if not self.auction.is_over:
            return Phase.AUCTION
        if not self._declared:
            return Phase.DECLARE
        return Phase.DONE if len(self.tricks) == 10 else Phase.PLAY

    @property
    def to_move(self) -> Optional[int]:
        """The seat whose decision is due, or None when the deal is done."""
        phase = self.phase
        if phase == Phase.AUCTION:
            return self.auction.turn
        if phase == Phase.DECLARE:
            return self.declarer
        if phase == Phase.PLAY:
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
        if self.phase != Phase.PLAY:
            return []
        return legal_cards(self._hands[self.to_move], self._trick, self.trump)  # type: ignore[index]

    def scores(self) -> Optional[Scores]:
        """The deal's score changes once all ten tricks are played, else None."""
        if self.phase != Phase.DONE:
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
            self.trump = Suit.NO_TRUMP  # classic Meksiko: no talon, no trump, play at once
            self._declared = True

    def discard_error(self, discard: Sequence[Card]) -> Optional[str]:
        """Why the declarer may not discard ``discard`` now, or None if he may."""
        if self.phase == Phase.AUCTION:
            return "nothing may be discarded before the auction is over"
        if self.contract == MEKSIKO:
            if discard:
                return ("on Meksiko the talon stays out of play and nothing is discarded, "
                        f"not {' '.join(map(str, discard))}")
            return None
        if self.phase != Phase.DECLARE:
            return "the discard is already made"
        if len(discard) != 2:
            return f"the declarer must discard exactly two cards, not {len(discard)}"
        for card in discard:
            if card not in self._hands[self.declarer]:  # type: ignore[index]
                return f"{card} is not in the declarer's (seat {self.declarer}) hand"
        return None

    def trump_error(self, trump: Suit) -> Optional[str]:
        """Why ``trump`` may not be named now, or None if it may."""
        if self.phase != Phase.DECLARE:
            if self.phase == Phase.AUCTION:
                return "no trump may be named before the auction is over"
            if trump != Suit.NO_TRUMP and self.trump == Suit.NO_TRUMP:
                return f"{self.rules.name} Meksiko is played without trump, not {trump}"
            return "trump is already settled"
        if trump not in REAL_SUITS:
            return f"the declarer must name trump ({', '.join(SUITS)})"
        return None

    def declare(self, discard: Union[str, Iterable[object]], trump: object) -> None:
        """The declarer's discard (two cards; none on Meksiko) and trump; IllegalPlayError if illegal."""
        cards = tuple(sorted(parse_cards(discard if isinstance(discard, str) else list(discard), "discard")))
        suit = parse_trump(trump)
        reason = self.discard_error(cards) or self.trump_error(suit)
        if reason is not None:
            raise IllegalPlayError(reason)
        declarer = self.declarer
        self._hands[declarer] = [c for c in self._hands[declarer] if c not in cards]  # type: ignore[index]
        self.discard, self.trump, self._declared = cards, suit, True

    def play(self, value: object) -> None:
        """The next card of play (IllegalPlayError if not in hand or not a legal card)."""
        phase = self.phase
        if phase != Phase.PLAY:
            raise IllegalPlayError(f"no card may be played now: {NO_PLAY_REASON[phase]}")
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
        """What ``seat`` may see now (see :class:`SeatView`)."""
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
            legal_calls=tuple(self.legal_calls()) if mine and phase == Phase.AUCTION else (),
            legal_cards=tuple(self.legal_cards()) if mine and phase == Phase.PLAY else (),
            totals=(totals[0], totals[1], totals[2]),
        )

    def all_tricks(self) -> List[Trick]:
        """Completed tricks plus the trick in progress (if any cards are on it)."""
        if self._trick:
            return self.tricks + [Trick(self._leader, tuple(self._trick), None)]  # type: ignore[arg-type]
        return list(self.tricks)
