"""Fit the search's first guess of the declarer's tricks (``SearchKernel::guess`` in cpp/engine/search_kernel.hpp).

    python tools/fit_first_guess.py            # fit, print the C++ expression and how often it is right
    python tools/fit_first_guess.py --check    # also compare with the coefficients now in search_kernel.hpp

``Solver::tricks`` first asks whether the declarer reaches this guess, then steps one trick
at a time from it, so a guess that is right more often saves searches; the answers never
depend on it. The fit is ordinary least squares on seeded random positions at a trick start
(half of them full deals of 10 cards a hand, the rest of 1 to 9 cards, every trump and no
trump, any declarer and leader), solved exactly by the engine. The features are the ones
``guess()`` computes, in the same order; change both together. With the default seed and
count the script prints the coefficients that search_kernel.hpp holds (to the three decimals kept).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

import numpy as np

NO_TRUMP = 4
SEARCH_SOURCE = Path(__file__).resolve().parent.parent / "cpp" / "engine" / "search_kernel.hpp"
# Names of the features, in the order of the fitted expression in guess().
FEATURES = ["1", "left", "leader == declarer", "trumps",
            "side_place[0]", "side_place[1]", "side_place[2]", "side_place[3]",
            "trump_place[0]", "trump_place[1]", "trump_place[2]", "trump_place[3]",
            "defender_trumps", "voids (with trump)", "singletons (with trump)", "longest",
            "no_trump", "trumps^2", "longest * no_trump"]


def features(hands: list, trump: int, declarer: int, leader: int) -> list:
    """What Search::guess() computes for a trick-start position (hand masks)."""
    live = hands[0] | hands[1] | hands[2]
    mine = hands[declarer]
    no_trump = trump == NO_TRUMP
    side_place = [0, 0, 0, 0]
    trump_place = [0, 0, 0, 0]
    trumps = voids = singletons = longest = defender_trumps = 0
    for s in range(4):
        suit = live & (0xFF << (8 * s))
        top_down = [c for c in range(8 * s + 7, 8 * s - 1, -1) if suit >> c & 1]
        for place, card in enumerate(top_down[:4]):
            if mine >> card & 1:
                (trump_place if s == trump else side_place)[place] += 1
        length = bin(mine & suit).count("1")
        if s == trump:
            trumps = length
            for q in (1, 2):
                defender_trumps = max(defender_trumps, bin(hands[(declarer + q) % 3] & suit).count("1"))
            continue
        voids += length == 0
        singletons += length == 1
        longest = max(longest, length)
    left = bin(hands[leader]).count("1")
    return [1, left, int(leader == declarer), trumps, *side_place, *trump_place, defender_trumps,
            0 if no_trump else voids, 0 if no_trump else singletons, longest, int(no_trump),
            trumps * trumps, longest * int(no_trump)]


def positions(count: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = 10 if i % 2 == 0 else rng.randint(1, 9)
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[k * n:(k + 1) * n]) for k in range(3)]
        out.append((hands, rng.randrange(5), rng.randrange(3), rng.randrange(3), []))
    return out


def current_coefficients() -> list:
    """The coefficients in guess() now, in FEATURES order."""
    text = SEARCH_SOURCE.read_text(encoding="utf-8")
    body = text[text.index("double estimate =") + len("double estimate ="):]
    body = "".join(body[:body.index(";")].split()).replace("(no_trump?0:", "").replace("singletons)", "singletons")
    names = ["", "left", "(leader_==declarer_)", "trumps", *[f"side_place[{k}]" for k in range(4)],
             *[f"trump_place[{k}]" for k in range(4)], "defender_trumps", "voids", "singletons", "longest",
             "no_trump", "trumps*trumps", "longest*no_trump"]
    coefs = [None] * len(names)
    for sign, value, name in re.findall(r"([+-]?)(\d+\.\d+)(?:\*([^+-]+))?", body):
        coefs[names.index(name or "")] = -float(value) if sign == "-" else float(value)
    if None in coefs:
        raise SystemExit(f"cannot read every coefficient of guess() in {SEARCH_SOURCE}")
    return coefs


def cpp_expression(c: list) -> str:
    def term(value: float, name: str, first: bool = False) -> str:
        if first:
            return f"{value:.3f}"
        return f"{'-' if value < 0 else '+'} {abs(value):.3f} * {name}"
    names = ["", "left", "(leader_ == declarer_)", "trumps", *[f"side_place[{k}]" for k in range(4)],
             *[f"trump_place[{k}]" for k in range(4)], "defender_trumps"]
    parts = [term(c[0], "", True)] + [term(v, n) for v, n in zip(c[1:13], names[1:13])]
    with_trump = f"(no_trump ? 0 : {c[13]:.3f} * voids {'-' if c[14] < 0 else '+'} {abs(c[14]):.3f} * singletons)"
    parts += [f"+ {with_trump}", term(c[15], "longest"), term(c[16], "no_trump"), term(c[17], "trumps * trumps"),
              term(c[18], "longest * no_trump")]
    return "double estimate = " + " ".join(parts) + ";"


def accuracy(coefs: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple:
    g = np.floor(x @ coefs + 0.5)
    g = np.clip(g, 0, x[:, 1])
    return float(np.mean(g == y)), float(np.mean(np.abs(g - y) <= 1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=30000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="compare with the coefficients in search_kernel.hpp")
    args = ap.parse_args()
    from meksiko_solver import _core

    items = positions(args.count, args.seed)
    results = _core.solve_many(items, False, False, 0)
    x = np.array([features(*p[:4]) for p in items], dtype=float)
    y = np.array([r.tricks for r in results], dtype=float)
    coefs, *_ = np.linalg.lstsq(x, y, rcond=None)
    rounded = np.round(coefs, 3)
    print(f"{len(items)} positions (seed {args.seed})")
    print(cpp_expression(list(rounded)))
    exact, near = accuracy(rounded, x, y)
    print(f"the rounded guess is exact for {100 * exact:.1f}% of the positions, within one trick for {100 * near:.1f}%")
    if args.check:
        now = np.array(current_coefficients())
        exact_now, near_now = accuracy(now, x, y)
        print(f"search_kernel.hpp's coefficients: exact {100 * exact_now:.1f}%, within one {100 * near_now:.1f}%")
        diff = np.abs(now - rounded)
        for name, a, b in zip(FEATURES, now, rounded):
            if abs(a - b) > 5e-4:
                print(f"  {name}: search_kernel.hpp {a:.3f}, fit {b:.3f}")
        if diff.max() > 5e-4:
            print(f"search_kernel.hpp differs from this fit (largest difference {diff.max():.3f})")
            return 1
        print("search_kernel.hpp holds exactly these coefficients")
    return 0


if __name__ == "__main__":
    sys.exit(main())
