"""Write the deal corpus of the game equity (python/meksiko_solver/hints/equity_corpus.npz).

Seeded deals played with ``hint`` (50 worlds) in every seat. ``hint`` ignores the running
totals, so in a game where every seat plays it the deals' outcomes are independent and
identically distributed given the dealer's seat: the equity (:mod:`meksiko_solver.hints.equity`)
replays a game as a race whose step is one deal drawn from this corpus. Each deal is stored
rotated to its dealer: the score changes and the tricks of the dealer, the seat after him and
the one after that, and the declarer's offset from the dealer.

Deal i of a profile/mode is dealt from ``random.Random(SEED * 1_000_003 + i)`` with dealer
``i % 3``; the hint seeds come from the same numbers. Usage:

    nice -n 10 python3 tools/equity_corpus.py --deals 300 --workers 2
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import List, Tuple

import numpy as np

from meksiko_solver.game import play_deal
from meksiko_solver.hints.policy import HintPolicy

SEED = 56_000
GAMES = (("mexico-club", "easy"), ("mexico-club", "normal"), ("classic", "standard"))
OUT = Path(__file__).resolve().parent.parent / "python" / "meksiko_solver" / "hints" / "equity_corpus.npz"

Row = Tuple[int, int, int, int, int, int, int]  # 3 score changes, 3 tricks, declarer offset


def one_deal(job: Tuple[str, str, int, int]) -> Row:
    rules, mode, index, samples = job
    seed = SEED * 1_000_003 + index
    dealer = index % 3
    policy = HintPolicy(samples=samples, seed=seed)
    record = play_deal([policy] * 3, dealer=dealer, seed=random.Random(seed), rules=rules, mode=mode)
    order = [(dealer + r) % 3 for r in range(3)]
    scores, tricks = record.scores, record.tricks_won
    assert scores is not None and record.declarer is not None
    return (*(scores[s] for s in order), *(tricks[s] for s in order), (record.declarer - dealer) % 3)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=300, help="deals per profile and mode")
    p.add_argument("--samples", type=int, default=50, help="worlds per hint")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", type=Path, default=OUT)
    a = p.parse_args()
    arrays = {}
    with ProcessPoolExecutor(a.workers) as pool:
        for rules, mode in GAMES:
            start = time.perf_counter()
            jobs = [(rules, mode, i, a.samples) for i in range(a.deals)]
            rows: List[Row] = list(pool.map(one_deal, jobs, chunksize=4))
            took = time.perf_counter() - start
            print(f"{rules}/{mode}: {a.deals} deals in {took:.0f} s ({took / a.deals * a.workers:.2f} s a deal a worker)",
                  flush=True)
            arrays[f"{rules}.{mode}"] = np.array(rows, dtype=np.int8)
    np.savez_compressed(a.out, samples=np.int32(a.samples), seed=np.int64(SEED), **arrays)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
