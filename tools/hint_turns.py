"""Time the uniform play hints and the engine calls inside them, for several builds in turns.

    python tools/hint_turns.py OLD_PYTHON:OLD_TREE NEW_PYTHON:NEW_TREE [...] [--rounds 20] [--passes 5]

This is issue 18's measure of the hint batches through the hint benchmark (docs/engine.md, the
twelfth and thirteenth rounds). Each side is an interpreter with the package installed, and a
source tree whose ``benchmarks/hint_sets.py`` gives the views (``.`` for this tree). For an old
commit: ``git archive COMMIT | tar -x -C DIR``, then install it into a venv of its own.

A side runs the uniform play hints of ``hint_sets`` on every core, at the opening lead and later
in the deal. That is ten views each at its sample count, and ``--passes`` passes after one to warm
up. It also times the engine calls within the hints (``_core.solve_many``). Each round runs every
side once, first to last in odd rounds and last to first in even ones. The table gives, per side,
the median over the rounds of the milliseconds a view, and the median [range] over the rounds of
the first side's time over this side's (the speed-up against the first side).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

# Run by each side's interpreter: prints {set: [whole ms a view, engine ms a view]} as JSON.
SIDE = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1] + "/benchmarks")
import hint_sets
import meksiko_solver._core as core
from meksiko_solver.hints import play_hint

passes = int(sys.argv[2])
kw = getattr(hint_sets, "UNIFORM", {}).get("play", {})  # before inference existed: uniform already
inner = core.solve_many
spent = [0.0]

def timed(*args, **kwargs):
    start = time.perf_counter()
    try:
        return inner(*args, **kwargs)
    finally:
        spent[0] += time.perf_counter() - start

core.solve_many = timed
out = {}
for name, views in (("opening", hint_sets.opening_views()), ("later", hint_sets.later_views())):
    for v in views:
        play_hint(v, hint_sets.SAMPLES, 0, **kw)
    whole, engine = [], []
    for _ in range(passes):
        spent[0] = 0.0
        start = time.perf_counter()
        for v in views:
            play_hint(v, hint_sets.SAMPLES, 0, **kw)
        whole.append((time.perf_counter() - start) / len(views) * 1e3)
        engine.append(spent[0] / len(views) * 1e3)
    out[name] = [statistics.median(whole), statistics.median(engine)]
print(json.dumps(out))
"""

MEASURES = ("whole", "engine", "python")
Figures = Dict[str, Dict[str, float]]  # set -> measure -> ms a view


def run_side(python: str, tree: str, passes: int) -> Figures:
    done = subprocess.run([python, "-c", SIDE, str(Path(tree).resolve()), str(passes)], check=True,
                          capture_output=True, text=True)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return {name: {"whole": w, "engine": e, "python": w - e} for name, (w, e) in data.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sides", nargs="+", help="PYTHON:TREE, the first one the reference")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--passes", type=int, default=5)
    args = ap.parse_args()
    sides = []
    for side in args.sides:
        python, sep, tree = side.partition(":")
        if not sep or not python or not tree:
            ap.error(f"{side!r}: not PYTHON:TREE")
        sides.append((python, tree))
    if args.rounds < 1 or args.passes < 1:
        ap.error("--rounds and --passes must be at least 1")

    results: List[List[Figures]] = []
    for r in range(args.rounds):
        order = list(range(len(sides))) if r % 2 == 0 else list(reversed(range(len(sides))))
        figures = {i: run_side(*sides[i], args.passes) for i in order}
        results.append([figures[i] for i in range(len(sides))])
        print(f"round {r + 1} of {args.rounds}", file=sys.stderr)

    print("| set | side | " + " | ".join(f"{m} ms a view" for m in MEASURES) + " | "
          + " | ".join(f"{m}: first side's time over this one's" for m in MEASURES) + " |")
    print("| --- | --- |" + " --- |" * (2 * len(MEASURES)))
    for name in results[0][0]:
        for i, (python, tree) in enumerate(sides):
            cells = [f"{statistics.median(rnd[i][name][m] for rnd in results):.2f}" for m in MEASURES]
            for m in MEASURES:
                ratios = [rnd[0][name][m] / rnd[i][name][m] for rnd in results]
                cells.append(f"{statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}]")
            print(f"| {name} | {python} {tree} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
