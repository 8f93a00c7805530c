"""Seeded random Meksiko play positions for tests.

A position is a dict with the keys ``hands`` (three lists of canonical card
strings), ``trump`` ('S' 'H' 'D' 'C' or None), ``declarer`` (0..2), ``leader``
(0..2, the seat that led or leads the current trick) and ``played`` (the 0..2
cards already played to the current trick, leader's card first).

Positions are consistent: the cards are distinct, and a trick in progress was
played legally from the hands as dealt (the seats that already played hold one
card fewer).
"""

from __future__ import annotations

import random
from typing import Optional

from reference_solver import ALL_CARDS, legal_cards

TRUMP_CHOICES = ("S", "H", "D", "C", None)
RANDOM = "random"  # default for the trump argument: pick one of TRUMP_CHOICES


def random_position(rng: random.Random, cards_per_hand: int, trump: Optional[str] = RANDOM,
                    with_trick_in_progress: Optional[bool] = None) -> dict:
    """Deal ``cards_per_hand`` cards to each seat from the 32 and pick trump (unless
    given; pass ``None`` for no trump), declarer and leader at random.

    ``with_trick_in_progress``: False: the leader is about to lead; True: 1 or 2
    legal cards have already been played to the current trick by the leader and
    the next seat (``cards_per_hand`` counts the cards before that trick);
    None (default): either, with equal probability.
    """
    if not 1 <= cards_per_hand <= 10:
        raise ValueError(f"cards_per_hand must be 1..10, not {cards_per_hand}")
    if trump == RANDOM:
        trump = rng.choice(TRUMP_CHOICES)
    if with_trick_in_progress is None:
        with_trick_in_progress = rng.random() < 0.5

    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    hands = [sorted(deck[seat * cards_per_hand:(seat + 1) * cards_per_hand]) for seat in range(3)]
    declarer = rng.randrange(3)
    leader = rng.randrange(3)

    played = []
    if with_trick_in_progress:
        for i in range(rng.choice((1, 2))):
            seat = (leader + i) % 3
            card = rng.choice(legal_cards(hands[seat], played, trump))
            hands[seat].remove(card)
            played.append(card)

    return {"hands": hands, "trump": trump, "declarer": declarer,
            "leader": leader, "played": played}
