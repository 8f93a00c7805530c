"""Fixed seeded sets of the Mexican Train benchmarks, and their stored answers.

Regenerate the answers only when a set's definition changes: python benchmarks/mexican_train_sets.py
(the optimiser's answers come from the Python twin of the search, itself checked against a
plain brute force in tests/test_mexican_train.py).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from meksiko_solver.mexican_train import deal_round
from meksiko_solver.mexican_train.opening import python_opening
from meksiko_solver.mexican_train.tiles import TILES, Tile

DATA = Path(__file__).resolve().parent / "data"
ANSWERS = DATA / "mexican_train_answers.json"
HANDS, HINT_VIEWS, HINT_WORLDS = 1000, 8, 100


def opening_hands() -> list:
    """1000 hands of 15 tiles with an engine: a quarter dealt from the whole set, a quarter with
    five or more doubles, half from only 6 or 7 values (dense: repeated values, many trains)."""
    rng = random.Random(2024)
    hands = []
    for k in range(HANDS):
        engine = rng.randint(0, 12)
        pool = [t for t in TILES if t != Tile.of(engine, engine)]
        if k % 4 == 2:
            values = set(rng.sample([v for v in range(13) if v != engine], rng.randint(5, 6))) | {engine}
            pool = [t for t in pool if t.high in values and t.low in values]
        hand = rng.sample(pool, 15)
        if k % 4 == 1:
            doubles = [t for t in pool if t.is_double]
            hand = rng.sample(doubles, rng.randint(5, 8))
            hand += rng.sample([t for t in pool if t not in hand], 15 - len(hand))
        if k % 4 == 3:
            values = set(rng.sample([v for v in range(13) if v != engine], 6)) | {engine}
            dense = [t for t in pool if t.high in values and t.low in values]
            hand = rng.sample(dense, 15)
        hands.append(([str(t) for t in hand], engine))
    return hands


def hint_views() -> list:
    """Views of seat 0 at the start of a 4-player round (engine 12, seat 0 starts) with a choice."""
    views = []
    seed = 0
    while len(views) < HINT_VIEWS:
        deal = deal_round(4, 12, random.Random(10_000 + seed))
        seed += 1
        if not any(t.has(12) for t in deal.hands[0]):
            continue  # a forced draw: nothing to time
        views.append({"players": 4, "engine": 12, "starter": 0, "seat": 0,
                      "hand": [str(t) for t in deal.hands[0]], "moves": []})
    return views


def answers() -> dict:
    return json.loads(ANSWERS.read_text())


def main() -> None:
    from meksiko_solver.mexican_train import train_hint

    openings = []
    for hand, engine in opening_hands():
        ordered = sorted((Tile.parse(t) for t in hand), key=lambda t: (t.high, t.low), reverse=True)
        best, _, _ = python_opening([(t.high, t.low) for t in ordered], engine)
        openings.append([str(ordered[i]) for i in best])
    hints = [train_hint(v, worlds=HINT_WORLDS, seed=0).move.to_dict() for v in hint_views()]
    ANSWERS.write_text(json.dumps({"openings": openings, "hints": hints}) + "\n")


if __name__ == "__main__":
    main()
