"""How well the bid hint's pass estimate foresees what happens in play, on real deals.

    python tools/pass_estimate_bias.py run1.json [run2.json ...]

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
root mean square error (estimate minus the tricks taken).
"""

from __future__ import annotations

import json
import sys
from statistics import mean
from typing import Dict, List

from meksiko_solver import solve
from meksiko_solver.cards import Card, cards_to_mask, mask_to_cards
from meksiko_solver.play import tricks_along
from meksiko_solver.hints.heuristics import simple_declare
from meksiko_solver.review import review


def _cards(mask: int) -> List[str]:
    return [str(c) for c in mask_to_cards(mask)]


def main(paths) -> Dict[str, Dict[str, float]]:
    declarer: Dict[str, List[float]] = {"rule_of_thumb": [], "chosen": [], "best_for_trump": [], "played": []}
    errors: Dict[str, List[float]] = {"line_share": [], "alone": [], "alone_and_coins": []}
    for path in paths:
        for game in json.load(open(path))["deals"]:
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
                                     for k, v in errors.items() if v}}
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2))
