"""Check the game equity against fresh games, and draw its heat map.

Fresh games: ``--states`` game states drawn as the match duplicate draws them (every seat within
15 points below the target, a random dealer; ``hints/match_duplicate.py``) from ``--seed``, each
played to the end once with ``hint`` (``--samples`` worlds) in every seat, on deals that are not
the equity corpus's. For each state and seat the equity's predicted chance is paired with the
seat's win (1, 1/w for a win shared by w seats, or 0). Printed as JSON: the Brier score, the
Brier score of the no-skill forecast (1/3 for every seat) and a calibration table (predicted
chance in tenths: count, mean predicted, share won).

The heat map: seat 0's chance of winning over the two other seats' scores, with seat 0's own
score and the dealer fixed (``--heatmap PATH``, a PNG; needs matplotlib, the ``study`` extra).

    nice -n 10 python3 tools/equity_check.py --states 200 --workers 2 --seed 56100 --out docs/data/equity_check.json
    python3 tools/equity_check.py --states 0 --heatmap docs/img/equity-heatmap.png
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np

from meksiko_solver.game_state import GameState
from meksiko_solver.hints.equity import equities, equity
from meksiko_solver.hints.match_duplicate import draw_states, play_from, win_share
from meksiko_solver.hints.parallel import ordered_calls


def one_game(index: int, state: GameState, samples: int, seed: int) -> List[float]:
    game = play_from(state, ["hint"] * 3, samples, seed, index)
    return [win_share(game, k) for k in range(3)]


def calibration(pairs: Sequence[Tuple[float, float]]) -> Dict[str, Any]:
    p = np.array([x for x, _ in pairs])
    won = np.array([y for _, y in pairs])
    bins = []
    for lo in np.arange(0, 1, 0.1):
        inside = (p >= lo) & ((p < lo + 0.1) | (lo >= 0.9))
        if inside.any():
            bins.append({"predicted": f"{lo:.1f}-{lo + 0.1:.1f}", "count": int(inside.sum()),
                         "mean_predicted": round(float(p[inside].mean()), 3), "won": round(float(won[inside].mean()), 3)})
    return {"pairs": len(pairs), "brier": round(float(((p - won) ** 2).mean()), 4),
            "brier_no_skill": round(float(((1 / 3 - won) ** 2).mean()), 4), "bins": bins}


def heatmap(path: Path, rules: str, mode: str, target: int, own: int, dealer: int) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scores = list(range(0, target))
    grid = equities([GameState((own, a, b), dealer, target, rules, mode) for a in scores for b in scores])
    p = grid[:, 0].reshape(len(scores), len(scores))
    fig, ax = plt.subplots(figsize=(5.5, 4.5))
    image = ax.imshow(p, origin="lower", cmap="viridis", vmin=0, vmax=1, extent=(-0.5, target - 0.5, -0.5, target - 0.5))
    ax.set_xlabel("seat 2's score")
    ax.set_ylabel("seat 1's score")
    ax.set_title(f"P(seat 0 wins), seat 0 at {own} of {target}, dealer seat {dealer}\n{rules} {mode}")
    fig.colorbar(image, ax=ax, label="P(win)")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--states", type=int, default=200)
    ap.add_argument("--seed", type=int, default=56_100)
    ap.add_argument("--samples", type=int, default=50)
    ap.add_argument("--rules", default="mexico-club")
    ap.add_argument("--mode", default="easy")
    ap.add_argument("--target", type=int, default=31)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="write the check's JSON here too")
    ap.add_argument("--heatmap", type=Path, default=None, help="draw the heat map into this PNG")
    ap.add_argument("--own", type=int, default=20, help="seat 0's score in the heat map")
    args = ap.parse_args()
    if args.states:
        states = draw_states(args.states, args.seed, args.rules, args.mode, args.target)
        calls = [(i, s, args.samples, args.seed) for i, s in enumerate(states)]
        pairs = []
        for state, wins in zip(states, ordered_calls(one_game, calls, args.workers, None, "equity-check")):
            for k, (p, won) in enumerate(zip(equity(state), wins)):
                pairs.append((float(p), won))
        result = {"states": args.states, "seed": args.seed, "rules": args.rules, "mode": args.mode,
                  "target": args.target, "samples": args.samples, **calibration(pairs)}
        text = json.dumps(result, indent=1)
        print(text)
        if args.out:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(text + "\n")
    if args.heatmap:
        heatmap(args.heatmap, args.rules, args.mode, args.target, args.own, 0)


if __name__ == "__main__":
    main()
