"""Fit the model of the named trump to the declarations of games played.

    python tools/fit_trump_model.py run1.json [run2.json ...] [--write]

Reads duplicate-arena runs (``arena --duplicate --json``). Every numeric contract of every game
is a declaration: the declarer's twelve cards (his hand and the talon) and the trump he named.
A declaration that recurs across a deal's games (the same twelve cards, trump and discard) counts
once. The model (:func:`meksiko_solver.hints.play_model.trump_log_probability_with`, which the
fit evaluates) is

    P(trump = s | twelve) = (1 - floor) * exp(length * n_s) / sum_t exp(length * n_t) + floor / 4

with n_s the suit's length among the twelve and the floor fixed at :data:`FLOOR`. ``length`` is
the maximum-likelihood value on the declarations ``i % 4 != 3`` (golden-section search: the
log-likelihood is unimodal in it); the rest are held back for the fit's quality, against the
uniform choice (log 1/4). ``--write`` puts the result into ``hints/models.json`` (``trump``).
"""

from __future__ import annotations

import argparse
import json
from math import log
from pathlib import Path
from statistics import mean
from typing import Any, Dict, List, Sequence, Tuple

from meksiko_solver.auction import MEKSIKO, Auction
from meksiko_solver.cards import Card, Suit, cards_to_mask
from meksiko_solver.hints.heuristics import suit_length
from meksiko_solver.hints.play_model import trump_log_probability_with

OUT = Path(__file__).resolve().parent.parent / "python" / "meksiko_solver" / "hints" / "models.json"
FLOOR = 0.02
Declaration = Tuple[int, int]  # the declarer's twelve cards (a mask), the trump


def declarations(paths: Sequence[str]) -> Tuple[List[Declaration], List[str]]:
    """Every distinct numeric declaration of the runs, in the order met, and the runs read."""
    seen = set()
    out: List[Declaration] = []
    runs = []
    for path in paths:
        run = json.load(open(path))
        summary = run["summary"]
        runs.append(f"seed {summary['seed']} ({summary['policies']['A']},{summary['policies']['B']}, "
                    f"{summary['deals']} deals)")
        for game in run["deals"]:
            record = game["record"]
            auction = Auction(record["dealer"], record["rules"], record["auction"])
            if auction.high_bid == MEKSIKO or not record.get("discard"):
                continue
            seat = auction.high_bidder
            twelve = cards_to_mask(Card(c) for c in record["hands"][seat] + record["talon"])
            trump = int(Suit.parse(record["trump"]))
            key = (twelve, trump, frozenset(record["discard"]))
            if key not in seen:
                seen.add(key)
                out.append((twelve, trump))
    return out, runs


def mean_log_likelihood(length: float, found: Sequence[Declaration]) -> float:
    params = {"length": length, "floor": FLOOR}
    return mean(trump_log_probability_with(twelve, trump, params) for twelve, trump in found)


def fit(found: Sequence[Declaration], low: float = 0.0, high: float = 10.0) -> float:
    """The maximum-likelihood ``length`` in [low, high], to 1e-4."""
    ratio = (5 ** 0.5 - 1) / 2
    a, b = low, high
    while b - a > 1e-4:
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if mean_log_likelihood(c, found) >= mean_log_likelihood(d, found):
            b = d
        else:
            a = c
    return round((a + b) / 2, 4)


def _names_a_longest_suit(twelve: int, trump: int) -> bool:
    lengths = [suit_length(twelve, s) for s in range(4)]
    return lengths[trump] == max(lengths)


def main(paths: Sequence[str]) -> Dict[str, Any]:
    found, runs = declarations(paths)
    if not found:
        raise SystemExit("no numeric declarations in the runs")
    fitted = [d for i, d in enumerate(found) if i % 4 != 3]
    held = [d for i, d in enumerate(found) if i % 4 == 3]
    length = fit(fitted)
    return {"length": length, "floor": FLOOR,
            "quality": {"declarations_fit": len(fitted), "declarations_held_back": len(held),
                        "mean_log_likelihood_held_back": round(mean_log_likelihood(length, held), 4) if held else None,
                        "uniform_log_likelihood_held_back": round(log(0.25), 4),
                        "share_named_a_longest_suit": round(mean(_names_a_longest_suit(*d) for d in found), 4)},
            "fitted_on": runs}


def write(out: Dict[str, Any], models: Path = OUT) -> None:
    data = json.loads(models.read_text())
    data["trump"] = out
    models.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="duplicate-arena outputs (arena --duplicate --json)")
    ap.add_argument("--write", action="store_true", help="write the fitted model into hints/models.json")
    args = ap.parse_args()
    result = main(args.runs)
    print(json.dumps(result, indent=1))
    if args.write:
        write(result)
