"""Run the speed benchmarks of two builds in turns, so that both see the same machine.

    python tools/compare_benchmarks.py --old-python OLD_VENV/bin/python --old-tree OLD_SOURCE [--runs 3]
        [-k EXPR] [benchmark files...]
    python tools/compare_benchmarks.py --old-tree . --old-path OLD_BUILD --new-path NEW_BUILD ...

OLD_SOURCE is a checkout of the old commit (``git archive COMMIT | tar -x -C DIR``) whose
package is installed in OLD_VENV; the new side is this tree with this interpreter. Each run
times the old build, then the new one; the table gives the range over the runs of each
benchmark's mean, median and p99 (ms; the tiny-position benchmark's microseconds per call), and
the median and range over the runs of the new mean divided by the old one of the same run.
A benchmark file missing from the old tree is copied into it from this one. With ``--old-tree .``
both builds run this tree's benchmark files (the same deals and checks for both), as issue 18's
seventeenth round timed 1f07a35's package against today's. ``--old-path`` and ``--new-path``
put a directory first on that side's PYTHONPATH: two builds of one tree, each an extracted
wheel (``pip wheel . -w DIST`` and ``unzip DIST/*.whl -d DIR``), then run with one interpreter,
as issue 55 timed the portable build against the native one.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from differential import side_env

HERE = Path(__file__).resolve().parent.parent
DEFAULT_FILES = ["test_bench_solve.py", "test_bench_overhead.py", "test_bench_analysis.py", "test_bench_hints.py"]


def run(python: str, tree: Path, files: list, keyword: str, path: str | None) -> dict:
    env = side_env(path)
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        cmd = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--benchmark-json={out.name}",
               *[str(tree / "benchmarks" / f) for f in files]]
        if keyword:
            cmd += ["-k", keyword]
        subprocess.run(cmd, cwd=tree, check=False, stdout=subprocess.DEVNULL, env=env)
        data = json.loads(Path(out.name).read_text() or "{}")
    figures = {}
    for b in data.get("benchmarks", []):
        info = b["extra_info"]
        if "per_call_us" in info:
            figures[b["name"]] = (info["per_call_us"], info["per_call_us"], info["per_call_us"])
        elif "mean_ms" in info:
            figures[b["name"]] = (info["mean_ms"], info["median_ms"], info["p99_ms"])
    return figures


def span(values: list) -> str:
    lo, hi = min(values), max(values)
    return f"{lo:.3g}" if f"{lo:.3g}" == f"{hi:.3g}" else f"{lo:.3g}-{hi:.3g}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old-python", default=sys.executable)
    ap.add_argument("--old-tree", required=True, type=Path)
    ap.add_argument("--old-path", help="first on the old side's PYTHONPATH")
    ap.add_argument("--new-path", help="first on the new side's PYTHONPATH")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("-k", default="", help="pytest -k expression")
    ap.add_argument("files", nargs="*", default=DEFAULT_FILES)
    args = ap.parse_args()
    for f in args.files:
        if not (args.old_tree / "benchmarks" / f).exists():
            shutil.copy(HERE / "benchmarks" / f, args.old_tree / "benchmarks" / f)
    results: dict = {"old": [], "new": []}
    for i in range(args.runs):
        results["old"].append(run(args.old_python, args.old_tree, args.files, args.k, args.old_path))
        results["new"].append(run(sys.executable, HERE, args.files, args.k, args.new_path))
        print(f"run {i + 1} of {args.runs} done", file=sys.stderr)
    names = sorted({n for r in results["new"] for n in r})
    print("| benchmark | old mean | new mean | old median | new median | old p99 | new p99 | new / old mean, per run |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n in names:
        cols = []
        for k in range(3):
            for side in ("old", "new"):
                vals = [r[n][k] for r in results[side] if n in r]
                cols.append(span(vals) if vals else "-")
        # Old and new of one run ran back to back: their ratio drifts less than either.
        ratios = [b[n][0] / a[n][0] for a, b in zip(results["old"], results["new"]) if n in a and n in b]
        ratio = f"{statistics.median(ratios):.3f} [{span(ratios)}]" if ratios else "-"
        print(f"| {n} | {cols[0]} | {cols[1]} | {cols[2]} | {cols[3]} | {cols[4]} | {cols[5]} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
