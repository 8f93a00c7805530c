"""The tempering of the worlds' weights: how much of the inference a power tau of the likelihood
keeps, against how many effective worlds it leaves. Writes the table into ``hints/models.json``.

    python tools/fit_tempering.py --deals 12 --seed 7000 --exponent 0.5
    python tools/fit_tempering.py --deals 40 --seed 7000 --lookback 2    # less of the play weighed

The hint policy plays ``--deals`` seeded deals against itself. At every hint whose worlds it
weighted, a fresh uniform draw of ``--pool`` worlds and the deal's real layout are weighed by the
models (the raw log-likelihood L, untempered). For each tau of the grid and each phase:

* ``llr``: the mean log-likelihood ratio of the real layout under w = L^tau, self-normalised
  over the draw (what ``arena --duplicate`` reports; 0 at tau = 0, uniform worlds);
* ``ess_share``: the median effective sample size of the draw over its size (1 at tau = 0).

``--lookback K`` weighs the other seats' last K cards instead of the play model's own number, and
``--models NAME`` weighs by another model set (``lowest-of-equals``...; the hints, and so the
deals, stay those of the shipped model): how much more or less the play says.

The exponent kept is the one given by ``--exponent`` (a choice from this trade-off, judged in the
duplicate arena, not an optimum of either column); without it only the table is printed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from itertools import islice
from math import exp, log
from pathlib import Path
from statistics import mean, median, stdev
from typing import Any, Dict, List

from tqdm import tqdm

from meksiko_solver.budget import Budget
from meksiko_solver.game import play_deal
from meksiko_solver.hints.duplicate import recorded_world
from meksiko_solver.errors import OptionError
from meksiko_solver.hints.bidding_model import check_models
from meksiko_solver.hints.inference import Evidence
from meksiko_solver.hints.play_model import lookback as set_lookback
from meksiko_solver.hints.policy import HintPolicy
from meksiko_solver.hints.weights import WeightMode, effective_size

OUT = Path(__file__).resolve().parent.parent / "python" / "meksiko_solver" / "hints" / "models.json"
GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.25, 1.5)


def play(args: tuple) -> List[Dict[str, Any]]:
    """One deal's weighted hints: phase, the real layout's raw log-likelihood, the draw's."""
    i, seed, samples, pool, lookback, models = args
    hints: List[tuple] = []
    policy = HintPolicy(samples=samples, seed=seed + i, on_hint=lambda phase, view, hint: hints.append((phase, view, hint)))
    record = play_deal([policy] * 3, dealer=i % 3, seed=random.Random(seed * 7919 + i))
    rows = []
    for n, (phase, view, hint) in enumerate(hints):
        weighted = getattr(hint, "weighted", None)
        if weighted is None or weighted.evidence is None or weighted.mode != WeightMode.MODEL:
            continue
        evidence = Evidence(weighted.evidence.view, weighted.evidence.layout, lookback, models)
        draw = list(islice(evidence.layout.sample(pool, seed * 1_000_003 + i * 1009 + n), pool))
        logs = [x for x in evidence.log_weights(draw, Budget(None)) if x > float("-inf")]
        real = evidence.log_weight(recorded_world(record, view, evidence.layout))
        if logs and real > float("-inf"):
            rows.append({"deal": i, "phase": str(phase), "real": real, "logs": logs})
    return rows


def _log_mean_exp(xs: List[float]) -> float:
    top = max(xs)
    return top + log(mean(exp(x - top) for x in xs))


def table(rows: List[Dict[str, Any]], grid=GRID) -> Dict[str, Any]:
    """Per phase and tau: mean LLR (with its standard error) and median ESS share."""
    out: Dict[str, Any] = {}
    for phase in sorted({r["phase"] for r in rows}):
        part = [r for r in rows if r["phase"] == phase]
        below_top = [[x - max(r["logs"]) for x in r["logs"]] for r in part]  # each draw's logs, its top at 0
        lines = []
        for tau in grid:
            llr = [tau * r["real"] - _log_mean_exp([tau * x for x in r["logs"]]) for r in part]
            share = [effective_size([exp(tau * x) for x in logs]) / len(logs) for logs in below_top]
            lines.append({"tau": tau, "llr": round(mean(llr), 4),
                          "llr_se": round(stdev(llr) / len(llr) ** 0.5, 4) if len(llr) > 1 else None,
                          "ess_share": round(median(share), 4)})
        out[phase] = {"hints": len(part), "by_tau": lines}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--samples", type=int, default=50)
    ap.add_argument("--pool", type=int, default=100, help="worlds drawn and weighed per hint")
    ap.add_argument("--lookback", type=int, default=set_lookback(), help="the other seats' last cards weighed")
    ap.add_argument("--models", default="current", help="the model set that weighs the draws")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--exponent", type=float, help="the tau to keep (0 < tau <= 1); without it nothing is written")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    if args.exponent is not None and not 0 < args.exponent <= 1:
        ap.error(f"--exponent {args.exponent}: the power of the likelihood must lie in (0, 1]")
    if args.lookback < 0:
        ap.error(f"--lookback {args.lookback}: a number of cards, 0 or more")

    try:
        check_models(args.models)
    except OptionError as e:
        ap.error(f"--models: {e}")
    work = [(i, args.seed, args.samples, args.pool, args.lookback, args.models) for i in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for deal in tqdm(pool.map(play, work), total=len(work), desc="deals") for r in deal]
    result = {"table": table(rows),
              "fitted_by": f"tools/fit_tempering.py --deals {args.deals} --seed {args.seed} "
                           f"--samples {args.samples} --pool {args.pool}"
                           + (f" --lookback {args.lookback}" if args.lookback != set_lookback() else "")
                           + (f" --models {args.models}" if args.models != "current" else "")}
    print(json.dumps(result, indent=1))
    if args.exponent is not None:
        model = json.loads(args.out.read_text())
        model["tempering"] = {"exponent": args.exponent, **result}
        args.out.write_text(json.dumps(model, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
