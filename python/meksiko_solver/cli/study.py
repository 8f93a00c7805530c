"""``meksiko-solver study``: double-dummy statistics over many deals, locally or on a Dask
cluster, into an output folder; the main CLI calls :func:`register`.

Bad input raises StudyError (a MeksikoError), which the main CLI prints on one stderr line
with exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Dict

from ..rules import RULES
from ..studies import DEFAULT_CHUNK_SIZE, study
from ..studies.executors import CONNECT_TIMEOUT_S
from .progress import DoneOfTotal
from . import whole_number


def register(commands: Any) -> None:
    """Add the ``study`` subcommand to an argparse subparsers object."""
    p = commands.add_parser(
        "study",
        help="double-dummy statistics over many deals (locally or on a Dask cluster), with plots",
        description="A study of many deals: every seat (or a line's declarer) analysed double-dummy, the "
        "results as results.jsonl and one .npz a chunk, statistics with 95%% intervals in summary.json and "
        "CSV tables, plots as PNG and SVG, all in --out. Runs on every core here, or on the Dask cluster "
        "of --scheduler; rerun the same command to resume a stopped study from its chunks.",
    )
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--deals", type=whole_number, metavar="N", help="study N random deals dealt from --seed")
    src.add_argument("--input", metavar="FILE", help="study the deals of a JSON-lines file in batch's line "
                     "format (a line may name its declarer); '-' for standard input")
    p.add_argument("--seed", type=whole_number, default=0, help="seed of the random deals (default 0)")
    p.add_argument("--out", required=True, metavar="DIR", help="output folder (resumed if it holds this study)")
    p.add_argument("--rules", default="mexico-club", help=f"rule profile: {', '.join(RULES)} (default mexico-club)")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run the chunks on this Dask scheduler's workers")
    p.add_argument("--scheduler-timeout", type=float, default=CONNECT_TIMEOUT_S, metavar="SECONDS",
                   help=f"how long to wait for the scheduler (default {CONNECT_TIMEOUT_S})")
    p.add_argument("--chunk-size", type=whole_number, default=DEFAULT_CHUNK_SIZE,
                   help=f"deals a chunk (a cluster task, an .npz file; default {DEFAULT_CHUNK_SIZE})")
    p.add_argument("--threads", type=whole_number, default=0, help="engine threads of a local study (default: every core)")
    p.add_argument("--no-plots", action="store_true", help="write no plots")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run_study)


def run_study(args: argparse.Namespace) -> int:
    bar = DoneOfTotal("deal", not args.quiet)
    try:
        result = study(args.deals, seed=args.seed, input=args.input, rules=args.rules, out=args.out,
                       scheduler=args.scheduler, chunk_size=args.chunk_size, threads=args.threads,
                       progress=bar, plots=not args.no_plots,
                       scheduler_timeout=args.scheduler_timeout)
    except KeyboardInterrupt:
        bar.close()
        print(f"meksiko-solver study: interrupted; the same command resumes from {args.out}", file=sys.stderr)
        return 130
    bar.close()
    print(report(result.summary, args.out))
    return 0


def report(summary: Dict[str, Any], out: str) -> str:
    """A few lines on the study's main figures."""
    s = summary
    pct = lambda e: f"{100 * e['p']:.1f}% [{100 * e['lo']:.1f}, {100 * e['hi']:.1f}]"
    bids = s["max_bid"]["by_position"]["all"]
    lines = [f"{s['deals']} deals, {s['analyses']} declarer analyses ({s['study']['rules']}); results in {out}",
             "max bid:       " + "  ".join(f"{b}: {pct(e)}" for b, e in bids.items() if e["count"]),
             "makes:         " + "  ".join(f"{c}: {pct(e)}" for c, e in s["p_make"]["all"].items()),
             f"talon value:   {s['talon_value']['mean']:.3f} tricks [{s['talon_value']['lo']:.3f}, "
             f"{s['talon_value']['hi']:.3f}]",
             "Meksiko makes: " + "  ".join(f"{name}: {pct(e)}" for name, e in s["meksiko"].items()),
             f"best predictor of the tricks: {s['p_make']['best_feature']}"]
    return "\n".join(lines)
