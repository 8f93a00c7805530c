"""How well the bid hint's double-dummy estimates foresee what happens in play, on real deals.

    python tools/bid_estimates_vs_play.py run1.json [run2.json ...] [--write]

Reads the base games of duplicate-arena runs (``arena --duplicate --json``): every seat played by
one policy. For each deal with a numeric contract, on the true cards:

- the declarer's tricks double-dummy with the rule-of-thumb declaration of his twelve cards
  (``heuristics.simple_declare``), with the declaration he chose, with the best one for his trump
  (the review's), and the tricks he took in play;
- each defender's own tricks foreseen three ways, against those he took: his share along one
  optimal line of the chosen declaration (the pass estimate's way), the tricks he takes alone
  against the other two (capped at the defence's), and those plus half the rest of the defence's
  (the coin split of the play hint's ``own_search``).

Prints the means and, for the defender's estimators, the bias, the mean absolute error and the
root mean square error (estimate minus the tricks taken); and ``played_minus_double_dummy``, the
share of deals by how many tricks the declarer took beyond the double-dummy value of his chosen
declaration, which ``--write`` puts into ``hints/models.json`` (``play_noise``: the bid hint's
``play_noise`` reads it).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from statistics import mean
from pathlib import Path
from typing import Any, Dict, List

from meksiko_solver import solve
from meksiko_solver.cards import Card, cards_to_mask, mask_to_cards
from meksiko_solver.play import tricks_along
from meksiko_solver.hints.heuristics import simple_declare
from meksiko_solver.review import review


def _cards(mask: int) -> List[str]:
    return [str(c) for c in mask_to_cards(mask)]


def main(paths) -> Dict[str, Any]:
    declarer: Dict[str, List[float]] = {"rule_of_thumb": [], "chosen": [], "best_for_trump": [], "played": []}
    errors: Dict[str, List[float]] = {"line_share": [], "alone": [], "alone_and_coins": []}
    shifts: Counter = Counter()
    runs = []
    for path in paths:
        run = json.load(open(path))
        summary = run["summary"]
        runs.append(f"seed {summary['seed']} ({summary['policies']['A']},{summary['policies']['B']}, "
                    f"{summary['samples']} worlds, {summary['rules']} {summary['mode']})")
        for game in run["deals"]:
            record = game["record"]
            if game["game"] != "base" or not record.get("discard"):
                continue
            r = review(record).to_dict()
            seat, trump = r["declarer"], record["trump"]
            twelve = cards_to_mask(Card(c) for c in record["hands"][seat] + record["talon"])
            hands = [list(h) for h in record["hands"]]
            thumb_discard, thumb_trump = simple_declare(twelve)
            hands[seat] = _cards(twelve & ~thumb_discard)
            declarer["rule_of_thumb"].append(solve(hands, "SHDC"[thumb_trump], seat, seat, [], card_values=False).tricks)
            hands[seat] = _cards(twelve & ~cards_to_mask(Card(c) for c in record["discard"]))
            chosen = solve(hands, trump, seat, seat, [], card_values=False, line=True)
            declarer["chosen"].append(chosen.tricks)
            declarer["best_for_trump"].append(r["discard"]["best_tricks"])
            declarer["played"].append(r["result"]["tricks"][seat])
            shifts[r["result"]["tricks"][seat] - chosen.tricks] += 1
            share = tricks_along(chosen.line, seat, "SHDC".index(trump))
            for defender in range(3):
                if defender == seat:
                    continue
                took = r["result"]["tricks"][defender]
                alone = min(solve(hands, trump, defender, seat, [], card_values=False).tricks, 10 - chosen.tricks)
                errors["line_share"].append(share[defender] - took)
                errors["alone"].append(alone - took)
                errors["alone_and_coins"].append(alone + (10 - chosen.tricks - alone) / 2 - took)
    out = {"declarer_tricks": {k: round(mean(v), 3) for k, v in declarer.items() if v},
           "defender_tricks_error": {k: {"n": len(v), "bias": round(mean(v), 3),
                                         "mae": round(mean(abs(x) for x in v), 3),
                                         "rmse": round(mean(x * x for x in v) ** 0.5, 3)}
                                     for k, v in errors.items() if v},
           "played_minus_double_dummy": {str(k): round(shifts[k] / sum(shifts.values()), 4) for k in sorted(shifts)},
           "deals": sum(shifts.values()), "runs": runs}
    return out


OUT = Path(__file__).resolve().parent.parent / "python" / "meksiko_solver" / "hints" / "models.json"


def write(out: Dict[str, Any], models: Path = OUT) -> None:
    """The measured distribution into the model file, with how it was measured."""
    data = json.loads(models.read_text())
    data["play_noise"] = {"played_minus_double_dummy": out["played_minus_double_dummy"],
                          "fitted_by": f"tools/bid_estimates_vs_play.py on the base games of the arena --duplicate "
                                       f"runs {'; '.join(out['runs'])}: {out['deals']} deals"}
    models.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="arena --duplicate --json outputs")
    ap.add_argument("--write", action="store_true", help="write played minus double-dummy into hints/models.json")
    args = ap.parse_args()
    result = main(args.runs)
    print(json.dumps(result, indent=2))
    if args.write:
        write(result)
