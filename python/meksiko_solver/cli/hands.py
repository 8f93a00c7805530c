"""The command line's notation for several hands in one option (``--hands``, ``--deal``).

Hands are separated by ``/`` when one of them is written with spaces: a list of cards
(``"AS KS 7S / QH JH 9H / ..."``) or a holding with suit symbols (``"♠A97 ♥KQ8 ♦J8 ♣T9 / ..."``).
Without a ``/`` the words are the hands, as dotted holdings (``"A97.KQ8.J8.T9 8.A97.A97.AKJ ..."``).
The library parses each hand and names any bad card.

>>> split_hands("A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7")
['A97.KQ8.J8.T9', '8.A97.A97.AKJ', 'KQJT.JT.KQ.Q7']
>>> split_hands("AS KS / ♠QJ ♥A / T9.-.-.-")
['AS KS', 'Q♠ J♠ A♥', 'T9.-.-.-']
"""

from __future__ import annotations

import re
from typing import List

from ..cards import SUIT_SYMBOLS
from ..errors import NotationError

HAND_SEPARATOR = "/"
_SYMBOL_HOLDING = re.compile(f"([{SUIT_SYMBOLS}])(\\S*)")
_RANK = re.compile(r"10|[^\s-]")


def split_hands(text: str) -> List[str]:
    """The hands of ``text``, each as a string the library's hand parser reads."""
    if HAND_SEPARATOR in text:
        return [symbol_holding_to_cards(part.strip()) for part in text.split(HAND_SEPARATOR)]
    return text.split()


def symbol_holding_to_cards(hand: str) -> str:
    """A holding written with suit symbols (``♠A97 ♥KQ8``) as a list of cards (``A♠ 9♠ 7♠ K♥ Q♥ 8♥``);
    words that do not start with a suit symbol are kept as they are. ``♠-`` is a void."""
    words = []
    for word in hand.split():
        m = _SYMBOL_HOLDING.fullmatch(word)
        if m is None:
            words.append(word)
        else:
            suit, ranks = m.groups()
            words.extend(rank + suit for rank in _RANK.findall(ranks))
    return " ".join(words)


def split_deal(text: str) -> object:
    """A ``--deal`` for the library's ``parse_deal``: the text itself (``"<h0> <h1> <h2> <talon>"``),
    or with ``/`` the pair (three hands, talon) of its four parts."""
    if HAND_SEPARATOR not in text:
        return text
    parts = split_hands(text)
    if len(parts) != 4:
        raise NotationError(f"deal {text!r} must be three hands and the talon separated by "
                            f"'{HAND_SEPARATOR}', not {len(parts)} parts")
    return parts[:3], parts[3]
