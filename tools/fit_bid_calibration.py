"""Fit the bid hint's calibration to played results and write it into ``hints/models.json``.

    python tools/fit_bid_calibration.py [--games 800] [--seed 31] [--samples 50] [--jobs 2]
                                          [--rows rows.jsonl] [--out PATH]

``--games`` seeded deals are played by the hint policy in all three seats with its bid figures
left double-dummy (``HintPolicy()``, the default, ``--samples`` worlds; deal i from
``random.Random(seed * 7919 + i)``, dealer ``i % 3``). From each deal:

* a *make* row: the double-dummy chance of making that the declarer's last bid hint gave the
  contract he declared, and whether he made it when played (Meksiko left out);
* a *pass* row for each seat that passed and defended: the double-dummy pass estimate of its
  last bid hint, and the score it had when the deal was played.

Deals ``i % 4 == 3`` are held back. The fit (:mod:`meksiko_solver.hints.calibration`): logistic
regression of made on logit(p) over the contracts with 0 < p < 1 (a chance of 0 or 1 is kept),
least squares of the defender's score on the pass estimate.
Reported on the held-back deals: the Brier score of the double-dummy chance, of the calibrated
one and of the per-world best (the double-dummy upper bound), and the mean squared error of the
pass estimate before and after. ``--rows`` keeps the rows (JSON lines) and, when the file
exists, fits from it without playing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Dict, List

import numpy as np
from tqdm import tqdm

from meksiko_solver.auction import MEKSIKO, NEXT
from meksiko_solver.deal import Phase
from meksiko_solver.game import play_deal
from meksiko_solver.hints.calibration import Calibration, logit
from meksiko_solver.hints.duplicate import brier
from meksiko_solver.hints.policy import HintPolicy

OUT = Path(__file__).resolve().parent.parent / "python" / "meksiko_solver" / "hints" / "models.json"


def play(args: tuple) -> Dict[str, Any]:
    """One deal's rows."""
    i, seed, samples = args
    last: Dict[int, Any] = {}

    def on_hint(phase, view, hint):
        if phase == Phase.AUCTION:
            last[view.seat] = hint

    policy = HintPolicy(samples=samples, seed=seed + i, on_hint=on_hint)  # double-dummy bid figures
    record = play_deal([policy] * 3, dealer=i % 3, seed=random.Random(seed * 7919 + i))
    d, contract, scores = record.declarer, record.contract, record.scores
    assert d is not None and contract is not None and scores is not None
    out: Dict[str, Any] = {"game": i, "make": None, "pass": []}
    hint = last.get(d)
    if hint is not None and contract != MEKSIKO:
        c = str(contract)
        out["make"] = {"p": hint.predictions[contract], "upper": hint.upper_bound["options"][contract]["make"],
                       "made": int(record.tricks_won[d] >= contract.tricks_needed), "contract": c}
    for s in range(3):
        h = last.get(s)
        if s != d and h is not None and h.call == NEXT:
            out["pass"].append({"seat": s, "estimate": h.pass_estimate["score"], "score": scores[s]})
    return out


def logistic(x: np.ndarray, y: np.ndarray) -> tuple:
    """(a, b) of P(y) = sigmoid(a + b x), by Newton's method."""
    w = np.array([0.0, 1.0])
    design = np.column_stack([np.ones_like(x), x])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(design @ w)))
        grad = design.T @ (y - p)
        hess = design.T @ (design * (p * (1 - p))[:, None]) + 1e-9 * np.eye(2)
        step = np.linalg.solve(hess, grad)
        w = w + step
        if np.max(np.abs(step)) < 1e-10:
            break
    return float(w[0]), float(w[1])


def fit(rows: List[Dict[str, Any]]) -> Dict[str, Any]:
    held = lambda r: r["game"] % 4 == 3  # noqa: E731
    make = [(r["make"], held(r)) for r in rows if r["make"] is not None]
    passes = [(p, held(r)) for r in rows for p in r["pass"]]

    def arrays(part, keys):
        return [np.array([row[k] for row, _ in part], dtype=float) for k in keys]

    mf = [m for m in make if not m[1]]
    mh = [m for m in make if m[1]]
    p_fit, y_fit = arrays(mf, ("p", "made"))
    inside = (p_fit > 0) & (p_fit < 1)
    a, b = logistic(np.array([logit(p) for p in p_fit[inside]]), y_fit[inside])
    p_held, upper_held, y_held = arrays(mh, ("p", "upper", "made"))
    cal_held = np.array([Calibration(a, b).make(p) for p in p_held])
    sure = [(p, y) for p, y in zip(np.concatenate([p_fit, p_held]), np.concatenate([y_fit, y_held])) if p >= 1]

    pf = [p for p in passes if not p[1]]
    ph = [p for p in passes if p[1]]
    x_fit, s_fit = arrays(pf, ("estimate", "score"))
    beta, alpha = np.polyfit(x_fit, s_fit, 1)
    x_held, s_held = arrays(ph, ("estimate", "score"))

    return {"make": {"a": round(a, 4), "b": round(b, 4)},
            "pass": {"alpha": round(float(alpha), 4), "beta": round(float(beta), 4)},
            "quality": {
                "deals": len(rows), "contracts_fit": len(mf), "contracts_fit_uncertain": int(inside.sum()),
                "contracts_held_back": len(mh),
                "sure_contracts": len(sure), "sure_made": round(float(np.mean([y for _, y in sure])), 4) if sure else None,
                "made_held_back": round(float(np.mean(y_held)), 4),
                "brier_held_back": {name: brier(list(zip(q, y_held)))["brier"] for name, q in
                                    (("double_dummy", p_held), ("calibrated", cal_held),
                                     ("per_world_upper_bound", upper_held))},
                "mean_make_held_back": {"double_dummy": round(float(np.mean(p_held)), 4),
                                        "calibrated": round(float(np.mean(cal_held)), 4)},
                "passes_fit": len(pf), "passes_held_back": len(ph),
                "pass_mse_held_back": {
                    "double_dummy": round(float(np.mean((x_held - s_held) ** 2)), 4),
                    "calibrated": round(float(np.mean((alpha + beta * x_held - s_held) ** 2)), 4)},
                "mean_pass_held_back": {"estimate": round(float(np.mean(x_held)), 4),
                                        "played": round(float(np.mean(s_held)), 4)}}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=800)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--samples", type=int, default=50)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rows", type=Path)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)

    if args.rows is not None and args.rows.exists():
        rows = [json.loads(line) for line in args.rows.read_text().splitlines() if line]
    else:
        work = [(i, args.seed, args.samples) for i in range(args.games)]
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = list(tqdm(pool.map(play, work, chunksize=4), total=len(work), desc="deals"))
        if args.rows is not None:
            args.rows.write_text("".join(json.dumps(r) + "\n" for r in rows))
    calibration = fit(rows)
    calibration["fitted_by"] = ("tools/fit_bid_calibration.py --games {} --seed {} --samples {}"
                                .format(len(rows), args.seed, args.samples))
    model = json.loads(args.out.read_text())
    model["calibration"] = calibration
    args.out.write_text(json.dumps(model, indent=1) + "\n")
    print(json.dumps(calibration, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
