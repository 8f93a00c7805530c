"""Time several builds of tools/engine_bench in turns, for a shared, noisy machine.

    python tools/engine_turns.py SETS_DIR BENCH_OLD BENCH_NEW [BENCH ...] [--rounds 30] [--core 1]

A BENCH may carry a table size after an @ (build/engine_bench@256K, ...@2): the same build with
several table sizes (engine_bench's third argument).

SETS_DIR holds deals.txt, analysis.txt and worlds.txt (tools/bench_positions.py; a missing file's
sets are skipped). Each round runs every build once on each set (tricks only, every lead's value,
the declarer analysis, the hint batches' worlds with card values on one table, and the same worlds
as the hints solve them: each batch through one solve_many call; on request, ``--sets-only
analyze-club``, the analysis with the four Meksiko values that the Python benchmark asks) in a
shuffled order, pinned to
one core with taskset. Prints, per set and build, the median and range of the CPU and wall-clock
milliseconds per item, and the median and range over the rounds of the CPU-time ratio to the
first build within each round (consecutive runs see the same machine).
The checksums of the answers must agree across builds, else it stops.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

SETS = [("tricks", "deals.txt"), ("values", "deals.txt"), ("analyze", "analysis.txt"), ("worlds", "worlds.txt"),
        ("batches", "worlds.txt"), ("analyze-club", "analysis.txt")]
# Run only when asked for (--sets-only): builds before the twenty-eighth round do not know it.
ON_REQUEST = {"analyze-club"}
LINE = re.compile(r"([\d.]+) ms each\s+([\d.]+) ms CPU each.*checksum (\d+)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", type=Path)
    ap.add_argument("benches", nargs="+", help="engine_bench executables, the first one the reference")
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--core", type=int, default=1, help="the core to pin to (-1: none)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the shuffled orders")
    ap.add_argument("--sets-only", help="comma-separated modes to run (tricks,values,analyze,analyze-club,worlds,batches)")
    args = ap.parse_args()
    chosen = args.sets_only.split(",") if args.sets_only else [m for m, _ in SETS if m not in ON_REQUEST]
    sets = [(m, n) for m, n in SETS if (args.sets / n).exists() and m in chosen]
    pin = ["taskset", "-c", str(args.core)] if args.core >= 0 and shutil.which("taskset") else []
    rng = random.Random(args.seed)
    cpu = {(b, s): [] for b in args.benches for s, _ in sets}
    wall = {(b, s): [] for b in args.benches for s, _ in sets}
    for r in range(args.rounds):
        for mode, name in sets:
            order = list(args.benches)
            rng.shuffle(order)
            sums = set()
            for b in order:
                exe, _, table = b.partition("@")
                out = subprocess.run([*pin, exe, mode, str(args.sets / name), *([table] if table else [])],
                                     capture_output=True, text=True, check=True).stdout
                m = LINE.search(out)
                if not m:
                    print(f"{b} {mode}: no timing in its output: {out!r}", file=sys.stderr)
                    return 1
                wall[(b, mode)].append(float(m.group(1)))
                cpu[(b, mode)].append(float(m.group(2)))
                sums.add(m.group(3))
            if len(sums) != 1:
                print(f"{mode}: the builds' answers differ (checksums {sorted(sums)})", file=sys.stderr)
                return 1
        print(f"round {r + 1} of {args.rounds}", file=sys.stderr, flush=True)
    ref = args.benches[0]
    print("| set | build | CPU ms an item, median [range] | wall ms, median [range] | CPU ratio to the first, median [range] |")
    print("| --- | --- | --- | --- | --- |")
    for mode, _ in sets:
        for b in args.benches:
            c, w = cpu[(b, mode)], wall[(b, mode)]
            ratios = [x / y for x, y in zip(c, cpu[(ref, mode)])]
            print(f"| {mode} | {b} | {statistics.median(c):.4g} [{min(c):.4g}-{max(c):.4g}] | "
                  f"{statistics.median(w):.4g} [{min(w):.4g}-{max(w):.4g}] | "
                  f"{statistics.median(ratios):.3f} [{min(ratios):.3f}-{max(ratios):.3f}] |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
