"""Simple rules of thumb on card masks: used by the rule-based baseline policy, and by the bid
hint to guess how another seat would declare (for its estimate of the score from passing).

>>> from meksiko_solver.cards import Hand
>>> discard, trump = simple_declare(Hand("AKQ87.A7.K8.987").mask)
>>> str(Hand(discard)), trump
('-.7.-.7', 0)
"""

from __future__ import annotations

from typing import Dict, List, Tuple


def suit_mask(suit: int) -> int:
    return 0xFF << (8 * suit)


def suit_length(cards: int, suit: int) -> int:
    return bin(cards & suit_mask(suit)).count("1")


def best_suit(cards: int) -> int:
    """The longest suit, ties to the one with the higher cards (then S H D C order)."""

    def strength(s: int) -> Tuple[int, List[int], int]:
        ranks = [c & 7 for c in range(8 * s, 8 * s + 8) if cards >> c & 1]
        return (len(ranks), sorted(ranks, reverse=True), -s)

    return max(range(4), key=strength)


def _keep(card: int, length: int, trump: int) -> int:
    return (card & 7) * 4 + length + (64 if card >> 3 == trump else 0)


def keep_value(card: int, cards: int, trump: int) -> int:
    """How much a card is worth keeping: low side cards of short suits are discarded first,
    trumps and high cards last (the same guess the engine uses to order its discard search)."""
    return _keep(card, suit_length(cards, card >> 3), trump)


def keep_values(cards: int, trump: int) -> Dict[int, int]:
    """:func:`keep_value` of every card of ``cards`` (in card order), the suit lengths counted once."""
    lengths = [suit_length(cards, s) for s in range(4)]
    out: Dict[int, int] = {}
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        out[c] = _keep(c, lengths[c >> 3], trump)
    return out


def simple_declare(twelve: int) -> Tuple[int, int]:
    """(discard mask, trump) for a 12-card hand: the longest suit as trump, and the two cards
    worth least by :func:`keep_value`."""
    trump = best_suit(twelve)
    value = keep_values(twelve, trump)
    cards = sorted(value, key=lambda c: (value[c], c))
    return (1 << cards[0]) | (1 << cards[1]), trump


def estimated_tricks(cards: int) -> float:
    """A rough count of the tricks a 10-card hand takes as declarer with the talon: aces,
    guarded kings, and length in the best suit beyond three."""
    trump = best_suit(cards)
    tricks = 0.0
    for s in range(4):
        length = suit_length(cards, s)
        if cards >> (8 * s + 7) & 1:
            tricks += 1
        if cards >> (8 * s + 6) & 1 and length >= 2:
            tricks += 0.75 if cards >> (8 * s + 7) & 1 else 0.5
        if cards >> (8 * s + 5) & 1 and length >= 3:
            tricks += 0.25
    tricks += max(0, suit_length(cards, trump) - 3)
    return tricks + 0.5  # the talon
