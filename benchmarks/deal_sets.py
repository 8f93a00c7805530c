"""Fixed, seeded deal sets shared by the benchmarks (and their stored answers).

A set is regenerated from its seed with Python's random module, so the files in
data/ hold only the answers the benchmarks compare against (like DDS's list
files and Stockfish's bench: one data set for speed and for regressions).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from meksiko_solver.cards import DECK, Hand

DATA = Path(__file__).resolve().parent / "data"
TRUMPS = ["S", "H", "D", "C", None]


def full_deals(count: int = 1000, seed: int = 2026) -> list:
    """`count` random deals of 10 cards a hand plus a 2-card talon; deal i has
    trump TRUMPS[i % 5] (so the set is spread evenly over the four trumps and
    no trump) and declarer i % 3, who leads."""
    rng = random.Random(seed)
    deals = []
    for i in range(count):
        cards = list(DECK)
        rng.shuffle(cards)
        deals.append(
            {
                "hands": [str(Hand(cards[10 * k : 10 * k + 10])) for k in range(3)],
                "talon": [str(c) for c in cards[30:]],
                "trump": TRUMPS[i % 5],
                "declarer": i % 3,
            }
        )
    return deals


def analysis_deals(count: int = 200) -> list:
    """The first `count` deals of full_deals(), analysed for their declarer (i % 3)."""
    return full_deals()[:count]


def load_answers(name: str) -> list:
    with (DATA / name).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_answers(name: str, rows: list) -> None:
    DATA.mkdir(exist_ok=True)
    with (DATA / name).open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, sort_keys=True) + "\n")
