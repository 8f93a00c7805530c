"""results.jsonl: one line per deal, in study order, in the documented shape::

    {"i": 0, "deal": {"hands": ["AK7.QJ.T98.A", "...", "..."], "talon": ["8C", "TD"]},
     "seats": {"1": {"with_talon": {"S": 7, "H": 5, "D": 4, "C": 6},
                     "meksiko": {"S": 3, "H": 2, "D": 2, "C": 3, "N": 2},
                     "max_bid": 7, "talon_value": 1}}}
"""

from __future__ import annotations

import json
import os
from typing import Iterator

from ..cards import SUITS
from .chunks import MEKSIKO_CODE, NO_BID, TRUMPS
from .deals import StudyDeal


def _max_bid(code: int):
    return "M" if code == MEKSIKO_CODE else None if code == NO_BID else int(code)


def result_lines(arrays: dict) -> Iterator[dict]:
    """The result of every deal of the arrays, in order."""
    for row in range(arrays["index"].size):
        deal = StudyDeal(tuple(int(h) for h in arrays["hands"][row]), int(arrays["talon"][row]), None, 0)
        seats = {}
        for seat in range(3):
            if not arrays["analysed"][row, seat]:
                continue
            seats[str(seat)] = {
                "with_talon": {t: int(v) for t, v in zip(SUITS, arrays["with_talon"][row, seat])},
                "meksiko": {t: int(v) for t, v in zip(TRUMPS, arrays["meksiko"][row, seat])},
                "max_bid": _max_bid(int(arrays["max_bid"][row, seat])),
                "talon_value": int(arrays["talon_value"][row, seat]),
            }
        yield {"i": int(arrays["index"][row]), "deal": deal.to_dict(), "seats": seats}


def write_results(arrays: dict, path: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for line in result_lines(arrays):
            f.write(json.dumps(line) + "\n")
    os.replace(tmp, path)
