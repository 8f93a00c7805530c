"""The trick rules, shared by the game runner, records, hints and review.

Small pure functions over :class:`~meksiko_solver.cards.Card` values; ``trump``
is a suit index 0..3 (S H D C) or None for no trump.

>>> from meksiko_solver.cards import Card
>>> hand = [Card("AS"), Card("9H"), Card("7C")]
>>> legal_cards(hand, [Card("KC")], trump=1)
[Card('7C')]
>>> trick_winner([Card("KC"), Card("7C"), Card("8H")], leader=2, trump=1)
1
"""

from __future__ import annotations

from typing import Iterable, List, Optional, Sequence

from .cards import SUIT_NAMES, Card, Hand, Suit, parse_cards, parse_seat
from .errors import NotationError, shown


def _cards(value: object, what: str) -> List[Card]:
    """Cards as given (the fast path: a list of Cards), else parsed (a NotationError names them)."""
    if isinstance(value, (list, tuple)) and all(isinstance(c, Card) for c in value):
        return list(value)
    if not isinstance(value, (str, list, tuple, Hand)) and hasattr(value, "__iter__"):
        value = list(value)
    return parse_cards(value, what)


def _trump(trump: object) -> Optional[int]:
    """A trump as given: a Suit (no trump included), a suit number 0..4 or None (no trump)."""
    if trump is None or isinstance(trump, Suit) or type(trump) is int and 0 <= trump <= 4:  # noqa: E721 (not a bool)
        return trump
    raise NotationError(f"trump must be a Suit, a suit number 0..4 (S H D C N) or None, not {shown(trump)}")


def next_seat(seat: int) -> int:
    """The seat after ``seat`` in playing order."""
    return (seat + 1) % 3


def legal_cards(hand: Iterable[Card], trick_cards: Sequence[Card], trump: Optional[int]) -> List[Card]:
    """The cards of ``hand`` that may be played to a trick holding ``trick_cards`` (led card first).

    Follow the led suit if able; else play a trump if able; else anything.
    The result keeps the order of ``hand``.
    """
    cards = _cards(hand, "hand")
    trick_cards = _cards(trick_cards, "trick_cards")
    trump = _trump(trump)
    if not trick_cards:
        return cards
    legal = legal_mask(sum(c.mask for c in cards), trick_cards[0].index, trump)
    return [c for c in cards if c.mask & legal]


def legal_mask(hand: int, led: Optional[int], trump: Optional[int]) -> int:
    """:func:`legal_cards` on masks (bit ``8 * suit + rank``, as ``Card.mask``): the legal cards
    of ``hand`` when the card of index ``led`` was led (None: on lead). ``trump``: 0..3, or None
    or 4 for no trump.

    >>> from meksiko_solver.cards import Card
    >>> legal_mask(Card("AS").mask | Card("9H").mask | Card("7C").mask, Card("KC").index, 1) == Card("7C").mask
    True
    """
    if led is None:
        return hand
    follow = hand & (0xFF << (8 * (led >> 3)))
    if follow:
        return follow
    if trump is not None and 0 <= trump < 4:
        trumps = hand & (0xFF << (8 * trump))
        if trumps:
            return trumps
    return hand


def play_error(hand: Iterable[Card], trick_cards: Sequence[Card], trump: Optional[int],
               card: Card, seat: int) -> Optional[str]:
    """Why ``seat`` holding ``hand`` may not play ``card`` now, or None if the play is legal."""
    cards = list(hand)
    if card not in cards:
        return f"{card} is not in seat {seat}'s hand"
    if card in legal_cards(cards, trick_cards, trump):
        return None
    led = trick_cards[0].suit
    if any(c.suit == led for c in cards):
        return f"{card} is not legal, seat {seat} must follow {SUIT_NAMES[led]}"
    return (f"{card} is not legal, seat {seat} has no {SUIT_NAMES[led]} "
            f"and must play a trump ({SUIT_NAMES[trump]})")  # type: ignore[index]


def beats(card: Card, best: Card, trump: Optional[int]) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def winning_index(cards: Sequence[Card], trump: Optional[int]) -> int:
    """Index (from the leader) of the card winning ``cards`` so far."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def trick_winner(cards: Sequence[Card], leader: int, trump: Optional[int]) -> int:
    """The seat winning a trick: the highest trump in it, else the highest card of the led suit."""
    cards = _cards(cards, "trick")
    if not 1 <= len(cards) <= 3:
        raise NotationError(f"a trick holds 1 to 3 cards, not {len(cards)}")
    return (parse_seat(leader, "leader") + winning_index(cards, _trump(trump))) % 3


def tricks_along(line: object, leader: int, trump: Optional[int]) -> List[int]:
    """The tricks each seat takes along a line of play (cards from ``leader``'s lead; a trick
    left unfinished at the end is not counted)."""
    cards = _cards(line, "line")
    won = [0, 0, 0]
    for first in range(0, len(cards) - len(cards) % 3, 3):
        leader = trick_winner(cards[first:first + 3], leader, trump)
        won[leader] += 1
    return won
