"""results.jsonl: one line per deal, in study order, in the documented shape::

    {"i": 0, "deal": {"hands": ["AK7.QJ.T98.A", "...", "..."], "talon": ["8C", "TD"]},
     "seats": {"1": {"with_talon": {"S": 7, "H": 5, "D": 4, "C": 6},
                     "meksiko": {"S": 3, "H": 2, "D": 2, "C": 3, "N": 2},
                     "max_bid": 7, "talon_value": 1}}}

A million lines are written in a minute or so: holdings come from a table of the 256 holdings
of a suit (the same text as ``str(Hand(mask))``) and the arrays are read as Python lists.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterator, List

from ..cards import RANKS, SUITS, Card
from .chunks import MEKSIKO_CODE, NO_BID, TRUMPS

_SUIT_HOLDING = ["".join(RANKS[r] for r in range(7, -1, -1) if byte >> r & 1) or "-" for byte in range(256)]
_CARD = [str(Card(i)) for i in range(32)]


def holding(mask: int) -> str:
    """``str(Hand(mask))``: ``AK7.QJ.T98.A``, ``-`` for a void."""
    return ".".join(_SUIT_HOLDING[mask >> (8 * s) & 0xFF] for s in range(4))


def _talon(mask: int) -> List[str]:  # canonical order: by suit, then from the ace down
    return [_CARD[i] for i in sorted((i for i in range(32) if mask >> i & 1), key=lambda i: (i >> 3, -(i & 7)))]


def _max_bid(code: int):
    return "M" if code == MEKSIKO_CODE else None if code == NO_BID else code


def result_lines(arrays: Dict[str, Any]) -> Iterator[Dict[str, Any]]:
    """The result of every deal of the arrays, in order."""
    columns = [arrays[name].tolist() for name in
               ("index", "hands", "talon", "analysed", "with_talon", "meksiko", "max_bid", "talon_value")]
    for i, hands, talon, analysed, with_talon, meksiko, max_bid, talon_value in zip(*columns):
        seats = {}
        for seat in range(3):
            if analysed[seat]:
                seats[str(seat)] = {
                    "with_talon": dict(zip(SUITS, with_talon[seat])),
                    "meksiko": dict(zip(TRUMPS, meksiko[seat])),
                    "max_bid": _max_bid(max_bid[seat]),
                    "talon_value": talon_value[seat],
                }
        yield {"i": i, "deal": {"hands": [holding(h) for h in hands], "talon": _talon(talon)}, "seats": seats}


def write_results(arrays: Dict[str, Any], path: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for line in result_lines(arrays):
            f.write(json.dumps(line) + "\n")
    os.replace(tmp, path)
